"""Noun phrases of Millennium Blades card text: numbers, card descriptions, counts, targets,
trigger events. Each ``read_*`` takes lower-case text and returns a structure of the effect
language (effects.py) or raises :class:`Unread` naming the phrase it could not read."""

from __future__ import annotations

import re
from contextvars import ContextVar

from rules.millennium_blades.vocabulary import ELEMENTS, KEYWORDS, TYPE_VALUES


class Unread(ValueError):
    """A phrase the compiler does not understand; ``phrase`` is that phrase."""

    def __init__(self, phrase: str, what: str = ""):
        super().__init__(f"{what + ': ' if what else ''}{phrase!r}")
        self.phrase = phrase.strip()


WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
         "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "once": 1, "twice": 2, "thrice": 3}
NUMBER = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
MULTIPLE = r"(?:twice|three times|four times|(?:\d+) times)"
KEYWORD_NAMES = {"mimicry": "mimicry", "blast off": "blast_off", "scurry": "scurry", "anvil drop": "anvil_drop",
                 "thwomp!": "thwomp", "thwomp": "thwomp"}
ELEMENT = "|".join(ELEMENTS)
TYPE = "|".join(TYPE_VALUES)
_THIS = r"this (?:one|card)(?:'s)?"


def number(text: str) -> int:
    text = text.strip()
    if text.isdigit():
        return int(text)
    if text in WORDS:
        return WORDS[text]
    m = re.fullmatch(r"(\w+) times", text)
    if m:
        return number(m.group(1))
    raise Unread(text, "a number")


# -- card descriptions ---------------------------------------------------------------------------
_HEAD = re.compile(rf"^(?:each |every |a |an |one |the |any |all )?(?:different )?(?P<other>(?:an)?other )?(?P<adj>adjacent )?"
                   rf"(?P<face>face-up |face-down )?"
                   rf"(?:(?P<stars>\d+) star(?: rating)?(?: (?:or|and) (?P<dir>lower|higher|less|more|greater|fewer))? )?"
                   rf"(?:(?P<el>{ELEMENT})(?:-element)? (?:and (?P<el2>{ELEMENT}) )?)?"
                   rf"(?:(?P<ty2>{TYPE}) and )?(?P<noun>cards?|singles?|(?:{TYPE})s?(?: cards?| singles?)?)\b")
