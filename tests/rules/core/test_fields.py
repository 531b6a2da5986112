"""Copies derived from declared fields (``rules/core/fields.py``), on small classes of their own."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Annotated

from rules.core.fields import (
    DATA,
    EACH,
    EACH_OF_EACH_VALUE,
    FIXED,
    LOG,
    OWN,
    RNG,
    SHALLOW,
    Declared,
    ForkedRng,
    ForkedRngField,
    declared_fields,
    shared_mutables,
    undeclared,
)


@dataclass(slots=True)
class Piece(Declared):
    name: str
    marks: Annotated[list[str], SHALLOW] = field(default_factory=list)


class Board(Declared):
    seed: int
    rng: Annotated[random.Random, RNG]
    pieces: Annotated[list[Piece | None], EACH]
    king: Annotated[Piece | None, OWN]
    scores: Annotated[list[dict[str, list[int]]], DATA]
    rules: Annotated[dict[str, list[str]], FIXED]
    log: Annotated[list[tuple[str, list[int]]], LOG]

    def __init__(self) -> None:
        self.seed = 7
        self.rng = random.Random(7)
        self.pieces = [Piece("a", ["x"]), None]
        self.king = Piece("k")
        self.scores = [{"round": [1, 2]}]
        self.rules = {"moves": ["n", "s"]}
        self.log = [("start", [0])]


def test_policies_come_from_the_declarations():
    assert declared_fields(Piece) == {"name": declared_fields(Piece)["name"], "marks": SHALLOW}
    assert declared_fields(Board)["pieces"] is EACH and declared_fields(Board)["rules"] is FIXED


def test_a_derived_copy_shares_only_what_is_declared_shared():
    board = Board()
    board.rng.random()
    copy = board.copy()
    assert shared_mutables(board, copy) == []
    assert copy.rules is board.rules and copy.log[0] is board.log[0] and copy.log is not board.log
    assert copy.pieces[1] is None and copy.pieces[0].marks == ["x"] and copy.king.name == "k"
    assert copy.scores == board.scores and copy.rng.random() == board.rng.random()
    copy.pieces[0].marks.append("y")
    copy.scores[0]["round"].append(3)
    assert board.pieces[0].marks == ["x"] and board.scores == [{"round": [1, 2]}]


def test_the_check_finds_what_a_wrong_declaration_shares():
    board = Board()
    copy = board.copy()
    copy.scores = board.scores  # as if ``scores`` were declared IMMUTABLE
    assert "source.scores" in shared_mutables(board, copy)


def test_an_undeclared_attribute_is_named_and_not_copied():
    board = Board()
    board.extra = [1]
    assert undeclared(board) == {"extra"}
    assert not hasattr(board.copy(), "extra")


class Tally(Declared):
    counts: Annotated[list[int], SHALLOW]

    def __init__(self) -> None:
        self.counts = [1]


class NamedTally(Tally):
    names: Annotated[list[str], SHALLOW]

    def __init__(self) -> None:
        super().__init__()
        self.names = ["a"]


def test_a_subclass_derives_its_own_copy_after_its_base_did():
    """The base's derived ``copy`` installed first is not inherited: a subclass's copy is one of
    it, with its own fields (Millennium Blades' ``TurnTable`` is an ``MBState``)."""
    base = Tally().copy()
    sub = NamedTally()
    copy = sub.copy()
    assert type(base) is Tally and type(copy) is NamedTally
    assert copy.names == ["a"] and copy.names is not sub.names and copy.counts is not sub.counts


class Dice(ForkedRngField, Declared):
    tallies: Annotated[list[dict[str, dict[str, int]]], EACH_OF_EACH_VALUE]

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.tallies = [{"rolled": {"six": 1}}]


def test_a_forked_rng_draws_on_each_side_as_the_source_would_have():
    """``ForkedRngField``: the copies of a state draw the numbers the source would have drawn,
    each its own generator (none shared), made only when that side draws."""
    dice, alone = Dice(5), random.Random(5)
    assert dice.rng.random() == alone.random()
    first, second = dice.copy(), dice.copy()
    assert "rng" not in declared_fields(Dice) and shared_mutables(dice, first) == []
    expected = [alone.random() for _ in range(3)]
    assert [first.rng.random() for _ in range(3)] == expected
    assert [dice.rng.random() for _ in range(3)] == expected
    assert [second.rng.random() for _ in range(3)] == expected
    assert first.rng is not dice.rng is not second.rng and second._forked_rng._random is second.rng
    assert first.copy().rng.random() == alone.random() == dice.copy().rng.random()


def test_a_seeded_forked_rng_is_made_when_it_first_draws_and_draws_as_random_of_its_seed():
    """``ForkedRng.seeded``: no generator until one side draws; every side then draws what
    ``random.Random(seed)`` would, a fork before the first draw as much as one after."""
    source, alone = ForkedRng.seeded(77), random.Random(77)
    early = source.fork()
    assert source._random is None and early._random is None
    expected = [alone.random() for _ in range(3)]
    assert [source.get().random() for _ in range(3)] == expected
    late = source.fork()
    assert [early.get().random() for _ in range(3)] == expected
    assert late.get().random() == alone.random() == source.get().random()


def test_each_of_each_value_copies_the_inner_containers():
    dice = Dice(1)
    copy = dice.copy()
    copy.tallies[0]["rolled"]["one"] = 1
    assert dice.tallies == [{"rolled": {"six": 1}}] and shared_mutables(dice, copy) == []


class QuickBoard(Board):
    """``Board`` whose copy starts from its ``__dict__`` (``copy_from_dict``)."""

    copy_from_dict = True


def test_a_copy_from_the_dict_is_the_same_copy_and_shares_an_undeclared_attribute():
    board, quick = Board(), QuickBoard()
    copy = quick.copy()
    assert shared_mutables(quick, copy) == []
    assert vars(copy).keys() == vars(board.copy()).keys() and copy.rules is quick.rules
    assert copy.scores == quick.scores and copy.scores is not quick.scores and copy.log is not quick.log
    quick.extra = [1]
    assert quick.copy().extra is quick.extra  # (the price: so its tests must check ``undeclared``)
