"""Writes for simulations (keyword-only, atomic): start, cancel, delete.

``simulation_start`` checks everything before it writes anything: the game has an engine and
offers the mode (``simulate.modes``: by its ``min_players``/``max_players``), the number of decks
fits the mode (1 to ``max_players``), the decks exist, the owner may view them and they are
legal (refused with their violations), the agents are known (one for all or one per deck),
none holds a card not playable yet (``not_playable``: its text did not compile, and a run never
plays a card as if its text said nothing), a deal's pool neither,
a deckless mode (``EngineSpec.deckless_modes``, asked of the registry) gets no decks and a
seat count its engine allows, the engine's setup options (``EngineSpec.setup_options``) are its
declared ones with good values (``rules.core.options.clean_options``: ``bad_options`` naming the
option in ``details["option"]``),
and the run stays within the limits
(``SIMULATION_MAX_GAMES`` per run, ``SIMULATION_MAX_ACTIVE_RUNS`` per user). Bad input raises
:class:`SimulationError` (a code, a message saying what and where, details); nothing is saved.
Permission questions go to ``simulate.permissions``.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from cardpool.selectors import not_playable_message, not_playable_reasons
from decks import permissions as deck_permissions
from decks.models import Deck
from decks.selectors import card_to_spec, deck_to_decklist, deck_validate
from rules.core import registry
from rules.core.agents import make_agent
from rules.core.dealing import Dealer, can_deal, dealt_names
from rules.core.options import OptionError, clean_options, declared
from rules.core.registry import UnknownGame, game_slugs
from rules.core.replay import deck_to_data
from simulate import league as league_rules
from simulate import modes, permissions, runner
from simulate.models import RunChunk, RunDeck, SimulationRun

MAX_SEED = 2**63 - 1
#: agents a user may pick ("passive" is the goldfish opponent, not a player's choice)
PLAYABLE_AGENTS = ("greedy", "random", "ismcts", "rollout")
#: options each agent accepts from users, with their allowed ranges
AGENT_OPTIONS: dict[str, dict[str, tuple[type, float, float]]] = {
    "greedy": {},
    "random": {},
    "ismcts": {"iterations": (int, 1, 2000), "exploration": (float, 0.0, 10.0), "rollout_steps": (int, 0, 200),
               "rollout_sample": (int, 1, 50), "eval_scale": (float, 0.01, 1000.0), "rollout": (str, 0, 0),
               "rollout_turns": (int, 0, 4), "prior": (int, 0, 10)},
    "rollout": {"turns": (int, 1, 4), "max_steps": (int, 1, 400)},
}


class SimulationError(ValueError):
    """Input a simulation write cannot accept: ``code``, a readable message, ``details``."""

    def __init__(self, code: str, message: str, **details: Any):
        super().__init__(message)
        self.code, self.message, self.details = code, message, details


# -- checks -----------------------------------------------------------------------------------------
def _engine(game: Any):
    if not isinstance(game, str):
        raise SimulationError("unknown_game", f"game must be one of {', '.join(game_slugs())}, not {game!r}")
    try:
        engine = registry.get_engine(game)
    except UnknownGame as exc:
        raise SimulationError("unknown_game", str(exc)) from None
    if engine is None:
        playable = [slug for slug in game_slugs() if registry.get_engine(slug) is not None]
        raise SimulationError("no_engine", f"{game} has no rules engine yet, so its games cannot be simulated "
                                           f"(games with an engine: {', '.join(playable) or 'none'})")
    return engine


def _mode(mode: Any, engine) -> str:
    """A mode the game offers (``simulate.modes``); an unknown one is refused naming the game's
    modes, its deckless ones (``EngineSpec.deckless_modes``) too."""
    own = list(engine.deckless_modes)
    details = {"modes": modes.available_modes(engine), "deckless_modes": own}
    without = f" (or, needing no decks: {', '.join(own)})" if own else ""
    if not isinstance(mode, str):
        raise SimulationError("bad_mode", f"mode must be one of {', '.join(modes.MODES)}{without}, not {mode!r}",
                              **details)
    try:
        modes.deck_range(mode, engine)
    except modes.ModeError as exc:
        raise SimulationError(exc.code, exc.message + (without if exc.code == "bad_mode" else ""), **details) from None
    return mode


def _deckless(game: str, mode: Any, engine):
    """The engine of the game's deckless mode ``mode`` (``registry.get_engine(game, mode)``), or
    None when ``mode`` is not one of them."""
    if not isinstance(mode, str) or mode not in engine.deckless_modes:
        return None
    if len(mode) > SimulationRun._meta.get_field("mode").max_length:
        raise SimulationError("bad_mode", f"mode {mode[:60]!r} is longer than a run can store")
    return registry.get_engine(game, mode)


def _players(mode: str, players: Any, engine) -> int:
    """A deckless mode's seat count: one of its engine's ``seat_counts()``."""
    if isinstance(players, str) and players.strip().isdigit():
        players = int(players.strip())
    counts = list(engine.seat_counts())
    if players is None:
        raise SimulationError("bad_players", f"{mode} needs players (one of {', '.join(map(str, counts))}): its seats "
                                             "start from what the game deals, not from decks", players=counts)
    try:
        modes.check_players(mode, players, engine)
    except modes.ModeError as exc:
        raise SimulationError(exc.code, exc.message, players=counts) from None
    return players


def _seat_agents(agents: Any, engine, players: int) -> list[dict]:
    """A deckless run's agent per seat, from one for every seat or one per seat."""
    if agents is None:
        agents = ["greedy"]
    if isinstance(agents, (str, dict)):
        agents = [agents]
    if not isinstance(agents, (list, tuple)) or len(agents) not in (1, players):
        given = len(agents) if isinstance(agents, (list, tuple)) else repr(agents)
        raise SimulationError("bad_agents", f"agents must be a list of 1 agent (for every seat) or {players} "
                                            f"(one per seat), not {given}")
    specs = [_agent(value, f"agents[{i}]", engine) for i, value in enumerate(agents)]
    return [dict(spec) for spec in (specs * players if len(specs) == 1 else specs)]


