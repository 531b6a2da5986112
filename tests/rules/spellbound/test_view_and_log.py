"""The view and the event log for outside readers (issue 32.6): the library shuffle is logged, the
ladder and the ``trigger`` events name the card an ability or trigger came from, and ``pending`` says
which ladder item a target is chosen for and how many discards remain (docs/view-format.md,
"Spellbound"; rules/spellbound/view.schema.json)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from rules.core.play import play_game
from rules.core.replay import ReplayError, replay_frames, replay_game
from rules.spellbound.engine import ENGINE, VERSION
from tests.rules.spellbound.helpers import DECKS, clear_hand, do, give, legal, new, put, souls, to_step

RULES = Path(__file__).resolve().parents[3] / "rules"


@cache
def _validator() -> Draft202012Validator:
    schemas = [json.loads((RULES / game / "view.schema.json").read_text()) for game in ("core", "spellbound")]
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas)
    return Draft202012Validator(schemas[1], registry=registry)


def errors(view: dict) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in _validator().iter_errors(view)]


def _events(state, action: str) -> list[dict]:
    return [dict(e.changes, seat=e.player) for e in state.events if e.action == action]


def test_set_up_the_library_shuffle_is_logged_before_the_opening_hand():
    """spellbound-chaos-divided.txt, "2. Set Up to the Battlefield", 2. Library: "At the beginning of the
    game you will shuffle your library, and draw five cards." Each seat's shuffle is an event, before its
    draw, so a reader of the log sees where the game's chance came in."""
    state = new("ashen", "pink")
    first = [(e.action, e.player) for e in state.events[:4]]
    assert first == [("shuffle", 0), ("draw", 0), ("shuffle", 1), ("draw", 1)]
    assert _events(state, "shuffle")[0] == {"zone": "library", "cards": 40, "seat": 0}


def test_the_ladder_names_the_card_an_ability_or_trigger_came_from():
    """"5. Advanced Topics", The Ladder: "When you cast a spell or activate an ability, it doesn't
    resolve right away, instead it goes on the ladder ... Triggered abilities also go on the stack".
    Each ladder entry's ``source`` is the uid of the card its ability or trigger came from (null for a
    spell), also for a creature that has left the battlefield ("When Bone Rattler is destroyed"); the
    ``trigger`` events carry the same ``source``."""
    state = new("ashen", "rootbound")
    to_step(state, "first_casting", turn=1)
    clear_hand(state, 0)
    rattler = put(state, 0, "Bone Rattler")
    give(state, 0, "Gravetide Reaper", "Soulfire Bolt")
    souls(state, 0, death=3, hollow=2)
    do(state, 'cast "Gravetide Reaper"')
    reaper_uid = state.ladder[-1].ref
    assert state.view(None)["ladder"][0]["source"] is None  # a spell
    do(state, "pass")
    do(state, "pass")  # the Reaper enters: "When ... enters the battlefield, deal 30 hex damage to target creature"
    top = state.view(None)["ladder"][0]
    assert (top["kind"], top["name"], top["source"]) == ("trigger", "Gravetide Reaper", reaper_uid)
    assert _events(state, "trigger")[-1]["source"] == reaper_uid
    do(state, f"target {rattler.ref}")
    do(state, "pass")
    do(state, "pass")
    do(state, 'cast "Soulfire Bolt"')
    do(state, f"target {rattler.ref}")  # 30 + 80 damage: Bone Rattler (100 health) dies
    do(state, "pass")
    do(state, "pass")
    top = state.view(None)["ladder"][0]
    assert (top["name"], top["source"]) == ("Bone Rattler", rattler.ref)
    assert rattler.uid not in state.board
    assert not errors(state.view(None))
    bounder = state.bounder(1)
    to_step(state, "first_casting", turn=2)
    souls(state, 1, life=2)
    do(state, f"ability {bounder.ref} 1")  # Thessaly: "2 Life: Heal 60 health to target creature or bounder ..."
    assert state.view(1)["ladder"][0]["source"] == bounder.ref


def test_pending_names_the_targeted_ladder_item_and_the_discards_left():
    """"5. Advanced Topics", Targeting: "You must choose all targets for a spell when you cast it";
    Janitor Step: "choose and discard cards until you have only nine". ``pending`` is the decision's
    kind and seat, with the ladder item being targeted, or the discards still to make and why."""
    state = new("ashen", "pink")
    to_step(state, "first_casting", turn=1)
    give(state, 0, "Soulfire Bolt")
    souls(state, 0, death=1, hollow=1)
    do(state, 'cast "Soulfire Bolt"')
    bolt = state.ladder[-1].ref
    assert state.view(0)["pending"] == {"kind": "target", "asks": "choose a target", "seat": 0, "item": bolt}
    do(state, legal(state)[0])
    assert state.view(0)["pending"] is None
    _resolve(state)
    give(state, 0, *["Cinderjaw Hound"] * 7)
    to_step(state, "cease", turn=1)
    do(state, "pass")
    do(state, "pass")
    hand = len(state.sides[0].hand)
    view = state.view(0)
    assert view["pending"] == {"kind": "discard", "asks": "discard", "seat": 0, "left": hand - 9, "reason": "hand_limit"}
    assert not errors(view)
    do(state, 'discard "Cinderjaw Hound"')
    assert state.view(1)["pending"]["left"] == hand - 10


def _resolve(state):
    while state.ladder or state.pending:
        do(state, "pass" if "pass" in legal(state) else legal(state)[0])


def test_a_replay_of_engine_1_2_is_refused_naming_both_versions():
    """A replay records ``engine_version`` (docs/replay-format.md); engine 1.3 changed the turn (the
    first player's first draw step is skipped whole), so a 1.2 replay's moves no longer mean the same:
    ``replay_game`` and ``replay_frames`` refuse it, saying which version made it and which this is."""
    assert VERSION == "1.3"
    replay = play_game(ENGINE, [DECKS["ashen"], DECKS["pink"]], 9, ["random", "random"], record=True).replay
    assert replay["engine_version"] == "1.3" and replay_game(replay).is_over
    old = dict(replay, engine_version="1.2")
    for reader in (replay_game, replay_frames):
        with pytest.raises(ReplayError, match=r"made by spellbound engine '1\.2'; this is version '1\.3'"):
            reader(old)
