"""More shapes of printed text, batch u (issue 26.2; rules/millennium_blades/phrases_more_u.py and
ops_more_u.py): the tableau as a whole, a revealed face-down card, sums of amounts and misprints.
Original cards in each shape, compiled, checked by the card checker and played in the tournament
engine (millennium-blades.txt sections cited per test; docs/rules-notes.md, "MB: batch u")."""

from __future__ import annotations

from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table


def _score(st) -> None:
    """"Ending the Tournament": the Score effects of face-up cards, resolved."""
    st.start_scoring()
    st.settle()


def test_a_face_down_card_of_your_own_tableau_revealed_shows_its_star():
    """"Reveal a face-down card": "The card is picked up and shown to all players, then placed
    face-down again in the same slot", so "(then put it back face-down)" says what revealing is, the
    card shows its printed STAR, and "in your tableau" is yours only (an opponent's is not asked)."""
    text = "Play: Reveal a face-down single in your tableau (then put it back face-down). Gain RP equal to five times its STAR."
    effects = compiles(text)
    assert effects[0]["ops"][0] == {"op": "reveal", "source": "face_down", "tableau": "self"}
    assert check_card("single", {"star": 3}, effects) == []
    assert compile_text("Play: Reveal one of your hand cards (then put it back face-down).")[1] is not None
    st = table(kit([card("Lantern Gazer", text), card("Sleeping Mole", star=6)]),
               kit([card("Hidden Giant", star=9), *lamps()]))
    place(st, 0, "Sleeping Mole", down=("Sleeping Mole",))
    place(st, 1, "Hidden Giant", down=("Hidden Giant",))
    do(st, 'play "Lantern Gazer"')
    (mole,) = ids(st, 0, "Sleeping Mole")
    assert st.rp[0] == 30 and mole in st.down and st.pending is None


def test_while_every_face_up_card_is_one_element_a_play_trigger_with_a_misprint():
    """"Effects on Cards": an Ongoing works while the card is face-up; "While all face-up cards ...
    are WATER cards, you gain N RP each time you play a WATER card" is judged as each card is
    played, its own play too ("including this one", printed misspelt: rules notes, "MB: batch u")."""
    text = ("Ongoing: While all face-up cards in your tableau are WATER cards, you gain 6 RP each time you play "
            "a WATER card (includiung this one).")
    effects = compiles(text)
    assert effects[0]["condition"] == {"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": {
        "face": "up", "none_of": [{"element": "water"}]}}, "cmp": "==", "value": 0}
    assert effects[0]["trigger"]["this_too"] is True
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Tide Warden", text, elements=("water",)), card("Wave A", elements=("water",)),
                    card("Ember B", elements=("fire",)), card("Wave C", elements=("water",))]), kit(lamps(6)))
    place(st, 0, "Ember B", down=("Ember B",))  # face-down: no element, not counted ("Face-Down Cards")
    do(st, 'play "Tide Warden"', 'play "Lamp 0"', 'play "Wave A"')
    assert st.rp[0] == 12
    (ember,) = ids(st, 0, "Ember B")
    st.down.discard(ember)  # a FIRE card face-up: not all of them WATER now
    do(st, 'play "Lamp 1"', 'play "Wave C"')
    assert st.rp[0] == 12


def test_all_cards_of_the_tableau_the_same_type_or_element():
    """"CARD DATA": Elements and Types; "Face Down cards have no ... ELEMENT, or TYPE" but "still
    count as cards", so one face-down card breaks "all cards ... are the same" (rules notes)."""
    text = "Score: If all cards in your tableau are the same TYPE or the same ELEMENT, gain 33 RP."
    effects = compiles(text)
    assert effects[0]["condition"] == {"test": "tableau_alike", "what": "either"}
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{**effects[0], "condition": {"test": "tableau_alike", "what": "set"}}])
    cards = [card("Herd Caller", text, elements=("earth",), types=("animal",)),
             card("Bog Toad", elements=("water", "earth"), types=("animal",)),
             card("Sky Fox", elements=("air",), types=("animal", "myth"))]
    st = table(kit(cards), kit(lamps()))
    place(st, 0, "Herd Caller", "Bog Toad", "Sky Fox")
    _score(st)
    assert st.rp[0] == 33  # all ANIMAL, though not one element
    st = table(kit(cards), kit(lamps()))
    place(st, 0, "Herd Caller", "Bog Toad", "Sky Fox", down=("Sky Fox",))
    _score(st)
    assert st.rp[0] == 0