def _options(options: Any, engine, players: int | None = None) -> dict:
    """The engine's setup options a run plays with (only those differing from the defaults), or
    :class:`SimulationError` ``bad_options`` naming the option (``details["option"]``) and listing
    every option the engine declares with its kind, choices and default (``details["options"]``)."""
    if options is None or options == {}:
        return {}
    try:
        return clean_options(engine, options, players=players)
    except OptionError as exc:
        where = f"options.{exc.option}: " if exc.option else "options: "
        raise SimulationError("bad_options", where + exc.message, option=exc.option,
                              options=[o.as_dict() for o in declared(engine)]) from None


def _deck_ids(mode: str, deck_ids: Any, engine) -> list[int]:
    if not isinstance(deck_ids, (list, tuple)):
        raise SimulationError("bad_decks", "decks must be a list of deck ids")
    ids = []
    for position, value in enumerate(deck_ids):
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value < 2**62:
            raise SimulationError("bad_decks", f"decks[{position}] must be a deck id, not {value!r}")
        ids.append(value)
    try:
        modes.check_deck_count(mode, len(ids), engine)
    except modes.ModeError as exc:
        low, high = modes.deck_range(mode, engine)
        raise SimulationError(exc.code, exc.message, min_decks=low, max_decks=high) from None
    return ids


MAX_DEAL_QUERY = 500
MAX_DEAL_POOL = 5000


def _deal(game: str, mode: str, query: Any, deck_ids: Any, engine) -> dict:
    """A dealt-format run's ``deal``: the query, how many decks each game deals (the mode's
    fewest) and the pool (the cards matching the query, frozen with the run)."""
    if deck_ids:
        raise SimulationError("bad_decks", "a run that deals its decks takes no decks (leave decks empty)")
    dealer = dealer_for(game, mode, query, engine)
    return {"query": query.strip(), "count": len(dealer.dealt), "pool": deck_to_data(dealer.pool_deck())}