_MODIFIERS = (
    (re.compile(r"^ with (mimicry|blast off|scurry|anvil drop|thwomp!?)"), "keyword"),
    (re.compile(rf"^ with ({NUMBER}) or (more|fewer|less|higher|lower|greater) stars?(?: ratings?)?"), "stars"),
    (re.compile(rf"^ with ({NUMBER}) stars?(?: ratings?)? or (more|fewer|less|higher|lower|greater)"), "stars"),
    # "a card with a Play effect": its printed timing word ("Effects on Cards")
    (re.compile(r"^ with (?:an? )?(play|flip|score|ongoing|top|next|action|reaction) effects?"), "timing"),
    (re.compile(rf"^ with (?:a )?(lower|higher|lesser|greater|fewer|less|more) star rating(?: than {_THIS})?"), "star_vs_this"),
    (re.compile(rf"^ whose star rating is (lower|higher) than {_THIS}"), "star_vs_this"),
    # "whose STAR Rating is equal to or higher than this card's": this card's Star Rating or more (or less)
    (re.compile(rf"^ whose star(?: rating)? is equal to or (lower|higher|less|greater) than {_THIS} star rating"),
     "star_vs_this_or_equal"),
    (re.compile(rf"^ with ({NUMBER}) stars"), "exact_stars"),
    (re.compile(rf"^ (?:of|with) {_THIS} star rating"), "same_star"),
    (re.compile(r"^ with (two|three|\d+) or more elements"), "elements_min"),
    (re.compile(r"^ with (?:a|an|one or more|at least one) \+1 star tokens?(?: on (?:it|them))?"), "has_tokens"),
    (re.compile(rf"^ that shares? (?:an? )?(element|type) with {_THIS}"), "shares"),
    (re.compile(rf"^ that shares? no (element|type) with {_THIS}"), "shares_none"),
    (re.compile(rf"^ (?:immediately )?to the (left|right) of {_THIS}"), "side"),
    (re.compile(rf"^ adjacent to {_THIS}"), "adjacent"),
    (re.compile(r"^ (?:of your choice )?in (your|an opponent's|another player's|your opponents'|each opponent's|"
                r"other players'|other player's|opponents'|all players'|all player's|any player's|each|any|every|all) "
                r"(tableaus?|hand|tableaux)"), "zone"),
    (re.compile(r"^ (?:of your choice|of their choice)"), "choice"),
    # "Play" effects: the card is "in play" while it resolves ("Effects on Cards"): your tableau
    (re.compile(r"^ (?:in play|in your play area)\b"), "in_play"),  # not "in player's" (batch l)
    # "with a SET that matches the SET of your Top Card" (market_phrases.sentence_wording)
    (re.compile(r"^ matching your top card's (set|type|element|star)"), "matches_top"),
    (re.compile(r"^ of the chosen kind"), "chosen"),  # "from that SET" after "Choose a SET" (market_phrases)
    (re.compile(r"^ in your binder"), "binder"),
)
ZONE_WORDS = {"your": "tableau", "an opponent's": "opponents", "another player's": "opponents",
              "your opponents'": "opponents", "each opponent's": "opponents", "each": "all", "any": "all",
              "other players'": "opponents", "other player's": "opponents", "opponents'": "opponents",
              "every": "all", "all": "all", "all players'": "all", "all player's": "all", "any player's": "all"}


#: "a FIRE or MYTH card": two symbols joined by "or", a card with either ("CARD DATA": a card's
#: Elements and Types; docs/rules-notes.md, "A card of either symbol")
_EITHER = re.compile(rf"^((?:each |every |a |an |one |the |any |all )?(?:(?:an)?other )?(?:face-up |face-down )?)"
                     rf"({ELEMENT}|{TYPE}) or ({ELEMENT}|{TYPE}) (?=(?:cards?|singles?)\b)")


#: "an opponent's FIRE card", "opponents' cards": the owner before the card ("<card> in <their> tableau")
_OWNED = re.compile(r"^(an opponent's|another player's|each opponent's|opponents'|other players') "
                    r"((?:face-up |face-down )?(?:[a-z]+ )?(?:cards?|singles?))\b(.*)$")


#: "one of your cards (in your tableau)": a card in your tableau ("one of your other cards": another)
_ONE_OF_YOURS = re.compile(r"^one of your (other )?(cards|singles)(?: in your tableau)?\b")


