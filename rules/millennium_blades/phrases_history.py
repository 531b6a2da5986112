"""More shapes of printed text, batch "history" (issue 26.2): what happened this turn or to the card
just moved, and changes to gains of RP: "if the card you returned was face-up" after a card of the
tableau returned to the hand (millennium-blades.txt, "Effects on Cards", "Flip a Card"; docs/rules-notes.md,
"MB: history"). ``text._sentences`` asks ``read_sentence_history`` once its own readers have no reading;
it returns False when it has none either. The engine side is ``ops_history.py``.
"""

from __future__ import annotations

import re

#: "if the card you returned was face-up, gain 9 RP", after "return a card in your tableau to your hand"
_RETURNED_FACE = re.compile(r"if (?:the card (?:you returned|returned this way)|it) was (face-up|face-down), (.+)")


#: "flip any number of Accessories, Singles and Deck Boxes in your play area" (or "you control"): kinds, then whose
_ANY_NUMBER = re.compile(r"flip any number of ((?:(?:face-up )?(?:cards|singles|accessories|deck boxes)(?:,? and |, )?)+) "
                         r"(?:you control|in your play area)")
#: the kinds listed -> ``flip_any``'s zone: all the cards of your play area, or your Accessories
_ZONES = {frozenset(("singles", "accessories", "deck boxes")): "play_area", frozenset(("cards",)): "play_area",
          frozenset(("accessories",)): "accessory", frozenset(("singles",)): "tableau"}


#: "you play a single (the first time each turn), you may play another single afterwards"
_ANOTHER_AFTER = re.compile(r"\b(you play an? (?:card|single))((?: the first time each turn)?), you may play another "
                            r"(card|single) afterwards\b")


#: "the next time" a gain of RP would be made, that gain doubled or tripled (perhaps after all RP lost) and
#: this card flipped: once (the card flips itself), so "the next time" is "when"
_NEXT_GAIN = re.compile(r"^the next time you would gain (?:rp|ranking points), (?=(?:lose all your (?:rp|ranking points), "
                        r"then )?(?:double|triple) that gain, then flip this (?:card|single)\.?$)")
#: the gain made twice (three times) over, perhaps after all your RP lost, then this card flipped
_TIMES_GAIN = re.compile(r"(?:(lose all your (?:rp|ranking points)), then )?(double|triple) that gain"
                         r"(?:, then (flip this (?:card|single)))?")


#: the turn's first gain of RP, which "you may instead" trade for one of A, B or C: an answer to the gain before
#: it is made (batch v's would_gain_rp), the first one each turn (batch o's first_each_turn)
_FIRST_GAIN = re.compile(r"^the first time each turn, when you gain (?:rp|ranking points), (?=you may instead gain )")
#: the options gained instead of the RP
_INSTEAD_GAIN = re.compile(r"instead gain (.+)")


#: "cards you played this turn (including this one)": the card itself too, said as words
_PLAYED_INCLUDING = re.compile(r"(cards you (?:have )?played this turn)\s*\(including this (?:one|card)\)", re.I)
#: "flip all face-up cards you played this turn (including this card)"
_FLIP_PLAYED = re.compile(r"flip all (?:of )?(?:the )?(?:face-up )?cards you (?:have )?played this turn"
                          r"( including this (?:one|card))?")
#: "each opponent must flip all cards with a STAR less than or equal to the number of cards you flipped"
_OTHERS_FLIP_UPTO = re.compile(r"(each other player|each opponent|all other players|every other player) flips? all "
                               r"(?:face-up )?cards(?: in their tableaus?)? with (?:a )?star(?: rating)? "
                               r"(?:equal to or less than|less than or equal to) (the number of cards you flipped|\d+)")


#: a play event followed by a parenthesis saying its Play and Next effects resolve: after them, as batch m's
#: "(after all Play effects)" (the Next effects the play triggers resolve with them: ops_more_m.play_frames_m)
_AFTER_PLAY_AND_NEXT = re.compile(r"(\bplays? [^,.():]*?\b(?:cards?|singles?))\s*\(and (?:all |its )?play and next effects "
                                  r"(?:resolve|have resolved|are resolved)\)", re.I)
#: ", that card is flipped." at the end of a sentence after its trigger: the effect flips it
_IS_FLIPPED = re.compile(r", (that card|that single|it) is flipped(?=\.|$)")
#: "If this flip is prevented, X" after a flip: X when the flip did not happen
_FLIP_PREVENTED = re.compile(r"if (?:this|that|the) flip (?:is|was) prevented, (.+)")


def printed_history(text: str) -> str:
    """"cards you played this turn (including this one)": the parenthesis said as words (read by
    ``read_sentence_history``), as batch m says "(including this one)" after a play event; "(and all
    Play and Next effects resolve)" after a play event: batch m's "after all play effects"."""
    text = _AFTER_PLAY_AND_NEXT.sub(r"\1 after all play effects", text)
    return _PLAYED_INCLUDING.sub(r"\1 including this one", text)


