"""THE one place that decides who may see and change a simulation run (issue 5, part 7).

- the owner sees their runs; anyone holding the share link's key sees a run whose decks were
  all public when it started (only such runs get a ``share_token``).
- only the owner cancels or deletes a run.
"""

from __future__ import annotations

import hmac

from simulate.models import SimulationRun


def _is_owner(user, run: SimulationRun) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False) and user.pk == run.owner_id)


def can_view(user, run: SimulationRun, token: str | None = None) -> bool:
    if _is_owner(user, run):
        return True
    return bool(run.share_token and token and hmac.compare_digest(str(token).encode(), run.share_token.encode()))


def can_change(user, run: SimulationRun) -> bool:
    """Cancel or delete: the owner only."""
    return _is_owner(user, run)


def can_start(user) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False))
