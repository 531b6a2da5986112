"""Clash phrases of printed MB text, batch i (issue 26.2; the engine side is ``ops_more_i.py``):
result sentences printed in other words, a clash total changed for a player or for one clash, and
a player considered to win (or lose) a clash they would not. millennium-blades.txt, "Clashing";
docs/rules-notes.md, "MB: batch i, clash shapes"; docs/effects-millennium-blades.md, "More
shapes, batch i", has an original example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, Unread, number

#: printed words for the grammar's own ("Clashing"): "each player that lost" is "each player who
#: lost"; "clash with a player, and the winner gains ..." is two sentences (the result its own);
#: "the winner gains 5 RP, and flips ..." is the winner's second verb
_REWORDS = (
    (re.compile(r"\b(players?) that (lost|won|did not win|didn't win)\b"), r"\1 who \2"),
    (re.compile(r"\band and\b"), "and"),  # a doubled word of the print
    (re.compile(r"\b(players?) who (?:does not|doesn't|do not|don't) win\b"), r"\1 who did not win"),
    (re.compile(r"^((?:if [^,]+, )?clash with [^.,]+), and (?=(?:the|each) (?:winner|loser)s? )"), r"\1. "),
    (re.compile(r"\b((?:the|each) (?:winner|loser)s? (?:must )?\w+ [^.]*?,? and )(gain|lose|flip|put|discard|draw)s\b"),
     r"\1\2"),
    # "Whenever you clash, you have +1 ...": a total with more each clash, as "when clashing" says it
    (re.compile(r"^(?:whenever|when) you clash, (you have [+-]\d+ [^.]+?)(\.?)$"), r"\1 when clashing\2"),
    # an Action's card kept face-up, something else done in place of its flip ("Use an Action")
    (re.compile(r"\bafter you use this action, ((?:remove|discard) [^.]+?) instead of flipping (?:it|this card)\b"),
     r"\1. do not flip this card"),
)


def reword_i(text: str) -> str:
    """The printed words of ``_REWORDS`` in the grammar's words (``text.wording`` asks last)."""
    for pattern, words in _REWORDS:
        text = pattern.sub(words, text)
    return text


#: "flip your Deck Box", "flip the loser's Deck Box" ("Deck Box Area": an effect that names it)
_DECK_BOX = re.compile(r"flip (your|the loser's) deck box(?:es)?")


#: "flip one of the loser's cards of your choice": the choice is the effect's player's
_ONE_OF_THE_LOSERS = re.compile(r"flip (?:a|one) of the loser'?s'? cards(?: in (?:their|the loser's) tableau)? of your choice")


#: "gain RP equal to three times the STAR of the loser's highest STAR card"
_LOSERS_STAR = re.compile(r"(gain|lose) (?:rp|ranking points) equal to (?:(twice|three times|four times|\d+ times) )?"
                          r"the star(?: rating)? of the loser'?s'? (highest|lowest)(?: star(?: rating)?)? (?:card|single)")


#: a clash of all players, each with their left-most face-up card in place of their Top Card
_LEFTMOST = re.compile(r"clash with all (?:other )?players, but (?:all )?players use their left-?most face-up cards?"
                       r"(?: instead of their top cards?)?")


#: "..., and one of the losers of your choice loses 10 RP"
_ONE_LOSER = re.compile(rf"(.+?),? and one of the losers(?: of the clash)? of your choice (lose|gain)s ({NUMBER}) "
                        r"(?:rp|ranking points)")


