"""Reads for simulations: a run's description, live progress, results, replays and replay frames.

Results are always computed from the tallies of the chunks that have finished (merged, then
summarized by ``rules.core.tally``, for any number of sides), so they are right at every moment
of a run, and a chunk counts once. Replays are not stored: any game is played again from its
seed with the same decks, seats and agents as its chunk played it (``simulate.runner``), and
its frames come from ``rules.core.replay.replay_frames``. Nothing here names a game.
"""

from __future__ import annotations

from django.db.models import QuerySet, Sum
from django.utils import timezone

from rules.core.dealing import dealt_names
from rules.core.options import declared
from rules.core.options import describe as describe_options
from rules.core.play import MATCH_REPLAY, play_indexed_game, play_indexed_match, seating
from rules.core.replay import ReplayError
from rules.core.replay import replay_frames as core_replay_frames
from rules.core.tally import VERSION as TALLY_VERSION
from rules.core.tally import TallyVersionError, deckless_figures, empty, merge, rate_with_interval, summarize
from simulate import league, metagame, modes, runner
from simulate.models import RunChunk, SimulationRun

#: what a run page and the API say when a run's stored tallies cannot be read
OUTDATED_RESULTS = ("This run was played before results had placements (its chunks hold version 1 tallies), "
                    "so its figures cannot be read any more. Start it again with the same decks and seed "
                    "to see them.")


class ReplayNotFound(LookupError):
    """A replay asked for a pairing or game the run does not have."""


# -- lists and descriptions ----------------------------------------------------------------------------
def my_runs(user) -> QuerySet[SimulationRun]:
    """The user's runs, newest first (nothing for anonymous users)."""
    if not getattr(user, "is_authenticated", False):
        return SimulationRun.objects.none()
    return SimulationRun.objects.filter(owner=user).prefetch_related("run_decks").order_by("-created", "-pk")


def run_get(pk: int) -> SimulationRun | None:
    return SimulationRun.objects.filter(pk=pk).select_related("owner").first()


def run_engine(run: SimulationRun):
    """The engine the run plays (its game's, or the game's deckless mode's: ``runner.run_engine``),
    or None when there is none (any more)."""
    try:
        return runner.run_engine(run)
    except (LookupError, RuntimeError):
        return None


def pairing_count(run: SimulationRun) -> int:
    if run.mode == modes.LEAGUE:
        return league.pairing_count(len(run.run_decks.all()), run.league or {})
    return modes.pairing_count(run.mode, len(run.run_decks.all()))


def pairing_names(run: SimulationRun) -> list[list[str]]:
    """Side (deck) names per pairing: every deck of a head-to-head or a table, the deck and its
    passive opponents in a goldfish run, the deck and one opponent per gauntlet pairing."""
    if run.is_deckless:  # "Seat 1" .. "Seat N"
        return [modes.seat_names(run.players or 0)]
    if run.deal:
        names = dealt_names(run.deal["count"])
    else:
        names = [rd.name for rd in sorted(run.run_decks.all(), key=lambda rd: rd.position)]
    if run.mode == modes.LEAGUE:  # every table of the league (simulate/league.py)
        return league.pairing_names(names, run.league or {})
    return modes.pairing_names(run.mode, names, run_engine(run))


