"""More phrase shapes of printed MB text (issue 26.2, batch s): flipping. A card flipped in EACH
opponent's tableau (one per opponent, not one in all); an owner's Top Card flipped only if it
matches a Metagame's element or type (or does not), has the highest Star Rating of its tableau, or
has an effect of a timing; and a flip by each player followed by "each player who does (cannot do
so) ...", which is judged player by player. ``clauses.py``, ``phrases.py`` and ``text.py`` ask these
readers once, after the readers of earlier batches; each returns ``None`` when it has no reading, so
the phrase stays "not understood". The engine side is ``ops_more_s.py``; docs/effects-millennium-
blades.md, "More shapes, batch s", has an original example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, Unread, number

#: "a card in each opponent's tableau", "one card in each other player's tableau"
_EACH_TABLEAU = re.compile(r"(a|an|one) (.+?) in each (?:opponent's|other player's|other players'|of your opponents') "
                           r"tableaus?(.*)")
_OWNERS = {"each opponent": "each_opponent", "every opponent": "each_opponent", "each other player": "each_opponent",
           "each player": "each", "every player": "each"}
_TOP_IF = re.compile(rf"({'|'.join(_OWNERS)}) flips (?:their|his or her|his|her) top card if (?:it|that card) (.+)")
_TIMINGS = ("play", "ongoing", "top", "flip", "score", "action", "next", "reaction")
_TIMING = "|".join(_TIMINGS)


def read_target_s(text: str) -> dict | None:
    """A TARGET "a card in each opponent's tableau": one card of each opponent's tableau, each
    chosen by the effect's player ("Flip a Card"); ``None`` when not one."""
    from rules.millennium_blades.phrases import read_target  # phrases asks this module

    if text == "your deck box":  # "Deck Box Area": an effect that names it may affect it (batch i's zone)
        return {"player": "self", "pick": "all", "zone": "deck_box"}
    if _THEIR_CARD.fullmatch(text):  # the effect's player chooses ("Choosing a player": "that player")
        return {"player": "that_player", "pick": "choice", "filter": {"face": "up"}}
    m = _EACH_TABLEAU.fullmatch(text)
    if m is None:
        return None
    target = read_target(f"{m.group(1)} {m.group(2)} in an opponent's tableau{m.group(3)}")
    if target.get("player") != "opponent" or target.get("pick") != "choice":
        raise Unread(text, "a card in each opponent's tableau")
    return {**target, "player": "each_opponent"}


#: "one of that player's cards (in their tableau)": a face-up card of the player chosen, your choice
_THEIR_CARD = re.compile(r"(?:a|an|one) of that player's (?:cards|singles)(?: in (?:their|his|his or her|that player's) "
                         r"tableau)?")


#: "Each player must choose to either A or B": each chooses one option (batch b's "must either")
_CHOOSE_TO_EITHER = re.compile(r"\b(each player|each opponent|each other player|all other players) must choose to either "
                               r"([^.|]+)")


#: "you may pay 3 Dollars instead of flipping one of your cards because of an opponent's effect"
_DOLLAR_SHIELD = re.compile(rf"you may (?:spend|pay) ({NUMBER}) (?:millennium )?(?:dollars?|money) (?:to avoid flipping|"
                            r"instead of flipping) (a card|a single|one of your cards|a card in your tableau|this card) "
                            r"(?:due to|because of|from|by) (?:an opponent's|another player's) (?:card's )?effect")


#: 'All Singles in your tableau have "Flip: ..."', 'While ..., they have "Flip: ..."'
_HAS_FLIP = re.compile(r'(?:while (.+?), )?(all (?:of )?(?:your )?(?:cards|singles)(?: in (?:your|all) tableaus?)?|they) '
                       r'(?:have|has) "(flip:[^"]+?)\.?"')
#: "all face-up cards in your tableau are DARK cards": none of them is not
_ALL_ARE = re.compile(r"all (?:of )?(?:the )?(?:your )?face-up (?:cards|singles) in your tableau are (.+?) (?:cards|singles)")


