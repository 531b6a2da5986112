"""More phrase shapes of printed Millennium Blades text (issue 26.2, second batch): a Next effect
that gives the next card a Play effect, taking the top cards of the Store ("the Store or Core
deck"), playing a card from your hand as part of an effect, moving a card to the right end of its
tableau, the left-most face-up card of your tableau, comparing RP with the players beside you, a
Play effect that starts a lasting trigger. ``clauses.py``, ``conditions.py`` and ``text.py`` ask
these readers once their own grammar has no reading; each returns ``None`` when it has none
either, so the phrase stays "not understood". The engine side is ``ops_more_b.py``;
docs/effects-millennium-blades.md, "More shapes (second batch)", has an original example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import MULTIPLE, NUMBER, THAT_CARD, Unread, number

#: "the Store or Core deck", "the Core deck", "the Store": the Store deck (docs/rules-notes.md,
#: "The Core deck": the Core Set is shuffled into the Store, "Set Selection" 2)
_STORE_DECK = r"the (?:store(?: deck)?|core deck|store or core deck|store deck or core deck)"
_GAIN_STORE = re.compile(rf"(?:gain|take|draw) the top (?:card|({NUMBER}) cards) of {_STORE_DECK}(?: (?:to|into) your hand)?")
#: "it has "Play: ...."" after "If the next card you play is ...": the quoted Play text
_GRANTED_PLAY = re.compile(r"(?:it|that card|the next card you play) (?:has|gains) \"?play: (.+?)\.?\"?")
_PLAY_FROM_HAND = re.compile(r"play (?:a|one) (?:card|single) from your hand(?: into your tableau)?( and flip it)?")
_TO_RIGHT_END = re.compile(r"(?:pick up|take|move) (?:any|a|one) (?:card|single) in any tableau and (?:place|put|move) "
                           r"it (?:in|into|to) the (?:right-?most|right-most) (?:slot|spot) of its owner's tableau")
_END_CARD = re.compile(r"flip (?:the|your) (left|right)-?most face-up (?:card|single)(?: in your tableau)?")


def read_granted_play(text: str, timing: str, effect: dict, ref: str | None) -> list[dict] | None:
    """"If the next card you play is ..., it has "Play: ..."": the quoted Play text, read whole
    (its own "then" is its own) for ``text.clauses``; ``None`` when ``text`` is not one. The next
    card "has" the Play effect: it resolves as this Next effect does, as that card is played
    (rules notes, "A Play effect a Next effect gives")."""
    from rules.millennium_blades.text import clauses  # text asks this module

    m = _GRANTED_PLAY.fullmatch(text)
    if m is None or ref != "next_played" or timing != "next":
        return None
    token = THAT_CARD.set("revealed")
    try:
        return clauses(m.group(1), "play", effect)
    finally:
        THAT_CARD.reset(token)


def read_early_b(text: str, last: dict) -> list[dict] | None:
    """Clauses ``clauses.read_clause`` asks before its own readings (which would refuse them): "Flip
    the leftmost face-up card in your tableau" ("Tableau": cards sit in slots from left to right),
    "Flip this card and all your cards to its left", "Each player loses half of their RP",
    "Put two +1 STAR Tokens on this card for each ..."; ``None`` if not one."""
    from rules.millennium_blades.phrases import read_count, read_target

    m = _END_CARD.fullmatch(text)
    if m:
        return [{"op": "flip", "target": {"player": "self", "pick": f"{m.group(1)}most"}}]
    m = re.fullmatch(r"(all players|each player|every player|each opponent|all opponents|you) (?:must )?loses? half "
                     r"(?:of )?(?:their|your) (?:rp|ranking points)(?:,? rounded (up|down))?", text)
    if m:  # "rounded up" unless it says down (rules notes, "Half of their RP")
        who = {"you": "self", "each opponent": "each_opponent", "all opponents": "each_opponent"}.get(m.group(1), "each")
        return [{"op": "lose_half_rp", "who": who, "round": m.group(2) or "up"}]
    m = re.fullmatch(r"flip this(?: card)? and all (?:of )?your cards to (?:the left of this one|its left)"
                     r"(,? but do not activate any flip effects)?", text)
    if m:  # this card, then every face-up card left of it ("Tableau")
        extra = {"no_flip_effects": True} if m.group(1) else {}
        return [{"op": "flip", "target": {"player": "self", "pick": "this"}, **extra},
                {"op": "flip", "target": {"player": "self", "pick": "all", "filter": {"where": "left_of", "face": "up"}},
                 **extra}]
    m = re.fullmatch(rf"the next card you (?:play (?:in your tableau|this turn)|put into play(?: this turn)?) "
                     rf"(comes into play with {NUMBER} "
                     r"\+1 star tokens?(?: on it)?)", text)
    if m:  # "the next card you play in your tableau", "... you put into play": the next card played
        from rules.millennium_blades.clauses import read_clause

        return read_clause(f"the next card you play {m.group(1)}", "next", {}, last)
    m = re.fullmatch(rf"discard ({NUMBER}) (cards?|singles?) from (?:his or her|their|his|her) hand", text)
    if m:  # a clash result's player: their own hand (market_phrases.sentence_wording)
        from rules.millennium_blades.clauses import read_clause

        return read_clause(f"discard {m.group(1)} {m.group(2)} from your hand", "play", {}, last)
    if re.fullmatch(r"swap the positions? of (?:2|two) (?:face-up )?cards in your tableau", text):
        return [{"op": "swap"}]
    m = re.fullmatch(rf"gain rp equal to (?:({MULTIPLE}) )?the combined star(?: ratings?|s)? of "
                     r"(?:those|these|the swapped) cards", text)
    if m:  # the cards the effect just moved ("those cards": swapped, added)
        return [{"op": "gain_rp", "amount": number(m.group(1)) if m.group(1) else 1, "per": {"count": "those_stars"}}]
    m = re.fullmatch(r"choose (an opponent|a player), (that player (?:must )?flips? .+)", text)
    if m:  # "Choose a player, that player flips a card in their tableau"
        from rules.millennium_blades.clauses import read_clause

        chosen = read_clause(f"choose {m.group(1)}", "play", {}, last)
        return chosen + read_clause(re.sub(r"(that player) must flip ", r"\1 flips ", m.group(2)), "play", {}, last)
    choice = _read_choice(text, last)
    if choice is not None:
        return choice
    if re.fullmatch(r"flip (?:their|his or her|his|her) top card", text):  # an option's chooser: their own
        return [{"op": "flip", "target": {"player": "self", "pick": "top"}}]
    m = re.fullmatch(r"flip (that card|it|this card) and (that card|it|this card)", text)
    if m and m.group(1) != m.group(2):  # "flip that card and this card": the card played, then this one
        from rules.millennium_blades.phrases import read_target

        return [{"op": "flip", "target": read_target(m.group(i), last.get("ref"))} for i in (1, 2)]
    m = re.fullmatch(rf"put ({NUMBER}) \+1 star tokens? on (.+?) (?:for each|per|for every) (.+)", text)
    if m:
        return [{"op": "star_tokens", "amount": number(m.group(1)), "target": read_target(m.group(2), last.get("ref")),
                 "per": read_count(m.group(3))}]
    return None


def read_count_b(text: str) -> dict | None:
    """A COUNT of this module's shapes for ``phrases.read_count``: "other players' Friendship
    cards you have" (rules notes, "Friendship cards"); ``None`` when not one."""
    if re.fullmatch(r"(?:each )?other players?'?s?'? friendship cards? you (?:have|hold)", text):
        return {"count": "friendship_cards"}
    if re.fullmatch(r"cards? revealed (?:with|by) this card's (?:[a-z]+ )?(?:ability|effect)", text):
        return {"count": "revealed_by_this"}  # the cards this card's last reveal showed (rules notes)
    if re.fullmatch(r"(?:each )?other players? you have (?:a )?friendship(?: cards?)? from", text):
        return {"count": "friendship_givers"}
    if re.fullmatch(r"(?:each )?opponents? (?:who |that )?you (?:don't|do not) have any friendship cards? from", text):
        return {"count": "friendship_strangers"}
    return None


