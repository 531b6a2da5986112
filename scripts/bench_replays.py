"""Replay timings (robustness issue, part 2; issue 27.6: every replay opens in 3 s or less).

For each game (a head-to-head of two sample decks, greedy against greedy) and for a 4-seat
Millennium Blades whole game (greedy at every seat), one game is simulated, then its replay page
is opened as a visitor would open it, through Django's test client:

- ``pending``: the first request, which starts the replay in the background and answers at once;
- ``prepared``: how long until the replay is ready (the page's poll), the game played again;
- ``open``: the replay page once it is ready, and its size (the first page of frames and every
  move's line, never the whole game's boards);
- ``page``: a page of frames fetched as the viewer steps on (the middle and the last page).

    .venv/bin/python scripts/bench_replays.py        # part of `make bench`

Uses a throwaway SQLite database in a temporary directory (migrated, card pools loaded). The
runs' chunks play in the request (``inline``); the replays are prepared in the background as on a
server (``local``).
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TARGET = 3.0  # seconds: issue 27.6
GAMES = ("boundless", "spellbound", "fellbound", "bos", "millennium_blades")


def main() -> None:
    home = tempfile.mkdtemp(prefix="bench-replays-")
    os.environ["DATABASE_URL"] = f"sqlite:///{home}/db.sqlite3"
    os.environ["SIMULATION_BACKEND"] = "inline"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.chdir(ROOT)
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from decks.services import deck_import_text
    from simulate import services

    call_command("migrate", verbosity=0, stdout=io.StringIO())
    call_command("load_cardpool", "--no-decks", verbosity=0, stdout=io.StringIO())
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    user = get_user_model().objects.create_user("bench", password="bench-password-1")
    client = Client()
    client.force_login(user)

    def timed(url: str):
        began = time.perf_counter()
        response = client.get(url)
        return time.perf_counter() - began, response

    runs = []
    for game in GAMES:
        stems = sorted(p.name for p in (ROOT / "fixtures/decks").glob(f"{game}-*.txt"))[:2]
        decks = [deck_import_text(owner=user, game=game, text=(ROOT / "fixtures/decks" / stem).read_text())
                 for stem in stems]
        runs.append((f"{game} (head-to-head, greedy)", services.simulation_start(
            owner=user, game=game, mode="head_to_head", deck_ids=[d.pk for d in decks], games=1, seed=11,
            agents=[{"name": "greedy"}])))
    runs.append(("millennium_blades whole game, 4 seats greedy", services.simulation_start(
        owner=user, game="millennium_blades", mode="full-game", players=4, games=1, seed=11,
        agents=[{"name": "greedy"}] * 4)))

    settings.SIMULATION_BACKEND = "local"  # replays in the background, as on a server
    print(f"replay benchmark: open each replay page, then page through it (target: {TARGET:.0f} s)")
    print(f"  {'game':48} {'pending':>8} {'prepared':>9} {'open':>7} {'size':>8} {'page mid':>9} {'page end':>9}"
          f" {'frames':>7}")
    worst = 0.0
    for label, run in runs:
        run.refresh_from_db()
        url = reverse("simulate:replay", args=[run.pk, 0, 0])
        pending, first = timed(url)
        began = time.perf_counter()
        state_url = reverse("simulate:replay_state", args=[run.pk, 0, 0])
        while first.status_code == 202 and client.get(state_url).json()["status"] == "computing":
            time.sleep(0.05)
        prepared = time.perf_counter() - began if first.status_code == 202 else 0.0
        opened, page = timed(url)
        assert page.status_code == 200, (label, page.status_code)
        frames_url = reverse("simulate:replay_frames", args=[run.pk, 0, 0])
        total = client.get(frames_url + "?first=0").json()["total"]
        middle, _ = timed(f"{frames_url}?first={total // 2}")
        end, last = timed(f"{frames_url}?first={max(0, total - 1)}")
        assert last.status_code == 200 and last.json()["frames"], label
        worst = max(worst, pending, opened, middle, end)
        print(f"  {label:48} {pending:7.2f}s {prepared:8.2f}s {opened:6.2f}s {len(page.content) / 1024:6.0f}KB "
              f"{middle:8.2f}s {end:8.2f}s {total:7d}")
    print(f"  slowest request: {worst:.2f} s ({'within' if worst <= TARGET else 'OVER'} the {TARGET:.0f} s target)")


if __name__ == "__main__":
    main()