def dealer_for(game: str, mode: str, query: Any, engine) -> Dealer:
    """The :class:`~rules.core.dealing.Dealer` of a dealt-format run of ``mode`` from the cards
    matching ``query`` (the web's runs and ``manage.py simulate --deal-from``); raises
    :class:`SimulationError` saying what is wrong."""
    from cardpool.search import SearchError
    from cardpool.selectors import card_search

    if not can_deal(game):
        raise SimulationError("no_dealt_format", f"{game} has no dealt format: choose decks instead of deal_from")
    if mode == modes.GAUNTLET:
        raise SimulationError("mode_not_offered", "a gauntlet plays chosen decks; deal random decks in goldfish, "
                                                  "head_to_head, table or teams")
    if not isinstance(query, str) or not query.strip():
        raise SimulationError("bad_query", "deal_from must be a search query (e.g. \"game:fellbound\")")
    query = query.strip()
    if len(query) > MAX_DEAL_QUERY:
        raise SimulationError("bad_query", f"deal_from is at most {MAX_DEAL_QUERY} characters, not {len(query)}")
    try:
        cards = list(card_search(query=query, game_slug=game).matches.select_related("card_set")[:MAX_DEAL_POOL + 1])
    except SearchError as exc:
        raise SimulationError("bad_query", f"deal_from: {exc}", position=exc.position, suggestion=exc.suggestion) from None
    if len(cards) > MAX_DEAL_POOL:
        raise SimulationError("bad_query", f"deal_from matches more than {MAX_DEAL_POOL} cards; narrow it")
    reasons = not_playable_reasons(card.pk for card in cards)
    if reasons:
        raise SimulationError("not_playable", f"deal_from {query!r} matches " + not_playable_message(reasons),
                              cards=[{"name": name, "reason": reason} for name, reason in reasons.items()])
    count = modes.deck_range(mode, engine)[0]
    dealer = Dealer(game, tuple(card_to_spec(card) for card in cards), tuple(range(count)),
                    tuple(dealt_names(count)))
    try:
        dealer.check()
    except ValueError as exc:
        raise SimulationError("small_pool", f"deal_from {query!r}: {exc}") from None
    return dealer


def _decks(owner, game: str, ids: list[int]) -> list[Deck]:
    found = Deck.objects.in_bulk(set(ids))
    decks = []
    for position, pk in enumerate(ids):
        deck = found.get(pk)
        if deck is None or not deck_permissions.can_view(owner, deck):
            raise SimulationError("unknown_deck", f"decks[{position}]: there is no deck {pk} that you may use")
        if deck.game != game:
            raise SimulationError("wrong_game", f"decks[{position}]: deck {pk} ({deck.name}) is a {deck.game} "
                                                f"deck, not {game}")
        decks.append(deck)
    for position, deck in enumerate(decks):
        violations = deck_validate(deck)
        if violations:
            raise SimulationError("illegal_deck", f"decks[{position}]: deck {deck.pk} ({deck.name}) is not legal: "
                                  + "; ".join(v.message for v in violations),
                                  deck=deck.pk, position=position, violations=[v.as_dict() for v in violations])
        reasons = not_playable_reasons(deck.cards.values_list("card_id", flat=True))
        if reasons:
            raise SimulationError("not_playable", f"decks[{position}]: deck {deck.pk} ({deck.name}) holds "
                                  + not_playable_message(reasons), deck=deck.pk, position=position,
                                  cards=[{"name": name, "reason": reason} for name, reason in reasons.items()])
    return decks


def _agent(value: Any, where: str, engine) -> dict:
    if isinstance(value, str):
        value = {"name": value}
    if not isinstance(value, dict) or not isinstance(value.get("name"), str):
        raise SimulationError("bad_agents", f"{where} must be an agent name or {{\"name\": ...}}, not {value!r}")
    name = value["name"]
    if name not in PLAYABLE_AGENTS:
        raise SimulationError("bad_agents", f"{where}: unknown agent {name!r} (agents: {', '.join(PLAYABLE_AGENTS)})")
    spec = {"name": name}
    allowed = AGENT_OPTIONS[name]
    for key, option in value.items():
        if key == "name":
            continue
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise SimulationError("bad_agents", f"{where}: {name} takes no option {key!r} (options: {known})")
        kind, low, high = allowed[key]
        if kind is str:
            if option not in ("random", "greedy"):
                raise SimulationError("bad_agents", f"{where}.{key} must be 'random' or 'greedy', not {option!r}")
        elif (isinstance(option, bool) or not isinstance(option, (int, float)) or (kind is int and not isinstance(option, int))
              or not low <= option <= high):
            raise SimulationError("bad_agents", f"{where}.{key} must be a {'whole ' if kind is int else ''}number "
                                                f"from {low:g} to {high:g}, not {option!r}")
        spec[key] = option
    try:
        make_agent(name, 0, evaluate=engine.evaluate, **{k: v for k, v in spec.items() if k != "name"})
    except (TypeError, ValueError) as exc:
        raise SimulationError("bad_agents", f"{where}: {exc}") from None
    return spec


