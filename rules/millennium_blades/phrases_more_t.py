"""Clash phrases of printed MB text, batch t (issue 26.2; the engine side is ``ops_more_t.py``): the
cards revealed in a clash taken into a hand, a binder or back onto the Store, the clash's loser
named "the player who lost the clash", whether you are one of a clash's players, and a win by a
margin. It goes on from batch i (``phrases_more_i.py``), which has the clash totals and who is
considered to win. millennium-blades.txt, "Clashing"; docs/rules-notes.md, "MB: batch t, clash
shapes"; docs/effects-millennium-blades.md, "More shapes, batch t", has an original example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, Unread, number

#: "the player who lost the clash" is its loser, "the player who won the clash" its winner ("Clashing")
_REWORDS = (
    # "The first time on your turn that X, Y": batch o's once-a-turn trigger, during your turns only
    (re.compile(r"^the first time (?:on|during) (?:each of )?your turns? (?:that |when )?([^,.]+), "),
     r"whenever \1 during your turn the first time each turn, "),
    # "At the end of an opponent's turn, ...": as batch b's "At the end of your turn" (text._WORDING)
    (re.compile(r"^at the end of (?:an opponent's|another player's|each opponent's) turns?, "),
     "when an opponent's turn ends, "),
    # "choose and flip a card ...": a flip's card is one its player chooses ("Flip a Card") anyway
    (re.compile(r"\bchoose and flip\b"), "flip"),
    (re.compile(r"\bthe player who (lost|won) (?:the|that|this) clash\b"),
     lambda m: "the loser" if m.group(1) == "lost" else "the winner"),
    # in a result, "their hand" ("his", "her") is the winner's (loser's) own, whose part it is, as
    # text.sentence_wording reads "their tableau"
    (re.compile(r"\b((?:the|each|every) (?:winner|loser)s?\b[^.]*?)\b(?:their|his or her|his|her) (hand|binder)\b"),
     r"\1your \2"),
    # "... put a card from your hand face-down into their tableau": the same player's own tableau
    (re.compile(r"\b((?:the|each|every) (?:winner|loser)s? (?:must )?puts? [^.]*?\bfrom your hand\b[^.]*?\binto) "
                r"(?:their|his or her|his|her) tableau\b"), r"\1 your tableau"),
)


def reword_t(text: str) -> str:
    """The printed words of ``_REWORDS`` in the grammar's words (``text.wording`` asks last)."""
    for pattern, words in _REWORDS:
        text = pattern.sub(words, text)
    return text


#: where a card revealed in a clash goes: a hand, a binder (the player's own: "his" or "their" in a
#: winner's result is read "your"), or back onto the top of the Store it was revealed from
_TO = {"hand": "hand", "binder": "binder", "top of the store": "store_top"}
_DEST = re.compile(r"(?:to|into|in) your (hand|binder)|(?:back )?on(?:to)? (?:the )?(top of the store)(?: deck)?")
#: "one of the cards revealed in the clash", "the card you revealed in the clash", "one of the clash
#: cards", "up to 2 cards revealed from the Store" (after a clash: the clash's own reveals)
_REVEALED = re.compile(rf"(?:(one|a card|up to {NUMBER} cards?) of the (?:cards revealed in (?:the|that|this) clash|"
                       rf"clash cards)|(up to {NUMBER} cards?|one|a card) revealed (?:in (?:the|that|this) clash|from "
                       r"the store)|(the card you revealed) in (?:the|that|this) clash)")
_TAKE = re.compile(rf"choose ({_REVEALED.pattern}) and add (?:it|them) ({_DEST.pattern})"
                   rf"|(?:add|adds|put|puts|take|takes|gain|gains) ({_REVEALED.pattern}) ({_DEST.pattern})")


def _take_revealed(text: str) -> list[dict] | None:
    """"(choose one of the cards revealed in the clash and) add it to your hand", "put one of the
    clash cards back on top of the Store", "add the card you revealed in the clash to your binder":
    ``take_clash_revealed``; ``None`` when ``text`` is not one."""
    m = _TAKE.fullmatch(text)
    if m is None:
        return None
    taken = [g for g in m.groups() if g is not None]  # the cards' words first, then where they go
    what, dest = _REVEALED.fullmatch(taken[0]), _DEST.fullmatch(next(g for g in taken[1:] if _DEST.fullmatch(g)))
    assert what is not None and dest is not None  # the words _TAKE matched
    words = what.group(1) or what.group(2) or what.group(3)
    amount, up_to = 1, False
    counted = re.match(rf"up to ({NUMBER}) cards?", words)
    if counted:
        amount, up_to = number(counted.group(1)), True
    whose = "self" if words == "the card you revealed" else "any"
    return [{"op": "take_clash_revealed", "whose": whose, "to": _TO[dest.group(1) or dest.group(2)], "amount": amount,
             **({"up_to": True} if up_to else {})}]


