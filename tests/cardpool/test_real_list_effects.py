"""The real Millennium Blades card list, when a copy is given (``MB_DB_SQLITE``, never committed):
how many of its texts the effect language plays (issue 26.2), held so that a change to the grammar
that loses cards fails. Skipped without the list; the main suite never depends on it."""

from __future__ import annotations

import io
import os

import pytest

from cardpool.importer import import_cards_text
from cardpool.management.commands.effects_report import effects_report
from cardpool.mb_db import read_card_list, write_csv
from cardpool.services import game_sync_all

pytestmark = pytest.mark.django_db
#: the share of the list's texts that compiled when this floor was set (1,161 of 1,256, 92.4%); issue 26 asks 90%
COVERAGE_FLOOR = 0.92


@pytest.mark.skipif(not os.environ.get("MB_DB_SQLITE"), reason="MB_DB_SQLITE: the path of a copy of the mb-db "
                                                                "card_list.sqlite (never committed)")
def test_the_real_list_compiles_at_least_the_floor(empty_card_pool):
    game_sync_all()
    out = io.StringIO(newline="")
    write_csv(read_card_list(os.environ["MB_DB_SQLITE"]), out)
    import_cards_text(out.getvalue(), game_slug="millennium_blades", fmt="csv")
    report = effects_report("millennium_blades", top=15)
    print(f"{report['compiled']}/{report['total']} ({report['coverage']:.1%})",
          [(p["phrase"], p["count"]) for p in report["phrases"]])
    assert report["coverage"] >= COVERAGE_FLOOR
