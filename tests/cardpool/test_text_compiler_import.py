"""Effects compiled from card text on import (issue 12, part 4, the app side): a game with a text
compiler (``GameSpec.text_compiler``) gets every card that arrives without effects compiled from
its text; a text that does not compile imports as a card not playable yet, with the phrase not
understood; ``effects_report`` gives the coverage; the card page and the API say it."""

import dataclasses
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.template.loader import render_to_string

from cardpool.importer import import_cards_text
from cardpool.models import Card, CardSet
from cardpool.selectors import cards_not_playable
from cardpool.services import ImportFailed, compile_card_text, game_sync_all, unplayable_phrase
from rules.core.registry import all_games, get_game
from rules.millennium_blades.text import compile_text

pytestmark = pytest.mark.django_db

GAME = "millennium_blades"

#: A fan list in the game's templated English: six texts compile, "Odd Duck"'s does not, and
#: "Plain Pebble" has no text at all.
FAN_LIST = """\
Name,Set,Star,Element,Type,Tier,Cost,Qty,Text
Ember Scout,Storm Harbor,3,Fire,Soldier,Single,2,2,Play: Gain 3 RP.
Tide Caller,Storm Harbor,4,Water,Mage,Single,3,2,Score: Gain 2 RP for each Water card in your tableau.
Duelist Rook,Storm Harbor,6,Earth,Soldier,Single,4,1,Play: Clash with an opponent. The winner gains 12 RP.
Bastion Owl,Storm Harbor,2,Air,Animal,Single,2,3,Top: Cards in your tableau cannot be flipped by opponents' effects.
Quick Mouse,Storm Harbor,1,Earth,Animal,Single,1,3,Scurry | Score: Gain 1 RP for each card to the left of this one.
Harbor Chest,Storm Harbor,-,-,-,Deck Box,4,1,Score: Gain 2 RP per Water card.
Odd Duck,Storm Harbor,1,Water,Animal,Single,1,3,Play: Draw a card.
Plain Pebble,Storm Harbor,0,Earth,Construct,Single,0,3,
"""
COMPILING = ["Ember Scout", "Tide Caller", "Duelist Rook", "Bastion Owl", "Quick Mouse", "Harbor Chest"]
DUCK_REASON = "not understood: 'draw a card'"


def import_list(text=FAN_LIST, fmt="csv", **kwargs):
    return import_cards_text(text, game_slug=GAME, fmt=fmt, **kwargs)


def card(name: str) -> Card:
    return Card.objects.get(game__slug=GAME, name=name)


@pytest.fixture
def games(empty_card_pool):
    return game_sync_all()


@pytest.fixture
def mb_core(games):
    return CardSet.objects.create(game=games[GAME], code="TM1", name="Test Core", release_order=1, kind="core")


# -- the hook ---------------------------------------------------------------------------------

def test_only_games_that_declare_a_text_compiler_have_one():
    assert get_game(GAME).text_compiler is not None
    effects, reason = get_game(GAME).text_compiler("Play: Gain 3 RP.")
    assert reason is None and effects[0]["ops"] == [{"op": "gain_rp", "amount": 3}]
    for spec in all_games():
        if spec.slug != GAME:
            assert spec.text_compiler is None, spec.slug


def test_compile_card_text_checks_what_it_compiles_and_never_raises():
    spec = get_game(GAME)
    ok = compile_card_text(spec, card_type="single", attributes={"star": 2}, text="Play: Gain 3 RP.")
    assert ok.playable and ok.reason == "" and ok.effects == compile_text("Play: Gain 3 RP.")[0]
    bad = compile_card_text(spec, card_type="single", attributes={"star": 2}, text="Play: Draw a card.")
    assert (bad.playable, bad.effects, bad.reason) == (False, [], DUCK_REASON)
    # An "X" star whose text does not say what X is: the card checker refuses the compiled effects.
    refused = compile_card_text(spec, card_type="single", attributes={"star": "X"}, text="Play: Gain 3 RP.")
    assert not refused.playable and refused.effects == []
    assert refused.reason.startswith("the compiled effects are refused: attributes.star")

    def broken(text):
        raise KeyError("oops")

    crashed = compile_card_text(dataclasses.replace(spec, text_compiler=broken), card_type="single",
                                attributes={"star": 1}, text="Play: Gain 3 RP.")
    assert not crashed.playable and "KeyError" in crashed.reason
    assert compile_card_text(get_game("boundless"), card_type="form", attributes={}, text="Guard.") is None


