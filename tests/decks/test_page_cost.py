"""What the deck page costs, and its memoised figures.

A saved deck version never changes, so the deck page keeps what it works out from a deck (its
violations against the format, its charts, the cards and charts as drawn) in the cache, keyed by
the deck, its version and everything they are computed from (``decks.selectors.deck_derived_key``).
These tests pin that the page still shows the deck as it is after every kind of change (a new
version, a format's new ban, a card's edit), that a cached page is the page computed afresh, that
nothing of one person's private deck reaches another, and how many queries the page makes (the
card browser's: tests/cardpool/test_pages.py).
"""

from __future__ import annotations

from html import unescape

import pytest
from django.core.cache import cache

from cardpool.models import Card
from decks import charts, selectors, services
from decks.models import Deck
from tests.decks.conftest import SAMPLE_DECKS

pytestmark = pytest.mark.django_db

#: the deck page, anonymous: the deck, its card rows (cards, sets and games joined), its last versions
DECK_PAGE_QUERIES = 3
#: the deck page for a signed-in viewer: their session and user, and their simulation runs of the deck
DECK_PAGE_QUERIES_SIGNED_IN = 7


def _page(client, deck: Deck, query: str = "") -> str:
    response = client.get(f"/decks/{deck.pk}/{query}")
    assert response.status_code == 200
    return unescape(response.content.decode())


def _fresh_figures(deck: Deck) -> tuple[list[str], list[str]]:
    """The violations' messages and the charts' summaries worked out now, without the cache."""
    deck = Deck.objects.select_related("format").get(pk=deck.pk)
    violations = [v.message for v in selectors.deck_validate(deck)]
    drawn = charts.draw_all(selectors.deck_chart_list(deck))
    return violations, [c["summary"] for c in drawn]


def _shows(page: str, deck: Deck) -> None:
    violations, summaries = _fresh_figures(deck)
    for message in violations:
        assert message in page
    assert ("Why this deck is not legal" in page) == bool(violations)
    for summary in summaries:
        assert f">{summary}</desc>" in page
    assert page.count('<figure class="deck-chart') == len(summaries)


# -- the memoised figures follow every change ----------------------------------------------------------
def test_a_new_version_shows_its_own_violations_and_charts_at_once(client, alice, import_sample):
    deck = import_sample(alice, "boundless-emerald-vanguard.txt", visibility=Deck.PUBLIC)
    first = _page(client, deck)
    _shows(first, deck)
    assert ">Legal<" in first and _page(client, deck) == first  # the second view is served from the cache

    # a new version: nine copies of one card (illegal) and no spirits (another curve, no spirit mix)
    golem = deck.cards.select_related("card").get(card__name="Emeraldefender Golem").card
    sections = {row.section: [] for row in deck.cards.all()}
    for row in deck.cards.select_related("card").exclude(section="spirit"):
        sections[row.section].append((row.card_id, 9 if row.card_id == golem.pk else row.quantity))
    services.deck_set_cards(actor=alice, deck=deck, sections={k: v for k, v in sections.items() if v})
    second = _page(client, deck)
    assert second != first and "Illegal" in second and "Why this deck is not legal" in second
    assert "at most 4" in second[second.index("Emeraldefender Golem</a>"):][:600]
    _shows(second, deck)
    assert "Spirit mix" not in second and "Protect Spirit" not in second
    assert f"version {deck.current_version}," in second

    # and back: the first version's cards give the first version's figures again
    services.deck_set_cards(actor=alice, deck=deck, sections={
        section: [(e["card_id"], e["qty"]) for e in entries]
        for section, entries in deck.versions.get(number=1).snapshot.items()})
    third = _page(client, deck)
    assert ">Legal<" in third and "Why this deck" not in third
    _shows(third, deck)


