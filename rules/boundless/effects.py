"""The Boundless effect-op interpreter: card abilities run from the card data.

A card's ``effects`` (fixtures/boundless.json, docs/fixture-format.md) are compiled once per
game into :class:`Effect` objects: the free-text ``condition`` becomes a predicate, each op's
``target`` word a :class:`Selector`. The engine runs an effect as a *frame* (a small list, so
``clone`` copies it cheaply): first its ``cost`` ops, then its ``ops``, one op at a time. An op
handler returns True when done, or False after asking a player to choose (the engine's
``pending``); the answer lands in the frame's scratch dict and the handler runs again.

Escape hatch: an effect may carry ``"python": "package.module:function"``; the function is
called as ``function(state, frame)`` instead of the ops and must return True (done) or False
(waiting for a choice, exactly like an op handler).

Rulebook: shared/rulebooks/boundless-tcg.txt, "KEYWORDS" (draw, discard, rescue, spiritualize,
invoke, de-spiritualize, devour, control) and "EFFECT TIMING INDICATORS".
"""

from __future__ import annotations

import importlib
import re

# card types
SAVIOR, SPIRIT, FORM, COMMAND = "savior", "spirit", "form", "command"

# frame layout: [controller, source card, effect, stage (0 cost, 1 ops), op index, vars, scratch, kind]
F_CTRL, F_SRC, F_EFF, F_STAGE, F_OPI, F_VARS, F_TMP, F_KIND = range(8)
KIND_EFFECT, KIND_COMMAND = 0, 1

# expiry codes for PWR changes and protections: -1 = end of the current attack; 2t = end of
# the combat step of turn t; 2t+1 = end of turn t
END_OF_ATTACK = -1


class Effect:
    """One compiled ability of a card."""

    __slots__ = ("idx", "timing", "trigger", "cond", "cost", "ops", "once", "side", "optional",
                 "name", "python", "text", "target_ops")

    def __init__(self, idx: int, data: dict):
        self.idx = idx
        self.timing = data.get("timing", "")
        self.trigger = data.get("trigger")
        self.cond = compile_condition(data.get("condition"))
        self.cost = tuple(_compile_op(op) for op in data.get("cost", ()))
        self.ops = tuple(_compile_op(op) for op in data.get("ops", ()))
        self.once = bool(data.get("once_per_turn"))
        self.side = data.get("side")  # savior effects: "bound" or "boundless"
        self.optional = bool(data.get("optional")) or self.timing in ("swift", "interrupt")
        self.name = data.get("name", "")
        self.text = data.get("text", "")
        python = data.get("python")
        self.python = _load_function(python) if python else None
        # the first op names the main effect: an activation needs a target for it (see notes)
        first = self.ops[0] if self.ops else None
        self.target_ops = (first,) if first is not None and isinstance(first.get("sel"), Selector) \
            and first["sel"].single else ()


_CARD_CACHE: dict = {}


def card_def(kind: int, spec) -> CardDef:
    """The compiled card, cached: games built from the same decks share their definitions."""
    key = (kind, spec)
    d = _CARD_CACHE.get(key)
    if d is None:
        if len(_CARD_CACHE) > 20000:
            _CARD_CACHE.clear()
        d = _CARD_CACHE[key] = CardDef(kind, spec)
    return d


def _load_function(path: str):
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


