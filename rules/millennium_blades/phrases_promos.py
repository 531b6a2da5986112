"""More shapes of printed text, batch promos (issue 26.2): the Promo stacks (the Bronze, Silver and
Gold piles of the Card Fusion Area) as zones effects reach during a tournament: the top cards picked
up, one played and the rest shuffled back; a Promo gained to the hand (at random, of the player's
choice, per a count); the top card of a stack played. millennium-blades.txt, "GAME SETUP" 3, "Card
Fusion"; docs/rules-notes.md, "MB: promos"; the engine side is ``ops_promos.py``.
"""

from __future__ import annotations

import re
from contextvars import ContextVar

from rules.millennium_blades.phrases import NUMBER, Unread, number

_TIER = r"(bronze|silver|gold)"
#: a Promo stack: "the Gold Promo Stack", "the SILVER PROMO stack", "the Bronze Promo deck"
_STACK = rf"the {_TIER} promo (?:stack|deck|pile)"
#: any of them: "any Promo stack", "one of the promo stacks", "any PROMO deck"
_ANY_STACK = r"(?:any|one of the|a) promo (?:stacks?|decks?|piles?)"
#: "(or all that remain, if there are less than N)" after "the top N cards of" a Promo stack: the
#: words the reader takes (the pick-up takes all there are when fewer anyway)
_REMAIN_PAREN = re.compile(r"(top (\d+) cards of the (?:bronze|silver|gold) promo (?:stack|deck|pile))\s*"
                           r"\(or all that remain,? if there are (?:less|fewer) than (\d+)\)", re.I)
#: "pick up the top N cards of <stack>, play one immediately and shuffle the rest back into the stack"
_PICK_UP = re.compile(rf"(?:(.+?),? (?:then )?)?pick up the top ({NUMBER}) cards of {_STACK}(?: or all that remain)?,? "
                      r"(?:then )?play (?:one|1)(?: of them)? immediately,? (?:and |then |and then )?shuffle the "
                      r"(?:rest|others|other cards) back into (?:the|that) (?:stack|deck|pile)")
#: "randomly gain a SILVER PROMO from the SILVER PROMO stack to your hand", "gain a promo card of
#: your choice from one of the promo stacks to your hand", "gain any PROMO from any PROMO deck"
_GAIN = re.compile(rf"(randomly )?gain (a|one|1|any|a random) (?:{_TIER} )?promo(?: card)?( of (?:your|their) choice)? "
                   rf"from (?:{_STACK}|({_ANY_STACK}))( at random)?(?: (?:to|into) your hand)?")
#: a gain "for every" or "for each" of a count: the gain made once per step
_PER = re.compile(r"(.+?) (?:for every|for each) (.+)")
#: this card discarded "to the Store Discard" ("Discard a Card": "unless another location is specified")
_SELF_TO_STORE_DISCARD = re.compile(r"discard this card to the store discard(?: pile)?")
#: the top card of a stack played: of any Promo stack (the player's choice), of the Gold one ...
_PLAY_TOP = re.compile(rf"play the top card of (?:{_STACK}|({_ANY_STACK}))")
#: the top card of a stack (or one of the player's choice) revealed
_REVEAL_TOP = re.compile(rf"reveal the top card of (?:{_STACK}|({_ANY_STACK}))")
#: the card a ``promo_reveal_top`` of the same effect revealed
_THE_REVEALED = r"(?:the card (?:you )?revealed|the revealed card)"
#: "If you did, ... play the card you revealed": a sentence after a Promo revealed, read as clauses
_IF_DID = re.compile(r"if you did,? (.+)")
#: the card played "becomes yours" (and goes to your binder after the tournament), after it was played
_YOURS = re.compile(r"(?:this|that|the) card becomes yours(?:,? and (?:is added|goes) to your binder after the "
                    r"tournament(?: phase)?)?")
#: "discard cards from the Aftermarket to gain a Promo to your hand whose fusion cost equals the amount of
#: cards discarded"
_FUSE = re.compile(r"discard cards from the aftermarket to gain a promo(?: card)? (?:to|into) your hand whose fusion "
                   r"cost equals the (?:amount|number) of cards discarded")