def test_only_one_element_or_only_one_type_with_a_misprint():
    """"CARD DATA": the different Elements (Types) of your face-up cards; one of two conditions
    (``any``); "yo have" is the misprint of "you have" (rules notes, "MB: batch u")."""
    text = "Score: Gain 21 RP if yo have only one TYPE or only one ELEMENT in your tableau."
    (effect,) = compiles(text)
    cond = effect["ops"][0]["condition"]
    assert cond["test"] == "any" and [c["of"]["count"] for c in cond["of"]] == ["types", "elements"]
    assert check_card("single", {"star": 3}, [effect]) == []
    assert check_card("single", {"star": 3}, [{"timing": "score", "condition": {"test": "any", "of": cond["of"][:1]},
                                               "ops": [{"op": "gain_rp", "amount": 1}]}])
    fire = [card("Lone Flame", text, elements=("fire",), types=("mage",)), card("Fire Imp", types=("animal",)),
            card("Ice Imp", elements=("water",), types=("myth",))]
    st = table(kit(fire), kit(lamps()))
    place(st, 0, "Lone Flame", "Fire Imp", "Ice Imp", down=("Ice Imp",))
    _score(st)
    assert st.rp[0] == 21  # FIRE only, the face-down one shows none
    st = table(kit(fire), kit(lamps()))
    place(st, 0, "Lone Flame", "Fire Imp", "Ice Imp")
    _score(st)
    assert st.rp[0] == 0


def test_rp_equal_to_two_amounts_added_under_one_cap():
    """"CARD DATA": Star Rating; "the STAR of both adjacent cards, and three times the STAR of this
    card (max. 25 RP)": one gain of both amounts added, the cap on the whole."""
    text = "Score: Gain RP equal to the STAR of both adjacent cards, and three times the STAR of this card (max. 25 RP)."
    (effect,) = compiles(text)
    (op,) = effect["ops"]
    assert op["max"] == 25 and op["per"]["count"] == "sum" and len(op["per"]["of"]) == 4
    assert check_card("single", {"star": 3}, [effect]) == []
    st = table(kit([card("Left Post", star=2), card("Triple Shot", text, star=3), card("Right Post", star=4)]), kit(lamps()))
    place(st, 0, "Left Post", "Triple Shot", "Right Post")
    _score(st)
    assert st.rp[0] == 2 + 4 + 9
    st = table(kit([card("Left Post", star=7), card("Triple Shot", text, star=5), card("Right Post", star=4)]), kit(lamps()))
    place(st, 0, "Left Post", "Triple Shot", "Right Post")
    _score(st)
    assert st.rp[0] == 25


def test_all_face_down_cards_beside_this_one_revealed_and_their_star():
    """"Reveal a face-down card": each is shown, then face-down again in its slot; "their combined
    STAR" is what they showed (a face-down card elsewhere, or an opponent's, is not revealed)."""
    text = "Play: Reveal all face-down singles adjacent to this one. Gain RP equal to three times their combined STAR."
    effects = compiles(text)
    assert effects[0]["ops"][0] == {"op": "reveal_all", "filter": {"where": "adjacent"}}
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "reveal_all", "filter": {"face": "up"}}]}])
    st = table(kit([card("Night Lamp", text), card("Mole A", star=2), card("Awake B", star=6), card("Mole C", star=4)]),
               kit([card("Their Mole", star=9), *lamps()]))
    place(st, 0, "Mole A", "Awake B", "Mole C", down=("Mole A", "Mole C"))
    place(st, 1, "Their Mole", down=("Their Mole",))
    do(st, 'play "Night Lamp"')  # played to the right of Mole C: the one face-down card beside it
    assert names(st, st.tableau[0]) == ["Mole A", "Awake B", "Mole C", "Night Lamp"]
    assert st.rp[0] == 3 * 4
    assert set(ids(st, 0, "Mole A", "Mole C")) <= st.down


