"""Simulation pages: start a run, watch it (live progress and results), my runs, cancel / delete,
and the replay viewer (issue 5, parts 3-5).

Thin views: reads through ``simulate.selectors``, writes through ``simulate.services``, and every
permission question through ``simulate.permissions``. A run the visitor may not see answers 404
(whether it exists is not revealed); a visible run the visitor may not change answers 403. The
live parts (progress, charts, the replay stepper) are small scripts over the JSON API and the
data embedded in the page; every page still reads without them.

No game is named here: a game without a rules engine (``get_engine(game) is None``) gets a
sentence saying so instead of a form, and the modes, deck pickers and seats come from the
engine's spec (``min_players``/``max_players``), for 1 to ``max_players`` decks.
"""

from __future__ import annotations

import json
import secrets
from collections import Counter
from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_POST

from decks import selectors as deck_selectors
from decks.forms import TaggedSelect
from decks.models import Deck
from rules.core import registry
from rules.core.dealing import can_deal
from rules.core.options import BOOLEAN, CHOICE, INTEGER, MULTIPLE, declared
from rules.core.registry import UnknownGame, all_games, get_game
from rules.core.replay import frames_by_turn, page_window, paged
from simulate import modes, permissions, replays, run_tables, selectors, services
from simulate.models import SimulationRun

AGENT_LABELS = {"random": "Random (fastest)", "greedy": "Greedy (one ply)", "ismcts": "ISMCTS (search, slow)",
                "rollout": "Rollout (greedy play-outs to the reply, slow)"}
AGENTS = [(name, AGENT_LABELS.get(name, name)) for name in services.PLAYABLE_AGENTS]
GAMES_SHOWN = 48  # replay links listed per pairing; any other game opens through the number field
GAMES_PREVIEW = 10  # games shown per pairing on the run page (the games page lists them all)
GAMES_PER_PAGE = 50  # games per page of a run's games list


def _key(request) -> str | None:
    return request.GET.get("key") or request.POST.get("key") or None


def _violations_of(exc: services.SimulationError, decks: list[tuple[int, str]]) -> list[dict]:
    """The construction violations an illegal-deck refusal carries, each with its deck's name."""
    names = dict(decks)
    deck_name = names.get(exc.details.get("deck"), "")
    return [{**v, "deck": deck_name} for v in exc.details.get("violations") or [] if isinstance(v, dict)]


# -- start -----------------------------------------------------------------------------------------
def _engine_games() -> list[dict]:
    """Every game, with whether it has a rules engine (only those can be simulated)."""
    return [{"spec": g, "playable": registry.get_engine(g.slug) is not None} for g in all_games()]


def _modes(engine) -> list[dict]:
    """Every mode with whether this game offers it (by its spec's seats) and, if not, why; then
    the game's deckless modes (``EngineSpec.deckless_modes``: no decks, a number of players)."""
    out = []
    for mode in modes.FORM_MODES:
        try:
            low, high = modes.deck_range(mode, engine)
            reason = ""
        except modes.ModeError as exc:
            low, high, reason = 0, 0, exc.message
        out.append({"value": mode, "label": modes.LABELS[mode], "help": modes.HELP[mode], "offered": not reason,
                    "reason": reason, "min_decks": low, "max_decks": high})
    for name, spec in engine.deckless_modes.items():
        out.append({"value": name, "label": modes.mode_label(name), "help": modes.deckless_help(spec), "offered": True,
                    "reason": "", "min_decks": 0, "max_decks": 0})
    return out


def _option_field(option) -> forms.Field:
    """The form field of one setup option (``rules.core.options.EngineOption``), whatever its game:
    a select, checkboxes, a checkbox or a number. Values are checked by ``clean_options`` (its
    messages name the option), not by the field."""
    default = option.default_value()
    common = {"required": False, "label": option.label, "help_text": option.help}
    if option.kind == BOOLEAN:
        return forms.BooleanField(initial=bool(default), **common)
    if option.kind == INTEGER:
        attrs = {k: v for k, v in (("min", option.minimum), ("max", option.maximum)) if v is not None}
        return forms.IntegerField(initial=default, widget=forms.NumberInput(attrs=attrs), **common)
    choices = [("" if value is None else str(value), label) for value, label in option.choice_list()]
    if option.kind == MULTIPLE:
        return forms.MultipleChoiceField(choices=choices, initial=[str(v) for v in default or []],
                                         widget=forms.CheckboxSelectMultiple, **common)
    return forms.ChoiceField(choices=choices, initial="" if default is None else str(default), **common)


def _deck_label(deck: Deck, user) -> str:
    owner = "yours" if deck.owner_id == user.pk else f"by {deck.owner.get_username()}"
    return f"{deck.name} ({owner}{'' if deck.is_legal else ', not legal'})"


def _deck_choices(user, game: str) -> list[tuple[int, str]]:
    """The decks ``user`` may simulate in ``game``: their own, then everyone's public decks."""
    mine = list(deck_selectors.deck_list_mine(user=user).filter(game=game))
    public = list(deck_selectors.deck_list_public(game=game).exclude(owner=user)[:300])
    return [(d.pk, _deck_label(d, user)) for d in mine + public]


