"""Import cards from a CSV or JSON file, all or nothing (docs/import-format.md).

    python manage.py import_cards cards.csv --game millennium_blades [--format csv] [--dry-run]

Every problem is printed, one per line, with its line, column and reason; then the command
fails and nothing is written. Re-importing a file updates cards instead of duplicating them.
For a game that compiles card text into effects, cards that arrive without effects get them
from their text; those whose text does not compile are imported as not playable yet, and named
with the phrase not understood (``manage.py effects_report`` gives the whole picture).
A file larger than ``settings.CARD_IMPORT_MAX_BYTES`` (20 MB by default, as for the admin's
import) is refused before it is read.
"""

import sys
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cardpool.art_ahead import add_no_art_argument, draw_art_for_command
from cardpool.importer import FORMATS, decode_upload, detect_format, import_cards_text
from cardpool.services import ImportFailed
from config.progress import add_quiet_argument, progress_callback
from rules.core.registry import game_slugs

#: Show a progress bar from this many cards on.
PROGRESS_FROM = 200
#: Name at most this many cards whose text did not compile (effects_report lists them all).
SHOW_NOT_PLAYABLE = 20
#: List at most this many merged rows (-v 2: all)
SHOW_MERGED = 20


class Command(BaseCommand):
    help = "Import cards from a CSV or JSON file for one game (all or nothing; re-import updates)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the CSV or JSON file ('-' reads standard input; then give --format)")
        parser.add_argument("--game", required=True, choices=game_slugs())
        parser.add_argument("--format", choices=FORMATS,
                            help="csv or json (default: from the file extension, else from the content)")
        parser.add_argument("--dry-run", action="store_true", help="check everything, write nothing")
        add_no_art_argument(parser)
        add_quiet_argument(parser)

    def handle(self, *args, **options):
        name = options["file"]
        limit = settings.CARD_IMPORT_MAX_BYTES
        too_big = (f"{name}: larger than the import limit of {limit / (1024 * 1024):g} MB "
                   "(settings.CARD_IMPORT_MAX_BYTES); split the file by set")
        if name == "-":
            data = sys.stdin.buffer.read(limit + 1)
            if len(data) > limit:
                raise CommandError(too_big)
        else:
            path = Path(name)
            if not path.is_file():
                raise CommandError(f"{name}: no such file")
            if path.stat().st_size > limit:  # refused before anything is read into memory
                raise CommandError(too_big)
            data = path.read_bytes()
        try:
            text = decode_upload(data)
            del data  # only the text is kept while rows are read
            fmt = detect_format(name, text, options["format"])
            summary = import_cards_text(text, game_slug=options["game"], fmt=fmt, dry_run=options["dry_run"],
                                        progress=progress_callback(self, options, desc="Importing", unit="cards",
                                                                           least=PROGRESS_FROM))
        except ImportFailed as exc:
            for error in exc.errors:
                self.stderr.write(f"{name}: {error}")
            raise CommandError(f"{len(exc.errors)} error(s) in {name}; nothing was imported") from None
        prefix = "dry run, nothing written: " if options["dry_run"] else ""
        if not options["dry_run"]:
            draw_art_for_command(self, options, options["game"])
        self.stdout.write(self.style.SUCCESS(f"{options['game']}: {prefix}{summary}"))
        for note in summary.merged[:SHOW_MERGED] if options["verbosity"] < 2 else summary.merged:
            self.stdout.write(f"merged: {note}")
        if options["verbosity"] < 2 and len(summary.merged) > SHOW_MERGED:
            self.stdout.write(f"... and {len(summary.merged) - SHOW_MERGED} more merged row(s); -v 2 lists them all")
        for card_name, reason in summary.not_playable[:SHOW_NOT_PLAYABLE]:
            self.stdout.write(self.style.WARNING(f"not playable yet: {card_name}: {reason}"))
        if len(summary.not_playable) > SHOW_NOT_PLAYABLE:
            self.stdout.write(self.style.WARNING(
                f"... and {len(summary.not_playable) - SHOW_NOT_PLAYABLE} more; "
                f"see manage.py effects_report --game {options['game']}"))
