"""``manage.py simulate``: play many games of a registered game from the command line.

    python manage.py simulate --game boundless --deck FILE_OR_ID [--deck FILE_OR_ID]
        --mode goldfish|head-to-head --games N --seed S [--agent random|greedy|ismcts ...]
        [--iterations N] [--workers K] [--json] [--replays DIR]

Goldfish: one deck, played by the (first) agent, against a passive opponent. Head-to-head: two
decks, seats alternating; one ``--agent`` plays both decks, two give each deck its own.
Exit codes: 0 done; 1 an illegal deck (its violations are listed); 2 unreadable input or
a bad argument. A progress bar goes to stderr; ``--json`` prints one JSON document (settings
and results, keys sorted) on stdout, byte-identical for the same seed whatever ``--workers``.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rules.core.agents import agent_names
from rules.core.play import goldfish_opponent, run_games, summarize_goldfish, summarize_head_to_head
from rules.core.registry import UnknownGame, game_slugs, get_engine
from simulate.deck_sources import DeckSourceError, IllegalDeck, load_deck

ILLEGAL = 1
BAD_INPUT = 2
MODES = ("goldfish", "head-to-head")
PLAYABLE_AGENTS = tuple(name for name in agent_names() if name != "passive")


class ProgressBar:
    """A one-line bar on a stream, redrawn in place (``\\r``) as games finish."""

    def __init__(self, stream, width: int = 30):
        self.stream, self.width = stream, width

    def __call__(self, done: int, total: int) -> None:
        filled = self.width * done // total if total else self.width
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} games", ending="")
        if done >= total:
            self.stream.write("")
        self.stream.flush()


class Command(BaseCommand):
    help = "Play games between decks (goldfish or head-to-head) with a game's rules engine."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, help=f"game slug ({', '.join(game_slugs())})")
        parser.add_argument("--deck", action="append", required=True, metavar="FILE_OR_ID",
                            help="a deck text file or a saved deck id; twice for head-to-head")
        parser.add_argument("--mode", choices=MODES, help="default: goldfish for one deck, head-to-head for two")
        parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
        parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
        parser.add_argument("--agent", action="append", choices=PLAYABLE_AGENTS,
                            help="who plays: once for every deck, or once per deck (default greedy)")
        parser.add_argument("--iterations", type=int, default=100, help="ismcts iterations per move (default 100)")
        parser.add_argument("--workers", type=int, default=1, help="local worker processes (default 1)")
        parser.add_argument("--json", action="store_true", help="print settings and results as JSON on stdout")
        parser.add_argument("--replays", metavar="DIR", help="write each game's replay JSON into DIR")

    # -- arguments -------------------------------------------------------------------------------
    def _engine(self, game: str):
        try:
            engine = get_engine(game)
        except UnknownGame as exc:
            raise CommandError(str(exc), returncode=BAD_INPUT) from None
        if engine is None:
            playable = [slug for slug in game_slugs() if get_engine(slug) is not None]
            raise CommandError(f"{game} has no rules engine yet, so its games cannot be simulated "
                               f"(games with an engine: {', '.join(playable) or 'none'})", returncode=BAD_INPUT)
        return engine

    def _agents(self, names: list[str] | None, sides: int, iterations: int) -> list[dict]:
        names = names or ["greedy"]
        if len(names) not in (1, sides):
            raise CommandError(f"give one --agent for every deck or one per deck ({sides}), not {len(names)}",
                               returncode=BAD_INPUT)
        if len(names) == 1:
            names = names * sides
        return [{"name": name, "iterations": iterations} if name == "ismcts" else {"name": name} for name in names]

    def handle(self, *args, **options):
        mode = options["mode"] or ("goldfish" if len(options["deck"]) == 1 else "head-to-head")
        wanted = 1 if mode == "goldfish" else 2
        if len(options["deck"]) != wanted:
            raise CommandError(f"{mode} takes {wanted} --deck, not {len(options['deck'])}", returncode=BAD_INPUT)
        for name, least in (("games", 1), ("workers", 1), ("iterations", 1)):
            if options[name] < least:
                raise CommandError(f"--{name} must be at least {least}, not {options[name]}", returncode=BAD_INPUT)
        engine = self._engine(options["game"])
        agents = self._agents(options["agent"], wanted, options["iterations"])
        replays = Path(options["replays"]) if options["replays"] else None
        if replays is not None:
            try:
                replays.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise CommandError(f"cannot create replay directory {replays}: {exc.strerror}",
                                   returncode=BAD_INPUT) from None
        try:
            loaded = [load_deck(source, engine.game) for source in options["deck"]]
        except DeckSourceError as exc:
            raise CommandError(str(exc), returncode=BAD_INPUT) from None
        except IllegalDeck as exc:
            raise CommandError(str(exc), returncode=ILLEGAL) from None

        decks = [entry.deck for entry in loaded]
        if mode == "goldfish":
            sides, side_agents = [decks[0], goldfish_opponent(engine, decks[0])], [agents[0], {"name": "passive"}]
        else:
            sides, side_agents = decks, agents
        results = run_games(engine, sides, side_agents, games=options["games"], seed=options["seed"],
                            workers=options["workers"], progress=ProgressBar(self.stderr),
                            record=replays is not None)
        if mode == "goldfish":
            summary = summarize_goldfish(results, decks[0].name)
        else:
            summary = summarize_head_to_head(results, (decks[0].name, decks[1].name))
        if replays is not None:
            for result in results:
                (replays / f"game-{result.index:05d}.json").write_text(
                    json.dumps(result.replay, sort_keys=True) + "\n", encoding="utf-8")
            self.stderr.write(f"wrote {len(results)} replays to {replays}")

        settings = {
            "game": engine.game, "engine_version": engine.version, "mode": mode, "games": options["games"],
            "seed": options["seed"], "agents": side_agents,
            "decks": [{"source": entry.source, "name": entry.name, "cards": entry.deck.count()} for entry in loaded],
        }
        if options["json"]:
            self.stdout.write(json.dumps({"settings": settings, "results": summary}, sort_keys=True, indent=2))
        else:
            self.stdout.write(render_summary(settings, summary))


# -- the human-readable report ---------------------------------------------------------------------
def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def _interval(figure: dict) -> str:
    return f"{_pct(figure['rate'])} (95% CI {_pct(figure['low'])}-{_pct(figure['high'])})"


def _lengths(figure: dict) -> str:
    if not figure["count"]:
        return "none"
    return f"mean {figure['mean']}, median {figure['median']}, min {figure['min']}, max {figure['max']}"


def _card_table(cards: dict, limit: int = 15) -> list[str]:
    rows = sorted(cards.items(), key=lambda item: (-item[1]["played"], item[0]))[:limit]
    lines = [f"    {'card':<36} {'drawn/g':>8} {'played/g':>9} {'win% drawn':>11} {'win% played':>12}"]
    for name, row in rows:
        lines.append(f"    {name[:36]:<36} {row['drawn_per_game']:>8} {row['played_per_game']:>9} "
                     f"{_pct(row['win_rate_when_drawn']):>11} {_pct(row['win_rate_when_played']):>12}")
    return lines


def render_summary(settings: dict, summary: dict) -> str:
    agents = " vs ".join(agent["name"] for agent in settings["agents"])
    lines = [f"{settings['game']} {settings['mode']}: {settings['games']} games, seed {settings['seed']}, {agents}"]
    if summary["mode"] == "goldfish":
        lines += [
            f"  deck: {summary['deck']}",
            f"  won {summary['wins']}, lost {summary['losses']}, drawn {summary['draws']}; "
            f"win rate {_interval(summary['win_rate'])}",
            f"  turns to win: {_lengths(summary['turns_to_win'])}",
            f"  end reasons: {', '.join(f'{k} {v}' for k, v in summary['end_reasons'].items())}",
            f"  mulligans: {_pct(summary['mulligans']['rate'])} of games",
            "  cards (most played first):",
            *_card_table(summary["cards"]),
        ]
    else:
        for label in "ab":
            lines.append(f"  deck {label.upper()}: {summary['decks'][label]}: {summary['wins'][label]} wins, "
                         f"win rate {_interval(summary['win_rate'][label])}")
        lines += [
            f"  draws: {summary['draws']}; seat 0 won {summary['seat_wins']['seat_0']}, "
            f"seat 1 won {summary['seat_wins']['seat_1']}",
            f"  game length (turns): {_lengths(summary['turns'])}",
            f"  end reasons: {', '.join(f'{k} {v}' for k, v in summary['end_reasons'].items())}",
        ]
        for label in "ab":
            lines += [f"  deck {label.upper()} cards (most played first):", *_card_table(summary["cards"][label])]
    return "\n".join(lines)

