"""The engine side of ``phrases_more_u.py`` (issue 26.2, batch u): conditions on the tableau as a
whole (millennium-blades.txt, "CARD DATA", "Face-Down Cards"; docs/rules-notes.md, "MB: batch u").
The card checker's checks are here too.

``tableau_alike``: every card of the effect's player's tableau, face-down ones too ("They still count
as cards"), has one ELEMENT (TYPE) all the others have; a face-down card has none ("Face Down cards
have no STAR RATING, ELEMENT, or TYPE"), so with one the condition does not hold. ``any``: one of
two or more conditions holds ("If X or Y").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.schema import OpSpec
from rules.millennium_blades.ops_more_w import attached_scores
from rules.millennium_blades.ops_sideways import pointed_card

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase
    from rules.millennium_blades.queries import QueryMixin

#: tableau_alike: all cards of the tableau share an element (type; either: one of the two kinds);
#: any: one of the conditions ``of`` holds; in_order: face-up cards of the tableau, left to right (others
#: between them allowed), one with each symbol listed, in that order
MORE_U_TESTS = ("tableau_alike", "any", "in_order")
#: alike_neighbours: the face-up cards of the effect's player's tableau beside a face-up card that shares
#: with them each of ``what`` (a type, an element, the Star Rating)
MORE_U_COUNTS = ("alike_neighbours",)
_SHARED = ("type", "element", "star")
_ALIKE = ("element", "type", "either")

MORE_U_OPS = {
    "reveal_all": OpSpec("Reveal every face-down card of your tableau that fits filter (where: adjacent, beside this "
                         "card); each is shown, then face-down again; they are \"those\" cards, their STAR printed.",
                         {"filter": "any"}),
    "grant_score": OpSpec("Ongoing: while the condition holds, each face-up card of this card's tableau has the Score "
                          "effect (this card too), resolved right after that card's own Score effects; card (pointed "
                          "or pointed_face_up): only the card this one points to has it (ops_pointing.py).",
                          {"while": "any", "effect": "any", "card": "str"}),
    "star_floor": OpSpec("Ongoing (Top): the face-up cards of this card's tableau with a Star Rating below `below` "
                         "have `value` instead (\"considered to have 5 STAR\").", {"below": "int", "value": "int"}),
    "counts_as_all": OpSpec("Ongoing: this card has every element (what: elements) or type (types) while face-up in "
                            "a tableau; except_scoring: not while the tournament is scored.",
                            {"what": "str", "except_scoring": "bool"}),
    "at_turn_end": OpSpec("Its ops wait for the end of this turn, then resolve for this effect's player (a condition "
                          "in them judged then), whatever became of the card.", {"ops": "any"}),
    "repeat_play": OpSpec("Next: the card just played resolves its Play effects once more (timing: score, its Score "
                          "effects now), as its own (face-down: nothing).", {"timing": "str"}),
    "rearrange": OpSpec("The player puts the cards of their tableau (face-down ones too) in the order they choose, "
                        "slot by slot from the left.", {}),
    "swap_tableaus": OpSpec("This card (in your tableau) and a face-up card of an opponent's tableau (target), of your "
                            "choice, change places; \"that player\" is that opponent; none: \"If you did\" does not "
                            "hold.", {"target": "any"}),
    "play_ban": OpSpec("Ongoing (Top): the opponents of this card's player (who: each_opponent; self: that player) "
                       "cannot play a Single that fits filter.",
                       {"who": "str", "filter": "any"}),
    "extra_actions": OpSpec("In the turn player's Action: that Action is given back, and amount - 1 more Actions "
                            "may be used this turn after it (amount Actions more in all).", {"amount": "int"}),
}

MORE_U_CONTINUOUS_OPS = ("grant_score", "star_floor", "counts_as_all", "play_ban")

Errors = list[tuple[str, str]]


def more_u_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: ``reveal_all``'s filter is one of a card in your tableau, no face asked;
    ``extra_actions`` gives 2 or more."""
    from rules.millennium_blades.effects import filter_errors  # effects asks this module

    if name == "grant_score":
        from rules.millennium_blades.effects import check_effect, condition_errors

        effect = op.get("effect")
        if not isinstance(effect, Mapping) or effect.get("timing") != "score" or "trigger" in effect:
            return [(f"{where}.effect", "is a Score effect (timing: score, no trigger)")]
        if "card" in op:  # given to the card this one points to only (ops_pointing.py); while: optional
            from rules.millennium_blades.ops_pointing import pointed_ref_errors

            return (pointed_ref_errors(op["card"], f"{where}.card") + check_effect(effect, f"{where}.effect")
                    + (condition_errors(op["while"], f"{where}.while") if "while" in op else []))
        return condition_errors(op.get("while"), f"{where}.while") + check_effect(effect, f"{where}.effect")
    if name == "counts_as_all":
        errors = [] if op.get("what") in ("elements", "types") else [(f"{where}.what", "is elements or types")]
        return errors + ([] if op.get("except_scoring", True) is True else [(f"{where}.except_scoring", "is true, or absent")])
    if name == "star_floor":
        below, value = op.get("below"), op.get("value")
        if not isinstance(below, int) or not isinstance(value, int) or isinstance(below, bool) or \
                isinstance(value, bool) or min(below, value) < 1:
            return [(f"{where}.below", "and value are whole numbers, 1 or more")]
        return [] if value >= below else [(f"{where}.value", "is at least below: a Star Rating raised")]
    if name == "at_turn_end":
        from rules.millennium_blades.effects import ops_errors

        return ops_errors(op.get("ops"), f"{where}.ops")
    if name == "rearrange":
        return []
    if name == "play_ban":
        from rules.millennium_blades.effects import filter_errors

        errors = [] if op.get("who") in ("each_opponent", "self") else [(f"{where}.who", "is each_opponent or self")]
        return errors + filter_errors(op.get("filter", {}), f"{where}.filter")
    if name == "swap_tableaus":
        from rules.millennium_blades.effects import target_errors

        target = op.get("target")
        errors = target_errors(target, f"{where}.target")
        if isinstance(target, Mapping) and (target.get("player") != "opponent" or target.get("pick") != "choice"):
            errors.append((f"{where}.target", "is a card of an opponent's tableau of your choice"))
        return errors
    if name == "repeat_play":
        return [] if op.get("timing", "play") in ("play", "score") else [(f"{where}.timing", "is play or score")]
    if name == "extra_actions":
        amount = op.get("amount")
        ok = isinstance(amount, int) and not isinstance(amount, bool) and amount >= 2
        return [] if ok else [(f"{where}.amount", "is a whole number, 2 or more (one more Action: extra_action)")]

    flt = op.get("filter", {})
    errors = filter_errors(flt, f"{where}.filter")
    if isinstance(flt, Mapping) and "face" in flt:
        errors.append((f"{where}.filter.face", "is not given: the cards revealed are face-down ones"))
    return errors


