"""The deck doctor: which one-card change makes a deck better against a field, measured honestly.

Pure Python over ``rules.core`` (no database): the web runs (``simulate.doctor_runs``, chunk by
chunk on the runner) and ``manage.py deck_doctor`` (in process) drive the same :class:`Doctor`
from the same seed, so both report the same figures. The method (docs/metagame.md, "Deck doctor"):

1. **Screen look.** The original deck plays ``games_per_look`` games against every deck of the
   field. Each game records the subject's score (win 1, shared win or draw a share, loss 0) and
   the cards each side showed (any per-card counter the engine declares: drawn, played, cast...).
2. **Candidates.** Every legal swap (one copy out, one card of the pool in, same section; the
   format's validator accepts the result) is scored by a cheap screen: how much better than its
   side's average the card coming in did in the games where it showed (either side's games),
   minus the same for the card going out, shrunk towards 0 when seen rarely. The best
   ``candidates`` are measured.
3. **Paired looks.** In look ``j`` the original and every live candidate play games
   ``jK .. (j+1)K-1`` against every opponent, from the *same seeds and seats* (common random
   numbers; never the screen's games, which chose the candidates): the candidate deck keeps the
   original's card order with the one copy replaced, so a game is identical until the changed
   card matters. The change is the mean of the per-game
   differences, opponent by opponent, averaged over the field (each opponent weighs the same).
4. **Sequential test.** After each look a candidate's interval is the normal interval at level
   ``alpha / (2 * max_looks * candidates)`` a side (Bonferroni over the looks and the candidates),
   so every reported interval covers its true change with probability >= 1 - alpha *at once*,
   whenever it stopped. A candidate stops when the interval excludes 0 (``helps`` / ``hurts``), when
   its upper end falls below the lower end of a candidate that helps (``beaten``: it can no longer
   be the best change), or after ``max_looks`` (``no_clear_change``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from statistics import NormalDist

from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.core.engine import EngineSpec
from rules.core.play import GameResult, derive_seed, play_indexed_game

HELPS, HURTS, BEATEN, NO_CLEAR_CHANGE, LIVE = "helps", "hurts", "beaten", "no_clear_change", "live"
VERDICT_TEXT = {HELPS: "helps", HURTS: "hurts", BEATEN: "can no longer win (another change is surely better)",
                NO_CLEAR_CHANGE: "no clear change", LIVE: "still measuring"}
#: a card seen this many times counts half its measured impact in the screen (shrinkage)
SCREEN_PRIOR_GAMES = 8
ORIGINAL = 0  # candidate number 0 is the original deck itself


class DoctorError(ValueError):
    """Input the doctor cannot work with (``code``, a readable ``message``)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


@dataclass(frozen=True)
class Settings:
    """How much the doctor measures: games per opponent each look, looks at most, candidates
    measured, the family-wise error rate, and the agents (subject's, field's)."""

    games_per_look: int = 10
    max_looks: int = 8
    candidates: int = 30
    alpha: float = 0.05
    agents: tuple = ({"name": "greedy"}, {"name": "greedy"})

    def z(self, candidates: int | None = None) -> float:
        """The normal quantile of every interval: Bonferroni over the looks and the ``candidates``
        measured (default: as many as asked for), two sides."""
        count = self.candidates if candidates is None else candidates
        return NormalDist().inv_cdf(1 - self.alpha / (2 * self.max_looks * max(1, count)))

    def as_dict(self) -> dict:
        data = asdict(self)
        data["agents"] = [dict(a) for a in self.agents]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Settings:
        return cls(**{**data, "agents": tuple(dict(a) for a in data.get("agents", cls.agents))})


@dataclass(frozen=True)
class Swap:
    """One copy of ``out`` (by name) taken out of ``section`` and one ``card_in`` put in its place."""

    section: str
    out: str
    card_in: CardSpec

    @property
    def label(self) -> str:
        return f"-1 {self.out}, +1 {self.card_in.name}"

    def as_dict(self) -> dict:
        return {"section": self.section, "card_out": self.out, "card_in": self.card_in.name, "card_in_id": self.card_in.id}


