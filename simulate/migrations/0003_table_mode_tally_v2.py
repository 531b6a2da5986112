"""The ``table`` mode, and chunk tallies upgraded from version 1 to version 2.

Version 1 tallies (before results had placements) come from two-sided pairings of games won by
one seat or drawn, so version 2 follows from them exactly: a won game places its side first
(+1), a lost one second (-1), a draw places both first (0); "mulligans" becomes a plain counter
and a card's "drawn"/"played" figures per-card counters. A tally that is neither version 1 of
two sides nor version 2 is left alone: its run's page says it must be run again.
"""

from django.db import migrations, models


def _upgrade(t: dict) -> dict | None:
    if not isinstance(t, dict) or "version" in t or len(t.get("side_wins", ())) != 2:
        return None
    games, draws = t["games"], t["draws"]
    out = {"version": 2, "sides": 2, "games": games, "draws": draws, "seat_wins": list(t["seat_wins"]),
           "side_wins": list(t["side_wins"]), "placements": [], "returns": [], "returns_squared": [],
           "turns": dict(t["turns"]), "steps": dict(t["steps"]), "end_reasons": dict(t["end_reasons"]),
           "turns_to_win": [dict(h) for h in t["turns_to_win"]], "counters": [], "cards": []}
    for side in range(2):
        wins, losses = t["side_wins"][side], games - draws - t["side_wins"][side]
        places = {"1": wins + draws, "2": losses}
        out["placements"].append({place: n for place, n in places.items() if n})
        out["returns"].append(float(wins - losses))
        out["returns_squared"].append(float(games - draws))
        mulligans = (t.get("mulligans") or [{}, {}])[side]
        counters = {}
        if mulligans.get("counts"):
            counters["mulligans"] = {"values": dict(mulligans["counts"]), "wins_with": mulligans.get("wins_with", 0),
                                     "wins_without": mulligans.get("wins_without", 0)}
        out["counters"].append(counters)
        cards = {}
        for name, row in (t.get("cards") or [{}, {}])[side].items():
            for kind in ("drawn", "played"):
                if row.get(kind):
                    cards.setdefault(name, {})[kind] = {"count": row[kind], "games": row[f"games_{kind}"],
                                                        "wins": row[f"wins_when_{kind}"]}
        out["cards"].append(cards)
    return out


def upgrade_tallies(apps, schema_editor):
    RunChunk = apps.get_model("simulate", "RunChunk")
    for chunk in RunChunk.objects.exclude(tally=None).iterator():
        upgraded = _upgrade(chunk.tally)
        if upgraded is not None:
            chunk.tally = upgraded
            chunk.save(update_fields=["tally"])


class Migration(migrations.Migration):

    dependencies = [
        ('simulate', '0002_chunk_lease'),
    ]

    operations = [
        migrations.AlterField(
            model_name='simulationrun',
            name='mode',
            field=models.CharField(choices=[('goldfish', 'Goldfish'), ('head_to_head', 'Head-to-head'),
                                            ('gauntlet', 'Gauntlet'), ('table', 'Table')], max_length=20),
        ),
        migrations.AlterField(
            model_name='simulationrun',
            name='agents',
            field=models.JSONField(default=list, help_text="agent spec per side (deck), e.g. ['greedy', 'random']"),
        ),
        migrations.RunPython(upgrade_tallies, migrations.RunPython.noop),
    ]
