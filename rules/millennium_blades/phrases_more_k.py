"""More phrase shapes of printed MB text (issue 26.2, batch k): flipping and +1 STAR tokens. Tokens
put "in any combination" (one at a time, each on a card of the player's choice), one token on each
of two (three) different cards, a token taken from another card and added to this one, the number of
tokens on every face-up card as a condition, a Reaction whose condition is printed before its "When", all the
cards of your tableau flipped "face-down", any number of OTHER cards flipped, a face-down card turned
face-up again ("unflip"), two subjects that cannot be flipped, and a token removed instead of a flip
by an opponent's effect. ``clauses.py``, ``conditions.py`` and ``text.py`` ask these readers once
(or before) their own grammar reads; each returns ``None`` when it has no reading, so the phrase
stays "not understood". The engine side is ``ops_more_k.py``; docs/effects-millennium-blades.md,
"More shapes, batch k", has an original example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import ELEMENT, MULTIPLE, NUMBER, TYPE, Unread, number

_TOKENS = r"\+1 star tokens?"
_PUT = r"(?:you may )?(?:put|place|add)"
#: "in any combination", "any way you wish": the tokens go one at a time, each where the player likes
_ANY_WAY = r"(?:in any combination|(?:in )?any way you (?:wish|like|want|choose))"
_SPREAD = re.compile(rf"{_PUT} ({NUMBER}) {_TOKENS} (?:on|onto|to|among) (?:the )?(?:cards|singles) (in .+?),? "
                     rf"{_ANY_WAY}")
#: "put 2 tokens on two different cards": one on each (rules notes, "MB: batch k")
_DIFFERENT = re.compile(rf"(?:{_PUT}|(each player|every player|all players) (?:puts?|places?|adds?)) (a|an|one|{NUMBER}) "
                        rf"{_TOKENS} (?:on|onto|to) ({NUMBER}) different (cards|singles) (in .+)")
#: "take a token from any other card in any tableau and add it to this one": moved onto this card
_TAKE = re.compile(rf"(you may )?take (a|an|one|{NUMBER}) {_TOKENS} from (.+?) and (?:add|put|place) (?:it|them) "
                   r"(?:to|on|onto) (this one|this card|this single)")
#: "flip all (of) the cards in your tableau face-down": a flip turns face-up cards face-down
_ALL_DOWN = re.compile(r"flip all (?:of )?the (cards|singles) in your tableau(?: face-down)?")
_ANY_OTHER = re.compile(r"flip any number of (other )?(?:face-up )?(?:cards|singles) in your tableau")
_NOT_FLIPPED = re.compile(r"(?:(.+?),? )?(?:,? ?and )?this (?:card|accessory|deck box) is not flipped")
_UNFLIP = re.compile(r"(?:you may )?(?:unflip (?:a|an|one) (?:face-down )?(?:card|single) in your tableau|"
                     r"turn (?:a|an|one) face-down (?:card|single) in your tableau face-up)")
#: "this card and the cards adjacent to it cannot be flipped by ...": two subjects, both protected
_BOTH = re.compile(r"this (?:card|single|one) and (?:the cards adjacent to (?:it|this one|this card)|(?:the )?adjacent cards)"
                   r"( (?:cannot|can't|can not) be flipped .+)")
#: a token removed instead of a flip by an opponent's effect
_OPP_EFFECT = r"by (?:an opponent's|another player's|opponents'|an opponent's card's) effects?"
_SHIELDED = r"(this card|this single|one of your (?:cards|singles)|a (?:card|single) in your tableau|your (?:cards|singles))"
_SHIELD = re.compile(rf"(?:when|whenever) {_SHIELDED} (?:would be|is about to be) flipped {_OPP_EFFECT},? (?:if it has "
                     rf"(?:any|a|one or more|at least one) {_TOKENS}(?: on it)?, )?(you may )?remove (?:a|one) {_TOKENS} "
                     r"from it instead(?: of flipping it)?")


def read_early_clause_k(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this module's shapes for ``clauses.read_clause``, asked before the core readers
    (which would read part of it and refuse the rest); ``None`` when not one."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module
    from rules.millennium_blades.phrases import read_target

    m = _SPREAD.fullmatch(text)
    if m:  # one at a time, each on a card of the player's choice (phrases_more_c: "distribute")
        return read_clause(f"distribute {m.group(1)} +1 star tokens among a card {m.group(2)}", timing, effect, last)
    m = _DIFFERENT.fullmatch(text)
    if m:
        cards, each = number(m.group(3)), m.group(2)
        if each not in ("a", "an", "one") and number(each) != cards:
            raise Unread(text, "one token on each of the different cards")
        if m.group(1):  # each player on their own cards, of their own choice
            if m.group(5) not in ("in their tableau", "in their own tableau"):
                raise Unread(m.group(5), "each player's own tableau")
            target = {"player": "each", "pick": "choice", "chooser": "owner", "filter": {"face": "up"}}
        else:
            target = read_target(f"a {m.group(4)[:-1]} {m.group(5)}")
        if target["pick"] != "choice" or cards < 2:
            raise Unread(m.group(5), "cards of a tableau, each chosen")
        return [{"op": "tokens_on_different", "cards": cards, "target": target}]
    m = re.fullmatch(rf"((?:gain|lose) rp equal to (?:(?:{MULTIPLE}) )?the highest star)(?: rating)? among (?:the )?"
                     r"(?:cards|singles) flipped (?:this way|by this effect)", text)
    if m:  # of the cards this effect flipped, as they were
        return read_clause(f"{m.group(1)} of the cards flipped this way", timing, effect, last)
    m = _TAKE.fullmatch(text)
    if m:  # "any other card": another card than this one
        where = re.sub(r"^any other (card|single)", r"another \1", m.group(3))
        return read_clause(f"{m.group(1) or ''}move {m.group(2)} +1 star token from {where} to this card", timing, effect,
                           last)
    if _ALL_DOWN.fullmatch(text):  # every face-up card of yours ("Flip a Card")
        return read_clause("flip all cards in your tableau", timing, effect, last)
    m = _ANY_OTHER.fullmatch(text)
    if m:  # "other": not this card (market.op_any_number)
        return [{"op": "flip_any", **({"other": True} if m.group(1) else {})}]
    m = _UNFLIP.fullmatch(text)
    if m:  # "Face-Down Cards": a face-down card of your tableau turned face-up again (ops_more_h's unflip)
        return [{"op": "unflip", "amount": 1, "zone": "tableau"}]
    m = _NOT_FLIPPED.fullmatch(text)
    if m and timing == "action":  # "Use an Action": then the card is flipped, unless its text says not
        return (read_clause(m.group(1), timing, effect, last) if m.group(1) else []) + [{"op": "keep_source"}]
    m = re.fullmatch(r"(.+?) (flips?) the (card|single) in their tableau with the (highest|lowest) star(?: rating)?", text)
    if m and m.group(1) in _FLIPPERS:  # the owner's own highest (lowest) face-up card, their choice among equals
        return read_clause(f"{m.group(1)} {m.group(2)} their {m.group(4)} star {m.group(3)}", timing, effect, last)
    m = re.fullmatch(r"flip all (?:of )?your (.+?) (cards|singles) except this (?:one|card)", text)
    if m:  # every other such face-up card of yours
        words = m.group(1)
        both = re.fullmatch(rf"({TYPE}) and ({ELEMENT})", words)
        if both:  # a card of both symbols ("an AIR and EARTH card": rules notes, grammar2), element first
            words = f"{both.group(2)} {both.group(1)}"
        return read_clause(f"flip all other {words} {m.group(2)} in your tableau", timing, effect, last)
    m = _PLAYERS_WITH.fullmatch(text)
    if m:  # each such player, in turn, as "that player"; "another card": a card other than that one,
        # and a face-down card is flipped by no effect ("Flip a Card"), so any face-up card of theirs
        ops = read_clause(f"that player {m.group(3)}s a {m.group(4)} in their tableau", timing, effect, last)
        return [{"op": "for_players_with", "who": _WHO_WITH[m.group(1)], "filter": _cards(m.group(2)), "ops": ops}]
    m = _TOKENS_EQUAL.fullmatch(text)
    if m:  # as many tokens as the count, at most the cap ("Set Specific Keywords": +1 STAR each)
        if not _FLIPPED_STARS.fullmatch(m.group(2)):
            raise Unread(m.group(2), "the Star Ratings of the cards flipped this way")
        return [{"op": "star_tokens", "amount": 1, "target": {"player": "self", "pick": "this"},
                 "per": {"count": "flipped_stars"}, **({"max": number(m.group(3))} if m.group(3) else {})}]
    m = re.fullmatch(r"(gain|lose) rp equal to (?:double|doubled) (.+)", text)
    if m:  # "double its STAR": twice it
        return read_clause(f"{m.group(1)} rp equal to twice {m.group(2)}", timing, effect, last)
    m = re.fullmatch(rf"((?:gain|lose) rp equal to (?:(?:{MULTIPLE}) )?the star rating of) the (?:adjacent cards|cards "
                     r"adjacent to (?:it|this one|this card))", text)
    if m:  # both neighbours' Star Ratings added up ("CARD DATA")
        return read_clause(f"{m.group(1)} all adjacent cards", timing, effect, last)
    return None


def read_condition_k(text: str) -> dict | None:
    """A condition of this module's shapes for ``conditions.read_condition``: every face-up card of
    your tableau with at least N +1 STAR tokens; ``None`` if not one."""
    m = re.fullmatch(rf"(?:all|each of|every one of) (?:the )?(?:your )?face-up (?:cards|singles)(?: in your tableau)? "
                     rf"(?:have|has) at least ({NUMBER}) {_TOKENS}(?: on (?:them|it))?", text)
    if m:  # none of them has fewer (no face-up card: none has fewer, it holds)
        fewer = {"face": "up", "tokens": {"cmp": "<", "value": number(m.group(1))}}
        return {"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": fewer}, "cmp": "==", "value": 0}
    m = re.fullmatch(r"(?:every|each) player has (?:at least one|a|an) (.+?) in (?:their|his|his or her) tableau", text)
    if m:  # no player (still in) without one
        return _count({"count": "players_without", "filter": _cards(m.group(1))}, "==", 0)
    m = re.fullmatch(r"no (?:other player|opponent) has more (.+?)(?: in (?:their|his) tableau)? than you(?: do)?", text)
    if m:  # the same number as you is not more ("your tableau": yours against theirs)
        return _count({"count": "players_more", "filter": _cards(m.group(1))}, "==", 0)
    m = re.fullmatch(r"(this is .+) after (?:this|that|doing so)", text)
    if m:  # "If this is the only face-up card ... after this": judged when the ops before it are done
        from rules.millennium_blades.conditions import read_condition  # conditions asks this module

        return read_condition(m.group(1))
    return None


#: tokens on this card "equal to" the Star Ratings of the cards flipped this way, perhaps capped
#: ("max. +N STAR")
_TOKENS_EQUAL = re.compile(rf"(?:add|put|place) {_TOKENS} (?:to|on|onto) (this card|this single) equal to (.+?)"
                           rf"(?:,? (?:max(?:imum)?|up to) \+?({NUMBER}) star(?: rating)?)?")
_FLIPPED_STARS = re.compile(r"the (?:total|combined|sum)(?: of)?(?: the)? star(?: rating)?s? of (?:all )?(?:the )?"
                            r"(?:cards|singles) flipped (?:this way|by this effect)")
#: "each player with a face-down card in their tableau must flip another card in their tableau"
_WHO_WITH = {"each player": "each", "every player": "each", "each opponent": "each_opponent",
             "each other player": "each_opponent"}
_PLAYERS_WITH = re.compile(r"(each player|every player|each opponent|each other player) with ((?:a|an|at least one|one or more) "
                           r"(?:face-down |face-up )?.+?) in (?:their|his|his or her) tableau,? (?:must )?(flip|discard)s? "
                           r"(?:another|a|one) (card|single) in (?:their|his|his or her) tableau")
#: the players a flip "the card in their tableau with the highest STAR" names
_FLIPPERS = ("each player", "each opponent", "each other player")
#: the flips whose cards "their STAR" means, just after them
_FLIP_OPS = ("flip", "flip_any", "flip_n")


def _count(count: dict, cmp: str, value: int) -> dict:
    return {"test": "count", "of": count, "cmp": cmp, "value": value}


def _cards(words: str) -> dict:
    """The FILTER of cards a player has in their tableau ("face-down card", "face-up cards")."""
    from rules.millennium_blades.phrases import card_phrase

    flt, zone, rest = card_phrase(words if re.match(r"(?:a|an|one) ", words) else f"a {re.sub(r's$', '', words)}")
    if rest or zone != "tableau" or flt.get("where"):
        raise Unread(rest or words, "cards of a player's tableau")
    return flt


def read_sentence_k(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks about with the ops read before it: "Gain RP equal to
    their STAR" just after a flip is the Star Ratings of the cards it flipped, as they were (a
    face-down card has none: "Face-Down Cards"). True when read (its ops appended)."""
    m = re.fullmatch(rf"(gain|lose) rp equal to (?:({MULTIPLE}) )?their (?:combined )?star rating", s)
    if m is None or not ops or ops[-1]["op"] not in _FLIP_OPS:
        return False
    ops.append({"op": f"{m.group(1)}_rp", "amount": number(m.group(2)) if m.group(2) else 1,
                "per": {"count": "flipped_stars"}})
    return True


