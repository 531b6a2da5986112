"""The Epic keyword's deck rule (rules notes, "Epic cards"): a card printing "Epic (Limit one Epic Card
per Deck)" compiles to a deck rule, and one deck ("Build your Deck": singles, Deck Box, Accessories)
holds at most one such card: the deck validator says so, a random legal kit keeps one, the tournament's
"Illegal Decks" check sends the others to the binder at random, and the whole game's deckbuilders are
never offered a second one. Original cards."""

from __future__ import annotations

import random

from rules.core.decks import CardSpec
from rules.core.engine import Action
from rules.millennium_blades.construction import FORMATS, random_legal_deck, validate
from rules.millennium_blades.deck_rules import is_epic
from rules.millennium_blades.effects import check_card
from rules.millennium_blades.event_text import event_to_string
from rules.millennium_blades.full.pool import Card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.full.helpers import game, give, ids_named
from tests.rules.millennium_blades.helpers import card, kit, table

EPIC_SINGLE = "Epic (Limit one Epic Card per Deck) | Play: Gain 4 RP."
EPIC_ACCESSORY = "ACCESSORY | Epic | Score: Gain 3 RP."


def compiled(name: str, text: str, kind: str = "single") -> CardSpec:
    """A made-up card with its effects compiled (as the importer stores them)."""
    effects, reason = compile_text(text)
    assert reason is None, reason
    return CardSpec(None, name, kind, {"star": 3, "elements": ["fire"], "types": ["soldier"]}, tuple(effects),
                    "", "", text)


def test_epic_compiles_to_a_deck_rule_the_checker_accepts():
    effects, reason = compile_text(EPIC_SINGLE)
    assert reason is None
    assert effects[0] == {"timing": "deckbuilding", "ops": [{"op": "epic"}], "text": "Epic"}
    assert effects[1]["timing"] == "play"
    assert check_card("single", {"star": 3}, effects) == []
    assert is_epic(compiled("Gilded Wyrm", EPIC_SINGLE)) and not is_epic(compiled("Plain Wyrm", "Play: Gain 4 RP."))


def test_the_validator_allows_one_epic_card_a_deck():
    fmt = FORMATS["standard"]
    one = kit([compiled("Gilded Wyrm", EPIC_SINGLE), compiled("Plain Wyrm", "Play: Gain 4 RP.")])
    assert not [v for v in validate(one, fmt) if v.code == "epic_limit"]
    two = kit([compiled("Gilded Wyrm", EPIC_SINGLE), compiled("Gilded Hydra", EPIC_SINGLE)],
              accessories=[compiled("Gilded Dice", EPIC_ACCESSORY, "accessory")])
    (violation,) = [v for v in validate(two, fmt) if v.code == "epic_limit"]
    assert violation.cards == ("Gilded Dice", "Gilded Hydra", "Gilded Wyrm")
    assert "3 Epic cards" in violation.message and "Epic" in violation.rule


def test_a_random_legal_kit_holds_one_epic_card_at_most():
    pool = [compiled(f"Gilded {i}", EPIC_SINGLE) for i in range(12)] + [compiled("Plain", "Play: Gain 1 RP.")]
    for seed in range(20):
        deck = random_legal_deck(pool, random.Random(seed))
        assert sum(is_epic(c) for c in deck.cards()) <= 1 and deck.count("singles") >= 1
        assert not validate(deck, FORMATS["standard"])


def test_the_tournament_sends_extra_epic_cards_to_the_binder():
    """"Illegal Decks": "Randomly remove cards from the player's deck to their binder" -- one Epic
    card stays (rules notes, "Epic cards")."""
    epics = [card(f"Gilded {i}", EPIC_SINGLE) for i in range(3)]
    st = table(kit(epics + [card("Plain Wyrm", "Play: Gain 4 RP.")]), kit([card("Idle Lamp")]))
    held = [st.cards[c].name for c in st.hand[0]]
    assert sum(name.startswith("Gilded") for name in held) == 1 and "Plain Wyrm" in held
    assert sorted(st.cards[c].name for c in st.binder[0]) == sorted({f"Gilded {i}" for i in range(3)}
                                                                     - set(held))
    trimmed = [e for e in st.events if e.action == "epic_trimmed"]
    assert [e.as_dict()["changes"]["card"] for e in trimmed] == [st.cards[c].name for c in st.binder[0]]
    assert "more than one Epic card" in event_to_string(trimmed[0])
    st = table(kit([epics[0], card("Plain Wyrm", "Play: Gain 4 RP.")]), kit([card("Idle Lamp")]))
    assert st.binder[0] == [] and not [e for e in st.events if e.action == "epic_trimmed"]


def test_the_whole_game_offers_no_second_epic_card_for_the_deck():
    state = game(3)
    give(state, 0, "Lantern Moth"), give(state, 0, "Meadow Sprite")
    for c in ids_named(state, "Lantern Moth") + ids_named(state, "Meadow Sprite"):  # printed Epic
        state.cards[c] = Card.of(compiled(state.cards[c].name, EPIC_SINGLE), state.cards[c].kind)
    waits = {1: Action("wait"), 2: Action("wait")}
    assert Action("kit", ("Meadow Sprite",)) in state.legal_actions(0)
    state.apply_joint_checked({0: Action("kit", ("Lantern Moth",)), **waits})
    assert Action("kit", ("Meadow Sprite",)) not in state.legal_actions(0)
    state.apply_joint_checked({0: Action("unkit", ("Lantern Moth",)), **waits})
    assert Action("kit", ("Meadow Sprite",)) in state.legal_actions(0)
