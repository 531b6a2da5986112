"""Issue 25, part 2: the validator's "did you mean" costs the same whatever the size of the pool.

It used to load every card name of the game and run difflib over them for each unknown name: 600
near-miss names (25 KB, anonymous) took 5 s on the stock pool and, at 90,000 cards, a handful of
requests took the site down. Suggestions now come from an index built once
(``cardpool.name_index``), for at most ``SUGGESTIONS_PER_REQUEST`` names a request; the work is
bounded by counting it (queries, postings read, names scored), never by a clock.
"""

from __future__ import annotations

import random
import threading

import pytest

from cardpool import name_index
from cardpool.models import Card
from cardpool.name_index import (
    CANDIDATES_PER_NAME,
    POSTINGS_PER_NAME,
    SUGGESTIONS_PER_REQUEST,
    NameIndex,
    Suggester,
)

pytestmark = pytest.mark.django_db


def _near_misses(game: str, count: int) -> list[str]:
    """``count`` names one letter away from the game's real names (a letter dropped)."""
    names = sorted(set(Card.objects.filter(game__slug=game).values_list("name", flat=True)))
    rng = random.Random(25)
    out = []
    while len(out) < count:
        name = rng.choice(names)
        at = rng.randrange(len(name))
        out.append(name[:at] + name[at + 1:] + "q")  # never a real name
    return out


def _sections(names: list[str]) -> dict:
    return {"main": [{"name": n, "qty": 1} for n in names]}


def test_600_near_miss_names_cost_a_bounded_number_of_queries(client, card_pool, django_assert_max_num_queries):
    names = _near_misses("boundless", 600)
    # one counts the rate; before, every unknown name added one that read every name
    with django_assert_max_num_queries(9):
        response = client.post("/api/decks/validate/", {"game": "boundless", "sections": _sections(names)},
                               content_type="application/json")
    assert response.status_code == 200
    unknown = [v for v in response.json()["violations"] if v["code"] == "unknown_card"]
    assert len(unknown) == 600
    hinted = [v for v in unknown if "did you mean" in v["message"]]
    assert 0 < len(hinted) <= SUGGESTIONS_PER_REQUEST
    assert unknown[0]["message"].startswith("main[0]: no Boundless TCG card named ")


def test_the_index_is_built_once_for_many_requests(client, card_pool, monkeypatch):
    reads = []
    real = name_index._read_names
    monkeypatch.setattr(name_index, "_read_names", lambda game: reads.append(game) or real(game))
    for _ in range(3):
        body = {"game": "boundless", "sections": _sections(_near_misses("boundless", 30))}
        assert client.post("/api/decks/validate/", body, content_type="application/json").status_code == 200
    assert reads == ["boundless"]


def test_suggestions_still_name_the_closest_card(client, card_pool):
    body = {"game": "boundless", "sections": {"main": [{"name": "emeraldefender golm", "qty": 1}]}}
    message = client.post("/api/decks/validate/", body, content_type="application/json").json()["violations"][0]
    assert "did you mean 'Emeraldefender Golem'" in message["message"]
    text = client.post("/api/decks/validate/", {"game": "boundless", "text": "Main:\n2 Emeraldefender Golm\n"},
                       content_type="application/json")
    assert text.status_code == 400
    assert text.json()["errors"][0]["message"] == ("unknown card 'Emeraldefender Golm'; "
                                                   "did you mean 'Emeraldefender Golem'?")


def test_deck_text_reads_only_the_cards_it_names(client, card_pool, monkeypatch, django_assert_max_num_queries):
    """The text path loaded every card of the game as a CardSpec per request; now only the named ones."""
    from decks import selectors

    made = []
    real = selectors.card_to_spec
    monkeypatch.setattr(selectors, "card_to_spec", lambda card: made.append(card.pk) or real(card))
    names = _near_misses("boundless", 590) + ["Emeraldefender Golem"]
    text = "Main:\n" + "".join(f"1 {n}\n" for n in names)
    with django_assert_max_num_queries(20):
        response = client.post("/api/decks/validate/", {"game": "boundless", "text": text},
                               content_type="application/json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert len(errors) == 590 and sum("did you mean" in e["message"] for e in errors) <= SUGGESTIONS_PER_REQUEST
    assert len(made) <= Card.objects.filter(game__slug="boundless", name="Emeraldefender Golem").count()


def _pool(size: int) -> list[str]:
    rng = random.Random(size)
    syllables = "ka ri mo dra gol em ber ash tide root star hol low dre am sto rm ir on ve il".split()
    return sorted({" ".join("".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))).title()
                            for _ in range(rng.randint(1, 3))) for _ in range(size)})


@pytest.mark.parametrize("size", [2_000, 60_000])
def test_one_suggestion_reads_a_bounded_number_of_postings_whatever_the_pool(size, monkeypatch):
    scored = []
    real = name_index.process.extract
    monkeypatch.setattr(name_index.process, "extract",
                        lambda query, choices, **kw: scored.append(len(choices)) or real(query, choices, **kw))
    index = NameIndex(_pool(size))
    target = index.names[len(index.names) // 2]
    assert target in index.suggest(target[:-1])  # one letter short: still found
    for name in ("the", "a an the of", target[::-1], "x" * 200):
        before = index.work
        index.suggest(name)
        assert index.work - before <= POSTINGS_PER_NAME
    assert max(scored) <= CANDIDATES_PER_NAME


def test_a_request_gets_suggestions_for_so_many_names_and_no_longer_than_its_budget(card_pool):
    suggest = Suggester("boundless", most=3)
    assert [bool(suggest("Emeraldefender Golm")) for _ in range(5)] == [True, True, True, False, False]
    assert suggest.given == 3 and suggest.skipped == 2
    now = [0.0]
    late = Suggester("boundless", seconds=1.0, clock=lambda: now[0])
    assert late("Emeraldefender Golm")
    now[0] = 2.0  # the request's time for suggestions is spent: none after it
    assert late("Emeraldefender Golm") == [] and late.skipped == 1


def test_an_old_index_is_rebuilt_in_the_background_while_requests_use_it(monkeypatch):
    pools = iter([["Emeraldefender Golem"], ["Emeraldefender Golem", "Emerald Drake"]])
    monkeypatch.setattr(name_index, "_read_names", lambda game: next(pools))
    first = name_index.name_index("boundless")
    assert name_index.name_index("boundless") is first  # built once
    first.built -= name_index.INDEX_SECONDS + 1
    assert name_index.name_index("boundless") is first  # no request waits for the new one
    for thread in threading.enumerate():
        if thread.name == "name-index-boundless":
            thread.join()
    assert name_index.name_index("boundless").names == ["Emeraldefender Golem", "Emerald Drake"]
