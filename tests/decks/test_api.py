"""Deck API: validate (no login; unknown input is a violation, never a 500), CRUD, text import and
export, copy, versions, diff, sample hand and draw odds, the OpenAPI schema."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from decks import services
from decks.models import Deck
from rules.core.registry import get_game
from tests.decks.conftest import SAMPLE_DECKS, db_state, game_of, sample_text

pytestmark = pytest.mark.django_db


def _sections(filename: str) -> dict:
    """A sample deck as the API's ``{"section": [{"name", "qty"}]}``."""
    decklist = services.deck_parse_text(game=game_of(filename), text=sample_text(filename))
    return {s: [{"name": e.card.name, "qty": e.qty} for e in es] for s, es in decklist.sections.items()}


def _format_of(filename: str) -> str | None:
    return services.deck_parse_text(game=game_of(filename), text=sample_text(filename)).format


def _validate(client, body) -> dict:
    response = client.post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()


@pytest.mark.parametrize("filename", SAMPLE_DECKS)
def test_validate_sample_decks_are_legal(client, card_pool, filename):
    game = game_of(filename)
    body = _validate(client, {"game": game, "format": _format_of(filename), "sections": _sections(filename)})
    assert body["legal"] is True and body["violations"] == []
    assert body["count"]["total"] == sum(e["qty"] for es in _sections(filename).values() for e in es)
    assert set(body["count"]) == {s.slug for s in get_game(game).sections} | {"total"}
    assert isinstance(body["charts"], list) and body["charts"]


@pytest.mark.parametrize("filename", SAMPLE_DECKS)
def test_validate_illegal_decks_explain_every_problem(client, card_pool, filename):
    """Five more copies of the first card break a size or copy rule in every game."""
    sections = _sections(filename)
    first = next(iter(sections))
    sections[first][0]["qty"] += 5
    body = _validate(client, {"game": game_of(filename), "format": _format_of(filename), "sections": sections})
    assert body["legal"] is False and body["violations"]
    rulebook = get_game(game_of(filename)).rulebook
    for v in body["violations"]:
        assert set(v) >= {"code", "rule", "message", "cards"}
        assert v["code"] and v["message"] and rulebook in v["rule"]


def test_unknown_cards_sections_and_quantities_are_violations(client, card_pool):
    body = _validate(client, {"game": "boundless", "sections": {
        "main": [{"name": "Emeraldefender Golm", "qty": 2}, {"card_id": 999999, "qty": 1},
                 {"name": "Mosslit Pebbler", "qty": 0}, {"name": "Mosslit Pebbler", "qty": "many"},
                 {"name": "Mosslit Pebbler", "qty": True}, {"name": "Mosslit Pebbler", "qty": 10**6},
                 "junk", {"qty": 1}],
        "sideboard": [{"name": "Mosslit Pebbler", "qty": 1}],
    }})
    assert body["legal"] is False
    codes = [v["code"] for v in body["violations"]]
    assert codes.count("unknown_card") == 3 and codes.count("bad_quantity") == 4
    assert "unknown_section" in codes and "bad_entry" in codes
    golm = next(v for v in body["violations"] if "Golm" in v["message"])
    assert "Emeraldefender Golem" in golm["message"] and golm["cards"] == ["Emeraldefender Golm"]


@pytest.mark.parametrize("sections", [[], "main", None, 5, {"main": "x"}])
def test_odd_sections_shapes_answer_200_with_violations(client, card_pool, sections):
    body = _validate(client, {"game": "bos", "sections": sections})
    assert body["legal"] is False


@pytest.mark.parametrize("raw, fragment", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('"text"', "JSON object"),
])
def test_malformed_json_is_a_400_with_a_message(client, card_pool, raw, fragment):
    response = client.post("/api/decks/validate/", raw, content_type="application/json")
    assert response.status_code == 400
    assert fragment in response.json()["message"]


