"""The engine side of ``phrases_clash_tokens.py`` (issue 26.2, the ``clash_tokens`` batch): a Top
rule under which no clash is declared, and the Top Cards of all players as a zone to count
(millennium-blades.txt, "Clashing", "Top Card"; rules notes, "MB: clash_tokens, clashes and +1 STAR
tokens"). The card checker's checks are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.catalogue import IN_FORCE

CLASH_TOKENS_OPS = {
    "no_clashes": OpSpec("Continuous (Ongoing, Top): while in force, no clash is declared: every clash any effect "
                         "asks for does not occur (\"No clash may be declared\").", {}),
    "gather_tokens": OpSpec("Take up to up_to +1 STAR tokens from face-up cards of a player's tableau (from: "
                            "that_player) onto this card (onto: this; absent, only taken away): the effect's player "
                            "picks a card at a time (or stops), all its tokens taken up to what is left; COUNT "
                            "tokens_moved is how many.",
                            {"up_to": "int", "from": "str", "onto": "str"}),
    "add_or_remove_each": OpSpec("For each card the target names (pick all), in turn: the effect's player puts a +1 "
                                 "STAR token on it (option 0), takes one off it (option 1, if it has one) or neither "
                                 "(decline); COUNT tokens_moved is how many were put on or taken off.", {"target": "any"}),
    "forced_clash": OpSpec("Continuous (Ongoing, Top): when an opponent's effect would make this card's player clash, "
                           "ops are done first, as this player's, then the clash goes on (it may not occur then).",
                           {"ops": "any"}),
    "hand_reveal": OpSpec("Continuous (Ongoing, Top): in a clash of this card's player, they may reveal a card at "
                          "random from their hand (it stays there) instead of the Store's top card, its printed STAR "
                          "added; each time, they gain gain_rp RP.", {"gain_rp": "int"}),
    "untokened_tops": OpSpec("Continuous (Ongoing, Top): in a clash, each player's card is their right-most face-up "
                             "card without +1 STAR tokens, not their Top Card; a player with none does not clash.", {}),
    "token_bonus": OpSpec("Continuous (Ongoing, Top): whenever a card (whose: self, one of this card's player's "
                          "cards; this, this card) gains any +1 STAR tokens, it gains amount more (once, not again for "
                          "those).", {"whose": "str", "amount": "int"}),
}
CLASH_TOKENS_CONTINUOUS_OPS = ("no_clashes", "token_bonus", "untokened_tops", "forced_clash", "hand_reveal")
#: the feature of a card that lets its player reveal from the hand in a clash (``cards_with``)
HAND_REVEAL = IN_FORCE + "hand_reveal"
#: the feature of a card with something done before an opponent's clash it is in (``cards_with``)
FORCED_CLASH = IN_FORCE + "forced_clash"
#: the feature of a card that may change the cards players clash with (``cards_with``)
UNTOKENED_TOPS = IN_FORCE + "untokened_tops"
#: the feature of a card whose token_bonus may be in force (``cards_with``)
TOKEN_BONUS = IN_FORCE + "token_bonus"
#: the zone of each player's Top Card (a COUNT's ``zone``)
TOPS_ZONE = "tops"


def clash_tokens_op_errors(name: str, op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """``no_clashes`` and ``untokened_tops`` have no fields; ``token_bonus`` is for this card's player's cards or this card, a
    whole amount, 1 or more."""
    if name == "hand_reveal":
        amount = op.get("gain_rp", 1)
        bad = isinstance(amount, bool) or not isinstance(amount, int) or amount < 1
        return [(f"{where}.gain_rp", "is a whole number, 1 or more")] if bad else []
    if name == "forced_clash":
        from rules.millennium_blades.effects import ops_errors  # effects asks this module

        return ops_errors(op.get("ops"), f"{where}.ops")
    if name == "add_or_remove_each":
        from rules.millennium_blades.effects import target_errors  # effects asks this module

        target = op.get("target")
        errors = target_errors(target, f"{where}.target")
        if isinstance(target, Mapping) and target.get("pick") != "all":
            errors.append((f"{where}.target.pick", "is all: each card, one after the other"))
        return errors
    if name == "gather_tokens":
        errors = [] if op.get("from") == "that_player" else [(f"{where}.from", "is that_player")]
        if op.get("onto", "this") != "this":
            errors.append((f"{where}.onto", "is this (or absent: the tokens are only taken away)"))
        amount = op.get("up_to")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            errors.append((f"{where}.up_to", "is a whole number, 1 or more"))
        return errors
    if name == "token_bonus":
        errors = [] if op.get("whose") in ("self", "this") else [(f"{where}.whose", "is self or this")]
        amount = op.get("amount", 1)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            errors.append((f"{where}.amount", "is a whole number, 1 or more"))
        return errors
    extra = sorted(set(op) - {"op"})
    return [(f"{where}.{key}", f"{name} has no fields") for key in extra]


def forced_clash(game: Any, frame: dict, op: Mapping[str, Any], participants: list[int], k: int) -> bool:
    """"If an opponent's effect would force you to clash, discard all cards in every tableau": before the
    clash's reveals, each other player in it (the effect's player's clash makes them clash) with such
    a rule in force does its ops as their own, then the clash starts over with the players and cards
    there are then ("the clash does not occur" without two Top Cards). Whether any were done (the
    clash then waits for them: a frame of them and of the clash itself, pushed)."""
    seat, ctx = frame["seat"], frame["ctx"]
    ctx[f"{k}:forced"] = True
    frames = []
    for p in participants:
        if p == seat:
            continue
        for card in game.cards_with(FORCED_CLASH):
            if card in game.down or game.seat_of(card) != p:
                continue
            for rule in game.ops_in_force(card, p, "forced_clash"):
                game.log("forced_clash", p, card=game.cards[card].name)
                frames.append(game.frame(p, card, {"ops": rule["ops"]}, {"that_player": seat}, optional=False))
    if not frames:
        return False
    # the clash itself again, at its own index (its choices are kept under it) and with its context shared
    # (the effect's later ops read its result); the effect goes on after it
    again = {**frame, "ops": frame["ops"][:k + 1], "i": k, "optional": False, "reaction": False,
             "needs_face_up": False, "text_ends": min(frame.get("text_ends", k + 1), k + 1)}
    game.push([*frames, again])
    return True


def hand_reveal_choices(game: Any, frame: dict, participants: list[int], k: int) -> bool:
    """"When you clash, you may reveal a card at random from your hand instead of revealing a card from
    the top of the deck": before the reveals, each player of the clash with such a rule in force and a
    card in hand is asked, in turn order; those who accept are kept (``{k}:alt``) for
    ``hand_card_revealed``, and gain its RP ("Whenever you do so"). False while one is asked."""
    ctx = frame["ctx"]
    alt = ctx.setdefault(f"{k}:alt", {})
    for p in participants:
        key = f"{k}:alt{p}"
        if key not in ctx:
            rules = [op for card in game.cards_with(HAND_REVEAL) if card not in game.down and game.seat_of(card) == p
                     for op in game.ops_in_force(card, p, "hand_reveal")]
            if not rules or not game.hand[p]:
                ctx[key] = False
                continue
            game.ask(p, "optional", [Action("accept"), Action("decline")], key,
                     "reveal a card at random from your hand instead of the Store's top card")
            return False
        if ctx[key] is True and str(p) not in alt:
            alt[str(p)] = True
            rules = [op for card in game.cards_with(HAND_REVEAL) if card not in game.down and game.seat_of(card) == p
                     for op in game.ops_in_force(card, p, "hand_reveal")]
            gains = [{"op": "gain_rp", "amount": op["gain_rp"]} for op in rules if "gain_rp" in op]
            if gains:
                game.triggered.append(game.frame(p, frame["source"], {"ops": gains}, optional=False))
    return True


def hand_card_revealed(game: Any, seat: int) -> int | None:
    """A card of ``seat``'s hand at random, revealed for a clash (it stays in the hand; logged)."""
    if not game.hand[seat]:
        return None
    card = game.hand[seat][game.rng.randrange(len(game.hand[seat]))]
    game.log("clash_hand_reveal", seat, card=game.cards[card].name, star=game.cards[card].printed_star)
    return card


