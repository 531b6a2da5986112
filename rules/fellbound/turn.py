"""The FellBound turn (fellbound.txt, "SETUP", "ACTION PHASE", "DEPLOYMENT PHASE", "VICTORY CONDITIONS").

A side's first turn is its *opening turn*: draw three, deploy, and the turn ends. Every later
turn has an action phase (each active character may take one action) and then a deployment
phase (draw one, deploy any number). Allies take each turn and phase together ("ALLIED TEAM
PLAY": "must make each turn and game phase at the same time as their allies"): a phase ends
when every seat of the side has finished it. At the end of a side's turn, a side without two
living characters on the battleground loses ("VICTORY CONDITIONS").
"""

from __future__ import annotations

from rules.fellbound.base import FellBoundBase

OPENING_DRAW = 3  # "On your opening turn, draw three cards"
TURN_DRAW = 1  # "draw one additional card" in the deployment phase
MINIMUM_LIVING = 2  # "at least two living characters on the battleground by the end of your turn"

OPENING, ACTION, DEPLOYMENT, OVER = "opening", "action", "deployment", "over"


class TurnMixin(FellBoundBase):
    """Turn flow for :class:`~rules.fellbound.state.FellBoundState`."""
    __slots__ = ()  # (the fields: slots of FellBoundBase)

    def start_turn(self, side: int) -> None:
        self.turn += 1
        if self.check_turn_limit():
            self.phase = OVER
            return
        self.active_side = side
        self.finished = set()
        # "Players may also concede defeat": offered at each seat's first decision of its turn
        # (docs/rules-notes.md, "FellBound: when a side may concede")
        self.may_concede = set(self.teams[side])
        seats = self.teams[side]
        opening = self.side_turns[side] == 0
        self.side_turns[side] += 1
        for character in self.tiles:
            if character is not None:
                # "DEFENCE" and "MULTIPLIERS" count per turn; a character may act in its
                # controller's action phase ("ACTION PHASE": "active characters")
                character.defences_used = 0
                character.acted = False
                character.charging = False
                character.active = not character.slain and character.controller in seats
        self.charged = False  # no character charging (``deploy`` sets it)
        self.phase = OPENING if opening else ACTION
        self.step_name = self.phase
        if self.log_events:
            self.log("turn_start", None, side=side, seats=list(seats), opening=opening)
        if opening:
            for seat in seats:
                self.draw(seat, OPENING_DRAW)

    def draw(self, seat: int, count: int) -> None:
        """Draw up to ``count`` cards; an empty deck gives nothing (docs/rules-notes.md, "FellBound:
        an empty deck")."""
        deck, hand = self.deck[seat], self.hand[seat]
        drawn = deck[:-count - 1:-1]  # the top ``count`` cards, the top one first
        del deck[len(deck) - len(drawn):]
        hand += drawn
        by_card = self.stats[seat]["drawn"]  # (``count``, written out)
        for card in drawn:
            name = self.cards[card].name
            by_card[name] = by_card.get(name, 0) + 1
        if self.log_events:
            self.log("draw", seat, cards=[self.name(c) for c in drawn], asked=count, deck_left=len(deck))

    def finish_phase(self, seat: int) -> None:
        """``seat`` is done with the phase; when its whole side is, the phase (or turn) ends."""
        finished = self.finished
        finished.add(seat)
        for ally in self.teams[self.active_side]:
            if ally not in finished:
                return
        self.finished = set()
        if self.phase == ACTION:
            self.phase = self.step_name = DEPLOYMENT
            for character in self.tiles:
                if character is not None:
                    character.active = False
            for seat_ in self.teams[self.active_side]:
                self.draw(seat_, TURN_DRAW)
            return
        self.end_turn()

    def end_turn(self) -> None:
        side = self.active_side
        seats = self.teams[side]
        living = 0
        for character in self.tiles:
            if character is not None and not character.slain and character.controller in seats:
                living += 1
        if self.log_events:
            self.log("turn_end", None, side=side, living=living)
        if living < MINIMUM_LIVING:
            self.phase = OVER
            self.end(self.teams[1 - side], "too_few_characters")
            return
        self.start_turn(1 - side)

    def concede(self, seat: int) -> None:
        """"Players may also concede defeat" (a team concedes together: "Teams may also concede")."""
        self.phase = OVER
        self.end(self.teams[1 - self.side_of[seat]], "conceded")
