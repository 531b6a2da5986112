"""The modes of "VARIANTS & OPTIONS" played in the whole game (millennium-blades.txt): Duel Mode,
Draft Mode, Liquidation Mode and the Millennium Accessories; one scenario test per rule the
rulebook states, then complete random games of each mode (cards conserved, money by the rules,
the same seed repeats the game). Rules notes: "Millennium Blades whole game", "Modes"."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from rules.core.agents import make_agent
from rules.core.engine import Action, IllegalAction
from rules.core.registry import get_engine
from rules.millennium_blades.effects import check_card
from rules.millennium_blades.full import draft, duel, millennium_accessories, new_full_game, rounds, scoring
from rules.millennium_blades.full.pool import load_pool
from tests.rules.millennium_blades.full.helpers import give, tick, wait_until
from tests.rules.millennium_blades.full.test_consistency import check_money, conserved, play
from tests.sweeps import sweep


def _first_single(state, seat, **want):
    """A binder card of ``seat`` whose symbols include every value of ``want``."""
    return next(c for c in state.binder[seat] if state.cards[c].card_type == "single"
                and all(v in state.cards[c].symbols for v in want.values()))


# -- Duel Mode -----------------------------------------------------------------------------------------
def test_duel_mode_is_two_players_six_sell_markers_and_no_friendship():
    """"Duel mode is a 2 player variant"; "each player has 6 Sell Markers"; "Friendship is not used
    in this mode"; "trades must still be even"."""
    state = new_full_game(2, 1, duel=True)
    assert state.markers == [6, 6] and state.markers_total == 6
    assert state.friendship == [[], []] and not state.friendship_used
    assert not any(a.verb in ("sweeten", "ask_friendship") for a in state.legal_actions(0))
    with pytest.raises(ValueError, match="2 players"):
        new_full_game(3, 1, duel=True)
    with pytest.raises(ValueError, match="even"):
        new_full_game(2, 1, duel=True, free_market=True)
    assert get_engine("millennium_blades", "duel").seat_counts() == (2,)


def test_duel_mode_two_collections_one_elemental_one_type():
    """"Each player may form two collections during the Deckbuilding Phase: one Elemental
    collection and one Type collection.\""""
    state = new_full_game(2, 2, duel=True)
    fire = [c for c in load_pool().cards if "fire" in c.attributes.get("elements", ()) and c.card_type == "single"]
    soldiers = [c for c in load_pool().cards if "soldier" in c.attributes.get("types", ()) and c.card_type == "single"]
    first, second = fire[0].name, next(c.name for c in fire if c.attributes["star"] != fire[0].attributes["star"])
    give(state, 0, first)
    give(state, 0, second)
    tick(state, s0=str(Action("collect", (first,))))
    legal = {str(a) for a in state.legal_actions(0)}
    assert str(Action("collect", (second,))) in legal  # shares the element fire
    tick(state, s0=str(Action("collect", (second,))))
    assert [state.cards[c].name for c in state.collection[0]] == [first, second]
    soldier = next(c.name for c in soldiers if c.name not in (first, second))
    give(state, 0, soldier)
    tick(state, s0=str(Action("collect_type", (soldier,))))
    assert [state.cards[c].name for c in state.collection_type[0]] == [soldier]
    # a card with a type but no element cannot start the elemental collection
    typed_only = [c for c in state.cards if c.symbols and not (c.symbols & duel.COLLECTIONS["collection"])]
    assert all(not duel.collection.can_add([], c, duel.COLLECTIONS["collection"]) for c in typed_only)


def test_duel_mode_collections_convert_to_ten_rp_a_card_at_the_end_of_the_tournament():
    """"Instead of gaining VP from them, these are converted to RP and are added to your total RP
    at the end of the Tournament Phase at a rate of 10 RP per card"; a lone card is no collection."""
    state = new_full_game(2, 3, duel=True)
    state.collection[0] = [state.binder[0].pop(), state.binder[0].pop()]
    state.collection_type[1] = [state.binder[1].pop()]  # one card: not a collection, back to the binder
    lone = state.collection_type[1][0]
    places = duel.end_tournament(state, SimpleNamespace(rp=[40, 55], out=set()))
    assert state.rp_collections[0][0] == 20 and state.rp_collections[1][0] == 0
    assert places == [1, 2] and state.tournament_wins == [1, 0]  # 40 + 20 > 55
    assert lone in state.binder[1] and state.collection == [[], []]
    assert len(state.box["collections"]) == 2