def do_clash_tokens_op(game: Any, frame: dict, op: Mapping[str, Any], k: int) -> bool:
    """This module's one-shot ops, ``gather_tokens`` and ``add_or_remove_each`` (the others are continuous:
    nothing to do now)."""
    if op["op"] == "gather_tokens":
        return _gather_tokens(game, frame, op, k)
    if op["op"] == "add_or_remove_each":
        return _add_or_remove_each(game, frame, op, k)
    return True


def _add_or_remove_each(game: Any, frame: dict, op: Mapping[str, Any], k: int) -> bool:
    """"You may add or remove one +1 STAR Token on each face-up card in every tableau": for each card
    named (tableaus in turn order from the effect's player, left to right), the player puts a token on
    it, takes one off (if it has one), or leaves it (rules notes, "MB: clash_tokens"); the tokens put on
    or taken off are counted (``tokens_moved``). False while asked."""
    seat, ctx = frame["seat"], frame["ctx"]
    cards = ctx.get(f"{k}:cards")
    if cards is None:
        chosen = game.choose_cards(frame, op["target"], k, flipping=False)
        if chosen is None:
            return False
        order = {p: i for i, p in enumerate((seat + i) % game.num_players for i in range(game.num_players))}
        cards = ctx[f"{k}:cards"] = sorted(chosen, key=lambda c: (order[game.seat_of(c)], game.slot_of(c)))
        ctx["tokens_moved"] = 0
    for j in range(ctx.get(f"{k}:done", 0), len(cards)):
        card, key = cards[j], f"{k}:each{j}"
        if card in game.down or not game.in_tableau(card):
            ctx[f"{k}:done"] = j + 1
            continue
        if key not in ctx:
            options = [Action("option", (0,))] + ([Action("option", (1,))] if game.tokens.get(card) else [])
            game.ask(seat, "either", [*options, Action("decline")], key,
                     f"{game.cards[card].name}: option 0 puts a +1 STAR token on it, option 1 takes one off")
            return False
        ctx[f"{k}:done"] = j + 1
        if ctx[key] is False:
            continue
        if ctx[key] == 0:
            extra = token_bonus(game, card, seat) if TOKEN_BONUS in game.feature_cards else 0
            game.tokens[card] = game.tokens.get(card, 0) + 1 + extra
            game.log("star_tokens", seat, card=game.cards[card].name, amount=1 + extra, star=game.star(card))
        elif game.tokens.get(card):
            game.tokens[card] -= 1
            if not game.tokens[card]:
                del game.tokens[card]
            game.log("tokens_removed", seat, card=game.cards[card].name, amount=1, star=game.star(card))
        ctx["tokens_moved"] += 1
    return True


