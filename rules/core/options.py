"""Setup options an engine declares (``EngineSpec.setup_options``): what a user may choose before
the games start (Millennium Blades' whole game: the Store's sets, the promos, Free Market Mode...),
declared once as data so the web form, the API and ``manage.py simulate --option`` offer and check
them alike without naming a game.

An option is an :class:`EngineOption`: a ``name`` (a slug: ``sets``, ``free_market``), a ``label``
and ``help`` for pages, a ``kind`` (:data:`CHOICE`, :data:`MULTIPLE` choice, :data:`BOOLEAN`,
:data:`INTEGER` with ``minimum``/``maximum``), its ``choices`` (``(value, label)`` pairs, or a
function returning them: choices computed from the card pool), its ``default`` (a value or a
function), and where its value goes in ``new_game(decks, seed, **kwargs)``: the keyword ``kwarg``
(default: the name), under ``key`` when several options fill one dict argument (``prize={1: ...,
2: ...}``). ``check(value)`` may refuse a value the choices alone cannot (raise ``ValueError``).

- :func:`clean_options` turns user input (JSON values, or the text of a form or a command line)
  into *options*: the JSON-able values of the options that differ from their defaults (a run
  stores them, replays record them), refusing anything wrong with an :class:`OptionError` naming
  the option; then builds a game with them once (the engine's own checks).
- :func:`game_kwargs` turns options into ``new_game`` keyword arguments; ``EngineSpec.start``
  calls it, so stored options and replays hold only the declared, JSON-able values.

Adding an option is one :class:`EngineOption` line in the engine's option tuple.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

CHOICE, MULTIPLE, BOOLEAN, INTEGER, VALUE = "choice", "multiple", "boolean", "integer", "value"
KINDS = (CHOICE, MULTIPLE, BOOLEAN, INTEGER, VALUE)
_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0", "")
_NONE = ("", "none", "null")


def _shown(raw: Any) -> str:
    """``raw`` as an error message quotes it (at most 60 characters)."""
    text = repr(raw)
    return text if len(text) <= 60 else text[:57] + "..."


class OptionError(ValueError):
    """Input an option cannot take: ``option`` names it (None: the options together), ``message``
    says what is wrong in the option's words."""

    def __init__(self, option: str | None, message: str):
        super().__init__(f"{option}: {message}" if option else message)
        self.option, self.message = option, message


