"""The deck doctor's method (issue 28, part 2 and 4; docs/metagame.md, "Deck doctor"), on the toy
rules (tests/rules/core/toy.py: a card is worth its value in points): the swaps it proposes are
legal ones only; the candidate keeps the original's card order (paired games stay identical
until the changed card matters); it finds a planted improvement (a deck with an obviously bad card
swapped in) and reports no change for a swap of two copies of one card."""

import math

import pytest

from rules.core.decks import CardSpec, DeckEntry, DeckList
from simulate import doctor
from simulate.doctor import Doctor, Settings, Swap
from tests.rules.core.toy import ENGINE, make_deck

POOL = [CardSpec(id=v, name=f"Card {v}", card_type="number", attributes={"value": v}) for v in range(1, 9)]


def card(v: int) -> CardSpec:
    return POOL[v - 1]


def deck_of(counts: dict[int, int], name: str = "Subject") -> DeckList:
    return DeckList(game="toy", name=name, sections={"deck": [DeckEntry(card(v), n) for v, n in counts.items()]})


def is_legal(deck: DeckList) -> bool:
    """The toy format: 12 cards, at most 6 of a card (what the doctor's validator stands for)."""
    names: dict[str, int] = {}
    for e in deck.entries():
        names[e.card.name] = names.get(e.card.name, 0) + e.qty
    return deck.count() == 12 and max(names.values()) <= 6


#: a good deck with one copy of its best card swapped for the worst card there is
PLANTED = deck_of({5: 6, 6: 5, 1: 1})
FIELD = [make_deck("Even", [4, 5, 6] * 4), make_deck("Low", [3, 4, 5, 6] * 3)]
SETTINGS = Settings(games_per_look=12, max_looks=6, candidates=6, agents=({"name": "greedy"}, {"name": "greedy"}))


def test_only_legal_swaps_are_proposed():
    swaps = doctor.legal_swaps(PLANTED, POOL, is_legal)
    labels = {s.label for s in swaps}
    assert "-1 Card 1, +1 Card 8" in labels and "-1 Card 6, +1 Card 5" not in labels  # 7 of Card 5: too many
    assert all(is_legal(doctor.apply_swap(PLANTED, s, keep_slots=False)) for s in swaps)
    assert not any(s.out == s.card_in.name for s in swaps)


def test_a_candidate_keeps_the_card_order_but_for_one_slot():
    swap = Swap("deck", "Card 6", card(8))
    played = doctor.apply_swap(PLANTED, swap).cards()
    original = PLANTED.cards()
    assert len(played) == len(original)
    assert [i for i, (a, b) in enumerate(zip(played, original, strict=True)) if a != b] == [10]  # the last Card 6 only
    saved = doctor.apply_swap(PLANTED, swap, keep_slots=False)
    assert {e.card.name: e.qty for e in saved.entries()} == {"Card 5": 6, "Card 6": 4, "Card 8": 1, "Card 1": 1}


def test_the_doctor_finds_a_planted_improvement():
    found = Doctor(PLANTED, FIELD, SETTINGS, seed=11)
    report = doctor.run_in_process(found, ENGINE, doctor.legal_swaps(PLANTED, POOL, is_legal))
    assert report["finished"]
    best = next(r for r in report["candidates"] if r["number"] == report["best"])
    assert best["card_out"] == "Card 1" and best["verdict"] == "helps"
    assert best["low"] > 0 and best["low"] <= best["change"] <= best["high"]
    assert report["games_spent"] == sum(r["games"] for r in report["candidates"]) + report["original_games"]
    screen = SETTINGS.games_per_look * len(FIELD)
    assert report["original_games"] == screen + max(r["games"] for r in report["candidates"])  # never paired


def test_a_swap_of_two_copies_of_one_card_is_no_change():
    same = Doctor(PLANTED, FIELD, Settings(games_per_look=6, max_looks=3, candidates=1), seed=3)
    screen = doctor.play_chunk(ENGINE, PLANTED, FIELD, same.settings, 3, 0, 6, record_cards=True)
    same.add(0, screen)
    same.candidates = [doctor.Candidate(1, Swap("deck", "Card 5", card(5)), 0.0)]
    for look in (1, 2, 3):
        for number, first, count in same.look_work(look):
            same.add(number, doctor.play_chunk(ENGINE, same.deck_of(number), FIELD, same.settings, 3, first, count))
        same.assess_look(look)
    row = same.report()["candidates"][0]
    assert row["verdict"] == "no_clear_change" and row["change"] == row["low"] == row["high"] == 0
    assert row["games"] == row["identical"] == 3 * 6 * len(FIELD)


def test_the_interval_is_bonferroni_over_looks_and_candidates():
    settings = Settings(max_looks=4, candidates=5, alpha=0.05)
    assert settings.z() == pytest.approx(3.023, abs=1e-3)  # the 1 - 0.05 / 40 quantile
    a = doctor.assess([[1, 1, 0, 1]], [[0, 1, 0, 0]], z=2.0)
    assert a.change == 0.5 and a.identical == 2 and a.games == 4
    assert a.change - a.low == pytest.approx(2.0 * math.sqrt(1 / 3 / 4))  # SE of 4 differences of variance 1/3
    assert a.high == 1.0  # clipped: a win rate changes by at most 1