def _gather_tokens(game: Any, frame: dict, op: Mapping[str, Any], k: int) -> bool:
    """"Take up to 5 +1 STAR Tokens from cards in that player's tableau and place them onto this card":
    the effect's player picks a face-up card of that player's with tokens, or stops; all its tokens
    are taken, up to what is left of the limit (rules notes, "MB: clash_tokens"), then another card,
    until the limit is reached or none is left. The tokens go onto this card if it is face-up in a
    tableau (a face-down card "cannot gain" them, "FAQs": they are taken all the same). False while asked."""
    seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
    victim = ctx.get("that_player")
    ctx.setdefault("tokens_moved", 0)
    if victim is None:
        return True
    while ctx["tokens_moved"] < op["up_to"]:
        n = ctx.get(f"{k}:picks", 0)
        key = f"{k}:pick{n}"
        cands = [c for c in game.tableau[victim] if c not in game.down and game.tokens.get(c) and c != source]
        if not cands:
            break
        if key not in ctx:
            left = op["up_to"] - ctx["tokens_moved"]
            game.ask(seat, "target", [*(game.target_action(c) for c in cands), Action("decline")], key,
                     f"a card to take +1 STAR tokens from (up to {left} more)")
            return False
        ctx[f"{k}:picks"] = n + 1
        card = ctx[key]
        if card is False or card not in cands:
            break
        taken = min(game.tokens[card], op["up_to"] - ctx["tokens_moved"])
        game.tokens[card] -= taken
        if not game.tokens[card]:
            del game.tokens[card]
        ctx["tokens_moved"] += taken
        gets = op.get("onto") == "this" and source is not None and game.in_tableau(source) and source not in game.down
        extra = token_bonus(game, source, seat) if gets and TOKEN_BONUS in game.feature_cards else 0
        if gets:
            game.tokens[source] = game.tokens.get(source, 0) + taken + extra
        game.log("tokens_taken", seat, card=game.cards[card].name, amount=taken,
                 to=game.cards[source].name if gets else None)
    return True