def extra_actions(game: MBBase, seat: int, amount: int) -> bool:
    """``extra_actions``: in the turn player's Action, that Action is given back (as batch g's
    ``extra_action``) and ``amount`` - 1 more are kept for this turn (``turn_memo``), each given back
    as it is used (``spend_extra_action``): ``amount`` Actions after this one ("Use an Action": "You
    can use one action per turn"; rules notes, "MB: batch u")."""
    if seat == game.seat_turn and game.action_used:
        game.action_used = False
        game.turn_memo["extra_actions"], game.turn_memo["extra_actions:left"] = game.turn, amount - 1
        game.log("extra_actions", seat, amount=amount)
    return True


def spend_extra_action(game: MBBase) -> None:
    """An Action just used in a turn with Actions kept (``extra_actions``): one of them is spent to
    give it back. ``flow.use_action`` asks only when ``turn_memo`` names this turn."""
    left = game.turn_memo.get("extra_actions:left", 0)
    if left > 0:
        game.turn_memo["extra_actions:left"] = left - 1
        game.action_used = False


def counts_as_all(game: QueryMixin, card: int, what: str) -> bool:
    """Whether ``card`` (a card with a ``counts_as_all`` rule, face-up) has every element (``what``:
    elements) or type now: in a tableau ("Ongoing effects keep on working ... as long as the card is
    face-up in your tableau"), and not while scoring if its rule says "except during scoring"."""
    if not game.in_tableau(card):
        return False
    return any(op["what"] == what and not (op.get("except_scoring") and game.phase == "scoring")
               for op in game.cards[card].continuous("counts_as_all"))


