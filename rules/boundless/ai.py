"""Position evaluation for Boundless greedy and search agents.

``evaluate(state, player) -> float``: positive is good for ``player``. The scale is "points"
where one spirit in a void is worth about 3 (a player loses at 7, "HOW TO WIN"), so the core's
ISMCTS squashing (evaluate / 10) stays in a useful range. Cheap: a few list lengths and the
PWR of the cards on the field, both sides in one pass (the greedy agent calls this for every
legal action of every decision, so it is one of the engine's hottest paths).
"""

from __future__ import annotations

from math import comb

from rules.boundless.constants import HAND_START

WIN = 1000.0
VOID_LIMIT = 7


def _side(state, player: int) -> float:
    """``player``'s material and tempo (a fixed sequence of float operations, so equal positions
    score exactly equal: the greedy agent breaks exact ties with its RNG)."""
    void = len(state.void[player])
    # spirits in the void hurt more as the loss at 7 draws near
    score = -3.0 * void - (6.0 if void >= VOID_LIMIT - 1 else 0.0)
    score += 0.4 * len(state.spirit_deck[player])  # spirit deck: the buffer that savior damage eats
    hand = state.hand[player]
    is_spirit = state.is_spirit
    spirits_in_hand = 0
    for card in hand:
        spirits_in_hand += is_spirit[card]
    score += 0.5 * len(hand) + 0.1 * spirits_in_hand
    score += 0.8 * len(state.savior_spirits[player])
    if state.flipped[player]:
        score += 4.0
    savior, forms, pwr, spirited, commands = state.field_summary(player)
    score += 0.25 * savior
    score += forms + 0.45 * pwr + 0.7 * spirited
    score += 0.6 * commands
    deck = len(state.main_deck[player])
    if deck < 3:
        score -= 3.0 * (3 - deck)
    return score


def _same_side(state, ref, player: int) -> bool:
    """Whether everything ``_side(state, player)`` reads that a move can change (the rest is the
    game's fixed card data) is equal in ``state`` and ``ref``: then so is the score. Compared
    field by field, those most often changed first (a tuple of them costs half a ``_side``). The
    marks kept for both seats in one container (damaged forms, PWR changes, forms spiritualized
    this turn) are compared as far as this side's field reads them (``_same_marks``): a form
    damaged in combat or a PWR change on one side leaves the other side's score as it was."""
    return (state.hand[player] == ref.hand[player] and state.forms[player] == ref.forms[player]
            and len(state.void[player]) == len(ref.void[player])
            and state.savior_spirits[player] == ref.savior_spirits[player]
            and state.form_spirits[player] == ref.form_spirits[player]
            and state.commands[player] == ref.commands[player]
            and state.command_face_up[player] == ref.command_face_up[player]
            and state.flipped[player] == ref.flipped[player]
            and len(state.spirit_deck[player]) == len(ref.spirit_deck[player])
            and len(state.main_deck[player]) == len(ref.main_deck[player])
            and state.savior[player] == ref.savior[player]
            and _same_marks(state, ref, player))


def _same_marks(state, ref, player: int) -> bool:
    """Whether the two-seat marks ``field_summary(player)`` reads are the same for ``player``'s
    field, whose forms ``_same_side`` found equal: which of its forms are damaged and which were
    spiritualized this turn (a ``matches_form`` of a group bonus reads that), and the PWR changes
    on its forms and savior, in order. (Each container is replaced on every write, base.py's
    ``REPLACED``, so an unchanged one is the very same object.)"""
    forms = state.forms[player]
    if state.damaged is not ref.damaged and state.damaged != ref.damaged:
        damaged, ref_damaged = state.damaged, ref.damaged
        if any((card in damaged) != (card in ref_damaged) for card in forms if card >= 0):
            return False
    if state.spiritualized_this_turn is not ref.spiritualized_this_turn \
            and state.spiritualized_this_turn != ref.spiritualized_this_turn:
        marked, ref_marked = state.spiritualized_this_turn, ref.spiritualized_this_turn
        if any((card in marked) != (card in ref_marked) for card in forms if card >= 0):
            return False
    if state.pwr_changes is not ref.pwr_changes and state.pwr_changes != ref.pwr_changes:
        savior = state.savior[player]
        mine = [change for change in state.pwr_changes if change[0] == savior or change[0] in forms]
        if mine != [change for change in ref.pwr_changes if change[0] == savior or change[0] in forms]:
            return False
    return True


