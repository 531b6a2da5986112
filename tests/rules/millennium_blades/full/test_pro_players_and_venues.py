"""Pro Player Cards and Venues (millennium-blades.txt, "VARIANTS & OPTIONS": "Pro Player Cards",
"Venues"), and complete random games with every option of this part on ("Character Powers",
Pro Player Cards, Venues): every game ends, cards are conserved, money moves by the rules."""

from __future__ import annotations

import pytest

from rules.core.engine import Action
from rules.millennium_blades.cards import GAME
from rules.millennium_blades.full import characters as chars
from rules.millennium_blades.full import powers
from rules.millennium_blades.full.rounds import INCOME
from rules.millennium_blades.full.venues import VENUES, venue_spec
from tests.rules.millennium_blades.full.helpers import STACKS, game, give, put_showing, tick, wait_until
from tests.rules.millennium_blades.full.test_characters import finish
from tests.rules.millennium_blades.full.test_consistency import check_vp, play
from tests.rules.millennium_blades.helpers import card, do, kit, table
from tests.sweeps import sweep

NAMES = ["Shur Wen Na", "Fulton Suitcase", "Morrey Caardmaan"]


def pro_game(players: int = 3, **options):
    names = (NAMES + ["Deques Applenti", "The Power Creep"])[:players]
    return game(players, 0, characters="powers", character_names=names, pro_players=True, **options)


def play_tournament(state, rp) -> None:
    """Wait out the Deckbuilding Phase (the kits stay empty), give the seats ``rp``, and let
    every seat pass: the tournament places them by ``rp``."""
    wait_until(state, lambda s: s.tournament is not None)
    state.tournament.rp = list(rp)
    round_ = state.round
    while state.round == round_ and not state.is_over:
        (seat,) = state.current_players()
        legal = state.legal_actions(seat)
        move = next((Action(w) for w in ("pass", "decline", "end") if Action(w) in legal), legal[0])
        state.apply_checked(move, seat)


def pros_in_binders(state) -> list[list[str]]:
    return [sorted(state.cards[c].name for c in state.binder[s] if state.cards[c].kind == "pro")
            for s in range(state.num_players)]


# -- Pro Player Cards ---------------------------------------------------------------------------------------
def test_pro_player_cards_first_place_gives_each_player_a_copy_of_his_card():
    """"During rounds 1 and 2, when a player scores first place in the tournament, give each player
    (including himself) a copy of his Pro Player Card." "Pro Player cards have their own Type"."""
    state = pro_game()
    assert [len(v) for v in state.pro_stock.values()] == [chars.PRO_COPIES] * 3
    play_tournament(state, [3, 9, 5])
    assert pros_in_binders(state) == [["Fulton Suitcase, Pro Player"]] * 3
    assert state.view(0)["pro_players"] == {"1": ["Fulton Suitcase"]}
    assert len(state.pro_stock["Fulton Suitcase"]) == chars.PRO_COPIES - 3
    pro = next(c for c in state.binder[0] if state.cards[c].kind == "pro")
    assert state.cards[pro].card_type == "single" and "pro" in state.cards[pro].spec.attributes["types"]
    tick(state, s0=str(Action("kit", ("Fulton Suitcase, Pro Player",))))  # a single for the deck
    assert pro in state.kit[0]


def test_pro_player_cards_a_player_who_won_both_gives_the_second_place_card():
    """"If a player who won the first tournament also wins the second one, give the 2nd place
    player's Pro Player card to all players instead." Nothing after the last tournament."""
    state = pro_game()
    play_tournament(state, [9, 5, 1])
    play_tournament(state, [9, 2, 6])
    assert state.pro_given == {1: ("Shur Wen Na",), 2: ("Morrey Caardmaan",)}
    assert pros_in_binders(state) == [["Morrey Caardmaan, Pro Player", "Shur Wen Na, Pro Player"]] * 3
    play_tournament(state, [1, 2, 3])
    assert state.is_over and 3 not in state.pro_given


def test_pro_player_cards_a_new_winner_in_round_two_gives_his_own_card():
    state = pro_game(4)
    play_tournament(state, [9, 5, 1, 0])
    play_tournament(state, [2, 5, 9, 0])
    assert state.pro_given == {1: ("Shur Wen Na",), 2: ("Morrey Caardmaan",)}
    assert all(len(p) == 2 for p in pros_in_binders(state))


