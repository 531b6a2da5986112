"""The Venue Deck (millennium-blades.txt, "COMPONENTS": "10 Oversized Venue Cards"; "VARIANTS &
OPTIONS", "Venues").

"There's no need to play in the same game store every week! Why not go to the museum, or play on
the edge of an active volcano? Shuffle together the Venue Deck and place it beside the Metagames.
When you start the Deckbuilding Round, also reveal the top card of the Venue Deck. It will have
rules to follow for the Deckbuilding Phase, Tournament Phase or both. Discard it when the
tournament ends."

The rulebook prints no venue card: these ten are authored for this project (the museum and the
volcano from the quote above). A venue is a ``CardSpec`` of card type ``venue``; each effect
names its ``side``. Deckbuilding-side rules hold for every player (``powers.py``); the Tournament
side is every player's power during the tournament (as if each held the venue's Tournament side;
its Score effects are each player's, like the Metagame's).
"""

from __future__ import annotations

from rules.core.decks import CardSpec

VENUE_SET = "MB-VENUES"


def _db(text: str, *ops: dict) -> dict:
    return {"side": "deckbuilding", "timing": "deckbuilding", "text": text, "ops": list(ops)}


def _tn(timing: str, text: str, *ops: dict, **more) -> dict:
    return {"side": "tournament", "timing": timing, "text": text, "ops": list(ops), **more}


def _per_face_up(amount: int, **flt) -> dict:
    return {"op": "gain_rp", "amount": amount, "per": {"count": "cards", "zone": "tableau",
                                                      "filter": {"face": "up", **flt}}}


VENUES: dict[str, tuple[dict, ...]] = {
    "Corner Game Store": (
        _db("Deckbuilding: Store cards cost 1 less.", {"op": "store_price", "amount": -1}),),
    "Grand Convention Hall": (
        _db("Deckbuilding: Each player gains 10 more dollars of income. Store cards cost 1 more.",
            {"op": "income", "amount": 10}, {"op": "store_price", "amount": 1}),),
    "Midnight Flea Market": (
        _db("Deckbuilding: Aftermarket cards cost 1 less, and cards sold to the Aftermarket pay 1 less.",
            {"op": "aftermarket_price", "amount": -1}, {"op": "sell_price", "amount": -1}),),
    "Museum of Card History": (
        _tn("score", "Score: Gain 3 RP for each different element among the face-up cards in your tableau "
                     "(at most 12 RP).",
            {"op": "gain_rp", "amount": 3, "max": 12, "per": {"count": "elements", "zone": "tableau",
                                                              "filter": {"face": "up"}}}),),
    "Volcano Rim Arena": (
        _db("Deckbuilding: Store cards cost 1 more.", {"op": "store_price", "amount": 1}),
        _tn("score", "Score: Gain 3 RP for each face-up Fire card in your tableau.", _per_face_up(3, element="fire"))),
    "Recycling Plant": (
        _db("Deckbuilding: Card Fusions need 1 fewer card.", {"op": "fusion_size", "amount": -1}),),
    "Booster Box Bash": (
        _db("Deckbuilding: Deal each player 2 more cards at the start of the round.", {"op": "deal", "amount": 2}),),
    "Harbor Trading Post": (
        _db("Deckbuilding: Each player has 1 more Sell Marker, and cards sold to the Aftermarket pay 1 more.",
            {"op": "sell_markers", "amount": 1}, {"op": "sell_price", "amount": 1}),),
    "Rooftop Garden": (
        _tn("ongoing", "Ongoing: Each player's tableau has 1 extra slot.", {"op": "extra_slot", "amount": 1}),),
    "Lakeside Dojo": (
        _db("Deckbuilding: Each player gains 5 fewer dollars of income.", {"op": "income", "amount": -5}),
        _tn("ongoing", "Ongoing: Whenever you win a clash, gain 5 RP.", {"op": "gain_rp", "amount": 5},
            trigger={"event": "clash_won", "by": "self"}),
        _tn("score", "Score: Gain 2 RP for each face-up Water card in your tableau.", _per_face_up(2, element="water"))),
}


def venue_spec(name: str) -> CardSpec:
    effects = VENUES[name]
    return CardSpec(None, name, "venue", {}, tuple(effects), VENUE_SET, "", "\n".join(e["text"] for e in effects))


def venue_specs() -> list[CardSpec]:
    return [venue_spec(name) for name in VENUES]
