"""The community Millennium Blades card list (``card_list.sqlite`` of the mb-db repository) imports
whole (issue 26 part 1): ``convert_mb_db`` writes it as the fan-list CSV, and every row kind
imports, all or nothing: set singles, deck boxes and accessories, characters with both power
sides (a Character row and a Character (Co-Op) row merged into one card), co-op bosses (their own
cards beside the set's card of the same name, a boss deck box or accessory as ``kit_part``),
promos, Pro Players, metagames, venues, friendship, keyword, NPC, team, trigger, event and blank
cards, a character's own set. Every row here is invented, in the list's layout: the real list is
never committed. ``test_the_real_list_imports_whole`` reads it from the path in MB_DB_SQLITE and
is skipped without it."""

import io
import os
import sqlite3
import time

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cardpool.importer import import_cards_text, parse_csv
from cardpool.mb_db import NOT_WRITTEN, ConvertError, read_card_list, write_csv
from cardpool.models import Card, CardSet
from cardpool.services import ImportFailed, game_sync_all
from decks.models import Deck
from decks.services import DeckError, deck_add_card

GAME = "millennium_blades"

#: the table as the list's sqlite file declares it
SCHEMA = """CREATE TABLE "card_list" (
"source" TEXT, "card_type" TEXT, "cost" INTEGER, "qty" INTEGER, "set" TEXT, "divider" TEXT,
"star" TEXT, "element" TEXT, "type" TEXT, "card_name" TEXT, "references" TEXT,
"comments_and_errata" TEXT, "card_text" TEXT, "source_symbol" TEXT, "copyright" TEXT, "count" INTEGER)"""
COLUMNS = ("source", "card_type", "cost", "qty", "set", "divider", "star", "element", "type", "card_name",
           "references", "comments_and_errata", "card_text", "source_symbol", "copyright", "count")

#: (tier, cost, qty, set, star, element, type, name, text): invented cards, one of each row kind
ROWS = [
    ("Starter", 0, 3, "Pebble Starter", "1", "Earth", "Animal", "Pebble Pup", "Play: Gain 1 RP."),
    ("Core", 3, 2, "Marble Core", "4", "Water", "Mage", "Tide Reader", "Score: Gain 2 RP per Water card."),
    ("Core", 3, 2, "Marble Core", "3", "-", "-", "Tide Ring", "ACCESSORY | Action: Gain 2 RP."),
    ("Core", 3, 1, "Marble Core", "3", "-", "-", "Tide Ring", "ACCESSORY | Action: Gain 2 RP."),
    ("Core", 3, 1, "Marble Core", "2", "-", "-", "Tide Tin", "DECK BOX | Score: Gain 3 RP."),
    ("Master", 6, 2, "Gloom Manor", "7", "Dual Dark/Light", "Dual Myth/Citizen", "Gloom Warden",
     "Play: Gain 5 RP."),
    ("Master", 6, 1, "Gloom Manor", "9", "Dark", "Myth", "Gloom Lord", "Score: Gain 8 RP."),
    ("Co-Op Boss", 0, 1, "Gloom Manor", "11", "Dark", "Myth", "Gloom Lord",
     "Play: Gain 40 RP. | Flip: You lose 40 RP."),
    ("Co-Op Boss", 0, 1, "Gloom Manor", "2", "Dark", "Construct", "Gloom Manor Keep",
     "DECK BOX | Score (1 player): 50 RP | Score (2 players): 90 RP"),
    ("Co-Op Boss", 0, 1, "Gloom Manor", "1", "-", "-", "Gloom Lantern", "ACCESSORY | This card cannot be flipped."),
    ("Co-Op Boss", 0, 1, "Gloom Manor", "3", "Dark", "Myth", "Gloom Twin",
     "FRONT | Flip: Gain 5 RP. || BACK | Score: Gain 30 RP."),
    ("Bronze Promo", 7, 1, "Copper Prize", "5", "Fire", "Soldier", "Copper Knight", "Play: Gain 4 RP."),
    ("Gold Promo", 9, 1, "Golden Prize", "3", "-", "-", "Golden Crown", "LEGENDARY ACCESSORY | Score: Gain 9 RP."),
    ("Pro Player", 10, 5, "Vera Tour", "9", "Light", "Dual Citizen/Pro", "Vera Vantage", "Play: Gain 6 RP."),
    ("Character", 0, 1, "Verity", "0", "-", "-", "Vera Vantage",
     "DECKBUILDING POWER | Gain 1 Dollar. || TOURNAMENT POWER | Score: Gain 2 RP."),
    ("Character (Co-Op)", 0, 1, "Verity", "0", "-", "-", "Vera Vantage",
     "CO-OP DECKBUILDING POWER | Gain 2 Dollars. || CO-OP TOURNAMENT POWER | Score: Gain 3 RP."),
    ("Friendship", 0, 3, "Verity", "0", "-", "-", "Vera's Thanks", "+1 VP to a friend."),
    ("Character Expansion", 0, 1, "Vera's Riddles", "4", "-", "-", "Riddle Box", "Play: Gain 2 RP."),
    ("Meta", 0, 1, "Weather Update", "0", "-", "-", "Fog Boost",
     "METAGAME CARD | Score: Gain 3 RP for each Water card in your tableau."),
    ("Venue", 0, 1, "Far Places!", "0", "-", "-", "Glass Pier", "Tournament: Reactions cannot be used."),
    ("Keyword", 0, 1, "Reminders", "0", "-", "-", "Splash", "KEYWORD | Action: Gain 1 RP."),
    ("NPC", 0, 1, "Collectors", "0", "-", "-", "NPC - Tally Keeper", "Six cards of one TYPE | +2 VP"),
    ("Team", 0, 1, "Team Cards", "0", "-", "-", "Tandem",
     "TEAM DECKBUILDING POWER | Swap a card. || TEAM TOURNAMENT POWER | Score: Gain 2 RP."),
    ("Trigger", 0, 1, "Oversized Rules", "0", "-", "-", "Quiet Hour", "No player may clash."),
    ("Event", 0, 1, "Far Places!", "0", "-", "-", "Tide Event", "[The event card of a promo]"),
    ("Blank Custom", 3, 4, "Blanks", "[-]", "[-]", "[-]", "[Empty Frame]", "[An empty frame to draw on]"),
]


