"""Playing games and the simulation modes, on the toy game: determinism, seats, aggregation."""

import json

import pytest

from rules.core.play import (
    GameResult,
    derive_seed,
    distribution,
    goldfish,
    head_to_head,
    play_game,
    rate_with_interval,
    run_games,
    summarize_goldfish,
    summarize_head_to_head,
)
from rules.core.probability import wilson_interval
from tests.rules.core.toy import ENGINE, STRONG, WEAK


def test_same_seed_same_game_and_agents_seeded_by_seat():
    first = play_game(ENGINE, [STRONG, WEAK], 42, ["random", "random"], record=True)
    again = play_game(ENGINE, [STRONG, WEAK], 42, ["random", "random"], record=True)
    other = play_game(ENGINE, [STRONG, WEAK], 43, ["random", "random"], record=True)
    assert first.as_dict() == again.as_dict() and first.replay == again.replay
    assert first.replay["actions"] != other.replay["actions"]


def test_recording_changes_nothing_but_the_replay():
    plain = play_game(ENGINE, [STRONG, WEAK], 7, ["greedy", "random"])
    recorded = play_game(ENGINE, [STRONG, WEAK], 7, ["greedy", "random"], record=True)
    assert plain.replay is None and recorded.replay is not None
    assert plain.as_dict() == recorded.as_dict()
    assert recorded.steps == len(recorded.replay["actions"])


def test_derive_seed_is_stable():
    assert derive_seed(1, "game", 0) == derive_seed(1, "game", 0)
    assert derive_seed(1, "game", 0) != derive_seed(1, "game", 1)
    assert derive_seed(5, "agent", 1) == 3077589999644381247  # sha256("5/agent/1"), first 8 bytes, 63 bits
    assert 0 <= derive_seed("x") < 2**63


def test_run_games_alternates_seats_and_keeps_game_order():
    results = run_games(ENGINE, [STRONG, WEAK], ["greedy", "random"], games=5, seed=1, chunk_size=2)
    assert [r.index for r in results] == [0, 1, 2, 3, 4]
    assert [r.sides for r in results] == [(0, 1), (1, 0), (0, 1), (1, 0), (0, 1)]
    assert [r.seed for r in results] == [derive_seed(1, "game", i) for i in range(5)]
    fixed = run_games(ENGINE, [STRONG, WEAK], ["greedy", "random"], games=3, seed=1, rotate=False)
    assert all(r.sides == (0, 1) for r in fixed)


def test_progress_is_reported_up_to_the_total():
    seen = []
    run_games(ENGINE, [STRONG, WEAK], ["random", "random"], games=7, seed=1, chunk_size=3,
              progress=lambda done, total: seen.append((done, total)))
    assert seen == [(3, 7), (6, 7), (7, 7)]


def test_byte_identical_json_whatever_the_number_of_workers():
    def report(workers):
        return json.dumps(head_to_head(ENGINE, STRONG, WEAK, games=16, seed=9, agents=("greedy", "random"),
                                       workers=workers), sort_keys=True)

    one, two = report(1), report(2)
    assert one == two
    chunked = run_games(ENGINE, [STRONG, WEAK], ["greedy", "random"], games=16, seed=9, chunk_size=3)
    assert json.dumps(summarize_head_to_head(chunked, ("Strong", "Weak")), sort_keys=True) == one


def test_workers_carry_replays():
    results = run_games(ENGINE, [STRONG, WEAK], ["random", "random"], games=4, seed=2, workers=2, chunk_size=1,
                        record=True)
    assert all(r.replay and r.replay["seed"] == r.seed for r in results)


def _result(index, sides, winners, turns=5, reason="score_reached", mulligans=(0, 0), stats=None):
    stats = stats or [{"drawn": {}, "played": {}}, {"drawn": {}, "played": {}}]
    return GameResult(index=index, seed=index, sides=sides, winners=winners, reason=reason, turns=turns, steps=turns * 2,
                      card_stats=stats, mulligans=list(mulligans))


