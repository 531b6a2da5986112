"""The engine side of ``phrases_overrides.py`` (issue 26.2, batch ``overrides``): continuous rules
that override other cards' symbols (millennium-blades.txt, "CARD DATA", "Face-Down Cards",
"Effects on Cards"; docs/rules-notes.md, "MB: overrides"). The card checker's checks are here too.

``override_symbols`` (Ongoing or Top): the cards it covers have ``value`` as their only element
(``what``: elements) or type instead of their own, while the rule is in force ("Ongoing effects keep
on working continuously as long as the card is face-up in your tableau"; a Top one while its card
is the Top Card). ``cards`` names the cards covered: ``own_down`` the face-down cards of its
player's tableau (a face-down card has no symbols, "Face-Down Cards", but the one the rule says);
``other_tableaus`` the face-up cards of every other player's tableau; ``hands_and_tableaus`` every card
in a hand or face-up in a tableau. ``value`` ``chosen``: the symbol ``keep_chosen`` kept for the
rule's card as it was played (``MBState.named``, key ``CHOSEN_KEY`` + card); none kept, no rule.
Two rules covering one card:
a Top one wins over an Ongoing one ("Top>Ongoing>Play>Next>Score is the order of what effects take
priority"), else the first player's from the turn order's first seat.

The symbol queries (``QueryMixin.elements``, ``types``, ``matches``) ask only when the game holds
such a card (``OVERRIDES``, a look-up in ``feature_cards``).

``printed_star`` (Ongoing or Top): while its ``while`` condition holds, the face-up cards of its
player's tableau have ``value`` as their printed Star Rating ("CARD DATA"); ``QueryMixin.star`` asks
only when the game holds such a card (``PRINTED_STAR``). ``discard_hand``: the player's whole hand to
their binder, no choice ("General Rules": "Discard a Card").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.schema import OpSpec
from rules.millennium_blades.catalogue import IN_FORCE
from rules.millennium_blades.vocabulary import ELEMENTS, TYPES

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase
    from rules.millennium_blades.catalogue import CardDef
    from rules.millennium_blades.queries import QueryMixin

OVERRIDES_OPS = {
    "override_symbols": OpSpec("Ongoing (Top): the cards it covers (cards: own_down, the face-down cards of this "
                               "card's player's tableau; other_tableaus, the face-up cards of every other tableau; "
                               "hands_and_tableaus, every card in a hand or face-up in a tableau) have `value` as "
                               "their only element (what: elements) or type (types) instead of their own (value "
                               "chosen: the one kept for this card by keep_chosen; none kept, no rule) "
                               "(continuous).", {"what": "str", "value": "str", "cards": "str"}),
    "keep_chosen": OpSpec("The TYPE (ELEMENT) chosen just before (choose_value: `chosen`, then `type` or `element`) "
                          "is kept for this card, for its override_symbols rule with value chosen.",
                          {"chosen": "bool", "type": "str", "element": "str"}),
    "printed_star": OpSpec("Ongoing (Top): while the condition `while` holds (none: always), each face-up card of this "
                           "card's player's tableau (cards: own_tableau; others: of every tableau, but this card) "
                           "has `value` as its printed Star Rating (an X too); tokens and bonuses still add to it "
                           "(continuous).",
                           {"value": "int", "cards": "str", "while": "any"}),
    "blank_text": OpSpec("Ongoing (Top): every other face-up card in play of the kinds named (kinds: single, in a "
                         "tableau; accessory; deck_box), of every player, has no text: no effects, no keywords "
                         "(until_scoring: not while the tournament is scored) (continuous).",
                         {"kinds": "list", "until_scoring": "bool"}),
    "host_gains": OpSpec("Ongoing: while this card is face-up in a tableau it has, besides its own, what is printed "
                         "on the cards attached to it (what: star, their Star Ratings added; elements; types; sets; "
                         "rarities; names; effects, but copy effects) (continuous).", {"what": "list"}),
    "discard_attached": OpSpec("Discard every card attached to this card to its owner's binder (did: one or more).",
                               {}),
    "discard_hand": OpSpec("Discard every card of your hand to your binder, no card chosen (those cards; did: one "
                           "or more).", {}),
}
#: the ops ``do_overrides_op`` plays
OVERRIDES_RUN_OPS = ("discard_hand", "keep_chosen", "discard_attached")
OVERRIDES_CONTINUOUS_OPS = ("override_symbols", "printed_star", "blank_text", "host_gains")
#: what a ``host_gains`` rule may give its card from its attachments
HOST_GAINS = ("star", "elements", "types", "sets", "rarities", "names", "effects")
#: the feature of the game's cards printing a ``host_gains`` rule (batch copying's overlays ask it)
HOST_GAINS_RULE = IN_FORCE + "host_gains"
#: the feature of the game's cards printing a ``blank_text`` rule (batch copying's overlays ask it)
BLANK_TEXT = IN_FORCE + "blank_text"
#: the kinds of card a ``blank_text`` rule may name
BLANK_KINDS = ("single", "accessory", "deck_box")
#: the ``copied_from`` of a definition whose text a ``blank_text`` rule took (``blank_of``)
BLANKED = "no card: its text is blank"
#: the feature of the game's cards printing a ``printed_star`` rule (``QueryMixin.star``'s look-up)
PRINTED_STAR = IN_FORCE + "printed_star"
#: the highest printed Star Rating a rule may give (the cards' own go to 10)
_MOST_STAR = 20
#: the rules being asked (a ``while`` that asks a Star Rating must not ask the same rule again)
_BUSY: set[tuple[int, int]] = set()
#: the feature of the game's cards printing an ``override_symbols`` rule (the symbol queries' look-up)
OVERRIDES = IN_FORCE + "override_symbols"
#: the cards an ``override_symbols`` rule may cover
OVERRIDE_SCOPES = ("own_down", "other_tableaus", "hands_and_tableaus")
#: ``MBState.named``'s key of the symbol kept for a card (``keep_chosen``), its index after it
CHOSEN_KEY = "chosen_symbol:"
_VALUES = {"elements": ELEMENTS, "types": TYPES}

Errors = list[tuple[str, str]]


def overrides_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: ``discard_hand`` takes no field; ``override_symbols`` names elements or types, a symbol of that kind, and
    the cards it covers."""
    errors: Errors = []
    if name == "printed_star":
        from rules.millennium_blades.effects import condition_errors  # effects asks this module

        value = op.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= _MOST_STAR:
            errors.append((f"{where}.value", f"is a whole number from 0 to {_MOST_STAR}"))
        if op.get("cards") not in ("own_tableau", "others"):
            errors.append((f"{where}.cards", "is own_tableau or others"))
        return errors + (condition_errors(op["while"], f"{where}.while") if "while" in op else [])
    if name == "keep_chosen":
        kept = [key for key in ("chosen", "type", "element") if key in op]
        ok = len(kept) == 1 and (op.get("chosen") is True or op.get("type") in TYPES or op.get("element") in ELEMENTS)
        return [] if ok else [(f"{where}.chosen", "is true (a choose_value before), or the type or element chosen")]
    if name == "host_gains":
        what = op.get("what")
        if not isinstance(what, list) or not what or any(w not in HOST_GAINS for w in what):
            errors.append((f"{where}.what", f"is a list of {', '.join(HOST_GAINS)}"))
        return errors
    if name == "blank_text":
        kinds = op.get("kinds")
        if not isinstance(kinds, list) or not kinds or any(k not in BLANK_KINDS for k in kinds):
            errors.append((f"{where}.kinds", f"is a list of {', '.join(BLANK_KINDS)}"))
        if op.get("until_scoring", True) is not True:
            errors.append((f"{where}.until_scoring", "is true, or absent"))
        return errors
    if name in ("discard_hand", "discard_attached"):
        return [(f"{where}.{key}", f"{name} takes no field") for key in sorted(set(op) - {"op"})]
    what = op.get("what")
    if what not in _VALUES:
        return [(f"{where}.what", "is elements or types")]
    if op.get("value") not in (*_VALUES[what], "chosen"):
        errors.append((f"{where}.value", f"is one of {', '.join(_VALUES[what])}, chosen"))
    if op.get("cards") not in OVERRIDE_SCOPES:
        errors.append((f"{where}.cards", f"is one of {', '.join(OVERRIDE_SCOPES)}"))
    return errors


