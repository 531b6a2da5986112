"""Deck doctor runs on the simulation runner (issue 28, part 2): start, the next look, the figures,
saving the best change as the deck's new version.

A doctor run is a :class:`SimulationRun` of mode ``doctor`` with a :class:`DoctorRun` beside it;
its decks are frozen as :class:`RunDeck` rows (position 0 the deck, then the field) and its games
are :class:`RunChunk` rows whose ``pairing`` is the candidate number (0: the original deck) and
whose games are played against every deck of the field (``simulate.doctor.play_chunk``). The
runner plays them like any chunk (local pool or Celery; cancellable; resumed after a restart);
when the last chunk of a look is stored, :func:`next_stage` (called by ``runner.store_chunk`` in
the same transaction) chooses the candidates after the screen look, or runs the sequential test
and plans the next look, or lets the run finish. Every figure comes from :func:`doctor_report`
(page, API), which rebuilds the :class:`~simulate.doctor.Doctor` from the stored chunks, as
``manage.py deck_doctor`` builds it in process: same seed, same figures.

Where the field comes from: ``field_source`` (``gauntlet``: decks chosen by id; ``league:<run>``:
a league run's top decks by rating, :func:`league_field`).
"""

from __future__ import annotations

import math
from typing import Any

from django.conf import settings as django_settings
from django.core.exceptions import PermissionDenied
from django.db import transaction

from decks import permissions as deck_permissions
from decks.models import Deck
from decks.selectors import deck_to_decklist, game_card_specs, validate_decklist
from rules.core.replay import deck_from_data, deck_to_data
from simulate import doctor, modes, permissions, runner, services
from simulate.doctor import Doctor, Settings
from simulate.models import DoctorRun, RunChunk, RunDeck, SimulationRun
from simulate.services import SimulationError

#: limits on what a user may ask for (each keeps a run within minutes on a small pool)
LIMITS = {"games_per_look": (2, 200), "max_looks": (1, 20), "candidates": (1, 100)}
MAX_FIELD = modes.MAX_GAUNTLET_OPPONENTS
FIELD_SOURCES = ("gauntlet", "league")
#: a league's top decks taken as the field unless the caller says how many
LEAGUE_TOP = 4