def build_list(path, rows=ROWS):
    """An sqlite file in the card list's layout, with ``rows`` and made-up notes columns."""
    connection = sqlite3.connect(path)
    connection.execute(SCHEMA)
    for tier, cost, qty, set_name, star, element, type_, name, text in rows:
        values = {"source": "Invented", "card_type": tier, "cost": cost, "qty": qty, "set": set_name,
                  "divider": set_name, "star": star, "element": element, "type": type_, "card_name": name,
                  "references": "a note", "comments_and_errata": None, "card_text": text,
                  "source_symbol": "-", "copyright": "2024", "count": 1}
        connection.execute(f"INSERT INTO card_list VALUES ({', '.join('?' * len(COLUMNS))})",
                           [values[c] for c in COLUMNS])
    connection.commit()
    connection.close()
    return path


def converted(path) -> str:
    out = io.StringIO(newline="")
    write_csv(read_card_list(path), out)
    return out.getvalue()


def card(name: str, card_type: str | None = None) -> Card:
    cards = Card.objects.filter(game__slug=GAME, name=name)
    return cards.get(card_type=card_type) if card_type else cards.get()


@pytest.fixture
def games(empty_card_pool):
    return game_sync_all()


# -- the conversion (no database) ---------------------------------------------------------------

@pytest.mark.django_db
def test_every_row_becomes_one_csv_row_and_the_notes_are_named(tmp_path):
    conversion = read_card_list(build_list(tmp_path / "card_list.sqlite"))
    assert conversion.header == ("Name", "Set", "Star", "Element", "Type", "Tier", "Cost", "Qty", "Text")
    assert len(conversion.rows) == len(ROWS)
    assert conversion.rows[0] == ["Pebble Pup", "Pebble Starter", "1", "Earth", "Animal", "Starter", "0", "3",
                                  "Play: Gain 1 RP."]
    assert conversion.not_written == NOT_WRITTEN
    # cells a spreadsheet would run as formulas are guarded; the import strips the apostrophe
    friendship = next(r for r in conversion.rows if r[0] == "Vera's Thanks")
    assert friendship[8] == "'+1 VP to a friend." and friendship[3] == "'-"
    read = parse_csv(converted(tmp_path / "card_list.sqlite"), game_slug=GAME)
    assert read.layout == "fan"


