"""Phrases of the Store, the Aftermarket, allies and clash variants, and the few conditions and
counts they use (issue 26.2): each ``read_*`` here is the fallback its namesake in clauses.py,
conditions.py, phrases.py or text.py tries before it gives up, and returns ``None`` for words that
are not its own. The engine side is ``market.py``; docs/effects-millennium-blades.md, "The Store,
the Aftermarket and clash variants", documents every shape with an original example."""

from __future__ import annotations

import re
from contextvars import ContextVar

from rules.millennium_blades.phrases import MULTIPLE, NUMBER, THAT_CARD, Unread, card_phrase, number

_RP = r"(?:rp|ranking points?)"
#: what the ability's "Choose a SET" (TYPE, ...) chose, while it is read: "that SET" names it
CHOSEN: ContextVar[str] = ContextVar("CHOSEN", default="")
_THAT_VALUE = (r" (?:from|of) that (?:set|type or element|type|element)| that (?:has|have) that (?:type or element|"
               r"type|element)| with star(?: rating)? equal to that number")


def _chosen(text: str) -> str:
    """Card words with "that SET" ("of that TYPE", "with STAR equal to that number") moved to a
    ``chosen`` marker the card phrase reads."""
    return re.sub(_THAT_VALUE, " of the chosen kind", text)
_STORE = r"(?:the store(?: deck)?)"
_AFTERMARKET = r"(?:the aftermarket)"
#: who an ally clause names ("Choose an ally for this clash"): WHO words of the effect language
ALLY_WHO = {"your ally": "ally", "you both": "self_and_ally", "you and your ally": "self_and_ally",
            "each other player except your ally": "others_but_ally"}
_ALLY_RE = "|".join(sorted(map(re.escape, ALLY_WHO), key=len, reverse=True))
#: where a card taken from the Aftermarket goes
TAKE_TO = {"your hand": "hand", "your binder": "binder", "the bottom of the store": "store_bottom",
           "the bottom of the store deck": "store_bottom"}
_TAKE_TO_RE = "|".join(sorted(map(re.escape, TAKE_TO), key=len, reverse=True))


def sentence_wording(s: str, ops: list[dict]) -> str:
    """A sentence in the grammar's words: "his tableau" is "their tableau"; in a clash result,
    "each player who lost" is "each loser", and "their tableau" is the winner's or loser's own,
    whose effect the result is ("The loser must flip the highest STAR card in their tableau")."""
    s = re.sub(r"\b(?:his or her|his|her) tableau\b", "their tableau", s)
    s = re.sub(r"\bone of your (?:cards|singles) in your tableau\b", "a card in your tableau", s)
    # "a card ... with a SET that matches the SET of your Top Card": a FILTER (read_market_filter)
    s = re.sub(r"\b(cards?|singles?)( in their tableau)? with an? (set|type|element|star rating|star) that matches "
               r"(?:the )?\3 of your top card\b", lambda m: f"{m.group(1)} matching your top card's "
               f"{m.group(3).split()[0]}{m.group(2) or ''}", s)
    from rules.millennium_blades.phrases_more_q import sentence_wording_q

    s = sentence_wording_q(s, ops)  # "their hand" after a player chosen, "the same SET" (phrases_more_q.py)
    if not any(op["op"] == "clash" for op in ops):
        return s
    s = re.sub(r"\beach player who lost(?: the clash)?\b", "each loser", s)
    s = re.sub(r"\bthe winner of the clash\b", "the winner", s)
    s = re.sub(r"^(each loser|every loser|the losers?|the winner) must (flip|gain|lose|discard)\b", r"\1 \2s", s)
    if re.match(r"(?:the winner|the losers?|each loser|every loser)\b", s):
        s = re.sub(r"\bthe (highest|lowest) star(?: rating)? card in their tableau\b", r"your \1 star card", s)
        s = s.replace(" in their tableau", " in your tableau")
    return s


