"""Builders for Boundless engine tests: decks from the fixtures and prepared states.

``sample_decks()`` reads fixtures/boundless.json and the three sample deck files;
``prepared(...)`` builds a game already in a chosen step with given hands and zones, so a
scenario test states only what its rule needs.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from pathlib import Path

from rules.boundless.base import with_item
from rules.boundless.cards import GAME
from rules.boundless.constants import ACT1, COMBAT
from rules.boundless.engine import new_game
from rules.boundless.state import BoundlessState
from rules.core.decks import CardSpec, DeckEntry, DeckList, parse_deck_text, resolve_deck

ROOT = Path(__file__).resolve().parents[3]
DECK_FILES = sorted((ROOT / "fixtures" / "decks").glob("boundless-*.txt"))


@lru_cache(maxsize=1)
def pool() -> tuple[CardSpec, ...]:
    data = json.loads((ROOT / "fixtures" / "boundless.json").read_text(encoding="utf-8"))
    return tuple(CardSpec(id=i, name=c["name"], card_type=c["card_type"], attributes=c.get("attributes", {}),
                          effects=tuple(c.get("effects", ())), set_code=c["set"], number=c["number"],
                          text=c.get("text", "")) for i, c in enumerate(data["cards"]))


def spec(name: str) -> CardSpec:
    for card in pool():
        if card.name == name:
            return card
    raise KeyError(name)


@cache
def sample_deck(stem: str) -> DeckList:
    path = ROOT / "fixtures" / "decks" / f"boundless-{stem}.txt"
    deck, errors = resolve_deck(parse_deck_text(path.read_text(encoding="utf-8"), GAME), pool(), game="boundless")
    assert not errors, errors
    return deck


def sample_decks() -> list[DeckList]:
    return [sample_deck(p.stem.removeprefix("boundless-")) for p in DECK_FILES]


def every_card_deck(savior: str) -> DeckList:
    """A deck holding one of every main-deck card and one of every spirit (for prepared states)."""
    cards = pool()
    deck = DeckList(game="boundless")
    deck.sections["savior"] = [DeckEntry(spec(savior), 1)]
    deck.sections["main"] = [DeckEntry(c, 6) for c in cards if c.card_type in ("form", "command")]
    deck.sections["spirit"] = [DeckEntry(c, 6) for c in cards if c.card_type == "spirit"]
    return deck


def start(decks=None, seed: int = 1) -> BoundlessState:
    """A game past setup: both keep, player 0 wins the die or not, the roll winner goes first."""
    state = new_game(decks or [sample_deck("emerald-vanguard"), sample_deck("akumaiden-onslaught")], seed)
    state.apply(state.legal_actions(0)[0], 0)  # keep
    state.apply(state.legal_actions(1)[0], 1)  # keep
    p = state.current_players()[0]
    state.apply(state.legal_actions(p)[0], p)  # first
    return state


class Board:
    """A prepared state: every zone empty, then filled by name. Player 0 is the turn player."""

    def __init__(self, savior0: str = "Sylvara, Emerald Warden", savior1: str = "Kuroha, Akumaiden Matriarch",
                 turn: int = 3, step: int = ACT1):
        s = new_game([every_card_deck(savior0), every_card_deck(savior1)], seed=7)
        s.log_events = True
        for p in (0, 1):
            s.main_deck[p] += s.hand[p]
            s.hand[p] = []
        s.pending = None
        s.mulligan_put_back = [0, 0]
        s.was_drawn = bytearray(len(s.card_defs))  # a prepared state: nothing drawn or played yet
        s.was_played = bytearray(len(s.card_defs))
        s.turn_player = 0
        s.first_player = 0
        s.turn = turn
        s.step = step
        s.phase = "declare" if step == COMBAT else ""
        s.acting_player = 0
        self.s = s

    def take(self, p: int, name: str) -> int:
        """Take a card named ``name`` out of player p's decks (main or spirit)."""
        s = self.s
        for zone in (s.main_deck[p], s.spirit_deck[p]):
            for c in zone:
                if s.card_defs[c].name == name:
                    zone.remove(c)
                    return c
        raise KeyError(f"no {name!r} left for player {p}")

    def hand(self, p: int, *names: str) -> list[int]:
        cards = [self.take(p, n) for n in names]
        self.s.hand[p] += cards
        return cards

    def form(self, p: int, name: str, slot: int | None = None, spirits: tuple = ()) -> int:
        s = self.s
        card = self.take(p, name)
        if slot is None:
            slot = s.forms[p].index(-1)
        s.forms[p][slot] = card
        s.form_spirits[p][slot] = [self.take(p, sp) for sp in spirits]
        return card

    def savior_spirits(self, p: int, *names: str) -> None:
        self.s.savior_spirits[p] += [self.take(p, n) for n in names]

    def command(self, p: int, name: str, face_up: bool = True, set_turn: int = 0) -> int:
        s = self.s
        card = self.take(p, name)
        slot = s.commands[p].index(-1)
        s.commands[p][slot] = card
        s.command_face_up = with_item(s.command_face_up, p, slot, face_up)
        s.command_set_turn = with_item(s.command_set_turn, p, slot, set_turn)
        return card

    def void(self, p: int, n: int) -> None:
        s = self.s
        for _ in range(n):
            s.void[p].append(s.spirit_deck[p].pop())

    def drop(self, p: int, *names: str) -> list[int]:
        cards = [self.take(p, n) for n in names]
        self.s.drop[p] += cards
        return cards

    def done(self) -> BoundlessState:
        self.s._resolve()
        return self.s


def names(state, cards) -> list[str]:
    return [state.card_defs[c].name for c in cards]


def kind(state, name: str) -> int:
    for d in state.catalogue:
        if d.name == name:
            return d.kind
    raise KeyError(name)


def legal(state) -> set[str]:
    """The actor's legal actions as text."""
    return {str(a) for a in state.legal_actions(state.current_players()[0])} if not state.is_over else set()


def act(state, text: str, player: int | None = None) -> None:
    """Apply an action given as text, checked against the legal ones (the boundary)."""
    from rules.core.engine import Action

    if player is None:
        player = state.current_players()[0]
    state.apply_checked(Action.parse(text), player)


def play_kind(state, verb: str, name: str, *rest) -> str:
    """Action text naming a card kind by card name: play_kind(s, "play", "Cobble Whelp")."""
    return " ".join([verb, str(kind(state, name)), *map(str, rest)])


def counters_of(state, seat: int = 0) -> dict:
    """One seat's counters (``BoundlessState.counters``): drawn, played, mulligans, put_back."""
    return state.counters()[seat]


def answer(state, pick: int = 0) -> None:
    """Answer pending in-effect choices and trigger orderings with option ``pick`` (clamped)."""
    while state.pending is not None and state.pending.kind in ("choice", "order"):
        options = state.pending.options
        act(state, str(options[min(pick, len(options) - 1)]))


def run_effect(state, ctrl: int, src: int, data: dict, ctx: dict | None = None) -> None:
    """Run one effect given as card data (timing/cost/ops) for ``ctrl`` with source ``src``."""
    from rules.boundless.compiler import Effect

    state._push_frame(ctrl, src, Effect(0, data), dict(ctx or {}))
    state._resolve()
