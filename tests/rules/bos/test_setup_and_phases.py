"""Scenario tests: setup, going first, the phases and decay (bos.txt, "Starting Info",
"Battlefield Setup", "Gameplay", "Going First", "Phase 1" - "Phase 4", "Decay", "Best of 3 Match")."""

from __future__ import annotations

from rules.bos.engine import ENGINE
from rules.core.engine import Action
from tests.rules.bos.helpers import do, legal, new, started


def test_starting_info_30_life_1_vim_castle_spellbook_face_down_wizards_and_boss():
    state = new()
    for side in state.sides:
        assert (side.life, side.vim, side.ether) == (30, 1, 0)
        assert sum(side.castle.values()) == 10 and sum(side.spellbook.values()) == 10
        assert len(side.wizards) == 3 and not any(w.face_up for w in side.wizards)
        assert side.boss is not None and not side.boss.face_up
        assert side.graveyard == []


def test_going_first_bidding_4_against_7():
    """The guide's example: "player one bids 4 and player two bids 7. Player two wins the bid and
    can decide who goes first, and player one gets 4 ether"."""
    state = new()
    assert state.current_players() == [0, 1]  # a simultaneous secret bid
    state.apply_joint_checked({0: Action("bid", (4,)), 1: Action("bid", (7,))})
    assert state.sides[0].ether == 4 and state.sides[1].ether == 0
    assert state.current_players() == [1]
    assert legal(state) == ["go_first", "go_second"]
    do(state, "go_second")
    assert state.first == 0


def test_going_first_tied_bids_are_bid_again_and_the_third_tie_goes_to_the_tie_chooser():
    state = new(tie_chooser=1)
    for _ in range(2):
        state.apply_joint_checked({0: Action("bid", (3,)), 1: Action("bid", (3,))})
        assert state.phase == "bid"
    state.apply_joint_checked({0: Action("bid", (3,)), 1: Action("bid", (3,))})
    assert state.phase == "choose_first" and state.current_players() == [1]
    assert state.sides[0].ether == state.sides[1].ether == 0


def test_gameplay_casual_rock_paper_scissors_winner_decides():
    state = new(first_player="rps")
    state.apply_joint_checked({0: Action("throw", ("rock",)), 1: Action("throw", ("scissors",))})
    assert state.current_players() == [0]
    do(state, "go_first")
    # casually both players set up their columns before the game
    assert state.current_players() == [0] and state.phase == "arrange"
    do(state, "columns " + " ".join(f'"{w.name}"' for w in state.sides[0].wizards))
    assert state.current_players() == [1] and state.phase == "arrange"


def test_phase_1_startup_first_turn_vim_goes_from_1_to_2_and_wizards_turn_face_up():
    state = started()
    side = state.sides[0]
    assert side.vim == 2  # "you will have 3 face-up wizards and 2 vim"
    assert all(w.face_up for w in side.wizards)
    assert state.phase == "summoning"
    assert not any(w.face_up for w in state.sides[1].wizards)


def test_phase_1_startup_readies_sideways_cards_and_face_down_wizards():
    state = started()
    do(state, "conduct \"Essence of Nature\" 0")  # Forest Sage turns face-down
    do(state, "pass")  # Essence of Nature's optional conduct ability
    state.sides[0].summons[0].sideways = True
    do(state, "end")
    do(state, "end")  # ending phase, then seat 1's first turn
    assert state.active == 1 and state.phase == "arrange"  # competitive rule 4
    do(state, "columns " + " ".join(f'"{w.name}"' for w in state.sides[1].wizards))
    do(state, "end")
    do(state, "end")
    assert state.active == 0 and state.sides[0].turns_started == 2
    assert state.sides[0].wizards[0].face_up and not state.sides[0].summons[0].sideways
    assert state.sides[0].vim == 4


def test_going_first_ether_does_not_double():
    state = new()
    state.apply_joint_checked({0: Action("bid", (5,)), 1: Action("bid", (2,))})
    do(state, "go_second")  # seat 0 chose: seat 1 goes first with 2 ether
    do(state, "columns " + " ".join(f'"{w.name}"' for w in state.sides[1].wizards))
    assert state.sides[1].ether == 2 and state.sides[1].vim == 2