def play_banned(game: MBBase, seat: int, card: int) -> bool:
    """Whether ``card`` (a Single in ``seat``'s hand) fits a ``play_ban`` in force in an opponent's
    play area ("Opponents cannot play FIRE cards"): then it is no legal play for ``seat`` ("Play a
    Single (Required)": a player who cannot play one passes). Asked only when the game holds such a
    card."""
    for source in game.cards_with("play_ban"):
        owner = game.seat_of(source)
        if owner is None or source in game.down:
            continue
        if any((op["who"] == "self") == (owner == seat) and game.matches(card, op["filter"], source)
               for op in game.ops_in_force(source, owner, "play_ban")):  # who: self, batch x's
            return True
    return False


def floored_star(game: QueryMixin, card: int, value: int) -> int:
    """``card``'s Star Rating ``value`` (face-up) raised by the ``star_floor`` rules in force in its
    tableau: below ``below``, it is ``value`` ("considered to have 5 STAR"; "CARD DATA"). Asked by
    ``queries.star`` only when the game holds such a card; a card out of a tableau keeps its own."""
    for source in game.cards_with("star_floor"):
        if source in game.down:
            continue
        seat = game.seat_of(source)
        if seat is None or card not in game.tableau[seat]:
            continue
        for op in game.ops_in_force(source, seat, "star_floor"):
            if value < op["below"]:
                value = op["value"]
    return value


def granted_scores(game: MBBase, seat: int, card: int) -> list[dict]:
    """The frames of the Score effects ``card`` (face-up, in ``seat``'s tableau) has from face-up
    cards of that tableau granting one while their condition holds (``grant_score``), judged as
    scoring begins ("Effects on Cards": Ongoing effects work as long as the card is face-up; the
    granted effect is ``card``'s own: "this card" in it is ``card``). ``flow.start_scoring`` asks
    only when the game holds such a card."""
    if card in game.down:
        return []
    granters = game.cards_with("grant_score")
    frames = []
    for granter in game.tableau[seat]:
        if granter not in granters or granter in game.down:
            continue
        for op in game.cards[granter].continuous("grant_score"):
            if "card" in op and pointed_card(game, granter, op["card"]) != card:
                continue  # given to the card this one points to only (ops_pointing.py)
            if "while" not in op or game.holds(op["while"], granter, seat, {}):
                if game.log_events:
                    game.log("granted", seat, card=game.cards[card].name, by=game.cards[granter].name)
                frames.append(game.frame(seat, card, op["effect"], needs_face_up=True))
    return frames + attached_scores(game, seat, card)  # from a card attached to it (ops_more_w.py)


def wait_for_turn_end(game: MBBase, frame: dict, op: dict) -> bool:
    """``at_turn_end``: remembered for this turn (``turn_memo``, by the card printing it, its effect
    and the op: the effect's own card, or the card a copy took it from), to resolve when the turn
    ends (``turn_end_frames``)."""
    source = frame["source"]
    holders = ([source] if source is not None else []) + sorted(game.cards_with("at_turn_end"))
    for holder in holders:
        for i, effect in enumerate(game.cards[holder].effects):
            for j, printed in enumerate(effect.get("ops", ())):
                if printed is op:
                    game.turn_memo[f"at_end:{frame['seat']}:{source}:{holder}:{i}:{j}"] = game.turn
                    game.log("at_turn_end", frame["seat"], card=game.cards[holder].name)
                    return True
    raise ValueError("an at_turn_end op printed on no card of the game")


def rearrange(game: MBBase, frame: dict, k: int) -> bool:
    """``rearrange``: the player picks the card for each slot of their tableau from the left, among
    those not placed yet (the last one takes the last slot), and the tableau takes that order once
    all are picked ("Top": "if you can rearrange cards, you can keep your best Top effects"; the
    cards are moved, not targeted, so face-down ones too)."""
    seat, ctx = frame["seat"], frame["ctx"]
    row = game.tableau[seat]
    picks: list[int] = []
    for slot in range(len(row) - 1):
        key = f"{k}:slot{slot}"
        if key not in ctx:
            rest = [c for c in row if c not in picks]
            game.ask(seat, "target", [game.target_action(c) for c in rest], key, f"the card for slot {slot + 1}")
            return False
        picks.append(ctx[key])
    picks += [c for c in row if c not in picks]
    row[:] = picks
    game.log("rearrange", seat, cards=[game.cards[c].name if c not in game.down else "a face-down card" for c in row])
    return True


