"""Millennium Blades fan card lists as real lists write them (issue 12 part 2): abilities in one
text cell separated by `` | ``; the kind as the text's first segment (``DECK BOX``, ``ACCESSORY``,
``LEGENDARY ACCESSORY``, ``METAGAME``...); ``-``, ``[-]`` and empty for no element, type or star;
``Dual A/B``; the tier holding a set kind (promos too); the same name twice in one set adding up
its copies; and every other kind of component (characters, friendship, metagame, venues, pro
players, co-op bosses, keyword reminders) as a card type of its own. A list in these conventions
imports whole through ``import_cards`` and the admin; a bad row stops everything and names its
line and column. The cards, names and texts are invented for these tests."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from cardpool.exporter import export_cards
from cardpool.fan_list import card_kind
from cardpool.importer import import_cards_text, parse_csv
from cardpool.management.commands.effects_report import effects_report
from cardpool.models import Card, CardSet
from cardpool.selectors import card_search
from cardpool.services import ImportFailed, game_sync_all
from decks.models import Deck
from decks.services import DeckError, deck_add_card
from rules.core.registry import get_game
from rules.millennium_blades.cards import COMPONENTS
from rules.millennium_blades.text import compile_text

pytestmark = pytest.mark.django_db

GAME = "millennium_blades"

#: Every convention at least once; the comment after each line says what it shows.
REAL_LIST = """\
Name,Set,Star,Element,Type,Tier,Cost,Qty,Text
Cinder Pup,Ashen Arcade,2,Fire,Animal,Expansion,4,2,Play: Gain 2 RP.
Mirror Marten,Ashen Arcade,3,Dual Water/Dark,Dual Animal/Mage,,4,2,Play: Gain 1 RP. | Score: Gain 2 RP per Water card.
Kiln Golem,Ashen Arcade,X,[-],Construct,,4,1,Ongoing: X is the number of cards in your tableau.
Cinder Pup,Ashen Arcade,2,Fire,Animal,,4,1,Play: Gain 2 RP.
Ember Satchel,Ashen Arcade,-,-,-,,4,1,DECK BOX | Score: Gain 2 RP per Fire card.
Soot Gloves,Ashen Arcade,[-],[-],[-],,4,1,ACCESSORY | Action: Gain 1 RP.
Crown of the Last Flame,Ashen Arcade,,,,,4,1,LEGENDARY ACCESSORY | Score: Gain 5 RP.
Gilded Heron,Heron Prize Pack,5,Light,Animal,Silver Promo,8,1,Play: Gain 4 RP.
Copper Newt,Newt Prize Pack,1,Earth,Animal,Bronze Promo,7,1,Scurry | Play: Gain 1 RP.
Stormcaller Vex,Pro Circuit,6,Air,Pro,,0,5,Play: Gain 3 RP.
Captain Oriel,Pro Circuit,5,Light,Soldier,Pro Player,0,5,Score: Gain 1 RP for each card to the left of this one.
Tamsin Quickdraw,Cast of Characters,-,-,-,Character,,1,CHARACTER | Deckbuilding: Swap with the Store. | Tournament: See a hand.
Thanks from Tamsin,Friendship Cards,[-],[-],[-],Friendship,,6,Give this card to a friend who helped you. It is worth 1 VP to them.
Heat Wave,Elemental Metagame,-,Fire,-,,,1,METAGAME | Score: Gain 3 RP for each Fire card in your tableau.
Volcano Rim Arena,Venue Deck,,,,Venue,,1,VENUE | Deckbuilding: Each player gains $2. | Tournament: Fire cards cannot be flipped.
The Shuffler King,Co-op Bosses,12,Dark,Myth,,,1,CO-OP BOSS | Each round the boss plays the top card of the Store.
Scurry Reminder,Keyword Reminders,-,-,-,Keyword Reminder,,1,KEYWORD | Scurry: Play: You may insert this card anywhere.
"""
#: name -> (card type, set code, number, attributes)
EXPECTED = {
    "Cinder Pup": ("single", "AA", "001", {"star": 2, "elements": ["fire"], "types": ["animal"], "cost": 4,
                                           "copies": 3}),
    "Mirror Marten": ("single", "AA", "002", {"star": 3, "elements": ["water", "dark"], "types": ["animal", "mage"],
                                              "cost": 4, "copies": 2}),
    "Kiln Golem": ("single", "AA", "003", {"star": "X", "types": ["construct"], "cost": 4, "copies": 1}),
    "Ember Satchel": ("deck_box", "AA", "004", {"cost": 4, "copies": 1}),
    "Soot Gloves": ("accessory", "AA", "005", {"cost": 4, "copies": 1}),
    "Crown of the Last Flame": ("accessory", "AA", "006", {"cost": 4, "copies": 1}),
    "Gilded Heron": ("single", "HPP", "001", {"star": 5, "elements": ["light"], "types": ["animal"], "cost": 8,
                                              "copies": 1}),
    "Copper Newt": ("single", "NPP", "001", {"star": 1, "elements": ["earth"], "types": ["animal"], "cost": 7,
                                             "copies": 1}),
    "Stormcaller Vex": ("single", "PC", "001", {"star": 6, "elements": ["air"], "types": ["pro"], "cost": 0,
                                               "copies": 5}),
    "Captain Oriel": ("single", "PC", "002", {"star": 5, "elements": ["light"], "types": ["soldier", "pro"],
                                              "cost": 0, "copies": 5}),
    "Tamsin Quickdraw": ("character", "COC", "001", {"copies": 1}),
    "Thanks from Tamsin": ("friendship", "FC", "001", {"copies": 6}),
    "Heat Wave": ("metagame", "EM", "001", {"elements": ["fire"], "copies": 1}),
    "Volcano Rim Arena": ("venue", "VD", "001", {"copies": 1}),
    "The Shuffler King": ("boss", "COB", "001", {"star": 12, "elements": ["dark"], "types": ["myth"], "copies": 1}),
    "Scurry Reminder": ("keyword_reminder", "KR", "001", {"copies": 1}),
}
#: the card types the tournament engine plays and whose text is compiled
COMPILED = ("single", "deck_box", "accessory", "metagame")
#: the components this list holds (those of the community card list: tests/cardpool/test_convert_mb_db.py)
LISTED = tuple(slug for slug in COMPONENTS if any(t == slug for t, *_r in EXPECTED.values()))


def import_list(text=REAL_LIST, **kwargs):
    return import_cards_text(text, game_slug=GAME, fmt="csv", **kwargs)


def card(name: str) -> Card:
    return Card.objects.get(game__slug=GAME, name=name)


@pytest.fixture
def games(empty_card_pool):
    return game_sync_all()


def nothing_written():
    return not Card.objects.filter(game__slug=GAME).exists() and not CardSet.objects.filter(game__slug=GAME).exists()


# -- the schema ---------------------------------------------------------------------------------

def test_every_component_has_a_card_type_that_no_deck_section_takes():
    spec = get_game(GAME)
    assert set(COMPONENTS) <= set(spec.card_type_slugs)
    for slug in COMPONENTS:
        assert spec.section_for_type(slug) is None, slug
    assert set(spec.compiled_card_types) == set(COMPILED)


@pytest.mark.parametrize("word, slug", [
    ("DECK BOX", "deck_box"), ("Accessory", "accessory"), ("LEGENDARY ACCESSORY", "accessory"),
    ("Legendary Accessory.", "accessory"), ("CHARACTER", "character"), ("Friendship Card", "friendship"),
    ("Meta", "metagame"), ("METAGAME", "metagame"), ("Venue", "venue"), ("CO-OP BOSS", "boss"),
    ("Co-op Boss", "boss"), ("KEYWORD", "keyword_reminder"), ("Keyword Reminder", "keyword_reminder"),
    ("Pro Player", "single"), ("Single", "single"), ("Relic", None), ("Expansion", None),
])
def test_kind_words(word, slug):
    assert card_kind(get_game(GAME), word) == slug


# -- a whole list in the real conventions ------------------------------------------------------

def test_a_list_in_every_convention_imports_whole(games):
    read = parse_csv(REAL_LIST, game_slug=GAME)
    assert read.layout == "fan" and read.errors == []
    summary = import_list()
    # 17 rows, Cinder Pup twice: 16 cards; 10 sets
    assert (summary.created, summary.updated, summary.sets_created) == (len(EXPECTED), 0, 10)
    for name, (card_type, code, number, attributes) in EXPECTED.items():
        c = card(name)
        assert (c.card_type, c.card_set.code, c.number, c.attributes) == (card_type, code, number, attributes), name
    sets = {s.code: (s.name, s.kind) for s in CardSet.objects.filter(game__slug=GAME)}
    assert sets["AA"] == ("Ashen Arcade", "expansion")  # the tier of the first row names the set kind
    assert sets["HPP"] == ("Heron Prize Pack", "silver_promo")
    assert sets["NPP"] == ("Newt Prize Pack", "bronze_promo")
    assert sets["COC"] == ("Cast of Characters", "expansion")  # a tier naming a kind leaves the default


def test_the_text_is_kept_as_printed_and_compiled_for_what_the_engine_plays(games):
    import_list()
    assert card("Ember Satchel").text == "DECK BOX | Score: Gain 2 RP per Fire card."
    for name, (card_type, *_rest) in EXPECTED.items():
        c = card(name)
        assert c.playable and c.unplayable_reason == "", name
        if card_type in COMPILED:
            assert c.effects and c.effects == compile_text(c.text)[0], name
        else:  # components: rules for the full game, kept as printed, nothing compiled
            assert c.effects == [], name
    # " | " separates abilities; the kind segment is not one
    assert [e["timing"] for e in card("Mirror Marten").effects] == ["play", "score"]
    assert [e["timing"] for e in card("Ember Satchel").effects] == ["score"]
    assert [e.get("keyword") for e in card("Copper Newt").effects] == ["scurry", None]
    assert card("Heat Wave").effects[0]["ops"][0]["per"]["filter"] == {"element": "fire"}
    # the coverage report counts the texts the engine plays, not the components' rules
    report = effects_report(GAME)
    assert report["total"] == report["compiled"] == sum(t in COMPILED for t, *_r in EXPECTED.values())


def test_reimporting_the_list_changes_nothing_and_its_export_round_trips(games):
    import_list()
    again = import_list()
    assert (again.created, again.updated, again.unchanged, again.sets_created) == (0, 0, len(EXPECTED), 0)
    assert card("Cinder Pup").attributes["copies"] == 3  # not 6: the two rows are one card
    for fmt in ("csv", "json"):
        exported = export_cards(GAME, fmt)
        summary = import_cards_text(exported, game_slug=GAME, fmt=fmt)
        assert (summary.created, summary.updated, summary.unchanged) == (0, 0, len(EXPECTED)), fmt


def test_the_same_name_twice_adds_up_its_copies_even_without_a_quantity(games):
    import_list("Name,Set,Star,Element,Tier,Qty\n"
                "Twin Sparrow,Sky Deck,2,Air,Single,\n"
                "Twin Sparrow,Sky Deck,2,Air,Single,2\n"
                "twin sparrow,Sky Deck,2,Air,Single,\n")
    c = card("Twin Sparrow")
    assert c.attributes["copies"] == 4 and Card.objects.filter(game__slug=GAME).count() == 1


def test_the_command_and_the_admin_import_the_list(games, tmp_path, client, django_user_model):
    path = tmp_path / "real-list.csv"
    path.write_text(REAL_LIST, encoding="utf-8")
    out = io.StringIO()
    call_command("import_cards", str(path), "--game", GAME, "--quiet", stdout=out, stderr=io.StringIO())
    assert f"{len(EXPECTED)} created" in out.getvalue() and "10 new set(s)" in out.getvalue()
    Card.objects.filter(game__slug=GAME).delete()
    CardSet.objects.filter(game__slug=GAME).delete()
    client.force_login(django_user_model.objects.create_superuser("admin", "admin@example.com", "pw"))
    response = client.post("/admin/cardpool/card/import/",
                           {"game": GAME, "file": SimpleUploadedFile("real-list.csv", REAL_LIST.encode())})
    assert response.status_code == 200 and f"{len(EXPECTED)} created".encode() in response.content
    assert card("Volcano Rim Arena").card_type == "venue"


# -- components on the site ---------------------------------------------------------------------

def test_every_kind_has_a_card_page_and_is_found_by_its_type(games, client):
    import_list()
    labels = {t.slug: t.label for t in get_game(GAME).card_types}
    for name, (card_type, *_rest) in EXPECTED.items():
        c = card(name)
        page = client.get(c.get_absolute_url())
        assert page.status_code == 200, name
        html = page.content.decode()
        assert labels[card_type] in html and "Not playable yet" not in html, name
        if card_type in COMPONENTS:
            assert "not part of a deck" in html, name
            assert f"is a {labels[card_type]} card, which Millennium Blades decks do not use" in html, name
        image = client.get(reverse("cardpool:card_image", args=[c.pk]))
        assert image.status_code == 200 and image["Content-Type"] == "image/png", name
    for slug in LISTED:
        found = [c.name for c in card_search(query=f"t:{slug}", game_slug=GAME).cards]
        assert found == [n for n, (t, *_r) in EXPECTED.items() if t == slug], slug
    assert [c.name for c in card_search(query='t:"co-op boss"', game_slug=GAME).cards] == ["The Shuffler King"]
    assert sorted(c.name for c in card_search(query="t:pro", game_slug=GAME).cards) == [
        "Captain Oriel", "Stormcaller Vex"]


def test_components_never_go_in_a_deck(games, django_user_model):
    import_list()
    owner = django_user_model.objects.create_user("kit", "kit@example.com", "pw")
    deck = Deck.objects.create(owner=owner, game=GAME, name="Kit")
    for slug in LISTED:
        component = Card.objects.get(game__slug=GAME, card_type=slug)
        with pytest.raises(DeckError, match="no Millennium Blades deck section takes"):
            deck_add_card(actor=owner, deck=deck, card=component)
    deck_add_card(actor=owner, deck=deck, card=card("Captain Oriel"))  # a Pro Player card is a single


# -- bad rows: nothing is written ---------------------------------------------------------------

BAD_ROWS = [
    # (row, column named, words of the message)
    ("Odd Trinket,Ashen Arcade,2,Fire,Animal,Sidekick,4,1,Play: Gain 1 RP.", "Tier", "'Sidekick' is neither"),
    ("Odd Relic,Ashen Arcade,-,-,-,,4,1,RELIC | Score: Gain 1 RP.", "Text", "'RELIC' is not a card kind"),
    ("Lone Twin,Ashen Arcade,3,Dual Fire,Animal,,4,1,Play: Gain 1 RP.", "Element", "Dual names 2 different values"),
    ("Same Twin,Ashen Arcade,3,Fire,Dual Animal/Animal,,4,1,Play: Gain 1 RP.", "Type", "Dual names 2"),
    ("Plasma Twin,Ashen Arcade,3,Dual Fire/Plasma,Animal,,4,1,Play: Gain 1 RP.", "Element", "plasma"),
    ("Too Bright,Ashen Arcade,13,Fire,Animal,,4,1,Play: Gain 1 RP.", "Star", "at most 12"),
    ("Many Stars,Ashen Arcade,lots,Fire,Animal,,4,1,Play: Gain 1 RP.", "Star", "whole number"),
    ("No Stars,Ashen Arcade,[-],Fire,Animal,,4,1,Play: Gain 1 RP.", "Star", "required on single"),
    ("Cinder Pup,Ashen Arcade,3,Fire,Animal,,4,1,Play: Gain 2 RP.", "Name", "listed twice"),
    ("Two Kinds,Ashen Arcade,-,-,-,Accessory,4,1,DECK BOX | Score: Gain 1 RP.", "Text", "names two card types"),
]


@pytest.mark.parametrize("row, column, words", BAD_ROWS, ids=[r[0].split(",")[0] for r in BAD_ROWS])
def test_a_bad_row_names_its_line_and_column_and_nothing_is_imported(games, row, column, words):
    lines = REAL_LIST.splitlines()
    text = "\n".join([*lines[:6], row, *lines[6:]]) + "\n"  # the bad row is line 7
    with pytest.raises(ImportFailed) as excinfo:
        import_list(text)
    assert [(e.where, e.field) for e in excinfo.value.errors] == [("line 7", column)]
    assert words in excinfo.value.errors[0].message
    assert nothing_written()


def test_the_command_lists_every_bad_row_and_writes_nothing(games, tmp_path):
    lines = REAL_LIST.splitlines()
    path = tmp_path / "bad-list.csv"
    path.write_text("\n".join([*lines, *(row for row, _c, _w in BAD_ROWS)]) + "\n", encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError, match=f"{len(BAD_ROWS)} error"):
        call_command("import_cards", str(path), "--game", GAME, "--quiet", stdout=io.StringIO(), stderr=err)
    printed = err.getvalue().splitlines()
    for n, (_row, column, words) in enumerate(BAD_ROWS, start=len(lines) + 1):
        assert any(line.startswith(f"{path}: line {n}: {column}: ") and words in line for line in printed), n
    assert nothing_written()
