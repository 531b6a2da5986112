"""Reads for simulations: a run's description, live progress, results, replays and replay frames.

Results are always computed from the tallies of the chunks that have finished (merged, then
summarized by ``rules.core.tally``), so they are right at every moment of a run, and a chunk
counts once. Replays are not stored: any game is played again from its seed with the same
decks, seats and agents as its chunk played it (``simulate.runner.play_games``).
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils import timezone

from rules.core.engine import Action
from rules.core.play import play_game
from rules.core.tally import merge, rate_with_interval, summarize
from simulate import runner
from simulate.models import RunChunk, SimulationRun


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


def pairing_count(run: SimulationRun) -> int:
    return max(1, len(run.run_decks.all()) - 1) if run.mode == SimulationRun.Mode.GAUNTLET else 1


def pairing_names(run: SimulationRun) -> list[list[str]]:
    """Side names (A, B) per pairing."""
    names = [rd.name for rd in sorted(run.run_decks.all(), key=lambda rd: rd.position)]
    if run.mode == SimulationRun.Mode.GOLDFISH:
        return [[names[0] if names else "", "Goldfish opponent"]]
    return [[names[0], name] for name in names[1:]] or [["", ""]]


def run_summary(run: SimulationRun, *, show_share: bool = False) -> dict:
    """What the run is: game, mode, decks (with versions), agents, seed, status, times."""
    decks = [{"position": rd.position, "deck": rd.deck_id, "name": rd.name, "version": rd.deck_version}
             for rd in sorted(run.run_decks.all(), key=lambda rd: rd.position)]
    out = {
        "id": run.pk, "game": run.game, "mode": run.mode, "status": run.status,
        "games_requested": run.games_requested, "pairings": pairing_count(run),
        "seed": run.seed, "seed_text": str(run.seed),  # 63-bit seeds do not fit a JavaScript number
        "agents": run.agents, "decks": decks, "chunk_size": run.chunk_size, "backend": run.backend,
        "engine_version": run.engine_version, "cancel_requested": run.cancel_requested, "error": run.error,
        "created": run.created.isoformat() if run.created else None,
        "started": run.started.isoformat() if run.started else None,
        "finished": run.finished.isoformat() if run.finished else None,
        "shared": bool(run.share_token), "url": run.get_absolute_url() if _has_page() else None,
    }
    if show_share and run.share_token:
        out["share_key"] = run.share_token
    return out


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
    }


# -- results ------------------------------------------------------------------------------------------
def _series(tallies: list[dict]) -> list[dict]:
    """Side A's win rate so far after each chunk, in the order the chunks finished."""
    out, games, wins = [], 0, 0
    for t in tallies:
        games += t["games"]
        wins += t["side_wins"][0]
        figure = rate_with_interval(wins, games)
        out.append({"games": games, "wins": wins, "rate": figure["rate"], "low": figure["low"], "high": figure["high"]})
    return out


def run_results(run: SimulationRun) -> dict:
    """The merged tallies of the finished chunks, summarized per pairing.

    ``summary``: the first pairing's figures (goldfish / head-to-head); ``series``: its win rate
    by chunk in finishing order (the narrowing band); ``pairings``: every pairing's figures and
    series; gauntlets add ``matrix``: the subject's win rate with interval against each opponent.
    """
    names = pairing_names(run)
    chunks = list(run.chunks.filter(status=RunChunk.Status.DONE).order_by("finished", "index")
                  .values_list("pairing", "tally"))
    mode_label = "goldfish" if run.mode == SimulationRun.Mode.GOLDFISH else "head_to_head"
    pairings = []
    for number, sides in enumerate(names):
        tallies = [t for pairing, t in chunks if pairing == number and t]
        summary = summarize(merge(tallies), mode_label, sides)
        pairings.append({"pairing": number, "decks": sides, "summary": summary, "series": _series(tallies)})
    out = {"mode": run.mode, "games_done": sum(p["summary"]["games"] for p in pairings),
           "summary": pairings[0]["summary"], "series": pairings[0]["series"], "pairings": pairings}
    if run.mode == SimulationRun.Mode.GAUNTLET:
        subject = names[0][0]
        cells = []
        for p in pairings:
            s = p["summary"]
            cells.append({"opponent": p["decks"][1], "pairing": p["pairing"], "games": s["games"],
                          "wins": s["wins"]["a"], "losses": s["wins"]["b"], "draws": s["draws"],
                          "win_rate": s["win_rate"]["a"]})
        out["matrix"] = {"deck": subject, "opponents": [p["decks"][1] for p in pairings], "rows": [cells]}
    return out