@dataclass(frozen=True)
class EngineOption:
    """One setup option of an engine (see the module docstring)."""

    name: str
    label: str
    kind: str = CHOICE
    help: str = ""
    choices: Sequence[tuple[Any, str]] | Callable[[], Sequence[tuple[Any, str]]] = ()
    default: Any = None
    minimum: int | None = None  # an integer's bounds; a multiple choice's fewest and most values
    maximum: int | None = None
    kwarg: str = ""  # new_game's keyword argument (default: the option's name)
    key: str | int | None = None  # the value goes under this key of the (dict) keyword argument
    check: Callable[[Any], None] | None = None  # raises ValueError for a value the game cannot take
    #: False: a keyword only code passes (a match's reserve swaps, a test's Store), never offered
    #: to the web form, the API or the command line; ``start`` still refuses it ill-typed
    offered: bool = True
    types: tuple[type, ...] = ()  # a VALUE option's accepted Python types (None is always accepted)

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: kind is one of {', '.join(KINDS)}, not {self.kind!r}")
        if self.kind == VALUE and self.offered:
            raise ValueError(f"option {self.name}: a {VALUE} option is for code only (offered=False)")

    def choice_list(self) -> list[tuple[Any, str]]:
        """The ``(value, label)`` pairs (computed now when ``choices`` is a function)."""
        return [(value, str(label)) for value, label in (self.choices() if callable(self.choices) else self.choices)]

    def default_value(self) -> Any:
        value = self.default() if callable(self.default) else self.default
        if value is None and self.kind == BOOLEAN:
            return False
        return list(value) if self.kind == MULTIPLE and value is not None else value

    def as_dict(self) -> dict:
        """The declaration as JSON-able data (the API, pages)."""
        out = {"name": self.name, "label": self.label, "kind": self.kind, "help": self.help,
               "default": self.default_value()}
        if self.kind in (CHOICE, MULTIPLE):
            out["choices"] = [{"value": value, "label": label} for value, label in self.choice_list()]
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out

    # -- one value -----------------------------------------------------------------------------------
    def clean(self, raw: Any) -> Any:
        """The option's value from user input (a JSON value, or text from a form or a command line:
        ``true``, ``7``, ``A,B``); raises :class:`OptionError` naming the option."""
        value = getattr(self, f"_clean_{self.kind}")(raw)
        if self.check is not None:
            try:
                self.check(value)
            except ValueError as exc:
                raise OptionError(self.name, str(exc)) from None
        return value

    def _fail(self, message: str) -> NoReturn:
        raise OptionError(self.name, message)

    def _choice_of(self, raw: Any) -> Any:
        choices = self.choice_list()
        for value, _ in choices:
            if raw == value and type(raw) is type(value) or (isinstance(raw, str) and raw.strip() == str(value)):
                return value
            if value is None and (raw is None or (isinstance(raw, str) and raw.strip().lower() in _NONE)):
                return None
        known = ", ".join("none" if v is None else str(v) for v, _ in choices)
        self._fail(f"must be one of {known}, not {_shown(raw)}")
        return None

    def _clean_choice(self, raw: Any) -> Any:
        blank = raw is None or (isinstance(raw, str) and not raw.strip())
        if blank and all(value is not None for value, _ in self.choice_list()):
            return self.default_value()  # nothing chosen (a form left blank): the default
        return self._choice_of(raw)

    def _clean_multiple(self, raw: Any) -> list:
        if isinstance(raw, str):
            raw = [part for part in (p.strip() for p in raw.split(",")) if part]
        if not isinstance(raw, (list, tuple)):
            self._fail(f"must be a list of values (on a command line: A,B,C), not {_shown(raw)}")
        values = [self._choice_of(item) for item in raw]
        repeated = sorted({str(v) for v in values if values.count(v) > 1})
        if repeated:
            self._fail(f"names {', '.join(repeated)} more than once")
        if self.minimum is not None and len(values) < self.minimum:
            self._fail(f"choose at least {self.minimum}, not {len(values)}")
        if self.maximum is not None and len(values) > self.maximum:
            self._fail(f"choose at most {self.maximum}, not {len(values)}")
        order = [value for value, _ in self.choice_list()]
        return sorted(values, key=order.index)

    def _clean_boolean(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in _TRUE + _FALSE:
            return raw.strip().lower() in _TRUE
        self._fail(f"must be true or false, not {_shown(raw)}")
        return None

    def _clean_value(self, raw: Any) -> Any:
        if raw is not None and self.types and not isinstance(raw, self.types):
            names = " or ".join(t.__name__ for t in self.types)
            self._fail(f"must be a {names}, not {_shown(raw)}")
        return raw

    def _clean_integer(self, raw: Any) -> int:
        if isinstance(raw, str) and raw.strip().lstrip("-").isdigit() and len(raw.strip()) < 19:
            raw = int(raw.strip())
        if isinstance(raw, bool) or not isinstance(raw, int):
            self._fail(f"must be a whole number, not {_shown(raw)}")
        if (self.minimum is not None and raw < self.minimum) or (self.maximum is not None and raw > self.maximum):
            low = "" if self.minimum is None else f"from {self.minimum} "
            high = "" if self.maximum is None else f"to {self.maximum}"
            self._fail(f"must be a whole number {low}{high}, not {raw}".replace("  ", " "))
        return raw


# -- every option of an engine ---------------------------------------------------------------------------
def declared(engine) -> tuple[EngineOption, ...]:
    """The setup options the engine offers users (``EngineSpec.setup_options`` but its code-only
    keywords; none for an engine without them)."""
    return tuple(o for o in getattr(engine, "setup_options", ()) or () if o.offered)


def check_start(engine, options: Mapping[str, Any]) -> None:
    """Refuse what ``EngineSpec.start`` must not pass to ``new_game``: a name the engine does not
    declare (offered or code-only), or a value of the wrong type or out of range, with an
    :class:`OptionError` naming the option. Offered options' values are checked as
    :meth:`EngineOption.clean` checks user input; code-only ones by their ``types``."""
    by_name = {o.name: o for o in engine.setup_options}
    for name, value in options.items():
        option = by_name.get(name)
        if option is None:
            known = ", ".join(by_name) or "none"
            raise OptionError(str(name)[:60], f"{engine.game} ({engine.version}) has no such option (its options: {known})")
        option.clean(value)


def clean_options(engine, raw: Mapping[str, Any] | None, *, players: int | None = None) -> dict:
    """User input (option name -> value or text) as *options*: every declared option's value that
    differs from its default, in declaration order, JSON-able. Raises :class:`OptionError` naming
    the option for an unknown name or a bad value; then starts a game of ``players`` seats (the
    engine's fewest by default) with them, so what only the game can check is refused too (an
    ``OptionError`` without a name, the engine's own message)."""
    options = {o.name: o for o in declared(engine)}
    if raw is not None and not isinstance(raw, Mapping):
        raise OptionError(None, f"options must be an object of option names and values, not {_shown(raw)}")
    raw = dict(raw or {})
    for name in raw:
        if name not in options:
            known = ", ".join(options) or "none"
            raise OptionError(str(name)[:60], f"{engine.game} has no such option (its options: {known})")
    out = {}
    for name, option in options.items():
        if name not in raw:
            continue
        value = option.clean(raw[name])
        if value != option.default_value():
            out[name] = value
    if out:
        from rules.core.decks import DeckList

        seats = players or engine.seat_counts()[0]
        try:
            engine.start([DeckList(game=engine.game, name=f"Seat {n}") for n in range(seats)], 0, **out)
        except (ValueError, LookupError, TypeError) as exc:
            raise OptionError(None, f"these options do not make a game: {exc}") from None
    return out


def game_kwargs(engine, options: Mapping[str, Any] | None) -> dict:
    """``new_game`` keyword arguments from options: each declared option's value under its
    ``kwarg`` (and ``key``); anything else (an engine option of its own, ``teams``) as given."""
    by_name = {o.name: o for o in engine.setup_options}
    out: dict[str, Any] = {}
    for name, value in (options or {}).items():
        option = by_name.get(name)
        if option is None or not option.offered:  # a code-only keyword: as given
            if isinstance(value, dict) and isinstance(out.get(name), dict):
                out[name] = {**value, **out[name]}
            else:
                out[name] = value
            continue
        kwarg = option.kwarg or option.name
        if option.key is None:
            out[kwarg] = value
        else:
            into = out.get(kwarg)
            out[kwarg] = {**(into if isinstance(into, dict) else {}), option.key: value}
    return out


def describe(engine, options: Mapping[str, Any] | None) -> list[dict]:
    """Every declared option with the value a run plays (its own or the default), for pages:
    ``[{name, label, value, text, default}]``."""
    rows = []
    for option in declared(engine):
        chosen = (options or {}).get(option.name, option.default_value())
        labels = dict(option.choice_list()) if option.kind in (CHOICE, MULTIPLE) else {}
        if option.kind == MULTIPLE:
            text = ", ".join(f"{labels.get(v, v)} ({v})" if labels.get(v, v) != v else str(v) for v in chosen or [])
        elif option.kind == BOOLEAN:
            text = "yes" if chosen else "no"
        elif option.kind == CHOICE:
            text = labels.get(chosen, "none" if chosen is None else str(chosen))
        else:
            text = str(chosen)
        rows.append({"name": option.name, "label": option.label, "value": chosen, "text": text,
                     "default": option.name not in (options or {})})
    return rows


# -- declarations shared by several engines -------------------------------------------------------------
def code_only(name: str, help: str, *types: type) -> EngineOption:
    """A ``new_game`` keyword only code passes (never offered to users), of ``types`` (any: none)."""
    return EngineOption(name, name.replace("_", " ").capitalize(), VALUE, help=help, offered=False, types=types)


def turn_limit(default: int, *, offered: bool = False) -> EngineOption:
    """The ``turn_limit`` keyword every engine takes: the turns after which a game ends unfinished."""
    return EngineOption("turn_limit", "Turn limit", INTEGER, help="turns after which the game ends unfinished",
                        default=default, minimum=1, offered=offered)
