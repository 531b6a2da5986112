"""Collections and the kit (millennium-blades.txt, "Make your Collection", "SCORING COLLECTIONS",
"END OF DECKBUILDING", "Build your Deck")."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.full import collection
from rules.millennium_blades.full.rounds import end_deckbuilding
from tests.rules.millennium_blades.full.helpers import game, give, tick

DARK = ["Velvet Mask Agent", "Gloomcap Goblin", "Discordant Choir", "Hollow Wraith", "Evil Helbane"]


def test_make_your_collection_the_dark_example():
    """"A collection of Dark Cards. The card on the right could not be part of this collection,
    because it doesn't match the element of the collection.\""""
    state = game(3)
    for name in DARK:
        give(state, 0, name)
        tick(state, s0=f'collect "{name}"')
    give(state, 0, "Sunforged Paladin")  # Light, Soldier
    assert Action("collect", ("Sunforged Paladin",)) not in state.legal_actions(0)
    assert [state.cards[c].name for c in state.collection[0]] == DARK


def test_make_your_collection_the_soldier_example():
    """"A collection of Soldier Cards. The card on the right could not be part of this collection,
    because it already has a 4-STAR card.\""""
    state = game(3)
    for name in ("Wandering Squire", "Brick Block Buster", "Cloudstep Monk"):
        give(state, 1, name)
        tick(state, s1=f'collect "{name}"')
    give(state, 1, "Flarecoat Lancer")  # a 4-star Soldier
    assert Action("collect", ("Flarecoat Lancer",)) not in state.legal_actions(1)
    tick(state, s1='uncollect "Cloudstep Monk"')
    assert Action("collect", ("Flarecoat Lancer",)) in state.legal_actions(1)


def test_cards_without_symbols_cannot_be_collected():
    """"Those that do not have one of these symbols cannot be used as part of a collection.\""""
    state = game(3)
    give(state, 0, "Lucky Dice")
    assert Action("collect", ("Lucky Dice",)) not in state.legal_actions(0)


def test_scoring_collections_points_table():
    """"Cards 2 3 4 5 6 7 8+ / Victory Points 2 4 7 9 12 16 21\""""
    assert [collection.points(n) for n in range(1, 9)] == [0, 2, 4, 7, 9, 12, 16, 21]


def test_end_of_deckbuilding_turns_in_one_collection_to_the_box():
    """"1. In any order, players should each turn in a maximum of one collection for Victory
    Points"; "When a collection is scored, place it in the box". A lone card is no collection: back
    to the binder."""
    state = game(3)
    ids = [give(state, 0, name, zone="collection") for name in DARK]
    lone = give(state, 1, "Evil Beethoven", zone="collection")
    end_deckbuilding(state)
    assert state.vp_collections[0] == [9, 0, 0] and state.box["collections"] == ids
    assert state.vp_collections[1] == [0, 0, 0] and lone in state.binder[1]
    assert state.collection == [[], [], []] and state.phase == "tournament"


def test_build_your_deck_limits_and_one_copy():
    """"The Deck Area can contain up to eight singles, up to one Deck Box, and up to two
    Accessories." "You may only have one copy of any card in your deck!\""""
    state = game(3)
    for name in ("Wandering Squire", "Scrap Golem", "Pocket Champion", "Meadow Sprite", "Lantern Moth",
                 "Gloomcap Goblin", "Riverbank Angler", "Cloudstep Monk", "Hollow Wraith"):
        give(state, 0, name)
    singles = [state.cards[c].name for c in state.binder[0] if state.cards[c].card_type == "single"]
    for name in dict.fromkeys(singles):
        if Action("kit", (name,)) in state.legal_actions(0):
            tick(state, s0=f'kit "{name}"')
    kit = [state.cards[c] for c in state.kit[0]]
    assert sum(c.card_type == "single" for c in kit) == 8
    give(state, 0, "Lantern Moth")
    assert Action("kit", ("Lantern Moth",)) not in state.legal_actions(0)
    give(state, 0, "Plain Cardboard Box")
    tick(state, s0='kit "Plain Cardboard Box"')
    give(state, 0, "Tribal Tin")
    assert Action("kit", ("Tribal Tin",)) not in state.legal_actions(0)
    for name in ("Lucky Dice", "Card Binder Clip"):
        give(state, 0, name)
        tick(state, s0=f'kit "{name}"')
    give(state, 0, "Deluxe Playmat")
    assert Action("kit", ("Deluxe Playmat",)) not in state.legal_actions(0)
    give(state, 0, "Lucky Dice")
    assert Action("kit", ("Lucky Dice",)) not in state.legal_actions(0)  # one copy
    tick(state, s0='unkit "Lucky Dice"')
    assert Action("kit", ("Deluxe Playmat",)) in state.legal_actions(0)


def test_the_kit_goes_to_the_tournament_and_back_to_the_binder():
    """The tournament is played with the kit ("take the cards in their decks into their hands");
    "place all cards into their owners' binders"; the next Deckbuilding Phase "combine[s] all their
    cards together into the Binder Area"."""
    state = game(3)
    names = sorted({state.cards[c].name for c in state.binder[2] if state.cards[c].card_type == "single"})[:4]
    for name in names:
        tick(state, s2=f'kit "{name}"')
    kit = list(state.kit[2])
    while state.phase == "deckbuilding":
        tick(state)
    inner = state.tournament
    assert sorted(inner.cards[c].name for c in inner.hand[2]) == names
    assert inner.hand[0] == [] and state.kit == [[], [], []]
    assert sorted(state.lent[c] for c in inner.hand[2]) == sorted(kit)
    while state.tournament is not None:
        (seat,) = state.current_players()
        state.apply_checked(state.legal_actions(seat)[0], seat)
    assert state.round == 2 and set(kit) <= set(state.binder[2]) and state.kit[2] == []