def _covers(game: QueryMixin, op: Mapping[str, Any], seat: int, card: int) -> bool:
    """Whether the rule ``op`` of a card in ``seat``'s play area covers ``card``."""
    if op["cards"] == "own_down":
        return card in game.down and card in game.tableau[seat]
    if op["cards"] == "hands_and_tableaus":
        return card not in game.down and (any(card in hand for hand in game.hand) or game.in_tableau(card))
    return card not in game.down and any(card in row for other, row in enumerate(game.tableau) if other != seat)


def overridden_symbols(game: QueryMixin, card: int, what: str) -> tuple[str, ...] | None:
    """The elements (``what``: elements) or types ``card`` has by an ``override_symbols`` rule in
    force now, or ``None`` when no such rule covers it (its symbols are worked out as usual)."""
    found: str | None = None
    for seat in range(game.num_players):
        for source, op in game.face_up_ops(seat, "override_symbols"):
            if op["what"] != what or not _covers(game, op, seat, card):
                continue
            value = op["value"] if op["value"] != "chosen" else next(iter(game.named.get(f"{CHOSEN_KEY}{source}", ())), None)
            if value is None:
                continue  # no symbol chosen for it: nothing to give
            if any(top is op for top in game.cards[source].continuous("override_symbols", "top")):
                return (value,)  # a Top rule wins ("Top>Ongoing>...")
            if found is None:
                found = value
    return (found,) if found is not None else None