def run_summary(run: SimulationRun, *, show_share: bool = False) -> dict:
    """What the run is: game, mode, decks (with versions), agents, seed, status, times."""
    decks = [{"position": rd.position, "deck": rd.deck_id, "name": rd.name, "version": rd.deck_version}
             for rd in sorted(run.run_decks.all(), key=lambda rd: rd.position)]
    out = {
        "id": run.pk, "game": run.game, "mode": run.mode, "mode_label": run.get_mode_display(),
        "deckless": run.is_deckless, "players": run.players, "status": run.status,
        "options": run.options or {}, "option_rows": option_rows(run),
        "games_requested": run.games_requested, "pairings": pairing_count(run),
        "sides": pairing_names(run),  # the deck names of each pairing, side 0 first
        "seed": run.seed, "seed_text": str(run.seed),  # 63-bit seeds do not fit a JavaScript number
        "agents": run.agents, "decks": decks, "chunk_size": run.chunk_size, "backend": run.backend,
        "engine_version": run.engine_version, "cancel_requested": run.cancel_requested, "error": run.error,
        "created": run.created.isoformat() if run.created else None,
        "started": run.started.isoformat() if run.started else None,
        "finished": run.finished.isoformat() if run.finished else None,
        "shared": bool(run.share_token), "url": run.get_absolute_url() if _has_page() else None,
    }
    if run.deal:
        out["deal"] = {"query": run.deal["query"], "count": run.deal["count"],
                       "pool_size": sum(e["qty"] for part in run.deal["pool"]["sections"] for e in part["cards"])}
    if run.mode == modes.TEAMS:  # decks are stored in side order: the teams alternate
        names = [d["name"] for d in decks] or dealt_names(run.deal["count"] if run.deal else 0)
        out["teams"] = [{"team": team + 1, "names": names[team::2]} for team in (0, 1)]
    if show_share and run.share_token:
        out["share_key"] = run.share_token
    return out


def option_rows(run: SimulationRun) -> list[dict]:
    """Every setup option the run's engine declares (``EngineSpec.setup_options``) with the value
    its games play (``rules.core.options.describe``); ``[]`` for an engine without them."""
    engine = run_engine(run)
    if engine is None or not declared(engine):
        return []
    try:
        return describe_options(engine, run.options or {})
    except (LookupError, ValueError, OSError):  # a card pool that changed under an old run
        return [{"name": k, "label": k, "value": v, "text": str(v), "default": False} for k, v in run.options.items()]


def _has_page() -> bool:
    from django.urls import NoReverseMatch, reverse

    try:
        reverse("simulate:run", args=[1])
        return True
    except NoReverseMatch:
        return False


# -- progress -----------------------------------------------------------------------------------------
def run_progress(run: SimulationRun) -> dict:
    """Games done / requested, the rate (games per second since the run started) and the time left."""
    rows = list(run.chunks.values_list("status", "games", "finished"))
    total = sum(games for _, games, _ in rows)
    done = sum(games for status, games, _ in rows if status == RunChunk.Status.DONE)
    chunks_done = sum(status == RunChunk.Status.DONE for status, _, _ in rows)
    last = max((finished for _, _, finished in rows if finished), default=None)
    end = timezone.now() if run.is_active else (run.finished or last)
    elapsed = (end - run.started).total_seconds() if run.started and end else None
    rate = done / elapsed if done and elapsed and elapsed > 0 else None
    eta = (total - done) / rate if rate and run.is_active else (0.0 if not run.is_active else None)
    return {
        "status": run.status, "games_done": done, "games_requested": total,
        "percent": round(100 * done / total, 1) if total else 100.0,
        "chunks_done": chunks_done, "chunks_total": len(rows),
        "rate": round(rate, 2) if rate else None,
        "elapsed_seconds": round(elapsed, 1) if elapsed is not None else None,
        "eta_seconds": round(eta, 1) if eta is not None else None,
        "cancel_requested": run.cancel_requested, "error": run.error,
        "queue": run_queue(run),
    }


def run_queue(run: SimulationRun) -> dict | None:
    """Why a queued run waits: the runs queued or running before it, which the workers play
    first (each owner's runs take turns: ``runner.FairQueue``), and their games still to play.
    None for a run that is playing or over."""
    if run.status != SimulationRun.Status.QUEUED:
        return None
    ahead = SimulationRun.objects.filter(status__in=SimulationRun.ACTIVE, created__lt=run.created).exclude(pk=run.pk)
    games = (RunChunk.objects.filter(run__in=ahead, status=RunChunk.Status.PENDING)
             .aggregate(games=Sum("games"))["games"] or 0)
    runs = ahead.count()
    return {"place": runs + 1, "runs_ahead": runs, "games_ahead": games,
            "reason": (f"{runs} run{'s' if runs != 1 else ''} started before this one ({games:,} games still to play) "
                       "have the workers first" if runs else "waiting for a worker to pick it up")}


