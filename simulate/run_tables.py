"""The run page's result tables (every side's standings, the game's counters), rendered here alone.

The page draws them when it loads, and as chunks land ``static/js/simulate.js`` fetches them
again as an HTML fragment (:func:`figures`, ``?pairing=`` for a gauntlet's opponent) and swaps
it in: one rendering in Python, none in the browser. The charts, the headline and the sortable
card table are drawn by the script alone from the JSON. Numbers read as the script writes its
own (``pct``, ``toFixed``), so the page looks the same whichever drew what.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

from django.shortcuts import render

from simulate import modes


def percent(value) -> str:
    """A rate as a percentage with at most one decimal ("50%", "12.3%"), "—" without one."""
    if value is None:
        return "—"
    return f"{math.floor(value * 1000 + 0.5) / 10:g}%"


def fixed(value, digits: int = 2) -> str:
    """``value`` with ``digits`` decimals, an exact tie rounded away from zero (JavaScript's ``toFixed``)."""
    if value is None:
        return "—"
    return str(Decimal(value).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


def interval(figure: dict | None) -> str:
    """A mean's 95% interval: "too few games" below the figures' threshold
    (``rules.core.tally.MIN_VALUES_FOR_INTERVAL``), nothing without one."""
    figure = figure or {}
    if figure.get("low") is not None:
        return f"{fixed(figure['low'])} – {fixed(figure['high'])}"
    return "too few games" if figure.get("too_few") and figure.get("count") else ""


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def side_name(side: dict) -> str:
    return side["name"] or f"Deck {side['side'] + 1}"


def standings(summary: dict | None) -> list[dict]:
    """Every side of a pairing: W/D/L, win rate with its interval, placements, mean placement,
    mean return with its interval."""
    rows = []
    for side in (summary or {}).get("sides", []):
        games = side["games"]
        win, ret = side["win_rate"], side["mean_return"]
        rows.append({
            "side": side["side"], "name": side_name(side), "games": games,
            "wins": side["wins"], "draws": side["draws"], "losses": side["losses"],
            "win_rate": percent(win["rate"]), "win_interval": f"{percent(win['low'])} – {percent(win['high'])}" if games else "",
            "placements": [{"place": ordinal(place), "count": n, "share": percent(n / games if games else None)}
                           for place, n in side["placements"]],
            "mean_placement": fixed(side["mean_placement"]),
            "mean_return": fixed(ret["mean"]),
            "return_interval": interval(ret),
        })
    return rows


def counter_rows(summary: dict | None, mode: str) -> dict:
    """The game's counters as the "Counted per game" box shows them: per side and plain counter
    its mean (with its 95% interval where the figures hold one: a deckless run's), how often it
    happened and the side's win rate with and without it (not against a passive opponent, whom
    the deck beats nearly every game); per side and per-card counter the cards in all, per game
    and per copy where the figures total them (``tally.deckless_figures``); what each counter
    counts, in the game's words. ``nothing_counted``: games were played and the game counts
    nothing (the page hides the box)."""
    summary = summary or {}
    sides = summary.get("sides") or []
    if not summary.get("games"):
        return {"plain": [], "cards": [], "sides": len(sides), "legend": [], "nothing_counted": False}
    if mode == modes.GOLDFISH:
        sides = sides[:1]
    labels = summary.get("counter_labels") or {}

    def label(counter: str) -> str:
        return labels.get(counter) or counter.replace("_", " ")

    plain, cards = [], []
    for side in sides:
        for counter, c in side["counters"].items():
            plain.append({"side": side_name(side), "counter": counter, "label": label(counter),
                          "mean": fixed(c["mean"]), "games_with": c["games_with"], "rate": percent(c["rate"]),
                          "interval": interval(c.get("mean_interval")),
                          "with": percent(c["win_rate_with"]), "without": percent(c["win_rate_without"])})
        for counter, total in (side.get("card_totals") or {}).items():
            cards.append({"side": side_name(side), "counter": counter, "label": label(counter),
                          "per_game": fixed(total["per_game"]), "total": total["total"],
                          "per_unit": fixed(total["per_unit"]) if "per_unit" in total else ""})
    described = summary.get("counter_descriptions") or {}
    named = list(dict.fromkeys(row["counter"] for row in plain))
    return {"plain": plain, "cards": cards, "sides": len(sides), "rates": mode != modes.GOLDFISH,
            "per_unit": any("per_unit" in total for side in sides for total in (side.get("card_totals") or {}).values()),
            "legend": [{"label": label(c), "text": described[c]} for c in named if described.get(c)],
            "nothing_counted": not plain}


def tables_context(run, results: dict, pairing: int = 0) -> dict:
    """The tables of one pairing of ``results`` (``selectors.run_results``); a pairing past the
    last shows the last, as the script's picker does."""
    pairings = results.get("pairings") or []
    summary = pairings[min(pairing, len(pairings) - 1)]["summary"] if pairings else results.get("summary")
    return {"standings": standings(summary), "counters": counter_rows(summary, run.mode),
            "side_noun": "Seat" if run.is_deckless else "Deck"}


def figures(request, run, results: dict):
    """The tables as an HTML fragment (``simulate/run_tables.html``) for the script to swap in."""
    raw = request.GET.get("pairing", "0")
    pairing = int(raw) if raw.isdigit() and len(raw) <= 4 else 0
    return render(request, "simulate/run_tables.html", tables_context(run, results, pairing))