class CardDef:
    """What the engine needs of a card, shared (never copied) by every clone of a game."""

    __slots__ = ("kind", "name", "ctype", "level", "pwr", "bpwr", "tags", "command_kind",
                 "spirit_kind", "effects", "trig", "acts", "swifts", "conts_self", "conts_group",
                 "form_bonus", "host_bonus", "flip_cond", "spec", "main_effect", "is_perfect", "acts_swifts")

    def __init__(self, kind: int, spec):
        attrs = spec.attributes or {}
        self.kind = kind
        self.spec = spec
        self.name = spec.name
        self.ctype = spec.card_type
        self.level = int(attrs.get("level", 0) or 0)
        self.pwr = int(attrs.get("pwr", 0) or 0)
        self.bpwr = int(attrs.get("boundless_pwr", self.pwr) or 0)
        tags = {t.lower() for t in attrs.get("tribe", []) or []}
        if attrs.get("archetype"):
            tags.add(str(attrs["archetype"]).lower())
        self.tags = frozenset(tags)
        self.command_kind = attrs.get("command_kind")
        self.spirit_kind = attrs.get("spirit_kind")
        self.is_perfect = self.spirit_kind == "perfect"
        self.effects = tuple(Effect(i, e) for i, e in enumerate(spec.effects or ()))
        self.trig: dict[str, list[Effect]] = {}
        self.acts: list[Effect] = []  # activated in the act step ("act", "independent" from drop)
        self.swifts: list[Effect] = []  # [SWIFT] effects without a trigger (activated at will)
        self.conts_self: list[tuple] = []  # (amount, side) for CONT PWR on this card itself
        self.conts_group: list[tuple] = []  # (selector, amount, side) for CONT PWR on other cards
        self.host_bonus = 0  # spirits: CONT PWR given to the card they are underneath
        for eff in self.effects:
            if eff.trigger:
                self.trig.setdefault(eff.trigger, []).append(eff)
            elif eff.timing in ("act", "independent"):
                self.acts.append(eff)
            elif eff.timing == "swift":
                self.swifts.append(eff)
            elif eff.timing == "cont":
                for op in eff.ops:
                    if op["op"] != "pwr":
                        continue
                    sel = op["sel"]
                    if sel.word == "host":
                        self.host_bonus += op["amount"]
                    elif sel.word == "self":
                        self.conts_self.append((op["amount"], eff.side))
                    else:
                        self.conts_group.append((sel, op["amount"], eff.side))
        # the group bonuses that reach forms of the controller: (selector, amount), for the
        # bound side [0] and the boundless side [1] (only a savior's differ)
        self.form_bonus = tuple(
            tuple((sel, amount) for sel, amount, side in self.conts_group
                  if (side is None or (side == "boundless") == flipped) and sel.side == "your" and not sel.savior)
            for flipped in (False, True))
        self.main_effect = self.effects[0] if self.effects else EMPTY_EFFECT
        self.acts_swifts = tuple(self.acts + self.swifts)
        flip = attrs.get("flip_condition")
        self.flip_cond = compile_condition(flip) if flip else None


# -- conditions ------------------------------------------------------------------------------------
# Each condition clause compiles to ``pred(state, ctrl, src, ctx) -> bool``; ``ctx`` holds the
# trigger's cards: attacker, target, form (the form the trigger is about), sacrificed, host, cmd.
_Q = r"[\"{]([\w' -]+)[\"}]"


def _has_tag(state, card, tag):
    return card is not None and card >= 0 and tag in state.card_defs[card].tags


def _clause(text: str):
    t = text.strip().rstrip(".").lower()
    if t in ("your act step", "during your act step"):
        return lambda s, c, src, ctx: s.turn_player == c and s.in_act_step()
    if t == "your combat step":
        return lambda s, c, src, ctx: s.turn_player == c and s.in_combat()
    if t == "your turn":
        return lambda s, c, src, ctx: s.turn_player == c
    if t == "this card is in your drop zone during your act step":
        return lambda s, c, src, ctx: s.turn_player == c and s.in_act_step() and src in s.drop[c]
    m = re.fullmatch(r"you have (\d+)(?:\+| or more) spirits in your void", t)
    if m:
        n = int(m[1])
        return lambda s, c, src, ctx: len(s.void[c]) >= n
    m = re.fullmatch(r"(?:your )?opponent has (\d+)(?:\+| or more) spirits in their void", t)
    if m:
        n = int(m[1])
        return lambda s, c, src, ctx: len(s.void[1 - c]) >= n
    m = re.fullmatch(r"this card has (\d+)(?:\+| or more) spirits underneath it", t)
    if m:
        n = int(m[1])
        return lambda s, c, src, ctx: len(s.spirits_of(src)) >= n
    m = re.fullmatch(r"there are (\d+) or more command cards in your drop zone", t)
    if m:
        n = int(m[1])
        return lambda s, c, src, ctx: sum(1 for x in s.drop[c] if s.card_defs[x].ctype == COMMAND) >= n
    m = re.fullmatch(r"you control (?:an?|(\d+) or more) " + _Q + " forms?", t)
    if m:
        n, tag = int(m[1] or 1), m[2].lower()
        return lambda s, c, src, ctx: sum(1 for x in s.forms[c] if x >= 0 and tag in s.card_defs[x].tags) >= n
    m = re.fullmatch(r"the (form|damaged form|attacked form|sacrificed form) is an? " + _Q, t)
    if m:
        key = {"form": "form", "damaged form": "form", "attacked form": "target",
               "sacrificed form": "sacrificed"}[m[1]]
        tag = m[2].lower()
        return lambda s, c, src, ctx: _has_tag(s, ctx.get(key), tag)
    if t == "the attack target is a form":
        return lambda s, c, src, ctx: ctx.get("target", -1) >= 0 and s.card_defs[ctx["target"]].ctype == FORM
    raise ValueError(f"Boundless engine: cannot read the condition {text!r}")


