"""More printed shapes (issue 26.2, set A): clashing with the opponent whose Top Card is highest,
spending up to a number of dollars, losing all your RP, doing a clause again ("Do this two more
times", "For each Dollar spent, ..."). ``clauses.read_clause``, ``phrases.read_count`` and
``text._sentences`` ask these readers once their own grammar has no reading; each returns ``None``
when it has none either, so the phrase stays "not understood". The engine side is
``ops_more_a.py``; docs/effects-millennium-blades.md, "More shapes (set A)", has an original
example of each.
"""

from __future__ import annotations

import copy
import re

from rules.millennium_blades.phrases import NUMBER, THAT_CARD, number

_DOLLARS = r"(?:millennium )?dollars?"
_RP = r"(?:rp|ranking points?)"
#: "the opponent with the highest Top card": among the opponents with a Top Card, those whose Top
#: Card has the highest Star Rating ("Top Card"; "Clashing": "choose a player with a Top Card")
_HIGHEST_RIVAL = re.compile(r"clash with the opponent (?:with|who has) the highest(?: star(?: rating)?)? top card")


#: an accessory's place: "in any player's tableau" (the Tournament Board, "Accessories")
_ANY_TABLEAU = r"(any player's|an opponent's|another player's|your) tableau"
_TABLEAU_OWNER = {"any player's": "any", "an opponent's": "opponent", "another player's": "opponent", "your": "self"}