def decision_scorer(player: int):
    """``evaluate(after, player)`` for the states after each candidate action of one greedy
    decision (``BoundlessState.greedy_scorer``), the same floats, cheaper: each side's ``_side``
    is reused from the first candidate scored while everything it reads compares equal
    (``_same_side``; most candidates leave the opponent's side as it was). So the first scored
    state must stay as it was for the decision's length: each candidate is played on a copy of
    its own, dropped after scoring (the last on the sampled world itself, scored last)."""
    opponent = 1 - player
    first: list = []  # [state, player's side, opponent's side] of the first state scored

    def score(state) -> float:
        if state._outcome is not None or state.turn == 0:
            return evaluate(state, player)
        if not first:
            mine, theirs = _side(state, player), _side(state, opponent)
            first[:] = (state, mine, theirs)
            return mine - theirs
        ref = first[0]
        mine = first[1] if _same_side(state, ref, player) else _side(state, player)
        theirs = first[2] if _same_side(state, ref, opponent) else _side(state, opponent)
        return mine - theirs

    return score


def evaluate(state, player: int) -> float:
    """Material and tempo difference from ``player``'s side; +/-1000 for a decided game."""
    outcome = state._outcome
    if outcome is not None:
        winners = outcome.winners
        if not winners:
            return 0.0
        return WIN if player in winners else -WIN
    if state.turn == 0:
        # before the first turn (the mulligans, the die roll) the opening hands are all that
        # differs: every choice leaves both sides the same hand size, decks and empty field
        return opening_value(state, player) - opening_value(state, 1 - player)
    return _side(state, player) - _side(state, 1 - player)


# -- the opening hand ------------------------------------------------------------------------------
# Before the first turn nothing but the hands differs between the choices ("BEFORE YOU START":
# the mulligan, then the die roll), so the evaluation adds the value of each opening hand. A
# mulligan is judged by the hand it keeps plus the *expected* value of the cards it will draw
# back (exact, over every way the redraw can fall), never by the cards the one sampled world
# happens to redraw: scored that way, the best of 31 noisy redraws beat "keep" almost always.
# The value is a playability score (docs/rules-notes.md, "Mulligan: what greedy keeps"):
# a level 0 form to play at once ("FORM CARDS": level 1+ forms need a form on the field to
# sacrifice), a second form to follow it, a command card; every put-back card costs a little
# (a known card beats an unknown one of the same expected worth), so a hand that already has
# all three is kept.

HAS_LEVEL0 = 3.0  # a level 0 form: something to play on the first turn
HAS_FOLLOW_UP = 1.5  # a second level 0 form, or a level 1+ form to play on top of the first
HAS_COMMAND = 0.5  # a command card
PUT_BACK_COST = 0.1  # per card put back


def hand_value(level0: int, higher: int, commands: int) -> float:
    """The playability of an opening hand with these counts of level 0 forms, level 1+ forms
    and command cards."""
    value = 0.0
    if level0:
        value += HAS_LEVEL0
        if level0 >= 2 or higher:
            value += HAS_FOLLOW_UP
    if commands:
        value += HAS_COMMAND
    return value


_CATEGORY: dict[int, tuple] = {}  # id(card definitions) -> (definitions, category per card id)


def _categories(state) -> bytes:
    """Per card id: 0 a level 0 form, 1 a level 1+ form, 2 a command card, 3 anything else
    (computed once per game: every copy of a game shares its card definitions)."""
    card_defs = state.card_defs
    entry = _CATEGORY.get(id(card_defs))
    if entry is None or entry[0] is not card_defs:
        cats = bytes(0 if d.ctype == "form" and d.level == 0 else 1 if d.ctype == "form"
                     else 2 if d.ctype == "command" else 3 for d in card_defs)
        if len(_CATEGORY) > 64:
            _CATEGORY.clear()
        entry = _CATEGORY[id(card_defs)] = (card_defs, cats)
    return entry[1]


