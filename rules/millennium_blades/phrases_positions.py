"""More shapes of printed text, batch ``positions`` (issue 26.2): where cards go in a tableau, whose
tableau, and Sell Markers on tableau cards (millennium-blades.txt, "Tableau", "Set Specific Keywords"
(Scurry), "Sell"; docs/rules-notes.md, "MB: positions"; the engine side is ``ops_positions.py``).

Readers: a keyword printed with its full text in parentheses ("Scurry PLUS (Play: ...)"); the order of
a tableau chosen freely (batch u's ``rearrange``); "this card is at an edge of your tableau"; this card
swapped with a card of another player's tableau of a Star Rating (batch u's ``swap_tableaus``); a Sell
Marker put on a card; a card sold without a Sell Marker; this card inserted anywhere into any
player's tableau, who then owns it; this card placed face-down in another player's tableau; a card of
an opponent's tableau discarded and replaced by this card.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, Unread, card_phrase, number
from rules.millennium_blades.phrases_zones2 import played_before, trigger_card_named
from rules.millennium_blades.vocabulary import TIMINGS

#: "Scurry PLUS (Play: You may ...)": a keyword, then its full text in parentheses, as a whole ability
#: ("On most cards, the keyword's full text is printed out")
#: (a name with "have", "has" or "gain" in it is a sentence giving cards a keyword: _GIVEN_KEYWORD, grants)
_KEYWORD_PAREN = re.compile(rf"(^|\|\s*)((?![A-Za-z' ]*\b(?:have|has|gain)\b)[A-Za-z][A-Za-z' ]{{0,28}}[A-Za-z])"
                            rf"\s*\(\s*((?:{'|'.join(TIMINGS)})\s*:[^()|]*)\)\.?(?=\s*\||\s*$)", re.I)


#: 'cards have Scurry (Play: ...)': a keyword given to cards, its ability in parentheses after it
_GIVEN_KEYWORD = re.compile(rf"\b(have|has|gain)\s+([A-Za-z][A-Za-z' ]{{0,28}}[A-Za-z])\s*\(\s*((?:{'|'.join(TIMINGS)})"
                            r"\s*:[^()|\"]*?)\.?\s*\)", re.I)


def printed_positions(text: str) -> str:
    """Printed words before ``text.split_abilities`` judges parentheses: a keyword whose whole ability
    is its parenthesis ("Scurry PLUS (Play: ...)") is that ability under its keyword's name
    ("Scurry PLUS–Play: ..."), the name dropped as a set keyword's is; a keyword given to cards with
    its ability in parentheses ('have Scurry (Play: ...)') is that ability quoted after its name
    ('have Scurry "Play: ..."'), as quoted abilities are printed."""
    text = _KEYWORD_PAREN.sub(lambda m: f"{m.group(1)}{m.group(2)}–{m.group(3).strip()}", text)
    # "When you play this card, ...": a Play effect ("Play effects are activated right away when a card
    # comes into play")
    text = re.sub(r"(^|\|\s*)when you play this (?:card|single), ", r"\1Play: ", text, flags=re.I)
    # "this is your right-most card": the card at that end, face-down cards counting (the grammar's
    # "your right-most card" is the face-up one a flip takes)
    text = re.sub(r"\bthis is your (right|left)-?most card\b", r"this card is at the \1 end of your tableau", text,
                  flags=re.I)
    return _GIVEN_KEYWORD.sub(lambda m: f'{m.group(1)} {m.group(2)} "{m.group(3).strip()}."', text)


#: 'all your cards have scurry "play: ..."': a keyword's quoted ability given to your cards
_GIVEN = re.compile(r'(all (?:of )?your (?:cards|singles)(?: in your tableau)?) (?:have|has|gain) ([a-z][a-z\' ]*[a-z]) '
                    r'"(([a-z]+):[^"]+?)\.?"')


def read_continuous_sentence_positions(s: str) -> list[dict] | None:
    """An Ongoing (Top) sentence giving your cards a keyword's quoted ability: a Play ability is had by
    each card you play ("Set Specific Keywords": "its effects are always the same"), ``grant_play``;
    an Action is batch w's grant, read by it. "You may play cards to the left-most side of your
    tableau, and whenever you do, ..." (``play_leftmost``, the ops after it read as a Play effect's).
    ``None`` when not one."""
    m = re.fullmatch(r"you may play (?:cards|singles) to the left-most side of your tableau, and whenever you do, (.+)", s)
    if m:
        from rules.millennium_blades.text import compile_text  # text asks this module

        effects, reason = compile_text(f"Play: {m.group(1)}.")
        if reason is not None or effects is None or len(effects) != 1 or set(effects[0]) - {"timing", "ops", "text"}:
            raise Unread(m.group(1), "what each play to the left-most side gives")
        return [{"op": "play_leftmost", "then": effects[0]["ops"]}]
    m = _GIVEN.fullmatch(s)
    if m is None:
        return None
    who, quoted, timing = m.group(1), m.group(3), m.group(4)
    if timing == "action":
        from rules.millennium_blades.phrases_more_w import read_continuous_w

        return read_continuous_w(f'{who} have "{quoted}"')
    if timing == "reaction":  # a keyword's Reaction given to all your cards (phrases_grants.py)
        from rules.millennium_blades.phrases_grants import read_granted_reaction

        return read_granted_reaction(who, quoted, m.group(2))
    if timing != "play" or "in your tableau" in who:
        raise Unread(f'"{quoted}"', "a keyword's ability given to the cards you play")
    from rules.millennium_blades.text import compile_ability  # text asks this module

    granted = compile_ability(f"{quoted}.")
    if granted.get("timing") != "play" or "trigger" in granted or "condition" in granted:
        raise Unread(f'"{quoted}"', "a Play ability given to the cards you play")
    return [{"op": "grant_play", "effect": {k: v for k, v in granted.items() if k in ("timing", "ops", "optional")},
             "keyword": m.group(2).replace(" plus", "").replace(" ", "_")}]


def reword_positions(text: str) -> str:
    """Printed wordings in the grammar's words: the tableau's order chosen "any way you wish" or
    "freely" is batch u's ``rearrange``; a card "played to the right of this card" once its Play
    effects resolved, and "if you are the first player to play a card in your Nth tableau slot", are
    play triggers with a condition; playing cards to the left-most side and "each time you do" are one
    rule; ", then swap this card with ..." ends the sentence before it."""
    text = re.sub(r"\b(?:rearrange|reorder) (?:all )?(?:the )?(cards|singles) in your tableau (?:any way you "
                  r"(?:wish|want|like|choose)|freely)\b", r"rearrange \1 in your tableau in any order", text)
    # a card "played to the right of this card" once its Play effects resolved: played by this card's
    # player (only they play into their tableau), where it is after its Play effects (Scurry may move it)
    text = re.sub(r"^(?:after|whenever|each time) a (card|single) is played to the (right|left) of this (?:card|single) "
                  r"and (?:all )?(?:its )?play effects (?:have|are) resolved, ",
                  r"whenever you play a \1 after all play effects, if that card is to the \2 of this card, ", text)
    # "If you are the first player to play a card in your sixth tableau slot, ...": on each play of yours
    text = re.sub(r"^(if you are the first player to play a (?:card|single) (?:in|into) your \w+ tableau slot, )",
                  r"whenever you play a card including this one, \1", text)
    # playing Singles to the left end of the tableau, then what each such play gives: one rule
    text = re.sub(r"^you may play (cards|singles) (?:to|on|in|into) the left-?most (?:side|slot|end) of your tableau\. "
                  r"whenever you do(?: this| so)?, ", r"you may play \1 to the left-most side of your tableau, and whenever "
                  r"you do, ", text)
    if not text.startswith("if "):  # a condition's scope stays one sentence
        text = re.sub(r", (?:and )?then (swap this (?:card|single) with)\b", r". then \1", text)
    return text


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8}


def read_condition_positions(text: str) -> dict | None:
    """"This card is at an edge of your tableau": no card (face-down ones too: "They still count as
    cards") left of it, or none right of it; "that card is to the right (left) of this card": the
    card played is in this card's tableau on that side of it; ``None`` when not one."""
    m = re.fullmatch(r"you are the first player to play a (?:card|single) (?:in|into) your (\w+) tableau slot", text)
    if m:  # the card just played is the first any player played into that slot this tournament
        slot = _ORDINALS.get(m.group(1))
        if slot is None:
            raise Unread(m.group(1), "a tableau slot")
        return {"test": "first_in_slot", "slot": slot}
    m = re.fullmatch(r"this (?:card|single) is at the (right|left) end of your tableau", text)
    if m:  # no card (face-down ones too) on that side of it
        return {"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": {"where": f"{m.group(1)}_of"}},
                "cmp": "==", "value": 0}
    m = re.fullmatch(r"that (?:card|single) is (?:to the )?(right|left) of this (?:card|single)", text)
    if m:
        return {"test": "card", "card": "played", "is": {"where": f"{m.group(1)}_of"}}
    if not re.fullmatch(r"this (?:card|single) is (?:at|on) (?:an|either|one) edge of your tableau", text):
        return None
    return {"test": "any", "of": [
        {"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": {"where": side}}, "cmp": "==",
         "value": 0} for side in ("left_of", "right_of")]}