def read_early_i(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause ``clauses.read_clause`` asks before its own readings (which refuse a Deck Box):
    your face-up Deck Box flipped, or each loser's, by you; ``None`` when not one."""
    m = _ONE_LOSER.fullmatch(text)
    if m:  # "that player" is the loser chosen (rules notes, batch i)
        from rules.millennium_blades.clauses import read_clause

        loss = {"op": f"{m.group(2)}_rp", "amount": number(m.group(3)), "who": "that_player"}
        return [*read_clause(m.group(1), timing, effect, last), {"op": "choose_loser"}, loss]
    m = re.fullmatch(r"(.+?),? and do not flip this (?:card|box|deck box|accessory)", text)
    if m and timing == "action":  # in a clash's result: the Action's card stays face-up ("Use an Action")
        from rules.millennium_blades.clauses import read_clause

        return [*read_clause(m.group(1), timing, effect, last), {"op": "keep_source"}]
    if _LEFTMOST.fullmatch(text):  # each player's left-most face-up card is the one they clash with
        return [{"op": "clash", "with": "all", "use": "leftmost"}]
    m = _LOSERS_STAR.fullmatch(text)
    if m:  # in the winner's result: the loser's highest (lowest) face-up card's Star Rating
        per = {"count": "clash_players_star", "players": "losers", "which": m.group(3)}
        return [{"op": f"{m.group(1)}_rp", "amount": number(m.group(2)) if m.group(2) else 1, "per": per}]
    m = _ONE_OF_THE_LOSERS.fullmatch(text)
    if m:  # one card among the losers' face-up cards, chosen by you (in this effect: "its" is that card)
        from rules.millennium_blades.phrases import THAT_CARD

        THAT_CARD.set("flipped")
        return [{"op": "flip", "target": {"player": "losers", "pick": "choice", "filter": {"face": "up"}}}]
    m = _DECK_BOX.fullmatch(text)
    if m is None:
        return None
    whose = "self" if m.group(1) == "your" else "that_player"
    flip = {"op": "flip", "target": {"player": whose, "pick": "all", "zone": "deck_box"}}
    if whose == "self":
        return [flip]
    return [{"op": "for_clash_players", "players": "losers", "as": "that_player", "ops": [flip]}]


def read_event_i(text: str) -> dict | None:
    """You, an opponent, or any other players who would win a clash (after its reveals, before its
    result counts: a Reaction's ``would_win_clash``); ``None`` when not one."""
    if re.fullmatch(r"you would win (?:a|any|the) clash", text):
        return {"event": "would_win_clash", "by": "self"}
    if re.fullmatch(r"(?:any|an) opponent would win (?:a|any) clash|(?:another player|any (?:number of )?other players?) "
                    r"would win (?:a|any) clash", text):
        return {"event": "would_win_clash", "by": "opponent"}
    return None


#: "you (that player, they) are considered to lose (that clash) instead"
_TO_LOSE = re.compile(r"(you|that player|that opponent|they) (?:is|are) considered to lose(?: the clash| that clash| it)?"
                      r"(?: instead)?")


def read_clause_i(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this module's shapes for ``clauses.read_clause``; ``None`` when not one."""
    m = _TO_LOSE.fullmatch(text)
    trigger = effect.get("trigger", {})
    if m and trigger.get("event") == "would_win_clash":
        if (m.group(1) == "you") != (trigger.get("by") == "self"):
            raise Unread(text, "the player who would win is the one considered to lose")
        return [{"op": "considered_to_lose"}]
    return None


#: "you have +1 when clashing", "you have +2 to your clash total for each ..."
_BONUS = re.compile(rf"you have ([+-])({NUMBER})(?: to (?:your|the|that) clash(?: total)?)?(?: for (?:each|every) (.+?))?"
                    r" (?:when|while|whenever you are) clashing")


#: the others must pick you to clash with, when they may
_MUST_CHOOSE_YOU = re.compile(r"(?:players|opponents|other players) must (?:choose to )?clash with you"
                              r",? if (?:possible|able|they can)")


def read_continuous_i(s: str) -> list[dict] | None:
    """An Ongoing or Top rule of this module's shapes for ``clauses._continuous``: a clash total
    with more (less) for you, you considered to win all clashes; ``None`` when not one."""
    from rules.millennium_blades.phrases import read_count

    s = s.strip()  # a reminder's parentheses gone leave a space
    m = _BONUS.fullmatch(s)
    if m:
        amount = number(m.group(2)) * (1 if m.group(1) == "+" else -1)
        return [{"op": "clash_bonus", "amount": amount, **({"per": read_count(m.group(3))} if m.group(3) else {})}]
    if re.fullmatch(r"you are (?:always )?considered to win (?:all|every|each) clash(?:es)?(?: you are in)?", s):
        return [{"op": "win_clashes"}]
    if re.fullmatch(r"you (?:cannot|can't|can not) be clashed with(?:,)? (?:or|nor) (?:initiate|start|declare) clash(?:es)?", s):
        return [{"op": "no_clash"}]
    if _MUST_CHOOSE_YOU.fullmatch(s):
        return [{"op": "clash_magnet"}]
    m = re.fullmatch(r"this card is considered (?:an? )?(\d+)[- ]star(?: rating)?(?: card)? when(?:ever)? "
                     r"(?:clashing|it clashes|you clash with it)", s)
    if m:
        return [{"op": "clash_star_as", "value": int(m.group(1))}]
    return None


#: "face-down card in the tableaus of players who participated in the clash"
_CLASH_TABLEAUS = re.compile(r"(.+?) in the tableaus? of (?:the )?players? who (participated|were|was) in the clash"
                             r"|(.+?) in the tableaus? of (?:the )?(losers?|winners?)(?: of the clash)?")


def read_count_i(text: str) -> dict | None:
    """A COUNT of the cards of the tableaus of the clash's players (all of them, the losers, the
    winners) that fit a card description; ``None`` when not one."""
    from rules.millennium_blades.phrases import whole_card_phrase

    m = _CLASH_TABLEAUS.fullmatch(text)
    if m is None:
        return None
    words = m.group(1) or m.group(3)
    flt, zone = whole_card_phrase(words if re.match(r"(?:a|an|the|each) ", words) else f"a {words}")
    if zone != "tableau":
        raise Unread(text, "cards of the tableaus of the clash's players")
    players = "participants" if m.group(1) else "losers" if m.group(4).startswith("loser") else "winners"
    return {"count": "clash_players_cards", "players": players, "filter": flt}


def read_condition_i(text: str) -> dict | None:
    """How the clash just made went: you won (lost) it, two of its players had the same total;
    ``None`` when not one (``conditions.read_condition`` asks last)."""
    m = re.fullmatch(r"you (won|lost)(?: (?:the|that|this) clash)?", text)
    if m:
        return {"test": "clash_result", "who": "self", "result": m.group(1)}
    m = re.fullmatch(r"the loser used a (higher|lower) printed star(?: rating)? card(?: than the winner(?: did)?)?", text)
    if m:  # the printed Star Ratings of the cards of the clash (batch a's test: the winner's against the loser's)
        return {"test": "clash_printed", "cmp": "<" if m.group(1) == "higher" else ">"}
    if re.fullmatch(r"any two (?:players|participants) (?:have|had) the same (?:clash )?(?:total|value)", text):
        return {"test": "clash_result", "who": "any_two", "result": "same_total"}
    return None


#: the players of a clash just made named by their totals ("Clashing": each total is a Star Rating
#: and the revealed card's): the same as another's, the lowest; "each other player" after the lowest
_SAME = re.compile(r"(?:any|all|the) players? (?:with|who (?:have|had)) the same (?:clash )?(?:total|value) (\w+) (.+)")
_LOWEST = re.compile(r"the player or players (?:with|who (?:have|had)) the lowest (?:clash )?(?:total|value) (\w+) "
                     r"(.+?)(?: each)?")
_OTHERS = re.compile(r"(?:each|every) other player (\w+) (.+)")


def _total_players(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    from rules.millennium_blades.phrases_more_d import _verb, for_clash_players

    if not any(o["op"] == "clash" for o in ops):
        return False
    m = _SAME.fullmatch(s) or _LOWEST.fullmatch(s)
    players = "same_total" if m and m.re is _SAME else "lowest_total"
    if m is None:
        m = _OTHERS.fullmatch(s)
        if m is None or ops[-1]["op"] != "for_clash_players" or ops[-1]["players"] != "lowest_total":
            return False
        players = "not_lowest_total"
    verb = m.group(1) if m.group(1) != "must" else m.group(2).split(" ", 1)[0]
    rest = m.group(2) if m.group(1) != "must" else m.group(2).split(" ", 1)[1]
    ops.append(for_clash_players(players, False, f"{_verb(verb)} {rest}", timing, effect))
    return True


#: "gain 5 RP for each player who lost and those players lose 5 RP" (a clash's players, counted)
_EACH_THEN_THOSE = re.compile(rf"(?:you )?(gain) ({NUMBER}) (?:rp|ranking points) for (?:each|every) player who "
                              r"(lost|won|participated in)(?: the clash)?,? and those players (.+)")
_RESULT_EVENTS = ("clash", "clash_any", "clash_won", "clash_lost")

_DURING = re.compile(rf"during this clash, your (?:top )?card has ([+-])({NUMBER}) star(?: rating)?")


def read_sentence_i(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence about the clash just before it in the effect, for ``text._sentences``: your card's
    Star Rating changed during that clash only (``self_star`` of the clash op). False when not one."""
    if _total_players(s, ops, timing, effect):
        return True
    m = _EACH_THEN_THOSE.fullmatch(s)
    if m and (any(o["op"] == "clash" for o in ops) or effect.get("trigger", {}).get("event") in _RESULT_EVENTS):
        from rules.millennium_blades.phrases_more_d import for_clash_players

        players = {"lost": "losers", "won": "winners"}.get(m.group(3), "participants")
        ops.append({"op": "gain_rp", "amount": number(m.group(2)), "per": {"count": "clash_players", "players": players}})
        ops.append(for_clash_players(players, False, m.group(4), timing, effect))
        return True
    if re.search(r"\bthis way\b", s) and ops and ops[-1]["op"] == "for_clash_players":
        # what the clash's players did in their own frames, counted "this way" in this effect
        if ops[-1]["as"] != "self" or not re.search(r"\b(?:flipped|discarded) this way\b", s):
            raise Unread(s, "a count of what each player of the clash did")
        ops[-1]["tally"] = True
        return False  # the sentence itself is read as usual
    m = _DURING.fullmatch(s)
    if m is None:
        return False
    if not ops or ops[-1]["op"] != "clash" or ops[-1]["with"] == "aftermarket":
        raise Unread(s, "a change during a clash the effect makes just before")
    ops[-1]["self_star"] = number(m.group(2)) * (1 if m.group(1) == "+" else -1)
    return True


__all__ = ["read_clause_i", "read_condition_i", "read_continuous_i", "read_early_i", "read_event_i", "read_sentence_i",
           "reword_i"]
