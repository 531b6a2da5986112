"""The engine side of ``phrases_hands.py`` (issue 26.2, batch "hands"): all of a player's Dollars
stolen, each affected player sparing themselves at a price, and the whole game's Friendship cards
moved during a tournament (millennium-blades.txt, "YOUR FRIENDS", "GAME END" 4; docs/rules-notes.md,
"MB: hands").

Friendship cards in a tournament are the whole game's (``MBState.friends``: per seat, the giver of
each other player's Friendship card it holds; ``friendship_left``: its own cards not given). A card
is known by its giver (the character whose card it is): the seat ``g`` holds its own cards
(``friendship_left[g]``) and those others gave it (``friends[g]``). These ops move such cards
between seats; ``full/friendship.settle_friendship`` applies the moves to the whole game's cards
when the tournament ends. A standalone tournament has none, so they do nothing there.

Ops: ``steal_all_money``, ``spare_unless``, ``give_friendship``, ``take_friendship``,
``exchange_friendship``, ``return_friendship``; COUNT ``friendship_vp_returned``. The card
checker's checks are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

#: the VP printed on a Friendship card of the whole game (full/friendship.FRIENDSHIP_VP: every card
#: of the six characters is worth the same; a test pins the two agree)
FRIENDSHIP_CARD_VP = 2

HANDS_OPS = {
    "steal_all_money": OpSpec("Each of the players (who: each_opponent, that_player) pays you all their Dollars "
                              "(what they brought and what this tournament gave them).", {"who": "str"}),
    "spare_unless": OpSpec("Each opponent in turn from your left may do the price (their own ops; \"you\" in it is "
                           "this effect's player, that_player) to be spared; if they cannot or will not, the ops "
                           "(this effect's player's) are done to them as that_player.",
                           {"who": "str", "price": "any", "ops": "any"}),
    "give_friendship": OpSpec("The player gives one of their own Friendship cards to the player to (that_player); "
                              "none left: nothing (\"If you did\" does not hold).", {"to": "str"}),
    "take_friendship": OpSpec("You take one of the Friendship cards the player (who: that_player) has, their own or "
                              "one given to them, of your choice.", {"who": "str"}),
    "exchange_friendship": OpSpec("You and the player (with: that_player; any_opponent: one of your choice who has "
                                  "one) exchange one Friendship card each: yours of your choice; theirs of their "
                                  "choice (their_pick: they) or of yours (you). Either has none: no exchange.",
                                  {"with": "str", "their_pick": "str"}),
    "return_friendship": OpSpec("You give back one of the other players' Friendship cards you hold, of your choice, "
                                "to the player whose card it is (that_player now); COUNT friendship_vp_returned is "
                                "its VP. None held: the rest of the card's text is not done.", {}),
    "discard_revealed": OpSpec("Discard (to the binder) one card of your hand, your choice, that this card's "
                               "reveal_hand showed this turn (\"one of the cards revealed with this card's ability\"); "
                               "none: the rest of the text is not done, as a discard that cannot be made.", {}),
    "attach_those": OpSpec("In a discard trigger: the cards discarded (those, still in their owner's binder) put on "
                           "this card, attached (no STAR, symbols or effects given), while it has fewer than max "
                           "(optional) cards attached; this card face-up in play.", {"max": "int"}),
    "at_scoring_end": OpSpec("In a Score effect: the ops are done at the end of scoring, after every other Score "
                             "effect (\"at the end of scoring\"); outside scoring, now.", {"ops": "any"}),
    "tied_rp": OpSpec("Each other player whose RP total equals yours now does the ops, as that_player.", {"ops": "any"}),
    "buy_in_play": OpSpec("Choose a face-up card in another player's tableau whose STAR times times you can pay, "
                          "and pay its owner that many Dollars; take: it then leaves that tableau to your hand, yours "
                          "now (as to_hand); COUNT bought_star is its STAR as chosen, REF chosen names it. None you "
                          "can pay for: the rest of the text is not done.", {"times": "int", "take": "bool"}),
    "return_and_replace": OpSpec("This card (in your tableau) goes back to your hand, and a Single of your hand of "
                                 "your choice (one you may play) is put into play in its slot without its Play effects "
                                 "(not played: no play triggers); none: only the return.", {}),
    "discard_matching": OpSpec("The player (who: that_player) discards a card of their hand, their choice, that "
                               "shares one of match (rarity, set, type, element) with the card just played (REF "
                               "played), or, with none, reveals their hand.", {"who": "str", "match": "any"}),
    "discard_to_aftermarket": OpSpec("Discard a card of your hand, your choice, to the Aftermarket (\"Aftermarket "
                                     "Space\": its limit of 12 first); none: the rest of the text is not done.", {}),
    "reveal_one_of_those": OpSpec("One of those cards (the cards the effect just gained, still in your hand), of "
                                  "your choice, is revealed to all: REF revealed names it; none: no card.", {}),
}
_RUN = frozenset((*HANDS_OPS, "_spared_or_affected"))
HANDS_RUN_OPS = _RUN
#: friendship_vp_returned: the VP on the Friendship card this effect just returned; hand_revealed_this_turn:
#: the cards shown from hands by effects that reveal cards of a hand (reveal_hand) this turn
HANDS_COUNTS = ("friendship_vp_returned", "hand_revealed_this_turn", "bought_star")
#: turn_memo keys: the turn and the count of this turn's cards revealed from hands; a card revealed by a
#: source's reveal_hand this turn (``_SHOWN_BY`` + "source:card" -> the turn)
_REVEALED_TURN, _REVEALED, _SHOWN_BY = "hands_revealed_turn", "hands_revealed", "hands_shown_by:"

Errors = list[tuple[str, str]]


def hands_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: whose cards and Dollars the ops take, and the price and ops of a spare."""
    if name == "steal_all_money":
        ok = op.get("who") in ("each_opponent", "that_player")
        return [] if ok else [(f"{where}.who", "is each_opponent or that_player")]
    if name == "spare_unless":
        from rules.millennium_blades.effects import ops_errors  # effects imports this module

        errors: Errors = [] if op.get("who") == "each_opponent" else [(f"{where}.who", "is each_opponent")]
        for key in ("price", "ops"):
            if not isinstance(op.get(key), list) or not op[key]:
                errors.append((f"{where}.{key}", "is a list of ops"))
            else:
                errors += ops_errors(op[key], f"{where}.{key}")
        return errors
    if name in ("at_scoring_end", "tied_rp"):
        from rules.millennium_blades.effects import ops_errors  # effects imports this module

        return ops_errors(op.get("ops"), f"{where}.ops")
    if name == "discard_matching":
        traits = op.get("match")
        ok = isinstance(traits, list) and bool(traits) and all(t in ("rarity", "set", "type", "element") for t in traits)
        return ([] if op.get("who") == "that_player" else [(f"{where}.who", "is that_player")]) + (
            [] if ok else [(f"{where}.match", "is a list of rarity, set, type, element")])
    if name == "buy_in_play":
        times = op.get("times", 1)
        ok = isinstance(times, int) and not isinstance(times, bool) and times >= 1
        errors = [] if ok else [(f"{where}.times", "is a whole number, 1 or more")]
        return errors + ([] if isinstance(op.get("take", False), bool) else [(f"{where}.take", "is true or false")])
    if name == "attach_those":
        cap = op.get("max", 1)
        ok = isinstance(cap, int) and not isinstance(cap, bool) and cap >= 1
        return ([] if ok else [(f"{where}.max", "is a whole number of cards, 1 or more")]) + [
            (f"{where}.{key}", f"{name} takes no such field") for key in sorted(set(op) - {"op", "max"})]
    if name in ("reveal_one_of_those", "discard_revealed", "return_and_replace", "discard_to_aftermarket"):
        return [(f"{where}.{key}", f"{name} takes no field") for key in sorted(set(op) - {"op"})]
    if name == "give_friendship":
        return [] if op.get("to") == "that_player" else [(f"{where}.to", "is that_player")]
    if name == "take_friendship":
        return [] if op.get("who") == "that_player" else [(f"{where}.who", "is that_player")]
    if name == "exchange_friendship":
        errors = [] if op.get("with") in ("that_player", "any_opponent") else [
            (f"{where}.with", "is that_player or any_opponent")]
        return errors + ([] if op.get("their_pick") in ("they", "you") else [(f"{where}.their_pick", "is they or you")])
    return [(f"{where}.{key}", f"{name} takes no field") for key in sorted(set(op) - {"op"})]


