"""The engine side of ``phrases_naming.py`` (issue 26.2, batch "naming"): names and chosen values
remembered (millennium-blades.txt, "Effects on Cards", "Discard a Card", "Flip a Card"; docs/rules-notes.md,
"MB: naming"). The card checker's checks are here too.

What a player names is asked as a decision (``name_card``, market.py: kind ``name``); a name named
"with Foreboding" is also remembered for the rest of the tournament, per player (``MBState.named``,
key ``foreboding:<seat>``, in the order named), and so is a name no one may play any more
(key ``banned``). ``recall_named``: the latest Foreboding name of the effect's player is the named
card of the effect ("the card you named with Foreboding"). FILTER ``named: foreboding``: a card whose
name its player (the filter card's) named with Foreboding; FILTER ``foreboding: false``: a card
without a Foreboding ability. ``choose_value`` ``word`` (market.py) offers the words of the names of
the face-up cards in every tableau.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

ANY = "any"
#: what a remembered name was named with ("Foreboding–Play: Name a card.")
NAMED_WITH = ("foreboding",)
#: ``MBState.named``'s key of the names no one may play for the rest of the tournament
BANNED = "banned"

NAMING_OPS = {
    "recall_named": OpSpec("The latest name the effect's player named with (with: foreboding) this tournament is the "
                           "named card of the effect (\"the card you named with Foreboding\"); none named: no card.",
                           {"with": "str"}),
    "ban_named": OpSpec("The named card cannot be played, by any player, for the rest of the tournament (every way of "
                        "playing a card asks special_ops.may_play).", {}),
    "discard_or_flip_named": OpSpec("Each of the players (who) discards a copy of the named card from their hand to "
                                    "their binder or, with none in their hand, flips a face-up copy in their tableau "
                                    "(the left-most); \"for each player who discards\" counts the discards.",
                                    {"who": "str"}),
    "reveal_named": OpSpec("Each of the players (who) reveals every copy of the named card in their hand (\"Reveal a "
                           "Card from your hand\"); the first is then the card revealed, and \"If anyone revealed\" holds.",
                           {"who": "str"}),
    "play_those": OpSpec("Play one of those cards (the cards the effect just discarded to the Store Discard, still "
                         "there) of your choice into your tableau, its Play effects too (an open slot and a legal play "
                         "needed); it is yours now; REF played names it.", {}),
    "pick_blind": OpSpec("A card drawn blind from the hand of the player (who: that_player; self: your own, batch "
                         "hands) is the card revealed; "
                         "reveal: it is shown to all (a card revealed from a hand goes back to it).",
                         {"who": "str", "reveal": "bool"}),
    "reveal_until": OpSpec("Reveal the Store's cards from the top, one at a time, until one fits the filter (the Store "
                           "as it is: no reshuffle; none found: nothing more); play: that card is played into your "
                           "tableau (REF played), as a card an effect plays, if it may be; the other cards revealed go "
                           "to the Aftermarket (rest: aftermarket) or, shuffled, to the bottom of the Store (bottom).",
                           {"filter": ANY, "play": "bool", "rest": "str"}),
    "pick_secret": OpSpec("A card of your hand of your choice, kept hidden; it is the card revealed (REF revealed) once shown.",
                          {}),
    "guess_card": OpSpec("Each of the players (who: each_opponent) guesses a TYPE, an ELEMENT or a STAR of the card "
                         "picked (pick_secret); reveal: it is then shown; \"If you did\" holds when one guessed right.",
                         {"who": "str", "reveal": "bool"}),
    "take_from": OpSpec("Cards (filter) of the player's (who: that_player) zone (binder or hand) to your hand, yours "
                        "now: every such card (all) or one, that player's choice (the hand is theirs to see); reveal: "
                        "shown to all; REF revealed names the last (those: all of them).",
                        {"who": "str", "zone": "str", "filter": ANY, "all": "bool", "reveal": "bool"}),
    "must_choose_me": OpSpec("Ongoing (Top): when another player's effect has them choose a player or an opponent "
                             "(choose_player, not an ally), they must choose this card's player if they may.", {}),
}
#: the continuous ops (never resolved)
NAMING_CONTINUOUS_OPS = ("must_choose_me",)
#: COUNT name_letters: the letters (a to z) of the name of the card (REF card)
NAMING_COUNTS = ("name_letters",)
#: FILTER keys: named (a name its player named with foreboding), foreboding (false: no Foreboding ability)
NAMING_FILTER_KEYS = frozenset({"named", "foreboding"})

Errors = list[tuple[str, str]]


def naming_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: what a name is remembered with; the players of ``discard_or_flip_named``."""
    if name == "recall_named" or name == "name_card" and "with" in op:
        return [] if op.get("with") in NAMED_WITH else [(f"{where}.with", f"is one of {', '.join(NAMED_WITH)}")]
    if name in ("discard_or_flip_named", "reveal_named") and op.get("who") not in ("each", "each_opponent"):
        return [(f"{where}.who", "is each or each_opponent")]
    if name == "reveal_until":
        from rules.millennium_blades.effects import filter_errors  # effects asks this module

        errors = [] if op.get("rest") in ("aftermarket", "bottom") else [(f"{where}.rest", "is aftermarket or bottom")]
        return errors + filter_errors(op.get("filter"), f"{where}.filter")
    if name == "take_from":
        from rules.millennium_blades.effects import filter_errors  # effects asks this module

        errors = [] if op.get("zone") in ("binder", "hand") else [(f"{where}.zone", "is binder or hand")]
        errors += [] if op.get("who") == "that_player" else [(f"{where}.who", "is that_player")]
        return errors + filter_errors(op.get("filter", {}), f"{where}.filter")
    if name == "guess_card" and op.get("who") != "each_opponent":
        return [(f"{where}.who", "is each_opponent")]
    if name == "pick_blind" and op.get("who") not in ("that_player", "self"):  # self: batch hands
        return [(f"{where}.who", "is that_player or self")]
    return []


