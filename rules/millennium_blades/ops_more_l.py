"""The engine side of ``phrases_more_l.py``: a card's RARITY as a FILTER (``rarity``), the different
rarities among cards and the most cards sharing one (COUNTs ``rarities``, ``rarity_alike``), and RP
equal to the STAR of one card that fits (``star_of_one``) (millennium-blades.txt, "CARD DATA":
Rarity, "RARITIES", "Flip a Card"; docs/rules-notes.md, "MB: batch l"). The card checker's checks
are here too.

A card's rarity is the kind of its printed Set (``CardDef.set_kind``): core, expansion, premium,
master, or a promo of one of three metals, each of which is also "Promo" ("RARITIES": "'Promo'
refers to any rarity of Promo card"). A face-down card has none ("Flip a Card": "it has no
attributes (Star Rating, Rarity, ...)").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase
    from rules.millennium_blades.queries import QueryMixin

#: the rarity words a FILTER takes: the five rarities, and the three promo metals
RARITIES = ("core", "expansion", "premium", "master", "promo", "bronze_promo", "silver_promo", "gold_promo")
#: set kind -> the rarity it prints; a starter deck's cards and a card of no known set print none
#: of the five (rules notes, "MB: batch l")
_RARITY_OF_KIND = {"core": "core", "expansion": "expansion", "character_expansion": "expansion", "premium": "premium",
                   "master": "master", "bronze_promo": "promo", "silver_promo": "promo", "gold_promo": "promo"}
#: rarity: the card's rarity; name_has: a word in the card's name (a face-down card has none)
MORE_L_FILTER_KEYS = frozenset({"rarity", "name_has"})
#: rarities: how many of the five rarities the cards that fit show; rarity_alike: the most of them
#: that share one rarity
#: meta_fulfilled: the Metagame cards in play whose Score condition holds for the player ("Metagame");
#: elements_and_types: the different Elements plus the different Types of the cards that fit;
#: longest_run: the most cards that fit side by side in a tableau
#: repeated: the Elements (Types) at least ``min`` of the cards that fit show; best_of_each: for each
#: Type (Element, rarity) of the cards that fit, the highest Star Rating among them with it, added up
#: name_occurrences: the times ``text`` stands in the names of the face-up cards of a zone (``play_area``
#: too); sets_shared: your face-up cards' Sets an opponent's face-up card has too
#: ordered: the most face-up cards of your tableau, left to right, whose Star Ratings go down (up)
MORE_L_COUNTS = ("rarities", "rarity_alike", "meta_fulfilled", "elements_and_types", "longest_run", "repeated",
                 "best_of_each", "name_occurrences", "sets_shared", "ordered")
#: parity: a COUNT is even (odd); set_alone: no other face-up card of the tableau has the card's Set
MORE_L_TESTS = ("parity", "set_alone")
MORE_L_OPS = {
    "star_of_one": OpSpec("Choose one face-up card of your tableau that fits filter (none: \"If you did\" does "
                          "not hold); gain (gain: false, lose) times its Star Rating in RP.",
                          {"gain": "bool", "times": "int", "filter": "any"}),
    "swap_adjacent": OpSpec("This card and a face-up card beside it, of your choice, change slots (none: nothing "
                            "happens; those cards).", {}),
}

Errors = list[tuple[str, str]]


def rarity(game: QueryMixin, card: int) -> str:
    """The card's rarity of the five ("" if none: face-down, a starter card, no known set)."""
    if card in game.down:
        return ""
    return _RARITY_OF_KIND.get(game.cards[card].set_kind, "")


def rarity_fits(game: QueryMixin, card: int, want: str) -> bool:
    """Whether ``card`` has rarity ``want``: one of the five, or a promo metal."""
    if want in ("bronze_promo", "silver_promo", "gold_promo"):
        return card not in game.down and game.cards[card].set_kind == want
    return rarity(game, card) == want


def more_l_filter_errors(key: str, value: Any, path: str) -> Errors:
    if key == "name_has":
        return [] if isinstance(value, str) and value.strip() else [(f"{path}.name_has", "is a word of a card's name")]
    return [] if value in RARITIES else [(f"{path}.{key}", f"is one of {', '.join(RARITIES)}")]


def name_has(game: QueryMixin, card: int, word: str) -> bool:
    """Whether the face-up card's name holds ``word`` (any case), or the card counts as having it in
    its name (``name_word``, ops_promos.py)."""
    if card in game.down:
        return False
    printed = game.cards[card]
    word = word.lower()
    if word in printed.name.lower() or any(op["word"] == word for op in printed.continuous("name_word")):
        return True
    from rules.millennium_blades.ops_overrides import host_gained  # the names of its attachments (ops_overrides.py)

    return any(word in game.cards[a].name.lower() for a in host_gained(game, card, "names"))


