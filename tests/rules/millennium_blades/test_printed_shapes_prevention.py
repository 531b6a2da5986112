"""More shapes of printed text, batch "prevention" (issue 26.2; rules/millennium_blades/
phrases_prevention.py and ops_prevention.py): Reactions that prevent an effect about to resolve (and
copy it), keep an effect from discarding cards from a hand or flipping a player's cards, keep a card
of any play area face-up; a bare "cannot be flipped". Original cards in each shape, compiled, checked
by the card checker and played in the tournament engine (millennium-blades.txt sections cited per
test; docs/rules-notes.md, "MB: prevention")."""

from __future__ import annotations

from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table

MIRROR = "Reaction: Prevent a Flip effect. Copy that Flip effect. This effect cannot be copied."
VETO = "Reaction: Prevent a Play effect. Gain RP equal to three times the STAR of the card that effect is printed on."
TOLLGATE = "Reaction: Prevent an opponent's Action effect. Copy that Action effect."
HAMMER = "Play: Flip a card in another player's tableau."
SATCHEL = "Reaction: Prevent any effect from discarding one or more cards from your hand."
QUILT = ("Reaction: Prevent an opponent's effect from discarding any number of cards from your hand or flipping any "
         "number of cards from your tableau.")
SLEEVE = "Reaction: Prevent a card in any player's Play Area from being flipped by any effect."
ANCHOR = "Ongoing: While you have another face-up card in your tableau, this card cannot be flipped face-down."


def _check(text: str, kind: str = "single") -> list[dict]:
    effects = compiles(text)
    assert check_card(kind, {"star": 3}, effects) == []
    return effects


def test_prevention_reactions_compile_and_pass_the_checker():
    """"Effects on Cards", Reaction: each shape's trigger and ops; the checker refuses a Reaction to an
    effect about to resolve that does not prevent it, a timing that is no timing word, and the
    markers outside their Reactions."""
    assert _check(MIRROR)[0]["trigger"] == {"event": "would_resolve", "timing": "flip", "by": "any"}
    assert _check(MIRROR)[0]["ops"] == [{"op": "prevent_effect"}, {"op": "copy_prevented"}]
    assert _check(VETO)[0]["ops"][1] == {"op": "gain_rp", "amount": 3, "per": {"count": "star", "card": "played"}}
    assert _check(TOLLGATE)[0]["trigger"] == {"event": "would_resolve", "timing": "action", "by": "opponent"}
    assert _check(SATCHEL, "accessory")[0]["trigger"] == {"event": "would_discard", "by": "any"}
    quilt = _check(QUILT, "accessory")
    assert [e["trigger"] for e in quilt] == [{"event": "would_discard", "by": "opponent"},
                                            {"event": "would_flip", "by": "opponent", "whose": "self", "every": True}]
    assert quilt[0]["text"] == quilt[1]["text"] == QUILT
    assert _check(SLEEVE, "accessory")[0]["trigger"] == {"event": "would_flip", "by": "any", "whose": "any"}
    bad = compiles(MIRROR)
    bad[0]["ops"] = [{"op": "gain_rp", "amount": 1}]
    assert check_card("single", {"star": 3}, bad)
    bad = compiles(MIRROR)
    bad[0]["trigger"]["timing"] = "dusk"
    assert check_card("single", {"star": 3}, bad)
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "copy_prevented"}]}])
    assert check_card("single", {"star": 3}, [{"timing": "reaction", "trigger": {"event": "play", "every": True},
                                               "ops": [{"op": "gain_rp", "amount": 1}]}])
    effects, reason = compile_text("Reaction: Prevent a Play effect. Copy that Flip effect.")
    assert effects is None and "copy that flip effect" in reason