#: "you and your opponent both gain 10 Dollars and 10 RP": both players of the clash just made
_BOTH = re.compile(r"you and your opponent (?:both |each )?(.+)")
#: "put a card from the Aftermarket into your binder"
_PUT_FROM_AFTERMARKET = re.compile(r"puts? (.+?) from the aftermarket (?:in)?to your (hand|binder)")
#: "(choose and) flip one of the loser's cards (in their tableau)" (in the winner's result "their" was read as the
#: winner's own "your": text.sentence_wording), the loser's tableau either way
_LOSERS_CARD = re.compile(r"(?:choose and )?flip (a|one) of the loser'?s'? (?:cards|singles)"
                          r"(?: in (?:their|your|the loser's) tableau)?")
#: a clash with each of the opponents on your left and right, one after the other in turn order: the player to
#: your left is the next in turn order (batch b's reading), so that clash is first
_NEIGHBOURS = re.compile(r"clash with the (?:opponents|players) (?:to|on) (?:the|your) left and right(?: of you)?,? "
                         r"separately(?:,? in turn order)?|clash separately with the (?:opponents|players) (?:to|on) "
                         r"(?:the|your) left and right(?: of you)?(?:,? in turn order)?")
#: "The winners gain 20 RP." after those two clashes: each clash's own result
_EACH_RESULT = re.compile(r"the (winner|loser)s (?:must )?(\w+) (.+)")
#: "swap the positions of two cards in the loser's tableau"
_SWAP_LOSERS = re.compile(r"swap the positions of two (?:face-up )?(?:cards|singles) in the loser'?s'? tableau")
#: "you both discard a card from your tableau", after a test of you and your ally
_BOTH_DISCARD = re.compile(r"(?:you both|you and your ally (?:both|each)) discard (?:a|one) (?:card|single) "
                           r"(?:from|in) your tableaus?")
#: "gain 15 RP and adds one of the cards revealed in the clash to his hand": the winner's second verb
_AND_TAKE = re.compile(r"(.+?),? and ((?:add|adds|put|puts|take|takes) .+)")


#: "buy the card you revealed in the clash for its STAR -2 (min. 0)" ("Buy from the Aftermarket": pay
#: its Star Rating, the card to your binder); the parenthesis is kept as the words "min 0"
_BUY = re.compile(r"buy (.+?) for its star rating(?: ?(?:-|\u2212|minus) ?(\d+))?(?:,? min(?:imum)? 0)?")


