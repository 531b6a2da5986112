"""The engine side of ``phrases_more_v.py`` (issue 26.2, batch v): Reactions (and Top or Ongoing
effects) answering a gain of RP; the counts, conditions and players of batch v's other shapes.

"Reaction: When an opponent would gain RP, you also gain that much RP" is asked before an effect's
gain of RP is made (millennium-blades.txt, "Effects on Cards": "Reaction effects are activated
whenever the relevant condition on the effect is met. When you activate a Reaction, the card that
triggers it is flipped face-down. You always have the option of not using your own Reaction
Effects"; "The player whose turn it is gets the first opportunity to use Flip or Reaction effects,
with that opportunity passing clockwise"). The resolver asks ``ask_gain_reactions`` before the
gains of a ``gain_rp`` op and makes them with ``gain_after_reactions`` (resolve.py, ``op_points``;
docs/rules-notes.md, "MB: batch v"). The card checker's checks are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.ops_grants import note_gain
from rules.millennium_blades.ops_history import (
    HISTORY_OUTCOMES,
    gain_choice,
    gain_chosen_instead,
    gain_multiplied,
    history_outcome_errors,
)
from rules.millennium_blades.ops_more_p import gain_turned_to_loss, lose_instead_of_gain
from rules.millennium_blades.ops_triggers import money_heard
from rules.millennium_blades.replacement import limited_gain

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

MORE_V_OPS = {
    "at_next_turn": OpSpec("At the start of its player's next turn, the ops resolve (for that player, from this "
                           "card).", {"ops": "any"}),
    "takes_spending": OpSpec("Ongoing: the Dollars another player pays to the bank by an effect go to this card's "
                             "player instead.", {}),
    "rp_gain_outcome": OpSpec("A Reaction (or a Top or Ongoing effect, not optional) to a gain of RP (event "
                              "would_gain_rp): the gain is not made (as none), the card's player gains that much too, "
                              "at most max (also), or gains it instead of the player who would have (instead); "
                              "times: the gain made that many times over (as times; lose_all: the gainer first loses "
                              "all their RP; flip_this: then this card is flipped; ops_history.py); choose: the card's player "
                              "may take one of the options (lists of ops) instead (ops_history.py).",
                              {"as": "str", "max": "int", "times": "int", "lose_all": "bool", "flip_this": "bool",
                               "options": "any"}),
}
#: gain_prevented: a gain of RP this card's "cannot gain RP" rule stopped ("by this effect")
MORE_V_EVENTS = ("would_gain_rp", "gain_prevented")
#: the continuous ops of this module (``effects.CONTINUOUS_OPS``)
MORE_V_CONTINUOUS_OPS = ("takes_spending",)
#: rp_short: the RP you lack to have the most (to: most) or to no longer have the least (not_least)
#: opponents_top: the opponents whose face-up Top Card fits the filter
#: tokens_added: the +1 STAR tokens this effect has put on cards so far
MORE_V_COUNTS = ("rp_short", "opponents_top", "tokens_added")
RP_GOALS = ("most", "not_least")
#: not_flipped: the opponents of the effect's player who flipped no card in its flips before
MORE_V_WHO = ("not_flipped",)
#: spent_this_turn: the condition's player paid some Dollars to an effect in this turn
MORE_V_TESTS = ("spent_this_turn",)
#: who the gain of a ``would_gain_rp`` trigger is by: any player, an opponent of the card's player,
#: or a player with more RP than the card's player
GAINERS = ("any", "opponent", "richer", "self")  # self: the card's own player (ops_history.py)
OUTCOMES = ("none", "also", "instead", *HISTORY_OUTCOMES)

Errors = list[tuple[str, str]]


def more_v_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """``rp_gain_outcome``: ``as`` one of OUTCOMES; ``max`` (only with also) 1 or more.
    ``at_next_turn``: its ops, checked as any effect's."""
    errors: Errors = []
    if name == "takes_spending":
        return [(f"{where}.{key}", "takes_spending takes no field") for key in sorted(set(op) - {"op"})]
    if name == "at_next_turn":
        from rules.millennium_blades.effects import ops_errors  # effects imports this module

        return ops_errors(op.get("ops"), f"{where}.ops")
    if op.get("as") not in OUTCOMES:
        errors.append((f"{where}.as", f"is one of {', '.join(OUTCOMES)}"))
    if "max" in op and (op.get("as") != "also" or not isinstance(op["max"], int) or isinstance(op["max"], bool)
                        or op["max"] < 1):
        errors.append((f"{where}.max", "caps an 'also' gain: a whole number of RP, 1 or more"))
    return errors + history_outcome_errors(op, where)  # a gain made twice over (ops_history.py)


