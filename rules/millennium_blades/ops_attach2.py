"""The engine side of ``phrases_attach2.py`` (issue 26.2, batch "attach2"): an attachment and the card it
is attached to removed from the game together (millennium-blades.txt, "FAQs": "How do attached cards
function?"; "Discards": "Cards that are discarded "to the Box" or "removed from the game" are placed
back into the game box and will never come back into play"; docs/rules-notes.md, "MB: attach2").

- ``remove_with_host``: this card, attached to a card, and that card go to the box now.
- an ``attach`` op's ``action_guard``: the host's Action flip spared by discarding this card
  (``action_flip_guard``, asked by ``resolve``'s ``_flip_source`` when anything is attached).
- an ``attach`` op's ``clash_card``: the host may be clashed with instead of its player's Top Card,
  not flipped after (``clash_card_hosts``, ``flips_after_clash``; asked by ``clash.clash_card_reactions``).
- an ``attach`` op's ``ongoing``: quoted Ongoing effects the host has, heard for "Whenever a clash occurs"
  (``granted_clash_frames``, asked by ``clash.py`` when anything is attached).
- an ``attach`` op's ``end_remove``: both go to the box as the tournament ends (after scoring), if this
  card is still attached then (``finish_removals``, asked by ``flow.finish`` when anything is attached).
- an attachment's own Score effects that say "If this is attached to a card" resolve during scoring,
  right after those of the card it is attached to (``attachment_scores``; ``CardDef`` feature
  ``attached_score``: ``flow.start_scoring`` asks only when the game holds such a card).
- FILTER ``matches_attached``: the card matches any one of the symbols named (types, elements, set,
  rarity, star) of any card attached to the effect's card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

ATTACH2_OPS = {
    "attach_to_tableau": OpSpec("This card is attached to the tableau of that_player (chosen before): it stays its "
                                "owner's card where it is, and FILTER in_attached_tableau names that player's "
                                "tableau cards; attached again, it moves.", {}),
    "remove_with_host": OpSpec("This card, if it is attached to a card, and that card are removed from the game (to "
                               "the box); the host's other attachments go back to their owners' binders. Not "
                               "attached: nothing happens.", {}),
}

Errors = list[tuple[str, str]]


def attach2_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker's checks of this module's ops: ``remove_with_host`` takes no field."""
    return [(f"{where}.{key}", f"{name} takes no {key}") for key in sorted(set(op) - {"op"})]


#: what an ``attach`` op may keep with the attachment from this module (true when given)
GIFTS = ("end_remove", "action_guard", "clash_card", "uncapped")  # uncapped: the host's RP caps lifted (ops_zones2.py)


def attach2_gift_errors(op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: an ``attach`` op's ``end_remove``, ``action_guard`` and ``clash_card`` are true
    when given; its ``ongoing``, a list of Ongoing effects each with a trigger the engine hears for hosts."""
    from rules.millennium_blades.effects import check_effect  # effects asks this module
    from rules.millennium_blades.phrases_attach2 import GRANTED_EVENTS

    errors = [(f"{where}.{key}", "is true when given") for key in GIFTS if op.get(key, True) is not True]
    granted = op.get("ongoing", [])
    if not isinstance(granted, list):
        return errors + [(f"{where}.ongoing", "is a list of Ongoing effects")]
    for j, effect in enumerate(granted):
        if not isinstance(effect, Mapping) or effect.get("timing") != "ongoing" \
                or effect.get("trigger", {}).get("event") not in GRANTED_EVENTS:
            errors.append((f"{where}.ongoing[{j}]", f"is an Ongoing effect triggered by {', '.join(GRANTED_EVENTS)}"))
            continue
        errors += check_effect(effect, f"{where}.ongoing[{j}]")
    return errors


def attach2_gifts(op: Mapping[str, Any]) -> dict[str, Any]:
    """What an ``attach`` op keeps with the attachment from this module: ``end_remove``, ``action_guard``,
    ``clash_card``, ``ongoing``."""
    gifts: dict[str, Any] = {key: True for key in GIFTS if op.get(key)}
    if op.get("ongoing"):
        gifts["ongoing"] = op["ongoing"]
    return gifts


def granted_clash_frames(game: MBBase, result: Any) -> list[dict]:
    """The frames of the "Whenever a clash occurs" Ongoing effects hosts have from their attachments (an
    ``attach`` op's ``ongoing``), each the host's own ("this card", "you": its controller), for a face-up
    host in a tableau, heard once per clash as the printed ones are (``clash_any``); ``clash.py`` asks
    when anything is attached (rules notes, "MB: attach2")."""
    frames = []
    for info in game.attached.values():
        host = info["host"]
        seat = game.seat_of(host) if info.get("ongoing") and host not in game.down else None
        if seat is None or host not in game.tableau[seat]:
            continue
        for effect in info["ongoing"]:
            if effect["trigger"]["event"] == "clash_any":
                frames.append(game.frame(seat, host, effect, {"that_player": seat, "clash_result": result},
                                         needs_face_up=True))
    return frames


def clash_card_hosts(game: MBBase, seat: int, top: int) -> list[int]:
    """The face-up cards of ``seat``'s tableau that have, from an attachment (``clash_card``), "Ongoing:
    Whenever you clash, you may use this card to clash instead of your Top Card" (``top``: the card it
    would clash with otherwise). ``clash.clash_card_reactions`` asks when anything is attached."""
    return [info["host"] for info in game.attached.values() if info.get("clash_card") and info["host"] != top
            and info["host"] in game.tableau[seat] and info["host"] not in game.down]


def flips_after_clash(game: MBBase, card: int | None) -> bool:
    """Whether ``card``, used to clash instead of the Top Card, is flipped as the clash ends: only by its
    own Reaction ("Reaction": the card that triggers it is flipped); an Ongoing it has from an attachment
    flips nothing ("Effects on Cards": Ongoing effects are not Reactions)."""
    return card is not None and any(e["timing"] == "reaction" for e in game.cards[card].triggers.get("clash_card", ()))


def action_flip_guard(game: MBBase, frame: dict, host: int, key: str) -> bool | None:
    """"When an Action effect on the attached card is activated, its controller may discard this card to
    your binder instead of flipping the card": as the Action's own flip of ``host`` comes ("Use an Action":
    "perform the text on the card, then flip the card face-down"), its controller may discard one such
    attachment to its owner's binder, and ``host`` stays face-up (rules notes, "MB: attach2"). True: the
    flip does not happen; None: asked; False: no such attachment, declined, or no Action's flip."""
    if frame.get("timing") != "action":
        return False
    held = [a for a in game.attachments(host) if game.attached[a].get("action_guard")]
    seat = game.seat_of(host)
    if not held or seat is None:
        return False
    return discard_attachment_to_keep(game, frame["ctx"], seat, host, held, key, "discarded instead of the Action's flip")


