"""Deck pages: sign up / log in, my decks, public search, deck detail with violations and rule
citations next to the cards, versions and diffs, new / import / settings / delete / copy, export."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from decks import services
from decks.models import Deck
from tests.decks.conftest import db_state, sample_text

pytestmark = pytest.mark.django_db


def test_signup_creates_a_user_and_logs_in(client, db):
    assert "Sign up" in client.get("/accounts/login/").content.decode()
    response = client.post("/decks/signup/", {"username": "carol", "password1": "a-Long-pass-9876",
                                              "password2": "a-Long-pass-9876"})
    assert response.status_code == 302 and response["Location"] == "/decks/"
    assert get_user_model().objects.filter(username="carol").exists()
    assert "My decks" in client.get("/decks/").content.decode()


def test_signup_errors_are_shown(client, db):
    response = client.post("/decks/signup/", {"username": "carol", "password1": "x", "password2": "y"})
    assert response.status_code == 200 and "field-error" in response.content.decode()
    assert not get_user_model().objects.exists()


def test_login_redirects_to_my_decks(client, alice):
    response = client.post("/accounts/login/", {"username": "alice", "password": "pw-alice-123"})
    assert response.status_code == 302 and response["Location"] == "/decks/"


def test_new_deck_redirects_to_the_builder(client, alice, card_pool):
    client.force_login(alice)
    assert client.get("/decks/new/").status_code == 200
    response = client.post("/decks/new/", {"game": "fellbound", "format": "fellbound:aligned", "name": "New one",
                                           "visibility": "private"})
    deck = Deck.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/edit/"
    assert deck.format.slug == "aligned" and deck.owner == alice
    bad = client.post("/decks/new/", {"game": "bos", "format": "fellbound:aligned", "name": "x", "visibility": "private"})
    assert bad.status_code == 200 and Deck.objects.count() == 1


def test_import_page_saves_a_legal_deck(client, alice, card_pool):
    client.force_login(alice)
    response = client.post("/decks/import/", {"game": "boundless", "format": "", "name": "", "visibility": "public",
                                              "text": sample_text("boundless-emerald-vanguard.txt")})
    deck = Deck.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/"
    assert deck.name == "Emerald Vanguard" and deck.is_legal


def test_import_page_accepts_a_file(client, alice, card_pool):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(alice)
    upload = SimpleUploadedFile("d.txt", sample_text("fellbound-gravetide.txt").encode())
    response = client.post("/decks/import/", {"game": "fellbound", "format": "", "name": "From file",
                                              "visibility": "private", "file": upload})
    assert response.status_code == 302 and Deck.objects.get().name == "From file"
    bad = SimpleUploadedFile("d.txt", b"\xff\xfe\x80")
    response = client.post("/decks/import/", {"game": "fellbound", "format": "", "name": "x",
                                              "visibility": "private", "file": bad})
    assert response.status_code == 400 and "not UTF-8" in response.content.decode()


def test_import_page_errors_per_line_and_nothing_saved(client, alice, card_pool):
    client.force_login(alice)
    before = db_state()
    text = sample_text("boundless-emerald-vanguard.txt").replace("Mosslit Pebbler", "Mosslit Peblr")
    response = client.post("/decks/import/", {"game": "boundless", "format": "", "name": "x", "visibility": "private",
                                              "text": text})
    page = response.content.decode()
    assert response.status_code == 400
    assert "Line 9" in page and "Mosslit Pebbler" in page and 'id="line-9" class="text-line bad"' in page
    assert "nothing was saved" in page
    assert db_state() == before


def test_detail_shows_sections_violations_and_rules(client, alice, card_pool):
    deck = services.deck_create(owner=alice, game="boundless", name="Thin", visibility=Deck.PUBLIC,
                                sections={"main": [("Emeraldefender Golem", 9)]})
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Illegal" in page and "Why this deck is not legal" in page
    assert 'Boundless TCG rulebook, What You Need' in page and 'boundless-tcg.txt' not in page
    # a refusal in words, without the internal codes (the API keeps them)
    assert "too_many_copies" not in page and "violation-code" not in page
    # the copy-limit problem sits next to the offending card
    row = page[page.index("Emeraldefender Golem</a>"):]
    assert "card-problem" in row[:600] and "at most 4" in row[:600]
    assert "Main deck" in page and "Savior" in page and "Spirit deck" in page
    assert "Log in to copy" in page


def test_legal_deck_detail(client, alice, import_sample):
    deck = import_sample(alice, "spellbound-ashen-rift.txt", visibility=Deck.PUBLIC)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert ">Legal<" in page and "Why this deck" not in page
    first = deck.cards.select_related("card__card_set", "card__game").first()
    assert first.card.get_absolute_url() in page


def test_owner_actions_rename_and_delete(client, alice, import_sample):
    deck = import_sample(alice, "bos-red-kindling-rush.txt")
    client.force_login(alice)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert f"/decks/{deck.pk}/edit/" in page and f"/decks/{deck.pk}/settings/" in page
    response = client.post(f"/decks/{deck.pk}/settings/", {"name": "Hot rush", "description": "Fast.",
                                                           "visibility": "unlisted", "format": "standard"})
    assert response.status_code == 302
    deck.refresh_from_db()
    assert deck.name == "Hot rush" and deck.visibility == "unlisted" and deck.current_version == 2
    assert "Delete" in client.get(f"/decks/{deck.pk}/delete/").content.decode()
    assert client.post(f"/decks/{deck.pk}/delete/").status_code == 302
    assert not Deck.objects.exists()


def test_copy_button_copies_a_public_deck(client, alice, bob, import_sample):
    deck = import_sample(alice, "bos-red-kindling-rush.txt", visibility=Deck.PUBLIC)
    client.force_login(bob)
    assert "Copy to my decks" in client.get(f"/decks/{deck.pk}/").content.decode()
    response = client.post(f"/decks/{deck.pk}/copy/")
    copy = Deck.objects.get(owner=bob)
    assert response.status_code == 302 and response["Location"] == f"/decks/{copy.pk}/"


def test_versions_and_diff_pages(client, alice, card_pool):
    deck = services.deck_create(owner=alice, game="fellbound", name="F", sections={"deck": [("Hearthward Mender", 1)]})
    services.deck_set_cards(actor=alice, deck=deck, sections={"deck": [("Backwatch Archer", 1)]})
    client.force_login(alice)
    assert "v2" in client.get(f"/decks/{deck.pk}/versions/").content.decode()
    page = client.get(f"/decks/{deck.pk}/diff/", {"a": 1, "b": 2}).content.decode()
    assert "+ 1 Backwatch Archer" in page and "− 1 Hearthward Mender" in page
    assert "Choose two versions" in client.get(f"/decks/{deck.pk}/diff/", {"a": 1, "b": 7}).content.decode()


def test_export_download(client, alice, import_sample):
    deck = import_sample(alice, "fellbound-dawnwardens.txt")
    client.force_login(alice)
    response = client.get(f"/decks/{deck.pk}/export.txt", {"download": 1})
    assert response["Content-Disposition"] == 'attachment; filename="fellbound-dawnwardens.txt"'
    assert "1 Hearthward Mender" in response.content.decode()


def test_public_search(client, alice, import_sample):
    import_sample(alice, "fellbound-dawnwardens.txt", visibility=Deck.PUBLIC)
    import_sample(alice, "bos-red-kindling-rush.txt", visibility=Deck.PUBLIC)
    names = lambda **q: client.get("/decks/public/", q).content.decode()  # noqa: E731
    assert "Dawnwardens" in names(q="dawn") and "Kindling" not in names(q="dawn")
    assert "Kindling" in names(game="bos") and "Dawnwardens" not in names(game="bos")
    assert "Dawnwardens" in names(card="hearthward") and "Kindling" not in names(card="hearthward")
    assert "Dawnwardens" in names(owner="alice") and "Dawnwardens" not in names(owner="bob")
    assert "Dawnwardens" in names(format="aligned")


def test_admin_lists_and_forms(client, alice, import_sample):
    """Formats are admin-editable (issue part 4); decks show their cards inline."""
    deck = import_sample(alice, "fellbound-dawnwardens.txt")
    admin = get_user_model().objects.create_superuser("root", "root@example.com", "pw-root-123")
    client.force_login(admin)
    for url in ("/admin/decks/format/", "/admin/decks/format/add/", "/admin/decks/deck/",
                f"/admin/decks/deck/{deck.pk}/change/", "/admin/decks/deckversion/",
                "/admin/decks/deck/?game=fellbound&is_legal__exact=1", "/admin/decks/deck/?q=dawn"):
        assert client.get(url).status_code == 200, url
    response = client.post("/admin/decks/format/add/", {
        "game": "fellbound", "slug": "house", "name": "House", "base": "aligned", "description": "",
        "rule_source": "", "limits": "{}", "banned": '["Hearthward Mender"]', "restricted": "{}"})
    assert response.status_code == 302
    services.deck_update(actor=alice, deck=deck, fmt="house")
    deck.refresh_from_db()
    assert [v["code"] for v in deck.violations] == ["banned_card"]


def test_the_deck_page_shows_the_cards_as_pictures_on_request(client, alice, import_sample):
    """Player experience, part 5: the visual deck view, each card's picture with its count."""
    deck = import_sample(alice, "spellbound-ashen-rift.txt", visibility=Deck.PUBLIC)
    table = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "stack-card" not in table and 'aria-current="true">List' in table
    page = client.get(f"/decks/{deck.pk}/?view=visual").content.decode()
    rows = list(deck.cards.select_related("card"))
    assert page.count('<li class="stack-card') == len(rows)
    for row in rows[:3]:
        assert f"/cards/{row.card.pk}/thumb.png" in page and f"{row.quantity}×" in page


