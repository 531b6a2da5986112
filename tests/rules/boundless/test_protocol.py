"""The engine protocol (rules/core/engine.py) as the Boundless engine fulfils it: registry entry,
clone independence, determinize consistency, statistics, evaluation."""

from __future__ import annotations

import json
import random
from collections import Counter

from rules.boundless import ai
from rules.boundless.engine import ENGINE
from rules.boundless.state import BoundlessState
from rules.core.registry import get_engine

from .helpers import Board, act, kind, sample_decks, start


def advance(state, rng, steps):
    for _ in range(steps):
        if state.is_over:
            break
        p = state.current_players()[0]
        state.apply(rng.choice(state.legal_actions(p)), p)


def test_engine_is_registered_and_starts_games():
    assert get_engine("boundless") is ENGINE
    assert ENGINE.min_players == ENGINE.max_players == 2 and ENGINE.evaluate is ai.evaluate
    assert (ENGINE.perfect_information, ENGINE.chance, ENGINE.simultaneous_moves, ENGINE.teams) == (False, True, False, False)
    state = ENGINE.start(sample_decks()[:2], seed=1, turn_limit=30)
    assert isinstance(state, BoundlessState) and state.turn_limit == 30
    assert state.current_players() == [0]


def test_clone_is_independent_and_continues_identically():
    decks = sample_decks()
    state = ENGINE.start([decks[0], decks[2]], seed=4)
    advance(state, random.Random(1), 60)
    before = json.dumps(state.view(None), sort_keys=True)
    copy = state.clone()
    advance(copy, random.Random(2), 200)
    assert json.dumps(state.view(None), sort_keys=True) == before
    a, b = state.clone(), state.clone()
    advance(a, random.Random(3), 500)
    advance(b, random.Random(3), 500)
    assert [e.as_dict() for e in a.events] == [e.as_dict() for e in b.events]
    assert a.outcome == b.outcome


def test_determinize_redeals_only_what_the_player_cannot_see():
    decks = sample_decks()
    rng = random.Random(5)
    for seed in range(40):
        state = ENGINE.start([decks[seed % 3], decks[(seed + 1) % 3]], seed=seed)
        advance(state, rng, 25 + seed)
        if state.is_over:
            continue
        me, opp = 0, 1
        world = state.determinize(me, random.Random(seed))
        assert sorted(world.all_cards()) == sorted(state.all_cards())
        assert world.view(me)["players"][me] == state.view(me)["players"][me]
        assert world.view(me)["players"][opp] == state.view(me)["players"][opp]  # same public picture
        assert sorted(world.hand[me]) == sorted(state.hand[me])
        def hidden(s, opp=opp):
            return Counter(s.hand[opp] + s.main_deck[opp] + s.spirit_deck[opp] + [c for c in s.commands[opp] if c >= 0])

        assert hidden(world) == hidden(state)
        assert [world.card_defs[c].ctype == "spirit" for c in sorted(world.hand[opp])].count(True) == \
            [state.card_defs[c].ctype == "spirit" for c in state.hand[opp]].count(True)
        assert state.known_in_hand[opp] <= set(world.hand[opp])
        for i, c in enumerate(world.commands[opp]):
            if c >= 0 and not world.command_face_up[opp][i]:
                assert world.card_defs[c].command_kind in ("interrupt", "swift")
        advance(world, random.Random(seed), 300)  # a determinized world plays on


def test_counters_are_the_declared_ones():
    state = ENGINE.start(sample_decks()[:2], seed=9)
    advance(state, random.Random(9), 10_000)
    counters = state.counters()
    assert len(counters) == 2
    declared = {c.name: c.per_card for c in ENGINE.counters}
    assert declared == {"drawn": True, "played": True, "mulligans": False, "put_back": False}
    for seat in counters:
        assert {name: isinstance(value, dict) for name, value in seat.items()} == declared
    assert sum(counters[0]["drawn"].values()) >= 5 and all(n > 0 for n in counters[0]["played"].values())
    assert all(seat["mulligans"] in (0, 1) and (seat["mulligans"] == 1) == (seat["put_back"] > 0) for seat in counters)


