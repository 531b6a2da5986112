"""Clash and +1 STAR token phrases of printed MB text (issue 26.2, the ``clash_tokens`` batch; the
engine side is ``ops_clash_tokens.py``): a card of the losers' tableaus (one, among all of them), a
Top rule that no clash may be declared, the Top Cards of all players counted, and the top cards of
the Store gained once per thing counted ("for each +1 STAR Token discarded"). It goes on from
batches d, i, t and z (clashes) and c, k (tokens). millennium-blades.txt, "Clashing", "Top Card",
"Blast Off"; docs/rules-notes.md, "MB: clash_tokens, clashes and +1 STAR tokens";
docs/effects-millennium-blades.md, "More shapes: clash_tokens", has an original example.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, Unread, card_phrase, number, read_count

#: "a card in the losers' tableaus", "a SOLDIER in one of the losers' tableaus": one card among them
_IN_LOSERS = re.compile(r"(.+?) in (?:one of )?the losers' (?:tableaus|tableaux|play areas)")
#: "No clash may be declared", "Players cannot clash", "Clashes cannot occur"
_NO_CLASHES = re.compile(r"(?:clashes (?:cannot|can't|can not|may not) (?:be declared|occur|happen)|"
                         r"no clash(?:es)? (?:can|may) (?:be declared|occur|happen)|"
                         r"players (?:cannot|can't|can not|may not) (?:declare a )?clash(?:es)?|"
                         r"no player (?:can|may) (?:declare a )?clash(?:es)?)")
#: "all Top Cards", "all players' Top Cards", "each player's Top Card", "the Top Cards in play"
_TOPS = re.compile(r"(?:(?:all|the) (?:players' |of the )?top cards(?: in play)?|each player's top card|"
                   r"all players' top cards|every top card)")
#: "draw the top card of the Store for each +1 STAR Token discarded (and 2 RP for each ...)"
_STORE_PER = re.compile(rf"(?:gain|take|draw) the top (?:card|({NUMBER}) cards) of the (?:store(?: deck)?|core deck)"
                        rf"(?: (?:to|into) your hand)? for each (.+?)(?:,? and ({NUMBER}) (?:rp|ranking points?) "
                        r"for each (.+))?")


#: "one of the loser's Accessories", "an Accessory in the loser's tableau": an Accessory of a loser
_LOSERS_ACCESSORY = re.compile(r"(?:one of the loser'?s'? accessories|an accessory (?:in|of) (?:the|a) loser'?s'? "
                               r"(?:tableau|tableaus|play area)s?)")


def read_target_clash_tokens(text: str) -> dict | None:
    """"a card in the losers' tableaus": ONE card among all the clash's losers' face-up cards,
    chosen by the effect's player (batch i's ``losers`` player, whose cards form one choice);
    ``None`` when not one. "the loser's tableau" (each loser, one each) stays batch d's."""
    if _LOSERS_ACCESSORY.fullmatch(text):  # "Accessories": targeted only where a card says so, as here
        return {"player": "losers", "pick": "choice", "zone": "accessory", "filter": {"face": "up"}}
    m = _IN_LOSERS.fullmatch(text)
    if m is None:
        return None
    flt, zone, rest = card_phrase(m.group(1))  # (a bare card phrase: zone "tableau", no place named)
    if rest or zone != "tableau" or " in " in m.group(1):
        raise Unread(text, "a card in the losers' tableaus")
    return {"player": "losers", "pick": "choice", "filter": {**flt, "face": "up"}}


#: "you can use one more Action each turn", with a condition before ("While ...,") or after ("if ...")
_MORE_ACTIONS = (rf"you (?:may|can) (?:take|use) (an additional|an extra|another|one more|{NUMBER} additional|"
                 rf"{NUMBER} extra|{NUMBER} more) actions? (?:on (?:each of )?your turns?|each turn|every turn|"
                 r"during your turns?|each of your turns)")