def reword_history(text: str) -> str:
    """"At the end of your next turn, X" is "When your next turn ends, X": a trigger of its own
    (``read_event_history``). A card played, then "another" one that "you may play" "afterwards": after the
    first card's Play effects (batch m's ``after_play``), you may play a card from your hand (batch f's
    ``play_from_hand``, which "If you do" asks about)."""
    text = _ANOTHER_AFTER.sub(r"\1 after all play effects\2, you may play a \3 from your hand", text)
    text = _IS_FLIPPED.sub(r", flip \1", text)  # "..., that card is flipped": the effect flips it
    text = _NEXT_GAIN.sub("when you would gain rp, ", text)
    text = _FIRST_GAIN.sub("when you would gain rp the first time each turn, ", text)
    return re.sub(r"^at the end of your next turn, ", "when your next turn ends, ", text)


def read_event_history(text: str) -> dict | None:
    """"your next turn ends": batch b's ``turn_end``, only at the end of the first of your turns after
    the one this card was played in (``next_turn``: ops_history.next_turn_end); ``None`` otherwise."""
    return {"event": "turn_end", "next_turn": True} if text == "your next turn ends" else None


def read_sentence_history(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks this module about; False when ``s`` is none of these.
    "If the card you returned was face-up, X" after a card of your tableau chosen and returned to your
    hand (batch f's ``to_hand``): that choice may take a face-down card too (the sentence asks which it
    was: rules notes, "MB: history"), and X is done when the card was face-up (``returned_face``)."""
    m = _RETURNED_FACE.fullmatch(s)
    returned = next((op for op in reversed(ops) if op["op"] == "to_hand"), None)
    if m and returned is not None and returned["target"].get("pick") == "choice":
        from rules.millennium_blades.text import clauses  # text asks this module

        returned["target"]["filter"] = {**returned["target"].get("filter", {}), "face": "any"}
        face = "up" if m.group(1) == "face-up" else "down"
        ops.append({"op": "if", "condition": {"test": "returned_face", "face": face},
                    "then": clauses(m.group(2), timing, effect)})
        return True
    m = _TIMES_GAIN.fullmatch(s)
    if m and effect.get("trigger", {}).get("event") == "would_gain_rp":  # batch v's outcome (ops_history.py)
        ops.append({"op": "rp_gain_outcome", "as": "times", "times": 2 if m.group(2) == "double" else 3,
                    **({"lose_all": True} if m.group(1) else {}), **({"flip_this": True} if m.group(3) else {})})
        return True
    m = _INSTEAD_GAIN.fullmatch(s)
    if m and effect.get("optional") and effect.get("trigger", {}).get("event") == "would_gain_rp":
        from rules.millennium_blades.phrases_triggers import _listed_options  # batch triggers' list of options

        ops.append({"op": "rp_gain_outcome", "as": "choose", "options": _listed_options(f"gain {m.group(1)}", timing, effect)})
        return True
    m = _FLIP_PREVENTED.fullmatch(s)
    if m and ops and ops[-1]["op"] == "flip":  # the flip did not happen (a protection, a Reaction): "did" false
        from rules.millennium_blades.text import clauses  # text asks this module

        ops.append({"op": "if", "condition": {"test": "not", "of": {"test": "did"}}, "then": clauses(m.group(1), timing, effect)})
        return True
    m = _FLIP_PLAYED.fullmatch(s)
    if m:  # the face-up cards of your tableau played this turn (and this one): FILTER played_this_turn
        flt = {"face": "up", "played_this_turn": "or_this" if m.group(1) else True}
        ops.append({"op": "flip", "target": {"player": "self", "pick": "all", "filter": flt}})
        return True
    m = _OTHERS_FLIP_UPTO.fullmatch(s)
    if m:  # "the number of cards you flipped": this effect's flips so far (COUNT flipped_this_way, counted then)
        value: int | dict = int(m.group(2)) if m.group(2).isdigit() else {"count": "flipped_this_way"}
        upto: dict = {"face": "up", "star": {"cmp": "<=", "value": value}}
        ops.append({"op": "flip", "target": {"player": "each_opponent", "pick": "all", "filter": upto}})
        return True
    m = _ANY_NUMBER.fullmatch(s)
    if m:  # "Play Area": your tableau's Singles, your Deck Box and Accessories (batch a's flip_any)
        kinds = frozenset(re.sub(r"face-up ", "", k) for k in re.split(r",? and |, ", m.group(1)) if k)
        zone = _ZONES.get(kinds)
        if zone is None:
            return False  # Singles and Accessories only, ...: no zone says it
        ops.append({"op": "flip_any", **({"zone": zone} if zone != "tableau" else {})})
        return True
    return False


__all__ = ["printed_history", "read_event_history", "read_sentence_history", "reword_history"]
