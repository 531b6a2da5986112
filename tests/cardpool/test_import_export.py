"""Card import/export: CSV and JSON, all or nothing with every error located, re-import
updates, the Millennium Blades fan-list layout, export round trips, the commands and the admin."""

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError

from cardpool.exporter import export_cards
from cardpool.fan_list import set_code_from_name
from cardpool.importer import convert_cell, import_cards_text, parse_csv, read_csv
from cardpool.models import Card, CardSet, Game, Rarity
from cardpool.services import ImportFailed, game_sync_all
from rules.core.registry import game_slugs, get_game
from tests.terminal import TerminalOutput

pytestmark = pytest.mark.django_db

GAMES = ["boundless", "spellbound", "fellbound", "bos", "millennium_blades"]

BOUNDLESS_SET = {"code": "TB1", "name": "Test Boundless", "release_order": 1, "kind": "core"}

GOOD_CSV = """\
set,set_name,set_kind,set_order,number,name,card_type,rarity,text,pwr,level,tribe
TB1,Test Boundless,core,1,001,Stone Golem,form,C,"Guard.
When this enters, draw 1.",3,1,Golem|Stone
TB1,,,,002,Ember Imp,Form,Uncommon,Quick.,2,0,Fiend
"""


def errors_of(excinfo) -> list[str]:
    return [str(e) for e in excinfo.value.errors]


def import_csv(text, game="boundless", **kwargs):
    return import_cards_text(text, game_slug=game, fmt="csv", **kwargs)


@pytest.fixture
def games(empty_card_pool):
    return game_sync_all()


@pytest.fixture
def boundless_set(games):
    return CardSet.objects.create(game=games["boundless"], **BOUNDLESS_SET)


# -- CSV cells ----------------------------------------------------------------------------

@pytest.mark.parametrize("game, attr, cell, value", [
    ("boundless", "pwr", " 4 ", 4),
    ("fellbound", "gold_cost", "x", "X"),
    ("millennium_blades", "star", "X", "X"),
    ("boundless", "command_kind", "Once Per Turn".lower(), None),  # checked below by kind
    ("millennium_blades", "elements", "Fire|Water", ["fire", "water"]),
    ("millennium_blades", "elements", "fire/water", ["fire", "water"]),
    ("millennium_blades", "elements", "Fire, Water", ["fire", "water"]),
    ("boundless", "tribe", "Golem|Stone Giant", ["Golem", "Stone Giant"]),
    ("spellbound", "basic", "Yes", True),
    ("spellbound", "basic", "0", False),
    ("spellbound", "soul_cost", "dream:1 hollow:2", {"dream": 1, "hollow": 2}),
    ("spellbound", "soul_cost", "1 Dream, 2 Hollow", {"dream": 1, "hollow": 2}),
    ("spellbound", "soul_cost", '{"space": 3}', {"space": 3}),
    ("spellbound", "subdivision", "Weapon", "weapon"),
    ("bos", "summoning_condition", "  as printed ", "  as printed "),
    ("boundless", "pwr", "", None),
])
def test_cells_convert_by_attribute_kind(game, attr, cell, value):
    attribute = get_game(game).attribute(attr)
    if attr == "command_kind":
        value = attribute.values[0]
        cell = attribute.values[0].replace("_", " ").title()
    assert convert_cell(attribute, cell) == value


@pytest.mark.parametrize("game, attr, cell, fragment", [
    ("boundless", "pwr", "lots", "whole number"),
    ("boundless", "pwr", "X", "whole number"),
    ("boundless", "level", "7", "at most 3"),
    ("millennium_blades", "elements", "fire|plasma", "plasma"),
    ("spellbound", "soul_cost", "some dream", "cannot read"),
    ("spellbound", "basic", "maybe", "true/false"),
])
def test_bad_cells_say_why(game, attr, cell, fragment):
    from cardpool.importer import CellError

    with pytest.raises(CellError, match=fragment):
        convert_cell(get_game(game).attribute(attr), cell)


def test_set_codes_from_names_are_initials_made_unique():
    taken = {"cc"}
    assert set_code_from_name("Cheddar Catacombs", taken) == "CC2"
    assert set_code_from_name("Saturday Slapstick Matinee", taken) == "SSM"
    assert set_code_from_name("Core", taken) == "COR"


# -- happy paths ----------------------------------------------------------------------------

def test_csv_import_creates_set_and_cards(games):
    summary = import_csv(GOOD_CSV)
    assert (summary.created, summary.sets_created) == (2, 1)
    golem = Card.objects.get(name="Stone Golem")
    assert golem.text == "Guard.\nWhen this enters, draw 1."
    assert golem.attributes == {"pwr": 3, "level": 1, "tribe": ["Golem", "Stone"]}
    assert golem.rarity.code == "C" and golem.card_set.kind == "core"
    imp = Card.objects.get(name="Ember Imp")
    assert imp.card_type == "form" and imp.rarity.code == "U" and imp.number == "002"
    # the search index is filled too
    assert golem.index_values.filter(name="pwr", num=3).exists()


