"""Every engine's ``view`` against its JSON Schema (issue 9, part 6; docs/view-format.md, "What each
game's view holds").

Each game with an engine ships ``rules/<game>/view.schema.json`` (JSON Schema draft 2020-12),
which applies the shared envelope ``rules/core/view.schema.json`` with ``allOf``. For every
registered engine, random games are played with uniformly random legal choices, taking the seat
counts it may be played with in turn, from its sample decks and with its declared
``EngineSpec.options`` drawn at random (BOS's casual rock-paper-scissors and reserve swaps). About
one move in ``VIEW_SCHEMA_EVERY`` (5) is a candidate; ``VIEW_SCHEMA_CHECKS`` (3) candidates per
game, picked at random across the whole game, and its first and last positions are validated:
``view(None)`` and every seat's view, after a JSON round trip (what pages, the API and replays
receive). ``VIEW_SCHEMA_GAMES`` (100) games per engine. Validation is the slow part (a few
milliseconds a view), hence the sampling; raise the three numbers for a deeper run. The schemas are
also shown to reject wrong views, so the games cannot pass vacuously. Pure Python: no database.
"""

from __future__ import annotations

import copy
import json
import os
import random
from functools import cache
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from rules.core.engine import CORE_END_REASONS, EngineSpec, GameState
from rules.core.registry import get_engine, play_modes
from tests.rules.samples import GamePool

pytestmark = pytest.mark.long  # a minute or more of tests: started first (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[3]
SCHEMA_BASE = "https://card-workshop.example/"  # each schema's $id is this plus its path in the repository
GAMES = int(os.environ.get("VIEW_SCHEMA_GAMES", "100"))
EVERY = int(os.environ.get("VIEW_SCHEMA_EVERY", "5"))
#: of the sampled positions of a game, this many (picked at random across the whole game) are
#: validated, besides the first and the last: validating a view costs a few milliseconds, and a
#: Spellbound game passes priority hundreds of times
CHECKS_PER_GAME = int(os.environ.get("VIEW_SCHEMA_CHECKS", "3"))
MAX_MOVES = 20_000  # a game that does not end by then fails (every engine has a turn cap)

ENGINE_SLUGS = [mode.game for mode in play_modes() if not mode.deckless]


def schema_path(slug: str) -> Path:
    return ROOT / "rules" / slug / "view.schema.json"


@cache
def _schemas() -> dict[str, dict]:
    """Every view schema in the repository, by the folder under rules/ it is in."""
    return {path.parent.name: json.loads(path.read_text()) for path in sorted((ROOT / "rules").glob("*/view.schema.json"))}


@cache
def _registry() -> Registry:
    return Registry().with_resources((schema["$id"], Resource.from_contents(schema)) for schema in _schemas().values())


@cache
def validator(slug: str) -> Draft202012Validator:
    return Draft202012Validator(_schemas()[slug], registry=_registry())


def errors(slug: str, view: dict) -> list[str]:
    found = sorted(validator(slug).iter_errors(view), key=lambda e: list(e.absolute_path))
    return [f"at {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:300]}" for e in found]


def random_options(engine: EngineSpec, rng: random.Random) -> dict:
    """The engine's declared choices and flags (``EngineSpec.setup_options``) drawn at random."""
    options = {}
    for option in engine.setup_options:
        if option.kind == "choice":
            options[option.name] = rng.choice([value for value, _ in option.choice_list()])
        elif option.kind == "boolean":
            options[option.name] = rng.random() < 0.5
    return options


def start(slug: str, game: int) -> tuple[GameState, random.Random, str]:
    engine = get_engine(slug)
    rng = random.Random(f"view-schema {slug} {game}")
    decks = GamePool(slug).sample_decks()
    seats = engine.seat_counts()[game % len(engine.seat_counts())]
    options = random_options(engine, rng)
    seed = rng.randrange(2**31)
    label = f"{slug} game {game}: {seats} seats, seed {seed}, options {options}"
    return engine.start([rng.choice(decks) for _ in range(seats)], seed, **options), rng, label


