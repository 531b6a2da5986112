"""League pages (issue 28.1): start a league, and a league run's page (live progress, the matchup
matrix as a server-drawn SVG heatmap with its text table, ratings, the equilibrium, each deck's
matchups), sortable by ``?sort=``.

Thin: the figures are ``simulate.selectors.league_figures`` (the API's and the command's too); the
heatmap's geometry is computed here and drawn by the template with SVG presentation attributes
only (the Content-Security-Policy allows no inline style). Writes go through
``simulate.services.simulation_start``; nothing here names a game: the formats and table sizes
come from the engine (``simulate.league``).
"""

from __future__ import annotations

import secrets

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from rules.core import registry
from rules.core.registry import get_game
from simulate import league, modes, selectors, services
from simulate.models import SimulationRun

#: the orders of the league's tables (``?sort=``), and the page's words for them
SORTS = {"rank": "by rating", "share": "by equilibrium share", "name": "by name", "order": "as entered"}
CELL, LABEL_W, HEAD_H = 30, 34, 26
RED, WHITE, GREEN = (200, 65, 91), (255, 255, 255), (47, 158, 106)
SOURCE_LABELS = {"chosen": "The decks I tick below", "mine": "All my legal decks of this game",
                 "public": "The public decks of this game", "search": "Decks named like (mine and public ones)"}


def _pct(value) -> str:
    return "—" if value is None else f"{100 * value:.0f}%"


def _mix(a: tuple, b: tuple, t: float) -> str:
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))


def cell_colour(rate: float | None) -> str:
    """White at 50%, deepening to green as the row deck wins more, to red as it loses more."""
    if rate is None:
        return "#eeeeee"
    return _mix(WHITE, GREEN, (rate - 0.5) * 2) if rate >= 0.5 else _mix(WHITE, RED, (0.5 - rate) * 2)


def order_of(figures: dict, sort: str) -> list[int]:
    """The decks in the order ``sort`` asks for (rows and columns of the matrix alike)."""
    decks = figures["decks"]
    if sort == "share":
        return sorted(range(len(decks)), key=lambda i: (-(decks[i]["share"] or 0), decks[i]["rank"]))
    if sort == "name":
        return sorted(range(len(decks)), key=lambda i: (decks[i]["name"].lower(), i))
    if sort == "order":
        return list(range(len(decks)))
    return list(figures["ranking"])


def heatmap(figures: dict, order: list[int]) -> dict:
    """The SVG geometry of the matrix: a cell per ordered pair of decks (row deck's score rate
    against the column deck), labelled by the decks' numbers in ``order``; an undecided cell
    (its interval spans 50%) carries a "?"."""
    names, matrix = figures["names"], figures["matrix"]
    size = len(order)
    cells = []
    for row, i in enumerate(order):
        for col, j in enumerate(order):
            cell = matrix[i][j]
            x, y = LABEL_W + col * CELL, HEAD_H + row * CELL
            if cell is None:
                cells.append({"x": x, "y": y, "fill": "#d9d9d9", "text": "", "title": f"{names[i]} (itself)"})
                continue
            text = "" if cell["rate"] is None else f"{100 * cell['rate']:.0f}"
            title = (f"{names[i]} against {names[j]}: no games yet" if cell["rate"] is None else
                     f"{names[i]} against {names[j]}: {_pct(cell['rate'])} (95% {_pct(cell['low'])}–"
                     f"{_pct(cell['high'])}) in {cell['games']} games" + ("; undecided" if cell["undecided"] else ""))
            cells.append({"x": x, "y": y, "fill": cell_colour(cell["rate"]), "text": text + ("?" if cell["undecided"]
                                                                                             and text else ""),
                          "title": title, "undecided": cell["undecided"] and bool(text),
                          "tx": x + CELL / 2, "ty": y + CELL / 2})
    labels = [{"number": i + 1, "name": names[i], "x": LABEL_W + n * CELL + CELL / 2, "y": HEAD_H + n * CELL + CELL / 2}
              for n, i in enumerate(order)]
    return {"width": LABEL_W + size * CELL + 2, "height": HEAD_H + size * CELL + 2, "cells": cells, "labels": labels,
            "label_x": LABEL_W - 6, "head_y": HEAD_H - 8,
            "summary": "; ".join(f"{c['title']}" for c in cells if c["text"])}


def league_rows(figures: dict, order: list[int], games_url: str = "") -> list[dict]:
    """The text table under the heatmap and the ratings table: a row per deck in ``order``; a cell
    of a two-deck league links to its pairing's games (``games_url`` + the pairing's number)."""
    names = figures["names"]
    settings = {"format": figures.get("format"), "table_size": figures.get("table_size")}
    pairing_of = {}
    if games_url and settings["format"] != league.TABLE:
        pairing_of = {frozenset(t): n for n, t in enumerate(league.tables(len(names), settings))}
    rows = []
    for i in order:
        d = figures["decks"][i]
        rows.append({**d, "number": i + 1, "score_text": _pct(d["score_rate"]), "share_text": _pct(d["share"]),
                     "best": [{**m, "rate_text": _pct(m["rate"])} for m in d["best"]],
                     "worst": [{**m, "rate_text": _pct(m["rate"])} for m in d["worst"]],
                     "against_mix_text": _pct(d["score_against_mix"]),
                     "dominated_by_names": [names[k] for k in d["dominated_by"]],
                     "cells": [None if figures["matrix"][i][j] is None else
                               {**figures["matrix"][i][j], "rate_text": _pct(figures["matrix"][i][j]["rate"]),
                                "interval": f"{_pct(figures['matrix'][i][j]['low'])}–{_pct(figures['matrix'][i][j]['high'])}",
                                "games_url": (f"{games_url}{pairing_of[frozenset((i, j))]}"
                                              if frozenset((i, j)) in pairing_of else "")}
                               for j in order]})
    return rows


