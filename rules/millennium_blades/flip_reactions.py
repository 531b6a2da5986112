"""The Reactions a flip may meet before it happens (``would_flip``): "Prevent a card in any play area
from being flipped", "When a Single in an opponent's tableau would be flipped ..., flip this card
instead", a Reaction to an opponent's effect about to flip one of your own cards. Every player who holds
a face-up Reaction answering this flip is offered it, one player at a time in turn order from the
player whose turn it is (millennium-blades.txt, "Effects on Cards": "The player whose turn it is gets
the first opportunity to use Flip or Reaction effects, with that opportunity passing clockwise"; the
FAQ "multiple reaction effects": "the player whose turn it is has priority, followed by the other
players with effects in turn order"). The card's owner is one of them, in its place in that order; a
Reaction that keeps the card face-up ends the window (the flip no longer "would" happen). Asked by
``clash.op_flip`` (docs/rules-notes.md, "MB: fidelity fixes 2 (stop 34)").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.engine import Action
from rules.millennium_blades.catalogue import IN_FORCE
from rules.millennium_blades.ops_prevention import every_flip_kept, granted_reactions

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

#: the features of a game in which some card may answer a flip: none, no window (``flip_window``)
WINDOW_FEATURES = ("on would_flip", IN_FORCE + "grant_reaction")


def may_answer_flips(game: MBBase) -> bool:
    """Whether any card of the game has (or may be given) a Reaction to a flip: the hot path's one test."""
    return any(feature in game.feature_cards for feature in WINDOW_FEATURES)


def flip_window(game: MBBase, ctx: dict, k: int, j: int, card: int, owner: int, by: int) -> bool | None:
    """The Reactions op ``k``'s ``j``-th flip (of ``card``, of ``owner``'s play area, by ``by``'s effect)
    meets: each holder in turn order may use one. True: one kept the card face-up; False: the flip
    happens; None: a holder is asked (``{k}:react{j}`` the owner, ``{k}:heroic{j}:{seat}`` another)."""
    for holder in game.seats_in_order():
        key = f"{k}:react{j}" if holder == owner else f"{k}:heroic{j}:{holder}"
        if key not in ctx:
            found = answering(game, holder, card, owner, by)
            if not found:
                ctx[key] = False
                continue
            if holder == owner:  # every one it holds, by name (as before: "react NAME" answers)
                options = [Action("react", (game.cards[r].name,)) for r in found]
            else:
                options = [Action("react", (name,)) for name in dict.fromkeys(game.cards[r].name for r in found)]
            game.ask(holder, "react", [*options, Action("decline")], key, f"the flip of {game.cards[card].name}")
            return None
        if ctx[key] is False:  # declined, or none (a card id, 0 included, is a Reaction used)
            continue
        used = f"{key}:used"
        if used not in ctx:  # resolved once: a later question of this window does not use it again
            ctx[used] = use_reaction(game, ctx[key], holder, by, card)
            if ctx[used] and holder == owner:  # "any number of cards from your tableau": the rest too
                every_flip_kept(game, ctx, k, ctx[key], owner)
        if ctx[used]:
            return True
    return False


def answering(game: MBBase, holder: int, card: int, owner: int, by: int) -> list[int]:
    """The face-up cards of ``holder``'s play area with a Reaction (printed, or given by a rule in force:
    ops_prevention.py) that answers this flip. Another player's answers a card not its own only when
    it says so ("an opponent's tableau", "any play area": ``whose`` opponent or any)."""
    found = []
    for r in game.play_area(holder):
        if r == card or r in game.down:
            continue
        for effect in game.cards[r].triggers.get("would_flip", ()) + granted_reactions(game, holder, r):
            trigger = effect["trigger"]
            if effect["timing"] == "reaction" and (holder == owner or trigger.get("whose") in ("opponent", "any")) \
                    and game._fits(trigger, holder, r, card, by, owner):
                found.append(r)
                break
    return found


def use_reaction(game: MBBase, reaction: int, holder: int, by: int, card: int) -> bool:
    """A would-flip Reaction used: its card is flipped ("Reaction": "the card that triggers it is
    flipped face-down"), the rest of its ops follow as a frame of ``holder``'s. True when it keeps the
    flipped card face-up (a ``cancel_flip`` op)."""
    effect = next((e for e in game.cards[reaction].triggers.get("would_flip", ()) if e["timing"] == "reaction"), None) \
        or granted_reactions(game, holder, reaction)[0]  # a Reaction it was given (ops_prevention.py, ops_grants.py)
    game.log("reaction", holder, card=game.cards[reaction].name, instead_of=game.cards[card].name)
    game.flip_card(reaction, holder)
    rest = [op for op in effect["ops"] if op["op"] != "cancel_flip"]
    if rest:
        game.triggered.append(game.frame(holder, reaction, {"ops": rest}, {"that_player": by}, optional=False))
    return len(rest) < len(effect["ops"])


__all__ = ["WINDOW_FEATURES", "answering", "flip_window", "may_answer_flips", "use_reaction"]
