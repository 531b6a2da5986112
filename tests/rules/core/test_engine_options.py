"""Every engine declares every keyword its ``new_game`` takes (``EngineSpec.setup_options``, typed:
offered ones and code-only ones), and ``EngineSpec.start`` refuses an unknown or ill-typed option
naming it (``rules.core.options.check_start``), for every game and every deckless mode (issue 30,
part 2; the API's 400: tests/simulate/test_option_refusals.py)."""

from __future__ import annotations

import pytest

from rules.core.decks import DeckList
from rules.core.options import OptionError, clean_options, declared
from rules.core.registry import game_slugs, get_engine


def _engines():
    for slug in game_slugs():
        engine = get_engine(slug)
        if engine is None:
            continue
        yield pytest.param(engine, id=slug)
        for mode, spec in engine.deckless_modes.items():
            yield pytest.param(spec, id=f"{slug}-{mode}")


def _decks(engine):
    return [DeckList(game=engine.game, name=f"Seat {n}") for n in range(engine.seat_counts()[0])]


@pytest.mark.parametrize("engine", list(_engines()))
def test_every_engine_refuses_an_unknown_option_naming_it(engine):
    with pytest.raises(OptionError) as caught:
        engine.start(_decks(engine), 1, no_such_knob=True)
    assert caught.value.option == "no_such_knob" and "has no such option" in caught.value.message


@pytest.mark.parametrize("engine", list(_engines()))
def test_every_engine_refuses_an_ill_typed_option_naming_it(engine):
    typed = next(o for o in engine.setup_options if o.kind in ("integer", "boolean"))
    with pytest.raises(OptionError) as caught:
        engine.start(_decks(engine), 1, **{typed.name: "not a value"})
    assert caught.value.option == typed.name and "must be" in caught.value.message


@pytest.mark.parametrize("engine", list(_engines()))
def test_every_declared_option_has_a_label_help_and_a_good_default(engine):
    for option in engine.setup_options:
        assert option.label and option.help, option.name
        if option.kind != "value":
            assert option.clean(option.default_value()) == option.default_value(), option.name


def test_users_may_not_pass_code_only_keywords():
    fellbound = get_engine("fellbound")
    assert "teams" in {o.name for o in fellbound.setup_options} and not declared(fellbound)
    with pytest.raises(OptionError, match="teams: fellbound has no such option"):
        clean_options(fellbound, {"teams": [[0, 2], [1, 3]]})
