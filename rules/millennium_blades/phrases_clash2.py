"""Clash variants and dice of printed MB text (issue 26.2, the ``clash2`` batch; the engine side is
``ops_clash2.py``): dice rolled as a sentence of their own and RP equal to (a multiple of) their
combined value, and dice that are a player's whole clash value instead of a Store card and their
Top Card; a clash with yourself using two cards, several Store cards revealed each (and bought), the
best of several kept for Dollars, reveals made again, a clash joined, "the losing card's STAR or
lower", a loss of RP turned into a gain. It goes on from batches d, i, t, z and clash_tokens (clashes). millennium-blades.txt,
"Clashing"; docs/rules-notes.md, "MB: clash2, dice and clash values"; docs/effects-millennium-blades.md,
"More shapes: clash2", has an original example.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, number

_DICE = rf"({NUMBER}) (?:({NUMBER})-sided|(six)-sided) (?:dice|die)"
#: "Roll 2 six-sided dice", "roll a 6-sided die"
_ROLL = re.compile(rf"roll {_DICE}")
#: "Lose RP equal to three times their combined value", "gain RP equal to the roll": the roll's total
_ROLL_RP = re.compile(rf"(gain|lose) (?:rp|ranking points) equal to (?:(twice|{NUMBER} times) )?(?:their combined value|"
                      r"the combined value of (?:the|those) dice|the total (?:rolled|of the dice)|(?:your|the) roll)")
#: "there is no die at hand": never, the engine always has its dice (rules notes)
_NO_DICE = re.compile(r"there (?:are|is) no (?:dice|die) (?:in the room|available|at hand|nearby|to roll)")
#: "Whenever you clash, roll two 8-sided dice to decide your clash value instead of revealing the top card of
#: the Store and adding the STAR of your Top card" (the words after "value" printed in parentheses)
_CLASH_DICE = re.compile(rf"whenever you clash, roll {_DICE} to (?:determine|decide) your clash value instead of "
                         r"revealing (?:a|the top) card (?:from|of) (?:the top of )?the store(?: deck)? and adding (?:the "
                         r"star(?: rating)? of )?your top card")
#: the printed parentheses of that sentence, which say what the roll replaces: words of it
_CLASH_DICE_PAREN = re.compile(r"(to (?:determine|decide) your clash value)\s*\((instead of revealing [^()]*)\)", re.I)
#: "After the players reveal their cards in a clash, ...": a Reaction heard once a clash's reveals are made
_AFTER_REVEALS = re.compile(r"^after (?:all )?(?:the )?players (?:reveal|have revealed) (?:their )?cards in a clash, ")
#: "all players have revealed cards in a clash" (the trigger, once reworded)
_REVEALED_EVENT = re.compile(r"all players have revealed cards in a clash")
#: "discard the revealed cards and each player reveals new cards": the reveals made again
_REVEAL_AGAIN = re.compile(r"discard (?:those|the revealed) cards,? and (?:all|each) players? reveals? (?:new|other|fresh) "
                           r"cards?")
#: "The winner of the clash gains 12 RP." after that: the result of the clash, once it is made
_AGAIN_WINNER = re.compile(r"the winner(?: of (?:the|that) clash)? (gains .+)")
#: "You may join any clash, even if you are not in it.": a Reaction to a
#: clash its player is not in (the words after "any clash" say only that)
_JOIN_ANY = re.compile(r"^you may (?:include yourself in|join) any clash(?:,? even if you (?:weren't|were not|are not|aren't) "
                       r"(?:originally )?(?:included|in it|part of it))?\.")
#: "a clash you are not in is declared" (the trigger, once reworded)
_JOIN_EVENT = re.compile(r"a clash you are not in is declared")
#: "If you win that clash, gain 20 RP." after joining it
_JOINED_WIN = re.compile(r"if you win (?:that|the|this) clash,? (.+)")
#: "flip this." at a sentence's end: this card (as "flip this card")
_FLIP_THIS = re.compile(r"\bflip this(?=[.,;]|$)")

_ROLL_EVENTS = ("clash_won", "clash_lost", "clash")

#: "Clash against yourself using two singles from your tableau": two of your own cards clash
_SELF_CLASH = re.compile(r"clash (?:with|against) yourself,? using two (?:face-up )?(?:cards|singles) (?:in|from) your tableau")
#: "the winning card", "the card that won (the clash)": the better of two of your cards that clashed
_WINNING = re.compile(r"the (?:winning card|card that won(?: the clash)?)(?: in the clash)?")
#: "(<clause>, then) return the losing card to your binder" after a clash of your own two cards
_RETURN_CLASHED = re.compile(r"(?:(.+?),? then )?return (the winning card|the losing card) to your binder")


def _dice(m: re.Match, first: int) -> dict:
    """``dice`` and ``sides`` of a _DICE match whose groups start at ``first``."""
    sides = m.group(first + 1) or m.group(first + 2)
    return {"dice": number(m.group(first)), "sides": number(sides)}


def printed_clash2(text: str) -> str:
    """The parentheses after "to determine your clash value" say what the roll is instead of: words of
    the sentence, which ``_CLASH_DICE`` reads whole (so other words there stay unread)."""
    return _CLASH_DICE_PAREN.sub(r"\1 \2", text)


def reword_clash2(text: str) -> str:
    """"Whenever you win a clash, flip this.": this card. "After the players reveal their cards in a
    clash, ...": "When all players have revealed cards in a clash, ..." (a trigger is heard once its thing happened)."""
    text = _JOIN_ANY.sub("when a clash you are not in is declared, you may join that clash.", text)
    return _AFTER_REVEALS.sub("when all players have revealed cards in a clash, ", _FLIP_THIS.sub("flip this card", text))