def _counts(cats: bytes, cards) -> list[int]:
    """How many of ``cards`` are in each category (see ``_categories``)."""
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[cats[c]] += 1
    return counts


_EXPECTED: dict[tuple, float] = {}


def expected_hand_value(kept: tuple[int, int, int], pool: tuple[int, int, int, int], draws: int) -> float:
    """The mean ``hand_value`` of ``kept`` plus ``draws`` cards drawn at random from a deck of
    ``pool`` = (level 0 forms, level 1+ forms, commands, other cards): exact, by the
    multivariate hypergeometric distribution. Cached (few distinct arguments)."""
    key = (kept, pool, draws)
    value = _EXPECTED.get(key)
    if value is None:
        n0, nh, nc, no = pool
        total = comb(n0 + nh + nc + no, draws)
        value = 0.0
        if total:
            for a in range(min(n0, draws) + 1):
                for b in range(min(nh, draws - a) + 1):
                    for c in range(min(nc, draws - a - b) + 1):
                        ways = comb(n0, a) * comb(nh, b) * comb(nc, c) * comb(no, draws - a - b - c)
                        if ways:
                            value += ways * hand_value(kept[0] + a, kept[1] + b, kept[2] + c)
            value /= total
        if len(_EXPECTED) > 100_000:
            _EXPECTED.clear()
        _EXPECTED[key] = value
    return value


def opening_value(state, player: int) -> float:
    """``player``'s opening hand as judged before the first turn: a kept (or not yet judged) hand by
    its cards; after a mulligan, by the kept cards and the expected redraw. The engine keeps
    the kept cards first in the hand and draws the redraw after them; the redraw came from the
    cards now in the deck plus the redrawn ones."""
    cats = _categories(state)
    hand = state.hand[player]
    back = state.mulligan_put_back[player]
    if back <= 0:
        n0, nh, nc, _other = _counts(cats, hand)
        return hand_value(n0, nh, nc)
    kept = _counts(cats, hand[:len(hand) - back])
    pool = _counts(cats, state.main_deck[player])
    for c in hand[len(hand) - back:]:
        pool[cats[c]] += 1
    return expected_hand_value((kept[0], kept[1], kept[2]), (pool[0], pool[1], pool[2], pool[3]), back) - PUT_BACK_COST * back


def mulligan_values(state, player: int, actions) -> list[float] | None:
    """What ``evaluate`` would score after each of ``player``'s mulligan ``actions`` (``keep``,
    ``mulligan <kind> ...``), computed from card counts without playing them (the greedy agent's
    ``greedy_values``): the hand it keeps and the cards the redraw comes from are known before
    the draw, and nothing else the evaluation reads changes. None where that would not be exact:
    a game already begun, a hand of other than 5 cards or a main deck too small to draw back to 5."""
    hand, deck = state.hand[player], state.main_deck[player]
    if state._outcome is not None or state.turn != 0 or len(hand) != HAND_START or len(deck) < HAND_START:
        return None
    cats = _categories(state)
    card_defs = state.card_defs
    category = {card_defs[card].kind: cats[card] for card in hand}  # the kinds the options name
    in_hand = _counts(cats, hand)
    in_deck = _counts(cats, deck)
    theirs = opening_value(state, 1 - player)
    out = []
    for act in actions:
        back = len(act.args)
        if not back:  # keep: the whole hand (opening_value's branch for a hand put nothing back)
            out.append(hand_value(in_hand[0], in_hand[1], in_hand[2]) - theirs)
            continue
        kept, pool = in_hand[:], in_deck[:]
        for kind in act.args:
            c = category[kind]
            kept[c] -= 1
            pool[c] += 1
        mine = expected_hand_value((kept[0], kept[1], kept[2]), (pool[0], pool[1], pool[2], pool[3]), back) - PUT_BACK_COST * back
        out.append(mine - theirs)
    return out
