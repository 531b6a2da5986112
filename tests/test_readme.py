"""Every example of README.md works (issue 27, part 10): its deck text imports, every search
query of "Searching" runs and finds cards, and every `manage.py` command line it shows is one the
command accepts (its name, options and choices), the cheap ones run."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command, get_commands, load_command_class

from cardpool.selectors import card_search

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
PREFIX = ".venv/bin/python manage.py "
#: README's placeholders, as a reader fills them in
PLACEHOLDERS = {"SLUG": "boundless", "csv|json": "csv", "NAME": "standard", "FILE": "cards.csv"}


def _section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def _code_blocks(language: str = "") -> list[str]:
    """The fenced blocks of ``language`` ("": no language named)."""
    return [body for lang, body in re.findall(r"^```(\w*)\n(.*?)^```", README, flags=re.S | re.M) if lang == language]


def readme_queries() -> list[str]:
    """The example queries of "Searching": the code spans of its first paragraph after its first line."""
    paragraph = _section("Searching").strip().split("\n\n", 1)[0]
    return re.findall(r"`([^`]+)`", paragraph.split("\n", 1)[1])


def readme_commands() -> list[str]:
    """Every `manage.py` command line: in sh blocks (continued lines joined) and in code spans."""
    lines = []
    for block in _code_blocks("sh"):
        lines += [line.strip() for line in block.replace("\\\n", " ").splitlines()]
    lines += re.findall(r"`(\.venv/bin/python manage\.py [^`]+)`", README)
    return [line[len(PREFIX):] for line in lines if line.startswith(PREFIX)]


def _arguments(command_line: str) -> list[str]:
    words = shlex.split(command_line.replace("[", "").replace("]", ""), comments=True)
    return [PLACEHOLDERS.get(word, word) for word in words]


def test_the_examples_are_found():
    assert len(readme_queries()) >= 10 and len(readme_commands()) >= 15


@pytest.mark.django_db
def test_the_deck_text_example_imports(card_pool):
    from decks.services import deck_import_text

    deck_text = next(block for block in _code_blocks() if block.startswith("# Name:"))
    owner = get_user_model().objects.create_user("reader")
    deck = deck_import_text(owner=owner, game="boundless", text=deck_text)
    counts = {item.card.name: item.quantity for item in deck.cards.select_related("card")}
    assert counts["Pebbleheart Sentry"] == 4 and deck.name == "Emerald Vanguard"


@pytest.mark.django_db
@pytest.mark.parametrize("query", readme_queries())
def test_every_search_example_finds_cards(card_pool, query):
    assert card_search(query=query).cards.exists(), query


@pytest.mark.parametrize("command_line", readme_commands())
def test_every_command_example_is_accepted(command_line):
    name, *args = _arguments(command_line)
    command = load_command_class(get_commands()[name], name)
    command.create_parser("manage.py", name).parse_args(args)  # CommandError: an unknown option or choice


@pytest.mark.django_db
def test_the_cheap_command_examples_run(card_pool):
    out = io.StringIO()
    call_command("export_cards", "--game", "boundless", "--format", "csv", stdout=out)
    assert "Pebbleheart Sentry" in out.getvalue()