def test_pro_player_cards_a_tie_for_first_place_gives_each_tied_winners_card():
    """Decision: every player placed first scores first place (their cards are all given); a set is
    given once."""
    state = pro_game()
    play_tournament(state, [7, 7, 1])
    assert state.pro_given == {1: ("Shur Wen Na", "Fulton Suitcase")}
    play_tournament(state, [7, 3, 1])  # Shur won both: the 2nd place (Fulton) was already given
    assert state.pro_given[2] == ()
    assert all(len(p) == 2 for p in pros_in_binders(state))


def test_pro_player_cards_with_the_pre_release_only_after_round_one():
    """"During rounds 1 and 2" and with a Pre-Release the game ends after round 2: a card is given
    after round 1 only (none after the game's last tournament)."""
    state = pro_game(pre_release=True)
    play_tournament(state, [9, 1, 1])  # the Pre-Release: no Pro Player card
    assert state.pro_given == {} and state.round == 1
    play_tournament(state, [1, 9, 1])
    play_tournament(state, [1, 9, 1])
    assert state.is_over and state.pro_given == {1: ("Fulton Suitcase",)}


# -- Venues -------------------------------------------------------------------------------------------------
def venue_game(name: str | None = None, players: int = 3, **options):
    """A game with the Venue Deck; ``name``: that venue is the one revealed (its Deckbuilding
    rules that act at the round's start are not replayed: see ``next_venue``)."""
    state = game(players, 0, venues=True, **options)
    if name is not None:
        wanted = next(c for c in state.venue_deck + state.venue if state.cards[c].name == name)
        if wanted not in state.venue:
            state.venue_deck = [c for c in state.venue_deck if c != wanted] + state.venue
            state.venue = [wanted]
    return state


def next_venue(state, name: str) -> None:
    """Put ``name`` on top of the Venue Deck."""
    wanted = next(c for c in state.venue_deck if state.cards[c].name == name)
    state.venue_deck = [c for c in state.venue_deck if c != wanted] + [wanted]


def venue_power(name: str):
    return chars.tournament_side(venue_spec(name))


def test_venues_ten_venue_cards_checked_at_save():
    """"COMPONENTS": "10 Oversized Venue Cards": each a venue card the card checker accepts."""
    assert len(VENUES) == 10
    for name in VENUES:
        spec = venue_spec(name)
        assert GAME.validate_card(card_type="venue", attributes={}, effects=list(spec.effects)) == [], name
    bad = [{"side": "deckbuilding", "timing": "setup", "ops": [{"op": "starting_promo", "tier": "gold"}]}]
    assert GAME.validate_card(card_type="venue", attributes={}, effects=bad)[0][0] == "effects[0].timing"


def test_venues_reveal_the_top_card_when_deckbuilding_starts_and_discard_it_when_the_tournament_ends():
    """"When you start the Deckbuilding Round, also reveal the top card of the Venue Deck ... Discard
    it when the tournament ends." The venue's Tournament side is every player's."""
    state = venue_game()
    (first,) = state.venue
    assert len(state.venue_deck) == 9 and state.view(1)["venue"]["name"] == state.cards[first].name
    next_venue(state, "Rooftop Garden")
    wait_until(state, lambda s: s.tournament is not None)
    assert state.venue == [first]
    play_tournament(state, [1, 2, 3])
    assert state.box["venues"] == [first]
    assert state.view(0)["venue"]["name"] == "Rooftop Garden" and len(state.venue_deck) == 8
    wait_until(state, lambda s: s.tournament is not None)
    assert [[state.tournament.cards[c].name for c in held] for held in state.tournament.powers] == \
        [["Rooftop Garden"]] * 3
    assert [state.tournament.capacity(s) for s in range(3)] == [7, 7, 7]
    assert game(3, 0).view(0)["venue"] is None


def test_venues_corner_game_store_store_cards_cost_1_less():
    state = venue_game("Corner Game Store")
    target = put_showing(state, "MB-EX1")
    tick(state, s0="buy_store MB-EX1")
    assert target in state.binder[0] and state.money[0] == INCOME - (state.cards[target].cost - 1)


