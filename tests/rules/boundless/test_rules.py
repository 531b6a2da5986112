"""One scenario per rule of the Boundless rulebook (shared/rulebooks/boundless-tcg.txt), each
named after its section, built from a prepared state (helpers.Board) or a fresh game.

Pure Python, no Django.
"""

from __future__ import annotations

from rules.boundless.constants import ACT1, ACT2, COMBAT
from rules.boundless.engine import new_game
from rules.core.engine import Action

from .helpers import Board, act, counters_of, kind, legal, names, play_kind, sample_deck, start

GOLEM = "Emeraldefender Golem"


def decks():
    return [sample_deck("emerald-vanguard"), sample_deck("akumaiden-onslaught")]


def end_turns(s, n: int) -> None:
    """Pass ``n`` whole turns (every player just ends each step; no responses are possible)."""
    for _ in range(n):
        t = s.turn
        while s.turn == t and not s.is_over:
            act(s, "end")


# -- BEFORE YOU START -------------------------------------------------------------------------------
def test_before_you_start__shuffle_and_draw_5():
    s = new_game(decks(), seed=3)
    for p in (0, 1):
        assert len(s.hand[p]) == 5
        assert len(s.main_deck[p]) == 25 and len(s.spirit_deck[p]) == 15
        assert s.card_defs[s.savior[p]].ctype == "savior" and not s.flipped[p]  # bound side up
    # the order differs from the deck list: the decks were shuffled
    assert s.main_deck[0] + s.hand[0][::-1] != sorted(s.main_deck[0] + s.hand[0])


def test_before_you_start__mulligan_once_keep_some_and_redraw_to_5():
    """"MULLIGAN": keep any of the 5 cards; the cards put back are named by kind (one number per
    card), never by their place in the hand: two copies of a card are one option per number."""
    s = new_game(decks(), seed=3)
    kinds = [s.card_defs[c].kind for c in s.hand[0]]
    ways = 1
    for k in set(kinds):
        ways *= kinds.count(k) + 1
    assert "keep" in legal(s) and len(legal(s)) == ways  # keep, and every non-empty multiset put back
    assert all(a == "keep" or a.split()[1:] == sorted(a.split()[1:], key=int) for a in legal(s))
    kept = s.hand[0][2:]
    act(s, "mulligan " + " ".join(map(str, sorted(kinds[:2]))))  # put back the first two cards
    assert len(s.hand[0]) == 5 and s.hand[0][:3] == kept
    assert [counters_of(s, p)["mulligans"] for p in (0, 1)] == [1, 0] and counters_of(s, 0)["put_back"] == 2
    assert s.current_players() == [1]  # player 0 cannot mulligan again
    act(s, "keep")
    assert legal(s) == {"first", "defer"}


def test_before_you_start__dice_roll_highest_chooses_first_or_defer_ties_reroll():
    tie_seen = False
    for seed in range(60):
        s = new_game(decks(), seed=seed)
        act(s, "keep")
        act(s, "keep")
        *ties, last = s.die_rolls
        assert all(a == b for a, b in ties) and last[0] != last[1]
        tie_seen |= bool(ties)
        winner = 0 if last[0] > last[1] else 1
        assert s.current_players() == [winner]
        act(s, "defer" if seed % 2 else "first")
        assert s.turn_player == (1 - winner if seed % 2 else winner) and s.turn == 1
    assert tie_seen


# -- TURN STRUCTURE ---------------------------------------------------------------------------------
def test_turn_structure__draw_step_invoke_step_then_act_step_1():
    s = start(decks(), seed=5)
    p = s.turn_player
    assert s.step == ACT1 and s.turn == 1
    assert len(s.hand[p]) == 7 and len(s.main_deck[p]) == 24 and len(s.spirit_deck[p]) == 14
    assert sum(1 for c in s.hand[p] if s.card_defs[c].ctype == "spirit") == 1
    assert len(s.hand[1 - p]) == 5
    assert "end" in legal(s)  # act step 1 happens even when the player does nothing


def test_the_combat_step__player_going_first_skips_combat_on_turn_1():
    s = start(decks(), seed=5)
    first = s.turn_player
    act(s, "end")
    assert s.step == ACT2
    act(s, "end")  # end step: the turn passes
    assert s.turn == 2 and s.turn_player == 1 - first and s.step == ACT1
    act(s, "end")
    assert s.step == COMBAT