def card_phrase(text: str) -> tuple[dict, str, str]:
    """``"face-up fire soldiers in your tableau"`` -> (FILTER, ZONE, rest of the text).

    The zone is ``tableau`` unless the phrase names another; ``hand`` for "in your hand"."""
    text = _ONE_OF_YOURS.sub(lambda m: f"{'another' if m.group(1) else 'a'} {m.group(2)[:-1]} in your tableau", text)
    owned = _OWNED.match(text)
    if owned:  # "an opponent's card": a card in that tableau
        try:
            return card_phrase(f"{'a ' if owned.group(1).startswith(('an ', 'a ')) else ''}{owned.group(2)} "
                               f"in {owned.group(1)} tableau{'s' if owned.group(1).endswith(chr(39)) else ''}{owned.group(3)}")
        except Unread:
            pass
    from rules.millennium_blades.phrases_more_g import bare_either_g, read_modifier_g  # it reads this module's names
    from rules.millennium_blades.phrases_more_l import card_words_l, read_modifier_l  # it reads this module's names

    text = bare_either_g(text) or text  # "a SOLDIER or CONSTRUCT": the word card left out (phrases_more_g)
    reworded = card_words_l(text)  # "all EXPANSION cards", "both adjacent cards" (phrases_more_l)
    if reworded:
        found, zone, rest = card_phrase(reworded[0])
        return {**found, **reworded[1]}, zone, rest
    either = _EITHER.match(text)
    if either:
        found, zone, rest = card_phrase(either.group(1) + text[either.end():])
        return {**found, "symbols_any": [either.group(2), either.group(3)]}, zone, rest
    m = _HEAD.match(text)
    if not m:
        raise Unread(text, "a card description")
    flt: dict = {}
    if m.group("other"):
        flt["where"] = "other"
    if m.group("adj"):
        flt["where"] = "adjacent"
    if m.group("face"):
        flt["face"] = "up" if "up" in m.group("face") else "down"
    if m.group("el"):
        flt["element"] = m.group("el")
    if m.group("stars"):
        cmp = {"lower": "<=", "less": "<=", "fewer": "<=", "higher": ">=", "more": ">=", "greater": ">=",
               None: "=="}[m.group("dir")]
        flt["star"] = {"cmp": cmp, "value": int(m.group("stars"))}
    if m.group("el2"):  # "an AIR and EARTH card": a card with both (rules notes, "A card of two symbols")
        flt["elements_all"] = [flt.pop("element"), m.group("el2")]
    noun = m.group("noun").split()[0].rstrip("s")
    if noun in TYPE_VALUES:
        flt["type"] = noun
    if m.group("ty2"):
        if noun not in TYPE_VALUES:
            raise Unread(text, "two types of a card")
        flt["types_all"] = [m.group("ty2"), flt.pop("type")]
    zone = "tableau"
    rest = text[m.end():]
    while True:
        for pattern, kind in _MODIFIERS:
            mm = pattern.match(rest)
            if mm:
                zone = _modify(flt, kind, mm, zone)
                rest = rest[mm.end():]
                break
        else:
            more = read_modifier_g(flt, rest)  # a list of attributes, any of them (phrases_more_g)
            if more is None:
                more = read_modifier_l(flt, rest)  # "to the immediate left" of this card (phrases_more_l)
            if more is None:
                from rules.millennium_blades.phrases_more_k import read_modifier_k

                more = read_modifier_k(flt, rest)  # a different element than your tableau's (phrases_more_k)
            if more is None:
                from rules.millennium_blades.phrases_more_r import read_modifier_r

                more = read_modifier_r(flt, rest)  # the SET of the attached card (phrases_more_r)
            if more is None:
                from rules.millennium_blades.phrases_metagame import read_modifier_metagame

                more = read_modifier_metagame(flt, rest)  # matches one of the Metas (phrases_metagame)
            if more is None:
                from rules.millennium_blades.phrases_sideways import read_modifier_sideways

                more = read_modifier_sideways(flt, rest)  # the SET of the card this points to (phrases_sideways)
            if more is None:
                from rules.millennium_blades.phrases_attach2 import read_modifier_attach2

                more = read_modifier_attach2(flt, rest)  # a symbol of any attached card (phrases_attach2)
            if more is None:
                from rules.millennium_blades.phrases_clash2 import read_modifier_clash2

                more = read_modifier_clash2(flt, rest)  # the losing card's STAR or lower (phrases_clash2)
            if more is None:
                return flt, zone, rest.strip()
            rest, zone = more, flt.pop("_zone", zone)


