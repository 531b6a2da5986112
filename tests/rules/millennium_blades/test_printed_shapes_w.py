"""More shapes of printed text, batch w (issue 26.2; rules/millennium_blades/phrases_more_w.py and
ops_more_w.py): abilities printed in quotes that a card gives to the cards of its tableau. Original
cards in each shape, compiled and played in the tournament engine (millennium-blades.txt sections
cited per test; docs/rules-notes.md, "MB: batch w")."""

from __future__ import annotations

from rules.core.engine import Action
from rules.core.registry import get_game
from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table

GRANT = 'Ongoing: All cards in your tableau have "Action: Gain 5 RP."'


def _uses(st, seat: int = 0) -> list[str]:
    return sorted(a.args[0] for a in st.legal_actions(seat) if a.verb == "use")


def test_a_quoted_action_granted_to_every_card_of_the_tableau():
    """"Use an Action (Optional)": "any card might have one ... perform the text on the card, then
    flip the card face-down"; "Effects on Cards": the granting card's Ongoing works while it is
    face-up. Each face-up card of the tableau (the granting one too) has the quoted Action, read with
    the same grammar; the card used is flipped, the others keep theirs."""
    text = 'Ongoing: All singles in your tableau have "Action: Gain 5 RP."'
    (effect,) = compiles(text)
    assert effect["ops"] == [{"op": "grant_action", "ops": [{"op": "gain_rp", "amount": 5}]}]
    assert check_card("single", {"star": 2}, [effect]) == []
    assert check_card("single", {"star": 2}, [{"timing": "ongoing", "ops": [{"op": "grant_action", "ops": []}]}])
    st = table(kit([card("Drill Sergeant", text), card("Cadet A"), card("Cadet B"), *lamps()]), kit(lamps()))
    place(st, 0, "Drill Sergeant", "Cadet A", "Cadet B", down=("Cadet B",))
    assert _uses(st) == ["Cadet A", "Drill Sergeant"]  # a face-down card has no effects
    do(st, 'use "Cadet A"')
    assert st.rp[0] == 5 and st.down == set(ids(st, 0, "Cadet A", "Cadet B"))
    assert any(e.action == "granted_action" for e in st.events)


def test_a_granted_action_only_while_its_card_is_face_up_and_its_condition_holds():
    """"Effects on Cards"/"Face-Down Cards": no Action from a face-down granting card; "While all
    face-up cards in your tableau are WATER cards, they have ...": only while that holds."""
    text = 'Ongoing: While all face-up cards in your tableau are WATER cards, they have "Action: Gain 7 RP."'
    (effect,) = compiles(text)
    assert effect["ops"][0]["op"] == "grant_action" and "while" in effect["ops"][0]
    wet = dict(elements=("water",))
    st = table(kit([card("Tide Caller", text, **wet), card("Wave A", **wet), card("Ember B"), *lamps()]), kit(lamps()))
    place(st, 0, "Tide Caller", "Wave A", "Ember B")
    assert _uses(st) == []  # Ember B is a FIRE card
    st = table(kit([card("Tide Caller", text, **wet), card("Wave A", **wet), card("Ember B"), *lamps()]), kit(lamps()))
    place(st, 0, "Tide Caller", "Wave A", "Ember B", down=("Ember B",))
    assert _uses(st) == ["Tide Caller", "Wave A"]
    do(st, 'use "Wave A"')
    assert st.rp[0] == 7
    st = table(kit([card("Tide Caller", text, **wet), card("Wave A", **wet), *lamps()]), kit(lamps()))
    place(st, 0, "Tide Caller", "Wave A", down=("Tide Caller",))
    assert _uses(st) == []