def test_best_of_3_step_4_second_player_chooses_columns_at_start_of_its_first_turn():
    state = started()
    do(state, "end")
    do(state, "end")
    assert state.active == 1 and state.phase == "arrange" and state.turn == 2
    names = [w.name for w in state.sides[1].wizards]
    reverse = Action("columns", tuple(names[::-1]))
    assert reverse in state.legal_actions(1)
    state.apply_checked(reverse, 1)
    assert [w.name for w in state.sides[1].wizards] == names[::-1]
    assert state.phase == "summoning" and all(w.face_up for w in state.sides[1].wizards)


def test_decay_turn_13_halves_life_and_vim_three_times():
    state = started()
    side = state.sides[0]
    side.turns_started = 12
    side.life, side.vim = 30, 5
    do(state, "end")
    do(state, "end")
    do(state, "columns " + " ".join(f'"{w.name}"' for w in state.sides[1].wizards))
    do(state, "end")
    do(state, "end")  # seat 0's 13th turn: startup doubles vim to 10, then decay 3 times
    assert side.turns_started == 13
    assert (side.life, side.vim) == (30 // 8, 10 // 8)
    decay = [e for e in state.events if e.action == "decay"][-1].as_dict()["changes"]
    assert decay == {"times": 3, "life_before": 30, "life_after": 3, "vim_before": 10, "vim_after": 1}


def test_decay_begins_on_the_11th_turn_and_can_end_the_game():
    state = started()
    side = state.sides[0]
    side.turns_started = 9
    do(state, "end")
    do(state, "end")
    do(state, "columns " + " ".join(f'"{w.name}"' for w in state.sides[1].wizards))
    do(state, "end")
    do(state, "end")
    assert side.turns_started == 10 and side.life == 30  # the 10th turn: no decay
    side.life = 1
    for _ in range(4):
        do(state, "end")
    assert state.is_over and state.outcome.winners == (1,) and state.outcome.reason == "decay"


def test_phase_2_summoning_forest_sage_conducts_essence_of_nature():
    """The guide's example: Forest Sage turns face-down to play Essence of Nature from the castle."""
    state = started()
    side = state.sides[0]
    assert next(w.name for w in side.wizards) == "Forest Sage"
    assert 'conduct "Essence of Nature" 0' in legal(state)
    assert 'conduct "Essence of Nature" 1' not in legal(state)  # Grove Tender cannot conduct it
    assert 'conduct Sproutling 1' in legal(state)  # "any yellow wizard"
    vim = side.vim
    do(state, 'conduct "Essence of Nature" 0')
    assert not side.wizards[0].face_up
    assert side.summons[0].name == "Essence of Nature" and side.castle["Essence of Nature"] == 1
    assert side.vim == vim  # "Conducting a Summon does not cost vim"
    assert not any(a.startswith("conduct") and a.endswith(" 0") for a in legal(state))


def test_phase_3_main_phase_end_goes_to_ending_and_next_turn():
    state = started()
    do(state, "end")
    assert state.phase == "main"
    do(state, "end")
    assert state.active == 1 and state.turn == 2


def test_decay_applies_in_casual_games_too():
    """bos.txt, "Decay" (under "Competitive Rules"): "This is a mechanic to ensure a winner is declared
    every game." Decision: it applies casually too (rules-notes, BOS engine: "Decay in casual games"):
    a casual (rock-paper-scissors) game's 11th turn halves life and vim once."""
    state = new(first_player="rps")
    state.apply_joint_checked({0: Action("throw", ("rock",)), 1: Action("throw", ("scissors",))})
    do(state, "go_first")
    for seat in (0, 1):
        do(state, "columns " + " ".join(f'"{w.name}"' for w in state.sides[seat].wizards), seat)
    assert not state.competitive and state.active == 0
    side = state.sides[0]
    side.turns_started, side.life, side.vim = 10, 30, 3
    for _ in range(4):
        do(state, "end")  # seat 0's 11th turn: 3 -> 6 vim, then decay once
    assert side.turns_started == 11 and (side.life, side.vim) == (15, 3) and state.stats[0].decays == 1


def test_time_control_simulations_have_no_clocks():
    """bos.txt, "Time Control": "the tournament organizer may provide timers ... When a player runs out of
    time on their timer, they lose." Decision (rules-notes, BOS engine: "Time control"): the engine keeps
    no clock and has no timer option; a game ends by life or decay (or the core's turn limit), never by
    time, and agents are limited by iterations, not seconds."""
    assert set(ENGINE.end_reasons) == {"life", "decay"}
    assert not any("time" in name or "clock" in name for name in (o.name for o in ENGINE.setup_options))
    state = started()
    assert not any("time" in key or "clock" in key for key in state.view(None))