def test_turn_structure__end_step_passes_the_turn_to_the_opponent():
    s = start(decks(), seed=5)
    first = s.turn_player
    end_turns(s, 1)
    assert s.turn_player == 1 - first and len(s.hand[1 - first]) == 7 and s.step == ACT1


def test_the_combat_step__start_phase_effects_then_attacks():
    b = Board(savior0="Ignarok, the Ember Sovereign")
    whelp = b.form(0, "Cobble Whelp")
    s = b.done()
    act(s, "end")  # leave act step 1: start phase, Kindle gives +1 PWR
    assert s.step == COMBAT and s.phase == "declare"
    assert s.pwr(whelp) == 4


# -- THE ACT STEP -----------------------------------------------------------------------------------
def test_the_act_step__spiritualize_savior_once_per_turn():
    b = Board()
    b.hand(0, "Boost Spirit", "Rescue Spirit")
    s = b.done()
    act(s, play_kind(s, "spirit", "Boost Spirit", "savior"))
    assert len(s.savior_spirits[0]) == 1
    assert not any(a.endswith("savior") and a.startswith("spirit") for a in legal(s))


def test_the_act_step__each_form_spiritualized_once_per_turn():
    b = Board()
    b.form(0, GOLEM, slot=0)
    b.hand(0, "Boost Spirit", "Rescue Spirit", "Aggress Spirit")
    s = b.done()
    act(s, play_kind(s, "spirit", "Boost Spirit", 0))
    assert not any(a.startswith("spirit") and a.endswith(" 0") for a in legal(s))
    end_turns(s, 2)  # our next turn
    assert play_kind(s, "spirit", "Rescue Spirit", 0) in legal(s)


def test_the_act_step__worked_example_savior_and_both_golems_once_each():
    """"THE ACT STEP" example: savior and an Emeraldefender Golem on both form zones; put 1 spirit
    under each in act step 1, then none of them can be spiritualized until our next turn."""
    b = Board()
    b.form(0, GOLEM, slot=0)
    b.form(0, GOLEM, slot=1)
    b.hand(0, "Protect Spirit", "Protect Spirit", "Boost Spirit", "Rescue Spirit", "Rescue Spirit")
    s = b.done()
    act(s, play_kind(s, "spirit", "Protect Spirit", "savior"))
    act(s, play_kind(s, "spirit", "Protect Spirit", 0))
    act(s, play_kind(s, "spirit", "Boost Spirit", 1))
    assert not any(a.startswith("spirit") for a in legal(s))  # two spirits still in hand
    act(s, "end")
    act(s, "end")  # combat step
    assert s.step == ACT2 and not any(a.startswith("spirit") for a in legal(s))
    act(s, "end")
    end_turns(s, 1)  # the opponent's turn
    assert {a.split()[2] for a in legal(s) if a.startswith("spirit")} == {"savior", "0", "1"}  # all again


def test_the_act_step__one_sacrifice_to_play_per_turn():
    b = Board()
    b.form(0, "Cobble Whelp", slot=0)
    b.form(0, "Pebbleheart Sentry", slot=1)
    b.hand(0, GOLEM, GOLEM, "Mosslit Pebbler")
    s = b.done()
    act(s, play_kind(s, "play", GOLEM, 0))
    assert not any(a.startswith(play_kind(s, "play", GOLEM)) for a in legal(s))
    assert play_kind(s, "play", "Mosslit Pebbler") in legal(s)  # level 0 plays are not limited


def test_the_act_step__level_0_forms_play_without_limit():
    b = Board()
    b.hand(0, "Cobble Whelp", "Cobble Whelp", "Pebbleheart Sentry")
    s = b.done()
    for name in ("Cobble Whelp", "Cobble Whelp", "Pebbleheart Sentry"):
        act(s, play_kind(s, "play", name))
    assert names(s, [c for c in s.forms[0] if c >= 0]) == ["Cobble Whelp", "Cobble Whelp", "Pebbleheart Sentry"]