def compile_condition(text: str | None):
    """A predicate for a condition sentence (clauses joined by "and"), or None for no condition."""
    if not text:
        return None
    preds = [_clause(part) for part in re.split(r"\s+and\s+", text.strip())]
    if len(preds) == 1:
        return preds[0]
    return lambda s, c, src, ctx: all(p(s, c, src, ctx) for p in preds)


# -- targets ---------------------------------------------------------------------------------------
_SEL = re.compile(r"(other_|another_)?(your|opponent)_(?:level(\d)_)?(unspiritualized_)?(?:(\w+?)_)?(form|forms|savior)")
CTX_WORDS = {"attacker": "attacker", "triggering_form": "form", "that_form": "that",
             "attacked_form": "target", "triggering_command": "cmd", "host": "host"}


class Selector:
    """A target word (``your_akumaiden_form``, ``other_your_golem_forms``, ``self``, ...)."""

    __slots__ = ("word", "ctx_key", "side", "level", "unspirited", "tag", "other", "single", "savior")

    def __init__(self, word: str):
        self.word = word
        self.ctx_key = CTX_WORDS.get(word)
        self.side = self.level = self.tag = None
        self.other = self.unspirited = self.savior = False
        self.single = False  # a choice among the cards that match
        if word == "self" or self.ctx_key:
            return
        m = _SEL.fullmatch(word)
        if not m:
            raise ValueError(f"Boundless engine: unknown target word {word!r}")
        self.other = bool(m[1])
        self.side = m[2]
        self.level = int(m[3]) if m[3] is not None else None
        self.unspirited = bool(m[4])
        self.tag = m[5].lower() if m[5] else None
        self.savior = m[6] == "savior"
        self.single = m[6] == "form"

    def player(self, ctrl: int) -> int:
        return ctrl if self.side == "your" else 1 - ctrl

    def matches_form(self, state, card: int, src: int) -> bool:
        d = state.card_defs[card]
        if self.other and card == src:
            return False
        if self.level is not None and d.level != self.level:
            return False
        if self.tag is not None and self.tag not in d.tags:
            return False
        if self.unspirited and card in state.spiritualized_this_turn:
            return False
        return True


def _compile_op(op: dict) -> dict:
    out = dict(op)
    if "target" in op:
        out["sel"] = Selector(op["target"])
    amount = op.get("amount", 1)
    out["amount"] = amount
    if op["op"] not in OPS:
        raise ValueError(f"Boundless engine: unknown effect op {op['op']!r}")
    return out


def amount_of(state, op: dict, card: int) -> int:
    """An op's amount: a number, or a count read from the card (``spirits_underneath``)."""
    amount = op["amount"]
    if isinstance(amount, int):
        return amount
    if amount == "spirits_underneath":
        return len(state.spirits_of(card))
    if amount == "protect_spirits_underneath":
        return sum(1 for x in state.spirits_of(card) if state.card_defs[x].spirit_kind == "protect")
    raise ValueError(f"Boundless engine: unknown amount {amount!r}")


def candidates(state, frame, sel: Selector) -> list[int]:
    """The cards a selector can mean now (card ids; forms of the selector's side, or a savior)."""
    ctrl, src, vars_ = frame[F_CTRL], frame[F_SRC], frame[F_VARS]
    return select(state, ctrl, src, vars_, sel)


def select(state, ctrl, src, ctx, sel: Selector) -> list[int]:
    if sel.word == "self":
        return [src] if state.on_field(src) else []
    if sel.ctx_key:
        card = ctx.get(sel.ctx_key, -1)
        if sel.ctx_key == "cmd":
            return [card] if card is not None and card >= 0 else []
        return [card] if card is not None and card >= 0 and state.on_field(card) else []
    p = sel.player(ctrl)
    if sel.savior:
        return [state.savior[p]]
    return [x for x in state.forms[p] if x >= 0 and sel.matches_form(state, x, src)]


