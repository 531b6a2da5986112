"""More shapes of printed text, batch "hands" (issue 26.2): hands, binders and Friendship cards during
a tournament. All cards of a kind taken from the opponents' hands and binders, all of their Dollars
stolen, each affected player sparing themselves at a price ("to prevent this effect from affecting
them"), the cards each opponent discarded counted, and Friendship cards (the whole game's) given,
taken, exchanged and returned (millennium-blades.txt, "Discard a Card", "YOUR FRIENDS", "GAME END";
docs/rules-notes.md, "MB: hands"). ``text.split_abilities``, ``text._sentences`` and
``clauses.read_clause`` ask these readers once their own grammar has no reading; each returns ``None``
(False) when it has none either. The engine side is ``ops_hands.py``.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import MULTIPLE, NUMBER, Unread, card_phrase, number

#: who picks the Friendship card (their choice, yours), printed in parentheses
_WHOSE_CHOICE = re.compile(r"\s*\((of (?:their|your|his or her) choice)\)", re.I)
#: after a swap of Friendship cards, a parenthetical that any two may be swapped, whatever they are worth
_ANY_VALUES = re.compile(r"\s*\(((?:the|their) values (?:need not|do not need to|don't need to) (?:be equal|match))\)", re.I)

_OPPONENTS = r"(?:all|each) (?:opponents?|other players?)"
_OPPONENTS_OF = r"(?:opponents'|other players'|each opponent's|each other player's|all opponents')"
#: "steal all of their Dollars from each other player" ("all opponents", "that player")
_STEAL_ALL = re.compile(rf"steal all (?:(?:of )?(?:their|the) )?dollars from ({_OPPONENTS}|that player|that opponent)")
#: "take all MYTH cards from other players' binders and hands into your hand"
_TAKE_ALL = re.compile(rf"(?:gain|take|add) all (.+?) (?:cards|singles) from {_OPPONENTS_OF} "
                       r"(hands and binders|binders and hands|hands|binders) (?:in)?to your hand")
#: "any opponent may lose 9 RP to prevent ... affecting them": the players the effect affects only
_PREVENT = re.compile(r"(?:each|any) (?:player|opponent|other player|affected player) may (.+?) to prevent this "
                      r"effect from affecting (?:them|that player|him or her)")
#: RP equal to the (combined, total) STAR of the cards they discarded, after each opponent's discard
_DISCARDED_STARS = re.compile(r"gain (?:rp|ranking points) equal to the (?:combined|total) star(?: ratings?|s)? of (?:all )?"
                              r"(?:the |those )?cards (?:discarded|they discarded)(?: this way)?")
#: a Friendship card of the chooser given to you (their own character's: "YOUR FRIENDS")
_GIVE_FRIENDSHIP = re.compile(r"give you (?:one of their|a|one) friendship cards?(?: of theirs)?")
#: a Friendship card of a player (one of theirs, of your choice) taken
_TAKE_FRIENDSHIP = re.compile(r"(?:take|gain) (?:any|a|one) friendship card (?:of your choice )?from (that player|"
                              r"that opponent|the loser)")
#: that player trades one of theirs (their pick, or yours) for one of your Friendship cards
_EXCHANGE_FRIENDSHIP = re.compile(r"(?:that opponent|that player|the loser) (?:must )?(?:exchange|swap|trade)s? one of "
                                  r"their friendship cards (of their choice )?for one of yours(?: of your choice)?")
#: one of your Friendship cards traded for any opponent's one, both your picks
_SWAP_FRIENDSHIP = re.compile(r"(?:swap|exchange|trade) one of your friendship cards (?:with|for) (?:another|an) "
                              r"(?:opponent's|player's) friendship card(?:,? (?:the|their) values (?:need not|do not need "
                              r"to|don't need to) (?:be equal|match))?")
#: one of the other players' Friendship cards you hold given back to its player
_RETURN_FRIENDSHIP = re.compile(r"return (?:a|another) player's friendship card (?:that )?you (?:have|hold) to "
                                r"(?:them|that player)")
#: then RP for N times that card's VP, and a card of that player flipped
_RETURN_THEN = re.compile(rf"(return .+?),? then gain (?:rp|ranking points) equal to ({NUMBER}) times the vp on (?:that|"
                          r"the returned) card(?:,? and (flip a card in their tableau))?")

#: after "Spend up to N Dollars": a card of the Core deck (batch b: the Store) for every M Dollars spent
_PER_SPENT = re.compile(rf"for (?:every|each) ({NUMBER}) dollars? (?:you )?(?:spend|spent),? (?:gain|draw|take) (?:an? |one )"
                        r"(?:core )?card from the (?:core deck|store(?: deck)?) (?:in)?to your hand")
#: then one of those cards shown, and what its STAR gives
_REVEAL_ONE_GAINED = re.compile(r"reveal (?:one|a) (?:card|of the cards) (?:gained|drawn|taken) (?:this way|with this effect)"
                                r",? (?:and|then) (.+)")

#: a card "with STAR equal to or less than" a count ("the number of cards revealed this turn")
_STAR_UP_TO_COUNT = re.compile(r"(.+?) with (?:a )?star(?: rating)? (?:equal to or (?:less|lower) than|less than or equal "
                               r"to|of at most|no (?:more|higher) than) the number of (.+)")
#: the cards effects revealed from hands this turn
_REVEALED_THIS_TURN = re.compile(r"cards (?:revealed|that were revealed)(?: from (?:players'|their) hands?)? this turn")
#: one of the cards this card's ability (Investigate) revealed, discarded
_DISCARD_REVEALED = re.compile(r"discard (?:one|a card) of the cards (?:revealed|you revealed|they revealed) (?:with|by) "
                               r"this card's(?: [a-z]+)? ability")
#: "if any cards were flipped (this way)": the effect's flips
_ANY_FLIPPED = re.compile(r"any cards? (?:were|was|are|is) flipped(?: this way| by this effect)?")

#: the cards just discarded ("it": the discard trigger's cards) put on this card, at most N on it
_ON_THIS = re.compile(rf"(?:place|put|attach) (?:it|them|that card|those cards) (?:on|onto|to) this (?:card|deck box|one)"
                      rf"(?:,? \(?max(?:imum)?\.? ({NUMBER}) cards?(?: on (?:it|this card))?\)?)?")
#: "the STAR of each card on this one" in a gain: the cards put on it (batch r's attached COUNT)
_EACH_ON_THIS = re.compile(r"\b(?:the )?star(?: rating)? of each card on this (?:one|card|deck box)\b")

#: "If you have the least RP at the end of scoring, <clause>": after every other Score effect
_LEAST_AT_END = re.compile(r"if you have the (?:least|fewest|lowest) (?:rp|ranking points) at the end of scoring,? (.+)")
#: "If other players tie with you for least RP, those players also gain N RP" after it
_TIED_ALSO = re.compile(rf"if (?:multiple|other|any other|any) players? (?:tie|are tied|is tied) with you for (?:the )?"
                        rf"(?:least|fewest|lowest) (?:rp|ranking points),? (?:those|these|they|that) players? (?:also )?"
                        rf"gains? ({NUMBER}) (?:rp|ranking points)(?: too| as well)?")

#: a face-up card of another tableau bought from its owner for (N times) its STAR in Dollars
_BUY = re.compile(rf"choose a face-up (?:card|single) in (?:another|an opponent's|another player's) tableau,? (?:and|then) "
                  rf"pay its owner (?:({MULTIPLE}) )?its star(?: rating)? in dollars")
#: then that card to your hand, and a clause about it (its STAR: the STAR paid for)
_TAKE_BOUGHT = re.compile(r"(?:add|put|take) (?:that|the chosen) card (?:in)?to your hand(?:,? (?:and|then) (.+))?")
#: RP for (N times) the STAR of the card bought
_BOUGHT_STARS = re.compile(rf"gain (?:(?:rp|ranking points) equal to (?:({MULTIPLE}) )?its star(?: rating)?|({NUMBER}) "
                           r"(?:rp|ranking points) (?:for each|per) star(?: rating)? it has)")

#: "... in its place (do not activate the Play effects)": the card put there does not resolve them
_NO_PLAY_EFFECTS = re.compile(r"(\bin its (?:place|slot)),?\s*\((do not|don't) activate (?:the|its) play effects\)", re.I)
#: this card back to your hand and another card of your hand put into play in its slot
_RETURN_SWAP = re.compile(r"(?:return this (?:card|single) to|put this (?:card|single) back (?:in|into)) your hand,? and put "
                          r"(?:another|a different) (?:card|single)(?: from your hand)? into play in its (?:place|slot),? "
                          r"without activating (?:the|its) play effects")

_TRAIT = r"(?:rarity|set|type|element)"
#: "they discard a card that matches that card's RARITY or SET, or reveal a hand with none"
_DISCARD_MATCHING = re.compile(rf"(?:they|that player|that opponent) (?:must )?discards? a (?:card|single) that (?:matches|"
                               rf"shares) (?:that card's|its|the played card's) ({_TRAIT}(?:(?:,? or |, ){_TRAIT})*),? or "
                               r"reveals? (?:a|their|his or her) hand with none")

#: a card of your own hand drawn blind and shown
_RANDOM_OWN = re.compile(r"reveal (?:a random card|a card at random|one random card) (?:from|in) your hand")

#: a card of your hand discarded to the Aftermarket ("Discard a Card": "unless another location is specified")
_DISCARD_TO_AFTERMARKET = re.compile(r"discard (?:a|one) (?:card|single) from your hand (?:to|into) the aftermarket")


def printed_hands(text: str) -> str:
    """Printed words before ``text.split_abilities`` judges parentheses: who picks a Friendship card
    (their choice, yours) and that any two of them may be swapped, whatever their values, are read as
    words of their sentence."""
    text = _WHOSE_CHOICE.sub(r" \1", text)
    text = _NO_PLAY_EFFECTS.sub(r"\1, without activating the play effects", text)
    return _ANY_VALUES.sub(r", \1", text)


def read_clause_hands(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of hands and Friendship cards; ``None`` when not one."""
    m = _STEAL_ALL.fullmatch(text)
    if m:
        who = "that_player" if m.group(1).startswith("that") else "each_opponent"
        return [{"op": "steal_all_money", "who": who}]
    m = _TAKE_ALL.fullmatch(text)
    if m:  # batch naming's take_from, every fitting card, for each opponent in turn (batch e's for_players)
        flt, _zone, rest = card_phrase(f"a {m.group(1)} card")
        if rest:
            raise Unread(rest, "after the cards taken from hands and binders")
        flt.pop("face", None)
        zones = [z for z in ("hand", "binder") if z in m.group(2)]
        takes = [{"op": "take_from", "who": "that_player", "zone": z, "all": True, **({"filter": flt} if flt else {})}
                 for z in zones]
        return [{"op": "for_players", "who": "each_opponent", "ops": takes}]
    m = _DISCARD_MATCHING.fullmatch(text)
    if m and effect.get("trigger", {}).get("event") == "play":  # that player, the card they played (REF played)
        traits = re.findall(_TRAIT, m.group(1))
        return [{"op": "discard_matching", "who": "that_player", "match": sorted(set(traits), key=traits.index)}]
    m = _ON_THIS.fullmatch(text)
    if m and effect.get("trigger", {}).get("event") == "discard":  # the cards the discard took (ops_more_f)
        return [{"op": "attach_those", **({"max": number(m.group(1))} if m.group(1) else {})}]
    if _DISCARD_REVEALED.fullmatch(text):  # kept per card as the reveal is made (ops_hands.note_hand_revealed)
        return [{"op": "discard_revealed"}]
    if _GIVE_FRIENDSHIP.fullmatch(text):
        return [{"op": "give_friendship", "to": "that_player"}]
    m = _TAKE_FRIENDSHIP.fullmatch(text)
    if m:
        return [{"op": "take_friendship", "who": "that_player"}]
    m = _EXCHANGE_FRIENDSHIP.fullmatch(text)
    if m:
        return [{"op": "exchange_friendship", "with": "that_player", "their_pick": "they" if m.group(1) else "you"}]
    if _SWAP_FRIENDSHIP.fullmatch(text):
        return [{"op": "exchange_friendship", "with": "any_opponent", "their_pick": "you"}]
    if _RETURN_FRIENDSHIP.fullmatch(text):  # none to return: the rest of the text is not done (ops_hands)
        return [{"op": "return_friendship"}]
    return None


