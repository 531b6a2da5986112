"""Prepared BOS positions for the scenario tests: sample decks, a fast setup, cards put straight
onto the battlefield, and synthetic cards for rules no printed card shows."""

from __future__ import annotations

from rules.bos.board import Unit
from rules.bos.engine import ENGINE
from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.core.engine import Action
from tests.rules.samples import GamePool, do, legal  # noqa: F401 (do, legal: for the tests)

POOL = GamePool("bos")
DECKS = {deck.name.split("(")[-1].rstrip(")"): deck for deck in POOL.sample_decks()}  # "blue", "red", "yellow"


def card(name: str) -> CardSpec:
    return POOL.by_name[name]


def new(deck0: str = "yellow", deck1: str = "red", **options):
    """A new game between two sample decks (by colour), before the bid."""
    return ENGINE.start([DECKS[deck0], DECKS[deck1]], 0, **options)


def started(deck0: str = "yellow", deck1: str = "red", *, first: int = 0, **options):
    """A game at the first player's summoning phase of turn 1 (bids 1 against 0, wizards in deck order)."""
    state = new(deck0, deck1, **options)
    state.apply_joint_checked({first: Action("bid", (1,)), 1 - first: Action("bid", (0,))})
    do(state, "go_first")
    do(state, "columns " + " ".join(f'"{w.name}"' for w in state.sides[first].wizards))
    return state




def put(state, seat: int, name: str, column: int, strength: int | None = None, spec: CardSpec | None = None) -> Unit:
    """Put a summon straight onto the battlefield (an extra copy; no conduct abilities)."""
    if spec is not None:
        state.specs[name] = spec
    side = state.sides[seat]
    side.castle[name] = side.castle.get(name, 0) + 1  # the test's extra copy: all_cards stays consistent
    state.initial_cards[seat] = tuple(sorted(state.initial_cards[seat] + (name,)))
    side.take_from_castle(name)
    spec = card(name) if name in POOL.by_name else state.specs[name]
    if name not in state.cards:
        from rules.bos.abilities import card_def
        state.cards[name], state.specs[name] = card_def(spec), spec
    unit = Unit(state._new_uid(), name, seat, False, strength if strength is not None else state.cards[name].strength,
                column=column)
    side.summons[column] = unit
    return unit


def wake_boss(state, seat: int) -> Unit:
    boss = state.sides[seat].boss
    boss.face_up = True
    return boss


def to_main(state) -> None:
    if state.phase == "summoning":
        do(state, "end")


def both_started(state) -> None:
    """Pretend the second player has begun its first turn (it is then attackable)."""
    state.sides[1 - state.active].turns_started = max(1, state.sides[1 - state.active].turns_started)


def synthetic(name: str, card_type: str, effects: list | None = None, **attributes) -> CardSpec:
    attributes.setdefault("color", "yellow")
    return CardSpec(id=None, name=name, card_type=card_type, attributes=attributes, effects=tuple(effects or ()))


def deck_with(base: str, extra: list[CardSpec], section: str = "main") -> DeckList:
    """A sample deck plus extra cards (for synthetic abilities)."""
    deck = DECKS[base]
    sections = {k: list(v) for k, v in deck.sections.items()}
    sections.setdefault(section, [])
    sections[section] += [DeckEntry(c, 1) for c in extra]
    return DeckList(game="bos", sections=sections, name=deck.name)