def test_read_csv_returns_sets_and_rows(games):
    sets, rows = read_csv(GOOD_CSV, game_slug="boundless")
    assert sets == [BOUNDLESS_SET]
    assert [r.where for r in rows] == ["line 2", "line 4"]  # a quoted two-line cell
    assert rows[1].data["card_type"] == "form"


def test_json_import_happy_path(games):
    data = {"game": "boundless", "sets": [BOUNDLESS_SET], "cards": [
        {"set": "TB1", "number": "001", "name": "Stone Golem", "card_type": "form", "rarity": "C",
         "attributes": {"pwr": 3, "level": 1}}]}
    summary = import_cards_text(json.dumps(data), game_slug="boundless", fmt="json")
    assert summary.created == 1
    assert Card.objects.get(name="Stone Golem").attributes == {"pwr": 3, "level": 1}


def test_reimport_updates_instead_of_duplicating(games):
    import_csv(GOOD_CSV)
    again = import_csv(GOOD_CSV)
    assert (again.created, again.updated, again.unchanged) == (0, 0, 2)
    before = Card.objects.get(name="Ember Imp").updated
    changed = GOOD_CSV.replace("Quick.,2,0", "Quick and strong.,5,0")
    summary = import_csv(changed)
    assert (summary.created, summary.updated, summary.unchanged) == (0, 1, 1)
    assert Card.objects.filter(game__slug="boundless").count() == 2
    imp = Card.objects.get(name="Ember Imp")
    assert imp.attributes["pwr"] == 5 and imp.text == "Quick and strong."
    assert imp.index_values.filter(name="pwr", num=5).exists()
    assert imp.updated > before  # pages keyed on a card's last change (deck pages' cache) see the import


def test_missing_columns_keep_existing_values(games):
    import_csv(GOOD_CSV.replace("rarity,text,", "rarity,text,flavor,").replace("draw 1.\",", "draw 1.\",Old stone.,")
               .replace("Quick.,", "Quick.,,"))
    card = Card.objects.get(name="Stone Golem")
    card.effects = []
    assert card.flavor == "Old stone."
    # A file without the flavor and tribe columns leaves them as they are.
    summary = import_csv("set,number,name,card_type,pwr,level\nTB1,001,Stone Golem,form,4,1\n")
    card.refresh_from_db()
    assert summary.updated == 1
    assert card.flavor == "Old stone." and card.attributes["tribe"] == ["Golem", "Stone"] and card.attributes["pwr"] == 4


def test_dry_run_writes_nothing(games):
    summary = import_csv(GOOD_CSV, dry_run=True)
    assert summary.created == 2
    assert Card.objects.count() == 0 and not CardSet.objects.filter(code="TB1").exists()


# -- bad files: every error, real lines, nothing written ----------------------------------------

def assert_nothing_written(before):
    assert Card.objects.count() == before


def test_bad_csv_reports_every_error_with_lines_and_writes_nothing(boundless_set):
    kind = get_game("boundless").attribute("command_kind").values[0]
    Card.objects.create(game=boundless_set.game, card_set=boundless_set, number="050", name="Keeper",
                        card_type="command", attributes={"command_kind": kind})
    before = Card.objects.count()
    text = (
        "set,number,name,card_type,rarity,text,pwr,level\n"  # 1
        "TB1,001,Fine Golem,form,C,\"two\nlines\",3,1\n"  # 2-3
        "TB1,002,Bad Power,form,C,,lots,1\n"  # 4
        "TB1,003,Bad Type,gizmo,C,,3,1\n"  # 5
        "TB1,004,Bad Rarity,form,ZZ,,3,1\n"  # 6
        "NOPE,005,Bad Set,form,C,,3,1\n"  # 7
        "TB1,001,Duplicate,form,C,,3,1\n"  # 8
        "TB1,006,Two Bad Cells,form,C,,-1,9\n"  # 9
    )
    with pytest.raises(ImportFailed) as excinfo:
        import_csv(text)
    errors = excinfo.value.errors
    by_line = {}
    for e in errors:
        by_line.setdefault(e.where, []).append(e)
    assert sorted(by_line) == ["line 4", "line 5", "line 6", "line 7", "line 8", "line 9"]
    assert [(e.field, "whole number" in e.message) for e in by_line["line 4"]] == [("pwr", True)]
    assert by_line["line 5"][0].field == "card_type" and "gizmo" in by_line["line 5"][0].message
    assert by_line["line 6"][0].field == "rarity" and "unknown rarity 'ZZ'" in by_line["line 6"][0].message
    assert by_line["line 7"][0].field == "set" and "unknown set 'NOPE'" in by_line["line 7"][0].message
    assert by_line["line 8"][0].field == "number" and "line 2" in by_line["line 8"][0].message
    assert {e.field for e in by_line["line 9"]} == {"pwr", "level"}
    # errors come in line order, and a cell reported as unreadable is not reported again
    assert [int(e.where.split()[1]) for e in errors] == sorted(int(e.where.split()[1]) for e in errors)
    assert not any("required" in e.message for e in errors)
    assert_nothing_written(before)