def read_early_t(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this module's shapes for ``clauses.read_clause``, asked before its own readings;
    ``None`` when not one."""
    taken = _take_revealed(text)
    if taken is not None:
        return taken
    m = _BUY.fullmatch(text)
    bought = _take_revealed(f"add {m.group(1)} to your binder") if m else None
    if m and bought:
        return [{**bought[0], "buy_less": int(m.group(2) or 0)}]
    m = _PUT_FROM_AFTERMARKET.fullmatch(text)
    if m:  # the Aftermarket's own reading (market_phrases), said with "put ... into"
        from rules.millennium_blades.market_phrases import _take_from_aftermarket

        return _take_from_aftermarket(f"take {m.group(1)} from the aftermarket to your {m.group(2)}")
    if _NEIGHBOURS.fullmatch(text):  # two clashes, one with each neighbour, the left one first
        return [{"op": "clash", "with": "opponent", "rival_side": "left"},
                {"op": "clash", "with": "opponent", "rival_side": "right"}]
    if re.fullmatch(r"(?:they|that player|that opponent) clash(?:es)? with you", text):
        if effect.get("trigger", {}).get("by") != "opponent":
            raise Unread(text, "a clash made by the opponent whose event triggered this")
        return [{"op": "clashed_by"}]
    m = re.fullmatch(r"may (.+)", text)
    if m:  # a result's verb "may": "the winner may flip ...", what "you may" is to the winner
        from rules.millennium_blades.clauses import read_clause

        what = m.group(1)
        loser = _LOSERS_CARD.fullmatch(what)
        if loser:  # batch i's reading: the card flipped by this effect, so "its STAR" after it is that card's
            what = f"flip {loser.group(1)} of the loser's cards of your choice"
        return read_clause(f"you may {what}", timing, effect, last)
    if re.fullmatch(r"choose an ally for (?:this|the) clash", text):  # "..., then clash with all players"
        return [{"op": "choose_player", "among": "opponent", "as": "ally"}]  # market_phrases' ally, said apart
    if _SWAP_LOSERS.fullmatch(text):  # one loser of your choice when several (batch i's choose_loser)
        return [{"op": "choose_loser"}, {"op": "swap_theirs"}]
    m = _BOTH_DISCARD.fullmatch(text)
    if m:  # you and your ally ("If you and your ally lost, ..."), each a face-up card of their own choice
        return [{"op": "discard_in_play", "target": {"player": "self_and_ally", "pick": "choice", "chooser": "owner",
                                                      "filter": {"face": "up"}}}]
    m = _BOTH.fullmatch(text)
    if m:  # each player of the clash just made does it as their own (no clash made: no one)
        from rules.millennium_blades.phrases_more_d import _verb, for_clash_players

        verb, _, rest = m.group(1).partition(" ")
        return [for_clash_players("participants", False, f"{_verb(verb)} {rest}", timing, effect)]
    m = _AND_TAKE.fullmatch(text)
    taken = _take_revealed(m.group(2)) if m else None
    if m and taken is not None:
        from rules.millennium_blades.clauses import read_clause

        return [*read_clause(m.group(1), timing, effect, last), *taken]
    return None


def read_event_t(text: str) -> dict | None:
    """"An opponent's turn ends": batch b's ``turn_end`` of another player's turn (its player is
    "that player", "they"); ``None`` when not one."""
    if re.fullmatch(r"(?:an opponent's|another player's) turn ends", text):
        return {"event": "turn_end", "by": "opponent"}
    return None


def read_condition_t(text: str) -> dict | None:
    """Whether you are one of the players of the clash just made (``in_clash``), and a win by a
    margin ("If you win by 5 or more": ``clash_margin``); ``None`` when not one."""
    if re.fullmatch(r"you (?:are|were) (?:one of the players|a player|a participant) in (?:the|that|this) clash"
                    r"|you (?:are|were) in (?:the|that|this) clash", text):
        return {"test": "in_clash"}
    m = re.fullmatch(rf"you (?:win|won)(?: (?:the|that|this) clash)? by ({NUMBER}) or more", text)
    if m:
        return {"test": "clash_margin", "min": number(m.group(1))}
    return None


#: "After the clash, add ...": what follows the clash the effect just made, once its result is known
_AFTER_THE_CLASH = re.compile(r"after (?:the|that|this) clash(?: (?:ends|is resolved|resolves))?, (.+)")
#: "If you win by 5 or more, ...": a result of the clash just made, by how much you won
_BY_MARGIN = re.compile(rf"if (you win(?: the clash)? by {NUMBER} or more), (.+)")


#: "If you win, flip a card in their tableau" (or "choose and flip"), "... a card of your choice that opponent
#: controls", after a clash with an opponent: a card of that opponent's; then perhaps "each other
#: player must flip a card of their choice": each player not in the clash flips one of their own
_WIN_FLIP_THEIRS = re.compile(r"if you win(?: the clash)?, (?:choose and )?flip (a card|a single)(?: of your choice)? "
                              r"(?:in their tableau|(?:that|the) opponent controls)"
                              r"(?:,? and each other player (?:must )?flips? a (card|single) of their choice)?")


def _win_flip_theirs(m: re.Match, clash: dict) -> None:
    """The ``win`` branch of ``clash`` for ``_WIN_FLIP_THEIRS``: the opponent's card chosen by you
    (``for_clash_players`` participants but you, as that player), then ``outside_clash`` flips."""
    flip = {"op": "flip", "target": {"player": "that_player", "pick": "choice", "filter": {"face": "up"}}}
    branch: list[dict] = [{"op": "for_clash_players", "players": "participants", "but_self": True, "as": "that_player",
                           "ops": [flip]}]
    if m.group(2):
        own = {"op": "flip", "target": {"player": "self", "pick": "choice", "filter": {"face": "up"}}}
        branch.append({"op": "outside_clash", "ops": [own]})
    clash.setdefault("win", []).extend(branch)


def read_sentence_t(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence about the clash just before it in the effect, for ``text._sentences``; False when
    not one."""
    from rules.millennium_blades.text import clauses

    clash = any(o["op"] == "clash" and o["with"] != "aftermarket" for o in ops)
    sides = [o for o in ops if o["op"] == "clash" and "rival_side" in o]
    m = _EACH_RESULT.fullmatch(s)
    if m and len(sides) == 2:  # the result of each of the two clashes with your neighbours
        from rules.millennium_blades.phrases_more_d import _verb

        for clash_op in sides:
            key = "winner" if m.group(1) == "winner" else "losers"
            clash_op.setdefault(key, []).extend(clauses(f"{_verb(m.group(2))} {m.group(3)}", timing, effect))
        return True
    m = _WIN_FLIP_THEIRS.fullmatch(s)
    if m:
        last = ops[-1] if ops else None
        if not (last and last["op"] == "clash" and last["with"] == "opponent"):
            raise Unread(s, "their card, after a clash with an opponent")
        _win_flip_theirs(m, last)
        return True
    m = _AFTER_THE_CLASH.fullmatch(s)
    if m:
        if not clash:
            raise Unread(s, "a sentence after a clash the effect makes just before")
        ops += clauses(m.group(1), timing, effect)  # the clash's results resolve first (clash.py)
        return True
    m = _BY_MARGIN.fullmatch(s)
    if m:
        if not clash:
            raise Unread(s, "a margin of a clash the effect makes just before")
        from rules.millennium_blades.conditions import read_condition

        ops.append({"op": "if", "condition": read_condition(m.group(1)), "then": clauses(m.group(2), timing, effect)})
        return True
    return False


__all__ = ["read_condition_t", "read_early_t", "read_event_t", "read_sentence_t", "reword_t"]
