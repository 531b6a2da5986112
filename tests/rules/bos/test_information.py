"""Scenario tests: what each seat may see (bos.txt, "Starting Info": private face-down cards, public
graveyards and once-flipped wizards; "Best of 3 Match" step 1: bosses revealed)."""

from __future__ import annotations

import json
import random

from tests.rules.bos.helpers import do, new, put, started


def test_starting_info_castle_and_spellbook_are_private():
    state = started()
    mine, theirs = state.view(0)["players"]
    assert "castle" in mine and "spellbook" in mine and "reserves" in mine
    assert "castle" not in theirs and "spellbook" not in theirs and "reserves" not in theirs
    assert theirs["castle_count"] == 10 and theirs["spellbook_count"] == 10
    hidden = state.hidden_cards(0)
    side = state.sides[1]
    summons = [n for pile in (side.castle, side.reserves) for n, k in pile.items() for _ in range(k)
               if state.cards[n].card_type == "summon"]
    assert sorted(summons) == sorted(n for n in hidden if state.cards[n].card_type == "summon")


def test_starting_info_face_down_wizards_are_private_until_flipped_face_up_once():
    state = started()
    assert all(w["name"] is None for w in state.view(0)["players"][1]["wizards"])
    assert all(w["name"] for w in state.view(1)["players"][0]["wizards"])  # seat 0's are face-up now
    do(state, 'conduct "Essence of Nature" 0')
    do(state, "pass")
    assert state.view(1)["players"][0]["wizards"][0] == {
        "column": 0, "name": "Forest Sage", "face_up": False, "sideways": False, "enchantments": []}


def test_starting_info_graveyards_are_public():
    state = started()
    do(state, "end")
    put(state, 0, "Meadow Stag", 0)
    do(state, "cast Rejuvenate 0")
    assert state.view(1)["players"][0]["graveyard"] == ["Rejuvenate"]


def test_best_of_3_bosses_are_revealed_in_competitive_games_but_private_casually():
    assert new().view(0)["players"][1]["boss"]["name"] == "Pyro-Maniac"
    casual = new(first_player="rps")
    assert casual.view(0)["players"][1]["boss"]["name"] is None
    assert "Pyro-Maniac" in casual.hidden_cards(0)


def test_determinize_redeals_only_what_the_seat_has_not_seen():
    state = started()
    view = state.view(1)
    json.dumps(view)
    changed = False
    for seed in range(20):
        world = state.determinize(1, random.Random(seed))
        assert world.view(1) == view
        assert sorted(world.all_cards()) == sorted(state.all_cards())
        changed |= world.sides[0].castle != state.sides[0].castle
        assert world.sides[1].castle == state.sides[1].castle  # one's own cards stay
    assert changed  # reserves and castle are really redealt


def test_determinize_keeps_cards_seen_going_back_into_the_castle():
    state = started("blue", "red")
    state.sides[0].castle_known = {"Mirror Eel": 1}
    for seed in range(10):
        assert state.determinize(1, random.Random(seed)).sides[0].castle.get("Mirror Eel", 0) >= 1
