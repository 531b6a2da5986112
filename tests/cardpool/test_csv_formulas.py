"""CSV exports guard every cell a spreadsheet could run as a formula (issue 25, item 9): not only
a leading ``= + - @``, tab or carriage return, but also one after leading white space (a space, a
non-breaking space, a newline) and the full-width forms (``＝``); the import restores each cell."""

from __future__ import annotations

import csv
import io

import pytest

from cardpool.exporter import export_cards, guard_formula
from cardpool.importer import import_cards_text, unguard_formula
from cardpool.models import Card, CardSet
from cardpool.services import game_sync_all

SNEAKY = [" =HYPERLINK(\"http://x\")", "\u00a0=1+1", "\n=cmd|' /C calc'!A0", "\uff1dSUM(A1)", "\uff0b1",
          "\uff20everyone", "\u3000-2", "\t=1", " plain after a space"]


@pytest.mark.parametrize("cell", SNEAKY)
def test_every_way_a_cell_can_start_a_formula_is_guarded(cell):
    guarded = guard_formula(cell)
    assert guarded == "'" + cell and unguard_formula(guarded) == cell


@pytest.mark.parametrize("cell", ["plain", "4", "Golem = strong", "'quoted on purpose", ""])
def test_other_cells_are_left_alone(cell):
    assert guard_formula(cell) == cell and unguard_formula(cell) == cell


@pytest.mark.django_db
def test_the_export_round_trips_them(empty_card_pool):
    games = game_sync_all()
    card_set = CardSet.objects.create(game=games["boundless"], code="TB1", name="Test Base", kind="core",
                                      release_order=1)
    texts = {f"{n:03}": text for n, text in enumerate(SNEAKY, 1)}
    for number, text in texts.items():
        Card.objects.create(game=card_set.game, card_set=card_set, number=number, name=f"Card {number}",
                            card_type="command", text=text, attributes={"command_kind": "normal"})
    exported = export_cards("boundless", "csv")
    rows = list(csv.DictReader(io.StringIO(exported)))
    assert all(row["text"].startswith("'") for row in rows), [row["text"] for row in rows]
    Card.objects.filter(card_set=card_set).delete()
    import_cards_text(exported, game_slug="boundless", fmt="csv")
    imported = {c.number: c.text for c in Card.objects.filter(card_set=card_set)}
    assert imported == texts
