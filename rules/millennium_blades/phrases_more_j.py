"""More phrase shapes of printed MB card text (issue 26.2, batch j): cards moving between zones.
Each player in turn from you, clockwise, doing the same thing ("starting with you and going
clockwise"); a card move done once for each of a count ("... for every 50 RP you have", "for each
player"); the top cards of the Store (or a card of the Aftermarket) picked up and one of them played
at once, the rest to the Aftermarket; cards returned from the hand to the box; and a card's own
effect when it is discarded from its owner's hand. ``clauses.py``, ``phrases.read_count`` and
``special_text.read_untimed`` ask these readers once their own grammar has no reading; each
returns ``None`` when it has none either, so the phrase stays "not understood". The engine side is
``ops_more_j.py``; docs/effects-millennium-blades.md, "More shapes, batch j", has an original
example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, THAT_CARD, Unread, number

#: "starting with you and going clockwise" ("Sarting", as one printing spells it); "moving left" too
_CLOCKWISE = re.compile(r"s(?:t)?arting with you(?:rself)? and (?:going|moving) (?:clockwise|left), "
                        r"(?:each|every) player (.+)")
_STORE = r"the store(?: deck)?"
#: "pick up (reveal) the top N cards of the Store, (and) play one (of them) immediately"
_PICK_STORE = re.compile(rf"(?:pick up|reveal|take) the top ({NUMBER}) cards of {_STORE},? (?:and )?play one"
                         r"(?: of them)? immediately"
                         r"(?: and (?:discard|put) the (?:rest|others|other cards) (?:in)?to the aftermarket)?")
_PICK_AFTERMARKET = re.compile(r"(?:pick up|take) a card from the aftermarket and play it immediately")
_REST = re.compile(r"(?:discard|put) the (?:rest|others|other cards|remaining cards) (?:in)?to the aftermarket")
#: "swap a card in your hand with a (MAGE) card in their hand (and steal ...)"
_SWAP = re.compile(r"swap (?:a|one) card (?:in|from) your hand with (an? .+?) (?:in|from) (?:their|that player's|"
                   r"his or her) hand(?: and (steal .+))?")
#: RP equal to (a multiple of) the Star Ratings of the cards just revealed
_THOSE_STARS = re.compile(rf"(gain|lose) rp equal to (?:({NUMBER} times|twice) )?(?:(the combined star rating of "
                          r"(?:those|these|the revealed) cards)|their(?: combined)? star rating)")
#: "return a card (up to N cards) from (in) your hand to the box"
_TO_BOX = re.compile(rf"return (up to )?({NUMBER}) cards? (?:from|in) your hand to the box"
                     rf"(?: to gain ({NUMBER}) (?:rp|ranking points) (?:for )?each)?")


def _cards_of(text: str) -> dict:
    """"face-up cards in your tableau": the zone and the FILTER of those cards, face-up only (a
    face-down card has no Star Rating: "Face-Down Cards")."""
    from rules.millennium_blades.phrases import whole_card_phrase

    flt, zone = whole_card_phrase(text)
    return {"zone": zone, "filter": {**flt, "face": "up"}}


def _have(text: str) -> dict | None:
    """"you have <text>" as a condition, or ``None`` when it does not read as one."""
    from rules.millennium_blades.conditions import read_condition

    if not re.match(r"(?:no|\d+|a|an|one|two|three|four|five|six|exactly|at least|only) ", text):
        return None
    try:
        return read_condition(f"you have {text}")
    except Unread:
        return None


def _their_own(text: str) -> str:
    """What "each player" does, said as "you" do it: "adds a card ... to their hand" -> "add a card
    ... to your hand"."""
    verb = text.split(" ", 1)[0]
    base = {"adds": "add", "gains": "gain", "takes": "take", "discards": "discard", "draws": "draw",
            "puts": "put", "flips": "flip", "reveals": "reveal", "chooses": "choose", "plays": "play"}.get(verb)
    if base is None:
        raise Unread(text, "what each player does")
    rest = text[len(verb):]
    return base + re.sub(r"\b(?:their|his or her) (hand|binder|tableau)s?\b", r"your \1", rest)