def test_unknown_game_or_format_is_a_400(client, card_pool):
    bad_game = client.post("/api/decks/validate/", {"game": "chess", "sections": {}}, content_type="application/json")
    assert bad_game.status_code == 400 and "boundless" in bad_game.json()["message"]
    bad_fmt = client.post("/api/decks/validate/", {"game": "fellbound", "format": "modern", "sections": {}},
                          content_type="application/json")
    assert bad_fmt.status_code == 400 and "aligned" in bad_fmt.json()["message"]


@pytest.mark.parametrize("body, code, words", [
    ({"game": "chess", "sections": {}}, "unknown_game", "game must be one of"),
    ({"game": "fellbound", "format": 5}, "unknown_format", "format must be a format slug"),
    ({"game": "fellbound", "text": 5}, "bad_text", "text must be deck text"),
    ({"game": "fellbound", "sections": {}, "colour": "red"}, "unknown_field", "colour"),
    ({"sections": {}}, "missing_field", "game"),
])
def test_validate_bodies_are_checked_field_by_field(client, card_pool, body, code, words):
    """The body's serializer refuses it with a stable code, through the API's one exception handler."""
    response = client.post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == code and words in response.json()["message"]


def test_fellbound_format_changes_the_verdict(client, card_pool):
    """fellbound.txt "ALIGNMENT": Life with Death is fine in standard (constructed), not in aligned."""
    names = ["Hearthward Mender", "Barrowborn Ghoul"]
    sections = {"deck": [{"name": n, "qty": 1} for n in names]}
    standard = _validate(client, {"game": "fellbound", "format": "standard", "sections": sections})
    aligned = _validate(client, {"game": "fellbound", "format": "aligned", "sections": sections})
    extra = {v["code"] for v in aligned["violations"]} - {v["code"] for v in standard["violations"]}
    assert extra and all("ALIGNMENT" in v["rule"] for v in aligned["violations"] if v["code"] in extra)


def test_validate_by_card_id(client, card_pool):
    from cardpool.models import Card

    card = Card.objects.get(game__slug="fellbound", name="Hearthward Mender")
    body = _validate(client, {"game": "fellbound", "sections": {"deck": [{"card_id": card.pk, "qty": 1}]}})
    assert body["count"]["deck"] == 1


# -- CRUD -----------------------------------------------------------------------------------------------
def test_crud_round_trip(client, alice, card_pool):
    client.force_login(alice)
    created = client.post("/api/decks/", {"game": "fellbound", "name": "Dawn", "format": "aligned",
                                          "sections": _sections("fellbound-dawnwardens.txt")},
                          content_type="application/json")
    assert created.status_code == 201, created.content
    deck = created.json()
    assert deck["is_legal"] and deck["format"] == "aligned" and deck["count"]["deck"] == 10
    assert deck["owner"] == "alice" and deck["visibility"] == "private" and "share_url" in deck

    listed = client.get("/api/decks/").json()["results"]
    assert [d["id"] for d in listed] == [deck["id"]]
    url = f"/api/decks/{deck['id']}/"
    assert client.get(url).json()["name"] == "Dawn"

    patched = client.patch(url, {"name": "Dawn II", "visibility": "public"}, content_type="application/json")
    assert patched.status_code == 200 and patched.json()["name"] == "Dawn II"
    assert patched.json()["current_version"] == 2

    put = client.put(url, {"name": "Dawn III", "sections": {"deck": [{"name": "Hearthward Mender", "qty": 1}]}},
                     content_type="application/json")
    assert put.status_code == 200 and put.json()["count"]["deck"] == 1 and not put.json()["is_legal"]
    assert client.get("/api/decks/", {"public": 1}).json()["results"][0]["name"] == "Dawn III"

    assert client.delete(url).status_code == 204
    assert not Deck.objects.exists()


def test_save_with_unknown_cards_is_a_400_and_changes_nothing(client, alice, card_pool):
    client.force_login(alice)
    deck = services.deck_create(owner=alice, game="bos", name="B")
    before = db_state()
    response = client.patch(f"/api/decks/{deck.pk}/", {"name": "C", "sections": {"main": [{"name": "Nope", "qty": 1}]}},
                            content_type="application/json")
    assert response.status_code == 400 and response.json()["violations"][0]["code"] == "unknown_card"
    assert db_state() == before


