"""The engine side of ``phrases_promos.py`` (issue 26.2, batch promos): the Promo stacks (the
Bronze, Silver and Gold piles of the Card Fusion Area) as zones a card effect reaches during a
tournament (millennium-blades.txt, "GAME SETUP" 3 "Set Aside Promos", "Card Fusion"; docs/rules-notes.md,
"MB: promos"). The card checker's checks are here too.

``MBState.promos`` holds the stacks, ``{tier: [card ids]}`` (the top the end of the list): none in a
tournament alone unless the option ``promos`` gives them; the whole game lends its Card Fusion piles
and takes back what is left (``full/rounds.py``). Nothing here runs unless a card holds one of these
ops (the ops are reached through ``resolve.do_op`` only).

``promo_pick_play``: the top ``amount`` cards of a stack picked up (all that remain, if fewer), one of
the player's choice played at once (the player's from then on), the rest shuffled back into the stack.
``promo_gain``: a card of a stack (``tier``, or ``any`` stack) to the hand, at random (``how: random``),
of the player's choice (``choice``) or its top card (``top``). ``promo_play_top``: the top card of a
stack (``any``: the player chooses the stack) played into the next open slot; REF ``played`` names it
(for ``sell_marker``, ops_market_zones.py). ``promo_reveal_top``: a stack's top card shown to all, left
on top (REF ``revealed``); ``promo_play_revealed``: that card played; ``promo_yours``: the card played
the player's (it goes to their binder after the tournament). ``name_word``: a rule of its card, a word it
counts as having in its name (Miss-Terry-style cards; ``ops_more_l.name_has`` reads it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

#: the Promo stacks, lowest first ("Card Fusion": "5-Bronze, 7-Silver, or 9-Gold")
PROMO_TIERS = ("bronze", "silver", "gold")
#: a tier's fusion cost: "Card Fusion is costly to use (5 cards for Bronze, 7 for Silver, and 9 for Gold)"
FUSION_COST = {"bronze": 5, "silver": 7, "gold": 9}
#: how ``promo_gain`` picks its card
GAIN_HOW = ("random", "choice", "top")
PROMOS_OPS = {
    "promo_pick_play": OpSpec("Pick up the top amount cards of the tier Promo stack (all that remain, if fewer), play "
                              "one of your choice immediately (an open slot needed; yours now; REF played) and "
                              "shuffle the rest back into the stack.", {"tier": "str", "amount": "int"}),
    "promo_gain": OpSpec("Gain a card of the tier Promo stack (tier any: of any stack) to your hand (yours now): at "
                         "random (how: random), of your choice (how: choice) or its top card (how: top).",
                         {"tier": "str", "how": "str"}),
    "promo_reveal_top": OpSpec("Reveal the top card of the tier Promo stack (tier any: a stack of your choice that "
                               "has a card) to every player; it stays on top (REF revealed).", {"tier": "str"}),
    "promo_play_revealed": OpSpec("Play the card the promo_reveal_top before revealed, if it is still on its stack, "
                                  "into your tableau, its Play effects too (an open slot needed; yours now); REF "
                                  "played names it.", {}),
    "promo_yours": OpSpec("The card this effect played (REF played) is yours: it goes to your binder with your "
                          "other cards after the tournament.", {}),
    "name_word": OpSpec("A rule of this card: it counts as having word in its name (FILTER name_has finds it; a "
                        "face-down card has no name).", {"word": "str"}),
    "outside_select_set": OpSpec("Select at random a set outside the game of the kind (e.g. bronze_promo) that has "
                                 "cards; REF outside_set names it (none: \"If you did\" does not hold).",
                                 {"kind": "str"}),
    "outside_take_from_set": OpSpec("Choose a card (filter) of the set outside_select_set selected and add it to your "
                                    "hand (yours now).", {"filter": "any"}),
    "outside_rest_to_aftermarket": OpSpec("The cards left in the set outside_select_set selected into the "
                                          "Aftermarket (its limit of 12 applies).", {}),
    "outside_gain": OpSpec("Gain amount cards, at random (how: random) or of your choice (how: choice), from a set "
                           "outside the game to your hand: a set of your choice (set: choice) or any (set: any), "
                           "of the kind if given, with word in its name if given (yours now).",
                           {"amount": "int", "how": "str", "set": "str", "kind": "str", "word": "str"}),
    "promo_fuse_aftermarket": OpSpec("Discard cards of your choice from the Aftermarket to the Store Discard to gain "
                                     "the top card of the Promo stack whose fusion cost (5, 7, 9) equals how many "
                                     "(you choose the tier, or none; yours now).", {}),
    "promo_play_top": OpSpec("Play the top card of the tier Promo stack (tier any: a stack of your choice) into your "
                             "tableau, its Play effects too (an open slot needed; yours now); REF played names it.",
                             {"tier": "str"}),
}

#: the ops that reach the Promo stacks, and those that reach the sets outside the game: the whole game
#: lends a tournament its stacks (its sets outside) only when one of its cards holds one (``reaches``)
STACK_OPS = frozenset({"promo_pick_play", "promo_gain", "promo_reveal_top", "promo_play_revealed", "promo_play_top",
                       "promo_fuse_aftermarket"})
OUTSIDE_OPS = frozenset({"outside_select_set", "outside_take_from_set", "outside_rest_to_aftermarket", "outside_gain"})
#: the rules of a card, in force wherever it is (checked where they apply)
PROMOS_CONTINUOUS_OPS = ("name_word",)

Errors = list[tuple[str, str]]


def promo_stacks(new_card: Callable[[Any, int], int], promos: Mapping[str, Any] | None) -> dict[str, list[int]]:
    """The Promo stacks of a new tournament, its cards numbered in tier order, each stack in the
    order given (the last the top): none unless given. Only the three tiers are stacks. ``new_card``:
    the tournament's ``_new_card`` (a card of no owner numbered next)."""
    promos = promos or {}
    unknown = sorted(set(promos) - set(PROMO_TIERS))
    if unknown:
        raise ValueError(f"a Promo stack is one of {', '.join(PROMO_TIERS)}, not {unknown[0]!r}")
    return {tier: [new_card(spec, -1) for spec in promos[tier]] for tier in PROMO_TIERS if tier in promos}


