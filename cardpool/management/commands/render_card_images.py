"""Pre-render every card's image (full size and thumbnail) into the image cache."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from cardpool.images import SIZES, card_image_cache_path, card_image_file
from cardpool.models import Card
from config.progress import add_quiet_argument, progress_bar
from rules.core.registry import game_slugs


class Command(BaseCommand):
    help = "Draw (or copy uploaded art into) the image cache for every card, or only --game."

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=game_slugs(), help="only this game's cards")
        parser.add_argument("--size", choices=(*SIZES, "both"), default="both",
                            help="which images to render (default: both)")
        parser.add_argument("--force", action="store_true", help="redraw even when a cached image exists")
        add_quiet_argument(parser)

    def handle(self, *args, **options):
        cards = Card.objects.select_related("game", "card_set", "rarity").order_by("game__slug", "pk")
        if options["game"]:
            cards = cards.filter(game__slug=options["game"])
        sizes = SIZES if options["size"] == "both" else (options["size"],)
        total = cards.count()
        if not total:
            raise CommandError("no cards to render (load them with `manage.py load_cardpool`)")
        drawn = cached = 0
        with progress_bar(self, options, total=total, desc="Rendering", unit="cards") as bar:
            for card in cards.iterator(chunk_size=200):
                for size in sizes:
                    if not options["force"] and card_image_cache_path(card, size).exists():
                        cached += 1
                        continue
                    card_image_file(card, size, force=options["force"])
                    drawn += 1
                bar.update()
        self.stdout.write(f"{total} card(s): {drawn} image(s) drawn, {cached} already cached.")
