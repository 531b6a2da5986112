"""The engine side of ``phrases_prevention.py`` (issue 26.2, batch "prevention"): one window in which
players may prevent an effect about to resolve, and one in which a player may keep an effect from
discarding cards from their hand.

Millennium-blades.txt, "Effects on Cards": "Reaction effects are activated whenever the relevant
condition on the effect is met. When you activate a Reaction, the card that triggers it is flipped
face-down. You always have the option of not using your own Reaction Effects"; "The player whose
turn it is gets the first opportunity to use Flip or Reaction effects, with that opportunity passing
clockwise".

- ``effect_window``: every effect with a timing word (a frame made by ``ResolveMixin.frame``) is, as
  it starts, an effect the players may prevent (event ``would_resolve``): its text does not resolve
  (what follows the text, an Action's flip of its card, still does), and the Reaction's ops resolve
  with "that card" the card the effect is printed on and ``copy_prevented`` resolving the prevented
  text as the Reaction card's own ("FAQs": "Copy effects can never be copied").
- ``discard_window``: the one place every discard from a hand meets (``ResolveMixin.do_op`` asks it
  before each op of ``HAND_DISCARD_OPS``): the player whose hand it is may use a ``would_discard``
  Reaction, and that op discards nothing of their hand.
- ``every_flip_kept``: "Prevent an opponent's effect from flipping any number of cards from your
  tableau": a ``would_flip`` Reaction with ``every`` used once keeps all that op's flips of that
  player's cards from happening (clash.op_flip).

Each is asked only when a card of the game has such a Reaction (``cards_with("on would_resolve")``:
the card's features, worked out when it was compiled). Rules notes, "MB: prevention".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.catalogue import IN_FORCE
from rules.millennium_blades.phrases_prevention import EFFECT_TIMINGS

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

Errors = list[tuple[str, str]]

PREVENTION_OPS = {
    "prevent_effect": OpSpec("In a Reaction to an effect about to resolve (event would_resolve): that effect's text "
                             "does not resolve (done by the window that asks; nothing to do when the Reaction runs).", {}),
    "copy_prevented": OpSpec("After prevent_effect: the text prevented resolves as this card's, for this card's player "
                             "(never a text that copies).", {}),
    "others_cannot_use": OpSpec("Ongoing/Top: no player but this card's uses effects of these timings (action, "
                                "reaction): no Action is offered them, and each Reaction is only declined.",
                                {"timings": "list"}),
    "grant_reaction": OpSpec("Ongoing/Top: every card of this card's player's tableau, Deck Box and Accessories has "
                             "this Reaction to a flip (effect: a would_flip Reaction), as its own; deck_box false: "
                             "not the Deck Box; keyword: the keyword's name (ops_grants.py).",
                             {"effect": "any", "deck_box": "bool", "keyword": "str"}),
    "prevent_discard": OpSpec("In a Reaction to an effect about to discard cards from your hand (event would_discard): "
                              "it discards none of them (done by the window that asks).", {}),
}
#: would_resolve: an effect with a timing word is about to resolve (trigger ``timing``: which, or any);
#: would_discard: an effect is about to discard cards from your hand
PREVENTION_EVENTS = ("would_resolve", "would_discard")
#: the continuous ops of this module (``effects.CONTINUOUS_OPS``)
PREVENTION_CONTINUOUS_OPS = ("others_cannot_use", "grant_reaction")
#: what ``others_cannot_use`` may bar
BARRED_TIMINGS = ("action", "reaction")
#: every op that takes cards from a player's hand to their binder ("Discard a Card")
HAND_DISCARD_OPS = frozenset({"discard", "discard_random", "discard_up_to", "discard_any", "discard_distinct",
                              "discard_named", "discard_together",
                              "discard_revealed",  # ops_hands.py: one card this card revealed, the player's own
                              "discard_to_aftermarket"})  # ops_hands.py: a card of one's own hand
#: the ones that take from the hands of the players they name (``who``) in one op
_WHO_DISCARDS = ("discard_named", "discard_together")
#: the ops a would-resolve Reaction's own window does (nothing to do when they are run)
_MARKERS = ("prevent_effect", "prevent_discard")
_INTERNAL = ("window", "accepted", "paid")


def prevention_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """``others_cannot_use``: ``timings``, one or more of BARRED_TIMINGS; the others take no field."""
    if name == "grant_reaction":
        from rules.millennium_blades.effects import check_effect  # effects imports this module

        effect = op.get("effect")
        if not isinstance(effect, Mapping) or effect.get("timing") != "reaction" \
                or (effect.get("trigger") or {}).get("event") != "would_flip":
            return [(f"{where}.effect", "is a Reaction to a flip (would_flip)")]
        if op.get("deck_box", False) is not False or not isinstance(op.get("keyword", ""), str):
            return [(f"{where}.deck_box", "is false (the Deck Box left out) when given; keyword names the keyword")]
        return check_effect(effect, f"{where}.effect")
    if name == "others_cannot_use":
        timings = op.get("timings")
        if not isinstance(timings, list) or not timings or not set(timings) <= set(BARRED_TIMINGS):
            return [(f"{where}.timings", f"is a list of {', '.join(BARRED_TIMINGS)}")]
        return []
    return [(f"{where}.{key}", f"{name} takes no field") for key in sorted(set(op) - {"op"})]


def trigger_prevention_errors(trigger: Mapping[str, Any], path: str) -> Errors:
    """``timing`` (a would_resolve trigger's effect: a timing word or any) and ``every`` (true, on a
    would_flip trigger: all of one effect's flips of your cards)."""
    errors: Errors = []
    if trigger.get("event") == "would_resolve" and trigger.get("timing", "any") not in (*EFFECT_TIMINGS, "any"):
        errors.append((f"{path}.timing", f"is one of {', '.join(EFFECT_TIMINGS)} or any"))
    if "timing" in trigger and trigger.get("event") != "would_resolve":
        errors.append((f"{path}.timing", "only on a would_resolve trigger"))
    if "every" in trigger and (trigger["every"] is not True or trigger.get("event") != "would_flip"):
        errors.append((f"{path}.every", "is true, on a would_flip trigger only"))
    return errors


def effect_ops_prevention(effect: Mapping[str, Any], path: str) -> Errors:
    """A would-resolve Reaction's ops begin with ``prevent_effect``, a would-discard one's with
    ``prevent_discard``; ``copy_prevented`` only after ``prevent_effect``."""
    event = (effect.get("trigger") or {}).get("event")
    names = [op.get("op") for op in effect.get("ops") or () if isinstance(op, Mapping)]
    first = {"would_resolve": "prevent_effect", "would_discard": "prevent_discard"}.get(event or "")
    if first and (not names or names[0] != first or effect.get("timing") != "reaction"):
        return [(f"{path}.ops", f"a Reaction to {event} begins with {first}")]
    if not first and any(name in (*_MARKERS, "copy_prevented") for name in names):
        return [(f"{path}.ops", "prevent_effect, copy_prevented and prevent_discard answer their own events")]
    return []


def do_prevention_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``copy_prevented``: the text the window prevented, resolved as this card's for its player;
    the markers: nothing."""
    if op["op"] in _MARKERS:
        return True
    seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
    prevented = ctx.get("prevented")
    name = game.cards[source].name if source is not None else None
    if not prevented or any(o.get("op") in ("copy_effects", "copy_prevented") for o in prevented["ops"]):
        game.log("copy_failed", seat, card=name)  # "FAQs": "Copy effects can never be copied"
        return True
    game.log("copy", seat, card=game.cards[ctx["played"]].name, effects=1)
    frame["i"] = k + 1
    game.push([game.frame(seat, source, {"ops": prevented["ops"], "timing": prevented["timing"]}, prevented["ctx"],
                          optional=False)])
    return True


# -- "cannot be triggered by other players" ---------------------------------------------------------
#: the feature of a card with an ``others_cannot_use`` rule (``barred``)
BARRING = IN_FORCE + "others_cannot_use"
#: the feature of a card whose rule gives every card of its tableau a Reaction (``granted_reactions``)
GRANTED_REACTIONS = IN_FORCE + "grant_reaction"


def barred(game: MBBase, seat: int, timing: str) -> bool:
    """Whether a face-up ``others_cannot_use`` rule of another player (a Top one while it is the Top
    Card) keeps ``seat`` from using its ``timing`` effects."""
    if BARRING not in game.feature_cards:
        return False
    return any(timing in op["timings"] for other in range(game.num_players) if other != seat
               for _card, op in game.face_up_ops(other, "others_cannot_use"))


def only_decline(game: MBBase, seat: int, options: list[Action]) -> list[Action]:
    """A Reaction ``seat`` is barred from: the decision keeps its one answer, to decline it."""
    if not barred(game, seat, "reaction"):
        return options
    return [option for option in options if option.verb == "decline"] or options


# -- a Reaction every card of a play area has ----------------------------------------------------------
def granted_reactions(game: MBBase, seat: int, card: int) -> tuple[dict, ...]:
    """The would-flip Reactions ``card`` of ``seat``'s tableau, Deck Box or Accessories has from a
    face-up ``grant_reaction`` rule of that player (flip_reactions.answering, flip_reactions.use_reaction)."""
    if GRANTED_REACTIONS not in game.feature_cards or card in game.powers[seat]:
        return ()
    return tuple(op["effect"] for _granter, op in game.face_up_ops(seat, "grant_reaction")
                 if op.get("deck_box", True) or card not in game.deck_box[seat])  # "All your cards" (ops_grants.py)


# -- the window before an effect resolves -------------------------------------------------------------
def effect_window(game: MBBase, frame: dict) -> bool | None:
    """As an effect with a timing word starts, each player in turn order from the player whose turn
    it is may use one Reaction that prevents it (``would_resolve``). None: a player is asked; True:
    prevented (its text skipped, the Reaction pushed); False: it resolves."""
    ctx, timing = frame["ctx"], frame.get("timing")
    if timing is None or "window" in ctx:
        return False
    for seat in game.seats_in_order():
        key = f"window:{seat}"
        if key not in ctx:
            found = _preventers(game, frame, seat)
            if not found:
                ctx[key] = False
                continue
            options = [Action("react", (name,)) for name in dict.fromkeys(game.cards[c].name for c in found)]
            about = game.cards[frame["source"]].name if frame["source"] is not None else "an effect"
            game.ask(seat, "react", [*options, Action("decline")], key, f"{about}'s {timing} effect")
            return None
        if ctx[key] is not False:
            ctx["window"] = True
            _prevent(game, frame, seat, ctx[key])
            return True
    ctx["window"] = True
    return False


def _fitting(game: MBBase, card: int, seat: int, event: str, by: int, timing: str | None = None) -> dict | None:
    """``card``'s Reaction to ``event`` by ``by``'s effect (of ``timing``) that ``seat`` may use, or None."""
    for effect in game.cards[card].triggers.get(event, ()):
        trigger = effect["trigger"]
        if effect["timing"] == "reaction" and trigger.get("timing", "any") in ("any", timing) \
                and game._fits(trigger, seat, card, None, by, None):
            return effect
    return None


def _preventers(game: MBBase, frame: dict, seat: int) -> list[int]:
    if barred(game, seat, "reaction"):  # "cannot be triggered by other players": not asked at all
        return []
    listeners = game.cards_with("on would_resolve")
    return [c for c in game.play_area(seat) if c in listeners and c not in game.down and c != frame["source"]
            and _fitting(game, c, seat, "would_resolve", frame["seat"], frame["timing"]) is not None]


def _prevent(game: MBBase, frame: dict, seat: int, card: int) -> None:
    """The effect's text is skipped (what follows it still resolves: an Action's card is flipped, it was
    used) and ``seat``'s Reaction resolves first, "that card" being the card the effect is printed on."""
    effect = _fitting(game, card, seat, "would_resolve", frame["seat"], frame["timing"])
    assert effect is not None  # (offered as one just now)
    source, ends = frame["source"], frame.get("text_ends", len(frame["ops"]))
    game.log("effect_prevented", seat, card=game.cards[card].name, timing=frame["timing"], of=frame["seat"],
             source=game.cards[source].name if source is not None else None)
    kept = {key: value for key, value in frame["ctx"].items() if ":" not in key and key not in _INTERNAL}
    prevented = {"ops": frame["ops"][:ends], "timing": frame["timing"], "ctx": kept}
    frame["i"] = ends
    ctx = {"played": source, "that_player": frame["seat"], "prevented": prevented}
    game.push([game.frame(seat, card, effect, ctx, optional=False)])


