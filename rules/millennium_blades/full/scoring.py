"""Final scoring (millennium-blades.txt, "GAME END").

"Total up these points: 1. Tournament VPs for each round. 2. Collection VPs for each round.
3. Remaining Money VPs, at a rate of 4 Millennium Dollars to 1 VP, rounding down. 4. Friendship
Card VPs collected from other players." "In case of a tie, the winner is whoever had the most VP
from tournaments. If the game is still a tie, then whoever had the most VP from Collections,
followed by Money and then Friendship breaking ties in that order."

The outcome's returns are the final VP; placements follow the VP and, among equal VP, the
tie-breaks (seats equal in all of them share the place). Friendship: the Friendship cards a seat
was given, at most 6 VP from each giver ("YOUR FRIENDS": "You may not score more than 6 VP from a
single player's Friendship Cards"; ``friendship.friendship_vp``).
"""

from __future__ import annotations

from rules.core.engine import Outcome
from rules.millennium_blades.full.friendship import friendship_vp

MONEY_PER_VP = 4
#: "Liquidation Mode": "money only provides half as many VPs (1 VP per 8 Millennium Dollars)"
LIQUIDATION_MONEY_PER_VP = 8


def money_per_vp(state) -> int:
    return LIQUIDATION_MONEY_PER_VP if state.liquidation else MONEY_PER_VP


def breakdown(state, seat: int) -> dict:
    """Where the seat's VP come from, so far (money at the end-of-game rate)."""
    tournaments = sum(state.vp_tournament[seat]) + state.vp_prerelease[seat]
    collections = sum(state.vp_collections[seat])
    money = state.money[seat] // money_per_vp(state)
    friendship = friendship_vp(state, seat)
    return {"tournaments": tournaments, "collections": collections, "money": money, "friendship": friendship,
            "tournament_rounds": list(state.vp_tournament[seat]), "pre_release": state.vp_prerelease[seat],
            "collection_rounds": list(state.vp_collections[seat]),
            "total": tournaments + collections + money + friendship}


def tie_key(b: dict) -> tuple:
    return (b["total"], b["tournaments"], b["collections"], b["money"], b["friendship"])


def placements(breakdowns: list[dict]) -> tuple[int, ...]:
    keys = [tie_key(b) for b in breakdowns]
    return tuple(1 + sum(other > mine for other in keys) for mine in keys)


def final_scoring(state) -> None:
    state.phase = "over"
    bds = [breakdown(state, s) for s in range(state.num_players)]
    places = placements(bds)
    returns = tuple(float(b["total"]) for b in bds)
    winners = tuple(s for s, p in enumerate(places) if p == 1)
    if len(winners) == state.num_players:
        winners = ()
    state.log("final_scoring", None, vp=[dict(b) for b in bds])
    state._finish(Outcome(winners, "game_end", returns, places))