# -- the schemas themselves ---------------------------------------------------------------------------
def test_every_engine_has_a_view_schema():
    assert ENGINE_SLUGS, "no engine is registered"
    for slug in ENGINE_SLUGS:
        assert schema_path(slug).is_file(), f"{slug} has an engine but no rules/{slug}/view.schema.json"
    assert "core" in _schemas(), "the shared envelope rules/core/view.schema.json is missing"


@pytest.mark.parametrize("folder", sorted(_schemas()))
def test_schema_is_a_valid_draft_2020_12_schema(folder):
    schema = _schemas()[folder]
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == f"{SCHEMA_BASE}rules/{folder}/view.schema.json"
    if folder != "core":
        assert {"$ref": "../core/view.schema.json"} in schema["allOf"], "a game's schema applies the shared envelope"
        assert schema["properties"]["game"] == {"const": folder}
        assert schema["additionalProperties"] is False
        missing = set(_schemas()["core"]["properties"]) - set(schema["properties"])
        assert not missing, f"the game's schema lists every envelope key again: {missing} missing"


@pytest.mark.parametrize("slug", ENGINE_SLUGS)
def test_schema_end_reasons_are_the_engines(slug):
    """``outcome.reason`` is one of the engine's declared end reasons or the core's."""
    reasons = _schemas()[slug]["properties"]["outcome"]["properties"]["reason"]["enum"]
    assert set(reasons) == set(get_engine(slug).end_reasons) | set(CORE_END_REASONS)


# -- the schemas reject wrong views (so the random games cannot pass vacuously) -----------------------------
def _spoiled(view: dict) -> dict[str, dict]:
    """Views that are wrong in one way each."""
    out = {}
    for key in ("game", "turn", "to_act", "over", "outcome", "players"):
        if key in view:
            wrong = copy.deepcopy(view)
            del wrong[key]
            out[f"no {key}"] = wrong
    out["unknown top-level key"] = {**copy.deepcopy(view), "colour": "blue"}
    out["another game's name"] = {**copy.deepcopy(view), "game": "chess"}
    out["turn as text"] = {**copy.deepcopy(view), "turn": str(view["turn"])}
    out["over without an outcome"] = {**copy.deepcopy(view), "over": True, "to_act": []}
    out["an outcome while not over"] = {**copy.deepcopy(view), "over": False, "outcome": {
        "winners": [0], "draw": False, "reason": "turn_limit", "returns": [1.0], "placements": [1]}}
    out["legal actions as one string"] = {**copy.deepcopy(view), "legal_actions": "end"}
    player = view["players"][0]
    key = sorted(k for k in player if not k.startswith("hand"))[0]
    wrong = copy.deepcopy(view)
    del wrong["players"][0][key]
    out[f"a player without {key}"] = wrong
    wrong = copy.deepcopy(view)
    wrong["players"][0]["secret"] = 1
    out["a player with an unknown key"] = wrong
    wrong = copy.deepcopy(view)
    wrong["players"][0][key] = {"nested": "nonsense"} if not isinstance(player[key], dict) else "nonsense"
    out[f"a player's {key} of the wrong type"] = wrong
    return out


@pytest.mark.parametrize("slug", ENGINE_SLUGS)
def test_schema_rejects_wrong_views(slug):
    state, _, label = start(slug, 0)
    for seat in (None, 0):
        view = json.loads(json.dumps(state.view(seat)))
        assert not errors(slug, view), f"{label}: the opening view({seat}) fails: {errors(slug, view)}"
        for what, wrong in _spoiled(view).items():
            assert errors(slug, wrong), f"{slug}: the schema accepts a view({seat}) with {what}"


def test_envelope_rejects_a_missing_required_key():
    view = {"game": "toy", "turn": 1, "to_act": [0], "over": False, "outcome": None, "legal_actions": ["end"]}
    assert not errors("core", view)
    for key in ("game", "turn", "to_act", "over", "outcome"):
        assert errors("core", {k: v for k, v in view.items() if k != key}), f"the envelope accepts a view without {key}"
    assert errors("core", {**view, "to_act": []}), "not over, yet nobody acts"
    assert errors("core", {**view, "legal_actions": []}), "an empty legal_actions list"