def test_several_more_actions_this_turn():
    """"Use an Action": "You can use one action per turn"; an Action giving N more Actions this turn
    gives itself back and keeps N - 1 more, each used up as an Action is used (rules notes, "MB:
    batch u"); the next turn is back to one."""
    text = "Action: You may take 2 additional Actions during this turn."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "extra_actions", "amount": 2}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "action", "ops": [{"op": "extra_actions", "amount": 1}]}])
    assert compile_text("Play: Take 2 additional Actions this turn.")[0] is None
    levers = [card(f"Lever {n}", f"Action: Gain {n} RP.") for n in (1, 2, 4)]
    st = table(kit([card("Busy Hands", text), *levers, card("Step"), card("Step 2")]), kit(lamps()))
    place(st, 0, "Busy Hands", "Lever 1", "Lever 2", "Lever 4")
    do(st, 'use "Busy Hands"')
    assert not st.action_used and any(e.action == "extra_actions" for e in st.events)
    do(st, 'use "Lever 1"')
    assert not st.action_used
    do(st, 'use "Lever 2"')
    assert st.rp[0] == 3 and st.action_used
    assert not any(str(a).startswith("use") for a in st.legal_actions(0))
    do(st, 'play "Step"', 'play "Lamp 0"')
    do(st, 'use "Lever 4"')
    assert st.rp[0] == 7 and st.action_used


def test_a_quoted_score_effect_granted_to_every_face_up_card():
    """"Effects on Cards": an Ongoing works while its card is face-up, and Score effects of face-up
    cards activate at the end; "they have "Score: ..."" gives each face-up card of the tableau (this
    one too) that Score effect, read with the same grammar, "this card" in it being that card. A
    granted Play effect is not playable yet (an Action: batch w)."""
    grant = "Ongoing: While all face-up cards in your tableau are DARK cards, they have "
    text = grant + '"Score: Gain RP equal to twice the STAR of this card."'
    (effect,) = compiles(text)
    (op,) = effect["ops"]
    assert op["op"] == "grant_score" and op["effect"] == {"timing": "score", "ops": [
        {"op": "gain_rp", "amount": 2, "per": {"count": "star", "card": "this"}}]}
    assert check_card("single", {"star": 3}, [effect]) == []
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{**op, "effect": {"timing": "play", "ops": [
        {"op": "gain_rp", "amount": 1}]}}]}])
    assert compile_text(grant + '"Play: Gain 4 RP."')[0] is None
    dark = [card("Night Herald", text, star=1, elements=("dark",)), card("Shade A", star=2, elements=("dark",)),
            card("Shade B", star=5, elements=("dark", "fire")), card("Torch C", star=4, elements=("fire",))]
    st = table(kit(dark), kit(lamps()))
    place(st, 0, "Night Herald", "Shade A", "Shade B", "Torch C", down=("Torch C",))
    _score(st)
    assert st.rp[0] == 2 * (1 + 2 + 5)
    assert sum(e.action == "granted" for e in st.events) == 3
    st = table(kit(dark), kit(lamps()))
    place(st, 0, "Night Herald", "Shade A", "Shade B", "Torch C")
    _score(st)
    assert st.rp[0] == 0


