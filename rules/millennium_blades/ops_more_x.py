"""The engine side of ``phrases_more_x.py`` (issue 26.2, batch x): ways to play a card
(millennium-blades.txt, "Tournament Turns", "Play a Single (Required)"; docs/rules-notes.md, "MB: batch x").
The card checker's checks are here too.

``random_plays`` (Ongoing or Top): the players it binds play the cards they play from their hand at
random: the turn's Single is one legal action, ``play <a card at random>``, and a card an effect
plays from their hand is drawn blind too. ``play_random_hand``: a card drawn blind from your hand and
played (not the turn's Single). ``play_from``: a Single of the Aftermarket may be the turn's Single
(legal action ``play <name> aftermarket``), played as though it were in the hand and the player's
for good; ``hand: while_empty``: no card from the hand while the Aftermarket holds any. Every way of
playing a card asks one check, ``special_ops.may_play``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

#: the name the turn's Single has as a legal action while its player must play at random
AT_RANDOM = "a card at random"
_WHO = ("self", "each")

MORE_X_OPS = {
    "random_plays": OpSpec("Ongoing (Top): the players (who: self, this card's player; each: every player) play the "
                           "cards they play from their hand at random, the turn's Single and a card an effect plays "
                           "from their hand alike.", {"who": "str"}),
    "play_random_hand": OpSpec("Play a card drawn at random from your hand (among those that may be played) into "
                               "your tableau (not the turn's Single; an open slot needed); REF played names it, and "
                               "\"If you did\" holds.", {}),
    "play_from": OpSpec("Ongoing (Top): this card's player may play a Single of the zone (aftermarket; store: its top "
                        "card, blind; binder: one drawn at random, ops_zones2.py) as the turn's Single, as though it "
                        "were in their hand; it is theirs for good. hand: always (the hand too) or while_empty (the "
                        "hand only while the zone is empty). then: ops this card resolves each time; shown: the "
                        "Store's top card is kept revealed, so it is offered by name, if a Single (ops_zones2.py).",
                        {"zone": "str", "hand": "str", "then": "any", "shown": "bool"}),
    "plays_per_turn": OpSpec("Ongoing (Top): while the condition (while, optional) holds, this card's player may play "
                             "`amount` more Singles in each of their turns.", {"amount": "int", "while": "any"}),
    "play_down": OpSpec("Ongoing (Top): this card's player may play the turn's Single face-down (legal action "
                        "`play <name> face-down`): no effect of it resolves; each time, the ops `then` resolve as "
                        "this card's.", {"then": "any"}),
}

MORE_X_CONTINUOUS_OPS = ("random_plays", "play_from", "plays_per_turn", "play_down")
#: the second argument of the legal action that plays the turn's Single face-down
FACE_DOWN = "face-down"
#: the zone a ``play_from`` lets its player play from; the second argument of its legal action
FROM_AFTERMARKET = "aftermarket"
_HAND = ("always", "while_empty")
#: ``forgo_bonus_plays``: more plays spent than any tableau has slots
_ALL_SPENT = 99

Errors = list[tuple[str, str]]


def more_x_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: ``random_plays`` binds this card's player or every player."""
    if name == "random_plays" and op.get("who") not in _WHO:
        return [(f"{where}.who", f"is one of {', '.join(_WHO)}")]
    if name == "plays_per_turn":
        from rules.millennium_blades.effects import condition_errors

        amount = op.get("amount")
        ok = isinstance(amount, int) and not isinstance(amount, bool) and amount >= 1
        errors = [] if ok else [(f"{where}.amount", "is a whole number, 1 or more")]
        return errors + (condition_errors(op["while"], f"{where}.while") if "while" in op else [])
    if name == "play_down":
        from rules.millennium_blades.effects import ops_errors

        return ops_errors(op.get("then"), f"{where}.then")
    if name == "play_from":
        from rules.millennium_blades.ops_zones2 import play_from_errors

        errors = play_from_errors(op, where)  # the zones of ops_zones2.py, the ops each play gives
        return errors + ([] if op.get("hand") in _HAND else [(f"{where}.hand", f"is one of {', '.join(_HAND)}")])
    return []