# -- random games ------------------------------------------------------------------------------------------
def _views(state: GameState) -> list[tuple[int | None, str]]:
    """``view(None)`` and every seat's view, as the JSON text pages and replays receive."""
    return [(seat, json.dumps(state.view(seat))) for seat in [None, *range(state.num_players)]]


@pytest.mark.parametrize("slug", ENGINE_SLUGS)
def test_views_of_random_games_match_the_schema(slug):
    """About one move in ``EVERY`` is a candidate, across the whole game; ``CHECKS_PER_GAME`` of the
    candidates are kept by reservoir sampling (each equally likely, the views built only for the
    ones kept) and validated, with the first and the last position of every game."""
    failures: list[str] = []
    validated = 0
    for game in range(GAMES):
        state, rng, label = start(slug, game)
        kept: list[tuple[int, list]] = []
        candidates = 0
        moves = 0
        first = _views(state)
        while not state.is_over:
            acting = list(state.current_players())
            assert acting, f"{label}, move {moves}: the game is not over and nobody acts"
            state.apply_move({seat: rng.choice(state.legal_actions(seat)) for seat in acting})
            moves += 1
            assert moves < MAX_MOVES, f"{label}: no end after {MAX_MOVES} moves"
            if not state.is_over and rng.randrange(EVERY) == 0:
                candidates += 1
                if len(kept) < CHECKS_PER_GAME:
                    kept.append((moves, _views(state)))
                else:
                    slot = rng.randrange(candidates)
                    if slot < CHECKS_PER_GAME:
                        kept[slot] = (moves, _views(state))
        for move, views in [(0, first), *sorted(kept, key=lambda item: item[0]), (moves, _views(state))]:
            for seat, text in views:
                view = json.loads(text)
                validated += 1
                if not validator(slug).is_valid(view):
                    failures += [f"{label}, move {move}, view({seat}) {message}" for message in errors(slug, view)[:5]]
        if len(failures) > 20:
            break
    assert not failures, (f"{len(failures)} problems with views against rules/{slug}/view.schema.json:\n"
                          + "\n".join(failures[:20]))
    assert validated >= GAMES * 2 * 3


# -- deckless modes (EngineSpec.deckless_modes: Millennium Blades' whole game) ----------------------------------
#: games per deckless mode (a whole game is a few hundred moves)
MODE_GAMES = int(os.environ.get("VIEW_SCHEMA_MODE_GAMES", "12"))


def mode_schema_path(engine: EngineSpec) -> Path:
    """A deckless mode's schema: ``view.schema.json`` in the package of its ``new_game``
    (``rules/millennium_blades/full/`` for the whole game)."""
    return ROOT.joinpath(*engine.new_game.__module__.split(".")[:-1]) / "view.schema.json"


#: every deckless mode a game declares (``rules.core.registry.play_modes``): each must ship a schema
DECKLESS = [(mode.game, mode.mode) for mode in play_modes() if mode.deckless]


@cache
def mode_validator(path: Path) -> Draft202012Validator:
    schema = json.loads(path.read_text())
    registry = _registry().with_resource(schema["$id"], Resource.from_contents(schema))
    return Draft202012Validator(schema, registry=registry)


def random_setup_options(engine: EngineSpec, rng: random.Random) -> dict:
    """The mode's setup options (``EngineSpec.setup_options``) drawn at random: a flag either way, a
    choice among its values, a number in its bounds (at most 3: short timers keep the games short);
    a multiple choice keeps its default."""
    from rules.core.options import BOOLEAN, CHOICE, INTEGER, clean_options, declared

    raw = {}
    for option in declared(engine):
        if option.kind == BOOLEAN:
            raw[option.name] = rng.random() < 0.5
        elif option.kind == CHOICE:
            raw[option.name] = rng.choice([value for value, _ in option.choice_list()])
        elif option.kind == INTEGER:
            raw[option.name] = rng.randint(option.minimum or 1, min(option.maximum or 3, 3))
    kept: dict = {}
    for name, value in raw.items():  # a choice the game cannot play (a preset whose sets are missing, two seats
        try:                         # with one character, Pro Players without powers) is left out
            clean_options(engine, {**kept, name: value})
            kept[name] = value
        except ValueError:
            pass
    return clean_options(engine, kept)


