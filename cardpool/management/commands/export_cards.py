"""Export a game's cards as CSV or JSON that ``import_cards`` reads back (round trip).

    python manage.py export_cards --game boundless --format csv [--output cards.csv]
"""

from pathlib import Path

from django.core.management.base import BaseCommand

from cardpool.exporter import FORMATS, export_cards
from rules.core.registry import game_slugs


class Command(BaseCommand):
    help = "Write a game's cards as CSV or JSON (the format import_cards reads)."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, choices=game_slugs())
        parser.add_argument("--format", choices=FORMATS, default="csv")
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")

    def handle(self, *args, **options):
        text = export_cards(options["game"], options["format"])
        if options["output"]:
            Path(options["output"]).write_bytes(text.encode("utf-8"))
            self.stderr.write(f"wrote {options['output']}")
        else:
            self.stdout.write(text, ending="")
