"""More printed shapes, batch v (issue 26.2): Reactions to a gain of RP ("When a player would gain
RP, ..."), read here and hooked into the core readers with one call each (phrases.read_event,
text._sentences); run by ``ops_more_v.py`` (docs/effects-millennium-blades.md, "More shapes, batch
v"; docs/rules-notes.md, "MB: batch v").
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, number

_RP = r"(?:rp|ranking points)"
#: who would gain the RP -> the trigger's ``gainer``: any player (you too), an opponent of the
#: card's player, or a player with more RP than the card's player
_GAINERS = {"you": "self", "a player": "any", "any player": "any", "an opponent": "opponent", "another player": "opponent",
            "a player with more rp than you": "richer", "an opponent with more rp than you": "richer"}
_WOULD_GAIN = re.compile(rf"({'|'.join(sorted(map(re.escape, _GAINERS), key=len, reverse=True))}) would gain {_RP}")


_PREVENTED = re.compile(rf"(?:a player|any player|players) (?:is|are) prevented from gaining {_RP} by this effect")


def read_event_v(text: str) -> dict | None:
    """"a player (an opponent, a player with more RP than you) would gain RP": the event
    ``would_gain_rp`` a Reaction answers before the gain is made; "a player is prevented from
    gaining RP by this effect": ``gain_prevented`` (this card's "cannot gain RP" stopped a gain);
    ``None`` when neither."""
    if _PREVENTED.fullmatch(text):
        return {"event": "gain_prevented"}
    m = _WOULD_GAIN.fullmatch(text)
    if m is None:
        return None
    return {"event": "would_gain_rp", "gainer": _GAINERS[m.group(1)]}


#: what the Reaction does to the gain: none is made; the reacting player gains that much too
#: (perhaps capped); the reacting player gains it instead of the player who would have
_NONE = re.compile(rf"(?:they|that player) gains? no {_RP}")
_ALSO = re.compile(rf"you also gain that (?:much )?{_RP}(?:,? up to ({NUMBER}) {_RP})?")
_INSTEAD = re.compile(rf"you (?:(?:gain|score) that (?:much )?{_RP} instead|instead (?:gain|score) that (?:much )?{_RP})")


#: "gain RP until you have the most" / "... until you no longer have the least": the RP you lack
_UNTIL = re.compile(rf"gain {_RP} until you (have the most|no longer have the least)(?: {_RP})?")


#: "Discard up to N cards from your hand to gain RP equal to (N times) their STAR": the discard,
#: then a gain counted by the cards it discarded (so nothing discarded, nothing gained)
_DISCARD_TO_GAIN = re.compile(r"(discard up to .+?) to (gain .+ (?:their|those cards'|the discarded cards') .+)")


#: "Each player who has zero (after this loss) must pay you N Dollars, if able": the players left with no
#: RP pay you; a payment to yourself moves nothing, so "each player" is each opponent
_ZERO_PAY = re.compile(rf"(each player|each opponent|each other player) (?:who has|with) (?:zero|0|no) (?:rp )?"
                       rf"(?:after this loss )?(?:must )?pays? you ({NUMBER}) (?:millennium )?dollars?(,? if able)?")


#: "of that STAR" / "with that STAR" after "Choose a number": the number chosen, as "with STAR equal
#: to that number" already reads
_THAT_STAR = re.compile(r" (?:of|with) that star(?: rating)?\b")


def _that_value(text: str) -> str | None:
    """``text`` with "that SET" ("of that STAR", "with STAR equal to that number") as the marker the
    card phrase reads (``market_phrases._chosen``), while the ability has chosen one; ``None`` when
    there is nothing to change (so the clause is read as it is)."""
    from rules.millennium_blades.market_phrases import CHOSEN, _chosen

    if not CHOSEN.get():
        return None
    moved = _chosen(_THAT_STAR.sub(" with star equal to that number", text) if CHOSEN.get() == "number" else text)
    return moved if moved != text else None


#: "return the discarded cards to your hand", after a discard trigger: those cards, from the binder
_RETURN_DISCARDED = re.compile(r"(?:return|put) (?:the discarded cards|those cards|them|the cards discarded) "
                               r"(?:back )?(?:in)?to your hand")


def read_early_v(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause ``clauses.read_clause`` asks this module about first; ``None`` when none of these.
    "Gain RP until you have the most (no longer have the least)": ``gain_rp`` 1 per the RP you lack
    (COUNT ``rp_short``, ``to`` most or not_least). "Discard up to N cards ... to gain RP equal to
    their combined STAR": the two clauses, one after the other. "Each player who has zero (after this
    loss) must pay you 2 Dollars, if able": ``steal_money`` from each opponent with 0 RP. After "Choose
    a number (a SET, ...)", a card phrase "of that STAR" ("from that SET") names the value chosen in
    any clause (a target too, not only a count: ``market._with_chosen`` fills it in)."""
    m = _UNTIL.fullmatch(text)
    if m:
        to = "most" if m.group(1) == "have the most" else "not_least"
        return [{"op": "gain_rp", "amount": 1, "per": {"count": "rp_short", "to": to}}]
    if _RETURN_DISCARDED.fullmatch(text) and effect.get("trigger", {}).get("event") == "discard":
        return [{"op": "those_to_hand", "from": "binder"}]  # batch j's, from the binder
    chosen = _that_value(text)
    if chosen is not None:  # "... on each card of that STAR in every tableau", after "Choose a number"
        from rules.millennium_blades.clauses import read_clause  # clauses asks this module
        from rules.millennium_blades.phrases import Unread

        try:
            return read_clause(chosen, timing, effect, last)
        except Unread:
            pass  # not this shape: the readers after this one read the clause as printed
    m = _ZERO_PAY.fullmatch(text)
    if m:  # batch e's players by RP total; "if able": all or nothing (rules notes, "MB: batch v")
        return [{"op": "steal_money", "amount": number(m.group(2)), "who": "each_opponent",
                 "rp": {"cmp": "==", "value": 0}, **({"if_able": True} if m.group(3) else {})}]
    m = _DISCARD_TO_GAIN.fullmatch(text)
    if m:
        from rules.millennium_blades.clauses import read_clause  # clauses asks this module

        return read_clause(m.group(1), timing, effect, last) + read_clause(m.group(2), timing, effect, last)
    return None