def test_evaluate_prefers_the_side_with_fewer_spirits_in_its_void():
    state = start(sample_decks()[:2], seed=2)  # past setup (before it, only the hands count)
    base = ai.evaluate(state, 0)
    assert abs(base + ai.evaluate(state, 1)) < 1e-9  # zero-sum
    state.void[1].append(state.spirit_deck[1].pop())
    assert ai.evaluate(state, 0) > base
    advance(state, random.Random(2), 10_000)
    winner = state.outcome.winners[0] if state.outcome.winners else None
    if winner is not None:
        assert ai.evaluate(state, winner) == ai.WIN


def test_actions_name_cards_by_kind_never_by_their_place_in_the_hand():
    """"MULLIGAN" and the act-step actions name hand cards by kind: the same hand in another order
    offers the same actions."""
    state = ENGINE.start(sample_decks()[:2], seed=3)
    before = [str(a) for a in state.legal_actions(0)]
    state.hand[0].reverse()
    state._ask_mulligan(0)
    assert [str(a) for a in state.legal_actions(0)] == before
    playing = start(sample_decks()[:2], seed=3)
    p = playing.turn_player
    before = sorted(map(str, playing.legal_actions(p)))
    playing.hand[p].reverse()
    assert sorted(map(str, playing.legal_actions(p))) == before


def test_action_to_string_says_moves_in_the_games_words():
    """Sentences name the cards ("Seat 0 plays Ashveil Imp into form zone 2"), never a kind number."""
    b = Board(savior0="Ignarok, the Ember Sovereign", savior1="Kuroha, Akumaiden Matriarch")
    b.form(0, "Cobble Whelp", slot=0)
    b.hand(0, "Ashveil Imp", "Emberkin Duelist", "Boost Spirit", "Flash of Insight")
    s = b.done()
    said = {str(a): s.action_to_string(a, 0) for a in s.legal_actions(0)}
    imp, duelist, boost, flash = (kind(s, n) for n in ("Ashveil Imp", "Emberkin Duelist", "Boost Spirit", "Flash of Insight"))
    assert said[f"play {imp}"] == "Seat 0 plays Ashveil Imp into form zone 2"
    assert said[f"play {duelist} 0"] == "Seat 0 sacrifices Cobble Whelp (form zone 1) to play Emberkin Duelist in its place"
    assert said[f"spirit {boost} savior"] == "Seat 0 spiritualizes their savior Ignarok, the Ember Sovereign with Boost Spirit"
    assert said[f"spirit {boost} 0"] == "Seat 0 spiritualizes Cobble Whelp (form zone 1) with Boost Spirit"
    assert said[f"set {flash}"] == "Seat 0 sets Flash of Insight face-down in command zone 1"
    assert said["end"] == "Seat 0 ends act step 1"
    act(s, f"play {duelist} 0")
    act(s, f"spirit {boost} 0")
    act(s, "end")
    b.form(1, "Akumaiden Acolyte", slot=3)
    said = {str(a): s.action_to_string(a, 0) for a in s.legal_actions(0)}
    assert said["attack 0 savior"] == "Seat 0 attacks the savior Kuroha, Akumaiden Matriarch with Emberkin Duelist (form zone 1)"
    assert said["attack savior 3"] == ("Seat 0 attacks Akumaiden Acolyte (form zone 4) with their savior "
                                       "Ignarok, the Ember Sovereign")
    for sentence in said.values():
        assert sentence.startswith("Seat 0 ") and not any(ch.isdigit() for ch in sentence.split("(")[0][7:])


def test_hidden_cards_and_all_cards_are_names():
    state = start(sample_decks()[:2], seed=4)
    names_in_game = sorted(state.card_defs[c].name for c in range(len(state.card_defs)))
    assert sorted(state.all_cards()) == names_in_game
    me = state.turn_player
    # on the first turn: every deck (order and the opponent's contents) and the opponent's hand
    decks_and_hand = state.main_deck[0] + state.main_deck[1] + state.spirit_deck[0] + state.spirit_deck[1]
    expected = Counter(state.card_defs[c].name for c in decks_and_hand + state.hand[1 - me])
    assert Counter(state.hidden_cards(me)) == expected