def changed_printed_star(game: QueryMixin, card: int) -> int | None:
    """The printed Star Rating a ``printed_star`` rule in force gives the face-up tableau card ``card``
    now ("CARD DATA": the Star Rating printed on the card), or ``None`` when none covers it: one of
    its own player's (``own_tableau``), or of any player's but its own card (``others``). A Top rule
    wins over an Ongoing one (the first player's of two Top ones); of Ongoing ones, the highest value."""
    seat = next((s for s, row in enumerate(game.tableau) if card in row), None)
    if seat is None or card in game.down:
        return None
    found: int | None = None
    for owner in range(game.num_players):
        for source, op in game.face_up_ops(owner, "printed_star"):
            if (op["cards"] == "own_tableau" and owner != seat) or (op["cards"] == "others" and source == card):
                continue
            key = (id(game), source)
            if key in _BUSY:
                continue  # its own condition asks a Star Rating: the rule is not asked within itself
            _BUSY.add(key)
            try:
                holds = "while" not in op or game.holds(op["while"], source, owner, {})
            finally:
                _BUSY.discard(key)
            if not holds:
                continue
            if any(top is op for top in game.cards[source].continuous("printed_star", "top")):
                return int(op["value"])
            found = op["value"] if found is None else max(found, op["value"])
    return found


def blank_candidates(game: MBBase, copiers: Mapping[int, CardDef]) -> dict[int, CardDef]:
    """The cards in play a ``blank_text`` rule of the game may take the text of, not yet among
    ``copiers`` (batch copying's cards whose effects others change: ``ops_copying.overlaid``), each
    with its definition now; none when no card of ``copiers`` has such a rule."""
    if not any(BLANK_TEXT in own.features for own in copiers.values()):
        return {}
    return {card: game.cards[card] for seat in range(game.num_players)
            for card in (*game.tableau[seat], *game.accessories[seat], *game.deck_box[seat]) if card not in copiers}


def blanked(game: MBBase, card: int, own: CardDef, copiers: Mapping[int, CardDef]) -> bool:
    """Whether a ``blank_text`` rule in force takes the text of ``card`` (its own definition ``own``)
    now: a face-up card in play of a kind the rule names, another than the rule's card, whose rule
    holds ("Effects on Cards": Ongoing while face-up, Top while the Top Card; ``until_scoring``: not
    while scored). Each rule is judged from its card's printed text (``copiers``' definitions), so
    two such cards take each other's text."""
    if card in game.down or own.card_type not in BLANK_KINDS:
        return False
    if not (game.in_tableau(card) or any(card in area for area in (*game.accessories, *game.deck_box))):
        return False
    for source, rule_card in copiers.items():
        if source == card or BLANK_TEXT not in rule_card.features or source in game.down:
            continue
        seat = game.seat_of(source)
        if seat is None:
            continue
        rules = rule_card.continuous("blank_text")
        if source == game.top_card(seat):
            rules += rule_card.continuous("blank_text", "top")
        if any(own.card_type in rule["kinds"] and not (rule.get("until_scoring") and game.phase == "scoring")
               for rule in rules):
            return True
    return False