class RunForm(forms.Form):
    """What a run needs; the game comes from the page (the chosen deck's game). The table mode
    gets one deck picker (and agent) per further seat, up to the engine's ``max_players``. The
    form reads the page's fields; ``services.simulation_start`` alone checks the run (the API's
    and the command's checks), and its refusal shows beside its field (:meth:`add_service_error`)."""

    mode = forms.ChoiceField(choices=[(m, modes.LABELS[m]) for m in modes.FORM_MODES], initial="head_to_head",
                             widget=forms.RadioSelect)
    deck = forms.TypedChoiceField(coerce=int, label="Your deck", required=False, empty_value=None)
    deal_from = forms.CharField(required=False, max_length=services.MAX_DEAL_QUERY, label="Deal random decks from",
                                help_text="a search, e.g. game:fellbound s:FB1: every game deals fresh decks from "
                                          "the cards it finds (the game's random format) instead of the decks above")
    opponent = forms.TypedChoiceField(coerce=int, required=False, label="Opponent deck",
                                      empty_value=None)
    opponents = forms.TypedMultipleChoiceField(coerce=int, required=False, label="Opponent decks",
                                               widget=forms.CheckboxSelectMultiple)
    games = forms.IntegerField(min_value=1, initial=200, label="Games",
                               help_text="per opponent in a gauntlet")
    # greedy when left out, as every other seat's agent (a deckless mode does not use these two)
    agent_a = forms.ChoiceField(choices=AGENTS, initial="greedy", required=False, label="Agent for your deck")
    agent_b = forms.ChoiceField(choices=AGENTS, initial="greedy", required=False, label="Agent for the opponent")
    seed = forms.IntegerField(min_value=0, max_value=services.MAX_SEED, label="Seed",
                              help_text="the same decks, agents and seed play the same games again")
    iterations = forms.IntegerField(min_value=1, max_value=int(services.AGENT_OPTIONS["ismcts"]["iterations"][2]),
                                    required=False, label="ISMCTS iterations",
                                    help_text="per move, for every ISMCTS agent (empty: the agent's default)")
    players = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, label="Players")

    def __init__(self, *args, decks: list[tuple[int, str]], engine, **kwargs):
        super().__init__(*args, **kwargs)
        self.engine = engine
        self.can_deal = can_deal(engine.game)
        if not self.can_deal:
            del self.fields["deal_from"]
        self.fields["deck"].choices = decks
        self.fields["opponent"].choices = [("", "— choose a deck —")] + decks
        self.fields["opponents"].choices = decks
        self.fields["games"].widget.attrs.update(max=settings.SIMULATION_MAX_GAMES)  # checked by the service
        self.seats = list(range(2, engine.max_players + 1)) if engine.max_players >= 3 else []
        # the game's deckless modes (no decks: players seats, an agent each), asked of its engine
        self.deckless = dict(engine.deckless_modes)
        self.fields["mode"].choices += [(name, modes.mode_label(name)) for name in self.deckless]
        counts = sorted({n for spec in self.deckless.values() for n in spec.seat_counts()})
        self.fields["players"].choices = [(n, str(n)) for n in counts]
        self.fields["players"].initial = counts[0] if counts else None
        # each count names the modes it seats, so the page offers a mode only its own (EngineSpec seats)
        self.fields["players"].widget = TaggedSelect(attribute="modes", choices=self.fields["players"].choices, tags={
            str(n): " ".join(name for name, spec in self.deckless.items() if n in spec.seat_counts()) for n in counts})
        for number in range(1, (counts[-1] if counts else 0) + 1):
            self.fields[f"seat_agent_{number}"] = forms.ChoiceField(choices=AGENTS, initial="greedy", required=False,
                                                                    label=f"Agent for seat {number}")
        # the setup options each deckless mode's engine declares (EngineSpec.setup_options), one
        # field each, named option__<mode>__<name>; shown with their mode only
        self.option_fields: dict[str, list[tuple[str, object]]] = {}
        for name, spec in self.deckless.items():
            for option in declared(spec):
                field = f"option__{name}__{option.name}"
                self.fields[field] = _option_field(option)
                self.option_fields.setdefault(name, []).append((field, option))
        for number in self.seats:
            self.fields[f"table_deck_{number}"] = forms.TypedChoiceField(
                coerce=int, required=False, empty_value=None, label=f"Deck {number}",
                choices=[("", "— no deck —" if number > 2 else "— choose a deck —")] + decks)
            self.fields[f"table_agent_{number}"] = forms.ChoiceField(choices=AGENTS, initial="greedy", required=False,
                                                                     label=f"Agent for deck {number}")

    def table_rows(self) -> list[dict]:
        """The table and teams modes' pickers, seat 2 onwards (seat 1 is "Your deck"); in a team
        run the first half of the decks (yours included) is team 1."""
        half = max(modes.team_sizes(self.engine) or [0]) // 2
        return [{"number": n, "deck": self[f"table_deck_{n}"], "agent": self[f"table_agent_{n}"],
                 "team": 1 if n <= half else 2, "in_teams": n <= 2 * half, "mate": n if n <= half else n - half}
                for n in self.seats]

    def seat_rows(self) -> list[dict]:
        """A deckless mode's agent pickers, one per seat up to its most players."""
        return [{"number": int(name.rsplit("_", 1)[1]), "agent": self[name]}
                for name in self.fields if name.startswith("seat_agent_")]

    def option_groups(self) -> list[dict]:
        """The setup options of every deckless mode that declares some, for the template: the
        mode (``data-modes``) and a row per option (its bound field, kind and help)."""
        return [{"mode": mode, "label": modes.mode_label(mode),
                 "rows": [{"name": option.name, "kind": option.kind, "field": self[field], "help": option.help}
                          for field, option in fields]}
                for mode, fields in self.option_fields.items()]

    def option_field(self, mode: str, option: str | None) -> str | None:
        """The form field of ``mode``'s option ``option`` (None: none by that name)."""
        return next((field for field, o in self.option_fields.get(mode, []) if o.name == option), None)

    def _raw_options(self, mode: str) -> dict:
        """The chosen mode's setup options as the page sent them (name -> value); the service
        checks them (``clean_options``) and the form shows a refusal on the option's field."""
        raw = {}
        for field, option in self.option_fields.get(mode, []):
            value = self.cleaned_data.get(field)
            if option.kind == INTEGER and value is None:
                continue  # left empty: the default
            if option.kind == MULTIPLE and not value and f"{field}__shown" not in self.data:
                continue  # a post without the checkboxes (not from the page): the default
            if option.kind == CHOICE and value == "":
                value = None
            raw[option.name] = value
        return raw

    def options(self) -> dict:
        """The setup options sent for the run (``services.simulation_start`` checks them)."""
        return self._raw_options(self.cleaned_data["mode"]) if self.is_deckless() else {}

    def is_deckless(self) -> bool:
        return self.cleaned_data.get("mode") in self.deckless

    def player_count(self) -> int | None:
        return self.cleaned_data.get("players") if self.is_deckless() else None

    def _table_numbers(self) -> list[int]:
        return [n for n in self.seats if self.cleaned_data.get(f"table_deck_{n}")]

    def clean(self):
        """Which pickers the mode needs filled in, and nothing more: whether the game offers the
        mode, how many decks or players it takes, the games limit and the setup options are
        checked once, by ``services.simulation_start``, whose refusal :meth:`add_service_error`
        puts beside its field."""
        data = super().clean()
        mode = data.get("mode")
        if not mode or mode in self.deckless or data.get("deal_from"):
            return data  # a deckless mode takes players, a dealt run its query: the service checks both
        if not data.get("deck"):
            self.add_error("deck", "Choose your deck, or deal random decks.")
        elif mode in (modes.HEAD_TO_HEAD, modes.MATCH) and not data.get("opponent"):
            self.add_error("opponent", "Choose the opponent deck.")
        elif mode == modes.GAUNTLET and not data.get("opponents"):
            self.add_error("opponents", "Tick at least one opponent deck for the gauntlet.")
        return data

    def add_service_error(self, exc: services.SimulationError) -> None:
        """``simulation_start``'s refusal, beside the field it is about (the form-wide list when
        no one field is)."""
        mode = self.cleaned_data.get("mode")
        field, message = None, exc.message
        if exc.code == "bad_options":
            option = exc.details.get("option")
            field = self.option_field(mode, option)
            if field:  # "options.sets: choose..." (the API's words) as "Store sets: choose..."
                message = f"{self.fields[field].label}: {message.removeprefix(f'options.{option}: ')}"
        elif exc.code == "wrong_deck_count":
            field = "opponents" if mode == modes.GAUNTLET else f"table_deck_{self.seats[0]}" if self.seats else None
        else:
            field = {"bad_players": "players", "too_many_games": "games", "bad_games": "games", "bad_seed": "seed",
                     "bad_mode": "mode", "mode_not_offered": "mode", "bad_query": "deal_from",
                     "no_dealt_format": "deal_from", "small_pool": "deal_from"}.get(exc.code)
        self.add_error(field if field in self.fields else None, message)

    def deck_ids(self) -> list[int]:
        data = self.cleaned_data
        if data.get("deal_from") or self.is_deckless():
            return []
        if data["mode"] == "goldfish":
            return [data["deck"]]
        if data["mode"] in (modes.HEAD_TO_HEAD, modes.MATCH):
            return [data["deck"], data["opponent"]]
        if data["mode"] in (modes.TABLE, modes.TEAMS):
            return [data["deck"], *(data[f"table_deck_{n}"] for n in self._table_numbers())]
        return [data["deck"], *data["opponents"]]

    def agents(self) -> list:
        """Agent per deck (or per seat of a deckless mode); ISMCTS with the iterations asked for."""
        iterations = self.cleaned_data.get("iterations")
        return [{"name": name, "iterations": iterations} if name == "ismcts" and iterations else name
                for name in self._agent_names()]

    def _agent_names(self) -> list[str]:
        data = self.cleaned_data
        if self.is_deckless():
            return [data.get(f"seat_agent_{n}") or "greedy" for n in range(1, data["players"] + 1)]
        first, second = data.get("agent_a") or "greedy", data.get("agent_b") or "greedy"
        if data["mode"] == "goldfish":
            return [first]
        if data["mode"] in (modes.TABLE, modes.TEAMS):
            return [first, *(data.get(f"table_agent_{n}") or "greedy" for n in self._table_numbers())]
        return [first, second]


