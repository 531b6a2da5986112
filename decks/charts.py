"""Deck charts drawn on the server: the game's chart data (``rules.core.construction.chart``:
bar, stacked or pie) as SVG geometry a template draws without any script or inline style.

The colours are SVG presentation attributes (``fill``), which the Content-Security-Policy
allows; every chart carries a text summary of all its values for screen readers and a table.
"""

from __future__ import annotations

import math

PALETTE = ["#3b6fd8", "#e0823a", "#2f9e6a", "#c8415b", "#8a5cc8", "#c9a227", "#2aa3b8", "#7d7f87"]
WIDTH, HEIGHT = 360, 200
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 28, 8, 18, 36
PIE_R = 80


def _num(value) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return 0.0
    return number if math.isfinite(number) else 0.0


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _nice_step(top: float) -> int:
    raw = max(1.0, top / 4)
    power = 10 ** math.floor(math.log10(raw))
    for step in (1, 2, 5, 10):
        if step * power >= raw:
            return int(max(1, step * power))
    return int(10 * power)


def summary(chart: dict) -> str:
    """Every value in words: "Level 0: 12, 1: 5" (the SVG's description)."""
    labels = chart.get("labels") or []
    parts = []
    for series in chart.get("series") or []:
        values = ", ".join(f"{label} {_fmt(_num(v))}" for label, v in zip(labels, series.get("values") or [],
                                                                            strict=False))
        parts.append(f"{series.get('name')}: {values}" if len(chart["series"]) > 1 or chart.get("kind") == "pie"
                     else values)
    return "; ".join(parts)


def _bars(chart: dict) -> dict:
    labels = chart.get("labels") or []
    series = chart.get("series") or []
    totals = [sum(_num((s.get("values") or [])[i]) if i < len(s.get("values") or []) else 0 for s in series)
              for i in range(len(labels))]
    top = max(totals, default=0) or 1
    step = _nice_step(top)
    top = max(step, math.ceil(top / step) * step)
    plot_w = WIDTH - PAD_LEFT - PAD_RIGHT
    plot_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    slot = plot_w / max(1, len(labels))
    bar_w = max(4.0, min(48.0, slot * 0.7))
    every = max(1, math.ceil(len(labels) / 12))  # label every n-th bar when there are many
    bars = []
    for i, label in enumerate(labels):
        x = PAD_LEFT + slot * i + (slot - bar_w) / 2
        y = PAD_TOP + plot_h
        segments = []
        for n, s in enumerate(series):
            values = s.get("values") or []
            value = _num(values[i]) if i < len(values) else 0
            if value <= 0:
                continue
            h = plot_h * value / top
            y -= h
            segments.append({"x": round(x, 2), "y": round(y, 2), "width": round(bar_w, 2), "height": round(h, 2),
                             "fill": PALETTE[n % len(PALETTE)], "title": f"{s.get('name')}: {label} {_fmt(value)}"})
        bars.append({"label": str(label), "show_label": i % every == 0, "segments": segments,
                     "total": _fmt(totals[i]), "show_total": totals[i] > 0,
                     "label_x": round(x + bar_w / 2, 2), "total_y": round(y - 4, 2)})
    gridlines = [{"y": round(PAD_TOP + plot_h - plot_h * t / top, 2), "value": t} for t in range(0, int(top) + 1, step)]
    legend = [{"name": s.get("name"), "fill": PALETTE[n % len(PALETTE)]} for n, s in enumerate(series)] \
        if len(series) > 1 else []
    return {"bars": bars, "gridlines": gridlines, "legend": legend, "axis_x1": PAD_LEFT, "axis_x2": WIDTH - PAD_RIGHT,
            "label_y": HEIGHT - PAD_BOTTOM + 16, "grid_label_x": PAD_LEFT - 5}


def _pie(chart: dict) -> dict:
    labels = chart.get("labels") or []
    values = [_num(v) for v in ((chart.get("series") or [{}])[0].get("values") or [])]
    total = sum(v for v in values if v > 0)
    cx, cy = WIDTH / 2, HEIGHT / 2
    slices, legend = [], []
    angle = -math.pi / 2
    for i, label in enumerate(labels):
        value = values[i] if i < len(values) else 0
        if value <= 0 or not total:
            continue
        fill = PALETTE[i % len(PALETTE)]
        share = value / total
        percent = round(100 * share)
        legend.append({"name": f"{label} {_fmt(value)} ({percent}%)", "fill": fill})
        if share >= 0.9999:
            slices.append({"circle": True, "cx": cx, "cy": cy, "r": PIE_R, "fill": fill, "title": f"{label}: {_fmt(value)}"})
            break
        end = angle + 2 * math.pi * share
        x1, y1 = cx + PIE_R * math.cos(angle), cy + PIE_R * math.sin(angle)
        x2, y2 = cx + PIE_R * math.cos(end), cy + PIE_R * math.sin(end)
        large = 1 if share > 0.5 else 0
        path = (f"M{cx:.2f},{cy:.2f} L{x1:.2f},{y1:.2f} A{PIE_R},{PIE_R} 0 {large} 1 {x2:.2f},{y2:.2f} Z")
        slices.append({"circle": False, "d": path, "fill": fill, "title": f"{label}: {_fmt(value)} ({percent}%)"})
        angle = end
    return {"slices": slices, "legend": legend}


def draw(chart: dict) -> dict:
    """One chart with the geometry of its SVG (``kind`` pie: slices; else bars, stacked when
    it has several series), its summary and its rows for a table of values."""
    kind = chart.get("kind") or "bar"
    out = {"id": chart.get("id", ""), "title": chart.get("title", ""), "kind": "pie" if kind == "pie" else "bar",
           "width": WIDTH, "height": HEIGHT, "summary": summary(chart),
           "labels": [str(label) for label in chart.get("labels") or []],
           "rows": [{"name": s.get("name"), "values": [_fmt(_num(v)) for v in s.get("values") or []]}
                    for s in chart.get("series") or []]}
    out.update(_pie(chart) if out["kind"] == "pie" else _bars(chart))
    return out


def draw_all(charts: list[dict]) -> list[dict]:
    return [draw(c) for c in charts]
