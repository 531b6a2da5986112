"""Draft Mode (millennium-blades.txt, "VARIANTS & OPTIONS", "Draft Mode").

"Draft Mode replaces the random cards at the start of the Deckbuilding Phase (Deckbuilding Setup,
Step 3). When Deckbuilding begins, deal each player 6 cards from the Store. Players then draft
these cards, going clockwise until each player has claimed six cards (take one card from your set
of 6, then pass the rest to the player on your left). After the first 7-minute timer ends, repeat
this process, this time passing cards counter-clockwise."

Decisions (rules notes, "Draft Mode"): a draft is six simultaneous picks (``draft <name>``), one
a tick, that do not spend the timer's ticks (the rulebook's draft happens before the market opens
again); "the player on your left" is the next seat (seat + 1, the tournament's turn order), so the
second draft passes to seat - 1. A packet is seen only by the seat holding it.
"""

from __future__ import annotations

from rules.core.engine import Action

PACKET = 6  # "deal each player 6 cards from the Store"
CLOCKWISE, COUNTER_CLOCKWISE = 1, -1


def start(state, direction: int) -> None:
    """Deal every seat a packet of 6 Store cards and open the draft."""
    packets = [state.draw_store(PACKET) for _ in range(state.num_players)]
    if not any(packets):  # the Store and its discard are empty (Liquidation Mode boxes cards): no draft
        state.log("draft_over", None, reason="the Store has no cards to deal")
        return
    state.draft = {"packets": packets, "direction": direction, "pick": 1}
    for seat, packet in enumerate(packets):
        state.log("draft_packet", seat, cards=[state.cards[c].name for c in packet])


def legal_actions(state, seat: int) -> list[Action]:
    packet = state.draft["packets"][seat]
    return [Action("draft", (name,)) for name in sorted({state.cards[c].name for c in packet})]


def resolve(state, actions: dict[int, Action]) -> None:
    """Every seat takes the card it named from its packet; the packets pass on."""
    draft = state.draft
    packets = draft["packets"]
    for seat in range(state.num_players):
        if not packets[seat]:
            continue
        action = actions.get(seat)
        names = [state.cards[c].name for c in packets[seat]]
        if action is None or action.verb != "draft" or action.args[0] not in names:
            raise ValueError(f"seat {seat} must draft a card of its packet ({', '.join(sorted(set(names)))}), "
                             f"not {action}")
        card = packets[seat][names.index(action.args[0])]
        packets[seat].remove(card)
        state.binder[seat].append(card)
        state.log("drafted", seat, card=state.cards[card].name, pick=draft["pick"])
    n = state.num_players
    draft["packets"] = [packets[(seat - draft["direction"]) % n] for seat in range(n)]
    draft["pick"] += 1
    if not any(draft["packets"]):
        state.draft = None
        state.log("draft_over", None)


def hidden_from(state, player: int) -> list[int]:
    """The packets ``player`` does not hold."""
    if not state.draft:
        return []
    return [c for seat, packet in enumerate(state.draft["packets"]) if seat != player for c in packet]
