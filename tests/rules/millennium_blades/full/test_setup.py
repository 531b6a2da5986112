"""GAME SETUP and the Deckbuilding Phase's "Setup the Phase" (millennium-blades.txt)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.rules.millennium_blades.full.helpers import game, showing


def test_game_setup_set_selection_takes_what_the_pool_has():
    """"2. Set Selection. Take the Core set, five Expansion Sets, four Premium Sets, and three
    Master Sets": the fixture has 4 expansion, 2 premium and 2 master sets; all are taken and the
    shortfall is noted."""
    state = game(3)
    assert state.store_sets == ["MB-CORE", "MB-EX1", "MB-EX2", "MB-EX3", "MB-EX4", "MB-PR1", "MB-PR2",
                                "MB-MS1", "MB-MS2"]
    kinds = Counter(c.kind for c in state.cards)
    assert kinds["core"] == 49 and kinds["expansion"] == 48 and kinds["premium"] == 24 and kinds["master"] == 24
    notes = " ".join(state.setup_notes)
    assert "4 expansion set(s) of the 5" in notes and "2 premium" in notes and "2 master" in notes


def test_game_setup_chosen_sets_and_refused_kinds():
    state = game(3, sets=["MB-CORE", "MB-EX1"])
    store_kinds = {c.set_code for c in state.cards
                   if c.kind not in ("starter", "friendship", "character") and "promo" not in c.kind}
    assert store_kinds == {"MB-CORE", "MB-EX1"}
    with pytest.raises(ValueError):
        game(3, sets=["MB-BP1"])
    with pytest.raises(ValueError):
        game(3, preset="first_game")  # the "First Game Setup" sets are not in the fixture


def test_game_setup_set_aside_promos_fusion_and_prize_support():
    """"3. ... Place one of each type of set in the Card Fusion Area, and set the other two aside to
    use as Prize Support": one Bronze, Silver and Gold pile of 6; the fixture has one set of each,
    so prize support is a second printing of the Bronze and Silver sets (noted)."""
    state = game(4)
    assert {t: len(p) for t, p in state.fusion.items()} == {"bronze": 6, "silver": 6, "gold": 6}
    assert {state.cards[c].set_code for c in state.prize[1]} == {"MB-BP1"} and len(state.prize[1]) == 6
    assert {state.cards[c].set_code for c in state.prize[2]} == {"MB-SP1"} and len(state.prize[2]) == 6
    assert any("second printing" in n for n in state.setup_notes)


def test_game_setup_distribute_starting_items():
    """"5. ... a starter deck ... 3 cards from the top of the store deck ... 3 Sell Markers of a
    color (4 if there are only three players)"; then the Deckbuilding "Setup the Phase": 30
    dollars of income and 6 cards dealt."""
    for players, markers in ((3, 4), (4, 3), (5, 3)):
        state = game(players, seed=players)
        assert state.markers == [markers] * players
        for seat in range(players):
            kinds = Counter(state.cards[c].kind for c in state.binder[seat])
            assert kinds["starter"] == 9 and len(state.binder[seat]) == 9 + 3 + 6
            assert state.money[seat] == 30 and state.money_flow[seat] == {"income": 30}
        assert len(set(state.starters[:2])) == 2  # both fixture starter decks are dealt before a repeat


def test_deckbuilding_setup_the_phase_store_area():
    """"4. Place the top 9 cards of the store face-down into the Store Area, so there are 10 cards
    showing (including the one on top of the Store)"; only their sets are seen."""
    state = game(3)
    assert len(state.store_area) == 9 and len(showing(state)) == 10
    view = state.view(0)
    assert len(view["store_showing"]) == 10 and all(code.startswith("MB-") for code in view["store_showing"])
    assert state.phase == "deckbuilding" and state.budgets == (14, 14, 12)


def test_setup_notes_are_said_as_sentences_until_the_first_market_tick():
    """The set-up notes (what the set-up made of a short pool) are a list of sentences the board draws
    as such (the hints' ``notes``), with set kinds in words ("bronze promo", not "bronze_promo"),
    while play has not started; after the first market tick they are stale and not drawn (issue 27.1;
    docs/rules-notes.md, "Passing in the play app")."""
    from rules.core.engine import Action

    state = game(3)
    view = state.view(0)
    assert "setup_notes" in view["hints"]["notes"] and view["setup_notes"] == state.setup_notes
    assert view["setup_notes"] and not any("_" in note for note in view["setup_notes"])
    state.apply_joint({seat: Action("wait") for seat in state.current_players()})
    assert state.view(0)["setup_notes"] == [] and state.setup_notes  # kept by the state and the log