_BLANK: dict[int, tuple[CardDef, CardDef]] = {}


def blank_of(own: CardDef) -> CardDef:
    """``own`` with no text ("a blank card": no effects, no keywords), its printed data kept; made once
    per definition (a new definition each step would rebuild the feature index each step)."""
    from rules.millennium_blades.catalogue import CardDef

    known = _BLANK.get(id(own))
    if known is not None and known[0] is own:
        return known[1]
    if len(_BLANK) > 5000:
        _BLANK.clear()
    blank = CardDef(own.name, own.card_type, own.star, own.elements, own.types, (), (), own.set_code,
                    copied_from=BLANKED, set_kind=own.set_kind)
    _BLANK[id(own)] = (own, blank)
    return blank


def shared_printed(game: QueryMixin, card: int, what: str) -> tuple[str, ...]:
    """The SETs (``what``: sets) or rarities ``card`` has from a face-up ``share_attached`` rule of its
    owner's naming them (batch h's op): those of the cards attached to the rule's card, while ``card``
    is in a zone it names, "in addition to their own". Asked only when cards are attached."""
    from rules.millennium_blades.ops_more_h import sharing_attachments
    from rules.millennium_blades.ops_more_l import rarity  # (it asks the queries this module serves)

    cards = [*host_gained(game, card, what), *sharing_attachments(game, card, what)]
    found = [game.cards[a].set_code if what == "sets" else rarity(game, a) for a in cards]
    return tuple(v for v in dict.fromkeys(found) if v)


def host_gained(game: MBBase, host: int, what: str) -> list[int]:
    """The cards attached to ``host`` whose ``what`` (star, elements, ... effects) it has by its own
    ``host_gains`` rule now: face-up in a tableau ("Effects on Cards": Ongoing); none otherwise."""
    if not game.attached or host in game.down or not any(what in op["what"] for op in game.cards[host].continuous("host_gains")):
        return []
    return game.attachments(host) if game.in_tableau(host) else []


def do_overrides_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``keep_chosen``: the symbol the player chose just before is kept for this card (``MBState.named``,
    replaced, never changed in place: a clone shares it), for its ``override_symbols`` rule.
    ``discard_hand``: "Discard a Card" ("General Rules": to the owner's Binder) for every card of
    the player's hand at once, none chosen; each is logged as a discard, an empty hand as nothing to
    discard; the discard triggers hear them once, as one discard effect's cards."""
    if op["op"] == "discard_attached":  # "Discard a Card": an attachment to its owner's binder
        held = game.attachments(frame["source"]) if frame["source"] is not None else []
        for att in held:
            game.detach(att, "discarded")
        frame["ctx"]["did"] = bool(held)
        return True
    if op["op"] == "keep_chosen":
        value = op.get("type", op.get("element"))
        if value is not None and frame["source"] is not None:
            game.named = {**game.named, f"{CHOSEN_KEY}{frame['source']}": (value,)}
        return True
    seat, ctx = frame["seat"], frame["ctx"]
    cards = list(game.hand[seat])
    game.hand[seat].clear()
    game.binder[seat].extend(cards)
    for card in cards:
        game.log("discard", seat, card=game.cards[card].name)
    if not cards:
        game.log("discard_failed", seat)
    ctx["those"], ctx["did"] = cards, bool(cards)
    game.discard_triggers(seat, cards)
    return True


__all__ = ["BLANKED", "BLANK_KINDS", "BLANK_TEXT", "CHOSEN_KEY", "HOST_GAINS", "HOST_GAINS_RULE", "OVERRIDES",
           "OVERRIDES_CONTINUOUS_OPS", "OVERRIDES_OPS", "OVERRIDES_RUN_OPS", "OVERRIDE_SCOPES", "PRINTED_STAR",
           "blank_candidates", "blank_of", "blanked", "changed_printed_star", "do_overrides_op", "host_gained",
           "overridden_symbols", "overrides_op_errors", "shared_printed"]