def test_the_act_step__flip_savior_once_per_game_when_its_condition_holds():
    b = Board()  # Sylvara: 3+ spirits underneath and 2+ {Golem} forms
    b.savior_spirits(0, "Rescue Spirit", "Rescue Spirit", "Rescue Spirit")
    b.form(0, GOLEM)
    s = b.done()
    assert "flip" not in legal(s)
    b.form(0, "Cobble Whelp")
    assert "flip" in legal(s)
    assert s.pwr(s.savior[0]) == 4
    act(s, "flip")
    assert s.flipped[0] and s.pwr(s.savior[0]) == 7  # boundless PWR
    assert "flip" not in legal(s)
    end_turns(s, 2)
    assert "flip" not in legal(s)  # never back, never again


# -- FORM CARDS -------------------------------------------------------------------------------------
def test_form_cards__needs_an_open_form_zone():
    b = Board()
    for _ in range(5):
        b.form(0, "Cobble Whelp")
    b.hand(0, "Pebbleheart Sentry")
    s = b.done()
    assert not any(a.startswith(play_kind(s, "play", "Pebbleheart Sentry")) for a in legal(s))


def test_form_cards__level_0_cannot_be_sacrificed_for_level_0():
    b = Board()
    b.form(0, "Cobble Whelp", slot=0)
    for _ in range(4):
        b.form(0, "Pebbleheart Sentry")
    b.hand(0, "Mosslit Pebbler")
    s = b.done()
    assert [a for a in legal(s) if a.startswith("play")] == []


def test_form_cards__emeraldefender_golem_needs_a_level_0_or_1_form_to_sacrifice():
    """"FORM CARDS" example: to play Emeraldefender Golem, sacrifice a level 0 or level 1 form."""
    b = Board()
    b.form(0, "Cobble Whelp", slot=0)  # level 0
    b.form(0, "Verdigris Warden", slot=1)  # level 1
    b.form(0, "Jadewall Colossus", slot=2)  # level 2
    b.hand(0, GOLEM)
    s = b.done()
    g = play_kind(s, "play", GOLEM)
    assert {a for a in legal(s) if a.startswith("play")} == {g + " 0", g + " 1"}
    b2 = Board()
    b2.hand(0, GOLEM)
    s2 = b2.done()
    assert not any(a.startswith("play") for a in legal(s2))  # no form to sacrifice


def test_form_cards__spirits_move_to_the_new_form_on_sacrifice_to_play():
    b = Board()
    whelp = b.form(0, "Cobble Whelp", slot=0, spirits=("Boost Spirit", "Rescue Spirit"))
    b.hand(0, GOLEM)
    s = b.done()
    spirits = list(s.form_spirits[0][0])
    act(s, play_kind(s, "play", GOLEM, 0))
    assert s.card_defs[s.forms[0][0]].name == GOLEM and s.form_spirits[0][0] == spirits
    assert whelp in s.drop[0] and s.void[0] == []


def test_form_cards__effect_sacrifice_sends_spirits_to_the_void():
    b = Board()
    b.form(0, "Rustwing Scavenger", slot=0, spirits=("Boost Spirit",))
    s = b.done()
    boost = s.form_spirits[0][0][0]
    act(s, "use form 0 0")  # sacrifice this card; rescue 1
    assert s.forms[0][0] == -1 and s.card_defs[s.drop[0][-1]].name == "Rustwing Scavenger"
    assert boost in s.hand[0]  # it went to the void first, then was rescued
    assert not s.sacrificed_to_play  # effect sacrifices do not use the once-per-turn sacrifice


def test_form_cards__perfect_spirit_takes_no_other_spirit():
    b = Board()
    b.form(0, "Cobble Whelp", slot=0, spirits=("Perfect Spirit",))
    b.form(0, "Cobble Whelp", slot=1, spirits=("Boost Spirit",))
    b.hand(0, "Boost Spirit", "Perfect Spirit")
    s = b.done()
    spirit_moves = {a for a in legal(s) if a.startswith("spirit") and not a.endswith("savior")}
    assert spirit_moves == {play_kind(s, "spirit", "Boost Spirit", 1), play_kind(s, "spirit", "Perfect Spirit", 1)}