def swap_tableaus(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``swap_tableaus``: this card, in its player's tableau, and a face-up card of an opponent's of
    the player's choice take each other's slots ("Tableau"; "effects cannot target face-down
    cards"); each now plays for the tableau it is in, its owner unchanged (it goes back to its
    owner's binder after the tournament: rules notes, "MB: batch u"). "That player" is the opponent;
    "If you did" holds when the swap was made."""
    seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
    mine = game.tableau[seat]
    if source is None or source not in mine:
        ctx["did"] = False
        game.log("swap_failed", seat)
        return True
    chosen = game.choose_cards(frame, op["target"], k, flipping=False, moving=True)
    if chosen is None:
        return False  # a choice is pending
    other = next((c for c in chosen if c != source), None)
    theirs = game.seat_of(other) if other is not None else None
    if other is None or theirs is None:
        ctx["did"] = False
        game.log("swap_failed", seat)
        return True
    row = game.tableau[theirs]
    a, b = mine.index(source), row.index(other)
    mine[a], row[b] = other, source
    ctx["did"], ctx["that_player"], ctx["those"] = True, theirs, [source, other]
    game.log("swap_tableaus", seat, seat_with=theirs, gave=game.cards[source].name, got=game.cards[other].name)
    return True


def repeat_play(game: MBBase, frame: dict, timing: str, k: int) -> bool:
    """``repeat_play``: the card this Next effect is about resolves its Play effects again (its Score
    effects now, ``timing`` score: "as if they were Play effects"), as its own ("Next effects trigger
    on the next card you play"; they come after its Play effects: "Top > Ongoing > Play > Next >
    Score"); a face-down card has no text by then ("Flip a Card")."""
    seat, ctx = frame["seat"], frame["ctx"]
    card = game.ref("next_played", frame["source"], seat, ctx)
    if card is None or card in game.down:
        game.log("repeat_play", seat, card=None, effects=0, timing=timing)
        return True
    effects = [e for _i, e in game.cards[card].timed(timing)]
    game.log("repeat_play", seat, card=game.cards[card].name, effects=len(effects), timing=timing)
    frame["i"] = k + 1
    game.push([game.frame(seat, card, e, {"played": card}, needs_face_up=True) for e in effects])
    return True


def turn_end_frames(game: MBBase) -> list[dict]:
    """The frames of the ``at_turn_end`` ops kept this turn, each for its player and card, in the
    order kept; forgotten once taken. ``ops_more_b.end_turn_effects`` asks only when the game holds
    such a card."""
    frames = []
    for key in [k for k, turn in game.turn_memo.items() if k.startswith("at_end:") and turn == game.turn]:
        del game.turn_memo[key]
        _at, seat, source, holder, i, j = key.split(":")
        op = game.cards[int(holder)].effects[int(i)]["ops"][int(j)]
        frames.append(game.frame(int(seat), None if source == "None" else int(source), {"ops": op["ops"]}))
    return frames


def do_more_u_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``extra_actions`` (above); ``reveal_all``: the face-down cards of the player's tableau that fit are revealed ("Reveal a
    Face-down card": "picked up and shown to all players, then placed face-down again in the same
    slot"); the effect's "those" are them, and "their combined STAR" is their printed Star Ratings
    (``shown``), as shown."""
    seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
    if op["op"] == "extra_actions":
        return extra_actions(game, seat, op["amount"])
    if op["op"] == "at_turn_end":
        return wait_for_turn_end(game, frame, op)
    if op["op"] == "repeat_play":
        return repeat_play(game, frame, op.get("timing", "play"), k)
    if op["op"] == "rearrange":
        return rearrange(game, frame, k)
    if op["op"] == "swap_tableaus":
        return swap_tableaus(game, frame, op, k)
    shown = [c for c in game.tableau[seat] if c in game.down and game.matches(c, op.get("filter", {}), source)]
    ctx["those"], ctx["shown"] = shown, shown
    game.log("reveal_all", seat, cards=[game.cards[c].name for c in shown],
             star=sum(game.cards[c].printed_star for c in shown))
    return True


def more_u_condition_errors(cond: Mapping[str, Any], path: str) -> Errors:
    """The card checker: ``tableau_alike`` names element, type or either; ``any`` lists two or more
    conditions, each checked as one."""
    if cond["test"] == "tableau_alike":
        return [] if cond.get("what") in _ALIKE else [(f"{path}.what", f"is one of {', '.join(_ALIKE)}")]
    if cond["test"] == "in_order":
        from rules.millennium_blades.vocabulary import ELEMENTS, TYPES

        symbols = cond.get("symbols")
        if not isinstance(symbols, list) or len(symbols) < 2 or any(s not in (*ELEMENTS, *TYPES) for s in symbols):
            return [(f"{path}.symbols", "is a list of two or more elements and types")]
        return []
    from rules.millennium_blades.effects import condition_errors  # effects asks this module

    parts = cond.get("of")
    if not isinstance(parts, list) or len(parts) < 2:
        return [(f"{path}.of", "is a list of two or more conditions")]
    return [e for i, part in enumerate(parts) for e in condition_errors(part, f"{path}.of[{i}]")]


def more_u_count_errors(count: Mapping[str, Any], path: str) -> Errors:
    """The card checker: ``alike_neighbours`` shares one or more of type, element, star, each once."""
    what = count.get("what")
    if not isinstance(what, list) or not what or len(set(what)) != len(what) or any(w not in _SHARED for w in what):
        return [(f"{path}.what", "is a list of type, element and star, each once")]
    return []


def more_u_count(game: QueryMixin, count: Mapping[str, Any], seat: int) -> int:
    """``alike_neighbours``: the face-up cards of ``seat``'s tableau with a face-up card beside them
    sharing with them a Type, an Element and the Star Rating (each of ``what``: "CARD DATA")."""
    row = game.tableau[seat]
    alike = 0
    for i, card in enumerate(row):
        if card in game.down:
            continue
        beside = [row[j] for j in (i - 1, i + 1) if 0 <= j < len(row) and row[j] not in game.down]
        if any(_shares(game, card, other, count["what"]) for other in beside):
            alike += 1
    return alike


def _shares(game: QueryMixin, a: int, b: int, what: list[str]) -> bool:
    for kind in what:
        if kind == "star" and game.star(a) != game.star(b):
            return False
        if kind == "type" and not set(game.types(a)) & set(game.types(b)):
            return False
        if kind == "element" and not set(game.elements(a)) & set(game.elements(b)):
            return False
    return True


def in_order(game: QueryMixin, seat: int, symbols: list[str]) -> bool:
    """Whether ``seat``'s face-up cards, left to right, hold one card for each symbol in the order
    listed (different cards; others may sit between them): each symbol taken by the first card after
    the last one taken that has it, which finds such cards whenever there are any."""
    taken = 0
    for card in game.tableau[seat]:
        if card not in game.down and symbols[taken] in (*game.elements(card), *game.types(card)):
            taken += 1
            if taken == len(symbols):
                return True
    return False


def more_u_holds(game: QueryMixin, cond: dict, source: int | None, seat: int, ctx: dict) -> bool:
    """Whether a condition of this module holds for ``seat``'s effect of ``source``."""
    if cond["test"] == "any":
        return any(game.holds(part, source, seat, ctx) for part in cond["of"])
    if cond["test"] == "in_order":
        return in_order(game, seat, cond["symbols"])
    cards = game.tableau[seat]
    if not cards or any(c in game.down for c in cards):  # a face-down card has no symbol to share
        return False
    kinds = ("element", "type") if cond["what"] == "either" else (cond["what"],)
    for kind in kinds:
        symbols = game.elements if kind == "element" else game.types
        common = set(symbols(cards[0]))
        for card in cards[1:]:
            common &= set(symbols(card))
        if common:
            return True
    return False


__all__ = ["MORE_U_CONTINUOUS_OPS", "MORE_U_COUNTS", "MORE_U_OPS", "MORE_U_TESTS", "counts_as_all", "do_more_u_op",
           "extra_actions", "floored_star", "granted_scores", "in_order", "more_u_condition_errors", "more_u_count",
           "more_u_count_errors", "more_u_holds", "more_u_op_errors", "play_banned", "rearrange", "repeat_play",
           "spend_extra_action", "swap_tableaus", "turn_end_frames", "wait_for_turn_end"]