def _modify(flt: dict, kind: str, m: re.Match, zone: str) -> str:
    g = m.groups()
    if kind == "keyword":
        flt["keyword"] = KEYWORD_NAMES[g[0]]
    elif kind == "stars":
        flt["star"] = {"cmp": ">=" if g[1] in ("more", "higher", "greater") else "<=", "value": number(g[0])}
    elif kind == "timing":
        flt["timing"] = g[0]
    elif kind == "exact_stars":
        flt["star"] = {"cmp": "==", "value": number(g[0])}
    elif kind == "star_vs_this":
        flt["star"] = {"cmp": "<" if g[0] in ("lower", "lesser", "fewer", "less") else ">", "value": "this"}
    elif kind == "star_vs_this_or_equal":
        flt["star"] = {"cmp": "<=" if g[0] in ("lower", "less") else ">=", "value": "this"}
    elif kind == "same_star":  # "a card of this card's STAR": the same Star Rating
        flt["star"] = {"cmp": "==", "value": "this"}
    elif kind == "has_tokens":  # "a card with a +1 STAR token (on it)": one or more
        flt["tokens"] = {"cmp": ">=", "value": 1}
    elif kind == "elements_min":
        flt["elements_min"] = number(g[0])
    elif kind in ("shares", "shares_none"):
        flt[kind] = g[0]
    elif kind == "side":
        flt["where"] = f"{g[0]}_of"
    elif kind == "adjacent":
        flt["where"] = "adjacent"
    elif kind == "chosen":
        flt["chosen"] = True
    elif kind == "matches_top":
        flt["matches_top"] = g[0]
    elif kind == "in_play":
        return "tableau"
    elif kind == "binder":
        return "binder"
    elif kind == "zone":
        return "hand" if g[1] == "hand" else ZONE_WORDS[g[0]]
    return zone


def whole_card_phrase(text: str) -> tuple[dict, str]:
    flt, zone, rest = card_phrase(text)
    if rest:
        raise Unread(rest, "after a card description")
    return flt, zone


# -- counts ("for each ...", "per ...", "the number of ...") ----------------------------------------
def read_count(text: str) -> dict:
    """A COUNT from the words after "for each", "per" or "the number of"."""
    text = text.strip()
    if "that player's" in text:  # "... in that player's tableau": the player chosen (phrases_more_k)
        from rules.millennium_blades.phrases_more_k import read_count_k

        chosen = read_count_k(text)
        if chosen is not None:
            return chosen
    from rules.millennium_blades.phrases_more_v import read_count_v

    more_v = read_count_v(text)  # "+1 STAR Token in your tableau", "opponent whose Top card is ..." (phrases_more_v)
    if more_v is not None:
        return more_v
    if text in ("rp", "ranking points"):
        return {"count": "rp"}
    if re.fullmatch(r"clash(?:es)? you (?:have )?won(?: this tournament)?", text):
        return {"count": "clashes_won"}
    m = re.fullmatch(r"(?:different )?(elements?|types?) (among|in) (.+)", text)
    if m:
        flt, zone = whole_card_phrase(m.group(3) if m.group(2) == "among" else f"cards in {m.group(3)}")
        return {"count": "elements" if m.group(1).startswith("element") else "types", "zone": zone, "filter": flt}
    m = re.fullmatch(r"\+1 star tokens? on (.+)", text)
    if m:
        if m.group(1) in ("this card", "this one", "it"):
            return {"count": "star_tokens", "zone": "tableau", "filter": {"where": "this"}}
        flt, zone = whole_card_phrase(m.group(1))
        return {"count": "star_tokens", "zone": zone, "filter": flt}
    if re.fullmatch(r"(?:all )?(?:the )?cards? flipped (?:this way|by this effect)", text):  # this effect's flips
        return {"count": "flipped_this_way"}
    if re.fullmatch(r"(?:open |empty )slots? in your tableau", text):  # "Tableau": the slots no card fills
        return {"count": "empty_slots"}
    from rules.millennium_blades.market_phrases import read_market_count  # it reads card phrases
    from rules.millennium_blades.phrases_more_b import read_count_b

    more = read_count_b(text)
    if more is None:
        from rules.millennium_blades.phrases_more_f import read_count_f

        more = read_count_f(text)  # hands and discards (phrases_more_f.py)
    if more is None:
        from rules.millennium_blades.phrases_more_c import read_count_c

        more = read_count_c(text)
    if more is None:
        from rules.millennium_blades.phrases_more_e import read_count_e

        more = read_count_e(text)
    if more is None:
        from rules.millennium_blades.phrases_more_l import read_count_l

        more = read_count_l(text)  # different rarities (phrases_more_l.py)
    if more is None:
        from rules.millennium_blades.phrases_more_h import read_count_h

        more = read_count_h(text)  # singles and Accessories together, open slots of all tableaus
    if more is None:
        from rules.millennium_blades.phrases_more_j import read_count_j

        more = read_count_j(text)  # the players (phrases_more_j.py)
    if more is None:
        from rules.millennium_blades.phrases_more_n import read_count_n

        more = read_count_n(text)  # the rarities revealed (phrases_more_n.py)
    if more is None:
        from rules.millennium_blades.phrases_more_q import read_count_q

        more = read_count_q(text)  # several kinds of different values, a higher STAR than all (phrases_more_q.py)
    if more is None:
        from rules.millennium_blades.phrases_more_u import read_count_u

        more = read_count_u(text)  # cards beside an alike one (phrases_more_u.py)
    if more is None:
        from rules.millennium_blades.phrases_more_r import read_count_r

        more = read_count_r(text)  # the cards attached to this card (phrases_more_r.py)
    if more is None:
        from rules.millennium_blades.phrases_more_z import read_count_z

        more = read_count_z(text)  # the players of the clash (phrases_more_z.py)
    if more is None:
        from rules.millennium_blades.phrases_outcomes import read_count_outcomes

        more = read_count_outcomes(text)  # the different TYPES discarded (phrases_outcomes.py)
    if more is None:
        from rules.millennium_blades.phrases_copying import read_count_copying

        more = read_count_copying(text)  # the elements (types) this card has (phrases_copying.py)
    if more is None:
        from rules.millennium_blades.phrases_clash_tokens import read_count_clash_tokens

        more = read_count_clash_tokens(text)  # all Top Cards (phrases_clash_tokens.py)
    if more is None:
        from rules.millennium_blades.phrases_naming import read_count_naming

        more = read_count_naming(text)  # the letters of a card's name (phrases_naming.py)
    if more is not None:
        return more

    market = read_market_count(text)
    if market is not None:
        return market
    from rules.millennium_blades.phrases_more_a import read_more_count

    more = read_more_count(text)  # "for each Dollar spent", "for every 10 RP lost"
    if more is None:
        from rules.millennium_blades.phrases_more_i import read_count_i

        more = read_count_i(text)  # cards of the clash's players (phrases_more_i.py)
    if more is not None:
        return more
    flt, zone = whole_card_phrase(text)
    return {"count": "cards", "zone": zone, "filter": flt}


