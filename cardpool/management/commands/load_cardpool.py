"""Load every game's card pool from fixtures/<game>.json, then the sample decks of
fixtures/decks/ as public decks of the built-in account ``workshop`` (idempotent: re-running
updates; ``--no-decks`` loads the cards only), and draws the cards' pictures that are not drawn
yet (``--no-art``: at their first request instead; cardpool/art_ahead.py)."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cardpool.art_ahead import add_no_art_argument, draw_art_for_command
from cardpool.importer import read_json
from cardpool.services import ImportFailed, card_import, game_sync_all
from config.progress import add_quiet_argument, progress_callback
from rules.core.registry import game_slugs


class Command(BaseCommand):
    help = "Load the card pools in fixtures/ for every registered game (or only --game)."

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=game_slugs(), help="only this game")
        parser.add_argument("--dir", default=str(Path(settings.BASE_DIR) / "fixtures"))
        parser.add_argument("--no-decks", action="store_true", help="do not load the sample decks")
        add_no_art_argument(parser)
        add_quiet_argument(parser)

    def handle(self, *args, **options):
        game_sync_all()
        slugs = [options["game"]] if options["game"] else game_slugs()
        for slug in slugs:
            path = Path(options["dir"]) / f"{slug}.json"
            if not path.exists():
                self.stdout.write(self.style.WARNING(f"{slug}: no {path.name}, skipped"))
                continue
            try:
                sets, rows = read_json(path.read_text(encoding="utf-8"), game_slug=slug)
                summary = card_import(game_slug=slug, sets=sets, rows=rows,
                                      progress=progress_callback(self, options, desc=slug, unit="cards"))
            except ImportFailed as exc:
                raise CommandError(f"{path}: {exc}") from None
            self.stdout.write(f"{slug}: {summary}")
        draw_art_for_command(self, options, options["game"])  # the first browse shows art at once
        if not options["no_decks"] and not options["game"]:
            self._load_sample_decks(Path(options["dir"]) / "decks")

    def _load_sample_decks(self, directory: Path) -> None:
        from decks.services import SAMPLE_OWNER, DeckTextErrors, sample_decks_load

        try:
            counts = sample_decks_load(directory)
        except DeckTextErrors as exc:
            raise CommandError(f"{directory}: {exc}") from None
        self.stdout.write(f"sample decks (public, by {SAMPLE_OWNER}): {counts['created']} created, "
                          f"{counts['updated']} updated, {counts['unchanged']} unchanged")
