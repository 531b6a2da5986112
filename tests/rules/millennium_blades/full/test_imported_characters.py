"""A card list's Character cards in the whole game (issue 26.3): millennium-blades.txt, "VARIANTS &
OPTIONS", "Character Powers" ("Each card has two sides, a Deckbuilding side and a Tournament side ...
show the relevant side during each phase") and "GAME SETUP" 5 ("a Character Card, either randomly or
of their choice"). An imported character's abilities are compiled (Deckbuilding phrases:
``deckbuilding_text.py``; Tournament abilities: the card text compiler); one whose abilities do not
all compile is never played with powers, and the refusal names the ability. Co-op sides are not
played: the rulebook has no co-op mode. Every character here is invented."""

import pytest

from rules.core import card_pool
from rules.millennium_blades.full import characters as chars
from rules.millennium_blades.full import new_full_game, powers
from rules.millennium_blades.full.deckbuilding_text import read_deckbuilding
from rules.millennium_blades.full.pool import load_pool
from rules.millennium_blades.full.rounds import INCOME

MARLOW = ("DECKBUILDING POWER | Gain 4 more dollars of income. | You can include 1 additional Single in your deck. "
          "|| TOURNAMENT POWER | Score: Gain 3 RP.\nCO-OP DECKBUILDING POWER | Lend a coin to the boss.")
ODILE = "DECKBUILDING POWER | Trade hats with the moon. || TOURNAMENT POWER | Score: Gain 1 RP."


@pytest.fixture
def host_pool():
    """The fixture's sets plus two imported characters, as a card database would give them."""
    import json

    from rules.millennium_blades.full.pool import FIXTURE

    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["version"] = "characters-1"
    data["sets"].append({"code": "CC", "name": "Curio Cast", "kind": "expansion", "release_order": 99})
    data["cards"] += [{"set": "CC", "name": name, "card_type": "character", "text": text, "attributes": {},
                       "effects": [], "playable": True} for name, text in (("Marlow Vane", MARLOW), ("Odile Quill", ODILE))]
    previous = card_pool.set_source(lambda game: data)
    yield load_pool()
    card_pool.set_source(previous)


def test_character_powers_each_side_of_an_imported_character_compiles_or_is_named(host_pool):
    assert chars.printed_sides(MARLOW) == {
        "deckbuilding": ["Gain 4 more dollars of income.", "You can include 1 additional Single in your deck."],
        "tournament": ["Score: Gain 3 RP."], "co-op deckbuilding": ["Lend a coin to the boss."]}
    roster = chars.roster(host_pool)
    assert list(roster)[:6] == list(chars.CHARACTERS) and {"Marlow Vane", "Odile Quill"} <= set(roster)
    marlow = roster["Marlow Vane"]
    assert chars.not_playable(marlow) == []
    assert [(e["side"], e["timing"], e["ops"]) for e in marlow.effects] == [
        ("deckbuilding", "deckbuilding", [{"op": "income", "amount": 4}]),
        ("deckbuilding", "deckbuilding", [{"op": "kit_slots", "amount": 1, "section": "singles"}]),
        ("tournament", "score", [{"op": "gain_rp", "amount": 3}])]  # the co-op side is not played
    assert chars.not_playable(roster["Odile Quill"]) == [
        ("Deckbuilding power: 'Trade hats with the moon.': not understood: 'trade hats with the moon' "
         "(no Deckbuilding phrase reads it)")]


def test_character_powers_an_imported_deckbuilding_side_runs_in_the_whole_game(host_pool):
    """"show the relevant side during each phase": Marlow's income and extra single in the Deckbuilding Phase."""
    state = new_full_game(3, 0, characters="powers", character_names={0: "Marlow Vane"})
    assert state.characters[0] == "Marlow Vane" and "Odile Quill" not in state.characters  # not dealt with powers
    assert state.money[0] == INCOME + 4
    assert powers.kit_limits(state, 0)["singles"] == 9
    assert state.view(0)["players"][0]["power"][:1] == ["Gain 4 more dollars of income."]


def test_character_powers_an_imported_character_whose_power_does_not_compile_is_refused_with_powers(host_pool):
    with pytest.raises(ValueError, match="Odile Quill's powers are not playable yet .*Trade hats with the moon"):
        new_full_game(3, 0, characters="powers", character_names={0: "Odile Quill"})
    # "Playing without Characters": "ignore their character's Deckbuilding and Tournament powers"
    state = new_full_game(3, 0, character_names={0: "Odile Quill"})
    assert state.characters[0] == "Odile Quill" and state.money[0] == INCOME


@pytest.mark.parametrize(("text", "ops"), [
    ("Deckbuilding: Gain 2 more dollars of income each round.", [{"op": "income", "amount": 2}]),
    ("You get one extra Sell Marker.", [{"op": "sell_markers", "amount": 1}]),
    ("You are dealt 2 more cards at the start of each Deckbuilding Phase.", [{"op": "deal", "amount": 2}]),
    ("Store cards cost you 1 less.", [{"op": "store_price", "amount": -1}]),
    ("Aftermarket cards cost 2 more dollars.", [{"op": "aftermarket_price", "amount": 2}]),
    ("You sell cards to the Aftermarket for 1 more.", [{"op": "sell_price", "amount": 1}]),
    ("Your Card Fusions require two fewer cards.", [{"op": "fusion_size", "amount": -2}]),
    ("Your deck may hold one more Accessory.", [{"op": "kit_slots", "amount": 1, "section": "accessories"}]),
    ("You may look at the face-down Store cards.", [{"op": "peek"}]),
    ("At the start of the game, take the top card of the Gold promo pile.", [{"op": "starting_promo", "tier": "gold"}]),
])
def test_character_powers_deckbuilding_phrase_shapes(text, ops):
    effect, reason = read_deckbuilding(text)
    assert reason is None and effect["ops"] == ops
    assert effect["timing"] == ("setup" if ops[0]["op"] == "starting_promo" else "deckbuilding")