def read_event_clash2(text: str) -> dict | None:
    """"all players have revealed cards in a clash": TRIGGER ``clash_revealed`` (any clash, once its
    reveals are made, before its result); ``None`` when not one."""
    if _JOIN_EVENT.fullmatch(text):  # a clash declared without you, before its reveals
        return {"event": "clash_join"}
    return {"event": "clash_revealed"} if _REVEALED_EVENT.fullmatch(text) else None


#: "Whenever you clash, you may pay 3 Dollars to reveal 3 cards from the top of the Store and keep the best one"
_BEST_OF = re.compile(rf"when(?:ever)? you (?:would )?clash, you (?:can|may) pay ({NUMBER}) dollars? to reveal ({NUMBER}) "
                      r"cards from the top of the store(?: deck)? (?:instead of (?:one|1) )?and keep the (?:highest|best) "
                      r"(?:result|one|card|of them)")


#: "Whenever you would lose RP, you gain 4 RP instead": every loss of RP replaced by that gain
_LOSS_TO_GAIN = re.compile(rf"when(?:ever)? you would lose (?:rp|ranking points),? (?:you )?gain ({NUMBER}) "
                           r"(?:rp|ranking points) instead")


def read_continuous_clash2(s: str) -> list[dict] | None:
    """"Whenever you clash, roll two 8-sided dice to decide your clash value instead of ...":
    ``clash_dice``, a rule of every clash of this card's player; "Whenever you clash, you may pay 3
    Dollars to reveal 3 cards ... and keep the best one": ``clash_best_of``; "Whenever you would lose RP,
    you gain 4 RP instead": ``rp_loss_gain``; ``None`` when not one."""
    m = _CLASH_DICE.fullmatch(s)
    if m:
        return [{"op": "clash_dice", **_dice(m, 1)}]
    m = _BEST_OF.fullmatch(s)
    if m:
        return [{"op": "clash_best_of", "cost": number(m.group(1)), "cards": number(m.group(2))}]
    m = _LOSS_TO_GAIN.fullmatch(s)
    return [{"op": "rp_loss_gain", "amount": number(m.group(1))}] if m else None