def test_a_file_that_is_not_the_list_is_refused(tmp_path):
    with pytest.raises(ConvertError, match="no such file"):
        read_card_list(tmp_path / "missing.sqlite")
    (tmp_path / "text.sqlite").write_text("not a database " * 100)
    with pytest.raises(ConvertError, match="not an SQLite database"):
        read_card_list(tmp_path / "text.sqlite")
    other = sqlite3.connect(tmp_path / "other.sqlite")
    other.execute("CREATE TABLE cards (name TEXT)")
    other.close()
    with pytest.raises(ConvertError, match="no table 'card_list' \\(tables: cards\\)"):
        read_card_list(tmp_path / "other.sqlite")
    short = sqlite3.connect(tmp_path / "short.sqlite")
    short.execute('CREATE TABLE card_list (card_name TEXT, "set" TEXT)')
    short.close()
    with pytest.raises(ConvertError, match="no column\\(s\\) star, element, type, card_type, cost, qty, card_text"):
        read_card_list(tmp_path / "short.sqlite")


# -- the import ---------------------------------------------------------------------------------

def test_every_row_kind_imports_and_the_merges_are_reported(games, tmp_path):
    summary = import_cards_text(converted(build_list(tmp_path / "l.sqlite")), game_slug=GAME, fmt="csv")
    # Tide Ring twice (copies add up) and Vera Vantage's two power sides are one card each
    assert (summary.created, summary.sets_created) == (len(ROWS) - 2, 15)
    assert len(summary.merged) == 2 and "row(s) merged" in str(summary)
    assert summary.merged[0].startswith("line 5: 'Tide Ring' is the card of line 4; its copies are added (3)")
    assert summary.merged[1].startswith("line 17: 'Vera Vantage' (character) is the card of line 16; its text is "
                                        "added as another side")
    types = {(c.name, c.card_type) for c in Card.objects.filter(game__slug=GAME)}
    assert {("Tide Ring", "accessory"), ("Tide Tin", "deck_box"), ("Golden Crown", "accessory"),
            ("Vera's Thanks", "friendship"), ("Fog Boost", "metagame"), ("Glass Pier", "venue"),
            ("Splash", "keyword_reminder"), ("NPC - Tally Keeper", "npc"), ("Tandem", "team_power"),
            ("Quiet Hour", "trigger"), ("Tide Event", "event"), ("[Empty Frame]", "blank"),
            ("Riddle Box", "single")} <= types
    assert card("Vera's Thanks").text == "+1 VP to a friend."  # the formula guard is gone again


def test_a_character_is_one_card_with_every_power_side(games, tmp_path):
    import_cards_text(converted(build_list(tmp_path / "l.sqlite")), game_slug=GAME, fmt="csv")
    vera = card("Vera Vantage", "character")
    assert vera.text == ("DECKBUILDING POWER | Gain 1 Dollar. || TOURNAMENT POWER | Score: Gain 2 RP.\n"
                         "CO-OP DECKBUILDING POWER | Gain 2 Dollars. || CO-OP TOURNAMENT POWER | Score: Gain 3 RP.")
    assert vera.attributes["copies"] == 1 and vera.effects == [] and vera.playable  # sides do not add copies
    pro = card("Vera Vantage", "single")  # the Pro Player card of another set is a single of type Pro
    assert pro.attributes["types"] == ["citizen", "pro"] and pro.attributes["copies"] == 5
    assert pro.card_set.name == "Vera Tour" and vera.card_set.name == "Verity"


def test_a_co_op_boss_is_a_card_of_its_own_beside_the_sets_card(games, tmp_path):
    import_cards_text(converted(build_list(tmp_path / "l.sqlite")), game_slug=GAME, fmt="csv")
    single, boss = card("Gloom Lord", "single"), card("Gloom Lord", "boss")
    assert single.card_set == boss.card_set and (single.number, boss.number) == ("002", "003")
    assert (single.attributes["star"], boss.attributes["star"]) == (9, 11)
    assert "kit_part" not in boss.attributes  # a boss single
    assert card("Gloom Manor Keep").card_type == "boss" and card("Gloom Manor Keep").attributes["kit_part"] == "deck_box"
    assert card("Gloom Lantern").attributes["kit_part"] == "accessory"
    assert card("Gloom Twin").text.startswith("FRONT | ")  # a heading, with the tier naming the kind
    kinds = {s.name: s.kind for s in CardSet.objects.filter(game__slug=GAME)}
    assert kinds["Gloom Manor"] == "master" and kinds["Vera's Riddles"] == "character_expansion"
    assert kinds["Copper Prize"] == "bronze_promo" and kinds["Pebble Starter"] == "starter"


