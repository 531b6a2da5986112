"""Position evaluation for Millennium Blades greedy and search agents ("each player maximises its
own result"): the player's RP projected to the end of the tournament against the best of the
others as far as the player can see them, since placement comes from RP
(millennium-blades.txt, "Ending the Tournament").

A one-ply agent cannot see its later turns. Scoring only the RP already gained (plus the face-up
Score effects) left it blind to what a single in hand, an unused Action or a pending Next effect
is still worth, so it played whatever paid now: it wasted Blast Off tokens and Actions, played
its cards in the wrong order and scored no more than a random player with two of the three
sample kits. The projection values what is still to come:

- the effects being resolved (an Action waiting for its opponent, a clash not yet flipped), the
  card they will flip counted face-down;
- the singles still to be played ("Tournament Turns": one a turn while the tableau has room):
  the hand is laid out after the tableau, up to its open slots (the singles worth least if played
  next are left out when they do not all fit), the highest star first; each one's Play effects,
  the Next effects and the Top/Ongoing "whenever you play" triggers it would meet are counted
  where it would land;
- every Score effect ("Ending the Tournament") on that projected tableau, deck box, accessories
  and Metagame;
- the Actions not yet used, at most one on each turn still to come ("Use an Action": one a turn,
  only on a turn the player plays a single; a single's own Action from the turn it is played), the
  best first, each less what flipping its card costs the Score effects;
- a clash is worth its chance of winning (the Top Cards' stars -- the Top Card of the turn it is
  used -- plus a card revealed from the Store, "Clashing") times what a win gives (the win branch,
  "whenever you win a clash" triggers, Score effects per clash won); a +1 Star token what the
  Score effects give per token, plus a star for clashes.

The others' hands are hidden (a redealt hand would only add noise), so each other seat counts its
RP, its face-up Score effects, its Top Card and a flat ``UNSEEN_PLAY`` per single it may still
play. Everything is counted with the engine's own queries on the state (laid out temporarily,
then restored), never by card name; ``evaluate`` leaves the state as it found it.
"""

from __future__ import annotations

import math

TOP_STAR = 0.3  # per star of the Top Card: clashes are won with it ("Clashing")
OPPONENT_RP = 0.5  # an opponent's RP gained (-) or lost (+), against one's own
FLIP_OPPONENT = 4.0  # an opponent's card flipped face-down by one's effect
EXTRA_PLAY = 2.0  # "Play: You may play an additional single this turn"
DISCARD = 2.0  # a single discarded from hand
UNSEEN_PLAY = 8.0  # per single another seat may still play (its hand is hidden)

_DISTRIBUTIONS: list[tuple[list, tuple[list[float], list[float]]]] = []  # (cards, (p, cdf)) per game


def _store_stars(state) -> tuple[list[float], list[float]]:
    """The chance of each star on a card revealed from the Store, and its running total
    (cached per game: the Store's cards are the game's, whatever their order)."""
    for cards, dist in _DISTRIBUTIONS:
        if cards is state.cards:
            return dist
    stars = [state.cards[c].printed_star for c in state.store_cards()] or [0]
    top = max(stars)
    p = [0.0] * (top + 1)
    for s in stars:
        p[max(s, 0)] += 1 / len(stars)
    cdf, running = [], 0.0
    for x in p:
        running += x
        cdf.append(running)
    dist = (p, cdf)
    _DISTRIBUTIONS.insert(0, (state.cards, dist))
    del _DISTRIBUTIONS[4:]
    return dist


def _clash_odds(dist, mine: int, rivals: list[int]) -> tuple[float, float, float]:
    """(win, tie, lose) for a Top Card of ``mine`` stars against Top Cards of ``rivals`` stars,
    each adding the star of a card revealed from the Store."""
    p, cdf = dist
    last = len(cdf) - 1
    win = not_lose = 0.0
    for x, px in enumerate(p):
        if not px:
            continue
        below = at_most = 1.0
        for rival in rivals:
            v = mine + x - rival
            below *= 0.0 if v - 1 < 0 else cdf[min(v - 1, last)]
            at_most *= 0.0 if v < 0 else cdf[min(v, last)]
        win += px * below
        not_lose += px * at_most
    return win, not_lose - win, 1.0 - not_lose


