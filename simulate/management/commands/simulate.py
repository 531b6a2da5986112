"""``manage.py simulate``: play many games of a registered game from the command line.

    python manage.py simulate --game GAME --deck FILE_OR_ID [--deck FILE_OR_ID ...]
        --mode goldfish|head-to-head|gauntlet|match|table|teams --games N --seed S
        [--agent random|greedy|ismcts|rollout ...] [--iterations N] [--workers K] [--json] [--replays DIR]
    python manage.py simulate --game GAME --deal-from QUERY [--mode ...] ...   (a dealt format)
    python manage.py simulate --game GAME --mode DECKLESS_MODE --players N --games N --seed S
        [--agent ...] [--option NAME=VALUE ...] [--workers K] [--json] [--replays DIR]   (a mode that needs no decks)

Modes (``simulate.modes``, the same as the web's; what a game allows comes from its engine's
``min_players``/``max_players``): goldfish, one deck against the game's passive opponent;
head-to-head, two decks, seats alternating; gauntlet, the first deck against each of the others
in turn; table, 2 to ``max_players`` decks at one table, every deck taking every seat in turn;
match, the game's competitive matches between two decks (BOS: best of three; ``--games`` counts
matches); teams, two teams of allies, the decks given team by team (the first half is team 1; FellBound:
``--deck A1 --deck A2 --deck B1 --deck B2``), with team win rates.
One ``--agent`` plays every deck; one per deck gives each its own (a gauntlet: the deck's, then
the opponents'). Without ``--mode``: goldfish for one deck, head-to-head for two, table (or teams,
for a game whose bigger tables are always teams) for more.

Deckless modes (``EngineSpec.deckless_modes``, found through the registry; no game is named here):
a game may declare ways of playing whose seats start from what the engine deals (Millennium
Blades' ``full-game``: the whole game, every seat from a starter deck). They take ``--players N``
(the mode's own seat counts) instead of decks, one ``--agent`` for every seat or one per seat;
the seats do not rotate (seat ``k`` is "Seat k", played by the ``k``-th agent), each seat gets
the report of a deck plus each plain counter's mean with its 95% interval and each per-card
counter's total per game. Their replays record the mode (``docs/replay-format.md``).

Setup options (``EngineSpec.setup_options``, ``rules/core/options.py``; the web form's and the API's
``options``): ``--option NAME=VALUE``, once per option: a choice's value (``none`` for none), a
multiple choice's values joined by commas, ``true``/``false``, a whole number. E.g. the Millennium
Blades whole game: ``--option sets=MB-CORE,MB-EX1 --option free_market=true``. An unknown option or
a bad value stops with exit code 2 and a message naming the option; replays record the options.

The report gives every deck's wins, draws and losses, win rate with its 95% interval, placements,
mean placement and mean return with its interval, the game's declared counters, game lengths and
end reasons (``rules.core.play.summarize_results``). Exit codes: 0 done; 1 an illegal deck (its
violations are listed); 2 unreadable input or a bad argument. A progress bar goes to stderr
(on a terminal; ``--quiet`` or ``-v 0`` turns it off);
``--json`` prints one JSON document (settings and results, keys sorted) on stdout, byte-identical
for the same seed whatever ``--workers``. The games are the web's with the same decks and seed.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from config.progress import add_quiet_argument, progress_callback
from rules.core.agents import agent_names
from rules.core.decks import DeckList
from rules.core.options import OptionError, clean_options, declared
from rules.core.play import run_games, summarize_results
from rules.core.registry import UnknownGame, deckless_modes, game_slugs, get_engine
from rules.core.tally import deckless_figures
from simulate import league, modes
from simulate.deck_sources import DeckSourceError, IllegalDeck, LoadedDeck, load_deck

ILLEGAL = 1
BAD_INPUT = 2
MODES = tuple(mode.replace("_", "-") for mode in modes.MODES)  # goldfish, head-to-head, gauntlet, table, teams
PLAYABLE_AGENTS = tuple(name for name in agent_names() if name != "passive")


class Command(BaseCommand):
    help = "Play games between decks (goldfish, head-to-head, gauntlet or a table) with a game's rules engine."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, help=f"game slug ({', '.join(game_slugs())})")
        parser.add_argument("--deck", action="append", metavar="FILE_OR_ID",
                            help="a deck text file or a saved deck id; once per deck")
        parser.add_argument("--deal-from", metavar="QUERY",
                            help="instead of --deck: every game deals fresh decks from the cards matching this search "
                                 "(a game's random format, e.g. FellBound's: \"game:fellbound s:FB1\")")
        declared = deckless_modes()  # modes a game declares that need no decks (EngineSpec.deckless_modes)
        deckless = "; ".join(f"{name} ({', '.join(games)})" for name, games in declared.items())
        parser.add_argument("--mode", choices=MODES + tuple(name for name in declared if name not in MODES),
                            help="default: goldfish for one deck, head-to-head for two, table for more"
                                 + (f". Modes of one game that need no decks (every seat starts from what the "
                                    f"engine deals; give --players instead of --deck): {deckless}" if deckless else ""))
        parser.add_argument("--league-format", choices=league.FORMATS,
                            help="--mode league: head_to_head (games, the default where the game has them), match, "
                                 "teams or table (every --table-size decks at one table)")
        parser.add_argument("--table-size", type=int, metavar="N", help="--mode league --league-format table: seats")
        parser.add_argument("--players", type=int, metavar="N",
                            help="seats of a mode that needs no decks" + (f" ({', '.join(declared)})" if declared else ""))
        parser.add_argument("--option", action="append", metavar="NAME=VALUE", default=[],
                            help="a setup option the engine declares (EngineSpec.setup_options), once per option: "
                                 "a choice, A,B for several, true/false, a number (e.g. --option free_market=true)")
        parser.add_argument("--games", type=int, default=100, help="games to play (per opponent in a gauntlet; "
                                                                   "default 100)")
        parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
        parser.add_argument("--agent", action="append", choices=PLAYABLE_AGENTS,
                            help="who plays: once for every deck, or once per deck (default greedy)")
        parser.add_argument("--iterations", type=int, help="ismcts iterations per move (default: the game's, else 100)")
        parser.add_argument("--workers", type=int, default=1, help="local worker processes (default 1)")
        parser.add_argument("--json", action="store_true", help="print settings and results as JSON on stdout")
        parser.add_argument("--replays", metavar="DIR", help="write each game's replay JSON into DIR")
        add_quiet_argument(parser)

    def _progress(self, options: dict, pairing, pairings: int):
        """One bar per pairing (a gauntlet's say which of its pairings), on stderr (config/progress.py)."""
        desc = "Playing" if pairings == 1 else f"Pairing {pairing.number + 1}/{pairings}"
        return progress_callback(self, options, desc=desc, unit="matches" if pairing.match else "games")

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

    def _dealer(self, engine, mode: str, query: str):
        from simulate.services import SimulationError, dealer_for

        try:
            return dealer_for(engine.game, mode, query, engine)
        except (SimulationError, modes.ModeError) as exc:
            raise CommandError(exc.message, returncode=BAD_INPUT) from None

    def _agents(self, names: list[str] | None, mode: str, decks: int, iterations: int | None, engine) -> list[dict]:
        names = names or ["greedy"]
        wanted = modes.agents_per_side(mode, decks)
        if len(names) not in (1, wanted):
            raise CommandError(f"give one --agent for every deck or one per deck ({wanted}), not {len(names)}",
                               returncode=BAD_INPUT)
        specs = [_agent_spec(name, iterations) for name in names]
        return modes.side_agents(mode, specs, decks, engine)

    def _setup_options(self, engine, given: list[str], players: int | None = None) -> dict:
        """``--option NAME=VALUE`` (repeated) as the engine's setup options (``clean_options``)."""
        raw = {}
        for text in given or ():
            name, eq, value = text.partition("=")
            if not eq or not name.strip():
                raise CommandError(f"--option takes NAME=VALUE, not {text!r}", returncode=BAD_INPUT)
            if name.strip() in raw:
                raise CommandError(f"--option {name.strip()} is given twice", returncode=BAD_INPUT)
            raw[name.strip()] = value.strip()
        try:
            return clean_options(engine, raw, players=players)
        except OptionError as exc:
            known = ", ".join(o.name for o in declared(engine)) or "none"
            where = f"--option {exc.option}: " if exc.option else "--option: "
            raise CommandError(where + exc.message + ("" if exc.option else f" (options: {known})"),
                               returncode=BAD_INPUT) from None

    def handle(self, *args, **options):
        if options["mode"] is not None and options["mode"] not in MODES:  # a game's deckless mode
            engine = self._engine(options["game"])
            if options["mode"] not in engine.deckless_modes:
                offered = ", ".join(m.replace("_", "-") for m in modes.available_modes(engine))
                own = ", ".join(engine.deckless_modes)
                raise CommandError(f"{engine.game} has no mode {options['mode']} (its modes: {offered}"
                                   f"{'; without decks: ' + own if own else ''})", returncode=BAD_INPUT)
            return self._deckless(engine, options["mode"], options)
        if options["players"] is not None:
            declared = "; ".join(f"{name} ({', '.join(games)})" for name, games in deckless_modes().items())
            raise CommandError(f"--players is for a mode that needs no decks (a game's deckless mode: "
                               f"{declared or 'none declared'}); the other modes take their seats from the decks",
                               returncode=BAD_INPUT)
        if options["mode"] == modes.LEAGUE:
            return self._league(self._engine(options["game"]), options)
        if options["league_format"] is not None or options["table_size"] is not None:
            raise CommandError("--league-format and --table-size are for --mode league", returncode=BAD_INPUT)
        dealing = options["deal_from"] is not None
        if dealing == bool(options["deck"]):
            raise CommandError("give the decks (--deck, once per deck) or --deal-from, not both or neither",
                               returncode=BAD_INPUT)
        engine = self._engine(options["game"])
        count = len(options["deck"] or ())
        if dealing:
            mode = (options["mode"] or "head-to-head").replace("-", "_")
            dealer = self._dealer(engine, mode, options["deal_from"])
            count = len(dealer.dealt)
        shown = options["mode"] or ("goldfish" if count == 1 else "head-to-head" if count == 2 else "table")
        mode = shown.replace("-", "_")
        if not options["mode"] and mode == modes.TABLE and modes.TABLE not in modes.available_modes(engine) \
                and modes.TEAMS in modes.available_modes(engine):
            shown = mode = modes.TEAMS  # a game whose bigger tables are always teams
        for name, least in (("games", 1), ("workers", 1), ("iterations", 1)):
            if options[name] is not None and options[name] < least:
                raise CommandError(f"--{name} must be at least {least}, not {options[name]}", returncode=BAD_INPUT)
        try:
            modes.check_deck_count(mode, count, engine)
        except modes.ModeError as exc:
            if exc.code == "wrong_deck_count":
                message = f"{shown} takes {modes.deck_count_text(mode, engine)} (one --deck each), not {count}"
            else:
                message = exc.message.replace(modes.HEAD_TO_HEAD, "head-to-head")
            raise CommandError(message, returncode=BAD_INPUT) from None
        agents = self._agents(options["agent"], mode, count, options["iterations"], engine)
        chosen = self._setup_options(engine, options["option"])
        replays = Path(options["replays"]) if options["replays"] else None
        if replays is not None:
            try:
                replays.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise CommandError(f"cannot create replay directory {replays}: {exc.strerror}",
                                   returncode=BAD_INPUT) from None
        if dealing:
            loaded = [LoadedDeck(f"dealt from {options['deal_from']}", DeckList(game=engine.game, name=name))
                      for name in dealer.names]
        else:
            try:
                loaded = [load_deck(source, engine.game) for source in options["deck"]]
            except DeckSourceError as exc:
                raise CommandError(str(exc), returncode=BAD_INPUT) from None
            except IllegalDeck as exc:
                raise CommandError(str(exc), returncode=ILLEGAL) from None

        if not dealing:  # dealt decks are interchangeable: numbered by side
            loaded = modes.side_order(mode, loaded)
        agents = modes.side_order(mode, agents)
        pairings = modes.pairings(mode, engine, [entry.deck for entry in loaded], [entry.name for entry in loaded],
                                  agents)
        for pairing in pairings:
            pairing.dealer = dealer if dealing else None
            pairing.options = {**chosen, **pairing.options}
        summaries, written = [], 0
        for pairing in pairings:
            results = run_games(engine, pairing.decks, pairing.agents, games=options["games"],
                                seed=modes.pairing_seed(options["seed"], pairing.number), workers=options["workers"],
                                progress=self._progress(options, pairing, len(pairings)), record=replays is not None,
                                options=pairing.options, dealer=pairing.dealer, match=pairing.match)
            summaries.append(summarize_results(results, modes.summary_mode(mode), pairing.names, engine))
            if replays is not None:
                prefix = f"pairing-{pairing.number}-" if len(pairings) > 1 else ""
                for result in results:
                    (replays / f"{prefix}game-{result.index:05d}.json").write_text(
                        json.dumps(result.replay, sort_keys=True) + "\n", encoding="utf-8")
                written += len(results)
        if replays is not None:
            self.stderr.write(f"wrote {written} replays to {replays}")

        settings = {
            "game": engine.game, "engine_version": engine.version, "mode": shown, "games": options["games"],
            "seed": options["seed"], "agents": agents,
            "decks": [{"source": entry.source, "name": entry.name, "cards": entry.deck.count()} for entry in loaded],
        }
        if dealing:
            settings["deal_from"] = {"query": options["deal_from"], "pool_size": len(dealer.pool)}
        if chosen:
            settings["options"] = chosen
        results = summaries if mode == modes.GAUNTLET else summaries[0]
        if options["json"]:
            self.stdout.write(json.dumps({"settings": settings, "results": results}, sort_keys=True, indent=2))
        else:
            self.stdout.write("\n".join(render_summary(settings, summary, pairing.number if len(pairings) > 1 else None)
                                         for pairing, summary in zip(pairings, summaries, strict=True)))
        return None


    # -- leagues -------------------------------------------------------------------------------------
    def _league(self, engine, options: dict) -> None:
        """Every table of 2 .. 32 decks (``simulate.league``: the web's league runs play the same games
        from the same seed), then the league's figures from ``league.report``, as the web shows them."""
        sources = options["deck"] or []
        if options["deal_from"] is not None or options["players"] is not None:
            raise CommandError("a league plays decks: give --deck once per deck, not --deal-from or --players",
                               returncode=BAD_INPUT)
        for name, least in (("games", 1), ("workers", 1), ("iterations", 1)):
            if options[name] is not None and options[name] < least:
                raise CommandError(f"--{name} must be at least {least}, not {options[name]}", returncode=BAD_INPUT)
        try:
            settings = league.check(engine, len(sources), options["league_format"], options["table_size"])
        except modes.ModeError as exc:
            raise CommandError(exc.message, returncode=BAD_INPUT) from None
        agents = self._agents(options["agent"], modes.LEAGUE, len(sources), options["iterations"], engine)
        chosen = self._setup_options(engine, options["option"])
        try:
            loaded = [load_deck(source, engine.game) for source in sources]
        except DeckSourceError as exc:
            raise CommandError(str(exc), returncode=BAD_INPUT) from None
        except IllegalDeck as exc:
            raise CommandError(str(exc), returncode=ILLEGAL) from None
        tables = league.pairings(engine, [entry.deck for entry in loaded], [entry.name for entry in loaded], agents,
                                 settings)
        patterns = []
        for table in tables:
            results = run_games(engine, table.decks, table.agents, games=options["games"],
                                seed=modes.pairing_seed(options["seed"], table.number), workers=options["workers"],
                                progress=self._progress(options, table, len(tables)), match=table.match,
                                options={**chosen, **table.options})
            patterns.append(league.outcome_patterns(results))
        report = league.report([entry.name for entry in loaded], settings, patterns, options["seed"])
        run_settings = {"game": engine.game, "engine_version": engine.version, "mode": modes.LEAGUE,
                        "games": options["games"], "seed": options["seed"], "agents": agents, "league": settings,
                        "decks": [{"source": e.source, "name": e.name, "cards": e.deck.count()} for e in loaded]}
        if chosen:
            run_settings["options"] = chosen
        if options["json"]:
            self.stdout.write(json.dumps({"settings": run_settings, "results": {"league": report}}, sort_keys=True,
                                         indent=2))
        else:
            self.stdout.write(league.render_text(report, run_settings))

    # -- deckless modes ------------------------------------------------------------------------------
    def _deckless(self, game_engine, name: str, options: dict) -> None:
        """A mode whose seats start from what the engine deals (``EngineSpec.deckless_modes``):
        ``--players`` placeholder decks, one per seat, seats not rotating."""
        engine = game_engine.deckless_modes[name]
        if options["deck"] or options["deal_from"] is not None:
            raise CommandError(f"{name} needs no decks: every seat starts from what the game deals; give --players "
                               f"({modes.players_text(engine)}), not --deck or --deal-from", returncode=BAD_INPUT)
        players = options["players"]
        if players is None or players not in engine.seat_counts():
            given = "no --players" if players is None else f"not {players}"
            raise CommandError(f"{engine.game} {name} is played by {modes.players_text(engine)}: give --players N "
                               f"({given})", returncode=BAD_INPUT)
        for option, least in (("games", 1), ("workers", 1), ("iterations", 1)):
            if options[option] is not None and options[option] < least:
                raise CommandError(f"--{option} must be at least {least}, not {options[option]}", returncode=BAD_INPUT)
        names = options["agent"] or ["greedy"]
        if len(names) not in (1, players):
            raise CommandError(f"give one --agent for every seat or one per seat ({players}), not {len(names)}",
                               returncode=BAD_INPUT)
        agents = [_agent_spec(n, options["iterations"]) for n in (names * players if len(names) == 1 else names)]
        chosen = self._setup_options(engine, options["option"], players)
        replays = self._replay_dir(options)
        pairing = modes.deckless_pairing(engine, players, agents, chosen)  # the web's deckless runs play the same
        seats = pairing.names
        results = run_games(engine, pairing.decks, pairing.agents, games=options["games"], seed=options["seed"],
                            workers=options["workers"], record=replays is not None, rotate=pairing.rotate,
                            options=pairing.options,
                            progress=progress_callback(self, options, desc="Playing", unit="games"))
        summary = deckless_figures(summarize_results(results, name, seats, engine), engine)
        if replays is not None:
            for result in results:
                (replays / f"game-{result.index:05d}.json").write_text(
                    json.dumps(result.replay, sort_keys=True) + "\n", encoding="utf-8")
            self.stderr.write(f"wrote {len(results)} replays to {replays}")
        settings = {"game": engine.game, "engine_version": engine.version, "mode": name, "players": players,
                    "games": options["games"], "seed": options["seed"], "agents": agents, "seats": seats}
        if chosen:
            settings["options"] = chosen
        if options["json"]:
            self.stdout.write(json.dumps({"settings": settings, "results": summary}, sort_keys=True, indent=2))
        else:
            self.stdout.write(render_deckless(settings, summary))

    def _replay_dir(self, options: dict) -> Path | None:
        if not options["replays"]:
            return None
        replays = Path(options["replays"])
        try:
            replays.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CommandError(f"cannot create replay directory {replays}: {exc.strerror}",
                               returncode=BAD_INPUT) from None
        return replays


def render_deckless(settings: dict, summary: dict) -> str:
    """The human-readable report of a deckless run, seat by seat."""
    agents = " vs ".join(agent["name"] for agent in settings["agents"])
    lines = [(f"{settings['game']} {settings['mode']} ({settings['players']} players, engine "
              f"{settings['engine_version']}): {settings['games']} games, seed {settings['seed']}, {agents}")]
    if settings.get("options"):
        lines.append("  setup options: " + ", ".join(f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}"
                                                     for k, v in settings["options"].items()))
    labels = summary.get("counter_labels", {})
    for side in summary["sides"]:
        lines += [
            (f"  {side['name']} ({settings['agents'][side['side']]['name']}): {side['wins']} won, {side['draws']} "
             f"drawn, {side['losses']} lost; win rate {_interval(side['win_rate'])}"),
            f"    placements: {_placements(side)}; mean placement {_number(side['mean_placement'])}",
            f"    final score (the game's return): mean {_mean(side['mean_return'])}",
        ]
        for name, figure in side["counters"].items():
            lines.append(f"    {labels.get(name, name)}: mean {_mean(figure['mean_interval'])} per game")
        for name, figure in side["card_totals"].items():
            per_copy = f"; {_number(figure['per_unit'])} per copy" if "per_unit" in figure else ""
            unit = "" if per_copy else " cards"  # an amount per copy (StatCounter.per) counts no cards
            lines.append(f"    {labels.get(name, name)}: {_number(figure['per_game'])}{unit} per game "
                         f"({figure['total']} in all{per_copy})")
    reasons = summary.get("end_reason_labels", {})
    lines += [
        f"  draws (every seat tied): {summary['draws']}",
        f"  game length (turns): {_lengths(summary['turns'])}",
        f"  game length (moves): {_lengths(summary['steps'])}",
        f"  end reasons: {', '.join(f'{reasons.get(k, k)}: {v}' for k, v in summary['end_reasons'].items())}",
    ]
    return "\n".join(lines)


