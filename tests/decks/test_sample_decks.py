"""A fresh install has opponents (player experience issue, part 8): `load_cardpool` loads the
sample decks of fixtures/decks/ as public decks of a built-in account that cannot log in, so a
new user can simulate and play against them at once. Loading again changes nothing."""

import io
from pathlib import Path

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.test import RequestFactory
from django.urls import reverse

from decks.models import Deck
from decks.services import SAMPLE_OWNER, sample_decks_load

pytestmark = pytest.mark.django_db

SAMPLES = sorted(Path("fixtures/decks").glob("*-*.txt"))


def load() -> str:
    out = io.StringIO()
    call_command("load_cardpool", stdout=out)
    return out.getvalue()


def test_load_cardpool_brings_every_sample_deck_as_a_public_legal_deck(card_pool):
    output = load()
    assert f"sample decks (public, by {SAMPLE_OWNER}): {len(SAMPLES)} created" in output
    decks = Deck.objects.filter(owner__username=SAMPLE_OWNER)
    assert decks.count() == len(SAMPLES)
    assert all(d.visibility == Deck.PUBLIC and d.is_legal and d.description for d in decks)
    assert {d.game for d in decks} == {p.stem.split("-", 1)[0] for p in SAMPLES}


def test_loading_again_changes_nothing_and_a_changed_file_updates_its_deck(card_pool, tmp_path):
    load()
    versions = {d.pk: d.current_version for d in Deck.objects.filter(owner__username=SAMPLE_OWNER)}
    assert "0 created, 0 updated" in load()
    assert {d.pk: d.current_version for d in Deck.objects.filter(owner__username=SAMPLE_OWNER)} == versions
    source = Path("fixtures/decks/boundless-emerald-vanguard.txt").read_text()
    (tmp_path / "boundless-emerald-vanguard.txt").write_text(source.replace("4 Pebbleheart Sentry", "3 Pebbleheart Sentry"))
    assert sample_decks_load(tmp_path) == {"created": 0, "updated": 1, "unchanged": 0}
    deck = Deck.objects.get(owner__username=SAMPLE_OWNER, name="Emerald Vanguard")
    assert deck.current_version == versions[deck.pk] + 1


def test_the_built_in_account_cannot_log_in(card_pool, client):
    load()
    owner = get_user_model().objects.get(username=SAMPLE_OWNER)
    assert not owner.has_usable_password()
    assert authenticate(RequestFactory().post("/accounts/login/"), username=SAMPLE_OWNER, password="") is None
    response = client.post(reverse("login"), {"username": SAMPLE_OWNER, "password": ""})
    assert response.status_code == 200 and "_auth_user_id" not in client.session


def test_a_new_user_finds_the_sample_decks_to_play_and_simulate_against(card_pool, client):
    load()
    newcomer = get_user_model().objects.create_user("newcomer", password="a-long-password-3")
    client.force_login(newcomer)
    emerald = Deck.objects.get(owner__username=SAMPLE_OWNER, name="Emerald Vanguard")
    assert "Emerald Vanguard" in client.get(reverse("decks:public")).content.decode()
    assert f'<option value="{emerald.pk}" data-game="boundless">' in client.get(reverse("play:index")).content.decode()
    assert f'value="{emerald.pk}"' in client.get(reverse("simulate:new") + "?game=boundless").content.decode()