#: "Put two +1 STAR Tokens on each card adjacent to this one, then gain RP equal to their combined
#: STARs": "their" is the cards the tokens went on, counted as they are then (tokens included)
_TOKENS_THEN_STARS = re.compile(r"(put .+? \+1 star tokens? on (?:each|all) .+?),? (?:and )?then gain (?:rp|ranking points) "
                                r"equal to their combined star(?:s| ratings?)")


#: "Each player that did not flip a card loses N RP", after "Each other player must flip a card ...":
#: the players told to flip who flipped none
_NOT_FLIPPED = re.compile(rf"each (?:other )?(?:player|opponent) (?:that|who) did(?: not|n't) flip a (?:card|single) "
                          rf"(loses|gains) ({NUMBER}) {_RP}")


#: "At the start of your next turn, gain 16 RP ...": the clause waits for that turn to start
_NEXT_TURN = re.compile(r"at the (?:start|beginning) of your next turn, (.+)")


def read_sentence_v(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks this module about; False when ``s`` is none of these.
    "Put two +1 STAR Tokens on each card adjacent to this one, then gain RP equal to their combined
    STARs": the tokens, then ``gain_rp`` per COUNT ``stars`` of the same cards of your tableau.
    "At the start of your next turn, <clause>": ``at_next_turn`` with the clause's ops.
    "Each player that did not flip a card loses N RP" after a flip each opponent makes: ``lose_rp``
    (``gain_rp``) ``who: not_flipped``.
    In a Reaction to a gain of RP (``would_gain_rp``): "they gain no RP", "you also gain that much
    RP, up to 40 RP", "you gain that RP instead" -> ``rp_gain_outcome`` (``as``: none, also,
    instead)."""
    m = _NEXT_TURN.fullmatch(s)
    if m:
        from rules.millennium_blades.text import clauses  # text asks this module

        ops.append({"op": "at_next_turn", "ops": clauses(m.group(1), timing, effect)})
        return True
    m = _NOT_FLIPPED.fullmatch(s)
    if m and any(op["op"] == "flip" and op.get("target", {}).get("player") in ("each_opponent", "each_other")
                 for op in ops):
        ops.append({"op": f"{m.group(1).rstrip('s')}_rp", "amount": number(m.group(2)), "who": "not_flipped"})
        return True
    m = _TOKENS_THEN_STARS.fullmatch(s)
    if m:
        from rules.millennium_blades.text import clauses  # text asks this module

        tokens = clauses(m.group(1), timing, effect)
        target = tokens[-1].get("target", {}) if len(tokens) == 1 and tokens[0]["op"] == "star_tokens" else {}
        if target.get("pick") != "all" or target.get("player", "self") != "self":
            return False  # not one set of your cards: "their" is left to the readers that know it
        ops += [*tokens, {"op": "gain_rp", "amount": 1,
                          "per": {"count": "stars", "zone": "tableau", "filter": dict(target.get("filter", {}))}}]
        return True
    if timing not in ("reaction", "top", "ongoing") or effect.get("trigger", {}).get("event") != "would_gain_rp":
        return False
    if _NONE.fullmatch(s):
        ops.append({"op": "rp_gain_outcome", "as": "none"})
        return True
    m = _ALSO.fullmatch(s)
    if m:
        ops.append({"op": "rp_gain_outcome", "as": "also", **({"max": number(m.group(1))} if m.group(1) else {})})
        return True
    if _INSTEAD.fullmatch(s):
        ops.append({"op": "rp_gain_outcome", "as": "instead"})
        return True
    return False


#: "When this card would be flipped, gain N RP and this card is not flipped": an Ongoing replacement
_REFUSE_FLIP = re.compile(r"(?:when|whenever) this (?:card|single) would be flipped, (.+?),? and (?:it|this (?:card|single)) "
                          r"(?:isn't|is not|does not get|doesn't get) flipped")


#: "Whenever another player spends money, it goes to you instead of the Bank"
_TAKES_SPENDING = re.compile(r"(?:whenever|when|each time) (?:another player|an opponent) spends (?:money|dollars), "
                             r"(?:it|that money|the money|those dollars) goes to you instead(?: of the bank)?"
                             r"(?:,? or anywhere else it would go)?")


#: "Whenever one or more of your cards would be flipped by another player's effect, you may choose to pay
#: RP equal to its STAR instead of flipping it"
_RP_SHIELD = re.compile(r"(?:whenever|when) (?:one or more of your cards|a card in your tableau|one of your cards) would "
                        r"be flipped by (?:another player's|an opponent's) effect, you may (?:choose to )?pay (?:rp|ranking "
                        r"points) equal to its star rating instead(?: of flipping it)?")


def read_continuous_v(text: str) -> list[dict] | None:
    """An Ongoing "When this card would be flipped, <clause> and this card isn't flipped": batch a's
    ``token_guard`` with ``token: false`` (no token needed: whatever would flip it, the clause
    happens and the card stays face-up); "Whenever another player spends money, it goes to you
    instead of the Bank": ``takes_spending``; ``None`` when neither."""
    if _TAKES_SPENDING.fullmatch(text):
        return [{"op": "takes_spending"}]
    if _RP_SHIELD.fullmatch(text):  # batch k's shield, paid in RP
        return [{"op": "token_shield", "target": "tableau", "optional": True, "pay": "rp_star"}]
    m = _REFUSE_FLIP.fullmatch(text)
    if m is None:
        return None
    from rules.millennium_blades.text import clauses  # text asks this module

    return [{"op": "token_guard", "token": False, "ops": clauses(m.group(1), "play", {})}]


