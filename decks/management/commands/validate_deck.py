"""Validate a deck text file against its game's rulebook (issue "Deck builder", part 10).

    python manage.py validate_deck FILE --game SLUG [--format NAME] [--json]

Exit status: 0 legal, 1 illegal (each violation printed with its rule), 2 unreadable input
(missing or undecodable file, lines that cannot be read or name unknown cards, unknown game or
format). The same selectors as the API validate the deck, so both give the same verdict.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from decks import selectors, services
from rules.core.registry import game_slugs, get_game

LEGAL, ILLEGAL, UNREADABLE = 0, 1, 2
MAX_BYTES = 1024 * 1024


class Command(BaseCommand):
    help = "Validate a deck text file; exit 0 legal, 1 illegal, 2 unreadable input."

    def add_arguments(self, parser):
        parser.add_argument("file", help="deck text file ('-' reads standard input)")
        parser.add_argument("--game", required=True, help=f"game slug: {', '.join(game_slugs())}")
        parser.add_argument("--format", dest="fmt", default=None,
                            help="format slug or name (default: the file's '# Format:' line, else standard)")
        parser.add_argument("--json", action="store_true", help="print the verdict as JSON")

    def handle(self, *args, file: str, game: str, fmt: str | None, json: bool, **options):
        self.as_json = json
        code, payload = self._check(file, game, fmt)
        if self.as_json:
            self.stdout.write(_dumps(payload))
        if code:
            sys.exit(code)

    # -- the check ---------------------------------------------------------------------------------
    def _check(self, file: str, game: str, fmt_name: str | None) -> tuple[int, dict]:
        if game not in game_slugs():
            return self._unreadable(f"unknown game {game!r}; known games: {', '.join(game_slugs())}")
        text, problem = _read(file)
        if problem:
            return self._unreadable(problem)
        try:
            decklist = services.deck_parse_text(game=game, text=text)
        except services.DeckTextErrors as exc:
            return self._unreadable(f"{file}: {len(exc.errors)} line(s) cannot be read",
                                    [{"line": e.line, "message": e.message} for e in exc.errors])
        wanted = fmt_name or (decklist.format if decklist.format != "standard" else None)
        fmt = selectors.format_find(game=game, name=wanted)
        if fmt is None:
            known = ", ".join(f.slug for f in selectors.format_list(game=game))
            return self._unreadable(f"{get_game(game).name} has no format {wanted!r}; known: {known}")
        decklist.format = fmt.slug
        violations = selectors.validate_decklist(decklist, fmt)
        payload = {"file": file, "game": game, "format": fmt.slug, "legal": not violations,
                   "count": selectors.deck_counts(decklist), "violations": [v.as_dict() for v in violations]}
        if not self.as_json:
            name = decklist.name or Path(file).name
            if violations:
                self.stdout.write(f"{name}: ILLEGAL in {get_game(game).name} {fmt.name} "
                                  f"({len(violations)} violation{'s' if len(violations) != 1 else ''})")
                for v in violations:
                    cards = f" [{', '.join(v.cards)}]" if v.cards else ""
                    self.stdout.write(f"  - {v.code}: {v.message}{cards}\n    rule: {v.rule}")
            else:
                self.stdout.write(f"{name}: legal in {get_game(game).name} {fmt.name}")
        return (ILLEGAL if violations else LEGAL), payload

    def _unreadable(self, message: str, errors: list[dict] | None = None) -> tuple[int, dict]:
        if not self.as_json:
            self.stderr.write(f"error: {message}")
            for e in errors or []:
                self.stderr.write(f"  line {e['line']}: {e['message']}")
        return UNREADABLE, {"legal": None, "error": message, "errors": errors or []}


def _read(file: str) -> tuple[str, str | None]:
    """The file's text, or ("", why it cannot be read)."""
    try:
        if file == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            path = Path(file)
            if not path.is_file():
                return "", f"{file}: no such file"
            with path.open("rb") as fh:
                data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        return "", f"{file}: cannot read ({exc.strerror or exc})"
    if len(data) > MAX_BYTES:
        return "", f"{file}: larger than {MAX_BYTES // 1024} KB; not a deck list"
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        return "", f"{file}: not UTF-8 text (byte {exc.start})"


def _dumps(payload: dict) -> str:
    return json.dumps(payload, indent=2, ensure_ascii=False)
