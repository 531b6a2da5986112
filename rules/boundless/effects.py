"""The Boundless effect-op interpreter: card abilities run from the card data.

A card's ``effects`` (fixtures/boundless.json, docs/fixture-format.md) are compiled by
compiler.py (when the card is saved, and once per game) into :class:`Effect` objects: each
structured ``condition`` a predicate, each op's ``target`` a :class:`Selector`. The engine runs
an effect as a *frame* (a small list, so ``clone`` copies it cheaply): first its ``cost`` ops,
then its ``ops``, one op at a time. An op handler returns True when done, or False after asking
a player to choose (the engine's ``pending``); the answer lands in the frame's scratch dict and
the handler runs again.

Tests only: an effect built in a test may carry ``"python": "package.module:function"``; the
function is called as ``function(state, frame)`` instead of the ops and must return True (done)
or False (waiting for a choice, exactly like an op handler). Card data cannot carry it.

Rulebook: shared/rulebooks/boundless-tcg.txt, "KEYWORDS" (draw, discard, rescue, spiritualize,
invoke, de-spiritualize, devour, control) and "EFFECT TIMING INDICATORS".
"""

from __future__ import annotations

from rules.boundless.compiler import SPIRIT, Effect, Selector

# frame layout: [controller, source card, effect, stage (0 cost, 1 ops), op index, vars, scratch, kind]
F_CTRL, F_SRC, F_EFF, F_STAGE, F_OPI, F_VARS, F_TMP, F_KIND = range(8)
KIND_EFFECT, KIND_COMMAND = 0, 1

# expiry codes for PWR changes and protections: -1 = end of the current attack; 2t = end of
# the combat step of turn t; 2t+1 = end of turn t
END_OF_ATTACK = -1


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
    if sel.is_self:
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
    """The top cards of a main deck to its drop zone; the event counts the cards that moved."""
    p = _who(f, op)
    milled = 0
    for _ in range(amount_of(s, op, f[F_SRC])):
        if not s.main_deck[p]:
            break
        s.drop[p].append(s.take_top(s.main_deck[p], 1 << 2 * p))
        milled += 1
    if s.log_events:
        s.log("mill", p, cards=milled)
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
    """KEYWORDS "RESCUE": spirits of your choice from your void to your hand (of one spirit
    type when the op names its ``kind``)."""
    p = f[F_CTRL]
    tmp = f[F_TMP]
    n = amount_of(s, op, f[F_SRC])
    only = op.get("kind")
    while tmp.get("n", 0) < n:
        kinds = sorted({s.card_defs[x].kind for x in s.void[p] if only is None or s.card_defs[x].spirit_kind == only})
        if not kinds:
            break
        kind = s.pick(f, p, kinds)
        if kind is None:
            return False
        card = s.card_in(s.void[p], kind)
        s.void[p].remove(card)
        s.hand[p].append(card)
        s.mark_known(p, card, True)
        if s.log_events:
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
        if s.log_events:
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
        if s.log_events:
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
        s.pwr_changes = s.pwr_changes + [(card, amount, exp)]  # replaced (base.py: REPLACED)
        if s.log_events:
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
        s.mark_drawn(card)  # from the main deck to the hand: counts as drawn (counters)
        if s.log_events:
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
        if s.log_events:
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
        s.extra_attacks = {**s.extra_attacks, card: s.extra_attacks.get(card, 0) + 1}  # replaced (base.py: REPLACED)
        if s.log_events:
            s.log("extra_attack", p, card=s.card_defs[card].name)
    return True


def op_cannot_attack(s, f, op):
    p = f[F_CTRL]
    sel = op["sel"]
    card = _choose_target(s, f, sel, p, candidates(s, f, sel))
    if card is None:
        return False
    if card >= 0:
        s.cannot_attack_until = {**s.cannot_attack_until, card: _expiry(s, op.get("until"))}  # replaced (base.py: REPLACED)
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
            s.protected_until = {**s.protected_until, card: exp}  # keep the longer protection (replaced: base.py)
        if s.log_events:
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
        elif name in ("sacrifice",) and not select(state, ctrl, src, ctx, op["sel"]):
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

