"""Write the community Millennium Blades card list (``card_list.sqlite`` of the ``dnguy4/mb-db``
repository) as the fan-list CSV ``import_cards`` reads (docs/import-format.md, "The community
card list (mb-db)"):

    python manage.py convert_mb_db card_list.sqlite [-o card_list.csv]
    python manage.py import_cards card_list.csv --game millennium_blades

Every row of the table becomes one row of the CSV; the table's notes (source, divider,
references, errata comments, copyright...) are not card data and are named as not written.
"""

import io
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cardpool.mb_db import ConvertError, read_card_list, write_csv


class Command(BaseCommand):
    help = "Convert the mb-db card_list.sqlite of Millennium Blades into a fan-list CSV for import_cards."

    def add_arguments(self, parser):
        parser.add_argument("sqlite", help="the card list, card_list.sqlite")
        parser.add_argument("-o", "--output", help="the CSV to write (default: the input's name with .csv; "
                                                   "'-' writes to standard output)")

    def handle(self, *args, **options):
        source = Path(options["sqlite"])
        output = options["output"] or str(source.with_suffix(".csv"))
        try:
            conversion = read_card_list(source)
        except ConvertError as exc:
            raise CommandError(str(exc)) from None
        if output == "-":
            text = io.StringIO(newline="")
            write_csv(conversion, text)
            self.stdout.write(text.getvalue(), ending="")
            report = self.stderr
        else:
            with open(output, "w", encoding="utf-8", newline="") as out:
                write_csv(conversion, out)
            report = self.stdout
        report.write(f"{len(conversion.rows)} row(s) of {source.name} written to "
                     f"{'standard output' if output == '-' else output}")
        if conversion.not_written:
            report.write(f"not written (notes about a card, not card data): {', '.join(conversion.not_written)}")
        if output != "-":
            report.write(f"next: python manage.py import_cards {output} --game millennium_blades")