_MORE_ACTIONS_IF = re.compile(rf"{_MORE_ACTIONS}(?:,? (?:if|while) (.+))?")
_IF_MORE_ACTIONS = re.compile(rf"(?:if|while) (.+?), {_MORE_ACTIONS}")


#: "Each player ignores singles with +1 STAR Tokens on them when determining their Top Cards for any clash"
_UNTOKENED_TOPS = re.compile(r"(?:players|all players|each player) ignores? (?:cards|singles) with (?:any )?\+1 star "
                             r"tokens?(?: on (?:them|it))? when determining their top cards? for (?:a|any|each) clash(?:es)?")


#: "If an opponent's effect would force you to clash, <what happens first>"
_FORCED_CLASH = re.compile(r"(?:if|when|whenever) an opponent'?s'? effect would (?:cause|make|force) you to clash, (.+)")
#: "discard all cards in every tableau" (face-down ones too: "all cards")
_DISCARD_ALL = re.compile(r"discard all (?:the )?cards (?:in|from) (all tableaus|every tableau|each tableau|"
                          r"all players' tableaus|your tableau)")


def read_continuous_clash_tokens(s: str) -> list[dict] | None:
    """"Top: No clash may be declared": while in force, no clash occurs (``no_clashes``); "While there
    are at least 3 +1 STAR Tokens on this card, you can use one more Action each turn":
    the powers' ``actions_per_turn`` (amount: the Actions in all), with a ``while`` CONDITION judged
    after each Action; ``None`` when not one."""
    if _NO_CLASHES.fullmatch(s):
        return [{"op": "no_clashes"}]
    m = _FORCED_CLASH.fullmatch(s)
    if m:  # done as an opponent's clash takes this card's player in, before its reveals (ops_clash_tokens.py)
        from rules.millennium_blades.text import clauses  # text reads clauses with this module

        return [{"op": "forced_clash", "ops": clauses(m.group(1), "ongoing", {})}]
    if _UNTOKENED_TOPS.fullmatch(s):  # each player's clash card: their right-most face-up card without tokens
        return [{"op": "untokened_tops"}]
    m = _MORE_ACTIONS_IF.fullmatch(s)
    if m:
        more, cond = m.group(1), m.group(2)
    else:
        m = _IF_MORE_ACTIONS.fullmatch(s)
        if m is None:
            return None
        cond, more = m.group(1), m.group(2)
    word = more.split()[0]
    op: dict = {"op": "actions_per_turn", "amount": 1 + (1 if word in ("an", "another", "one") else number(word))}
    if cond:
        from rules.millennium_blades.conditions import read_condition

        op["while"] = read_condition(cond)
    return [op]


#: "Take up to 5 +1 STAR Tokens from cards in that player's tableau and place them onto this card"
_GATHER = re.compile(rf"(?:steal|take) up to ({NUMBER}) \+1 star tokens? from (?:cards|any cards|any number of cards) "
                     r"in (?:that player's|their) tableau(?:,? and (?:put|place) them (?:on|onto) (this card))?")
#: "... and put them on this card", read apart from the clause before it: where the tokens taken go
_PUT_THEM = re.compile(r"(?:put|place) them (?:on|onto) this card")
#: "Token stolen this way": the tokens this effect took; "Token you add or remove": those it changed
#: (batch c's ``tokens_moved``)
_STOLEN = re.compile(r"(?:(?:\+1 star )?tokens? )?(?:stolen|taken)(?: this way| in this way)?|"
                     r"(?:\+1 star )?tokens? you (?:add or remove|added or removed|remove or add)(?: this way)?")
#: "add or remove one +1 STAR Token on each face-up card in every tableau": per card, one more or one fewer
_ADD_OR_REMOVE = re.compile(r"add or remove (?:a|one) \+1 star token (?:from|to|on) (each card|each single|"
                            r"every card|each face-up card) in (.+)")


