"""What each spirit type grants: exactly its card's text and structured effects
(fixtures/boundless.json; rulebook "SPIRIT CARDS"; notes: "What each spirit type grants")."""

from __future__ import annotations

from rules.boundless.constants import COMBAT

from .helpers import Board, act


def test_spirit_cards__boost_spirit_gives_plus_1_pwr_to_its_form_or_savior():
    b = Board()
    whelp = b.form(0, "Cobble Whelp", spirits=("Boost Spirit", "Boost Spirit"))
    b.savior_spirits(0, "Boost Spirit")
    s = b.done()
    assert s.pwr(whelp) == 5 and s.pwr(s.savior[0]) == 5


def test_spirit_cards__aggress_spirit_gives_plus_2_when_its_card_attacks_until_end_of_combat():
    b = Board(step=COMBAT)
    pup = b.form(0, "Emberkin Pup", spirits=("Aggress Spirit",))
    s = b.done()
    assert s.pwr(pup) == 2
    act(s, "attack 0 savior")  # 2 + 2 = 4 against Kuroha's 5: damaged, but +2 while in combat
    assert s.pwr(pup) == 4
    act(s, "end")
    assert pup in s.drop[0]


def test_spirit_cards__protect_spirit_prevents_damage_by_this_attack_for_a_spirit():
    b = Board(step=COMBAT)
    b.form(0, "Jadewall Colossus", spirits=("Boost Spirit",))
    whelp = b.form(1, "Cobble Whelp", spirits=("Protect Spirit",))
    s = b.done()
    act(s, "attack 0 0")
    assert s.current_players() == [1]  # optional: the defender decides
    act(s, "pass")
    assert whelp in s.damaged


def test_spirit_cards__rescue_spirit_rescues_1_when_its_card_is_damaged():
    b = Board(step=COMBAT)
    b.form(0, "Jadewall Colossus", spirits=("Boost Spirit",))
    b.form(1, "Emberkin Pup", spirits=("Rescue Spirit",))
    b.void(1, 1)
    s = b.done()
    act(s, "attack 0 0")
    assert len(s.hand[1]) == 1 and s.void[1] == []


def test_spirit_cards__perfect_spirit_plus_2_and_devour_when_damaging_a_savior():
    b = Board(step=COMBAT)
    pup = b.form(0, "Cobble Whelp", spirits=("Perfect Spirit",))
    s = b.done()
    assert s.pwr(pup) == 5
    act(s, "attack 0 savior")  # 5 against 5: the attacker wins; savior damage + devour 1
    assert len(s.void[1]) == 2