_DIFFERENT_FROM = re.compile(r"^ with an? different (element|type) (?:than|from) (?:any|every|all)(?: of the)? (?:other )?"
                             r"(?:face-up )?(?:cards?|singles?) in your tableau")


_FEWEST_TOKENS = re.compile(rf"^ with the (?:least|fewest|lowest) (?:amount of |number of )?{_TOKENS}(?: on (?:it|them))?")


def read_modifier_k(flt: dict, rest: str) -> str | None:
    """A modifier after a card description for ``phrases.card_phrase``: "with a different ELEMENT
    than any card in your tableau", a card that shares no element (type) with another face-up card
    of your tableau (FILTER ``none_of`` [``shares_tableau``]); "with the least amount of +1 STAR
    tokens" (``fewest_tokens``); the text left, or ``None``."""
    m = _FEWEST_TOKENS.match(rest)
    if m:  # none of the face-up cards of its tableau has fewer (ops_more_k: fewest_tokens)
        flt["fewest_tokens"] = True
        return rest[m.end():]
    m = _DIFFERENT_FROM.match(rest)
    if m is None:
        return None
    flt["none_of"] = [{"shares_tableau": m.group(1)}]
    return rest[m.end():]


def read_count_k(text: str) -> dict | None:
    """A COUNT for ``phrases.read_count`` of the cards (tokens) "in that player's tableau": the same
    COUNT seen from the player the effect chose (``that_player``); ``None`` when not one."""
    from rules.millennium_blades.phrases import read_count

    m = re.fullmatch(r"(.+?) in that player's tableau", text)
    if m is None or "that player's" in m.group(1):
        return None
    return {"count": "that_player", "of": read_count(f"{m.group(1)} in your tableau")}