def test_a_flip_effect_prevented_and_copied_resolves_for_the_reacting_player():
    """"Effects on Cards": "Flip effects are activated when a card is flipped face-down"; a Reaction
    "activated whenever the relevant condition ... is met", its card flipped face-down. The Flip
    effect is prevented (its owner gains nothing) and copied: it resolves as the reacting player's."""
    st = table(kit([card("Looking-Glass Clerk", MIRROR), card("Mallet Imp", HAMMER)]),
               kit([card("Spring Toad", "Flip: Gain 7 RP."), *lamps(2)]))
    place(st, 0, "Looking-Glass Clerk")
    place(st, 1, "Spring Toad")
    do(st, 'play "Mallet Imp"')
    assert st.pending["kind"] == "react" and st.current_players() == [0]
    do(st, 'react "Looking-Glass Clerk"')
    assert st.rp == [7, 0]
    assert ids(st, 0, "Looking-Glass Clerk")[0] in st.down and ids(st, 1, "Spring Toad")[0] in st.down
    event = next(e for e in st.events if e.action == "effect_prevented")
    assert st.event_to_string(event) == "Seat 0's Looking-Glass Clerk prevents the Flip effect of Spring Toad (Seat 1)"
    st = table(kit([card("Looking-Glass Clerk", MIRROR), card("Mallet Imp", HAMMER)]),
               kit([card("Spring Toad", "Flip: Gain 7 RP."), *lamps(2)]))
    place(st, 0, "Looking-Glass Clerk")
    place(st, 1, "Spring Toad")
    do(st, 'play "Mallet Imp"', "decline")  # not used: the effect resolves ("the option of not using")
    assert st.rp == [0, 7] and ids(st, 0, "Looking-Glass Clerk")[0] not in st.down


def test_a_copy_effect_prevented_is_not_copied():
    """"FAQs": "Copy effects can never be copied": a prevented effect that copies is prevented, and
    the copy of it does nothing."""
    copier = "Flip: Copy the Play effects of the card to the left of this one."
    st = table(kit([card("Looking-Glass Clerk", MIRROR), card("Mallet Imp", HAMMER)]),
               kit([card("Echo Pup", "Play: Gain 4 RP."), card("Parrot Sage", copier), *lamps(2)]))
    place(st, 0, "Looking-Glass Clerk")
    place(st, 1, "Echo Pup", "Parrot Sage")
    do(st, 'play "Mallet Imp"', "target 1 1", 'react "Looking-Glass Clerk"')
    assert st.rp == [0, 0]
    assert any(e.action == "copy_failed" for e in st.events)


def test_a_play_effect_prevented_pays_for_the_star_of_its_card():
    """"Effects on Cards": "Play effects are activated right away when a card comes into play" -- as it
    starts, a player may prevent it: its text does not resolve, and "the card that effect is printed
    on" is the card played (STAR 4: three times it)."""
    st = table(kit([card("Mallet Imp", "Play: Gain 10 RP.", star=4)]), kit([card("Red Tape Clerk", VETO), *lamps(2)]))
    place(st, 1, "Red Tape Clerk")
    do(st, 'play "Mallet Imp"')
    assert st.current_players() == [1]
    do(st, 'react "Red Tape Clerk"')
    assert st.rp == [0, 12]


def test_an_action_effect_prevented_and_copied_still_flips_the_card_used():
    """"Use an Action": "perform the text on the card, then flip the card face-down" -- the Action was
    used, so its card is flipped though its text was prevented; the copy resolves for the reacting
    player, and "an opponent's" Action only (its own player's is not offered)."""
    st = table(kit([card("Coin Press", "Action: Gain 6 RP."), *lamps(2)]),
               kit([card("Toll Collector", TOLLGATE), *lamps(2)]))
    place(st, 0, "Coin Press")
    place(st, 1, "Toll Collector")
    do(st, 'use "Coin Press"', 'react "Toll Collector"')
    assert st.rp == [0, 6]
    assert ids(st, 0, "Coin Press")[0] in st.down and ids(st, 1, "Toll Collector")[0] in st.down
    st = table(kit([card("Coin Press", "Action: Gain 6 RP."), card("Toll Collector", TOLLGATE), *lamps(2)]), kit(lamps(2)))
    place(st, 0, "Coin Press", "Toll Collector")
    do(st, 'use "Coin Press"')
    assert st.rp == [6, 0] and ids(st, 0, "Toll Collector")[0] not in st.down