def test_unknown_columns_get_one_error_with_suggestions(games):
    with pytest.raises(ImportFailed) as excinfo:
        import_csv("set,number,name,card_type,power,lvel,zzz\nTB1,001,A,form,1,1,x\n")
    [error] = excinfo.value.errors
    assert error.where == "line 1"
    assert "'power' (did you mean 'pwr'?)" in error.message
    assert "'lvel' (did you mean 'level'?)" in error.message
    assert "'zzz'" in error.message
    assert Card.objects.count() == 0


def test_missing_required_column_is_reported(games):
    with pytest.raises(ImportFailed) as excinfo:
        import_csv("set,name,card_type\nTB1,A,form\n")
    assert errors_of(excinfo) == ["line 1: missing column(s): number"]


def test_malformed_csv_quotes_are_located(boundless_set):
    text = ('set,number,name,card_type,pwr,level\nTB1,001,"Golem"x,form,1,1\nTB1,002,Fine,form,1,1\n'
            'TB1,003,"never closed,form,1,1\n')
    with pytest.raises(ImportFailed) as excinfo:
        import_csv(text)
    wheres = [e.where for e in excinfo.value.errors]
    assert wheres == ["line 2", "line 4"]
    assert "never closed" in excinfo.value.errors[1].message
    assert Card.objects.count() == 0


def test_extra_cells_and_bad_json_cells_are_reported(boundless_set):
    text = ('set,number,name,card_type,pwr,level,effects\n'
            'TB1,001,A,form,1,1,"[{""ops"": ["\n'
            'TB1,002,B,form,1,1,,surplus\n')
    with pytest.raises(ImportFailed) as excinfo:
        import_csv(text)
    errors = excinfo.value.errors
    assert errors[0].where == "line 2" and errors[0].field == "effects" and "invalid JSON at character" in errors[0].message
    assert errors[1].where == "line 3" and "header has 7 columns" in errors[1].message


def test_set_declaration_errors_point_at_the_declaring_line(games):
    text = "set,set_name,set_kind,number,name,card_type,pwr,level\nNEW,New Set,galactic,001,A,form,1,1\n"
    with pytest.raises(ImportFailed) as excinfo:
        import_csv(text)
    [error] = excinfo.value.errors
    assert (error.where, error.field) == ("line 2", "set_kind") and "galactic" in error.message


def test_malformed_json_reports_line_and_column(games):
    text = '{\n  "game": "boundless",\n  "cards": [\n    {"set": "TB1",, "number": "1"}\n  ]\n}\n'
    with pytest.raises(ImportFailed) as excinfo:
        import_cards_text(text, game_slug="boundless", fmt="json")
    [error] = excinfo.value.errors
    assert error.where.startswith("line 4 column") and "invalid JSON" in error.message
    assert Card.objects.count() == 0


def test_bad_json_cards_report_every_error(boundless_set):
    data = {"cards": [
        {"set": "TB1", "number": "001", "name": "Fine", "card_type": "form", "attributes": {"pwr": 1, "level": 1}},
        {"set": "TB1", "number": "002", "name": "Typo", "card_type": "gizmo"},
        {"set": "TB1", "number": "003", "name": "Rare", "card_type": "form", "rarity": "ZZ",
         "attributes": {"pwr": 1, "level": 1}},
        {"set": "XX", "number": "004", "name": "Lost", "card_type": "form", "attributes": {"pwr": 1, "level": 1}},
        {"set": "TB1", "number": "001", "name": "Twin", "card_type": "form", "attributes": {"pwr": 1, "level": 1}},
    ]}
    with pytest.raises(ImportFailed) as excinfo:
        import_cards_text(json.dumps(data), game_slug="boundless", fmt="json")
    wheres = {e.where.split(" ")[0] for e in excinfo.value.errors}
    assert wheres == {"cards[1]", "cards[2]", "cards[3]", "cards[4]"}
    assert Card.objects.count() == 0


def test_json_with_wrongly_typed_set_or_number_is_an_error_not_a_crash(boundless_set):
    data = {"cards": [{"set": ["TB1"], "number": {"n": 1}, "name": "Odd", "card_type": "form"}]}
    with pytest.raises(ImportFailed) as excinfo:
        import_cards_text(json.dumps(data), game_slug="boundless", fmt="json")
    assert {e.field for e in excinfo.value.errors} >= {"set", "number"}


# -- Millennium Blades fan-list layout ---------------------------------------------------------