_CHOOSERS = {"each other player": "each_other", "all other players": "each_other", "each opponent": "each_opponent",
             "each player": "each", "each player with more rp than you": "each_other", "that player": "that_player",
             "you": "self"}
_CHOOSER_RE = "|".join(sorted(map(re.escape, _CHOOSERS), key=len, reverse=True))
_OPTION = r"(?:they |you )?(?:flip|discard|lose|gain)s? .+"


def _read_choice(text: str, last: dict) -> list[dict] | None:
    """"Each other player must lose 5 RP, or discard a card", "Each opponent must choose one: they
    lose 4 RP, or you gain 5 RP", "Choose one: gain 3 Dollars, or discard this card to your binder":
    each such player chooses one option and does it as their own ("you" in an option is still the
    effect's player); an option they cannot do is not offered (rules notes, "Either ... or, for
    each player")."""
    text = re.sub(r"^choose one: ", "you choose one: ", text)
    m = re.fullmatch(rf"({_CHOOSER_RE})(?: must)?(?: choose one:| either)? ({_OPTION}?),? or ({_OPTION})", text)
    if m is None:
        return None
    if re.fullmatch(r"those (?:unable to|who cannot) .+", text):
        return None
    options = [_option_b(m.group(2), last), _option_b(m.group(3), last)]
    who = _CHOOSERS[m.group(1)]
    if who == "self":
        return [{"op": "either", "who": "self", "options": options}]
    op: dict = {"op": "each_either", "who": who, "options": options}
    if m.group(1) == "each player with more rp than you":
        op["richer"] = True
    return [op]


