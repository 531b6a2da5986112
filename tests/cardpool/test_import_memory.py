"""Production readiness: ``import_cards`` reads a large CSV file within bounded memory.

The rows are streamed twice (checked, then written a batch at a time inside one transaction):
only compact keys for the checks across rows (set and number of each card) grow with the file,
not the rows themselves. Measured with tracemalloc (allocations, not time), on a dry run."""

import gc
import inspect
import tracemalloc

import pytest
from django.db import connection

from cardpool import services
from cardpool.importer import CsvRead, csv_rows, import_cards_text
from cardpool.models import Card, CardSet
from cardpool.services import ImportFailed, game_sync_all

pytestmark = [pytest.mark.django_db, pytest.mark.long]  # long: a minute or more, started first (tests/conftest.py)


@pytest.fixture
def games(empty_card_pool):
    return game_sync_all()

HEADER = "set,set_name,number,name,card_type,rarity,flavor,pwr,level,tribe\n"


def _csv(rows: int, bad_line: int | None = None) -> str:
    lines = [f"MB1,Memory Set,{i:06d},Memory Golem {i},form,C,A golem of stone and memory number {i}.,"
             f"{i % 9},{i % 3 + 1},Golem|Stone\n" for i in range(1, rows + 1)]
    if bad_line is not None:
        lines[bad_line - 2] = lines[bad_line - 2].replace(",form,", ",wizard,")
    return HEADER + "".join(lines)


def _peak(text: str) -> int:
    """Bytes allocated at the peak of a dry-run import of ``text`` (the text itself not counted)."""
    gc.collect()
    tracemalloc.start()
    try:
        summary = import_cards_text(text, game_slug="boundless", fmt="csv", dry_run=True)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        assert summary.created == text.count("\n") - 1


def _held_peak(text: str) -> int:
    """Bytes allocated at the peak of holding every row of ``text`` read (what the import did before)."""
    gc.collect()
    tracemalloc.start()
    try:
        rows = list(csv_rows(text, game_slug="boundless", read=CsvRead()))
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        del rows


# The importer's memory is Python's (the rows it reads and the keys it keeps), the same code on either
# database; measured under tracemalloc it is the suite's slowest test (~110 s), so `make test`'s
# PostgreSQL pass leaves it to the SQLite pass. The other import tests here run on both.
@pytest.mark.skipif(connection.vendor != "sqlite", reason="Python-side memory: measured in the SQLite pass")
def test_the_memory_of_an_import_grows_by_compact_keys_not_by_rows(games, monkeypatch):
    """Each extra row costs the import less than merely holding the rows read costs (what the import
    did before, on top of everything else: about 1 KB a row), both measured here in the same
    process, since the absolute figures move with what the process holds already (alone, the
    import's growth is about 130 bytes a row; late in the whole suite up to 900). The difference
    is spread over 8,000 rows, and the larger file's peak is the lower of two (tracemalloc sees
    every thread), the second measured only when the first fails: min(a, b) < h exactly when
    a < h or b < h, and a 9,000-row import under tracemalloc is a quarter of a minute."""
    monkeypatch.setattr(services, "IMPORT_WRITE_BATCH", 500)
    small, large = 1_000, 9_000
    _peak(_csv(200))  # warm up: imports, caches, the first queries
    text, short = _csv(large), _csv(small)
    holding = (_held_peak(text) - _held_peak(short)) / (large - small)
    short_peak = _peak(short)
    growth = (_peak(text) - short_peak) / (large - small)
    if growth >= holding:  # another thread's allocations may have raised the peak: a second look
        growth = min(growth, (_peak(text) - short_peak) / (large - small))
    assert growth < holding, f"the import: {growth:.0f} bytes a row; holding the rows: {holding:.0f}"


def test_the_csv_reader_makes_rows_one_at_a_time(games):
    """The reader is a generator: its first row comes before the rest of the file is read (a
    broken record further down is only seen when the reading gets there)."""
    read = CsvRead()
    rows = csv_rows(_csv(3) + 'MB1,"never closed\n', game_slug="boundless", read=read)
    assert inspect.isgenerator(rows)
    assert next(rows).where == "line 2" and read.errors == []
    assert [row.where for row in rows] == ["line 3", "line 4"]
    assert [str(e) for e in read.errors] == [("line 5: malformed CSV: a quoted cell that starts here is never "
                                              "closed (missing '\"')")]


def test_a_bad_row_late_in_a_large_file_writes_nothing(games, monkeypatch):
    """All or nothing with streaming: the check pass sees the bad row before anything is written."""
    monkeypatch.setattr(services, "IMPORT_WRITE_BATCH", 100)
    with pytest.raises(ImportFailed) as caught:
        import_cards_text(_csv(1_000, bad_line=950), game_slug="boundless", fmt="csv")
    assert [(e.where, e.field) for e in caught.value.errors] == [("line 950", "card_type")]
    assert not Card.objects.exists() and not CardSet.objects.filter(code="MB1").exists()


def test_a_row_may_name_a_set_that_a_later_row_declares(games):
    """Sets are declared by the first row giving set_* cells: rows above it still find the set."""
    text = ("set,set_name,number,name,card_type,pwr,level\n"
            "LT1,,001,Early Golem,form,1,1\n"
            "LT1,Late Set,002,Late Golem,form,1,1\n")
    summary = import_cards_text(text, game_slug="boundless", fmt="csv")
    assert summary.created == 2 and CardSet.objects.get(code="LT1").name == "Late Set"
    with pytest.raises(ImportFailed) as caught:
        import_cards_text(text.replace("LT1,,001", "ZZ9,,003"), game_slug="boundless", fmt="csv")
    assert [(e.where, e.field) for e in caught.value.errors] == [("line 2", "set")]
    assert "unknown set 'ZZ9'" in caught.value.errors[0].message and "LT1" in caught.value.errors[0].message