FAN_CSV = """\
Name,Set,Star,Element,Type,Tier,Cost,Qty,Text
Twin Tide Drake,Storm Harbor,5,Dual Fire/Water,Animal,Single,4,2,Play: Gain 3 RP.
Wild Card Wyrm,Storm Harbor,X,\u2014,Myth,Single,6,1,Ongoing: X is the number of cards in your tableau.
Harbor Chest,Storm Harbor,2,-,-,Deck Box,4,2,Score: Gain 2 RP per Water card.
Lucky Sock,Test Core,1,,,Accessory,3,2,Action: Gain 1 RP.
Gilded Gull,Gilded Prize Pack,4,Air,Animal,Bronze Promo,7,1,
"""


@pytest.fixture
def mb_core(games):
    return CardSet.objects.create(game=games["millennium_blades"], code="TM1", name="Test Core",
                                  release_order=1, kind="core")


def test_fan_layout_imports_dual_elements_x_star_and_tiers(mb_core):
    read = parse_csv(FAN_CSV, game_slug="millennium_blades")
    assert read.layout == "fan" and not read.errors
    summary = import_csv(FAN_CSV, game="millennium_blades")
    assert (summary.created, summary.sets_created) == (5, 2)
    drake = Card.objects.get(name="Twin Tide Drake")
    assert drake.card_set.code == "SH" and drake.card_set.name == "Storm Harbor"
    assert drake.card_set.kind == "expansion" and drake.number == "001"
    assert drake.attributes == {"star": 5, "elements": ["fire", "water"], "types": ["animal"], "cost": 4, "copies": 2}
    wyrm = Card.objects.get(name="Wild Card Wyrm")
    assert wyrm.attributes["star"] == "X" and "elements" not in wyrm.attributes and wyrm.number == "002"
    chest = Card.objects.get(name="Harbor Chest")
    assert chest.card_type == "deck_box" and chest.attributes == {"star": 2, "cost": 4, "copies": 2}
    sock = Card.objects.get(name="Lucky Sock")
    assert sock.card_set == mb_core and sock.card_type == "accessory" and sock.number == "001"
    gull = Card.objects.get(name="Gilded Gull")
    assert gull.card_type == "single" and gull.card_set.kind == "bronze_promo" and gull.card_set.code == "GPP"


def test_fan_layout_reimport_keeps_numbers_and_updates(mb_core):
    import_csv(FAN_CSV, game="millennium_blades")
    numbers = dict(Card.objects.values_list("name", "number"))
    # Reordered, one card changed, one new card between them.
    lines = FAN_CSV.splitlines()
    changed = [lines[0], lines[3], "New Crab,Storm Harbor,3,Water,Animal,Single,2,3,", lines[2],
               lines[1].replace(",4,2,", ",5,2,"), lines[4], lines[5]]
    summary = import_csv("\n".join(changed) + "\n", game="millennium_blades")
    assert (summary.created, summary.updated, summary.unchanged, summary.sets_created) == (1, 1, 4, 0)
    after = dict(Card.objects.values_list("name", "number"))
    assert {k: after[k] for k in numbers} == numbers
    assert after["New Crab"] == "004"
    assert Card.objects.get(name="Twin Tide Drake").attributes["cost"] == 5


def test_fan_layout_accepts_card_type_column_and_reports_bad_rows(mb_core):
    text = ("name,set,star,element,type,card_type,cost,qty,text\n"
            "Fine,Test Core,3,Fire,Animal,single,1,1,\n"
            "Hot,Test Core,13,Plasma,Animal,single,1,1,\n"  # stars run 0-12
            "Odd,Test Core,2,Fire,Animal,Trinket,1,1,\n"
            "Fine,TM1,4,Fire,Animal,single,1,1,\n"  # the same name with a different star: not one card
            "Nameless Star,Test Core,,Fire,Animal,Single,1,1,\n")
    before = Card.objects.count()
    with pytest.raises(ImportFailed) as excinfo:
        import_csv(text, game="millennium_blades")
    found = {(e.where, e.field) for e in excinfo.value.errors}
    assert found == {("line 3", "star"), ("line 3", "element"), ("line 4", "card_type"),
                     ("line 5", "name"), ("line 6", "star")}
    messages = " ".join(map(str, excinfo.value.errors))
    assert "plasma" in messages and "Trinket" in messages and "listed twice" in messages and "required" in messages
    assert_nothing_written(before)


def test_fan_layout_conflicting_tiers_for_one_set(mb_core):
    text = ("name,set,star,tier\nA,Fresh Set,1,Premium\nB,Fresh Set,1,Master\n")
    with pytest.raises(ImportFailed) as excinfo:
        import_csv(text, game="millennium_blades")
    [error] = excinfo.value.errors
    assert error.where == "line 3" and error.field == "tier" and "premium" in error.message


# -- export and round trips ---------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_export_import_round_trip(game, fmt, card_pool, django_db_blocker):
    first = export_cards(game, fmt)
    count = Card.objects.filter(game__slug=game).count()
    assert count > 0
    # The export imports onto the same database as all unchanged.
    summary = import_cards_text(first, game_slug=game, fmt=fmt)
    assert (summary.created, summary.updated, summary.unchanged, summary.sets_created) == (0, 0, count, 0)
    # Into an empty database, then exported again: the same bytes.
    Card.objects.all().delete()
    CardSet.objects.all().delete()
    summary = import_cards_text(first, game_slug=game, fmt=fmt)
    assert summary.created == count
    assert export_cards(game, fmt) == first