def more_v_count_errors(count: Mapping[str, Any], path: str) -> Errors:
    """``rp_short``: ``to`` one of RP_GOALS; ``opponents_top``: a FILTER; ``tokens_added``: nothing."""
    if count.get("count") == "opponents_top":
        from rules.millennium_blades.effects import filter_errors  # effects imports this module

        return filter_errors(count.get("filter", {}), f"{path}.filter")
    if count.get("count") == "tokens_added":
        return []
    return [] if count.get("to") in RP_GOALS else [(f"{path}.to", f"is one of {', '.join(RP_GOALS)}")]


def more_v_count(game: MBBase, count: Mapping[str, Any], seat: int, source: int | None = None,
                 ctx: Mapping[str, Any] | None = None) -> int:
    """``tokens_added``: the tokens this effect's ``star_tokens`` ops put on cards (``clash.op_tokens``).
    ``opponents_top``: the opponents whose Top Card ("the right-most face-up card") fits the
    filter. ``rp_short``: the RP ``seat`` lacks to have the most ("Ranking Points": a tie for the most is the most, as
    the tournament's winners are counted; rules notes, "MB: batch v"), or to no longer have the
    least (one more than the fewest any other player still in has: a tie for the least is still the
    least, ``least_rp``); 0 when it has them already, or with no other player."""
    if count["count"] == "tokens_added":
        return int((ctx or {}).get("tokens_added", 0))
    if count["count"] == "opponents_top":
        tops = [game.top_card(p) for p in game.opponents(seat)]
        return sum(1 for top in tops if top is not None and game.matches(top, count.get("filter", {}), source))
    others = [game.rp[p] for p in game.opponents(seat)]
    if not others:
        return 0
    goal = max(others) if count["to"] == "most" else min(others) + 1
    return max(0, goal - game.rp[seat])


def more_v_who(game: MBBase, frame: dict) -> list[int]:
    """``not_flipped``: the opponents of the effect's player none of whose cards the effect's flips
    so far turned face-down (``flipped_seats``, kept by ``clash.op_flip``)."""
    flipped = frame["ctx"].get("flipped_seats", ())
    return [p for p in game.opponents(frame["seat"]) if p not in flipped]


def mark_spent(game: MBBase, seat: int, amount: int) -> None:
    """Remember that ``seat`` paid Dollars in this turn (``spent_this_turn``; batch o's turn_memo);
    and if another player has a face-up ``takes_spending`` card, the Dollars go to them (the first
    such player in turn order from ``seat``) instead of the bank."""
    if amount <= 0:
        return
    game.turn_memo[f"spent:{seat}"] = game.turn
    money_heard(game, seat, amount, "spent")  # "Whenever you spend Dollars" (ops_triggers.py)
    if "takes_spending" not in game.feature_cards:  # no card of the game has one (a look-up)
        return
    for owner in game.opponents(seat):
        for card, _op in game.face_up_ops(owner, "takes_spending"):
            game.money[owner] += amount
            game.log("spending_taken", owner, card=game.cards[card].name, payer=seat, amount=amount)
            return