# -- sentences that lean on the one before ---------------------------------------------------------
def read_market_sentence(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence that changes the ops before it (``ops``) or reorders itself; True when read."""
    from rules.millennium_blades.text import clauses

    last = ops[-1] if ops else None
    m = re.fullmatch(r"otherwise,? (.+)", s)
    if m:
        if last and last["op"] == "if" and "else" not in last:
            last["else"] = clauses(m.group(1), timing, effect)
            return True
        if last and last["op"] == "clash" and "win" in last and "lose" not in last:
            # "If you win, ... Otherwise, ...": a loss or a tie ("Clashing": in a tie nobody wins)
            last["lose"] = clauses(m.group(1), timing, effect)
            last["tie"] = list(last["lose"])
            return True
        if last and last["op"] == "clash" and "tie" in last and re.match(r"the (?:winner|losers?)\b", m.group(1)):
            return False  # "If there is a tie, ... Otherwise, the winner ...": a result (text._clash_branches)
        raise Unread(s, "an 'otherwise' with no 'if' before it")
    if re.fullmatch(r"(?:they|that player|the opponent) must use a card of your choice in their tableau for the clash", s):
        if not (last and last["op"] == "clash" and last["with"] == "opponent"):
            raise Unread(s, "the card an opponent clashes with, with no clash with an opponent")
        last["their_card"] = "chosen"
        return True
    m = re.fullmatch(rf"for each player's hand that contains that card, they discard it,? and you gain ({NUMBER}) {_RP}"
                     rf"(?:,? up to ({NUMBER}) {_RP})?", s)
    if m and THAT_CARD.get() == "named":  # one copy from each hand that holds one; RP per such player
        gain = {"op": "gain_rp", "amount": number(m.group(1)), "per": {"count": "players_discarded"}}
        ops += [{"op": "discard_named", "who": "each", "all": False},
                {**gain, "max": number(m.group(2))} if m.group(2) else gain]
        return True
    m = re.fullmatch(r"(?:its owner|that player|they) must either (.+?),? or (.+)", s)
    if m:  # the player chooses one; "you" in an option is still the effect's player (rules notes)
        ops.append({"op": "either", "who": "that_player",
                    "options": [_option(m.group(1), timing, effect), _option(m.group(2), timing, effect)]})
        return True
    m = re.fullmatch(r"(each player|every player|all players|each other player|each opponent)(?: with (.+?) in their "
                     r"tableaus?)? (gains?|loses?) (.+)", s)
    if m and (m.group(2) or "their tableau" in m.group(4)):  # each counts their own tableau
        ops.append(_as_each(m.group(1), m.group(2), f"{m.group(3).rstrip('s')} {m.group(4)}", timing, effect))
        return True
    m = re.fullmatch(r"flip (two|three|[2-9]) (.+?) in your tableau", s)
    if m:  # "Flip 2 DARK cards in your tableau. If you did, ...": all of them, or "you did" not
        flt, _zone, rest = card_phrase(f"a {re.sub(r's$', '', m.group(2))}")
        if rest or flt.get("where"):
            raise Unread(m.group(2), "the cards flipped")
        ops.append({"op": "flip_n", "amount": number(m.group(1)), **({"filter": flt} if flt else {})})
        return True
    if re.fullmatch(r"flip any number of (?:face-up )?cards in your tableau", s):  # the verb's own reader
        ops.append({"op": "flip_any"})  # would read "any number of" as a card
        return True
    if re.fullmatch(r"reveal any number of cards from your hand", s):
        ops.append({"op": "reveal_any"})
        return True
    taken = _take_from_aftermarket(re.sub(r"^you may ", "", s))
    if taken is not None:  # "Choose a card in the Aftermarket and put it on the bottom of the Store"
        if s.startswith("you may "):
            effect["optional"] = True
        ops += taken
        return True
    if s == "if you do, this card is flipped after the clash ends" and effect.get("trigger", {}).get(
            "event") == "clash_card":  # what the clash does with it (clash.py)
        return True
    if s == "this effect cannot be used during scoring" and effect.get("trigger", {}).get("event") == "would_lose_rp":
        for op in ops:
            op["not_scoring"] = True
        return True
    if s == "this effect cannot be reacted to":
        _no_reaction(ops)
        return True
    if re.fullmatch(r"both players use (?:the|their) lowest star(?: rating)? card(?: in their tableaus?)?(?: in this clash)?",
                    s) and last and last["op"] == "clash" and last["with"] != "aftermarket":
        last["use"] = "lowest"  # the card each clashes with ("Clashing": otherwise the Top Card)
        return True
    m = re.fullmatch(r"the winner (flips?|puts?|steals?|discards?) (.+)", s)
    if m and last and last["op"] == "clash":
        verb = m.group(1) if not m.group(1).endswith("s") else m.group(1)[:-1]
        rest = re.sub(r"\band (gain|lose|flip|put)s\b", r"and \1", m.group(2))  # "... and gains 20 RP"
        last.setdefault("winner", []).extend(clauses(f"{verb} {rest}", timing, effect))
        return True
    m = re.fullmatch(rf"for each (.+?), ((?:gain|lose) ({NUMBER}) {_RP}(?:.*))", s)
    if m:  # "For each card in the Aftermarket, gain 2 RP": the count printed first
        ops += _per_first(m.group(2), m.group(1), timing, effect)
        return True
    return False


_EACH = {"each player": "each", "every player": "each", "all players": "each", "each other player": "each_other",
         "each opponent": "each_opponent"}


def _as_each(who: str, having: str | None, text: str, timing: str, effect: dict) -> dict:
    """"Each other player with a LIGHT card in their tableau gains 10 RP": each of them, as their
    own effect ("their tableau" is theirs), if they have such a card."""
    from rules.millennium_blades.text import clauses

    ops = clauses(re.sub(r"\btheir tableaus?\b", "your tableau", text), timing, effect)
    from rules.millennium_blades.phrases_more_l import having_count_l

    counted = having_count_l(having) if having else None  # "with exactly three face-down cards" (phrases_more_l)
    if counted:
        ops = [{"op": "if", "condition": counted, "then": ops}]
    elif having:
        flt, zone, rest = card_phrase(re.sub(r"^at least one ", "a ", having))
        if rest or zone != "tableau":
            raise Unread(having, "what each player has in their tableau")
        ops = [{"op": "if", "condition": {"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": flt},
                                          "cmp": ">=", "value": 1}, "then": ops}]
    return {"op": "as_each", "who": _EACH[who], "ops": ops}


def _option(text: str, timing: str, effect: dict) -> list[dict]:
    """One option of "must either ... or ...", read as what the choosing player does."""
    from rules.millennium_blades.text import clauses

    m = re.fullmatch(rf"give you ({NUMBER}) {_RP}", text)
    if m:  # they lose it and you gain what they lost, as a steal (rules notes, "Stealing RP")
        return [{"op": "steal_rp", "amount": number(m.group(1)), "who": "self", "thief": "that_player"}]
    if re.fullmatch(r"play (?:that card|it|the revealed card),? ignoring (?:all )?(?:its )?play effects", text):
        if THAT_CARD.get() != "revealed":
            raise Unread(text, "the card played")
        return [{"op": "put_in_play", "card": "revealed"}]
    ops = clauses(text, timing, effect)
    for op in ops:  # "add the card to your hand": "your" is the effect's player, not the chooser
        if op["op"] == "take":
            op["who"] = "that_player"
    return ops


def _no_reaction(ops: list[dict]) -> None:
    """"This effect cannot be reacted to": its flips offer no Reaction."""
    for op in ops:
        if op["op"] == "flip":
            op["no_reaction"] = True
        for branch in ("then", "else", "win", "lose", "tie", "winner", "losers"):
            _no_reaction(op.get(branch, []))
        for option in op.get("options", []):
            _no_reaction(option)


def _per_first(gain: str, per: str, timing: str, effect: dict) -> list[dict]:
    from rules.millennium_blades.text import clauses

    m = re.fullmatch(rf"((?:gain|lose) {NUMBER} {_RP})(.*)", gain)
    if not m:
        raise Unread(gain, "an amount of RP")
    return clauses(f"{m.group(1)} for each {per}{m.group(2)}", timing, effect)


# -- clauses ---------------------------------------------------------------------------------------
def read_market_clause(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """One clause of the Store, the Aftermarket, an ally or a clash variant; None if not one."""
    from rules.millennium_blades.clauses import read_clause

    if re.fullmatch(r"(?:you may )?use this card instead of your top card to clash", text) and effect.get(
            "trigger", {}).get("event") == "clash":
        effect["trigger"] = {"event": "clash_card"}  # asked as the clash starts (clash.py)
        return [{"op": "clash_outcome", "as": "this_card"}]
    m = re.fullmatch(r"(?:you are considered to win(?: the clash| that clash)?|you (?:don't|do not) lose(?: the clash| "
                     r"that clash)?|ignore the results and repeat the clash)(?: instead)?", text)
    if m and effect.get("trigger", {}).get("event") == "would_lose_clash":
        how = "win" if "win" in text else "repeat" if "repeat" in text else "not_lose"
        return [{"op": "clash_outcome", "as": how}]
    m = re.fullmatch(r"choose an? (set|type|element|type or element|element or type|number)", text)
    if m:  # the value "that SET" (TYPE, ...) names after it
        CHOSEN.set(m.group(1) if " or " not in m.group(1) else "type_or_element")
        return [{"op": "choose_value", "what": CHOSEN.get()}]
    m = re.fullmatch(r"(?:you )?(?:gain that much rp instead|lose (\d+) less rp)", text)
    if m and effect.get("trigger", {}).get("event") == "would_lose_rp":
        return [{"op": "rp_loss_outcome", "as": "less", "amount": int(m.group(1))} if m.group(1) else
                {"op": "rp_loss_outcome", "as": "gain"}]
    if re.fullmatch(r"(?:discard|return) this (?:card|single|accessory|deck box)(?: from your tableau)?(?: to (?:your|its "
                    r"owner's) binder)?", text) and (text.startswith("discard") or "binder" in text):
        return [{"op": "discard_self"}]  # "Discard a Card": "to the owner's Binder"
    if text == "name a card":
        THAT_CARD.set("named")  # "Each opponent must discard all copies of that card"
        return [{"op": "name_card"}]
    m = re.fullmatch(r"(each opponent|each player|each other player|all other players|all players) discards? (all|any) "
                     r"copies of (?:that card|the named card|the card you named)", text)
    if m and THAT_CARD.get() == "named":
        who = {"each opponent": "each_opponent", "each other player": "each_opponent",
               "all other players": "each_opponent"}.get(m.group(1), "each")
        return [{"op": "discard_named", "who": who, "all": True}]
    m = re.fullmatch(r"choose (a|one|another) (single|card|face-up card|face-up single)(?: in any tableau)?", text)
    if m:  # any face-up single of any tableau ("Flip a Card": effects target face-up cards); another: not this one (v)
        THAT_CARD.set("chosen")
        flt = {"face": "up", **({"where": "other"} if m.group(1) == "another" else {})}
        return [{"op": "choose_card", "target": {"player": "any", "pick": "choice", "filter": flt}}]
    m = re.fullmatch(r"the player who flipped this(?: card)? (gains?|loses?) (.+)", text)
    if m:  # a Flip effect's "that player": whose effect flipped it
        ops = read_clause(f"{m.group(1).rstrip('s')} {m.group(2)}", timing, effect, last)
        return [{**op, "who": "that_player"} for op in ops]
    if re.fullmatch(r"choose an ally for this clash,? then all players clash", text):
        # an opponent who is on your side in this clash (rules notes, "An ally for a clash")
        return [{"op": "choose_player", "among": "opponent", "as": "ally"}, {"op": "clash", "with": "all"}]
    if re.fullmatch(rf"clash with a card (?:in|from) {_AFTERMARKET}", text):
        THAT_CARD.set("clashed")  # "If you win, add the card to your hand"
        return [{"op": "clash", "with": "aftermarket"}]
    m = re.fullmatch(r"that player steals (.+?) from you(.*)", text)
    if m:  # the Flip effect's "that player": whose effect flipped it; you lose, they gain (rules notes)
        from rules.millennium_blades.clauses import _points

        op = _points(f"gain {m.group(1)}{m.group(2)}")
        return [{**op, "op": "steal_rp", "who": "self", "thief": "that_player"}]
    m = re.fullmatch(rf"(?:add|put|place) the top (?:({NUMBER}) cards?|card) of {_STORE} (?:to|into|in|onto) {_AFTERMARKET}",
                     text)
    if m:  # "Aftermarket Space": over 12 cards, the Aftermarket is discarded first
        return [{"op": "store_to_aftermarket", "amount": number(m.group(1)) if m.group(1) else 1}]
    if re.fullmatch(rf"discard all cards (?:from|in) {_AFTERMARKET}", text):
        return [{"op": "clear_aftermarket"}]
    taken = _take_from_aftermarket(text)
    if taken is not None:
        return taken
    m = re.fullmatch(r"(add|put) (the card|that card|it) (?:to|into) your hand", text)
    if m and THAT_CARD.get() in ("clashed", "revealed"):  # a card in the Aftermarket ("Aftermarket Space")
        return [{"op": "take", "card": THAT_CARD.get(), "to": "hand"}]
    if re.fullmatch(r"discard (?:that|the) card", text) and THAT_CARD.get() == "clashed":
        return [{"op": "take", "card": "clashed", "to": "store_discard"}]
    m = re.fullmatch(rf"(gain|lose) rp equal to (?:({MULTIPLE}) )?their combined star rating(?:,? up to ({NUMBER}) {_RP})?",
                     text)
    if m:  # the cards the effect just moved ("those": added to the Aftermarket, swapped)
        op = {"op": f"{m.group(1)}_rp", "amount": number(m.group(2)) if m.group(2) else 1, "per": {"count": "those_stars"}}
        return [{**op, "max": number(m.group(3))}] if m.group(3) else [op]
    m = re.fullmatch(rf"(gain|lose) rp equal to (?:({MULTIPLE}) )?the star rating of ((?:all|both|each) .+)", text)
    if m:  # "the STAR of all cards adjacent to this one": their Star Ratings added up ("CARD DATA")
        from rules.millennium_blades.clauses import _combined
        from rules.millennium_blades.phrases import read_count

        return [{"op": f"{m.group(1)}_rp", "amount": number(m.group(2)) if m.group(2) else 1,
                 "per": _combined(read_count(re.sub(r"^(?:all|both|each) ", "", m.group(3))))}]
    m = re.fullmatch(rf"(gain|lose) rp equal to (?:({MULTIPLE}) )?the highest star(?: rating)? (?:flipped by this effect|"
                     r"of the cards flipped this way)", text)
    if m:  # the highest Star Rating among the cards this effect flipped, as they were
        return [{"op": f"{m.group(1)}_rp", "amount": number(m.group(2)) if m.group(2) else 1,
                 "per": {"count": "highest_flipped"}}]
    m = re.fullmatch(rf"(gain|lose) ({NUMBER}) (?:more|additional) ({_RP}.*)", text)
    if m:  # "gain 5 more RP": as many more as it says
        return read_clause(f"{m.group(1)} {m.group(2)} {m.group(3)}", timing, effect, last)
    m = re.fullmatch(rf"({_ALLY_RE}) (?:must )?(gains?|loses?|flips?) (.+)", text)
    if m:
        return _ally_clause(ALLY_WHO[m.group(1)], m.group(2), m.group(3), timing, effect, last)
    m = re.fullmatch(rf"((?:gain|lose) rp equal to .+?),? up to ({NUMBER}) {_RP}", text)
    if m:  # "(max. 40 RP)" after "RP equal to five times its STAR"
        ops = read_clause(m.group(1), timing, effect, last)
        if len(ops) != 1 or "per" not in ops[0] or "max" in ops[0]:
            raise Unread(text, "an amount of RP with a maximum")
        return [{**ops[0], "max": number(m.group(2))}]
    m = re.fullmatch(r"(.*\brp equal to )(five|six|seven|eight|nine|ten) times (.+)", text)
    if m:  # "five times its STAR": the multiples the RP phrases read as "5 times"
        return read_clause(f"{m.group(1)}{number(m.group(2))} times {m.group(3)}", timing, effect, last)
    m = re.fullmatch(rf"gain ({NUMBER}) (?:millennium )?dollars? (?:for each|per|for every) (.+)", text)
    if m:
        from rules.millennium_blades.phrases import read_count

        return [{"op": "gain_money", "amount": number(m.group(1)), "per": read_count(m.group(2))}]
    m = re.fullmatch(rf"(gain|lose) (twice|{NUMBER} times) (its|that card's) star rating in {_RP}", text)
    if m:  # "lose twice its STAR in RP"
        times = 2 if m.group(2) == "twice" else number(m.group(2).split()[0])
        return [{"op": f"{m.group(1)}_rp", "amount": times, "per": {"count": "star", "card": THAT_CARD.get()}}]
    m = re.fullmatch(r"(.+?),? and ((?:add|put) (?:the card|that card|it) (?:to|into) your hand)", text)
    if m and THAT_CARD.get() in ("clashed", "revealed"):  # "gain 25 RP and add the card to your hand"
        return read_clause(m.group(1), timing, effect, last) + read_clause(m.group(2), timing, effect, last)
    m = re.fullmatch(rf"(.+?),? and ((?:{_ALLY_RE}) .+)", text)
    if m:  # "you gain 25 RP and your ally gains 15 RP"
        return read_clause(m.group(1), timing, effect, last) + read_clause(m.group(2), timing, effect, last)
    m = re.fullmatch(rf"(?:you )?gain ({NUMBER}) dollars? from ({_ALLY_RE})", text)
    if m:  # the money moves from them to you (rules notes, "Paying another player")
        return [{"op": "steal_money", "amount": number(m.group(1)), "who": ALLY_WHO[m.group(2)]}]
    m = re.fullmatch(rf"({_ALLY_RE}) (?:must )?pays? you ({NUMBER}) dollars?", text)
    if m:
        return [{"op": "steal_money", "amount": number(m.group(2)), "who": ALLY_WHO[m.group(1)]}]
    if re.fullmatch(r"swap the positions of two (?:face-up )?cards in your tableau", text):
        return [{"op": "swap"}]
    return None


def _take_from_aftermarket(text: str) -> list[dict] | None:
    """"Choose a card in the Aftermarket and add it to your binder", "Gain a DARK card from the
    Aftermarket to your hand", "Take a card from the Aftermarket and add it to your hand"."""
    m = re.fullmatch(rf"(?:choose|take|gain|add|pick) (.+?) (?:in|from) {_AFTERMARKET}(?: and (?:add|put) it)? "
                     rf"(?:to|into|on) ({_TAKE_TO_RE})", text)
    if not m:
        return None
    what, every = m.group(1), bool(re.match(r"(?:each|all|every) ", m.group(1)))
    if CHOSEN.get():  # "Add each card of that TYPE in the Aftermarket to your hand"
        what = _chosen(what)
    if re.fullmatch(r"an? deck box", what):
        flt: dict = {"kind": "deck_box"}
    else:
        flt, _zone, rest = card_phrase(what)
        if rest:
            raise Unread(rest, "after the card taken from the Aftermarket")
        if flt.get("where"):
            raise Unread(what, "a card in the Aftermarket")
    THAT_CARD.set("taken")  # "Gain RP equal to three times its STAR": the card taken
    return [{"op": "take_aftermarket", "to": TAKE_TO[m.group(2)], **({"filter": flt} if flt else {}),
             **({"all": True} if every else {})}]


def _ally_clause(who: str, verb: str, rest: str, timing: str, effect: dict, last: dict) -> list[dict]:
    from rules.millennium_blades.clauses import read_clause

    if verb.startswith("flip"):
        flt, _zone, tail = card_phrase(rest)
        if tail not in ("", "in your tableau", "in their tableau", "of their choice"):
            raise Unread(tail, "after the card they flip")
        flt.setdefault("face", "up")
        return [{"op": "flip", "target": {"player": who, "pick": "choice", "chooser": "owner", "filter": flt}}]
    ops = read_clause(f"{verb.rstrip('s')} {rest}", timing, effect, last)
    for op in ops:
        if op["op"] not in ("gain_rp", "lose_rp", "gain_money"):
            raise Unread(rest, "what an ally gains or loses")
        op["who"] = who
    return ops


# -- conditions and counts -------------------------------------------------------------------------
def read_market_condition(text: str) -> dict | None:
    m = re.fullmatch(r"you (or|and) your ally (won|lost)(?: the clash)?", text)
    if m:  # the clash just made: the winner is you or your ally; both of you are among the losers
        who = "self_or_ally" if m.group(1) == "or" else "self_and_ally"
        return {"test": "clash_result", "who": who, "result": m.group(2)}
    if re.fullmatch(r"you and your ally had the same clash total", text):
        return {"test": "clash_result", "who": "self_and_ally", "result": "same_total"}
    m = re.fullmatch(r"(?:it|that card|the flipped card) was (?:an? )?(.+)", text)
    if m:  # the card as it was before this effect turned it face-down (rules notes)
        flt, _zone, rest = card_phrase(f"a {m.group(1)}")
        if rest:
            raise Unread(rest, "what the card was")
        return {"test": "card", "card": THAT_CARD.get(), "is": flt, "as_was": True}
    if re.fullmatch(r"this (?:card )?is the highest[- ]star(?: rating)? card(?: \(or tied for highest\))? in (?:all|every) "
                    r"tableaus?", text):  # no face-up card anywhere has a higher Star Rating
        return {"test": "count", "of": {"count": "cards", "zone": "all",
                                        "filter": {"face": "up", "star": {"cmp": ">", "value": "this"}}},
                "cmp": "==", "value": 0}
    if re.fullmatch(r"this (?:card )?is the only face-up card in your tableau", text):
        return {"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": {"face": "up"}}, "cmp": "==",
                "value": 1}
    if re.fullmatch(r"you (?:don't|do not|didn't|did not) have enough rp to lose", text):
        return {"test": "lost_short"}  # the loss just before took less than it said ("FAQs")
    m = re.fullmatch(r"any two other cards in your tableau share the same (type|element|set|star(?: rating)?)", text)
    if m:  # two face-up cards besides this one with a symbol, Set or Star Rating in common ("CARD DATA")
        return {"test": "pair", "what": m.group(1).split()[0]}
    m = re.fullmatch(r"(?:it|that card) had an? (play|flip|score|ongoing|top|next|action|reaction) effect", text)
    if m:  # the flipped card as it was: "a blank card for all purposes" now ("Flip a Card")
        return {"test": "card", "card": THAT_CARD.get(), "is": {"timing": m.group(1)}, "as_was": True}
    m = re.fullmatch(r"(both cards adjacent to this (?:one|card)|those two cards) (?:have|are) the same (type or element|"
                     r"element or type|type or the same element|element or the same type|type|element)", text)
    if m:
        what = m.group(2) if m.group(2) in ("type", "element") else "either"
        return {"test": "alike", "cards": "neighbours" if m.group(1).startswith("both") else "those", "what": what}
    return None


