"""More printed shapes, batch q (issue 26.2: zones; the hand, the binder, the Store Discard, Deck
Boxes, revealed cards). Counts and tests: several kinds of different values added ("each different
TYPE and ELEMENT among Singles in all tableaus"), "Repeat this effect for SETS" (the sentence before,
once more per kind), a card with a higher STAR than every card of another zone, the cards sharing a
kind with their neighbour, the cards beside your only face-up card, the cards just revealed. Choices
and zones: two choices in one sentence, "their hand" after a player chosen, a Deck Box as a target,
the chosen player's hand revealed, cards revealed of their choice, the Store Discard's top cards, the
hand swapped with the binder, a guess of the Store's top card, other players discarding a card that
matches yours. Triggers: "After an opponent plays ...", gains of RP by whose effect and from which
card. Read here, hooked into the core readers with one call each; the engine side is
``ops_more_q.py`` (docs/effects-millennium-blades.md, "More shapes, batch q"; docs/rules-notes.md,
"MB: batch q").
"""

from __future__ import annotations

import copy
import re

#: a kind of value a card shows ("CARD DATA"), as printed, and the word the core count reader takes
_KIND_WORDS = {"element": "element", "elements": "element", "type": "type", "types": "type", "set": "set",
               "sets": "set", "rarity": "rarity", "rarities": "rarity", "star": "star", "stars": "star",
               "star rating": "star", "star ratings": "star", "star-rating": "star", "star-ratings": "star"}
_KIND = r"(?:elements?|types?|sets?|rarit(?:y|ies)|star(?:[- ]ratings?|s)?)"
#: "different ELEMENT, TYPE, STAR-RATING, SET, and RARITY among cards in your tableau" (two or more kinds)
_KINDS_AMONG = re.compile(rf"different ({_KIND}(?:, {_KIND})*,? (?:and|or) {_KIND}) (among|in) (.+)")


def _kinds(listed: str) -> list[str]:
    """The kinds of a printed list ("ELEMENT, TYPE, and SET"), each once, in print order."""
    words = [w.strip() for w in re.split(r",? (?:and|or) |, ", listed) if w.strip()]
    kinds = [_KIND_WORDS[w] for w in words]
    if len(set(kinds)) != len(kinds):
        from rules.millennium_blades.phrases import Unread

        raise Unread(listed, "a kind of value named twice")
    return kinds


#: "cards in your hand with a higher STAR than all cards in your tableau": the card phrase, the other zone
_HIGHER_THAN_ALL = re.compile(r"(.+?) with (?:more|a higher|higher) star(?: rating)? than (?:any|all|every|each) "
                              r"(?:other )?(?:cards?|singles?) in (.+)")


#: "card in your tableau that shares a TYPE, ELEMENT, or STAR with the card to its immediate left"
_SHARE_KIND = r"(?:types?|elements?|star(?: rating)?s?)"
_SHARES_NEIGHBOUR = re.compile(rf"((?:card|single)s? in .+?) that shares? (?:an? )?({_SHARE_KIND}(?:(?:,? (?:and|or) |, )"
                               rf"(?:an? )?{_SHARE_KIND})*) with the (?:card|single) (?:immediately )?(?:to|on) its "
                               r"(?:immediate )?(left|right)")
#: "card of that TYPE in your tableau with a different STAR": the cards, where they are, the kind
_WITH_DIFFERENT = re.compile(r"(card|single)s? ?(.*?) with an? different (star(?: rating)?|set)")
#: "different STAR among cards of that TYPE": a count of different values among chosen cards
_DIFFERENT_CHOSEN = re.compile(r"different (?:star(?: rating)?s?|sets?) (?:among|in) .+")
#: "CONSTRUCT revealed this way", "5 STAR or higher card revealed": cards the effect just revealed
_REVEALED = re.compile(r"(.+?) revealed(?: this way)?")
#: words that place a card phrase somewhere (then it is not a bare "each X card")
_ZONE_WORDS = re.compile(r"\b(?:in|among|from|of|your|their|revealed|different)\b")