def read_clause_j(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this module's shapes for ``clauses.read_clause``; ``None`` when not one."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    m = _CLOCKWISE.fullmatch(text)
    if m:  # each player in turn, from you clockwise ("Tournament Turns": play goes clockwise)
        return [{"op": "clockwise", "ops": read_clause(_their_own(m.group(1)), timing, effect, {"ref": None})}]
    m = _PICK_STORE.fullmatch(text)
    if m:
        last["pick_play"] = op = {"op": "pick_play", "from": "store", "amount": number(m.group(1))}
        if text.endswith("aftermarket"):
            op["rest"] = "aftermarket"
        return [op]
    if _PICK_AFTERMARKET.fullmatch(text):
        return [{"op": "pick_play", "from": "aftermarket", "amount": 1}]
    if _REST.fullmatch(text):  # the cards of a pick_play not played
        if "pick_play" in last:
            last["pick_play"]["rest"] = "aftermarket"
            return []
        return [{"op": "rest_to_aftermarket"}]
    m = re.fullmatch(r"(.+?),? (?:then )?((?:pick up|reveal|take) (?:the top|a card from) .+ immediately.*)", text)
    if m and (_PICK_STORE.fullmatch(m.group(2)) or _PICK_AFTERMARKET.fullmatch(m.group(2))):
        # a clause, then the pick-up, as printed: each read in its order
        return read_clause(m.group(1), timing, effect, last) + read_clause(m.group(2), timing, effect, last)
    m = re.fullmatch(rf"add ({NUMBER}) cards? from the top of {_STORE} (?:in)?to the aftermarket", text)
    if m:  # as "add the top N cards of the Store to the Aftermarket"
        return [{"op": "store_to_aftermarket", "amount": number(m.group(1))}]
    m = re.fullmatch(r"(?:discard|return) this card from your tableau(?: to your binder)?(?: and (.+))?", text)
    if m:  # "Discard a Card": from play to its owner's binder; then what the card says next
        rest = read_clause(m.group(1), timing, effect, last) if m.group(1) else []
        return [{"op": "discard_self"}, *rest]
    if re.fullmatch(r"play a (?:random card|card at random|card chosen at random) from your binder|"
                    r"play a random card from your binder", text):
        return [{"op": "play_random_binder"}]  # "it" is the card played
    if re.fullmatch(r"(?:put|place|play) a card from your hand face-down (?:in)?to your tableau", text):
        return [{"op": "hand_to_tableau_down"}]
    m = re.fullmatch(rf"reveal the top ({NUMBER}) cards of {_STORE}", text)
    if m:  # each as a single revealed Store card goes: into the Aftermarket ("Clashing")
        THAT_CARD.set("revealed")
        last["revealed_top"] = True  # "their STAR" later in the sentence: those cards'
        return [{"op": "reveal_top", "amount": number(m.group(1))}]
    m = re.fullmatch(r"(?:put|add) (those cards|them|the revealed cards|all of them|one of them) (?:in)?to your hand"
                     r"(?: afterwards?)?", text)
    if m:  # the cards this effect revealed (or added to the Aftermarket), still there
        return [{"op": "those_to_hand", **({"amount": 1} if m.group(1) == "one of them" else {})}]
    m = re.fullmatch(r"(you may )?put (one of (?:these|those|them|the) cards|the others|the other cards|the rest) "
                     r"(?:back )?on top(?: of the store(?: deck)?)?( in any order)?", text)
    if m:  # back on the Store, on top; several: in the order the player puts them
        if m.group(1) and not m.group(2).startswith("one"):
            return None
        return [{"op": "those_to_top", **({"amount": 1, "optional": True} if m.group(1) else {})}]
    m = re.fullmatch(r"you may discard it to the aftermarket to (.+?),? otherwise (?:place|put) it back on top"
                     rf"(?: of {_STORE})?", text)
    if m:  # a revealed Store card is in the Aftermarket already ("Clashing"): kept there, or back on top
        gain = read_clause(m.group(1), timing, effect, last)
        return [{"op": "either", "who": "self", "options": [gain, [{"op": "revealed_to_top"}]]}]
    m = re.fullmatch(r"([^,]+), and ([^,]+), (.+)", text)
    if m and _have(m.group(1)) and _have(m.group(2)):
        # the last two of "If you have A, B, and C, ...": the sentence's "if" read A; these must hold too
        return [{"op": "if", "condition": {"test": "all", "of": [_have(m.group(1)), _have(m.group(2))]},
                 "then": read_clause(m.group(3), timing, effect, last)}]
    m = re.fullmatch(rf"discard up to ({NUMBER}) cards with different (types|elements) from your hand", text)
    if m:  # no two of them share a type (element)
        return [{"op": "discard_distinct", "amount": number(m.group(1)), "what": m.group(2)[:-1]}]
    m = re.fullmatch(r"you may (.+)", text)
    if m:  # the rest of the clause list joins it ("you may add it to your hand and gain 10 RP")
        last["may"] = op = {"op": "may", "ops": read_clause(m.group(1), timing, effect, last)}
        return [op]
    m = re.fullmatch(r"discard any number of cards(?: from your hand)?(?: to your binder)?", text)
    if m:  # "Discard a Card": to the binder; as many as the player wants, none too
        return [{"op": "discard_any"}]
    m = re.fullmatch(rf"draw that many cards(?: plus ({NUMBER}))? from the top of {_STORE}", text)
    if m:  # as many as "those cards" (the ones just discarded), and N more
        return [{"op": "draw_that_many", "plus": number(m.group(1)) if m.group(1) else 0}]
    m = re.fullmatch(r"(?:every|each) player who has (\d+) (?:rp|ranking points) after this (.+)", text)
    if m:  # their RP as it is now, after what came before (phrases_more_e: players by RP)
        return read_clause(f"each player with exactly {m.group(1)} rp {m.group(2)}", timing, effect, last)
    m = re.fullmatch(rf"discard the top (?:card|({NUMBER}) cards) of {_STORE} to the store discard", text)
    if m:  # "it" is the (last) card discarded
        THAT_CARD.set("revealed")
        last["ref"] = "revealed"
        return [{"op": "store_to_discard", "amount": number(m.group(1)) if m.group(1) else 1}]
    m = re.fullmatch(r"activate any (play|flip|score|action) effects? (?:on|of) (?:the|that) card", text)
    if m:  # every such effect of the card just named ("it")
        return read_clause(f"activate all {m.group(1)} effects on it", timing, effect, last)
    m = _SWAP.fullmatch(text)
    if m:  # with the player whose hand was just revealed (or chosen): "that player"
        from rules.millennium_blades.phrases import card_phrase

        flt, _zone, left = card_phrase(m.group(1))
        if left:
            raise Unread(left, "the card of their hand")
        THAT_CARD.set("taken")
        last["ref"] = "taken"
        steal = read_clause(m.group(2), timing, effect, last) if m.group(2) else []
        return [{"op": "swap_hand", **({"filter": flt} if flt else {})}, *steal]
    m = _TO_BOX.fullmatch(text)
    if m:  # "Discards": "to the Box" is out of the game for good
        THAT_CARD.set("revealed")
        last["ref"] = "revealed"
        op = {"op": "to_box", "amount": number(m.group(2)), **({"up_to": True} if m.group(1) else {})}
        gain = [{"op": "gain_rp", "amount": number(m.group(3)), "per": {"count": "those_count"}}] if m.group(3) else []
        return [op, *gain]
    return None


def read_early_j(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """Asked before ``clauses.read_clause``'s own readings (which would refuse these): RP equal to
    the Star Ratings of the cards just revealed ("two times" too), and "<a card move> for each
    (every) <count>": the move once per thing counted, each time a choice of its own; ``None`` when
    the clause is neither."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module
    from rules.millennium_blades.phrases import read_count

    if "may" in last:  # after "you may ...": what follows in the clause list is part of it
        inner = {key: value for key, value in last.items() if key != "may"}
        ops = read_clause(text, timing, effect, inner)
        last.update(inner)
        last["may"]["ops"].extend(ops)
        return []
    m = re.fullmatch(rf"(gain|lose) rp equal to (?:({NUMBER} times|twice) )?the star(?: rating)? of the card (?:gained|taken)",
                     text)
    if m:  # the card an effect just took into your hand (swap_hand: the one from their hand)
        return [{"op": f"{m.group(1)}_rp", "amount": number(m.group(2)) if m.group(2) else 1,
                 "per": {"count": "star", "card": "taken"}}]
    m = re.fullmatch(rf"(gain|lose) rp equal to (?:({NUMBER} times|twice) )?the star(?: rating)? of your "
                     r"(left|right)-?most face-up (?:card|single)(?:, up to (\d+) (?:rp|ranking points))?", text)
    if m:  # your face-up card nearest that end of the tableau; none: 0
        op = {"op": f"{m.group(1)}_rp", "amount": number(m.group(2)) if m.group(2) else 1,
              "per": {"count": "edge_star", "side": m.group(3)}}
        return [{**op, "max": int(m.group(4))} if m.group(4) else op]
    m = re.fullmatch(r"for every (\d+) star(?: rating)? of (.+?) ?, (gain|lose) (\d+) (?:rp|ranking points)"
                     r"(?:, up to (\d+) (?:rp|ranking points))?", text)
    if m:  # whole steps of N STAR among those cards, rounded down
        count = {"count": "star_steps", "every": int(m.group(1)), **_cards_of(m.group(2))}
        op = {"op": f"{m.group(3)}_rp", "amount": int(m.group(4)), "per": count}
        return [{**op, "max": int(m.group(5))} if m.group(5) else op]
    m = re.fullmatch(rf"(gain|lose) rp equal to (?:({NUMBER} times|twice) )?the difference between the highest and "
                     r"lowest star(?: rating)? (?:among|of) (.+?)(?:, up to (\d+) (?:rp|ranking points))?", text)
    if m:  # the highest Star Rating less the lowest, among those face-up cards; none: 0
        count = {"count": "star_spread", **_cards_of(m.group(3))}
        op = {"op": f"{m.group(1)}_rp", "amount": number(m.group(2)) if m.group(2) else 1, "per": count}
        return [{**op, "max": int(m.group(4))} if m.group(4) else op]
    m = _THOSE_STARS.fullmatch(text)
    if m and (m.group(3) or last.get("revealed_top")):  # the Star Ratings of the cards this effect revealed
        times = number(m.group(2)) if m.group(2) else 1
        return [{"op": f"{m.group(1)}_rp", "amount": times, "per": {"count": "those_stars"}}]
    m = re.fullmatch(r"((?:add|gain|take|put|draw) (?:a|one|1) card .+?) for (?:each|every) (.+)", text)
    if m is None:
        return None
    try:
        count = read_count(m.group(2))
    except Unread:
        return None
    ops = read_clause(m.group(1), timing, effect, last)
    if any(op["op"] in ("gain_rp", "lose_rp", "gain_money") for op in ops):
        return None
    return [{"op": "repeat", "per": count, "ops": ops}]


def read_count_j(text: str) -> dict | None:
    """A COUNT for ``phrases.read_count``: the players still in the tournament, you too."""
    if re.fullmatch(r"(?:each |every )?players?(?: in the (?:game|tournament))?", text):
        return {"count": "players"}
    m = re.fullmatch(r"different face-up (sets?|star ratings?|elements?|types?) in your tableau", text)
    if m:  # "a different face-up SET": one among the face-up cards ("Face-Down Cards": they have none)
        from rules.millennium_blades.phrases import read_count

        return read_count(f"different {m.group(1)} among face-up cards in your tableau")
    m = re.fullmatch(r"(play|flip|score|ongoing|top|next|action|reaction) effects? (?:among|on|of) (?:the )?face-up "
                     r"(?:cards|singles) in your tableau", text)
    if m:  # the printed effects of that timing word, one per effect ("Effects on Cards")
        return {"count": "effects", "timing": m.group(1)}
    m = re.fullmatch(r"(\d+) rp you have", text)
    if m:  # whole steps of N RP (ops_more_e: rp_steps)
        return {"count": "rp_steps", "every": int(m.group(1))}
    return None


#: "When (Whenever) you discard this card from your hand, ...": the card's own effect, from the hand
_SELF_DISCARD = re.compile(r"(?:when|whenever|each time|if) you discard this card from your hand, (.+)")
_SELF_DISCARD_AFTER = re.compile(r"(.+?),? (?:when|whenever|each time|if) you discard this card from your hand")


def read_untimed_j(text: str) -> dict | None:
    """An untimed segment that triggers when its own card is discarded from its owner's hand (an
    effect with the trigger ``discarded_this``; ops_more_j: it works from the hand), or that makes the
    card every type and element while it is in the hand; ``None`` if not one."""
    from rules.millennium_blades.text import clauses, wording

    low = wording(text).rstrip(".")
    if re.fullmatch(r"this card is all (?:types and elements|elements and types) while it is in your hand", low):
        return {"timing": "ongoing", "ops": [{"op": "all_symbols_in_hand"}]}
    m = _SELF_DISCARD.fullmatch(low) or _SELF_DISCARD_AFTER.fullmatch(low)  # the gain first, or after
    if m is None:
        return None
    effect: dict = {"timing": "ongoing", "trigger": {"event": "discarded_this"}}
    effect["ops"] = clauses(m.group(1), "ongoing", effect)
    return effect


__all__ = ["read_clause_j", "read_count_j", "read_early_j", "read_untimed_j"]