def hands_count_errors(count: Mapping[str, Any], path: str) -> Errors:
    return [(f"{path}.{key}", "takes no field") for key in sorted(set(count) - {"count"})]


def hands_count(game: MBBase, count: Mapping[str, Any], ctx: Mapping[str, Any] | None) -> int:
    """``friendship_vp_returned``: the VP of the card ``return_friendship`` gave back (0 if none);
    ``hand_revealed_this_turn``: the cards reveal_hand showed this turn."""
    if count["count"] == "hand_revealed_this_turn":
        memo = game.turn_memo
        return memo.get(_REVEALED, 0) if memo.get(_REVEALED_TURN) == game.turn else 0
    if count["count"] == "bought_star":
        return int((ctx or {}).get("bought_star", 0))
    return int((ctx or {}).get("friendship_vp_returned", 0))


def note_hand_revealed(game: MBBase, source: int | None, cards: list[int]) -> None:
    """A reveal_hand showed ``cards``: counted for this turn, and each marked as shown by ``source``
    ("one of the cards revealed with this card's ability"); kept in ``turn_memo`` (reveals are rare)."""
    memo = game.turn_memo
    if memo.get(_REVEALED_TURN) != game.turn:
        memo[_REVEALED_TURN], memo[_REVEALED] = game.turn, 0
    memo[_REVEALED] += len(cards)
    if source is not None:
        for card in cards:
            memo[f"{_SHOWN_BY}{source}:{card}"] = game.turn