def read_more_clause(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of these shapes -> its ops; ``None`` when it is none of them."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    if re.fullmatch(r"ignore (?:the|that|this) clash", text) and effect.get("trigger", {}).get("event") == "would_clash":
        return [{"op": "ignore_clash"}]
    if re.fullmatch(r"pass (?:your|this) turn", text):  # "Tournament Turns": the player Passes (rules notes)
        if timing != "action":
            from rules.millennium_blades.phrases import Unread

            raise Unread(text, "only an Action passes the turn")
        return [{"op": "pass_turn"}]
    if re.fullmatch(r"look at the top card of the store(?: deck)?", text):  # it stays there (rules notes, "Looking")
        return [{"op": "look_store"}]
    place = looked_place(text)
    # in a play trigger "that card" is the one played (batch q); the card discards stopped at, or one just
    # gained to the hand, is no card looked at (phrases_zones2.py)
    if place is not None and THAT_CARD.get() not in ("played", "found") and not last.get("gained"):
        return [{"op": "place_looked", "to": place}]
    m = re.fullmatch(rf"(?:put|add|place) ({NUMBER}) (\+1 star tokens?) to (.+)", text)
    if m:  # "Add 3 +1 STAR tokens to a card": put them on it
        return read_clause(f"put {m.group(1)} {m.group(2)} on {m.group(3)}", timing, effect, last)
    m = re.fullmatch(r"clash with (?:an opponent|another player|a player), ignoring the printed star(?: rating)? of your "
                     r"(?:cards|top card)", text)
    if m:  # your Top Card counts its tokens and bonuses, not its printed Star Rating (rules notes)
        return [{"op": "clash", "with": "opponent", "ignore_printed": True}]
    m = re.fullmatch(r"pick up (an?y? card in (?:any|an opponent's|your) tableau) and (?:place|put) it (?:in|into) the "
                     r"right-?most slot of (?:its owner's|that) tableau", text)
    if m:  # it becomes its owner's right-most card (maybe their Top Card, "Top Card")
        from rules.millennium_blades.phrases import read_target

        return [{"op": "to_right_end", "target": read_target(m.group(1).replace("any card", "a card"))}]
    if _HIGHEST_RIVAL.fullmatch(text):
        return [{"op": "clash", "with": "opponent", "rival": "highest_top"}]
    m = re.fullmatch(rf"(?:spend|pay) (?:up to ({NUMBER})|any number of) {_DOLLARS}(?: to the bank)?"  # (bank: batch v)
                     r"(?:,? (?:to|and|then) (.+))?", text)
    if m:  # "Spend up to 3 Dollars": the player chooses how many (rules notes, "Spending up to")
        ops: list[dict] = [{"op": "spend_up_to", **({"amount": number(m.group(1))} if m.group(1) else {})}]
        return ops + (read_clause(m.group(2), timing, effect, last) if m.group(2) else [])
    if re.fullmatch(rf"lose all (?:of )?(?:your )?{_RP}", text):  # as much as you have ("FAQs": "stop at zero")
        return [{"op": "lose_rp", "amount": 1, "per": {"count": "rp"}}]
    m = re.fullmatch(r"for (?:each|every) (.+?), (.+)", text)
    if m:  # "For every Dollar you spent, <clause>": the clause once per thing counted
        count = read_more_count(m.group(1))
        if count is not None:
            return [{"op": "repeat", "per": count, "ops": read_clause(m.group(2), timing, effect, last)}]
    return None


#: "<card> would be flipped by <whose effect>": the event of the active form
#: ("<whose effect> would flip <card>", ``phrases.read_event``)
_WOULD_BE_FLIPPED = re.compile(r"(.+?) would be flipped(?: face-down)? by (an effect|an opponent's effect|"
                               r"an effect an opponent controls|one of your effects)")


def read_more_event(text: str) -> dict | None:
    """A trigger printed in the passive ("... would be flipped by an effect"); ``None`` if not one."""
    from rules.millennium_blades.phrases import read_event

    m = re.fullmatch(rf"an accessory in {_ANY_TABLEAU} is flipped", text)
    if m:  # its Action's own flip too ("Use an Action": "then flip the card face-down")
        whose = {"any": "any", "opponent": "opponent", "self": "self"}[_TABLEAU_OWNER[m.group(1)]]
        return {"event": "flipped", "by": "any", "whose": whose, "filter": {"kind": "accessory"}}
    m = re.fullmatch(r"(you|any player|a player) would clash", text)
    if m:  # a clash about to happen ("Clashing"), before its reveals
        return {"event": "would_clash", "by": "self" if m.group(1) == "you" else "any"}
    m = _WOULD_BE_FLIPPED.fullmatch(text)
    if m is None or m.group(1).startswith("this "):
        return None
    return read_event(f"{m.group(2)} would flip {m.group(1)}")


#: where the card looked at may go: the Store's bottom, back on top, the hand, the Aftermarket, played,
#: or the Store Discard
_PLACES = (
    (r"(?:put|place) (?:it|that card) (?:on|at) the bottom of the store(?: deck)?", "bottom"),
    (r"(?:return|put|place) (?:it|that card) (?:back )?(?:on|to) the top(?: of the store(?: deck)?)?", "top"),
    (r"put (?:it|that card) back", "top"),
    (r"(?:add|put) (?:it|that card) (?:to|into) your hand", "hand"),
    (r"discard (?:it|that card) to the aftermarket", "aftermarket"),
    (r"play (?:it|that card)", "play"),
    (r"discard (?:it|that card)(?: to the store discard)?", "store_discard"),
)


def looked_place(text: str) -> str | None:
    return next((place for pattern, place in _PLACES if re.fullmatch(pattern, text)), None)


def _looked_choice(s: str, ops: list[dict]) -> bool:
    """Places listed after a look ("Add it to your hand, put it back, or ..."): the player chooses
    one ("either"); "If you put it back, gain 3 RP": more of that option."""
    if not ops or not any(op["op"] == "look_store" for op in ops):
        return False
    parts = re.split(r",? or |, ", re.sub(r"^either ", "", s))
    places = [looked_place(p) for p in parts]
    if len(parts) > 1 and all(places):
        ops.append({"op": "either", "who": "self", "options": [[{"op": "place_looked", "to": p}] for p in places]})
        return True
    m = re.fullmatch(r"you may (.+)", s)
    if m and looked_place(m.group(1)) not in (None, "top"):  # "You may discard it": that, or it stays on top
        ops.append({"op": "either", "who": "self", "options": [[{"op": "place_looked", "to": looked_place(m.group(1))}],
                                                              [{"op": "place_looked", "to": "top"}]]})
        return True
    m = re.fullmatch(r"if you (.+?), (.+)", s)
    last = ops[-1]
    if m and m.group(1) in ("do", "did") and last["op"] == "either" and len(last["options"]) == 2:
        m = re.fullmatch(r"if you (.+?), (.+)", f"if you {_place_words(last)}, {m.group(2)}")
    if m is None or last["op"] != "either" or looked_place(m.group(1)) is None:
        return False
    from rules.millennium_blades.text import clauses  # text asks this module

    option = next((o for o in last["options"] if o[0].get("to") == looked_place(m.group(1))), None)
    if option is None:
        return False
    option += clauses(m.group(2), "play", {})
    return True


def _place_words(either: dict) -> str:
    """The words of the first option of a "You may ..." choice, for "If you do, ..."."""
    to = either["options"][0][0].get("to")
    return next(p for p, place in (("discard it", "store_discard"), ("add it to your hand", "hand"),
                                   ("play it", "play"), ("discard it to the aftermarket", "aftermarket"),
                                   ("put it on the bottom of the store", "bottom")) if place == to)


_LOSER = r"(?:the|each) loser(?: of (?:the|that) clash)?"


def read_more_sentence(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """"Do this two more times": the sentences before, again that many times (appended to ``ops``);
    "each loser must pay you N Dollars" after a clash trigger, and "If they cannot pay, ..."
    (Toll-like): a ``toll`` op and what happens to a loser short of it."""
    if _looked_choice(s, ops):
        return True
    m = re.fullmatch(r"the winner (gains? .+?),? and if the winner's printed star(?: rating)? is (lower|higher) than the "
                     r"loser's,? (.+)", s)
    if m and ops and ops[-1]["op"] == "clash":  # the gain is the winner's; the rest is this effect's, after the clash
        from rules.millennium_blades.text import clauses  # text asks this module

        ops[-1].setdefault("winner", []).extend(clauses(re.sub(r"^gains ", "gain ", m.group(1)), timing, effect))
        ops.append({"op": "if", "condition": {"test": "clash_printed", "cmp": "<" if m.group(2) == "lower" else ">"},
                    "then": clauses(m.group(3), timing, effect)})
        return True
    m = re.fullmatch(rf"{_LOSER} (?:must )?pays? you ({NUMBER}) {_DOLLARS}", s)
    if m and effect.get("trigger", {}).get("event") == "clash_any":
        ops.append({"op": "toll", "amount": number(m.group(1))})
        return True
    m = re.fullmatch(rf"if (?:{_LOSER}|they) (?:doesn't|does not|don't|do not|cannot|can't) (?:have enough (?:money|"
                     rf"dollars)|pay),? (.+)", s)
    if m and ops and ops[-1]["op"] == "toll" and "short" not in ops[-1]:
        from rules.millennium_blades.text import clauses  # text asks this module

        ops[-1]["short"] = clauses(m.group(1), timing, effect)
        return True
    m = re.fullmatch(rf"do (?:this|that|it) ({NUMBER}|twice|three times) more times?|do (?:this|that|it) again", s)
    if m is None or not ops:
        return False
    again = number(m.group(1).replace("twice", "two")) if m.group(1) else 1
    ops.append({"op": "repeat", "amount": again, "ops": copy.deepcopy(ops)})
    return True


def read_more_count(text: str) -> dict | None:
    """"Dollar spent (this way)", "10 RP you lost rounded up": what this effect spent or lost,
    in steps of a number (rounded down unless the card says up)."""
    m = re.fullmatch(rf"(?:({NUMBER}) )?(?:({_DOLLARS}) (?:you )?(?:spent|spend)|{_RP} (?:you )?lost)"
                     r"(?: this way)?(?: rounded (up|down))?", text.strip())
    if m is None:
        return None
    count: dict = {"count": "spent" if m.group(2) else "rp_lost"}
    if m.group(1) and number(m.group(1)) > 1:
        count["every"] = number(m.group(1))
    if m.group(3) == "up":
        count["round"] = "up"
    return count


# -- Unite ("FAQs": "How do attached cards function?") ---------------------------------------------
_UNITE = re.compile(r"attach any number of (.+?) from your hand to this (?:card|single|one) during your turns?")
_GUARD = re.compile(r"when this (?:card|single|one) would be flipped, you may discard (?:one|a card) of the attached "
                    r"cards(?: to your binder)? to prevent (?:the|that|this) flip")


def read_more_continuous(s: str) -> list[dict] | None:
    """Unite's Ongoing sentences: attaching cards of a kind from your hand at any moment of your
    turn, and an attachment discarded to keep this card face-up; ``None`` when neither."""
    from rules.millennium_blades.phrases import Unread, card_phrase

    m = _UNITE.fullmatch(s)
    if m:
        flt, zone, rest = card_phrase(m.group(1))
        if rest or zone != "tableau" or flt.get("where"):
            raise Unread(rest or m.group(1), "the cards to attach")
        flt.pop("face", None)
        return [{"op": "unite", **({"filter": flt} if flt else {})}]
    if _GUARD.fullmatch(s):
        return [{"op": "attachment_guard"}]
    m = _TOKEN_GUARD.fullmatch(s)
    if m:  # a replacement: not optional ("Effects on Cards": only Reactions are)
        from rules.millennium_blades.text import clauses  # text asks this module

        return [{"op": "token_guard", "ops": clauses(m.group(1), "play", {})}]
    return None


#: "When this Single would be flipped while it has +1 STAR tokens on it, remove one ... and gain
#: 2 Dollars instead": the token goes and the rest happens, and the card stays face-up
_TOKEN_GUARD = re.compile(r"(?:when|whenever) this (?:card|single|one) would be flipped while it has "
                          r"(?:a|one or more|at least one) \+1 star tokens? on it, remove (?:a|one) \+1 star token "
                          r"from it(?:,? and (.+?))? instead")