def test_form_cards__must_be_spiritualized_to_activate_effects():
    b = Board()
    b.form(0, "Coral Oracle", slot=0)
    b.form(0, "Coral Oracle", slot=1, spirits=("Boost Spirit",))
    s = b.done()
    uses = {a for a in legal(s) if a.startswith("use")}
    assert uses == {"use form 1 0"}


def test_form_cards__must_be_spiritualized_to_attack_a_savior():
    b = Board(step=COMBAT)
    b.form(0, "Cobble Whelp", slot=0)
    b.form(0, "Cobble Whelp", slot=1, spirits=("Rescue Spirit",))
    b.form(1, "Pebbleheart Sentry", slot=0)
    s = b.done()
    attacks = {a for a in legal(s) if a.startswith("attack")}
    assert attacks == {"attack 0 0", "attack 1 0", "attack 1 savior", "attack savior savior", "attack savior 0"}


# -- EFFECT TIMING INDICATORS -----------------------------------------------------------------------
def test_effect_timing_indicators__independent_works_without_spirits_from_the_drop_zone():
    b = Board()
    pebbler = b.drop(0, "Mosslit Pebbler")[0]
    b.hand(0, "Call of the Grove")
    s = b.done()
    act(s, f"use drop {kind(s, 'Mosslit Pebbler')} 0")  # discard 1 card; play this card
    assert pebbler in s.forms[0] and names(s, s.drop[0]) == ["Call of the Grove"]


def test_effect_timing_indicators__auto_works_regardless_of_spirits():
    b = Board(step=COMBAT)
    sentry = b.form(1, "Pebbleheart Sentry", slot=0)  # [AUTO] when damaged: draw 1; no spirits
    s = b.done()
    act(s, "attack savior 0")
    assert len(s.hand[1]) == 1 and sentry in s.damaged


def test_effect_timing_indicators__turn_player_first_in_the_order_they_choose():
    b = Board(savior0="Kuroha, Akumaiden Matriarch", savior1="Maris, Voice of the Undertow", step=COMBAT)
    b.form(0, "Akumaiden Bladedancer", slot=0, spirits=("Aggress Spirit",))
    b.form(1, "Pearlshell Guardian", slot=0)
    s = b.done()
    act(s, "attack 0 0")
    # Bladedancer's own [AUTO] and its Aggress Spirit trigger together: the turn player orders them,
    # naming each by the card kind, the effect's number and (a spirit's) the host's zone
    bladedancer, aggress = kind(s, "Akumaiden Bladedancer"), kind(s, "Aggress Spirit")
    assert s.pending.kind == "order" and legal(s) == {f"order {bladedancer} 0", f"order {aggress} 0 0"}
    act(s, f"order {aggress} 0 0")
    effects = [dict(e.changes)["card"] for e in s.events if e.action == "effect"]
    assert effects[:2] == ["Aggress Spirit", "Akumaiden Bladedancer"]
    assert s.pwr(s.forms[0][0]) == 4 + 2 + 1  # +2 Aggress, +1 per spirit underneath


def test_effect_timing_indicators__simultaneous_effects_turn_player_first_then_the_opponent():
    b = Board(savior0="Kuroha, Akumaiden Matriarch", savior1="Maris, Voice of the Undertow", step=COMBAT)
    b.form(0, "Akumaiden Executioner", slot=0)  # [AUTO] when this damages an opponent's form: devour 1
    b.form(1, "Pearlshell Guardian", slot=0)  # [AUTO] when this card is damaged: draw 2
    s = b.done()
    start_at = len(s.events)
    act(s, "attack 0 0")
    order = [e.action for e in s.events[start_at:] if e.action in ("devour", "draw")]
    assert order == ["devour", "draw"]


# -- THE COMBAT STEP --------------------------------------------------------------------------------
def test_the_combat_step__ties_go_to_the_attacker():
    b = Board(step=COMBAT)
    b.form(0, "Cobble Whelp", slot=0)  # PWR 3
    hound = b.form(1, "Cindermaw Hound", slot=0)  # PWR 3
    s = b.done()
    act(s, "attack 0 0")
    assert s.damaged == [hound]


