"""Terminal progress bars for the long management commands: one look, through tqdm.

Every long command (``simulate``, ``resume_simulations``, ``import_cards``, ``load_cardpool``,
``render_card_images``, ``effects_report``) draws its bar here, on stderr, so stdout stays the
command's result (``--json`` output can be piped). The bar is off when stderr is not a terminal
(a log file, CI, a test's StringIO), with ``--quiet`` or with ``-v 0``.

    add_quiet_argument(parser)                                  # in add_arguments
    with progress_bar(self, options, total=n, desc="Rendering", unit="cards") as bar:
        ... bar.update()
    run_games(..., progress=progress_callback(self, options, desc="Playing", unit="games"))
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from tqdm import tqdm

#: The one look: ``Importing cards  45%|#####     | 450/1000 cards [00:03<00:04, 130.1cards/s]``.
BAR_FORMAT = "{desc} {percentage:3.0f}%|{bar:30}| {n_fmt}/{total_fmt} {unit} [{elapsed}<{remaining}, {rate_fmt}]"


def add_quiet_argument(parser) -> None:
    """``--quiet``: no progress bar (``-v 0`` does the same)."""
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar on stderr (as -v 0)")


def _stream(command):
    """The raw stream under the command's stderr wrapper: tqdm redraws in place, without added newlines."""
    return getattr(command.stderr, "_out", sys.stderr)


def progress_enabled(command, options: dict) -> bool:
    """A bar only on a terminal, and only when neither ``--quiet`` nor ``-v 0`` asked for silence."""
    if options.get("quiet") or options.get("verbosity", 1) == 0:
        return False
    isatty = getattr(_stream(command), "isatty", None)
    return bool(isatty and isatty())


def progress_bar(command, options: dict, *, total: int, desc: str, unit: str) -> tqdm:
    """A tqdm bar on the command's stderr (disabled, and silent, when :func:`progress_enabled` says no)."""
    return tqdm(total=total, desc=desc, unit=unit, file=_stream(command), bar_format=BAR_FORMAT, ascii=True,
                dynamic_ncols=False, leave=True, disable=not progress_enabled(command, options))


def progress_callback(command, options: dict, *, desc: str, unit: str,
                      least: int = 0) -> Callable[[int, int], None]:
    """A ``progress(done, total)`` callback (as ``run_games`` and ``card_import`` call it) drawing one bar.

    The bar opens on the first call (when the total is known), moves to ``done`` and closes at
    the total; a total below ``least`` draws nothing (a small import is over before a bar helps).
    """
    state: dict[str, tqdm | None] = {"bar": None}

    def report(done: int, total: int) -> None:
        if total < least:
            return
        bar = state["bar"]
        if bar is None:
            bar = state["bar"] = progress_bar(command, options, total=total, desc=desc, unit=unit)
        bar.update(done - bar.n)
        if done >= total:
            bar.close()

    return report