def _start_game(request) -> tuple[str, Deck | None]:
    """The game of the start page: the ?deck='s game, else ?game=, else the first game with an engine."""
    deck = None
    raw_deck = request.GET.get("deck") or request.POST.get("deck")
    if raw_deck and str(raw_deck).isdigit():
        deck = deck_selectors.deck_get_visible(pk=int(raw_deck), user=request.user, token=_key(request))
        if deck is not None:
            return deck.game, deck
    raw_game = request.GET.get("game") or request.POST.get("game") or ""
    try:
        return get_game(raw_game).slug, None
    except UnknownGame:
        pass
    games = _engine_games()
    playable = [g for g in games if g["playable"]]
    return (playable or games)[0]["spec"].slug, None


@login_required
@require_http_methods(["GET", "POST"])
def new(request):
    """The "Simulate" page: mode, decks, games, agents per deck and seed (a random one shown)."""
    game, deck = _start_game(request)
    spec = get_game(game)
    games = _engine_games()
    engine = registry.get_engine(game)
    context = {"spec": spec, "accent": spec.accent, "games": games,
               "playable_games": [g["spec"] for g in games if g["playable"]],
               "playable": engine is not None, "violations": [], "start_errors": []}
    if request.GET.get("deck") and deck is None:
        context["start_errors"].append("That deck does not exist or is not shared with you; choose one below.")
    if not context["playable"]:
        return render(request, "simulate/new.html", context)

    decks = _deck_choices(request.user, game)
    if deck is not None and deck.pk not in {pk for pk, _ in decks}:
        context["start_errors"].append(f"{deck.name} is unlisted and not yours: only your decks and public decks "
                                       "can be simulated. Copy it or ask its owner to make it public.")
    initial = {"seed": secrets.randbelow(2**31), "deck": deck.pk if deck is not None else None}
    offered = modes.available_modes(engine)
    if request.GET.get("mode") in offered or request.GET.get("mode") in engine.deckless_modes:
        initial["mode"] = request.GET["mode"]
    elif modes.HEAD_TO_HEAD not in offered:
        initial["mode"] = offered[0]
    if initial.get("mode") in engine.deckless_modes:  # the fewest players that mode seats
        initial["players"] = min(engine.deckless_modes[initial["mode"]].seat_counts())
    form = RunForm(request.POST or None, decks=decks, engine=engine, initial=initial)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                run = services.simulation_start(owner=request.user, game=game, mode=form.cleaned_data["mode"],
                                                deck_ids=form.deck_ids(), games=form.cleaned_data["games"],
                                                seed=form.cleaned_data["seed"], agents=form.agents(),
                                                deal_from=form.cleaned_data.get("deal_from") or None,
                                                players=form.player_count(), options=form.options())
            except services.SimulationError as exc:
                context["violations"] = _violations_of(exc, decks)
                form.add_service_error(exc)
            else:
                messages.success(request, f"Started {run.get_mode_display().lower()} run {run.pk}.")
                return redirect(run)
        status = 400
    context.update(form=form, has_decks=bool(decks), max_games=f"{settings.SIMULATION_MAX_GAMES:,}",
                   modes=_modes(engine), min_players=engine.min_players, max_players=engine.max_players,
                   players_text=modes.players_text(engine), deck_modes=" ".join(modes.FORM_MODES),
                   deckless_modes=" ".join(engine.deckless_modes),
                   # "Games" but "Matches" where a run counts matches (the engine's MatchFormat)
                   game_count_modes=" ".join(m for m in (*modes.FORM_MODES, *engine.deckless_modes) if m != modes.MATCH),
                   match_label=engine.match.label if engine.match else "")
    return render(request, "simulate/new.html", context, status=status)