def test_the_combat_step__worked_example_savior_damages_the_golem():
    """"THE COMBAT STEP" example: a savior with greater PWR attacks our Emeraldefender Golem; the
    Golem is damaged, goes to the drop zone, and its spirits go to the void."""
    b = Board(savior0="Kuroha, Akumaiden Matriarch", savior1="Sylvara, Emerald Warden", step=COMBAT)
    golem = b.form(1, GOLEM, slot=0, spirits=("Aggress Spirit",))
    s = b.done()
    aggress = s.form_spirits[1][0][0]
    assert s.pwr(s.savior[0]) == 5 > s.pwr(golem) == 4
    act(s, "attack savior 0")
    assert s.damaged == [golem] and golem in s.forms[1]  # still there until the end of combat
    act(s, "end")
    assert golem in s.drop[1] and s.void[1] == [aggress] and s.step == ACT2


def test_the_combat_step__the_loser_is_damaged_even_when_it_attacked():
    b = Board(step=COMBAT)
    pup = b.form(0, "Emberkin Pup", slot=0, spirits=("Boost Spirit",))
    s = b.done()
    act(s, "attack 0 savior")  # PWR 2 + 1 against Kuroha's 5
    assert s.damaged == [pup] and s.void[1] == []


def test_the_combat_step__each_savior_and_form_attacks_once():
    b = Board(step=COMBAT)
    b.form(0, "Emberkin Pup", slot=0, spirits=("Boost Spirit",))
    s = b.done()
    act(s, "attack savior savior")
    assert not any(a.startswith("attack savior") for a in legal(s))
    act(s, "attack 0 savior")
    assert legal(s) == {"end"}


def test_the_combat_step__damaged_savior_sends_top_spirit_deck_card_to_the_void():
    b = Board(step=COMBAT)
    b.form(0, "Jadewall Colossus", slot=0, spirits=("Rescue Spirit",))
    s = b.done()
    top = s.spirit_deck[1][-1]
    act(s, "attack 0 savior")  # PWR 6 against 5
    assert s.void[1] == [top]


def test_how_to_win__empty_spirit_deck_takes_a_spirit_from_under_the_savior_then_the_hand():
    b = Board(step=COMBAT)
    b.form(0, "Jadewall Colossus", slot=0, spirits=("Rescue Spirit",))
    b.form(0, "Jadewall Colossus", slot=1, spirits=("Rescue Spirit",))
    b.savior_spirits(1, "Boost Spirit")
    b.hand(1, "Aggress Spirit")
    s = b.done()
    s.main_deck[1] += s.spirit_deck[1]
    s.spirit_deck[1] = []
    under = s.savior_spirits[1][0]
    in_hand = s.hand[1][0]
    act(s, "attack 0 savior")  # PWR 6 against 5 + 1 (Boost): tie goes to the attacker
    assert s.void[1] == [under]
    act(s, "attack 1 savior")
    assert s.void[1] == [under, in_hand] and s.hand[1] == []


def test_the_combat_step__when_damaged_effects_resolve_before_cards_move():
    b = Board(savior0="Kuroha, Akumaiden Matriarch", savior1="Sylvara, Emerald Warden", step=COMBAT)
    golem = b.form(1, GOLEM, slot=0, spirits=("Rescue Spirit",))
    b.void(1, 1)
    s = b.done()
    earlier = s.void[1][0]
    rescue = s.form_spirits[1][0][0]
    act(s, "attack savior 0")
    while s.pending and s.pending.kind == "order":  # with Sylvara's Grovekeeper's Oath
        act(s, str(s.pending.options[0]))  # the Rescue Spirit first
    # Rescue Spirit: rescue 1 while it is still under the Golem, so only the earlier spirit was there
    assert earlier in s.hand[1] and rescue in s.form_spirits[1][0]
    act(s, "end")
    assert s.void[1] == [rescue] and golem in s.drop[1]


def test_the_combat_step__attacks_may_target_forms_or_the_savior():
    b = Board(step=COMBAT)
    b.form(1, "Cobble Whelp", slot=3)
    s = b.done()
    assert {a for a in legal(s) if a.startswith("attack")} == {"attack savior savior", "attack savior 3"}