def test_a_discard_from_a_hand_is_kept_by_a_reaction():
    """"Discard a Card": to the owner's binder; "Prevent any effect from discarding one or more cards
    from your hand": the player whose hand it is keeps every card that effect would discard; an opponent's effect
    that made each player discard goes on for the others."""
    forced = "Play: Each opponent discards a card."
    st = table(kit([card("Pickpocket", forced)]),
               kit(lamps(2), accessories=[card("Lunch Satchel", SATCHEL, kind="accessory")], name="satchel"),
               kit(lamps(2)))
    hand1 = list(st.hand[1])
    do(st, 'play "Pickpocket"')
    assert st.current_players() == [1] and st.pending["kind"] == "react"
    do(st, 'react "Lunch Satchel"')
    assert st.hand[1] == [c for c in hand1 if c in st.hand[1]] and len(st.hand[1]) == len(hand1)
    assert ids(st, 1, "Lunch Satchel")[0] in st.down
    do(st, 'pick "Lamp 0"')  # seat 2 has no Reaction: it discards
    assert len(st.binder[2]) == 1 and st.binder[1] == []


def test_a_discard_kept_from_its_own_player_stops_the_text():
    """"Discard a Card" that is not made stops the text that follows it (rules notes): a discard a
    Reaction kept from its own player's hand is not made."""
    text = "Play: Discard a card. Gain 20 RP."
    st = table(kit([card("Bargain Hunter", text), *lamps(1)], accessories=[card("Lunch Satchel", SATCHEL, kind="accessory")]),
               kit(lamps(2)))
    do(st, 'play "Bargain Hunter"', 'react "Lunch Satchel"')
    assert st.rp[0] == 0 and st.binder[0] == []


def test_one_reaction_keeps_every_flip_of_your_cards_by_that_effect():
    """"Prevent an opponent's effect from ... flipping any number of cards from your tableau": used on
    the first card the effect would flip, the others it would flip there stay face-up too."""
    sweep = "Play: Flip all FIRE cards in opponents' tableaus."
    st = table(kit([card("Blaze Broom", sweep)]),
               kit([card("Ember A"), card("Ember B"), *lamps(1)],
                accessories=[card("Patch Quilt", QUILT, kind="accessory", elements=("water",))]))
    place(st, 1, "Ember A", "Ember B")
    do(st, 'play "Blaze Broom"', 'react "Patch Quilt"')
    assert not st.down & set(ids(st, 1, "Ember A", "Ember B"))
    assert ids(st, 1, "Patch Quilt")[0] in st.down


def test_a_card_of_any_play_area_kept_from_any_effects_flip():
    """"Prevent a card in any player's Play Area from being flipped by any effect": a card of another player's
    tableau, and a card its own player's effect would flip (any effect), saved by the Reaction."""
    st = table(kit([card("Mallet Imp", HAMMER)]), kit([card("Fair Maiden"), *lamps(2)]),
               kit(lamps(2), accessories=[card("Card Sleeve", SLEEVE, kind="accessory")], name="sleeve"))
    place(st, 1, "Fair Maiden")
    do(st, 'play "Mallet Imp"')  # (the Maiden is the one card another player has in play)
    assert st.current_players() == [2]
    do(st, 'react "Card Sleeve"')
    assert ids(st, 1, "Fair Maiden")[0] not in st.down and ids(st, 2, "Card Sleeve")[0] in st.down
    own = "Play: Flip a face-up card in your tableau. Then gain 5 RP."
    st = table(kit([card("Self Tipper", own), card("Old Boot")], accessories=[card("Card Sleeve", SLEEVE, kind="accessory")]),
               kit(lamps(2)))
    place(st, 0, "Old Boot")
    do(st, 'play "Self Tipper"', "target 0 0")
    assert st.current_players() == [0] and st.pending["kind"] == "react"
    do(st, 'react "Card Sleeve"')
    assert ids(st, 0, "Old Boot")[0] not in st.down and st.rp[0] == 5