def test_put_needs_every_field_and_game_cannot_change(client, alice, card_pool):
    client.force_login(alice)
    deck = services.deck_create(owner=alice, game="bos", name="B")
    before = db_state()
    assert client.put(f"/api/decks/{deck.pk}/", {"name": "x"}, content_type="application/json").status_code == 400
    assert client.patch(f"/api/decks/{deck.pk}/", {"game": "boundless"}, content_type="application/json").status_code == 400
    assert client.patch(f"/api/decks/{deck.pk}/", "{oops", content_type="application/json").status_code == 400
    put = client.put(f"/api/decks/{deck.pk}/", {"name": "x"}, content_type="application/json").json()
    assert put["error"] == "missing_field" and "sections" in put["message"] and "PATCH" in put["message"]
    game = client.patch(f"/api/decks/{deck.pk}/", {"game": "boundless"}, content_type="application/json").json()
    assert game["error"] == "game_change"
    assert db_state() == before


# -- text ------------------------------------------------------------------------------------------------
def test_export_text_round_trips_through_import(client, alice, import_sample):
    deck = import_sample(alice, "spellbound-ashen-rift.txt")
    client.force_login(alice)
    exported = client.get(f"/api/decks/{deck.pk}/export/", {"fmt": "text"})
    assert exported.status_code == 200 and exported["Content-Type"].startswith("text/plain")
    text = exported.content.decode()
    assert text.startswith(f"# Name: {deck.name}")
    imported = client.post("/api/decks/import/", {"game": "spellbound", "text": text}, content_type="application/json")
    assert imported.status_code == 201
    assert imported.json()["sections"] == client.get(f"/api/decks/{deck.pk}/").json()["sections"]
    assert client.get(f"/api/decks/{deck.pk}/export/", {"fmt": "pdf"}).status_code == 400