def revealed_in_hand(game: MBBase, seat: int, source: int | None) -> list[int]:
    """The cards of ``seat``'s hand that ``source``'s reveal_hand showed this turn."""
    memo = game.turn_memo
    return [c for c in game.hand[seat] if memo.get(f"{_SHOWN_BY}{source}:{c}") == game.turn]


# -- Friendship cards, known by their giver --------------------------------------------------------------
def held(game: MBBase, seat: int) -> list[int]:
    """The givers of the Friendship cards ``seat`` has: its own not given, then those given to it."""
    return [seat] * game.friendship_left[seat] + list(game.friends[seat])


def move_friendship(game: MBBase, giver: int, from_seat: int, to_seat: int) -> None:
    """One Friendship card of ``giver``'s character from ``from_seat`` to ``to_seat``: a seat's own
    card is counted in ``friendship_left``, another's in ``friends``."""
    if giver == from_seat:
        game.friendship_left[from_seat] -= 1
    else:
        game.friends[from_seat].remove(giver)
    if giver == to_seat:
        game.friendship_left[to_seat] += 1
    else:
        game.friends[to_seat].append(giver)
    game.log("friendship_moved", from_seat, to=to_seat, giver=giver, own=giver == from_seat)


def that_player(ctx: Mapping[str, Any], seat: int) -> int | None:
    """"That player": the player the effect named; in a clash's result with none named, the one other
    player of the clash who lost it (the opponent you clashed with and beat)."""
    if "that_player" in ctx:
        return int(ctx["that_player"])
    others = [p for p in (ctx.get("clash_result") or {}).get("losers", ()) if p != seat]
    return others[0] if len(others) == 1 else None


def _pick_giver(game: MBBase, chooser: int, givers: list[int], ctx: dict, key: str, about: str) -> int | None:
    """One of ``givers`` (distinct) chosen by ``chooser`` under ``key``; -1 while asked; None if none."""
    options = sorted(set(givers))
    if not options:
        return None
    if key in ctx:
        return int(ctx[key])
    if len(options) == 1:
        return options[0]
    game.ask(chooser, "either", [Action("option", (g,)) for g in options], key, about)
    return -1


