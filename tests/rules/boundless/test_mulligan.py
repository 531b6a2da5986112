"""The greedy agent's mulligan ("BEFORE YOU START" - MULLIGAN; docs/rules-notes.md, Boundless
engine, "Mulligan: what greedy keeps").

Before the first turn the evaluation scores the opening hands: a mulligan by the cards it keeps
plus the exact expected value of the redraw, never by the cards one sampled world happens to
redraw (scored that way, the best of 31 noisy redraws beat "keep" in ~96% of games).
"""

from __future__ import annotations

import itertools
import random

from rules.boundless import ai
from rules.boundless.engine import ENGINE, new_game
from rules.core.agents import make_agent

from .helpers import sample_deck, sample_decks


def set_hand(state, p: int, *card_names: str) -> None:
    """Replace player p's opening hand with the named cards from their main deck (p is to decide)."""
    state.main_deck[p] += state.hand[p]
    state.hand[p] = []
    for name in card_names:
        card = next(c for c in state.main_deck[p] if state.card_defs[c].name == name)
        state.main_deck[p].remove(card)
        state.hand[p].append(card)
    state._ask_mulligan(p)  # the options name the cards in hand: ask again


def greedy_choice(state, seed: int = 1) -> str:
    agent = make_agent("greedy", seed, evaluate=ENGINE.evaluate)
    return str(agent.choose(state, state.current_players()[0]))


def test_expected_hand_value_is_the_exact_mean_over_every_redraw():
    pool = (3, 2, 2, 1)  # level 0 forms, level 1+ forms, commands, other
    cards = [0] * 3 + [1] * 2 + [2] * 2 + [3]
    for kept in ((0, 0, 0), (1, 0, 0), (0, 1, 1)):
        for draws in range(4):
            hands = list(itertools.combinations(range(len(cards)), draws))
            brute = sum(ai.hand_value(kept[0] + sum(cards[i] == 0 for i in h), kept[1] + sum(cards[i] == 1 for i in h),
                                      kept[2] + sum(cards[i] == 2 for i in h)) for h in hands) / len(hands)
            assert abs(ai.expected_hand_value(kept, pool, draws) - brute) < 1e-12


def test_opening_value_judges_the_kept_cards_not_the_redraw_luck():
    """The same mulligan scores the same in every sampled world, whatever it redraws."""
    state = new_game([sample_deck("emerald-vanguard"), sample_deck("akumaiden-onslaught")], seed=5)
    values = set()
    for seed in range(8):
        world = state.determinize(0, random.Random(seed))
        world.apply(world.legal_actions(0)[7], 0)  # the same cards put back in each world
        values.add(round(ai.opening_value(world, 0), 12))
    assert len(values) == 1


def test_greedy_keeps_a_hand_with_a_level_0_form_a_follow_up_and_a_command():
    state = new_game([sample_deck("emerald-vanguard"), sample_deck("akumaiden-onslaught")], seed=5)
    set_hand(state, 0, "Pebbleheart Sentry", "Mosslit Pebbler", "Emeraldefender Golem", "Call of the Grove",
             "Spirit Surge")
    assert greedy_choice(state) == "keep"


def test_greedy_puts_back_cards_from_a_hand_without_a_level_0_form():
    state = new_game([sample_deck("emerald-vanguard"), sample_deck("akumaiden-onslaught")], seed=5)
    set_hand(state, 0, "Emeraldefender Golem", "Jadewall Colossus", "Verdigris Warden", "Call of the Grove",
             "Spirit Surge")
    choice = greedy_choice(state)
    assert choice.startswith("mulligan")
    back = [int(k) for k in choice.split()[1:]]  # the kinds put back
    kept = [state.card_defs[c] for c in state.hand[0]]
    for k in back:
        kept.remove(next(d for d in kept if d.kind == k))
    assert all(not (d.ctype == "form" and d.level == 0) for d in kept)  # (there was none to keep)
    assert len(kept) < 5


def test_greedy_mulligans_well_under_half_of_its_opening_hands():
    """Margin: over the sample decks, greedy puts cards back in fewer than 35% of opening hands
    (exact and repeatable: seeded setups; the old scoring mulliganed ~96%)."""
    mulligans = hands = 0
    for number, deck in enumerate(sample_decks()):
        for game in range(40):
            state = ENGINE.start([deck, deck], seed=1000 * number + game)
            for p in (0, 1):
                action = make_agent("greedy", game * 2 + p, evaluate=ENGINE.evaluate).choose(state, p)
                state.apply(action, p)
                mulligans += action.verb == "mulligan"
                hands += 1
    assert mulligans / hands < 0.35, f"greedy mulliganed {mulligans} of {hands} opening hands"


def test_the_greedy_shortcut_scores_each_mulligan_exactly_as_playing_it_out():
    """``ai.mulligan_values`` (the greedy agent's ``greedy_values`` shortcut) must give, for every
    option, the very score ``evaluate`` gives the game after that option is played: else the
    shortcut would drift from the evaluation and greedy would choose other mulligans."""
    names = ["emerald-vanguard", "akumaiden-onslaught"]
    checked = 0
    for seed in range(6):
        for first, second in ((names[0], names[1]), (names[1], names[0])):
            state = new_game([sample_deck(first), sample_deck(second)], seed=seed)
            for _ in range(2):  # the first player's mulligan, then the second's
                player = state.current_players()[0]
                world = state.determinize(player, random.Random(seed))
                actions = world.legal_actions(player)
                shortcut = world.greedy_values(player, actions, ai.evaluate)
                assert shortcut is not None and len(shortcut) == len(actions)
                for action, value in zip(actions, shortcut, strict=True):
                    after = world.clone()
                    after.apply(action, player)
                    assert value == ai.evaluate(after, player), (seed, player, str(action))
                    checked += 1
                state.apply(actions[seed % len(actions)], player)
    assert checked > 100
    assert world.greedy_values(player, actions, lambda s, p: 0.0) is None  # another evaluation: played out