@pytest.mark.parametrize("reason, phrase", [
    (DUCK_REASON, "draw a card"),
    ("not understood: \"opponents' cards\"", "opponents' cards"),
    ("the compiled effects are refused: x y", "the compiled effects are refused: x y"),
])
def test_the_report_groups_by_the_phrase_a_reason_names(reason, phrase):
    assert unplayable_phrase(reason) == phrase


# -- the import -------------------------------------------------------------------------------

def test_fan_list_imports_whole_with_effects_from_text_and_the_rest_named(mb_core):
    summary = import_list()
    assert (summary.created, summary.sets_created) == (8, 1)
    assert summary.compiled == 8 and summary.not_playable == [("Odd Duck", DUCK_REASON)]
    assert "8 card(s) without effects compiled from their text: 7 playable, 1 not playable yet" in str(summary)
    for name in COMPILING:
        c = card(name)
        assert c.playable and c.unplayable_reason == ""
        assert c.effects == compile_text(c.text)[0] and c.effects, name
    assert card("Duelist Rook").effects[0]["ops"] == [
        {"op": "clash", "with": "opponent", "winner": [{"op": "gain_rp", "amount": 12}]}]
    assert card("Bastion Owl").effects[0]["ops"] == [{"op": "protect", "target": "tableau"}]
    assert [e.get("keyword") for e in card("Quick Mouse").effects] == ["scurry", None]
    duck = card("Odd Duck")
    assert (duck.playable, duck.effects, duck.unplayable_reason) == (False, [], DUCK_REASON)
    assert duck.text == "Play: Draw a card." and duck.attributes["star"] == 1  # the rest is imported as usual
    pebble = card("Plain Pebble")  # no text: nothing to compile, nothing missing
    assert pebble.playable and pebble.effects == []
    # Compiled effects are searchable like given ones (the index has their timings).
    assert set(card("Tide Caller").index_values.filter(name="timing").values_list("text", flat=True)) == {"score"}


def test_effects_given_with_a_card_are_kept_and_checked_as_always(mb_core):
    given = [{"timing": "play", "ops": [{"op": "gain_rp", "amount": 9}]}]
    rows = {"cards": [
        {"set": "TM1", "number": "001", "name": "Hand Made", "card_type": "single", "text": "Play: Draw a card.",
         "attributes": {"star": 2}, "effects": given},
        {"set": "TM1", "number": "002", "name": "From Text", "card_type": "single", "text": "Play: Gain 3 RP.",
         "attributes": {"star": 2}},
        {"set": "TM1", "number": "003", "name": "Empty List", "card_type": "single", "text": "Play: Gain 4 RP.",
         "attributes": {"star": 2}, "effects": []},
    ]}
    summary = import_list(json.dumps(rows), fmt="json")
    assert summary.created == 3 and summary.compiled == 2 and summary.not_playable == []
    hand = card("Hand Made")
    assert hand.effects == given and hand.playable  # given effects win over a text the compiler cannot read
    assert card("From Text").effects == compile_text("Play: Gain 3 RP.")[0]
    assert card("Empty List").effects == compile_text("Play: Gain 4 RP.")[0]
    bad = {"cards": [{"set": "TM1", "number": "004", "name": "Bad Given", "card_type": "single",
                      "text": "Play: Gain 3 RP.", "attributes": {"star": 2},
                      "effects": [{"timing": "play", "ops": [{"op": "summon"}]}]}]}
    with pytest.raises(ImportFailed, match="unknown op 'summon'"):
        import_list(json.dumps(bad), fmt="json")
    assert not Card.objects.filter(name="Bad Given").exists()


def test_a_bad_row_still_stops_the_whole_import(mb_core):
    before = Card.objects.count()
    text = FAN_LIST + "Too Bright,Storm Harbor,13,Fire,Soldier,Single,1,1,Play: Gain 1 RP.\n"
    with pytest.raises(ImportFailed) as excinfo:
        import_list(text)
    assert [(e.where, e.field) for e in excinfo.value.errors] == [("line 10", "Star")]
    assert "draw a card" not in str(excinfo.value)  # a text that does not compile is no error
    assert Card.objects.count() == before and not CardSet.objects.filter(code="SH").exists()


def test_dry_run_compiles_and_writes_nothing(mb_core):
    summary = import_list(dry_run=True)
    assert summary.not_playable == [("Odd Duck", DUCK_REASON)]
    assert not Card.objects.filter(game__slug=GAME).exists()


