"""Deck services: versions on every save, version diffs, all-or-nothing import, copies, formats."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from cardpool.models import Card
from decks import selectors, services
from decks.models import Deck, DeckVersion, Format
from rules.core.decks import format_deck_text, parse_deck_text
from rules.core.registry import game_slugs, get_game
from tests.decks.conftest import SAMPLE_DECKS, db_state, game_of, sample_text

pytestmark = pytest.mark.django_db


def _card(game: str, name: str) -> Card:
    return Card.objects.filter(game__slug=game, name=name).first()


def test_builtin_formats_are_synced_for_every_game(card_pool):
    """Issue part 4: every game has `standard`; FellBound adds `aligned` and `random` (docs/architecture.md)."""
    for game in game_slugs():
        assert Format.objects.filter(game=game, slug="standard", builtin=True).exists(), game
    assert set(Format.objects.filter(game="fellbound").values_list("slug", flat=True)) >= {"standard", "aligned", "random"}
    assert services.format_sync_builtin() >= len(game_slugs())  # idempotent, no duplicates
    assert Format.objects.filter(game="boundless", slug="standard").count() == 1


@pytest.mark.parametrize("filename", SAMPLE_DECKS)
def test_every_sample_deck_imports_legal_and_round_trips(alice, import_sample, filename):
    deck = import_sample(alice, filename)
    assert deck.is_legal, deck.violations
    assert deck.current_version == 1 and deck.versions.count() == 1
    spec = get_game(deck.game)
    text = format_deck_text(selectors.deck_to_decklist(deck), spec)
    again = services.deck_parse_text(game=deck.game, text=text)
    original = services.deck_parse_text(game=deck.game, text=sample_text(filename))
    summary = lambda d: {s: sorted((e.card.name, e.qty) for e in es) for s, es in d.sections.items()}  # noqa: E731
    assert summary(again) == summary(original)
    assert parse_deck_text(text, spec).errors == []


def test_each_save_keeps_a_version_and_diff_shows_changes(alice, card_pool):
    deck = services.deck_create(owner=alice, game="boundless", name="Golems")
    golem, pebbler = _card("boundless", "Emeraldefender Golem"), _card("boundless", "Mosslit Pebbler")
    savior = _card("boundless", "Sylvara, Emerald Warden")
    services.deck_set_cards(actor=alice, deck=deck, sections={"main": [(golem.pk, 2), ("Mosslit Pebbler", 3)]})
    services.deck_set_cards(actor=alice, deck=deck, sections={"main": [(golem.pk, 4)], "savior": [(savior.pk, 1)]})
    deck.refresh_from_db()
    assert deck.current_version == 3
    assert list(deck.versions.values_list("number", flat=True)) == [3, 2, 1]
    v1, v2, v3 = (selectors.deck_version_get(deck, n) for n in (1, 2, 3))
    assert v2.snapshot["main"] == [{"card_id": golem.pk, "name": golem.name, "qty": 2},
                                   {"card_id": pebbler.pk, "name": pebbler.name, "qty": 3}]

    diff = selectors.deck_version_diff(v2, v3)
    assert diff["sections"]["main"]["changed"] == [{"name": golem.name, "card_id": golem.pk, "before": 2, "after": 4}]
    assert diff["sections"]["main"]["removed"] == [{"name": pebbler.name, "card_id": pebbler.pk, "qty": 3}]
    assert diff["sections"]["savior"]["added"] == [{"name": savior.name, "card_id": savior.pk, "qty": 1}]
    assert diff["counts"] == {"added": 1, "removed": 1, "changed": 1}
    assert selectors.deck_version_diff(v1, v1)["counts"] == {"added": 0, "removed": 0, "changed": 0}
    assert selectors.deck_version_diff(v1, v3)["counts"]["added"] == 2


def test_rename_keeps_a_version_but_visibility_alone_does_not(alice, card_pool):
    deck = services.deck_create(owner=alice, game="bos", name="Red")
    services.deck_update(actor=alice, deck=deck, visibility=Deck.PUBLIC)
    assert deck.current_version == 1
    services.deck_update(actor=alice, deck=deck, name="Red rush")
    assert deck.current_version == 2
    diff = selectors.deck_version_diff(*deck.versions.order_by("number"))
    assert diff["name"] == ["Red", "Red rush"]


def test_an_illegal_deck_is_saved_with_its_violations(alice, card_pool):
    """Issue part 5: an illegal deck can be saved, shown as illegal with its reasons."""
    deck = services.deck_create(owner=alice, game="boundless", name="Thin",
                                sections={"main": [("Emeraldefender Golem", 9)]})
    deck.refresh_from_db()
    assert not deck.is_legal
    codes = {v["code"] for v in deck.violations}
    assert "too_many_copies" in codes and "main_size" in codes
    assert all(v["rule"].startswith("boundless-tcg.txt") for v in deck.violations if v["code"] != "unknown_card")


def test_import_is_all_or_nothing_with_line_errors_and_nearest_names(alice, card_pool):
    text = sample_text("boundless-emerald-vanguard.txt").replace("Mosslit Pebbler", "Mosslit Peblr")
    text += "\nNonsense line here\n"
    before = db_state()
    with pytest.raises(services.DeckTextErrors) as caught:
        services.deck_import_text(owner=alice, game="boundless", text=text)
    errors = caught.value.errors
    assert [e.line for e in errors] == sorted(e.line for e in errors)
    unknown = next(e for e in errors if "Mosslit Peblr" in e.message)
    assert "Mosslit Pebbler" in unknown.message and unknown.line == 9
    assert any("Nonsense" in e.message for e in errors)
    assert db_state() == before


def test_set_cards_with_unknown_cards_changes_nothing(alice, card_pool):
    deck = services.deck_create(owner=alice, game="fellbound", name="F", sections={"deck": [("Hearthward Mender", 1)]})
    before = db_state()
    with pytest.raises(services.DeckContentErrors) as caught:
        services.deck_set_cards(actor=alice, deck=deck, sections={"deck": [("No Such Card", 1)], "bogus": [(1, 1)]})
    assert {v.code for v in caught.value.violations} == {"unknown_card", "unknown_section"}
    assert db_state() == before


def test_only_the_owner_may_change_through_services(alice, bob, card_pool):
    deck = services.deck_create(owner=alice, game="fellbound", name="Mine")
    before = db_state()
    for call in (lambda: services.deck_update(actor=bob, deck=deck, name="Stolen"),
                 lambda: services.deck_set_cards(actor=bob, deck=deck, sections={}),
                 lambda: services.deck_delete(actor=bob, deck=deck)):
        with pytest.raises(PermissionDenied):
            call()
    assert db_state() == before


def test_copy_a_public_deck_into_ones_own(alice, bob, import_sample):
    deck = import_sample(alice, "fellbound-dawnwardens.txt", visibility=Deck.PUBLIC)
    copy = services.deck_copy(actor=bob, deck=deck)
    assert copy.owner == bob and copy.visibility == Deck.PRIVATE and copy.copied_from == deck
    assert copy.format == deck.format and copy.is_legal and copy.current_version == 1
    rows = lambda d: sorted(d.cards.values_list("card_id", "section", "quantity"))  # noqa: E731
    assert rows(copy) == rows(deck)
    assert "copied from" in copy.versions.get().note


def test_copy_of_someone_elses_private_deck_is_refused_but_own_is_fine(alice, bob, import_sample):
    deck = import_sample(alice, "fellbound-dawnwardens.txt")
    with pytest.raises(PermissionDenied):
        services.deck_copy(actor=bob, deck=deck)
    assert services.deck_copy(actor=alice, deck=deck).owner == alice


def test_an_admin_format_with_a_base_adds_a_ban(alice, import_sample):
    """Issue part 4: formats are data; a house ban list needs a row, not code."""
    Format.objects.create(game="fellbound", slug="house", name="House bans", base="aligned",
                          banned=["Hearthward Mender"])
    deck = import_sample(alice, "fellbound-dawnwardens.txt")
    services.deck_update(actor=alice, deck=deck, fmt="house")
    deck.refresh_from_db()
    assert not deck.is_legal
    assert [v["code"] for v in deck.violations] == ["banned_card"]
    assert deck.format.spec().limit("forbidden_pairs")  # inherited from the aligned base


def test_unknown_format_is_refused(alice, card_pool):
    with pytest.raises(services.DeckError, match="unknown format"):
        services.deck_create(owner=alice, game="bos", name="x", fmt="nope")
    assert not Deck.objects.exists()


def test_versions_are_numbered_per_deck(alice, card_pool):
    a = services.deck_create(owner=alice, game="bos", name="A")
    b = services.deck_create(owner=alice, game="bos", name="B")
    services.deck_set_cards(actor=alice, deck=a, sections={})
    assert sorted(DeckVersion.objects.filter(deck=a).values_list("number", flat=True)) == [1, 2]
    assert list(DeckVersion.objects.filter(deck=b).values_list("number", flat=True)) == [1]


def test_game_of_sample_names():
    assert {game_of(f) for f in SAMPLE_DECKS} == set(game_slugs())