def read_continuous_s(s: str) -> list[dict] | None:
    """A continuous effect of this module's shapes for ``text._read_body``: Dollars paid instead of a
    flip by an opponent's effect (``dollar_shield``, the player's choice); a quoted Flip effect that
    cards have (``has_flip``); ``None`` when not one."""
    m = _DOLLAR_SHIELD.fullmatch(s)
    if m:
        return [{"op": "dollar_shield", "amount": number(m.group(1)),
                 "target": "this" if m.group(2) == "this card" else "tableau"}]
    m = _HAS_FLIP.fullmatch(s)
    if m:
        return [_has_flip(m.group(1), m.group(2), m.group(3))]
    return None


def _has_flip(cond: str | None, who: str, quoted: str) -> dict:
    """The ``has_flip`` op: the quoted Flip effect, read as a card's own, that the cards named have
    while this card is face-up (its Top effect: while it is the Top Card), perhaps while a condition
    holds; "they" after "while all face-up cards in your tableau are ...": those cards."""
    from rules.millennium_blades.conditions import read_condition
    from rules.millennium_blades.phrases import card_phrase
    from rules.millennium_blades.text import compile_ability  # text asks this module

    effect = compile_ability(quoted)
    if effect.get("timing") != "flip" or "trigger" in effect or "condition" in effect:
        raise Unread(quoted, "a Flip effect cards have")
    op: dict = {"op": "has_flip", "ops": effect["ops"]}
    if who == "they":
        if cond is None or not _ALL_ARE.fullmatch(cond):
            raise Unread(who, "the cards that have the Flip effect")
        op.update(scope="tableau", filter={})
    else:
        words = re.sub(r"^all (?:of )?(?:your )?", "", who)
        op["scope"] = "all" if words.endswith("all tableaus") else "tableau"
        flt, _zone, rest = card_phrase(f"a {re.sub(r' in (?:your|all) tableaus?$', '', words)[:-1]}")
        if rest or flt.get("where"):
            raise Unread(who, "the cards that have the Flip effect")
        flt.pop("face", None)
        op["filter"] = flt
    if cond is not None:
        op["while"] = read_condition(cond)
    return op


def reword_s(text: str) -> str:
    """"Choose and flip one of that player's cards": the flip of a card of your choice, which is what
    "flip one of ..." reads (a flip's card is chosen by the effect's player). "Each player must choose
    to either A or B" is batch b's "each player must either A or B", and "their Deck Box" in an option
    is the choosing player's own, as "their tableau" is there."""
    text = re.sub(r"\bchoose and flip (?=(?:a|an|one) of )", "flip ", text)
    text = re.sub(r"(^|\. )you may then ", r"\1you may ", text)  # "You may then X": the sentence after, "you may X"
    # "Activate the Score effect of your Deck Box, then flip it": "it" is that Deck Box
    text = re.sub(r"\b(activate (?:the|all|all the|any) (?:\w+ )?effects? of your deck box,? then flip) it\b",
                  r"\1 your deck box", text)
    return _CHOOSE_TO_EITHER.sub(lambda m: f"{m.group(1)} must either "
                                 f"{re.sub(r'(?<=[ ,])their deck box', 'your deck box', m.group(2))}", text)


def read_condition_s(text: str) -> dict | None:
    """A condition "that player has ... in their tableau": the count condition "you have ... in your
    tableau" seen from the player chosen (batch k's COUNT ``that_player``); ``None`` when not one."""
    from rules.millennium_blades.conditions import read_condition  # conditions asks this module

    m = _ALL_ARE.fullmatch(text)
    if m:  # no face-up card of your tableau that is not one (none face-up: it holds)
        from rules.millennium_blades.phrases import card_phrase

        flt, _zone, rest = card_phrase(f"a {m.group(1)} card")
        if rest or not flt or flt.get("where"):
            raise Unread(text, "what all your face-up cards are")
        flt.pop("face", None)
        return {"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": {"face": "up", "none_of": [flt]}},
                "cmp": "==", "value": 0}
    m = re.fullmatch(r"that player has (.+) in (?:their|his|his or her|that player's) tableau", text)
    if m is None:
        return None
    mine = read_condition(f"you have {m.group(1)} in your tableau")
    if mine.get("test") != "count":
        raise Unread(text, "a count of that player's tableau")
    return {**mine, "of": {"count": "that_player", "of": mine["of"]}}


