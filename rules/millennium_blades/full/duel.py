"""Duel Mode (millennium-blades.txt, "VARIANTS & OPTIONS", "Duel Mode").

"Duel mode is a 2 player variant for Millennium Blades. It is played over 3 rounds. The winner is
determined by who wins best 2 out of 3 tournaments." "All rules and actions in this mode are the
same as in normal rules, unless otherwise stated." What it states:

- "Friendship is not used in this mode" (``state.friendship_used`` is False: no Friendship cards
  are dealt and no Friendship move is offered);
- "Each player may form two collections during the Deckbuilding Phase: one Elemental collection and
  one Type collection" (``collect``/``uncollect`` the elemental one, ``collect_type``/``uncollect_type``
  the type one: every card of it shares a type). "Instead of gaining VP from them, these are
  converted to RP and are added to your total RP at the end of the Tournament Phase at a rate of 10
  RP per card" (``end_tournament``);
- "each player has 6 Sell Markers";
- "Trading is available to players, but trades must still be even" (no Free Market Mode);
- "The first player to win two tournaments is declared the winner of the game!"

Decisions (rules notes, "Duel Mode"): a tournament whose two players end on equal RP (collections
included) is won by neither; a player removed by an infinite loop "score[s] VP as though [they] had
won first place" and wins it. The game ends as soon as a player has won two; after three tournaments
without that (ties), the one with more wins wins, equal wins a draw. Tournament VP are not scored:
wins decide. The outcome's returns are tournaments won.
"""

from __future__ import annotations

from rules.core.engine import Action, Outcome
from rules.millennium_blades.full import collection
from rules.millennium_blades.vocabulary import ELEMENTS, TYPE_VALUES

PLAYERS = 2
SELL_MARKERS = 6
RP_PER_CARD = 10
WINS_NEEDED = 2
#: the two collections and the symbols each is made on
COLLECTIONS = {"collection": frozenset(f"element:{e}" for e in ELEMENTS),
               "collection_type": frozenset(f"type:{t}" for t in TYPE_VALUES)}
VERBS = {"collect_type": "collection_type", "uncollect_type": "collection_type"}


def collection_actions(state, seat: int, binder_names, by_name) -> list[Action]:
    """``collect``/``uncollect`` for the elemental collection, ``collect_type``/``uncollect_type``
    for the type one."""
    out = []
    for zone, symbols in COLLECTIONS.items():
        verb = "collect" if zone == "collection" else "collect_type"
        held = [state.cards[c] for c in getattr(state, zone)[seat]]
        out += [Action(verb, (name,)) for name in binder_names
                if collection.can_add(held, by_name[name], symbols)]
        out += [Action("un" + verb, (name,)) for name in sorted({c.name for c in held})]
    return out


def collection_rp(state, seat: int) -> tuple[int, list[int]]:
    """RP the seat's two collections convert to, and the cards that count (a lone card is no
    collection: "Your Collection is made up of 2-8 cards")."""
    counted = [c for zone in COLLECTIONS for c in getattr(state, zone)[seat]
               if len(getattr(state, zone)[seat]) >= collection.MIN_SIZE]
    return RP_PER_CARD * len(counted), counted


def end_tournament(state, inner) -> list[int]:
    """Collections converted to RP, the tournament's winner: returns the placements (1 or 2)."""
    r = state.round  # 0: the Pre-Release Tournament (no Deckbuilding Phase, so no collections)
    final_rp, collection_rps = [], []
    for seat in range(state.num_players):
        rp, counted = collection_rp(state, seat)
        collection_rps.append(rp)
        if r > 0:
            state.rp_collections[seat][r - 1] = rp
        for zone in COLLECTIONS:
            cards = getattr(state, zone)[seat]
            for c in cards:
                if c in counted:
                    state.box["collections"].append(c)
                    state.count(seat, "collected", c)
                else:
                    state.binder[seat].append(c)
            cards.clear()
        final_rp.append(inner.rp[seat] + rp)
    rest = [s for s in range(state.num_players) if s not in inner.out]
    top = max((final_rp[s] for s in rest), default=0)
    best = [s for s in rest if final_rp[s] == top]
    # "you score ... as though you had won first place (this doesn't prevent another player from
    # actually winning first place through normal means)"; equal RP: a tie, won by neither
    winners = sorted(inner.out) + (best if len(best) == 1 else [])
    for s in winners:
        state.tournament_wins[s] += 1
    places = [1 if s in winners or s in best else 2 for s in range(state.num_players)]
    state.log("duel_tournament", None, round=r, rp=list(inner.rp), collection_rp=collection_rps, final_rp=final_rp,
              won=winners, wins=list(state.tournament_wins))
    return places


def is_decided(state) -> bool:
    return max(state.tournament_wins) >= WINS_NEEDED or state.round >= state.last_round


def final_scoring(state) -> None:
    """"The first player to win two tournaments is declared the winner of the game!\""""
    wins = state.tournament_wins
    places = tuple(1 + sum(other > mine for other in wins) for mine in wins)
    winners = tuple(s for s, p in enumerate(places) if p == 1)
    reason = "two_tournaments_won" if max(wins) >= WINS_NEEDED else "three_tournaments_played"
    if len(winners) == state.num_players:
        winners = ()
    state.phase = "over"
    state.log("duel_over", None, wins=list(wins), reason=reason)
    state._finish(Outcome(winners, reason, tuple(float(w) for w in wins), places))