def test_a_bare_cannot_be_flipped_holds_against_every_effect_while_its_condition_does():
    """"Cannot be flipped": "a card that cannot be flipped is not a legal target for a flip effect"
    (FAQs); naming no effect, it is no effect's target, its own player's neither, while "you have other
    face-up card in your tableau"."""
    effects = _check(ANCHOR)
    assert effects[0]["ops"][0]["op"] == "unflippable" and effects[0]["ops"][0]["target"] == "this"
    assert _check("Ongoing: This card cannot be flipped.")[0]["ops"] == [{"op": "unflippable", "target": "this"}]
    st = table(kit([card("Mallet Imp", HAMMER)]), kit([card("Iron Anchor", ANCHOR), card("Buoy"), *lamps(1)]))
    place(st, 1, "Iron Anchor", "Buoy")
    do(st, 'play "Mallet Imp"')  # the Anchor is no legal target: the Buoy is the only one
    assert ids(st, 1, "Buoy")[0] in st.down and ids(st, 1, "Iron Anchor")[0] not in st.down
    st = table(kit([card("Mallet Imp", HAMMER)]), kit([card("Iron Anchor", ANCHOR), card("Buoy"), *lamps(1)]))
    place(st, 1, "Iron Anchor", "Buoy", down=("Buoy",))
    do(st, 'play "Mallet Imp"')  # no other face-up card: the condition fails, the Anchor may be flipped
    assert ids(st, 1, "Iron Anchor")[0] in st.down


TIDE = ("Ongoing: While all face-up cards in your tableau are WATER cards, they cannot be flipped by opponents' "
        "effects, and you are always considered to win clashes.")
BRAWL = "Play: Clash with an opponent. The winner gains 10 RP."


def test_cards_a_while_names_are_protected_and_win_clashes_while_it_holds():
    """"Cannot be flipped" and "Clashing": "they" are the cards of your tableau the condition names;
    while every face-up card there is WATER, no opponent's effect flips them and you are considered to
    win each clash you are in (the other result stands); a FIRE card face-up ends both."""
    effects = _check(TIDE)
    assert [op["op"] for op in effects[0]["ops"]] == ["protect", "win_clashes"]
    assert all("while" in op for op in effects[0]["ops"])
    bad = compiles(TIDE)
    bad[0]["ops"][1]["while"] = {"test": "dusk"}
    assert check_card("single", {"star": 3}, bad)

    def tide_table(*mine):
        st = table(kit([card("Big Ox", BRAWL, star=8), card("Mallet Imp", HAMMER)]),
                   kit([card("Tide Caller", TIDE, star=1, elements=("water",)), *mine]), store=(1, 1, 1))
        place(st, 1, "Tide Caller", *[c.name for c in mine])
        return st

    st = tide_table()
    do(st, 'play "Big Ox"')  # 8 + 1 against 1 + 1: both win
    assert st.clashes_won == [1, 1] and st.rp == [10, 10]
    st = tide_table(card("Ember Pup", star=1))
    do(st, 'play "Big Ox"')  # a FIRE card face-up: the condition fails, seat 1 loses
    assert st.clashes_won == [1, 0] and st.rp == [10, 0]
    st = tide_table()
    do(st, 'play "Mallet Imp"')  # the Caller cannot be flipped: no legal target
    assert ids(st, 1, "Tide Caller")[0] not in st.down


WARDEN = "Top: Action and Reaction effects cannot be used by opponents."
SPARE = "Reaction: When an opponent's effect would flip one of your other cards, flip this card instead."


