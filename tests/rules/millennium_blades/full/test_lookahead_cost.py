"""Issue 25.8: what greedy's look-ahead costs in a Deckbuilding tick, and that its shortcuts change
nothing (``FullGameState.market_actions``, ``clone``, ``tally``; ``agents/ai.kit_strength``).

Every seat's greedy agent samples a world each tick and needs every other seat's legal actions in
it: built afresh in each world, a 5-seat tick built 25 lists of actions (most of a tick's cost);
the worlds of one tick now share them (the game's own 5, one world's 4)."""

from __future__ import annotations

import random

from rules.core.agents import GreedyAgent
from rules.millennium_blades.full import evaluate, market, new_full_game
from tests.rules.millennium_blades.full.helpers import give


def _built(monkeypatch) -> list[int]:
    """The seats whose Deckbuilding actions ``market.legal_actions`` builds from now on."""
    seats: list[int] = []
    build = market.legal_actions

    def counted(state, seat):
        seats.append(seat)
        return build(state, seat)

    monkeypatch.setattr(market, "legal_actions", counted)
    return seats


def test_a_ticks_greedy_worlds_share_the_seats_legal_actions(monkeypatch):
    state = new_full_game(5, 2)
    agents = [GreedyAgent(seat, evaluate=evaluate) for seat in range(5)]
    built = _built(monkeypatch)
    for _ in range(3):
        state.apply_move({seat: agents[seat].choose(state, seat) for seat in state.current_players()})
    assert len(built) <= 3 * (5 + 4), built  # was 3 * 25


def test_a_state_edited_by_hand_shows_its_own_actions():
    """Tests edit a state between ticks: its actions are always its own, and what its worlds
    share is dropped when it no longer matches."""
    state = new_full_game(3, 0)
    before = state.legal_actions(0)
    world = state.determinize(0, random.Random(1))
    before_1 = state.legal_actions(1)
    assert world.legal_actions(1) == before_1
    state.money[0] = 0
    after = state.legal_actions(0)
    assert after != before and not any(a.verb == "buy_store" for a in after)
    assert state.determinize(0, random.Random(1)).legal_actions(0) == after
    give(state, 1, "Plain Cardboard Box")
    own = state.legal_actions(1)  # (greedy asks for the acting seat's first: a changed list drops the rest)
    assert own != before_1 and state.determinize(1, random.Random(1)).legal_actions(1) == own


def test_copies_draw_what_the_original_would_and_keep_their_own_statistics():
    state = new_full_game(3, 4)
    state.rng.random()
    copy = state.clone()
    again = state.clone()
    drawn = [copy.rng.random() for _ in range(3)]
    assert [state.rng.random() for _ in range(3)] == drawn == [again.rng.random() for _ in range(3)]
    card = state.binder[0][0]
    copy.count(0, "sold", card)
    assert state.stats[0].get("sold", {}) != copy.stats[0]["sold"]
    state.count(0, "bought", card)
    assert "bought" not in copy.stats[0] or copy.stats[0]["bought"] != state.stats[0]["bought"]


def test_kit_strength_is_the_same_asked_again():
    from rules.millennium_blades.full.agents.ai import kit_strength

    state = new_full_game(3, 1)
    cards = state.binder[0] + state.kit[0]
    first = kit_strength(state, cards)
    assert kit_strength(state, list(cards)) == first and first[1] <= set(cards)