#: after it: "the remaining cards in the Aftermarket" are the cards there
_REMAINING = re.compile(r"gain rp equal to the combined star(?: ratings?)? of the remaining cards in the aftermarket")
#: sets outside the game: "from outside (of) the game", "outside the game", "from the box"
_OUTSIDE = r"(?:(?:from )?outside(?: of)? the game|from the box)"
#: a Promo set of a tier selected at random from outside the game
_SELECT_SET = re.compile(rf"randomly select an? {_TIER} promo set {_OUTSIDE}")
#: "(each player) chooses a Single from that set and adds it to their hand"
_TAKE_FROM_SET = re.compile(r"chooses? (?:a|one) (.+?) from that set and (?:adds?|puts?) it (?:in)?to (?:your|their) hand")
#: the rest of the cards of that set put in the Aftermarket
_REST_OF_SET = re.compile(r"put the rest of (?:the cards (?:in|of|from) )?that set (?:in|into|to) the aftermarket")
#: N cards gained at random from a SET of your choice "from the box"; a card of your choice from a SET
#: outside the game with a quoted word in its name
_OUTSIDE_GAIN = re.compile(rf"gain ({NUMBER}|a|an) cards?( at random| of your choice) from a set( of your choice)? "
                           rf"{_OUTSIDE}(?: with [\"“”]([^\"“”]+)[\"“”] in its name)? "
                           r"to your hand")
#: a sentence after a ``promo_reveal_top`` of the same effect is being read: "the card you revealed" names it
_REVEALED: ContextVar[bool] = ContextVar("_REVEALED", default=False)


def printed_promos(text: str) -> str:
    """"(or all that remain, if there are less than N)" after "the top N cards of" a Promo stack are
    the reader's words "or all that remain" (``split_abilities`` asks, before reminders are dropped);
    another number, or anywhere else, it stays a parenthetical that stops the card."""
    return _REMAIN_PAREN.sub(lambda m: f"{m.group(1)} or all that remain" if m.group(2) == m.group(3) else m.group(0),
                             text)


def _gain(text: str) -> dict | None:
    m = _GAIN.fullmatch(text)
    if m is None:
        return None
    randomly, article, card_tier, choice, stack_tier, any_stack, at_random = m.groups()
    if card_tier and stack_tier and card_tier != stack_tier:
        raise Unread(text, "a Promo of one tier from another tier's stack")
    tier = stack_tier or card_tier or "any"
    chance = bool(randomly or at_random or article == "a random")
    if chance and choice:
        raise Unread(text, "a Promo both random and of a player's choice")
    # "a promo card of your choice", "any PROMO" (the player picks it); "randomly", "at random"; else
    # "a promo from" a stack with no word of choice: its top card, as "Card Fusion" takes one
    how = "random" if chance else "choice" if (choice or article == "any") else "top"
    return {"op": "promo_gain", "tier": tier, "how": how}


#: starting with you, clockwise, each player chooses a Single from that set ... (batch j's
#: clockwise; read whole, as the core reads "choose ..." otherwise)
_EACH_TAKES = re.compile(r"starting with you and (?:going|moving) (?:clockwise|left),? (?:each|every) player (.+)")


def _take_from_set(text: str, what: str) -> dict:
    from rules.millennium_blades.phrases import card_phrase

    flt, _zone, rest = card_phrase(f"a {what}")  # (the zone is card_phrase's default: the set is the place)
    if rest:
        raise Unread(text, "a card taken from a set")
    if re.search(r"\bsingles?\b", what):  # a Single, not a Deck Box or Accessory of the set ("CARD TYPES")
        flt = {**flt, "kind": "single"}
    return {"op": "outside_take_from_set", "filter": flt}