def test_the_visual_view_of_a_new_version_shows_its_cards(client, alice, import_sample):
    deck = import_sample(alice, "boundless-emerald-vanguard.txt", visibility=Deck.PUBLIC)
    before = _page(client, deck, "?view=visual&group=type")
    row = deck.cards.select_related("card").filter(section="main").order_by("card__name_lower").first()
    assert f"{row.quantity} × {row.card.name}" in before
    services.deck_set_cards(actor=alice, deck=deck, sections={
        r.section: [(x.card_id, x.quantity) for x in deck.cards.filter(section=r.section) if x.pk != row.pk]
        for r in deck.cards.all()})
    after = _page(client, deck, "?view=visual&group=type")
    assert f"× {row.card.name}\"" not in after and after.count('<li class="stack-card') == deck.cards.count()


def test_a_formats_new_ban_shows_on_the_deck_page_without_a_new_version(client, alice, import_sample):
    deck = import_sample(alice, "boundless-emerald-vanguard.txt", visibility=Deck.PUBLIC)
    assert ">Legal<" in _page(client, deck)
    fmt = deck.format or selectors.format_default(deck.game)
    fmt.banned = [*fmt.banned, "Jadewall Colossus"]
    fmt.save()
    page = _page(client, deck)
    assert "Illegal" in page and "Jadewall Colossus" in page[page.index("Why this deck is not legal"):]
    _shows(page, deck)


def test_a_cards_edit_shows_in_the_charts_and_the_card_list(client, alice, import_sample):
    deck = import_sample(alice, "boundless-emerald-vanguard.txt", visibility=Deck.PUBLIC)
    before = _page(client, deck)
    _, summaries = _fresh_figures(deck)
    card = Card.objects.get(game__slug="boundless", name="Jadewall Colossus")
    level = card.attributes.get("level") or 0
    card.attributes = {**card.attributes, "level": level - 1 if level else level + 1}
    card.name = "Jadewall Colossus Reborn"
    card.save()
    after = _page(client, deck)
    assert after != before and "Jadewall Colossus Reborn</a>" in after
    assert _fresh_figures(deck)[1] != summaries  # the level curve moved ...
    _shows(after, deck)  # ... and the page draws it


def test_a_page_from_the_cache_is_the_page_computed_afresh(client, alice, import_sample):
    for filename in SAMPLE_DECKS[::3]:
        deck = import_sample(alice, filename, visibility=Deck.PUBLIC)
        for query in ("", "?view=visual", "?view=visual&group=type"):
            cache.clear()
            fresh = client.get(f"/decks/{deck.pk}/{query}").content
            assert client.get(f"/decks/{deck.pk}/{query}").content == fresh, (filename, query)


def test_a_private_deck_stays_private_after_its_owner_viewed_it(client, alice, bob, import_sample):
    deck = import_sample(alice, "fellbound-gravetide.txt")
    client.force_login(alice)
    assert deck.name in _page(client, deck)  # its figures are in the cache now
    client.force_login(bob)
    assert client.get(f"/decks/{deck.pk}/").status_code == 404
    assert client.get(f"/decks/{deck.pk}/?view=visual").status_code == 404
    client.logout()
    assert client.get(f"/decks/{deck.pk}/").status_code == 404
    # an unlisted deck with its link shows; the same deck without it does not
    services.deck_update(actor=alice, deck=deck, visibility=Deck.UNLISTED)
    assert client.get(f"/decks/{deck.pk}/").status_code == 404
    assert deck.name in _page(client, deck, f"?key={deck.share_token}")


def test_two_decks_with_the_same_cards_each_show_their_own_page(client, alice, bob, import_sample):
    mine = import_sample(alice, "spellbound-ashen-rift.txt", visibility=Deck.PUBLIC)
    theirs = services.deck_copy(actor=bob, deck=mine, name="Borrowed Rift")
    services.deck_update(actor=bob, deck=theirs, visibility=Deck.PUBLIC, description="Bob's notes.")
    first, second = _page(client, mine), _page(client, theirs)
    assert "by <strong>alice</strong>" in first and "Bob's notes." not in first
    assert "by <strong>bob</strong>" in second and "Borrowed Rift" in second and "Bob's notes." in second