def test_a_card_with_its_own_action_and_a_granted_one_uses_one_of_them():
    """"Use an Action": one Action a turn, the card flipped after it; a card with an Action of its own
    and a granted one has both, and its player chooses which it performs (rules notes, "MB: batch w")."""
    st = table(kit([card("Quartermaster", GRANT),
                    card("Sapper", "Action: Gain 2 RP."), *lamps()]), kit(lamps()))
    place(st, 0, "Quartermaster", "Sapper")
    do(st, 'use "Sapper"')
    assert st.pending["about"] == "one of two options"
    do(st, "option 1")
    assert st.rp[0] == 5 and ids(st, 0, "Sapper")[0] in st.down
    assert Action("use", ("Sapper",)) not in st.legal_actions(0)


def test_a_granted_ability_of_another_timing_is_not_playable_yet():
    """Only a quoted Action (here), Score (batch u) or Flip (batch s) ability is granted; a quoted
    Play or Reaction given to cards stays "not playable yet", with the quoted text as the phrase."""
    for quoted in ('"Play: Gain 3 RP."', '"Reaction: Gain 3 RP."'):
        effects, reason = compile_text(f"Ongoing: All cards in your tableau have {quoted}")
        assert effects is None and reason is not None and "gain 3 rp" in reason
    assert compile_text('Ongoing: While all face-up cards in your tableau are DARK cards, they have "Flip: Gain 2 RP."'
                        )[0][0]["ops"][0]["op"] == "has_flip"


def test_an_attached_card_gives_its_host_a_quoted_action():
    """"FAQs", "How do attached cards function?": an attached card gives its host what it says while
    attached; "the attached card has "Action: ..."": the host may use that Action as its own ("Use an
    Action": then it is flipped, and the attachment goes with the flip)."""
    text = 'Play: Attach this to another single in your tableau. The attached card has "Action: Gain 6 RP."'
    (effect,) = compiles(text)
    assert effect["ops"][0]["op"] == "attach" and effect["ops"][0]["action"] == [{"op": "gain_rp", "amount": 6}]
    assert check_card("single", {"star": 1}, [effect]) == []
    assert check_card("single", {"star": 1}, [{"timing": "play", "ops": [{**effect["ops"][0], "action": []}]}])
    st = table(kit([card("Lending Sprite", text), card("Perch"), *lamps()]), kit(lamps()))
    place(st, 0, "Perch")
    assert _uses(st) == []
    sprite, perch = ids(st, 0, "Lending Sprite", "Perch")
    do(st, 'play "Lending Sprite"')
    if st.pending:
        do(st, "target 0 0")
    assert st.attached[sprite]["host"] == perch and _uses(st) == ["Perch"]
    do(st, 'use "Perch"')
    assert st.rp[0] == 6 and perch in st.down


def test_the_next_card_you_play_gains_a_quoted_play_effect():
    """"Effects on Cards": Next effects "trigger on the next card you play"; "The next card you play
    gains "Play: ..."": that Play, read with the same grammar, resolves as the next card comes into
    play (rules notes, "MB: batch w"). A quoted Play that names its own card is not read."""
    text = 'Next: The next card you play gains "Play: Gain 2 RP for each FIRE card in your tableau."'
    (effect,) = compiles(text)
    assert effect["ops"] == [{"op": "gain_rp", "amount": 2, "per": {"count": "cards", "zone": "tableau",
                                                                    "filter": {"element": "fire"}}}]
    game = get_game("millennium_blades")  # the whole card, as a saved card is checked
    assert effect["granted_play"] is True and game.validate_card(card_type="single", attributes={"star": 3},
                                                                 effects=[effect]) == []
    assert check_card("single", {"star": 3}, [{**effect, "timing": "play"}])
    assert compile_text('Next: Your next card has "Play: Flip this card."')[0] is None
    st = table(kit([card("Kindling Herald", text), card("Spark"), *lamps()]), kit(lamps()))
    do(st, 'play "Kindling Herald"')
    assert st.rp[0] == 0
    do(st, 'play "Lamp 0"')  # the other seat's turn
    do(st, 'play "Spark"')
    assert st.rp[0] == 2 * 2  # Kindling Herald and Spark are FIRE cards