def apply_swap(deck: DeckList, swap: Swap, *, keep_slots: bool = True) -> DeckList:
    """The deck with the swap made. ``keep_slots`` (for play): the new copy takes the last copy of
    ``out``'s place in the card order, so a shuffle from the same seed deals the same cards except
    that one (the pairing's strength); the entries may then name a card twice. Without it (for the
    validator and for saving), one entry per card."""
    entries = deck.entries(swap.section)
    at = next((i for i, e in enumerate(entries) if e.card.name == swap.out), None)
    if at is None:
        raise DoctorError("bad_swap", f"{swap.out} is not in the deck's {swap.section}")
    left = entries[at].qty - 1
    replaced = ([DeckEntry(entries[at].card, left)] if left else []) + [DeckEntry(swap.card_in, 1)]
    new = entries[:at] + replaced + entries[at + 1:]
    if not keep_slots:
        merged: dict[str, DeckEntry] = {}
        for entry in new:
            old = merged.get(entry.card.name)
            merged[entry.card.name] = DeckEntry(old.card if old else entry.card, entry.qty + (old.qty if old else 0))
        new = list(merged.values())
    sections = {name: list(es) for name, es in deck.sections.items()}
    sections[swap.section] = new
    return DeckList(game=deck.game, sections=sections, format=deck.format, name=deck.name)


def legal_swaps(deck: DeckList, pool: Sequence[CardSpec], is_legal: Callable[[DeckList], bool]) -> list[Swap]:
    """Every swap of one copy for one card of ``pool`` (a name once: its first printing) that
    ``is_legal`` (the format's validator) accepts, in a stable order."""
    cards: dict[str, CardSpec] = {}
    for card in pool:
        cards.setdefault(card.name, card)
    out = []
    for section, entries in deck.sections.items():
        for name in dict.fromkeys(e.card.name for e in entries):
            for card in cards.values():
                if card.name == name:
                    continue
                swap = Swap(section, name, card)
                if is_legal(apply_swap(deck, swap, keep_slots=False)):
                    out.append(swap)
    return out


# -- playing -----------------------------------------------------------------------------------------
def game_seed(seed: int, opponent: int, index: int) -> int:
    """Game ``index`` against opponent ``opponent``: the same for the original and every candidate."""
    return derive_seed(seed, "doctor", opponent, index)


def subject_score(result: GameResult, side: int = 0) -> float:
    """What a game was worth to ``side``: 1 for a win, a share of a shared win or a draw, 0 for a loss."""
    winners = result.winning_sides
    if not winners:
        return 1 / len(result.sides)
    return 1 / len(winners) if side in winners else 0.0


def seen_cards(result: GameResult, side: int) -> list[str]:
    """The cards ``side`` showed in the game: any per-card counter above 0 (drawn, played, cast...)."""
    counters = result.counters[result.seat_of(side)] if result.counters else {}
    names = {card for value in counters.values() if isinstance(value, dict) for card, n in value.items() if n}
    return sorted(names)


def play_chunk(engine: EngineSpec, deck: DeckList, field_decks: Sequence[DeckList], settings: Settings, seed: int,
               first: int, count: int, *, record_cards: bool = False, options: dict | None = None,
               should_stop=None) -> dict:
    """Games ``first .. first+count-1`` of ``deck`` against every deck of the field: the chunk's
    tally ``{"scores": [[score per game] per opponent]}`` (with ``record_cards``, also
    ``"seen"``: per opponent, per game, the cards each side showed)."""
    scores, seen = [], []
    for opponent, other in enumerate(field_decks):
        row, cards = [], []
        for index in range(first, first + count):
            if should_stop is not None and should_stop():
                from rules.core.play import GameStopped

                raise GameStopped(f"stopped before game {index}")
            result = play_indexed_game(engine, [deck, other], list(settings.agents), game_seed(seed, opponent, index),
                                       index, options=options, should_stop=should_stop)
            row.append(subject_score(result))
            if record_cards:
                cards.append([seen_cards(result, 0), seen_cards(result, 1)])
        scores.append(row)
        seen.append(cards)
    return {"doctor": 1, "first": first, "scores": scores, **({"seen": seen} if record_cards else {})}


# -- the screen ----------------------------------------------------------------------------------------
def card_impacts(screen: dict) -> dict[str, float]:
    """Per card name: the mean of (its side's score - that side's mean score) over the screen's
    games where it showed, shrunk by ``n / (n + SCREEN_PRIOR_GAMES)``."""
    scores, seen = screen["scores"], screen["seen"]
    sums: dict[str, float] = {}
    counts: dict[str, int] = {}
    for opponent_scores, opponent_seen in zip(scores, seen, strict=True):
        mean = sum(opponent_scores) / len(opponent_scores) if opponent_scores else 0.5
        for score, sides in zip(opponent_scores, opponent_seen, strict=True):
            for side, cards in enumerate(sides):
                own, average = (score, mean) if side == 0 else (1 - score, 1 - mean)
                for card in cards:
                    sums[card] = sums.get(card, 0.0) + own - average
                    counts[card] = counts.get(card, 0) + 1
    return {card: sums[card] / (counts[card] + SCREEN_PRIOR_GAMES) for card in sums}


