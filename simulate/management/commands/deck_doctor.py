"""``manage.py deck_doctor``: which one-card change makes a deck better against a field.

    python manage.py deck_doctor --game GAME --deck FILE_OR_ID --field FILE_OR_ID [--field ...]
        [--seed S] [--games-per-look K] [--max-looks L] [--candidates M] [--alpha A]
        [--agent greedy|random|... [--agent ...]] [--workers N] [--json]

The doctor of the web's doctor runs (``simulate.doctor``, docs/metagame.md "Deck doctor"), played
here: a screen look of the deck against every deck of the field, then the best ``--candidates``
legal swaps of the screen measured with paired games (same seeds and seats as the original) and
a sequential test, look by look. With the same decks, settings and seed the figures are the web
run's and the API's. One ``--agent`` plays every deck; two give the deck's and the field's.
``--json`` prints the report (keys sorted) on stdout; otherwise a table. Exit codes: 0 done;
1 an illegal deck; 2 unreadable input or a bad argument.
"""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from itertools import chain

from django.core.management.base import BaseCommand, CommandError

from config.progress import add_quiet_argument, progress_bar
from rules.core.registry import UnknownGame, game_slugs, get_engine
from rules.core.replay import deck_from_data, deck_to_data
from simulate import doctor
from simulate.deck_sources import DeckSourceError, IllegalDeck, load_deck
from simulate.services import PLAYABLE_AGENTS