def read_count_q(text: str) -> dict | None:
    """A COUNT for ``phrases.read_count``; ``None`` when not one of this module's.
    "different TYPE and ELEMENT among Singles in all tableaus": a ``sum`` (batch h's) of one count
    of different values per kind named, each read as the core grammar reads it alone.
    "each 5 STAR or higher card revealed (this way)": the cards the effect just revealed (``those``)
    that fit, as printed (``those_fitting``).
    "each card in your tableau that shares a TYPE or STAR with the card to its immediate left":
    ``shares_neighbour`` (kinds, side).
    "each card of that TYPE in your tableau with a different STAR": the different Star Ratings (Sets)
    among those cards; "different STAR among cards of that TYPE" after "Choose a TYPE": the core
    count, the chosen value marked as the core marks it.
    "each card in that player's hand": batch k's ``that_player`` count, of the chosen player's hand.
    "cards in your tableau with more STAR than any card in any other player's tableau": the cards
    whose Star Rating is above the highest face-up one of the other zone (batch g's X STAR, X that
    highest: ``extreme_star``)."""
    from rules.millennium_blades.phrases import Unread, read_count, whole_card_phrase

    m = _KINDS_AMONG.fullmatch(text)
    if m:
        return {"count": "sum", "of": [read_count(f"different {kind} {m.group(2)} {m.group(3)}")
                                       for kind in _kinds(m.group(1))]}
    m = _SHARES_NEIGHBOUR.fullmatch(text)
    if m:  # "each card in your tableau that shares a TYPE or STAR with the card to its immediate left"
        flt, zone = whole_card_phrase(m.group(1))
        kinds = [w.split()[0] for w in re.findall(r"type|element|star(?: rating)?", m.group(2))]
        return {"count": "shares_neighbour", "kinds": kinds, "side": m.group(3), "zone": zone, "filter": flt}
    m = _WITH_DIFFERENT.fullmatch(text)
    if m:  # "each card ... with a different STAR": each different Star Rating among them, once
        return read_count(f"different {m.group(3)} among {m.group(1)}s {m.group(2)}".replace("  ", " ").strip())
    if _DIFFERENT_CHOSEN.fullmatch(text):
        from rules.millennium_blades.market_phrases import CHOSEN, _chosen

        if CHOSEN.get() and _chosen(text) != text:  # "among cards of that TYPE" after "Choose a TYPE"
            return read_count(_chosen(text))
    m = re.fullmatch(r"(?:card|single)s? (?:immediately )?to the (left|right) of your only ((?:face-up |face-down )?"
                     r"(?:card|single))", text)
    if m:  # "each card to the left of your only face-up card": slots on that side of it ("Tableau")
        flt, _zone = whole_card_phrase(f"a {m.group(2)} in your tableau")
        return {"count": "beside_only", "side": m.group(1), "filter": flt}
    if re.fullmatch(r"(?:card|single)s? (?:you )?gained from your binder(?: this way)?", text):
        return {"count": "those_count"}  # the cards the effect just drew from the binder
    m = _REVEALED.fullmatch(text)
    if m and not _ZONE_WORDS.search(m.group(1)):
        try:
            flt, _zone = whole_card_phrase(m.group(1))
        except Unread:
            return None  # "different ELEMENTs revealed": the core's own reading
        return {"count": "those_fitting", "filter": flt}
    m = re.fullmatch(r"(.+?) in that player's hand", text)
    if m and "that player's" not in m.group(1):  # batch k's ``that_player``, of a hand
        return {"count": "that_player", "of": read_count(f"{m.group(1)} in your hand")}
    m = _HIGHER_THAN_ALL.fullmatch(text)
    if m is None:
        return None
    flt, zone = whole_card_phrase(re.sub(r"\bremaining in\b", "in", m.group(1)))
    other = re.sub(r"^(?:any|every|each) other player's tableaus?$", "opponents' tableaus", m.group(2))
    _any, other_zone = whole_card_phrase(f"cards in {other}")
    highest = {"count": "extreme_star", "which": "highest", "zone": other_zone, "filter": {"face": "up"}}
    return {"count": "cards", "zone": zone, "filter": {**flt, "star": {"cmp": ">", "value": highest}}}


#: "a card in your hand has a higher STAR than all cards in your tableau": one such card or more
_HAS_HIGHER = re.compile(r"(?:a|an|any|at least one) ((?:card|single)s? .+?) (?:has|have) (?:more|a higher|higher) "
                         r"(star(?: rating)? than .+)")


def combined_revealed_q(count: dict) -> dict:
    """"The combined (total) STAR of the cards revealed": the core's ``those_stars`` of all the cards
    the effect just revealed; of only some of them (a FILTER) the grammar has no count."""
    if count.get("filter"):
        from rules.millennium_blades.phrases import Unread

        raise Unread("the combined star of some of the cards revealed", "a count of the cards revealed")
    return {"count": "those_stars"}


