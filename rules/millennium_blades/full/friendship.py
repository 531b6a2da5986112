"""Characters and their Friendship cards (millennium-blades.txt, "GAME SETUP" 5, "YOUR FRIENDS",
"GAME END" 4).

"GAME SETUP" 5: "Give each player ... a Character Card, either randomly or of their choice, ... and
6 Friendship cards of their character." Characters are the rulebook's six (``characters.py``),
dealt at random or chosen (option ``character_names``); their powers are played with option
``characters="powers"`` and ignored by default ("Playing without Characters": "players should
still pick a character, but ignore their character's Deckbuilding and Tournament powers"):
``powers.py``.

"Friendship Cards are worth extra Victory Points at the end of the game. You can't score them
yourself, but you can give them to another player who helps you out with a good trade or a rare
card. You may not score more than 6 VP from a single player's Friendship Cards."

The fixture pool has no characters, so the game ships the rulebook's six as card data
(``characters.CHARACTERS``) with six Friendship cards each. The rulebook prints no Friendship card
value; these are worth ``FRIENDSHIP_VP`` (2) each, so the cap binds at the fourth card from one
giver (rules notes, "Millennium Blades whole game", "Trading and Friendship").
"""

from __future__ import annotations

from rules.core.decks import CardSpec
from rules.millennium_blades.full import powers
from rules.millennium_blades.full.characters import CHARACTERS

#: "6 Friendship cards of their character"
PER_CHARACTER = 6
#: the value printed on these original Friendship cards (the rulebook gives none)
FRIENDSHIP_VP = 2
#: "You may not score more than 6 VP from a single player's Friendship Cards"
CAP_PER_GIVER = 6
FRIENDSHIP_SET = "MB-FRIENDS"
__all__ = ["CAP_PER_GIVER", "CHARACTERS", "FRIENDSHIP_VP", "PER_CHARACTER", "card_vp", "friendship_spec",
           "friendship_vp", "settle_friendship", "setup_characters"]


def friendship_spec(character: str) -> CardSpec:
    """One of a character's Friendship cards (all six are alike)."""
    return CardSpec(None, f"Friendship of {character}", "friendship", {"vp": FRIENDSHIP_VP, "character": character},
                    (), FRIENDSHIP_SET, "", f"Worth {FRIENDSHIP_VP} VP to the player {character} gives it to.")


def card_vp(card) -> int:
    """The VP a Friendship card (a market ``Card``) is worth."""
    return int((card.spec.attributes or {}).get("vp", 0))


def friendship_vp(state, seat: int, extra: dict[int, int] | None = None) -> int:
    """VP from the Friendship cards ``seat`` was given ("GAME END" 4), at most ``CAP_PER_GIVER``
    from each giver; ``extra`` adds VP by giver (what a trade would give)."""
    by_giver: dict[int, int] = dict(extra or {})
    for card in state.friends[seat]:
        giver = state.friendship_owner[card]
        by_giver[giver] = by_giver.get(giver, 0) + card_vp(state.cards[card])
    return sum(min(CAP_PER_GIVER, vp) for giver, vp in by_giver.items() if giver != seat)


def setup_characters(state, register) -> None:
    """"GAME SETUP" 5: a character for each seat (at random, or chosen) and its 6 Friendship cards
    (in the seat's ``friendship`` zone: cards it may give); then the Character cards, Pro Player
    sets and Venue Deck (``powers.setup``)."""
    state.characters = powers.deal_characters(state)
    for seat, character in enumerate(state.characters):
        ids = register(friendship_spec(character), PER_CHARACTER)
        state.friendship[seat] += ids
        for card in ids:
            state.friendship_owner[card] = seat
    powers.setup(state)


def settle_friendship(state, inner) -> None:
    """The tournament's Friendship moves applied to the whole game's cards (rules notes, "MB: hands"):
    a tournament knows each card by its giver (``inner.friendship_left``: a seat's own cards,
    ``inner.friends``: the givers of those it holds; ``ops_hands.py``). For each giver, the cards
    that stayed where they were stay; the others move, in card order, to the seats that now have
    more of them. Nothing moved: nothing changes."""
    n = state.num_players
    for giver in range(n):
        holding = {seat: ([c for c in state.friendship[seat] if state.friendship_owner[c] == giver] if seat == giver
                          else [c for c in state.friends[seat] if state.friendship_owner[c] == giver]) for seat in range(n)}
        wanted = {seat: inner.friendship_left[seat] if seat == giver else inner.friends[seat].count(giver)
                  for seat in range(n)}
        if all(len(holding[s]) == wanted[s] for s in range(n)):
            continue
        loose = []
        for seat in range(n):
            while len(holding[seat]) > wanted[seat]:
                card = holding[seat].pop()
                (state.friendship if seat == giver else state.friends)[seat].remove(card)
                loose.append(card)
        for seat in range(n):
            while len(holding[seat]) < wanted[seat] and loose:
                card = loose.pop(0)
                holding[seat].append(card)
                (state.friendship if seat == giver else state.friends)[seat].append(card)
