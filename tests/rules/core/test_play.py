"""Playing games and the simulation modes, on the toy game: determinism, seats, aggregation."""

import json

import pytest

from rules.core.play import (
    GameResult,
    derive_seed,
    goldfish,
    head_to_head,
    play_game,
    run_games,
    seating,
    summarize_results,
    table,
)
from rules.core.probability import wilson_interval
from rules.core.tally import histogram_figures, rate_with_interval
from tests.rules.core.toy import ENGINE, STRONG, WEAK, make_deck

MID = make_deck("Mid", [3, 4, 5] * 6)
LOW = make_deck("Low", [1, 2, 9] * 6)


def test_same_seed_same_game_and_agents_seeded_by_seat():
    first = play_game(ENGINE, [STRONG, WEAK], 42, ["random", "random"], record=True)
    again = play_game(ENGINE, [STRONG, WEAK], 42, ["random", "random"], record=True)
    other = play_game(ENGINE, [STRONG, WEAK], 43, ["random", "random"], record=True)
    assert first.as_dict() == again.as_dict() and first.replay == again.replay
    assert first.replay["moves"] != other.replay["moves"]


def test_recording_changes_nothing_but_the_replay():
    plain = play_game(ENGINE, [STRONG, WEAK], 7, ["greedy", "random"])
    recorded = play_game(ENGINE, [STRONG, WEAK], 7, ["greedy", "random"], record=True)
    assert plain.replay is None and recorded.replay is not None
    assert plain.as_dict() == recorded.as_dict()
    assert recorded.steps == len(recorded.replay["moves"])


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
    assert json.dumps(summarize_results(chunked, "head_to_head", ["Strong", "Weak"], ENGINE), sort_keys=True) == one


def test_workers_carry_replays():
    results = run_games(ENGINE, [STRONG, WEAK], ["random", "random"], games=4, seed=2, workers=2, chunk_size=1,
                        record=True)
    assert all(r.replay and r.replay["seed"] == r.seed for r in results)


def _counters(drawn=None, played=None, mulligans=0):
    return {"drawn": drawn or {}, "played": played or {}, "mulligans": mulligans}


def _result(index, sides, winners, turns=5, reason="score_reached", counters=None, placements=None, returns=None):
    n = len(sides)
    counters = counters or [_counters() for _ in range(n)]
    if placements is None:
        placements = tuple(1 if not winners or seat in winners else 2 for seat in range(n))
    if returns is None:
        returns = tuple(0.0 if not winners else 1.0 if seat in winners else -1.0 for seat in range(n))
    return GameResult(index=index, seed=index, sides=sides, winners=winners, reason=reason, turns=turns,
                      steps=turns * 2, returns=returns, placements=placements, counters=counters)


def test_head_to_head_arithmetic():
    a_card = _counters({"Ace": 2, "Two": 1}, {"Ace": 1})
    b_card = _counters({"Bee": 1})
    results = [
        _result(0, (0, 1), (0,), turns=4, counters=[{**a_card, "mulligans": 1}, b_card]),  # A in seat 0 wins
        _result(1, (1, 0), (0,), turns=6, counters=[b_card, a_card]),  # B in seat 0 wins
        _result(2, (0, 1), (), turns=9, reason="turn_limit", counters=[a_card, b_card]),  # draw
        _result(3, (1, 0), (1,), turns=6, counters=[b_card, _counters({"Two": 1})]),  # A wins
    ]
    out = summarize_results(results, "head_to_head", ["Alpha", "Beta"], ENGINE)
    a, b = out["sides"]
    assert (a["name"], a["wins"], a["draws"], a["losses"]) == ("Alpha", 2, 1, 1)
    assert (b["wins"], b["losses"]) == (1, 2) and out["games"] == 4 and out["draws"] == 1
    assert out["seat_wins"] == [2, 1]
    low, high = wilson_interval(2, 4)
    assert a["win_rate"] == {"successes": 2, "trials": 4, "rate": 0.5, "low": round(low, 4), "high": round(high, 4)}
    assert a["placements"] == [[1, 3], [2, 1]] and a["mean_placement"] == 1.25
    assert a["mean_return"]["mean"] == 0.25 and b["mean_return"]["mean"] == -0.25
    assert out["end_reasons"] == {"score_reached": 3, "turn_limit": 1}
    assert out["end_reason_labels"]["score_reached"] == "a player reached 20 points"
    assert out["turns"]["distribution"] == [[4, 1], [6, 2], [9, 1]] and out["turns"]["mean"] == 6.25
    ace = a["cards"]["Ace"]
    assert (ace["drawn"]["count"], ace["drawn"]["games"], ace["drawn"]["wins"], ace["drawn"]["win_rate"]) == (6, 3, 1, 0.3333)
    assert (ace["played"]["count"], ace["played"]["games"], ace["played"]["win_rate"]) == (3, 3, 0.3333)
    two = a["cards"]["Two"]
    assert (two["drawn"]["games"], two["drawn"]["wins"]) == (4, 2) and "played" not in two
    assert b["cards"]["Bee"]["drawn"]["win_rate"] == 0.25
    assert a["counters"]["mulligans"] == {"total": 1, "mean": 0.25, "games_with": 1, "rate": 0.25,
                                          "distribution": [[0, 3], [1, 1]], "win_rate_with": 1.0,
                                          "win_rate_without": 0.3333}


