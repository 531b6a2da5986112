"""The tournament's ``clone`` is derived from the fields base.py declares (issue 30): at every
position of random tournaments (one to five seats, the sample kits and random legal kits) a clone
shares no mutable object with its source (the object graphs walked), holds every attribute its
source holds, plays on exactly like it, and the tables declared ``FIXED`` never change. The card
table, the attachments and the exact copies are replaced, never changed in place, so a clone
shares them until either side replaces its own (``COPY_ON_WRITE``)."""

from __future__ import annotations

import json
import random

from rules.core.fields import shared_mutables
from rules.millennium_blades.construction import random_legal_deck
from rules.millennium_blades.engine import new_game
from rules.millennium_blades.state import MBState
from tests.rules.core.clone_checks import check_slotted, check_whole_games, play_random_move
from tests.rules.millennium_blades.helpers import POOL, card, do, ids, kit, place, table

GAMES = 40


def _kits(seed: int) -> list:
    """Two to five seats (one in five games a goldfish): the sample kits, or (one game in three)
    random legal kits."""
    seats = seed % 5 + 1
    if seed % 3 == 2:
        rng = random.Random(seed)
        return [random_legal_deck(POOL.pool, rng) for _ in range(seats)]
    samples = POOL.sample_decks()
    return [samples[(seed + s) % len(samples)] for s in range(seats)]


def test_a_clone_shares_no_mutable_object_with_its_source():
    checked = check_whole_games((new_game(_kits(seed), seed) for seed in range(GAMES)), every=1)
    assert checked > 500, checked


def test_a_tournament_holds_its_fields_in_slots():
    """Every field a slot (``MBBase.__slots__``), the Turn-Based game's table's too."""
    from rules.millennium_blades.turn_based.table import TurnTable

    state = new_game(_kits(1), 1)
    check_slotted(MBState, state)
    check_slotted(TurnTable, state)


def test_an_exact_copy_made_on_a_clone_leaves_the_source_s_cards_alone():
    """"This card is an exact copy of ... card to its immediate left": the copy's definition
    replaces the clone's card table (special_ops.refresh_copies), never the one its source shares."""
    newt = card("Mirror Newt", "Ongoing: This card is an exact copy of a 4 STAR or lower ANIMAL card to its "
                "immediate left.", star=1, elements=("water",), types=("myth",))
    hare = card("Field Hare", "Play: Gain 5 RP.", star=3, elements=("earth",), types=("animal",))
    state = table(kit([hare, newt]), kit([card("Idle Lamp", "Play: Gain 1 RP.", star=1)]))
    place(state, 0, "Field Hare")
    before = list(state.cards)
    world = state.clone()
    assert world.cards is state.cards  # shared until either side replaces its own
    do(world, 'play "Mirror Newt"')
    (newt_id,) = ids(world, 0, "Mirror Newt")
    assert world.cards[newt_id].copied_from == "Field Hare" and world.rp[0] == 5
    assert state.cards == before and all(a is b for a, b in zip(state.cards, before, strict=True))
    assert state.cards[newt_id].copied_from == "" and state.rp[0] == 0


def test_determinize_redeals_only_the_world():
    state = new_game(_kits(3), 3)
    rng = random.Random(3)
    for _ in range(6):
        if state.is_over:
            break
        play_random_move(state, rng)
    before = json.dumps(state.view(None), sort_keys=True)
    world = state.determinize(0, random.Random(1))
    assert not shared_mutables(state, world)
    assert world.cards is not state.cards  # its own: dealt Store cards get their printed text
    assert json.dumps(state.view(None), sort_keys=True) == before


def test_what_waits_to_resolve_is_copied_through():
    """Triggers waiting for the stack are rarely there between two moves of a random game: put
    some there (and a frame on the stack) so the walk sees them copied, not shared."""
    state = new_game(_kits(1), 1)
    state.triggered.append({"card": 0, "seat": 0, "ctx": {"chosen": [1]}})
    state.stack.append({"card": 0, "seat": 0, "ops": [{"op": "gain_rp"}], "ctx": {"chosen": [2]}})
    clone = state.clone()
    assert not shared_mutables(state, clone)
    assert clone.triggered == state.triggered and clone.stack == state.stack