#: "For every +1 STAR Token that was on it (max. six +1 STAR Tokens), <clause>": after a flip, that card's
#: tokens as they were; the clause done once per token, at most the cap
_PER_FLIPPED_TOKEN = re.compile(rf"for (?:each|every) \+1 star token (?:on|that was on) (?:that card|it)(?:,? max\.? "
                                rf"({NUMBER})(?: \+1 star tokens?)?)?, (.+)")
#: "reveal one card from the Store": the Store's top card (batch b's reveal from the Store)
_REVEAL_STORE = re.compile(r"reveal (?:a|one) card from (?:the top of )?the store(?: deck)?")


def read_sentence_clash_tokens(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A whole sentence (``text.SENTENCE_READERS``): "For every +1 STAR Token that was on it (max. six
    +1 STAR Tokens), reveal one card from the Store, then gain RP equal to the STAR of the revealed card" after a flip of this
    effect: batch a's ``repeat`` once per token the flipped card had (``flipped_tokens``), at most the
    cap, of the whole rest of the sentence; False when not one."""
    m = _PER_FLIPPED_TOKEN.fullmatch(s)
    if m is None or not ops or ops[-1]["op"] != "flip":
        return False
    from rules.millennium_blades.text import clauses  # text asks this module

    op = {"op": "repeat", "per": {"count": "flipped_tokens"}, "ops": clauses(m.group(2), timing, effect)}
    ops.append({**op, "max": number(m.group(1))} if m.group(1) else op)
    return True


def read_count_clash_tokens(text: str) -> dict | None:
    """"all Top Cards": each player's Top Card ("Top Card": the right-most face-up card), the zone
    ``tops`` (so "the combined STAR of every Top Card" is their Star Ratings added); "Token stolen this
    way": batch c's ``tokens_moved``; ``None`` when not one."""
    if _STOLEN.fullmatch(text):
        return {"count": "tokens_moved"}
    return {"count": "cards", "zone": "tops", "filter": {}} if _TOPS.fullmatch(text) else None


#: "two 6 STAR or higher cards clash", "two cards of 8 STAR or more clash": a clash in which at
#: least that many of the cards clashed with have that Star Rating
_HIGH_CLASH = re.compile(rf"(two|three|{NUMBER}) (?:({NUMBER}) star (?:or higher|or more|\+) (?:cards|singles)|"
                         rf"(?:cards|singles) (?:of|with) ({NUMBER}) star (?:or higher|or more)) clash")
#: "flip this Deck Box after the clash resolves (and ...)": a Reaction's own flip ("Reaction")
_FLIP_AFTER = re.compile(r"flip this (?:card|deck box|accessory) after (?:the|that) clash (?:resolves|ends|is resolved)"
                         r"(?:,? (?:and|then) (.+))?")


def read_event_clash_tokens(text: str) -> dict | None:
    """"two 6 STAR or higher cards clash": ``clash_stars`` (``min_star``, ``count``), after a clash
    of any players whose cards clashed with include that many of that Star Rating; ``None`` when
    not one."""
    m = _HIGH_CLASH.fullmatch(text)
    if m is None:
        return None
    return {"event": "clash_stars", "min_star": number(m.group(2) or m.group(3)), "count": number(m.group(1)),
            "by": "any"}


#: "Clash with an opponent unless that opponent loses 20 RP": the opponent may pay the RP instead
_UNLESS_LOSES = re.compile(rf"(clash with (?:an opponent|another player|one opponent|a player)) unless "
                           rf"(?:that opponent|that player|they|he or she) (?:loses?|pays?) ({NUMBER}) (?:rp|ranking points)")
#: "Clash with an opponent, using this accessory instead of your Top Card"
_WITH_THIS = re.compile(r"(clash with (?:an opponent|another player|one opponent|a player)),? using this "
                        r"(?:card|accessory) instead of your top card")