def do_hands_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Resolve one of this module's ops."""
    name, seat, ctx = op["op"], frame["seat"], frame["ctx"]
    if name == "steal_all_money":
        players = game.who(frame, op, k)
        if players is None:
            return False
        for p in players:
            if p == seat:
                continue
            paid = max(0, game.purse[p] + game.money[p])
            game.money[p] -= paid
            game.money[seat] += paid
            game.log("pay_player", p, to=seat, amount=paid)
        return True
    if name == "spare_unless":
        return _spare_unless(game, frame, op, k)
    if name == "_spared_or_affected":  # in the chooser's option frame: the effect's player does the ops to them
        frame["i"] = k + 1
        game.push([game.frame(ctx["that_player"], frame["source"], {"ops": op["ops"]},
                              {"that_player": seat}, optional=False)])
        return True
    if name == "give_friendship":
        to = ctx.get("that_player")
        ctx["did"] = bool(to is not None and to != seat and game.friendship_left[seat] > 0)
        if ctx["did"]:
            move_friendship(game, seat, seat, to)
        return True
    if name == "take_friendship":
        other = that_player(ctx, seat)
        ctx["did"] = False
        if other is None or other == seat:
            return True
        giver = _pick_giver(game, seat, held(game, other), ctx, f"{k}:friend", "a Friendship card to take")
        if giver == -1:
            return False
        if giver is not None:
            move_friendship(game, giver, other, seat)
            ctx["did"] = True
        return True
    if name == "exchange_friendship":
        return _exchange(game, frame, op, k)
    if name == "reveal_one_of_those":
        return _reveal_one_of_those(game, frame, k)
    if name == "discard_revealed":
        return _discard_revealed(game, frame, k)
    if name == "attach_those":
        return _attach_those(game, frame, op)
    if name in ("at_scoring_end", "tied_rp"):
        return _later_or_tied(game, frame, op, k)
    if name == "buy_in_play":
        return _buy_in_play(game, frame, op, k)
    if name == "return_and_replace":
        return _return_and_replace(game, frame, k)
    if name == "discard_matching":
        return _discard_matching(game, frame, op, k)
    if name == "discard_to_aftermarket":
        return _discard_to_aftermarket(game, frame, k)
    return _return_friendship(game, frame, k)  # return_friendship