def test_export_is_deterministic_and_csv_shape(card_pool):
    text = export_cards("spellbound", "csv")
    assert text == export_cards("spellbound", "csv")
    header = text.splitlines()[0].split(",")
    assert header[:10] == ["set", "set_name", "set_kind", "set_order", "number", "name", "card_type", "rarity",
                           "text", "flavor"]
    assert header[-1] == "effects" and "soul_cost" in header
    assert "dream:1 hollow:1" in text
    data = json.loads(export_cards("spellbound", "json"))
    assert data["game"] == "spellbound" and data["sets"] and data["cards"]


# -- management commands ------------------------------------------------------------------------

def test_commands_export_and_import(card_pool, tmp_path):
    out = io.StringIO()
    call_command("export_cards", "--game", "fellbound", "--format", "csv", stdout=out)
    path = tmp_path / "fellbound.csv"
    path.write_text(out.getvalue(), encoding="utf-8")
    stdout, stderr = io.StringIO(), io.StringIO()
    call_command("import_cards", str(path), "--game", "fellbound", stdout=stdout, stderr=stderr)
    assert "0 created, 0 updated, 44 unchanged" in stdout.getvalue()
    json_path = tmp_path / "out.data"
    call_command("export_cards", "--game", "fellbound", "--format", "json", "--output", str(json_path),
                 stderr=io.StringIO())
    stdout = io.StringIO()
    call_command("import_cards", str(json_path), "--game", "fellbound", "--format", "json", "--dry-run",
                 stdout=stdout, stderr=io.StringIO())
    assert "dry run" in stdout.getvalue()


