"""Prepared Spellbound positions for the scenario tests: the sample decks, a game at a chosen
step, cards put straight into a hand or onto the battlefield, souls set by hand."""

from __future__ import annotations

from rules.core.decks import CardSpec
from rules.core.engine import Action
from rules.spellbound.compiler import card_def
from rules.spellbound.engine import ENGINE
from tests.rules.samples import GamePool, do, legal  # noqa: F401 (do, legal: for the tests)

POOL = GamePool("spellbound")
DECKS = {deck.name.split()[0].lower(): deck for deck in POOL.sample_decks()}  # ashen, pink, rootbound


def new(deck0: str = "ashen", deck1: str = "pink", first: int = 0, seed: int = 0):
    """A new game (seat ``first`` goes first), at its first decision (the caretake step of turn 1)."""
    return ENGINE.start([DECKS[deck0], DECKS[deck1]], seed, first_player=first)




def to_step(state, step: str, turn: int | None = None):
    """Both players pass until the game reaches ``step`` (of ``turn``); other decisions take the last option."""
    for _ in range(500):
        here = state.step_name == step and (turn is None or state.turn == turn)
        if here and (state.pending[:1] == [("declare", state.active)] or
                     (not state.pending and state.priority is not None)):
            return state
        seat = state.current_players()[0]
        actions = state.legal_actions(seat)
        state.apply_checked(Action("pass") if Action("pass") in actions else actions[-1], seat)
    raise AssertionError(f"never reached {step}")


def known(state, spec: CardSpec) -> None:
    if spec.name not in state.cards:
        state.cards[spec.name] = card_def(spec)


def give(state, seat: int, *names: str) -> None:
    """Put cards straight into a hand (extra copies)."""
    for name in names:
        if name in POOL.by_name:
            known(state, POOL.by_name[name])
        state.sides[seat].hand.append(name)


def put(state, seat: int, name: str, attached=None, fresh: bool = False):
    """Put a card straight onto the battlefield (an extra copy, without fatigue unless ``fresh``)."""
    if name in POOL.by_name:
        known(state, POOL.by_name[name])
    perm = state.add_permanent(name, seat)
    perm.entered = state.turn if fresh else 0
    if attached is not None:
        perm.attached = attached.uid
    return perm


def souls(state, seat: int, **amounts) -> None:
    for soul in state.sides[seat].souls:
        state.sides[seat].souls[soul] = amounts.get(soul, 0)


def clear_hand(state, seat: int) -> None:
    state.sides[seat].library += state.sides[seat].hand
    state.sides[seat].hand = []


def synthetic(name: str, card_type: str, effects: list | None = None, **attributes) -> CardSpec:
    return CardSpec(id=None, name=name, card_type=card_type, attributes=attributes, effects=tuple(effects or ()))