# -- one run ---------------------------------------------------------------------------------------
def _visible_run(request, pk: int) -> SimulationRun:
    run = selectors.run_get(pk)
    if run is None or not permissions.can_view(request.user, run, _key(request)):
        raise Http404("No such run, or it is not shared with you.")
    return run


def _changeable_run(request, pk: int) -> SimulationRun:
    run = _visible_run(request, pk)
    if not permissions.can_change(request.user, run):
        raise PermissionDenied("Only the run's owner can cancel or delete it.")
    return run


def _run_title(run: SimulationRun, decks: list) -> str:
    """"Head-to-head: A vs B", "Table: A, B, C and D", "Gauntlet: A vs 3 decks", "Goldfish: A";
    a dealt-format run: "Head-to-head: random decks from <query>"."""
    label = run.get_mode_display()
    if run.is_deckless:
        return f"{label}: {run.players} players"
    if run.deal:
        return f"{label}: random decks dealt from “{run.deal['query']}”"
    names = [d.name for d in decks] or ["a deck"]
    if run.mode == SimulationRun.Mode.HEAD_TO_HEAD and len(names) > 1:
        return f"{label}: {names[0]} vs {names[1]}"
    if run.mode == SimulationRun.Mode.GAUNTLET:
        return f"{label}: {names[0]} vs {len(names) - 1} deck{'s' if len(names) != 2 else ''}"
    if run.mode == SimulationRun.Mode.TABLE and len(names) > 1:
        return f"{label}: {', '.join(names[:-1])} and {names[-1]}"
    return f"{label}: {names[0]}"