def league_detail(request, run: SimulationRun, context: dict):
    """A league run's page (``views.run_detail`` hands league runs here)."""
    sort = request.GET.get("sort") if request.GET.get("sort") in SORTS else "rank"
    figures = selectors.league_figures(run)
    order = order_of(figures, sort)
    key = context["key"]
    base = run.get_absolute_url()
    games_url = reverse("simulate:games", args=[run.pk]) + "?" + (f"key={key}&" if key else "") + "pairing="
    from simulate.views import share_context

    rows = league_rows(figures, order, games_url)
    if request.user.is_authenticated and figures["comparisons"]:
        _doctor_links(request.user, run, rows, key)
    context.update(share_context(request, run, context["can_change"]))
    context.update(
        progress=selectors.run_progress(run), figures=figures, sort=sort, heatmap=heatmap(figures, order),
        rows=rows,
        columns=[{"number": i + 1, "name": figures["names"][i]} for i in order],
        sorts=[{"value": v, "label": label, "current": v == sort,
                "url": f"{base}?sort={v}" + (f"&key={key}" if key else "")} for v, label in SORTS.items()],
        format_label=league.FORMAT_LABELS.get(figures.get("format") or "", ""),
        api_url=reverse("api-simulation", args=[run.pk]) + (f"?key={key}" if key else ""),
        agents=", ".join(sorted({str(a.get("name", a)) if isinstance(a, dict) else str(a) for a in run.agents})))
    return render(request, "simulate/league.html", context)


def _doctor_links(user, run: SimulationRun, rows: list[dict], key: str | None) -> None:
    """Give each row whose deck ``user`` may see a link to the deck doctor with this league's top
    decks as the field (``doctor_runs.league_field``)."""
    from decks.permissions import can_view

    frozen = {rd.position: rd.deck for rd in run.run_decks.select_related("deck")}
    start = reverse("simulate:doctor_new")
    for row in rows:
        deck = frozen.get(row["number"] - 1)
        if deck is not None and can_view(user, deck):
            row["doctor_url"] = f"{start}?deck={deck.pk}&league={run.pk}" + (f"&league_key={key}" if key else "")


# -- start a league ----------------------------------------------------------------------------------
class LeagueForm(forms.Form):
    """What a league needs: where its decks come from, its format (and table size), games per
    table, one agent for every deck, a seed."""

    source = forms.ChoiceField(choices=list(SOURCE_LABELS.items()), initial="chosen", widget=forms.RadioSelect,
                               label="Decks")
    decks = forms.TypedMultipleChoiceField(coerce=int, required=False, widget=forms.CheckboxSelectMultiple,
                                           label="Decks of the league")
    query = forms.CharField(required=False, max_length=200, label="Deck name contains")
    league_format = forms.ChoiceField(label="Format")
    table_size = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, label="Decks at a table")
    games = forms.IntegerField(min_value=1, initial=100, label="Games per pairing")
    agent = forms.ChoiceField(label="Agent for every deck")
    seed = forms.IntegerField(min_value=0, max_value=services.MAX_SEED, label="Seed")

    def __init__(self, *args, decks: list[tuple[int, str]], engine, agents: list[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["decks"].choices = decks
        self.fields["league_format"].choices = [(f, league.FORMAT_LABELS[f]) for f in league.formats(engine)]
        self.fields["table_size"].choices = [(n, str(n)) for n in league.table_sizes(engine)]
        self.fields["agent"].choices = agents
        self.fields["agent"].initial = "greedy"
        self.fields["games"].widget.attrs.update(max=settings.SIMULATION_MAX_GAMES)

    def league(self) -> dict:
        data = self.cleaned_data
        out = {"source": data["source"], "format": data["league_format"]}
        if data["league_format"] == league.TABLE and data.get("table_size"):
            out["table_size"] = data["table_size"]
        if data["source"] == "search":
            out["query"] = data.get("query") or ""
        return out


@login_required
@require_http_methods(["GET", "POST"])
def league_new(request):
    """The "Start a league" page of a game (``?game=``)."""
    from simulate.views import AGENTS, _deck_choices, _engine_games, _start_game

    game, _ = _start_game(request)
    spec, engine = get_game(game), registry.get_engine(game)
    context = {"spec": spec, "accent": spec.accent, "games": _engine_games(), "playable": engine is not None}
    if engine is None or not league.formats(engine):
        return render(request, "simulate/league_new.html", context)
    decks = _deck_choices(request.user, game)
    form = LeagueForm(request.POST or None, decks=decks, engine=engine, agents=AGENTS,
                      initial={"seed": secrets.randbelow(2**31)})
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                run = services.simulation_start(
                    owner=request.user, game=game, mode=modes.LEAGUE, games=form.cleaned_data["games"],
                    deck_ids=form.cleaned_data["decks"] if form.cleaned_data["source"] == "chosen" else [],
                    seed=form.cleaned_data["seed"], agents=[form.cleaned_data["agent"]], league=form.league())
            except services.SimulationError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, f"Started league run {run.pk}.")
                return redirect(run)
        status = 400
    context.update(form=form, has_decks=bool(decks), min_decks=league.MIN_DECKS, max_decks=league.MAX_DECKS,
                   table_format=league.TABLE, max_games=f"{settings.SIMULATION_MAX_GAMES:,}",
                   players_text=modes.players_text(engine))
    return render(request, "simulate/league_new.html", context, status=status)