def test_import_command_prints_every_error_and_writes_nothing(boundless_set, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("set,number,name,card_type,pwr,level\nTB1,001,A,form,x,1\nTB1,002,B,gizmo,1,1\n"
                    "TB1,003,C,form,1,1\n", encoding="utf-8")
    stderr = io.StringIO()
    with pytest.raises(CommandError, match="2 error"):
        call_command("import_cards", str(path), "--game", "boundless", stdout=io.StringIO(), stderr=stderr)
    lines = stderr.getvalue().strip().splitlines()
    assert lines == [f"{path}: line 2: pwr: must be a whole number, not 'x'",
                     (f"{path}: line 3: card_type: 'gizmo' is not a Boundless TCG card type "
                      "(savior, spirit, form, command)")]
    assert Card.objects.count() == 0


def test_import_command_shows_progress_for_big_files(boundless_set, tmp_path):
    rows = "".join(f"TB1,{i:03d},Golem {i},form,1,1\n" for i in range(1, 301))
    path = tmp_path / "big.csv"
    path.write_text("set,number,name,card_type,pwr,level\n" + rows, encoding="utf-8")
    stderr, stdout = TerminalOutput(), io.StringIO()
    call_command("import_cards", str(path), "--game", "boundless", stdout=stdout, stderr=stderr)
    assert "300 created" in stdout.getvalue()
    assert "300/300 cards" in stderr.getvalue()
    quiet = TerminalOutput()
    call_command("import_cards", str(path), "--game", "boundless", "--quiet", stdout=io.StringIO(), stderr=quiet)
    assert "cards" not in quiet.getvalue()


def test_import_command_rejects_non_utf8(games, tmp_path):
    path = tmp_path / "latin.csv"
    path.write_bytes("set,number,name,card_type\nTB1,001,Caf\xe9,form\n".encode("latin-1"))
    stderr = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_cards", str(path), "--game", "boundless", stdout=io.StringIO(), stderr=stderr)
    assert "line 2 column 12" in stderr.getvalue() and "UTF-8" in stderr.getvalue()


# -- admin --------------------------------------------------------------------------------------

@pytest.fixture
def admin_client(client, django_user_model):
    user = django_user_model.objects.create_superuser("admin", "admin@example.com", "pw")
    client.force_login(user)
    return client


def test_admin_import_success_and_dry_run(admin_client, games):
    url = "/admin/cardpool/card/import/"
    assert admin_client.get(url).status_code == 200
    response = admin_client.post(url, {"game": "boundless", "dry_run": "on",
                                       "file": SimpleUploadedFile("cards.csv", GOOD_CSV.encode())})
    assert response.status_code == 200 and b"Dry run" in response.content
    assert Card.objects.count() == 0
    response = admin_client.post(url, {"game": "boundless",
                                       "file": SimpleUploadedFile("cards.csv", GOOD_CSV.encode())})
    assert response.status_code == 200 and b"2 created" in response.content
    assert Card.objects.count() == 2


def test_admin_import_failure_lists_errors_and_writes_nothing(admin_client, boundless_set):
    bad = "set,number,name,card_type,pwr,level\nTB1,001,A,form,x,1\nTB1,002,B,gizmo,1,1\n"
    response = admin_client.post("/admin/cardpool/card/import/",
                                 {"game": "boundless", "file": SimpleUploadedFile("bad.csv", bad.encode())})
    assert response.status_code == 400
    body = response.content.decode()
    assert "2 errors found; nothing was imported" in body
    assert "line 2" in body and "line 3" in body and "gizmo" in body
    assert Card.objects.count() == 0


def test_admin_import_refuses_big_files(admin_client, games, settings):
    settings.CARD_IMPORT_MAX_BYTES = 10
    response = admin_client.post("/admin/cardpool/card/import/",
                                 {"game": "boundless", "file": SimpleUploadedFile("cards.csv", GOOD_CSV.encode())})
    assert response.status_code == 200 and b"the limit is 10 bytes" in response.content
    assert Card.objects.count() == 0


def test_admin_card_list_has_import_button(admin_client, card_pool):
    response = admin_client.get("/admin/cardpool/card/")
    assert response.status_code == 200 and b"/admin/cardpool/card/import/" in response.content


@pytest.mark.parametrize("url, query", [
    ("/admin/cardpool/game/", {"q": "blades", "has_cards": "yes"}),
    ("/admin/cardpool/cardset/", {"q": "core", "kind": "core"}),
    ("/admin/cardpool/rarity/", {"q": "rare", "game__id__exact": "1"}),
    ("/admin/cardpool/card/", {"q": "golem", "card_type": "form"}),
    ("/admin/cardpool/card/", {"q": "BD01", "game__id__exact": "1"}),
])
def test_admin_changelists_search_and_filter(admin_client, card_pool, url, query):
    response = admin_client.get(url, query)
    assert response.status_code == 200
    assert b"errornote" not in response.content


def card_form_data(card, **changes):
    """What the admin change form posts for ``card`` (with the read-only index inline)."""
    data = {"game": card.game_id, "card_set": card.card_set_id, "number": card.number, "name": card.name,
            "card_type": card.card_type, "rarity": card.rarity_id or "", "text": card.text,
            "flavor": card.flavor, "attributes": json.dumps(card.attributes), "effects": json.dumps(card.effects)}
    index = list(card.index_values.order_by("pk").values_list("pk", flat=True))
    data.update({"index_values-TOTAL_FORMS": len(index), "index_values-INITIAL_FORMS": len(index),
                 "index_values-MIN_NUM_FORMS": 0, "index_values-MAX_NUM_FORMS": 1000})
    for i, pk in enumerate(index):
        data.update({f"index_values-{i}-id": pk, f"index_values-{i}-card": card.pk})
    data.update(changes)
    return data


def test_admin_card_form_shows_schema_errors_instead_of_failing(admin_client, card_pool):
    card = Card.objects.get(name="Emeraldefender Golem")
    url = f"/admin/cardpool/card/{card.pk}/change/"
    assert admin_client.get(url).status_code == 200
    data = card_form_data(card, attributes=json.dumps({"pwr": "lots", "level": 1}))
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert b"attributes.pwr must be a whole number" in response.content
    card.refresh_from_db()
    assert card.attributes["pwr"] != "lots"
    # without a game the form says so instead of failing
    response = admin_client.post(url, {**data, "game": ""})
    assert response.status_code == 200 and b"This field is required" in response.content
    # a good edit saves
    response = admin_client.post(url, {**data, "attributes": json.dumps({"pwr": 7, "level": 1})})
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.attributes == {"pwr": 7, "level": 1}


def test_admin_card_image_upload_is_validated(admin_client, card_pool):
    pytest.importorskip("cardpool.images")
    card = Card.objects.get(name="Emeraldefender Golem")
    data = card_form_data(card, image=SimpleUploadedFile("art.png", b"not an image at all", content_type="image/png"))
    response = admin_client.post(f"/admin/cardpool/card/{card.pk}/change/", data)
    assert response.status_code == 200 and b"errorlist" in response.content
    card.refresh_from_db()
    assert not card.image
    # a real image is stored through the images module
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (60, 84), "#336699").save(buffer, format="PNG")
    data = card_form_data(card, image=SimpleUploadedFile("art.png", buffer.getvalue(), content_type="image/png"))
    response = admin_client.post(f"/admin/cardpool/card/{card.pk}/change/", data)
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.image and card.image.name.endswith(".png")
    assert card.index_values.filter(name="pwr").exists()


def test_every_registered_game_has_an_admin_filterable_game(card_pool):
    assert sorted(Game.objects.values_list("slug", flat=True)) == sorted(game_slugs())
    assert Rarity.objects.filter(game__slug="boundless").exists()


@pytest.mark.parametrize("model", ["cardset", "rarity", "card"])
def test_admin_add_pages_render(admin_client, card_pool, model):
    assert admin_client.get(f"/admin/cardpool/{model}/add/").status_code == 200


