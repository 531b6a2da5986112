"""Millennium Blades' events in the game's words, for a replay's reader (``GameState.event_to_string``):
the tournament's and the whole game's, seats as "Seat N" (engine numbers, which the replay names).
An event its move already says (a sale, a card kitted) reads "" and is not repeated; one not listed
here is drawn from its data. Presentation only: the event log itself is unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.engine import Event

#: events the move that caused them already says in its sentence
SAID_BY_THE_MOVE = frozenset({"sell", "kit", "unkit", "collect", "uncollect", "collect_type", "uncollect_type",
                              "buy_store", "buy_aftermarket", "fuse", "pass", "end", "use", "draft",
                              "take_accessory", "redraw_meta", "wait", "accept", "decline", "react"})


def _seats(values: list, unit: str) -> str:
    return ", ".join(f"Seat {seat} {value} {unit}" for seat, value in enumerate(values))


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _clash(c: dict[str, Any]) -> str:
    if not c.get("occurred"):
        return "No clash happens"
    totals = ", ".join(f"Seat {p} {t}" for p, t in zip(c["players"], c["totals"], strict=False))
    end = f"Seat {c['winner']} wins it" if c["winner"] is not None else "a tie"
    return f"A clash ({totals} stars): {end}"


_SENTENCES: dict[str, Callable[[str, dict[str, Any]], str]] = {
    "setup": lambda who, c: "The game is set up",
    "income": lambda who, c: f"{who} receives {c['amount']} dollars ({c['money']} in all)",
    "dealt": lambda who, c: f"{who} is dealt {_cards(len(c.get('cards', [])))}",
    "deckbuilding": lambda who, c: f"Deckbuilding round {c['round']} begins",
    "timer_expired": lambda who, c: f"Timer {c['timer']} runs out",
    "offered": lambda who, c: f"{who} offers Seat {c['offer']['to']} a trade",
    "offer_changed": lambda who, c: f"{who} changes their offer to Seat {c['offer']['to']}",
    "offer_lapsed": lambda who, c: f"{who}'s offer lapses: {c['reason']}",
    "friendship_asked": lambda who, c: f"{who} asks Seat {c['offer']['by']} for a Friendship card too",
    "traded": lambda who, c: f"Seat {c['seats'][0]} and Seat {c['seats'][1]} trade",
    "bought": lambda who, c: f"{who} buys {c['card']} (a {c['set']} card) for {c['cost']} dollars",
    "bought_aftermarket": lambda who, c: f"{who} buys {c['card']} from the Aftermarket for {c['price']} dollars",
    "fused": lambda who, c: f"{who} fuses {_cards(len(c['into_box']))} into the {c['tier']} promo {c['promo']}",
    "collection_scored": lambda who, c: f"{who} scores a collection of {_cards(len(c['cards']))} for {c['vp']} VP",
    "prize_support": lambda who, c: f"{who} receives {c['card']} as prize support",
    "store_reshuffled": lambda who, c: f"The Store discard ({_cards(c['cards'])}) is shuffled into the Store",
    "tournament": lambda who, c: f"Tournament {c['round']} begins",
    "turn": lambda who, c: f"{who}'s turn",
    "play": lambda who, c: f"{who} plays {c['card']} into slot {c['slot'] + 1}",
    "insert": lambda who, c: f"{who} inserts {c['card']} into slot {c['slot'] + 1}",
    "gain_rp": lambda who, c: f"{who} gains {c['amount']} RP ({c['rp']} in all)",
    "extra_play": lambda who, c: f"{who} may play {c['plays_left']} more",
    "choice": lambda who, c: f"{who} chooses to {c['chose']} ({c['about']})",
    "flip": lambda who, c: f"{c['card']} is flipped face-down",
    "scoring": lambda who, c: "The tournament is scored",
    "sweetened": lambda who, c: f"{who} sweetens their offer to Seat {c['offer']['to']}",
    "star_tokens": lambda who, c: f"{c['card']} gets {c['amount']} star tokens (now {c['star']} stars)",
    "reaction": lambda who, c: f"{who} reacts with {c['card']}",
    "reveal": lambda who, c: f"{who} reveals {c['card'] or 'nothing'} from the {c['source']}",
    "clash": lambda who, c: _clash(c),
    # special_ops.py: attachments, copies, Level Up
    "attach": lambda who, c: f"{who} attaches {c['card']} to {c['to']} (now {c['star']} stars)",
    "attach_failed": lambda who, c: f"{who}'s {c['card']}: nothing is attached",
    "detach": lambda who, c: f"{c['card']} goes to its owner's binder ({c['why']})",
    "copy": lambda who, c: f"{who} copies {c['effects']} effect(s) of {c['card']}",
    "copy_failed": lambda who, c: f"{who}'s {c['card']} has nothing to copy",
    "exact_copy": lambda who, c: f"{c['card']} is now an exact copy of {c['of']}" if c.get("of")
                                 else f"{c['card']} is itself again",
    "remove_token": lambda who, c: f"{who} removes a star token from {c['card']} instead of flipping it",
    "final_rp": lambda who, c: f"Ranking points: {_seats(c['rp'], 'RP')}",
    "tournament_vp": lambda who, c: f"Tournament {c['round']} VP: {_seats(c['vp'], 'VP')}",
    "game_end": lambda who, c: " and ".join(f"Seat {w}" for w in c["winners"]) + " place first"
                               if c["winners"] else "Nobody places first",
    "final_scoring": lambda who, c: f"Final scores: {_seats([v['total'] for v in c['vp']], 'VP')}",
}


def event_to_string(event: Event) -> str | None:
    """The event in a sentence, "" for one its move says, None for one drawn from its data."""
    name = event.action.split(" ")[0]
    if name in SAID_BY_THE_MOVE:
        return ""
    said = _SENTENCES.get(name)
    if said is None:
        return None
    who = f"Seat {event.player}" if event.player is not None else "The game"
    try:
        return said(who, dict(event.changes))
    except (KeyError, TypeError, IndexError):  # an older log's event with other data: drawn from its data
        return None