# -- the window before cards are discarded from a hand ----------------------------------------------
def discard_window(game: MBBase, frame: dict, op: dict, k: int) -> bool | None:
    """Before op ``k`` discards cards from a player's hand, that player may use a ``would_discard``
    Reaction (by the effect's player: ``effect_of`` when the effect made another player discard as
    their own). None: asked; True: the frame's own player's discard is prevented (as a discard that
    cannot be made, the text stops: resolve.op_discard); False: the op goes on, without the hands
    kept (``ctx[k:kept_hands]``, which ``discard_named`` and ``discard_together`` skip)."""
    ctx = frame["ctx"]
    if op.get("who", "self") == "self":
        players: list[int] | None = [frame["seat"]]
    elif op["op"] in _WHO_DISCARDS:
        players = game.who(frame, op, k)
    else:
        return False  # each player discards in a frame of their own (resolve.op_discard), asked there
    if players is None:
        return None
    by = ctx.get("effect_of", frame["seat"])
    kept: list[int] = ctx.setdefault(f"{k}:kept_hands", [])
    listeners = game.cards_with("on would_discard")
    for player in players:
        key = f"{k}:keep_hand{player}"
        if key not in ctx:
            found = [c for c in game.play_area(player) if c in listeners and c not in game.down
                     and _fitting(game, c, player, "would_discard", by) is not None] \
                if game.hand[player] and not barred(game, player, "reaction") else []
            if not found:
                ctx[key] = False
                continue
            options = [Action("react", (name,)) for name in dict.fromkeys(game.cards[c].name for c in found)]
            game.ask(player, "react", [*options, Action("decline")], key, "a discard from your hand")
            return None
        if ctx[key] is not False and player not in kept:
            kept.append(player)
            _keep_hand(game, player, ctx[key], by)
    if kept and op["op"] not in _WHO_DISCARDS:
        ctx["did"] = False
        frame["i"] = frame.get("text_ends", len(frame["ops"]))
        return True
    return False