def read_market_continuous(s: str) -> list[dict] | None:
    """Ongoing and Top rules of this module's families: "You cannot lose RP"."""
    if s == "you cannot lose rp":
        return [{"op": "no_rp_loss"}]
    if re.fullmatch(r"this effect (?:continues to work|(?:also |still )?works) during scoring", s):
        return []  # "Score": face-up cards' effects hold then ("works during Scoring": batch pointing)
        return []
    return None


def read_market_count(text: str) -> dict | None:
    if re.fullmatch(r"(?:card|single)s? (?:you )?gained(?: this way)?", text):  # the cards the effect just took
        return {"count": "those_count"}
    if CHOSEN.get() and _chosen(text) != text:  # "each single from that SET in your tableau"
        flt, zone, rest = card_phrase(_chosen(text))
        return {"count": "cards", "zone": zone, "filter": flt} if not rest else None
    m = re.fullmatch(r"players? with (?:at least one )?(.+?) in their tableaus?", text)
    if m:  # the players, you too, with such a card in their tableau
        flt, zone, rest = card_phrase(m.group(1) if re.match(r"(?:a|an|one) ", m.group(1)) else f"a {m.group(1)}")
        return {"count": "players_with", "filter": flt} if not rest and zone == "tableau" else None
    m = re.fullmatch(r"different (type|element|star(?: rating)?) revealed(?: this way)?", text)
    if m:  # the cards "Reveal any number of cards from your hand" showed
        return {"count": "those_distinct", "what": m.group(1).split()[0]}
    m = re.fullmatch(r"(?:different )?(sets?|star(?: rating)?s?) (?:among|in) (.+)", text)
    if m:  # the printed Sets, or the Star Ratings, of the cards ("a face-down card has no ... Set")
        where = m.group(2) if re.match(r"(?:the |all |face-up )?cards?\b", m.group(2)) else f"cards in {m.group(2)}"
        flt, zone, rest = card_phrase(where)
        kind = "sets" if m.group(1).startswith("set") else "star_values"
        return {"count": kind, "zone": zone, "filter": flt} if not rest else None
    if re.fullmatch(r"star(?: rating)? (?:it|that card) has", text):  # "gain 8 RP for each STAR it has"
        return {"count": "star", "card": THAT_CARD.get()}
    m = re.fullmatch(rf"(?:the )?(.*?)\b(cards?|singles?) (?:in|from) {_AFTERMARKET}", text)
    if m:
        flt, _zone, rest = card_phrase(f"{m.group(1)}{m.group(2)}".strip() if m.group(1) else m.group(2))
        if rest:
            return None
        return {"count": "cards", "zone": "aftermarket", **({"filter": flt} if flt else {})}
    return None


__all__ = ["read_market_clause", "read_market_condition", "read_market_count", "read_market_sentence"]
