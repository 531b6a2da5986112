"""Tables for Millennium Blades scenario tests: kits from the fixture pool by name, made-up cards
from their text, a Store in a known order, and moves by their text form."""

from __future__ import annotations

from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.core.engine import Action
from rules.core.registry import get_game
from rules.millennium_blades.engine import new_game
from rules.millennium_blades.text import compile_text
from tests.rules.samples import GamePool

POOL = GamePool("millennium_blades")


def card(name: str, text: str = "", star=3, elements=("fire",), types=("soldier",), kind="single") -> CardSpec:
    """A made-up card: its effects are compiled from ``text`` by the engine."""
    return CardSpec(None, name, kind, {"star": star, "elements": list(elements), "types": list(types)}, (), "", "", text)


def spec(name_or_card) -> CardSpec:
    return POOL.by_name[name_or_card] if isinstance(name_or_card, str) else name_or_card


def kit(singles=(), box=(), accessories=(), name="kit") -> DeckList:
    sections = {"singles": [DeckEntry(spec(c), 1) for c in singles],
                "deck_box": [DeckEntry(spec(c), 1) for c in box],
                "accessories": [DeckEntry(spec(c), 1) for c in accessories]}
    return DeckList("millennium_blades", sections, name=name)


def store_cards(*stars: int) -> list[CardSpec]:
    """Store cards revealed in the order given (the first is on top)."""
    return [card(f"Store card {i}", star=s) for i, s in enumerate(stars)]


def table(*kits: DeckList, store=(1,) * 20, **options):
    """A tournament with the Store in the given order of star ratings (first on top)."""
    state = new_game(list(kits), 0, store=store_cards(*store), **options)
    order = {f"Store card {i}": i for i in range(len(store))}
    state.store.sort(key=lambda c: -order[state.cards[c].name])
    return state


def ids(state, seat: int, *names: str) -> list[int]:
    zones = state.hand[seat] + state.play_area(seat)
    return [next(c for c in zones if state.cards[c].name == n) for n in names]


def place(state, seat: int, *names: str, down=()) -> None:
    """Put hand cards straight into ``seat``'s tableau, left to right, without their effects."""
    for c in ids(state, seat, *names):
        state.hand[seat].remove(c)
        state.tableau[seat].append(c)
    state.down.update(ids(state, seat, *down))


def do(state, *moves: str) -> None:
    """Apply moves by their text form, each by the seat that must act, checked."""
    for text in moves:
        (seat,) = state.current_players()
        state.apply_checked(Action.parse(text), seat)


def names(state, cards) -> list[str]:
    return [state.cards[c].name for c in cards]


def compiles(text: str) -> list[dict]:
    """The effects ``text`` compiles to, as the card checker accepts them when a card is saved (as a
    single); fails the test with the phrase that stopped it, or the checker's first problem."""
    effects, reason = compile_text(text)
    assert reason is None, reason
    problems = get_game("millennium_blades").validate_card(card_type="single", attributes={"star": 3}, effects=effects)
    assert not problems, f"the compiled effects are refused: {problems[0]}"
    return effects


def lamps(n: int = 3) -> list[CardSpec]:
    """Cards without effects for a seat that must play each turn ("Play a Single (Required)")."""
    return [card(f"Lamp {i}") for i in range(n)]