# -- COMMAND CARDS ----------------------------------------------------------------------------------
def test_command_cards__normal_resolves_then_goes_to_the_drop_zone():
    b = Board(savior1="Maris, Voice of the Undertow")
    b.hand(0, "Tidal Insight", "Cobble Whelp")
    s = b.done()
    deck = len(s.main_deck[0])
    act(s, play_kind(s, "cmd", "Tidal Insight"))  # draw 2, then discard 1 (a choice)
    if s.pending:
        act(s, str(s.pending.options[0]))
    assert len(s.main_deck[0]) == deck - 2 and len(s.hand[0]) == 2
    assert s.commands[0] == [-1] * 5 and "Tidal Insight" in names(s, s.drop[0])


def test_command_cards__bound_stays_face_up_and_is_used_again():
    b = Board(savior0="Maris, Voice of the Undertow")
    b.hand(0, "Undertow Archive", "Cobble Whelp", "Cobble Whelp", "Cobble Whelp")
    scout = b.form(0, "Tideborn Scout")
    s = b.done()
    act(s, play_kind(s, "cmd", "Undertow Archive"))
    assert s.command_face_up[0][0] and s.card_defs[s.commands[0][0]].name == "Undertow Archive"
    assert s.pwr(scout) == 2  # CONT: {Tideborn} forms you control gain +1 PWR
    act(s, "use cmd 0 1")  # discard 1 card; draw 1
    assert "use cmd 0 1" not in legal(s)  # once per turn
    end_turns(s, 2)
    assert "use cmd 0 1" in legal(s) and s.card_defs[s.commands[0][0]].name == "Undertow Archive"


def test_command_cards__swift_from_hand_in_any_step_of_your_turn():
    b = Board(step=COMBAT)
    b.hand(0, "Flash of Insight", "Cobble Whelp")
    s = b.done()
    a = play_kind(s, "cmd", "Flash of Insight")
    assert a in legal(s)
    act(s, a)
    assert "Flash of Insight" in names(s, s.drop[0]) and len(s.hand[0]) == 2


def test_command_cards__swift_can_be_set_face_down():
    b = Board()
    b.hand(0, "Flash of Insight")
    s = b.done()
    act(s, play_kind(s, "set", "Flash of Insight"))
    assert not s.command_face_up[0][0]
    assert not any(a.startswith("use cmd") for a in legal(s))  # set this turn: usable from next draw step
    end_turns(s, 2)
    b.hand(0, "Cobble Whelp")
    assert "use cmd 0 0" in legal(s)


def test_command_cards__interrupt_usable_from_the_next_players_draw_step():
    b = Board(savior1="Maris, Voice of the Undertow")
    b.form(0, "Cobble Whelp", slot=0)
    b.hand(0, "Boost Spirit")
    b.command(1, "Riptide Reversal", face_up=False, set_turn=3)  # set during this very turn
    b.hand(1, "Shellguard Crab")
    s = b.done()
    act(s, play_kind(s, "spirit", "Boost Spirit", 0))
    assert s.current_players() == [0]  # no window: the interrupt is not usable yet
    b2 = Board(savior1="Maris, Voice of the Undertow")
    whelp = b2.form(0, "Cobble Whelp", slot=0)
    b2.hand(0, "Boost Spirit")
    b2.command(1, "Riptide Reversal", face_up=False, set_turn=2)  # set in the opponent's last turn
    b2.hand(1, "Shellguard Crab")
    s2 = b2.done()
    act(s2, play_kind(s2, "spirit", "Boost Spirit", 0))
    assert s2.current_players() == [1] and legal(s2) == {"pass", "respond cmd 0"}
    act(s2, "respond cmd 0")  # discard 1 card; return that form to its owner's hand
    assert whelp in s2.hand[0] and len(s2.void[0]) == 1 and "Riptide Reversal" in names(s2, s2.drop[1])
    assert s2.current_players() == [0]


def test_command_cards__no_response_window_without_a_usable_response():
    b = Board(savior1="Maris, Voice of the Undertow")
    b.form(0, "Cobble Whelp", slot=0)
    b.hand(0, "Boost Spirit")
    b.command(1, "Riptide Reversal", face_up=False, set_turn=2)  # but nothing to discard
    s = b.done()
    act(s, play_kind(s, "spirit", "Boost Spirit", 0))
    assert s.current_players() == [0] and s.pending is None


