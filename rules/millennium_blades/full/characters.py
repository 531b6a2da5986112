"""The six characters of Millennium Blades and their Pro Player cards, as card data
(millennium-blades.txt, "GAME SETUP" 5, "VARIANTS & OPTIONS": "Character Powers", "Pro Player
Cards", "CHARACTER INTROS").

The names are the rulebook's (its "CHARACTER INTROS" headings: Deques Applenti, Cardine Kolleckta,
Fulton Suitcase, Morrey Caardmaan, The Power Creep, Shur Wen Na). The rulebook prints no power
text and no Pro Player card: every text and number here is authored for this project, following
each intro's prose (quoted by each card below).

A character is a ``CardSpec`` of card type ``character`` with two sides ("Each card has two sides,
a Deckbuilding side and a Tournament side"): each effect names its ``side``. The Deckbuilding side
uses the Deckbuilding ops (``effects.DECKBUILDING_OPS``, run by ``powers.py``); the Tournament side
is tournament effects its player holds as a power (the tournament engine's ``MBState(powers=...)``).
Every card here is checked by the card checker (``GAME.validate_card``) in
``tests/rules/millennium_blades/full/test_characters.py``.

A Pro Player card is a single of type Pro ("Pro Player cards have their own Type"), five copies a
character ("6 Pro Player Card Sets (5 cards each)"), with tournament effects.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rules.core.decks import CardSpec

CHARACTER_SET = "MB-CHARACTERS"
PRO_SET = "MB-PRO"
#: "6 Pro Player Card Sets (5 cards each)": a copy for each of up to five players
PRO_COPIES = 5


def _db(text: str, *ops: dict, timing: str = "deckbuilding") -> dict:
    return {"side": "deckbuilding", "timing": timing, "text": text, "ops": list(ops)}


def _tn(timing: str, text: str, *ops: dict, **more) -> dict:
    return {"side": "tournament", "timing": timing, "text": text, "ops": list(ops), **more}


def _face_up(**flt) -> dict:
    return {"face": "up", **flt}


#: name -> (specialty, the intro's words the powers follow, effects)
POWERS: dict[str, tuple[str, str, tuple[dict, ...]]] = {
    "Deques Applenti": (
        "Deckbuilding",
        ("He can include extra deck boxes and accessories in his tournament kit, giving him additional "
         "scoring and defense options during the game."),
        (_db("Deckbuilding: Your deck may hold one more Deck Box and one more Accessory.",
             {"op": "kit_slots", "section": "deck_box", "amount": 1},
             {"op": "kit_slots", "section": "accessories", "amount": 1}),
         _tn("score", "Score: Gain 3 RP for each face-up Deck Box and Accessory you have.",
             {"op": "gain_rp", "amount": 3, "per": {"count": "cards", "zone": "kit", "filter": _face_up()}})),
    ),
    "Cardine Kolleckta": (
        "Collecting",
        ("starts the game with extra advantages in the form of some rare promo cards and who can acquire "
         "rare cards from card fusion more easily than other players ... During tournaments, she can "
         "re-score some of her cards"),
        (_db("Setup: Take the top card of the Bronze Card Fusion pile.",
             {"op": "starting_promo", "tier": "bronze", "amount": 1}, timing="setup"),
         _db("Deckbuilding: Your Card Fusions need 1 fewer card.", {"op": "fusion_size", "amount": -1}),
         _tn("score", "Score: Activate the Score effects of your Top Card again.", {"op": "rescore", "card": "top"})),
    ),
    "Fulton Suitcase": (
        "Buying",
        ("he receives extra money and is able to peek at store cards before buying them ... he can use "
         "leftover money to boost the value of his cards, giving him an edge in clashes and during scoring"),
        (_db("Deckbuilding: Gain 8 more dollars of income. You may look at the face-down Store cards "
             "showing and buy the one you choose.", {"op": "income", "amount": 8}, {"op": "peek"}),
         _tn("action", "Action: Pay 6 dollars to put 3 +1 Star tokens on your Top Card.",
             {"op": "pay_money", "amount": 6},
             {"op": "star_tokens", "amount": 3, "target": {"player": "self", "pick": "top"}}),
         _tn("score", "Score: You may pay 4 dollars to gain 6 RP.",
             {"op": "pay_money", "amount": 4}, {"op": "gain_rp", "amount": 6}, optional=True)),
    ),
    "Morrey Caardmaan": (
        "Selling",
        ("the ability to buy cards more cheaply and sell them at a higher price than the other players ... "
         "Morrey can use cards from the store deck to boost his own deck, and can manipulate the store deck"),
        (_db("Deckbuilding: Aftermarket cards cost you 1 less. You sell cards to the Aftermarket for 1 more.",
             {"op": "aftermarket_price", "amount": -1}, {"op": "sell_price", "amount": 1}),
         _tn("action", "Action: Reveal the top card of the Store and gain RP equal to its Star Rating.",
             {"op": "reveal", "source": "store"},
             {"op": "gain_rp", "amount": 1, "per": {"count": "star", "card": "revealed"}})),
    ),
    "The Power Creep": (
        "Metagame Control",
        ("Power Creep has the ability to control the Metagame, manipulating what types and elements will "
         "perform best in upcoming tournaments. By playing heavily to the current metagame, Power Creep "
         "can score massive points"),
        (_db("Deckbuilding: Once a round for each Metagame stack, you may put its revealed Metagame card on "
             "the bottom of the stack and reveal the next one.", {"op": "metagame_control"}),
         _tn("score", "Score: Activate the Score effects of the Metagame cards again.",
             {"op": "rescore", "card": "metagame"})),
    ),
    "Shur Wen Na": (
        "Dueling",
        "Shur's deck-building ability is somewhat weak ... She gets to play extra cards into her tableau",
        (_db("Deckbuilding: Gain 3 more dollars of income.", {"op": "income", "amount": 3}),
         _tn("ongoing", "Ongoing: Your tableau has 2 extra slots.", {"op": "extra_slot", "amount": 2}),
         _tn("ongoing", "Ongoing: Whenever you win a clash, gain 4 RP.", {"op": "gain_rp", "amount": 4},
             trigger={"event": "clash_won", "by": "self"})),
    ),
}
#: "There are six main characters in Millennium Blades"
CHARACTERS = tuple(POWERS)


def character_spec(name: str) -> CardSpec:
    """The Character card: both sides' effects, its printed text the two sides'."""
    specialty, _intro, effects = POWERS[name]
    text = "\n".join(e["text"] for e in effects)
    return CardSpec(None, name, "character", {}, tuple(effects), CHARACTER_SET, "", text)


def side_effects(spec: CardSpec, side: str, timing: str | None = None) -> list[dict]:
    """A Character's or Venue's effects of one side (and timing)."""
    return [e for e in spec.effects if e.get("side") == side and (timing is None or e["timing"] == timing)]


def tournament_side(spec: CardSpec) -> CardSpec | None:
    """The Tournament side as a card the tournament engine holds as a power (None: no such side)."""
    effects = tuple({k: v for k, v in e.items() if k != "side"} for e in side_effects(spec, "tournament"))
    if not effects:
        return None
    return CardSpec(None, spec.name, spec.card_type, {}, effects, spec.set_code, "",
                    "\n".join(e.get("text", "") for e in effects))


# -- imported Character cards (a card list's, docs/import-format.md "The community card list") -----------------
#: the headings of a printed character's power sides; the co-op ones belong to a co-op game, which
#: this engine does not play ("VARIANTS & OPTIONS" has no co-op mode; docs/rules-notes.md)
SIDE_HEADINGS = {"deckbuilding power": "deckbuilding", "tournament power": "tournament",
                 "co-op deckbuilding power": "co-op deckbuilding", "co-op tournament power": "co-op tournament",
                 "team deckbuilding power": "team deckbuilding"}
PLAYED_SIDES = ("deckbuilding", "tournament")


def printed_sides(text: str) -> dict[str, list[str]]:
    """A printed Character card's text by side: ``{"deckbuilding": [ability, ...], "tournament": [...],
    "co-op deckbuilding": [...], ...}``, from its headings (``DECKBUILDING POWER | ... || TOURNAMENT
    POWER | ...``); abilities before any heading are on no side and are left out."""
    sides: dict[str, list[str]] = {}
    current = None
    for part in re.split(r"\|\|?|\n", text or ""):
        part = part.strip()
        side = SIDE_HEADINGS.get(part.lower().rstrip(":"))
        if side:
            current = side
            sides.setdefault(side, [])
        elif part and current:
            sides[current].append(part)
    return sides


def compile_side_ability(side: str, ability: str, name: str = "") -> tuple[dict | None, str | None]:
    """One printed ability of a side compiled (a Tournament ability by the card text compiler,
    ``text.compile_text``; a Deckbuilding one by ``deckbuilding_text.read_deckbuilding``) and
    checked as that side's effect (``effects.check_sided_effect``): ``(effect, None)`` or ``(None,
    reason)``. Nothing is guessed: a phrase the compiler does not read, or an effect the side cannot
    hold, is the reason."""
    from rules.millennium_blades.effects import check_sided_effect
    from rules.millennium_blades.full.deckbuilding_text import read_deckbuilding
    from rules.millennium_blades.full.power_text import read_power
    from rules.millennium_blades.phrases import Unread
    from rules.millennium_blades.text import compile_text

    if side == "deckbuilding":  # the market's rules: deckbuilding_text.py's phrases
        effect, reason = read_deckbuilding(ability)
        if effect is None:
            return None, reason
    else:  # a rule of the player (power_text.py's phrases), else a card's ability
        try:
            effects = read_power(ability, name)
        except Unread as unread:
            return None, str(unread)
        reason = None
        if effects is None:
            effects, reason = compile_text(ability)
        if effects is None:
            return None, reason
        if len(effects) != 1:
            return None, f"one ability, not {len(effects)}"
        effect = {**effects[0], "side": side}
    errors = check_sided_effect("character", effect, side)
    return (None, f"{errors[0][1]}") if errors else (effect, None)


def imported_character(spec: CardSpec) -> CardSpec:
    """A card list's Character card as the whole game plays it: the abilities of its Deckbuilding and
    Tournament sides that compile are its effects; each one that does not is named in the attribute
    ``not_playable`` (``"Deckbuilding power: <ability>: <reason>"``), and a character with any is not
    played with powers (``powers.configure``). Co-op sides are kept in the text only."""
    effects, problems = [], []
    sides = printed_sides(spec.text)
    for side in PLAYED_SIDES:
        for ability in sides.get(side, []):
            effect, reason = compile_side_ability(side, ability, spec.name)
            if effect is None:
                problems.append(f"{side.capitalize()} power: {ability!r}: {reason}")
            else:
                effects.append(effect)
    if not any(sides.get(side) for side in PLAYED_SIDES):
        problems.append("no Deckbuilding or Tournament power printed (DECKBUILDING POWER | ...)")
    return CardSpec(None, spec.name, "character", {"not_playable": problems}, tuple(effects), spec.set_code,
                    spec.number, spec.text)


def roster(pool=None) -> dict[str, CardSpec]:
    """The characters a game may deal: the rulebook's six with this project's powers, then every
    Character card of ``pool`` (a ``FullPool``: an imported list's) by another name, as
    ``imported_character`` plays it (compiled once per pool)."""
    return dict(_roster(pool))


@lru_cache(maxsize=4)
def _roster(pool) -> dict[str, CardSpec]:
    found = {name: character_spec(name) for name in CHARACTERS}
    for spec in (pool.components("character") if pool is not None else ()):
        if spec.name not in found:
            found[spec.name] = imported_character(spec)
    return found


def not_playable(spec: CardSpec) -> list[str]:
    """Why a character's powers cannot be played (empty: they can)."""
    return list((spec.attributes or {}).get("not_playable", ()))


# -- Pro Player cards ("Pro Player Cards") ----------------------------------------------------------------
def _pro(star: int, element: str, text: str, *effects: dict) -> dict:
    return {"star": star, "element": element, "text": text, "effects": effects}


PRO_PLAYERS: dict[str, dict] = {
    "Deques Applenti": _pro(7, "fire", "Score: Gain 4 RP for each different element among the face-up cards in "
                                       "your tableau.",
                            {"timing": "score", "ops": [{"op": "gain_rp", "amount": 4, "per": {
                                "count": "elements", "zone": "tableau", "filter": _face_up()}}]}),
    "Cardine Kolleckta": _pro(6, "light", "Play: Put 2 +1 Star tokens on the card to the left of this one.",
                              {"timing": "play", "ops": [{"op": "star_tokens", "amount": 2, "target": {
                                  "player": "self", "pick": "left"}}]}),
    "Fulton Suitcase": _pro(7, "earth", "Play: Gain 3 Millennium Dollars.",
                            {"timing": "play", "ops": [{"op": "gain_money", "amount": 3}]}),
    "Morrey Caardmaan": _pro(6, "water", "Play: Reveal the top card of the Store and gain RP equal to its Star "
                                         "Rating.",
                             {"timing": "play", "ops": [{"op": "reveal", "source": "store"}, {
                                 "op": "gain_rp", "amount": 1, "per": {"count": "star", "card": "revealed"}}]}),
    "The Power Creep": _pro(5, "dark", "Score: If you have 5 or more face-up cards in your tableau, gain 12 RP.",
                            {"timing": "score", "condition": {"test": "count", "of": {
                                "count": "cards", "zone": "tableau", "filter": _face_up()}, "cmp": ">=", "value": 5},
                             "ops": [{"op": "gain_rp", "amount": 12}]}),
    "Shur Wen Na": _pro(8, "air", "Play: Clash with all players. The winner gains 8 RP.",
                        {"timing": "play", "ops": [{"op": "clash", "with": "all",
                                                    "winner": [{"op": "gain_rp", "amount": 8}]}]}),
}


def pro_name(character: str) -> str:
    return f"{character}, Pro Player"


def pro_spec(character: str) -> CardSpec:
    """A character's Pro Player card: a single of type Pro, five to a set."""
    pro = PRO_PLAYERS[character]
    effects = tuple(dict(e, text=pro["text"]) for e in pro["effects"])
    attributes = {"star": pro["star"], "elements": [pro["element"]], "types": ["pro"], "copies": PRO_COPIES}
    return CardSpec(None, pro_name(character), "single", attributes, effects, PRO_SET, "", pro["text"])