def read_condition_q(text: str) -> dict | None:
    """A CONDITION for ``conditions.read_condition``; ``None`` when not one of this module's:
    "a card in your hand has a higher STAR than all cards in your tableau" (read_count_q's count,
    one or more)."""
    if re.fullmatch(r"you guessed (?:right|correctly)", text):
        from rules.millennium_blades.market_phrases import CHOSEN

        if CHOSEN.get() != "number":
            return None
        return {"test": "card", "card": "revealed", "is": {"chosen": True}}  # its STAR is the number guessed
    m = _HAS_HIGHER.fullmatch(text)
    if m is None:
        return None
    of = read_count_q(f"{m.group(1)} with a higher {m.group(2)}")
    return None if of is None else {"test": "count", "of": of, "cmp": ">=", "value": 1}


#: "Repeat this effect for SETS and RARITIES."
_REPEAT_FOR = re.compile(rf"repeat this effect for ({_KIND}(?:(?:,? (?:and|or) |, ){_KIND})*)")
#: the counts of different values the repeat swaps, by kind
_KIND_COUNTS = {"elements": "element", "types": "type", "sets": "set", "rarities": "rarity", "star_values": "star"}


def sentence_wording_q(s: str, ops: list[dict]) -> str:
    """A sentence in the grammar's words, after what the effect chose (``ops``): "for each card in
    their hand" after "Choose an opponent" counts that player's hand; "cards from the same SET"
    after "Choose a SET" are the cards of that Set; "for each 5 STAR or higher card" right after a
    hand is revealed, naming no zone, counts the cards revealed (rules notes, "MB: batch q")."""
    s = re.sub(r"\bthe total star of\b", "the total star rating of", s)  # as "the combined STAR" reads
    if ops and ops[-1]["op"] == "reveal_hand":  # "They reveal their hand. Gain 4 RP for each 5 STAR card."
        m = re.fullmatch(r"(?:gain|lose) \d+ rp for (?:each|every) ([^,]+)", s)
        if m and not _ZONE_WORDS.search(m.group(1)):
            s = f"{s} revealed this way"
    if any(op["op"] == "choose_player" for op in ops):
        s = re.sub(r"\b(for (?:each|every) [^,]+? in) their hand\b", r"\1 that player's hand", s)
    if any(op["op"] == "choose_value" and op.get("what") == "set" for op in ops):
        s = re.sub(r"\b(cards?|singles?) from the same set\b", r"\1 of that set", s)
    return s


#: "gain the top 5 cards of the Store discard to your binder", "add the top card of the Store Discard to your hand"
_STORE_DISCARD_TOP = re.compile(r"(?:gain|take|add|put) the top (?:card|(\S+) cards) of the store discard (?:to|into) "
                                r"your (binder|hand)")


#: "Top: After an opponent plays a card with a higher STAR than this card, ...": a play trigger
_AFTER_PLAYS = re.compile(r"^after ((?:an opponent|another player|a player|any player) plays [^,.|()]+?), ")


#: "If you have only one face-up card in your tableau, ... that card": the card the test names
_ONLY_ONE_THAT = re.compile(r"(if you have (?:only|exactly) one ((?:face-up |face-down )?(?:card|single)) in your tableau, "
                            r"[^.|]*?)\bthat card\b")


def reword_q(text: str) -> str:
    """"After an opponent plays a card ..., X" (the body of a Top or Ongoing effect): the play trigger that
    waits for the played card's Play effects (batch m's "after all play effects"), "whenever ...
    plays a card after all play effects, X" (rules notes, "MB: batch q"). "If you have only one
    face-up card in your tableau, ... that card": "that card" is that one card, "your only face-up
    card". A guess of the STAR of the Store's top card, "then reveal it": one clause."""
    text = _GUESS_THEN_REVEAL.sub("guess-then-reveal the star rating of the top card of the store", text)  # one clause
    text = _ONLY_ONE_THAT.sub(lambda m: f"{m.group(1)}your only {m.group(2)}", text)
    return _AFTER_PLAYS.sub(lambda m: f"whenever {m.group(1)} after all play effects, ", text)


#: a guess of the STAR of the Store's top card, "then reveal it" (a sentence of its own: not inside a quoted effect)
_GUESS_TOP = re.compile(r"guess(-then-reveal)? the star(?: rating)? of the top card of the store(?: deck)?")
_GUESS_THEN_REVEAL = re.compile(r"(?<![^.] )(?<!\")\bguess the star(?: rating)? of the top card of the store(?: deck)?,? "
                                r"(?:then|and) reveal it\b")
#: "Choose another player to reveal 3 cards from their hand of their choice"
_REVEAL_OF_THEIR_CHOICE = re.compile(r"choose (an opponent|another player|a player) to reveal (\S+) cards? (?:in|from) "
                                     r"their hand,? of their choice")