def more_l_count_errors(count: Mapping[str, Any], path: str) -> Errors:
    from rules.millennium_blades.effects import ZONES, filter_errors  # effects asks this module

    if count["count"] in ("meta_fulfilled", "sets_shared"):
        return []
    if count["count"] == "ordered":
        return [] if count.get("order") in ("ascending", "descending") else [(f"{path}.order", "is ascending or descending")]
    if count["count"] == "name_occurrences":
        errors = [] if count.get("zone") in ("play_area", "tableau", "opponents", "all") else [
            (f"{path}.zone", "is play_area, tableau, opponents or all")]
        return errors + ([] if isinstance(count.get("text"), str) and count["text"] else [(f"{path}.text", "is some text")])
    errors = [] if count.get("zone", "tableau") in ZONES else [(f"{path}.zone", f"is one of {', '.join(ZONES)}")]
    if count["count"] in ("repeated", "best_of_each"):
        kinds = ("element", "type") if count["count"] == "repeated" else ("element", "type", "rarity")
        if count.get("what") not in kinds:
            errors.append((f"{path}.what", f"is {' or '.join(kinds)}"))
    if count["count"] == "repeated" and (isinstance(count.get("min"), bool) or not isinstance(count.get("min"), int)
                                         or count["min"] < 1):
        errors.append((f"{path}.min", "is a whole number, 1 or more"))
    return errors + filter_errors(count.get("filter", {}), f"{path}.filter")


def more_l_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    from rules.millennium_blades.effects import filter_errors  # effects asks this module

    if name == "swap_adjacent":
        return []
    errors: Errors = [] if isinstance(op.get("gain"), bool) else [(f"{where}.gain", "is true (gain) or false (lose)")]
    times = op.get("times")
    if isinstance(times, bool) or not isinstance(times, int) or times < 1:
        errors.append((f"{where}.times", "is a whole number, 1 or more"))
    return errors + filter_errors(op.get("filter", {}), f"{where}.filter")


def more_l_count(game: QueryMixin, count: dict, source: int | None, seat: int) -> int:
    """The different rarities among the cards that fit, or the most of them with one rarity; or the
    Metagame cards fulfilled."""
    if count["count"] == "meta_fulfilled":
        return sum(1 for meta in game.metagame if meta_fulfilled(game, meta, seat))
    if count["count"] == "longest_run":
        return longest_run(game, count, source, seat)
    if count["count"] == "name_occurrences":  # a face-down card is blank ("Flip a Card")
        zone = count["zone"]
        shown = [c for c in (game.play_area(seat) if zone == "play_area" else game.zone_cards(zone, seat))
                 if c not in game.down and c not in game.powers[seat]]
        return sum(game.cards[c].name.lower().count(count["text"].lower()) for c in shown)
    if count["count"] == "ordered":
        return ordered(game, seat, count["order"])
    if count["count"] == "sets_shared":
        theirs = {game.cards[c].set_code for c in game.zone_cards("opponents", seat) if c not in game.down}
        return len({game.cards[c].set_code for c in game.tableau[seat] if c not in game.down} & theirs - {""})
    cards = [c for c in game.zone_cards(count.get("zone", "tableau"), seat) if game.matches(c, count.get("filter", {}), source)]
    if count["count"] in ("repeated", "best_of_each"):
        return _per_kind(game, count, [c for c in cards if c not in game.down])
    if count["count"] == "elements_and_types":  # a face-down card shows neither ("Flip a Card")
        shown = [c for c in cards if c not in game.down]
        return len({e for c in shown for e in game.elements(c)}) + len({t for c in shown for t in game.types(c)})
    values = [value for value in (rarity(game, c) for c in cards) if value]
    if count["count"] == "rarities":
        if game.attached:  # the rarity of a card attached, shared by a rule of its host (ops_overrides.py)
            from rules.millennium_blades.ops_overrides import shared_printed

            values += [v for c in cards if c not in game.down for v in shared_printed(game, c, "rarities")]
        return len(set(values))
    return max((values.count(v) for v in set(values)), default=0)


def _per_kind(game: QueryMixin, count: dict, cards: list[int]) -> int:
    """``repeated``: the values of a kind at least ``min`` cards show; ``best_of_each``: each value's
    highest Star Rating, added up."""
    what = count["what"]
    by_value: dict[str, list[int]] = {}
    for card in cards:
        values = game.elements(card) if what == "element" else game.types(card) if what == "type" else (rarity(game, card),)
        for value in set(values) - {""}:
            by_value.setdefault(value, []).append(game.star(card) or 0)
    if count["count"] == "repeated":
        return sum(1 for stars in by_value.values() if len(stars) >= count["min"])
    return sum(max(stars) for stars in by_value.values())


def ordered(game: QueryMixin, seat: int, order: str) -> int:
    """The most face-up cards of ``seat``'s tableau, left to right (others may sit between), whose
    Star Ratings go strictly down (``descending``) or up."""
    stars = [game.star(c) or 0 for c in game.tableau[seat] if c not in game.down]
    best = [1] * len(stars)
    for i, star in enumerate(stars):
        for j in range(i):
            if (stars[j] > star if order == "descending" else stars[j] < star):
                best[i] = max(best[i], best[j] + 1)
    return max(best, default=0)