# -- the human-readable report ---------------------------------------------------------------------
def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def _interval(figure: dict) -> str:
    return f"{_pct(figure['rate'])} (95% CI {_pct(figure['low'])}-{_pct(figure['high'])})"


def _number(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def _mean(figure: dict) -> str:
    if figure["low"] is None:
        return _number(figure["mean"]) + (" (too few games for an interval)" if figure.get("too_few") and figure["count"]
                                          else "")
    return f"{_number(figure['mean'])} (95% CI {_number(figure['low'])} to {_number(figure['high'])})"


def _lengths(figure: dict) -> str:
    if not figure["count"]:
        return "none"
    return f"mean {figure['mean']}, median {figure['median']}, min {figure['min']}, max {figure['max']}"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _placements(side: dict) -> str:
    games = side["games"] or 1
    return ", ".join(f"{_ordinal(place)} {n} ({_pct(n / games)})" for place, n in side["placements"]) or "none"


def _card_table(cards: dict, labels: dict, limit: int = 15) -> list[str]:
    """The side's cards, a column pair (per game, win rate) per per-card counter the game keeps,
    ordered by the last counter (cards played, when a game counts drawn then played)."""
    names = sorted({name for by_counter in cards.values() for name in by_counter})
    if not names:
        return []
    key = names[-1]
    rows = sorted(cards.items(), key=lambda item: (-item[1].get(key, {}).get("count", 0), item[0]))[:limit]
    head = "".join(f" {(labels.get(n, n) + '/g')[:14]:>14} {'win%':>6}" for n in names)
    lines = [f"    {'card':<36}{head}"]
    for card, by_counter in rows:
        cells = "".join(f" {_number(by_counter.get(n, {}).get('per_game')):>14} "
                        f"{_pct(by_counter.get(n, {}).get('win_rate')):>6}" for n in names)
        lines.append(f"    {card[:36]:<36}{cells}")
    return lines


def render_summary(settings: dict, summary: dict, pairing: int | None = None) -> str:
    agents = " vs ".join(agent["name"] for agent in settings["agents"])
    unit = "matches" if settings["mode"] == modes.MATCH else "games"
    title = f"{settings['game']} {settings['mode']}: {settings['games']} {unit}, seed {settings['seed']}, {agents}"
    lines = [title if pairing is None else f"{title}; pairing {pairing}: {' vs '.join(s['name'] for s in summary['sides'])}"]
    labels = summary.get("counter_labels", {})
    if summary.get("repeated_games"):
        lines.append(f"  every game repeated one of {summary['distinct_games']} (one per seating): the game has no "
                     f"chance and the agents chose alike each time, so these are {summary['distinct_games']} "
                     f"game(s), not {summary['games']} samples")
    for team in summary.get("teams", ()):
        lines.append(f"  team {team['team']} ({' & '.join(team['names'])}): {team['wins']} won, {team['draws']} drawn, "
                     f"{team['losses']} lost; win rate {_interval(team['win_rate'])}")
    team_of = {side: team["team"] for team in summary.get("teams", ()) for side in team["sides"]}
    for side in summary["sides"]:
        where = f"team {team_of[side['side']]}, " if side["side"] in team_of else ""
        if summary["seats"] == 1:  # a game played alone (a one-kit goldfish): no one to beat
            lines += [(f"  deck 1: {side['name']}: {side['games']} games alone; mean return "
                       f"{_mean(side['mean_return'])}")]
        else:
            lines += [
                (f"  {where}deck {side['side'] + 1}: {side['name']}: {side['wins']} won, {side['draws']} drawn, "
                 f"{side['losses']} lost; win rate {_interval(side['win_rate'])}"),
                (f"    placements: {_placements(side)}; mean placement {_number(side['mean_placement'])}; "
                 f"mean return {_mean(side['mean_return'])}"),
            ]
        if side["turns_to_win"]["count"]:
            lines.append(f"    turns to win: {_lengths(side['turns_to_win'])}")
        for name, figure in side["counters"].items():
            lines.append(f"    {labels.get(name, name)}: mean {_number(figure['mean'])} per game, in "
                         f"{_pct(figure['rate'])} of games; win rate with {_pct(figure['win_rate_with'])}, "
                         f"without {_pct(figure['win_rate_without'])}")
    seat_wins = ", ".join(f"seat {seat + 1} won {n}" for seat, n in enumerate(summary["seat_wins"]))  # seats from 1 for people
    reasons = summary.get("end_reason_labels", {})
    lines += [
        f"  draws: {summary['draws']}; {seat_wins}",
        f"  game length (turns): {_lengths(summary['turns'])}",
        f"  end reasons: {', '.join(f'{reasons.get(k, k)}: {v}' for k, v in summary['end_reasons'].items())}",
    ]
    shown = summary["sides"][:1] if summary["mode"] == modes.GOLDFISH else summary["sides"]
    for side in shown:
        table = _card_table(side["cards"], labels)
        if table:
            lines += [f"  deck {side['side'] + 1} ({side['name']}) cards:", *table]
    return "\n".join(lines)


def _agent_spec(name: str, iterations: int | None) -> dict:
    """An agent spec from ``--agent`` and ``--iterations`` (ISMCTS only; without it the game's search
    defaults decide: Spellbound's flat search plays 4 worlds, a tree search 100 iterations)."""
    return {"name": name, "iterations": iterations} if name == "ismcts" and iterations else {"name": name}