def test_a_condition_before_the_first_time_each_turn():
    """"Use an Action"; batch o's "the first time ... each turn" with a condition printed before it:
    the first Action of a turn is the one, the condition judged then (rules notes, "MB: batch u")."""
    text = "Ongoing: If you have 2 or more WATER cards in your tableau, the first time you use an Action each turn, gain 4 RP."
    (effect,) = compiles(text)
    assert effect["trigger"] == {"event": "action_used", "first_each_turn": True}
    assert effect["condition"]["of"]["filter"] == {"element": "water"}
    assert check_card("single", {"star": 3}, [effect]) == []
    levers = [card(f"Lever {n}", "Action: Gain 1 RP.", elements=("water",)) for n in range(2)]
    levers.append(card("Lever 2", "Action: Gain 1 RP.", elements=("earth",)))
    st = table(kit([card("Well Keeper", text, elements=("water",)), *levers, card("Step"), card("Step 2")]),
               kit([card("Their Lever", "Action: Gain 2 RP."), *lamps()]))
    place(st, 0, "Well Keeper", "Lever 0", "Lever 1", "Lever 2")
    place(st, 1, "Their Lever")
    do(st, 'use "Lever 0"')
    assert st.rp[0] == 1 + 4
    do(st, 'play "Step"', 'use "Their Lever"', 'play "Lamp 0"')
    assert st.rp == [5, 2]  # an opponent's Action is not yours
    do(st, 'use "Lever 1"')
    assert st.rp[0] == 5 + 1  # Levers 0 and 1 face-down (used): this card the only WATER card face-up


def test_cards_with_symbols_in_the_order_listed():
    """"Tableau": slots left to right; "different cards with LIGHT, AIR, and MYTH ... in that order":
    one face-up card for each, left to right, others between them allowed (rules notes)."""
    text = "Score: If you have 3 different cards with LIGHT, AIR, and MYTH in your tableau in that order, gain 70 RP."
    (effect,) = compiles(text)
    assert effect["condition"] == {"test": "in_order", "symbols": ["light", "air", "myth"]}
    assert check_card("single", {"star": 3}, [effect]) == []
    assert check_card("single", {"star": 3}, [{**effect, "condition": {"test": "in_order", "symbols": ["gold", "air"]}}])
    assert compile_text(text.replace("have 3", "have 4"))[0] is None  # one card for each symbol listed
    cards = [card("Dawn A", elements=("light",)), card("Gale B", elements=("air", "light")), card("Plain C", elements=("earth",)),
             card("Order Keeper", text, elements=("water",), types=("myth",))]
    st = table(kit(cards), kit(lamps()))
    place(st, 0, "Dawn A", "Gale B", "Plain C", "Order Keeper")
    _score(st)
    assert st.rp[0] == 70
    st = table(kit(cards), kit(lamps()))
    place(st, 0, "Gale B", "Order Keeper", "Dawn A", "Plain C")  # LIGHT, MYTH, LIGHT: no AIR after a LIGHT
    _score(st)
    assert st.rp[0] == 0


def test_exactly_two_cards_side_by_side_sharing_type_element_and_star():
    """"CARD DATA": Types, Elements, Star Rating; "exactly two face-up cards ... that are adjacent and
    share the same TYPE, ELEMENT, and STAR": two cards beside each other alike, no third beside them
    (rules notes, "MB: batch u")."""
    text = ("Score: If you have exactly two face-up cards in your tableau that are adjacent and share the same "
            "ELEMENT, TYPE, and STAR, gain 35 RP.")
    (effect,) = compiles(text)
    assert effect["condition"]["of"] == {"count": "alike_neighbours", "what": ["element", "type", "star"]}
    assert check_card("single", {"star": 3}, [effect]) == []
    twin = {"star": 4, "elements": ("air",), "types": ("animal",)}
    cards = [card("Twin A", **twin), card("Twin B", **twin), card("Twin C", **twin), card("Pair Seeker", text, star=1)]
    st = table(kit(cards), kit(lamps()))
    place(st, 0, "Twin A", "Twin B", "Pair Seeker", "Twin C")
    _score(st)
    assert st.rp[0] == 35
    st = table(kit(cards), kit(lamps()))
    place(st, 0, "Twin A", "Twin B", "Twin C", "Pair Seeker")  # three alike side by side
    _score(st)
    assert st.rp[0] == 0