def test_the_card_page_shows_its_formats_and_the_public_decks_using_it(client, alice, import_sample):
    """Player experience, part 5: the card page gains its standing per format and the decks that
    play it (public ones only)."""
    from cardpool.models import Card
    from decks.models import Format

    deck = import_sample(alice, "fellbound-dawnwardens.txt", visibility=Deck.PUBLIC)
    hidden = import_sample(alice, "fellbound-gravetide.txt")  # private: never listed
    card = deck.cards.select_related("card").first().card
    Format.objects.create(game="fellbound", slug="no-" + card.slug[:40], name="Without it", banned=[card.name])
    page = client.get(card.get_absolute_url()).content.decode()
    assert "Decks using this card" in page and deck.get_absolute_url() in page and hidden.get_absolute_url() not in page
    compact = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "Without it Banned" in compact and "Constructed Legal" in compact
    other = Card.objects.filter(game__slug="fellbound").exclude(deck_cards__deck__visibility=Deck.PUBLIC).first()
    assert "No public deck plays it yet." in client.get(other.get_absolute_url()).content.decode()


def test_editing_a_deck_as_text_saves_a_new_version_or_names_the_bad_lines(client, alice, import_sample):
    """Player experience, part 5: the bulk text-edit mode."""
    deck = import_sample(alice, "fellbound-dawnwardens.txt")
    client.force_login(alice)
    url = f"/decks/{deck.pk}/text/"
    page = client.get(url).content.decode()
    assert "Save as a new version" in page and "Deck:" in page  # the deck's own text, ready to edit
    version = deck.current_version
    first = deck.cards.select_related("card").first()
    bad = client.post(url, {"text": f"1 {first.card.name}\n2 No Such Card Anywhere\n"})
    assert bad.status_code == 400 and "line 2" in bad.content.decode() and "Nothing was saved" in bad.content.decode()
    deck.refresh_from_db()
    assert deck.current_version == version
    good = client.post(url, {"text": f"Deck:\n1 {first.card.name}\n"})
    assert good.status_code == 302
    deck.refresh_from_db()
    assert deck.current_version == version + 1 and [r.card.name for r in deck.cards.all()] == [first.card.name]
    assert deck.versions.first().note == "edited as text"
    client.logout()
    assert client.get(url).status_code == 302  # to the login page