def test_duel_mode_a_tied_tournament_is_won_by_neither():
    state = new_full_game(2, 4, duel=True)
    places = duel.end_tournament(state, SimpleNamespace(rp=[30, 30], out=set()))
    assert places == [1, 1] and state.tournament_wins == [0, 0]


def test_duel_mode_the_first_to_win_two_tournaments_wins_the_game():
    """"The first player to win two tournaments is declared the winner of the game!": the game
    ends after the second tournament when one player won both."""
    for seed in range(12):
        state, _ = play(2, seed, check_every=10, duel=True)
        wins = state.tournament_wins
        if state.outcome.reason == "two_tournaments_won":
            assert max(wins) == 2 and len(state.placements) == max(wins) + min(wins) + sum(
                1 for e in state.events if e.action == "duel_tournament" and not dict(e.changes)["won"])
            assert state.outcome.winners == (wins.index(2),)
        else:
            assert state.outcome.reason == "three_tournaments_played" and max(wins) < 2 and len(state.placements) == 3
        assert state.outcome.returns == tuple(float(w) for w in wins)
        assert state.vp_tournament == [[0, 0, 0], [0, 0, 0]]  # wins decide, not VP


# -- Draft Mode ----------------------------------------------------------------------------------------
def test_draft_mode_deal_six_then_draft_clockwise():
    """"When Deckbuilding begins, deal each player 6 cards from the Store. Players then draft these
    cards, going clockwise ... (take one card from your set of 6, then pass the rest to the player
    on your left)": the next seat."""
    state = new_full_game(3, 5, draft=True)
    binder_before = [len(b) for b in state.binder]
    packets = [list(p) for p in state.draft["packets"]]
    assert [len(p) for p in packets] == [6, 6, 6]
    assert {a.verb for a in state.legal_actions(0)} == {"draft"}
    picks = {s: state.legal_actions(s)[0] for s in range(3)}
    state.apply_joint_checked(picks)
    assert state.tick == 0, "draft picks do not spend the timer's ticks"
    after = state.draft["packets"]
    for seat in range(3):  # seat 0's packet, less its pick, is now seat 1's
        assert sorted(after[(seat + 1) % 3]) == sorted(set(packets[seat]) - set(state.binder[seat]))
    for _ in range(5):
        state.apply_joint_checked({s: state.legal_actions(s)[0] for s in range(3)})
    assert state.draft is None and [len(b) - n for b, n in zip(state.binder, binder_before, strict=True)] == [6, 6, 6]
    assert {a.verb for a in state.legal_actions(0)} >= {"wait", "buy_store"}


def test_draft_mode_after_the_first_timer_the_draft_passes_counter_clockwise():
    """"After the first 7-minute timer ends, repeat this process, this time passing cards
    counter-clockwise.\""""
    state = new_full_game(3, 6, draft=True)
    while state.draft:
        state.apply_joint_checked({s: state.legal_actions(s)[0] for s in range(3)})
    wait_until(state, lambda s: s.draft is not None)
    assert state.timer == 1 and state.draft["direction"] == draft.COUNTER_CLOCKWISE
    packets = [list(p) for p in state.draft["packets"]]
    state.apply_joint_checked({s: state.legal_actions(s)[0] for s in range(3)})
    for seat in range(3):  # seat 1's packet goes to seat 0
        assert sorted(state.draft["packets"][(seat - 1) % 3]) == sorted(set(packets[seat]) - set(state.binder[seat]))


def test_draft_mode_a_packet_is_seen_only_by_its_holder():
    state = new_full_game(3, 7, draft=True)
    others = {state.cards[c].name for c in state.draft["packets"][1] + state.draft["packets"][2]}
    assert others <= set(state.hidden_cards(0))
    view = state.view(0)
    assert view["draft"]["packet"] == sorted(state.cards[c].name for c in state.draft["packets"][0])
    assert "packets" not in view["draft"]
    world = state.determinize(0, random.Random(1))
    assert world.draft["packets"][0] == state.draft["packets"][0] and world.view(0) == view
    conserved(world)