def longest_run(game: QueryMixin, count: dict, source: int | None, seat: int) -> int:
    """The most cards that fit in a row of one tableau, side by side ("Tableau": slots left to right)."""
    zone = count.get("zone", "tableau")
    rows = [game.tableau[seat]] if zone == "tableau" else [game.tableau[p] for p in range(game.num_players)
                                                             if zone == "all" or p != seat]
    best = 0
    for row in rows:
        run = 0
        for card in row:
            run = run + 1 if game.matches(card, count.get("filter", {}), source) else 0
            best = max(best, run)
    return best


def more_l_condition_errors(cond: Mapping[str, Any], path: str) -> Errors:
    from rules.millennium_blades.effects import REFS, count_errors  # effects asks this module

    if cond["test"] == "set_alone":
        return [] if cond.get("card") in REFS else [(f"{path}.card", f"names a card: one of {', '.join(REFS)}")]
    errors = [] if isinstance(cond.get("even"), bool) else [(f"{path}.even", "is true (even) or false (odd)")]
    return errors + count_errors(cond.get("of"), f"{path}.of")


def more_l_holds(game: QueryMixin, cond: dict, source: int | None, seat: int, ctx: dict) -> bool:
    """``parity``: the COUNT is even (0 is even) or odd, as ``even`` says; ``set_alone``: no other
    face-up card of the effect's player's tableau has the card's Set (a face-down card has none)."""
    if cond["test"] == "set_alone":
        card = game.ref(cond["card"], source, seat, ctx)
        if card is None or card in game.down or not game.cards[card].set_code:
            return True
        code = game.cards[card].set_code
        return not any(c != card and c not in game.down and game.cards[c].set_code == code for c in game.tableau[seat])
    return (game.count(cond["of"], source, seat, ctx) % 2 == 0) == cond["even"]


def meta_fulfilled(game: QueryMixin, meta: int, seat: int) -> bool:
    """Whether ``seat`` fulfils the Metagame card's condition: the condition of a Score effect of it
    (of the effect, or of the "if" its gain is under) holds for them ("Metagame": "The Metagame gives
    significant bonuses if you can incorporate it into your deck"; a Metagame card without one has
    no condition to fulfil: rules notes, "MB: batch l")."""
    for _i, effect in game.cards[meta].timed("score"):
        conditions = ([effect["condition"]] if "condition" in effect else []) + [
            op["condition"] for op in effect["ops"] if op.get("op") == "if"]
        if any(game.holds(cond, meta, seat, {}) for cond in conditions):
            return True
    return False


def do_more_l_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    if op["op"] == "swap_adjacent":
        return swap_adjacent(game, frame, k)
    return star_of_one(game, frame, op, k)


def swap_adjacent(game: MBBase, frame: dict, k: int) -> bool:
    """``swap_adjacent``: this card and a face-up card beside it of the player's choice change slots
    ("Tableau"; "In general, effects cannot target face-down cards"); none beside it, or this card
    out of its tableau: nothing happens."""
    seat, source = frame["seat"], frame["source"]
    row = game.tableau[seat]
    if source not in row:
        game.log("swap", seat, swapped=False)
        return True
    target = {"player": "self", "pick": "choice", "filter": {"where": "adjacent", "face": "up"}}
    chosen = game.choose_cards(frame, target, k, flipping=False)
    if chosen is None:
        return False  # a choice is pending
    if not chosen or chosen[0] not in row:
        game.log("swap", seat, swapped=False)
        return True
    a, b = row.index(source), row.index(chosen[0])
    row[a], row[b] = row[b], row[a]
    frame["ctx"]["those"] = [source, chosen[0]]
    game.log("swap", seat, swapped=True, cards=[game.cards[source].name, game.cards[chosen[0]].name])
    return True


def star_of_one(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``star_of_one``: the player chooses one face-up card of their tableau that fits (the one beside
    this card, for "to the immediate left"), then gains (loses) ``times`` its Star Rating; "If you
    did" holds only when there was one ("CARD DATA": Star Rating)."""
    target = {"player": "self", "pick": "choice", "filter": op.get("filter", {})}
    chosen = game.choose_cards(frame, target, k, flipping=False)
    if chosen is None:
        return False  # a choice is pending
    ctx = frame["ctx"]
    ctx["did"] = bool(chosen)
    if not chosen:
        game.log("star_of_one", frame["seat"], card=None)
        return True
    if ctx.get("chosen") != chosen[0]:  # once, not again when the loss below waits for a Reaction
        ctx["chosen"] = chosen[0]
        game.log("star_of_one", frame["seat"], card=game.cards[chosen[0]].name, star=game.star(chosen[0]) or 0)
    points = {"op": "gain_rp" if op["gain"] else "lose_rp", "amount": op["times"], "per": {"count": "star", "card": "chosen"}}
    return game.op_points(frame, points, k)


__all__ = ["MORE_L_COUNTS", "MORE_L_FILTER_KEYS", "MORE_L_OPS", "MORE_L_TESTS", "RARITIES", "do_more_l_op",
           "longest_run", "meta_fulfilled", "more_l_condition_errors", "more_l_count", "more_l_count_errors",
           "more_l_filter_errors", "more_l_holds", "more_l_op_errors", "name_has", "ordered", "rarity", "rarity_fits",
           "star_of_one", "swap_adjacent"]