#: "you have the second-most RP (among players)": exactly one opponent has more RP than you
_SECOND_MOST = re.compile(rf"you have the second(?:-| )most {_RP}(?: among (?:all )?(?:the )?players)?")


#: "you spent money (Dollars) this turn": any of your Dollars paid by an effect in this turn
_SPENT = re.compile(r"you (?:have )?spent (?:any )?(?:money|dollars|millennium dollars) this turn")


#: "this card was your left-most face-up card" (in a Flip effect: before it was flipped)
_WAS_END = re.compile(r"this (?:card|single) (?:was|is) (?:your|the) left-most face-up (?:card|single)(?: in your tableau)?")


def read_condition_v(text: str) -> dict | None:
    """"you have the second-most RP among players": one opponent, no more, has more RP than you
    (COUNT ``players_rp`` ``>`` is 1; rules notes, "MB: batch v"); "you spent money this turn":
    ``spent_this_turn``; "this card was your left-most face-up card": no face-up card left of it;
    ``None`` when none of these."""
    if _SECOND_MOST.fullmatch(text):
        return {"test": "count", "of": {"count": "players_rp", "cmp": ">"}, "cmp": "==", "value": 1}
    if _SPENT.fullmatch(text):
        return {"test": "spent_this_turn"}
    if _WAS_END.fullmatch(text):  # no face-up card to its left, then as now (a flip moves no card)
        return {"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": {"face": "up", "where": "left_of"}},
                "cmp": "==", "value": 0}
    return None