def more_v_holds(game: MBBase, cond: Mapping[str, Any], seat: int) -> bool:
    """``spent_this_turn``: ``seat`` paid some Dollars (``pay_money``, ``spend_up_to``) in this turn."""
    return game.turn_memo.get(f"spent:{seat}") == game.turn


def more_v_condition_errors(cond: Mapping[str, Any], path: str) -> Errors:
    """``spent_this_turn`` takes no field."""
    return [(f"{path}.{key}", "spent_this_turn takes no field") for key in sorted(set(cond) - {"test"})]


def effect_v_errors(effect: Mapping[str, Any], path: str) -> Errors:
    """A ``would_gain_rp`` trigger is a Reaction's, Top's or Ongoing's, names its ``gainer`` and does exactly one
    ``rp_gain_outcome`` (what becomes of the gain); that op is in no other effect."""
    trigger: Mapping[str, Any] = effect["trigger"] if isinstance(effect.get("trigger"), Mapping) else {}
    ops: list = effect["ops"] if isinstance(effect.get("ops"), list) else []
    outcome = [op for op in ops if isinstance(op, Mapping) and op.get("op") == "rp_gain_outcome"]
    if trigger.get("event") != "would_gain_rp":
        return [(f"{path}.ops", "rp_gain_outcome is a Reaction's to a gain of RP (event would_gain_rp)")] if outcome else []
    errors: Errors = []
    if effect.get("timing") not in ("reaction", "top", "ongoing"):
        errors.append((f"{path}.timing", "a gain of RP about to be made is answered by a Reaction, Top or Ongoing effect"))
    if trigger.get("until_scoring", True) is not True:
        errors.append((f"{path}.trigger.until_scoring", "is true (not while the tournament is scored), or absent"))
    if trigger.get("gainer") not in GAINERS:
        errors.append((f"{path}.trigger.gainer", f"is one of {', '.join(GAINERS)}"))
    if len(ops) != 1 or len(outcome) != 1:
        errors.append((f"{path}.ops", "is one rp_gain_outcome: what becomes of the gain"))
    elif trigger.get("first_each_turn") and outcome[0].get("as") != "choose":  # (ops_history.gain_choice)
        errors.append((f"{path}.trigger.first_each_turn", "is only for an outcome as: choose"))
    return errors


def do_more_v_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``at_next_turn``: its ops wait for the start of the player's next turn (``next_turn_frames``).
    ``rp_gain_outcome`` is done by the gain it answers (``gain_after_reactions``): nothing now."""
    if op["op"] == "at_next_turn":
        game.next_turn_ops[frame["seat"]].append((frame["source"], op["ops"]))
        game.log("at_next_turn", frame["seat"], card=game.cards[frame["source"]].name if frame["source"] is not None else "")
    return True


def next_turn_frames(game: MBBase, seat: int) -> list[dict]:
    """The ops waiting for ``seat``'s turn to start ("At the start of your next turn": "Tournament
    Turns", the start of the turn, before its Action and Single), each a frame of its card, in the
    order they were set; taken off the list (they resolve once)."""
    waiting, game.next_turn_ops[seat] = game.next_turn_ops[seat], []
    return [game.frame(seat, source, {"ops": list(ops)}, optional=False) for source, ops in waiting]


def _fits(game: MBBase, gainer_word: str, reactor: int, gainer: int) -> bool:
    if gainer_word == "opponent":
        return reactor != gainer
    if gainer_word == "richer":
        return reactor != gainer and game.rp[gainer] > game.rp[reactor]
    if gainer_word == "self":
        return reactor == gainer
    return True


def _answers(game: MBBase, card: int, reactor: int, gainer: int, reaction: bool) -> bool:
    """Whether ``card`` of ``reactor`` has an effect in force answering a gain of RP by ``gainer``: a
    Reaction (``reaction``), or else a Top one (while it is the Top Card) or an Ongoing one, which
    are not optional ("Effects on Cards"); one marked ``until_scoring`` not while the tournament is
    scored."""
    for effect in game.cards[card].triggers.get("would_gain_rp", ()):
        timing, trigger = effect["timing"], effect["trigger"]
        if (timing == "reaction") != reaction or not _fits(game, trigger["gainer"], reactor, gainer):
            continue
        if trigger.get("until_scoring") and game.phase == "scoring":
            continue
        if timing != "top" or game.top_card(reactor) == card:
            return True
    return False


def _answering(game: MBBase, reactor: int, gainer: int, used: set[int], reaction: bool) -> list[int]:
    """The face-up cards of ``reactor``'s play area answering a gain of RP by ``gainer``."""
    return [c for c in game.play_area(reactor) if c not in game.down and c not in used
            and _answers(game, c, reactor, gainer, reaction)]


