"""The kit a player brings to the tournament (millennium-blades.txt, "Build your Deck").

"The Deck Area can contain up to eight singles, up to one Deck Box, and up to two Accessories."
"You may only have one copy of any card in your deck!" "You can take cards out of your deck to
make room for new ones just as easily by returning them to your binder." The kit is built card by
card (``kit`` / ``unkit``) and played by the tournament engine as a ``DeckList``. Deques Applenti's
Deckbuilding side adds a Deck Box and an Accessory slot ("He can include extra deck boxes and
accessories in his tournament kit"): ``powers.kit_limits``, also given to the tournament engine
(``MBState(kit_limits=...)``) so that his kit is not an "Illegal Deck". Which cards fit is
``market.legal_actions``' "kit" actions (room in the section, no copy, one Epic card).
"""

from __future__ import annotations

from rules.core.decks import DeckEntry, DeckList
from rules.millennium_blades.state import KIT_LIMITS

SECTION = {"single": "singles", "deck_box": "deck_box", "accessory": "accessories"}

__all__ = ["KIT_LIMITS", "SECTION", "deck_list"]


def deck_list(kit_cards, name: str) -> DeckList:
    """The kit as the tournament engine's ``DeckList`` (sections in the kit's order)."""
    sections: dict[str, list[DeckEntry]] = {"singles": [], "deck_box": [], "accessories": []}
    for card in kit_cards:
        sections[SECTION[card.card_type]].append(DeckEntry(card.spec, 1))
    return DeckList("millennium_blades", sections, name=name)