# -- single cards an effect names -----------------------------------------------------------------
REF_PHRASES = {
    "this card": "this", "this one": "this", "this single": "this", "it": "revealed", "that card": "revealed",
    "the revealed card": "revealed", "the next card you play": "next_played", "your top card": "top",
    "the card played": "played", "that single": "played",
    "the losing card in the clash": "losing_card", "the losing card": "losing_card",
    "the attached card": "attached",
    # in a Flip effect: the card whose effect flipped this one (resolve.flip_card's ``cause``)
    "the card that caused this to be flipped": "flipper", "the card that caused this card to be flipped": "flipper",
    "the card that flipped this card": "flipper", "the card that flipped this": "flipper",
}


#: the card "that card" / "it" names where no clause named one: the card revealed, or, in an effect a
#: card's play or flip triggers ("Whenever an opponent plays a single, flip that card"), that card
THAT_CARD: ContextVar[str] = ContextVar("THAT_CARD", default="revealed")
_THAT = ("it", "that card", "that single")


def read_ref(text: str) -> str:
    text = text.strip()
    if text in _THAT:
        return THAT_CARD.get() if text != "that single" else "played"
    if text in REF_PHRASES:
        return REF_PHRASES[text]
    m = re.fullmatch(rf"the card (?:(?:immediately )?(?:to|on) (?:the |its )?(?:immediate )?(left|right)(?: of {_THIS})?)"
                     r"(?: in your tableau)?", text)
    if m:
        return m.group(1)
    from rules.millennium_blades.phrases_sideways import read_ref_sideways

    pointed = read_ref_sideways(text)  # the card this one, played sideways, points to (phrases_sideways)
    if pointed is not None:
        return pointed
    from rules.millennium_blades.phrases_clash2 import read_ref_clash2

    winning = read_ref_clash2(text)  # the card that won a clash of two of yours (phrases_clash2)
    if winning is not None:
        return winning
    raise Unread(text, "a card")


