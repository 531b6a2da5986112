"""More shapes of printed text, batch ``grants`` (issue 26.2): keywords and play rules given to cards,
and table-wide play rules (millennium-blades.txt, "Set Specific Keywords", "Tournament Turns", "Deck
Box Area"; docs/rules-notes.md, "MB: grants"; the engine side is ``ops_grants.py``).

Readers: a keyword given to cards printed without a timing word on a Deck Box ("All your cards
without Haste gain Haste (...)"), an Ongoing rule; a keyword's quoted Reaction given to all your
cards (batch prevention's ``grant_reaction``, the Deck Box left out); a keyword's quoted Play
ability given only to the cards without that keyword (batch positions' ``grant_play``, ``without``);
"Your opponents must play three Singles each turn, instead of one" (``plays_required``); "Choose an
opponent's tableau. ... their tableau" (the player chosen, as "Choose an opponent"); Mimicry given
to your face-down cards (``down_mimicry``); a keyword's Ongoing rule given to the cards without it
(``grant_rule``: Undead's Sell Marker); "you discard a Sell Marker from a card" (``sell_marker_removed``).
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, Unread, number

#: 'All your cards without Haste gain Haste "Play: ..."' printed with no timing word (a Deck Box
#: line): the rule is in force while the card is, an Ongoing rule ("Effects on Cards")
_UNTIMED_GRANT = re.compile(r'(^|\|\s*)((?:all (?:of )?)?your (?:cards|singles)(?: in your tableau)?(?: without '
                            r'[A-Za-z][A-Za-z\' ]*?)? (?:have|gain) [A-Za-z][A-Za-z\' ]*? "[A-Za-z]+:)', re.I)


#: "Ongoing: As an action, you may discard two cards from your hand to end your turn."
_AS_AN_ACTION = re.compile(r"(^|\|\s*)Ongoing:\s*As an action, you may ([^|.]+?) to end your turn\.", re.I)


#: 'Next: The next card you play has "Fusion: ..." and "Play: ..."': two grants of the next card
_NEXT_TWO = re.compile(r'(^|\|\s*)(Next:\s*(?:The next card you play|Your next card) (?:has|gains)) ("[^"|]+") and '
                       r'("[^"|]+")\.?(?=\s*\||\s*$)', re.I)


#: "Your opponents may flip this card as their Action during their turn." printed with no timing word
_OTHERS_FLIP = (r"(?:any other player|each other player|other players|any opponent|opponents|your opponents) may flip "
                r"this card as (?:an|their) action(?: (?:on|during) their turns?)?")
_UNTIMED_OTHERS_FLIP = re.compile(rf"(^|\|\s*)({_OTHERS_FLIP}\.)(?=\s*\||\s*$)", re.I)


def printed_grants(text: str) -> str:
    """Printed words before ``text.split_abilities`` judges parentheses (after batch positions put a
    given keyword's ability in quotes): a sentence giving your cards a keyword, printed with no
    timing word, is an Ongoing one; "Ongoing: As an action, you may X to end your turn" is an Action
    of the card that ends the turn and does not flip it (batch a's ``pass_turn``, ``keep_source``:
    an Ongoing rule works while its card is face-up, so using it does not flip it)."""
    # two quoted abilities the next card has: two Next effects on the same next card
    text = _NEXT_TWO.sub(lambda m: f"{m.group(1)}{m.group(2)} {m.group(3)} | {m.group(2)} {m.group(4)}", text)
    text = _UNTIMED_OTHERS_FLIP.sub(r"\1Ongoing: \2", text)  # a rule of the card while it is face-up
    text = _ALL_AT_ONCE.sub(r"\1", text)  # a gain is one effect's: how the engine counts gains anyway
    text = _AS_AN_ACTION.sub(lambda m: f"{m.group(1)}Action: {m.group(2)}. Pass the rest of your turn. Do not flip "
                             "this card.", text)
    return _UNTIMED_GRANT.sub(lambda m: f"{m.group(1)}Ongoing: {m.group(2)}", text)


#: "choose an opponent's tableau. gain 2 rp per face-up card in their tableau": the player chosen
_THEIR_TABLEAU = re.compile(r"\bchoose (an opponent|another player|a player)'s tableau\. ([^|]*?)\btheir tableau\b")


#: "the second time you play a card each turn, ..."
_NTH_TIME = re.compile(r"^the (second|third|fourth) time (?:each turn )?(you [^,]+?)(?: each turn)?, ")
_NTH = {"second": 2, "third": 3, "fourth": 4}
_NTH_EVENT = re.compile(r"(.+) the (second|third|fourth) time each turn")


def reword_grants(text: str) -> str:
    """"Choose an opponent's tableau. ... their tableau" is "Choose an opponent. ... that player's
    tableau": a tableau is its player's, so the choice is of a player (clauses' ``choose_player``).
    "The second time you play a card each turn, X" is "whenever you play a card the second time each
    turn, X" (the event ``read_event_grants`` reads), as batch o's "the first time"."""
    text = _NTH_TIME.sub(r"whenever \2 the \1 time each turn, ", text)
    return _THEIR_TABLEAU.sub(r"choose \1. \2that player's tableau", text)


#: 'all your cards have heroic "reaction: ..."' (after batch positions quoted the parenthesis)
_ALL_CARDS = re.compile(r"all (?:of )?your cards")
#: 'your singles without speed gain speed "play: ..."': a keyword given only to cards without it
_WITHOUT = re.compile(r'(?:all (?:of )?)?your (cards|singles) without ([a-z][a-z\' ]*?) (?:have|gain) ([a-z][a-z\' ]*?) '
                      r'"((play|ongoing):[^"]+?)\.?"')
#: the continuous rules a keyword may give cards (``grant_rule``): a Sell Marker lost instead of a flip
GRANTABLE_RULES = ("sell_marker_shield",)
#: "you discard a sell marker from a card"
_MARKER_REMOVED = re.compile(r"you (?:discard|remove) (?:a|one) sell marker from "
                             r"(?:a (?:card|single)|one of your (?:cards|singles))")
_WHO = {"other players": "each_other", "each other player": "each_other", "your opponents": "each_other",
        "opponents": "each_other", "each opponent": "each_other", "all players": "each", "each player": "each",
        "players": "each", "you": "self"}
_WHO_RE = "|".join(sorted(map(re.escape, _WHO), key=len, reverse=True))
#: "your opponents must play three singles each turn, instead of one"
_MUST_PLAY = re.compile(rf"({_WHO_RE}) must play ({NUMBER}) (?:singles|cards) (?:each|every|per) turn,? instead of "
                        r"(?:one|1|a single)")


def read_granted_reaction(who: str, quoted: str, keyword: str) -> list[dict]:
    """'All your cards have Heroic "Reaction: When ... would be flipped ..."': batch prevention's
    ``grant_reaction``, the Deck Box left out ("Deck Box Area": "A card cannot affect or target your
    Deck Box unless it specifically says it can"); asked by batch positions' reader for a quoted
    Reaction. Raises ``Unread`` for other cards or another Reaction."""
    if not _ALL_CARDS.fullmatch(who):
        raise Unread(who, "the cards given a Reaction")
    from rules.millennium_blades.text import compile_ability  # text asks this module

    effect = compile_ability(f"{quoted}.")
    if effect.get("trigger", {}).get("event") != "would_flip":
        raise Unread(f'"{quoted}"', "a granted Reaction to a flip")
    effect.pop("text", None)
    return [{"op": "grant_reaction", "effect": effect, "deck_box": False, "keyword": keyword.replace(" ", "_")}]


#: "all of your face-down singles gain mimicry"
_DOWN_MIMICRY = re.compile(r"(?:all (?:of )?)?your face-down (?:cards|singles)(?: in your tableau)? (?:have|gain) mimicry")


#: "for each player, after that player gains rp that player cannot gain any more rp this turn"
_ONCE_A_TURN = re.compile(r"(?:for each player, )?after (?:that|a) player gains (?:rp|ranking points),? (?:that player|they) "
                          r"(?:cannot|can't|can not) gain any more (?:rp|ranking points) (?:this|that) turn")
#: its reminder: a gain is one effect's, all at once (a ``gain_rp`` op is one gain)
_ALL_AT_ONCE = re.compile(r"(gain any more RP (?:this|that) turn)\s*\(single effects that give multiple RP provide it "
                          r"all at once\)", re.I)


def read_continuous_grants(s: str) -> list[dict] | None:
    """An Ongoing (Top) sentence: a keyword's quoted Play ability given to the cards you play that do not
    have it printed (batch positions' ``grant_play`` with ``without``: a card has a keyword once);
    "Your opponents must play N Singles each turn, instead of one" (``plays_required``); "Your
    face-down cards have Mimicry" (``down_mimicry``). ``None`` when not one."""
    if re.fullmatch(_OTHERS_FLIP, s):  # the other players' Action: flip this card (ops_grants.py)
        return [{"op": "others_may_flip"}]
    if re.fullmatch(r"(?:the )?flip effects of (?:all )?other cards (?:do not|don't|cannot|can't) activate", s):
        return [{"op": "flip_effects_off"}]
    if _ONCE_A_TURN.fullmatch(s):  # replacement.py's rule: no gain after a player's first of a turn
        return [{"op": "rp_gain_limit", "who": "each", "once_a_turn": True}]
    if _DOWN_MIMICRY.fullmatch(s):
        return [{"op": "down_mimicry"}]
    m = _MUST_PLAY.fullmatch(s)
    if m:
        return [{"op": "plays_required", "who": _WHO[m.group(1)], "amount": number(m.group(2))}]
    m = _WITHOUT.fullmatch(s)
    if m is None:
        return None
    if m.group(2) != m.group(3):
        raise Unread(s, "a keyword given to the cards without another keyword")
    from rules.millennium_blades.text import compile_ability  # text asks this module

    granted = compile_ability(f"{m.group(4)}.")
    keyword = m.group(3).replace(" plus", "").replace(" ", "_")
    if m.group(5) == "ongoing":  # a keyword's rule (Undead's Sell Marker): batch b's op, had by each card
        rules = granted.get("ops", [])
        if len(rules) != 1 or rules[0]["op"] not in GRANTABLE_RULES or set(granted) - {"timing", "ops", "text"}:
            raise Unread(f'"{m.group(4)}"', "an Ongoing rule given to your cards")
        return [{"op": "grant_rule", "rule": rules[0], "keyword": keyword, "without": keyword}]
    if granted.get("timing") != "play" or "trigger" in granted or "condition" in granted:
        raise Unread(f'"{m.group(4)}"', "a Play ability given to the cards you play")
    return [{"op": "grant_play", "effect": {k: v for k, v in granted.items() if k in ("timing", "ops", "optional")},
             "keyword": keyword, "without": keyword}]


#: 'the next card you play has "fusion: you may only play this card if ..."'
_NEXT_FUSION = re.compile(r'(?:the|your) next (?:card|single)(?: you play)? (?:has|gains) "(fusion: [^"]+?)\.?"')


def read_clause_grants(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause for ``clauses.read_clause``: in a Next effect, the next card you play has a quoted
    Fusion ability ("You may only play this card if ..."): ``next_play_condition``, each condition
    of that Fusion ("this card" in it is the card to be played); ``None`` otherwise."""
    m = _NEXT_FUSION.fullmatch(text)
    if m is None or timing != "next":
        return None
    from rules.millennium_blades.text import compile_ability  # text asks this module

    fusion = compile_ability(f"{m.group(1)}.")
    conditions = [op for op in fusion.get("ops", ()) if op.get("op") == "play_condition"]
    if not conditions or len(conditions) != len(fusion.get("ops", ())):
        raise Unread(f'"{m.group(1)}"', "a Fusion ability given to the next card")
    return [{"op": "next_play_condition", "condition": op["condition"]} for op in conditions]


def read_quoted_grant(text: str) -> list[dict] | None:
    """A whole Ongoing text giving the cards without a keyword its quoted ability of several sentences
    (read before ``clauses.read_continuous`` splits a text into sentences); ``None`` when not one."""
    if '"' not in text:
        return None
    s = text.strip().rstrip(".").strip()
    return read_continuous_grants(s) if _WITHOUT.fullmatch(s) else None


def read_event_grants(text: str) -> dict | None:
    """A TRIGGER for ``phrases.read_event``: "you discard a Sell Marker from a card"
    (``sell_marker_removed``, by: self); an event "the second time each turn" (``nth_each_turn``: the
    trigger fires at the Nth such event of each turn only); ``None`` when not one."""
    if _MARKER_REMOVED.fullmatch(text):
        return {"event": "sell_marker_removed", "by": "self"}
    m = _NTH_EVENT.fullmatch(text)
    if m:
        from rules.millennium_blades.phrases import read_event

        return {**read_event(m.group(1)), "nth_each_turn": _NTH[m.group(2)]}
    return None


__all__ = ["GRANTABLE_RULES", "printed_grants", "read_continuous_grants", "read_event_grants", "read_granted_reaction",
           "read_clause_grants", "read_quoted_grant", "reword_grants"]
