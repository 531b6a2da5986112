"""The engine side of ``phrases_triggers.py`` (issue 26.2, batch "triggers"): new trigger events and
choices made by other players (millennium-blades.txt, "Effects on Cards": "Top, Ongoing, and
Reaction effects ... are activated whenever the relevant condition on the effect is met";
docs/rules-notes.md, "MB: triggers").

Each event is announced in the one place where the thing happens, and only when a card of the game
listens to it (``cards_with("on <event>")``: the game's feature index, a look-up):

- ``to_aftermarket``: ``clash.to_aftermarket``, every card an effect, a clash or a reveal puts
  there ("Aftermarket Space"); the card is REF ``revealed`` (and ``played``) of the effect.
- ``play_effect``: ``flow.play_single``, once for each Play effect of the card played that activates.
- ``money_gained`` / ``money_spent`` / ``money_moved`` (either): a ``gain_money`` op
  (``resolve.op_points``) and every payment ``ops_more_v.mark_spent`` records; COUNT ``money_moved``
  is the amount ("twice that much RP").

Ops: ``each_chooses`` (each player in turn from your left picks one option, as their own decision),
``pass_option`` (the option of doing nothing), ``exchange_rp``. The card checker's checks are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

TRIGGERS_OPS = {
    "each_chooses": OpSpec("Each of the players (who: each, from the player to your left round to you; each_other: "
                           "the others, from your left) in turn chooses one of the options (lists of ops) and does it "
                           "as their own (\"you\" in it is this effect's player, that_player); an option they cannot "
                           "do (lose more RP than they have; batch b's can_do_option) is not offered.",
                           {"who": "str", "start": "str", "options": "any"}),
    "pass_option": OpSpec("The option of doing nothing (\"neither of you gains anything\").", {}),
    "exchange_rp": OpSpec("This effect's player exchanges RP totals with the player who has the most (with: most) or "
                          "the least (least) RP; a tie among others: the effect's player chooses.", {"with": "str"}),
    "bonus_action": OpSpec("One more Action this turn for the effect's player, if it is their turn: the turn's Action "
                           "given back if it was used, else one kept for after it (batch u's extra_actions memo).", {}),
    "negate_play": OpSpec("In a would_play effect: the Play effects of the card being played do not resolve "
                          "(those not started yet).", {}),
    "echo_next_gain": OpSpec("The next time this effect's player gains RP this turn (by a gain_rp op), they gain that "
                             "many RP again, at most max (optional).", {"max": "int"}),
}
#: the ops the resolver runs here: the card ops, and the gate of "an Action that does not cause a clash"
TRIGGERS_RUN_OPS = frozenset((*TRIGGERS_OPS, "_no_clash_gate"))
#: to_aftermarket: a card put into the Aftermarket; play_effect: a Play effect activates; money_*: your Dollars
#: action_no_clash: you used an Action and no clash occurred while it resolved
#: would_play: a card is coming into play, before its Play effects
TRIGGERS_EVENTS = ("to_aftermarket", "play_effect", "money_gained", "money_spent", "money_moved", "action_no_clash",
                   "would_play")
#: money_moved: the Dollars the trigger gained or spent; aftermarket_best: the combined printed STAR of
#: the `cards` highest-STAR cards of the Aftermarket (the best choice of that many)
TRIGGERS_COUNTS = ("money_moved", "aftermarket_best")
_CHOOSERS = ("each", "each_other")
#: that_player: the player the trigger (or choice) is about is you
TRIGGERS_TESTS = ("that_player",)
_MONEY = {"gained": ("on money_gained", "on money_moved"), "spent": ("on money_spent", "on money_moved")}

Errors = list[tuple[str, str]]


def triggers_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """``each_chooses``: who one of _CHOOSERS, start left, two or more options checked as any ops;
    ``exchange_rp``: with most or least; ``pass_option``: no field."""
    if name in ("pass_option", "bonus_action", "negate_play"):
        return [(f"{where}.{key}", f"{name} takes no field") for key in sorted(set(op) - {"op"})]
    if name == "exchange_rp":
        return [] if op.get("with") in ("most", "least") else [(f"{where}.with", "is most or least")]
    if name == "echo_next_gain":
        cap = op.get("max", 1)
        ok = isinstance(cap, int) and not isinstance(cap, bool) and cap >= 1
        return [] if ok else [(f"{where}.max", "is a whole number of RP, 1 or more")]
    from rules.millennium_blades.effects import ops_errors  # effects imports this module

    errors: Errors = []
    if op.get("who") not in _CHOOSERS:
        errors.append((f"{where}.who", f"is one of {', '.join(_CHOOSERS)}"))
    if op.get("start", "left") != "left":
        errors.append((f"{where}.start", "is left (the player to your left first)"))
    options = op.get("options")
    if not isinstance(options, list) or len(options) < 2:
        return [*errors, (f"{where}.options", "is a list of two or more lists of ops")]
    for i, branch in enumerate(options):
        errors += ops_errors(branch, f"{where}.options[{i}]")
    return errors


def triggers_condition_errors(cond: Mapping[str, Any], path: str) -> Errors:
    """``that_player``: ``is`` self."""
    return [] if cond.get("is") == "self" else [(f"{path}.is", "is self: the player the trigger is about is you")]


def triggers_holds(cond: Mapping[str, Any], seat: int, ctx: Mapping[str, Any]) -> bool:
    """``that_player``: the trigger's player ("that player") is the effect's player."""
    return ctx.get("that_player") == seat


def trigger_triggers_errors(trigger: Mapping[str, Any], path: str) -> Errors:
    """``only_next``: true, or absent (the first such event the effect hears, and never again)."""
    if trigger.get("only_next", True) is not True:
        return [(f"{path}.only_next", "is true: the first such event only")]
    return []


def once_left(game: MBBase, source: int, event: str, index: int) -> bool:
    """Whether the ``index``-th ``event`` trigger of ``source`` marked ``only_next`` has not fired yet; if
    not, it fires now and never again ("the next player to gain RP": the first gain it hears)."""
    key = f"next:{source}:{event}:{index}"
    if game.turn_memo.get(key):
        return False
    game.turn_memo[key] = 1
    return True


def triggers_count_errors(count: Mapping[str, Any], path: str) -> Errors:
    """``aftermarket_best``: ``cards``, a whole number 1 or more; ``money_moved``: nothing."""
    if count.get("count") == "money_moved":
        return []
    n = count.get("cards")
    ok = isinstance(n, int) and not isinstance(n, bool) and n >= 1
    return [] if ok else [(f"{path}.cards", "is a whole number of cards, 1 or more")]


def triggers_count(game: MBBase, count: Mapping[str, Any], ctx: Mapping[str, Any] | None) -> int:
    """``money_moved``: the Dollars of the trigger; ``aftermarket_best``: the `cards` highest printed
    Star Ratings in the Aftermarket added (fewer cards there: all of them)."""
    if count["count"] == "money_moved":
        return int((ctx or {}).get("money_moved", 0))
    stars = sorted((game.cards[c].printed_star or 0 for c in game.aftermarket), reverse=True)
    return sum(stars[:count["cards"]])


def do_triggers_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    name = op["op"]
    if name == "each_chooses":
        return _each_chooses(game, frame, op, k)
    if name == "exchange_rp":
        return _exchange_rp(game, frame, op, k)
    if name == "bonus_action":
        return _bonus_action(game, frame["seat"])
    if name == "negate_play":
        return _negate_play(game, frame)
    if name == "echo_next_gain":  # armed for this turn (echo_gain does it)
        seat = frame["seat"]
        memo = game.turn_memo
        memo[f"echo:{seat}"], memo[f"echo_max:{seat}"] = game.turn, op.get("max", 0)
        memo[f"echo_card:{seat}"] = frame["source"] if frame["source"] is not None else -1
        game.log("next_gain_echoed", seat, most=op.get("max"))
        return True
    if name == "_no_clash_gate":
        if game.turn_memo.get(CLASHES, 0) == op["clashes"]:  # none since the Action was used
            game.triggered.extend(game.collect("action_no_clash", op["card"], frame["seat"]))
        return True
    game.log("chose_nothing", frame["seat"])  # pass_option
    return True


def _negate_play(game: MBBase, frame: dict) -> bool:
    """"Negate that card's Play effects": the frames of the Play effects of the card being played
    (``played``) still waiting on the stack are dropped; logged with how many."""
    card = frame["ctx"].get("played")
    if card is None:
        return True
    plays = [e for _i, e in game.cards[card].timed("play")]
    dropped = [f for f in game.stack if f["source"] == card and f["ctx"].get("played") == card and f["i"] == 0
               and _runs_one_of(f, plays)]
    game.stack = [f for f in game.stack if all(f is not d for d in dropped)]
    game.log("play_effects_negated", frame["seat"], card=game.cards[card].name, effects=len(dropped))
    return True


def _runs_one_of(frame: dict, effects: list[dict]) -> bool:
    """Whether ``frame`` resolves one of ``effects`` (its first op that effect's, or the condition
    ``resolve.frame`` put around it)."""
    if not frame["ops"]:
        return False
    first = frame["ops"][0]
    firsts = [first, *(first.get("then") or [None])[:1]] if first.get("op") == "if" else [first]
    return any(op is e["ops"][0] for e in effects for op in firsts if e["ops"])


def _bonus_action(game: MBBase, seat: int) -> bool:
    """"You gain an additional Action this turn" ("Use an Action": "You can use one action per turn"):
    in its player's turn, the turn's Action is given back if it was used (batch g's extra_action),
    else one more is kept for after it (batch u's memo, ``spend_extra_action``); in another player's
    turn, nothing (Actions are used in one's own turn)."""
    if seat != game.seat_turn:
        return True
    if game.action_used:
        game.action_used = False
    else:
        left = game.turn_memo.get("extra_actions:left", 0) if game.turn_memo.get("extra_actions") == game.turn else 0
        game.turn_memo["extra_actions"], game.turn_memo["extra_actions:left"] = game.turn, left + 1
    game.log("extra_action", seat)
    return True


def _each_chooses(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """"Starting to your left and going clockwise, each player chooses one of the following": one
    ``either`` for each player, the player to your left first ("passing clockwise", "Effects on
    Cards"), you last (who: each); each decision is that player's (market.op_either asks them)."""
    seat, n = frame["seat"], game.num_players
    last = n + 1 if op["who"] == "each" else n
    players = [(seat + i) % n for i in range(1, last) if (seat + i) % n not in game.out]
    frame["i"] = k + 1
    frames = []
    for p in players:
        options = [o for o in op["options"] if _doable(game, o, p, frame)] or op["options"]
        either = {"op": "either", "who": "that_player", "options": options}
        frames.append(game.frame(seat, frame["source"], {"ops": [either]}, {**frame["ctx"], "that_player": p},
                                 optional=False))
    game.push(frames)
    return True


def _doable(game: Any, option: list[dict], chooser: int, frame: dict) -> bool:
    """"If any player cannot ...": losing more RP than they have cannot be done (RP stop at 0:
    "Ranking Points"; rules notes, "MB: triggers"); else batch b's test of an option."""
    first = option[0]
    if first["op"] == "lose_rp" and first.get("who", "self") == "self":
        return game.rp[chooser] >= first.get("amount", 1)
    return bool(game.can_do_option(option, chooser, frame))  # (ops_more_b.MoreOpsBMixin: game is the engine)


def _exchange_rp(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """RP exchanged with the richest (poorest) player: the two RP totals swapped. It is neither a
    gain nor a loss (no "whenever ... gains RP" trigger, no limit on gains; rules notes). When you
    have (or share) that total, nothing changes; a tie among others: you choose which of them."""
    seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:exchange"
    players = [p for p in range(game.num_players) if p not in game.out]
    goal = max(game.rp[p] for p in players) if op["with"] == "most" else min(game.rp[p] for p in players)
    tied = [p for p in players if game.rp[p] == goal]
    if seat in tied:
        game.log("rp_exchange_none", seat, goal=op["with"], rp=game.rp[seat])
        return True
    if key not in ctx and len(tied) > 1:
        game.ask(seat, "player", [Action("player", (p,)) for p in tied], key, "the player to exchange RP with")
        return False
    other = ctx.get(key, tied[0])
    game.rp[seat], game.rp[other] = game.rp[other], game.rp[seat]
    game.log("rp_exchanged", seat, other=other, rp=game.rp[seat], other_rp=game.rp[other])
    return True


# -- the events, announced where they happen ----------------------------------------------------------
#: ``turn_memo``'s count of the clashes that occurred, kept only in a game with a card that asks
CLASHES = "clashes_occurred"


def would_play_heard(game: MBBase, seat: int, card: int) -> list[dict]:
    """Frames of "when an opponent would play a card" for ``card`` that ``seat`` plays, resolved
    before its Play effects (pushed first); the card is ``played``. The card does not hear itself."""
    return [f for f in game.collect("would_play", card, seat) if f["source"] != card]


def echo_gain(game: MBBase, seat: int, gained: int) -> None:
    """"The next time you score RP this turn, score that many RP again": ``seat``'s gain of
    ``gained`` RP just made; if an ``echo_next_gain`` of theirs is armed this turn, it is used up and
    the same gain (at most its max) is made again, as a gain of its own (the rules that change a gain
    apply to it; it echoes nothing)."""
    memo = game.turn_memo
    if gained <= 0 or memo.get(f"echo:{seat}") != game.turn:
        return
    del memo[f"echo:{seat}"]
    cap = memo.pop(f"echo_max:{seat}", 0)
    source = memo.pop(f"echo_card:{seat}", -1)
    again = {"op": "gain_rp", "amount": min(gained, cap) if cap else gained}
    game.triggered.append(game.frame(seat, source if source >= 0 else None, {"ops": [again]}, optional=False))


def clash_occurred(game: MBBase) -> None:
    """A clash occurred ("Clashing"): counted for "an Action that does not cause a clash"."""
    game.turn_memo[CLASHES] = game.turn_memo.get(CLASHES, 0) + 1


def no_clash_gate(game: MBBase, seat: int, card: int) -> list[dict]:
    """The frame, resolved right after the Action ``card`` (and its flip), that announces
    ``action_no_clash`` if no clash occurred meanwhile (``clash_occurred``'s count unchanged)."""
    gate = {"op": "_no_clash_gate", "card": card, "clashes": game.turn_memo.get(CLASHES, 0)}
    return [game.frame(seat, card, {"ops": [gate]}, optional=False)]


def aftermarket_heard(game: MBBase, cards: list[int]) -> None:
    """The effects "Each time a card is placed into the Aftermarket" that ``cards`` (just put there)
    trigger, one round for each card; the card is the effect's "it" (REF revealed)."""
    for card in cards:
        frames = game.collect("to_aftermarket", card, None)
        for found in frames:
            found["ctx"]["revealed"] = card
        game.triggered.extend(frames)


def play_effect_heard(game: MBBase, seat: int, card: int, effects: int) -> list[dict]:
    """Frames of "Each time a player activates a Play effect": one for each of the ``effects`` Play
    effects of ``card`` that activate as ``seat`` plays it; the card played does not hear its own
    (it was not in play when it was played, as for "play" triggers: ``collect``)."""
    frames = []
    for _ in range(effects):
        frames += [f for f in game.collect("play_effect", card, seat) if f["source"] != card]
    return frames


def money_heard(game: MBBase, seat: int, amount: int, how: str) -> None:
    """The effects "Whenever you gain (spend) Dollars" that ``seat``'s gain (how: gained) or payment
    (spent) of ``amount`` Dollars triggers; "that much" is ``amount`` (COUNT money_moved)."""
    if amount <= 0:
        return
    for feature in _MONEY[how]:
        if game.cards_with(feature):
            frames = game.collect(feature[3:], None, seat)
            for found in frames:
                found["ctx"]["money_moved"] = amount
            game.triggered.extend(frames)


__all__ = ["CLASHES", "TRIGGERS_COUNTS", "TRIGGERS_EVENTS", "TRIGGERS_OPS", "TRIGGERS_RUN_OPS", "TRIGGERS_TESTS",
           "aftermarket_heard", "clash_occurred", "do_triggers_op", "echo_gain", "money_heard", "no_clash_gate",
           "once_left", "play_effect_heard", "trigger_triggers_errors", "triggers_condition_errors", "triggers_count",
           "triggers_count_errors", "triggers_holds", "triggers_op_errors", "would_play_heard"]