def test_admin_change_pages_render(admin_client, card_pool):
    for obj, model in ((Game.objects.first(), "game"), (CardSet.objects.first(), "cardset"),
                       (Rarity.objects.first(), "rarity")):
        assert admin_client.get(f"/admin/cardpool/{model}/{obj.pk}/change/").status_code == 200


def test_admin_set_form_rejects_a_kind_the_game_lacks(admin_client, card_pool):
    game = Game.objects.get(slug="fellbound")
    response = admin_client.post("/admin/cardpool/cardset/add/", {
        "game": game.pk, "code": "FBX", "name": "Bad Kind", "release_order": 9, "kind": "starter"})
    assert response.status_code == 200 and b"is not one of core, expansion, promo" in response.content
    assert not CardSet.objects.filter(code="FBX").exists()


# -- effects the engine cannot run (rules/boundless/compiler.py, GameSpec.card_checker) ---------

def test_import_refuses_an_effect_the_engine_cannot_run_with_its_row_and_path(boundless_set):
    """Conditions and targets are structured data checked at import: an English sentence as a
    condition (the old form) is refused, with the row and the path, and nothing is written."""
    good = {"set": "TB1", "number": "001", "name": "Good Golem", "card_type": "form", "rarity": "C",
            "attributes": {"level": 1, "pwr": 3, "tribe": ["Golem"]},
            "effects": [{"timing": "act", "condition": [{"test": "turn", "step": "act"}],
                         "ops": [{"op": "damage", "target": {"player": "opponent", "card": "form"}}]}]}
    bad = {**good, "number": "002", "name": "Bad Golem",
           "effects": [{"timing": "act", "condition": "your act step",
                        "ops": [{"op": "damage", "target": "opponent_form"}]}]}
    text = json.dumps({"game": "boundless", "cards": [good, bad]})
    with pytest.raises(ImportFailed) as excinfo:
        import_cards_text(text, game_slug="boundless", fmt="json")
    assert errors_of(excinfo) == [
        'cards[1] (Bad Golem): effects[0].condition: must be a list of clauses such as {"test": "turn", "step": "act"}',
        ("cards[1] (Bad Golem): effects[0].ops[0].target: 'opponent_form' is not a known card reference (self, host, "
         "attacker, attacked_form, triggering_form, sacrificed_form, triggering_command, that_form)")]
    assert not Card.objects.filter(name__in=["Good Golem", "Bad Golem"]).exists()
    import_cards_text(json.dumps({"game": "boundless", "cards": [good]}), game_slug="boundless", fmt="json")
    assert Card.objects.get(name="Good Golem").effects == good["effects"]


def test_admin_refuses_an_effect_target_the_engine_cannot_read(admin_client, card_pool):
    card = Card.objects.get(name="Emeraldefender Golem")
    url = f"/admin/cardpool/card/{card.pk}/change/"
    effects = [{"timing": "act", "ops": [{"op": "damage", "target": "the biggest form"}]}]
    response = admin_client.post(url, card_form_data(card, effects=json.dumps(effects)))
    assert response.status_code == 200
    assert b"effects[0].ops[0].target" in response.content and b"is not a known card reference" in response.content
    card.refresh_from_db()
    assert card.effects != effects


def test_the_data_migration_rewrites_stored_boundless_cards_in_the_structured_form(card_pool):
    """cardpool 0002: a card stored in the old form (sentence, target words, flip sentence) is
    rewritten so the engine's compiler accepts it; its flip effect joins the search index."""
    import importlib

    from django.apps import apps

    from cardpool.models import CardAttributeValue
    from rules.boundless.cards import GAME

    migration = importlib.import_module("cardpool.migrations.0002_boundless_structured_effects")
    savior = Card.objects.get(name="Kuroha, Akumaiden Matriarch")
    old = [{"timing": "act", "condition": "your act step", "side": "bound", "name": "Pact", "text": "t",
            "ops": [{"op": "pwr", "amount": 1, "target": "your_akumaiden_form", "until": "end_of_turn"}]}]
    Card.objects.filter(pk=savior.pk).update(effects=old)  # as an old database holds it
    CardAttributeValue.objects.filter(card=savior, name="timing", text="flip").delete()
    migration.forwards(apps, None)
    savior.refresh_from_db()
    assert savior.effects[0]["condition"] == [{"test": "turn", "step": "act"}]
    assert savior.effects[0]["ops"][0]["target"] == {"player": "you", "card": "form", "tribe": "Akumaiden"}
    assert savior.effects[1]["timing"] == "flip"
    assert GAME.validate_card(card_type="savior", attributes=savior.attributes, effects=savior.effects) == []
    assert CardAttributeValue.objects.filter(card=savior, name="timing", text="flip").exists()


def _csv_card(odd: str) -> str:
    return f"set,number,name,card_type,rarity,text,pwr,level\nTB1,001,Bad{odd}Golem,form,C,\"two\nlines\",3,1\n"