# -- results ------------------------------------------------------------------------------------------
def _series(tallies: list[dict], sides: int) -> list[dict]:
    """Win rates so far after each chunk, in the order the chunks finished: side 0's at the top
    level (the narrowing band of a one-deck or two-deck run), every side's under ``sides``."""
    out, games, wins = [], 0, [0] * sides
    for t in tallies:
        games += t["games"]
        wins = [a + b for a, b in zip(wins, t["side_wins"], strict=True)]
        figures = [rate_with_interval(w, games) for w in wins]
        out.append({"games": games, "wins": wins[0], "rate": figures[0]["rate"], "low": figures[0]["low"],
                    "high": figures[0]["high"],
                    "sides": [{"wins": w, "rate": f["rate"], "low": f["low"], "high": f["high"]}
                              for w, f in zip(wins, figures, strict=True)]})
    return out


def _pairing_tally(tallies: list[dict], sides: int) -> dict:
    """The merged tallies of one pairing; raises TallyVersionError for tallies this code cannot read."""
    if not tallies:
        return empty(sides)
    wrong = [t.get("sides") for t in tallies if t.get("version") == TALLY_VERSION and t.get("sides") != sides]
    if wrong:
        raise TallyVersionError(f"tallies of {wrong[0]} sides for a pairing of {sides}")
    return merge(tallies)  # raises TallyVersionError for tallies of another version


def run_results(run: SimulationRun) -> dict:
    """The merged tallies of the finished chunks, summarized per pairing (``rules.core.tally``).

    ``summary``: the first pairing's figures (goldfish, head-to-head, table, a deckless mode's seats:
    these add ``tally.deckless_figures``): ``sides`` lists
    every deck with wins, draws, losses, win rate with its interval, placements, mean placement,
    mean return with its interval and the game's counters; ``series``: its win rates by chunk in
    finishing order (the narrowing band); ``pairings``: every pairing's decks, figures and
    series; gauntlets add ``matrix``: the deck's win rate with interval against each opponent.
    ``readable`` is false (with ``message``) for a run whose stored tallies are too old to read.
    """
    if run.mode == modes.DOCTOR:  # its figures are simulate.doctor_runs.doctor_report's
        return {"mode": run.mode, "readable": False, "games_done": 0, "summary": None, "series": [], "pairings": [],
                "message": f"a deck doctor run: its figures are at /api/doctor/{run.pk}/"}
    names = pairing_names(run)
    engine = run_engine(run)
    chunks = list(run.chunks.filter(status=RunChunk.Status.DONE).order_by("finished", "index")
                  .values_list("pairing", "tally"))
    label = modes.summary_mode(run.mode)
    pairings = []
    try:
        for number, sides in enumerate(names):
            tallies = [t for pairing, t in chunks if pairing == number and t]
            summary = summarize(_pairing_tally(tallies, len(sides)), label, sides, engine)
            if run.is_deckless:  # per seat: counters' means with intervals, per-card totals (as the CLI)
                summary = deckless_figures(summary, engine)
            pairings.append({"pairing": number, "decks": sides, "summary": summary,
                             "series": _series(tallies, len(sides))})
    except TallyVersionError:
        return {"mode": run.mode, "readable": False, "message": OUTDATED_RESULTS, "games_done": 0,
                "summary": None, "series": [], "pairings": []}
    out = {"mode": run.mode, "readable": True, "message": "",
           "games_done": sum(p["summary"]["games"] for p in pairings),
           "summary": pairings[0]["summary"], "series": pairings[0]["series"], "pairings": pairings}
    if run.mode == SimulationRun.Mode.GAUNTLET:
        cells = []
        for p in pairings:
            s = p["summary"]
            deck = s["sides"][0]
            cells.append({"opponent": p["decks"][1], "pairing": p["pairing"], "games": s["games"],
                          "wins": deck["wins"], "losses": deck["losses"], "draws": deck["draws"],
                          "win_rate": deck["win_rate"], "mean_return": deck["mean_return"]})
        out["matrix"] = {"deck": names[0][0], "opponents": [p["decks"][1] for p in pairings], "rows": [cells]}
    if run.mode == modes.LEAGUE:
        out["league"] = league_figures(run)
    return out