def naming_count_errors(count: Mapping[str, Any], path: str) -> Errors:
    from rules.millennium_blades.effects import REFS  # effects asks this module

    return [] if count.get("card") in REFS else [(f"{path}.card", "is a REF")]


def naming_count(game: MBBase, count: Mapping[str, Any], source: int | None, seat: int, ctx: dict) -> int:
    """``name_letters``: the letters of the card's name (none: no card, or a face-down one in play)."""
    card = game.ref(count["card"], source, seat, ctx)
    if card is None or card in game.down:
        return 0
    return len(re.findall(r"[a-z]", game.cards[card].name.lower()))


def naming_filter_errors(key: str, value: Any, path: str) -> Errors:
    if key == "named":
        return [] if value in NAMED_WITH else [(f"{path}.named", f"is one of {', '.join(NAMED_WITH)}")]
    return [] if value is False else [(f"{path}.foreboding", "is false")]


def has_foreboding(effects: Iterable[dict]) -> bool:
    """Whether a card's effects name a card with Foreboding (``CardDef`` feature ``foreboding``)."""
    return any(op.get("op") == "name_card" and op.get("with") == "foreboding" for e in effects for op in e["ops"])


def remember_name(game: MBBase, seat: int, with_: str, name: str) -> None:
    """A name ``seat`` named with ``with_`` (Foreboding), kept for the rest of the tournament."""
    key = f"{with_}:{seat}"
    game.named = {**game.named, key: (*game.named.get(key, ()), name)}


def naming_filter_holds(game: MBBase, card: int, flt: Mapping[str, Any], source: int | None) -> bool:
    """FILTER ``named``: ``card``'s name is one the filter card's player named with Foreboding;
    ``foreboding: false``: ``card`` has no Foreboding ability."""
    if "foreboding" in flt and card in game.cards_with("foreboding"):
        return False
    if "named" in flt:
        seat = game.seat_of(source) if source is not None else None
        if seat is None:
            return False
        names = game.named.get(f"{flt['named']}:{seat}", ())
        if game.cards[card].name in names:
            return True
        from rules.millennium_blades.ops_overrides import host_gained  # its attachments' names (ops_overrides.py)

        return any(game.cards[a].name in names for a in host_gained(game, card, "names"))
    return True