def read_sentence_clash2(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A whole sentence (``text.SENTENCE_READERS``): "Roll 2 six-sided dice" (``roll_dice``); "Gain RP
    equal to three times their combined value" after a roll (or "your roll" in a clash trigger, the
    dice of ``clash_dice``). False when not one."""
    if effect.get("trigger", {}).get("event") == "clash_join":
        if s == "join that clash":
            ops.append({"op": "join_clash"})
            return True
        m = _JOINED_WIN.fullmatch(s)
        if m and ops and ops[-1]["op"] == "join_clash":  # your own win of the clash you joined
            from rules.millennium_blades.text import clauses  # text asks this module

            ops[-1].setdefault("win", []).extend(clauses(m.group(1), timing, effect))
            return True
    if effect.get("trigger", {}).get("event") == "clash_revealed":
        if _REVEAL_AGAIN.fullmatch(s):
            ops.append({"op": "reveal_again"})
            return True
        m = _AGAIN_WINNER.fullmatch(s)
        if m and ops and ops[-1]["op"] == "reveal_again":  # "The winner of the clash gains ..." of that clash
            from rules.millennium_blades.text import clauses  # text asks this module

            ops[-1].setdefault("winner", []).extend(clauses(m.group(1).replace("gains", "gain", 1), timing, effect))
            return True
    m = _BUY_REVEALED.fullmatch(s)
    clash = next((o for o in reversed(ops) if o["op"] == "clash"), None)
    if m and clash is not None and clash.get("with") == "opponent" and "reveal" in clash:
        # "any number": each of the two players' cards, picked one at a time (batch t's take_clash_revealed),
        # bought into the binder ("Buy from the Aftermarket") for the price printed
        ops.append({"op": "take_clash_revealed", "whose": "any", "to": "binder", "amount": 2 * clash["reveal"],
                    "up_to": True, "buy_price": number(m.group(1))})
        return True
    m = _RETURN_CLASHED.fullmatch(s)
    if m and any(o["op"] == "clash" and o.get("with") == "self_two" for o in ops):
        from rules.millennium_blades.text import clauses  # text asks this module

        # "your binder": both cards of that clash are yours ("Discard a Card": to the owner's binder)
        ops += clauses(m.group(1), timing, effect) if m.group(1) else []
        pick = "winning_card" if m.group(2) == "the winning card" else "losing_card"
        ops.append({"op": "discard_in_play", "target": {"player": "self", "pick": pick}})
        return True
    m = _ROLL.fullmatch(s)
    if m:
        ops.append({"op": "roll_dice", **_dice(m, 1)})
        return True
    rolled = any(o["op"] == "roll_dice" for o in ops)
    m = _ROLL_RP.fullmatch(s)
    if m and (rolled or effect.get("trigger", {}).get("event") in _ROLL_EVENTS):
        times = m.group(2)
        amount = 1 if not times else 2 if times == "twice" else number(times)
        ops.append({"op": f"{m.group(1)}_rp", "amount": amount, "per": {"count": "roll"}})
        return True
    return False


#: "of the losing card's STAR or lower", "with the winning card's STAR or higher": a Star Rating
#: against that card's (a COUNT ``star`` of the REF, counted as the choice is made)
_STAR_OF_REF = re.compile(r"^ (?:of|with) (the losing card|the winning card|the clashed card)'s star(?: rating)? or "
                          r"(lower|less|higher|more|greater)")
_REF_WORDS = {"the losing card": "losing_card", "the winning card": "winning_card", "the clashed card": "clashed"}


def read_modifier_clash2(flt: dict, rest: str) -> str | None:
    """A modifier after a card description for ``phrases.card_phrase``: "of the losing card's STAR or
    lower" (FILTER ``star`` against COUNT ``star`` of that REF: batch g's counted STAR, which a
    choice of cards counts with the effect's context, ``clash.choose_cards``); the rest of the text, or
    ``None`` when not that."""
    m = _STAR_OF_REF.match(rest)
    if m is None:
        return None
    cmp = "<=" if m.group(2) in ("lower", "less") else ">="
    flt["star"] = {"cmp": cmp, "value": {"count": "star", "card": _REF_WORDS[m.group(1)]}}
    return rest[m.end():]


#: "Clash with an opponent, revealing 2 cards each from the Store instead of one"
_SEVERAL = re.compile(rf"clash with (?:another player|an opponent),? revealing ({NUMBER}) cards each from (?:the top of )?"
                      r"the store(?: deck)? instead of (?:one|1)")
#: "You may buy any number of the revealed cards for 3 Dollars per card" after such a clash
_BUY_REVEALED = re.compile(rf"(?:you may )?buy any number of the (?:revealed cards|cards revealed(?: in (?:the|that|this) "
                           rf"clash)?) for ({NUMBER}) dollars? (?:per|each|a|for each) card")


def read_clause_clash2(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """"Clash against yourself using two singles from your tableau": a clash op ``with: self_two`` (its
    cards are REFs ``winning_card`` and ``losing_card`` after it); "Clash with an opponent, revealing 2
    cards each from the Store instead of one": a clash op ``reveal`` (each card's STAR added); ``None``
    when not one."""
    if _SELF_CLASH.fullmatch(text):
        return [{"op": "clash", "with": "self_two"}]
    m = _SEVERAL.fullmatch(text)
    return [{"op": "clash", "with": "opponent", "reveal": number(m.group(1))}] if m else None


def read_ref_clash2(text: str) -> str | None:
    """"the winning card": REF ``winning_card`` (only a clash of your own two cards names it); ``None``
    when not one."""
    return "winning_card" if _WINNING.fullmatch(text) else None


def read_condition_clash2(text: str) -> dict | None:
    """"there is no die at hand": CONDITION ``no_dice``, which never holds (the engine rolls
    with its own generator: rules notes); ``None`` when not one."""
    return {"test": "no_dice"} if _NO_DICE.fullmatch(text) else None


__all__ = ["printed_clash2", "read_clause_clash2", "read_condition_clash2", "read_continuous_clash2", "read_event_clash2",
           "read_modifier_clash2", "read_ref_clash2", "read_sentence_clash2", "reword_clash2"]