# -- Liquidation Mode ----------------------------------------------------------------------------------
def test_liquidation_mode_two_more_expansion_premium_and_master_sets():
    """"During set up, put 2 additional Expansion, Premium, and Master sets into your store deck"
    (the fixture has fewer: every set it has, and the shortfall noted)."""
    state = new_full_game(3, 8, liquidation=True)
    for kind, want in (("expansion", 7), ("premium", 6), ("master", 5)):
        assert any(f"{kind} set(s) of the {want}" in note for note in state.setup_notes), kind


def test_liquidation_mode_decks_to_the_box_for_their_star_ratings_except_the_last_round():
    """"At the end of each tournament round except the last, players return all the cards in their
    decks to the box (including deck boxes and accessories), and receive Millennium Dollars equal to
    the combined Star Ratings of all the cards liquidated in this way.\""""
    state, _ = play(3, 9, check_every=10, liquidation=True)
    liquidated = [e for e in state.events if e.action == "liquidated"]
    assert {dict(e.changes)["cards"].__len__() > 0 for e in liquidated}  # there were decks
    rounds_of = [e for e in state.events if e.action in ("liquidated", "tournament_vp")]
    assert [e.action for e in rounds_of].count("tournament_vp") == 3
    assert len(liquidated) == 2 * 3  # rounds 1 and 2, each seat; not the final round
    star = {c.name: c.value for c in state.cards}
    for seat in range(3):
        paid = sum(star[n] for e in liquidated if e.player == seat for n in dict(e.changes)["cards"])
        assert state.money_flow[seat].get("liquidation", 0) == paid
    assert sorted(n for e in liquidated for n in dict(e.changes)["cards"]) == sorted(
        state.cards[c].name for c in state.box["liquidated"])
    check_money(state)


def test_liquidation_mode_money_gives_one_vp_per_eight_dollars():
    """"When playing in Liquidation Mode, money only provides half as many VPs (1 VP per 8
    Millennium Dollars)."""
    state = new_full_game(3, 10, liquidation=True)
    state.money[0] = 31
    assert scoring.breakdown(state, 0)["money"] == 3
    normal = new_full_game(3, 10)
    normal.money[0] = 31
    assert scoring.breakdown(normal, 0)["money"] == 7


# -- Millennium Accessories ----------------------------------------------------------------------------
def test_millennium_accessories_are_card_data_the_engine_runs():
    for spec in millennium_accessories.specs():
        assert spec.card_type == "accessory" and spec.effects
        assert not check_card(spec.card_type, spec.attributes, list(spec.effects)), spec.name


def test_millennium_accessories_as_a_handicap():
    """"you can give that player a random Millennium Accessory as a handicap.\""""
    state = new_full_game(3, 11, millennium_accessories="handicap", handicap_seats=[2])
    names = {s.name for s in millennium_accessories.specs()}
    assert [sum(state.cards[c].name in names for c in b) for b in state.binder] == [0, 0, 1]
    assert len(state.millennium) == len(names) - 1
    with pytest.raises(ValueError, match="handicap_seats"):
        new_full_game(3, 11, millennium_accessories="handicap")
    with pytest.raises(ValueError, match="seat 5"):
        new_full_game(3, 11, millennium_accessories="handicap", handicap_seats=[5])


def test_millennium_accessories_drafted_at_the_game_start():
    """"they can draft the Millennium Accessories at the game start": one revealed per player,
    taken one at a time in seat order from a first drafter; then Deckbuilding Round 1 begins."""
    state = new_full_game(4, 12, millennium_accessories="draft")
    assert state.phase == "setup" and len(state.accessory_draft["revealed"]) == 4
    order = list(state.accessory_draft["order"])
    assert sorted(order) == [0, 1, 2, 3] and all((order[k] + 1) % 4 == order[k + 1] for k in range(3))
    taken = []
    for seat in order:
        assert state.current_players() == [seat]
        action = state.legal_actions(seat)[-1]
        state.apply_checked(action, seat)
        taken.append((seat, action.args[0]))
    assert state.phase == "deckbuilding" and state.accessory_draft is None
    for seat, name in taken:
        assert name in [state.cards[c].name for c in state.binder[seat]]
    with pytest.raises(IllegalAction):
        state.apply_checked(Action("take_accessory", ("Millennium Crown",)), 0)