def read_clause_promos(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause for ``clauses.read_clause``: a Promo gained, the top card of a stack played, this card
    discarded to the Store Discard; ``None`` otherwise."""
    gain = _gain(text)
    if gain is not None:
        return [gain]
    m = _PLAY_TOP.fullmatch(text)
    if m:
        last["played_one"] = True  # "..., put a Sell Marker on it" (phrases_market_zones: the card played)
        return [{"op": "promo_play_top", "tier": m.group(1) or "any"}]
    if _FUSE.fullmatch(text):
        return [{"op": "promo_fuse_aftermarket"}]
    m = _SELECT_SET.fullmatch(text)
    if m:
        return [{"op": "outside_select_set", "kind": f"{m.group(1)}_promo"}]
    m = _TAKE_FROM_SET.fullmatch(text)
    if m:
        return [_take_from_set(text, m.group(1))]
    if _REST_OF_SET.fullmatch(text):
        return [{"op": "outside_rest_to_aftermarket"}]
    m = _OUTSIDE_GAIN.fullmatch(text)
    if m:
        amount, how, set_choice, word = m.groups()
        op = {"op": "outside_gain", "amount": 1 if amount in ("a", "an") else number(amount),
              "how": "random" if how == " at random" else "choice", "set": "choice" if set_choice else "any"}
        return [{**op, "word": word.lower()} if word else op]
    m = _REVEAL_TOP.fullmatch(text)
    if m:
        return [{"op": "promo_reveal_top", "tier": m.group(1) or "any"}]
    if _REVEALED.get() and re.fullmatch(rf"(?:then )?play {_THE_REVEALED}", text):
        return [{"op": "promo_play_revealed"}]
    if _SELF_TO_STORE_DISCARD.fullmatch(text):  # batch f's discard from play, to the Store Discard (market_zones)
        return [{"op": "discard_in_play", "to": "store_discard", "target": {"player": "self", "pick": "this"}}]
    return None


def read_sentence_promos(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks this module about: a Promo gained once per step of a count;
    the top cards of a Promo stack picked up, one played and the rest shuffled back (what comes before
    it read as clauses); False when ``s`` is not one."""
    m = _PER.fullmatch(s)
    gain = _gain(m.group(1)) if m else None
    if m and gain is not None:  # (a whole sentence: the core reads "gain ... for every" as RP)
        from rules.millennium_blades.phrases import read_count

        ops.append({"op": "repeat", "per": read_count(m.group(2)), "ops": [gain]})
        return True
    if _REMAINING.fullmatch(s) and any(op["op"] == "promo_fuse_aftermarket" for op in ops):
        ops.append({"op": "gain_rp", "amount": 1, "per": {"count": "stars", "zone": "aftermarket"}})
        return True
    m = _EACH_TAKES.fullmatch(s)
    take = _TAKE_FROM_SET.fullmatch(m.group(1)) if m else None
    if m and take and any(op["op"] == "outside_select_set" for op in ops):
        ops.append({"op": "clockwise", "ops": [_take_from_set(s, take.group(1))]})
        return True
    if any(op["op"] == "promo_reveal_top" for op in ops) and re.search(_THE_REVEALED, s):
        return _after_reveal(s, ops, timing, effect)
    if _YOURS.fullmatch(s) and _plays_revealed(ops):
        ops.append({"op": "promo_yours"})
        return True
    m = _PICK_UP.fullmatch(s)
    if m is None:
        return False
    from rules.millennium_blades.text import clauses

    ops += [*(clauses(m.group(1), timing, effect) if m.group(1) else []),
            {"op": "promo_pick_play", "tier": m.group(3), "amount": number(m.group(2))}]
    return True


#: this card counts as having a quoted word ("Gizmo") in its name (quotes straight or curly)
_NAME_WORD = re.compile(r"this card counts as having [\"“”]([^\"“”]+)[\"“”] in its name\.?")


def read_untimed_promos(low: str) -> dict | None:
    """A segment with no timing word (``special_text.read_untimed``, lower case): this card counts as
    having a word in its name, a rule of the card wherever it is (``name_word``); ``None`` otherwise."""
    m = _NAME_WORD.fullmatch(low)
    return {"timing": "ongoing", "ops": [{"op": "name_word", "word": m.group(1).strip()}]} if m else None


def _plays_revealed(ops: list[dict]) -> bool:
    return any(op["op"] == "promo_play_revealed" or op["op"] == "if" and _plays_revealed(op["then"]) for op in ops)


def _after_reveal(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence naming "the card you revealed" after a Promo revealed: read as clauses with that card
    named ("If you did": the reveal found a card)."""
    from rules.millennium_blades.text import clauses

    m = _IF_DID.fullmatch(s)
    token = _REVEALED.set(True)
    try:
        read = clauses(m.group(1) if m else s, timing, effect)
    finally:
        _REVEALED.reset(token)
    ops += [{"op": "if", "condition": {"test": "did"}, "then": read}] if m else read
    return True


__all__ = ["printed_promos", "read_clause_promos", "read_sentence_promos", "read_untimed_promos"]
