"""THE one place that decides who may see, edit and copy a deck (issue part 8).

Every page, API view and builder endpoint asks these functions; nothing else compares owners.

- public: anyone sees it; unlisted: the owner, or anyone holding the share link's key;
  private: the owner only.
- only the owner edits, renames, re-formats, saves cards into, or deletes a deck.
- anyone logged in may copy a public deck; the owner may copy their own.
"""

from __future__ import annotations

import hmac

from decks.models import Deck


def _is_owner(user, deck: Deck) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False) and user.pk == deck.owner_id)


def can_view(user, deck: Deck, token: str | None = None) -> bool:
    if deck.visibility == Deck.PUBLIC or _is_owner(user, deck):
        return True
    if deck.visibility == Deck.UNLISTED and token:
        return hmac.compare_digest(str(token).encode(), deck.share_token.encode())
    return False


def can_edit(user, deck: Deck) -> bool:
    """Edit, rename, change format or visibility, save cards, delete: the owner only."""
    return _is_owner(user, deck)


def can_copy(user, deck: Deck) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return deck.visibility == Deck.PUBLIC or _is_owner(user, deck)
