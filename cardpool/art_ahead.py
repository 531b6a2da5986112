"""Card pictures drawn before anyone asks (issue 27, part 7).

A card's thumbnail was drawn at its first request (~0.9 s a card on a busy machine), so a first
browse of a game's cards took many seconds while the art filled in. Now the pictures (full face
and thumbnail, the image cache of ``cardpool.images``) are drawn when cards arrive:

- ``manage.py load_cardpool`` and ``manage.py import_cards`` draw the missing ones before they
  return, on every core (:func:`draw_art`);
- an import from the admin (in the request or as a background job) hands them to this process's
  art thread (:func:`draw_art_later`); until a picture is drawn, the card grid shows its
  placeholder (name and type) and a request draws it on demand as before.

``settings.CARD_ART_AHEAD`` (env ``CARD_ART_AHEAD``, on by default; off in the test suite) turns
it off. Only pictures missing from the cache are drawn: loading the same pool again draws nothing.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

from django.conf import settings
from django.db import connection, connections, transaction

from cardpool.images import card_image_cache_path, card_image_file
from cardpool.models import Card

log = logging.getLogger(__name__)

#: One thread per server process draws what web imports bring, one card at a time.
_art_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="card-art")


def _cards(game_slug: str | None):
    cards = Card.objects.select_related("game", "card_set", "rarity").order_by("game__slug", "pk")
    return cards.filter(game__slug=game_slug) if game_slug else cards


def cards_without_art(game_slug: str | None = None) -> list[int]:
    """The ids of the cards (of one game, or all) whose thumbnail is not in the image cache."""
    return [card.pk for card in _cards(game_slug).iterator(chunk_size=500)
            if not card_image_cache_path(card, "thumb").exists()]


def _draw_one(pk: int) -> int:
    """Draw one card's full face and thumbnail (a thumbnail is made from the full picture)."""
    card = _cards(None).filter(pk=pk).first()
    if card is not None:
        card_image_file(card, "thumb")
    return pk


def draw_art(pks: list[int], *, workers: int | None = None,
             progress: Callable[[int, int], None] | None = None) -> int:
    """Draw the pictures of the cards ``pks`` on ``workers`` processes (default: every core);
    returns how many were drawn. Few cards, or one worker, are drawn in this process."""
    workers = workers or os.cpu_count() or 1
    done = 0
    if workers == 1 or len(pks) < 2 * workers:
        for pk in pks:
            _draw_one(pk)
            done += 1
            if progress:
                progress(done, len(pks))
        return done
    connections.close_all()  # each worker opens its own: a connection is never shared across a fork
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        for _ in pool.map(_draw_one, pks, chunksize=4):
            done += 1
            if progress:
                progress(done, len(pks))
    return done


def _draw_game(game_slug: str) -> None:
    try:
        for pk in cards_without_art(game_slug):
            _draw_one(pk)
    except Exception:  # a picture is drawn on request anyway; never break the server for it
        log.exception("drawing the card pictures of %s ahead", game_slug)
    finally:
        connection.close()  # this thread's own connection


def draw_art_later(game_slug: str) -> None:
    """Once the current transaction commits, draw the game's missing pictures in the art thread."""
    if settings.CARD_ART_AHEAD:
        transaction.on_commit(lambda: _art_thread.submit(_draw_game, game_slug))


def add_no_art_argument(parser) -> None:
    """``--no-art`` for the commands that load cards."""
    parser.add_argument("--no-art", action="store_true",
                        help="do not draw the card pictures now (they are drawn at their first request)")


def draw_art_for_command(command, options: dict, game_slug: str | None = None) -> None:
    """After a command loaded cards: draw the missing pictures with a progress bar and say how many."""
    if not settings.CARD_ART_AHEAD or options.get("no_art"):
        return
    from config.progress import progress_callback

    pks = cards_without_art(game_slug)
    if pks:
        draw_art(pks, progress=progress_callback(command, options, desc="Drawing card pictures", unit="cards"))
    command.stdout.write(f"card pictures: {len(pks)} drawn, the others were ready")