def _spare_unless(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """"Each player may <price> to prevent this effect from affecting them": each opponent in turn
    from your left ("passing clockwise") chooses, as batch triggers' each_chooses has them; a price
    they cannot pay is not offered (its ``_doable``)."""
    from rules.millennium_blades.ops_triggers import _doable

    seat, n = frame["seat"], game.num_players
    players = [(seat + i) % n for i in range(1, n) if (seat + i) % n not in game.out]
    frame["i"] = k + 1
    affect = [{"op": "_spared_or_affected", "ops": op["ops"]}]
    frames = []
    for p in players:
        options = [op["price"], affect] if _doable(game, op["price"], p, frame) and _friendship_doable(game, op, p) \
            else [affect]
        either = {"op": "either", "who": "that_player", "options": options}
        frames.append(game.frame(seat, frame["source"], {"ops": [either]}, {**frame["ctx"], "that_player": p},
                                 optional=False))
    game.push(frames)
    return True


def _friendship_doable(game: MBBase, op: dict, p: int) -> bool:
    """A price of one's own Friendship card: only with one left."""
    return op["price"][0]["op"] != "give_friendship" or game.friendship_left[p] > 0


def _exchange(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """One Friendship card each way: yours of your choice, theirs of theirs or yours."""
    seat, ctx = frame["seat"], frame["ctx"]
    ctx["did"] = False
    if not held(game, seat):
        game.log("friendship_not_exchanged", seat)
        return True
    if op["with"] == "any_opponent":  # "another opponent's Friendship card": the card and so its holder
        pairs = sorted({(p, g) for p in game.opponents(seat) for g in held(game, p)})
        if not pairs:
            game.log("friendship_not_exchanged", seat)
            return True
        key = f"{k}:theirs"
        if key not in ctx:
            if len(pairs) > 1:
                game.ask(seat, "either", [Action("option", (p * game.num_players + g,)) for p, g in pairs], key,
                         "another player's Friendship card (seat and giver)")
                return False
            ctx[key] = pairs[0][0] * game.num_players + pairs[0][1]
        other, theirs = divmod(int(ctx[key]), game.num_players)
    else:
        named = that_player(ctx, seat)
        if named is None or named == seat or not held(game, named):
            game.log("friendship_not_exchanged", seat)
            return True
        other = named
        chooser = other if op["their_pick"] == "they" else seat
        picked = _pick_giver(game, chooser, held(game, other), ctx, f"{k}:theirs", "a Friendship card to give")
        if picked == -1:
            return False
        assert picked is not None
        theirs = picked
    mine = _pick_giver(game, seat, held(game, seat), ctx, f"{k}:mine", "a Friendship card to give")
    if mine == -1:
        return False
    assert mine is not None
    move_friendship(game, theirs, other, seat)
    move_friendship(game, mine, seat, other)
    ctx["did"] = True
    return True


def _discard_to_aftermarket(game: MBBase, frame: dict, k: int) -> bool:
    """"Discard a Card" ("to your binder unless another location is specified"): to the Aftermarket, as
    a card sold goes there (its owner unchanged: it stays there after the tournament, "Aftermarket
    Space"); the discard triggers hear it."""
    seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:to_aftermarket"
    options = sorted({game.cards[c].name for c in game.hand[seat]})
    if not options:
        frame["i"] = frame.get("text_ends", len(frame["ops"]))
        game.log("discard_failed", seat)
        return True
    if key not in ctx:
        if len(options) > 1:
            game.ask(seat, "discard", [Action("pick", (name,)) for name in options], key, "a card to discard")
            return False
        ctx[key] = game.hand[seat][0]
    card = ctx[key]
    game.hand[seat].remove(card)
    game.log("discard", seat, card=game.cards[card].name, to="aftermarket")
    game.to_aftermarket([card])
    ctx["did"], ctx["those"] = True, [card]
    game.discard_triggers(seat, [card])
    return True


def _shares(game: MBBase, card: int, played: int, traits: list[str]) -> bool:
    """Whether ``card`` (in a hand: as printed) shares one of ``traits`` with the card ``played``."""
    from rules.millennium_blades.ops_more_l import rarity

    mine, theirs = game.cards[card], game.cards[played]
    queries: Any = game  # (the engine: its queries too)
    for trait in traits:
        if trait == "set" and mine.set_code and mine.set_code == theirs.set_code:
            return True
        if trait == "rarity" and rarity(queries, card) and rarity(queries, card) == rarity(queries, played):
            return True
        if trait == "type" and set(mine.types) & set(game.types(played)):
            return True
        if trait == "element" and set(mine.elements) & set(game.elements(played)):
            return True
    return False


def _discard_matching(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """"They must discard a card that matches that card's RARITY or SET, or reveal a hand with none":
    the player who played it picks one such card of their hand to their binder ("Discard a Card"); with
    none, their whole hand is shown (a hand revealed: ``note_hand_revealed``)."""
    ctx, key = frame["ctx"], f"{k}:matching"
    players = game.who(frame, op, k)
    played = ctx.get("played")
    if players is None:
        return False
    if not players or played is None:
        return True
    p = players[0]
    fits = [c for c in game.hand[p] if _shares(game, c, played, op["match"])]
    if not fits:
        game.log("reveal_hand", frame["seat"], seat=p, cards=[game.cards[c].name for c in game.hand[p]])
        note_hand_revealed(game, frame["source"], list(game.hand[p]))
        ctx["did"] = False
        return True
    return _discard_one(game, frame, p, fits, key, "a matching card to discard")


def _return_and_replace(game: MBBase, frame: dict, k: int) -> bool:
    """"Return this card to your hand, and put another card into play in its place (do not activate
    the Play effects)": the card is chosen first (from the hand without this card), then this card
    leaves its slot to your hand (as batch f's to_hand) and the chosen card takes the slot, face-up,
    with the tokens it comes into play with; it is not played ("Play a Single"), so no Play effect
    or play trigger."""
    seat, source, ctx, key = frame["seat"], frame["source"], frame["ctx"], f"{k}:in_its_place"
    ctx["did"] = False
    if source is None or source not in game.tableau[seat]:
        return True
    options = sorted({game.cards[c].name for c in game.hand[seat]
                      if game.cards[c].card_type == "single" and game.may_play(seat, c)})
    if key not in ctx and len(options) > 1:
        game.ask(seat, "play", [Action("pick", (name,)) for name in options], key, "a card to put in its place")
        return False
    card = ctx.get(key) if key in ctx else next((c for c in game.hand[seat] if game.cards[c].name in options), None)
    slot = game.tableau[seat].index(source)
    game.tableau[seat].remove(source)
    game.tokens.pop(source, None)
    game.markers_left[seat] += game.sell_marked.pop(source, 0)
    game.hand[seat].append(source)
    game.log("to_hand", seat, card=game.cards[source].name, seat_from=seat, seat_to=seat)
    if card is not None:
        game.hand[seat].remove(card)
        game.tableau[seat].insert(slot, card)
        game.enter_with_tokens(seat, card)
        ctx["did"], ctx["chosen"] = True, card
        game.log("put_in_place", seat, card=game.cards[card].name, slot=slot)
    return True


def _buy_in_play(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """A face-up card of another player's tableau bought from its owner for N times its STAR: one you
    can pay for (batch b's "Paying another player"), its STAR as it is there; then, with ``take``, it
    leaves the tableau ("Tableau": the cards right of it shift left) to your hand, yours now, face-up
    and without tokens (as batch f's to_hand)."""
    seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:buy"
    purse = game.purse[seat] + game.money[seat]
    price = {c: op.get("times", 1) * (game.star(c) or 0) for p in game.opponents(seat) for c in game.tableau[p]
             if c not in game.down}
    spots = [(p, i) for p in game.opponents(seat) for i, c in enumerate(game.tableau[p])
             if c in price and price[c] <= purse]
    if key not in ctx:
        if not spots:
            frame["i"] = frame.get("text_ends", len(frame["ops"]))
            game.log("buy_failed", seat)
            return True
        if len(spots) > 1:
            game.ask(seat, "target", [Action("target", spot) for spot in spots], key, "a card to buy")
            return False
        ctx[key] = game.tableau[spots[0][0]][spots[0][1]]
    card = ctx[key]
    holder = game.seat_of(card)
    payee = game.owner[card] if game.owner[card] >= 0 else holder
    paid = price[card]
    game.money[seat] -= paid
    from rules.millennium_blades.ops_more_v import mark_spent  # "if you spent money this turn", Dollars spent

    mark_spent(game, seat, paid)
    if payee is not None:
        game.money[payee] += paid
        game.log("pay_player", seat, to=payee, amount=paid)
    ctx["chosen"], ctx["bought_star"], ctx["did"] = card, game.star(card) or 0, True
    if op.get("take") and holder is not None:
        game.tableau[holder].remove(card)
        game.tokens.pop(card, None)
        game.markers_left[holder] += game.sell_marked.pop(card, 0)  # its Sell Markers back to its player
        game.hand[seat].append(card)
        game.owner[card] = seat
        game.log("to_hand", seat, card=game.cards[card].name, seat_from=holder, seat_to=seat)
    return True


def _later_or_tied(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``at_scoring_end``: the ops in a frame under every Score effect still waiting ("Ending the
    Tournament": the Score effects are all on the stack once scoring starts), so they come last;
    ``tied_rp``: the players tied with you now, each in a frame as that_player."""
    seat, ctx = frame["seat"], frame["ctx"]
    frame["i"] = k + 1
    if op["op"] == "at_scoring_end":
        later = game.frame(seat, frame["source"], {"ops": op["ops"]}, ctx, optional=False)
        if game.phase == "scoring":
            game.stack.insert(0, later)
        else:
            game.push([later])
        return True
    tied = [p for p in game.opponents(seat) if game.rp[p] == game.rp[seat]]
    game.push([game.frame(seat, frame["source"], {"ops": op["ops"]}, {**ctx, "that_player": p}, optional=False)
               for p in tied])
    return True


def _attach_those(game: MBBase, frame: dict, op: dict) -> bool:
    """"Place it on this card (max. N cards)": each card discarded, from its owner's binder (where a
    discard put it), attached to this card while it has fewer than N; as batch r's attachments they
    count as printed and go back to their owner's binder when the tournament ends."""
    seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
    ctx["did"] = False
    if source is None or source in game.down or game.seat_of(source) is None:
        return True
    for card in ctx.get("those", ()):
        if "max" in op and len(game.attachments(source)) >= op["max"]:
            break
        owner = game.owner[card]
        if card not in game.binder[owner]:
            continue
        game.binder[owner].remove(card)
        game.attached = {**game.attached, card: {"host": source}}
        ctx["attached"], ctx["did"] = card, True
        game.log("attach", seat, card=game.cards[card].name, to=game.cards[source].name, star=game.star(source))
    return True


def _discard_revealed(game: MBBase, frame: dict, k: int) -> bool:
    """"Discard one of the cards revealed with this card's ability": one of them still in the
    player's hand, their choice (by name), to their binder ("Discard a Card"); the discard triggers."""
    seat, key = frame["seat"], f"{k}:discard_revealed"
    shown = revealed_in_hand(game, seat, frame["source"])
    if not shown:
        frame["i"] = frame.get("text_ends", len(frame["ops"]))
        game.log("discard_failed", seat)
        return True
    return _discard_one(game, frame, seat, shown, key, "a revealed card to discard")


def _discard_one(game: MBBase, frame: dict, seat: int, pool: list[int], key: str, about: str) -> bool:
    """One card of ``pool`` (cards of ``seat``'s hand) to ``seat``'s binder ("Discard a Card"), picked by
    name when they differ (cards of one name are alike); "If you did" holds, the discard triggers."""
    ctx = frame["ctx"]
    if key not in ctx:
        names = sorted({game.cards[c].name for c in pool})
        if len(names) > 1:
            game.ask(seat, "discard", [Action("pick", (name,)) for name in names], key, about)
            return False
        ctx[key] = pool[0]
    card = ctx[key]
    game.hand[seat].remove(card)
    game.binder[seat].append(card)
    ctx["did"] = True
    game.log("discard", seat, card=game.cards[card].name)
    game.discard_triggers(seat, [card])
    return True


def _reveal_one_of_those(game: MBBase, frame: dict, k: int) -> bool:
    """"Reveal one card gained this way": of those cards still in the player's hand, one of their
    choice (by name: cards of one name are alike) is shown to all, as batch naming's cards shown from a hand."""
    seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:reveal_one"
    mine = [c for c in ctx.get("those", ()) if c in game.hand[seat]]
    options = sorted({game.cards[c].name for c in mine})
    if not options:
        ctx["revealed"], ctx["did"] = None, False
        return True
    if key not in ctx and len(options) > 1:
        game.ask(seat, "reveal", [Action("pick", (name,)) for name in options], key, "a card gained to reveal")
        return False
    card = ctx[key] if key in ctx else mine[0]
    ctx["revealed"], ctx["did"] = card, True
    game.log("reveal", seat, source="hand", card=game.cards[card].name)
    return True


def _return_friendship(game: MBBase, frame: dict, k: int) -> bool:
    """"Return a player's Friendship Card you have to them": one you were given, to its giver, who is
    "that player" now; its VP is counted."""
    seat, ctx = frame["seat"], frame["ctx"]
    ctx["did"] = False
    giver = _pick_giver(game, seat, game.friends[seat], ctx, f"{k}:return", "a Friendship card to return")
    if giver == -1:
        return False
    if giver is None:  # as a discard that cannot be made, it stops the rest of the card's text
        game.log("friendship_not_returned", seat)
        frame["i"] = frame.get("text_ends", len(frame["ops"]))
        return True
    move_friendship(game, giver, seat, giver)
    ctx["that_player"], ctx["friendship_vp_returned"], ctx["did"] = giver, FRIENDSHIP_CARD_VP, True
    return True


__all__ = ["FRIENDSHIP_CARD_VP", "HANDS_COUNTS", "HANDS_OPS", "HANDS_RUN_OPS", "do_hands_op", "hands_count",
           "hands_count_errors", "hands_op_errors", "held", "move_friendship", "note_hand_revealed", "revealed_in_hand"]
