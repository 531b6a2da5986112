"""Additive tallies (rules/core/tally.py, version 2) as the runs store them: merging chunk tallies
equals tallying every game, in any order and any split, for 1 to 5 sides with placements,
returns and declared counters; the figures agree with the CLI's summaries; version 1 tallies
are refused, never misread."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.engine import Outcome
from rules.core.play import GameResult, run_games, seating, summarize_results
from rules.core.probability import wilson_interval
from rules.core.tally import TallyVersionError, empty, mean_with_interval, merge, summarize, tally
from tests.rules.core.toy import ENGINE, STRONG, WEAK, make_deck

CARDS = ("Ace", "Bee", "Cat")


@st.composite
def results(draw, sides: int):
    n = draw(st.integers(0, 12))
    out = []
    for index in range(n):
        if draw(st.booleans()):
            outcome = Outcome.from_returns([draw(st.integers(-3, 9)) for _ in range(sides)], "score")
        else:
            winners = draw(st.sets(st.integers(0, sides - 1), max_size=max(1, sides - 1)))
            outcome = Outcome.from_winners(sides, winners, draw(st.sampled_from(["a", "b", "turn_limit"])))
        counters = [{"drawn": {c: draw(st.integers(0, 3)) for c in CARDS},
                     "played": {c: draw(st.integers(0, 2)) for c in CARDS},
                     "mulligans": draw(st.integers(0, 2))} for _ in range(sides)]
        out.append(GameResult(index=index, seed=index, sides=seating(index, sides), winners=outcome.winners,
                              reason=outcome.reason, turns=draw(st.integers(1, 30)), steps=draw(st.integers(1, 90)),
                              returns=outcome.returns, placements=outcome.placements, counters=counters))
    return out


def dump(t):
    return json.dumps(t, sort_keys=True)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5).flatmap(lambda n: st.tuples(st.just(n), results(n))),
       st.lists(st.integers(0, 12), max_size=4), st.randoms(use_true_random=False))
def test_merge_of_chunks_is_the_tally_of_all_in_any_order(case, cuts, rng):
    sides, games = case
    bounds = sorted({0, len(games), *[min(c, len(games)) for c in cuts]})
    chunks = [tally(games[a:b], sides) for a, b in zip(bounds, bounds[1:], strict=False)] or [empty(sides)]
    rng.shuffle(chunks)
    whole = merge([tally(games, sides)])
    assert dump(merge(chunks)) == dump(whole)
    assert whole["games"] == len(games) and whole["version"] == 2 and whole["sides"] == sides
    figures = summarize(whole, "table", [f"deck {i}" for i in range(sides)])
    for side in figures["sides"]:
        assert sum(n for _, n in side["placements"]) == len(games)
        assert side["wins"] + side["draws"] + side["losses"] == len(games)


def test_merge_of_nothing_is_empty():
    assert merge([]) == merge([empty()])
    assert summarize(merge([]), "head_to_head", ["A", "B"])["games"] == 0
    assert summarize(empty(4), "table", ["A", "B", "C", "D"])["seats"] == 4


def test_version_1_tallies_are_refused():
    with pytest.raises(TallyVersionError, match="version 1"):
        merge([{"games": 1, "draws": 0, "side_wins": [1, 0]}])


def test_summaries_match_the_cli_figures_and_add_intervals():
    games = run_games(ENGINE, [STRONG, WEAK], ["greedy", "random"], games=15, seed=3)
    web = summarize(merge([tally(games[:7]), tally(games[7:])]), "head_to_head", ["Strong", "Weak"], ENGINE)
    assert web == summarize_results(games, "head_to_head", ["Strong", "Weak"], ENGINE)
    strong = web["sides"][0]
    low, high = wilson_interval(strong["wins"], 15)
    assert (strong["win_rate"]["low"], strong["win_rate"]["high"]) == (round(low, 4), round(high, 4))
    assert web["turns_mean"]["low"] <= web["turns"]["mean"] <= web["turns_mean"]["high"]
    assert web["end_reason_labels"]["score_reached"] == "a player reached 20 points"
    assert set(strong["counters"]) == {"mulligans", "bid"} and "drawn" in next(iter(strong["cards"].values()))


def test_four_seat_figures_from_chunks():
    decks = [STRONG, WEAK, make_deck("Middling", [3, 4, 5, 6] * 6), make_deck("Low", [1, 2, 3] * 8)]
    games = run_games(ENGINE, decks, ["greedy"] * 4, games=12, seed=9)
    web = summarize(merge([tally(games[6:], 4), tally(games[:6], 4)]), "table", [d.name for d in decks], ENGINE)
    assert web == summarize_results(games, "table", [d.name for d in decks], ENGINE)
    assert web["seats"] == 4 and sum(web["seat_wins"]) >= 12 - web["draws"]
    means = [side["mean_placement"] for side in web["sides"]]
    assert means[0] == min(means)  # the strong deck places best on average


def test_mean_interval_arithmetic():
    """Student's t interval (issue 27.9): wide on small samples, none below five values."""
    figure = mean_with_interval({"4": 3, "6": 3})  # mean 5, sample sd 1.0954, n 6, t(5) 2.571
    assert figure["mean"] == 5.0 and figure["low"] == round(5 - 2.571 * 1.0954451 / 6 ** 0.5, 4)
    assert not figure["too_few"]
    assert mean_with_interval({"3": 1}) == {"mean": 3.0, "low": None, "high": None, "count": 1, "too_few": True}


def test_tiny_samples_get_no_interval_and_small_ones_a_wide_one():
    """Two games of 8 VP are "too few games", never "8.00 (8.00-8.00)"; five of 7, 8, 8, 8, 9 a t
    interval wider than the normal one; a large sample's t is the normal's within a hair."""
    from rules.core.tally import t95

    two = mean_with_interval({"8": 2})
    assert two["mean"] == 8.0 and two["low"] is None and two["high"] is None and two["too_few"]
    assert mean_with_interval({})["too_few"] and mean_with_interval({"1": 4})["too_few"]
    five = mean_with_interval({"7": 1, "8": 3, "9": 1})
    sd = (2 / 4) ** 0.5
    assert five["high"] - five["low"] == pytest.approx(2 * 2.776 * sd / 5 ** 0.5, abs=1e-3)
    assert five["high"] - five["low"] > 2 * 1.96 * sd / 5 ** 0.5
    assert t95(30) == 2.042 and t95(31) == pytest.approx(2.0395, abs=1e-3) and t95(1000) == pytest.approx(1.9623, abs=1e-3)


def test_median_from_histogram_matches_statistics():
    import statistics

    rng = random.Random(1)
    outcome = Outcome.from_winners(2, [0], "x")
    for _ in range(50):
        values = [rng.randint(1, 9) for _ in range(rng.randint(1, 20))]
        t = tally([GameResult(index=i, seed=i, sides=(0, 1), winners=(0,), reason="x", turns=v, steps=v,
                              returns=outcome.returns, placements=outcome.placements, counters=[{}, {}])
                   for i, v in enumerate(values)])
        out = summarize(t, "goldfish", ["A"])
        assert out["turns"]["median"] == round(float(statistics.median(values)), 4)
        assert out["turns"]["mean"] == round(statistics.fmean(values), 4)