def test_placements_and_returns_for_four_seats():
    """Four decks at one table, seats rotating: placements (ties shared) and mean return per deck."""
    results = [
        _result(0, (0, 1, 2, 3), (0,), returns=(20, 15, 15, 3), placements=(1, 2, 2, 4)),
        _result(1, (1, 2, 3, 0), (3,), returns=(10, 12, 9, 21), placements=(3, 2, 4, 1)),
    ]
    out = summarize_results(results, "table", ["A", "B", "C", "D"], ENGINE)
    a, b, c, d = out["sides"]
    assert a["wins"] == 2 and a["placements"] == [[1, 2]] and a["mean_return"]["mean"] == 20.5
    assert b["placements"] == [[2, 1], [3, 1]] and b["mean_placement"] == 2.5
    assert c["placements"] == [[2, 2]] and d["placements"] == [[4, 2]]
    assert out["seat_wins"] == [1, 0, 0, 1] and out["seats"] == 4


def test_goldfish_arithmetic():
    results = [_result(0, (0, 1), (0,), turns=5), _result(1, (1, 0), (1,), turns=7),
               _result(2, (0, 1), (1,), turns=3, reason="deck_out"), _result(3, (1, 0), (), turns=40, reason="turn_limit")]
    out = summarize_results(results, "goldfish", ["Alpha", "Goldfish opponent"])
    deck = out["sides"][0]
    assert (deck["wins"], deck["losses"], deck["draws"]) == (2, 1, 1)
    assert deck["turns_to_win"] == {"count": 2, "mean": 6.0, "median": 6.0, "min": 5, "max": 7,
                                    "distribution": [[5, 1], [7, 1]]}
    assert deck["win_rate"]["rate"] == 0.5


def test_histogram_of_nothing():
    assert histogram_figures({}) == {"count": 0, "mean": None, "median": None, "min": None, "max": None,
                                     "distribution": []}


def test_seating_rotates_every_side_through_every_seat():
    assert [seating(i, 2) for i in range(3)] == [(0, 1), (1, 0), (0, 1)]
    assert [seating(i, 3) for i in range(3)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert seating(5, 4, rotate=False) == (0, 1, 2, 3)


def test_four_seat_table_and_teams_on_the_toy_game():
    out = table(ENGINE, [STRONG, WEAK, MID, LOW], games=12, seed=3, agents=["greedy", "random", "random", "random"])
    assert out["games"] == 12 and len(out["sides"]) == 4
    assert all(sum(n for _, n in side["placements"]) == 12 for side in out["sides"])
    assert sum(side["wins"] for side in out["sides"]) >= 12 - out["draws"]  # ties for first: several winners
    assert sum(out["seat_wins"]) == sum(side["wins"] for side in out["sides"])
    teams = play_game(ENGINE, [STRONG, WEAK, MID, LOW], 5, ["random"] * 4, options={"teams": [[0, 2], [1, 3]]})
    assert teams.placements[0] == teams.placements[2] and teams.placements[1] == teams.placements[3]
    assert set(teams.winners) in ({0, 2}, {1, 3}, set())


def test_modes_on_the_toy_game():
    fish = goldfish(ENGINE, STRONG, games=10, seed=4)
    deck = fish["sides"][0]
    assert fish["games"] == 10 and deck["wins"] == 10  # a passive opponent never scores
    assert sum(row["played"]["count"] for row in deck["cards"].values() if "played" in row) > 0
    match = head_to_head(ENGINE, STRONG, WEAK, games=10, seed=4, agents=("greedy", "greedy"))
    assert match["sides"][0]["wins"] + match["sides"][1]["wins"] + match["draws"] == 10


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
