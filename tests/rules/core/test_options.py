"""Setup options an engine declares (``EngineSpec.setup_options``, ``rules/core/options.py``): one
descriptor per option, checked by one function whose errors name the option, turned into
``new_game`` keyword arguments by ``EngineSpec.start``. A toy spec shows every kind; the Millennium
Blades whole game (``rules/millennium_blades/full/options.py``) shows options reaching the engine."""

from __future__ import annotations

import json

import pytest

from rules.core.decks import DeckList
from rules.core.engine import EngineSpec
from rules.core.options import (
    BOOLEAN,
    CHOICE,
    INTEGER,
    MULTIPLE,
    EngineOption,
    OptionError,
    clean_options,
    code_only,
    declared,
    describe,
    game_kwargs,
)
from rules.core.registry import get_engine

SEEN: list[dict] = []


class _State:
    def __init__(self, kwargs):
        self.kwargs = kwargs


def _new_game(decks, seed, **kwargs):
    if kwargs.get("speed") == 9:
        raise ValueError("speed 9 needs two colours")
    SEEN.append(kwargs)
    return _State(kwargs)


TOY = EngineSpec(game="toy", version="1", new_game=_new_game, min_players=2, max_players=3, setup_options=(
    EngineOption("colours", "Colours", MULTIPLE, choices=lambda: [("red", "Red"), ("blue", "Blue"), ("green", "Green")],
                 default=lambda: ["red", "blue"], minimum=1, maximum=2),
    EngineOption("board", "Board", CHOICE, choices=((None, "none"), ("small", "Small"), ("large", "Large"))),
    EngineOption("fast", "Fast", BOOLEAN),
    EngineOption("speed", "Speed", INTEGER, default=2, minimum=1, maximum=9),
    EngineOption("prize_one", "First prize", CHOICE, choices=((None, "none"), ("gold", "Gold")), kwarg="prize", key=1),
    EngineOption("prize_two", "Second prize", CHOICE, choices=((None, "none"), ("tin", "Tin")), kwarg="prize", key=2),
    EngineOption("odd", "Odd", INTEGER, check=lambda v: None if v % 2 else (_ for _ in ()).throw(ValueError("even"))),
    code_only("teams", "code only: lists of seats", list),
    code_only("prize", "code only: prizes by key", dict),
))
DECKS = [DeckList(game="toy", name="a"), DeckList(game="toy", name="b")]


def test_values_from_json_or_text_keep_only_what_differs_from_the_defaults():
    assert clean_options(TOY, None) == {} and clean_options(TOY, {}) == {}
    text = {"colours": "green,red", "board": "none", "fast": "yes", "speed": "2", "prize_one": "gold"}
    assert clean_options(TOY, text) == {"colours": ["red", "green"], "fast": True, "prize_one": "gold"}
    same = {"colours": ["green", "red"], "board": None, "fast": True, "speed": 2, "prize_one": "gold"}
    assert clean_options(TOY, same) == clean_options(TOY, text)
    assert clean_options(TOY, {"colours": ["blue", "red"], "fast": False}) == {}  # the defaults, in any order


@pytest.mark.parametrize(("raw", "option", "said"), [
    ({"colour": "red"}, "colour", "no such option (its options: colours, board"),
    ({"colours": "red,purple"}, "colours", "must be one of red, blue, green, not 'purple'"),
    ({"colours": []}, "colours", "choose at least 1"),
    ({"colours": "red,blue,green"}, "colours", "choose at most 2"),
    ({"colours": "red,red"}, "colours", "names red more than once"),
    ({"colours": 7}, "colours", "must be a list of values"),
    ({"board": "huge"}, "board", "must be one of none, small, large, not 'huge'"),
    ({"fast": "maybe"}, "fast", "must be true or false"),
    ({"fast": 1}, "fast", "must be true or false"),
    ({"speed": 0}, "speed", "from 1 to 9, not 0"),
    ({"speed": "quick"}, "speed", "must be a whole number"),
    ({"speed": True}, "speed", "must be a whole number"),
    ({"odd": 4}, "odd", "even"),
    ({"speed": 9}, None, "these options do not make a game: speed 9 needs two colours"),
])
def test_bad_input_is_refused_naming_the_option(raw, option, said):
    with pytest.raises(OptionError) as caught:
        clean_options(TOY, raw)
    assert caught.value.option == option and said in caught.value.message, caught.value.message


def test_options_become_keyword_arguments_and_survive_json():
    options = clean_options(TOY, {"prize_one": "gold", "prize_two": "tin", "speed": 5})
    assert game_kwargs(TOY, options) == {"speed": 5, "prize": {1: "gold", 2: "tin"}}
    stored = json.loads(json.dumps(options))  # a run's JSON field, a replay
    SEEN.clear()
    TOY.start(DECKS, 1, **stored)
    assert SEEN == [{"speed": 5, "prize": {1: "gold", 2: "tin"}}]  # the int keys come back: only names are stored
    SEEN.clear()
    TOY.start(DECKS, 1, teams=[[0], [1]], prize={3: "x"}, prize_one="gold")  # code-only keywords pass through
    assert SEEN == [{"teams": [[0], [1]], "prize": {3: "x", 1: "gold"}}]