def _run_context(request, run: SimulationRun) -> dict:
    spec = get_game(run.game)
    decks = list(run.run_decks.all())
    key = _key(request) if run.share_token and _key(request) == run.share_token else None
    return {"run": run, "spec": spec, "accent": spec.accent, "decks": decks, "title": _run_title(run, decks),
            "subject": decks[0] if decks else None, "opponents": decks[1:],
            "can_change": permissions.can_change(request.user, run), "key": key,
            "side_noun": "Seat" if run.is_deckless else "Deck", "seats": _deckless_seats(run),
            "option_rows": selectors.option_rows(run)}


def _deckless_seats(run: SimulationRun) -> list[dict]:
    """A deckless run's seats with the agent of each (``[]`` for runs of decks)."""
    if not run.is_deckless:
        return []
    names = selectors.pairing_names(run)[0]
    return [{"name": name, "agent": str(a.get("name", a)) if isinstance(a, dict) else str(a)}
            for name, a in zip(names, run.agents, strict=False)]


def _played_games(run: SimulationRun) -> dict[int, list[int]]:
    """Per pairing, the indices of the games whose chunk has finished (replay links)."""
    played: dict[int, list[int]] = {}
    for pairing, first, count in run.chunks.filter(status="done").values_list("pairing", "first_game", "games"):
        played.setdefault(pairing, []).extend(range(first, first + count))
    return {p: sorted(games) for p, games in played.items()}


def share_context(request, run: SimulationRun, can_change: bool) -> dict:
    """What the share-link box (includes/share_box.html) shows the run's owner: the link, if any,
    and whether the run may be shared (every deck public)."""
    share_url = ""
    if can_change and run.share_token:
        share_url = request.build_absolute_uri(f"{run.get_absolute_url()}?key={run.share_token}")
    return {"share_url": share_url, "shareable": can_change and permissions.decks_all_public(run)}


def run_detail(request, pk: int):
    """The run page: live progress, results (charts, tables), the games with replay links."""
    run = _visible_run(request, pk)
    if run.mode == modes.DOCTOR:  # its own page (simulate.doctor_views)
        return redirect(run)
    context = _run_context(request, run)
    if run.mode == modes.LEAGUE:  # its own page: the matchup heatmap, ratings, equilibrium
        from simulate.league_views import league_detail

        return league_detail(request, run, context)
    progress = selectors.run_progress(run)
    results = selectors.run_results(run)
    played = _played_games(run)
    engine = selectors.run_engine(run)
    pairings = []
    for number, names in enumerate(selectors.pairing_names(run)):
        records = selectors.game_records(run, number)
        rates = selectors.side_win_rates(records or [], len(names))
        pairings.append({
            "number": number, "decks": names, "opponent": names[1] if len(names) > 1 else "",
            "played": len(played.get(number, [])), "games": played.get(number, [])[:GAMES_SHOWN],
            "rows": None if records is None else _game_rows(run, number, records[:GAMES_PREVIEW], names, rates, engine,
                                                              context["key"]),
            "filters": [] if not records else _filter_links(run, number, records, rates, engine, context["key"])})
    context.update(share_context(request, run, context["can_change"]))
    document = {**selectors.run_summary(run), "progress": progress, "results": results}
    api_url = reverse("api-simulation", args=[run.pk]) + (f"?key={context['key']}" if context["key"] else "")
    context.update(progress=progress, results=results, pairings=pairings, games_shown=GAMES_SHOWN,
                   games_preview=GAMES_PREVIEW,
                   api_url=api_url, document=document,
                   tables_url=_with_key(reverse("simulate:tables", args=[run.pk]), context["key"]),
                   **run_tables.tables_context(run, results),
                   agents=" vs ".join(str(a.get("name", a)) if isinstance(a, dict) else str(a) for a in run.agents))
    return render(request, "simulate/run.html", context)


def tables(request, pk: int):
    """The run page's result tables of ``?pairing=`` as an HTML fragment, which simulate.js swaps in
    as chunks land (``simulate.run_tables``: the one place they are rendered)."""
    run = _visible_run(request, pk)
    return run_tables.figures(request, run, selectors.run_results(run))


# -- the games list ---------------------------------------------------------------------------------
def _names_text(names: list[str]) -> str:
    return " & ".join(names)


def _game_rows(run: SimulationRun, pairing: int, records: list[dict], names: list[str], rates: list, engine,
               key: str | None) -> list[dict]:
    """The games list's rows: number, winner (decks; allies together), length, end reason in the
    game's words, whether it was an upset, and the replay link."""
    label = engine.end_reason_label if engine is not None else (lambda r: r.replace("_", " "))
    rows = []
    for r in records:
        rows.append({"index": r["index"], "winner": _names_text([names[s] for s in r["winning_sides"]]),
                     "draw": not r["winners"], "turns": r["turns"], "steps": r["steps"],
                     "reason": r["reason"], "reason_label": label(r["reason"]) if r["reason"] else "",
                     "upset": selectors.is_upset(r, rates),
                     "url": _with_key(reverse("simulate:replay", args=[run.pk, pairing, r["index"]]), key)})
    return rows