# -- op handlers -----------------------------------------------------------------------------------
def _who(frame, op) -> int:
    return frame[F_CTRL] if op.get("player", "you") == "you" else 1 - frame[F_CTRL]


def op_draw(s, f, op):
    s.draw(_who(f, op), amount_of(s, op, f[F_SRC]))
    return True


def op_invoke(s, f, op):
    s.invoke(f[F_CTRL], amount_of(s, op, f[F_SRC]))
    return True


def op_mill(s, f, op):
    p = _who(f, op)
    for _ in range(amount_of(s, op, f[F_SRC])):
        if not s.main_deck[p]:
            break
        s.drop[p].append(s.take_top(s.main_deck[p], 1 << 2 * p))
    s.log("mill", p, cards=amount_of(s, op, f[F_SRC]))
    return True


def op_discard(s, f, op):
    """KEYWORDS "DISCARD": hand to drop zone; spirit cards cannot be discarded. The discarding
    player chooses which cards."""
    p = _who(f, op)
    tmp = f[F_TMP]
    n = amount_of(s, op, f[F_SRC])
    while tmp.get("n", 0) < n:
        kinds = s.discardable_kinds(p)
        if not kinds:
            break
        kind = s.pick(f, p, kinds)
        if kind is None:
            return False
        s.discard(p, s.card_in(s.hand[p], kind))
        tmp["n"] = tmp.get("n", 0) + 1
    return True


def op_rescue(s, f, op):
    """KEYWORDS "RESCUE": spirits of your choice from your void to your hand."""
    p = f[F_CTRL]
    tmp = f[F_TMP]
    n = amount_of(s, op, f[F_SRC])
    while tmp.get("n", 0) < n and s.void[p]:
        kinds = sorted({s.card_defs[x].kind for x in s.void[p]})
        kind = s.pick(f, p, kinds)
        if kind is None:
            return False
        card = s.card_in(s.void[p], kind)
        s.void[p].remove(card)
        s.hand[p].append(card)
        s.known_in_hand[p].add(card)
        s.log("rescue", p, card=s.card_defs[card].name)
        tmp["n"] = tmp.get("n", 0) + 1
    return True


def _choose_target(s, f, sel, chooser, cands, as_slot=True):
    """Pick one card among ``cands`` (asks by form slot); returns the card, -1 when none, None
    when waiting for the choice."""
    tmp = f[F_TMP]
    if "t" in tmp:
        return tmp["t"]
    if not cands:
        return -1
    if len(cands) == 1:
        tmp["t"] = cands[0]
        return cands[0]
    slots = [s.position_of(c) for c in cands]
    slot = s.pick(f, chooser, slots)
    if slot is None:
        return None
    card = cands[slots.index(slot)]
    tmp["t"] = card
    return card


def op_spiritualize(s, f, op):
    """KEYWORDS "SPIRITUALIZE": a spirit from your hand under the target (by effect)."""
    p = f[F_CTRL]
    cands = [c for c in candidates(s, f, op["sel"]) if s.can_spiritualize(p, c)]
    card = _choose_target(s, f, op["sel"], p, cands)
    if card is None:
        return False
    if card < 0:
        return True
    kinds = s.spirit_kinds_for(p, card)
    if not kinds:
        return True
    kind = s.pick(f, p, kinds)
    if kind is None:
        return False
    s.spiritualize(p, s.card_in(s.hand[p], kind), card, by_effect=True)
    return True


def op_despiritualize(s, f, op):
    """KEYWORDS "DE-SPIRITUALIZE": spirits from under the target to their owner's void."""
    p = f[F_CTRL]
    n = amount_of(s, op, f[F_SRC])
    sel = op["sel"]
    cands = [c for c in candidates(s, f, sel) if s.spirits_of(c)]
    card = _choose_target(s, f, sel, p, cands)
    if card is None:
        return False
    if card < 0:
        return True
    f[F_VARS]["that"] = card
    tmp = f[F_TMP]
    owner = s.owner[card]
    while tmp.get("n", 0) < n:
        under = s.spirits_of(card)
        if not under:
            break
        kinds = sorted({s.card_defs[x].kind for x in under})
        kind = s.pick(f, p, kinds)
        if kind is None:
            return False
        sp = s.card_in(under, kind)
        s.remove_spirit(card, sp)
        s.log("despiritualize", p, card=s.card_defs[card].name, spirit=s.card_defs[sp].name)
        tmp["n"] = tmp.get("n", 0) + 1
        s.to_void(owner, sp)
        if s.is_over:
            return True
    return True