_CARDS_FLIPPED = re.compile(r"(when|whenever) (opponents'|your opponents'|other players') cards are flipped, (you )?"
                            rf"(gain|lose) ({NUMBER}) rp (?:per|for each) card flipped(\.?)")
_ONE_OWNER = {"opponents'": "an opponent's", "your opponents'": "an opponent's", "other players'": "an opponent's"}


_EITHER_EVENT = re.compile(r"^((?:ongoing|top)\s*:\s*(?:each time|whenever|when) )([^,.]+?) or ([^,.]+?)(, [^|]+)$", re.I)


def split_either_event_k(part: str) -> tuple[list[str], bool] | None:
    """An Ongoing (Top) text "Each time A or B, Z": two effects, "Each time A, Z" and "Each time B,
    Z", when A and B are each an event the grammar reads; ``None`` otherwise."""
    from rules.millennium_blades.phrases import read_event
    from rules.millennium_blades.text import wording  # text asks this module

    m = _EITHER_EVENT.match(part.strip())
    if m is None:
        return None
    for event in (m.group(2), m.group(3)):
        try:
            read_event(re.sub(r"^(?:when|whenever) ", "", wording(f"when {event}")))
        except Unread:
            return None
    return [f"{m.group(1)}{m.group(2)}{m.group(4)}", f"{m.group(1)}{m.group(3)}{m.group(4)}"], False