def _outcome(game: MBBase, card: int) -> dict:
    return game.cards[card].triggers["would_gain_rp"][0]["ops"][0]


def _plan(game: MBBase, frame: dict, gains: dict[int, int], k: int) -> tuple[dict, bool]:
    """The effects used so far on each gainer's gain, in turn order from the player whose turn it
    is (each player's Top and Ongoing ones, then the Reaction they choose), and whether a Reaction
    is being asked: ``{gainer: [(reactor, card, reaction), ...]}``. A player is asked only while
    some RP would still be gained, and each card answers once."""
    ctx, n = frame["ctx"], game.num_players
    used: set[int] = set()
    plan: dict[int, list[tuple[int, int, bool]]] = {}
    for gainer, amount in gains.items():
        uses = plan.setdefault(gainer, [])
        for reactor in [(game.seat_turn + i) % n for i in range(n)]:
            if reactor in game.out:
                continue
            for card in _answering(game, reactor, gainer, used, False) if amount > 0 else ():
                if _outcome(game, card)["as"] == "choose":  # "you may instead gain ...": asked (ops_history.py)
                    picked = gain_choice(game, frame, card, reactor, gainer, k)
                    if picked is None:
                        return plan, True
                    if picked is False:
                        continue
                used.add(card)
                uses.append((reactor, card, False))
                if _outcome(game, card)["as"] not in ("also", "times"):  # the gain still made (times: ops_history.py)
                    amount = 0
                    break
            if amount <= 0:
                continue
            key = f"{k}:would_gain{gainer}:{reactor}"
            if key not in ctx:
                found = _answering(game, reactor, gainer, used, True)
                if not found:
                    continue
                options = [Action("react", (name,)) for name in dict.fromkeys(game.cards[c].name for c in found)]
                game.ask(reactor, "react", [*options, Action("decline")], key, f"a gain of {amount} RP")
                return plan, True
            card = ctx[key]
            if card is False:
                continue
            used.add(card)
            uses.append((reactor, card, True))
            if _outcome(game, card)["as"] not in ("also", "times"):
                amount = 0
    return plan, False


def ask_gain_reactions(game: MBBase, frame: dict, players: list[int], amount: int, k: int) -> bool:
    """Before ``players`` gain ``amount`` RP each, each player with a Reaction to one of those gains
    may use it; False while one is asked. The gain asked about is the one the player would make
    (``replacement.limited_gain``; none when it is turned into a loss). Once all are answered, the
    Reactions used are kept for ``gain_after_reactions`` (the gains then change the RP compared)."""
    if f"{k}:gain_plan" in frame["ctx"]:
        return True
    gains = {p: 0 if gain_turned_to_loss(game, p) else limited_gain(game, p, amount) for p in players}
    plan, asking = _plan(game, frame, gains, k)
    if not asking:
        frame["ctx"][f"{k}:gain_plan"] = {gainer: [list(use) for use in uses] for gainer, uses in plan.items()}
    return not asking