def _whole(name: str, value: Any, default: int) -> int:
    if value is None or value == "":
        return default
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    low, high = LIMITS[name]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SimulationError(f"bad_{name}", f"{name} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _alpha(value: Any) -> float:
    if value is None or value == "":
        return Settings.alpha
    try:
        alpha = float(value)
    except (TypeError, ValueError):
        alpha = math.nan
    if not 0.001 <= alpha <= 0.2:
        raise SimulationError("bad_alpha", f"alpha must be a number from 0.001 to 0.2, not {value!r}")
    return alpha


def field_from_ids(value: Any) -> list[int]:
    """The field's deck ids (a gauntlet's opponents). The hook for "a league's top decks": a
    league run's page can pass its best decks' ids here."""
    if not isinstance(value, (list, tuple)) or not value:
        raise SimulationError("bad_field", "field must be a list of 1 or more deck ids")
    if len(value) > MAX_FIELD:
        raise SimulationError("bad_field", f"field takes at most {MAX_FIELD} decks, not {len(value)}")
    ids = []
    for position, item in enumerate(value):
        if isinstance(item, str) and item.strip().isdigit():
            item = int(item.strip())
        if isinstance(item, bool) or not isinstance(item, int) or not 0 < item < 2**62:
            raise SimulationError("bad_field", f"field[{position}] must be a deck id, not {item!r}")
        ids.append(item)
    return ids


def league_field(user, league_id: Any, deck_id: int, top: Any = None, key: str | None = None) -> list[int]:
    """The ids of league run ``league_id``'s ``top`` best decks by rating (its ranking), leaving out
    the doctored deck and decks deleted since: the field of "doctor a deck against this league's
    top decks". The league must be one ``user`` may see (``key``: its share link's) with games played."""
    from simulate import selectors

    if isinstance(league_id, str) and league_id.strip().isdigit():
        league_id = int(league_id.strip())
    run = selectors.run_get(league_id) if isinstance(league_id, int) and not isinstance(league_id, bool) else None
    if run is None or run.mode != modes.LEAGUE or not permissions.can_view(user, run, key):
        raise SimulationError("unknown_league", f"league: there is no league run {league_id!r} that you may see")
    top = LEAGUE_TOP if top is None or top == "" else top
    if isinstance(top, str) and top.strip().isdigit():
        top = int(top.strip())
    if isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= MAX_FIELD:
        raise SimulationError("bad_top", f"top must be a whole number from 1 to {MAX_FIELD}, not {top!r}")
    figures = selectors.league_figures(run)
    if not figures["comparisons"]:
        raise SimulationError("league_unplayed", f"league run {run.pk} has played no games yet: no ranking to take")
    deck_ids = dict(run.run_decks.values_list("position", "deck_id"))
    ranked = [deck_ids.get(i) for i in figures["ranking"]]
    field = [d for d in ranked if d is not None and d != deck_id][:top]
    if not field:
        raise SimulationError("bad_field", f"league run {run.pk} has no other deck that still exists")
    return field


def doctor_settings(*, games_per_look: Any = None, max_looks: Any = None, candidates: Any = None,
                    alpha: Any = None, agents: tuple) -> Settings:
    return Settings(games_per_look=_whole("games_per_look", games_per_look, Settings.games_per_look),
                    max_looks=_whole("max_looks", max_looks, Settings.max_looks),
                    candidates=_whole("candidates", candidates, Settings.candidates), alpha=_alpha(alpha),
                    agents=agents)


def games_budget(settings: Settings, candidates: int, opponents: int) -> int:
    """The most games a run may play: the screen look, then every look by the original and every candidate."""
    return (1 + (candidates + 1) * settings.max_looks) * opponents * settings.games_per_look


def _piece(settings: Settings, opponents: int, cost: float) -> int:
    """Games per chunk: about ``SIMULATION_CHUNK_SIZE`` random games' worth, at most a look."""
    per_game = max(1.0, cost) * opponents
    return max(1, min(settings.games_per_look, math.floor(django_settings.SIMULATION_CHUNK_SIZE / per_game)))


# -- start ------------------------------------------------------------------------------------------------
@transaction.atomic
def doctor_start(*, owner, deck_id: Any, field: Any = None, seed: Any = None, agents: Any = None,
                 games_per_look: Any = None, max_looks: Any = None, candidates: Any = None, alpha: Any = None,
                 league: Any = None, top: Any = None, league_key: str | None = None) -> SimulationRun:
    """Check everything, freeze the deck and the field, and queue the screen look. The field: the
    decks ``field`` (ids), or league run ``league``'s ``top`` best decks (:func:`league_field`).
    Bad input raises :class:`~simulate.services.SimulationError` (what and where); nothing is saved."""
    if not permissions.can_start(owner):
        raise PermissionDenied("log in to run the deck doctor")
    if isinstance(deck_id, str) and deck_id.strip().isdigit():
        deck_id = int(deck_id.strip())
    if isinstance(deck_id, bool) or not isinstance(deck_id, int):
        raise SimulationError("bad_deck", f"deck must be a deck id, not {deck_id!r}")
    if league is not None and field:
        raise SimulationError("bad_field", "give the field's decks or a league, not both")
    if league is None and not field:
        raise SimulationError("bad_field", "field must be a list of 1 or more deck ids (or give a league)")
    source = "gauntlet"
    if league is not None:
        field = league_field(owner, league, deck_id, top, league_key)
        source = f"league:{int(str(league).strip())}"
    ids = field_from_ids(field)
    first = Deck.objects.filter(pk=deck_id).first()
    if first is None or not deck_permissions.can_view(owner, first):
        raise SimulationError("unknown_deck", f"deck: there is no deck {deck_id} that you may use")
    engine = services._engine(first.game)
    try:
        modes.deck_range(modes.HEAD_TO_HEAD, engine)
    except modes.ModeError as exc:
        raise SimulationError("mode_not_offered", f"the deck doctor plays the deck one against one: {exc.message}") from None
    decks = services._decks(owner, first.game, [deck_id] + ids)
    specs = services._agents(modes.GAUNTLET, agents, engine, 2)
    chosen = doctor_settings(games_per_look=games_per_look, max_looks=max_looks, candidates=candidates, alpha=alpha,
                             agents=tuple(specs))
    services._games(games_budget(chosen, chosen.candidates, len(ids)), 1)
    seed = services._seed(seed)
    services._room_for_another(owner)
    cost = runner.game_cost(first.game, modes.DOCTOR, specs, engine.search_defaults)
    piece = _piece(chosen, len(ids), cost)
    run = SimulationRun.objects.create(
        owner=owner, game=first.game, mode=modes.DOCTOR, games_requested=chosen.games_per_look, seed=seed,
        agents=specs, chunk_size=piece, backend=django_settings.SIMULATION_BACKEND, engine_version=engine.version)
    RunDeck.objects.bulk_create([
        RunDeck(run=run, position=position, deck=deck, deck_version=deck.current_version, name=deck.name,
                snapshot=deck_to_data(deck_to_decklist(deck)))
        for position, deck in enumerate(decks)])
    DoctorRun.objects.create(run=run, settings=chosen.as_dict(), field_source=source)
    _add_chunks(run, [(doctor.ORIGINAL, 0, chosen.games_per_look)], piece)
    transaction.on_commit(lambda: runner.dispatch(run))
    return run


def _add_chunks(run: SimulationRun, work: list[tuple[int, int, int]], piece: int) -> list[int]:
    """Chunks for ``(candidate, first game, games)``, numbered after the run's last; their indices."""
    last = run.chunks.order_by("-index").values_list("index", flat=True).first()
    index = -1 if last is None else last
    rows = []
    for number, first, count in work:
        for start in range(first, first + count, piece):
            index += 1
            rows.append(RunChunk(run=run, index=index, pairing=number, first_game=start,
                                 games=min(piece, first + count - start)))
    RunChunk.objects.bulk_create(rows)
    return [row.index for row in rows]


# -- the doctor, rebuilt from the run ----------------------------------------------------------------------
def load_doctor(run: SimulationRun, *, with_games: bool = True) -> Doctor:
    """The run's :class:`Doctor` with every stored chunk and the looks assessed so far (without
    ``with_games``: its decks and candidates only, what a chunk needs to play)."""
    state = DoctorRun.objects.get(run_id=run.pk)  # fresh: a worker may have moved it on
    frozen = list(run.run_decks.order_by("position"))
    decks = [deck_from_data(rd.snapshot, run.game) for rd in frozen]
    found = Doctor(decks[0], decks[1:], Settings.from_dict(state.settings), run.seed)
    cards: dict = {}
    for card in game_card_specs(run.game, [c["card_in"] for c in state.candidates]) if state.candidates else ():
        cards.setdefault(card.name, card)  # the first printing, as doctor.legal_swaps chose it
    found.candidates = [doctor.Candidate(number, doctor.Swap(c["section"], c["card_out"], _card(cards, c)), c["screen"])
                        for number, c in enumerate(state.candidates, 1)]
    if not with_games:
        return found
    for number, tally in run.chunks.filter(status=RunChunk.Status.DONE).order_by("index").values_list("pairing", "tally"):
        found.add(number, tally)
    for look in range(1, state.looks_done + 1):
        found.assess_look(look)
    return found


def _card(cards: dict, data: dict):
    card = cards.get(data["card_in"])
    if card is None:  # the card left the pool since: the run still names it
        from rules.core.decks import CardSpec

        return CardSpec(id=data.get("card_in_id"), name=data["card_in"], card_type="")
    return card


def screen_chunk(run: SimulationRun, chunk: RunChunk) -> bool:
    """A chunk of the screen look: the original's first look, which records the cards shown."""
    return chunk.pairing == doctor.ORIGINAL and chunk.first_game < run.games_requested


def play_run_chunk(run: SimulationRun, chunk: RunChunk, should_stop) -> dict:
    """Play a doctor chunk (``runner.run_chunk`` calls this for a ``doctor`` run): the deck or
    candidate ``chunk.pairing`` against every deck of the field."""
    found = load_doctor(run, with_games=False)
    engine = runner.run_engine(run)
    return doctor.play_chunk(engine, found.deck_of(chunk.pairing), found.opponents, found.settings, run.seed,
                             chunk.first_game, chunk.games, record_cards=screen_chunk(run, chunk),
                             should_stop=should_stop)


def _legal(run: SimulationRun, deck):
    """The validator of the deck's format (the saved deck's own format row, else the built-in one)."""
    subject = run.run_decks.filter(position=0).select_related("deck__format").first()
    fmt = subject.deck.format if subject and subject.deck else None
    return lambda candidate: not validate_decklist(candidate, fmt)


def next_stage(run_id: int) -> bool:
    """Called by ``runner.store_chunk`` (the run's row locked) when no chunk of the run is pending:
    choose the candidates after the screen look, or assess the look just played and plan the next.
    True when new chunks were planned (the run goes on), False when the doctor is finished."""
    run = SimulationRun.objects.select_related("doctor").get(pk=run_id)
    if not run.is_active:
        return False
    state: DoctorRun = run.doctor
    found = load_doctor(run)
    if not state.candidates:
        screen = _screen_tally(run)
        swaps = doctor.legal_swaps(found.deck, game_card_specs(run.game), _legal(run, found.deck))
        found.choose_candidates(swaps, screen)
        if not found.candidates:
            return False
        state.candidates = [{**c.swap.as_dict(), "screen": c.screen} for c in found.candidates]
        state.screened = len(swaps)
        look = 1
    else:
        look = state.looks_done + 1
        found.assess_look(look)
        state.looks_done = look
        if found.finished:
            state.save(update_fields=["looks_done"])
            return False
        look += 1
    state.save(update_fields=["candidates", "screened", "looks_done"])
    indices = _add_chunks(run, found.look_work(look), run.chunk_size)
    if run.backend != "local":  # the local pool's own process hands them out (runner.LocalPool._done)
        transaction.on_commit(lambda: runner.dispatch(run))
    return bool(indices)


def _screen_tally(run: SimulationRun) -> dict:
    """The screen look's games as one tally (scores and cards shown, per opponent, by game)."""
    opponents = run.run_decks.count() - 1
    scores: list[list[float]] = [[] for _ in range(opponents)]
    seen: list[list] = [[] for _ in range(opponents)]
    chunks = run.chunks.filter(pairing=doctor.ORIGINAL, first_game__lt=run.games_requested).order_by("first_game")
    for tally in chunks.values_list("tally", flat=True):
        for o in range(opponents):
            scores[o].extend(tally["scores"][o])
            seen[o].extend(tally["seen"][o])
    return {"scores": scores, "seen": seen}


# -- figures --------------------------------------------------------------------------------------------
def doctor_report(run: SimulationRun) -> dict:
    """THE figures of a doctor run (page and API): ``simulate.doctor.Doctor.report`` plus the run's
    status, deck, progress and the version the best change was saved as."""
    found = load_doctor(run)
    report = found.report()
    state = DoctorRun.objects.get(run_id=run.pk)
    subject = run.run_decks.filter(position=0).first()
    budget = games_budget(found.settings, len(found.candidates) or found.settings.candidates, len(found.opponents))
    done = report["games_spent"]
    finished = run.status == SimulationRun.Status.DONE
    report.update({
        "id": run.pk, "game": run.game, "status": run.status, "error": run.error,
        "deck": {"id": subject.deck_id if subject else None, "name": subject.name if subject else "",
                 "version": subject.deck_version if subject else None},
        "progress": 1.0 if finished else round(min(0.99, done / budget), 4) if budget else 0.0,
        "games_budget": budget, "saved_version": state.saved_version, "screened": state.screened,
        "field_source": state.field_source,
    })
    return report


# -- saving the best change ---------------------------------------------------------------------------------
@transaction.atomic
def doctor_apply(*, actor, run: SimulationRun, candidate: Any = None) -> Deck:
    """Save a change that helps (default: the best) as the deck's new version. Refused when the
    deck changed since the run froze it, when the change did not help, or for another's deck."""
    if run.mode != modes.DOCTOR:
        raise SimulationError("not_doctor", f"run {run.pk} is not a deck doctor run")
    subject = run.run_decks.filter(position=0).select_related("deck").first()
    deck = subject.deck if subject else None
    if deck is None:
        raise SimulationError("deck_gone", "the deck of this doctor run was deleted")
    if not deck_permissions.can_edit(actor, deck):
        raise PermissionDenied("only the deck's owner may change it")
    found = load_doctor(run)
    number = found.best().number if candidate in (None, "", "best") and found.best() else candidate
    if isinstance(number, str) and number.strip().isdigit():
        number = int(number.strip())
    chosen = next((c for c in found.candidates if c.number == number), None)
    if chosen is None or chosen.verdict != doctor.HELPS or chosen.assessment is None:
        raise SimulationError("not_helpful", "there is no change that helps to save"
                              if number is None else f"candidate {number!r} is not a change that helps")
    locked = Deck.objects.select_for_update().get(pk=deck.pk)
    if locked.current_version != subject.deck_version:
        raise SimulationError("deck_changed", f"the deck is at version {locked.current_version} now, not the version "
                                              f"{subject.deck_version} the doctor measured; run the doctor again")
    from decks.services import deck_update

    new = doctor.apply_swap(found.deck, chosen.swap, keep_slots=False)
    sections = {section: [(e.card.id, e.qty) for e in entries] for section, entries in new.sections.items()}
    a = chosen.assessment
    note = (f"deck doctor run {run.pk}: {chosen.swap.label} ({a.change * 100:+.1f} points, "
            f"{a.low * 100:+.1f} to {a.high * 100:+.1f})")
    deck = deck_update(actor=actor, deck=locked, sections=sections, note=note)
    DoctorRun.objects.filter(run=run).update(saved_version=deck.current_version)
    return deck