def _option_b(text: str, last: dict) -> list[dict]:
    """One option, read as what the choosing player does ("their tableau" is theirs)."""
    from rules.millennium_blades.clauses import read_clause

    you = text.startswith("you ")
    text = re.sub(r"^(?:they|you) ", "", text)
    text = re.sub(r"^(flip|discard|lose|gain)s\b", r"\1", text)
    text = re.sub(r"\btheir (tableau|top card|hand)\b", r"your \1", text)
    m = re.fullmatch(rf"flip ({NUMBER}) cards? in your tableau", text)
    if m and number(m.group(1)) > 1:  # all of them, or "you did" not (market_phrases: flip_n)
        return [{"op": "flip_n", "amount": number(m.group(1))}]
    if m:
        text = "flip a card in your tableau"
    m = re.fullmatch(rf"discard ({NUMBER}) cards?", text)
    if m:
        text = f"discard {m.group(1)} card from your hand"
    ops = read_clause(text, "play", {}, dict(last))
    if you:  # the effect's player, not the chooser
        for op in ops:
            if op["op"] not in ("gain_rp", "lose_rp", "gain_money"):
                raise Unread(text, "what you do in another player's option")
            op["who"] = "that_player"
    return ops


def read_clause_b(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this module's shapes for ``clauses.read_clause``; ``None`` when not one."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    m = _GAIN_STORE.fullmatch(text)
    if m:  # the cards go to your hand; "its STAR" is the (last) card gained
        last["ref"] = "revealed"
        THAT_CARD.set("revealed")
        amount = number(m.group(1)) if m.group(1) else 1
        last["gained"] = amount == 1  # "then play it": that card, in the hand (phrases_zones2.py)
        return [{"op": "gain_store", "amount": amount}]
    m = _PLAY_FROM_HAND.fullmatch(text)
    if m:  # not the turn's Single; "it" is the card played (rules notes, "Playing a card from an effect")
        last["ref"] = "played"
        THAT_CARD.set("played")
        ops: list[dict] = [{"op": "play_from_hand"}]
        if m.group(1):
            ops.append({"op": "flip", "target": {"player": "self", "pick": "played"}})
        return ops
    m = re.fullmatch(r"put (.+? \+1 star tokens?) to (.+)", text)
    if m:  # "add a +1 STAR Token to a card": put it on the card
        return read_clause(f"put {m.group(1)} on {m.group(2)}", timing, effect, last)
    if re.fullmatch(r"move this card to the right-?most (?:spot|slot) (?:in|of) your tableau", text):
        last["ref"] = "this"  # "If you moved it": it was not there already (rules notes)
        return [{"op": "move_to_end", "target": {"player": "self", "pick": "this"}}]
    if _TO_RIGHT_END.fullmatch(text):  # a face-up card ("effects cannot target face-down cards")
        return [{"op": "move_to_end", "target": {"player": "any", "pick": "choice", "filter": {"face": "up"}}}]
    m = re.fullmatch(r"(?:reveal|look at) (an opponent's|each opponent's|target opponent's) hand", text)
    if m:  # their hand shown to all; "revealed this way" counts its cards (those)
        return [{"op": "reveal_hand", "who": "each_opponent" if m.group(1).startswith("each") else "chosen_opponent"}]
    m = re.fullmatch(r"(each other player|each opponent|each player|all other players) (?:must )?reveals? all (?:the )?cards "
                     r"of that (attribute|type or element|element or type|type|element|set) in their hands?", text)
    if m:  # after "Choose an ELEMENT or TYPE": every such card in their hands, shown (rules notes)
        from rules.millennium_blades.market_phrases import CHOSEN

        if not CHOSEN.get():
            return None
        who = {"each player": "each"}.get(m.group(1), "each_other")
        return [{"op": "reveal_hand", "who": who, "filter": {"chosen": True}}]
    if re.fullmatch(r"those (?:unable to|who cannot) flip a card must choose to lose rp", text):
        return []  # the reminder of an "or lose RP" choice: what each_either does
    m = re.fullmatch(r"(.+?),? then,? (.+)", text)
    if m:  # "Discard this card to your binder, then play one single ...": the two in order
        return read_clause(m.group(1), timing, effect, last) + read_clause(m.group(2), timing, effect, last)
    return None


#: "the player to your left" is the next player in turn order ("passing clockwise"), the one to
#: your right the player before you (rules notes, "Left and right")
_NEIGHBOUR_RP = re.compile(r"the player (?:to |on )?(?:your )+(left|right) has (more|less|fewer) (?:rp|ranking points) "
                           r"than you(?: do)?")


def read_event_b(text: str) -> dict | None:
    """A trigger event for ``phrases.read_event``: "another players plays a FIRE card" (read as
    "another player"), "a SOLDIER card is played" (by any player); ``None`` when not one."""
    from rules.millennium_blades.phrases import read_event

    if re.fullmatch(r"you discard (?:one or more|a|any|any number of) cards?(?: from your hand)?", text):  # (number: v)
        return {"event": "discard"}  # once for each discard effect (rules notes, "Discarding")
    m = re.fullmatch(r"another players (?:plays?) (.+)", text)
    if m:
        return read_event(f"another player plays {m.group(1)}")
    m = re.fullmatch(r"(an? .+?) (?:is|comes into) play(?:ed)?", text)
    if m:
        return read_event(f"a player plays {m.group(1)}")
    return None


def read_condition_b(text: str) -> dict | None:
    """A condition of this module's shapes for ``conditions.read_condition``; ``None`` if not one."""
    if re.fullmatch(r"you moved (?:it|this card|that card)", text):  # the move just before happened
        return {"test": "did"}
    m = re.fullmatch(r"all (other )?cards in your tableau are face-down", text)
    if m:  # no face-up card (but this one)
        flt = {"face": "up", **({"where": "other"} if m.group(1) else {})}
        return {"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": flt}, "cmp": "==", "value": 0}
    if re.fullmatch(r"you have none of your own friendship cards left", text):  # all given away
        return {"test": "count", "of": {"count": "friendship_left"}, "cmp": "==", "value": 0}
    m = _NEIGHBOUR_RP.fullmatch(text)
    if m:
        return {"test": "neighbour_rp", "side": m.group(1), "cmp": ">" if m.group(2) == "more" else "<"}
    if re.fullmatch(r"(?:after this,? )?you have the (?:least|fewest|lowest) (?:rp|ranking points)(?: among all players)?",
                    text):  # no player has fewer (a tie for the least counts: rules notes)
        return {"test": "least_rp"}
    return None