def test_an_engine_without_setup_options_takes_none():
    plain = EngineSpec(game="toy", version="1", new_game=_new_game)
    SEEN.clear()
    plain.start(DECKS, 1)
    assert SEEN == [{}] and "setup_options" not in plain.game_type()
    with pytest.raises(OptionError, match="anything: toy .1. has no such option .its options: none"):
        plain.start(DECKS, 1, anything=[1])
    with pytest.raises(OptionError, match="no such option .its options: none"):
        clean_options(plain, {"x": 1})


def test_code_only_keywords_are_typed_and_never_offered():
    assert [o.name for o in declared(TOY)][-1] == "odd" and "teams" not in {o["name"] for o in TOY.game_type()["setup_options"]}
    with pytest.raises(OptionError, match="teams: must be a list, not 'x'"):
        TOY.start(DECKS, 1, teams="x")
    with pytest.raises(OptionError, match="teams: toy has no such option"):  # users may not pass them
        clean_options(TOY, {"teams": [[0], [1]]})
    with pytest.raises(OptionError, match="speed: must be a whole number from 1 to 9, not 10"):
        TOY.start(DECKS, 1, speed=10)  # offered ones are checked at start too


def test_the_declaration_as_data_and_the_rows_a_page_shows():
    data = {o["name"]: o for o in TOY.game_type()["setup_options"]}
    assert data["colours"]["default"] == ["red", "blue"] and data["colours"]["choices"][2] == {"value": "green",
                                                                                               "label": "Green"}
    assert (data["speed"]["minimum"], data["speed"]["maximum"], data["fast"]["default"]) == (1, 9, False)
    rows = {r["name"]: r for r in describe(TOY, {"fast": True, "board": "large"})}
    assert rows["fast"]["text"] == "yes" and not rows["fast"]["default"]
    assert rows["board"]["text"] == "Large" and rows["speed"] == {"name": "speed", "label": "Speed", "value": 2,
                                                                   "text": "2", "default": True}


# -- the whole game's options ------------------------------------------------------------------------------
FULL = get_engine("millennium_blades", "full-game")


def test_the_whole_game_declares_its_setup_options():
    names = [o.name for o in declared(FULL)]
    assert names[0] == "sets" and {"starter_sets", "not_playable", "preset", "free_market", "pre_release",
                                   "ticks_per_minute", "fusion_gold", "prize_bronze"} <= set(names)
    sets = next(o for o in FULL.setup_options if o.name == "sets")
    codes = [code for code, _ in sets.choice_list()]
    assert codes[0] == "MB-CORE" and "MB-ST1" not in codes and "MB-BP1" not in codes  # Store kinds only
    assert sets.default_value() == ["MB-CORE", "MB-EX1", "MB-EX2", "MB-EX3", "MB-EX4", "MB-PR1", "MB-PR2", "MB-MS1",
                                    "MB-MS2"]  # the rulebook's counts, as many as the pool has
    game_type = get_engine("millennium_blades").game_type()
    assert [o["name"] for o in game_type["deckless_modes"]["full-game"]["setup_options"]] == names


@pytest.mark.parametrize(("raw", "option", "said"), [
    ({"sets": "MB-CORE,MB-ST1"}, "sets", "not 'MB-ST1'"),
    ({"preset": "first_game"}, "preset", "First Game Setup"),
    ({"fusion_gold": "MB-BP1"}, "fusion_gold", "must be one of none, MB-GP1"),
    ({"ticks_per_minute": 11}, "ticks_per_minute", "from 1 to 10"),
])
def test_the_whole_game_refuses_bad_options_naming_them(raw, option, said):
    with pytest.raises(OptionError) as caught:
        clean_options(FULL, raw, players=4)
    assert caught.value.option == option and said in caught.value.message


def _game(seed=3, **options):
    return FULL.start([DeckList(game="millennium_blades", name=f"Seat {n}") for n in range(4)], seed,
                      **clean_options(FULL, options, players=4))


def test_options_reach_the_engine():
    assert _game(sets="MB-EX2,MB-CORE").store_sets == ["MB-CORE", "MB-EX2"]
    assert _game().store_sets == next(o for o in FULL.setup_options if o.name == "sets").default_value()
    assert _game(free_market="true").view(None)["free_market"] is True and _game().view(None)["free_market"] is False
    state = _game(prize_bronze="MB-BP1", fusion_gold="MB-GP1", ticks_per_minute="3")
    assert state.prize_sets[1] == "MB-BP1" and state.fusion_sets["gold"] == "MB-GP1"
    assert state.view(None)["budgets"] == [21, 21, 18]  # 7, 7 and 6 minutes at 3 ticks a minute
    assert _game(pre_release=True).view(None)["round"] == 0  # the Pre-Release Tournament first


def test_a_blank_choice_without_a_none_choice_is_the_default():
    """A form that leaves a choice blank (or a client sending null) chooses the default, unless
    "none" is one of the choices."""
    engine = get_engine("millennium_blades", "full-game")
    assert clean_options(engine, {"millennium_accessories": None, "characters": ""}, players=3) == {}
    assert clean_options(engine, {"preset": ""}, players=3) == {}  # "none" is a choice: chosen
    with pytest.raises(OptionError, match="millennium_accessories"):
        clean_options(engine, {"millennium_accessories": "sometimes"}, players=3)