def test_millennium_accessory_plays_in_the_tournament():
    state = new_full_game(3, 13, millennium_accessories="handicap", handicap_seats=[0])
    card = next(c for c in state.binder[0] if state.cards[c].kind == millennium_accessories.KIND)
    tick(state, s0=str(Action("kit", (state.cards[card].name,))))
    assert card in state.kit[0]
    wait_until(state, lambda s: s.phase == "tournament")
    inner = state.tournament
    assert state.cards[card].name in [inner.cards[c].name for c in inner.accessories[0]]


# -- complete games of each mode -----------------------------------------------------------------------
GAMES_PER_MODE = sweep(15)


@pytest.mark.parametrize("players,options", [
    (2, {"duel": True}),
    (3, {"draft": True}),
    (4, {"liquidation": True}),
    (3, {"millennium_accessories": "draft", "draft": True}),
    (2, {"duel": True, "draft": True, "millennium_accessories": "handicap", "handicap_seats": [1]}),
])
def test_random_complete_games_of_each_mode_keep_the_rules(players, options):
    """Fifteen complete games per mode (SWEEP_SCALE for more): every game ends, cards are conserved (checked every few
    moves and at the end), money moves only by the rules, the same seed repeats the game."""
    for seed in range(GAMES_PER_MODE):
        state, moves = play(players, 100 + seed, check_every=1 if seed < 3 else 9, **options)
        check_money(state)
        if options.get("duel"):
            assert state.outcome.returns == tuple(float(w) for w in state.tournament_wins)
        else:
            assert state.outcome.reason == "game_end" and len(state.placements) == rounds.ROUNDS
        if seed % 25 == 0:  # the same seed and moves repeat the game
            again = new_full_game(players, 100 + seed, **options)
            for move in moves:
                again.apply_move(move)
            assert again.events == state.events and again.outcome == state.outcome


# -- agents --------------------------------------------------------------------------------------------
def _wilson_low(wins: float, games: int, z: float = 1.96) -> float:
    p = wins / games
    return (p + z * z / (2 * games) - z * (p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5) / (1 + z * z / games)


def test_greedy_beats_random_in_duel_mode():
    """Duel Mode's greedy (``agents/duel.py``) against random, seats alternating. Measured (seed 11,
    40 duels through ``run_games``): greedy won 40 of 40 (95% interval 0.912-1). This test plays 8
    duels and asks for a share whose 95% Wilson interval lies above one half."""
    engine = get_engine("millennium_blades", "duel")
    score = 0.0
    for game in range(8):
        state = new_full_game(2, 2000 + game, duel=True)
        state.log_events = False
        names = ["greedy", "random"] if game % 2 == 0 else ["random", "greedy"]
        agents = [make_agent(name, game * 10 + s, engine) for s, name in enumerate(names)]
        while not state.is_over:
            state.apply_move({s: agents[s].choose(state, s) for s in state.current_players()})
        seat = names.index("greedy")
        winners = state.outcome.winners
        score += 1.0 if winners == (seat,) else 0.5 if not winners else 0.0
    assert _wilson_low(score, 8) > 0.5, score


def test_draft_mode_with_an_empty_store_deals_no_packets():
    """A Store with no card left (Liquidation Mode boxes cards) opens no draft: nobody would act."""
    state = new_full_game(3, 14, draft=True)
    while state.draft:
        state.apply_joint_checked({s: state.legal_actions(s)[0] for s in state.current_players()})
    state.box["removed"] += state.store + state.store_discard
    state.store, state.store_discard = [], []
    wait_until(state, lambda s: s.timer >= 1)
    assert state.draft is None and state.current_players() == [0, 1, 2]
    assert any(e.action == "draft_over" for e in state.events[-5:])


def test_duel_mode_with_the_pre_release_tournament_counts_it_as_a_tournament():
    """Duel Mode with the Pre-Release Tournament: three tournaments in all (the Pre-Release, rounds 1
    and 2: "skip the third round"), each a win for its winner; no VP are scored."""
    for seed in range(4):
        state, _ = play(2, 300 + seed, check_every=10, duel=True, pre_release=True)
        duels = [dict(e.changes) for e in state.events if e.action == "duel_tournament"]
        assert duels[0]["round"] == 0 and duels[0]["collection_rp"] == [0, 0]
        assert [d["wins"] for d in duels][-1] == state.tournament_wins
        assert state.vp_prerelease == [0, 0] and state.rp_collections[0][2] == 0 == state.rp_collections[1][2]