def reword_k(text: str) -> str:
    """A Reaction's (Ongoing's) condition printed before its "When": "If X, when Y, Z" is read as
    "When Y, if X, Z" (the condition is judged as the event happens). "Whenever opponents' cards are
    flipped, gain 5 RP per card flipped": each card flipped is an event of its own ("Flip a Card":
    cards are flipped one by one), so 5 RP for each."""
    m = _CARDS_FLIPPED.fullmatch(text)
    if m:
        who, gain = _ONE_OWNER[m.group(2)], f"{m.group(3) or ''}{m.group(4)} {m.group(5)} rp{m.group(6)}"
        return f"{m.group(1)} {who} card is flipped, {gain}"
    m = re.fullmatch(r"if ([^,]+), (when|whenever) ([^,]+), (.+)", text)
    return f"{m.group(2)} {m.group(3)}, if {m.group(1)}, {m.group(4)}" if m else text


def read_continuous_k(s: str) -> list[dict] | None:
    """A continuous effect of this module's shapes for ``clauses._continuous``, asked before its
    own protection reader: two subjects protected, and a token removed instead of a flip by an
    opponent's effect (``token_shield``); ``None`` when not one."""
    from rules.millennium_blades.clauses import read_continuous  # clauses asks this module

    m = _BOTH.fullmatch(s)
    if m:
        return read_continuous(f"this card{m.group(1)}") + read_continuous(f"adjacent cards{m.group(1)}")
    m = _SHIELD.fullmatch(s)
    if m:  # a replacement, not optional unless it says "you may" (rules notes, "MB: batch k")
        target = "this" if m.group(1).startswith("this ") else "tableau"
        return [{"op": "token_shield", "target": target, **({"optional": True} if m.group(2) else {})}]
    return None


__all__ = ["read_condition_k", "read_continuous_k", "read_count_k", "read_early_clause_k", "read_modifier_k", "read_sentence_k",
           "reword_k", "split_either_event_k"]