def test_venues_grand_convention_hall_more_income_dearer_store():
    state = venue_game()
    next_venue(state, "Grand Convention Hall")
    play_tournament(state, [1, 2, 3])
    before = list(state.money)
    assert state.view(0)["venue"]["name"] == "Grand Convention Hall"
    target = put_showing(state, "MB-EX1")
    tick(state, s1="buy_store MB-EX1")
    assert state.money[1] == before[1] - (state.cards[target].cost + 1)
    assert state.money_flow[0]["power_income"] == 10


def test_venues_midnight_flea_market_cheaper_aftermarket_lower_sales():
    state = venue_game("Midnight Flea Market")
    card_id = give(state, 0, "James Bomb")
    tick(state, s0='sell "James Bomb"')
    assert state.money[0] == INCOME + 6
    tick(state, s1='buy_aftermarket "James Bomb"')
    assert card_id in state.binder[1] and state.money[1] == INCOME - 6


def test_venues_museum_of_card_history_scores_different_elements():
    state = table(kit([card("F", elements=("fire",)), card("W", elements=("water",)),
                       card("L", elements=("light", "dark"))]), powers=[[venue_power("Museum of Card History")]])
    do(state, "play F", "play W", "play L")
    finish(state)
    assert state.rp == [12]  # 4 elements x 3, at most 12


def test_venues_volcano_rim_arena_dearer_store_and_fire_scores():
    state = venue_game("Volcano Rim Arena")
    target = put_showing(state, "MB-EX1")
    tick(state, s2="buy_store MB-EX1")
    assert state.money[2] == INCOME - (state.cards[target].cost + 1)
    side = venue_power("Volcano Rim Arena")
    inner = table(kit([card("F1"), card("W", elements=("water",))]), kit([card("F2")]), powers=[[side], [side]])
    do(inner, "play F1", "play F2", "play W")
    finish(inner)
    assert inner.rp == [3, 3]


def test_venues_recycling_plant_fusions_need_1_fewer_card():
    state = venue_game("Recycling Plant")
    assert [powers.fusion_size(state, s, "silver") for s in range(3)] == [6, 6, 6]
    state.binder[1][4:] = []
    tick(state, s1="fuse bronze")
    assert len(state.binder[1]) == 1


def test_venues_booster_box_bash_deals_2_more_cards():
    state = venue_game()
    next_venue(state, "Booster Box Bash")
    play_tournament(state, [1, 2, 3])
    dealt = [e for e in state.events if e.action == "dealt_more"]
    assert [e.player for e in dealt] == [0, 1, 2] and all(len(dict(e.changes)["cards"]) == 2 for e in dealt)


def test_venues_harbor_trading_post_one_more_sell_marker_and_higher_sales():
    state = venue_game()
    next_venue(state, "Harbor Trading Post")
    play_tournament(state, [1, 2, 3])
    assert state.markers == [state.markers_total + 1] * 3
    give(state, 0, "James Bomb")
    before = state.money[0]
    tick(state, s0='sell "James Bomb"')
    assert state.money[0] == before + 8


def test_venues_rooftop_garden_every_tableau_has_an_extra_slot():
    side = venue_power("Rooftop Garden")
    state = table(kit([card(f"S{i}") for i in range(8)]), powers=[[side]])
    for i in range(7):
        do(state, f"play S{i}")
    assert len(state.tableau[0]) == 7 and not state.can_play(0)


def test_venues_lakeside_dojo_less_income_clash_and_water_scores():
    state = venue_game()
    next_venue(state, "Lakeside Dojo")
    before = list(state.money)
    play_tournament(state, [1, 2, 3])
    assert state.money_flow[0]["power_income"] == -5
    assert [m - b for m, b in zip(state.money, before, strict=True)] == [INCOME - 5] * 3
    side = venue_power("Lakeside Dojo")
    inner = table(kit([card("W", "Play: Clash with an opponent.", star=9, elements=("water",))]),
                  kit([card("Low", star=1)]), powers=[[side], [side]], first_player=1)
    do(inner, "play Low", "play W")
    finish(inner)
    assert inner.rp == [5 + 2, 0]


