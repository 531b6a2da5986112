"""The small named records the Boundless engine passes around, and its interned actions.

- :class:`Trigger`: an effect that has triggered and waits to resolve.
- :class:`Pending`: the decision a player is asked now (its kind is one of :class:`Ask`).
- ``Continuation``: a piece of the turn's own flow (compare PWR, damage the loser, pass the turn)
  that waits until the triggered effects before it have resolved.
- :func:`action`: an interned :class:`~rules.core.engine.Action` (legal-action lists are built
  for every decision of every look-ahead; equal actions are one object).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from rules.core.engine import Action

# -- triggered effects ------------------------------------------------------------------------------
new_record = tuple.__new__  # new_record(Trigger, (controller, source, effect, context, zone))

#: Where the source of a triggered effect is when it triggers.
FIELD = "field"  # a savior, form or face-up command the controller controls
UNDER = "spirit"  # a spirit underneath ``context["host"]``
HAND = "hand"  # a [SWIFT] command in the turn player's hand (it is activated from there)
FACE_DOWN = "set"  # a face-down command (flipped face-up to activate)
DROP = "drop"  # a card in the drop zone ([INDEPENDENT] "when this card is discarded", ...)


class Trigger(NamedTuple):
    """An effect that triggered and waits to resolve (``BoundlessState.waiting_effects``).

    Made on the engine's hottest path, so it is built with ``new_record(Trigger, (...))`` (the
    tuple constructor, without NamedTuple's Python-level ``__new__``)."""

    controller: int
    source: int  # the card id the effect is printed on
    effect: Any  # rules.boundless.effects.Effect
    context: dict  # the cards the trigger is about: attacker, target, form, host, sacrificed, ...
    zone: str  # FIELD, UNDER, HAND, FACE_DOWN or DROP


#: "EFFECT TIMING INDICATORS": effects that activate at the same time resolve by timing, in the
#: order the [AUTO] entry lists them - CONT (always in effect, never waits), [INTERRUPT], [SWIFT],
#: [INDEPENDENT] - and the [AUTO] effects, which that list does not name, after them
#: (docs/rules-notes.md, "Simultaneous effects: which timing first").
TIMING_RANK = {"interrupt": 0, "swift": 1, "independent": 2, "auto": 3}
LAST_RANK = 3


# -- pending decisions ------------------------------------------------------------------------------
class Ask:
    """What a pending decision asks (``Pending.kind``)."""

    MULLIGAN = "mulligan"  # "BEFORE YOU START": keep the hand or put cards back
    FIRST_PLAYER = "first_player"  # the die-roll winner: go first or defer
    CHOICE = "choice"  # a choice inside an effect: a target, a card to discard or rescue, ...
    ORDER = "order"  # which of several simultaneous effects of the same timing resolves next
    OPTIONAL = "optional"  # use an optional effect ([SWIFT], [INTERRUPT], "may") or not
    RESPONSE = "response"  # answer the opponent's act-step action with an [INTERRUPT], or pass


class Pending(NamedTuple):
    """A decision a player must make before the game goes on (``BoundlessState.pending``)."""

    player: int
    kind: str  # an :class:`Ask` value
    options: list[Action]  # the legal actions (shared lists: never changed in place)
    trigger: Trigger | None = None  # OPTIONAL: the effect that waits for accept or pass
    event: str = ""  # RESPONSE: the action being answered ("opponent_activates_command", ...)
    context: dict | None = None  # RESPONSE: the cards that action is about


#: The turn's own flow, resumed once the triggered effects queued before it have resolved: a pair
#: ``(handler, args)``, run as ``handler(state, *args)`` (a plain function, so clones of the state
#: can share it). A plain pair, not a named record: two are made for every attack.
Continuation = tuple[Callable, tuple]


# -- actions ------------------------------------------------------------------------------------------
_INTERNED: dict[tuple, Action] = {}


def action(verb: str, *args: int | str) -> Action:
    """The interned action ``verb args...`` (equal actions are one object)."""
    key = (verb, args)
    found = _INTERNED.get(key)
    if found is None:
        found = _INTERNED[key] = Action(verb, args)
    return found


END = action("end")
PASS = action("pass")
ACCEPT = action("accept")
KEEP = action("keep")
GO_FIRST = action("first")
DEFER = action("defer")