def clash_tops(game: Any) -> dict[int, int | None] | None:
    """Each player's card for a clash while an ``untokened_tops`` is in force ("Each player ignores
    singles with +1 STAR Tokens on them when determining their Top Cards for any clash"): the right-most face-up card
    without tokens, or ``None`` (that player "cannot clash or be clashed with"); ``None`` when no such
    rule is in force. The clash asks only when the game holds such a card (``UNTOKENED_TOPS``)."""
    in_force = any(game.seat_of(c) is not None and c not in game.down
                   and game.ops_in_force(c, game.seat_of(c), "untokened_tops")
                   for c in game.cards_with(UNTOKENED_TOPS))
    if not in_force:
        return None
    tops: dict[int, int | None] = {}
    for p in range(game.num_players):
        tops[p] = next((c for c in reversed(game.tableau[p]) if c not in game.down and not game.tokens.get(c)), None)
    return tops


def clash_tokens_clash_errors(op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """A clash's ``unless_rp``: the RP the opponent may lose instead, a whole number, 1 or more; its
    ``own_card``: this (the effect's card, not your Top Card); each only in a clash with an opponent."""
    errors = []
    if "own_card" in op and (op["own_card"] != "this" or op.get("with") != "opponent"):
        errors.append((f"{where}.own_card", "is this, in a clash with an opponent"))
    if "unless_rp" not in op:
        return errors
    amount = op["unless_rp"]
    if op.get("with") != "opponent":
        return [*errors, (f"{where}.unless_rp", "belongs to a clash with an opponent")]
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        return [*errors, (f"{where}.unless_rp", "is a whole number, 1 or more")]
    return errors


def clash_refused(game: Any, frame: dict, op: Mapping[str, Any], participants: list[int], k: int) -> bool | None:
    """"Clash with an opponent unless that opponent loses 20 RP": the opponent chosen for the clash
    chooses; offered only to one who has that many RP to lose (rules notes, "MB: clash_tokens").
    Refused: no clash, and that player loses the RP (a ``lose_rp`` of theirs, pushed next, so what
    answers a loss answers it). ``None`` while asked, else whether the clash was refused."""
    ctx, key = frame["ctx"], f"{k}:unless"
    rival, amount = participants[1], op["unless_rp"]
    if key not in ctx:
        if game.rp[rival] < amount:
            ctx[key] = False
        else:
            game.ask(rival, "optional", [Action("accept"), Action("decline")], key,
                     f"lose {amount} RP instead of the clash")
            return None
    if not ctx[key]:
        return False
    game.log("clash_refused", rival, amount=amount)
    frame["i"] = k + 1
    game.push([game.frame(rival, frame["source"], {"ops": [{"op": "lose_rp", "amount": amount}]}, optional=False)])
    return True


#: flipped_tokens: the +1 STAR tokens the cards this effect flipped had (a flip takes them off)
CLASH_TOKENS_COUNTS = ("flipped_tokens",)


#: the trigger event this module adds: a clash whose cards include some of a Star Rating or higher
CLASH_TOKENS_EVENTS = ("clash_stars",)


def trigger_clash_tokens_errors(trigger: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    """A ``clash_stars`` trigger names a Star Rating (``min_star``, 0 or more) and how many cards of
    it (``count``, 2 or more: "two ... cards clash")."""
    if trigger.get("event") != "clash_stars":
        return [(f"{path}.{key}", "belongs to a clash_stars trigger") for key in ("min_star", "count") if key in trigger]
    errors = []
    star, count = trigger.get("min_star"), trigger.get("count")
    if isinstance(star, bool) or not isinstance(star, int) or star < 0:
        errors.append((f"{path}.min_star", "is a whole number, 0 or more"))
    if isinstance(count, bool) or not isinstance(count, int) or count < 2:
        errors.append((f"{path}.count", "is a whole number, 2 or more"))
    return errors


def clash_stars_frames(game: Any, seat: int, clashed: list[int | None], result: dict) -> list[dict]:
    """The frames of the ``clash_stars`` effects a clash just made sets off ("Whenever two 7 STAR or
    higher cards clash"): each face-up listener in a play area (a Top one while its player's Top
    Card) whose trigger's ``count`` of the ``clashed`` cards have ``min_star`` or more (their Star
    Ratings in the clash), seats in turn order, Top before Ongoing before Reaction ("Effects on
    Cards"). Asked only when the game holds such a card (feature ``on clash_stars``)."""
    listeners = game.cards_with("on clash_stars")
    stars = [game.star(c) or 0 for c in clashed if c is not None]
    found: dict[str, list[dict]] = {"top": [], "ongoing": [], "reaction": []}
    for p in game.seats_in_order():
        for source in game.play_area(p):
            if source not in listeners or source in game.down:
                continue
            for effect in game.cards[source].triggers["clash_stars"]:
                if effect["timing"] == "top" and source != game.top_card(p):
                    continue
                trigger = effect["trigger"]
                if sum(s >= trigger["min_star"] for s in stars) >= trigger["count"]:
                    found[effect["timing"]].append(game.frame(p, source, effect, {"clash_result": result,
                                                                                   "that_player": seat},
                                                              needs_face_up=True))
    return found["top"] + found["ongoing"] + found["reaction"]


def token_bonus(game: Any, card: int, by: int | None) -> int:
    """The +1 STAR tokens more ``card`` gains as it gains some: each face-up ``token_bonus`` in force
    ("Whenever a card in your tableau gains one or more +1 STAR Tokens, that card gains another
    +1 STAR Token") for it, each logged. The callers ask only when the game holds such a card
    (``cards_with(TOKEN_BONUS)``); a face-down card gains none ("FAQs": face-down cards "cannot gain
    +1 STAR Tokens")."""
    if card in game.down:
        return 0
    owner = game.seat_of(card)
    extra = 0
    for giver in game.cards_with(TOKEN_BONUS):
        seat = game.seat_of(giver)
        if seat is None or giver in game.down:
            continue
        for op in game.ops_in_force(giver, seat, "token_bonus"):
            if op["whose"] == "this" and giver == card or op["whose"] == "self" and owner == seat:
                extra += op.get("amount", 1)
                game.log("token_bonus", seat if by is None else by, card=game.cards[card].name,
                         giver=game.cards[giver].name, amount=op.get("amount", 1))
    return extra


def clash_banner(game: Any) -> int | None:
    """A face-up card whose ``no_clashes`` is in force now ("Effects on Cards": an Ongoing while
    face-up, a Top while its player's Top Card), or ``None``. Asked only when the game holds such a
    card (feature ``IN_FORCE + "no_clashes"``), so a clash of any other game costs a look-up."""
    for card in game.cards_with(IN_FORCE + "no_clashes"):
        seat = game.seat_of(card)
        if seat is None or card in game.down:
            continue
        if game.ops_in_force(card, seat, "no_clashes"):
            return card
    return None


def top_cards(game: Any) -> list[int]:
    """Each player's Top Card, players still in the tournament, in seat order (zone ``tops``)."""
    tops = (game.top_card(s) for s in range(game.num_players) if s not in game.out)
    return [c for c in tops if c is not None]


__all__ = ["CLASH_TOKENS_CONTINUOUS_OPS", "CLASH_TOKENS_COUNTS", "CLASH_TOKENS_EVENTS", "CLASH_TOKENS_OPS",
           "FORCED_CLASH", "HAND_REVEAL", "TOKEN_BONUS", "TOPS_ZONE", "UNTOKENED_TOPS", "clash_banner",
           "clash_refused", "clash_stars_frames", "clash_tokens_clash_errors", "clash_tokens_op_errors",
           "clash_tops", "do_clash_tokens_op", "forced_clash", "hand_card_revealed", "hand_reveal_choices",
           "token_bonus", "top_cards", "trigger_clash_tokens_errors"]