def test_a_granted_action_keeps_its_keyword_label():
    """"Set Specific Keywords": a keyword printed before "Action:" labels that Action; given in quotes
    to the cards of a tableau ("Cards in your tableau gain "Blast Off PLUS–Action: ...""), the label
    goes with it, and the Action plays as any granted one (rules notes, "MB: batch w")."""
    text = 'Ongoing: Cards in your tableau gain "Blast Off PLUS–Action: Put two +1 STAR Tokens on a single in your tableau."'
    (effect,) = compiles(text)
    assert effect["ops"][0]["keyword"] == "blast_off"
    assert check_card("single", {"star": 2}, [{"timing": "ongoing", "ops": [{**effect["ops"][0], "keyword": "zoom"}]}])
    assert compile_text('Ongoing: Your cards have "Action: Gain 2 RP."')[0] is None  # cards where? not read
    st = table(kit([card("Launch Pad", text), card("Rocket"), *lamps()]), kit(lamps()))
    place(st, 0, "Launch Pad", "Rocket")
    do(st, 'use "Rocket"')
    if st.pending:
        do(st, "target 0 0")
    pad, rocket = ids(st, 0, "Launch Pad", "Rocket")
    assert st.tokens.get(pad) == 2 and rocket in st.down


def test_an_attached_card_gives_its_host_a_quoted_score_effect():
    """"FAQs", "How do attached cards function?"; "Ending the Tournament": a quoted Score effect the
    attached card gives is its host's own ("this card" is the host) while attached, scored with the
    host's; "this card's ELEMENT and TYPE match those of a card adjacent to it": a face-up neighbour
    shares an element and a type with it (rules notes, "MB: batch w")."""
    text = ('Play: Attach this to another single in your tableau. It gains "Score: Gain 12 RP if this card\'s '
            'ELEMENT and TYPE match the ELEMENT and TYPE of any card adjacent to it."')
    (effect,) = compiles(text)
    attach = effect["ops"][0]
    assert attach["score"]["ops"][0]["condition"]["of"]["filter"] == {"face": "up", "where": "adjacent", "shares": "both"}
    assert check_card("single", {"star": 1}, [effect]) == []
    assert check_card("single", {"star": 1}, [{"timing": "play", "ops": [{**attach, "score": {"timing": "play",
                                                                                               "ops": []}}]}])
    for neighbour, gained in ((card("Twin", types=("soldier",)), 12), (card("Twin", types=("mage",)), 0)):
        st = table(kit([card("Grill Sprite", text), card("Host"), neighbour, *lamps()]), kit(lamps()))
        place(st, 0, "Host", "Twin")
        do(st, 'play "Grill Sprite"')
        if st.pending:
            do(st, "target 0 0")
        assert st.attached and [info["host"] for info in st.attached.values()] == ids(st, 0, "Host")
        st.start_scoring()
        st.settle()
        assert st.rp[0] == gained


def test_a_granted_action_that_passes_the_rest_of_the_turn():
    """"Tournament Turns": a player "may take one Action and must play one Single"; an Action that
    passes the turn is offered before the Single, then the player's one move is to pass (rules notes,
    "Pass this turn"): "pass the rest of your turn" is that pass, granted or printed."""
    text = 'Ongoing: All cards in your tableau have "Action: Pass the rest of your turn and gain 3 RP."'
    (effect,) = compiles(text)
    assert effect["ops"][0]["ops"] == [{"op": "pass_turn"}, {"op": "gain_rp", "amount": 3}]
    st = table(kit([card("Idle Sage", text), *lamps()]), kit(lamps()))
    place(st, 0, "Idle Sage")
    assert _uses(st) == ["Idle Sage"]  # before the turn's Single
    do(st, 'use "Idle Sage"')
    assert st.rp[0] == 3 and [a.verb for a in st.legal_actions(0)] == ["pass"]