def test_command_cards__interrupt_negates_a_command_activation():
    b = Board(savior1="Sylvara, Emerald Warden")
    b.hand(0, "Tidal Insight")
    b.command(1, "Stonewall Refusal", face_up=False, set_turn=2)
    b.hand(1, "Cobble Whelp")
    s = b.done()
    deck = len(s.main_deck[0])
    act(s, play_kind(s, "cmd", "Tidal Insight"))
    assert legal(s) == {"pass", "respond cmd 0"}
    act(s, "respond cmd 0")
    assert len(s.main_deck[0]) == deck  # negated: Tidal Insight drew nothing
    assert names(s, s.drop[0]) == ["Tidal Insight"] and names(s, s.drop[1]) == ["Cobble Whelp", "Stonewall Refusal"]
    assert s.commands[0] == [-1] * 5 and s.commands[1] == [-1] * 5


def test_command_cards__need_an_open_command_zone():
    b = Board()
    for _ in range(5):
        b.command(0, "Emerald Bulwark Shrine")
    b.hand(0, "Call of the Grove", "Stonewall Refusal")
    s = b.done()
    assert not any(a.startswith(("cmd", "set")) for a in legal(s))


# -- KEYWORDS: CONTROL ------------------------------------------------------------------------------
def test_keywords__control_only_cards_on_the_savior_form_and_command_zones():
    b = Board(savior0="Kuroha, Akumaiden Matriarch")
    b.savior_spirits(0, "Boost Spirit")
    b.hand(0, "Devouring Rite")  # if you control an "Akumaiden" form
    b.drop(0, "Akumaiden Acolyte")
    s = b.done()
    rite = play_kind(s, "cmd", "Devouring Rite")
    assert rite not in legal(s)  # the Acolyte in the drop zone is not controlled
    b.form(0, "Akumaiden Acolyte")
    assert rite in legal(s)


# -- HOW TO WIN -------------------------------------------------------------------------------------
def test_how_to_win__seven_spirits_in_the_void_loses():
    b = Board(savior0="Kuroha, Akumaiden Matriarch")
    b.savior_spirits(0, "Boost Spirit")
    b.form(0, "Akumaiden Acolyte")
    b.hand(0, "Devouring Rite")
    b.void(1, 6)
    s = b.done()
    act(s, play_kind(s, "cmd", "Devouring Rite"))  # devour 2: the 7th spirit ends it at once
    assert s.is_over and s.outcome.winners == (0,) and s.outcome.reason == "spirits_in_void"
    assert len(s.void[1]) == 7 and s.current_players() == [] and s.legal_actions(0) == []


def test_how_to_win__unable_to_draw_for_the_draw_step_loses():
    b = Board()
    s = b.done()
    s.hand[1] += s.main_deck[1]
    s.main_deck[1] = []
    end_turns(s, 1)
    assert s.is_over and s.outcome.winners == (0,) and s.outcome.reason == "deck_out"


def test_how_to_win__alternate_win_condition_from_a_card():
    b = Board(savior0="Ignarok, the Ember Sovereign")
    b.savior_spirits(0, *["Rescue Spirit"] * 3, "Boost Spirit", "Boost Spirit")
    b.void(1, 6)
    s = b.done()
    s.flipped = [True, s.flipped[1]]  # (replaced, never changed in place: base.py REPLACED)
    end_turns(s, 1)  # Sovereign's Decree at the start of our end step
    assert s.outcome.winners == (0,) and s.outcome.reason == "alternate_win"


def test_turn_limit_ends_a_runaway_game_as_a_draw():
    b = Board(turn=60)
    s = b.done()
    end_turns(s, 1)
    assert s.is_over and s.outcome.is_draw and s.outcome.reason == "turn_limit"


# -- the step flow as seen through actions -----------------------------------------------------------
def test_the_act_step__act_step_2_offers_the_same_actions_as_act_step_1():
    b = Board()
    b.hand(0, "Cobble Whelp", "Boost Spirit")
    s = b.done()
    before = legal(s)
    act(s, "end")
    act(s, "end")
    assert s.step == ACT2 and legal(s) == before


def test_actions_round_trip_through_text():
    s = start(decks(), seed=11)
    for a in s.legal_actions(s.turn_player):
        assert Action.parse(str(a)) == a