def _json_card(odd: str) -> str:
    return json.dumps({"cards": [{"set": "TB1", "number": "001", "name": "Golem", "card_type": "form", "rarity": "C",
                                  "text": "two\nlines\tand a tab",
                                  "attributes": {"level": 1, "pwr": 3, "tribe": [f"Gol{odd}em"]}}]})


@pytest.mark.parametrize("fmt, card, where", [
    ("csv", _csv_card, "line 2: name: holds a control character (U+0000) at position 3"),
    ("json", _json_card, "attributes.tribe[0]: holds a control character (U+001B) at position 3"),
])
def test_import_refuses_control_characters_anywhere_with_their_place(boundless_set, fmt, card, where):
    """Robustness: a NUL or other control character in an imported card (name, text, an attribute
    or effect value) is refused with its field and position; SQLite would store it silently.
    Newlines and tabs stay allowed."""
    odd = "\x00" if fmt == "csv" else "\x1b"
    with pytest.raises(ImportFailed) as excinfo:
        import_cards_text(card(odd), game_slug="boundless", fmt=fmt)
    assert any(where in e for e in errors_of(excinfo)), errors_of(excinfo)
    assert not Card.objects.filter(card_set__code="TB1").exists()
    import_cards_text(card(""), game_slug="boundless", fmt=fmt)
    assert "\n" in Card.objects.get(card_set__code="TB1").text


def test_csv_export_neutralises_spreadsheet_formulas_and_the_import_restores_them(boundless_set):
    """Production issue, part 10: a cell such as =HYPERLINK(...) came back unescaped from the
    export and would run in a spreadsheet. It is written '=HYPERLINK(...) (text to a spreadsheet)
    and the import strips the apostrophe, so the round trip is exact."""
    rows = [("001", "=HYPERLINK(\"http://x\",\"click\")"), ("002", "+1 PWR to a form"), ("003", "-2 PWR"),
            ("004", "@everyone"), ("005", "'quoted on purpose"), ("006", "plain"), ("007", "'=already guarded")]
    for number, text in rows:
        Card.objects.create(game=boundless_set.game, card_set=boundless_set, number=number, name=f"Card {number}",
                            card_type="command", text=text, attributes={"command_kind": "normal"})
    exported = export_cards("boundless", "csv")
    cells = [line.split(",", 8)[8] for line in exported.splitlines()[1:]]
    assert not any(cell.lstrip('"')[:1] in "=+-@" for cell in cells), cells
    assert "'=HYPERLINK" in exported and "'+1 PWR" in exported and "'quoted on purpose" in exported
    Card.objects.filter(card_set=boundless_set).delete()
    import_cards_text(exported, game_slug="boundless", fmt="csv")
    assert {c.number: c.text for c in Card.objects.filter(card_set=boundless_set)} == dict(rows)
    assert export_cards("boundless", "csv") == exported


def test_import_cards_refuses_a_file_over_the_size_limit_before_reading_it(games, tmp_path, settings, monkeypatch):
    """Production issue, part 10: import_cards had no size limit (1 GB of memory for 25 MB)."""
    settings.CARD_IMPORT_MAX_BYTES = 1000
    path = tmp_path / "big.csv"
    path.write_text("set,number,name,card_type\n" + "TB1,001,Golem,form\n" * 100)
    with pytest.raises(CommandError, match=r"big.csv: larger than the import limit of 0.000953674 MB "
                                           r"\(settings.CARD_IMPORT_MAX_BYTES\); split the file by set"):
        call_command("import_cards", str(path), "--game", "boundless")
    assert not Card.objects.exists() and not CardSet.objects.filter(code="TB1").exists()
    with pytest.raises(CommandError, match="larger than the import limit"):  # standard input too
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
        call_command("import_cards", "-", "--game", "boundless", "--format", "csv")
    assert not Card.objects.exists()


def test_import_writes_in_batches_within_one_transaction(boundless_set, monkeypatch):
    """Production issue, part 10: rows are written a batch at a time (memory bounded by the batch);
    a failure in a later batch still leaves nothing written."""
    from cardpool import services

    monkeypatch.setattr(services, "IMPORT_WRITE_BATCH", 2)
    rows = "".join(f"TB1,{i:03d},Golem {i},form,1,1\n" for i in range(1, 6))
    summary = import_cards_text("set,number,name,card_type,pwr,level\n" + rows, game_slug="boundless", fmt="csv")
    assert summary.created == 5 and Card.objects.filter(card_set=boundless_set).count() == 5
    Card.objects.all().delete()
    calls = []
    real = services._write_batch

    def failing_third_batch(*args):
        calls.append([row.where for row in args[2]])  # the batch's rows
        if len(calls) == 3:
            raise RuntimeError("the database went away")
        return real(*args)

    monkeypatch.setattr(services, "_write_batch", failing_third_batch)
    with pytest.raises(RuntimeError):
        import_cards_text("set,number,name,card_type,pwr,level\n" + rows, game_slug="boundless", fmt="csv")
    assert calls == [["line 2", "line 3"], ["line 4", "line 5"], ["line 6"]] and not Card.objects.exists()