def op_devour(s, f, op):
    """KEYWORDS "DEVOUR": the top of the opponent's spirit deck to their void (none left: nothing)."""
    q = 1 - f[F_CTRL]
    for _ in range(amount_of(s, op, f[F_SRC])):
        if not s.spirit_deck[q] or s.is_over:
            break
        sp = s.take_top(s.spirit_deck[q], 2 << 2 * q)
        s.log("devour", f[F_CTRL], spirit=s.card_defs[sp].name)
        s.to_void(q, sp)
    return True


def _expiry(s, until):
    t = s.turn
    if until == "end_of_attack":
        return END_OF_ATTACK
    if until == "end_of_combat":
        return 2 * t
    if until == "end_of_opponent_next_turn":
        return 2 * (t + 1) + 1
    if until in (None, "end_of_turn"):
        return 2 * t + 1
    if until == "permanent":
        return 1 << 30
    raise ValueError(f"Boundless engine: unknown duration {until!r}")


def op_pwr(s, f, op):
    p = f[F_CTRL]
    sel = op["sel"]
    cands = candidates(s, f, sel)
    if sel.single:
        card = _choose_target(s, f, sel, p, cands)
        if card is None:
            return False
        targets = [card] if card >= 0 else []
    else:
        targets = cands
    amount = amount_of(s, op, f[F_SRC])
    exp = _expiry(s, op.get("until"))
    for card in targets:
        s.pwr_changes.append((card, amount, exp))
        s.log("pwr", p, card=s.card_defs[card].name, amount=amount)
    return True


def _on_chosen_target(s, f, op, act) -> bool:
    """Choose the op's target (a pending choice returns False: the op waits) and ``act`` on it."""
    sel = op["sel"]
    card = _choose_target(s, f, sel, f[F_CTRL], candidates(s, f, sel))
    if card is None:
        return False
    if card >= 0:
        act(card)
    return True


def op_damage(s, f, op):
    return _on_chosen_target(s, f, op, s.damage_by_effect)


def op_sacrifice(s, f, op):
    """Sacrifice by card effect: spirits to the void; not the once-per-turn sacrifice-to-play."""
    return _on_chosen_target(s, f, op, s.sacrifice_by_effect)


def op_return_to_hand(s, f, op):
    return _on_chosen_target(s, f, op, s.return_to_hand)


def op_search(s, f, op):
    """Look through the main deck for a matching card, add it to hand, then shuffle
    ("ZONES AND SETUP": a looked-through deck is shuffled)."""
    p = f[F_CTRL]
    deck = s.main_deck[p]
    ctype, tribe, level, name = op.get("card_type"), op.get("tribe"), op.get("level"), op.get("name")
    tribe = tribe.lower() if tribe else None

    def ok(card):
        d = s.card_defs[card]
        return ((ctype is None or d.ctype == ctype) and (tribe is None or tribe in d.tags)
                and (level is None or d.level == level) and (name is None or d.name == name))

    kinds = sorted({s.card_defs[x].kind for x in deck if ok(x)})
    if kinds:
        kind = s.pick(f, p, kinds)
        if kind is None:
            return False
        card = s.card_in(deck, kind)
        deck.remove(card)
        s.hand[p].append(card)
        s.was_drawn[card] = 1  # from the main deck to the hand: counts as drawn (counters)
        s.log("search", p, card=s.card_defs[card].name)
    s.shuffle(deck)
    return True


def op_play_from(s, f, op):
    """Play the source form from the named zone (the drop zone) without a sacrifice."""
    p = f[F_CTRL]
    src = f[F_SRC]
    zone = s.drop[p] if op.get("zone", "drop") == "drop" else s.hand[p]
    if src in zone and -1 in s.forms[p]:
        zone.remove(src)
        s.put_form(p, src, s.forms[p].index(-1), played_from=op.get("zone", "drop"))
    return True