# -- replays ------------------------------------------------------------------------------------------
def _check_game(run: SimulationRun, pairing: int, game_index: int) -> None:
    pairings = pairing_count(run)
    if not isinstance(pairing, int) or not 0 <= pairing < pairings:
        raise ReplayNotFound(f"pairing must be from 0 to {pairings - 1}, not {pairing!r}")
    if not isinstance(game_index, int) or not 0 <= game_index < run.games_requested:
        raise ReplayNotFound(f"game must be from 0 to {run.games_requested - 1}, not {game_index!r}")


def simulation_replay(run: SimulationRun, pairing: int, game_index: int) -> dict:
    """The replay (``docs/replay-format.md``) of game ``game_index`` of ``pairing``, played again
    from its seed with the seats and agents its chunk used. Raises :class:`ReplayNotFound`."""
    _check_game(run, pairing, game_index)
    engine = runner.run_engine(run)
    match = runner.run_pairings(run, engine)[pairing]
    sides = runner.seating(game_index)
    result = play_game(engine, [match.decks[s] for s in sides], runner.game_seed(run.seed, pairing, game_index),
                       [match.agents[s] for s in sides], record=True, index=game_index, sides=sides)
    return result.replay


def seat_names(run: SimulationRun, pairing: int, game_index: int) -> list[dict]:
    """Who sits where in that game: [{seat, side ("a"/"b"), deck name}]."""
    _check_game(run, pairing, game_index)
    names = pairing_names(run)[pairing]
    return [{"seat": seat, "side": "ab"[side], "deck": names[side]}
            for seat, side in enumerate(runner.seating(game_index))]


def _describe(event: dict) -> str:
    who = "game" if event["player"] is None else f"P{event['player']}"
    changes = ", ".join(f"{k}={v}" for k, v in (event.get("changes") or {}).items())
    return f"{who}: {event['action']}" + (f" ({changes})" if changes else "")


def replay_frames(run: SimulationRun, pairing: int, game_index: int, seat: int | None,
                  replay: dict | None = None) -> list[dict]:
    """One frame for the set-up and one per action: ``{number, turn, step, player, action, label,
    description, events, view}``. ``label`` is the action in words when the engine can say it;
    ``view`` is the board as ``seat`` may see it after the
    action (``None``: everything). Computed by re-applying the replay's actions on a fresh state."""
    if seat is not None and seat not in (0, 1):
        raise ReplayNotFound(f"seat must be 0, 1 or empty (everything), not {seat!r}")
    replay = replay or simulation_replay(run, pairing, game_index)
    engine = runner.run_engine(run)
    from rules.core.replay import deck_from_data

    decks = [deck_from_data(d, run.game) for d in replay["decks"]]
    state = engine.start(decks, replay["seed"], **replay.get("options", {}))
    state.log_events = True

    # an engine may offer readable action text (card names instead of its internal numbers)
    describe_action = getattr(state, "describe_action", None)

    def frame(number: int, player, action, label, logged) -> dict:
        events = [event.as_dict() for event in logged]
        return {"number": number, "turn": state.turn, "step": state.step_name, "player": player, "action": action,
                "label": label, "description": "; ".join(_describe(e) for e in events), "events": events,
                "view": state.view(seat), "over": state.is_over}

    frames = [frame(0, None, None, None, state.events)]
    for number, (player, text) in enumerate(replay["actions"], 1):
        before = len(state.events)
        action = Action.parse(text)
        label = describe_action(action, player) if describe_action else text
        state.apply(action, player)
        frames.append(frame(number, player, text, label, state.events[before:]))
    return frames