def test_reimporting_changes_nothing_and_the_components_never_go_in_a_deck(games, tmp_path, django_user_model):
    text = converted(build_list(tmp_path / "l.sqlite"))
    import_cards_text(text, game_slug=GAME, fmt="csv")
    again = import_cards_text(text, game_slug=GAME, fmt="csv")
    assert (again.created, again.updated, again.unchanged) == (0, 0, len(ROWS) - 2)
    owner = django_user_model.objects.create_user("kit", "kit@example.com", "pw")
    deck = Deck.objects.create(owner=owner, game=GAME, name="Kit")
    for slug in ("boss", "npc", "team_power", "trigger", "event", "blank", "character"):
        with pytest.raises(DeckError, match="no Millennium Blades deck section takes"):
            deck_add_card(actor=owner, deck=deck, card=Card.objects.filter(game__slug=GAME, card_type=slug).first())


def test_a_row_the_game_has_no_place_for_stops_the_import_with_line_and_field(games, tmp_path):
    rows = [*ROWS[:3], ("Sidekick", 0, 1, "Verity", "0", "-", "-", "Sidekick Sam", "Helps."),
            ("Character", 0, 1, "Verity", "0", "-", "-", "Vera Vantage", "DECKBUILDING POWER | One."),
            ("Character", 0, 1, "Verity", "5", "-", "-", "Vera Vantage", "DECKBUILDING POWER | Two.")]
    with pytest.raises(ImportFailed) as failed:
        import_cards_text(converted(build_list(tmp_path / "l.sqlite", rows)), game_slug=GAME, fmt="csv")
    messages = [str(e) for e in failed.value.errors]
    assert messages[0].startswith("line 5: Tier: 'Sidekick' is neither a card type")
    # sides merge only when the rows differ in their text alone
    assert messages[1].startswith("line 7: Name: 'Vera Vantage' is listed twice in set 'Verity' with a different Star")
    assert not Card.objects.filter(game__slug=GAME).exists() and not CardSet.objects.filter(game__slug=GAME).exists()


def test_the_commands_convert_then_import(games, tmp_path):
    source = build_list(tmp_path / "card_list.sqlite")
    out = io.StringIO()
    call_command("convert_mb_db", str(source), stdout=out)
    assert f"{len(ROWS)} row(s) of card_list.sqlite written to {tmp_path / 'card_list.csv'}" in out.getvalue()
    assert "not written (notes about a card, not card data): source, divider" in out.getvalue()
    out = io.StringIO()
    call_command("import_cards", str(tmp_path / "card_list.csv"), "--game", GAME, "--quiet", stdout=out)
    assert f"{len(ROWS) - 2} created" in out.getvalue()
    assert "merged: line 17: 'Vera Vantage' (character)" in out.getvalue()
    with pytest.raises(CommandError, match="no such file"):
        call_command("convert_mb_db", str(tmp_path / "none.sqlite"), stdout=io.StringIO())


# -- the real list, when a copy is given --------------------------------------------------------

@pytest.mark.skipif(not os.environ.get("MB_DB_SQLITE"), reason="MB_DB_SQLITE: the path of a copy of the mb-db "
                                                                "card_list.sqlite (never committed)")
def test_the_real_list_imports_whole(games):
    conversion = read_card_list(os.environ["MB_DB_SQLITE"])
    out = io.StringIO(newline="")
    write_csv(conversion, out)
    started = time.perf_counter()
    summary = import_cards_text(out.getvalue(), game_slug=GAME, fmt="csv")
    took = time.perf_counter() - started
    # every row is a card or named as merged into one: nothing dropped
    assert summary.created + len(summary.merged) == len(conversion.rows)
    assert Card.objects.filter(game__slug=GAME).count() == summary.created
    print(f"{len(conversion.rows)} rows, {summary.created} cards, {len(summary.merged)} merged, {took:.1f} s")