# -- how many queries -----------------------------------------------------------------------------------
@pytest.mark.parametrize("filename", SAMPLE_DECKS)
def test_the_deck_page_makes_a_fixed_number_of_queries(client, alice, import_sample, filename,
                                                       django_assert_max_num_queries):
    """Whatever the deck's size or game, and whether its figures are in the cache or not (the first
    view works them out: at most two queries more, its cards' rules data and a derived format's base)."""
    deck = import_sample(alice, filename, visibility=Deck.PUBLIC)
    with django_assert_max_num_queries(DECK_PAGE_QUERIES + 2):
        client.get(f"/decks/{deck.pk}/")
    for query in ("", "?view=visual", "?view=visual&group=type"):
        with django_assert_max_num_queries(DECK_PAGE_QUERIES):
            assert client.get(f"/decks/{deck.pk}/{query}").status_code == 200
    client.force_login(alice)
    client.get(f"/decks/{deck.pk}/")
    with django_assert_max_num_queries(DECK_PAGE_QUERIES_SIGNED_IN):
        assert client.get(f"/decks/{deck.pk}/").status_code == 200


def test_a_featured_card_costs_the_deck_page_no_query(client, alice, import_sample,
                                                      django_assert_max_num_queries):
    deck = import_sample(alice, "boundless-emerald-vanguard.txt", visibility=Deck.PUBLIC)
    card = deck.cards.select_related("card").order_by("-card__name_lower").first().card
    services.deck_set_featured(actor=alice, deck=deck, card_id=card.pk)
    client.get(f"/decks/{deck.pk}/")
    with django_assert_max_num_queries(DECK_PAGE_QUERIES):
        page = _page(client, deck)
    assert f'{card.get_absolute_url()}"><img src="/cards/{card.pk}/thumb.png" alt="Featured card: {card.name}' in page


def test_the_simulation_record_costs_the_same_queries_for_one_run_or_many(client, alice, import_sample,
                                                                          django_assert_max_num_queries):
    """Two queries for the runs and their decks, however many runs; a finished run's figures are
    kept, a running run's are summed again on every view (its chunks still land)."""
    from simulate.models import RunChunk, SimulationRun
    from tests.decks.test_deck_looks import _run

    mine = import_sample(alice, "fellbound-dawnwardens.txt", visibility=Deck.PUBLIC)
    other = import_sample(alice, "fellbound-gravetide.txt", visibility=Deck.PUBLIC)
    client.force_login(alice)
    runs = [_run(alice, [mine, other], "head_to_head", [n, 10 - n], games=10) for n in range(1, 8)]
    client.get(f"/decks/{mine.pk}/")
    with django_assert_max_num_queries(DECK_PAGE_QUERIES_SIGNED_IN + 1):  # + the prefetched run decks
        page = _page(client, mine)
    for n, run in enumerate(runs, 1):
        assert f"/simulations/{run.pk}/" in page and f"{n}–0–{10 - n}" in page

    running = runs[0]
    SimulationRun.objects.filter(pk=running.pk).update(status=SimulationRun.Status.RUNNING)
    tally = RunChunk.objects.get(run=running).tally
    RunChunk.objects.create(run=running, index=1, first_game=10, games=10, status=RunChunk.Status.DONE, tally=tally)
    assert "2–0–18" in _page(client, mine)  # the new chunk counts at once


def test_a_featured_card_from_outside_the_deck_costs_one_query(client, alice, import_sample,
                                                                django_assert_max_num_queries):
    deck = import_sample(alice, "boundless-emerald-vanguard.txt", visibility=Deck.PUBLIC)
    outside = Card.objects.filter(game__slug=deck.game).exclude(pk__in=deck.cards.values("card_id")).first()
    services.deck_set_featured(actor=alice, deck=deck, card_id=outside.pk)
    client.get(f"/decks/{deck.pk}/")
    with django_assert_max_num_queries(DECK_PAGE_QUERIES + 1):
        page = _page(client, deck)
    assert f'{outside.get_absolute_url()}"><img src="/cards/{outside.pk}/thumb.png" alt="Featured card: {outside.name}' in page
    services.deck_set_featured(actor=alice, deck=deck, card_id=None)  # back to the deck's first card, at once
    assert f"Featured card: {outside.name}" not in _page(client, deck)

