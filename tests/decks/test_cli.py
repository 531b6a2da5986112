"""`manage.py validate_deck FILE --game SLUG [--format NAME] [--json]` (issue part 10):
exit 0 legal, 1 illegal (each violation printed with its rule), 2 unreadable input."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from tests.decks.conftest import DECK_DIR, SAMPLE_DECKS, game_of, sample_text

pytestmark = pytest.mark.django_db


def run(*args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("validate_deck", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("filename", SAMPLE_DECKS)
def test_sample_decks_are_legal(card_pool, filename):
    code, out, _ = run(str(DECK_DIR / filename), "--game", game_of(filename))
    assert code == 0 and "legal" in out


def test_illegal_deck_exits_1_with_each_violation_and_its_rule(card_pool, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(sample_text("boundless-emerald-vanguard.txt").replace("4 Pebbleheart Sentry", "9 Pebbleheart Sentry"))
    code, out, _ = run(str(path), "--game", "boundless")
    assert code == 1 and "ILLEGAL" in out
    assert "too_many_copies" in out and "main_size" in out
    assert out.count('rule: boundless-tcg.txt, "WHAT YOU NEED"') >= 2


def test_json_output(card_pool, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("Deck:\n1 Hearthward Mender\n1 Barrowborn Ghoul\n")
    code, out, _ = run(str(path), "--game", "fellbound", "--format", "aligned", "--json")
    body = json.loads(out)
    assert code == 1 and body["legal"] is False and body["format"] == "aligned"
    assert all({"code", "rule", "message", "cards"} <= set(v) for v in body["violations"])


def test_format_line_in_the_file_is_used(card_pool, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("# Format: aligned\nDeck:\n1 Hearthward Mender\n1 Barrowborn Ghoul\n")
    code, out, _ = run(str(path), "--game", "fellbound", "--json")
    assert json.loads(out)["format"] == "aligned"


@pytest.mark.parametrize("content, args, fragment", [
    (None, ("--game", "boundless"), "no such file"),
    (b"\xff\xfe\x00garbage\x80", ("--game", "boundless"), "not UTF-8"),
    (b"Main:\n4 Mosslit Pebler\n", ("--game", "boundless"), "Mosslit Pebbler"),
    (b"Main:\nfour golems\n", ("--game", "boundless"), "line 2"),
    (b"Main:\n1 Mosslit Pebbler\n", ("--game", "chess"), "unknown game"),
    (b"Main:\n1 Mosslit Pebbler\n", ("--game", "boundless", "--format", "vintage"), "no format"),
])
def test_unreadable_input_exits_2(card_pool, tmp_path, content, args, fragment):
    path = tmp_path / "deck.txt"
    if content is not None:
        path.write_bytes(content)
    code, out, err = run(str(path), *args)
    assert code == 2 and fragment in err
    code, out, _ = run(str(path), *args, "--json")
    assert code == 2 and json.loads(out)["legal"] is None