def test_reimport_compiles_the_new_text_and_keeps_hand_written_effects(mb_core):
    import_list()
    hand = card("Ember Scout")
    hand.effects = [{"timing": "play", "ops": [{"op": "gain_rp", "amount": 7}]}]
    hand.save()  # written by hand (the admin): kept by a list without an effects column
    fixed = (FAN_LIST.replace("Play: Draw a card.", "Play: Gain 1 RP for each Water card in your tableau.")
             .replace("Score: Gain 2 RP per Water card.", "Score: Gain 3 RP per Fire card."))
    summary = import_list(fixed)
    assert (summary.created, summary.updated, summary.unchanged) == (0, 2, 6)
    assert summary.not_playable == []
    duck = card("Odd Duck")
    assert duck.playable and duck.unplayable_reason == ""
    assert duck.effects[0]["ops"][0]["per"]["filter"] == {"element": "water"}
    assert card("Harbor Chest").effects[0]["ops"][0] == {
        "op": "gain_rp", "amount": 3, "per": {"count": "cards", "zone": "tableau", "filter": {"element": "fire"}}}
    assert card("Ember Scout").effects[0]["ops"] == [{"op": "gain_rp", "amount": 7}]
    # And back: the text breaks again, the card is not playable again.
    import_list()
    assert not card("Odd Duck").playable and card("Odd Duck").effects == []


def test_games_without_a_text_compiler_import_as_before(games):
    text = ("set,set_name,set_kind,set_order,number,name,card_type,rarity,text,pwr,level\n"
            "TB1,Test Boundless,core,1,001,Stone Golem,form,C,Guard and then some words,3,1\n")
    summary = import_cards_text(text, game_slug="boundless", fmt="csv")
    assert summary.compiled == 0 and "compiled" not in str(summary)
    golem = Card.objects.get(name="Stone Golem")
    assert golem.playable and golem.effects == [] and golem.unplayable_reason == ""


def test_the_import_command_names_the_cards_not_playable(mb_core, tmp_path):
    path = tmp_path / "fan.csv"
    path.write_text(FAN_LIST, encoding="utf-8")
    stdout = io.StringIO()
    call_command("import_cards", str(path), "--game", GAME, stdout=stdout, stderr=io.StringIO())
    out = stdout.getvalue()
    assert "8 created" in out and "7 playable, 1 not playable yet" in out
    assert f"not playable yet: Odd Duck: {DUCK_REASON}" in out


def test_the_admin_import_compiles_too(mb_core, client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("admin", "admin@example.com", "pw"))
    response = client.post("/admin/cardpool/card/import/",
                           {"game": GAME, "file": SimpleUploadedFile("fan.csv", FAN_LIST.encode())})
    assert response.status_code == 200 and b"1 not playable yet" in response.content
    assert not card("Odd Duck").playable and card("Ember Scout").effects
    response = client.get(f"/admin/cardpool/card/{card('Odd Duck').pk}/change/")
    assert response.status_code == 200 and "draw a card" in response.content.decode()
    assert client.get("/admin/cardpool/card/", {"playable__exact": "0"}).status_code == 200


def test_load_cardpool_keeps_the_fixture_effects_playable(card_pool):
    cards = Card.objects.filter(game__slug=GAME)
    assert cards.exists() and not cards.filter(playable=False).exists()


# -- the report -------------------------------------------------------------------------------

def report(*args) -> str:
    out = io.StringIO()
    call_command("effects_report", "--game", GAME, *args, stdout=out)
    return out.getvalue()


def test_effects_report_gives_coverage_and_the_phrases_not_understood(mb_core):
    import_list(FAN_LIST + "Odd Goose,Storm Harbor,2,Air,Animal,Single,1,3,Play: Draw a card.\n"
                "Odd Crab,Storm Harbor,2,Water,Animal,Single,1,3,Play: Gain 3 RP. Then summon a dragon.\n")
    out = report()
    lines = out.splitlines()
    assert lines[0] == "Millennium Blades: 6/9 card texts compile (66.7%); 3 not playable yet"
    assert "Phrases not understood (2 distinct):" in out
    first, second = [line for line in lines if line.startswith("  ")]
    assert first.split()[:4] == ["2", "'draw", "a", "card'"] and "e.g. Odd Duck (SH #007)" in first
    assert "'summon a dragon'" in second and "Odd Crab" in second
    assert "Stored as not playable: 3 card(s)" in out

    data = json.loads(report("--json"))
    assert (data["game"], data["total"], data["compiled"], data["not_compiled"]) == (GAME, 9, 6, 3)
    assert data["coverage"] == round(6 / 9, 4) and data["stored_not_playable"] == 3
    assert [(p["phrase"], p["count"]) for p in data["phrases"]] == [("draw a card", 2), ("summon a dragon", 1)]
    assert data["phrases"][0]["example"] == {
        "name": "Odd Duck", "set": "SH", "number": "007", "reason": DUCK_REASON,
        "url": card("Odd Duck").get_absolute_url()}
    top = json.loads(report("--json", "--top", "1"))
    assert len(top["phrases"]) == 1 and top["distinct_phrases"] == 2
    assert "the 1 most frequent" in report("--top", "1")
    assert json.loads(report("--json", "--set", "TM1"))["total"] == 0
    assert report("--set", "TM1").strip() == "Millennium Blades (set TM1): no card with text"
    # sets chosen by pattern, or left out: an imported list measured without the sets beside it
    assert json.loads(report("--json", "--exclude-set", "tm*"))["total"] == 9
    assert json.loads(report("--json", "--exclude-set", "S?"))["total"] == 0
    both = json.loads(report("--json", "--set", "SH", "--set", "TM1"))
    assert (both["total"], both["set"]) == (9, ["SH", "TM1"])
    assert report("--exclude-set", "S?", "--set", "*").startswith("Millennium Blades (set *, not set S?): no card")
    with pytest.raises(CommandError, match=r"--exclude-set 'ZZ\*' matches no set of this game \(its sets: SH, TM1") as excinfo:
        report("--exclude-set", "ZZ*")
    assert excinfo.value.returncode == 2