def test_the_validate_endpoint_reads_deck_text_and_names_bad_lines(client, alice, import_sample):
    deck = import_sample(alice, "fellbound-dawnwardens.txt")
    first = deck.cards.select_related("card").first().card.name
    ok = client.post("/api/decks/validate/", {"game": "fellbound", "text": f"Deck:\n1 {first}\n"},
                     content_type="application/json")
    assert ok.status_code == 200 and ok.json()["legal"] is False and ok.json()["count"]
    bad = client.post("/api/decks/validate/", {"game": "fellbound", "text": "Deck:\n1 Nobody\n"}, content_type="application/json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["line"] == 2
    odd = client.post("/api/decks/validate/", {"game": "fellbound", "text": ["x"]}, content_type="application/json")
    assert odd.status_code == 400 and odd.json()["error"] == "bad_text"


def test_an_empty_deck_that_breaks_no_rule_is_incomplete_not_legal(client, alice):
    """Player experience, part 6: an empty Millennium Blades kit breaks no construction rule but
    cannot be played: it reads "Incomplete", on its page and in deck lists."""
    deck = services.deck_create(owner=alice, game="millennium_blades", name="Empty kit", visibility=Deck.PUBLIC)
    assert deck.is_legal and deck.status == "incomplete"
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Incomplete · no cards yet" in page and ">Legal<" not in page
    listing = client.get("/decks/public/").content.decode()
    assert 'legal-badge incomplete">Incomplete' in listing