class _Projection:
    """One seat's projection: the values of effects seen from that seat."""

    __slots__ = ("state", "seat", "top_star", "_token", "_win")

    def __init__(self, state, seat: int):
        self.state, self.seat = state, seat
        self.top_star: int | None = None  # the Top Card's star for a clash later on (None: now)
        self._token: float | None = None
        self._win: float | None = None

    # -- what an effect is worth -------------------------------------------------------------------
    def effect(self, effect: dict, card: int | None, ctx: dict) -> float:
        if "condition" in effect and not self.state.holds(effect["condition"], card, self.seat, ctx):
            return 0.0
        value = self.ops(effect["ops"], card, ctx)
        return max(value, 0.0) if effect.get("optional") else value

    def ops(self, ops, card: int | None, ctx: dict) -> float:
        state, seat = self.state, self.seat
        value = 0.0
        for op in ops:
            name = op["op"]
            if name in ("gain_rp", "lose_rp"):
                amount = op.get("amount", 1)
                if "per" in op:
                    amount *= state.count(op["per"], card, seat, ctx)
                if "max" in op:
                    amount = min(amount, op["max"])
                sign = 1.0 if name == "gain_rp" else -1.0
                who = op.get("who", "self")
                if who == "self":
                    value += sign * amount
                elif who == "each":
                    value += sign * amount * (1.0 - OPPONENT_RP)
                else:
                    value -= sign * amount * OPPONENT_RP
            elif name == "clash":
                value += self.clash(op, card, ctx)
            elif name == "star_tokens":
                target = op["target"]
                if target.get("player", "self") == "self":
                    value += op.get("amount", 1) * self.token()
                    if target["pick"] != "next_played":
                        value += self.triggers("star_tokens", None)
            elif name == "flip":
                player = op["target"].get("player", "self")
                if player in ("opponent", "each_opponent"):
                    value += FLIP_OPPONENT
                elif player == "self" and op["target"]["pick"] not in ("this",):
                    value -= FLIP_OPPONENT
            elif name == "if":
                branch = op["then"] if state.holds(op["condition"], card, seat, ctx) else op.get("else")
                if branch:
                    value += self.ops(branch, card, ctx)
            elif name == "play_extra":
                value += EXTRA_PLAY
            elif name == "discard":
                value -= DISCARD * op.get("amount", 1)
        return value

    def clash(self, op: dict, card: int | None, ctx: dict) -> float:
        state, seat = self.state, self.seat
        top = state.top_card(seat)
        if top is None:
            return 0.0  # "If a clash does not have at least two participants ..., the clash does not occur"
        rivals = [state.star(t) or 0 for t in (state.top_card(p) for p in state.opponents(seat)) if t is not None]
        if not rivals:
            return 0.0
        dist = _store_stars(state)
        mine = self.top_star if self.top_star is not None else state.star(top) or 0
        win_value = self.ops(op.get("win", ()), card, ctx) + self.ops(op.get("winner", ()), card, ctx) + self.win()
        lose_value = self.ops(op.get("lose", ()), card, ctx) + self.ops(op.get("losers", ()), card, ctx)
        tie_value = self.ops(op.get("tie", ()), card, ctx)
        groups = [[r] for r in rivals] if op["with"] == "opponent" else [rivals]
        best = -math.inf  # (there is a rival: some group is worth more)
        for group in groups:  # the initiator chooses the opponent
            win, tie, lose = _clash_odds(dist, mine, group)
            value = win * win_value + tie * tie_value + lose * lose_value
            best = value if value > best else best
        return best

    def triggers(self, event: str, played: int | None) -> float:
        """What this seat's face-up Top (when it is the Top Card) and Ongoing "whenever" effects
        give when ``event`` happens to this seat (``played``: the single being played)."""
        state, seat = self.state, self.seat
        top = state.top_card(seat)
        value = 0.0
        for source in state.play_area(seat):
            if source in state.down or source == played:
                continue
            for _i, effect in state.cards[source].effects_at("top", "ongoing"):
                trigger = effect.get("trigger")
                if not trigger or trigger["event"] != event or effect["timing"] == "top" and source != top:
                    continue
                if trigger.get("by", "self" if event in ("clash_won", "star_tokens") else "any") == "opponent":
                    continue
                if played is not None and trigger.get("filter") and not state.matches(played, trigger["filter"], source):
                    continue
                value += self.effect(effect, source, {"that_player": seat, "played": played})
        return value

    def per_count(self, kind: str) -> float:
        """RP the seat's Score effects (face-up in play, in hand, and the Metagame's) give per one
        more of ``kind`` (a clash won, a +1 Star token)."""
        state, seat = self.state, self.seat
        value = 0.0
        for card in state.play_area(seat) + state.hand[seat] + state.metagame:
            if card in state.down:
                continue
            for _i, effect in state.cards[card].effects_at("score"):
                for op in effect["ops"]:
                    if op["op"] == "gain_rp" and op.get("who", "self") == "self" and op.get("per", {}).get("count") == kind:
                        value += op.get("amount", 1)
        return value

    def win(self) -> float:
        """A clash won: "whenever you win a clash" triggers and Score effects per clash won."""
        if self._win is None:
            self._win = self.triggers("clash_won", None) + self.per_count("clashes_won")
        return self._win

    def token(self) -> float:
        """A +1 Star token on one's card: a star for clashes and the Score effects per token."""
        if self._token is None:
            self._token = TOP_STAR + self.per_count("star_tokens")
        return self._token

    # -- the end of the tournament -----------------------------------------------------------------
    def score(self) -> float:
        """RP the face-up Score effects would give if the tournament ended now."""
        state, seat = self.state, self.seat
        total = 0.0
        for card in state.tableau[seat] + state.deck_box[seat] + state.accessories[seat] + state.metagame:
            if card in state.down:
                continue
            for _i, effect in state.cards[card].effects_at("score"):
                total += self.effect(effect, card, {})
        return total