# -- complete games ---------------------------------------------------------------------------------------------
GAMES = sweep(12)


def check_money_with_powers(state) -> None:
    """Every dollar by a logged rule: income (and the powers' and venues' income), sales at their
    price, purchases at the price paid, trades, and the tournaments' money (gained, paid)."""
    for s in range(state.num_players):
        flow = state.money_flow[s]
        assert sum(flow.values()) == state.money[s]
        mine = [(e.action, dict(e.changes)) for e in state.events if e.player == s]
        assert flow["income"] == INCOME * sum(1 for e in state.events if e.action == "deckbuilding")
        value = {c.name: c.value for c in state.cards}
        assert flow.get("sell", 0) == sum(value[c["card"]] for a, c in mine if a == "sell") + sum(
            c["price"] - value[c["card"]] for a, c in mine if a == "sold_for")
        assert -flow.get("buy_store", 0) == sum(c["cost"] for a, c in mine if a == "bought")
        assert -flow.get("buy_aftermarket", 0) == sum(c["price"] for a, c in mine if a == "bought_aftermarket")
        if not any(a == "infinite_loop" for a, _c in mine):
            assert flow.get("tournament", 0) == sum(c["amount"] for a, c in mine if a == "gain_money") - sum(
                c["amount"] for a, c in mine if a == "pay_money")
        assert set(flow) <= {"income", "power_income", "sell", "buy_store", "buy_aftermarket", "tournament", "trade"}
    assert sum(f.get("trade", 0) for f in state.money_flow) == 0


@pytest.mark.parametrize("chunk", range(3))
def test_random_complete_games_with_characters_pro_players_and_venues(chunk):
    """Thirty complete games (3, 4 and 5 players; some with the Metagame stacks, the Pre-Release,
    chosen characters) with ``characters="powers"``, ``pro_players`` and ``venues``: every game
    ends, cards are conserved at every step, money is by the rules, VP add up."""
    seen = {"venue_revealed": 0, "pro_player_card": 0, "use": 0, "rescore": 0, "sold_for": 0}
    for game_no in range(chunk * GAMES // 3, (chunk + 1) * GAMES // 3):
        players = 3 + game_no % 3
        options = {"characters": "powers", "pro_players": True, "venues": True}
        if game_no % 2 == 0:
            options["metagames"] = STACKS
        if game_no % 5 == 3:
            options["pre_release"] = True
        if game_no % 4 == 1:
            options["character_names"] = list(chars.CHARACTERS[game_no % 2:][:players])
        state, moves = play(players, 1000 + game_no, check_every=1 if game_no % 10 == 0 else 5, **options)
        assert state.outcome.reason == "game_end" and state.round == state.last_round
        check_money_with_powers(state)
        check_vp(state)
        assert not state.venue and len(state.box["venues"]) == state.last_round
        if game_no % 10 == 0:  # the same seed and moves repeat the game
            again = game(players, 1000 + game_no, **options)
            for move in moves:
                again.apply_move(move)
            assert again.events == state.events and again.outcome == state.outcome
        for e in state.events:
            if e.action in seen:
                seen[e.action] += 1
    assert all(seen.values()), seen


@pytest.mark.parametrize("players", [4])  # 3 and 5 seats: the random complete games above
def test_whole_game_with_characters_pro_players_and_venues_keeps_the_engine_protocol(players):
    """The core's conformance checks (actions round-trip and apply on clones, views JSON-able and
    not leaking what determinize redeals -- Fulton's peek included --, cards conserved) with the
    three options on."""
    from rules.core.decks import DeckList
    from rules.millennium_blades.full import FULL_ENGINE
    from tests.rules.core.test_conformance import Table, play_random_game

    decks = tuple(DeckList("millennium_blades", {}, name=f"seat {s}") for s in range(players))
    options = (("characters", "powers"), ("pro_players", True), ("venues", True), ("metagames", STACKS),
               ("character_names", list(chars.CHARACTERS[:players])))
    state, seen = play_random_game(Table(FULL_ENGINE, decks, options), 900 + players, checks=True)
    assert state.is_over and seen["simultaneous"] > 0