def _games_url(run: SimulationRun, key: str | None, **params) -> str:
    defaults = {"pairing": 0, "order": "number"}
    query = {k: v for k, v in params.items() if v not in (None, "", False) and defaults.get(k) != v}
    if key:
        query["key"] = key
    return reverse("simulate:games", args=[run.pk]) + ("?" + urlencode(query) if query else "")


def _reasons(records: list[dict], engine) -> list[dict]:
    """The end reasons of the games, most frequent first: ``[{reason, label, games}]``."""
    label = engine.end_reason_label if engine is not None else (lambda r: r.replace("_", " "))
    counts = Counter(r["reason"] for r in records if r["reason"])
    return [{"reason": reason, "label": label(reason), "games": n}
            for reason, n in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]


def _filter_links(run: SimulationRun, pairing: int, records: list[dict], rates: list, engine,
                  key: str | None) -> list[dict]:
    """One link per filter of the games list: shortest, longest, upsets, each end reason."""
    upsets = sum(selectors.is_upset(r, rates) for r in records)
    links = [{"label": "All games", "count": len(records), "filter": ("number", False, "")},
             {"label": "Shortest", "count": None, "filter": ("shortest", False, "")},
             {"label": "Longest", "count": None, "filter": ("longest", False, "")},
             {"label": "Upsets", "count": upsets, "filter": ("number", True, "")}]
    links += [{"label": f"Ended: {r['label']}", "count": r["games"], "filter": ("number", False, r["reason"])}
              for r in _reasons(records, engine)]
    for link in links:
        order, upset, reason = link["filter"]
        link["url"] = _games_url(run, key, pairing=pairing, order=order, show="upsets" if upset else "", reason=reason)
    return links


def games(request, pk: int):
    """A run's games, one pairing at a time: each game's winner, length and end reason, with its
    replay; filtered by ``?show=upsets`` (the weaker deck won, by win rates over the pairing's
    finished games) and ``?reason=`` (an end reason), ordered by ``?order=number|shortest|longest``,
    50 a page (``?page=``); ``?pairing=`` picks a gauntlet's opponent."""
    run = _visible_run(request, pk)
    context = _run_context(request, run)
    key = context["key"]
    all_names = selectors.pairing_names(run)
    raw_pairing = request.GET.get("pairing", "0")
    if not raw_pairing.isdigit() or len(raw_pairing) > 4 or int(raw_pairing) >= len(all_names):
        raise Http404(f"pairing must be from 0 to {len(all_names) - 1}")
    pairing = int(raw_pairing)
    names = all_names[pairing]
    order = request.GET.get("order") or "number"
    if order not in selectors.GAME_ORDERS:
        order = "number"
    upsets = request.GET.get("show") == "upsets"
    reason = request.GET.get("reason", "")[:80]
    engine = selectors.run_engine(run)
    records = selectors.game_records(run, pairing)
    context.update(pairing=pairing, names=names, order=order, upsets=upsets, reason=reason, records=records,
                   orders=list(selectors.GAME_ORDERS.items()), pairings=[
                       {"number": n, "opponent": p[1] if len(p) > 1 else "", "current": n == pairing}
                       for n, p in enumerate(all_names)])
    if records is None:  # finished before tallies kept their games: only the replay links
        return render(request, "simulate/games.html", context)
    rates = selectors.side_win_rates(records, len(names))
    chosen = selectors.select_games(records, order=order, upsets=upsets, reason=reason, rates=rates)
    page = Paginator(chosen, GAMES_PER_PAGE).get_page(request.GET.get("page"))
    reasons = _reasons(records, engine)
    base = {"pairing": pairing, "order": order, "show": "upsets" if upsets else "", "reason": reason}
    context.update(
        page=page, rows=_game_rows(run, pairing, page.object_list, names, rates, engine, key),
        reasons=reasons, reason_label=next((r["label"] for r in reasons if r["reason"] == reason), reason),
        filters=[{**f, "current": f["filter"] == (order, upsets, reason)}
                 for f in _filter_links(run, pairing, records, rates, engine, key)],
        rates=[{"name": n, "rate": run_tables.percent(r)} for n, r in zip(names, rates, strict=True)],
        upset_count=sum(selectors.is_upset(r, rates) for r in records),
        previous_url=_games_url(run, key, **base, page=page.previous_page_number()) if page.has_previous() else "",
        next_url=_games_url(run, key, **base, page=page.next_page_number()) if page.has_next() else "")
    return render(request, "simulate/games.html", context)


@login_required
@require_POST
def cancel(request, pk: int):
    run = _changeable_run(request, pk)
    if run.is_active:
        services.simulation_cancel(actor=request.user, run=run)
        messages.success(request, "Cancelled: the games being played stop within a second or so.")
    else:
        messages.info(request, f"The run is already {run.get_status_display().lower()}.")
    return redirect(run)


