"""Millennium Accessories (millennium-blades.txt, "VARIANTS & OPTIONS", "Millennium Accessories").

"The Millennium Accessories are the world's most powerful accessories, wreathed in legend. If you
are playing with a less-experienced player, you can give that player a random Millennium Accessory
as a handicap. Alternatively, if all players are equally experienced, and want to raise the power
curve of the game, they can draft the Millennium Accessories at the game start."

The rulebook prints no Millennium Accessory, so the game ships six original ones (``ACCESSORIES``,
names and texts authored for this project), written in the printed phrasing the card-text compiler
reads (``rules/millennium_blades/text.py``): the tournament engine plays them as any accessory.
Option ``millennium_accessories`` of ``new_full_game``:

- ``"none"`` (default);
- ``"handicap"``: each seat of ``handicap_seats`` gets one at random into its binder at setup;
- ``"draft"``: at the game start, one per player is revealed and the players take one each, one
  at a time, in seat order from a first drafter drawn from the game's RNG (action
  ``take_accessory <name>``; the last seat takes the one left). The rest stay out of play.

A Millennium Accessory is a card like any other once a player has it: it can be put in the kit,
sold, traded or fused (rules notes, "Millennium Accessories").
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.decks import CardSpec
from rules.core.engine import Action
from rules.millennium_blades.full.pool import Card
from rules.millennium_blades.text import compile_text

SET_CODE = "MB-MILLENNIUM"
KIND = "millennium_accessory"
MODES = ("none", "handicap", "draft")
#: (name, star rating, printed text): original cards, stronger than any accessory of the Store
ACCESSORIES = (
    ("Millennium Hourglass", 6, "Action: Gain 3 RP for each face-up card in your tableau."),
    ("Millennium Crown", 6, "Score: Gain 3 RP for each face-up single in your tableau."),
    ("Millennium Prism", 6, "Score: Gain 4 RP for each different element among face-up cards in your tableau."),
    ("Millennium Gauntlet", 6, "Action: Clash with an opponent. If you win, gain 15 RP."),
    ("Millennium Mirror", 6, "Reaction: When an opponent's effect flips one of your singles, that opponent loses 8 RP."),
    ("Millennium Satchel", 6, "Score: If you have no cards in hand, gain 12 RP."),
)


@lru_cache(maxsize=1)
def specs() -> tuple[CardSpec, ...]:
    """The Millennium Accessories as card data, their effects compiled from their text (a text the
    compiler cannot read is a programming error, pinned by the tests)."""
    out = []
    for number, (name, star, text) in enumerate(ACCESSORIES, 1):
        effects, reason = compile_text(text)
        if effects is None:
            raise ValueError(f"{name}: {reason}")
        out.append(CardSpec(None, name, "accessory", {"star": star, "cost": 0, "copies": 1}, tuple(effects),
                            SET_CODE, f"{number:03d}", text))
    return tuple(out)


def setup(state, mode: str, handicap_seats) -> None:
    """Register the Millennium Accessories (out of play, ``state.millennium``) and hand them out."""
    if mode not in MODES:
        raise ValueError(f"millennium_accessories is one of {', '.join(MODES)}, not {mode!r}")
    seats = sorted(set(handicap_seats or ()))
    if mode != "handicap" and seats:
        raise ValueError('handicap_seats is only for millennium_accessories="handicap"')
    if mode == "none":
        return
    for spec in specs():
        state.cards.append(Card.of(spec, KIND))
        state.millennium.append(len(state.cards) - 1)
    state.rng.shuffle(state.millennium)
    if mode == "handicap":
        if not seats:
            raise ValueError('millennium_accessories="handicap" needs handicap_seats: the seats given one')
        for seat in seats:
            if not 0 <= seat < state.num_players:
                raise ValueError(f"handicap seat {seat} is not a seat of a {state.num_players}-player game")
            card = state.millennium.pop()
            state.binder[seat].append(card)
            state.log("millennium_accessory", seat, card=state.cards[card].name, how="handicap")
        return
    first = state.rng.randrange(state.num_players)
    revealed = [state.millennium.pop() for _ in range(state.num_players)]
    state.accessory_draft = {"revealed": revealed,
                             "order": [(first + k) % state.num_players for k in range(state.num_players)]}
    state.log("millennium_draft", None, revealed=[state.cards[c].name for c in revealed], first=first)


def drafting(state) -> int | None:
    """The seat whose turn it is to take a Millennium Accessory, or None."""
    draft = state.accessory_draft
    return draft["order"][0] if draft else None


def legal_actions(state, seat: int) -> list[Action]:
    names = sorted({state.cards[c].name for c in state.accessory_draft["revealed"]})
    return [Action("take_accessory", (name,)) for name in names] if seat == drafting(state) else []


def take(state, seat: int, action: Action) -> bool:
    """Apply a drafting seat's choice; True when the draft is over."""
    draft = state.accessory_draft
    if seat != drafting(state) or action.verb != "take_accessory":
        raise ValueError(f"seat {seat} cannot {action} now: seat {drafting(state)} takes a Millennium Accessory")
    card = next((c for c in draft["revealed"] if state.cards[c].name == action.args[0]), None)
    if card is None:
        raise ValueError(f"{action.args[0]} is not among the revealed Millennium Accessories")
    draft["revealed"].remove(card)
    draft["order"].pop(0)
    state.binder[seat].append(card)
    state.log("millennium_accessory", seat, card=state.cards[card].name, how="draft")
    if draft["order"]:
        return False
    state.millennium += draft["revealed"]
    state.accessory_draft = None
    return True
