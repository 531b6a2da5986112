"""THE one place that decides who may see and change a simulation run (issue 5, part 7).

- the owner sees their runs; anyone holding the share link's key sees a run whose decks were
  all public when it started (only such runs get a ``share_token``) and still are: the key stops
  working as soon as one of them is made unlisted or private, or deleted (the run's pages show
  its deck lists), and works again if they are all public again. The owner may revoke the key
  or make a new one (``simulate.services.simulation_share``).
- only the owner cancels or deletes a run.
"""

from __future__ import annotations

import hmac

from simulate.models import SimulationRun


def _is_owner(user, run: SimulationRun) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False) and user.pk == run.owner_id)


def decks_all_public(run: SimulationRun) -> bool:
    """Whether every deck of the run still exists and is public (then it may be shared)."""
    from decks.models import Deck

    return all(rd.deck is not None and rd.deck.visibility == Deck.PUBLIC
               for rd in run.run_decks.select_related("deck"))


def can_view(user, run: SimulationRun, token: str | None = None) -> bool:
    if _is_owner(user, run):
        return True
    key_matches = bool(run.share_token and token
                       and hmac.compare_digest(str(token).encode(), run.share_token.encode()))
    return key_matches and decks_all_public(run)


def can_change(user, run: SimulationRun) -> bool:
    """Cancel or delete: the owner only."""
    return _is_owner(user, run)


def can_start(user) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False))
