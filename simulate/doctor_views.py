"""Deck doctor pages (issue 28, parts 2 and 3): start a run from a deck and a field, watch it (live
progress), read every candidate's change with its interval (an SVG chart drawn here, and the
table under it), and save the best change as the deck's new version with one click. The figures
are ``simulate.doctor_runs.doctor_report``'s, as the API's."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from decks.models import Deck
from decks.permissions import can_edit, can_view
from rules.core.registry import get_game
from simulate import doctor_runs, modes, permissions, selectors, services
from simulate.doctor import Settings
from simulate.views import _deck_choices, _key

AGENTS = [(a, a) for a in services.PLAYABLE_AGENTS if a in ("greedy", "random")]


class DoctorForm(forms.Form):
    """A doctor run: the field among the decks of the deck's game, the sizes, the seed, the agent."""

    field = forms.TypedMultipleChoiceField(coerce=int, label="Field (the decks to beat)",
                                           widget=forms.CheckboxSelectMultiple)
    candidates = forms.IntegerField(min_value=1, max_value=doctor_runs.LIMITS["candidates"][1],
                                    initial=Settings.candidates, help_text="swaps measured: the cheap screen's best")
    games_per_look = forms.IntegerField(min_value=2, max_value=doctor_runs.LIMITS["games_per_look"][1],
                                        initial=Settings.games_per_look, help_text="games against each deck per look")
    max_looks = forms.IntegerField(min_value=1, max_value=doctor_runs.LIMITS["max_looks"][1],
                                   initial=Settings.max_looks)
    agent = forms.ChoiceField(choices=AGENTS, initial="greedy")
    seed = forms.IntegerField(required=False, min_value=0, max_value=services.MAX_SEED,
                              help_text="empty: a random one (shown with the results)")

    def __init__(self, *args, user, deck: Deck, from_league: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if from_league:  # the field is the league's top decks (doctor_runs.league_field)
            del self.fields["field"]
            return
        self.fields["field"].choices = [(pk, label) for pk, label in _deck_choices(user, deck.game) if pk != deck.pk]


def _league_field(request, deck: Deck) -> dict | None:
    """``?league=<run>`` (and its share ``key``): the league run and the top decks that will be the
    field, for the page to name; None without one, or (with a message) when it cannot be used."""
    raw = request.GET.get("league") or request.POST.get("league") or ""
    if not raw:
        return None
    key = request.GET.get("league_key") or request.POST.get("league_key") or None
    try:
        ids = doctor_runs.league_field(request.user, raw, deck.pk, None, key)
    except services.SimulationError as exc:
        messages.error(request, f"{exc.message}; choose the field below.")
        return None
    names = dict(Deck.objects.filter(pk__in=ids).values_list("pk", "name"))
    return {"id": int(raw), "key": key or "", "decks": [names[i] for i in ids], "top": doctor_runs.LEAGUE_TOP}


def _subject(request) -> Deck | None:
    raw = request.GET.get("deck") or request.POST.get("deck") or ""
    deck = Deck.objects.filter(pk=int(raw)).first() if raw.strip().isdigit() and len(raw) < 12 else None
    return deck if deck is not None and can_view(request.user, deck) else None


@login_required
@require_http_methods(["GET", "POST"])
def doctor_new(request):
    """Choose a deck (yours or a public one), then its field and the sizes; start."""
    deck = _subject(request)
    if deck is None:
        decks = Deck.objects.filter(owner=request.user).order_by("game", "name")
        return render(request, "simulate/doctor_new.html", {"deck": None, "decks": decks})
    league = _league_field(request, deck)
    form = DoctorForm(request.POST or None, user=request.user, deck=deck, from_league=league is not None)
    status = 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            run = doctor_runs.doctor_start(owner=request.user, deck_id=deck.pk, field=data.get("field"),
                                           league=league and league["id"], league_key=league and league["key"],
                                           seed=data["seed"], agents=[data["agent"]], candidates=data["candidates"],
                                           games_per_look=data["games_per_look"], max_looks=data["max_looks"])
        except services.SimulationError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(run)
    if request.method == "POST":
        status = 400
    return render(request, "simulate/doctor_new.html",
                  {"deck": deck, "form": form, "spec": get_game(deck.game), "league": league}, status=status)


def _visible(request, pk: int):
    run = selectors.run_get(pk)
    if run is None or run.mode != modes.DOCTOR or not permissions.can_view(request.user, run, _key(request)):
        raise Http404("No such deck doctor run, or it is not shared with you.")
    return run


#: the chart's geometry (SVG user units)
CHART_WIDTH, LABEL_WIDTH, ROW_HEIGHT = 720, 300, 22


def change_chart(rows: list[dict]) -> dict:
    """Every measured change as a dot on its interval, on one scale around 0 (a forest plot)."""
    measured = [r for r in rows if r["change"] is not None]
    reach = max([0.05] + [max(abs(r["low"]), abs(r["high"])) for r in measured])
    plot = CHART_WIDTH - LABEL_WIDTH - 20

    def x(value: float) -> float:
        return round(LABEL_WIDTH + plot * (value + reach) / (2 * reach), 1)

    lines = [{"y": 14 + i * ROW_HEIGHT, "label": r["label"], "verdict": r["verdict"], "x": x(r["change"]),
              "x1": x(r["low"]), "x2": x(r["high"]), "change": r["change"], "low": r["low"], "high": r["high"]}
             for i, r in enumerate(measured)]
    return {"width": CHART_WIDTH, "height": 24 + ROW_HEIGHT * len(lines), "zero": x(0.0), "rows": lines,
            "ticks": [{"x": x(v), "text": f"{v * 100:+.0f}" if v else "0"} for v in (-reach, -reach / 2, 0.0, reach / 2, reach)],
            "label_width": LABEL_WIDTH}


def _points(value: float | None) -> str:
    """A win-rate change in points: 0.031 -> "+3.1"."""
    return "—" if value is None else f"{value * 100:+.1f}"


def _rows_with_text(rows: list[dict]) -> list[dict]:
    """The report's candidates with their change and interval as points, for the table."""
    return [{**r, "change_text": _points(r["change"]),
             "interval_text": "—" if r["low"] is None else f"{_points(r['low'])} to {_points(r['high'])}"}
            for r in rows]


def doctor_run(request, pk: int):
    run = _visible(request, pk)
    report = doctor_runs.doctor_report(run)
    report["candidates"] = _rows_with_text(report["candidates"])
    subject = run.run_decks.filter(position=0).select_related("deck").first()
    deck = subject.deck if subject else None
    can_save = bool(deck and request.user.is_authenticated and can_edit(request.user, deck))
    api_url = reverse("api-doctor", args=[run.pk]) + (f"?key={_key(request)}" if _key(request) else "")
    best = next((r for r in report["candidates"] if r["number"] == report["best"]), None)
    return render(request, "simulate/doctor_run.html", {
        "run": run, "report": report, "best": best, "deck": deck, "can_save": can_save,
        "can_change": permissions.can_change(request.user, run), "chart": change_chart(report["candidates"]),
        "api_url": api_url, "spec": get_game(run.game), "percent": round(100 * report["progress"]),
        "confidence": f"{100 * (1 - report['settings']['alpha']):g}",
        "agents": " vs ".join(str(a.get("name", a)) for a in run.agents)})


@login_required
@require_POST
def doctor_apply(request, pk: int):
    """One click: the chosen change that helps (default: the best) becomes the deck's new version."""
    run = _visible(request, pk)
    try:
        deck = doctor_runs.doctor_apply(actor=request.user, run=run, candidate=request.POST.get("candidate"))
    except PermissionDenied:
        raise
    except services.SimulationError as exc:
        messages.error(request, exc.message)
        return redirect(run)
    messages.success(request, f"Saved as version {deck.current_version} of {deck.name}.")
    return redirect(deck)