#: while a league plays, its figures are computed again at most this often (seconds)
LEAGUE_REFRESH_SECONDS = 5.0


def league_figures(run: SimulationRun) -> dict:
    """A league's figures so far (``simulate.league.report`` over its finished chunks' placement
    patterns, bootstrap seeded by the run's seed): the one function the page, the API and
    ``manage.py simulate --mode league`` share. Kept in the cache per run and chunks finished (the
    bootstrap refits the ratings a few hundred times); while the run plays, at most every
    :data:`LEAGUE_REFRESH_SECONDS` (the page and the API poll every second or two)."""
    import time

    from django.core.cache import cache

    latest = f"league-latest:{run.pk}:{run.seed}"
    if run.is_active:
        recent = cache.get(latest)
        if recent is not None and time.monotonic() - recent[0] < LEAGUE_REFRESH_SECONDS:
            return recent[1]
    rows = list(run.chunks.filter(status=RunChunk.Status.DONE).values_list("pairing", "tally__league_patterns"))
    key = f"league-figures:{run.pk}:{run.seed}:{len(rows)}:{metagame.BOOTSTRAP_SAMPLES}"
    found = cache.get(key)
    if found is None:
        found = league_report_of(run, rows)
        cache.set(key, found, 3600)
    if run.is_active:
        cache.set(latest, (time.monotonic(), found), 60)
    return found


def league_report_of(run: SimulationRun, rows: list[tuple[int, dict | None]]) -> dict:
    """The league report from ``(pairing, patterns)`` per finished chunk."""
    names = modes.distinct_names([rd.name for rd in sorted(run.run_decks.all(), key=lambda rd: rd.position)])
    settings = run.league or {}
    by_table: list[list[dict | None]] = [[] for _ in range(league.pairing_count(len(names), settings))]
    for pairing, patterns in rows:
        by_table[pairing].append(patterns)
    return league.report(names, settings, [league.merge_patterns(parts) for parts in by_table], run.seed)


# -- replays ------------------------------------------------------------------------------------------
def _check_game(run: SimulationRun, pairing: int, game_index: int) -> None:
    pairings = pairing_count(run)
    if isinstance(pairing, bool) or not isinstance(pairing, int) or not 0 <= pairing < pairings:
        raise ReplayNotFound(f"pairing must be from 0 to {pairings - 1}, not {pairing!r}")
    if isinstance(game_index, bool) or not isinstance(game_index, int) or not 0 <= game_index < run.games_requested:
        raise ReplayNotFound(f"game must be from 0 to {run.games_requested - 1}, not {game_index!r}")


def seat_count(run: SimulationRun, pairing: int) -> int:
    """How many seats the games of ``pairing`` have (its number of sides)."""
    return len(pairing_names(run)[pairing])


def check_seat(run: SimulationRun, pairing: int, seat) -> None:
    """``seat`` is None (everything) or a seat of the pairing's games; raises ReplayNotFound."""
    seats = seat_count(run, pairing)
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats):
        raise ReplayNotFound(f"seat must be from 0 to {seats - 1}, or empty (everything), not {seat!r}")


