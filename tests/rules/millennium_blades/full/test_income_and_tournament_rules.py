"""The whole game's tournaments are the tournament engine's, so its fixes of issue 29 hold in them
(millennium-blades.txt, "Tournament Turns", "Use an Action", "Flip a Card"); income is in the
event log ("DECKBUILDING PHASE", "Setup the Phase" 2)."""

from __future__ import annotations

from rules.core.agents import RandomAgent
from tests.rules.millennium_blades.full.helpers import game
from tests.rules.millennium_blades.test_consistency import TurnRules


def test_deckbuilding_setup_the_phase_income_is_in_the_event_log():
    """millennium-blades.txt, "DECKBUILDING PHASE", "Setup the Phase": "2. Give each player 30
    Millennium Dollars of income": an ``income`` event per seat, with
    the money after it."""
    state = game(3, 0)
    income = [(e.player, dict(e.changes)) for e in state.events if e.action == "income"]
    assert [(seat, changes["amount"]) for seat, changes in income] == [(0, 30), (1, 30), (2, 30)]
    assert all(changes["money"] == state.money_flow[seat]["income"] for seat, changes in income)


def test_whole_game_tournaments_keep_the_turn_and_face_down_rules():
    """millennium-blades.txt, "Tournament Turns", "Use an Action", "Flip a Card" (the tournament
    engine's issue 29 tests quote them). Random whole games: in every tournament no Action comes before the Single in a turn that
    plays none, an Action's card ends face-down, no face-down card's Reaction is offered."""
    for seed in range(3):
        state = game(3, seed)
        agents = [RandomAgent(seed * 10 + s) for s in range(3)]
        watched = {}
        while not state.is_over:
            move = {s: agents[s].choose(state, s) for s in state.current_players()}
            tournament = state.tournament
            if tournament is not None and tournament.phase == "turn" and len(move) == 1:
                (seat, action), = move.items()
                rules = watched.setdefault(id(tournament), (tournament, TurnRules()))[1]
                rules.before(tournament, seat, action)
                state.apply_move(move)
                rules.after(tournament)
            else:
                state.apply_move(move)
        for _tournament, rules in watched.values():
            rules.at_the_end()
        assert len(watched) == 3