def reword_hands(text: str) -> str:
    """"The STAR of each card on this one" is the combined STAR of the cards attached to it (the cards
    ``attach_those`` put there: batch r's ``attached`` COUNT)."""
    return _EACH_ON_THIS.sub("the combined star rating of the cards attached to this card", text)


def read_condition_hands(text: str) -> dict | None:
    """A CONDITION for ``conditions.read_condition``: "any cards were flipped" (by this effect: the
    core COUNT ``flipped_this_way``); ``None`` otherwise."""
    if _ANY_FLIPPED.fullmatch(text):
        return {"test": "count", "of": {"count": "flipped_this_way"}, "cmp": ">=", "value": 1}
    return None


def _affecting(op: dict) -> list[dict]:
    """An op that affects each opponent, as what it does to one of them (that_player)."""
    if op["op"] == "for_players" and op.get("who") == "each_opponent" and "rp" not in op:
        return list(op["ops"])
    if op["op"] == "steal_all_money" and op.get("who") == "each_opponent":
        return [{**op, "who": "that_player"}]
    raise Unread("to prevent this effect from affecting them", "an effect on each opponent that one may be spared")


def read_sentence_hands(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks this module about; False when ``s`` is none of these:
    "Each player may <price> to prevent this effect from affecting them" after an effect on each
    opponent (``spare_unless``), and the combined STAR of the cards each opponent discarded (batch
    outcomes' ``discard_together``, whose cards are "those")."""
    m = _PREVENT.fullmatch(s)
    if m:
        if not ops:
            raise Unread(s, "an effect before that a player may be spared")
        from rules.millennium_blades.clauses import read_clause  # clauses asks this module

        price_text = re.sub(r"\btheir\b", "your", m.group(1)) if "friendship" not in m.group(1) else m.group(1)
        price = read_clause(price_text, timing, effect, {"ref": None})
        affected = [o for op in ops for o in _affecting(op)]
        ops[:] = [{"op": "spare_unless", "who": "each_opponent", "price": price, "ops": affected}]
        return True
    m = _RETURN_THEN.fullmatch(s)
    if m and _RETURN_FRIENDSHIP.fullmatch(m.group(1)):  # "that card" is the card returned, "their" its player's
        ops += [{"op": "return_friendship"},
                {"op": "gain_rp", "amount": number(m.group(2)), "per": {"count": "friendship_vp_returned"}}]
        if m.group(3):
            ops.append({"op": "flip", "target": {"player": "that_player", "pick": "choice", "filter": {"face": "up"}}})
        return True
    m = _STAR_UP_TO_COUNT.fullmatch(s)
    if m and _REVEALED_THIS_TURN.fullmatch(m.group(2)):
        from rules.millennium_blades.text import clauses  # text asks this module

        read = clauses(m.group(1), timing, effect)
        targets = [op["target"] for op in read if isinstance(op.get("target"), dict)]
        if len(targets) != 1 or "star" in targets[0].get("filter", {}):
            raise Unread(s, "one card with STAR up to a count")
        targets[0].setdefault("filter", {})["star"] = {"cmp": "<=", "value": {"count": "hand_revealed_this_turn"}}
        ops += read
        return True
    if _DISCARD_TO_AFTERMARKET.fullmatch(s):  # (the core's discard reads only the binder and Store Discard)
        ops.append({"op": "discard_to_aftermarket"})
        return True
    if _RANDOM_OWN.fullmatch(s):  # batch naming's blind pick, from your own hand, shown (REF revealed)
        ops.append({"op": "pick_blind", "who": "self", "reveal": True})
        return True
    if _RETURN_SWAP.fullmatch(s):
        ops.append({"op": "return_and_replace"})
        return True
    m = _BUY.fullmatch(s)
    if m:  # only cards you can pay for (ops_hands.buy_in_play)
        ops.append({"op": "buy_in_play", "times": number(m.group(1)) if m.group(1) else 1})
        return True
    m = _TAKE_BOUGHT.fullmatch(s)
    if m and ops and ops[-1]["op"] == "buy_in_play":
        ops[-1]["take"] = True
        if m.group(1):
            gain = _BOUGHT_STARS.fullmatch(m.group(1))
            if gain is None:
                raise Unread(m.group(1), "what the card bought gives")
            times = gain.group(1) or gain.group(2)
            ops.append({"op": "gain_rp", "amount": number(times) if times else 1, "per": {"count": "bought_star"}})
        return True
    m = _LEAST_AT_END.fullmatch(s)
    if m and timing == "score":
        from rules.millennium_blades.text import clauses  # text asks this module

        ops.append({"op": "at_scoring_end", "ops": [{"op": "if", "condition": {"test": "least_rp"},
                                                     "then": clauses(m.group(1), timing, effect)}]})
        return True
    m = _TIED_ALSO.fullmatch(s)
    if m and ops and ops[-1]["op"] == "at_scoring_end":  # the ties as they are before anyone gains (first)
        ops[-1]["ops"][0]["then"].insert(0, {"op": "tied_rp", "ops": [
            {"op": "gain_rp", "amount": number(m.group(1)), "who": "that_player"}]})
        return True
    m = _PER_SPENT.fullmatch(s)
    if m and ops and ops[-1]["op"] == "spend_up_to":  # one draw of them all, so they are "those" (batch b's)
        ops.append({"op": "gain_store", "amount": 1, "per": {"count": "spent", "every": number(m.group(1))}})
        return True
    m = _REVEAL_ONE_GAINED.fullmatch(s)
    if m and ops and ops[-1]["op"] == "gain_store":
        from rules.millennium_blades.text import clauses  # text asks this module

        ops += [{"op": "reveal_one_of_those"}, *clauses(m.group(1), timing, effect, "revealed")]
        return True
    if _DISCARDED_STARS.fullmatch(s) and ops and ops[-1]["op"] == "discard" \
            and ops[-1].get("who") in ("each_opponent", "each") and set(ops[-1]) <= {"op", "who", "amount"} \
            and ops[-1].get("amount", 1) == 1:
        ops[-1] = {"op": "discard_together", "who": ops[-1]["who"]}
        ops.append({"op": "gain_rp", "amount": 1, "per": {"count": "those_stars"}})
        return True
    return False


__all__ = ["printed_hands", "read_clause_hands", "read_condition_hands", "read_sentence_hands", "reword_hands"]
