"""Cards moving between zones, and the small questions effects ask about them (a mixin of
:class:`~rules.boundless.state.BoundlessState`).

Rulebook: boundless-tcg.txt, "KEYWORDS" (draw, discard, rescue, spiritualize, invoke,
de-spiritualize, devour, control), "FORM CARDS (CONT.)", "HOW TO WIN". Every card is an int (its
id in the game); zones are lists of ids (see ``state.py``).
"""

from __future__ import annotations

from rules.boundless.base import BoundlessBase
from rules.boundless.compiler import COMMAND, FORM, SAVIOR, SPIRIT
from rules.boundless.constants import ACT1, ACT2, COMBAT, EMPTY, OVER, VOID_LIMIT, EndReason
from rules.boundless.effects import END_OF_ATTACK, F_TMP
from rules.boundless.records import DROP, Ask, Pending, Trigger, action


class ZoneMixin(BoundlessBase):
    """Card movement: draw, invoke, discard, spiritualize, forms entering and leaving the field,
    damage by effects, spirits to the void."""

    # -- questions effects ask ---------------------------------------------------------------------
    def in_act_step(self) -> bool:
        return self.step == ACT1 or self.step == ACT2

    def in_combat(self) -> bool:
        return self.step == COMBAT

    def on_field(self, card: int) -> bool:
        """Whether ``card`` is on its owner's savior, form or command zones (KEYWORDS "CONTROL")."""
        definition = self.card_defs[card]
        owner = self.owner[card]
        if definition.ctype == FORM:
            return card in self.forms[owner]
        if definition.ctype == SAVIOR:
            return True
        if definition.ctype == COMMAND:
            return card in self.commands[owner]
        return False

    def mark_known(self, player: int, card: int, known: bool) -> None:
        """Whether the opponent knows ``card`` is in ``player``'s hand (``known_in_hand``, each seat's
        a frozenset, replaced when it changes: copies share it, base.py's ``REPLACED``)."""
        cards = self.known_in_hand[player]
        if (card in cards) != known:
            cards = cards | {card} if known else cards - {card}
            self.known_in_hand = [cards, self.known_in_hand[1]] if player == 0 else [self.known_in_hand[0], cards]

    def mark_drawn(self, card: int, drawn: int = 1) -> None:
        """Count ``card`` as drawn (``drawn=0``: not, as put back by a mulligan). ``was_drawn`` is
        replaced when a flag changes, never changed in place (base.py, ``REPLACED``)."""
        flags = self.was_drawn
        if flags[card] != drawn:
            self.was_drawn = flags[:card] + (b"\x01" if drawn else b"\x00") + flags[card + 1:]

    def mark_played(self, card: int) -> None:
        """Count ``card`` as played (``was_played``: replaced, as ``was_drawn`` is)."""
        flags = self.was_played
        if not flags[card]:
            self.was_played = flags[:card] + b"\x01" + flags[card + 1:]

    def spirits_of(self, card: int) -> list:
        """The spirits underneath a savior or a form on the field. Read only: change them with
        ``add_spirit`` / ``remove_spirit`` (a form's list is shared between clones)."""
        owner = self.owner[card]
        if card == self.savior[owner]:
            return self.savior_spirits[owner]
        forms = self.forms[owner]
        if card in forms:
            return self.form_spirits[owner][forms.index(card)]
        return []

    def add_spirit(self, host: int, spirit: int) -> None:
        """Put ``spirit`` underneath ``host`` (a savior, or a form on the field)."""
        owner = self.owner[host]
        if host == self.savior[owner]:
            self.savior_spirits[owner].append(spirit)  # (each clone has its own savior list)
        else:
            zone = self.forms[owner].index(host)
            self.form_spirits[owner][zone] = self.form_spirits[owner][zone] + [spirit]  # replaced, never changed in place

    def remove_spirit(self, host: int, spirit: int) -> None:
        """Take ``spirit`` from underneath ``host``."""
        owner = self.owner[host]
        if host == self.savior[owner]:
            self.savior_spirits[owner].remove(spirit)
        else:
            zone = self.forms[owner].index(host)
            under = self.form_spirits[owner][zone][:]
            under.remove(spirit)
            self.form_spirits[owner][zone] = under

    def position_of(self, card: int) -> str:
        """Where a savior or form on the field is, as a choice names it: ``seat1.form3`` (seat 1's
        form zone 3) or ``seat0.savior``. Zones are stable board positions, the same in every
        world a search samples."""
        owner = self.owner[card]
        forms = self.forms[owner]
        if card in forms:
            return f"seat{owner}.form{forms.index(card)}"
        return f"seat{owner}.savior"

    def card_at(self, position: str) -> int:
        """The card a ``position_of`` name points at (EMPTY when none)."""
        seat_text, _, where = position.partition(".")
        seat = int(seat_text.removeprefix("seat"))
        if where == "savior":
            return self.savior[seat]
        return self.forms[seat][int(where.removeprefix("form"))]

    def card_in(self, cards: list, kind: int) -> int:
        """The first card of ``kind`` (a card definition's number in the game) in ``cards``."""
        card_defs = self.card_defs
        for card in cards:
            if card_defs[card].kind == kind:
                return card
        raise ValueError(f"no card of kind {kind} in the zone")

    def discardable_kinds(self, player: int) -> list[int]:
        """KEYWORDS "DISCARD": spirit cards cannot be discarded."""
        card_defs = self.card_defs
        return sorted({card_defs[c].kind for c in self.hand[player] if card_defs[c].ctype != SPIRIT})

    def can_spiritualize(self, player: int, card: int) -> bool:
        """Once per turn per card ("THE ACT STEP" 1 and 2); a form with a Perfect Spirit under it
        takes no other spirit ("FORM CARDS (CONT.)")."""
        if card < 0:
            return False
        if card == self.savior[player]:
            return not self.savior_spiritualized[player]
        if card in self.spiritualized_this_turn or self.owner[card] != player or card not in self.forms[player]:
            return False
        card_defs = self.card_defs
        return not any(card_defs[spirit].is_perfect for spirit in self.spirits_of(card))

    def spirit_kinds_for(self, player: int, card: int) -> list[int]:
        """The kinds of spirit ``player`` could put under ``card`` from their hand."""
        card_defs = self.card_defs
        return sorted({card_defs[c].kind for c in self.hand[player] if card_defs[c].ctype == SPIRIT})

    def pick(self, frame, player: int, options: list):
        """A choice inside an effect: the answer if given, the only option, or None after asking
        ``player`` (the options are card kinds or ``position_of`` names)."""
        scratch = frame[F_TMP]
        if "ans" in scratch:
            return scratch.pop("ans")
        if len(options) == 1:
            return options[0]
        self.pending = Pending(player, Ask.CHOICE, [action("choose", option) for option in options])
        return None

    # -- decks and hands ---------------------------------------------------------------------------
    def shuffle(self, cards: list) -> None:
        self._own_rng().shuffle(cards)

    def draw(self, player: int, n: int) -> int:
        """KEYWORDS "DRAW": from the top of the main deck (no card left: nothing; only the draw
        step's draw loses, "HOW TO WIN"). Returns how many were drawn."""
        deck, hand = self.main_deck[player], self.hand[player]
        bit = 1 << 2 * player
        done = 0
        for _ in range(n):
            if not deck:
                break
            card = self.take_top(deck, bit)
            hand.append(card)
            self.mark_drawn(card)
            done += 1
        if self.log_events and done:
            self.log("draw", player, cards=done)
        return done

    def invoke(self, player: int, n: int) -> int:
        """KEYWORDS "INVOKE": spirits from the top of the spirit deck to the hand (an empty spirit
        deck gives none). The event records the spirits actually invoked."""
        spirit_deck, hand = self.spirit_deck[player], self.hand[player]
        bit = 2 << 2 * player
        done = 0
        for _ in range(n):
            if not spirit_deck:
                break
            card = self.take_top(spirit_deck, bit)
            hand.append(card)
            self.mark_drawn(card)  # an invoked spirit counts as drawn
            done += 1
        if self.log_events:
            self.log("invoke", player, cards=done)
        return done

    def take_top(self, cards: list, bit: int) -> int:
        """Take the top card of a deck (``bit``: the deck's bit in ``unordered_decks``: 1 << 2p for
        player p's main deck, 2 << 2p for their spirit deck).

        Only a sampled world (``determinize``) has unordered decks: their order is hidden, so
        the top card is a random one of the deck, picked when needed (a lazy shuffle: most
        look-ahead never draws, and then only a card or two). The pick is a hash of the world's
        ``deal_seed``, the deck and its size: deterministic, and the same in every copy of the
        world, so the actions a search compares meet the same draws."""
        if self.unordered_decks & bit:
            n = len(cards)
            if n > 1:
                j = hash((self.deal_seed, bit, n)) % n
                cards[j], cards[-1] = cards[-1], cards[j]
        return cards.pop()

    def discard(self, player: int, card: int) -> None:
        """KEYWORDS "DISCARD": from the hand to the drop zone."""
        self.hand[player].remove(card)
        self.mark_known(player, card, False)
        self.drop[player].append(card)
        if self.log_events:
            self.log("discard", player, card=self.card_defs[card].name)
        if "discarded" in self.card_defs[card].trig:  # [INDEPENDENT] "when this card is discarded"
            batch: list[Trigger] = []
            self._collect(card, player, "discarded", {}, batch, DROP)
            self._queue(batch)

    # -- the void and the end ----------------------------------------------------------------------
    def to_void(self, player: int, spirit: int) -> None:
        """Spirits go to their owner's void ("SPIRIT CARDS"); 7 or more loses ("HOW TO WIN"),
        checked whenever a spirit arrives."""
        void = self.void[player]
        void.append(spirit)
        if len(void) >= VOID_LIMIT and self._outcome is None:
            self.end([1 - player], EndReason.SPIRITS_IN_VOID)
            self.step = OVER

    def win(self, player: int) -> None:
        """Op ``win``: a card's alternate win condition ("HOW TO WIN")."""
        if self._outcome is None:
            self.end([player], EndReason.ALTERNATE_WIN)
            self.step = OVER

    # -- spirits -----------------------------------------------------------------------------------
    def spiritualize(self, player: int, spirit: int, host: int, by_effect: bool = False) -> None:
        """KEYWORDS "SPIRITUALIZE": a spirit from the hand underneath a savior or form."""
        self.hand[player].remove(spirit)
        self.mark_known(player, spirit, False)
        self.add_spirit(host, spirit)
        if host == self.savior[player]:
            # replaced, never changed in place (base.py: REPLACED)
            self.savior_spiritualized = [True if seat == player else done for seat, done in enumerate(self.savior_spiritualized)]
        else:
            self.spiritualized_this_turn = self.spiritualized_this_turn | {host}  # replaced (base.py: REPLACED)
        self.mark_played(spirit)
        if self.log_events:
            self.log("spiritualize", player, card=self.card_defs[host].name, spirit=self.card_defs[spirit].name)

    # -- forms on the field ------------------------------------------------------------------------
    def put_form(self, player: int, card: int, zone: int, played_from: str = "hand", sacrificed: int = EMPTY,
                 spirits: list | None = None) -> None:
        """A form enters a form zone face-up and its "when played" effects trigger."""
        self.forms[player][zone] = card
        self.form_spirits[player][zone] = spirits if spirits is not None else []
        self.mark_played(card)
        if self.log_events:
            self.log("play_form", player, card=self.card_defs[card].name, slot=zone, source=played_from,
                     sacrificed=self.card_defs[sacrificed].name if sacrificed >= 0 else None)
        batch: list[Trigger] = []
        context = {"form": card, "sacrificed": sacrificed}
        if sacrificed >= 0:
            self._collect(sacrificed, player, "sacrificed_for_play", context, batch, DROP)
        self._collect(card, player, "played", context, batch)
        self._queue(batch)

    def _leave_field(self, card: int) -> None:
        """A card leaving the field loses its PWR changes, protections and combat marks."""
        if self.pwr_changes:
            self.pwr_changes = [change for change in self.pwr_changes if change[0] != card]
        # (each replaced, never changed in place: base.py, REPLACED)
        if card in self.protected_until:
            self.protected_until = {other: until for other, until in self.protected_until.items() if other != card}
        if card in self.cannot_attack_until:
            self.cannot_attack_until = {other: until for other, until in self.cannot_attack_until.items()
                                        if other != card}
        if card in self.spiritualized_this_turn:
            self.spiritualized_this_turn = self.spiritualized_this_turn - {card}
        if card in self.damaged:
            damaged = self.damaged[:]
            damaged.remove(card)
            self.damaged = damaged

    def remove_form(self, card: int, destination: str) -> None:
        """A form leaves the field to the drop zone or its owner's hand; the spirits underneath it
        go to their owner's void ("FORM CARDS (CONT.)"; rules-notes: returned forms too)."""
        owner = self.owner[card]
        zone = self.forms[owner].index(card)
        spirits = self.form_spirits[owner][zone]
        self.forms[owner][zone] = EMPTY
        self.form_spirits[owner][zone] = []
        self._leave_field(card)
        if destination == "hand":
            self.hand[owner].append(card)
            self.mark_known(owner, card, True)
        else:
            self.drop[owner].append(card)
        if self.log_events:
            self.log("to_" + destination, owner, card=self.card_defs[card].name, spirits=len(spirits))
        for spirit in spirits:
            self.to_void(self.owner[spirit], spirit)

    def return_to_hand(self, card: int) -> None:
        if self.card_defs[card].ctype == FORM and self.on_field(card):
            self.remove_form(card, "hand")

    def sacrifice_by_effect(self, card: int) -> None:
        """Forms sacrificed by a card effect have their spirits sent to the void and do not count
        towards the once-per-turn sacrifice ("FORM CARDS (CONT.)", "THE ACT STEP" 3)."""
        if self.card_defs[card].ctype == FORM and self.on_field(card):
            self.remove_form(card, "drop")

    def damage_by_effect(self, card: int) -> None:
        """Op ``damage``: damaged as in combat; "when damaged" effects resolve first, then the form
        goes to the drop zone (at the end of the combat step when in combat, "FORM CARDS (CONT.)").

        A card that "cannot be damaged until ..." (Emerald Bulwark Shrine, Emeraldefender Golem:
        ``protect`` until a later time) is not damaged by effects either; "cannot be damaged by
        this attack" (Protect Spirit) protects from that attack only (rules-notes: "Protection
        stops damage from effects too")."""
        owner = self.owner[card]
        if not self.on_field(card) or card in self.damaged:
            return
        until = self.protected_until.get(card)
        if until is not None and until != END_OF_ATTACK:
            if self.log_events:
                self.log("protected", owner, card=self.card_defs[card].name)
            return
        if self.log_events:
            self.log("damaged", owner, card=self.card_defs[card].name)
        batch: list[Trigger] = []
        self._collect_damaged(card, owner, {"form": card, "target": card}, batch)
        if self.card_defs[card].ctype == FORM and self.step == COMBAT:
            self.damaged = self.damaged + [card]  # replaced (base.py: REPLACED)
        else:
            self.continuations.append((ZoneMixin._after_effect_damage, (card,)))
        self._queue(batch)

    def _after_effect_damage(self, card: int) -> None:
        """A card damaged by an effect, its "when damaged" effects resolved: a savior loses a
        spirit, a form goes to the drop zone."""
        if self.card_defs[card].ctype == SAVIOR:
            self.savior_damaged(self.owner[card])
        elif self.on_field(card):
            self.remove_form(card, "drop")

    def savior_damaged(self, player: int) -> None:
        """"THE COMBAT STEP" 3 and "HOW TO WIN": the top spirit of the spirit deck goes to the
        void; none left: one from under the savior; none there: one from the hand."""
        if self.spirit_deck[player]:
            spirit = self.take_top(self.spirit_deck[player], 2 << 2 * player)
        elif self.savior_spirits[player]:
            spirit = self.savior_spirits[player].pop(0)
        else:
            card_defs = self.card_defs
            spirits = [c for c in self.hand[player] if card_defs[c].ctype == SPIRIT]
            if not spirits:
                return
            spirit = min(spirits, key=lambda c: (card_defs[c].kind, c))
            self.hand[player].remove(spirit)
            self.mark_known(player, spirit, False)
        if self.log_events:
            self.log("savior_damaged", player, spirit=self.card_defs[spirit].name)
        self.to_void(player, spirit)

    def flip(self, player: int) -> None:
        """Flip the savior to its boundless state, once per game ("SAVIOR")."""
        # replaced, never changed in place (base.py: REPLACED)
        self.flipped = [True if seat == player else shows for seat, shows in enumerate(self.flipped)]
        if self.log_events:
            self.log("flip", player, card=self.card_defs[self.savior[player]].name)
        batch: list[Trigger] = []
        self._collect(self.savior[player], player, "flipped", {}, batch)
        self._queue(batch)
