"""How many random games the randomized sweeps play: one knob for every such test.

A sweep's default is sized so that ``make test`` stays within its 15 minutes on 2 cores while every
rule, seat count and option still comes up. ``SWEEP_SCALE`` multiplies every sweep (e.g.
``SWEEP_SCALE=10 make test`` for a long run before a release, ``0.2`` for a quick look), and a
sweep's own environment variable, named where it is declared, sets that one sweep exactly.
"""

from __future__ import annotations

import os


def sweep(default: int, env: str | None = None, *, minimum: int = 1) -> int:
    """The number of games (or tables) for one sweep: ``env`` if set, else ``default`` times
    ``SWEEP_SCALE`` (at least ``minimum``)."""
    if env and os.environ.get(env):
        return int(os.environ[env])
    return max(minimum, round(default * float(os.environ.get("SWEEP_SCALE", "1"))))