def _agents(mode: str, agents: Any, engine, decks: int) -> list[dict]:
    """Agent spec per side (``simulate.modes.side_agents``): one agent for every deck, or one per
    deck (a gauntlet: the deck's and its opponents'); goldfish adds the passive opponents."""
    if agents is None:
        agents = ["greedy"]
    if isinstance(agents, (str, dict)):
        agents = [agents]
    wanted = modes.agents_per_side(mode, decks)
    if not isinstance(agents, (list, tuple)) or not agents:
        raise SimulationError("bad_agents", f"agents must be a list of agent names (one for every deck, or {wanted}: "
                                            "one per deck)")
    if len(agents) not in (1, wanted):
        choice = "1 agent" if wanted == 1 else f"1 agent or {wanted} (one per deck)"
        raise SimulationError("bad_agents", f"{mode} with {decks} deck{'s' if decks != 1 else ''} takes {choice}, "
                                            f"not {len(agents)}")
    specs = [_agent(value, f"agents[{i}]", engine) for i, value in enumerate(agents)]
    return modes.side_agents(mode, specs, decks, engine)


def _games(games: Any, pairings: int) -> int:
    if isinstance(games, str) and games.strip().isdigit():
        games = int(games.strip())
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError("bad_games", f"games must be a whole number of at least 1, not {games!r}")
    limit = settings.SIMULATION_MAX_GAMES
    if games * pairings > limit:
        each = f" ({games} against each of {pairings} opponents)" if pairings > 1 else ""
        raise SimulationError("too_many_games", f"a run may play at most {limit:,} games; "
                                                f"this one asks for {games * pairings:,}{each}", limit=limit)
    return games