#: "of the same or lower STAR", "with a higher STAR than this card": a Star Rating against this card's
_STAR_THAN = re.compile(r"(?:(?:of|with) the same or (lower|higher) star rating|(?:of|with) a (lower|higher) star rating"
                        r"(?: than this (?:card|one))?) ")
#: "swap this card with a card of the same or lower STAR in another player's tableau"
_SWAP_THEIRS = re.compile(r"swap this (?:card|single) with (?:a|an|another|one) (?:(face-up) )?(card|single) (.+)")
_MARKER = re.compile(r"(?:put|place) (a|one|\d+|two|three) sell markers? on (it|this card|that card|the card you got)")
_WITHOUT_MARKER = r"without using (?:a|any) sell markers?"
#: "sell a face-down card in your tableau ...", "sell a card from your hand ..." (their: a player made to)
_SELL = re.compile(rf"(?:you may )?sells? (?:a|one) (face-up |face-down )?(card|single|accessory) (?:in|from) "
                   rf"(your|their) (tableau|hand) {_WITHOUT_MARKER}")
#: "each other player with 3 or more face-up cards in their tableau must sell a face-up card in their tableau ..."
_EACH_SELLS = re.compile(rf"each (other player|opponent) with ({NUMBER}) or more face-up (?:cards|singles) in their tableau "
                         rf"(?:must )?sells? (?:a|one) face-up (?:card|single) (?:in|from) their tableau {_WITHOUT_MARKER}")