def discard_attachment_to_keep(game: MBBase, ctx: dict, seat: int, host: int, held: list[int], key: str,
                               why: str) -> bool | None:
    """``seat`` may discard one of ``held`` (cards attached to ``host``, named ``guard <name>``) so that
    ``host`` is not flipped, or decline. True: discarded, the flip does not happen; None: asked; False:
    declined. Shared by every attachment that keeps its host face-up (this module, ops_more_a's Unite)."""
    if key not in ctx:
        options = [Action("guard", (name,)) for name in dict.fromkeys(game.cards[a].name for a in held)]
        game.ask(seat, "guard", [*options, Action("decline")], key, game.cards[host].name)
        return None
    if ctx[key] is False:
        return False
    game.detach(next(a for a in held if game.cards[a].name == ctx[key]), why)
    return True


def do_attach2_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Run one of this module's ops (``attach_to_tableau``, ``remove_with_host``)."""
    source = frame["source"]
    if op["op"] == "attach_to_tableau":
        return attach_to_tableau(game, frame)
    if source is not None and source in game.attached:
        remove_pair(game, source)
    return True


def attach_to_tableau(game: MBBase, frame: dict) -> bool:
    """"Attach this card to another player's tableau": the player chosen before (``that_player``) is the
    one whose tableau it is attached to. It is no card of that tableau ("Attached cards are not considered
    in the tableau for effects") and stays its owner's, where it was, face-up: its Ongoing effects about
    that tableau work while it is (rules notes, "MB: attach2"). Nobody chosen, or this card not in play:
    nothing happens."""
    source, seat, chosen = frame["source"], frame["seat"], frame["ctx"].get("that_player")
    if source is None or chosen is None or source in game.down or game.seat_of(source) is None:
        game.log("attach_failed", seat, card=game.cards[source].name if source is not None else None)
        return True
    game.on_tableau = {**game.on_tableau, source: chosen}
    game.log("attached_to_tableau", seat, card=game.cards[source].name, of=chosen)
    return True


def remove_pair(game: MBBase, attachment: int) -> None:
    """``attachment`` and the card it is attached to, to the box ("Discards"), each into its owner's
    ``removed`` (the whole game puts them in its box). The host's other attachments go back to their
    owners' binders, as when a card with an attachment leaves ("FAQs": attached cards)."""
    from rules.millennium_blades.ops_more_n import remove_self

    host = game.attached[attachment]["host"]
    game.attached = {a: info for a, info in game.attached.items() if a != attachment}
    owner = game.owner[attachment]
    if owner >= 0:
        game.removed[owner].append(attachment)
        game.log("removed_from_game", owner, card=game.cards[attachment].name)
    for other in game.attachments(host):
        game.detach(other, "host_removed")
    remove_self(game, host)