def gain_after_reactions(game: MBBase, frame: dict, gainer: int, asked: int, amount: int, k: int) -> int:
    """The RP ``gainer`` still gains of ``amount`` (an effect's ``asked`` RP once the rules that change
    a gain have: ``prevented_triggers``) once the Reactions used to it are done: each
    card used is flipped ("Reaction") and logged; "they gain no RP" leaves none, "you gain that RP
    instead" gives it to the reacting player, "you also gain that much RP" gives the reacting player
    as much (at most ``max``) and leaves the gain (``_reactor_gains``)."""
    if asked > 0 and amount == 0 and "on gain_prevented" in game.feature_cards:
        prevented_triggers(game, gainer)
    for reactor, card, reaction in frame["ctx"].get(f"{k}:gain_plan", {}).get(gainer, ()):
        if amount <= 0:
            break
        outcome = _outcome(game, card)
        game.log("rp_gain_reaction" if reaction else "rp_gain_replaced", reactor, card=game.cards[card].name,
                 gainer=gainer, outcome=outcome["as"], amount=amount)
        if reaction and card not in game.down:  # "When you activate a Reaction, the card ... is flipped"
            game.flip_card(card, reactor)
        if outcome["as"] == "also":
            _reactor_gains(game, frame, reactor, min(amount, outcome.get("max", amount)))
            continue
        if outcome["as"] == "times":  # the gain made twice over (ops_history.py)
            amount = gain_multiplied(game, reactor, card, outcome, amount)
            continue
        if outcome["as"] == "choose":  # something else gained instead (ops_history.py)
            gain_chosen_instead(game, frame, card, reactor, gainer, k)
        if outcome["as"] == "instead":
            _reactor_gains(game, frame, reactor, amount)
        amount = 0
    return amount


def prevented_triggers(game: MBBase, gainer: int) -> None:
    """"When a player is prevented from gaining RP by this effect, ...": for each face-up card whose
    "cannot gain RP" rule (``rp_gain_limit`` none) in force stopped ``gainer``'s gain, its
    ``gain_prevented`` effects resolve for its player (a Top one while it is still the Top Card)."""
    for owner in range(game.num_players):
        for card, op in game.face_up_ops(owner, "rp_gain_limit"):
            if not op.get("none") or op["who"] == "each_opponent" and owner == gainer \
                    or op.get("until_scoring") and game.phase == "scoring":
                continue
            for effect in game.cards[card].triggers.get("gain_prevented", ()):
                if effect["timing"] == "top" and game.top_card(owner) != card:
                    continue
                game.log("gain_prevented", owner, card=game.cards[card].name, gainer=gainer)
                game.triggered.append(game.frame(owner, card, effect, {"that_player": gainer}, optional=False))


def _reactor_gains(game: Any, frame: dict, seat: int, amount: int) -> None:
    """A reacting player's gain of RP: the rules that change a gain apply ("Players cannot gain RP",
    a gain turned into a loss) and "whenever a player gains RP" triggers fire; no Reaction to a gain
    is asked about it (one round: rules notes, "MB: batch v")."""
    if gain_turned_to_loss(game, seat):
        lose_instead_of_gain(game, seat, limited_gain(game, seat, amount), game.cannot_lose_rp(seat))
        return
    gained = limited_gain(game, seat, amount)
    game.rp[seat] += gained
    if gained > 0 and "rp_gain_limit" in game.feature_cards:  # a gain this turn (ops_grants.py)
        note_gain(game, seat)
    game.log("gain_rp", seat, amount=gained, rp=game.rp[seat])
    if "on gained_rp" in game.feature_cards:
        game.rp_gained_triggers(frame, seat, gained)


__all__ = ["GAINERS", "MORE_V_CONTINUOUS_OPS", "MORE_V_COUNTS", "MORE_V_EVENTS", "MORE_V_OPS", "MORE_V_TESTS", "MORE_V_WHO",
           "ask_gain_reactions", "do_more_v_op", "effect_v_errors", "gain_after_reactions", "mark_spent",
           "more_v_condition_errors", "more_v_count", "more_v_count_errors", "more_v_holds", "more_v_op_errors",
           "more_v_who", "next_turn_frames", "prevented_triggers"]
