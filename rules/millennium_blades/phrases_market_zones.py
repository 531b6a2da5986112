"""More shapes of printed text, batch market_zones (issue 26.2): the Store, the Store Discard and the
Aftermarket as zones effects look at and take from during a tournament: a few top cards looked at and
one of them chosen and played (a Sell Marker put on it), a card of the Aftermarket played, random
cards of the Store Discard put back on the Store in the player's order, the Aftermarket filled.
millennium-blades.txt, "Discards", "Aftermarket Space", "FAQs"; docs/rules-notes.md, "MB: market
zones"; the engine side is ``ops_market_zones.py`` (and batch j's ``pick_play`` for the Aftermarket).
"""

from __future__ import annotations

import re
from contextvars import ContextVar

from rules.millennium_blades.phrases import NUMBER, number

#: "the Store", "the Store deck", "the Core deck", "the Store or Core deck" (batch b's reading: the
#: Core Set is shuffled into the Store, "Set Selection" 2)
_STORE = r"the (?:store(?: deck)?|core deck|store or core deck|store deck or core deck)"
_DISCARD = r"the store discard(?: pile)?"
#: "look at the top N cards of" a pile "and choose one"
_LOOK = re.compile(rf"look at the top ({NUMBER}) cards of ({_STORE}|{_DISCARD}) and choose (?:one|1)(?: of them)?")
#: "the unchosen cards", "the cards not chosen", "the other cards"
_UNCHOSEN = r"(?:the unchosen cards?|the cards? not chosen|the other cards?|the rest)"
#: the card a look chose
_CHOSEN = r"(?:the chosen card|the card chosen|that card)"
#: "play a card from the Aftermarket": one of the player's choice, played at once (batch j's pick_play)
_PLAY_AFTERMARKET = re.compile(r"play (?:a|one) card from the aftermarket(?: immediately)?")
#: N random cards of the Store Discard put on top of the Store "in any order"
_DISCARD_TO_TOP = re.compile(rf"put ({NUMBER}) random cards from {_DISCARD} on top of the store(?: deck)? in any order")
#: RP equal to the combined STAR of "the cards" (those) just after them: those cards' Star Ratings
_THOSE_STARS = re.compile(r"gain rp equal to the combined star(?: ratings?)? of (?:the|those|these) cards")
#: ", put a Sell Marker on it" after a card played
_SELL_MARKER = re.compile(rf"(?:(.+?),? )?(?:then )?put a sell marker on (?:it|{_CHOSEN})")
#: a sentence after a ``look_choose`` of the same ability is being read: "the chosen card" names its card
_LOOKED: ContextVar[bool] = ContextVar("_LOOKED", default=False)


#: "gain all CONSTRUCT cards to your hand" after cards were revealed: those that fit, still revealed
_THOSE_FITTING_TO_HAND = re.compile(r"(?:gain|add|put|take) all (.+?) (?:cards|singles)(?: revealed(?: this way)?)? "
                                    r"(?:in)?to your hand")
#: "discard the rest" after them: the other cards revealed, to the Store Discard
_DISCARD_REST = re.compile(r"discard the (?:rest|others|other cards|remaining cards)")
#: "(discard the rest)" printed after a take to the hand: a sentence of its own
_REST_PAREN = re.compile(r"(to your hand)\s*\((discard the (?:rest|others))\)\s*\.", re.I)
#: "the top card of the Store and Core decks" (one deck: batch b's Core deck is the Store), "put them back"
_STORE_AND_CORE = re.compile(r"\breveal the top card of "
                             r"(?:the store(?: deck)? and (?:the )?core decks?|the core deck and (?:the )?store(?: deck)?)"
                             r", then put (?:them|it) back\b")
#: the Store's top card revealed "then put it back": shown to all, and it stays on top
_REVEAL_PUT_BACK = re.compile(rf"reveal the top card of {_STORE},? (?:and |then |and then )?put it back(?: on top)?")
#: the words ``reword_market_zones`` puts for one card revealed and put back
_ONE_CARD_PUT_BACK = "reveal the top card of " + "the store, then put it back"
#: "(gain N RP, then) add cards to the Aftermarket until it has" M "cards"
_FILL = re.compile(rf"(?:(.+?),? (?:and |then |and then ))?add cards to the aftermarket until it (?:has|holds) ({NUMBER}) "
                   r"cards")
#: "starting to your left", each other player (in turn order from the player on your left) does something
_OTHERS_IN_TURN = re.compile(r"starting (?:to|with the player (?:to|on)) your left and (?:moving|going) (?:left|clockwise), "
                             r"(?:each|every) other player (?:must )?(.+)")
_DRAFT_PLAY = re.compile(r"(?:draft|take) and play a card from the aftermarket(?: immediately)?")
#: a (face-up) card of your tableau discarded "to the Store Discard"
_TABLEAU_TO_DISCARD = re.compile(r"discard a (?:face-up )?card (?:in|from) your tableau to the store discard")
#: a Next effect: the next card played may be taken from the top of the Store Discard
_NEXT_FROM_DISCARD = re.compile(r"(?:the|your) next card(?: you play)? may be (?:played from )?the top card of "
                                r"the store discard(?: pile)?")
#: "play the bottom (top) card of the Store Discard"
_PLAY_DISCARD_END = re.compile(r"play the (bottom|top) card of the store discard(?: pile)?")


def printed_market_zones(text: str) -> str:
    """Printed words put in the grammar's: "X to your hand (discard the rest)." is two sentences, the
    parenthetical saying what happens to the cards X leaves (``split_abilities`` asks, before reminders
    are dropped)."""
    return _REST_PAREN.sub(r"\1. \2.", text)