def test_your_low_cards_considered_to_have_a_floor_of_stars():
    """"CARD DATA": Star Rating; "Ongoing effects keep on working continuously as long as the card is
    face-up", during scoring too (the second sentence says so); a face-down card
    has none ("Face-Down Cards") and an opponent's card is not yours."""
    text = ("Ongoing: Your cards with less than 4 STAR are considered to have 4 STAR. This effect still works during "
            "scoring. | Score: Gain 3 RP for each 4 STAR card in your tableau.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "star_floor", "below": 4, "value": 4}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{"op": "star_floor", "below": 4, "value": 2}]}])
    assert compile_text("Ongoing: Your cards with less than 4 STAR are considered to have 2 STAR.")[0] is None
    st = table(kit([card("Floor Coach", text, star=2), card("Rookie", star=1), card("Veteran", star=6),
                    card("Benched", star=3)]), kit([card("Their Rookie", star=1), *lamps()]))
    place(st, 0, "Floor Coach", "Rookie", "Veteran", "Benched", down=("Benched",))
    place(st, 1, "Their Rookie")
    coach, rookie, veteran, benched = ids(st, 0, "Floor Coach", "Rookie", "Veteran", "Benched")
    (theirs,) = ids(st, 1, "Their Rookie")
    assert [st.star(c) for c in (coach, rookie, veteran, benched, theirs)] == [4, 4, 6, None, 1]
    _score(st)
    assert st.rp[0] == 3 * 2
    st.down.add(coach)
    assert st.star(rookie) == 1


def test_this_card_counts_as_all_types_except_during_scoring():
    """"CARD DATA": Types; "Ongoing effects keep on working continuously as long as the card is
    face-up in your tableau"; "(except during scoring)" is no reminder but a limit of the rule, read
    as words: while the tournament is scored the card has its printed Type only."""
    text = ("Ongoing: This card counts as all TYPES (except during scoring). | "
            "Score: Gain 2 RP for each different TYPE in your tableau.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "counts_as_all", "what": "types", "except_scoring": True}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{"op": "counts_as_all", "what": "sets"}]}])
    assert compile_text("Ongoing: This card counts as all TYPES (except on Tuesdays).")[0] is None
    counter = card("Herd Count", "Play: Gain 5 RP for each ANIMAL in your tableau.", types=("soldier",))
    st = table(kit([card("Prism Husk", text, types=("myth",)), counter]), kit(lamps()))
    place(st, 0, "Prism Husk")
    (husk,) = ids(st, 0, "Prism Husk")
    assert len(st.types(husk)) == 6
    do(st, 'play "Herd Count"')
    assert st.rp[0] == 5
    _score(st)
    assert st.rp[0] == 5 + 2 * 2  # MYTH and SOLDIER: its printed Type while scored


def test_a_gain_judged_at_the_end_of_this_turn():
    """"Tournament Turns" (a Single a turn; more when an effect says so; "unable to play a single if
    ... his or her entire tableau is filled already", which "(up to the limit of your tableau)"
    recalls); the part "at the end of this turn" waits for the turn to end, its condition judged
    then (rules notes, "MB: batch u")."""
    text = ("Play: Play up to 2 additional singles this turn (up to the limit of your tableau). "
            "Gain 20 RP if there are 3 or more cards in your tableau at the end of this turn.")
    (effect,) = compiles(text)
    assert effect["ops"][1]["op"] == "at_turn_end" and effect["ops"][1]["ops"][0]["op"] == "if"
    assert check_card("single", {"star": 3}, [effect]) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "at_turn_end", "ops": []}]}])
    assert compile_text("Score: Gain 20 RP if there are 3 or more cards in your tableau at the end of this turn.")[0] is None
    rush = [card("Rush Hour", text), card("Rider A"), card("Rider B"), card("Rider C")]
    st = table(kit(rush), kit(lamps()))
    do(st, 'play "Rush Hour"', 'play "Rider A"')
    assert st.rp[0] == 0 and any(e.action == "at_turn_end" for e in st.events)
    do(st, 'play "Rider B"')  # the third card: the turn ends, then the condition is judged
    assert st.rp[0] == 20 and st.seat_turn == 1
    st = table(kit(rush), kit(lamps()))
    do(st, 'play "Rush Hour"', 'play "Rider A"', "end")
    assert st.rp[0] == 0 and st.seat_turn == 1
    do(st, 'play "Lamp 0"', 'play "Rider B"')  # a later turn: nothing kept from the first
    assert st.rp[0] == 0