#: "gain the loser's Top card to your hand" (in a clash's result, "their hand" is the winner's own)
_LOSERS_TOP = re.compile(r"(?:gain|take|add|put) (?:the loser's|the losers'|each loser's|a loser's) top card "
                         r"(?:in)?to your hand")


#: "gain 9 RP, and may place two +1 STAR Tokens onto cards in your tableau": a second verb the player
#: may do or not, after one they must (a clash's result: "The winner gains ..., and may ...")
_AND_MAY = re.compile(r"(.+?),? (?:and|then|and then) may (.+)")
_ON_CARDS = re.compile(rf"^put ({NUMBER} \+1 star tokens) on cards (in .+)$")


def read_early_clash_tokens(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """"Draw the top card of the Store for each +1 STAR Token discarded and 2 RP for each ...":
    batch b's ``gain_store`` once per COUNT (``per``), then perhaps RP per COUNT; "gain 9 RP, and
    may put ...": the first clause, then batch j's ``may`` around the second; ``None`` when not one."""
    if _REVEAL_STORE.fullmatch(text):  # the Store's top card, as batch b's reveal from the Store
        from rules.millennium_blades.phrases import THAT_CARD

        last["ref"] = "revealed"
        THAT_CARD.set("revealed")  # "its STAR", "that card's" after it: the card revealed
        return [{"op": "reveal", "source": "store"}]
    m = _DISCARD_ALL.fullmatch(text)
    if m:  # "Discard a Card": each to its owner's binder (batch f's discard_in_play, every card named)
        player = "self" if m.group(1) == "your tableau" else "any"
        return [{"op": "discard_in_play", "target": {"player": player, "pick": "all", "filter": {"face": "any"}}}]
    m = _ADD_OR_REMOVE.fullmatch(text)
    if m:  # each card of the tableaus named, one after the other (ops_clash_tokens.py)
        from rules.millennium_blades.phrases import read_target

        target = read_target(f"each card in {m.group(2)}")
        if target["pick"] != "all":
            raise Unread(text, "each card of tableaus for a token more or fewer")
        return [{"op": "add_or_remove_each", "target": target}]
    m = _GATHER.fullmatch(text)
    if m:  # from the player chosen before ("Choose another player"), onto this card (ops_clash_tokens.py)
        last["gather"] = op = {"op": "gather_tokens", "up_to": number(m.group(1)), "from": "that_player"}
        if m.group(2):
            op["onto"] = "this"
        return [op]
    if _PUT_THEM.fullmatch(text) and last.get("gather") and "onto" not in last["gather"]:
        last["gather"]["onto"] = "this"  # the tokens just taken (the clause before)
        return []
    m = _WITH_THIS.fullmatch(text)
    if m:  # this card (an Accessory too) is the one you clash with (ops_clash_tokens.py)
        from rules.millennium_blades.clauses import read_clause  # clauses asks this module

        clash = read_clause(m.group(1), timing, effect, last)
        if len(clash) != 1 or clash[0]["op"] != "clash" or clash[0].get("with") != "opponent":
            raise Unread(text, "a clash with an opponent, with this card")
        return [{**clash[0], "own_card": "this"}]
    m = _UNLESS_LOSES.fullmatch(text)
    if m:  # the clash as printed, and what the opponent may lose instead (ops_clash_tokens.py)
        from rules.millennium_blades.clauses import read_clause  # clauses asks this module

        clash = read_clause(m.group(1), timing, effect, last)
        if len(clash) != 1 or clash[0]["op"] != "clash" or clash[0].get("with") != "opponent":
            raise Unread(text, "a clash with an opponent, unless they lose RP")
        return [{**clash[0], "unless_rp": number(m.group(2))}]
    if _LOSERS_TOP.fullmatch(text):  # batch f's to_hand: the Top Card of a loser (one of your choice)
        last["ref"] = "chosen"
        return [{"op": "to_hand", "target": {"player": "losers", "pick": "top"}, "to": "self"}]
    m = _FLIP_AFTER.fullmatch(text)
    if m and timing == "reaction" and effect.get("trigger", {}).get("event") in ("clash_stars", "clash_any", "clash"):
        # "When you activate a Reaction, the card that triggers it is flipped face-down" ("Reaction"): its
        # own flip; its effect is resolved once the clash has (ops_clash_tokens.py)
        from rules.millennium_blades.clauses import read_clause  # clauses asks this module

        return read_clause(m.group(1), timing, effect, last) if m.group(1) else []
    m = _AND_MAY.fullmatch(text)
    if m and not m.group(1).startswith(("you may ", "may ")):
        from rules.millennium_blades.clauses import read_clause  # clauses asks this module

        first = read_clause(m.group(1), timing, effect, last)
        # "put three +1 STAR Tokens on cards in ...": batch c's, one at a time, a card chosen for each
        second = _ON_CARDS.sub(r"distribute \1 among cards \2", m.group(2))
        return [*first, {"op": "may", "ops": read_clause(second, timing, effect, last)}]
    m = _STORE_PER.fullmatch(text)
    if m is None:
        return None
    last["ref"] = "revealed"
    ops = [{"op": "gain_store", "amount": number(m.group(1)) if m.group(1) else 1, "per": read_count(m.group(2))}]
    if m.group(3):
        ops.append({"op": "gain_rp", "amount": number(m.group(3)), "per": read_count(m.group(4))})
    return ops


#: "Whenever a card in your tableau gains one or more +1 STAR Tokens, that card gains another +1 STAR Token"
_TOKEN_BONUS = re.compile(r"when(?:ever)? (one of your cards|a card in your tableau|any of your cards|this card) gains "
                          r"(?:any amount of |any number of |one or more )?\+1 star tokens?, (?:it|that card) gains "
                          rf"(an additional|another|{NUMBER} additional|{NUMBER} more) \+1 star tokens?")


#: "Whenever you clash, you may reveal a card at random from your hand instead of the top card of the Store.
#: Whenever you do so, gain 4 RP." (also "... the top of the deck to add to your clash total")
_HAND_REVEAL = re.compile(r"when(?:ever)? you clash, you may reveal a card at random from your hand instead of "
                          r"(?:revealing )?(?:a card from )?the top (?:card )?of the (?:deck|store)(?: deck)?"
                          r"(?: to add to your (?:star )?clash total)?"
                          rf"(?:\. (?:each time|whenever) you do (?:this|so), gain ({NUMBER}) (?:rp|ranking points))?")


def read_rule_clash_tokens(text: str) -> list[dict] | None:
    """An Ongoing (Top) rule ``text.py`` asks before reading a trigger: "Whenever a card in your tableau
    gains one or more +1 STAR Tokens, that card gains another +1 STAR Token" (``token_bonus``, ``whose``
    self or this card); "Whenever you clash, you may reveal a card at random from your hand instead of
    the top card of the Store" (``hand_reveal``); ``None`` when not one."""
    m = _HAND_REVEAL.fullmatch(text)
    if m:  # asked of its player as a clash of theirs starts (ops_clash_tokens.py)
        return [{"op": "hand_reveal", **({"gain_rp": number(m.group(1))} if m.group(1) else {})}]
    m = _TOKEN_BONUS.fullmatch(text)
    if m is None:
        return None
    word = m.group(2).split()[0]
    amount = 1 if word in ("an", "another") else number(word)
    return [{"op": "token_bonus", "whose": "this" if m.group(1) == "this card" else "self", "amount": amount}]


__all__ = ["read_continuous_clash_tokens", "read_count_clash_tokens", "read_early_clash_tokens", "read_event_clash_tokens",
           "read_rule_clash_tokens", "read_sentence_clash_tokens",
           "read_target_clash_tokens"]