def test_effects_report_on_the_fixture_pool(card_pool):
    data = json.loads(report("--json"))
    assert data["total"] >= 100 and data["compiled"] == data["total"] and data["phrases"] == []


def test_effects_report_refuses_a_game_without_a_text_compiler(db):
    with pytest.raises(CommandError, match="Boundless TCG has no text compiler") as excinfo:
        call_command("effects_report", "--game", "boundless", stdout=io.StringIO())
    assert excinfo.value.returncode == 2


# -- pages and API ----------------------------------------------------------------------------

def test_the_card_page_says_not_playable_yet_with_the_reason(mb_core, client):
    import_list()
    body = client.get(card("Odd Duck").get_absolute_url()).content.decode()
    assert "Not playable yet" in body and "not understood: &#x27;draw a card&#x27;" in body
    body = client.get(card("Ember Scout").get_absolute_url()).content.decode()
    assert "Not playable yet" not in body and "Structured effects" in body


def test_the_card_api_gives_playable_and_the_reason(mb_core, client):
    import_list()
    duck = client.get(f"/api/cards/{card('Odd Duck').pk}/").json()
    assert duck["playable"] is False and duck["unplayable_reason"] == DUCK_REASON and duck["effects"] == []
    scout = client.get(f"/api/cards/{card('Ember Scout').pk}/").json()
    assert scout["playable"] is True and scout["unplayable_reason"] == ""
    listed = client.get("/api/cards/", {"game": GAME, "q": "Odd Duck"}).json()["results"]
    assert [(c["name"], c["playable"]) for c in listed] == [("Odd Duck", False)]


# -- decks ------------------------------------------------------------------------------------

def test_the_deck_warning_names_the_cards_not_playable(mb_core):
    import_list()
    cards = [card("Ember Scout"), card("Odd Duck"), card("Odd Duck"), card("Plain Pebble")]
    found = cards_not_playable(cards)
    assert [c.name for c in found] == ["Odd Duck"]
    html = render_to_string("cardpool/includes/not_playable_warning.html", {"not_playable": found})
    assert "1 card not playable yet" in html and "draw a card" in html
    assert card("Odd Duck").get_absolute_url() in html and "refuse this deck" in html
    assert render_to_string("cardpool/includes/not_playable_warning.html", {"not_playable": []}).strip() == ""


def test_giving_a_card_effects_makes_it_playable(mb_core):
    import_list()
    duck = card("Odd Duck")
    duck.effects = [{"timing": "play", "ops": [{"op": "gain_rp", "amount": 1}]}]
    duck.save()
    duck.refresh_from_db()
    assert duck.playable and duck.unplayable_reason == ""


def test_the_deck_page_warns_of_cards_not_playable(mb_core, client):
    from django.contrib.auth import get_user_model

    from decks.models import Deck, DeckCard

    import_list()
    owner = get_user_model().objects.create_user("kitmaker", password="pw-kitmaker")
    deck = Deck.objects.create(owner=owner, game="millennium_blades", name="Odd kit")
    for name in ("Ember Scout", "Odd Duck"):
        DeckCard.objects.create(deck=deck, card=card(name), section="singles", quantity=1)
    client.force_login(owner)
    page = client.get(deck.get_absolute_url()).content.decode()
    assert "1 card not playable yet" in page and "Odd Duck" in page
