"""The engine side of ``phrases_more_m.py``: a play trigger that waits for the played card's own
Play and Next effects (trigger key ``after_play``), and one that fires on its own card's play too
(``this_too``: "Cards with Play effects are considered 'in play' ... when their effect is
resolving", and a card's Ongoing text works while it is face-up in play). "Effects on Cards": "Top>Ongoing>Play>Next ...
is the order of what effects take priority", so a Top or Ongoing trigger on a play runs before the
played card's Play effects; the printed "(after all Play effects)" asks for the other order, so
such a trigger is resolved after them (docs/rules-notes.md, "MB: batch m, parentheses"). The card
checker's check is here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase


#: the CardDef feature of a card with a play trigger of this batch (without one in the game, ``play_frames_m``
#: has nothing to reorder: at every play)
PLAY_ORDER = "play_order"
PLAY_ORDER_KEYS = ("after_play", "keeps_play", "this_too")


def orders_play(play_triggers: tuple[dict, ...]) -> bool:
    """Whether a card's play triggers (``CardDef.triggers["play"]``) hold a key of this batch."""
    return any(key in effect["trigger"] for effect in play_triggers for key in PLAY_ORDER_KEYS)


def after_play_errors(trigger: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    """``after_play`` and ``this_too`` are true, on a play trigger only (``this_too``: by you)."""
    errors = []
    if "after_play" in trigger and (trigger["after_play"] is not True or trigger.get("event") != "play"):
        errors.append((f"{path}.after_play", "is true, on a play trigger (after the played card's Play effects)"))
    if "keeps_play" in trigger and (trigger["keeps_play"] is not True or trigger.get("event") != "play"):
        errors.append((f"{path}.keeps_play", "is true, on a play trigger (the played card's Play effects still occur)"))
    if "this_too" in trigger and (trigger["this_too"] is not True or trigger.get("event") != "play"
                                  or trigger.get("by") != "self"):
        errors.append((f"{path}.this_too", "is true, on a play trigger by you (this card's own play too)"))
    return errors


def play_frames_m(game: MBBase, seat: int, card: int, frames: list[dict]) -> list[dict]:
    """The frames of ``card``'s play (its triggers, then its Play and Next effects): with the card's
    own "including this one" play triggers before its Play effects ("Effects on Cards":
    Top>Ongoing>Play), the triggers that wait for the Play effects moved to the end, and the card's
    Play effects kept even once it is flipped when a trigger says they still occur."""
    if PLAY_ORDER not in game.feature_cards:  # (no card of the game has such a trigger)
        return frames
    own = [game.frame(seat, card, e, {"that_player": seat, "played": card}, needs_face_up=True)
           for e in game.cards[card].triggers.get("play", ())
           if e["trigger"].get("this_too") and e["timing"] in ("ongoing", "top")
           and (e["timing"] == "ongoing" or game.top_card(seat) == card)
           and game.matches(card, e["trigger"].get("filter", {}), card)]
    if any(f.get("keeps_play") for f in frames):  # flipped by the trigger, its Play effects still occur
        for f in frames:
            if f["source"] == card:
                f["needs_face_up"] = False
    if own:
        at = next((i for i, f in enumerate(frames) if f["source"] == card), len(frames))
        frames = frames[:at] + own + frames[at:]
    late = [f for f in frames if f.get("after_play")]
    return [f for f in frames if not f.get("after_play")] + late if late else frames