def read_card_rule_b(sentence: str) -> list[dict] | None:
    """A rule of the card itself with no timing word, for ``special_text.read_untimed``: "You can't
    play this card if there are already four cards in your tableau" (its play condition: the
    opposite holds); ``None`` when not one."""
    from rules.millennium_blades.conditions import read_condition  # conditions reads phrases, as this does

    m = re.fullmatch(r"you (?:cannot|can't|can not) play this card if (.+)", sentence)
    if m is None:
        return None
    held = re.fullmatch(rf"there (?:are|is) already ({NUMBER}) (.+)", m.group(1))
    if held:  # "already four cards": four or more
        from rules.millennium_blades.phrases import read_count

        cond = {"test": "count", "of": read_count(held.group(2)), "cmp": ">=", "value": number(held.group(1))}
    else:
        cond = read_condition(m.group(1))
    return [{"op": "play_condition", "condition": {"test": "not", "of": cond}}]


#: a card that may get Sell Markers as it comes into play and loses one instead of an opponent's flip
_SELL_MARKER_SHIELD = re.compile(rf"when this (?:card )?comes into play, you may put ({NUMBER}) sell markers? on it\. "
                                 r"if (?:it|this card) would be flipped by (?:an opponent's effect|"
                                 r"an effect an opponent controls|opponents' effects), remove a sell marker from it instead")


def read_sell_marker_shield(low: str, timing: str) -> list[dict] | None:
    """An Ongoing text that replaces a flip of its card while it has a Sell Marker put on it as it
    came into play (rules notes, "Sell Markers in a tournament"): ``sell_marker_shield``; ``None``
    when ``low`` is not one. (A +1 STAR token lost instead of a flip: ``token_guard``,
    phrases_more_a.py.)"""
    m = _SELL_MARKER_SHIELD.fullmatch(low.rstrip("."))
    if m is None or timing != "ongoing":
        return None
    amount = number(m.group(1))
    return [{"op": "sell_marker_shield", **({"amount": amount} if amount != 1 else {})}]


def play_trigger_lasts(effect: dict, when: str) -> bool:
    """"Play: Whenever there is a clash, put a +1 STAR Token on this card": a Play effect that
    starts a trigger that lasts; read as the card's Ongoing trigger, working while the card is
    face-up (rules notes, "A Play effect that says whenever"). True when ``effect`` is one."""
    if effect["timing"] != "play" or when != "whenever":
        return False
    effect["timing"] = "ongoing"
    return True


__all__ = ["play_trigger_lasts", "read_card_rule_b", "read_clause_b", "read_condition_b", "read_count_b", "read_early_b",
           "read_event_b", "read_granted_play", "read_sell_marker_shield"]