def name_banned(game: MBBase, card: int) -> bool:
    """Whether ``card``'s name was banned for the rest of the tournament (``ban_named``). Asked only
    when the game holds a card that bans (feature ``ban_named``)."""
    return game.cards[card].name in game.named.get(BANNED, ())


def choosable_words(game: MBBase) -> list[str]:
    """"Choose a word": the words of the names of the face-up cards in every tableau (a word in no
    name there finds nothing: rules notes, "MB: naming"), in lower case, sorted."""
    words = {w for row in game.tableau for c in row if c not in game.down
             for w in re.findall(r"[a-z0-9']+", game.cards[c].name.lower())}
    return sorted(words)


def _discard_or_flip(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    players = game.who(frame, op, k)
    if players is None:
        return False
    ctx = frame["ctx"]
    named, discarded, flipped = ctx.get("named"), 0, 0
    for p in players:
        copy = next((c for c in game.hand[p] if game.cards[c].name == named), None)
        if copy is not None:  # "Discard a Card": from the hand to the owner's binder
            game.hand[p].remove(copy)
            game.binder[p].append(copy)
            game.log("discard", p, card=named)
            discarded += 1
            continue
        up = next((c for c in game.tableau[p] if c not in game.down and game.cards[c].name == named), None)
        if up is not None and game.flip_card(up, frame["seat"]):  # "Flip a Card" (it logs the flip)
            flipped += 1
    ctx["players_discarded"], ctx["did"] = discarded, discarded + flipped > 0
    return True


def do_naming_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Resolve one of this module's ops."""
    ctx, seat = frame["ctx"], frame["seat"]
    if op["op"] == "recall_named":
        names = game.named.get(f"{op['with']}:{seat}", ())
        ctx["named"] = names[-1] if names else None
        return True
    if op["op"] == "ban_named":
        named = ctx.get("named")
        if named is not None and named not in game.named.get(BANNED, ()):
            game.named = {**game.named, BANNED: (*game.named.get(BANNED, ()), named)}
            game.log("name_banned", seat, card=named)
        return True
    if op["op"] == "reveal_named":
        return _reveal(game, frame, op, k)
    if op["op"] == "play_those":
        return _play_those(game, frame, k)
    if op["op"] == "pick_blind":
        return _pick_blind(game, frame, op, k)
    if op["op"] == "reveal_until":
        return _reveal_until(game, frame, op)
    if op["op"] == "take_from":
        return _take_from(game, frame, op, k)
    if op["op"] == "pick_secret":
        return _pick_secret(game, frame, k)
    if op["op"] == "guess_card":
        return _guess_card(game, frame, op, k)
    return _discard_or_flip(game, frame, op, k)


def players_to_choose(game: MBBase, seat: int, players: list[int]) -> list[int]:
    """"Choose a player" / "Choose an opponent" for ``seat``: the players among ``players`` (not
    ``seat``) whose face-up ``must_choose_me`` rule is in force, if any; else ``players`` (rules notes,
    "MB: naming"). Asked only when the game holds such a card."""
    bound = [p for p in players if p != seat and game.face_up_ops(p, "must_choose_me")]
    return bound or players


def _take_from(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Every card of the Set chosen in that player's binder, or one of their hand, "gained": to your
    hand, yours now; one card of a hand is that player's choice (they see their hand: rules notes,
    "MB: naming")."""
    players = game.who(frame, op, k)
    if players is None:
        return False
    seat, ctx, source, key = frame["seat"], frame["ctx"], frame["source"], f"{k}:take"
    ctx["those"], ctx["revealed"], ctx["did"] = [], None, False
    if not players or players[0] == seat:
        return True
    giver = players[0]
    zone = game.binder[giver] if op["zone"] == "binder" else game.hand[giver]
    fits = [c for c in zone if game.matches(c, op.get("filter", {}), source)]
    if not op.get("all") and fits:
        options = sorted({game.cards[c].name for c in fits})
        if key not in ctx:
            if len(options) > 1:
                game.ask(giver, "reveal", [Action("pick", (name,)) for name in options], key, "a card to give")
                return False
            ctx[key] = fits[0]
        fits = [ctx[key]]
    for card in fits:
        zone.remove(card)
        game.hand[seat].append(card)
        game.owner[card] = seat
    if fits:
        game.log("take_from", seat, seat_from=giver, zone=op["zone"], cards=[game.cards[c].name for c in fits])
        if op.get("reveal"):
            game.log("reveal", seat, source="hand", card=game.cards[fits[-1]].name)
    ctx["those"], ctx["revealed"], ctx["did"] = fits, (fits[-1] if fits else None), bool(fits)
    return True


def _pick_secret(game: MBBase, frame: dict, k: int) -> bool:
    """A card of the player's hand of their choice (by name), not shown (logged without it)."""
    seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:secret"
    options = sorted({game.cards[c].name for c in game.hand[seat]})
    if not options:
        ctx["revealed"] = None
        return True
    if key not in ctx:
        if len(options) > 1:
            game.ask(seat, "reveal", [Action("pick", (name,)) for name in options], key, "a card the opponents guess")
            return False
        ctx[key] = next(c for c in game.hand[seat] if game.cards[c].name == options[0])
    ctx["revealed"] = ctx[key]
    game.log("card_picked", seat)
    return True


#: what a guess may name: a TYPE, an ELEMENT, a STAR ("CARD DATA"), as "type soldier", "star 4"
def _guess_options() -> list[str]:
    from rules.millennium_blades.vocabulary import ELEMENTS, TYPE_VALUES

    return [f"type {t}" for t in TYPE_VALUES] + [f"element {e}" for e in ELEMENTS] + [f"star {n}" for n in range(13)]


def _guessed_right(game: MBBase, card: int, guess: str) -> bool:
    """A guess of the card's printed data (in a hand, a card shows its printed data)."""
    kind, value = guess.split(" ", 1)
    definition = game.cards[card]
    if kind == "type":
        return value in definition.types
    if kind == "element":
        return value in definition.elements
    return isinstance(definition.star, int) and str(definition.star) == value


def _guess_card(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Each opponent, in turn order, guesses a TYPE, ELEMENT or STAR of the hidden card (a decision
    of theirs, kind ``value``); then the card is shown if the text says so; "If no opponent guessed
    correctly" asks ``did`` (one guessed right)."""
    seat, ctx, card = frame["seat"], frame["ctx"], frame["ctx"].get("revealed")
    if card is None:
        ctx["did"] = False
        return True
    right = 0
    for p in game.opponents(seat):
        key = f"{k}:guess{p}"
        if key not in ctx:
            game.ask(p, "value", [Action("value", (g,)) for g in _guess_options()], key, "a guess of the hidden card")
            return False
        right += _guessed_right(game, card, ctx[key])
    if not ctx.get(f"{k}:logged"):
        ctx[f"{k}:logged"] = True
        for p in game.opponents(seat):
            game.log("guess", p, guess=ctx[f"{k}:guess{p}"], right=_guessed_right(game, card, ctx[f"{k}:guess{p}"]))
        if op.get("reveal"):
            game.log("reveal", seat, source="hand", card=game.cards[card].name)
    ctx["did"] = right > 0
    return True


def _reveal_until(game: MBBase, frame: dict, op: dict) -> bool:
    """"Reveal cards from the top of the Store until you reveal a card of that SET, then play that
    card": the Store as it is (a search that finds none ends: rules notes, "MB: naming"); the other
    cards revealed go to the Aftermarket ("Aftermarket Space"), or shuffled to the bottom of the Store
    when the text says so; then the card found is played ("Play a Single": the next open slot, not the
    turn's Single, its Play effects resolve), if it may be, and is the player's."""
    seat, ctx, source = frame["seat"], frame["ctx"], frame["source"]
    found, rest = None, []
    while game.store and found is None:
        card = game.store.pop()
        game.log("reveal", seat, source="store", card=game.cards[card].name, star=game.cards[card].printed_star)
        if game.matches(card, op.get("filter", {}), source):
            found = card
        else:
            rest.append(card)
    playing = found is not None and bool(op.get("play")) and len(game.tableau[seat]) < game.capacity(seat) \
        and game.may_play(seat, found)
    if found is not None and not playing:  # not played: a revealed card as the others
        rest.append(found)
    if op.get("rest") == "bottom":
        game.rng.shuffle(rest)
        game.store[:0] = rest  # the Store's top is the end of the list
        if rest:
            game.log("store_bottom", seat, cards=len(rest))
    elif rest:
        game.to_aftermarket(rest)
    ctx["revealed"], ctx["did"] = found, playing
    if playing and found is not None:
        game.owner[found] = seat
        ctx["played"] = found
        game.play_single(seat, found, from_hand=False)
    return True


def _pick_blind(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """A card chosen in an opponent's hidden hand is a card drawn blind (rules
    notes, "MB: naming"); shown to all when the text reveals it."""
    players = game.who(frame, op, k)
    if players is None:
        return False
    ctx, hand = frame["ctx"], (game.hand[players[0]] if players else [])
    card = hand[game.rng.randrange(len(hand))] if hand else None
    ctx["revealed"], ctx["did"] = card, card is not None
    if card is not None and op.get("reveal"):
        game.log("reveal", players[0], source="hand", card=game.cards[card].name)
    return True


def _play_those(game: MBBase, frame: dict, k: int) -> bool:
    """"Take one of the discarded cards and play it in your tableau": one of the cards the effect
    discarded to the Store Discard, of the player's choice (by name), played as a card an effect plays
    ("Play a Single": the next open slot, not the turn's Single; its Play effects resolve); it is theirs."""
    seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:play_those"
    pool = [c for c in ctx.get("those", ()) if c in game.store_discard and game.may_play(seat, c)]
    ctx["did"] = False
    if not pool or len(game.tableau[seat]) >= game.capacity(seat):
        return True
    options = sorted({game.cards[c].name for c in pool})
    if key not in ctx and len(options) > 1:
        game.ask(seat, "play", [Action("value", (name,)) for name in options], key, "a discarded card to play")
        return False
    name = ctx.get(key, options[0])
    card = next(c for c in pool if game.cards[c].name == name)
    game.store_discard.remove(card)
    game.owner[card] = seat
    ctx["played"], ctx["did"] = card, True
    game.play_single(seat, card, from_hand=False)
    return True


def _reveal(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Every copy of the named card in the players' hands shown ("General Rules": revealed from
    the hand, then back in it); the first is the card revealed."""
    players = game.who(frame, op, k)
    if players is None:
        return False
    ctx, named = frame["ctx"], frame["ctx"].get("named")
    shown = [c for p in players for c in game.hand[p] if game.cards[c].name == named]
    for p in players:
        for c in game.hand[p]:
            if game.cards[c].name == named:
                game.log("reveal", p, source="hand", card=named)
    ctx["revealed"], ctx["did"] = (shown[0] if shown else None), bool(shown)
    return True


__all__ = ["BANNED", "NAMED_WITH", "NAMING_CONTINUOUS_OPS", "NAMING_COUNTS", "NAMING_FILTER_KEYS", "NAMING_OPS",
           "choosable_words", "do_naming_op", "has_foreboding", "name_banned", "naming_count", "naming_count_errors",
           "naming_filter_errors", "naming_filter_holds", "naming_op_errors", "players_to_choose", "remember_name"]
