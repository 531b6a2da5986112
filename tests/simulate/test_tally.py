"""Additive tallies (rules/core/tally.py): merging chunk tallies equals tallying every game,
in any order and any split, and the figures agree with the CLI's summaries."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.play import GameResult, run_games, summarize_head_to_head
from rules.core.probability import wilson_interval
from rules.core.tally import empty, mean_with_interval, merge, summarize, tally
from tests.rules.core.toy import ENGINE, STRONG, WEAK

CARDS = ("Ace", "Bee", "Cat")


@st.composite
def results(draw):
    n = draw(st.integers(0, 12))
    out = []
    for index in range(n):
        sides = (0, 1) if index % 2 == 0 else (1, 0)
        winners = draw(st.sampled_from([(), (0,), (1,)]))
        stats = [{"drawn": {c: draw(st.integers(0, 3)) for c in CARDS},
                  "played": {c: draw(st.integers(0, 2)) for c in CARDS}} for _ in range(2)]
        out.append(GameResult(index=index, seed=index, sides=sides, winners=winners,
                              reason=draw(st.sampled_from(["a", "b", "turn_limit"])),
                              turns=draw(st.integers(1, 30)), steps=draw(st.integers(1, 90)),
                              card_stats=stats, mulligans=[draw(st.integers(0, 2)) for _ in range(2)]))
    return out


def dump(t):
    return json.dumps(t, sort_keys=True)


@settings(max_examples=60, deadline=None)
@given(results(), st.lists(st.integers(0, 12), max_size=4), st.randoms(use_true_random=False))
def test_merge_of_chunks_is_the_tally_of_all_in_any_order(games, cuts, rng):
    bounds = sorted({0, len(games), *[min(c, len(games)) for c in cuts]})
    chunks = [tally(games[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)]
    rng.shuffle(chunks)
    assert dump(merge(chunks)) == dump(merge([tally(games)]))
    assert merge(chunks)["games"] == len(games)


def test_merge_of_nothing_is_empty():
    assert merge([]) == merge([empty()])
    assert summarize(merge([]), "head_to_head", ["A", "B"])["games"] == 0


def test_summaries_match_the_cli_figures_and_add_intervals():
    games = run_games(ENGINE, [STRONG, WEAK], ["greedy", "random"], games=15, seed=3)
    web = summarize(merge([tally(games[:7]), tally(games[7:])]), "head-to-head", ["Strong", "Weak"])
    assert web == summarize_head_to_head(games, ("Strong", "Weak"))
    low, high = wilson_interval(web["wins"]["a"], 15)
    assert (web["win_rate"]["a"]["low"], web["win_rate"]["a"]["high"]) == (round(low, 4), round(high, 4))
    assert web["turns_mean"]["low"] <= web["turns"]["mean"] <= web["turns_mean"]["high"]


def test_mean_interval_arithmetic():
    figure = mean_with_interval({"4": 2, "6": 2})  # mean 5, sample sd 1.1547, n 4
    assert figure["mean"] == 5.0 and figure["low"] == round(5 - 1.96 * 1.1547005 / 2, 4)
    assert mean_with_interval({"3": 1}) == {"mean": 3.0, "low": None, "high": None, "count": 1}


def test_median_from_histogram_matches_statistics():
    import statistics

    rng = random.Random(1)
    for _ in range(50):
        values = [rng.randint(1, 9) for _ in range(rng.randint(1, 20))]
        t = tally([GameResult(index=i, seed=i, sides=(0, 1), winners=(0,), reason="x", turns=v, steps=v,
                              card_stats=[{"drawn": {}, "played": {}}] * 2, mulligans=[0, 0])
                   for i, v in enumerate(values)])
        out = summarize(t, "goldfish", ["A"])
        assert out["turns"]["median"] == round(float(statistics.median(values)), 4)
        assert out["turns"]["mean"] == round(statistics.fmean(values), 4)