def test_import_with_errors_is_a_400_per_line_and_saves_nothing(client, alice, card_pool):
    client.force_login(alice)
    before = db_state()
    text = "Deck:\n1 Hearthward Mendr\n1 Backwatch Archer\nwhat is this\n"
    response = client.post("/api/decks/import/", {"game": "fellbound", "text": text}, content_type="application/json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [e["line"] for e in errors] == [2, 4]
    assert "Hearthward Mender" in errors[0]["message"]
    assert db_state() == before


# -- versions, diff, copy ----------------------------------------------------------------------------------
def test_versions_and_diff_endpoints(client, alice, import_sample):
    deck = import_sample(alice, "bos-red-kindling-rush.txt")
    services.deck_update(actor=alice, deck=deck, name="Renamed")
    client.force_login(alice)
    versions = client.get(f"/api/decks/{deck.pk}/versions/").json()["results"]
    total = sum(e["qty"] for es in _sections("bos-red-kindling-rush.txt").values() for e in es)
    assert [v["number"] for v in versions] == [2, 1] and versions[0]["count"] == total
    diff = client.get(f"/api/decks/{deck.pk}/diff/", {"a": 1, "b": 2}).json()
    assert diff["name"][1] == "Renamed" and diff["counts"] == {"added": 0, "removed": 0, "changed": 0}
    assert client.get(f"/api/decks/{deck.pk}/diff/", {"a": 1, "b": 9}).status_code == 400
    assert client.get(f"/api/decks/{deck.pk}/diff/", {"a": "x"}).status_code == 400


def test_copy_endpoint(client, alice, bob, import_sample):
    deck = import_sample(alice, "bos-red-kindling-rush.txt", visibility=Deck.PUBLIC)
    client.force_login(bob)
    response = client.post(f"/api/decks/{deck.pk}/copy/")
    assert response.status_code == 201
    assert response.json()["owner"] == "bob" and response.json()["visibility"] == "private"


# -- draws -----------------------------------------------------------------------------------------------
def test_sample_hand_is_seeded_and_opening_sized(client, alice, import_sample):
    """boundless-tcg.txt "DRAW 5": the opening hand is 5 cards from the main deck."""
    deck = import_sample(alice, "boundless-emerald-vanguard.txt")
    client.force_login(alice)
    one = client.get(f"/api/decks/{deck.pk}/sample-hand/", {"seed": 7}).json()
    two = client.get(f"/api/decks/{deck.pk}/sample-hand/", {"seed": 7}).json()
    assert one == two and one["size"] == 5 and one["section"] == "main"
    names = {e["name"] for e in _sections("boundless-emerald-vanguard.txt")["main"]}
    assert {c["name"] for c in one["hand"]} <= names
    assert client.get(f"/api/decks/{deck.pk}/sample-hand/", {"seed": "x"}).status_code == 400
    assert client.get(f"/api/decks/{deck.pk}/sample-hand/").json()["size"] == 5


def test_draw_odds_are_exact_hypergeometric(client, alice, import_sample):
    deck = import_sample(alice, "boundless-emerald-vanguard.txt")
    golem = deck.cards.get(card__name="Emeraldefender Golem")
    client.force_login(alice)
    body = client.get(f"/api/decks/{deck.pk}/draw-odds/", {"card_id": golem.card_id, "turns": 3}).json()
    assert body["copies"] == 4 and body["deck_size"] == 30
    opening = 1 - Fraction(math.comb(26, 5), math.comb(30, 5))
    assert body["turns"][0]["on_play_exact"] == f"{opening.numerator}/{opening.denominator}"
    assert [t["turn"] for t in body["turns"]] == [0, 1, 2, 3]
    probs = [t["on_play"] for t in body["turns"]]
    assert probs == sorted(probs)
    for params in ({"card_id": 999999}, {"card_id": "x"}, {}, {"card_id": golem.card_id, "turns": 99}):
        assert client.get(f"/api/decks/{deck.pk}/draw-odds/", params).status_code == 400


@pytest.mark.parametrize("filename", ["bos-red-kindling-rush.txt", "millennium_blades-ember-dojo.txt"])
def test_games_without_draws_say_so(client, alice, import_sample, filename):
    deck = import_sample(alice, filename)
    client.force_login(alice)
    for path in ("sample-hand", "draw-odds"):
        response = client.get(f"/api/decks/{deck.pk}/{path}/", {"card_id": 1})
        assert response.status_code == 200
        assert response.json()["draws"] is False and response.json()["reason"]


def test_schema_documents_the_deck_api(client, db):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    paths = json.loads(schema)["paths"] if schema.lstrip().startswith("{") else schema
    for path in ("/api/decks/validate/", "/api/decks/", "/api/decks/{id}/", "/api/decks/{id}/export/",
                 "/api/decks/import/", "/api/decks/{id}/copy/", "/api/decks/{id}/versions/",
                 "/api/decks/{id}/diff/", "/api/decks/{id}/sample-hand/", "/api/decks/{id}/draw-odds/"):
        assert path in paths


# -- property: any JSON body gets an answer, never a server error -------------------------------------
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                     max_leaves=12)
_entry = st.fixed_dictionaries({}, optional={"name": _json | st.sampled_from(["Mosslit Pebbler", "Perfect Spirit"]),
                                             "card_id": _json, "qty": _json})
_sections_st = st.dictionaries(st.sampled_from(["main", "spirit", "savior", "Main", "deck", "x"]) | st.text(max_size=8),
                               st.lists(_entry | _json, max_size=4) | _json, max_size=4)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.fixed_dictionaries({"game": st.sampled_from(["boundless", "fellbound", "bos"]),
                                   "sections": _sections_st | _json},
                                  optional={"format": st.sampled_from(["standard", "aligned"]) | _json}))
def test_validate_never_answers_500(client, card_pool, body):
    response = client.post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code in (200, 400), response.content
    data = response.json()
    if response.status_code == 200:
        assert isinstance(data["legal"], bool)
        assert data["legal"] == (data["violations"] == [])
    else:
        assert data["message"]