def score_preview(state, seat: int) -> float:
    """RP the face-up Score effects of ``seat`` would give if the tournament ended now."""
    return _Projection(state, seat).score()


def seen(state, seat: int) -> float:
    """``seat``'s RP as its rivals see it: RP now, its face-up Score effects, its Top Card and
    ``UNSEEN_PLAY`` per single it may still play (its hand is hidden)."""
    top = state.top_card(seat)
    plays = max(0, min(state.capacity(seat) - len(state.tableau[seat]), len(state.hand[seat])))
    return (state.rp[seat] + _Projection(state, seat).score() + UNSEEN_PLAY * plays
            + TOP_STAR * ((state.star(top) or 0) if top is not None else 0))


def _in_progress(state, seat: int) -> tuple[float, list[int]]:
    """The rest of ``seat``'s effects being resolved (from the op waiting for a decision on), and
    the cards they will flip face-down (an Action's card, "then flip the card face-down")."""
    value, doomed = 0.0, []
    projection = _Projection(state, seat)
    for frame in state.stack:
        if frame["seat"] != seat:
            continue
        rest = frame["ops"][frame["i"]:]
        if any(op["op"] == "_flip_source" for op in rest) and frame["source"] is not None:
            doomed.append(frame["source"])
        if frame["optional"] and "accepted" not in frame["ctx"]:
            value += max(projection.ops(rest, frame["source"], frame["ctx"]), 0.0)
        else:
            value += projection.ops(rest, frame["source"], frame["ctx"])
    return value, doomed


def _action_turns(state, seat: int, now: int, tops: list[int]) -> list[tuple[int, int]]:
    """The turns ``seat`` may still use an Action on ("Use an Action": one a turn, on a turn it
    plays a single, before or after playing), as (the Top Card's star then, singles laid out by
    then): this turn's if unused, then one after each single still to be played."""
    turns = [(star, j + 1) for j, star in enumerate(tops)]
    if state.seat_turn != seat:
        return turns
    if state.played_this_turn:
        return turns if state.action_used else [(now, 0), *turns]
    return turns[1:] if state.action_used else turns


def projected(state, seat: int) -> float:
    """``seat``'s RP projected to the end of the tournament (see the module's docstring)."""
    rp = state.rp[seat]
    if state.phase != "turn":  # being scored: the Score effects are on the stack
        return rp + _in_progress(state, seat)[0]
    value, doomed = _in_progress(state, seat)
    added = [c for c in doomed if c not in state.down]
    state.down.update(added)
    tableau, hand = state.tableau[seat], state.hand[seat]
    try:
        top = state.top_card(seat)
        now = (state.star(top) or 0) if top is not None else 0
        singles = [c for c in hand if state.cards[c].card_type == "single"]
        plays = max(0, min(state.capacity(seat) - len(tableau), len(singles)))
        if plays < len(singles):
            singles = _best_singles(state, seat, singles, plays)
        singles.sort(key=lambda c: -state.cards[c].printed_star)  # stable: hand order among equals
        laid, tops = _lay_out(state, seat, singles)
        value += laid
        final = _Projection(state, seat)
        value += final.score() + TOP_STAR * now
        value += _actions(state, seat, final, _action_turns(state, seat, now, tops), singles)
    finally:
        state.tableau[seat], state.hand[seat] = tableau, hand
        state.down.difference_update(added)
    return rp + value