def simulation_replay(run: SimulationRun, pairing: int, game_index: int, should_stop=None) -> dict:
    """The replay (``docs/replay-format.md``, version 2) of game ``game_index`` of ``pairing``,
    played again from its seed with the seats and agents its chunk used (``should_stop``: asked
    before every move of a game that is not a match's, ``rules.core.play.play_game``: the
    background job counts its progress with it). Raises :class:`ReplayNotFound`."""
    _check_game(run, pairing, game_index)
    engine = runner.run_engine(run)
    check_engine_version(run, engine)
    match = runner.run_pairings(run, engine)[pairing]
    seed = modes.game_seed(run.seed, pairing, game_index)
    if match.match:
        return play_indexed_match(engine, match.decks, match.agents, seed, game_index, record=True,
                                  rotate=match.rotate).replay
    result = play_indexed_game(engine, match.decks, match.agents, seed, game_index, record=True,
                               rotate=match.rotate, options=match.options, dealer=match.dealer,
                               should_stop=should_stop)
    return result.replay


def check_engine_version(run: SimulationRun, engine) -> None:
    """Raise :class:`ReplayNotFound` when ``run`` was played by another version of its engine: a
    version changes where the games change (a rules fix), so playing its seeds again here would
    show games other than the ones its results counted."""
    if run.engine_version and run.engine_version != engine.version:
        raise ReplayNotFound(f"this run was played by version {run.engine_version} of the {engine.game} engine; "
                             f"this server's is version {engine.version}, whose games differ (docs/rules-notes.md), "
                             "so the run's games cannot be shown as they were played. Start the run again to "
                             "watch its games.")


def seat_names(run: SimulationRun, pairing: int, game_index: int) -> list[dict]:
    """Who sits where in that game: ``[{seat, side, deck, agent}]`` (side = the deck's index in
    the pairing, 0 first)."""
    _check_game(run, pairing, game_index)
    names = pairing_names(run)[pairing]
    agents = run.agents  # per side of every pairing (a gauntlet's: the deck's, the opponents')
    return [{"seat": seat, "side": side, "deck": names[side],
             "agent": _agent_name(agents[side]) if side < len(agents) else ""}
            for seat, side in enumerate(seating(game_index, len(names), modes.rotates(run.mode)))]


def _agent_name(spec) -> str:
    return str(spec.get("name", "")) if isinstance(spec, dict) else str(spec)


def game_standings(seats: list[dict], outcome: dict | None) -> list[dict]:
    """A finished game's seats by placement: ``[{seat, side, deck, place, return, winner}]``."""
    if not outcome:
        return []
    placements, returns = outcome.get("placements") or [], outcome.get("returns") or []
    rows = [{**s, "place": placements[s["seat"]] if s["seat"] < len(placements) else None,
             "return": returns[s["seat"]] if s["seat"] < len(returns) else None,
             "winner": s["seat"] in (outcome.get("winners") or [])} for s in seats]
    return sorted(rows, key=lambda r: (r["place"] is None, r["place"] or 0, r["seat"]))


def match_game(replay: dict, number: int | None) -> dict:
    """Game ``number`` (1-based; None: the first) of a match's replay; any other replay itself.
    Raises :class:`ReplayNotFound` for a game the match did not play."""
    if replay.get("format") != MATCH_REPLAY:
        return replay
    games = replay["games"]
    number = 1 if number is None else number
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(games):
        raise ReplayNotFound(f"this match had {len(games)} game{'s' if len(games) != 1 else ''}; "
                             f"match_game must be from 1 to {len(games)}, not {number!r}")
    return games[number - 1]