def screen_swaps(swaps: Sequence[Swap], impacts: dict[str, float], count: int) -> list[tuple[Swap, float]]:
    """The ``count`` swaps with the best screen score (the card in's impact minus the card out's),
    ties in the order given."""
    scored = [(swap, impacts.get(swap.card_in.name, 0.0) - impacts.get(swap.out, 0.0)) for swap in swaps]
    order = sorted(range(len(scored)), key=lambda i: -scored[i][1])
    return [scored[i] for i in order[:count]]


# -- the sequential test -------------------------------------------------------------------------------
@dataclass
class Assessment:
    """A candidate's change in win rate against the field after its games so far."""

    change: float
    low: float
    high: float
    games: int  # paired games (the candidate's; the original played as many)
    identical: int  # paired games whose result did not change
    verdict: str = LIVE
    stopped_look: int | None = None

    def as_dict(self) -> dict:
        return asdict(self)


def assess(candidate: Sequence[Sequence[float]], original: Sequence[Sequence[float]], z: float) -> Assessment:
    """The paired estimate: per opponent the mean difference of the games both played, averaged
    over the opponents, with the normal interval ``change +- z * SE`` (SE from the per-opponent
    sample variances of the differences; stratified by opponent)."""
    means, variance, games, identical = [], 0.0, 0, 0
    for mine, theirs in zip(candidate, original, strict=True):
        diffs = [a - b for a, b in zip(mine, theirs, strict=False)]
        n = len(diffs)
        if not n:
            continue
        mean = sum(diffs) / n
        means.append(mean)
        if n > 1:
            variance += sum((d - mean) ** 2 for d in diffs) / (n - 1) / n
        games += n
        identical += sum(1 for d in diffs if d == 0)
    if not means:
        return Assessment(0.0, -1.0, 1.0, 0, 0)
    change = sum(means) / len(means)
    half = z * math.sqrt(variance) / len(means)
    return Assessment(change, max(-1.0, change - half), min(1.0, change + half), games, identical)


def unpaired_half_width(candidate: Sequence[Sequence[float]], original: Sequence[Sequence[float]], z: float) -> float:
    """The half-width the same games would give if the candidate's games were independent of the
    original's (different seeds): the variances add instead of the differences'."""
    variance, opponents = 0.0, 0
    for mine, theirs in zip(candidate, original, strict=True):
        for row in (mine, theirs):
            n = len(row)
            if n > 1:
                mean = sum(row) / n
                variance += sum((s - mean) ** 2 for s in row) / (n - 1) / n
        opponents += 1
    return z * math.sqrt(variance) / max(1, opponents)


# -- the whole doctor, as a state machine rebuilt from its stored chunks -----------------------------------
@dataclass
class Candidate:
    number: int
    swap: Swap
    screen: float
    assessment: Assessment | None = None

    @property
    def verdict(self) -> str:
        return self.assessment.verdict if self.assessment else LIVE