_ACCESSORY = re.compile(r"an accessory in (any player's|an opponent's|another player's|your) tableau")


def read_target(text: str, last_ref: str | None = None) -> dict:
    """A TARGET for flip and star tokens."""
    text = text.strip()
    from rules.millennium_blades.phrases_more_h import accessory_area_h

    text = accessory_area_h(text) or text  # "an Accessory in your Play Area" (phrases_more_h)
    from rules.millennium_blades.phrases_more_q import read_target_q

    deck_box = read_target_q(text)  # "another player's Deck Box" (phrases_more_q)
    if deck_box is not None:
        return deck_box
    from rules.millennium_blades.phrases_more_v import read_target_v

    end = read_target_v(text)  # "your left-most face-up card" (phrases_more_v)
    if end is not None:
        return end
    m = _ACCESSORY.fullmatch(text)
    if m:  # "A card cannot affect or target your Accessories unless it specifically says it can" ("Accessories")
        whose = {"any player's": "any", "an opponent's": "opponent", "another player's": "opponent", "your": "self"}
        return {"player": whose[m.group(1)], "pick": "choice", "zone": "accessory", "filter": {"face": "up"}}
    from rules.millennium_blades.phrases_more_s import read_target_s

    each = read_target_s(text)  # "a card in each opponent's tableau": one each (phrases_more_s)
    if each is not None:
        return each
    from rules.millennium_blades.phrases_clash_tokens import read_target_clash_tokens

    losers = read_target_clash_tokens(text)  # "a card in the losers' tableaus": one among them (phrases_clash_tokens)
    if losers is not None:
        return losers
    if text in ("that card", "it") and last_ref:
        return {"player": "self", "pick": last_ref}
    if text in ("this card", "this single", "this one"):
        return {"player": "self", "pick": "this"}
    if text == "this accessory":
        return {"player": "self", "pick": "this", "zone": "accessory"}
    if text == "the next card you play":
        return {"player": "self", "pick": "next_played"}
    m = re.fullmatch(r"(your|an opponent's|each opponent's|each player's|that player's) top card", text)
    if m:
        return {"player": _OWNER[m.group(1)], "pick": "top", **({"chooser": "owner"} if "each" in m.group(1) else {})}
    m = re.fullmatch(r"(your|an opponent's|each opponent's) (highest|lowest)(?: star)? (?:card|single)"
                     r"(?: in (?:your|their) tableau)?", text)
    if m:
        return {"player": _OWNER[m.group(1)], "pick": m.group(2), "chooser": "owner"}
    try:
        return {"player": "self", "pick": read_ref(text)}
    except Unread:
        pass
    m = re.match(r"(each|all|every) ", text)
    flt, zone, rest = card_phrase(text)
    if rest:
        raise Unread(rest, "after a target")
    player = {"tableau": "self", "opponents": "opponent", "all": "any"}.get(zone)
    if player is None:
        raise Unread(text, "a card in a tableau")
    if m and player == "opponent":
        player = "each_opponent"
    flt.setdefault("face", "up")
    return {"player": player, "pick": "all" if m else "choice", "filter": flt}


_OWNER = {"your": "self", "an opponent's": "opponent", "each opponent's": "each_opponent", "each player's": "each",
          "that player's": "that_player"}


# -- events after "whenever" / "when" --------------------------------------------------------------
_BY = {"you": "self", "an opponent": "opponent", "a player": "any", "any player": "any", "another player": "opponent",
       "one of your opponents": "opponent"}


