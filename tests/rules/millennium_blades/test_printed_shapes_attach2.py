"""More shapes of printed text, batch "attach2" (issue 26.2; rules/millennium_blades/phrases_attach2.py and
ops_attach2.py): attachments removed from the game with their hosts, and "As an action, ..." rules.
Original cards in each shape, compiled and played in the tournament engine (millennium-blades.txt
sections cited per test; docs/rules-notes.md, "MB: attach2")."""

from __future__ import annotations

from rules.millennium_blades.effects import check_card
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table

VAULT = ("Play: Attach this to another single in your tableau. It has +2 STAR. | Score: If this is attached to a "
         "card, remove this card and the card it is attached to from the game. | Score: Gain 5 RP.")
TICKET = ("Play: Attach this to another single in your tableau. It has +1 STAR. At the end of the tournament, "
          "both this card and the card it is attached to are returned to the box.")


def _attach(st, name: str) -> None:
    do(st, f'play "{name}"')
    if st.pending:
        do(st, "target 0 0")


def test_an_attachment_scores_its_own_score_effect_and_leaves_with_its_host():
    """"FAQs", "How do attached cards function?" ("Attached cards are not considered in the tableau for
    effects") and "Discards" (removed from the game: to the box): a Score effect that says "If this is
    attached to a card" is the attachment's own and resolves with its host's; its other Score effects
    stay silent (rules notes, "MB: attach2")."""
    play, own, other = compiles(VAULT)
    assert own["condition"] == {"test": "attached", "card": "this"} and own["ops"] == [{"op": "remove_with_host"}]
    assert check_card("single", {"star": 1}, [own]) == []
    assert check_card("single", {"star": 1}, [{**own, "ops": [{"op": "remove_with_host", "amount": 1}]}])
    st = table(kit([card("Grave Vault", VAULT), card("Offering"), card("Bystander"), *lamps()]), kit(lamps()))
    place(st, 0, "Offering", "Bystander")
    vault, offering, bystander = ids(st, 0, "Grave Vault", "Offering", "Bystander")
    _attach(st, "Grave Vault")
    assert st.attached[vault]["host"] == offering
    st.start_scoring()
    st.settle()
    assert st.removed[0] == [vault, offering] and not st.attached
    assert st.tableau[0][:1] == [bystander] and offering not in st.tableau[0]
    assert st.rp[0] == 0  # "Score: Gain 5 RP" of an attached card: not in the tableau for effects


def test_an_unattached_card_keeps_its_host_condition_false():
    """The same card that found nothing to attach to stays in the tableau: "If this is attached to a card"
    does not hold, nothing is removed, and its plain Score effect scores ("Ending the Tournament")."""
    st = table(kit([card("Grave Vault", VAULT), *lamps()]), kit(lamps()))
    do(st, 'play "Grave Vault"')
    st.start_scoring()
    st.settle()
    assert st.removed[0] == [] and st.rp[0] == 5


def test_an_attachment_and_its_host_go_to_the_box_as_the_tournament_ends():
    """"At the end of the tournament, both this card and the card it is attached to are returned to the
    box": after scoring, while still attached ("Discards"); an attachment that went back to the binder
    when its host was flipped ("FAQs": attached cards) takes nothing with it (rules notes, "MB: attach2")."""
    (play,) = compiles(TICKET)
    assert play["ops"][0]["end_remove"] is True
    assert check_card("single", {"star": 1}, [{**play, "ops": [{**play["ops"][0], "end_remove": 2}]}])
    for flipped in (False, True):
        st = table(kit([card("Ferry Stub", TICKET), card("Rower"), *lamps()]), kit(lamps()))
        place(st, 0, "Rower")
        stub, rower = ids(st, 0, "Ferry Stub", "Rower")
        _attach(st, "Ferry Stub")
        assert st.attached[stub] == {"host": rower, "star": 1, "end_remove": True}
        if flipped:
            st.flip_card(rower, 1, cause=None)
        st.start_scoring()
        st.settle()
        st.finish()
        assert st.removed[0] == ([] if flipped else [stub, rower])
        assert (stub in st.binder[0]) is flipped


def test_as_an_action_is_the_turns_action_without_flipping_the_card():
    """"Tournament Turns", "Use an Action (Optional)": "As an action, you may attach a card from your hand
    to this card" on a Deck Box uses the turn's Action; the card stays face-up with its attachment, as a
    rule of the card and no "Action:" effect (rules notes, "MB: attach2")."""
    text = "As an action, you may attach a MAGE card from your hand to this card."
    (effect,) = compiles(text)
    assert effect["timing"] == "action" and "optional" not in effect and effect["ops"] == [
        {"op": "attach_from_hand", "filter": {"type": "mage"}}, {"op": "keep_source"}]
    st = table(kit([card("Apprentice", types=("mage",)), card("Squire"), *lamps()],
                   box=[card("Study Chest", text)]), kit(lamps()))
    chest = st.deck_box[0][0]
    do(st, 'use "Study Chest"')
    if st.pending:
        do(st, 'pick "Apprentice"')
    (apprentice,) = list(st.attached)
    assert st.cards[apprentice].name == "Apprentice" and st.attached[apprentice]["host"] == chest
    assert chest not in st.down and st.action_used