def _keep_hand(game: MBBase, player: int, card: int, by: int) -> None:
    """The Reaction used: its card flipped ("Reaction"), logged, the rest of its ops pushed."""
    effect = _fitting(game, card, player, "would_discard", by)
    assert effect is not None
    game.log("reaction", player, card=game.cards[card].name)
    game.log("discard_prevented", player, card=game.cards[card].name)
    game.flip_card(card, player)
    rest = [o for o in effect["ops"] if o["op"] != "prevent_discard"]
    if rest:
        game.triggered.append(game.frame(player, card, {"ops": rest}, {"that_player": by}, optional=False))


# -- "any number of cards from your tableau" --------------------------------------------------------
def every_flip_kept(game: MBBase, ctx: dict, k: int, reaction: int, owner: int) -> None:
    """A would-flip Reaction just used by ``owner``: with ``every``, the rest of op ``k``'s flips of
    ``owner``'s cards are prevented too (clash.op_flip skips them)."""
    effect = next((e for e in game.cards[reaction].triggers.get("would_flip", ()) if e["timing"] == "reaction"), None)
    if effect is not None and effect["trigger"].get("every"):
        ctx.setdefault(f"{k}:kept_tableaus", []).append(owner)


def flip_kept(game: MBBase, ctx: dict, k: int, owner: int | None, card: int) -> bool:
    """Whether op ``k``'s flip of ``card`` is one a Reaction with ``every`` already prevented (logged)."""
    if owner is None or owner not in ctx.get(f"{k}:kept_tableaus", ()):
        return False
    game.log("flip_prevented_every", owner, card=game.cards[card].name)
    return True


__all__ = ["BARRED_TIMINGS", "HAND_DISCARD_OPS", "PREVENTION_CONTINUOUS_OPS", "PREVENTION_EVENTS", "PREVENTION_OPS", "barred",
           "only_decline", "discard_window", "do_prevention_op",
           "effect_ops_prevention", "effect_window", "every_flip_kept", "flip_kept", "granted_reactions", "prevention_op_errors",
           "trigger_prevention_errors"]