#: one of your cards swapped with another player's that shares its SET (TYPE, ...), of a higher (lower) STAR
_SWAP_MINE = re.compile(r"swap (?:a|one) (?:face-up )?(?:card|single) in your tableau with (?:a|one) (?:face-up )?"
                        r"(?:card|single) in (?:another player's|an opponent's) tableau"
                        r"((?: (?:of|with) the same (?:set|type|element))*)"
                        r"(?: (?:with|of) a (higher|lower) star rating)?")
#: two cards of two tableaus, one matching the other's TYPE or ELEMENT (SET), swapped
_SWAP_ANY = re.compile(r"swap (?:the positions of )?two (?:face-up )?(?:cards|singles) (?:with|that share) "
                       r"(?:a matching|the same) (type or element|element or type|type|element|set) "
                       r"in (?:any )?two different tableaus")
_INSERT_ANY = re.compile(r"(?:you may )?insert this card anywhere (?:into|in) any player's tableau")
_PLACE_DOWN = re.compile(r"place this (?:card|accessory|deck box) face-down (?:in|into) (another player's|an opponent's) "
                         r"tableau")
_REPLACE = re.compile(r"discard (?:a|one) (face-up )?(card|single) in (an opponent's|another player's) tableau and "
                      r"replace it with this card")
