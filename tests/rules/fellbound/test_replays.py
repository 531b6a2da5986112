"""FellBound replays record the engine version that played them (docs/replay-format.md,
``engine_version``); a replay of another version is refused with a message naming both, never
re-run as if the rules were the same (engine 1.2 changed infiltration, X health and bribe values)."""

from __future__ import annotations

import pytest

from rules.core.play import play_game
from rules.core.replay import ReplayError, replay_frames, replay_game
from rules.fellbound.engine import ENGINE, VERSION
from tests.rules.samples import GamePool

DECKS = GamePool("fellbound").sample_decks()


def _replay() -> dict:
    return play_game(ENGINE, DECKS[:2], 11, ["random", "random"], record=True).replay


def test_a_replay_records_the_engine_version_and_replays_on_it():
    replay = _replay()
    assert replay["engine_version"] == VERSION == ENGINE.version
    assert replay_game(replay).is_over


@pytest.mark.parametrize("old", ["1.0", "1.1"])
def test_a_replay_of_an_older_engine_version_says_so(old):
    replay = {**_replay(), "engine_version": old}
    for rerun in (replay_game, replay_frames):
        with pytest.raises(ReplayError) as refused:
            rerun(replay)
        assert f"fellbound engine '{old}'" in str(refused.value) and f"version '{VERSION}'" in str(refused.value)