def op_negate(s, f, op):
    card = f[F_VARS].get("cmd", -1)
    if card is not None and card >= 0:
        s.negated_card = card
        s.log("negate", f[F_CTRL], card=s.card_defs[card].name)
    return True


def op_extra_attack(s, f, op):
    p = f[F_CTRL]
    sel = op["sel"]
    cands = [c for c in candidates(s, f, sel) if c not in s.damaged]
    card = _choose_target(s, f, sel, p, cands)
    if card is None:
        return False
    if card >= 0:
        s.extra_attacks[card] = s.extra_attacks.get(card, 0) + 1
        s.log("extra_attack", p, card=s.card_defs[card].name)
    return True


def op_cannot_attack(s, f, op):
    p = f[F_CTRL]
    sel = op["sel"]
    card = _choose_target(s, f, sel, p, candidates(s, f, sel))
    if card is None:
        return False
    if card >= 0:
        s.cannot_attack_until[card] = _expiry(s, op.get("until"))
    return True


def op_protect(s, f, op):
    p = f[F_CTRL]
    sel = op["sel"]
    cands = candidates(s, f, sel)
    if sel.single:
        card = _choose_target(s, f, sel, p, cands)
        if card is None:
            return False
        targets = [card] if card >= 0 else []
    else:
        targets = cands
    exp = _expiry(s, op.get("until"))
    for card in targets:
        old = s.protected_until.get(card)
        if old is None or old == END_OF_ATTACK or (exp != END_OF_ATTACK and exp > old):
            s.protected_until[card] = exp  # keep the longer protection
        s.log("protect", p, card=s.card_defs[card].name)
    return True


def op_flip_savior(s, f, op):
    p = f[F_CTRL]
    if not s.flipped[p]:
        s.flip(p)
    return True


def op_win(s, f, op):
    s.win(f[F_CTRL])
    return True


OPS = {
    "draw": op_draw, "discard": op_discard, "rescue": op_rescue, "spiritualize": op_spiritualize,
    "invoke": op_invoke, "despiritualize": op_despiritualize, "devour": op_devour, "pwr": op_pwr,
    "damage": op_damage, "sacrifice": op_sacrifice, "return_to_hand": op_return_to_hand,
    "search": op_search, "play_from": op_play_from, "negate": op_negate,
    "extra_attack": op_extra_attack, "cannot_attack": op_cannot_attack, "protect": op_protect,
    "mill": op_mill, "flip_savior": op_flip_savior, "win": op_win,
}


# -- costs and targets before activation -----------------------------------------------------------
def can_pay(state, ctrl: int, src: int, eff: Effect, ctx: dict, from_hand: bool = False) -> bool:
    """Whether every cost op can be paid in full now ("HOW TO READ": the cost is paid before
    anything else). ``from_hand``: the source is a card leaving the hand to be activated."""
    discards = 0
    for op in eff.cost:
        name = op["op"]
        if name == "discard":
            discards += amount_of(state, op, src)
        elif name == "despiritualize":
            n = amount_of(state, op, src)
            if not any(len(state.spirits_of(c)) >= n for c in select(state, ctrl, src, ctx, op["sel"])):
                return False
        elif name in ("sacrifice",):
            if not select(state, ctrl, src, ctx, op["sel"]):
                return False
    if discards:
        have = sum(1 for x in state.hand[ctrl] if state.card_defs[x].ctype != SPIRIT)
        if from_hand:
            have -= 1
        if have < discards:
            return False
    return True


def has_targets(state, ctrl: int, src: int, eff: Effect, ctx: dict) -> bool:
    """An activated effect needs something to act on for its main (first) op (notes)."""
    for op in eff.target_ops:
        cands = select(state, ctrl, src, ctx, op["sel"])
        name = op["op"]
        if name == "despiritualize":
            cands = [c for c in cands if state.spirits_of(c)]
        elif name == "spiritualize":
            cands = [c for c in cands if state.can_spiritualize(ctrl, c) and state.spirit_kinds_for(ctrl, c)]
        elif name == "extra_attack":
            cands = [c for c in cands if c not in state.damaged]
        if not cands:
            return False
    return True


#: what a bound command does when placed (nothing: its effects are used later)
EMPTY_EFFECT = Effect(-1, {"timing": "command"})