def _top_filter(words: str) -> dict | None:
    """The FILTER a Top Card must fit to be flipped: "matches a Meta ELEMENT or TYPE" (``meta_symbol``),
    "does not match ..." (its negation), "has the highest STAR in their tableau" (``highest_in_tableau``),
    "has a Play or Ongoing effect" (``timing``, ``any_of`` timings); ``None`` when not one."""
    m = re.fullmatch(r"(matches|does not match|doesn't match) (?:a|any|one of the) meta(?:game)? "
                     r"(?:element or type|type or element)s?", words)
    if m:
        return {"meta_symbol": m.group(1) == "matches"}
    if re.fullmatch(r"has the highest star(?: rating)? in (?:their|his or her|his|her) tableau", words):
        return {"highest_in_tableau": True}
    m = re.fullmatch(rf"has (?:a|an) ({_TIMING})(?: effect)?(?:,? or (?:an? )?({_TIMING}))?(?: effects?)?", words)
    if m:
        if m.group(2) is None:
            return {"timing": m.group(1)}
        return {"any_of": [{"timing": m.group(1)}, {"timing": m.group(2)}]}
    return None


#: "each opponent with no face-up EARTH cards in their tableau must choose one: ..."
_PLAYERS_WITHOUT = re.compile(r"(each player|every player|each opponent|each other player) with no (.+?) in "
                              r"(?:their|his|his or her) tableau,? (.+)")
_WHO_WITHOUT = {"each player": "each", "every player": "each", "each opponent": "each_opponent",
                "each other player": "each_opponent"}


_BOX_STAR = re.compile(rf"(gain|lose) rp equal to (?:({NUMBER}) times |(twice) )?the star(?: rating)? of your deck box")


#: "(after an opponent plays a card) they must flip another card in their tableau that matches that card's
#: TYPE or ELEMENT"
_ANOTHER_MATCHING = re.compile(r"(?:they|that player) (?:must )?flips? another (card|single) in (?:their|his|his or her) "
                               r"tableau that (?:matches|shares) (?:a |an )?(?:that card's |its |the played card's )?"
                               r"(type or element|element or type|type|element)(?: (?:of|with) (?:that card|it))?")


#: "Activate the Score effects of each adjacent lower STAR card"
_EACH_ADJACENT = re.compile(rf"activate (?:the|all|all the|any) ({_TIMING}) effects? (?:of|on) (?:each|both|all) adjacent "
                            r"(?:(lower|higher)(?: star(?: rating)?|-star) )?(?:cards|card|singles|single)")


#: "switch the positions of this card and the card you just played"
_SWAP_PLAYED = re.compile(r"(?:switch|swap|exchange) the positions of this (?:card|single) and the (?:card|single) you "
                          r"(?:just )?played")