def replay_frames(run: SimulationRun, pairing: int, game_index: int, seat: int | None,
                  replay: dict | None = None, match_game_number: int | None = None,
                  window: tuple[int, int] | None = None) -> list[dict]:
    """One frame for the set-up and one per decision point (``rules.core.replay.replay_frames``):
    ``{number, turn, step, moves: [{player, action, sentence}], events, view, over}``, ``view``
    being the board as ``seat`` may see it after the move (``None``: everything). A match's
    replay: the frames of its game ``match_game_number`` (1-based; the first by default). With
    ``window``, only those frames carry their board (``rules.core.replay.replay_frames``)."""
    _check_game(run, pairing, game_index)
    check_seat(run, pairing, seat)
    replay = match_game(replay or simulation_replay(run, pairing, game_index), match_game_number)
    names = [s["deck"] for s in seat_names(run, pairing, game_index)]  # a deckless run's: "Seat 1" .. "Seat N"
    try:
        return core_replay_frames(replay, seat, runner.run_engine(run), seat_names=names, window=window)
    except ReplayError as exc:
        raise ReplayNotFound(str(exc)) from None


# -- the games list: each game's winner, length and end reason, and its filters --------------------------
#: the orders of a run's games list (``?order=``), and the page's words for them
GAME_ORDERS = {"number": "by number", "shortest": "shortest first", "longest": "longest first"}


def game_records(run: SimulationRun, pairing: int) -> list[dict] | None:
    """Every finished game of ``pairing`` (0-based), in the order of their numbers, as
    ``{index, sides (side per seat), winners (seats), winning_sides, reason, turns, steps}``,
    read from the finished chunks' tallies (``rules.core.tally``: ``records``), nothing played
    again. None when a finished chunk was stored before tallies kept their games' records."""
    rows = (run.chunks.filter(status=RunChunk.Status.DONE, pairing=pairing).order_by("first_game")
            .values_list("tally__records", flat=True))
    out = []
    for records in rows:
        if records is None:
            return None
        for index, sides, winners, reason, turns, steps in records:
            out.append({"index": index, "sides": sides, "winners": winners,
                        "winning_sides": sorted({sides[seat] for seat in winners}), "reason": reason,
                        "turns": turns, "steps": steps})
    out.sort(key=lambda r: r["index"])
    return out


def side_win_rates(records: list[dict], sides: int) -> list[float | None]:
    """Each side's (deck's) share of ``records`` won (None with no games): the win rate the
    upsets are measured by."""
    wins = [0] * sides
    for r in records:
        for side in r["winning_sides"]:
            wins[side] += 1
    return [w / len(records) if records else None for w in wins]


def is_upset(record: dict, rates: list[float | None]) -> bool:
    """A won game whose winning deck (the best of them, for allies) has a lower win rate over
    the pairing's games than a deck that did not win it: in a head-to-head, the deck with the
    lower win rate won. A draw, or a win between decks of equal rates, is no upset."""
    won = record["winning_sides"]
    lost = [side for side in set(record["sides"]) if side not in won]
    if not won or not lost:
        return False
    return max(rates[s] or 0.0 for s in won) < max(rates[s] or 0.0 for s in lost)


def select_games(records: list[dict], *, order: str = "number", upsets: bool = False, reason: str = "",
                 rates: list[float | None] | None = None) -> list[dict]:
    """The games of the list after its filters: only the ``upsets`` (by ``rates``, each side's
    win rate: :func:`side_win_rates` by default), only those that ended for ``reason``; ordered
    by number, ``shortest`` first or ``longest`` first (by turns, then moves, then number)."""
    if order not in GAME_ORDERS:
        raise ValueError(f"order must be one of {', '.join(GAME_ORDERS)}, not {order!r}")
    chosen = records
    if upsets:
        sides = 1 + max((s for r in records for s in r["sides"]), default=0)
        rates = rates if rates is not None else side_win_rates(records, sides)
        chosen = [r for r in chosen if is_upset(r, rates)]
    if reason:
        chosen = [r for r in chosen if r["reason"] == reason]
    if order == "shortest":
        return sorted(chosen, key=lambda r: (r["turns"], r["steps"], r["index"]))
    if order == "longest":
        return sorted(chosen, key=lambda r: (-r["turns"], -r["steps"], r["index"]))
    return list(chosen)
