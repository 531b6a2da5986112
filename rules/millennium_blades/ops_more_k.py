"""The engine side of ``phrases_more_k.py`` (issue 26.2, batch k): one +1 STAR token on each of
several different cards (a face-down card turned face-up again is batch h's ``unflip``), and a token removed
instead of a flip by an opponent's effect (millennium-blades.txt, "Flip a Card", "Face-Down Cards",
"Set Specific Keywords": Blast Off; docs/rules-notes.md, "MB: batch k"). The card checker's checks
are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.ops_clash_tokens import TOKEN_BONUS, token_bonus
from rules.millennium_blades.ops_zones2 import player_cards

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase
    from rules.millennium_blades.queries import QueryMixin

ANY = "any"
MORE_K_OPS = {
    "tokens_on_different": OpSpec("One +1 STAR token on each of up to `cards` different face-up cards the target "
                                  "allows, chosen one at a time by the effect's player (fewer such cards: fewer "
                                  "tokens).", {"cards": "int", "target": ANY}),
    "for_players_with": OpSpec("Each of the players of who (each, each_opponent) with a card of the filter in their "
                               "tableau (zones: in any of these, ops_zones2.py) when the effect resolves (none: with no "
                               "such card; batch s), in turn, does the ops as that_player.",
                               {"who": "str", "filter": ANY, "ops": ANY, "none": "bool", "zones": ANY}),
    "token_shield": OpSpec("While this card is face-up: when a face-up card (target this: this card; tableau: "
                           "any card of yours) carrying +1 STAR tokens would be flipped by an opponent's effect, "
                           "one token is removed instead (optional: its player may decline) (continuous); pay "
                           "rp_star: its player pays RP equal to the card's Star Rating instead, tokens or not (batch v).",
                           {"target": "str", "optional": "bool", "pay": "str"}),
}
MORE_K_CONTINUOUS_OPS = ("token_shield",)
#: that_player: the COUNT ``of``, seen from the player the effect chose ("that player's tableau");
#: players_without: the players still in with no card of the FILTER in their tableau; players_more:
#: the other players with more such cards than you
MORE_K_COUNTS = ("that_player", "players_without", "players_more")
#: who may be named by a target of tokens_on_different: the cards of one tableau, or of any; each:
#: each player in turn on their own cards (chooser: owner)
_DIFFERENT_PLAYERS = ("self", "any", "opponent", "that_player", "each")

Errors = list[tuple[str, str]]


def more_k_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker's checks of this module's ops (``effects._op`` asks)."""
    from rules.millennium_blades.effects import _int, target_errors  # effects asks this module

    if name == "token_shield":
        errors = [] if op.get("target") in ("this", "tableau") else [(f"{where}.target", "is this or tableau")]
        if op.get("pay", "rp_star") != "rp_star":
            errors.append((f"{where}.pay", "is rp_star (RP equal to the card's Star Rating), or absent (a token)"))
        return errors
    if name == "for_players_with":
        from rules.millennium_blades.effects import filter_errors, ops_errors
        from rules.millennium_blades.ops_zones2 import player_zones_errors

        errors = [] if op.get("who") in ("each", "each_opponent") else [(f"{where}.who", "is each or each_opponent")]
        errors += player_zones_errors(op, where)  # the zones a player's cards are looked for in (ops_zones2.py)
        return errors + filter_errors(op.get("filter"), f"{where}.filter") + ops_errors(op.get("ops"), f"{where}.ops")
    target = op.get("target")
    errors = target_errors(target, f"{where}.target")
    if isinstance(target, Mapping) and target.get("pick") != "choice":
        errors.append((f"{where}.target.pick", "is choice: each card is chosen"))
    # tokens_on_different
    errors += _int(op.get("cards"), f"{where}.cards")
    if isinstance(op.get("cards"), int) and op["cards"] < 2:
        errors.append((f"{where}.cards", "is 2 or more"))
    if isinstance(target, Mapping) and target.get("player") not in _DIFFERENT_PLAYERS:
        errors.append((f"{where}.target.player", f"is one of {', '.join(_DIFFERENT_PLAYERS)}"))
    return errors


#: fewest_tokens (True): no face-up card of the card's tableau carries fewer +1 STAR tokens
MORE_K_FILTER_KEYS = frozenset({"fewest_tokens"})


def fewest_tokens(game: QueryMixin, card: int) -> bool:
    """Whether no face-up card of ``card``'s tableau carries fewer tokens than it (ties: each of them)."""
    seat = game.seat_of(card)
    if seat is None or card in game.down or card not in game.tableau[seat]:
        return False
    return game.tokens.get(card, 0) == min(game.tokens.get(c, 0) for c in game.tableau[seat] if c not in game.down)


def more_k_count_errors(count: Mapping[str, Any], path: str) -> Errors:
    from rules.millennium_blades.effects import count_errors, filter_errors  # effects asks this module

    if count["count"] == "that_player":
        return count_errors(count.get("of"), f"{path}.of")
    return filter_errors(count.get("filter", {}), f"{path}.filter")


def more_k_count(game: QueryMixin, count: dict, source: int | None, seat: int, ctx: dict) -> int:
    """A COUNT of this module: seen from the player chosen; or the players (still in) by the cards
    of their tableau that fit the FILTER: those with none, those with more than you."""
    if count["count"] == "that_player":
        return game.count(count["of"], source, ctx.get("that_player", seat), ctx)
    flt = count.get("filter", {})
    players = [p for p in range(game.num_players) if p not in game.out]
    have = {p: sum(1 for c in game.tableau[p] if game.matches(c, flt, source)) for p in players}
    if count["count"] == "players_without":
        return sum(1 for p in players if not have[p])
    return sum(1 for p in players if p != seat and have[p] > have.get(seat, 0))