def finish_removals(game: MBBase) -> None:
    """As the tournament ends (after scoring), each attachment whose ``attach`` op said "At the end of the
    tournament, both this and that card are removed from the game", still attached, goes to the box with
    its host (rules notes, "MB: attach2")."""
    for attachment in [a for a, info in game.attached.items() if info.get("end_remove")]:
        if attachment in game.attached:
            remove_pair(game, attachment)


def attachment_scores(game: MBBase, host: int) -> list[dict]:
    """The frames of the Score effects of cards attached to ``host`` that say "If this is attached to a
    card" (their condition): the attachment's own, for its owner, right after ``host``'s ("FAQs":
    "Attached cards are not considered in the tableau for effects", so an attachment's other Score
    effects stay silent; rules notes, "MB: attach2")."""
    frames = []
    for attachment in game.attachments(host):
        card = game.cards[attachment]
        if "attached_score" in card.features and game.owner[attachment] >= 0:
            frames += [game.frame(game.owner[attachment], attachment, e) for _i, e in card.timed("score")
                       if scores_attached(e)]
    return frames


def scores_attached(effect: Mapping[str, Any]) -> bool:
    """Whether ``effect`` is a Score effect for while its card is attached ("If this is attached to a card")."""
    return effect.get("timing") == "score" and effect.get("condition", {}).get("test") == "attached"


#: ``matches_attached``: a list of what the card may share with a card attached to the effect's card
#: ``in_attached_tableau``: the card is in the tableau this card is attached to (``attach_to_tableau``)
ATTACH2_FILTER_KEYS = frozenset({"matches_attached", "in_attached_tableau"})
MATCH_WHAT = ("types", "elements", "set", "rarity", "star")


def matches_attached_holds(game: Any, card: int, flt: Mapping[str, Any], source: int | None) -> bool:
    """FILTER ``matches_attached`` ("a card that matches a TYPE, RARITY, ELEMENT, SET, or STAR of an
    attached card"): ``card`` shares one of the named things with one card attached to ``source``, each
    attachment as printed ("Attached cards are not considered in the tableau for effects": batch r's
    reading); a face-down card has no symbol, Set or rarity ("Face-Down Cards"), its STAR is 0."""
    from rules.millennium_blades.ops_more_l import rarity

    held = game.attachments(source) if source is not None and game.attached else []
    if not held:
        return False
    down, own = card in game.down, game.cards[card]
    for attachment in held:
        printed = game.cards[attachment]
        for what in flt["matches_attached"]:
            if what == "types" and set(game.types(card)) & set(printed.types):
                return True
            if what == "elements" and set(game.elements(card)) & set(printed.elements):
                return True
            if what == "set" and not down and own.set_code and own.set_code == printed.set_code:
                return True
            if what == "rarity" and rarity(game, card) and rarity(game, card) == rarity(game, attachment):
                return True
            if what == "star" and game.star(card) == printed.printed_star:
                return True
    return False


def in_attached_tableau(game: Any, card: int, source: int | None) -> bool:
    """FILTER ``in_attached_tableau``: ``card`` is in the tableau of the player ``source`` is attached to."""
    seat = game.on_tableau.get(source) if source is not None else None
    return seat is not None and card in game.tableau[seat]


def attach2_filter_holds(game: Any, card: int, flt: Mapping[str, Any], source: int | None) -> bool:
    """Whether ``card`` passes this module's FILTER keys (``ATTACH2_FILTER_KEYS``) for ``source``'s effect."""
    if "in_attached_tableau" in flt and not in_attached_tableau(game, card, source):
        return False
    return "matches_attached" not in flt or matches_attached_holds(game, card, flt, source)


def attach2_filter_errors(key: str, value: Any, path: str) -> Errors:
    """The card checker for ``ATTACH2_FILTER_KEYS``: ``matches_attached`` is a list of one or more of
    ``MATCH_WHAT``; ``in_attached_tableau`` is true."""
    if key == "in_attached_tableau":
        return [] if value is True else [(f"{path}.{key}", "is true")]
    if isinstance(value, list) and value and all(v in MATCH_WHAT for v in value):
        return []
    return [(f"{path}.{key}", f"is a list of {', '.join(MATCH_WHAT)}")]


__all__ = ["ATTACH2_FILTER_KEYS", "ATTACH2_OPS", "GIFTS", "MATCH_WHAT", "action_flip_guard", "discard_attachment_to_keep",
           "attach2_filter_errors",
           "granted_clash_frames", "attach2_filter_holds",
           "clash_card_hosts", "flips_after_clash",
           "attach2_gift_errors", "attach_to_tableau", "in_attached_tableau", "attach2_gifts", "attach2_op_errors",
           "attachment_scores", "do_attach2_op", "finish_removals", "matches_attached_holds", "remove_pair",
           "scores_attached"]
