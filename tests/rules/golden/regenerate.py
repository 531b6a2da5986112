"""Write the golden playthroughs again: ``.venv/bin/python -m tests.rules.golden.regenerate [game ...]``.

Run it after bumping an engine's version for a change that alters its games (the test says
which); with game slugs, only those games' files (a mode's files go with its game)."""

from __future__ import annotations

import sys

from tests.rules.golden.playthroughs import play, playthroughs


def main(games: list[str]) -> None:
    for case in playthroughs():
        if games and case.game not in games:
            continue
        text = play(case)
        changed = not case.path.exists() or case.path.read_text(encoding="utf-8") != text
        case.path.write_text(text, encoding="utf-8")
        print(f"{case.path.name}: {len(text.splitlines())} lines{' (changed)' if changed else ''}")


if __name__ == "__main__":
    main(sys.argv[1:])