def test_the_next_card_resolves_its_play_effects_twice():
    """"Effects on Cards": "Next effects trigger on the next card you play", after its Play effects
    ("Top>Ongoing>Play>Next>Score"); they resolve once more, as that card's own ("this card" in them
    is it); "may" lets the player decline."""
    text = "Next: Your next card resolves all its Play effects twice."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "repeat_play"}]
    assert check_card("single", {"star": 3}, effects) == []
    assert compile_text("Play: Your next card resolves all its Play effects twice.")[0] is None
    echo = card("Echo Bell", text)
    star_gain = card("Star Chime", "Play: Gain RP equal to twice the STAR of this card.", star=4)
    st = table(kit([echo, star_gain, card("Plain Step")]), kit(lamps()))
    do(st, 'play "Echo Bell"', 'play "Lamp 0"', 'play "Star Chime"')
    assert st.rp[0] == 2 * 8 and any(e.action == "repeat_play" for e in st.events)
    maybe = "Next: Your next card may activate all its Play effects twice."
    assert compiles(maybe)[0]["optional"] is True
    st = table(kit([card("Echo Maybe", maybe), star_gain]), kit(lamps()))
    do(st, 'play "Echo Maybe"', 'play "Lamp 0"', 'play "Star Chime"', "decline")
    assert st.rp[0] == 8


def test_the_next_cards_score_effects_now_and_again_at_the_end():
    """"Next"; "Score effects are activated during the end of the tournament", which the reminder
    "(they still activate as normal during scoring)" recalls: now as if Play effects, then as always."""
    text = ("Next: Activate the Score effect of your next card as if it was a Play effect "
            "(it also activates as normal during scoring).")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "repeat_play", "timing": "score"}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "next", "ops": [{"op": "repeat_play", "timing": "flip"}]}])
    st = table(kit([card("Early Bird", text), card("Late Worm", "Score: Gain 6 RP."), card("Plain Step")]), kit(lamps()))
    do(st, 'play "Early Bird"', 'play "Lamp 0"', 'play "Late Worm"')
    assert st.rp[0] == 6
    _score(st)
    assert st.rp[0] == 12


def test_rearrange_the_cards_of_your_tableau():
    """"Top": "If other cards get flipped down or if you can rearrange cards, you can keep your best
    Top effects"; the player puts each card in the slot they choose, face-down cards too (moved, not
    targeted), and the Action's card is flipped after ("Use an Action")."""
    text = "Action: Rearrange the singles in your tableau however you like."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "rearrange"}]
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Shuffler", text), card("Slot A"), card("Slot B"), card("Slot C"), card("Step")]), kit(lamps()))
    place(st, 0, "Shuffler", "Slot A", "Slot B", "Slot C", down=("Slot B",))
    do(st, 'use "Shuffler"', "target 0 3", "target 0 2", "target 0 0")  # Slot C, face-down Slot B, Shuffler
    assert names(st, st.tableau[0]) == ["Slot C", "Slot B", "Shuffler", "Slot A"]
    shuffler, slot_b = ids(st, 0, "Shuffler", "Slot B")
    assert shuffler in st.down and slot_b in st.down and st.pending is None