def outside_sets(new_card: Callable[[Any, int], int],
                 outside: Sequence[Mapping[str, Any]] | None) -> tuple[dict[str, list[int]], dict[str, tuple[str, str]]]:
    """The sets outside the game of a new tournament, ``code -> card ids`` and ``code -> (kind,
    name)``, their cards numbered after the Promo stacks': none unless given."""
    cards: dict[str, list[int]] = {}
    about: dict[str, tuple[str, str]] = {}
    for one in outside or ():
        code = str(one["code"])
        cards[code] = [new_card(spec, -1) for spec in one["cards"]]
        about[code] = (str(one.get("kind", "")), str(one.get("name", code)))
    return cards, about


def uses_ops(effects: Any, names: frozenset[str]) -> bool:
    """Whether a card's effects (or any of their branches) hold one of the ops ``names``."""
    todo = [effects] if effects else []
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            if item.get("op") in names:
                return True
            todo += [v for v in item.values() if isinstance(v, list | tuple | dict)]
        elif isinstance(item, list | tuple):
            todo += list(item)
    return False


def promos_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: a stack named by its tier ("any" where the player may choose), a whole
    number of cards, a way to pick."""
    from rules.millennium_blades.effects import _int  # effects asks this module

    errors: Errors = []
    tiers = PROMO_TIERS if name == "promo_pick_play" else (*PROMO_TIERS, "any")
    if name in ("promo_play_revealed", "promo_yours", "outside_rest_to_aftermarket", "promo_fuse_aftermarket"):
        return []
    if name.startswith("outside_"):
        return _outside_errors(name, op, where)
    if name == "name_word":
        word = op.get("word")
        return [] if isinstance(word, str) and word.strip() and word == word.lower() else [
            (f"{where}.word", "is a word in lower case")]
    if op.get("tier") not in tiers:
        errors.append((f"{where}.tier", f"is one of {', '.join(tiers)}"))
    if name == "promo_pick_play":
        errors += _int(op.get("amount"), f"{where}.amount")
    if name == "promo_gain" and op.get("how") not in GAIN_HOW:
        errors.append((f"{where}.how", f"is one of {', '.join(GAIN_HOW)}"))
    return errors


def _outside_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    from rules.millennium_blades.effects import _int, filter_errors  # effects asks this module

    errors: Errors = []
    if name == "outside_select_set" and not (isinstance(op.get("kind"), str) and op["kind"]):
        errors.append((f"{where}.kind", "is a set kind (e.g. bronze_promo)"))
    if name == "outside_take_from_set":
        errors += filter_errors(op.get("filter", {}), f"{where}.filter")
    if name == "outside_gain":
        errors += _int(op.get("amount", 1), f"{where}.amount")
        if op.get("how") not in ("random", "choice"):
            errors.append((f"{where}.how", "is random or choice"))
        if op.get("set") not in ("choice", "any"):
            errors.append((f"{where}.set", "is choice or any"))
        for key in ("kind", "word"):
            if key in op and not (isinstance(op[key], str) and op[key]):
                errors.append((f"{where}.{key}", "is some text"))
    return errors


def _stacks(game: MBBase, tier: str) -> list[str]:
    """The tiers a card may come from: the one named, or every stack that has a card ("any")."""
    if tier == "any":
        return [t for t in PROMO_TIERS if game.promos.get(t)]
    return [tier] if game.promos.get(tier) else []


def _choose(game: MBBase, frame: dict, key: str, values: list[str], about: str) -> str | None:
    """A choice among ``values`` (a decision when more than one; ``None`` while it is pending)."""
    ctx = frame["ctx"]
    if key not in ctx and len(values) > 1:
        game.ask(frame["seat"], "play", [Action("value", (v,)) for v in values], key, about)
        return None
    return str(ctx.get(key, values[0]))


def _play(game: MBBase, frame: dict, card: int, tier: str) -> bool:
    """A Promo played by an effect: out of its stack into the next open slot ("Play a Single": not
    the turn's Single; its Play effects resolve), the player's from then on. No open slot or a ban on
    it: it is not played (False)."""
    seat = frame["seat"]
    if len(game.tableau[seat]) >= game.capacity(seat) or not game.may_play(seat, card):  # (special_ops.may_play)
        game.log("play_failed", seat, why="no open slot" if game.may_play(seat, card) else "cannot be played")
        return False
    game.promos[tier].remove(card)
    game.owner[card] = seat
    frame["ctx"]["played"], frame["ctx"]["did"] = card, True
    game.log("promo_played", seat, card=game.cards[card].name, tier=tier)
    game.play_single(seat, card, from_hand=False)
    return True


def _pick_play(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """"Pick up the top N cards of the ... Promo Stack (or all that remain ...), play one immediately
    and shuffle the rest back into the stack": the player sees them and chooses (a decision); the
    others, and the chosen one if it cannot be played, go back and the stack is shuffled (the game's
    RNG). An empty stack: nothing, and "If you did" does not hold."""
    ctx, tier = frame["ctx"], op["tier"]
    stack = game.promos.get(tier, [])
    ctx["played"], ctx["did"] = None, False
    picked = stack[-op["amount"]:][::-1] if op["amount"] > 0 else []  # top first (still in the stack)
    if not picked:
        game.log("promo_picked_up", frame["seat"], tier=tier, cards=0, played=None)
        return True
    names = list(dict.fromkeys(game.cards[c].name for c in picked))
    name = _choose(game, frame, f"{k}:promo", names, "the Promo to play")
    if name is None:
        return False
    card = next(c for c in picked if game.cards[c].name == name)
    game.log("promo_picked_up", frame["seat"], tier=tier, cards=len(picked), played=name)
    game.rng.shuffle(stack)  # the rest (and a card not played) shuffled back into the stack
    _play(game, frame, card, tier)
    return True


def _gain(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """A Promo gained to the hand: at random from the stack (the game's RNG; "any": from all the
    stacks' cards), of the player's choice (they search the stack), or its top card. The stack
    empty: nothing ("If you did" does not hold)."""
    seat, ctx = frame["seat"], frame["ctx"]
    ctx["did"] = False
    tiers = _stacks(game, op["tier"])
    cards = [(t, c) for t in tiers for c in game.promos[t]]
    if not cards:
        game.log("promo_gained", seat, card=None, tier=op["tier"])
        return True
    if op["how"] == "random":
        tier, card = cards[game.rng.randrange(len(cards))]
    elif op["how"] == "top":
        top = _choose(game, frame, f"{k}:tier", tiers, "the Promo stack")
        if top is None:
            return False
        tier, card = top, game.promos[top][-1]
    else:
        names = list(dict.fromkeys(game.cards[c].name for _, c in cards))
        name = _choose(game, frame, f"{k}:promo", names, "the Promo to gain")
        if name is None:
            return False
        tier, card = next((t, c) for t, c in cards if game.cards[c].name == name)
    game.promos[tier].remove(card)
    game.owner[card] = seat
    game.hand[seat].append(card)
    ctx["did"] = True
    game.log("promo_gained", seat, card=game.cards[card].name, tier=tier)
    return True


def _play_top(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """The top card of a Promo stack of the player's choice played: the player chooses a stack that has
    a card (a decision), and its top card is played. None left: nothing."""
    ctx = frame["ctx"]
    ctx["played"], ctx["did"] = None, False
    tiers = _stacks(game, op["tier"])
    if not tiers:
        game.log("play_failed", frame["seat"], why="no card")
        return True
    tier = _choose(game, frame, f"{k}:tier", tiers, "the Promo stack")
    if tier is None:
        return False
    _play(game, frame, game.promos[tier][-1], tier)
    return True


def _reveal_top(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """The top card of a Promo stack of the player's choice revealed: they choose a stack that has a
    card (a decision); its top card is shown to every player and stays on top (REF revealed). None left:
    nothing is revealed, and "If you did" does not hold."""
    ctx = frame["ctx"]
    ctx["revealed"], ctx["did"] = None, False
    tiers = _stacks(game, op["tier"])
    if not tiers:
        game.log("promo_revealed", frame["seat"], card=None, tier=op["tier"])
        return True
    tier = _choose(game, frame, f"{k}:tier", tiers, "the Promo stack")
    if tier is None:
        return False
    card = game.promos[tier][-1]
    ctx["revealed"], ctx["did"] = card, True
    game.log("promo_revealed", frame["seat"], card=game.cards[card].name, tier=tier)
    return True


def _play_revealed(game: MBBase, frame: dict) -> bool:
    """"Play the card you revealed": the Promo revealed, played from its stack if it is still there
    (gone: nothing, and "it" names nothing)."""
    ctx, card = frame["ctx"], frame["ctx"].get("revealed")
    ctx["played"] = None
    tier = next((t for t, stack in game.promos.items() if card in stack), None)
    if card is None or tier is None:
        game.log("play_failed", frame["seat"], why="no card")
        return True
    _play(game, frame, card, tier)
    return True


def _yours(game: MBBase, frame: dict) -> bool:
    """The card played "becomes yours", to the player's binder after the Tournament Phase: the card
    played is the player's ("Ending the Tournament" 4: "place all cards into their owners' binders");
    no card played: nothing."""
    seat, card = frame["seat"], frame["ctx"].get("played")
    if card is None:
        return True
    game.owner[card] = seat
    game.log("promo_yours", seat, card=game.cards[card].name)
    return True


def _select_set(game: MBBase, frame: dict, op: dict) -> bool:
    """A Promo set of a kind selected at random from outside the game: one of the sets outside the game
    of that kind that still has cards, by the game's RNG (none: nothing; "that set" names none)."""
    ctx = frame["ctx"]
    codes = [c for c, (kind, _) in game.outside_sets.items() if kind == op["kind"] and game.outside.get(c)]
    ctx["outside_set"] = codes[game.rng.randrange(len(codes))] if codes else None
    ctx["did"] = bool(codes)
    code = ctx["outside_set"]
    game.log("outside_set_selected", frame["seat"], set=game.outside_sets[code][1] if code else None,
             cards=len(game.outside[code]) if code else 0)
    return True


def _to_hand(game: MBBase, seat: int, code: str, cards: list[int]) -> None:
    for card in cards:
        game.outside[code].remove(card)
        game.owner[card] = seat
        game.hand[seat].append(card)
    game.log("outside_gained", seat, set=game.outside_sets[code][1], cards=[game.cards[c].name for c in cards])


def _take_from_set(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """"Each player chooses a Single from that set and adds it to their hand": this frame's player
    chooses among the cards left that fit (a decision); none left: nothing."""
    seat, code = frame["seat"], frame["ctx"].get("outside_set")
    fits = [c for c in game.outside.get(code, ())
            if game.matches(c, op.get("filter", {}), frame["source"])] if code else []
    if not fits:
        game.log("outside_gained", seat, set=game.outside_sets[code][1] if code else None, cards=[])
        return True
    names = list(dict.fromkeys(game.cards[c].name for c in fits))
    name = _choose(game, frame, f"{k}:outside", names, "the card to take")
    if name is None:
        return False
    _to_hand(game, seat, str(code), [next(c for c in fits if game.cards[c].name == name)])
    return True


def _rest_to_aftermarket(game: MBBase, frame: dict) -> bool:
    """The rest of that set put in the Aftermarket: what is left of it, face-up there
    ("Aftermarket Space": its limit of 12 applies)."""
    code = frame["ctx"].get("outside_set")
    rest = list(game.outside.get(code, ())) if code else []
    if code:
        game.outside[code] = []
    game.log("outside_to_aftermarket", frame["seat"], cards=[game.cards[c].name for c in rest])
    if rest:
        game.to_aftermarket(rest)
    return True


def _outside_gain(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Cards gained from a set outside the game: the set of the player's choice (a decision) or all
    the sets that fit (``set: any``), then ``amount`` cards at random (the game's RNG) or of the
    player's choice (one at a time); as many as there are."""
    seat, ctx = frame["seat"], frame["ctx"]
    word, kind = op.get("word"), op.get("kind")
    codes = [c for c, (k_, name) in game.outside_sets.items() if game.outside.get(c)
             and (kind is None or k_ == kind) and (word is None or word in name.lower())]
    ctx["did"] = False
    if not codes:
        game.log("outside_gained", seat, set=None, cards=[])
        return True
    if op["set"] == "choice":
        chosen = _choose(game, frame, f"{k}:set", codes, "the set")
        if chosen is None:
            return False
        codes = [chosen]
    pool = [(c, card) for c in codes for card in game.outside[c]]
    amount = min(op.get("amount", 1), len(pool))
    if op["how"] == "random":
        picked = [pool.pop(game.rng.randrange(len(pool))) for _ in range(amount)]
    else:
        names = list(dict.fromkeys(game.cards[card].name for _, card in pool))
        name = _choose(game, frame, f"{k}:card", names, "the card to gain")
        if name is None:
            return False
        picked = [next((c, card) for c, card in pool if game.cards[card].name == name)][:amount]
    for code in dict.fromkeys(c for c, _ in picked):
        _to_hand(game, seat, code, [card for c, card in picked if c == code])
    ctx["did"] = bool(picked)
    return True


def _fuse_aftermarket(game: MBBase, frame: dict, k: int) -> bool:
    """"Discard cards from the Aftermarket to gain a Promo ... whose fusion cost equals the amount of
    cards discarded" ("Card Fusion": 5 Bronze, 7 Silver, 9 Gold): the player chooses a tier whose
    stack has a card and whose cost the Aftermarket can pay, or none (a decision), then the cards one
    at a time (decisions); they go to the Store Discard (a Store card has no owner: "MB: market
    zones"), and the stack's top card to the hand, as a fusion takes one."""
    seat, ctx = frame["seat"], frame["ctx"]
    ctx["did"] = False
    tiers = [t for t in PROMO_TIERS if game.promos.get(t) and len(game.aftermarket) >= FUSION_COST[t]]
    if not tiers:
        game.log("promo_gained", seat, card=None, tier="any")
        return True
    tier = _choose(game, frame, f"{k}:tier", [*tiers, "none"], "the Promo tier to fuse")
    if tier is None:
        return False
    if tier == "none":
        game.log("promo_gained", seat, card=None, tier="any")
        return True
    for i in range(FUSION_COST[tier]):
        key = f"{k}:fuse{i}"
        if key in ctx and ctx.get(f"{key}:done"):
            continue
        names = list(dict.fromkeys(game.cards[c].name for c in game.aftermarket))
        name = _choose(game, frame, key, names, "a card of the Aftermarket to discard")
        if name is None:
            return False
        card = next(c for c in game.aftermarket if game.cards[c].name == name)
        game.aftermarket.remove(card)
        game.store_discard.append(card)
        ctx[key], ctx[f"{key}:done"] = name, True
        game.log("to_store_discard", seat, card=name)
    card = game.promos[tier][-1]
    game.promos[tier].remove(card)
    game.owner[card] = seat
    game.hand[seat].append(card)
    ctx["did"] = True
    game.log("promo_gained", seat, card=game.cards[card].name, tier=tier)
    return True


def do_promos_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Resolve one of this module's ops (``False``: a decision is pending)."""
    name = op["op"]
    if name == "promo_pick_play":
        return _pick_play(game, frame, op, k)
    if name == "promo_gain":
        return _gain(game, frame, op, k)
    if name == "promo_reveal_top":
        return _reveal_top(game, frame, op, k)
    if name == "promo_play_revealed":
        return _play_revealed(game, frame)
    if name == "promo_yours":
        return _yours(game, frame)
    if name == "name_word":  # a rule of its card (ops_more_l.name_has reads it)
        return True
    if name == "outside_select_set":
        return _select_set(game, frame, op)
    if name == "outside_take_from_set":
        return _take_from_set(game, frame, op, k)
    if name == "outside_rest_to_aftermarket":
        return _rest_to_aftermarket(game, frame)
    if name == "outside_gain":
        return _outside_gain(game, frame, op, k)
    if name == "promo_fuse_aftermarket":
        return _fuse_aftermarket(game, frame, k)
    return _play_top(game, frame, op, k)


__all__ = ["GAIN_HOW", "OUTSIDE_OPS", "PROMOS_CONTINUOUS_OPS", "PROMOS_OPS", "PROMO_TIERS", "STACK_OPS", "do_promos_op",
           "outside_sets", "promo_stacks", "promos_op_errors", "uses_ops"]