#: "return a 6 STAR or lower card in another tableau to that player's binder and play this in its place"
_RETURN_REPLACE = re.compile(rf"return (?:a|one) ({NUMBER}) star(?: rating)? or (lower|higher|less|more) (?:card|single) in "
                             r"(?:another|another player's|an opponent's) tableau to (?:that player's|its owner's) binder "
                             r"and play this(?: card)? in its place")


def _swap_theirs(m: re.Match) -> list[dict]:
    """This card and a card of another player's tableau of the Star Rating printed (batch u's
    ``swap_tableaus``; the card chosen face-up: "effects cannot target face-down cards")."""
    rest = m.group(3)
    star = _STAR_THAN.match(rest)
    flt: dict = {}
    if star:
        lower = (star.group(1) or star.group(2)) == "lower"
        cmp = ("<=" if lower else ">=") if star.group(1) else ("<" if lower else ">")
        flt["star"] = {"cmp": cmp, "value": "this"}
        rest = rest[star.end():]
    more, zone, tail = card_phrase(f"a {m.group(2)} {rest}")
    if tail or zone != "opponents" or set(more) - {"face"}:
        return []
    return [{"op": "swap_tableaus", "target": {"player": "opponent", "pick": "choice", "filter": {**more, **flt}}}]


def read_clause_positions(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this batch's shapes for ``clauses.read_clause``; ``None`` when not one."""
    m = _SWAP_THEIRS.fullmatch(text)
    if m:
        ops = _swap_theirs(m)
        if ops:
            last["ref"] = "swapped"
            return ops
    if re.fullmatch(r"swap this (?:card )?(?:and|with) that (?:card|single)", text):  # the card played, same tableau
        if effect.get("trigger", {}).get("event") != "play":
            raise Unread(text, "the card played, with no card played")
        return [{"op": "swap_with", "card": "played"}]  # batch s's
    if re.fullmatch(r"swap this (?:deck box|accessory|card|single) with (?:a|another) (?:face-up )?(?:card|single) in your "
                    r"tableau", text):  # this card's place (a slot, or its Deck Box or Accessory area) and that card's
        return [{"op": "swap_places"}]
    m = re.fullmatch(r"(?:put|place) (a|one|\d+|two|three) sell markers? on a (?:face-up )?(?:card|single) in "
                     r"(any player's|any|an opponent's|another player's|your) tableau", text)
    if m:  # a face-up card of your choice ("effects cannot target face-down cards")
        who = {"your": "self", "an opponent's": "opponent", "another player's": "opponent"}.get(m.group(2), "any")
        amount = number(m.group(1)) if m.group(1) not in ("a", "one") else 1
        return [{"op": "put_sell_marker", "on": "choice", "player": who, **({"amount": amount} if amount != 1 else {})}]
    if re.fullmatch(r"(?:you may )?play your next (?:single|card) between (?:any )?two (?:singles|cards) in your tableau", text):
        if text.startswith("you may "):
            effect["optional"] = True
        return [{"op": "next_between"}]  # the next Single's slot: between two of your cards, if its player wants
    if re.fullmatch(r"swap this (?:card|accessory) with (?:an|one) (?:face-up )?accessory in (?:another player's|an "
                    r"opponent's) play area", text):  # Accessory areas ("A card cannot affect ... your Accessories unless")
        return [{"op": "swap_accessory"}]
    m = _MARKER.fullmatch(text)
    if m:  # "it": the card the swap just before brought in, else this card
        amount = number(m.group(1)) if m.group(1) not in ("a", "one") else 1
        if played_before(m.group(2), amount, effect, last):  # "Play a card ... Put a Sell Marker on it." (zones2)
            return [{"op": "sell_marker"}]
        if trigger_card_named(m.group(2), effect, last):  # "Whenever you play a FIRE card, put a Sell Marker on it"
            return [{"op": "put_sell_marker", "on": "played", **({"amount": amount} if amount != 1 else {})}]
        on = "this" if m.group(2) == "this card" or last.get("ref") != "swapped" else "swapped"
        if m.group(2) in ("that card", "the card you got") and on != "swapped":
            raise Unread(text, "the card a Sell Marker goes on")
        return [{"op": "put_sell_marker", "on": on, **({"amount": amount} if amount != 1 else {})}]
    m = _SELL.fullmatch(text)
    if m:
        face, kind, zone = (m.group(1) or "").strip(), m.group(2), m.group(4)
        if zone == "hand" and face:
            raise Unread(text, "a face in a hand")
        flt = {"type": "accessory"} if kind == "accessory" else {}
        if kind == "accessory":
            raise Unread(text, "an Accessory sold from a tableau")
        return [{"op": "sell_card", "from": zone, **({"face": face[5:]} if face else {}), **flt}]
    m = _SWAP_MINE.fullmatch(text)
    if m:  # yours first, then theirs, which must match it
        same = re.findall(r"the same (set|type|element)", m.group(1))
        star = {"higher": ">", "lower": "<"}.get(m.group(2) or "")
        return [{"op": "swap_two", "first": "self", "same": same, **({"star": star} if star else {})}]
    m = _SWAP_ANY.fullmatch(text)
    if m:  # a card of any tableau, then one of another tableau sharing a symbol with it
        kinds = m.group(1).split(" or ")
        return [{"op": "swap_two", "first": "any", "same": ["either" if len(kinds) == 2 else kinds[0]]}]
    m = _EACH_SELLS.fullmatch(text)
    if m:  # each of them sells one of their own, in turn order (the dollars are theirs)
        return [{"op": "sell_card", "from": "tableau", "face": "up", "who": "each_other", "face_up": number(m.group(2))}]
    if _INSERT_ANY.fullmatch(text):
        if text.startswith("you may "):
            effect["optional"] = True
        return [{"op": "insert_any"}]
    if _PLACE_DOWN.fullmatch(text):
        last["ref"] = "placed"
        return [{"op": "place_down_in", "player": "opponent"}]
    m = _REPLACE.fullmatch(text)
    if m:
        return [{"op": "replace_with_this"}]
    m = _RETURN_REPLACE.fullmatch(text)
    if m:  # "Discard a Card": "discarded to the owner's Binder"; this card then takes its slot
        cmp = "<=" if m.group(2) in ("lower", "less") else ">="
        return [{"op": "replace_with_this", "filter": {"star": {"cmp": cmp, "value": number(m.group(1))}}}]
    if re.fullmatch(r"add this (?:card|single) to your hand", text):  # to the hand of the player using it, theirs now
        return [{"op": "to_hand", "target": {"player": "self", "pick": "this"}, "to": "self"}]
    return None


#: RP for each dollar a sale just paid, or equal to the Star Ratings of the cards sold
_SALE_RP = re.compile(rf"gain (?:({NUMBER}) rp (?:for each|per) dollar (?:gained|you gained|gained this way)|rp equal to "
                      r"the star rating of (?:the )?cards? sold (?:in )?this way)")
_OWNERSHIP = re.compile(r"(?:they|that player) gains? ownership of (?:it|this card)")


def read_sentence_positions(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks this module about; False when ``s`` is none of these. RP
    for the dollars a sale just before paid (the sold cards' printed Star Ratings: ``those_stars``);
    "They gain ownership of it" after ``insert_any`` (the card is theirs: ``give``)."""
    m = _SALE_RP.fullmatch(s)
    if m and ops and ops[-1]["op"] == "sell_card":
        ops.append({"op": "gain_rp", "amount": number(m.group(1)) if m.group(1) else 1, "per": {"count": "those_stars"}})
        return True
    if _OWNERSHIP.fullmatch(s) and ops and ops[-1]["op"] == "insert_any" and not ops[-1].get("give"):
        ops[-1]["give"] = True
        return True
    return False


__all__ = ["printed_positions", "read_clause_positions", "read_condition_positions", "read_continuous_sentence_positions",
           "read_sentence_positions", "reword_positions"]
