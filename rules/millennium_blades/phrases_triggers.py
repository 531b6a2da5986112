"""More shapes of printed text, batch "triggers" (issue 26.2): new trigger events and the choices
other players make. Events: a card put into the Aftermarket, a Play effect activated, Dollars gained
or spent; choices: each player in turn (from your left) picks one of two options, each other player
may lose RP or else do something, RP exchanged with the richest (poorest) player
(millennium-blades.txt, "Effects on Cards", "Aftermarket Space", "Ranking Points"; docs/rules-notes.md,
"MB: triggers"). ``phrases.read_event``, ``text._sentences`` and ``clauses.read_clause`` ask these
readers once their own grammar has no reading; each returns ``None`` (False) when it has none either.
The engine side is ``ops_triggers.py``.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import MULTIPLE, NUMBER, Unread, card_phrase, number

_BY = {"you": "self", "an opponent": "opponent", "a player": "any", "any player": "any", "another player": "opponent"}
_BY_RE = "|".join(sorted(map(re.escape, _BY), key=len, reverse=True))
#: "a card is placed into the Aftermarket", "one or more FIRE cards are added to the Aftermarket"
_TO_AFTERMARKET = re.compile(r"(?:one or more )?(.+?) (?:is|are) (?:placed|put|added|discarded|moved) "
                             r"(?:in|into|to|onto) the aftermarket")
#: "a player activates a Play effect", "an opponent uses a Play effect"
_PLAY_EFFECT = re.compile(rf"({_BY_RE}) (?:activates?|uses?|resolves?) an? play effects?")
#: "you gain or spend Dollars", "you spend one or more Dollars", "you gain Dollars"
_MONEY = re.compile(r"you (gain or spend|spend or gain|gain|spend) (?:one or more |any )?dollars?")
#: "one of your cards is flipped by any effect": by anyone; "by an effect you control or to pay the cost of
#: an Action or a Reaction": by you (the costs of your Actions and Reactions are flips you make: resolve.py)
_FLIPPED_BY = re.compile(r"(.+?) (?:is|are) flipped by (any effect|an effect you control or (?:to pay|as) the cost of "
                         r"(?:an action or (?:a )?reaction|a reaction or (?:an )?action))")
#: "the next player to gain RP (in the tournament)": the first gain of RP heard, by anyone
_NEXT_GAINER = re.compile(r"the next player (?:to gain|gains) (?:rp|ranking points)(?: in (?:the|this) tournament)?")
#: "if the next player to gain RP isn't you, ...": that first gain's player, then the test of who it is
_IF_NEXT_GAINER = re.compile(r"^if (the next player to gain (?:rp|ranking points)(?: in (?:the|this) tournament)?) "
                             r"(isn't|is not|is) you, ")
#: "an opponent would play a card": before its Play effects resolve
_WOULD_PLAY = re.compile(rf"({_BY_RE}) would play (.+)")
#: "you use an Action that does not cause a clash"
_NO_CLASH_ACTION = re.compile(r"you use an action that (?:does not|doesn't|did not|didn't) (?:cause|start|lead to) a clash")
_MONEY_EVENTS = {"gain or spend": "money_moved", "spend or gain": "money_moved", "gain": "money_gained",
                 "spend": "money_spent"}


def read_event_triggers(text: str) -> dict | None:
    """A TRIGGER for ``phrases.read_event``: ``to_aftermarket`` (a card put into the Aftermarket by
    any player or rule, with the card's FILTER), ``play_effect`` (a Play effect activated; by: whose),
    ``money_gained`` / ``money_spent`` / ``money_moved`` (your Dollars; "that much" is the amount);
    ``None`` when not one."""
    m = _TO_AFTERMARKET.fullmatch(text)
    if m:
        flt, _zone, rest = card_phrase(re.sub(r"^(?:cards|singles)\b", lambda w: f"a {w.group(0)[:-1]}", m.group(1)))
        if rest:
            raise Unread(rest, "after the card put into the Aftermarket")
        flt.pop("face", None)
        return {"event": "to_aftermarket", "by": "any", **({"filter": flt} if flt else {})}
    m = _PLAY_EFFECT.fullmatch(text)
    if m:
        return {"event": "play_effect", "by": _BY[m.group(1)]}
    m = _MONEY.fullmatch(text)
    if m:
        return {"event": _MONEY_EVENTS[m.group(1)], "by": "self"}
    m = _WOULD_PLAY.fullmatch(text)
    if m:  # heard as the card comes into play, before its Play effects (ops_triggers.would_play_heard)
        flt, _zone, rest = card_phrase(m.group(2))
        if rest:
            raise Unread(rest, "after the card that would be played")
        flt.pop("face", None)
        return {"event": "would_play", "by": _BY[m.group(1)], **({"filter": flt} if flt else {})}
    if _NEXT_GAINER.fullmatch(text):  # once: the first gain it hears (ops_triggers.once_left)
        return {"event": "gained_rp", "by": "any", "only_next": True}
    if _NO_CLASH_ACTION.fullmatch(text):  # heard once the Action is done (ops_triggers.no_clash_gate)
        return {"event": "action_no_clash", "by": "self"}
    m = _FLIPPED_BY.fullmatch(text)
    if m:  # the core "flipped" trigger, by anyone or by you
        from rules.millennium_blades.phrases import read_event

        by = "" if m.group(2) == "any effect" else " by one of your effects"
        return read_event(f"{m.group(1)} is flipped{by}")
    return None


#: "whenever this card wins a clash, gain twice its STAR in RP": the card is the subject, "its" is it
_THIS_WINS = re.compile(r"^(whenever|when) this (?:card|single) wins a clash, ([^.]*)")


def reword_triggers(text: str) -> str:
    """"After a card is added to the Aftermarket, ..." is "When ...": a Reaction (or Ongoing effect)
    after the event, as every trigger is heard once the thing happened. "Each time this card wins a
    clash" is "you win a clash with this card" (the card its player clashed with: "Clashing"), and
    "its STAR" in that sentence is this card's: the card is the sentence's subject."""
    m = _IF_NEXT_GAINER.match(text)
    if m:  # "If the next player to gain RP isn't you, X": when that gain comes, X if they are not you
        said = "isn't" if m.group(2) != "is" else "is"
        text = f"when {m.group(1)}, if that player {said} you, {text[m.end():]}"
    m = _THIS_WINS.match(text)
    if m:
        rest = re.sub(r"\bits star rating\b", "this card's star rating", m.group(2))
        text = f"{m.group(1)} you win a clash with this card, {rest}{text[m.end():]}"
    return re.sub(r"^after ((?:one or more |a |an )[^,]*? (?:is|are) (?:placed|put|added|discarded) (?:in|into|to|onto) "
                  r"the aftermarket), ", r"when \1, ", text)


#: "gain twice that much RP" after Dollars gained or spent
_THAT_MUCH = re.compile(rf"(?:you )?(?:also )?gain (?:({MULTIPLE}) )?(?:that much|that many|the same amount of) "
                        r"(?:rp|ranking points)")
#: "gain RP equal to the combined STAR of 5 cards of your choice in the Aftermarket"
_BEST_OF = re.compile(rf"gain (?:rp|ranking points) equal to the combined star rating of ({NUMBER}) cards of your "
                      r"choice (?:in|from) the aftermarket")
#: "(you may) either add it to your hand or gain 5 RP" after a card put into the Aftermarket
_EITHER = re.compile(r"either (.+?),? or (.+)")
_TAKE_IT = re.compile(r"(?:add|put|take) (?:it|that card) (?:in)?to your hand")
#: "each opponent may lose 8 RP" and what a player who cannot or will not does instead
_EACH_MAY = re.compile(rf"(each other player|each opponent|all other players) may lose ({NUMBER}) (?:rp|ranking points)")
_IF_NOT = re.compile(r"if (?:any|a) player (?:cannot|can't|does not|doesn't) or chooses not to, (?:that player|they) (.+)")
#: "starting to your left and going clockwise, each player chooses one of the following: A; or B"
_FROM_LEFT = re.compile(r"starting (?:to|on|with the player to) your left and (?:going|moving) (?:clockwise|left), "
                        r"each player chooses one of the following: (.+?);? or (.+)")
#: "swap RP totals with the player with the least RP"
_EXCHANGE = re.compile(r"(?:exchange|swap|trade) (?:your )?(?:rp|ranking points|rp totals?) with the player (?:who has|with) "
                       r"the (most|least|fewest)(?: rp| ranking points)?")
_MONEY_TRIGGERS = ("money_gained", "money_spent", "money_moved")
#: "the next time you score RP this turn, score that many RP again, up to 30 RP"
_ECHO = re.compile(rf"the next time you (?:score|gain) (?:rp|ranking points) this turn, (?:score|gain) that (?:many|much) "
                   rf"(?:rp|ranking points) again(?:,? up to ({NUMBER}) (?:rp|ranking points))?")
#: "remove a +1 STAR Token from this card to clash with an opponent": a cost, then what it pays for
_TOKEN_TO = re.compile(rf"(remove (?:{NUMBER}|all) \+1 star tokens? from this (?:card|single)) to (.+)")
#: "(you) gain an additional Action this turn" outside an Action (in one: batch g's extra_action)
_MORE_ACTION = re.compile(r"(?:you )?(?:gain|get|take|may take) (?:an additional|another|an extra|one more) action this turn")


#: "negate that card's Play effects", said of the card about to be played
_NEGATE = re.compile(r"(?:negate|cancel|counter) (?:that card's|its|the card's) play effects?")


def read_clause_triggers(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause for ``clauses.read_clause``: one more Action this turn, said in a triggered (Top,
    Ongoing, Reaction) effect (``bonus_action``: the turn's Action given back if used, else one kept
    for after it); ``None`` otherwise (in a Play effect it stays unread: batch g's test pins it)."""
    if _MORE_ACTION.fullmatch(text) and timing in ("top", "ongoing", "reaction"):
        return [{"op": "bonus_action"}]
    if _NEGATE.fullmatch(text) and effect.get("trigger", {}).get("event") == "would_play":
        return [{"op": "negate_play"}]
    return None
#: "each opponent may choose one effect to perform: gain 8 RP, the top card of the Store, or ..."
_MAY_CHOOSE = re.compile(r"(each opponent|each other player|all other players|each player) (may|must) choose one "
                         r"(?:effect|option|of the following)(?: to perform)?: (.+)")
#: "you perform all three effects": the effect's player does every option, in order
_ALL_OF_THEM = re.compile(rf"(?:then )?you (?:perform|do|get) (?:all|each) (?:({NUMBER}) |of the |the )?"
                          r"(?:effects|options|of them)")
_VERB = re.compile(r"(gain|lose|flip|discard|draw|add|put|take) ")


def read_sentence_triggers(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks this module about; False when ``s`` is none of these."""
    event = effect.get("trigger", {}).get("event")
    m = _THAT_MUCH.fullmatch(s)
    if m and event in _MONEY_TRIGGERS:  # the Dollars gained or spent (ops_triggers: money_moved)
        ops.append({"op": "gain_rp", "amount": number(m.group(1)) if m.group(1) else 1, "per": {"count": "money_moved"}})
        return True
    m = _BEST_OF.fullmatch(s)
    if m:  # the best the player can choose: the highest Star Ratings (rules notes, "MB: triggers")
        ops.append({"op": "gain_rp", "amount": 1, "per": {"count": "aftermarket_best", "cards": number(m.group(1))}})
        return True
    m = _EITHER.fullmatch(s)
    if m and event == "to_aftermarket":
        ops.append({"op": "either", "who": "self", "options": [_option(m.group(i), timing, effect) for i in (1, 2)]})
        return True
    m = _EACH_MAY.fullmatch(s)
    if m:
        who = "each_other"  # (the players other than you: opponents, in the grammar's words)
        ops.append({"op": "each_chooses", "who": who, "start": "left",
                    "options": [[{"op": "lose_rp", "amount": number(m.group(2))}], [{"op": "pass_option"}]]})
        return True
    m = _IF_NOT.fullmatch(s)
    if m and ops and ops[-1]["op"] == "each_chooses" and ops[-1]["options"][1] == [{"op": "pass_option"}]:
        ops[-1]["options"][1] = _their_option(m.group(1), timing, effect)
        return True
    m = _FROM_LEFT.fullmatch(s)
    if m:
        ops.append({"op": "each_chooses", "who": "each", "start": "left",
                    "options": [_both_option(m.group(i)) for i in (1, 2)]})
        return True
    m = _MAY_CHOOSE.fullmatch(s)
    if m:
        options = _listed_options(m.group(3), timing, effect)
        if m.group(2) == "may":
            options.append([{"op": "pass_option"}])
        who = "each" if m.group(1) == "each player" else "each_other"
        ops.append({"op": "each_chooses", "who": who, "start": "left", "options": options})
        return True
    m = _ALL_OF_THEM.fullmatch(s)
    if m and ops and ops[-1]["op"] == "each_chooses":
        done = [o for o in ops[-1]["options"] if o != [{"op": "pass_option"}]]
        if m.group(1) and number(m.group(1)) != len(done):
            raise Unread(s, "as many effects as the options before")
        ops.extend(op for option in done for op in option)
        return True
    m = _ECHO.fullmatch(s)
    if m:  # armed now, done by the next gain of RP (ops_triggers.echo_gain)
        ops.append({"op": "echo_next_gain", **({"max": number(m.group(1))} if m.group(1) else {})})
        return True
    m = _TOKEN_TO.fullmatch(s)
    if m:  # "remove a token from this card to clash": the clash only if a token was removed
        from rules.millennium_blades.clauses import read_clause  # clauses asks this module

        removed = read_clause(m.group(1), timing, effect, {"ref": None})
        ops.extend([*removed, {"op": "if", "condition": {"test": "did"},
                               "then": read_clause(m.group(2), timing, effect, {"ref": None})}])
        return True
    m = _EXCHANGE.fullmatch(s)
    if m:
        ops.append({"op": "exchange_rp", "with": "most" if m.group(1) == "most" else "least"})
        return True
    return False


def _option(text: str, timing: str, effect: dict) -> list[dict]:
    """One option of "either ... or ...": "add it to your hand" (the card put into the Aftermarket),
    else a clause of the card's grammar."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    if _TAKE_IT.fullmatch(text):
        return [{"op": "take", "card": "revealed", "to": "hand"}]
    return read_clause(text, timing, effect, {"ref": None})


def _listed_options(text: str, timing: str, effect: dict) -> list[list[dict]]:
    """"gain 8 RP, the top card of the Store, or a card from the Aftermarket": options split at
    commas and "or"; one without a verb shares the first one's ("gain"); "gain a card from the
    Aftermarket" is taking it into your hand, as "gain the top card of the Store" is."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    parts = [p for p in re.split(r",? or |, ", text) if p]
    first = _VERB.match(parts[0])
    if len(parts) < 2 or first is None:
        raise Unread(text, "a list of options")
    options = []
    for part in parts:
        part = part if _VERB.match(part) else f"{first.group(1)} {part}"
        part = re.sub(rf"^gain ({NUMBER} cards?) from the aftermarket$", r"add \1 from the aftermarket to your hand", part)
        options.append(read_clause(part, timing, effect, {"ref": None}))
    return options


def _their_option(text: str, timing: str, effect: dict) -> list[dict]:
    """What a player who does not take the first option does, said of them ("flips a card in their
    tableau"), read as their own act, in the chooser's words (op_either runs it as theirs)."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    m = re.fullmatch(r"(flip|discard|lose|gain)s? (.+)", re.sub(r"^must ", "", text))
    if m is None:
        raise Unread(text, "what a player who did not choose the first option does")
    rest = re.sub(r"\b(?:their|his or her) (tableau|hand)\b", r"your \1", m.group(2))
    return read_clause(f"{m.group(1)} {rest}", timing, effect, {"ref": None})


#: one side of a two-player option: "you gain 4 Dollars", "that player gains 10 RP"
_SIDE = re.compile(rf"(you|that player) gains? ({NUMBER}) (dollars?|rp|ranking points)")


def _both_option(text: str) -> list[dict]:
    """An option chosen by "each player" in turn: "you gain 4 Dollars and that player gains 10 RP"
    (run as the chooser's: "that player" is the chooser, "you" this effect's player, who is
    ``that_player`` in op_either's option frame), or "neither of you gains anything"."""
    if re.fullmatch(r"neither of you gains? anything|nothing happens|nobody gains anything", text):
        return [{"op": "pass_option"}]
    ops = []
    for part in re.split(r",? and ", text):
        m = _SIDE.fullmatch(part)
        if m is None:
            raise Unread(part, "one player's part of an option")
        op = {"op": "gain_money" if m.group(3).startswith("dollar") else "gain_rp", "amount": number(m.group(2))}
        ops.append({**op, "who": "that_player"} if m.group(1) == "you" else op)
    return ops


def read_condition_triggers(text: str) -> dict | None:
    """A CONDITION for ``conditions.read_condition``: "that player is (isn't) you" (``that_player``,
    the player the trigger or choice is about); ``None`` otherwise."""
    m = re.fullmatch(r"that player (is|isn't|is not) you", text)
    if m is None:
        return None
    cond = {"test": "that_player", "is": "self"}
    return cond if m.group(1) == "is" else {"test": "not", "of": cond}


__all__ = ["read_clause_triggers", "read_condition_triggers", "read_event_triggers", "read_sentence_triggers", "reword_triggers"]