def do_more_k_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    if op["op"] == "for_players_with":
        return op_for_players_with(game, frame, op, k)
    return op_tokens_on_different(game, frame, op, k)


def _seats(game: MBBase, frame: dict, player: str) -> list[int]:
    seat = frame["seat"]
    if player == "self":
        return [seat]
    if player == "that_player":
        return [frame["ctx"].get("that_player", seat)]
    return [s for s in range(game.num_players) if s not in game.out and (player == "any" or s != seat)]


def op_tokens_on_different(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """One token on each of ``cards`` different face-up cards, chosen one at a time ("FAQs": a
    face-down card cannot gain tokens); with fewer such cards, fewer tokens (rules notes, batch k).
    "Each player": each in turn order from you, on their own cards, of their own choice."""
    seat, ctx = frame["seat"], frame["ctx"]
    if op["target"]["player"] == "each":
        groups = [(p, [p]) for p in [seat, *game.opponents(seat)] if p not in game.out]
    else:
        groups = [(seat, _seats(game, frame, op["target"]["player"]))]
    for g, (chooser, seats) in enumerate(groups):
        if not _tokens_for(game, frame, op, f"{k}:{g}", chooser, seats):
            return False
    ctx["did"] = any(ctx[f"{k}:{g}:different"] for g in range(len(groups)))
    return True


def _tokens_for(game: MBBase, frame: dict, op: dict, key: str, chooser: int, seats: list[int]) -> bool:
    """The tokens ``chooser`` puts on the cards of ``seats``; False while a choice is asked."""
    source, ctx = frame["source"], frame["ctx"]
    flt = op["target"].get("filter", {})
    chosen: list[int] = ctx.setdefault(f"{key}:different", [])
    while len(chosen) < op["cards"]:
        step = f"{key}:different{len(chosen)}"
        if step not in ctx:
            cands = [c for p in seats for c in game.tableau[p]
                     if c not in game.down and c not in chosen and game.matches(c, flt, source)]
            if not cands:
                break
            if len(cands) > op["cards"] - len(chosen):  # as many cards as tokens left or fewer: each gets one
                game.ask(chooser, "target", [game.target_action(c) for c in cands], step,
                         f"a card for a +1 STAR token ({len(chosen) + 1} of {op['cards']}, each a different card)")
                return False
            ctx[step] = cands[0]
        card = ctx[step]
        chosen.append(card)
        extra = token_bonus(game, card, chooser) if TOKEN_BONUS in game.feature_cards else 0  # (ops_clash_tokens.py)
        game.tokens[card] = game.tokens.get(card, 0) + 1 + extra
        game.log("star_tokens", chooser, card=game.cards[card].name, amount=1 + extra, star=game.star(card))
        game.triggered.extend(game.collect("star_tokens", card, chooser))
    return True


def op_for_players_with(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Each player (each opponent) who has such a card in their tableau as the effect resolves (with
    ``none``: who has none), in turn order from the effect's player, does the ops as "that player"
    (ops_more_e.op_for_players)."""
    seat = frame["seat"]
    without = op.get("none", False)  # "each opponent with no EARTH cards in their tableau" (phrases_more_s)
    zones = op.get("zones")  # "in their binder, accessory slot or hand", "owns" (ops_zones2.py)
    players = [p for p in ([seat] if op["who"] == "each" else []) + game.opponents(seat) if p not in game.out
               and any(game.matches(c, op["filter"], frame["source"])
                       for c in (player_cards(game, p, zones) if zones else game.tableau[p])) != without]
    frame["i"] = k + 1
    game.push([game.frame(seat, frame["source"], {"ops": op["ops"]}, {**frame["ctx"], "that_player": p}, optional=False)
               for p in players])
    return True


def token_shield(game: MBBase, frame: dict, card: int, by: int, key: str) -> bool | None:
    """A token removed instead of a flip by an opponent's effect (``token_shield``): True when it
    kept the card face-up, None while its player is asked (a "you may" shield); a card without
    tokens is flipped (rules notes, "MB: batch k"). ``pay: rp_star`` (batch v): RP equal to the card's
    Star Rating paid instead, when its player has that much."""
    owner = game.seat_of(card)
    if owner is None or owner == by or card in game.down:
        return False
    star = game.star(card) or 0
    shields = [op for guard, op in game.face_up_ops(owner, "token_shield") if (op["target"] == "tableau" or guard == card)
               and (game.rp[owner] >= star if op.get("pay") == "rp_star" else game.tokens.get(card))]
    if not shields:
        return False
    ctx, paying = frame["ctx"], shields[0].get("pay") == "rp_star"
    if all(op.get("optional") for op in shields):
        if key not in ctx:
            what = f"pay {star} RP" if paying else "remove a +1 STAR token from"
            game.ask(owner, "optional", [Action("accept"), Action("decline")], key,
                     f"{what} {'for ' if paying else ''}{game.cards[card].name} instead of flipping it")
            return None
        if ctx[key] is False:
            return False
    if paying:
        game.rp[owner] -= star
        game.log("rp_instead_of_flip", owner, card=game.cards[card].name, amount=star, rp=game.rp[owner], by=by)
        return True
    game.tokens[card] -= 1
    if not game.tokens[card]:
        del game.tokens[card]
    game.log("token_instead_of_flip", owner, card=game.cards[card].name, star=game.star(card), by=by)
    return True


__all__ = ["MORE_K_CONTINUOUS_OPS", "MORE_K_COUNTS", "MORE_K_FILTER_KEYS", "MORE_K_OPS", "do_more_k_op", "fewest_tokens",
           "more_k_count", "more_k_count_errors", "more_k_op_errors", "token_shield"]