def test_this_card_swapped_with_an_opponents_card_after_a_loss():
    """"Tableau"; "effects cannot target face-down cards"; "If you did" after "Lose N RP": the whole
    N lost ("FAQs": a loss stops at zero, so with less the price was not paid); "that player" is the
    opponent whose card was taken; the Action's card, now theirs to play with, is flipped ("Use an
    Action": then flip the card face-down)."""
    text = ("Action: Lose 8 RP. If you did, swap this card with a card in an opponent's tableau. "
            "That player gains 6 RP.")
    (effect,) = compiles(text)
    assert effect["ops"][1]["condition"] == {"test": "not", "of": {"test": "lost_short"}}
    assert [o["op"] for o in effect["ops"][1]["then"]] == ["swap_tableaus", "if"]
    assert check_card("single", {"star": 3}, [effect]) == []
    bad = {"op": "swap_tableaus", "target": {"player": "self", "pick": "choice", "filter": {}}}
    assert check_card("single", {"star": 3}, [{"timing": "action", "ops": [bad]}])
    trader = [card("Bond Trader", text), card("Desk"), card("Step")]
    st = table(kit(trader), kit([card("Gold Idol", star=7), card("Hidden Idol"), *lamps()]))
    place(st, 0, "Desk", "Bond Trader")
    place(st, 1, "Hidden Idol", "Gold Idol", down=("Hidden Idol",))
    st.rp[0] = 8
    do(st, 'use "Bond Trader"')  # the face-down Idol is no target: the Gold Idol, the only one
    assert names(st, st.tableau[0]) == ["Desk", "Gold Idol"] and names(st, st.tableau[1]) == ["Hidden Idol", "Bond Trader"]
    (bond,) = [c for c in st.tableau[1] if st.cards[c].name == "Bond Trader"]
    assert st.rp == [0, 6] and bond in st.down
    st = table(kit(trader), kit([card("Gold Idol", star=7), *lamps()]))
    place(st, 0, "Desk", "Bond Trader")
    place(st, 1, "Gold Idol")
    st.rp[0] = 5  # not enough to lose 8: no swap
    do(st, 'use "Bond Trader"')
    assert names(st, st.tableau[0]) == ["Desk", "Bond Trader"] and st.rp == [0, 0]


def test_opponents_cannot_play_a_kind_of_single():
    """"Play a Single (Required)": a player must play a Single if able, and one who cannot
    passes; "Opponents cannot play EARTH cards" takes those Singles from an opponent's legal plays
    while the card is face-up ("Ongoing"), never from its own player's."""
    text = "Ongoing: Opponents cannot play EARTH cards."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "play_ban", "who": "each_opponent", "filter": {"element": "earth"}}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{"op": "play_ban", "who": "all", "filter": {}}]}])
    st = table(kit([card("Stone Warden", text), card("My Rock", elements=("earth",)), card("Step")]),
               kit([card("Their Rock", elements=("earth",)), card("Their Flame", elements=("fire",))]))
    place(st, 0, "Stone Warden")
    do(st, 'play "My Rock"')  # its own player may
    plays = [str(a) for a in st.legal_actions(1)]
    assert 'play "Their Flame"' in plays and 'play "Their Rock"' not in plays
    do(st, 'play "Their Flame"', 'play "Step"')
    assert [str(a) for a in st.legal_actions(1)] == ["pass"]  # only an EARTH card left: no legal play
    (warden,) = ids(st, 0, "Stone Warden")
    st.down.add(warden)
    assert 'play "Their Rock"' in [str(a) for a in st.legal_actions(1)]
