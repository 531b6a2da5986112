"""Metagame stacks and the Pre-Release Tournament (millennium-blades.txt, "GAME SETUP" 4,
"DECKBUILDING PHASE" / "Setup the Phase" 6, "When time runs out...", "Pre-Release Tournament").

The fixture has no metagame cards: the stacks here are four original cards made for the test
(structured Score effects, as the tournament engine runs them)."""

from __future__ import annotations

from rules.core.agents import RandomAgent
from rules.millennium_blades.state import CHARTS
from tests.rules.millennium_blades.full.helpers import STACKS, game, tick

NAMES = {c.name: stack for stack, cards in STACKS.items() for c in cards}


def names(state, ids):
    return [state.cards[c].name for c in ids]


def test_setup_the_phase_reveals_the_elemental_meta_then_the_type_meta():
    """"6. Discard any revealed Metagame cards out of play. Reveal a new Elemental Metagame Card";
    "After the first 7-minute timer expires, deal each player 6 more cards ..., then reveal the top
    card of the Type Meta stack"; every player scores them ("Every Player activates the Metagame
    Score effects for themselves")."""
    state = game(3, metagames=STACKS)
    (first,) = names(state, state.meta_revealed)
    assert NAMES[first] == "elemental" and len(state.meta["elemental"]) == 1
    while state.timer < 1:
        tick(state)
    second = names(state, state.meta_revealed)[1]
    assert NAMES[second] == "type"
    assert state.view(0)["metagame"] == [first, second]
    while state.tournament is None:
        tick(state)
    assert names(state.tournament, state.tournament.metagame) == [first, second]
    while state.tournament is not None:
        (seat,) = state.current_players()
        state.apply_checked(state.legal_actions(seat)[0], seat)
    assert names(state, state.box["metagame"]) == [first, second]  # discarded out of play
    assert len(state.meta_revealed) == 1 and NAMES[names(state, state.meta_revealed)[0]] == "elemental"
    held = sorted(c for zone in state.zones().values() for c in zone)
    assert held == list(range(len(state.cards)))


def test_pre_release_tournament_with_starter_decks_then_two_rounds():
    """"1. There is no Deckbuilding Phase. Players play with only their starter decks. 2. No
    Metagame is revealed ... 3. There are very few points awarded ... 4. ... skip the third round of
    deckbuilding and the third tournament later on in the game"."""
    state = game(3, seed=4, pre_release=True, metagames=STACKS)
    assert state.round == 0 and state.tournament is not None and state.tournament.chart == "pre_release"
    assert state.tournament.metagame == [] and state.meta_revealed == []
    for seat in range(3):
        inner_cards = (state.tournament.hand[seat] + state.tournament.deck_box[seat]
                       + state.tournament.accessories[seat])
        assert len(inner_cards) == 9
        assert {state.cards[state.lent[c]].kind for c in inner_cards} == {"starter"}
    agents = [RandomAgent(s) for s in range(3)]
    charts = []
    while not state.is_over:
        if state.tournament is not None and len(charts) <= state.round:
            charts.append(state.tournament.chart)
        state.apply_move({s: agents[s].choose(state, s) for s in state.current_players()})
    assert charts == ["pre_release", "round1", "round2"] and len(state.placements) == 3
    assert all(v in CHARTS["pre_release"] or v < 7 for v in state.vp_prerelease)
    assert all(state.vp_tournament[s][2] == 0 and state.vp_collections[s][2] == 0 for s in range(3))
    assert sum(e.action == "prize_support" for e in state.events) == 3  # Bronze after Round 1 only
    assert all(state.money_flow[s]["income"] == 60 for s in range(3))
    bd = state.view(None)["players"][0]["vp"]
    assert bd["tournaments"] == sum(bd["tournament_rounds"]) + bd["pre_release"]


def test_the_original_metagame_stacks_are_card_data_the_engine_runs():
    """Option ``metagame_stacks="original"``: the game's own stacks (one card per element, one per
    type; the rulebook prints none), checked by the card checker, shuffled and revealed as the
    rulebook says: an Elemental card when the phase is set up, a Type card after the first timer."""
    import pytest

    from rules.millennium_blades.effects import check_card
    from rules.millennium_blades.full.metagames import original_stacks

    stacks = original_stacks()
    assert [len(stacks[k]) for k in ("elemental", "type")] == [6, 6]
    for spec in stacks["elemental"] + stacks["type"]:
        assert spec.card_type == "metagame" and spec.effects[0]["timing"] == "score"
        assert not check_card(spec.card_type, spec.attributes, list(spec.effects)), spec.name
    elemental = {s.name for s in stacks["elemental"]}
    state = game(3, metagame_stacks="original")
    (first,) = names(state, state.meta_revealed)
    assert first in elemental and len(state.meta["elemental"]) == 5
    while state.timer < 1:
        tick(state)
    assert names(state, state.meta_revealed)[1] in {s.name for s in stacks["type"]}
    with pytest.raises(ValueError, match="not both"):
        game(3, metagame_stacks="original", metagames=STACKS)
