"""The whole game's card pool from a host's card database (``rules.core.card_pool``; issue 26.4):
imported sets are the Store's choices, only singles, deck boxes and accessories are dealt ("COMPONENTS"),
and a card the engine cannot run is never dealt as if its text said nothing. Invented cards only."""

import pytest

from rules.core import card_pool
from rules.millennium_blades.full import new_full_game
from rules.millennium_blades.full.pool import load_pool


def _card(name, set_code, card_type="single", playable=True, star=2):
    return {"set": set_code, "name": name, "card_type": card_type, "number": "", "text": "Play: Gain 1 RP.",
            "attributes": {"star": star, "elements": ["fire"], "types": ["mage"], "copies": 2},
            "effects": [{"timing": "play", "ops": [{"op": "gain_rp", "amount": 1}]}] if playable else [],
            "playable": playable, "unplayable_reason": "" if playable else "not understood: 'hum a tune'"}


DATA = {
    "version": "test-1",
    "sets": [{"code": "ST", "name": "Tin Starter", "kind": "starter"}, {"code": "AA", "name": "Amber Arcade", "kind": "core"},
             {"code": "BB", "name": "Brass Bazaar", "kind": "expansion", "release_order": 2},
             {"code": "PB", "name": "Pewter Prize", "kind": "bronze_promo"}],
    "cards": [_card("Tin Page", "ST"), _card("Tin Squire", "ST"), _card("Amber Imp", "AA"), _card("Amber Ogre", "AA"),
              _card("Amber Hero", "AA", "character"), _card("Brass Rat", "BB"), _card("Brass Humming Bird", "BB", playable=False),
              _card("Pewter Cup", "PB")],
}


@pytest.fixture
def host_pool():
    previous = card_pool.set_source(lambda game: DATA if game == "millennium_blades" else None)
    yield load_pool()
    card_pool.set_source(previous)


def test_the_pool_is_the_hosts_and_deals_only_kit_cards(host_pool):
    assert [s.code for s in host_pool.sets] == ["ST", "AA", "BB", "PB"]
    assert [c.name for c in host_pool.copies("AA")] == ["Amber Imp"] * 2 + ["Amber Ogre"] * 2  # no character
    assert [s.code for s in host_pool.sets_of("expansion", playable=True)] == []
    assert [c.name for c in host_pool.not_playable("BB")] == ["Brass Humming Bird"]


def test_a_set_with_a_card_not_playable_is_refused_or_left_out(host_pool):
    with pytest.raises(ValueError, match="BB: Brass Humming Bird: not understood: 'hum a tune'"):
        new_full_game(3, 1, sets=["AA", "BB"])
    game = new_full_game(3, 1, sets=["AA", "BB"], not_playable="leave_out")
    assert "Brass Humming Bird" not in game.all_cards() and "Brass Rat" in game.all_cards()
    assert any("left out: 1 card(s) of BB (1 of 2)" in note for note in game.setup_notes)
    default = new_full_game(3, 1)
    assert default.store_sets == ["AA"] and default.starters == ["ST"] * 3
