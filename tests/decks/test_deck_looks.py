"""Decks that look like decks (issue 14, part 5): the featured card, the visual deck view (stacked
by section or type), the deck page's charts and simulation record, the builder's text mode,
and the card page's "add to deck", legality per format and "decks using this card".

Every game is exercised through its sample decks, so nothing here (or in the code) names a game.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from cardpool.models import Card
from decks import charts, selectors, services
from decks.models import Deck, DeckCard
from rules.core.registry import get_game
from tests.decks.conftest import SAMPLE_DECKS, db_state, game_of, sample_text

pytestmark = pytest.mark.django_db


def _first_card(deck: Deck) -> Card:
    return deck.cards.select_related("card").order_by("card__name_lower").first().card


# -- the featured card -------------------------------------------------------------------------------
def test_the_featured_card_defaults_to_the_decks_first_card_then_follows_the_owners_choice(client, alice,
                                                                                           import_sample):
    deck = import_sample(alice, "boundless-emerald-vanguard.txt", visibility=Deck.PUBLIC)
    spec = get_game(deck.game)
    first_section = next(s.slug for s in spec.sections if deck.cards.filter(section=s.slug).exists())
    default = selectors.deck_featured_card(deck)
    assert default is not None and deck.cards.filter(section=first_section, card=default).exists()
    page = unescape(client.get(f"/decks/{deck.pk}/").content.decode())
    assert f'/cards/{default.pk}/thumb.png" alt="Featured card: {default.name}' in page

    chosen = deck.cards.select_related("card").exclude(card=default).first().card
    client.force_login(alice)
    response = client.post(f"/decks/{deck.pk}/feature/", {"card_id": chosen.pk}, HTTP_ACCEPT="application/json")
    assert response.status_code == 200 and response.json() == {"featured_card": chosen.pk, "name": chosen.name}
    deck.refresh_from_db()
    assert deck.featured_card == chosen and deck.current_version == 1  # presentation only: no new version
    assert f"Featured card: {chosen.name}" in unescape(client.get(f"/decks/{deck.pk}/").content.decode())
    # in the lists too, and in the copy someone makes
    assert f"/cards/{chosen.pk}/thumb.png" in client.get("/decks/").content.decode()
    assert f"/cards/{chosen.pk}/thumb.png" in client.get("/decks/public/").content.decode()
    copy = services.deck_copy(actor=alice, deck=deck)
    assert copy.featured_card_id == chosen.pk
    # back to the default
    client.post(f"/decks/{deck.pk}/feature/", {"card_id": ""})
    deck.refresh_from_db()
    assert deck.featured_card is None


def test_a_featured_card_must_be_of_the_decks_game_and_only_the_owner_chooses_it(client, alice, bob, import_sample):
    deck = import_sample(alice, "fellbound-dawnwardens.txt", visibility=Deck.PUBLIC)
    private = import_sample(alice, "fellbound-gravetide.txt")
    other_game = Card.objects.exclude(game__slug=deck.game).first()
    client.force_login(alice)
    before = db_state()
    response = client.post(f"/decks/{deck.pk}/feature/", {"card_id": other_game.pk}, HTTP_ACCEPT="application/json")
    assert response.status_code == 400 and "no FellBound card" in response.json()["message"]
    assert db_state() == before and Deck.objects.get(pk=deck.pk).featured_card is None
    client.force_login(bob)
    card = _first_card(deck)
    assert client.post(f"/decks/{deck.pk}/feature/", {"card_id": card.pk}).status_code == 403
    assert client.post(f"/decks/{private.pk}/feature/", {"card_id": card.pk}).status_code == 404
    assert Deck.objects.get(pk=deck.pk).featured_card is None


def test_the_settings_form_chooses_the_featured_card(client, alice, import_sample):
    deck = import_sample(alice, "spellbound-ashen-rift.txt")
    card = _first_card(deck)
    client.force_login(alice)
    page = client.get(f"/decks/{deck.pk}/settings/").content.decode()
    assert 'name="featured_card"' in page and card.name in page
    response = client.post(f"/decks/{deck.pk}/settings/", {"name": deck.name, "description": "Plan: burn.",
                                                           "visibility": "private", "format": "",
                                                           "featured_card": card.pk})
    assert response.status_code == 302
    deck.refresh_from_db()
    assert deck.featured_card == card and deck.description == "Plan: burn."


def test_deck_lists_show_a_picture_for_every_deck_in_few_queries(client, alice, import_sample,
                                                                 django_assert_max_num_queries):
    decks = [import_sample(alice, name) for name in SAMPLE_DECKS[:6]]
    client.force_login(alice)
    with django_assert_max_num_queries(12):
        page = client.get("/decks/").content.decode()
    for deck in decks:
        shown = selectors.deck_featured_card(deck)
        assert f"/cards/{shown.pk}/thumb.png" in page


# -- the visual view ------------------------------------------------------------------------------------
@pytest.mark.parametrize("filename", SAMPLE_DECKS)
def test_the_visual_view_stacks_every_card_by_section_or_type(client, alice, import_sample, filename):
    deck = import_sample(alice, filename, visibility=Deck.PUBLIC)
    spec = get_game(deck.game)
    rows = list(deck.cards.select_related("card"))
    by_section = unescape(client.get(f"/decks/{deck.pk}/?view=visual").content.decode())
    assert by_section.count('<li class="stack-card') == len(rows)
    for row in rows:
        assert f'/cards/{row.card.pk}/thumb.png" alt="{row.quantity} × {row.card.name}' in by_section
    used = {r.section for r in rows}
    for section in spec.sections:
        assert (f'id="stack-{section.slug}"' in by_section) == (section.slug in used)
    by_type = unescape(client.get(f"/decks/{deck.pk}/?view=visual&group=type").content.decode())
    assert by_type.count('<li class="stack-card') == len(rows)
    for card_type in {r.card.card_type for r in rows}:
        assert f'id="stack-{card_type}"' in by_type
        assert spec.card_type(card_type).label in by_type
    # the list view keeps its table, with a picture shown on hover
    table = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "stack-card" not in table and table.count('class="hover-preview"') == len(rows)


def test_visual_groups_count_copies_and_put_the_most_played_first(alice, import_sample):
    deck = import_sample(alice, "boundless-emerald-vanguard.txt")
    sections = selectors.deck_sections_for_display(deck)
    for by in ("section", "type"):
        groups = selectors.deck_visual_groups(deck, sections, by)
        assert sum(g["count"] for g in groups) == sum(r.quantity for r in deck.cards.all())
        for g in groups:
            qtys = [i["qty"] for i in g["cards"]]
            assert qtys == sorted(qtys, reverse=True)


# -- charts ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("filename", SAMPLE_DECKS)
def test_the_deck_page_draws_the_games_charts_and_the_card_types_as_svg(client, alice, import_sample, filename):
    deck = import_sample(alice, filename, visibility=Deck.PUBLIC)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    listed = selectors.deck_chart_list(deck)
    assert listed, "every sample deck has something to chart"
    assert page.count('<figure class="deck-chart') == len(listed)
    assert page.count('role="img"') >= len(listed)
    for chart in listed:
        assert f'data-chart="{chart["id"]}"' in page
    assert any(c["id"] in ("card_types", "types") for c in listed)
    assert "<script>" not in page and ' style="' not in page.split("<main", 1)[-1]  # CSP: no inline code


def test_an_empty_deck_has_no_charts(client, alice):
    deck = services.deck_create(owner=alice, game="fellbound", name="Nothing yet", visibility=Deck.PUBLIC)
    assert selectors.deck_chart_list(deck) == []
    assert "deck-chart" not in client.get(f"/decks/{deck.pk}/").content.decode()


def test_chart_geometry_bars_stacks_and_pies():
    bar = charts.draw({"id": "c", "title": "Curve", "kind": "bar", "labels": ["0", "1", "2"],
                       "series": [{"name": "Cards", "values": [4, 0, 2]}]})
    assert [len(b["segments"]) for b in bar["bars"]] == [1, 0, 1]
    tall, short = bar["bars"][0]["segments"][0], bar["bars"][2]["segments"][0]
    assert tall["height"] == pytest.approx(2 * short["height"])
    assert bar["summary"] == "0 4, 1 0, 2 2" and not bar["legend"]
    stacked = charts.draw({"id": "s", "title": "S", "kind": "stacked", "labels": ["a"],
                           "series": [{"name": "x", "values": [1]}, {"name": "y", "values": [3]}]})
    segs = stacked["bars"][0]["segments"]
    assert len(segs) == 2 and segs[1]["y"] < segs[0]["y"] and len(stacked["legend"]) == 2
    pie = charts.draw({"id": "p", "title": "P", "kind": "pie", "labels": ["a", "b", "c"],
                       "series": [{"name": "n", "values": [1, 3, 0]}]})
    assert len(pie["slices"]) == 2 and pie["legend"][1]["name"] == "b 3 (75%)"
    assert pie["slices"][1]["d"].startswith("M") and " 1 1 " in pie["slices"][1]["d"]  # the large arc
    whole = charts.draw({"id": "w", "title": "W", "kind": "pie", "labels": ["a"], "series": [{"name": "n", "values": [5]}]})
    assert whole["slices"][0]["circle"]
    assert charts.draw({"id": "e", "title": "E", "kind": "bar", "labels": [], "series": []})["bars"] == []


# -- the simulation record ------------------------------------------------------------------------------
def _run(owner, decks: list[Deck], mode: str, side_wins: list[int], games: int, draws: int = 0):
    """A finished run of ``decks`` whose one chunk holds ``games`` games (read by the deck page)."""
    from rules.core.engine import Outcome
    from rules.core.play import GameResult
    from rules.core.tally import tally
    from simulate.models import RunChunk, RunDeck, SimulationRun

    sides = 2
    results, index = [], 0
    for side, wins in enumerate(side_wins):
        for _ in range(wins):
            outcome = Outcome.from_winners(sides, [side], "x")
            results.append(GameResult(index=index, seed=index, sides=(0, 1), winners=(side,), reason="x", turns=5,
                                      steps=9, returns=outcome.returns, placements=outcome.placements,
                                      counters=[{}, {}]))
            index += 1
    for _ in range(draws):
        outcome = Outcome.from_winners(sides, [], "x")
        results.append(GameResult(index=index, seed=index, sides=(0, 1), winners=(), reason="x", turns=5, steps=9,
                                  returns=outcome.returns, placements=outcome.placements, counters=[{}, {}]))
        index += 1
    assert len(results) == games
    run = SimulationRun.objects.create(owner=owner, game=decks[0].game, mode=mode, games_requested=games, seed=1,
                                       agents=["greedy"], status=SimulationRun.Status.DONE)
    for position, deck in enumerate(decks):
        RunDeck.objects.create(run=run, position=position, deck=deck, deck_version=deck.current_version,
                               name=deck.name, snapshot={})
    RunChunk.objects.create(run=run, index=0, first_game=0, games=games, status=RunChunk.Status.DONE,
                            tally=tally(results, sides))
    return run


def test_the_simulation_record_lists_the_viewers_runs_of_the_deck_with_win_rates(client, alice, bob, import_sample):
    mine = import_sample(alice, "fellbound-dawnwardens.txt", visibility=Deck.PUBLIC)
    other = import_sample(alice, "fellbound-gravetide.txt", visibility=Deck.PUBLIC)
    first = _run(alice, [mine, other], "head_to_head", [6, 3], games=10, draws=1)
    second = _run(alice, [other, mine], "head_to_head", [7, 3], games=10)  # the deck in the second seat
    bobs = _run(bob, [mine, other], "head_to_head", [1, 9], games=10)
    record = selectors.deck_simulation_record(mine, alice)
    assert [r["run"] for r in record] == [second, first]
    assert (record[1]["games"], record[1]["wins"], record[1]["draws"], record[1]["losses"]) == (10, 6, 1, 3)
    assert record[1]["win_rate"]["rate"] == pytest.approx(0.6) and record[1]["others"] == [other.name]
    assert (record[0]["wins"], record[0]["losses"]) == (3, 7)

    client.force_login(alice)
    page = client.get(f"/decks/{mine.pk}/").content.decode()
    assert "Simulation record" in page and f"/simulations/{first.pk}/" in page and "60%" in page
    assert f"/simulations/{bobs.pk}/" not in page  # someone else's run: never shown
    client.force_login(bob)
    page = client.get(f"/decks/{mine.pk}/").content.decode()
    assert f"/simulations/{bobs.pk}/" in page and "10%" in page and f"/simulations/{first.pk}/" not in page
    client.logout()
    page = client.get(f"/decks/{mine.pk}/").content.decode()
    assert "/simulations/" not in page.split("Simulation record", 1)[1].split("</section>", 1)[0]


def test_a_gauntlet_counts_the_deck_where_it_played(alice, import_sample):
    subject = import_sample(alice, "fellbound-dawnwardens.txt")
    a = import_sample(alice, "fellbound-gravetide.txt")
    b = import_sample(alice, "fellbound-turncoat-purse.txt")
    from simulate.models import RunChunk

    run = _run(alice, [subject, a, b], "gauntlet", [4, 6], games=10)
    # the second pairing (subject against b): subject wins 8 of 10
    from rules.core.engine import Outcome
    from rules.core.play import GameResult
    from rules.core.tally import tally

    outcome = Outcome.from_winners(2, [0], "x")
    lost = Outcome.from_winners(2, [1], "x")
    results = [GameResult(index=i, seed=i, sides=(0, 1), winners=((0,) if i < 8 else (1,)), reason="x", turns=4,
                          steps=8, returns=(outcome if i < 8 else lost).returns,
                          placements=(outcome if i < 8 else lost).placements, counters=[{}, {}]) for i in range(10)]
    RunChunk.objects.create(run=run, index=1, pairing=1, first_game=0, games=10, status=RunChunk.Status.DONE,
                            tally=tally(results, 2))
    assert selectors.deck_simulation_record(subject, alice)[0]["wins"] == 12
    assert selectors.deck_simulation_record(b, alice)[0]["wins"] == 2
    assert selectors.deck_simulation_record(a, alice)[0]["wins"] == 6


# -- the builder's text mode -------------------------------------------------------------------------------
def _post_json(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


def test_the_builder_writes_its_cards_as_text_and_saves_text_as_a_new_version(client, alice, import_sample):
    deck = import_sample(alice, "boundless-emerald-vanguard.txt")
    client.force_login(alice)
    url = f"/decks/{deck.pk}/edit/text/"
    sections = {row.section: [] for row in deck.cards.all()}
    for row in deck.cards.all():
        sections[row.section].append({"card_id": row.card_id, "qty": row.quantity})
    text = _post_json(client, url, {"action": "render", "sections": sections, "name": "Vanguard"}).json()["text"]
    assert text.startswith("# Name: Vanguard") and text == _post_json(client, url, {
        "action": "render", "sections": sections, "name": "Vanguard"}).json()["text"]
    spec = get_game(deck.game)
    for section in spec.sections:
        if section.slug in sections:
            assert f"{section.label}:" in text
    # drop one line, save: a new version with exactly the text's cards
    lines = text.splitlines()
    dropped = next(i for i, line in enumerate(lines) if re.match(r"^\d+ ", line))
    lines.pop(dropped)
    version = deck.current_version
    response = _post_json(client, url, {"action": "save", "text": "\n".join(lines), "format": "standard"})
    assert response.status_code == 200, response.content
    body = response.json()
    deck.refresh_from_db()
    assert body["version"] == deck.current_version == version + 1 and deck.name == "Vanguard"
    assert deck.versions.get(number=deck.current_version).note.startswith("edited as text in the builder")
    assert sum(len(rows) for rows in body["sections"].values()) == deck.cards.count() == sum(
        len(v) for v in sections.values()) - 1


def test_bad_text_in_the_builder_names_each_line_and_saves_nothing(client, alice, bob, import_sample):
    deck = import_sample(alice, "spellbound-ashen-rift.txt")
    url = f"/decks/{deck.pk}/edit/text/"
    client.force_login(alice)
    before = db_state()
    text = sample_text("spellbound-ashen-rift.txt") + "\n2 Nobody Of That Name\nfour Broken Line\n"
    response = _post_json(client, url, {"action": "save", "text": text})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "bad_text" and "nothing was saved" in body["message"]
    numbers = [e["line"] for e in body["errors"]]
    assert len(text.splitlines()) - 1 in numbers and any("Nobody Of That Name" in e["message"] for e in body["errors"])
    assert db_state() == before
    assert _post_json(client, url, {"action": "save", "text": "# Format: nonsense\n"}).status_code == 400
    assert _post_json(client, url, {"action": "explode"}).status_code == 400
    assert client.post(url, "not json", content_type="application/json").status_code == 400
    assert db_state() == before
    client.force_login(bob)
    assert _post_json(client, url, {"action": "save", "text": text}).status_code == 404  # private: not even seen
    deck.visibility = Deck.PUBLIC
    deck.save()
    assert _post_json(client, url, {"action": "render", "sections": {}}).status_code == 403


# -- the card page ----------------------------------------------------------------------------------------
def test_add_to_deck_adds_one_copy_as_a_new_version(client, alice, import_sample):
    deck = services.deck_create(owner=alice, game="boundless", name="Building")
    card = Card.objects.filter(game__slug="boundless", card_type="form").order_by("name_lower").first()
    client.force_login(alice)
    page = client.get(card.get_absolute_url()).content.decode()
    assert "Add to a deck" in page and f'<option value="{deck.pk}"' in page
    response = client.post("/decks/add-card/", {"card_id": card.pk, "deck_id": deck.pk})
    assert response.status_code == 302 and response["Location"].startswith(card.get_absolute_url())
    assert deck.cards.get().quantity == 1
    client.post("/decks/add-card/", {"card_id": card.pk, "deck_id": deck.pk})
    deck.refresh_from_db()
    row = deck.cards.get()
    spec = get_game("boundless")
    assert row.quantity == 2 and row.section == spec.section_for_type("form").slug
    assert deck.current_version == 3 and "added 1" in deck.versions.get(number=3).note
    page = unescape(client.get(response["Location"]).content.decode())
    assert f"Added 1 {card.name} to Building" in page


def test_add_to_deck_refuses_what_breaks_a_rule_and_changes_nothing(client, alice, import_sample):
    deck = import_sample(alice, "fellbound-dawnwardens.txt")  # ten unique characters: legal, full
    assert deck.is_legal
    client.force_login(alice)
    inside = _first_card(deck)
    before = db_state()
    response = client.post("/decks/add-card/", {"card_id": inside.pk, "deck_id": deck.pk}, follow=True)
    page = unescape(response.content.decode())
    assert f"{inside.name} was not added to {deck.name}" in page
    assert db_state() == before
    outside = Card.objects.filter(game__slug="fellbound").exclude(deck_cards__deck=deck).first()
    client.post("/decks/add-card/", {"card_id": outside.pk, "deck_id": deck.pk})
    assert db_state() == before  # an eleventh card: the deck size rule
    # a card of another game, or a section that does not take it
    other = Card.objects.exclude(game__slug="fellbound").first()
    with pytest.raises(services.DeckError):
        services.deck_add_card(actor=alice, deck=deck, card=other)
    with pytest.raises(services.DeckError):
        services.deck_add_card(actor=alice, deck=deck, card=outside, section="nowhere")
    assert db_state() == before


def test_add_to_deck_keeps_a_short_deck_addable(alice):
    """A deck still being built breaks its size rule already; one more copy is fine."""
    deck = services.deck_create(owner=alice, game="fellbound", name="Short")
    card = Card.objects.filter(game__slug="fellbound").first()
    services.deck_add_card(actor=alice, deck=deck, card=card)
    assert deck.cards.get().card == card and not deck.is_legal
    with pytest.raises(services.DeckError, match="was not added"):
        services.deck_add_card(actor=alice, deck=deck, card=card)  # a second copy breaks "unique"


def test_add_to_deck_is_for_the_owner_only(client, alice, bob, import_sample):
    public = services.deck_create(owner=alice, game="fellbound", name="Alice's public", visibility=Deck.PUBLIC)
    private = services.deck_create(owner=alice, game="fellbound", name="Alice's secret")
    card = Card.objects.filter(game__slug="fellbound").first()
    before = db_state()
    response = client.post("/decks/add-card/", {"card_id": card.pk, "deck_id": public.pk})
    assert response.status_code == 302 and "/login" in response["Location"]
    client.force_login(bob)
    page = client.get(card.get_absolute_url()).content.decode()
    assert "Alice&#x27;s" not in page and "You have no FellBound deck yet" in page
    assert client.post("/decks/add-card/", {"card_id": card.pk, "deck_id": public.pk}).status_code == 403
    response = client.post("/decks/add-card/", {"card_id": card.pk, "deck_id": private.pk}, follow=True)
    assert "Choose one of your decks" in response.content.decode() and "secret" not in response.content.decode()
    assert client.post("/decks/add-card/", {"card_id": 0, "deck_id": private.pk}).status_code == 404
    assert client.get("/decks/add-card/").status_code == 405
    assert db_state() == before


def test_the_card_page_lists_public_decks_and_the_viewers_own_never_others_private(client, alice, bob,
                                                                                   import_sample):
    public = import_sample(alice, "fellbound-dawnwardens.txt", visibility=Deck.PUBLIC)
    secret = import_sample(alice, "fellbound-dawnwardens.txt")
    unlisted = import_sample(alice, "fellbound-dawnwardens.txt", visibility=Deck.UNLISTED)
    card = _first_card(public)
    for viewer, shown, hidden in ((None, [public], [secret, unlisted]), (bob, [public], [secret, unlisted]),
                                  (alice, [public, secret, unlisted], [])):
        if viewer is None:
            client.logout()
        else:
            client.force_login(viewer)
        page = client.get(card.get_absolute_url()).content.decode()
        section = page.split("Decks using this card", 1)[1]
        for deck in shown:
            assert f'href="/decks/{deck.pk}/"' in section
        for deck in hidden:
            assert f'href="/decks/{deck.pk}/"' not in section


@pytest.mark.parametrize("filename", SAMPLE_DECKS[::3])
def test_legality_per_format_comes_from_the_games_own_rules(client, alice, import_sample, filename):
    from decks.models import Format
    from rules.core.decks import DeckEntry, DeckList

    deck = import_sample(alice, filename)
    card = _first_card(deck)
    rows = selectors.card_format_legality(card)
    assert [r["slug"] for r in rows] == [f.slug for f in selectors.format_list(game=deck.game)]
    for row in rows:
        assert row["status"] in ("legal", "restricted", "banned", "not_allowed")
        if row["status"] == "legal" and row["copies"]:
            fmt = Format.objects.get(game=deck.game, slug=row["slug"])
            section = selectors.card_sections(card)[0].slug
            too_many = DeckList(game=deck.game, format=fmt.slug, sections={section: [
                DeckEntry(selectors.card_to_spec(card), row["copies"] + 1)]})
            assert any(card.name in v.cards for v in selectors.validate_decklist(too_many, fmt))
    page = client.get(card.get_absolute_url()).content.decode()
    assert "Legality" in page and page.count('class="legality-') >= len(rows)


def test_a_banned_card_and_a_copy_limit_are_said_in_words(client, alice, import_sample):
    from decks.models import Format

    deck = import_sample(alice, "boundless-emerald-vanguard.txt")
    card = deck.cards.select_related("card").filter(section="main").first().card
    Format.objects.create(game="boundless", slug="house", name="House", base="standard", banned=[card.name])
    rows = {r["slug"]: r for r in selectors.card_format_legality(card)}
    assert rows["house"]["status"] == "banned"
    assert rows["standard"]["status"] == "legal" and rows["standard"]["copies"] == 4
    page = client.get(card.get_absolute_url()).content.decode()
    assert "Banned" in page and "up to 4 copies a deck" in page


def test_dealt_decks_are_not_offered_for_adding(alice):
    deal = services.deck_deal(owner=alice, game="fellbound", fmt="random", seed=3)
    built = services.deck_create(owner=alice, game="fellbound", name="Built")
    card = Card.objects.filter(game__slug="fellbound").first()
    assert selectors.decks_to_add_card(card, alice) == [built] and deal not in selectors.decks_to_add_card(card, alice)
    from django.contrib.auth.models import AnonymousUser

    assert selectors.decks_to_add_card(card, AnonymousUser()) == []


def test_no_game_is_named_in_the_new_code():
    from pathlib import Path

    from rules.core.registry import game_slugs

    root = Path(__file__).resolve().parents[2]
    files = [root / "decks" / "charts.py", root / "templates" / "decks" / "detail.html",
             root / "templates" / "decks" / "includes" / "chart.html", root / "static" / "js" / "builder.js",
             root / "templates" / "cardpool" / "card_detail.html"]
    for path in files:
        text = path.read_text(encoding="utf-8").lower()
        for slug in game_slugs():
            assert f'"{slug}"' not in text and f"'{slug}'" not in text, (path, slug)
    assert DeckCard  # the model the lists read
    assert game_of("x-y.txt") == "x"