def test_head_to_head_arithmetic():
    a_card = {"drawn": {"Ace": 2, "Two": 1}, "played": {"Ace": 1}}
    b_card = {"drawn": {"Bee": 1}, "played": {}}
    results = [
        _result(0, (0, 1), (0,), turns=4, stats=[a_card, b_card], mulligans=(1, 0)),  # A in seat 0 wins
        _result(1, (1, 0), (0,), turns=6, stats=[b_card, a_card]),  # B in seat 0 wins
        _result(2, (0, 1), (), turns=9, reason="turn_limit", stats=[a_card, b_card]),  # draw
        _result(3, (1, 0), (1,), turns=6, stats=[b_card, {"drawn": {"Two": 1}, "played": {}}]),  # A wins
    ]
    out = summarize_head_to_head(results, ("Alpha", "Beta"))
    assert out["wins"] == {"a": 2, "b": 1} and out["draws"] == 1 and out["games"] == 4
    assert out["seat_wins"] == {"seat_0": 2, "seat_1": 1}
    low, high = wilson_interval(2, 4)
    assert out["win_rate"]["a"] == {"successes": 2, "trials": 4, "rate": 0.5, "low": round(low, 4),
                                    "high": round(high, 4)}
    assert out["end_reasons"] == {"score_reached": 3, "turn_limit": 1}
    assert out["turns"]["distribution"] == [[4, 1], [6, 2], [9, 1]] and out["turns"]["mean"] == 6.25
    ace = out["cards"]["a"]["Ace"]
    assert (ace["drawn"], ace["games_drawn"], ace["wins_when_drawn"], ace["win_rate_when_drawn"]) == (6, 3, 1, 0.3333)
    assert (ace["played"], ace["games_played"], ace["win_rate_when_played"]) == (3, 3, 0.3333)
    two = out["cards"]["a"]["Two"]
    assert (two["games_drawn"], two["wins_when_drawn"], two["win_rate_when_played"]) == (4, 2, None)
    assert out["cards"]["b"]["Bee"]["win_rate_when_drawn"] == 0.25
    assert out["mulligans"]["a"] == {"total": 1, "games_with_mulligan": 1, "rate": 0.25,
                                     "distribution": [[0, 3], [1, 1]], "win_rate_with_mulligan": 1.0,
                                     "win_rate_without_mulligan": 0.3333}


def test_goldfish_arithmetic():
    results = [_result(0, (0, 1), (0,), turns=5), _result(1, (1, 0), (1,), turns=7),
               _result(2, (0, 1), (1,), turns=3, reason="deck_out"), _result(3, (1, 0), (), turns=40, reason="turn_limit")]
    out = summarize_goldfish(results, "Alpha")
    assert (out["wins"], out["losses"], out["draws"]) == (2, 1, 1)
    assert out["turns_to_win"] == {"count": 2, "mean": 6.0, "median": 6.0, "min": 5, "max": 7,
                                   "distribution": [[5, 1], [7, 1]]}
    assert out["win_rate"]["rate"] == 0.5


def test_distribution_of_nothing():
    assert distribution([]) == {"count": 0, "mean": None, "median": None, "min": None, "max": None,
                                "distribution": []}


def test_modes_on_the_toy_game():
    fish = goldfish(ENGINE, STRONG, games=10, seed=4)
    assert fish["games"] == 10 and fish["wins"] == 10  # a passive opponent never scores
    assert sum(row["played"] for row in fish["cards"].values()) > 0
    match = head_to_head(ENGINE, STRONG, WEAK, games=10, seed=4, agents=("greedy", "greedy"))
    assert match["wins"]["a"] + match["wins"]["b"] + match["draws"] == 10


def test_wilson_interval_known_values():
    low, high = wilson_interval(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 20)[0] == 0.0 and wilson_interval(20, 20)[1] == 1.0
    assert rate_with_interval(0, 0)["rate"] is None


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="2 decks need 2 agents"):
        run_games(ENGINE, [STRONG, WEAK], ["random"], games=1, seed=1)
    with pytest.raises(ValueError, match="workers"):
        run_games(ENGINE, [STRONG, WEAK], ["random", "random"], games=1, seed=1, workers=0)
    with pytest.raises(ValueError, match="agent is a name"):
        run_games(ENGINE, [STRONG, WEAK], ["random", 3], games=1, seed=1)
