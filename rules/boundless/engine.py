"""The Boundless TCG rules engine: state, legal actions, apply (rulebook: boundless-tcg.txt).

Every card in a game is an int (its instance id); ``cd[id]`` is its shared, immutable
:class:`~rules.boundless.effects.CardDef`. Zones are small lists of ids, so ``clone`` copies
lists, never card objects. Actions name hand cards by their *kind* (the card's index in the
game's catalogue, the same for every copy), form zones by slot, and targets by slot, so the
action space stays small and the same in every determinization.

Flow: ``apply`` performs one decision, then ``_run`` resolves everything automatic - the
effect being executed (a frame, see effects.py), queued triggered effects, then queued
continuations of the turn (the combat check and damage phases, the move to the next turn) -
until some player must decide again (``decision``) or the turn player may act freely.

Decisions of the non-turn player (all real choices): the mulligan, the die-roll winner's
choice, response windows for interrupts after an act-step action (opened only when a response
is usable), optional triggered effects ([SWIFT], Protect Spirit, ...), and choices inside an
effect (which card to discard, which target, ...). A choice with one option is taken for the
player.

Interpretations of the rulebook are in docs/rules-notes.md, section "Boundless engine".
"""

from __future__ import annotations

import random

from rules.boundless import ai
from rules.boundless.effects import (
    COMMAND,
    EMPTY_EFFECT,
    END_OF_ATTACK,
    F_EFF,
    F_KIND,
    F_OPI,
    F_SRC,
    F_STAGE,
    F_TMP,
    F_VARS,
    FORM,
    KIND_COMMAND,
    KIND_EFFECT,
    OPS,
    SAVIOR,
    SPIRIT,
    CardDef,
    amount_of,
    can_pay,
    card_def,
    has_targets,
)
from rules.core.decks import DeckList
from rules.core.engine import Action, EndReason, EngineSpec, GameState

VERSION = "1.0"

#: form and command zones per player (notes: "Number of form and command zones")
FORM_ZONES = 5
COMMAND_ZONES = 5
HAND_START = 5  # "BEFORE YOU START": draw 5
VOID_LIMIT = 7  # "HOW TO WIN": 7 or more spirits in the void loses
TURN_LIMIT = 60

# steps ("TURN STRUCTURE")
MULLIGAN, FIRST, DRAW, INVOKE, ACT1, COMBAT, ACT2, END, OVER = range(9)
STEP_NAMES = ("setup", "setup", "draw", "invoke", "act1", "combat", "act2", "end", "over")

_ACTIONS: dict[tuple, Action] = {}


def A(verb: str, *args) -> Action:
    """An interned Action (legal_actions builds many; equal actions are one object)."""
    key = (verb, args)
    act = _ACTIONS.get(key)
    if act is None:
        act = _ACTIONS[key] = Action(verb, args)
    return act


#: the mulligan's options by hand size (shared lists: legal_actions' callers never change them)
_MULLIGAN_OPTIONS: dict[int, list[Action]] = {}

END_ACT = A("end")
PASS = A("pass")
ACCEPT = A("accept")
KEEP = A("keep")
FIRST_ACT = A("first")
DEFER = A("defer")


