"""``construction.random_legal_deck``: Standard decks drawn from the whole card pool, and random games
played with them (the checks of test_consistency_and_agents.py, on decks the samples never hold)."""

from __future__ import annotations

import random
from collections import Counter

from rules.core.construction import validate_deck
from rules.core.registry import get_construction
from rules.spellbound.construction import random_legal_deck
from rules.spellbound.engine import ENGINE
from tests.rules.spellbound.helpers import POOL
from tests.rules.spellbound.test_consistency_and_agents import play

GAMES = 30


def _contents(deck) -> tuple:
    return tuple(sorted((section, e.card.name, e.qty) for section in deck.sections for e in deck.entries(section)))


def test_fifty_random_decks_are_legal_varied_and_repeatable():
    """spellbound-chaos-divided.txt, "1. Breakdown of a Card" 1a (four of a name, Basic Converts
    unlimited) and "3. Divisions of Cards" 7 and 8 (one bounder, one soul pond): ``validate_deck``
    accepts every deck under ``standard``; the decks differ and the same RNG state repeats one."""
    rng = random.Random(32)
    decks = [get_construction("spellbound").random_legal_deck(POOL.pool, rng) for _ in range(50)]
    for deck in decks:
        assert deck.format == "standard" and not validate_deck(deck), validate_deck(deck)
        assert deck.count("bounder") == deck.count("soul_pond") == 1 and 30 <= deck.count("library") <= 50
        assert 12 <= sum(e.qty for e in deck.entries("library") if e.card.card_type == "convert") <= 20
    assert len({_contents(d) for d in decks}) == 50
    assert len({d.entries("bounder")[0].card.name for d in decks}) > 1
    assert len({d.entries("soul_pond")[0].card.name for d in decks}) > 1
    drawn = {e.card.name for d in decks for e in d.entries("library")}
    spells = {c.name for c in POOL.pool if c.card_type not in ("bounder", "soul_pond")}
    assert len(drawn) > 0.9 * len(spells)  # the whole pool, not a corner of it
    assert _contents(random_legal_deck(POOL.pool, random.Random(7))) == \
        _contents(random_legal_deck(POOL.pool, random.Random(7)))


def test_random_games_with_random_legal_decks_end_conserve_cards_and_never_go_negative():
    """Random play with fresh random decks: every game ends by a rule, no card is lost or duplicated,
    no value goes below zero, hands are at most nine at a turn's end, and the seed repeats the game."""
    rng = random.Random(3200)
    reasons = Counter()
    for game in range(GAMES):
        decks = [random_legal_deck(POOL.pool, rng) for _ in range(2)]
        state, played = play(game, checks=game % 2 == 0, decks=decks)
        reasons[state.outcome.reason] += 1
        if game % 10 == 0:
            again = ENGINE.start(decks, game)
            for seat, action in played:
                again.apply_checked(action, seat)
            assert again.events == state.events
    print("random-deck games by end reason:", dict(reasons))
    assert set(reasons) <= {"bounder", "library", "turn_limit"} and reasons["turn_limit"] <= GAMES // 10