#: "Swap your hand with as many cards from your binder at random"
_SWAP_HAND_BINDER = re.compile(r"swap your hand with (?:that many|as many|the same number of) cards (?:drawn )?from your "
                               r"binder at random")


def read_clause_q(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause for ``clauses.read_clause``; ``None`` when not one of this module's. "That player
    reveals their hand" (after "Choose another player. They ..."): batch b's ``reveal_hand`` of the
    chosen player; "Choose another player to reveal 3 cards from their hand of their choice": that choice,
    then ``reveal_picked``. "Gain that card to your hand" ("Discard that card") in a play trigger: the card
    played, from its tableau to your hand (to its owner's binder): batch f's ``to_hand``
    (``discard_in_play``). "Gain the top 5 cards of the Store discard to your binder": ``take_store_discard``."""
    from rules.millennium_blades.phrases import THAT_CARD, number

    if re.fullmatch(r"that player reveals (?:their|his or her) hand", text):
        return [{"op": "reveal_hand", "who": "that_player"}]
    if THAT_CARD.get() == "played" and re.fullmatch(r"(?:gain|add) (?:that card|it) (?:to|into) your hand", text):
        # the card a play trigger is about, out of its tableau into your hand: yours now (batch f's to_hand)
        return [{"op": "to_hand", "target": {"player": "any", "pick": "played"}, "to": "self"}]
    if THAT_CARD.get() == "played" and re.fullmatch(r"discard (?:that card|it)", text):
        # "Discard a Card": the card played, from its tableau to its owner's binder (batch f's discard_in_play)
        return [{"op": "discard_in_play", "target": {"player": "any", "pick": "played"}}]
    m = _GUESS_TOP.fullmatch(text)
    if m:  # a guess is a number chosen before the card is seen; "if you guessed right" tests it
        from rules.millennium_blades.market_phrases import CHOSEN

        CHOSEN.set("number")
        return [{"op": "choose_value", "what": "number"}, *([{"op": "reveal", "source": "store"}] if m.group(1) else [])]
    m = _REVEAL_OF_THEIR_CHOICE.fullmatch(text)
    if m:  # the player chosen picks the cards they show
        from rules.millennium_blades.text import clauses  # text asks this module

        return [*clauses(f"choose {m.group(1)}", timing, effect), {"op": "reveal_picked", "amount": number(m.group(2))}]
    if _SWAP_HAND_BINDER.fullmatch(text):  # as many cards as the hand holds, drawn blind
        return [{"op": "swap_hand_binder"}]
    m = _STORE_DISCARD_TOP.fullmatch(text)
    if m:  # "Discards": the Store Discard's top cards, the last discarded there
        return [{"op": "take_store_discard", "amount": number(m.group(1) or "1"), "to": m.group(2)}]
    return None


#: "Each other player may discard a card that matches its ELEMENT to gain 9 RP" (after "discard a card")
_OTHERS_MATCH_IT = re.compile(r"each other player may discard a card that (?:matches|shares) its (type|element|star(?: "
                              r"rating)?) to gain (\S+) rp")
#: the ops of this module that make "those cards" for the sentences after them
_MAKES_THOSE = ("take_store_discard", "gain_store")
#: "Choose another player and a SET" / "Choose an ELEMENT and an opponent": two choices, in print order
_CHOOSE_BOTH = re.compile(r"choose ((?:a|an|another) [a-z]+) and ((?:a|an|another) [a-z]+)")


def read_sentence_q(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks this module about; False when ``s`` is none of these.
    "Repeat this effect for ELEMENTS and SETS": the sentence before (its ops, the last of ``ops``)
    once more for each kind named, its one count of different values (TYPES) counting that kind
    instead, in the same cards (rules notes, "MB: batch q"). "Choose another player and a SET": each
    choice as the grammar reads it alone ("Choose an opponent.", "Choose a SET."), in print order.
    "Each other player may discard a card that matches its ELEMENT to gain 9 RP" right after "discard a
    card from your hand": ``others_discard_matching``, "its" being the card discarded.
    A sentence about "those cards" right after "If ..., gain the top 5 cards of the Store discard":
    part of that branch, which made those cards (rules notes, "MB: batch q")."""
    from rules.millennium_blades.phrases import number
    from rules.millennium_blades.text import clauses  # text asks this module

    m = _CHOOSE_BOTH.fullmatch(s)
    if m:
        for choice in m.groups():
            ops += clauses(f"choose {choice}", timing, effect)
        return True
    before = ops[-1] if ops else None
    if before and before["op"] == "if" and "else" not in before and before["then"] and \
            before["then"][-1]["op"] in _MAKES_THOSE and re.search(r"\bthose cards\b", s):
        before["then"] += clauses(s, timing, effect)  # "those cards" are the ones the branch took: in it
        return True
    m = _OTHERS_MATCH_IT.fullmatch(s)
    if m and ops and ops[-1] == {"op": "discard", "amount": 1}:  # "its": the card this effect discarded
        ops.append({"op": "others_discard_matching", "kind": m.group(1).split()[0], "amount": number(m.group(2)),
                    "discard_at": len(ops) - 1})
        return True
    m = _REPEAT_FOR.fullmatch(s)
    if m is None:
        return False
    from rules.millennium_blades.phrases import Unread, read_count

    if not ops:
        raise Unread(s, "an effect to repeat")
    last = ops[-1]
    found = _different_counts(last)
    if len(found) != 1:
        raise Unread(s, "an effect with one count of different values to repeat")
    old = found[0]
    zone_words = {"tableau": "your tableau", "all": "all tableaus"}.get(old.get("zone", "tableau"))
    if zone_words is None or read_count(f"different {_KIND_COUNTS[old['count']]} in {zone_words}") != old:
        raise Unread(s, "an effect with a count of different values in one tableau to repeat")
    for kind in _kinds(m.group(1)):
        new = read_count(f"different {kind} in {zone_words}")
        repeated = copy.deepcopy(last)
        _replace_count(repeated, old, new)
        ops.append(repeated)
    return True


def _different_counts(node: object) -> list[dict]:
    """The counts of different values (types, elements, Sets, rarities, Star Ratings) in an op tree."""
    if isinstance(node, dict):
        if node.get("count") in _KIND_COUNTS:
            return [node]
        return [c for value in node.values() for c in _different_counts(value)]
    if isinstance(node, list):
        return [c for value in node for c in _different_counts(value)]
    return []


def _replace_count(node: object, old: dict, new: dict) -> None:
    """Every value equal to ``old`` in an op tree set to ``new`` (in place)."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in list(items):
        if value == old:
            node[key] = copy.deepcopy(new)  # type: ignore[index]
        else:
            _replace_count(value, old, new)


#: "another player's Deck Box", "one of your deck boxes": a Deck Box of a player's kit area
_DECK_BOX = re.compile(r"(your|another player's|an opponent's|any player's|a player's|one of your) deck box(?:es)?")
_DECK_BOX_OWNER = {"your": "self", "one of your": "self", "another player's": "opponent", "an opponent's": "opponent",
                   "any player's": "any", "a player's": "any"}


def read_target_q(text: str) -> dict | None:
    """A TARGET for ``phrases.read_target``; ``None`` when not one of this module's. "Another
    player's Deck Box": a face-up Deck Box of the player's choice among theirs ("Your Tournament
    Area": the Deck Box sits beside the tableau; "effects cannot target face-down cards")."""
    m = _DECK_BOX.fullmatch(text)
    if m is None:
        return None
    return {"player": _DECK_BOX_OWNER[m.group(1)], "pick": "choice", "zone": "deck_box", "filter": {"face": "up"}}


#: "your effect causes an opponent to gain RP": a gain an effect of yours makes another player take
_YOUR_EFFECT_GAIN = re.compile(r"(?:your effect|an effect you control|one of your effects) causes? (an opponent|another "
                               r"player|a player) to gain (?:rp|ranking points)")
#: "an opponent gains RP from a card in their tableau": a gain one of their own singles' effects makes
_GAIN_FROM_TABLEAU = re.compile(r"(an opponent|another player|a player) gains? (?:rp|ranking points) from (?:a|an|one of "
                                r"the) (?:cards?|singles?) in their tableau")
_GAINERS = {"an opponent": "opponent", "another player": "opponent", "a player": "any"}


def read_event_q(text: str) -> dict | None:
    """A trigger event for ``phrases.read_event``; ``None`` when not one of this module's. A gain of
    RP (batch e's ``gained_rp``) made by an effect of yours (``whose: self``: the gain's effect is
    controlled by this card's player), or made by an effect of a card in the gainer's own tableau
    (``from_tableau``)."""
    m = _YOUR_EFFECT_GAIN.fullmatch(text)
    if m:
        return {"event": "gained_rp", "by": _GAINERS[m.group(1)], "whose": "self"}
    m = _GAIN_FROM_TABLEAU.fullmatch(text)
    if m:
        return {"event": "gained_rp", "by": _GAINERS[m.group(1)], "from_tableau": True}
    return None


__all__ = ["combined_revealed_q", "read_clause_q", "read_condition_q", "read_count_q", "read_event_q",
           "read_sentence_q", "read_target_q", "reword_q", "sentence_wording_q"]
