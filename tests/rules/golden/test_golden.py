"""Every golden playthrough plays the same today, unless its engine's version changed (issue 30).

A change to an engine that alters a seeded game must come with a new engine version (stored
results and replays name it) and regenerated golden files; the files are the review's record of
what changed."""

from __future__ import annotations

import pytest

from tests.rules.golden.playthroughs import COMMAND, play, playthroughs, recorded_version

CASES = playthroughs()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_golden_playthrough_is_unchanged(case):
    assert case.path.exists(), f"{case.path.name} is missing: write it with `{COMMAND} {case.game}`"
    golden = case.path.read_text(encoding="utf-8")
    version = case.engine.version
    recorded = recorded_version(golden)
    assert recorded == version, (
        f"the {case.name} golden file was written by engine version {recorded}, the engine is now {version}: "
        f"regenerate the golden files for the new version with `{COMMAND} {case.game}`")
    today = play(case)
    if today != golden:
        old, new = golden.splitlines(), today.splitlines()
        line = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
        pytest.fail(
            f"the {case.game} engine's games changed ({case.name}, first at line {line + 1}):\n"
            f"  golden: {old[line] if line < len(old) else '(end)'}\n"
            f"  today:  {new[line] if line < len(new) else '(end)'}\n"
            f"bump VERSION in {case.where_versioned()} and regenerate with `{COMMAND}`", pytrace=False)


def test_every_engine_and_mode_has_golden_games():
    names = {c.name for c in CASES}
    assert {"bos-1", "bos-2"} <= names
    stale = sorted(p.name for p in CASES[0].path.parent.glob("*.txt") if p.stem not in names)
    assert not stale, f"golden files no engine or mode plays any more: {stale}"