def test_a_card_that_matches_any_listed_symbol_of_an_attached_card():
    """"Aftermarket Space", "FAQs" ("How do attached cards function?"): "a card that shares a STAR, TYPE, or
    SET of an attached card" is one that matches any one of them with one card attached to this one,
    each attachment as printed; with nothing attached no card matches (rules notes, "MB: attach2")."""
    listener = ("Ongoing: Each time a card that shares a STAR, TYPE, or SET of an attached card is put into the "
                "Aftermarket, gain 3 RP.")
    (effect,) = compiles(listener)
    assert effect["trigger"]["filter"] == {"matches_attached": ["star", "types", "set"]}
    assert check_card("deck_box", {}, [{**effect, "trigger": {**effect["trigger"], "filter": {"matches_attached": ["x"]}}}])
    text = f"As an action, you may attach one card from your hand to this deck box. | {listener}"
    st = table(kit([card("Relic", star=2, types=("mage",)), *lamps()], box=[card("Curio Shelf", text)]), kit(lamps()),
               store=(1, 2, 4, 2))
    one, four = (next(c for c in st.store if st.cards[c].star == n) for n in (1, 4))
    two, again = (c for c in st.store if st.cards[c].star == 2)
    st.store = []
    st.to_aftermarket([two])
    st.settle()
    assert st.rp[0] == 0  # nothing attached yet
    do(st, 'use "Curio Shelf"')
    if st.pending:
        do(st, 'pick "Relic"')
    assert [st.cards[c].name for c in st.attached] == ["Relic"]
    st.to_aftermarket([one, four])
    st.settle()
    assert st.rp[0] == 0  # a 1-star and a 4-star soldier: no STAR, TYPE or Set of the Relic
    st.to_aftermarket([again])
    st.settle()
    assert st.rp[0] == 3  # a 2-star card matches the Relic's STAR


def test_a_card_attached_to_another_players_tableau_hears_that_tableaus_flips():
    """"Tournament Turns" ("Use an Action"), "Effects on Cards" (Ongoing), "FAQs" (attached cards): "As an
    action, you may attach this card to an opponent's tableau" takes the turn's Action; the card stays its
    owner's, face-up, and "Whenever one of that player's cards is flipped" hears the flips of that tableau
    only (rules notes, "MB: attach2")."""
    text = ("DECK BOX | As an action, you may attach this card to an opponent's tableau. Whenever one of that "
            "player's cards is flipped, gain 4 RP.")
    action, ongoing = compiles(text)
    assert action["ops"] == [{"op": "choose_player", "among": "opponent"}, {"op": "attach_to_tableau"},
                             {"op": "keep_source"}]
    assert ongoing["trigger"] == {"event": "flipped", "by": "any", "whose": "any", "filter": {"in_attached_tableau": True}}
    assert check_card("deck_box", {}, [{**ongoing, "trigger": {**ongoing["trigger"], "filter": {"in_attached_tableau": 1}}}])
    assert check_card("deck_box", {}, [{**action, "ops": [{"op": "attach_to_tableau", "who": "x"}]}])
    st = table(kit([card("Mine"), *lamps()], box=[card("Hex Lantern", text)]), kit([card("Theirs"), *lamps()]))
    place(st, 0, "Mine")
    place(st, 1, "Theirs")
    (lantern,) = st.deck_box[0]
    mine, theirs = ids(st, 0, "Mine")[0], ids(st, 1, "Theirs")[0]
    st.flip_card(theirs, 0)
    st.settle()
    assert st.rp[0] == 0  # attached to no tableau yet
    st.down.discard(theirs)
    do(st, 'use "Hex Lantern"')  # one opponent: chosen without asking
    assert st.on_tableau == {lantern: 1} and lantern in st.deck_box[0] and lantern not in st.down
    st.flip_card(mine, 1)
    st.settle()
    assert st.rp[0] == 0  # its own tableau: not the one it is attached to
    st.flip_card(theirs, 0)
    st.settle()
    assert st.rp[0] == 4