def read_early_s(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this module's shapes for ``clauses.read_clause``: each owner's Top Card flipped if
    it fits (pick top, chooser owner, a FILTER), as batch d does for Star Ratings; each player with no
    such card in their tableau doing something (batch k's ``for_players_with``, ``none``); ``None``
    when not one."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module
    from rules.millennium_blades.phrases_more_k import _cards

    m = re.fullmatch(rf"activate (?:the|all|all the|any) ({_TIMING}) effects? (?:of|on) your deck box", text)
    if m:  # your face-up Deck Box's effects of that timing resolve now, as batch g's "activate" (a copy)
        return [{"op": "copy_effects", "target": {"player": "self", "pick": "all", "zone": "deck_box"},
                 "timing": m.group(1), "pick": "all"}]
    m = re.fullmatch(r"(.+?),? and (?:you )?take another turn", text)
    if m:  # two clauses joined: the one before, then another turn ("Take another turn", core)
        return read_clause(m.group(1), timing, effect, last) + read_clause("take another turn", timing, effect, last)
    if _SWAP_PLAYED.fullmatch(text):  # the card whose play triggered this effect ("Tableau": slots)
        if effect.get("trigger", {}).get("event") != "play":
            raise Unread(text, "the card you just played, with no card played")
        return [{"op": "swap_with", "card": "played"}]
    m = _EACH_ADJACENT.fullmatch(text)
    if m:  # each neighbour that fits, left then right: its effects of that timing resolve now (batch g's "activate")
        fits: dict = {"face": "up", **({"star": {"cmp": "<" if m.group(2) == "lower" else ">", "value": "this"}}
                                       if m.group(2) else {})}
        return [{"op": "if", "condition": {"test": "card", "card": side, "is": fits},
                 "then": [{"op": "copy_effects", "card": side, "timing": m.group(1), "pick": "all"}]}
                for side in ("left", "right")]
    m = _BOX_STAR.fullmatch(text)
    if m:  # the Star Rating of your face-up Deck Box ("CARD DATA"; face-down: none, "Face-Down Cards")
        times = 2 if m.group(3) else number(m.group(2)) if m.group(2) else 1
        return [{"op": f"{m.group(1)}_rp", "amount": times,
                 "per": {"count": "stars", "zone": "kit", "filter": {"kind": "deck_box", "face": "up"}}}]
    m = _ANOTHER_MATCHING.fullmatch(text)
    if m:  # a play trigger: the player who played flips another card of theirs sharing a symbol with it
        if effect.get("trigger", {}).get("event") != "play":
            raise Unread(text, "a card matching the card played, with no card played")
        kind: dict = {"face": "up", "chosen": True, **({"kind": "single"} if m.group(1) == "single" else {})}
        return [{"op": "revealed_symbol", "what": _KINDS[m.group(2)], "card": "played", "other": True},
                {"op": "flip", "target": {"player": "that_player", "pick": "choice", "chooser": "owner", "filter": kind}}]
    m = _PLAYERS_WITHOUT.fullmatch(text)
    if m:  # judged as the effect resolves; each such player in turn is "that player"
        ops = read_clause(f"that player {m.group(3)}", timing, effect, last)
        return [{"op": "for_players_with", "who": _WHO_WITHOUT[m.group(1)], "filter": _cards(m.group(2)), "none": True,
                 "ops": ops}]
    m = _TOP_IF.fullmatch(text)
    if m:
        flt = _top_filter(m.group(2))
        if flt is None:
            raise Unread(m.group(2), "what a Top Card must be to be flipped")
        return [{"op": "flip", "target": {"player": _OWNERS[m.group(1)], "pick": "top", "chooser": "owner",
                                          "filter": flt}}]
    return None


#: "Each opponent who does gains 9 RP", "Each player who cannot do so loses 12 RP" just after a flip
#: by each player (each opponent): judged player by player
_WHO_DID = re.compile(rf"each (?:player|opponent|other player) who (does|did|flips a card|cannot(?: do so)?|can't(?: do so)?|"
                      rf"does not|doesn't|did not|didn't)(?: this way)? (gains?|loses?) ({NUMBER}) (?:rp|ranking points)")
_EACH_FLIPPERS = ("each", "each_opponent")


#: "If it has a TYPE(,) every player must flip all singles of that TYPE", after a reveal
_REVEALED_KIND = re.compile(r"if (?:it|that card|the revealed card) has (?:an?|any) (element|type),? (each player|every player|"
                            r"all players|each opponent|each other player) (?:must )?flips? all (?:of )?(?:the )?"
                            r"(cards|singles) (?:of|with|that have) that \1")
_ALL_FLIPPERS = {"each player": "each", "every player": "each", "all players": "each", "each opponent": "each_opponent",
                 "each other player": "each_opponent"}


def _revealed_kind(s: str, ops: list[dict]) -> bool:
    """"If it has a TYPE, every player must flip all singles of that TYPE" just after a reveal:
    the revealed card's element (``revealed_symbol``) names the face-up cards each such player flips
    in their own tableau (a card with none names none: the condition is the op's own)."""
    m = _REVEALED_KIND.fullmatch(s)
    if m is None:
        return False
    if not ops or ops[-1]["op"] != "reveal":
        raise Unread(s, "the kind of a card revealed, with no card revealed just before")
    flt = {"face": "up", "chosen": True, **({"kind": "single"} if m.group(3) == "singles" else {})}
    ops += [{"op": "revealed_symbol", "what": m.group(1)},
            {"op": "flip", "target": {"player": _ALL_FLIPPERS[m.group(2)], "pick": "all", "filter": flt}}]
    return True


#: "Each player must flip a single in their tableau that shares an ELEMENT or TYPE with the single you flipped"
_SHARES_FLIPPED = re.compile(r"(each player|every player|each opponent|each other player) (?:must )?flips? (?:a|one) "
                             r"(card|single) in (?:their|his|his or her) tableau that shares? (?:a|an) (type or element|"
                             r"element or type|type|element) with the (?:card|single) (?:you )?flipped")
_KINDS = {"type": "type", "element": "element", "type or element": "symbol", "element or type": "symbol"}


def _shares_flipped(s: str, ops: list[dict]) -> bool:
    """Each player flips a card of their own (their choice) that shares a symbol with the card this
    effect flipped just before, as that card was printed (``revealed_symbol`` of ``card: flipped``)."""
    m = _SHARES_FLIPPED.fullmatch(s)
    if m is None:
        return False
    if not ops or ops[-1]["op"] != "flip":
        raise Unread(s, "the card you flipped, with no flip just before")
    flt = {"face": "up", "chosen": True, **({"kind": "single"} if m.group(2) == "single" else {})}
    ops += [{"op": "revealed_symbol", "what": _KINDS[m.group(3)], "card": "flipped"},
            {"op": "flip", "target": {"player": _ALL_FLIPPERS[m.group(1)], "pick": "choice", "chooser": "owner",
                                      "filter": flt}}]
    return True


def read_sentence_s(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks about with the ops read before it: "each player who does
    (cannot do so) gains (loses) N RP" just after a flip each player (opponent) makes of their own
    card: the flip and the gain become a ``for_players`` loop, so that "does" is each player's own
    flip (rules notes, "MB: batch s"). True when read (``ops`` changed)."""
    if _revealed_kind(s, ops) or _shares_flipped(s, ops):
        return True
    m = _WHO_DID.fullmatch(s)
    if m is None:
        return False
    last = ops[-1] if ops else {}
    target = last.get("target", {}) if last.get("op") == "flip" else {}
    if target.get("player") not in _EACH_FLIPPERS or target.get("chooser") != "owner":
        raise Unread(s, "players who did (not) flip, with no flip by each player before")
    did: dict = {"test": "did"}
    if m.group(1).startswith(("can", "does not", "doesn't", "did not", "didn't")):
        did = {"test": "not", "of": did}
    verb = "gain_rp" if m.group(2).startswith("gain") else "lose_rp"
    flip = {**last, "target": {**target, "player": "that_player"}}
    then = [{"op": verb, "amount": number(m.group(3)), "who": "that_player"}]
    ops[-1] = {"op": "for_players", "who": target["player"], "ops": [flip, {"op": "if", "condition": did, "then": then}]}
    return True


__all__ = ["read_condition_s", "read_continuous_s", "read_early_s", "read_sentence_s", "read_target_s", "reword_s"]
