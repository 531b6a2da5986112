"""Pre-render every card's image (full size and thumbnail) into the image cache."""

from __future__ import annotations

import sys
import time

from django.core.management.base import BaseCommand, CommandError

from cardpool.images import SIZES, card_image_cache_path, card_image_file
from cardpool.models import Card
from rules.core.registry import game_slugs


class ProgressBar:
    """A one-line terminal progress bar: ``label [#####-----]  45/90  50%  3.1/s``.

    Redraws in place (carriage return) on a terminal, at most ten times a second; when the
    stream is not a terminal (a log file, CI) it writes a plain line every tenth of the way.
    """

    def __init__(self, total: int, *, label: str = "", stream=None, width: int = 30):
        self.total = max(total, 0)
        self.label = label
        self.stream = stream or sys.stderr
        self.width = width
        self.done = 0
        self.started = time.monotonic()
        self._last_draw = 0.0
        self._last_decile = -1
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def _line(self) -> str:
        fraction = self.done / self.total if self.total else 1.0
        filled = int(self.width * fraction)
        elapsed = max(time.monotonic() - self.started, 1e-6)
        rate = self.done / elapsed
        digits = len(str(self.total))
        return (f"{self.label} [{'#' * filled}{'-' * (self.width - filled)}] "
                f"{self.done:>{digits}}/{self.total} {fraction:4.0%} {rate:6.1f}/s")

    def update(self, step: int = 1) -> None:
        self.done = min(self.done + step, self.total)
        now = time.monotonic()
        if self.tty:
            if now - self._last_draw >= 0.1 or self.done == self.total:
                self.stream.write("\r" + self._line())
                self.stream.flush()
                self._last_draw = now
        else:
            decile = int(10 * self.done / self.total) if self.total else 10
            if decile != self._last_decile:
                self._last_decile = decile
                self.stream.write(self._line() + "\n")
                self.stream.flush()

    def finish(self) -> None:
        if self.tty:
            self.stream.write("\r" + self._line() + "\n")
            self.stream.flush()


class Command(BaseCommand):
    help = "Draw (or copy uploaded art into) the image cache for every card, or only --game."

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=game_slugs(), help="only this game's cards")
        parser.add_argument("--size", choices=(*SIZES, "both"), default="both",
                            help="which images to render (default: both)")
        parser.add_argument("--force", action="store_true", help="redraw even when a cached image exists")

    def handle(self, *args, **options):
        cards = Card.objects.select_related("game", "card_set", "rarity").order_by("game__slug", "pk")
        if options["game"]:
            cards = cards.filter(game__slug=options["game"])
        sizes = SIZES if options["size"] == "both" else (options["size"],)
        total = cards.count()
        if not total:
            raise CommandError("no cards to render (load them with `manage.py load_cardpool`)")
        # The raw stream under the OutputWrapper: the bar redraws in place, without added newlines.
        stream = getattr(self.stderr, "_out", sys.stderr)
        bar = ProgressBar(total, label="Rendering card images", stream=stream)
        drawn = cached = 0
        for card in cards.iterator(chunk_size=200):
            for size in sizes:
                if not options["force"] and card_image_cache_path(card, size).exists():
                    cached += 1
                    continue
                card_image_file(card, size, force=options["force"])
                drawn += 1
            bar.update()
        bar.finish()
        self.stdout.write(f"{total} card(s): {drawn} image(s) drawn, {cached} already cached.")