def test_an_attachment_discarded_instead_of_the_flip_after_its_hosts_action():
    """"Tournament Turns", "Use an Action": "perform the text on the card, then flip the card face-down";
    "Whenever the attached card is used, you may discard this card instead of flipping that card": its
    controller may send the attachment to its owner's binder and the host stays face-up; declined, the
    host is flipped and its attachment goes back to the binder all the same ("FAQs": attached cards)."""
    text = ("Play: Attach this to another single in your tableau. Whenever the attached card is used, you may "
            "discard this card instead of flipping that card.")
    (effect,) = compiles(text)
    assert effect["ops"][0]["action_guard"] is True
    assert check_card("single", {"star": 1}, [{**effect, "ops": [{**effect["ops"][0], "action_guard": "yes"}]}])
    for answer in ('guard "Spare Gear"', "decline"):
        st = table(kit([card("Spare Gear", text), card("Forge", "Action: Gain 3 RP."), *lamps()]), kit(lamps()))
        place(st, 0, "Forge")
        gear, forge = ids(st, 0, "Spare Gear", "Forge")
        _attach(st, "Spare Gear")
        assert st.attached[gear]["action_guard"] is True
        do(st, 'use "Forge"')
        assert st.pending and st.pending["kind"] == "guard"
        do(st, answer)
        assert st.rp[0] == 3 and gear in st.binder[0] and not st.attached
        assert (forge in st.down) is (answer == "decline")


def test_an_attached_card_gives_its_host_the_right_to_clash_instead_of_the_top_card():
    """"Clashing", "Effects on Cards", "FAQs" (attached cards): the host "has" the quoted Ongoing while this
    card is attached: when its player clashes they may clash with it instead of their Top Card; an Ongoing
    effect, not a Reaction, so the host is not flipped after (rules notes, "MB: attach2")."""
    text = ('Play: Attach this to another single in your tableau. It has "Ongoing: Whenever you clash, you may '
            'use this card instead of your Top Card."')
    (effect,) = compiles(text)
    assert effect["ops"][0]["clash_card"] is True
    assert check_card("single", {"star": 1}, [{**effect, "ops": [{**effect["ops"][0], "clash_card": 1}]}])
    for answer, won in (('react "Big Host"', [1, 0]), ("decline", [0, 1])):
        horn = card("Call Horn", "Action: Clash with an opponent.", kind="accessory")
        st = table(kit([card("Quartz Pin", text), card("Big Host", star=8), card("Small Top", star=1), *lamps()],
                       accessories=[horn]), kit([card("Mid Ox", star=3)]), store=(1, 1))
        place(st, 0, "Big Host", "Small Top")
        place(st, 1, "Mid Ox")
        _attach(st, "Quartz Pin")
        assert [st.cards[info["host"]].name for info in st.attached.values()] == ["Big Host"]
        do(st, 'use "Call Horn"')
        assert st.pending and st.pending["kind"] == "react"
        do(st, answer)
        assert st.clashes_won == won
        assert "Big Host" not in names(st, st.down) and st.attached


def test_an_attached_card_gives_its_host_a_quoted_toll_and_an_action():
    """"FAQs" (attached cards), "Clashing", "Set Specific Keywords" (Toll): 'It gains "Toll – Ongoing:
    Whenever a clash occurs, ..." and "Action: ..."': two quoted abilities, each read whole (their full
    stops and commas their own); the host's "Whenever a clash occurs" is heard once per clash while it is
    face-up with its attachment ("you": the host's player; rules notes, "MB: attach2")."""
    text = ('Play: Attach this to another single in your tableau. It gains "Toll – Ongoing: Whenever a clash occurs, '
            'the loser must pay you 1 Dollar. If the loser does not have enough money, steal 3 RP from them." and '
            '"Action: Gain 2 RP."')
    (effect,) = compiles(text)
    attach = effect["ops"][0]
    assert attach["action"] == [{"op": "gain_rp", "amount": 2}]
    assert [e["trigger"]["event"] for e in attach["ongoing"]] == ["clash_any"]
    assert check_card("single", {"star": 1}, [{**effect, "ops": [{**attach, "ongoing": [{"timing": "ongoing",
                                                                                          "ops": []}]}]}])
    horn = card("Call Horn", "Action: Clash with an opponent.", kind="accessory")
    st = table(kit([card("Toll Scarf", text), card("Gatehouse", star=6), *lamps()], accessories=[horn]),
               kit([card("Mid Ox", star=3)]), store=(1, 1))
    place(st, 0, "Gatehouse")
    place(st, 1, "Mid Ox")
    st.money = [0, 5]
    _attach(st, "Toll Scarf")
    do(st, 'use "Call Horn"')  # 6 + 1 against 3 + 1: Seat 1 loses and pays the toll
    assert st.clashes_won == [1, 0] and st.money == [1, 4]