@login_required
@require_POST
def share(request, pk: int):
    """Revoke the run's share link, or make a new one (the old one stops working)."""
    run = _changeable_run(request, pk)
    action = request.POST.get("action")
    try:
        services.simulation_share(actor=request.user, run=run, action=action)
    except services.SimulationError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "Share link revoked: it no longer opens this run." if action == "revoke"
                         else "New share link made; the old one no longer works.")
    return redirect(run)


@login_required
@require_http_methods(["GET", "POST"])
def delete(request, pk: int):
    run = _changeable_run(request, pk)
    if request.method == "POST":
        label = str(run)
        services.simulation_delete(actor=request.user, run=run)
        messages.success(request, f"Deleted {label}.")
        return redirect("simulate:mine")
    return render(request, "simulate/delete.html", _run_context(request, run))


@login_required
def mine(request):
    """My runs, newest first, with status, mode, decks and progress."""
    runs = selectors.my_runs(request.user)
    page = Paginator(runs, 25).get_page(request.GET.get("page"))
    rows = [{"run": run, "decks": list(run.run_decks.all()), "progress": selectors.run_progress(run),
             "game_name": get_game(run.game).name} for run in page.object_list]
    return render(request, "simulate/mine.html", {"page": page, "rows": rows})


# -- replays ---------------------------------------------------------------------------------------
SEAT_ALL = "all"


def _seat(request) -> int | None:
    """?seat=N views the board as seat N may see it (the game's seats: selectors check the range);
    ?seat=all (or none) shows everything."""
    raw = request.GET.get("seat", SEAT_ALL)
    if raw == SEAT_ALL or raw == "":
        return None
    if raw.isdigit() and len(raw) < 4:
        return int(raw)
    raise Http404(f"seat must be {SEAT_ALL!r} or a seat number, not {raw[:20]!r}")


def replay(request, pk: int, pairing: int, index: int):
    """Game ``index`` of ``pairing`` (both 0-based, as in the API; pages write "game #index+1": people count from 1), played
    again from its seed and stepped through move by move: the board as one seat may see it, or
    everything; each move in the game's words, the seats named by their decks, the placements."""
    run = _visible_run(request, pk)
    if "game" in request.GET:  # the run page's "open game #" form
        return _redirect_to_game(request, run)
    context = _run_context(request, run)
    if run.status == SimulationRun.Status.FAILED:
        raise Http404("This run failed, so its games cannot be replayed.")
    seat = _seat(request)
    number = _match_game(request)
    try:
        seats = selectors.seat_names(run, pairing, index)
        selectors.check_seat(run, pairing, seat)
        data = replays.replay(run, pairing, index, replays.requester_of(request, context["key"]))
        frames = selectors.replay_frames(run, pairing, index, seat, replay=data, match_game_number=number,
                                         window=page_window(0))
    except selectors.ReplayNotFound as exc:
        raise Http404(str(exc)) from None
    except (replays.ReplayPending, replays.ReplayBusy) as exc:
        busy = isinstance(exc, replays.ReplayBusy)
        context.update(pairing=pairing, index=index, busy=str(exc) if busy else "",
                       progress=replays.progress(run, pairing, index),
                       state_url=reverse("simulate:replay_state", args=[run.pk, pairing, index])
                       + (f"?key={context['key']}" if context["key"] else ""))
        response = render(request, "simulate/replay_pending.html", context, status=429 if busy else 202)
        response["Retry-After"] = str(replays.ReplayPending.retry_after)
        return response
    key_q = f"&key={context['key']}" if context["key"] else ""
    game_q = f"&match_game={number}" if number else ""
    seat_links = [{"label": f"Seat {s['seat'] + 1}", "title": f"{s['deck']} ({s['agent']})",
                   "url": f"?seat={s['seat']}{game_q}{key_q}", "current": seat == s["seat"]} for s in seats]
    seat_links.append({"label": "Everything", "title": "every card, hidden ones too",
                       "url": f"?seat={SEAT_ALL}{game_q}{key_q}", "current": seat is None})
    turns = frames_by_turn(frames)
    page = paged(frames, page_window(0, len(frames)))
    outline = page.pop("outline")
    match_games = [{"number": n, "current": n == (number or 1),
                    "url": f"?match_game={n}&seat={SEAT_ALL if seat is None else seat}{key_q}"}
                   for n in range(1, len(data.get("games") or ()) + 1)]
    outcome = selectors.match_game(data, number).get("outcome") or {}
    engine = selectors.run_engine(run)
    reason = outcome.get("reason") or ""
    names = selectors.pairing_names(run)[pairing]
    context.update(pairing=pairing, index=index, seat=SEAT_ALL if seat is None else str(seat), match_games=match_games,
                   match_result=_match_result(data, seats),
                   seats=seats, frames=outline, frame_page=page, turns=turns, seat_links=seat_links,
                   outcome=outcome,
                   frames_url=reverse("simulate:replay_frames", args=[run.pk, pairing, index])
                   + f"?seat={SEAT_ALL if seat is None else seat}{game_q}{key_q}",
                   winners=[s for s in seats if s["seat"] in (outcome.get("winners") or [])],
                   reason_label=engine.end_reason_label(reason) if engine and reason else reason.replace("_", " "),
                   standings=selectors.game_standings(seats, outcome),
                   # a deckless run's sides are named after their seats ("Seat 1"): its panels are titled by
                   # their agents instead ("Seat 1 · random", not "Seat 1 · Seat 1")
                   seat_decks=[s["agent"] if run.is_deckless else s["deck"] for s in seats],
                   opponent_name=names[1] if len(names) > 1 else "",
                   previous_game=index - 1 if index > 0 else None,
                   next_game=index + 1 if index + 1 < run.games_requested else None,
                   json_url=reverse("simulate:replay_json", args=[run.pk, pairing, index])
                   + (f"?key={context['key']}" if context["key"] else ""))
    return render(request, "simulate/replay.html", context)


