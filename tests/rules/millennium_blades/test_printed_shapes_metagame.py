"""More shapes of printed text: the Metagame (issue 26.2; rules/millennium_blades/phrases_metagame.py and
ops_metagame.py). Original cards in each shape, compiled, checked by the card checker and played in
the tournament engine (millennium-blades.txt, "Metagame", "Ending the Tournament"; docs/rules-notes.md,
"MB: metagame")."""

from __future__ import annotations

from rules.millennium_blades.effects import check_card
from tests.rules.millennium_blades.helpers import card, compiles, do, kit, lamps, names, place, table


def _meta(word: str):
    return card(f"{word.title()} Trend", f"Score: Gain 10 RP if you have a face-up {word.upper()} single in your tableau.",
                kind="metagame")


def _cards_that_match():
    return [card("Ember Mage", elements=("fire",), types=("mage",)), card("Brook Beast", elements=("water",),
                                                                          types=("animal",))]


def test_cards_that_match_one_of_the_metas_are_counted():
    """"Metagame": the Metagame cards name elements and types; "each card in your tableau that matches one
    of the Metas" counts the face-up cards with one of them (batch s's ``meta_symbol``)."""
    text = "DECK BOX | Score: Gain 6 RP for each card in your tableau that matches one of the Metas."
    (effect,) = compiles(text)
    assert effect["ops"][0]["per"] == {"count": "cards", "zone": "tableau", "filter": {"meta_symbol": True}}
    box = card("Trend Ledger", text, kind="deck_box")
    st = table(kit(_cards_that_match(), box=[box]), kit(lamps()), metagame=[_meta("fire"), _meta("mage")])
    place(st, 0, "Ember Mage", "Brook Beast")
    (ledger,) = st.deck_box[0]
    assert st.count(effect["ops"][0]["per"], ledger, 0, {}) == 1
    played = "Ongoing: Each time you play a card that matches at least one Meta symbol, gain 3 RP."
    assert compiles(played)[0]["trigger"] == {"event": "play", "by": "self", "filter": {"meta_symbol": True}}


def test_one_metagame_card_chosen_leaves_play():
    """"If you have cards in play fulfilling at least 2 Meta conditions, gain 12 RP, then remove one of the
    Meta conditions from play": the player picks which; it is no longer in play, so no one scores it."""
    text = ("Play: If you have cards in play fulfilling at least 2 Meta conditions, gain 12 RP, then remove one of "
            "the Meta conditions from play.")
    assert compiles(text)[0]["ops"][1] == {"op": "meta_leaves", "pick": "choice"}
    st = table(kit([card("Trend Breaker", text), *_cards_that_match()]), kit(lamps()),
               metagame=[_meta("fire"), _meta("mage")])
    place(st, 0, "Ember Mage", "Brook Beast")
    do(st, 'play "Trend Breaker"')
    assert st.rp[0] == 12 and st.pending["kind"] == "meta"
    do(st, 'value "Fire Trend"')
    assert names(st, st.metagame) == ["Mage Trend"]
    (removed,) = [e for e in st.events if e.action == "meta_removed"]
    assert st.event_to_string(removed) == "Seat 0 removes the Metagame card Fire Trend from play"


def test_all_metagame_cards_leave_play_and_none_is_scored():
    """"Ending the Tournament": every player activates the Metagame cards' Score effects; after "discard the
    Metagame cards from play" there are none (the reminder that no one scores them is what follows)."""
    text = ("Play: If you have at least 6 STAR of face-up cards in your tableau, discard the Metagame cards from play "
            "and gain 25 RP (no players will be able to score Metagame points during this tournament).")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "meta_leaves", "pick": "all"}, {"op": "gain_rp", "amount": 25}]
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "meta_leaves", "pick": "one"}]}])
    st = table(kit([card("Trend Burner", text), *_cards_that_match()]), kit(lamps()),
               metagame=[_meta("fire"), _meta("water")])
    place(st, 0, "Ember Mage", "Brook Beast")
    do(st, 'play "Trend Burner"')
    assert st.metagame == [] and st.rp[0] == 25
    while st.phase != "over":  # the rest of the tournament: no Metagame Score effect for anyone
        (seat,) = st.current_players()
        st.apply_checked(st.legal_actions(seat)[0], seat)
    assert st.rp[0] == 25  # with both Metagame cards still in play, 45 (a face-up FIRE and a WATER single)


def test_each_meta_you_score_gives_more():
    """"Each Meta you successfully score gives you an additional 8 RP": 8 for each Metagame card whose
    condition holds for you (batch l's ``meta_fulfilled``)."""
    (effect,) = compiles("Score: Each Meta you successfully score gives you an additional 8 RP.")
    assert effect["ops"] == [{"op": "gain_rp", "amount": 8, "per": {"count": "meta_fulfilled"}}]
    st = table(kit(_cards_that_match()), kit(lamps()), metagame=[_meta("fire"), _meta("mage"), _meta("air")])
    place(st, 0, "Ember Mage")
    assert st.count(effect["ops"][0]["per"], None, 0, {}) == 2  # fire and mage, not air