def read_event(text: str) -> dict:
    """A TRIGGER from the words after "Whenever" or "When"."""
    text = text.strip()
    from rules.millennium_blades.phrases_more_h import reword_event_h

    text = reword_event_h(text) or text  # "an Accessory is flipped": anyone's (phrases_more_h)
    from rules.millennium_blades.phrases_more_p import reword_event_p

    text = reword_event_p(text) or text  # "your turn begins" (phrases_more_p)
    from rules.millennium_blades.phrases_more_a import read_more_event

    more = read_more_event(text)  # "... would be flipped by an effect", "an accessory ... is flipped"
    if more is not None:
        return more
    from rules.millennium_blades.phrases_more_m import read_event_m

    more = read_event_m(text, read_event)  # "you play a card after all play effects" (phrases_more_m.py)
    if more is not None:
        return more
    from rules.millennium_blades.phrases_more_o import read_event_o

    first = read_event_o(text)  # "... the first time each turn" (phrases_more_o)
    if first is not None:
        return first
    from rules.millennium_blades.phrases_more_v import read_event_v

    would_gain = read_event_v(text)  # "a player would gain RP": a Reaction before a gain (phrases_more_v)
    if would_gain is not None:
        return would_gain
    from rules.millennium_blades.phrases_more_z import read_event_z

    before = read_event_z(text)  # "you clash before cards are revealed" (phrases_more_z)
    if before is not None:
        return before
    from rules.millennium_blades.phrases_more_y import read_event_y

    prevented = read_event_y(text)  # "a card is prevented from being flipped by this effect" (phrases_more_y)
    if prevented is not None:
        return prevented
    from rules.millennium_blades.phrases_clash_tokens import read_event_clash_tokens

    high = read_event_clash_tokens(text)  # "two 7 STAR or higher cards clash" (phrases_clash_tokens)
    if high is not None:
        return high
    from rules.millennium_blades.phrases_naming import read_event_naming

    named = read_event_naming(text)  # "you play a card you named with Foreboding" (phrases_naming)
    if named is not None:
        return named
    from rules.millennium_blades.phrases_grants import read_event_grants

    granted = read_event_grants(text)  # the second time each turn, a Sell Marker discarded (phrases_grants)
    if granted is not None:
        return granted
    from rules.millennium_blades.phrases_zones2 import read_event_zones2

    from_binder = read_event_zones2(text)  # a card played from your binder (phrases_zones2.py)
    if from_binder is not None:
        return from_binder
    m = re.fullmatch(r"(you|an opponent|a player|any player|another player) plays? (.+)", text)
    if m:
        flt, zone, rest = card_phrase(m.group(2))
        if rest:
            raise Unread(rest, "after the card played")
        return _trim({"event": "play", "by": _BY[m.group(1)], "filter": flt})
    if text == "your turn ends":  # "At the end of your turn" (phrases_more_b.py, ops_more_b.py)
        return {"event": "turn_end"}
    if text == "your turn starts":  # "At the start of your turn" ("Tournament Turns")
        return {"event": "turn_start"}
    if re.fullmatch(r"you win a clash", text):
        return {"event": "clash_won"}
    if re.fullmatch(r"you lose a clash", text):
        return {"event": "clash_lost"}
    if re.fullmatch(r"you clash|you are in a clash", text):  # a participant ("Clashing")
        return {"event": "clash"}
    if re.fullmatch(r"a clash occurs|there is a clash|any player clashes", text):
        return {"event": "clash_any", "by": "any"}
    if re.fullmatch(r"you put (?:one or more )?\+1 star tokens? on (?:a|any) card", text):
        return {"event": "star_tokens", "by": "self"}
    m = re.fullmatch(r"(an opponent's effect|an effect an opponent controls|one of your effects|an effect) "
                     r"(would flip|flips) (.+)", text)
    if m:
        by = {"an opponent's effect": "opponent", "an effect an opponent controls": "opponent",
              "one of your effects": "self", "an effect": "any"}[m.group(1)]
        what = re.sub(r"^one of your ", "a ", m.group(3))
        flt, zone, rest = card_phrase(what)
        if rest:
            raise Unread(rest, "after the card flipped")
        whose = {"tableau": "self", "opponents": "opponent", "all": "any"}.get(zone, "self")
        event = "would_flip" if m.group(2) == "would flip" else "flipped"
        return _trim({"event": event, "by": by, "whose": whose, "filter": flt})
    m = re.fullmatch(r"(.+?) (?:is|are) flipped(?: face-down)?(?: by (an opponent's effect|one of your effects))?", text)
    if m:
        flt, zone, rest = card_phrase(m.group(1))
        if rest:
            raise Unread(rest, "after the card flipped")
        whose = {"tableau": "self", "opponents": "opponent", "all": "any"}.get(zone, "self")
        by = {"an opponent's effect": "opponent", "one of your effects": "self"}.get(m.group(2) or "", "any")
        return _trim({"event": "flipped", "by": by, "whose": whose, "filter": flt})
    if text == "you win a clash with this card":  # the card they clashed with ("Clashing": the Top Card)
        return {"event": "clash_won", "with_this": True}
    if text == "you would lose rp":  # a Reaction the loss asks for (market.py)
        return {"event": "would_lose_rp"}
    if text == "you use an action":  # "Use an Action": after its text, and its card flipped
        return {"event": "action_used"}
    if text == "you would lose a clash":  # a Reaction the clash asks for (market_phrases, clash.py)
        return {"event": "would_lose_clash"}
    from rules.millennium_blades.phrases_more_b import read_event_b

    more = read_event_b(text)
    if more is None:
        from rules.millennium_blades.phrases_more_f import read_event_f

        more = read_event_f(text)  # another player's discards (phrases_more_f.py)
    if more is None:
        from rules.millennium_blades.phrases_more_e import read_event_e

        more = read_event_e(text)  # "Whenever an opponent gains RP"
    if more is None:
        from rules.millennium_blades.phrases_more_d import read_event_d

        more = read_event_d(text)  # "a player loses a clash"
    if more is None:
        from rules.millennium_blades.phrases_more_i import read_event_i

        more = read_event_i(text)  # "you would win a clash" (phrases_more_i.py)
    if more is None:
        from rules.millennium_blades.phrases_more_n import read_event_n

        more = read_event_n(text)  # "your turn is passed" (phrases_more_n.py)
    if more is None:
        from rules.millennium_blades.phrases_more_q import read_event_q

        more = read_event_q(text)  # a gain of RP by whose effect, from which card (phrases_more_q.py)
    if more is None:
        from rules.millennium_blades.phrases_more_t import read_event_t

        more = read_event_t(text)  # "an opponent's turn ends" (phrases_more_t.py)
    if more is None:
        from rules.millennium_blades.phrases_triggers import read_event_triggers

        more = read_event_triggers(text)  # the Aftermarket, Play effects, Dollars (phrases_triggers.py)
    if more is None:
        from rules.millennium_blades.phrases_clash2 import read_event_clash2

        more = read_event_clash2(text)  # a clash's reveals made (phrases_clash2.py)
    if more is None:
        from rules.millennium_blades.phrases_history import read_event_history

        more = read_event_history(text)  # the end of your next turn (phrases_history.py)
    if more is None:
        from rules.millennium_blades.phrases_pointing import read_event_pointing

        more = read_event_pointing(text)  # a clash won with the card this one points to (phrases_pointing.py)
    if more is None:
        from rules.millennium_blades.phrases_guards import read_event_guards

        more = read_event_guards(text)  # the trigger this card named activates (phrases_guards.py)
    if more is not None:
        return more
    raise Unread(text, "an event")


def _trim(trigger: dict) -> dict:
    if not trigger.get("filter"):
        trigger.pop("filter", None)
    return trigger


__all__ = ["KEYWORDS", "MULTIPLE", "NUMBER", "THAT_CARD", "Unread", "card_phrase", "number", "read_count", "read_event",
           "read_ref", "read_target", "whole_card_phrase"]
