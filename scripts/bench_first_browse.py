"""A first visitor's browse of a game's cards (issue 27, part 7): right after
`manage.py load_cardpool`, the browse page, then every thumbnail it shows, as a browser
would fetch them (one at a time here: the worst case of a server with one free core), in a
process that has imported its views already (as `runserver` and a warmed-up server have).

    .venv/bin/python scripts/bench_first_browse.py [--game boundless]

Uses a throwaway SQLite database and MEDIA_ROOT in a temporary directory. Prints the time
`load_cardpool` took, the page's time, and the time until the last thumbnail arrived.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="boundless")
    parser.add_argument("--art-on-request", action="store_true",
                        help="as before issue 27: no pictures drawn at load (CARD_ART_AHEAD=0)")
    args = parser.parse_args()
    if args.art_on_request:
        os.environ["CARD_ART_AHEAD"] = "0"
    home = tempfile.mkdtemp(prefix="bench-browse-")
    os.environ["DATABASE_URL"] = f"sqlite:///{home}/db.sqlite3"
    os.environ["MEDIA_ROOT"] = f"{home}/media"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.chdir(ROOT)
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.urls import resolve

    call_command("migrate", verbosity=0, stdout=io.StringIO())
    started = time.perf_counter()
    call_command("load_cardpool", "--game", args.game, "--quiet", stdout=io.StringIO())
    loaded = time.perf_counter() - started

    resolve("/")  # the URLs and views imported, as a server has them before its first visitor
    client = Client()
    started = time.perf_counter()
    page = client.get(f"/games/{args.game}/")
    page_s = time.perf_counter() - started
    thumbs = re.findall(r'src="(/cards/\d+/thumb\.png)"', page.content.decode())
    slowest = 0.0
    for url in thumbs:
        one = time.perf_counter()
        response = client.get(url)
        b"".join(response.streaming_content)
        slowest = max(slowest, time.perf_counter() - one)
    all_s = time.perf_counter() - started
    print(f"{args.game}: load_cardpool {loaded:.1f} s; first browse: page {page_s:.2f} s, "
          f"{len(thumbs)} thumbnails all shown after {all_s:.2f} s (slowest {slowest:.2f} s)")


if __name__ == "__main__":
    main()
