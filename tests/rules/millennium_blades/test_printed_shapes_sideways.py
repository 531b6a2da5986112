"""More shapes of printed text: a card played sideways (issue 26.2; rules/millennium_blades/phrases_sideways.py
and ops_sideways.py). The rulebook never says what "sideways" is: the cards do ("the card this card points
to"); docs/rules-notes.md, "MB: sideways", records the reading. Original cards in each shape, compiled,
checked by the card checker and played in the tournament engine ("Tableau", "CARD DATA")."""

from __future__ import annotations

import dataclasses

from rules.millennium_blades.effects import check_card
from rules.millennium_blades.ops_sideways import pointed_card
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table

SIDEWAYS = "Positioning–Play: Play this card sideways."


def test_a_card_played_sideways_points_the_way_its_player_chooses():
    """The card's player chooses the way its top points; the view and the log say so; "the card that this
    card points to is face-up" asks the card beside it that way."""
    text = f"{SIDEWAYS} | Score: Gain 25 RP if the card that this card points to is face-up."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "point"}]
    assert effects[1]["ops"][0]["condition"] == {"test": "card", "card": "pointed", "is": {"face": "up"}}
    st = table(kit([card("Compass Mole", text), card("West Post"), card("East Post")]), kit(lamps()))
    place(st, 0, "West Post", "East Post", down=("East Post",))
    do(st, 'play "Compass Mole"')
    assert st.pending["kind"] == "value"
    do(st, "value left")
    (mole,) = ids(st, 0, "Compass Mole")
    assert pointed_card(st, mole, "pointed") == ids(st, 0, "East Post")[0]  # beside it, to the left
    assert st.holds(effects[1]["ops"][0]["condition"], mole, 0, {}) is False  # East Post is face-down
    assert pointed_card(st, mole, "pointed_face_up") == ids(st, 0, "West Post")[0]  # the first face-up that way
    (event,) = [e for e in st.events if e.action == "pointed"]
    assert st.event_to_string(event) == "Seat 0 plays Compass Mole sideways, pointing left"
    chip = st.view(0)["players"][0]["tableau"][2]
    assert chip["name"] == "Compass Mole" and chip["points"] == "left"


def test_nothing_is_pointed_to_at_the_end_of_the_row():
    """Pointing right from the right-most slot: no card is there."""
    text = f"{SIDEWAYS} | Score: Gain 25 RP if the card that this card points to is face-up."
    st = table(kit([card("Compass Mole", text), card("West Post")]), kit(lamps()))
    place(st, 0, "West Post")
    do(st, 'play "Compass Mole"', "value right")
    (mole,) = ids(st, 0, "Compass Mole")
    assert pointed_card(st, mole, "pointed") is None
    assert st.holds(compiles(text)[1]["ops"][0]["condition"], mole, 0, {}) is False


def test_cards_that_match_the_card_this_one_points_to():
    """"matches the SET of the card this points to" and "whose ELEMENT or TYPE matches the ELEMENT or TYPE
    of ...": FILTER ``matches_pointed``; a card played in that shape is heard by the Ongoing trigger."""
    counted = f"{SIDEWAYS} | Score: Gain 6 RP for each Single in all tableaus that matches the SET of the card this points to."
    per = compiles(counted)[1]["ops"][0]["per"]
    assert per["filter"] == {"matches_pointed": {"card": "pointed", "what": "set"}}
    assert check_card("single", {"star": 3}, [{"timing": "score", "ops": [
        {"op": "gain_rp", "amount": 1, "per": {**per, "filter": {"matches_pointed": {"card": "left", "what": "set"}}}}]}])
    west = dataclasses.replace(card("West Post"), set_code="RIV")
    twin = dataclasses.replace(card("River Twin"), set_code="RIV")
    st = table(kit([card("Set Dowser", counted), west]), kit([twin, *lamps(2)]))
    place(st, 0, "West Post")
    place(st, 1, "River Twin")
    do(st, 'play "Set Dowser"', "value left")
    (dowser,) = ids(st, 0, "Set Dowser")
    assert st.count(per, dowser, 0, {}) == 2  # West Post itself and River Twin
    heard = (f"{SIDEWAYS} | Ongoing: When a player plays a card whose ELEMENT or TYPE matches the ELEMENT or TYPE "
             "of the card this card points to, gain 8 RP.")
    st = table(kit([card("Kin Listener", heard), card("Ember Post", elements=("fire",))]),
               kit([card("Ember Kin", elements=("fire",), types=("beast",)), card("Cold Kin", elements=("water",),
                                                                                   types=("beast",))]))
    place(st, 0, "Ember Post")
    do(st, 'play "Kin Listener"', "value left", 'play "Cold Kin"')
    assert st.rp[0] == 0  # water beast: neither symbol of the fire soldier
    do(st, "pass", 'play "Ember Kin"')
    assert st.rp[0] == 8