def _plays_from(game: MBBase, seat: int) -> list[dict]:
    """The ``play_from`` ops in force in ``seat``'s play area (face-up; a Top one while the Top Card)."""
    return [op for _card, op in game.face_up_ops(seat, "play_from")]


def hand_plays_barred(game: MBBase, seat: int) -> bool:
    """The hand barred while the Aftermarket is not empty: a ``play_from`` with ``hand: while_empty``
    in force and a card in the Aftermarket. Asked only when
    the game holds such a card (``CardDef`` feature ``play_from``)."""
    return bool(game.aftermarket) and any(op["hand"] == "while_empty" for op in _plays_from(game, seat))


def aftermarket_plays(game: MBBase, seat: int) -> list[int]:
    """The Singles of the Aftermarket ``seat`` may play as the turn's Single (``play_from`` in force,
    ``may_play`` holds), one per name, in Aftermarket order."""
    if not any(op["zone"] == FROM_AFTERMARKET for op in _plays_from(game, seat)):  # (other zones: ops_zones2.py)
        return []
    cards, seen, out = game.cards, set(), []
    for card in game.aftermarket:
        name = cards[card].name
        if cards[card].card_type == "single" and name not in seen and game.may_play(seat, card):
            seen.add(name)
            out.append(card)
    return out


def bonus_plays_left(game: MBBase, seat: int) -> int:
    """The Singles ``seat`` may still play this turn beyond the turn's own (``plays_left``) from
    ``plays_per_turn`` rules in force whose condition holds now, less those already played this turn
    (``turn_memo``). Asked only when the game holds such a card (feature ``plays_per_turn``)."""
    if seat != game.seat_turn:
        return 0
    allowed = sum(op["amount"] for card, op in game.face_up_ops(seat, "plays_per_turn")
                  if "while" not in op or game.holds(op["while"], card, seat, {}))
    used = game.turn_memo.get("bonus_plays:used", 0) if game.turn_memo.get("bonus_plays") == game.turn else 0
    return allowed - used


def spend_bonus_play(game: MBBase) -> None:
    """A Single played with no ``plays_left``: one of this turn's ``plays_per_turn`` plays is spent."""
    used = game.turn_memo.get("bonus_plays:used", 0) if game.turn_memo.get("bonus_plays") == game.turn else 0
    game.turn_memo["bonus_plays"], game.turn_memo["bonus_plays:used"] = game.turn, used + 1


def down_play_sources(game: MBBase, seat: int) -> list[tuple[int, dict]]:
    """The cards (with their ``play_down`` op) that let ``seat`` play the turn's Single face-down now.
    Asked only when the game holds such a card (feature ``play_down``)."""
    return game.face_up_ops(seat, "play_down")


def play_face_down(game: MBBase, seat: int, name: str) -> None:
    """The turn's Single played face-down ("Face-Down Cards": it has no text or attributes): it is
    played (it takes the turn's Single and the next open slot; "when you play a card" effects see a
    blank card), none of its own effects resolve, and then each card that allowed it resolves its
    ``then`` ops ("each time you do") as its own (rules notes, "MB: batch x")."""
    card = next(c for c in game.hand[seat] if game.cards[c].name == name)
    sources = down_play_sources(game, seat)
    game.down.add(card)
    game.log("played_face_down", seat, card=name)
    game.play_single(seat, card, play_effects=False)
    game.push([game.frame(seat, source, {"ops": op["then"]}, {}) for source, op in sources if op["then"]])


def forgo_bonus_plays(game: MBBase) -> None:
    """"Pass your turn" (batch a's ``pass_turn``): no Single after it, a play more included."""
    game.turn_memo["bonus_plays"], game.turn_memo["bonus_plays:used"] = game.turn, _ALL_SPENT