def _match_game(request) -> int | None:
    """The ``match_game`` asked for (1-based), None when not given; a bad value is a 404."""
    raw = request.GET.get("match_game")
    if raw is None:
        return None
    if not raw.isdigit() or len(raw) > 3:
        raise Http404("match_game must be the number of a game of the match (1, 2, ...)")
    return int(raw)


def _match_result(data: dict, seats: list[dict]) -> str:
    """"Tidewatch Control won the match 2-1 (3 games)" for a match's replay; "" for a game's."""
    games = data.get("games") or []
    if not games:
        return ""
    wins = [0] * len(seats)
    for game in games:
        for seat in (game.get("outcome") or {}).get("winners") or ():
            wins[seat] += 1
    score = "-".join(str(w) for w in sorted(wins, reverse=True))
    leaders = [seat for seat, won in enumerate(wins) if won == max(wins)]
    played = f"{len(games)} game{'s' if len(games) != 1 else ''}"
    if len(leaders) == 1:
        return f"{seats[leaders[0]]['deck']} won the match {score} ({played})"
    return f"the match was drawn {score} ({played})"


def _redirect_to_game(request, run: SimulationRun):
    raw_game, raw_pairing = request.GET.get("game", "").strip(), request.GET.get("pairing", "0").strip()
    if (not (raw_game.isdigit() and raw_pairing.isdigit()) or len(raw_game) > 9 or len(raw_pairing) > 4
            or int(raw_game) < 1):
        messages.error(request, "Give the game's number (a whole number from 1) to replay it.")
        return redirect(_with_key(run.get_absolute_url(), _key(request)) + "#games")
    # people count games from 1 (the form's "Game #"); the URL keeps the API's index from 0
    url = reverse("simulate:replay", args=[run.pk, int(raw_pairing), int(raw_game) - 1])
    return redirect(_with_key(url, _key(request)))


def _with_key(url: str, key: str | None) -> str:
    return f"{url}?key={key}" if key else url


def replay_state(request, pk: int, pairing: int, index: int):
    """Whether a replay being prepared is ready, and how far it has come (the pending page polls it)."""
    run = _visible_run(request, pk)
    return JsonResponse({"status": replays.state(run, pairing, index), **replays.progress(run, pairing, index)})


def replay_frames(request, pk: int, pairing: int, index: int):
    """A page of the replay viewer's frames (``?first=N``: ``FRAMES_PER_PAGE`` frames from frame N,
    each with its board) with their cards' pictures; the viewer asks for it as it steps on."""
    run = _visible_run(request, pk)
    raw = request.GET.get("first", "0")
    if not raw.isdigit() or len(raw) > 7:
        return JsonResponse({"error": "first must be a frame number (0, 1, ...)"}, status=400)
    seat, number = _seat(request), _match_game(request)
    try:
        selectors.check_seat(run, pairing, seat)
        data = replays.replay(run, pairing, index, replays.requester_of(request, _key(request)))
        window = page_window(int(raw))
        frames = selectors.replay_frames(run, pairing, index, seat, replay=data, match_game_number=number,
                                         window=window)
    except selectors.ReplayNotFound as exc:
        raise Http404(str(exc)) from None
    except (replays.ReplayPending, replays.ReplayBusy):
        return JsonResponse({"status": "computing"}, status=202)
    return JsonResponse(replays.frame_page_answer(run.game, paged(frames, window)))


def replay_json(request, pk: int, pairing: int, index: int):
    """The game's replay file (``docs/replay-format.md``), as a download."""
    run = _visible_run(request, pk)
    try:
        data = replays.replay(run, pairing, index, replays.requester_of(request, _key(request)))
    except selectors.ReplayNotFound as exc:
        raise Http404(str(exc)) from None
    except (replays.ReplayPending, replays.ReplayBusy) as exc:
        busy = isinstance(exc, replays.ReplayBusy)
        response = JsonResponse({"status": "busy" if busy else "computing", "message": str(exc) or
                                 "the replay is being prepared; ask again in a moment"}, status=429 if busy else 202)
        response["Retry-After"] = str(replays.ReplayPending.retry_after)
        return response
    response = HttpResponse(json.dumps(data, indent=1, sort_keys=True), content_type="application/json")
    name = slugify(f"{run.game}-run-{run.pk}-pairing-{pairing}-game-{index}")
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response