def test_every_deckless_mode_has_a_view_schema():
    """A mode a game declares is validated like its deck engine: no mode may go without a schema."""
    assert {("millennium_blades", mode) for mode in ("full-game", "duel", "turn-based")} <= set(DECKLESS)
    for slug, name in DECKLESS:
        path = mode_schema_path(get_engine(slug, name))
        assert path.is_file(), f"{slug}'s mode {name!r} has no view schema: {path.relative_to(ROOT)}"
        schema = json.loads(path.read_text())
        Draft202012Validator.check_schema(schema)
        assert schema["$id"] == SCHEMA_BASE + str(mode_schema_path(get_engine(slug, name)).relative_to(ROOT))
        assert schema["additionalProperties"] is False and schema["properties"]["game"] == {"const": slug}
        reasons = set(schema["properties"]["outcome"]["properties"]["reason"]["enum"])
        assert set(get_engine(slug, name).end_reasons) | set(CORE_END_REASONS) <= reasons


@pytest.mark.parametrize(("slug", "name"), DECKLESS)
def test_views_of_deckless_modes_match_their_schema(slug, name):
    """Random games of the mode at each of its seat counts, its setup options drawn at random: the
    first and last positions and ``CHECKS_PER_GAME`` sampled ones, every seat's view and ``view(None)``."""
    from rules.core.decks import DeckList

    engine = get_engine(slug, name)
    check = mode_validator(mode_schema_path(engine))
    failures, validated = [], 0
    for game in range(MODE_GAMES):
        rng = random.Random(f"view-schema {slug} {name} {game}")
        seats = engine.seat_counts()[game % len(engine.seat_counts())]
        options = random_setup_options(engine, rng)
        label = f"{slug} {name} game {game}: {seats} seats, options {options}"
        state = engine.start([DeckList(game=slug, name=f"Seat {n + 1}") for n in range(seats)], rng.randrange(2**31),
                             **options)
        kept, moves = [(0, _views(state))], 0
        while not state.is_over:
            state.apply_move({seat: rng.choice(state.legal_actions(seat)) for seat in state.current_players()})
            moves += 1
            assert moves < MAX_MOVES, f"{label}: no end after {MAX_MOVES} moves"
            if not state.is_over and rng.randrange(EVERY * 8) == 0 and len(kept) <= CHECKS_PER_GAME:
                kept.append((moves, _views(state)))
        kept.append((moves, _views(state)))
        for move, views in kept:
            for seat, text in views:
                validated += 1
                view = json.loads(text)
                found = sorted(check.iter_errors(view), key=lambda e: list(e.absolute_path))
                failures += [f"{label}, move {move}, view({seat}) at {'/'.join(map(str, e.absolute_path))}: "
                             f"{e.message[:300]}" for e in found[:5]]
        if len(failures) > 20:
            break
    assert not failures, f"{len(failures)} problems with {slug} {name} views:\n" + "\n".join(failures[:20])
    assert validated >= MODE_GAMES * 2 * 3


@pytest.mark.parametrize(("slug", "name"), DECKLESS)
def test_deckless_mode_schemas_reject_wrong_views(slug, name):
    from rules.core.decks import DeckList

    engine = get_engine(slug, name)
    check = mode_validator(mode_schema_path(engine))
    state = engine.start([DeckList(game=slug, name=f"Seat {n + 1}") for n in range(engine.seat_counts()[0])], 1)
    view = json.loads(json.dumps(state.view(0)))
    assert check.is_valid(view), [e.message for e in check.iter_errors(view)][:3]
    wrong = {"an unknown key": {**view, "colour": "blue"}, "no players": {k: v for k, v in view.items() if k != "players"},
             "over without an outcome": {**view, "over": True, "to_act": []},
             "a tournament's view outside a tournament": {**view, "tournament": {}},
             "a player with an unknown key": {**view, "players": [{**view["players"][0], "secret": 1}, *view["players"][1:]]},
             "money as text": {**view, "players": [{**view["players"][0], "money": "12"}, *view["players"][1:]]}}
    for what, spoiled in wrong.items():
        assert not check.is_valid(spoiled), f"{slug} {name}: the schema accepts a view with {what}"