def test_a_top_card_keeps_opponents_from_using_actions_and_reactions():
    """"Effects on Cards": Top effects "work as long as the card with the Top effect is the right-most
    face-up card in your tableau"; while it is, its opponents are offered no Action and may only decline
    a Reaction (its card stays face-up); its own player is not barred."""
    assert _check(WARDEN)[0]["ops"] == [{"op": "others_cannot_use", "timings": ["action", "reaction"]}]
    assert check_card("single", {"star": 3}, [{"timing": "top", "ops": [{"op": "others_cannot_use", "timings": ["score"]}]}])

    press = card("Hammer Press", "Action: Flip a card in another player's tableau.")

    def warden_table():
        st = table(kit([press, card("Gate Warden", WARDEN), *lamps(1)]),
                   kit([card("Coin Press", "Action: Gain 6 RP."), card("Spare Pawn", SPARE), card("Fair Maiden"), *lamps(2)]))
        place(st, 0, "Hammer Press", "Gate Warden")
        place(st, 1, "Coin Press", "Spare Pawn", "Fair Maiden")
        return st

    st = warden_table()
    do(st, 'use "Hammer Press"', "target 1 2")  # its own player is not barred; the Warden stays the Top Card
    assert st.current_players() == [1] and [a.verb for a in st.legal_actions(1)] == ["decline"]
    do(st, "decline")
    assert ids(st, 1, "Fair Maiden")[0] in st.down and ids(st, 1, "Spare Pawn")[0] not in st.down
    assert st.usable_actions(1) == []  # no Action offered to the opponent (in their turn, the same list)
    st = warden_table()
    st.down.add(ids(st, 0, "Gate Warden")[0])  # face-down: no effect ("Face-Down Cards")
    do(st, 'use "Hammer Press"', "target 1 2")
    assert {a.verb for a in st.legal_actions(1)} == {"react", "decline"}
    assert names(st, st.usable_actions(1)) == ["Coin Press"]
    assert any(a.verb == "use" for a in warden_table().legal_actions(0))


REGENT = ('Ongoing: All of the cards in your play area have "Reaction: Prevent one of your other cards from being '
          "flipped by an opponent's effect and gain 3 RP.\"")


def test_every_card_of_a_play_area_has_the_reaction_a_rule_gives():
    """"Reaction": "When you activate a Reaction, the card that triggers it is flipped face-down"; a
    quoted Reaction every card of your play area has: any of them but the card about to be flipped may
    be flipped instead, and its player gains the RP; face-down, the rule gives nothing."""
    effects = _check(REGENT)
    granted = effects[0]["ops"][0]
    assert granted["op"] == "grant_reaction" and granted["effect"]["trigger"]["event"] == "would_flip"
    assert granted["effect"]["ops"] == [{"op": "cancel_flip"}, {"op": "gain_rp", "amount": 3}]
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{"op": "grant_reaction", "effect": {
        "timing": "action", "ops": [{"op": "gain_rp", "amount": 1}]}}]}])

    def regent_table():
        st = table(kit([card("Mallet Imp", HAMMER)]), kit([card("Bone Regent", REGENT), card("Fair Maiden"), *lamps(2)]))
        place(st, 1, "Bone Regent", "Lamp 0", "Fair Maiden")
        return st

    st = regent_table()
    do(st, 'play "Mallet Imp"', "target 1 2")
    assert {a.args[0] for a in st.legal_actions(1) if a.verb == "react"} == {"Bone Regent", "Lamp 0"}
    do(st, 'react "Lamp 0"')
    assert ids(st, 1, "Fair Maiden")[0] not in st.down and ids(st, 1, "Lamp 0")[0] in st.down and st.rp[1] == 3
    st = regent_table()
    st.down.add(ids(st, 1, "Bone Regent")[0])
    do(st, 'play "Mallet Imp"', "target 1 2")
    assert ids(st, 1, "Fair Maiden")[0] in st.down and st.rp[1] == 0


def test_a_hand_kept_from_a_discard_every_player_makes_at_once():
    """"Discard a Card", and every op that discards from hands passes the same check: a player who
    keeps their hand from "each player discards a card simultaneously" picks nothing; the others do."""
    together = "Play: Each player discards a card simultaneously."
    st = table(kit([card("Crowd Caller", together), *lamps(2)]),
               kit(lamps(2), accessories=[card("Lunch Satchel", SATCHEL, kind="accessory")], name="satchel"))
    do(st, 'play "Crowd Caller"')
    assert st.current_players() == [1] and st.pending["kind"] == "react"
    do(st, 'react "Lunch Satchel"', 'pick "Lamp 0"')
    assert len(st.hand[1]) == 2 and st.binder[1] == [] and len(st.binder[0]) == 1
