"""Turn-Based Mode setup (millennium-blades.txt, "VARIANTS & OPTIONS", "Turn-Based Mode", 1-5)."""

from __future__ import annotations

import pytest

from rules.millennium_blades.full.pool import load_pool
from rules.millennium_blades.full.setup import choose_store_sets
from rules.millennium_blades.turn_based import new_turn_based_game
from tests.rules.millennium_blades.turn_based.helpers import STACKS, game


def test_turn_based_mode_is_played_by_2_to_5_players():
    """"This mode can be played by 2-5 players."""
    for players in (2, 5):
        assert new_turn_based_game(players, 1).num_players == players
    for players in (1, 6):
        with pytest.raises(ValueError):
            new_turn_based_game(players, 1)


def test_turn_based_setup_1_store_deck_as_usual():
    """"Setup the store deck as usual": the whole game's Store sets (what the pool has), shuffled."""
    state = game(3, seed=4)
    pool = load_pool()
    expected = choose_store_sets(pool, None, [])
    assert state.store_sets == expected
    in_store = {state.cards[c].set_code for c in state.table.store}
    assert in_store <= set(expected)
    store_size = sum(len(pool.copies(code)) for code in expected)
    assert len(state.table.store) + 3 * 7 == store_size
    assert state.table.store != sorted(state.table.store)  # shuffled


def test_turn_based_setup_2_first_player_seven_cards_thirty_dollars():
    """"Determine who will be first player, and deal each player 7 cards. Each player gains 30
    Millennium Dollars". Decision: the first player is drawn from the seed."""
    firsts = set()
    for seed in range(12):
        state = new_turn_based_game(4, seed)
        firsts.add(state.first_player)
        assert state.turn_seat == state.first_player == new_turn_based_game(4, seed).first_player
        assert [len(h) for h in state.table.hand] == [7] * 4
        assert state.money == [30] * 4
    assert len(firsts) > 1


def test_turn_based_setup_3_both_metas_revealed_at_the_start():
    """"Reveal both metas at the game start.\""""
    state = game(3, metagames=STACKS)
    assert sorted(state.meta_kind[c] for c in state.table.metagame) == ["elemental", "type"]
    assert [len(state.meta[k]) for k in ("elemental", "type")] == [1, 1]
    assert {m["stack"] for m in state.view(0)["metagame"]} == {"elemental", "type"}


def test_turn_based_setup_4_two_bronze_and_one_silver_fusable_no_gold():
    """"Choose two Bronze Promo Sets and one Silver Promo Set to be fusable during the game. Gold
    Promos are not fusable in this mode." The fixture has one Bronze set: the second pile is a
    second printing (noted)."""
    state = game(3)
    assert sorted(state.fusion) == ["bronze1", "bronze2", "silver"]
    assert state.fusion_sets == {"bronze1": "MB-BP1", "bronze2": "MB-BP1", "silver": "MB-SP1"}
    assert all(len(pile) == 6 for pile in state.fusion.values())
    assert any("second printing of MB-BP1" in note for note in state.setup_notes)
    assert "gold" not in state.view(0)["fusion"]


def test_turn_based_setup_5_silver_and_gold_sets_set_aside():
    """"Choose one Silver Promo Set and one Gold Promo Set to be given out during scoring and set
    these aside." The silver one is a second printing of the fixture's only Silver set."""
    state = game(3)
    assert state.prize_sets == {"silver": "MB-SP1", "gold": "MB-GP1"}
    assert {state.cards[c].set_code for c in state.prize["gold"]} == {"MB-GP1"}
    assert len(state.prize["silver"]) == len(state.prize["gold"]) == 6
    held = {c for pile in state.fusion.values() for c in pile}
    assert not held & set(state.prize["silver"])  # its own copies


def test_turn_based_setup_sell_markers_as_in_game_setup():
    """Decision: "GAME SETUP" 5's Sell Markers: "3 Sell Markers ... (4 if there are only three players)"."""
    assert game(3).table.markers == [4, 4, 4]
    assert game(2).table.markers == [3, 3]
    assert game(5).table.markers == [3] * 5