@dataclass
class Doctor:
    """A doctor run: the deck, the field, the settings and seed; ``candidates`` once the screen look
    is in; the games played so far by candidate number (0: the original) and opponent."""

    deck: DeckList
    opponents: list[DeckList]
    settings: Settings
    seed: int
    candidates: list[Candidate] = field(default_factory=list)
    looks_done: int = 0  # paired looks assessed (the screen look is look 0)
    scores: dict[int, list[list[float]]] = field(default_factory=dict)

    def deck_of(self, number: int, *, keep_slots: bool = True) -> DeckList:
        if number == ORIGINAL:
            return self.deck
        return apply_swap(self.deck, self.candidates[number - 1].swap, keep_slots=keep_slots)

    def add(self, number: int, tally: dict) -> None:
        """A played chunk's scores, placed at its games' indices."""
        rows = self.scores.setdefault(number, [[] for _ in self.opponents])
        for row, new in zip(rows, tally["scores"], strict=True):
            first = tally["first"]
            row.extend([math.nan] * max(0, first + len(new) - len(row)))
            row[first:first + len(new)] = new

    def z(self) -> float:
        return self.settings.z(len(self.candidates))

    def live(self) -> list[Candidate]:
        return [c for c in self.candidates if c.verdict == LIVE]

    def look_work(self, look: int) -> list[tuple[int, int, int]]:
        """``(candidate number, first game, games)`` to play for paired look ``look`` (1-based):
        games ``look*K .. (look+1)*K - 1`` by the original and every live candidate. The screen's
        games (``0 .. K-1``) are never paired: they chose the candidates, so a candidate's games
        against them would be biased in its favour (its card out did badly in exactly those)."""
        k = self.settings.games_per_look
        return [(number, look * k, k) for number in [ORIGINAL] + [c.number for c in self.live()]]

    def choose_candidates(self, swaps: Sequence[Swap], screen: dict) -> None:
        ranked = screen_swaps(swaps, card_impacts(screen), self.settings.candidates)
        self.candidates = [Candidate(i + 1, swap, score) for i, (swap, score) in enumerate(ranked)]

    def assess_look(self, look: int) -> None:
        """The sequential test after paired look ``look``: every live candidate's interval on its
        games so far, and who stops."""
        z = self.z()
        k = self.settings.games_per_look
        paired = slice(k, (look + 1) * k)  # the looks' games, not the screen's
        original = [row[paired] for row in self.scores.get(ORIGINAL, [])]
        for candidate in self.live():
            mine = [row[paired] for row in self.scores.get(candidate.number, [[] for _ in self.opponents])]
            result = assess(mine, original, z)
            if result.low > 0:
                result.verdict = HELPS
            elif result.high < 0:
                result.verdict = HURTS
            elif look >= self.settings.max_looks:
                result.verdict = NO_CLEAR_CHANGE
            candidate.assessment = result
            if result.verdict != LIVE:
                result.stopped_look = look
        best_low = max((c.assessment.low for c in self.candidates if c.verdict == HELPS and c.assessment), default=None)
        if best_low is not None:
            for candidate in self.live():
                if candidate.assessment and candidate.assessment.high < best_low:
                    candidate.assessment.verdict, candidate.assessment.stopped_look = BEATEN, look
        self.looks_done = look

    @property
    def finished(self) -> bool:
        return bool(self.candidates) and (not self.live() or self.looks_done >= self.settings.max_looks)

    def best(self) -> Candidate | None:
        """The change that helps with the highest lower end (then the highest estimate)."""
        helping = [c for c in self.candidates if c.verdict == HELPS and c.assessment]
        return max(helping, key=lambda c: (c.assessment.low, c.assessment.change), default=None)  # type: ignore[union-attr]

    def games_spent(self) -> int:
        return sum(1 for rows in self.scores.values() for row in rows for s in row if not math.isnan(s))

    def report(self) -> dict:
        """THE figures of a doctor run (page, API and CLI show these): the original's win rate, each
        candidate's change with its interval and verdict, the best change, the games spent."""
        original = [s for row in self.scores.get(ORIGINAL, []) for s in row if not math.isnan(s)]
        best = self.best()
        rows = []
        for c in sorted(self.candidates, key=_report_order):
            a = c.assessment
            rows.append({"number": c.number, **c.swap.as_dict(), "label": c.swap.label, "screen": round(c.screen, 6),
                         "verdict": c.verdict, "verdict_text": VERDICT_TEXT[c.verdict],
                         "change": _round(a.change) if a else None, "low": _round(a.low) if a else None,
                         "high": _round(a.high) if a else None, "games": a.games if a else 0,
                         "identical": a.identical if a else 0, "stopped_look": a.stopped_look if a else None})
        return {"settings": self.settings.as_dict(), "seed": self.seed, "field": [d.name for d in self.opponents],
                "original_win_rate": _round(sum(original) / len(original)) if original else None,
                "original_games": len(original), "looks_done": self.looks_done, "finished": self.finished,
                "interval_z": round(self.z(), 4), "candidates": rows,
                "helpful": [r for r in rows if r["verdict"] == HELPS],
                "best": best.number if best else None, "games_spent": self.games_spent()}


def _round(value: float) -> float:
    return round(value, 6)


def _report_order(c: Candidate) -> tuple:
    rank = {HELPS: 0, LIVE: 1, NO_CLEAR_CHANGE: 2, BEATEN: 3, HURTS: 4}[c.verdict]
    return (rank, -(c.assessment.change if c.assessment else 0.0), c.number)


# -- in process (manage.py deck_doctor, tests) ------------------------------------------------------------
def run_in_process(doctor: Doctor, engine: EngineSpec, swaps: Sequence[Swap], *, options: dict | None = None,
                   play=None, progress=None) -> dict:
    """Every look of ``doctor`` played here, in the order the runner plays them; returns the report.
    ``play(number, first, count, record_cards)`` plays a chunk (default: in this process), so a
    caller may spread chunks over processes; ``progress(doctor)`` is told after every look."""
    def default_play(number: int, first: int, count: int, record_cards: bool) -> dict:
        return play_chunk(engine, doctor.deck_of(number), doctor.opponents, doctor.settings, doctor.seed, first, count,
                          record_cards=record_cards, options=options)

    play = play or default_play
    screen = play(ORIGINAL, 0, doctor.settings.games_per_look, True)
    doctor.add(ORIGINAL, screen)
    doctor.choose_candidates(swaps, screen)
    if progress:
        progress(doctor)
    look = 1
    while not doctor.finished:
        work = doctor.look_work(look)
        for number, first, count in work:
            doctor.add(number, play(number, first, count, False))
        doctor.assess_look(look)
        if progress:
            progress(doctor)
        look += 1
    return doctor.report()