def _best_singles(state, seat: int, singles: list[int], plays: int) -> list[int]:
    """The ``plays`` singles worth the most if played next (Play and Action effects, a "whenever"
    effect once, and what they add to the Score effects), in hand order."""
    row = state.tableau[seat]
    base = _Projection(state, seat).score()
    worth = {}
    for card in singles:
        state.tableau[seat] = row + [card]
        projection = _Projection(state, seat)
        value = projection.score() - base
        for _i, effect in state.cards[card].effects_at("play", "action", "top", "ongoing"):
            if effect["timing"] in ("play", "action"):
                value += projection.effect(effect, card, {"played": card})
            elif "trigger" in effect:  # a "whenever" effect: say it happens once
                value += projection.effect(effect, card, {"that_player": seat, "played": card})
        worth[card] = value
    state.tableau[seat] = row
    keep = set(sorted(singles, key=lambda c: -worth[c])[:plays])
    return [c for c in singles if c in keep]


def _lay_out(state, seat: int, singles: list[int]) -> tuple[float, list[int]]:
    """Play ``singles`` in order into the tableau (left in place: the caller restores it): what
    their Play effects, the Next effects they meet and "whenever you play" triggers give, and the
    Top Card's star after each."""
    value, tops = 0.0, []
    waiting = list(state.next_effects[seat])
    state.hand[seat] = [c for c in state.hand[seat] if c not in singles]
    row = state.tableau[seat] = list(state.tableau[seat])
    for card in singles:
        projection = _Projection(state, seat)
        value += projection.triggers("play", card)
        row.append(card)
        for _i, effect in state.cards[card].effects_at("play"):
            value += projection.effect(effect, card, {"played": card})
        for entry in waiting:
            if entry[0] == "tokens":
                value += entry[1] * projection.token()
            elif entry[1] not in state.down:
                effect = state.cards[entry[1]].effects[entry[2]]
                value += projection.effect(effect, entry[1], {"next_played": card, "played": card})
        waiting = [("effect", card, i) for i, _e in state.cards[card].effects_at("next")]
        tops.append(state.star(card) or 0)
    return value, tops


def _actions(state, seat: int, projection: _Projection, turns: list[tuple[int, int]], singles: list[int]) -> float:
    """The best Actions still to use, one a turn (a single laid out only from the turn it is
    played), a clash with the Top Card of that turn; less what flipping each card costs the Score
    effects."""
    if not turns:
        return 0.0
    laid = {card: j + 1 for j, card in enumerate(singles)}
    options, names = [], set()
    base = None
    for card in state.play_area(seat):
        name = state.cards[card].name
        if card in state.down or name in names:
            continue
        effects = state.cards[card].effects_at("action")
        if not effects:
            continue
        names.add(name)
        cost = 0.0
        if card in state.tableau[seat]:
            if base is None:
                base = projection.score()
            state.down.add(card)
            cost = base - projection.score()
            state.down.discard(card)
        by_star = {}
        for t, (star, done) in enumerate(turns):
            if done < laid.get(card, 0):
                continue
            if star not in by_star:
                projection.top_star = star
                by_star[star] = projection.effect(effects[0][1], card, {}) - cost
            if by_star[star] > 0:
                options.append((by_star[star], t, card))
    projection.top_star = None
    options.sort(key=lambda o: -o[0])
    used_turns, used_cards, total = set(), set(), 0.0
    for value, t, card in options:
        if t not in used_turns and card not in used_cards:
            used_turns.add(t)
            used_cards.add(card)
            total += value
    return total


def evaluate(state, player: int) -> float:
    """Projected RP of ``player`` minus the best of the others as ``player`` sees them (0 alone)."""
    mine = projected(state, player)
    others = [seen(state, s) for s in range(state.num_players) if s != player and s not in state.out]
    return mine - (max(others) if others else 0.0)