def mark_until_scoring_v(effect: dict) -> None:
    """The parenthetical "this effect stops ..." (``text._UNTIL_SCORING``) after an effect answering a gain of RP: its
    trigger is marked ``until_scoring`` (``text._compile_part`` marks the "cannot gain RP" rules)."""
    if effect.get("trigger", {}).get("event") == "would_gain_rp":
        effect["trigger"]["until_scoring"] = True


#: "your (new) left-most card", "the right-most face-up card in your tableau": the face-up card at that end
_END_TARGET = re.compile(r"(?:the|your)(?: new)? (left|right)-?most(?: face-up)? (?:card|single)(?: in your tableau)?")


def read_target_v(text: str) -> dict | None:
    """A TARGET at an end of your tableau ("Tableau": slots from left to right; batch b's
    ``leftmost`` / ``rightmost`` pick, the face-up card nearest that end); ``None`` when not one."""
    m = _END_TARGET.fullmatch(text)
    return {"player": "self", "pick": f"{m.group(1)}most"} if m else None


#: "+1 STAR Tokens in your tableau (in all tableaus)": the tokens on the cards there
_TOKENS_IN = re.compile(r"(\+1 star tokens?) in ((?:your|all|every|each) tableaus?|all players' tableaus)")


#: "opponent whose Top card is 4 STAR or higher" (is a FIRE card, has 5 or more stars)
_OPPONENT_TOP = re.compile(r"(?:other player|opponent)s? whose top card (is|has) (.+)")
_STAR_OR = re.compile(r"\d+ star(?: rating)? or (?:greater|higher|more|lower|less|fewer)")


#: "Token added this way": the +1 STAR tokens this effect put on cards
_ADDED = re.compile(r"(?:\+1 star )?tokens? (?:added|put|placed) (?:on (?:it|that card) )?this way")


def read_count_v(text: str) -> dict | None:
    """"+1 STAR Token in all tableaus": read as "+1 STAR Tokens on cards in all tableaus"; "opponent
    whose Top card is 4 STAR or higher": COUNT ``opponents_top`` (the opponents whose face-up Top
    Card fits the FILTER); "Token added this way": ``tokens_added``; ``None`` when none of these."""
    from rules.millennium_blades.phrases import read_count

    m = _TOKENS_IN.fullmatch(text)
    if m:
        return read_count(f"{m.group(1)} on cards in {m.group(2)}")
    if _ADDED.fullmatch(text):
        return {"count": "tokens_added"}
    m = _OPPONENT_TOP.fullmatch(text)
    if m:
        from rules.millennium_blades.conditions import _card_test

        verb = "has" if m.group(1) == "is" and _STAR_OR.fullmatch(m.group(2)) else m.group(1)
        return {"count": "opponents_top", "filter": _card_test(verb, m.group(2))}
    return None


def reword_v(text: str) -> str:
    """"After you discard ..., X" read as "When you discard ..., X": the discard has happened when
    its trigger fires (rules notes, "Discarding"). "After you finish playing your next card, X" (a
    Next effect) as "When you play the next card, X": Next effects resolve after that card's Play
    effects anyway ("Effects on Cards": "Top>Ongoing>Play>Next")."""
    text = re.sub(r"^after you finish playing (?:the next card you play|your next card), ", "when you play the next card, ",
                  text)  # a Next effect resolves after the Play effects of that card ("Top>Ongoing>Play>Next")
    return re.sub(r"^after (you discard [^,]+), ", r"when \1, ", text)


__all__ = ["mark_until_scoring_v", "read_condition_v", "read_continuous_v", "read_count_v", "read_early_v",
           "read_event_v", "read_sentence_v", "read_target_v", "reword_v"]