class BoundlessState(GameState):
    """A Boundless game for two players (the rulebook describes up to 2; "ABOUT BOUNDLESS")."""

    turn_limit = TURN_LIMIT

    # -- setup -------------------------------------------------------------------------------------
    def __init__(self, decks: list[DeckList] | None, seed: int, *, turn_limit: int = TURN_LIMIT,
                 form_zones: int = FORM_ZONES, command_zones: int = COMMAND_ZONES, _blank: bool = False):
        self._rng_seed = None
        self._rng_shared = False
        self._events_shared = False
        super().__init__(2, seed)
        if _blank:
            return
        self.turn_limit = turn_limit
        self.nf, self.nc = form_zones, command_zones
        catalogue: list[CardDef] = []
        by_spec: dict = {}
        cd: list[CardDef] = []
        owner: list[int] = []
        zones: list[dict] = []
        for p, deck in enumerate(decks):
            mine = {"savior": [], "main": [], "spirit": []}
            for section in ("savior", "main", "spirit"):
                for spec in deck.cards(section):
                    key = (spec.name, spec.set_code, spec.number, spec.id)
                    d = by_spec.get(key)
                    if d is None:
                        d = by_spec[key] = card_def(len(catalogue), spec)
                        catalogue.append(d)
                    mine[section].append(len(cd))
                    cd.append(d)
                    owner.append(p)
            if len(mine["savior"]) != 1:
                raise ValueError(f"deck {p + 1} needs exactly 1 savior card (WHAT YOU NEED), has {len(mine['savior'])}")
            zones.append(mine)
        self.catalogue = catalogue
        # the trigger names some card of this game answers (shared: the rest need no search)
        self.listened = frozenset(name for d in catalogue for name in d.trig)
        self.cd = cd
        self.sflag = bytes(1 if d.ctype == SPIRIT else 0 for d in cd)  # shared: is card id a spirit
        self.owner = owner
        self.deck = [z["main"] for z in zones]
        self.sdeck = [z["spirit"] for z in zones]
        self.savior = [z["savior"][0] for z in zones]
        self.hand = [[], []]
        self.drop = [[], []]
        self.void = [[], []]
        self.sspirits = [[], []]
        self.flipped = [False, False]
        self.forms = [[-1] * self.nf, [-1] * self.nf]
        self.fsp = [[[] for _ in range(self.nf)] for _ in range(2)]
        self.cmds = [[-1] * self.nc, [-1] * self.nc]
        self.cup = [[False] * self.nc, [False] * self.nc]
        self.cset = [[0] * self.nc, [0] * self.nc]
        self.public = [set(), set()]
        self.tp = 0
        self.first = 0
        self.step = MULLIGAN
        self.phase = ""
        self.sav_spirited = [False, False]
        self.spirited: set[int] = set()
        self.sacrificed = False
        self.once: set = set()
        self.attacks: dict[int, int] = {}
        self.extra: dict[int, int] = {}
        self.no_attack: dict[int, int] = {}
        self.mods: list[tuple] = []
        self.protected: dict[int, int] = {}
        self.damaged: list[int] = []
        self.frames: list[list] = []
        self.queue: list[tuple] = []
        self.conts: list[tuple] = []
        self.decision = None
        self.negated = -1
        self.mull = [-1, -1]
        self.rolls: list[tuple[int, int]] = []
        # statistics, per card id (docs/rules-notes.md, "Card statistics: drawn and played")
        self.was_drawn = bytearray(len(cd))
        self.was_played = bytearray(len(cd))
        # decks whose order is not fixed (a sampled world's; bit 2p: main deck, 2p+1: spirit deck)
        self.unordered = 0
        self.deal = 0  # the seed of the picks from unordered decks
        self.actor = 0
        # "BEFORE YOU START": shuffle both decks, draw 5
        self.step_name = "setup"
        for p in (0, 1):
            self.shuffle(self.deck[p])
            self.shuffle(self.sdeck[p])
        for p in (0, 1):
            self.draw(p, HAND_START)
        self._ask_mulligan(0)

    def _r(self) -> random.Random:
        """This state's own RNG. Clones share it until one of them needs it (copy on write), and a
        sampled world gets only a seed (``reseed``), turned into an RNG when first needed: most
        look-ahead worlds never shuffle or roll, and seeding or copying an RNG is not cheap."""
        if self._rng_shared:
            if self._rng_seed is not None:
                self._rng = random.Random(self._rng_seed)
                self._rng_seed = None
            else:
                rng = random.Random(0)  # (seeding from an int is cheap; the state is replaced next)
                rng.setstate(self._rng.getstate())
                self._rng = rng
            self._rng_shared = False
        return self._rng

    @property
    def rng(self) -> random.Random:
        return self._r()

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_seed = None
        self._rng_shared = False

    def reseed(self, seed: int) -> None:
        """Give this state a fresh RNG seeded with ``seed`` (made lazily; see ``_r``)."""
        self._rng_seed = seed
        self._rng_shared = True

    def log(self, action: str, player: int | None, **changes) -> None:
        if self.log_events:
            if self._events_shared:  # the event list is shared with a clone until one writes
                self.events = list(self.events)
                self._events_shared = False
            super().log(action, player, **changes)

    def shuffle(self, cards: list) -> None:
        self._r().shuffle(cards)

    # -- small queries used by effects.py ------------------------------------------------------
    def in_act_step(self) -> bool:
        return self.step == ACT1 or self.step == ACT2

    def in_combat(self) -> bool:
        return self.step == COMBAT

    def on_field(self, card: int) -> bool:
        d = self.cd[card]
        p = self.owner[card]
        if d.ctype == FORM:
            return card in self.forms[p]
        if d.ctype == SAVIOR:
            return True
        if d.ctype == COMMAND:
            return card in self.cmds[p]
        return False

    def spirits_of(self, card: int) -> list:
        """The spirits underneath a savior or a form on the field. Read only: change them with
        ``add_spirit`` / ``remove_spirit`` (a form's list is shared between clones)."""
        p = self.owner[card]
        if card == self.savior[p]:
            return self.sspirits[p]
        forms = self.forms[p]
        if card in forms:
            return self.fsp[p][forms.index(card)]
        return []

    def add_spirit(self, host: int, spirit: int) -> None:
        """Put ``spirit`` underneath ``host`` (a savior, or a form on the field)."""
        p = self.owner[host]
        if host == self.savior[p]:
            self.sspirits[p].append(spirit)  # (each clone has its own savior list)
        else:
            slot = self.forms[p].index(host)
            self.fsp[p][slot] = self.fsp[p][slot] + [spirit]  # replaced, never changed in place

    def remove_spirit(self, host: int, spirit: int) -> None:
        """Take ``spirit`` from underneath ``host``."""
        p = self.owner[host]
        if host == self.savior[p]:
            self.sspirits[p].remove(spirit)
        else:
            slot = self.forms[p].index(host)
            under = self.fsp[p][slot][:]
            under.remove(spirit)
            self.fsp[p][slot] = under

    def slot_of(self, card: int) -> int:
        p = self.owner[card]
        if card in self.forms[p]:
            return self.forms[p].index(card)
        return self.nf  # the savior

    def card_in(self, cards: list, kind: int) -> int:
        """The first card of ``kind`` in ``cards``."""
        cd = self.cd
        for c in cards:
            if cd[c].kind == kind:
                return c
        raise ValueError(f"no card of kind {kind} in the zone")

    def discardable_kinds(self, p: int) -> list[int]:
        """KEYWORDS "DISCARD": spirit cards cannot be discarded."""
        cd = self.cd
        return sorted({cd[c].kind for c in self.hand[p] if cd[c].ctype != SPIRIT})

    def can_spiritualize(self, p: int, card: int) -> bool:
        """Once per turn per card ("THE ACT STEP" 1 and 2); a form with a Perfect Spirit under it
        takes no other spirit ("FORM CARDS (CONT.)")."""
        if card < 0:
            return False
        if card == self.savior[p]:
            return not self.sav_spirited[p]
        if card in self.spirited or self.owner[card] != p or card not in self.forms[p]:
            return False
        cd = self.cd
        return not any(cd[x].is_perfect for x in self.spirits_of(card))

    def spirit_kinds_for(self, p: int, card: int) -> list[int]:
        cd = self.cd
        return sorted({cd[c].kind for c in self.hand[p] if cd[c].ctype == SPIRIT})

    def pick(self, frame, player: int, options: list[int]):
        """A choice inside an effect: the answer if given, the only option, or None after asking."""
        tmp = frame[F_TMP]
        if "ans" in tmp:
            return tmp.pop("ans")
        if len(options) == 1:
            return options[0]
        self.decision = (player, "choice", [A("choose", o) for o in options], None)
        return None

    # -- card movement -----------------------------------------------------------------------------
    def draw(self, p: int, n: int) -> int:
        """KEYWORDS "DRAW": from the top of the main deck (no card left: nothing; only the draw
        step's draw loses, "HOW TO WIN")."""
        deck, hand, was_drawn = self.deck[p], self.hand[p], self.was_drawn
        bit = 1 << 2 * p
        done = 0
        for _ in range(n):
            if not deck:
                break
            c = self.take_top(deck, bit)
            hand.append(c)
            was_drawn[c] = 1
            done += 1
        if self.log_events and done:
            self.log("draw", p, cards=done)
        return done

    def invoke(self, p: int, n: int) -> None:
        """KEYWORDS "INVOKE": spirits from the top of the spirit deck to the hand."""
        sdeck, hand, was_drawn = self.sdeck[p], self.hand[p], self.was_drawn
        bit = 2 << 2 * p
        for _ in range(n):
            if not sdeck:
                break
            c = self.take_top(sdeck, bit)
            hand.append(c)
            was_drawn[c] = 1  # an invoked spirit counts as drawn
        if self.log_events:
            self.log("invoke", p, cards=n)

    def take_top(self, cards: list, bit: int) -> int:
        """Take the top card of a deck (``bit``: the deck's bit in ``unordered``).

        Only a sampled world (``determinize``) has unordered decks: their order is hidden, so
        the top card is a random one of the deck, picked when needed (a lazy shuffle: most
        look-ahead never draws, and then only a card or two). The pick is a hash of the world's
        ``deal`` seed, the deck and its size: deterministic, and the same in every copy of the
        world, so the actions a search compares meet the same draws."""
        if self.unordered & bit:
            n = len(cards)
            if n > 1:
                j = hash((self.deal, bit, n)) % n
                cards[j], cards[-1] = cards[-1], cards[j]
        return cards.pop()

    def to_void(self, p: int, spirit: int) -> None:
        """Spirits go to their owner's void ("SPIRIT CARDS"); 7 or more loses ("HOW TO WIN"),
        checked whenever a spirit arrives."""
        void = self.void[p]
        void.append(spirit)
        if len(void) >= VOID_LIMIT and self._outcome is None:
            self.end([1 - p], EndReason.SPIRITS_IN_VOID)
            self.step = OVER

    def win(self, p: int) -> None:
        """Op ``win``: a card's alternate win condition ("HOW TO WIN")."""
        if self._outcome is None:
            self.end([p], EndReason.ALTERNATE_WIN)
            self.step = OVER

    def discard(self, p: int, card: int) -> None:
        self.hand[p].remove(card)
        self.public[p].discard(card)
        self.drop[p].append(card)
        if self.log_events:
            self.log("discard", p, card=self.cd[card].name)
        if "discarded" in self.cd[card].trig:  # [INDEPENDENT] "when this card is discarded"
            batch = []
            self._trig(card, p, "discarded", {}, batch, "drop")
            self._push(batch)

    def spiritualize(self, p: int, spirit: int, host: int, by_effect: bool = False) -> None:
        """KEYWORDS "SPIRITUALIZE": a spirit from the hand underneath a savior or form."""
        self.hand[p].remove(spirit)
        self.public[p].discard(spirit)
        self.add_spirit(host, spirit)
        if host == self.savior[p]:
            self.sav_spirited[p] = True
        else:
            self.spirited.add(host)
        self.was_played[spirit] = 1
        if self.log_events:
            self.log("spiritualize", p, card=self.cd[host].name, spirit=self.cd[spirit].name)

    def _purge(self, card: int) -> None:
        """A card leaving the field loses its PWR changes, protections and combat marks."""
        if self.mods:
            self.mods = [m for m in self.mods if m[0] != card]
        self.protected.pop(card, None)
        self.no_attack.pop(card, None)
        self.spirited.discard(card)
        if card in self.damaged:
            self.damaged.remove(card)

    def remove_form(self, card: int, dest: str) -> None:
        """A form leaves the field to the drop zone or its owner's hand; the spirits underneath it
        go to their owner's void ("FORM CARDS (CONT.)"; notes: returned forms too)."""
        p = self.owner[card]
        slot = self.forms[p].index(card)
        spirits = self.fsp[p][slot]
        self.forms[p][slot] = -1
        self.fsp[p][slot] = []
        self._purge(card)
        if dest == "hand":
            self.hand[p].append(card)
            self.public[p].add(card)
        else:
            self.drop[p].append(card)
        if self.log_events:
            self.log("to_" + dest, p, card=self.cd[card].name, spirits=len(spirits))
        for sp in spirits:
            self.to_void(self.owner[sp], sp)

    def return_to_hand(self, card: int) -> None:
        if self.cd[card].ctype == FORM and self.on_field(card):
            self.remove_form(card, "hand")

    def sacrifice_by_effect(self, card: int) -> None:
        """Forms sacrificed by a card effect have their spirits sent to the void and do not count
        towards the once-per-turn sacrifice ("FORM CARDS (CONT.)", "THE ACT STEP" 3)."""
        if self.cd[card].ctype == FORM and self.on_field(card):
            self.remove_form(card, "drop")

    def damage_by_effect(self, card: int) -> None:
        """Op ``damage``: damaged as in combat; "when damaged" effects resolve first, then the form
        goes to the drop zone (at the end of the combat step when in combat)."""
        p = self.owner[card]
        if not self.on_field(card) or card in self.damaged:
            return
        if self.log_events:
            self.log("damaged", p, card=self.cd[card].name)
        batch = []
        self._damage_triggers(card, p, {"form": card, "target": card}, batch)
        if self.cd[card].ctype == FORM and self.step == COMBAT:
            self.damaged.append(card)
        else:
            self.conts.append(("hurt", card))
        self._push(batch)

    def _savior_damaged(self, p: int) -> None:
        """"THE COMBAT STEP" 3 and "HOW TO WIN": the top spirit of the spirit deck goes to the
        void; none left: one from under the savior; none there: one from the hand."""
        if self.sdeck[p]:
            sp = self.take_top(self.sdeck[p], 2 << 2 * p)
        elif self.sspirits[p]:
            sp = self.sspirits[p].pop(0)
        else:
            spirits = [c for c in self.hand[p] if self.cd[c].ctype == SPIRIT]
            if not spirits:
                return
            sp = min(spirits, key=lambda c: (self.cd[c].kind, c))
            self.hand[p].remove(sp)
            self.public[p].discard(sp)
        if self.log_events:
            self.log("savior_damaged", p, spirit=self.cd[sp].name)
        self.to_void(p, sp)

    def put_form(self, p: int, card: int, slot: int, played_from: str = "hand", sacrificed: int = -1,
                 spirits: list | None = None) -> None:
        """A form enters a form zone face-up and its "when played" effects trigger."""
        self.forms[p][slot] = card
        self.fsp[p][slot] = spirits if spirits is not None else []
        self.was_played[card] = 1
        if self.log_events:
            self.log("play_form", p, card=self.cd[card].name, slot=slot, source=played_from,
                     sacrificed=self.cd[sacrificed].name if sacrificed >= 0 else None)
        batch = []
        ctx = {"form": card, "sacrificed": sacrificed}
        if sacrificed >= 0:
            self._trig(sacrificed, p, "sacrificed_for_play", ctx, batch, "drop")
        self._trig(card, p, "played", ctx, batch)
        self._push(batch)

    def flip(self, p: int) -> None:
        """Flip the savior to its boundless state, once per game ("SAVIOR")."""
        self.flipped[p] = True
        if self.log_events:
            self.log("flip", p, card=self.cd[self.savior[p]].name)
        batch = []
        self._trig(self.savior[p], p, "flipped", {}, batch)
        self._push(batch)

    # -- PWR ---------------------------------------------------------------------------------------
    def pwr(self, card: int) -> int:
        """PWR now: printed (savior: bound or boundless side) + spirits' CONT + CONT effects of the
        controller's cards + temporary changes."""
        cd = self.cd
        d = cd[card]
        p = self.owner[card]
        if d.ctype == SAVIOR:
            v = d.bpwr if self.flipped[p] else d.pwr
            spirits = self.sspirits[p]
        else:
            v = d.pwr
            forms = self.forms[p]
            spirits = self.fsp[p][forms.index(card)] if card in forms else ()
        for sp in spirits:
            v += cd[sp].host_bonus
        if d.conts_self:
            for amount, _side in d.conts_self:
                v += amount if isinstance(amount, int) else amount_of(self, {"amount": amount}, card)
        if d.ctype == FORM:
            flipped = self.flipped[p]
            sv = self.savior[p]
            if cd[sv].conts_group:
                v += self._group_bonus(cd[sv], sv, card, flipped)
            for x in self.forms[p]:
                if x >= 0 and cd[x].conts_group:
                    v += self._group_bonus(cd[x], x, card, flipped)
            cmds, cup = self.cmds[p], self.cup[p]
            for i in range(self.nc):
                x = cmds[i]
                if x >= 0 and cup[i] and cd[x].conts_group:
                    v += self._group_bonus(cd[x], x, card, flipped)
        if self.mods:
            for m in self.mods:
                if m[0] == card:
                    v += m[1]
        return v if v > 0 else 0

    def field_summary(self, p: int) -> tuple[int, int, int, int, int]:
        """What the evaluation needs of ``p``'s field, in one pass: the savior's PWR, how many
        undamaged forms and their summed PWR (as ``form_pwrs``), the spirits under forms, and
        the cards in command zones. (Asked for both players after every look-ahead action.)"""
        cd = self.cd
        flipped = self.flipped[p]
        side = 1 if flipped else 0
        mods = self.mods
        sv = self.savior[p]
        d = cd[sv]
        if d.conts_self or mods:
            savior = self.pwr(sv)
        else:
            savior = d.bpwr if flipped else d.pwr
            for sp in self.sspirits[p]:
                savior += cd[sp].host_bonus
            if savior < 0:
                savior = 0
        sources = [sv] if d.form_bonus[side] else None  # cards whose group bonus is in effect
        commands = 0
        cmds, cup = self.cmds[p], self.cup[p]
        for i in range(self.nc):
            x = cmds[i]
            if x >= 0:
                commands += 1
                if cup[i] and cd[x].form_bonus[side]:
                    if sources is None:
                        sources = [x]
                    else:
                        sources.append(x)
        forms = self.forms[p]
        for c in forms:
            if c >= 0 and cd[c].form_bonus[side]:
                if sources is None:
                    sources = [c]
                else:
                    sources.append(c)
        fsp = self.fsp[p]
        damaged = self.damaged
        count = total = spirited = 0
        for slot in range(self.nf):
            under = fsp[slot]
            if under:
                spirited += len(under)
            card = forms[slot]
            if card < 0 or (damaged and card in damaged):
                continue
            d = cd[card]
            v = d.pwr
            for sp in under:
                v += cd[sp].host_bonus
            if d.conts_self:
                for amount, _side in d.conts_self:
                    v += amount if isinstance(amount, int) else amount_of(self, {"amount": amount}, card)
            if sources is not None:
                for src in sources:
                    for sel, amount in cd[src].form_bonus[side]:
                        if sel.matches_form(self, card, src):
                            v += amount
            if mods:
                for m in mods:
                    if m[0] == card:
                        v += m[1]
            count += 1
            if v > 0:
                total += v
        return savior, count, total, spirited, commands

    def form_pwrs(self, p: int) -> list[int]:
        """PWR of each form ``p`` controls that is not damaged (one pass; for evaluation): the
        same sums as ``pwr``, with the CONT group bonuses in effect gathered once."""
        cd = self.cd
        forms = self.forms[p]
        flipped = self.flipped[p]
        groups = []  # (source card, selector, amount) of the group bonuses in effect
        sv = self.savior[p]
        if cd[sv].conts_group:
            self._active_groups(cd[sv], sv, flipped, groups)
        for c in forms:
            if c >= 0 and cd[c].conts_group:
                self._active_groups(cd[c], c, flipped, groups)
        cmds, cup = self.cmds[p], self.cup[p]
        for i in range(self.nc):
            x = cmds[i]
            if x >= 0 and cup[i] and cd[x].conts_group:
                self._active_groups(cd[x], x, flipped, groups)
        out = []
        fsp = self.fsp[p]
        damaged = self.damaged
        mods = self.mods
        for slot in range(self.nf):
            card = forms[slot]
            if card < 0 or (damaged and card in damaged):
                continue
            d = cd[card]
            v = d.pwr
            for sp in fsp[slot]:
                v += cd[sp].host_bonus
            if d.conts_self:
                for amount, _side in d.conts_self:
                    v += amount if isinstance(amount, int) else amount_of(self, {"amount": amount}, card)
            for src, sel, amount in groups:
                if sel.matches_form(self, card, src):
                    v += amount
            if mods:
                for m in mods:
                    if m[0] == card:
                        v += m[1]
            out.append(v if v > 0 else 0)
        return out

    @staticmethod
    def _active_groups(dd, src: int, flipped: bool, out: list) -> None:
        """``src``'s CONT "... forms you control gain +N PWR" in effect now (as in ``_group_bonus``)."""
        for sel, amount, side in dd.conts_group:
            if side is not None and (side == "boundless") != flipped:
                continue
            if sel.side == "your" and not sel.savior:
                out.append((src, sel, amount))

    def _group_bonus(self, dd, src: int, card: int, flipped: bool) -> int:
        """CONT "... forms you control gain +N PWR" of ``src`` applied to ``card``."""
        v = 0
        for sel, amount, side in dd.conts_group:
            if side is not None and (side == "boundless") != flipped:
                continue
            if sel.side == "your" and not sel.savior and sel.matches_form(self, card, src):
                v += amount
        return v

    # -- triggers ----------------------------------------------------------------------------------
    def _trig(self, card: int, ctrl: int, name: str, ctx: dict, batch: list, where: str = "field") -> None:
        """Queue ``card``'s effects that trigger on ``name`` ([AUTO]/[INDEPENDENT] regardless of
        spirits; a form's [SWIFT]/[INTERRUPT] only when spiritualized - "EFFECT TIMING INDICATORS")."""
        d = self.cd[card]
        effs = d.trig.get(name)
        if not effs:
            return
        for eff in effs:
            if d.ctype == SAVIOR and eff.side is not None and (eff.side == "boundless") != self.flipped[ctrl]:
                continue
            if d.ctype == FORM and where == "field" and eff.timing in ("swift", "interrupt") \
                    and not self.spirits_of(card):
                continue
            if eff.once and (card, eff.idx) in self.once:
                continue
            if eff.cond is not None and not eff.cond(self, ctrl, card, ctx):
                continue
            batch.append((ctrl, card, eff, ctx, where))

    def _trig_spirits(self, host: int, ctrl: int, name: str, ctx: dict, batch: list) -> None:
        if name not in self.listened:
            return
        spirits = self.spirits_of(host)
        if not spirits:
            return
        hctx = None
        cd = self.cd
        for sp in spirits:
            effs = cd[sp].trig.get(name)
            if effs:
                if hctx is None:
                    hctx = dict(ctx)
                    hctx["host"] = host
                for eff in effs:
                    batch.append((ctrl, sp, eff, hctx, "spirit"))

    def _trig_field(self, p: int, name: str, ctx: dict, batch: list) -> None:
        """Effects of every card ``p`` controls (and [SWIFT] commands in hand on ``p``'s turn)."""
        if name not in self.listened:
            return
        cd = self.cd
        self._trig(self.savior[p], p, name, ctx, batch)
        for c in self.forms[p]:
            if c >= 0 and name in cd[c].trig:
                self._trig(c, p, name, ctx, batch)
        for i, c in enumerate(self.cmds[p]):
            if c >= 0 and name in cd[c].trig:
                if self.cup[p][i]:
                    self._trig(c, p, name, ctx, batch)
                elif self.cset[p][i] < self.turn:
                    self._trig(c, p, name, ctx, batch, "set")
        if self.tp == p and -1 in self.cmds[p]:
            seen = set()
            for c in self.hand[p]:
                d = cd[c]
                if d.ctype == COMMAND and d.command_kind == "swift" and name in d.trig and d.kind not in seen:
                    seen.add(d.kind)
                    self._trig(c, p, name, ctx, batch, "hand")

    def _damage_triggers(self, loser: int, lp: int, ctx: dict, batch: list) -> None:
        self._trig(loser, lp, "damaged", ctx, batch)
        self._trig_spirits(loser, lp, "host_damaged", ctx, batch)
        if self.cd[loser].ctype == FORM:
            self._trig_field(lp, "your_form_damaged", ctx, batch)

    def _push(self, batch: list) -> None:
        """Simultaneous effects: the turn player's first, then the other's ("EFFECT TIMING
        INDICATORS"); newer batches resolve before older ones."""
        if not batch:
            return
        if len(batch) > 1:
            tp = self.tp
            batch.sort(key=lambda e: e[0] != tp)
        self.queue[0:0] = batch

    # -- the loop ----------------------------------------------------------------------------------
    def _run(self) -> None:
        while self._outcome is None and self.decision is None:
            if self.frames:
                self._step_frame()
            elif self.queue:
                self._next_entry()
            elif self.conts:
                self._cont(self.conts.pop())
            else:
                break
        if self._outcome is not None:
            self.step = OVER
            self.decision = None
        self.actor = self.decision[0] if self.decision is not None else self.tp
        self.step_name = STEP_NAMES[self.step] + (":" + self.phase if self.step == COMBAT and self.phase else "")

    def _step_frame(self) -> None:
        f = self.frames[-1]
        eff = f[F_EFF]
        if eff.python is not None:
            if eff.python(self, f):
                self._finish_frame()
            return
        stage = f[F_STAGE]
        # The cost and effect loops below are written out twice on purpose: this is the engine's
        # hottest path, and a helper call per op measurably slowed greedy play (bench_engine).
        if stage == 0:
            seq = eff.cost
            if f[F_OPI] < len(seq):
                op = seq[f[F_OPI]]
                if OPS[op["op"]](self, f, op):
                    f[F_OPI] += 1
                    f[F_TMP] = {}
                return
            f[F_STAGE] = 1
            f[F_OPI] = 0
            event = f[F_VARS].pop("window", None)
            if event:
                self._window(event, {"cmd": f[F_SRC]})
            return
        if self.negated == f[F_SRC]:
            self._finish_frame(negated=True)
            return
        seq = eff.ops
        if f[F_OPI] < len(seq):
            op = seq[f[F_OPI]]
            if OPS[op["op"]](self, f, op):
                f[F_OPI] += 1
                f[F_TMP] = {}
            return
        self._finish_frame()

    def _finish_frame(self, negated: bool = False) -> None:
        f = self.frames.pop()
        if f[F_KIND] == KIND_COMMAND:
            src = f[F_SRC]
            p = self.owner[src]
            slot = f[F_VARS].get("slot", -1)
            if negated:
                self.negated = -1
            if slot >= 0 and self.cmds[p][slot] == src and (negated or self.cd[src].command_kind != "bound"):
                # "COMMAND CARDS": sent to the drop zone after resolving (bound ones stay)
                self.cmds[p][slot] = -1
                self.cup[p][slot] = False
                self.drop[p].append(src)

    def _next_entry(self) -> None:
        q = self.queue
        p = q[0][0]
        run = 1
        while run < len(q) and q[run][0] == p:
            run += 1
        if run > 1:
            seen = set()
            opts = []
            for i in range(run):
                e = q[i]
                key = (self.cd[e[1]].kind, e[2].idx, e[4], e[3].get("host"))
                if key not in seen:
                    seen.add(key)
                    opts.append(A("order", i))
            if len(opts) > 1:
                self.decision = (p, "order", opts, None)
                return
        self._offer(q.pop(0))

    def _offer(self, entry: tuple) -> None:
        """Resolve a queued effect: skipped when it can no longer be used; optional ones ask."""
        ctrl, src, eff, ctx, where = entry
        if eff.once and (src, eff.idx) in self.once:
            return
        if where == "hand":
            if src not in self.hand[ctrl] or -1 not in self.cmds[ctrl]:
                return
        elif where == "set":
            if src not in self.cmds[ctrl] or self.cup[ctrl][self.cmds[ctrl].index(src)]:
                return
        if eff.cost and not can_pay(self, ctrl, src, eff, ctx, from_hand=where == "hand"):
            return
        if eff.optional:
            self.decision = (ctrl, "optional", [ACCEPT, PASS], entry)
            return
        self._begin(entry)

    def _begin(self, entry: tuple) -> None:
        ctrl, src, eff, ctx, where = entry
        if eff.once:
            self.once.add((src, eff.idx))
        vars_ = dict(ctx)
        kind = KIND_EFFECT
        if where == "hand":
            self.hand[ctrl].remove(src)
            self.public[ctrl].discard(src)
            slot = self.cmds[ctrl].index(-1)
            self.cmds[ctrl][slot] = src
            self.cup[ctrl][slot] = True
            self.cset[ctrl][slot] = self.turn
            self.was_played[src] = 1
            vars_["slot"] = slot
            kind = KIND_COMMAND
        elif where == "set":
            slot = self.cmds[ctrl].index(src)
            self.cup[ctrl][slot] = True
            vars_["slot"] = slot
            kind = KIND_COMMAND
        if self.log_events:
            self.log("effect", ctrl, card=self.cd[src].name, effect=eff.name or eff.trigger or eff.timing)
        self.frames.append([ctrl, src, eff, 0, 0, vars_, {}, kind])

    def _window(self, event: str, ctx: dict) -> None:
        """After an act-step action of the turn player the other player may answer with an
        [INTERRUPT] ("COMMAND CARDS", "EFFECT TIMING INDICATORS"); the window opens only when a
        response is usable."""
        if self._outcome is not None or not self.in_act_step():
            return
        q = 1 - self.tp
        opts = self._responses(q, event, ctx)
        if opts:
            self.decision = (q, "window", [PASS] + opts, (event, ctx))

    def _responses(self, q: int, event: str, ctx: dict) -> list[Action]:
        cd = self.cd
        opts = []
        cmds, cup, cset = self.cmds[q], self.cup[q], self.cset[q]
        for slot in range(self.nc):
            c = cmds[slot]
            # face-down, and set before this turn: usable from the next player's draw step
            if c < 0 or cup[slot] or cset[slot] >= self.turn:
                continue
            eff = cd[c].main_effect
            if eff.timing == "interrupt" and eff.trigger != event:
                continue
            if eff.timing == "swift" and eff.trigger is not None:
                continue
            if eff.cond is not None and not eff.cond(self, q, c, ctx):
                continue
            if eff.cost and not can_pay(self, q, c, eff, ctx):
                continue
            if not has_targets(self, q, c, eff, ctx):
                continue
            opts.append(A("respond", "cmd", slot))
        forms, fsp = self.forms[q], self.fsp[q]
        for slot in range(self.nf):
            c = forms[slot]
            if c < 0 or not fsp[slot]:
                continue
            for eff in cd[c].trig.get(event, ()):
                if eff.timing != "interrupt" or (eff.once and (c, eff.idx) in self.once):
                    continue
                if eff.cond is not None and not eff.cond(self, q, c, ctx):
                    continue
                if eff.cost and not can_pay(self, q, c, eff, ctx):
                    continue
                if not has_targets(self, q, c, eff, ctx):
                    continue
                opts.append(A("respond", "form", slot, eff.idx))
        return opts

    # -- continuations: the turn's own flow --------------------------------------------------------
    def _cont(self, c: tuple) -> None:
        name = c[0]
        if name == "compare":
            self._compare(c[1], c[2])
        elif name == "damage":
            self._combat_damage(c[1])
        elif name == "hurt":  # a card damaged by an effect, its "when damaged" effects resolved
            card = c[1]
            if self.cd[card].ctype == SAVIOR:
                self._savior_damaged(self.owner[card])
            elif self.on_field(card):
                self.remove_form(card, "drop")
        elif name == "declare":
            self.phase = "declare"
        elif name == "next_turn":
            self._expire(2 * self.turn + 1)
            self.tp = 1 - self.tp
            self._start_turn()

    def _ask_mulligan(self, p: int) -> None:
        n = len(self.hand[p])
        options = _MULLIGAN_OPTIONS.get(n)
        if options is None:
            options = _MULLIGAN_OPTIONS[n] = [KEEP] + [A("mulligan", m) for m in range(1, 1 << n)]
        self.decision = (p, "mulligan", options, None)
        self.actor = p

    def _start_turn(self) -> None:
        """"TURN STRUCTURE": draw step, invoke step, then act step 1 (which cannot be skipped)."""
        self.turn += 1
        if self.check_turn_limit():
            self.step = OVER
            return
        p = self.tp
        self.sav_spirited = [False, False]
        self.spirited = set()
        self.sacrificed = False
        self.once = set()
        self.step = DRAW
        self.step_name = "draw"
        if not self.deck[p]:
            self.end([1 - p], EndReason.DECK_OUT)  # "HOW TO WIN": unable to draw for the draw step
            self.step = OVER
            return
        self.draw(p, 1)
        self.step = INVOKE
        self.step_name = "invoke"
        self.invoke(p, 1)
        self.step = ACT1
        self.phase = ""

    def _start_combat(self) -> None:
        """"THE COMBAT STEP" 1, start phase: "at the start phase" effects, then attacks."""
        self.step = COMBAT
        self.phase = "start"
        self.step_name = "combat:start"
        self.attacks = {}
        self.extra = {}
        self.damaged = []
        batch = []
        self._trig_field(self.tp, "start_phase", {}, batch)
        self.conts.append(("declare",))
        self._push(batch)

    def _end_combat(self) -> None:
        """"THE COMBAT STEP" 4, end phase: damaged forms go to the drop zone, their spirits to
        the void; changes "until the end of combat" end."""
        self.phase = "end"
        for card in list(self.damaged):
            if self.on_field(card):
                self.remove_form(card, "drop")
                if self._outcome is not None:
                    return
        self.damaged = []
        self._expire(2 * self.turn)
        self.attacks = {}
        self.extra = {}
        self.step = ACT2
        self.phase = ""

    def _expire(self, upto: int) -> None:
        if self.mods:
            self.mods = [m for m in self.mods if m[2] > upto]
        if self.protected:
            self.protected = {c: e for c, e in self.protected.items() if e > upto}
        if self.no_attack:
            self.no_attack = {c: e for c, e in self.no_attack.items() if e > upto}

    def _end_attack(self) -> None:
        if self.mods:
            self.mods = [m for m in self.mods if m[2] != END_OF_ATTACK]
        if self.protected:
            self.protected = {c: e for c, e in self.protected.items() if e != END_OF_ATTACK}
        self.phase = "declare"

    def _attack(self, a: int, t: int) -> None:
        """"THE COMBAT STEP" 2, check phase: "when this card attacks"/"is attacked" effects, then PWR."""
        p = self.tp
        q = 1 - p
        self.attacks[a] = self.attacks.get(a, 0) + 1
        self.phase = "check"
        if self.log_events:
            self.log("attack", p, attacker=self.cd[a].name, target=self.cd[t].name)
        ctx = {"attacker": a, "target": t, "form": a}
        batch = []
        self._trig(a, p, "attacks", ctx, batch)
        self._trig_spirits(a, p, "host_attacks", ctx, batch)
        if self.cd[a].ctype == FORM:
            self._trig_field(p, "your_form_attacks", ctx, batch)
        tctx = {"attacker": a, "target": t, "form": t}
        self._trig(t, q, "attacked", tctx, batch)
        self._trig_spirits(t, q, "host_attacked", tctx, batch)
        if self.cd[t].ctype == FORM:
            self._trig_field(q, "your_form_attacked", tctx, batch)
        self.conts.append(("compare", a, t))
        self._push(batch)

    def _compare(self, a: int, t: int) -> None:
        """Highest PWR wins; equal PWR goes to the attacker ("THE COMBAT STEP" 2)."""
        if not (self.on_field(a) and self.on_field(t)) or a in self.damaged or t in self.damaged:
            self._end_attack()
            return
        pa, pt = self.pwr(a), self.pwr(t)
        winner, loser = (a, t) if pa >= pt else (t, a)
        if self.log_events:
            self.log("compare", self.tp, attacker_pwr=pa, target_pwr=pt, loser=self.cd[loser].name)
        if loser in self.protected:
            if self.log_events:
                self.log("protected", self.owner[loser], card=self.cd[loser].name)
            self._end_attack()
            return
        # "THE COMBAT STEP" 3, damage phase: "when this card damages / is damaged" effects resolve
        # before any card moves
        self.phase = "damage"
        wp, lp = self.owner[winner], self.owner[loser]
        wctx = {"attacker": a, "target": t, "form": winner, "loser": loser}
        lctx = {"attacker": a, "target": t, "form": loser, "winner": winner}
        batch = []
        w_form = self.cd[winner].ctype == FORM
        if self.cd[loser].ctype == SAVIOR:
            self._trig(winner, wp, "damages_savior", wctx, batch)
            self._trig_spirits(winner, wp, "host_damages_savior", wctx, batch)
            if w_form:
                self._trig_field(wp, "your_form_damages_savior", wctx, batch)
        else:
            self._trig(winner, wp, "damages_form", wctx, batch)
            self._trig_spirits(winner, wp, "host_damages_form", wctx, batch)
            if w_form:
                self._trig_field(wp, "your_form_damages_form", wctx, batch)
        self._damage_triggers(loser, lp, lctx, batch)
        if loser == a and self.cd[a].ctype == FORM:
            self._trig_field(1 - lp, "opponent_attacker_damaged", lctx, batch)
        self.conts.append(("damage", loser))
        self._push(batch)

    def _combat_damage(self, loser: int) -> None:
        if self.cd[loser].ctype == SAVIOR:
            self._savior_damaged(self.owner[loser])
        elif self.on_field(loser) and loser not in self.damaged:
            self.damaged.append(loser)  # to the drop zone at the end of the combat step
            if self.log_events:
                self.log("damaged", self.owner[loser], card=self.cd[loser].name)
        if self._outcome is None:
            self._end_attack()

    # -- protocol ----------------------------------------------------------------------------------
    def current_players(self) -> list[int]:
        if self._outcome is not None:
            return []
        return [self.actor]

    def legal_actions(self, player: int) -> list[Action]:
        if self._outcome is not None or player != self.actor:
            return []
        if self.decision is not None:
            return self.decision[2]
        if self.step == COMBAT:
            return self._combat_actions(player)
        return self._act_actions(player)

    def _act_actions(self, p: int) -> list[Action]:
        """"THE ACT STEP": play forms and commands, set commands, spiritualize, flip, activate."""
        cd = self.cd
        out = [END_ACT]
        hand = self.hand[p]
        forms = self.forms[p]
        open_form = -1 in forms
        open_cmd = -1 in self.cmds[p]
        seen = set()
        spirit_slots = None
        for c in hand:
            d = cd[c]
            k = d.kind
            if k in seen:
                continue
            seen.add(k)
            t = d.ctype
            if t == FORM:
                if d.level == 0:
                    if open_form:
                        out.append(A("play", k))
                elif not self.sacrificed:
                    lv = d.level
                    for slot in range(self.nf):
                        f = forms[slot]
                        if f >= 0 and cd[f].level <= lv:
                            out.append(A("play", k, slot))
            elif t == SPIRIT:
                if not self.sav_spirited[p]:
                    out.append(A("spirit", k, "savior"))
                if spirit_slots is None:
                    spirit_slots = [slot for slot in range(self.nf) if self.can_spiritualize(p, forms[slot])]
                for slot in spirit_slots:
                    out.append(A("spirit", k, slot))
            elif open_cmd:
                ck = d.command_kind
                if ck == "bound":
                    out.append(A("cmd", k))
                else:
                    if ck != "interrupt" and self._can_activate_from_hand(p, c):
                        out.append(A("cmd", k))
                    if ck == "interrupt" or ck == "swift":
                        out.append(A("set", k))
        if not self.flipped[p]:
            sv = self.savior[p]
            cond = cd[sv].flip_cond
            if cond is not None and cond(self, p, sv, {}):
                out.append(A("flip"))
        self._use_actions(p, out, False)
        return out

    def _can_activate_from_hand(self, p: int, c: int) -> bool:
        eff = self.cd[c].main_effect
        if eff.trigger is not None:
            return False  # answers its trigger only (offered when it happens)
        if eff.timing == "swift" and self.tp != p:
            return False  # "SWIFT": from your hand during your turn
        if eff.cond is not None and not eff.cond(self, p, c, {}):
            return False
        if eff.cost and not can_pay(self, p, c, eff, {}, from_hand=True):
            return False
        return has_targets(self, p, c, eff, {})

    def _usable(self, p: int, c: int, eff, combat: bool) -> bool:
        if eff.once and (c, eff.idx) in self.once:
            return False
        if eff.cond is not None and not eff.cond(self, p, c, {}):
            return False
        if eff.cost and not can_pay(self, p, c, eff, {}):
            return False
        return has_targets(self, p, c, eff, {})

    def _use_actions(self, p: int, out: list, combat: bool) -> None:
        """Activated effects: savior (either side as flipped), spiritualized forms (or
        [INDEPENDENT]), face-up bound commands, face-down [SWIFT] commands, forms in the drop zone
        with [INDEPENDENT] effects. [SWIFT] ones in any of the turn player's steps."""
        cd = self.cd
        sv = self.savior[p]
        d = cd[sv]
        flipped = self.flipped[p]
        for eff in (d.swifts if combat else d.acts_swifts):
            if eff.side is not None and (eff.side == "boundless") != flipped:
                continue
            if self._usable(p, sv, eff, combat):
                out.append(A("use", "savior", eff.idx))
        forms = self.forms[p]
        for slot in range(self.nf):
            c = forms[slot]
            if c < 0:
                continue
            d = cd[c]
            effs = d.swifts if combat else d.acts_swifts
            if not effs:
                continue
            spirited = bool(self.fsp[p][slot])
            for eff in effs:
                if not spirited and eff.timing != "independent":
                    continue
                if c in self.damaged:
                    continue
                if self._usable(p, c, eff, combat):
                    out.append(A("use", "form", slot, eff.idx))
        cmds, cup, cset = self.cmds[p], self.cup[p], self.cset[p]
        for slot in range(self.nc):
            c = cmds[slot]
            if c < 0:
                continue
            d = cd[c]
            if cup[slot]:
                if not combat:
                    for eff in d.acts:
                        if self._usable(p, c, eff, combat):
                            out.append(A("use", "cmd", slot, eff.idx))
            elif d.command_kind == "swift" and cset[slot] < self.turn:
                eff = d.main_effect
                if eff.trigger is None and self._usable(p, c, eff, combat):
                    out.append(A("use", "cmd", slot, eff.idx))
        if not combat and self.drop[p]:
            open_form = -1 in forms
            seen = set()
            for c in self.drop[p]:
                d = cd[c]
                if d.kind in seen or not d.acts:
                    continue
                seen.add(d.kind)
                for eff in d.acts:
                    if eff.timing != "independent":
                        continue
                    if not open_form and any(op["op"] == "play_from" for op in eff.ops):
                        continue
                    if self._usable(p, c, eff, combat):
                        out.append(A("use", "drop", d.kind, eff.idx))
        if combat and -1 in cmds:
            seen = set()
            for c in self.hand[p]:
                d = cd[c]
                if d.ctype == COMMAND and d.command_kind == "swift" and d.kind not in seen:
                    seen.add(d.kind)
                    if self._can_activate_from_hand(p, c):
                        out.append(A("cmd", d.kind))

    def _combat_actions(self, p: int) -> list[Action]:
        """Attacks: one attacker at a time, each savior and form once per combat step (more with
        ``extra_attack``); a form must be spiritualized to attack a savior ("FORM CARDS (CONT.)")."""
        out = [END_ACT]
        q = 1 - p
        targets = [slot for slot in range(self.nf) if self.forms[q][slot] >= 0
                   and self.forms[q][slot] not in self.damaged]
        attacks, extra, no_attack = self.attacks, self.extra, self.no_attack
        sv = self.savior[p]
        if attacks.get(sv, 0) < 1 + extra.get(sv, 0) and sv not in no_attack:
            out.append(A("attack", "savior", "savior"))
            for t in targets:
                out.append(A("attack", "savior", t))
        for slot in range(self.nf):
            c = self.forms[p][slot]
            if c < 0 or c in self.damaged or c in no_attack or attacks.get(c, 0) >= 1 + extra.get(c, 0):
                continue
            if self.fsp[p][slot]:
                out.append(A("attack", slot, "savior"))
            for t in targets:
                out.append(A("attack", slot, t))
        self._use_actions(p, out, True)
        return out

    def apply(self, action: Action, player: int) -> None:
        if self.log_events:
            self.log(str(action), player)
        verb = action.verb
        args = action.args
        dec = self.decision
        if dec is not None:
            self.decision = None
            kind = dec[1]
            if kind == "choice":
                self.frames[-1][F_TMP]["ans"] = args[0]
            elif kind == "order":
                self._offer(self.queue.pop(args[0]))
            elif kind == "optional":
                if verb == "accept":
                    self._begin(dec[3])
            elif kind == "window":
                if verb == "respond":
                    self._respond(player, dec[3], args)
            elif kind == "mulligan":
                self._mulligan(player, args[0] if args else 0)
            elif kind == "first":
                self._choose_first(player, verb == "first")
            self._run()
            return
        p = player
        if verb == "end":
            if self.step == ACT1:
                if self.turn == 1:  # "THE COMBAT STEP": with 2 players the first player skips it
                    self.step = ACT2
                    if self.log_events:
                        self.log("combat_skipped", p)
                else:
                    self._start_combat()
            elif self.step == COMBAT:
                self._end_combat()
            else:
                self.step = END
                self.step_name = "end"
                batch = []
                self._trig_field(p, "end_step", {}, batch)
                self.conts.append(("next_turn",))
                self._push(batch)
        elif verb == "play":
            self._play(p, args)
        elif verb == "spirit":
            self._spirit_action(p, args)
        elif verb == "cmd":
            self._command(p, args[0])
        elif verb == "set":
            card = self.card_in(self.hand[p], args[0])
            self.hand[p].remove(card)
            self.public[p].discard(card)
            slot = self.cmds[p].index(-1)
            self.cmds[p][slot] = card
            self.cup[p][slot] = False
            self.cset[p][slot] = self.turn
            self.was_played[card] = 1
        elif verb == "flip":
            self.flip(p)
            self._window("opponent_flips", {})
        elif verb == "use":
            self._use(p, args)
        elif verb == "attack":
            a = self.savior[p] if args[0] == "savior" else self.forms[p][args[0]]
            t = self.savior[1 - p] if args[1] == "savior" else self.forms[1 - p][args[1]]
            self._attack(a, t)
        self._run()

    def _mulligan(self, p: int, mask: int) -> None:
        """"BEFORE YOU START" - MULLIGAN: once; the unkept cards go on top of the main deck, the
        deck is shuffled, and the player draws back to 5."""
        hand = self.hand[p]
        back = [c for i, c in enumerate(hand) if mask >> i & 1]
        self.mull[p] = len(back)
        if back:
            self.hand[p] = [c for i, c in enumerate(hand) if not mask >> i & 1]
            self.deck[p].extend(back)
            if not self.unordered & 1 << 2 * p:  # (a sampled world's deck has no order to shuffle)
                self.shuffle(self.deck[p])
            for c in back:
                self.was_drawn[c] = 0  # back in the deck: counts again only if redrawn
            self.draw(p, HAND_START - len(self.hand[p]))
        if p == 0:
            self._ask_mulligan(1)
            return
        # "DICE ROLL": highest roller chooses to go first or defer; ties reroll
        rng = self._r()
        while True:
            r0, r1 = rng.randint(1, 6), rng.randint(1, 6)
            self.rolls.append((r0, r1))
            if r0 != r1:
                break
        w = 0 if r0 > r1 else 1
        if self.log_events:
            self.log("die_roll", None, rolls=[list(r) for r in self.rolls], winner=w)
        self.decision = (w, "first", [FIRST_ACT, DEFER], None)

    def _choose_first(self, p: int, first: bool) -> None:
        self.first = p if first else 1 - p
        self.tp = self.first
        self._start_turn()

    def _play(self, p: int, args: tuple) -> None:
        """"FORM CARDS": level 0 into an open form zone; level 1+ by sacrificing a form of equal
        or lower level (once per turn); the sacrificed form's spirits move to the new form."""
        card = self.card_in(self.hand[p], args[0])
        self.hand[p].remove(card)
        self.public[p].discard(card)
        sac = -1
        spirits = None
        if len(args) > 1:
            slot = args[1]
            sac = self.forms[p][slot]
            spirits = self.fsp[p][slot]
            self.forms[p][slot] = -1
            self.fsp[p][slot] = []
            self._purge(sac)
            self.drop[p].append(sac)
            self.sacrificed = True
        else:
            slot = self.forms[p].index(-1)
        self.put_form(p, card, slot, "hand", sac, spirits)
        self._window("opponent_plays_form_from_hand", {"form": card})

    def _spirit_action(self, p: int, args: tuple) -> None:
        spirit = self.card_in(self.hand[p], args[0])
        if args[1] == "savior":
            host = self.savior[p]
            self.spiritualize(p, spirit, host)
            self._window("opponent_spiritualizes_savior", {"form": -1})
        else:
            host = self.forms[p][args[1]]
            self.spiritualize(p, spirit, host)
            self._window("opponent_spiritualizes_form", {"form": host})

    def _command(self, p: int, kind: int) -> None:
        """"COMMAND CARDS": face-up in an open command zone on activation and while resolving;
        normal and swift ones then go to the drop zone, bound ones stay."""
        card = self.card_in(self.hand[p], kind)
        self.hand[p].remove(card)
        self.public[p].discard(card)
        slot = self.cmds[p].index(-1)
        self.cmds[p][slot] = card
        self.cup[p][slot] = True
        self.cset[p][slot] = self.turn
        self.was_played[card] = 1
        d = self.cd[card]
        eff = EMPTY_EFFECT if d.command_kind == "bound" else d.main_effect
        if self.log_events:
            self.log("command", p, card=d.name, kind=d.command_kind)
        vars_ = {"slot": slot}
        if self.in_act_step():
            vars_["window"] = "opponent_activates_command"
        self.frames.append([p, card, eff, 0, 0, vars_, {}, KIND_COMMAND])

    def _use(self, p: int, args: tuple) -> None:
        where = args[0]
        kind = KIND_EFFECT
        vars_ = {}
        if where == "savior":
            src = self.savior[p]
            eff = self.cd[src].effects[args[1]]
        elif where == "form":
            src = self.forms[p][args[1]]
            eff = self.cd[src].effects[args[2]]
        elif where == "cmd":
            slot = args[1]
            src = self.cmds[p][slot]
            eff = self.cd[src].effects[args[2]]
            if not self.cup[p][slot]:  # a face-down swift command: flip it face-up
                self.cup[p][slot] = True
                kind = KIND_COMMAND
                vars_["slot"] = slot
                if self.in_act_step():
                    vars_["window"] = "opponent_activates_command"
        else:  # drop
            src = self.card_in(self.drop[p], args[1])
            eff = self.cd[src].effects[args[2]]
        if eff.once:
            self.once.add((src, eff.idx))
        if self.log_events:
            self.log("effect", p, card=self.cd[src].name, effect=eff.name or eff.timing)
        self.frames.append([p, src, eff, 0, 0, vars_, {}, kind])

    def _respond(self, q: int, data: tuple, args: tuple) -> None:
        event, ctx = data
        if args[0] == "cmd":
            slot = args[1]
            card = self.cmds[q][slot]
            self.cup[q][slot] = True
            eff = self.cd[card].main_effect
            vars_ = dict(ctx)
            vars_["slot"] = slot
            if self.log_events:
                self.log("interrupt", q, card=self.cd[card].name)
            self.frames.append([q, card, eff, 0, 0, vars_, {}, KIND_COMMAND])
        else:
            card = self.forms[q][args[1]]
            eff = self.cd[card].effects[args[2]]
            if eff.once:
                self.once.add((card, eff.idx))
            if self.log_events:
                self.log("interrupt", q, card=self.cd[card].name)
            self.frames.append([q, card, eff, 0, 0, dict(ctx), {}, KIND_EFFECT])

    # -- copies ------------------------------------------------------------------------------------
    def clone(self) -> BoundlessState:
        """A hand-made copy: zone lists copied, card definitions shared, RNG and event log
        copy-on-write. (The greedy and search agents clone for every action they try.)"""
        s = BoundlessState.__new__(BoundlessState)
        d = self.__dict__
        n = s.__dict__
        n.update(d)
        self._events_shared = n["_events_shared"] = True
        self._rng_shared = n["_rng_shared"] = True
        x = d["deck"]
        n["deck"] = [x[0][:], x[1][:]]
        x = d["sdeck"]
        n["sdeck"] = [x[0][:], x[1][:]]
        x = d["hand"]
        n["hand"] = [x[0][:], x[1][:]]
        x = d["drop"]
        n["drop"] = [x[0][:], x[1][:]]
        x = d["void"]
        n["void"] = [x[0][:], x[1][:]]
        x = d["sspirits"]
        n["sspirits"] = [x[0][:], x[1][:]]
        n["flipped"] = d["flipped"][:]
        x = d["forms"]
        n["forms"] = [x[0][:], x[1][:]]
        x = d["fsp"]
        n["fsp"] = [x[0][:], x[1][:]]  # the spirit lists themselves are never changed in place
        x = d["cmds"]
        n["cmds"] = [x[0][:], x[1][:]]
        x = d["cup"]
        n["cup"] = [x[0][:], x[1][:]]
        x = d["cset"]
        n["cset"] = [x[0][:], x[1][:]]
        x = d["public"]
        n["public"] = [set(x[0]), set(x[1])]
        n["sav_spirited"] = d["sav_spirited"][:]
        n["spirited"] = set(d["spirited"])
        n["once"] = set(d["once"])
        n["attacks"] = d["attacks"].copy()
        n["extra"] = d["extra"].copy()
        n["no_attack"] = d["no_attack"].copy()
        n["mods"] = d["mods"][:]
        n["protected"] = d["protected"].copy()
        n["damaged"] = d["damaged"][:]
        if d["frames"]:
            n["frames"] = [[f[0], f[1], f[2], f[3], f[4], dict(f[5]), dict(f[6]), f[7]] for f in d["frames"]]
        else:
            n["frames"] = []
        n["queue"] = d["queue"][:]
        n["conts"] = d["conts"][:]
        if d["turn"] == 0:  # the mulligans and die rolls change only before the first turn
            n["mull"] = d["mull"][:]
            n["rolls"] = d["rolls"][:]
        n["was_drawn"] = d["was_drawn"][:]
        n["was_played"] = d["was_played"][:]
        return s

    def determinize(self, player: int, rng: random.Random) -> BoundlessState:
        """Redeal what ``player`` cannot see: the order of every deck (left unordered: the top
        card is picked when one is taken, ``take_top``), and the opponent's hidden hand cards,
        face-down commands and deck contents (spirit and main cards keep their counts: the two
        have different backs, "SPIRIT CARDS"; face-down cards stay commands that can be set
        face-down; cards known to be in hand stay). The world gets a fresh RNG seed and deal."""
        s = self.clone()
        s.reseed(rng.getrandbits(64))
        cd = s.cd
        opp = 1 - player
        # every deck's order is hidden: the top card is picked when drawn (``take_top``)
        s.unordered = 15
        s.deal = rng.getrandbits(64)
        known = s.public[opp]
        # cards an effect in progress refers to stay where they are
        if s.queue or s.frames or (s.decision is not None and s.decision[1] == "optional"):
            known = set(known)
            known.update(e[1] for e in s.queue)
            known.update(f[F_SRC] for f in s.frames)
            if s.decision is not None and s.decision[1] == "optional":
                known.add(s.decision[3][1])
        hand = s.hand[opp]
        kept, hidden_main, hidden_spirit = [], [], []
        sflag = s.sflag
        for c in hand:
            if c in known:
                kept.append(c)
            elif sflag[c]:
                hidden_spirit.append(c)
            else:
                hidden_main.append(c)
        cmds, cup = s.cmds[opp], s.cup[opp]
        down = [i for i in range(s.nc) if cmds[i] >= 0 and not cup[i] and cmds[i] not in known]
        new_main = new_spirit = ()
        if hidden_main or down:
            pool = hidden_main + s.deck[opp]
            for i in down:  # a face-down card is some interrupt or swift command
                pool.append(cmds[i])
            for i in down:
                fits = [j for j, c in enumerate(pool) if cd[c].command_kind in ("interrupt", "swift")]
                j = fits[int(rng.random() * len(fits))]
                cmds[i] = pool[j]
                pool[j] = pool[-1]
                pool.pop()
            new_main = rng.sample(pool, len(hidden_main))
            if new_main:
                taken = set(new_main)
                pool = [c for c in pool if c not in taken]
            s.deck[opp] = pool
        if hidden_spirit:
            spool = hidden_spirit + s.sdeck[opp]
            new_spirit = rng.sample(spool, len(hidden_spirit))
            taken = set(new_spirit)
            s.sdeck[opp] = [c for c in spool if c not in taken]
        if new_main or new_spirit:
            s.hand[opp] = kept + list(new_main) + list(new_spirit)
        dec = s.decision
        if dec is not None and dec[0] == opp:  # the opponent's pending options depend on the redeal
            if dec[1] == "choice":
                s.decision = None
                s._run()
            elif dec[1] == "window":
                opts = s._responses(opp, *dec[3])
                s.decision = (opp, "window", [PASS] + opts, dec[3]) if opts else None
                if not opts:
                    s._run()
        return s

    # -- views and statistics ----------------------------------------------------------------------
    def _card(self, c: int) -> dict:
        return {"id": c, "name": self.cd[c].name}

    def view(self, player: int | None) -> dict:
        """What ``player`` may see (None: everything). Hidden: the opponent's hand (except cards
        known to be there), both players' deck order and the opponent's deck contents, the
        opponent's face-down commands."""
        cd = self.cd
        players = []
        for p in (0, 1):
            mine = player is None or player == p
            hand = self.hand[p]
            entry = {
                "savior": {**self._card(self.savior[p]), "boundless": self.flipped[p],
                           "pwr": self.pwr(self.savior[p]),
                           "spirits": [self._card(x) for x in self.sspirits[p]]},
                "forms": [None if c < 0 else {**self._card(c), "slot": i, "pwr": self.pwr(c),
                                              "damaged": c in self.damaged,
                                              "spirits": [self._card(x) for x in self.fsp[p][i]]}
                          for i, c in enumerate(self.forms[p])],
                "commands": [None if c < 0 else
                             ({**self._card(c), "slot": i, "face_up": self.cup[p][i]}
                              if self.cup[p][i] or mine else {"slot": i, "face_up": False})
                             for i, c in enumerate(self.cmds[p])],
                "drop": [self._card(x) for x in self.drop[p]],
                "void": [self._card(x) for x in self.void[p]],
                "deck_count": len(self.deck[p]),
                "spirit_deck_count": len(self.sdeck[p]),
                "hand_count": len(hand),
                "hand_spirit_count": sum(1 for c in hand if cd[c].ctype == SPIRIT),
            }
            if mine:
                entry["hand"] = [self._card(c) for c in hand]
            else:
                entry["hand_known"] = [self._card(c) for c in hand if c in self.public[p]]
            players.append(entry)
        out = {
            "game": "boundless", "turn": self.turn, "step": self.step_name, "turn_player": self.tp,
            "first_player": self.first, "to_act": self.current_players(), "players": players,
            "die_rolls": [list(r) for r in self.rolls],
            "over": self.is_over,
            "outcome": self._outcome.as_dict() if self._outcome else None,
        }
        if player is not None and player == self.actor and not self.is_over:
            out["legal_actions"] = [str(a) for a in self.legal_actions(player)]
        return out

    def all_cards(self) -> list[int]:
        """Every card id in every zone (for conservation checks)."""
        out = []
        for p in (0, 1):
            out += self.deck[p] + self.sdeck[p] + self.hand[p] + self.drop[p] + self.void[p]
            out += self.sspirits[p] + [self.savior[p]]
            out += [c for c in self.forms[p] if c >= 0] + [c for c in self.cmds[p] if c >= 0]
            for x in self.fsp[p]:
                out += x
        return out

    def card_stats(self) -> dict[int, dict[str, dict[str, int]]]:
        """Per player and card name, how many copies were drawn and how many were played
        (docs/rules-notes.md, "Card statistics: drawn and played"). Each copy counts at most once
        in each, so neither exceeds the copies in the deck.

        - drawn: the copy entered its owner's hand from the main deck (the opening hand, a draw,
          a search) or, for a spirit, from the spirit deck (invoke). The mulligan: cards put back
          stop counting and the cards drawn back count, so a kept opening hand is 5 drawn.
        - played: the copy was put into play: a form played (from the hand, or from the drop
          zone by an effect), a command activated or set face-down, a spirit used to
          spiritualize (by the act-step action or by an effect). Played never exceeds drawn
          except for copies that reached play without being drawn: a form played from the drop
          zone after it was milled there, a spirit rescued from the void that went there from
          the spirit deck.
        """
        out = {p: {"drawn": {}, "played": {}} for p in (0, 1)}
        cd, owner = self.cd, self.owner
        for key, flags in (("drawn", self.was_drawn), ("played", self.was_played)):
            for c, flag in enumerate(flags):
                if flag:
                    counts = out[owner[c]][key]
                    name = cd[c].name
                    counts[name] = counts.get(name, 0) + 1
        return out

    def mulligans(self) -> dict[int, int]:
        """1 when the player put cards back ("MULLIGAN"), else 0 (``mulligan_cards`` has counts)."""
        return {p: 1 if self.mull[p] > 0 else 0 for p in (0, 1)}

    def mulligan_cards(self) -> dict[int, int]:
        return {p: max(self.mull[p], 0) for p in (0, 1)}

    def describe_action(self, action: Action, player: int) -> str:
        """Readable text for an action (card names instead of kind numbers)."""
        words = [action.verb]
        for i, arg in enumerate(action.args):
            if i == 0 and action.verb in ("play", "spirit", "cmd", "set", "choose") and isinstance(arg, int) \
                    and arg < len(self.catalogue):
                words.append(repr(self.catalogue[arg].name))
            else:
                words.append(str(arg))
        return " ".join(words)


def new_game(decks: list[DeckList], seed: int, **options) -> BoundlessState:
    """A new 2-player game: decks shuffled, 5 cards drawn, player 0 to decide their mulligan.

    Options: ``turn_limit`` (default 60), ``form_zones`` and ``command_zones`` (default 5 each).
    """
    if len(decks) != 2:
        raise ValueError(f"Boundless is played by 2 players here, got {len(decks)} decks")
    return BoundlessState(decks, seed, **options)


ENGINE = EngineSpec(game="boundless", version=VERSION, new_game=new_game, evaluate=ai.evaluate,
                    min_players=2, max_players=2)
