"""The FellBound game state: the cards, the battleground, setup, values, copies and sampled worlds.

``FellBoundState`` is assembled from one mixin per concern:

=============  ================================================================================
``turn.py``     the turn: opening turn, action phase, deployment phase, draws, the defeat check
``combat.py``   attacks (defence, flanking, multipliers, spray, leach), heal, steal, bribe, slaying
``actions.py``  who acts, the legal actions, ``apply`` (a handler per verb)
``view.py``     ``view`` and ``action_to_string``
=============  ================================================================================

Cards are ints: a card's id is its index in the game (``cards[id]`` its shared, immutable
:class:`~rules.fellbound.catalogue.CardDef`, ``owner[id]`` its owner). Decks, hands and
boneyards are lists of ids per seat (the top of a deck is the end of its list); ``tiles`` holds a
:class:`Character` or None per tile of the :class:`~rules.fellbound.board.Battleground`.

Sides: with two players each seat is a side; with four, the option ``teams`` (default
``[[0, 2], [1, 3]]``) makes two teams ("ALLIED TEAM PLAY"). ``side_of[seat]`` is the seat's side,
whose deployment zone is row ``a`` (side 0) or ``b`` (side 1).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.core.decks import DeckList
from rules.fellbound.actions import ActionMixin
from rules.fellbound.board import COLUMNS_PER_PAIR, Character, battleground
from rules.fellbound.catalogue import CardDef
from rules.fellbound.combat import CombatMixin
from rules.fellbound.turn import TurnMixin
from rules.fellbound.view import ViewMixin

TREASURY_START = 3  # "SETUP": "a treasury of three gold coins"
TURN_LIMIT = 120  # turns in all (each side's turn counts one): a runaway game is a draw


class FellBoundState(ActionMixin, CombatMixin, TurnMixin, ViewMixin):
    """A FellBound game for two players, or four in two teams."""

    __slots__ = ()  # (its fields: slots of FellBoundBase, base.py)

    def __init__(self, decks: list[DeckList], seed: int, *, teams: list[list[int]] | None = None,
                 turn_limit: int = TURN_LIMIT):
        super().__init__(len(decks), seed)
        self.turn_limit = turn_limit
        self.step_name = ""  # events name no step (GameState's default; a slot is set here)
        n = self.num_players
        self.teams = _teams(n, teams)
        self.side_of = [next(i for i, team in enumerate(self.teams) if seat in team) for seat in range(n)]
        self.board = battleground(COLUMNS_PER_PAIR * (n // 2))
        self.cards = []
        self.owner = []
        self.deck = []
        for seat, deck in enumerate(decks):
            definitions = CardDef.of_deck(deck)
            self.deck.append(list(range(len(self.cards), len(self.cards) + len(definitions))))
            self.cards += definitions
            self.owner += [seat] * len(definitions)
        self.deck_names = [deck.name for deck in decks]
        self.has_auras = any(definition.auras for definition in self.cards)
        self.hand = [[] for _ in range(n)]
        self.hand_known = [[] for _ in range(n)]
        self.boneyard = [[] for _ in range(n)]
        self.treasury = [TREASURY_START] * n
        self.tiles = [None] * self.board.size
        self.auras_changed()  # none yet
        self.deployments = 0  # deployment sequence numbers handed out
        self.stats = [{"drawn": {}, "deployed": {}, "lost": {}, "bribes": 0} for _ in range(n)]
        # -- the turn --
        self.side_turns = [0, 0]  # turns each side has begun ("opening turn" is the first)
        self.active_side = 0
        self.phase = "setup"
        self.finished = set()
        self.charged = False
        for seat in range(n):
            self.rng.shuffle(self.deck[seat])  # "a shuffled deck of ten cards placed face-down"
            self.log("shuffle", seat, cards=len(self.deck[seat]))
        # "Randomly determine which player takes their turn first"
        self.first_side = self.rng.randrange(2)
        self.log("first_player", None, side=self.first_side, seats=list(self.teams[self.first_side]))
        self.start_turn(self.first_side)

    # -- copies -------------------------------------------------------------------------------------
    def clone(self) -> FellBoundState:
        """An independent copy, each field copied as base.py declares it (``rules/core/fields.py``)."""
        return self.copy()

    def allies(self, seat: int) -> list[int]:
        """``seat`` and its allies."""
        return self.teams[self.side_of[seat]]

    def hidden_from(self, player: int) -> list[tuple[int, list[int]]]:
        """The zones ``player`` cannot see, as (seat, cards): every deck's order and the enemy
        decks' contents, the enemies' hands (but for cards known to be there). Allies "may reveal
        their hand to their allies" ("ALLIED TEAM PLAY"): we always do."""
        out = []
        for seat in range(self.num_players):
            out.append((seat, self.deck[seat]))
            if self.side_of[seat] != self.side_of[player]:
                known = list(self.hand_known[seat])
                out.append((seat, [c for c in self.hand[seat] if not _take(known, c)]))
        return out

    def hidden_cards(self, player: int) -> list[str]:
        return [self.cards[c].name for _, cards in self.hidden_from(player) for c in cards]

    def determinize(self, player: int, rng: random.Random) -> FellBoundState:
        """Every deck reshuffled; each enemy's unknown hand cards redealt from its hand and deck."""
        world = self.clone()
        for seat in range(self.num_players):
            if world.side_of[seat] == world.side_of[player]:
                rng.shuffle(world.deck[seat])
                continue
            known = list(world.hand_known[seat])
            kept = [c for c in world.hand[seat] if _take(known, c)]
            pool = [c for c in world.hand[seat] if c not in kept] + world.deck[seat]
            rng.shuffle(pool)
            unknown = len(world.hand[seat]) - len(kept)
            world.hand[seat] = kept + pool[:unknown]
            world.deck[seat] = pool[unknown:]
        return world

    def all_cards(self) -> list[str]:
        names: list[str] = []
        for zone in (*self.deck, *self.hand, *self.boneyard):
            names.extend(self.cards[c].name for c in zone)
        names.extend(self.cards[c.card].name for c in self.tiles if c is not None)
        return names

    def counters(self) -> list[dict]:
        return [{k: dict(v) if isinstance(v, dict) else v for k, v in s.items()} for s in self.stats]

    def count(self, seat: int, counter: str, card: int | None = None) -> None:
        if card is None:
            self.stats[seat][counter] += 1
        else:
            by_card = self.stats[seat][counter]
            name = self.cards[card].name
            by_card[name] = by_card.get(name, 0) + 1

    # -- values -------------------------------------------------------------------------------------
    def auras_of(self, seat: int) -> tuple:
        """The auras applying to what ``seat`` controls, in deployment order ("AURA": "If a living
        deployed character has an aura, the indicated aura condition is applied to all characters
        you control ... Multiple auras are applied in the same sequence they are deployed in")."""
        return self._auras[seat]

    def auras_changed(self) -> None:
        """Work out each seat's auras again (:meth:`auras_of`, and by value in ``_aura_amounts``:
        stat -> the amounts, in order): a character with an aura was deployed, slain, bribed or
        retreated (or a test changed the cards)."""
        seats = range(self.num_players)
        self._values = [{} for _ in seats]
        auras: list[list] = [[] for _ in seats]
        if self.has_auras:
            sources = sorted((c for c in self.tiles if c is not None and not c.slain and self.cards[c.card].auras),
                             key=lambda c: c.order)
            for character in sources:
                auras[character.controller].extend(self.cards[character.card].auras)
        if not any(auras):
            self._auras, self._aura_keys = [()] * len(seats), [()] * len(seats)
            self._aura_amounts = [{} for _ in seats]
            self.health_auras = False
            return
        self._auras = [tuple(seat_auras) for seat_auras in auras]
        self._aura_keys = [tuple((aura.stat, aura.amount) for aura in seat_auras) for seat_auras in auras]
        self._aura_amounts = []
        for seat_auras in auras:
            amounts: dict[str, tuple[int, ...]] = {}
            for aura in seat_auras:
                amounts[aura.stat] = (*amounts.get(aura.stat, ()), aura.amount)
            self._aura_amounts.append(amounts)
        self.health_auras = any("health" in amounts for amounts in self._aura_amounts)

    def value(self, card: int, stat: str, controller: int, character: Character | None = None,
              auras: list | None = None) -> int | None:
        """A value of ``card`` under ``controller``'s auras, None when the card has no such value.

        "X GOLD COST": X values "equal the amount of gold on the card"; "X HEALTH VALUE": "attack,
        defence and multiplier values equal the character's current health value" (which wins
        when a card has both, but for the X gold cost itself, the gold on the card:
        docs/rules-notes.md). A multiplier the card does not print is 1
        when it has a value it multiplies (spray attack and leach "act in the same way as
        attack value", multipliers included). Auras change only values the card has, one after the
        other, never below 0 ("a value of any kind ... is never reduced below 0").
        """
        definition = self.cards[card]
        printed = definition.base[stat]
        if printed is None:
            return None
        if isinstance(printed, str):  # X, the only word a value may be
            printed = self._x_value(definition, character, stat)
        amounts: Sequence[int]
        if auras is not None:
            amounts = [aura.amount for aura in auras if aura.stat == stat]
        else:
            amounts = self._aura_amounts[controller].get(stat, ())
        for amount in amounts:
            printed = max(0, printed + amount)
        return printed

    def _x_value(self, definition: CardDef, character: Character | None, stat: str | None = None) -> int:
        """What X is worth for ``stat`` of ``character``: its current health on an X-health card
        ("X HEALTH VALUE"), else the gold on it ("X GOLD COST"); an X gold cost is always the gold
        on the card (docs/rules-notes.md, "Bribe")."""
        if character is None:
            return 0  # in a hand, X is what is paid on deployment
        if definition.x_health and stat != "gold_cost":
            return self.health(character)
        return character.gold

    def health(self, character: Character) -> int:
        """Current health: the starting health under the controller's auras, less what it lost
        (0 for a slain character, whatever auras come later)."""
        if character.slain:
            return 0
        start = character.start_health
        amounts = self._aura_amounts[character.controller].get("health")
        if amounts:
            for amount in amounts:
                start = max(0, start + amount)
        return max(0, start - character.damage)

    def stat(self, character: Character, stat: str) -> int:
        """A value of a character on the battleground (0 when it has none), as :meth:`value` reads it."""
        if stat == "health":
            return self.health(character)
        return self.values_of(character)[stat]

    def values_of(self, character: Character) -> dict[str, int]:
        """Every value of a character on the battleground but its health (0 where it has none):
        :meth:`stat` for each (the legal actions read most values of every character at every
        decision). Worked out once per card, controller and X while the auras last."""
        definition = self.cards[character.card]
        if definition.has_x:
            x, gold = self._x_value(definition, character), character.gold
            key: int | tuple[int, int, int] = (character.card, x, gold)
        else:
            x, gold, key = 0, 0, character.card
        known = self._values[character.controller]
        values = known.get(key)
        if values is None:
            values = known[key] = self._work_out_values(definition, character.controller, x, gold)
        return values

    def card_values(self, card: int, controller: int) -> dict[str, int]:
        """:meth:`values_of` for a card in ``controller``'s hand (an X value is 0 there)."""
        key = (card, 0, 0) if self.cards[card].has_x else card
        known = self._values[controller]
        values = known.get(key)
        if values is None:
            values = known[key] = self._work_out_values(self.cards[card], controller, 0, 0)
        return values

    def _work_out_values(self, definition: CardDef, controller: int, x: int, gold: int) -> dict[str, int]:
        return definition.values_under(self._aura_amounts[controller], self._aura_keys[controller], x, gold)

    def living(self, seats) -> list[tuple[int, Character]]:
        """(tile, character) of the living characters the seats control."""
        return [(t, c) for t, c in enumerate(self.tiles) if c is not None and not c.slain and c.controller in seats]

    def name(self, card: int) -> str:
        return self.cards[card].name


def _teams(players: int, teams: list[list[int]] | None) -> list[list[int]]:
    """The two sides: one seat each with two players; two teams of two with four, each team's
    seats in seat order (allies act, and their choices apply, in seat order: ``[[3, 0], [2, 1]]``
    is ``[[0, 3], [1, 2]]``)."""
    if players == 2 and not teams:
        return [[0], [1]]
    if players != 4:
        raise ValueError(f"FellBound is played by 2 players, or 4 in two teams; not {players}")
    teams = [list(t) for t in teams] if teams else [[0, 2], [1, 3]]
    seats = sorted(s for t in teams for s in t)
    if len(teams) != 2 or seats != [0, 1, 2, 3] or any(len(t) != 2 for t in teams):
        raise ValueError(f"four players make two teams of two seats (e.g. [[0, 2], [1, 3]]), not {teams}")
    return [sorted(team) for team in teams]


def _take(pool: list[int], card: int) -> bool:
    """Remove one ``card`` from ``pool`` if there: True when it was."""
    if card in pool:
        pool.remove(card)
        return True
    return False