def reword_market_zones(text: str) -> str:
    """The top card of "the Store and Core decks" revealed and put back: the Core deck is the Store
    (rules notes, "The Core deck"), so it is one card, revealed and put back."""
    return _STORE_AND_CORE.sub(_ONE_CARD_PUT_BACK, text)


def read_clause_market_zones(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this batch's shapes for ``clauses.read_clause``; ``None`` when not one."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    if timing == "next" and _NEXT_FROM_DISCARD.fullmatch(text):  # (ops_market_zones.store_discard_plays)
        return [{"op": "next_from_store_discard"}]
    m = _LOOK.fullmatch(text)
    if m:
        last["looked"] = True
        return [{"op": "look_choose", "from": "store_discard" if "discard" in m.group(2) else "store",
                 "amount": number(m.group(1))}]
    m = _SELL_MARKER.fullmatch(text)
    if m:  # on the card just played (REF played): "play ..., put a Sell Marker on it"
        before = read_clause(m.group(1), timing, effect, last) if m.group(1) else []
        if not any(op["op"] in ("play_chosen", "pick_play", "play_found") for op in before) and not last.get("played_one"):
            return None
        return [*before, {"op": "sell_marker"}]
    if last.get("looked") or _LOOKED.get():
        m = re.fullmatch(rf"discard this card(?: and ({_UNCHOSEN}))?(?:,? (?:and |then |and then )?play {_CHOSEN})?", text)
        if m and text != "discard this card":
            last["played_one"] = "play" in text
            return [{"op": "discard_self"}, *([{"op": "unchosen_to_discard"}] if m.group(1) else []),
                    *([{"op": "play_chosen"}] if last["played_one"] else [])]
        if re.fullmatch(rf"discard ({_UNCHOSEN})", text):
            return [{"op": "unchosen_to_discard"}]
        if re.fullmatch(rf"play {_CHOSEN}", text):
            last["played_one"] = True
            return [{"op": "play_chosen"}]
    if _PLAY_AFTERMARKET.fullmatch(text):
        last["played_one"] = True
        return [{"op": "pick_play", "from": "aftermarket", "amount": 1}]
    m = _DISCARD_TO_TOP.fullmatch(text)
    if m:
        return [{"op": "store_discard_to_top", "amount": number(m.group(1))}]
    m = _OTHERS_IN_TURN.fullmatch(text)
    if m:  # batch j's clockwise, from the player on your left ("Tournament Turns": seat + 1 is next)
        return [{"op": "clockwise", "skip_self": True, "ops": read_clause(m.group(1), timing, effect, {"ref": None})}]
    if _DRAFT_PLAY.fullmatch(text):  # batch j's pick and play, from the Aftermarket
        return [{"op": "pick_play", "from": "aftermarket", "amount": 1}]
    if _TABLEAU_TO_DISCARD.fullmatch(text):  # batch f's discard of a face-up card of yours, to the Store Discard
        return [{"op": "discard_in_play", "to": "store_discard",
                 "target": {"player": "self", "pick": "choice", "filter": {"face": "up"}}}]
    m = _PLAY_DISCARD_END.fullmatch(text)
    if m:
        last["played_one"] = True
        return [{"op": "play_store_discard", "end": m.group(1)}]
    return None


def read_sentence_market_zones(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A whole sentence: RP equal to the combined STAR of "the cards" right after the cards were
    put on the Store (``store_discard_to_top``: those cards); a sentence naming "the chosen card" (the
    unchosen ones) after a ``look_choose`` of the same ability, read as clauses with that card named.
    True when read into ``ops``."""
    m = _FILL.fullmatch(s)
    if m:  # what comes before it, then the Store's top cards into the Aftermarket until it holds that many
        from rules.millennium_blades.text import clauses  # text asks this module

        ops += [*(clauses(m.group(1), timing, effect) if m.group(1) else []),
                {"op": "fill_aftermarket", "size": number(m.group(2))}]
        return True
    if _REVEAL_PUT_BACK.fullmatch(s):  # (read whole: "reveal" alone puts a Store card in the Aftermarket)
        ops.append({"op": "reveal_in_place"})
        return True
    if _THOSE_STARS.fullmatch(s) and ops and ops[-1]["op"] == "store_discard_to_top":
        ops.append({"op": "gain_rp", "amount": 1, "per": {"count": "those_stars"}})
        return True
    revealed = any(op["op"] == "reveal_top" for op in ops)
    m = _THOSE_FITTING_TO_HAND.fullmatch(s)
    if m and revealed:  # of the cards this effect revealed, those that fit (batch j's reveal_top: ``those``)
        from rules.millennium_blades.phrases import Unread, card_phrase

        flt, _, rest = card_phrase(f"a {m.group(1)} card")
        if rest:
            raise Unread(rest, "after the cards taken")
        ops.append({"op": "those_fitting_to_hand", "filter": flt})
        return True
    if _DISCARD_REST.fullmatch(s) and ops and ops[-1]["op"] == "those_fitting_to_hand":
        ops.append({"op": "those_to_store_discard"})
        return True
    if _LOOKED.get() or s.startswith("if ") or not re.search(r"\bchosen\b", s) \
            or not any(op["op"] == "look_choose" for op in ops):
        return False  # (a condition about the chosen card is the core's "if" reading)
    from rules.millennium_blades.text import clauses  # text asks this module

    token = _LOOKED.set(True)
    try:
        ops += clauses(s, timing, effect)
    finally:
        _LOOKED.reset(token)
    return True


__all__ = ["printed_market_zones", "read_clause_market_zones", "read_sentence_market_zones", "reword_market_zones"]