def _seed(seed: Any) -> int:
    if seed is None or seed == "":
        return secrets.randbelow(2**31)
    if isinstance(seed, str) and seed.strip().isdigit():
        seed = int(seed.strip())
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise SimulationError("bad_seed", f"seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    return seed


def _room_for_another(owner) -> None:
    limit = settings.SIMULATION_MAX_ACTIVE_RUNS
    active = SimulationRun.objects.filter(owner=owner, status__in=SimulationRun.ACTIVE, cancel_requested=False).count()
    if active >= limit:
        raise SimulationError("too_many_runs", f"you already have {active} runs queued or running "
                                               f"(at most {limit} at once); wait for one to finish or cancel one",
                              limit=limit)


# -- writes -----------------------------------------------------------------------------------------
@transaction.atomic
def simulation_start(*, owner, game: Any, mode: Any, deck_ids: Any = (), games: Any, seed: Any = None,
                     agents: Any = None, deal_from: Any = None, players: Any = None,
                     options: Any = None, league: Any = None) -> SimulationRun:
    """Check, freeze the decks at their current versions, split into chunks, and dispatch
    (after commit). A run on decks that are all public gets a share link.

    ``deal_from`` (a search query) makes a dealt-format run instead (``rules.core.dealing``): no
    decks are chosen; every game deals its decks from the cards matching the query. A ``mode``
    that is one of the game's deckless modes (``EngineSpec.deckless_modes``) takes ``players``
    (its engine's ``seat_counts()``) and no decks: its seats start from what its engine deals.
    ``options``: the engine's setup options (``EngineSpec.setup_options``; name -> value) for every game.
    A ``league`` run (mode ``league``) takes ``league``: ``{format, table_size, source, query}``
    (:func:`_league`): its decks are ``deck_ids`` or found by ``source``."""
    if not permissions.can_start(owner):
        raise PermissionDenied("log in to start a simulation")
    engine = _engine(game)
    if league is not None and mode != modes.LEAGUE:
        raise SimulationError("bad_league", f"league is for mode league, not {mode!r}")
    if mode == modes.LEAGUE:
        if deal_from is not None or players is not None:
            raise SimulationError("bad_league", "a league plays saved decks: leave deal_from and players out")
        settings_, decks = _league(owner, game, engine, league, deck_ids)
        return _start(owner, game, mode, engine, decks=decks, deal=None,
                      specs=_agents(mode, agents, engine, len(decks)),
                      pairings=league_rules.pairing_count(len(decks), settings_), games=games, seed=seed,
                      options=_options(options, engine), league=settings_)
    deckless = _deckless(game, mode, engine)
    if deckless is not None:
        if deck_ids or deal_from is not None:
            raise SimulationError("decks_not_taken", f"{mode} needs no decks: every seat starts from what the game "
                                                     "deals; leave decks (and deal_from) out and give players")
        count = _players(mode, players, deckless)
        chosen = _options(options, deckless, count)
        return _start(owner, game, mode, deckless, decks=[], deal=None, specs=_seat_agents(agents, deckless, count),
                      pairings=1, games=games, seed=seed, players=count, options=chosen)
    mode = _mode(mode, engine)
    if players is not None:
        raise SimulationError("bad_players", f"players is for a mode that needs no decks "
                                             f"({', '.join(engine.deckless_modes) or 'this game has none'}); "
                                             f"{mode} takes its seats from its decks")
    deal = None
    if deal_from is not None:
        deal = _deal(game, mode, deal_from, deck_ids, engine)
        decks, count = [], deal["count"]
    else:
        ids = _deck_ids(mode, deck_ids, engine)
        decks, count = modes.side_order(mode, _decks(owner, game, ids)), len(ids)
    specs = modes.side_order(mode, _agents(mode, agents, engine, count))
    return _start(owner, game, mode, engine, decks=decks, deal=deal, specs=specs,
                  pairings=modes.pairing_count(mode, count), games=games, seed=seed,
                  options=_options(options, engine))


def _start(owner, game: str, mode: str, engine, *, decks: list[Deck], deal: dict | None, specs: list[dict],
           pairings: int, games: Any, seed: Any, players: int | None = None,
           options: dict | None = None, league: dict | None = None) -> SimulationRun:
    """The checks every run shares (games, seed, runs at once), then the run's rows and dispatch."""
    games = _games(games, pairings)
    seed = _seed(seed)
    # The limit on runs at once is checked and the run inserted while the owner's row is locked:
    # eight starts at the same moment made eight active runs against a limit of three (PostgreSQL;
    # SQLite's IMMEDIATE transactions run one at a time anyway).
    get_user_model().objects.select_for_update().filter(pk=owner.pk).first()
    _room_for_another(owner)

    cost = runner.game_cost(game, mode, specs, engine.search_defaults)
    if league:  # many pairings: progress moves with the pairings, so chunks as big as their cost allows
        chunk_size = min(games, runner.chunk_size_for(games * pairings, cost=cost))
    else:
        chunk_size = runner.chunk_size_for(games, cost=cost)
    run = SimulationRun(owner=owner, game=game, mode=mode, games_requested=games, seed=seed, agents=specs,
                        chunk_size=chunk_size, backend=settings.SIMULATION_BACKEND, engine_version=engine.version,
                        deal=deal, players=players, options=options or {}, league=league)
    if all(deck.visibility == Deck.PUBLIC for deck in decks):
        run.new_share_token()
    run.save()
    RunDeck.objects.bulk_create([
        RunDeck(run=run, position=position, deck=deck, deck_version=deck.current_version, name=deck.name,
                snapshot=deck_to_data(deck_to_decklist(deck)))
        for position, deck in enumerate(decks)])
    RunChunk.objects.bulk_create([
        RunChunk(run=run, index=index, pairing=pairing, first_game=first, games=count)
        for index, (pairing, first, count) in enumerate(runner.plan_chunks(games, pairings, chunk_size))])
    transaction.on_commit(lambda: runner.dispatch(run))
    return run


def _league(owner, game: str, engine, league: Any, deck_ids: Any) -> tuple[dict, list[Deck]]:
    """A league's settings (``simulate.league.check``: format, table size; plus where its decks
    came from) and its decks: ``deck_ids`` (source ``chosen``), or the owner's legal decks of the
    game (``mine``), the public ones (``public``) or the legal decks named like ``query`` that the
    owner may use (``search``), newest first, at most ``league.MAX_DECKS``."""
    league = {} if league is None else league
    if not isinstance(league, dict):
        raise SimulationError("bad_league", "league must be an object: {format, table_size, source, query}")
    unknown = sorted(set(league) - {"format", "table_size", "source", "query"})
    if unknown:
        raise SimulationError("bad_league", f"league takes format, table_size, source and query, not {unknown[0]!r}")
    source = league.get("source") or "chosen"
    if source not in league_rules.SOURCES:
        raise SimulationError("bad_league", f"league.source must be one of {', '.join(league_rules.SOURCES)}, "
                                            f"not {source!r}")
    query = league.get("query") or ""
    if source == "chosen":
        ids = deck_ids
    else:
        if deck_ids:
            raise SimulationError("bad_decks", f"a league of {source} decks finds its decks: leave decks empty")
        if source == "search" and (not isinstance(query, str) or not query.strip() or len(query) > 200):
            raise SimulationError("bad_league", "league.query must be a deck name to search for (1-200 characters)")
        ids = _league_deck_ids(owner, game, source, query.strip() if isinstance(query, str) else "")
    if not isinstance(ids, (list, tuple)):
        raise SimulationError("bad_decks", "decks must be a list of deck ids")
    if len(ids) < league_rules.MIN_DECKS:
        found = f"found {len(ids)} legal {game} deck{'s' if len(ids) != 1 else ''}" if source != "chosen" \
            else f"not {len(ids)}"
        raise SimulationError("wrong_deck_count", f"a league takes {league_rules.MIN_DECKS} to "
                                                  f"{league_rules.MAX_DECKS} decks ({source}: {found})")
    ids = _deck_ids(modes.LEAGUE, ids, engine)
    try:
        checked = league_rules.check(engine, len(ids), league.get("format"), league.get("table_size"))
    except modes.ModeError as exc:
        raise SimulationError(exc.code, exc.message, formats=league_rules.formats(engine)) from None
    checked["source"] = source
    if source == "search":
        checked["query"] = query.strip()
    return checked, _decks(owner, game, ids)


def _league_deck_ids(owner, game: str, source: str, query: str) -> list[int]:
    """The newest legal decks of ``game`` a league of ``source`` decks plays (at most MAX_DECKS):
    the owner's (``mine``), the public ones (``public``), or those of both named like ``query``."""
    found = Deck.objects.filter(game=game, is_legal=True)
    if source == "mine":
        found = found.filter(owner=owner)
    elif source == "public":
        found = found.filter(visibility=Deck.PUBLIC)
    else:
        found = found.filter(Q(owner=owner) | Q(visibility=Deck.PUBLIC), name__icontains=query)
    return list(found.order_by("-updated", "-pk").values_list("pk", flat=True)[:league_rules.MAX_DECKS])


@transaction.atomic
def simulation_share(*, actor, run: SimulationRun, action: Any) -> SimulationRun:
    """The owner revokes the run's share key (``"revoke"``) or makes a new one (``"regenerate"``:
    the old link stops working). A new key needs every deck of the run to be public now."""
    if not permissions.can_change(actor, run):
        raise SimulationError("forbidden", "only the run's owner may share it")
    if action == "revoke":
        run.share_token = ""
    elif action == "regenerate":
        if not permissions.decks_all_public(run):
            raise SimulationError("not_public", "a deck of this run is not public (or was deleted), so the run "
                                                "cannot be shared; make every deck public first")
        run.new_share_token()
    else:
        raise SimulationError("bad_action", f"action must be 'revoke' or 'regenerate', not {action!r}")
    run.save(update_fields=["share_token"])
    return run


@transaction.atomic
def simulation_cancel(*, actor, run: SimulationRun) -> SimulationRun:
    """Stop a queued or running run: no further chunk starts, and a chunk being played gives up
    within about a second (``runner.cancel_check``), storing nothing."""
    if not permissions.can_change(actor, run):
        raise PermissionDenied("only the run's owner may cancel it")
    SimulationRun.objects.filter(pk=run.pk, status__in=SimulationRun.ACTIVE).update(
        cancel_requested=True, status=SimulationRun.Status.CANCELLED, finished=timezone.now())
    run.refresh_from_db()
    return run


@transaction.atomic
def simulation_delete(*, actor, run: SimulationRun) -> None:
    """Delete a run with its chunks (its pending chunks are skipped by any worker)."""
    if not permissions.can_change(actor, run):
        raise PermissionDenied("only the run's owner may delete it")
    run.delete()