def play_from_aftermarket(game: MBBase, seat: int, name: str) -> None:
    """The turn's Single from the Aftermarket ("as though it were in your hand"): it leaves the
    Aftermarket for the player's hand (theirs now, "permanently") and is played from there, with
    everything a card played from the hand has ("Play a Single (Required)")."""
    card = next(c for c in aftermarket_plays(game, seat) if game.cards[c].name == name)
    game.aftermarket.remove(card)
    game.hand[seat].append(card)
    game.owner[card] = seat
    game.log("from_aftermarket", seat, card=name, to="hand")
    game.play_single(seat, card)
    zone_play_then(game, seat, FROM_AFTERMARKET)  # what "each time you do" gives (ops_zones2.py)


def zone_play_then(game: MBBase, seat: int, zone: str) -> None:
    """After a Single played from ``zone`` by a ``play_from`` rule: the ``then`` ops of each such rule of
    that zone in force resolve as their card's ("When you do, ...": ops_zones2.py)."""
    game.push([game.frame(seat, card, {"ops": op["then"]}, {}) for card, op in game.face_up_ops(seat, "play_from")
               if op["zone"] == zone and op.get("then")])


def plays_at_random(game: MBBase, seat: int) -> bool:
    """Whether a ``random_plays`` in force binds ``seat`` ("Effects on Cards": an Ongoing while the
    card is face-up, a Top while it is the Top Card). Asked only when the game holds such a card
    (``CardDef`` feature ``random_plays``)."""
    for source in game.cards_with("random_plays"):
        owner = game.seat_of(source)
        if owner is None or source in game.down:
            continue
        if any(op["who"] == "each" or owner == seat for op in game.ops_in_force(source, owner, "random_plays")):
            return True
    return False


def random_playable(game: MBBase, seat: int) -> int | None:
    """A card drawn blind from ``seat``'s hand among the Singles that may be played (``may_play``);
    ``None`` if there is none (rules notes, "MB: batch x": a card that could not be played is not drawn)."""
    cards = game.cards
    pool = [c for c in game.hand[seat] if cards[c].card_type == "single" and game.may_play(seat, c)]
    return pool[game.rng.randrange(len(pool))] if pool else None


def play_random_hand(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``play_random_hand``: "play another card from your hand at random": drawn blind among the cards
    of the hand that may be played, into the next open slot, its Play effects resolving before the
    rest of this effect; no open slot or no card: nothing, and "If you did" does not hold."""
    seat, ctx = frame["seat"], frame["ctx"]
    ctx["did"], ctx["played"] = False, None
    if len(game.tableau[seat]) >= game.capacity(seat):
        game.log("play_failed", seat, why="no open slot")
        return True
    card = random_playable(game, seat)
    if card is None:
        game.log("play_failed", seat, why="no card")
        return True
    game.hand[seat].remove(card)
    ctx["did"], ctx["played"] = True, card
    frame["i"] = k + 1
    game.log("played_at_random", seat, card=game.cards[card].name)
    game.play_single(seat, card, from_hand=False)
    return True


def do_more_x_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Resolve one of this module's one-shot ops (``random_plays`` is continuous: never resolved)."""
    if op["op"] == "play_random_hand":
        return play_random_hand(game, frame, op, k)
    return True


__all__ = [
    "AT_RANDOM", "FACE_DOWN", "FROM_AFTERMARKET", "MORE_X_CONTINUOUS_OPS", "MORE_X_OPS", "aftermarket_plays",
    "bonus_plays_left", "do_more_x_op", "down_play_sources", "forgo_bonus_plays", "hand_plays_barred",
    "more_x_op_errors", "play_face_down", "play_from_aftermarket", "play_random_hand", "plays_at_random",
    "random_playable", "spend_bonus_play"
]