class Command(BaseCommand):
    help = "Propose one-card changes to a deck and measure them against a field with paired games."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, help=f"game slug ({', '.join(game_slugs())})")
        parser.add_argument("--deck", required=True, metavar="FILE_OR_ID", help="the deck: a deck file or saved deck id")
        parser.add_argument("--field", action="append", required=True, metavar="FILE_OR_ID",
                            help="a deck of the field (repeat for each)")
        parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
        parser.add_argument("--games-per-look", type=int, default=doctor.Settings.games_per_look,
                            help="games against each deck of the field per look")
        parser.add_argument("--max-looks", type=int, default=doctor.Settings.max_looks, help="looks at most")
        parser.add_argument("--candidates", type=int, default=doctor.Settings.candidates,
                            help="swaps measured (the screen's best)")
        parser.add_argument("--alpha", type=float, default=doctor.Settings.alpha,
                            help="family-wise error rate of the intervals (default 0.05: 95%%)")
        parser.add_argument("--agent", action="append", choices=PLAYABLE_AGENTS,
                            help="agent of every deck, or give two: the deck's, then the field's")
        parser.add_argument("--workers", type=int, default=1, help="local worker processes (default 1)")
        parser.add_argument("--json", action="store_true", help="print the report as JSON on stdout")
        add_quiet_argument(parser)

    def handle(self, *args, **options):
        from decks.selectors import game_card_specs

        game = options["game"]
        try:
            engine = get_engine(game)
        except UnknownGame as exc:
            raise CommandError(str(exc), returncode=2) from None
        if engine is None:
            raise CommandError(f"{game} has no rules engine", returncode=2)
        settings = self._settings(options)
        try:
            subject = load_deck(options["deck"], game)
            field = [load_deck(source, game) for source in options["field"]]
        except DeckSourceError as exc:
            raise CommandError(str(exc), returncode=2) from None
        except IllegalDeck as exc:
            raise CommandError(str(exc), returncode=1) from None
        found = doctor.Doctor(subject.deck, [f.deck for f in field], settings, options["seed"])
        swaps = doctor.legal_swaps(subject.deck, game_card_specs(game), _validator(options["deck"]))
        with progress_bar(self, options, total=settings.max_looks + 1, desc="Doctor", unit="looks") as bar, \
                _Player(found, game, options["workers"]) as player:
            report = doctor.run_in_process(found, engine, swaps, play=player.play if player.pool else None,
                                           progress=lambda _d: bar.update())
        if options["json"]:
            self.stdout.write(json.dumps(report, sort_keys=True, indent=1))
        else:
            self.stdout.write(render(report))

    def _settings(self, options: dict) -> doctor.Settings:
        from simulate.doctor_runs import doctor_settings
        from simulate.services import SimulationError

        agents = options["agent"] or ["greedy"]
        if len(agents) > 2:
            raise CommandError("give one --agent (every deck) or two (the deck's, the field's)", returncode=2)
        agents = agents * (2 // len(agents))
        try:
            return doctor_settings(games_per_look=options["games_per_look"], max_looks=options["max_looks"],
                                   candidates=options["candidates"], alpha=options["alpha"],
                                   agents=tuple({"name": a} for a in agents))
        except SimulationError as exc:
            raise CommandError(exc.message.replace("_", "-"), returncode=2) from None


def _validator(source: str):
    """The deck's format: a saved deck's own format row, a file's built-in format."""
    from decks.models import Deck
    from decks.selectors import validate_decklist

    fmt = None
    if source.strip().isdigit():
        deck = Deck.objects.filter(pk=int(source)).select_related("format").first()
        fmt = deck.format if deck else None
    return lambda candidate: not validate_decklist(candidate, fmt)


def _play_elsewhere(game: str, deck: dict, field: list[dict], settings: dict, seed: int, first: int, count: int,
                    record_cards: bool) -> dict:
    """A chunk in a worker process (decks as data; the engine from the registry)."""
    return doctor.play_chunk(get_engine(game), deck_from_data(deck, game), [deck_from_data(d, game) for d in field],
                             doctor.Settings.from_dict(settings), seed, first, count, record_cards=record_cards)


class _Player:
    """Plays a look's chunks over ``workers`` processes (the games are the same whatever the number)."""

    def __init__(self, found: doctor.Doctor, game: str, workers: int):
        self.found, self.game = found, game
        self.pool = ProcessPoolExecutor(workers) if workers > 1 else None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.pool:
            self.pool.shutdown(cancel_futures=True)

    def play(self, number: int, first: int, count: int, record_cards: bool) -> dict:
        assert self.pool is not None
        pieces = [(start, min(start + max(1, count // 8), first + count)) for start in
                  range(first, first + count, max(1, count // 8))]
        futures = [self.pool.submit(_play_elsewhere, self.game, deck_to_data(self.found.deck_of(number)),
                                    [deck_to_data(d) for d in self.found.opponents], self.found.settings.as_dict(),
                                    self.found.seed, a, b - a, record_cards) for a, b in pieces]
        parts = [f.result() for f in futures]
        merged = {"doctor": 1, "first": first, "scores": [list(chain.from_iterable(p["scores"][o] for p in parts))
                                                         for o in range(len(self.found.opponents))]}
        if record_cards:
            merged["seen"] = [list(chain.from_iterable(p["seen"][o] for p in parts)) for o in range(len(self.found.opponents))]
        return merged


def _pct(value) -> str:
    return "-" if value is None else f"{value * 100:.1f}%"


def _points(value) -> str:
    return "-" if value is None else f"{value * 100:+.1f}"


def render(report: dict) -> str:
    """The report as a table: the original's win rate, then each candidate's change."""
    lines = [f"Field: {', '.join(report['field'])}",
             f"Original deck: {_pct(report['original_win_rate'])} win rate over {report['original_games']} games",
             (f"Games spent: {report['games_spent']}; looks: {report['looks_done']}; "
              f"intervals: {100 * (1 - report['settings']['alpha']):.0f}% for all candidates at once "
              f"(z = {report['interval_z']})"), "",
              f"{'change':<44} {'verdict':<16} {'points':>7} {'interval':>16} {'games':>6}"]
    for row in report["candidates"]:
        interval = "-" if row["low"] is None else f"{_points(row['low'])} to {_points(row['high'])}"
        mark = "*" if row["number"] == report["best"] else " "
        lines.append(f"{mark}{row['label'][:43]:<43} {row['verdict']:<16} {_points(row['change']):>7} {interval:>16} "
                     f"{row['games']:>6}")
    lines.append("")
    lines.append("* the best change" if report["best"] else "No change helps clearly.")
    return "\n".join(lines) + "\n"
