"""Tournament turns, the legal actions, ``apply``, and the end (millennium-blades.txt, "Tournament
Turns", "Use an Action", "Play a Single", "Effects on Cards", "Ending the Tournament",
"Infinite Loops", "Tournament VP Chart")."""

from __future__ import annotations

from functools import lru_cache

from rules.core.engine import Action
from rules.millennium_blades.base import MBBase
from rules.millennium_blades.ops_attach2 import attachment_scores, finish_removals
from rules.millennium_blades.ops_copying import OVERLAY_FEATURES
from rules.millennium_blades.ops_grants import (
    FLIP_AS_ACTION,
    GRANT_RULE,
    NEXT_FUSION,
    OTHERS_FLIP,
    PLAYS_REQUIRED,
    flippable_by,
    owes_a_play,
    required_plays_left,
)
from rules.millennium_blades.ops_guards import silences_end
from rules.millennium_blades.ops_history import PLAY_RECORD, note_played
from rules.millennium_blades.ops_market_zones import FROM_STORE_DISCARD, play_from_store_discard, store_discard_plays
from rules.millennium_blades.ops_more_m import PLAY_ORDER, play_frames_m
from rules.millennium_blades.ops_more_u import granted_scores, spend_extra_action
from rules.millennium_blades.ops_more_w import action_effect, action_holders, passes_only
from rules.millennium_blades.ops_more_x import (
    AT_RANDOM,
    FACE_DOWN,
    FROM_AFTERMARKET,
    aftermarket_plays,
    bonus_plays_left,
    down_play_sources,
    hand_plays_barred,
    play_face_down,
    play_from_aftermarket,
    plays_at_random,
    random_playable,
    spend_bonus_play,
)
from rules.millennium_blades.ops_more_y import play_effects_stopped, play_stoppers
from rules.millennium_blades.ops_positions import POSITIONS_PLAY_FEATURE, positions_on_play
from rules.millennium_blades.ops_powers import action_given_back
from rules.millennium_blades.ops_prevention import BARRING, GRANTED_REACTIONS, barred
from rules.millennium_blades.ops_triggers import no_clash_gate, play_effect_heard, would_play_heard
from rules.millennium_blades.ops_zones2 import ZONE_ARGS, play_from_zone, zone_plays
from rules.millennium_blades.queries import NO_CARDS, TABLEAU_SLOTS

PASS, END = Action("pass"), Action("end")
#: ``action_keeps_a_play``: the decisions an Action's trial looks through before assuming a play is left
TRIAL_DECISIONS = 4


@lru_cache(maxsize=4096)
def card_action(verb: str, name: str) -> Action:
    """``play <name>`` / ``use <name>``, made once: legal actions are listed at every step."""
    return Action(verb, (name,))


@lru_cache(maxsize=4096)
def play_actions(names: tuple[str, ...]) -> tuple[Action, ...]:
    """``play <name>`` for each name once, in order: the playable singles' actions, made once per
    hand (a hand changes by a card a turn; legal actions are listed at every step)."""
    return tuple(card_action("play", name) for name in dict.fromkeys(names))


class FlowMixin(MBBase):
    __slots__ = ()  # (the fields: slots of MBBase)
    # -- who acts, what they may do --------------------------------------------------------------------
    def current_players(self) -> list[int]:
        if self._outcome is not None:
            return []
        return [self.pending["seat"]] if self.pending else [self.seat_turn]

    def legal_actions(self, player: int) -> list[Action]:
        if self._outcome is not None or player != (self.pending["seat"] if self.pending else self.seat_turn):
            return []
        if self.pending:
            return list(self.pending["options"])
        seat = player
        playable = self.playable_singles(seat) if self.room_to_play(seat) else []
        if not self.played_this_turn and not playable and not ("play_from" in self.feature_cards and self.can_play(seat)) \
                and not ("next_from_store_discard" in self.feature_cards and store_discard_plays(self, seat)):
            return [PASS]  # "If the player is unable to play a Single, they cannot take an Action"
        cards = self.cards
        if playable and "random_plays" in self.feature_cards and plays_at_random(self, seat):  # (ops_more_x.py)
            actions = [card_action("play", AT_RANDOM)]  # "must play your cards at random": no choice of card
        else:
            actions = list(play_actions(tuple([cards[c].name for c in playable])))
        if playable and "play_down" in self.feature_cards and actions[0].args != (AT_RANDOM,) \
                and down_play_sources(self, seat):  # face-down, unless it must be a blind draw (ops_more_x.py)
            actions += [Action("play", (name, FACE_DOWN)) for name in dict.fromkeys([cards[c].name for c in playable])]
        if "play_from" in self.feature_cards and self.room_to_play(seat):  # Singles of the Aftermarket (ops_more_x.py)
            actions += [Action("play", (cards[c].name, FROM_AFTERMARKET)) for c in aftermarket_plays(self, seat)]
            actions += zone_plays(self, seat)  # the Store's top card, the binder (ops_zones2.py)
        if "next_from_store_discard" in self.feature_cards and self.room_to_play(seat):  # (ops_market_zones.py)
            actions += [Action("play", (cards[c].name, FROM_STORE_DISCARD)) for c in store_discard_plays(self, seat)]
        if not self.action_used or self.powers[seat]:  # (a power may be used without the turn's Action)
            usable = self.usable_actions(seat)
            if self.action_used:
                usable = [c for c in usable if self.free_power(c, seat)]
            if not self.played_this_turn and usable and not self.keeps_a_play_anyway(seat):
                usable = [c for c in usable if self.action_keeps_a_play(seat, c)]  # the Single is still to come:
                # the Action must leave one to play
            if usable:
                actions += [card_action("use", cards[c].name) for c in usable]
        if "unite" in self.feature_cards:  # Unite: attach cards from the hand (ops_more_a.py)
            actions += self.unite_actions(seat)
        if self.played_this_turn and not (PLAYS_REQUIRED in self.feature_cards and owes_a_play(self, seat)):
            actions.append(END)  # (no end while a Single more is owed and can be played: ops_grants.py)
        return actions

    def can_play(self, seat: int) -> bool:
        """"unable to play a single if he or she has no cards in hand, or if his or her entire
        tableau is filled already"."""
        if not self.room_to_play(seat):
            return False
        if "next_from_store_discard" in self.feature_cards and store_discard_plays(self, seat):  # (ops_market_zones.py)
            return True
        if "play_from" in self.feature_cards:  # Singles of the Aftermarket, the hand barred (ops_more_x.py)
            return bool(aftermarket_plays(self, seat) or zone_plays(self, seat) or self.playable_singles(seat))  # (ops_zones2)
        cards, conditional = self.cards, self.play_checked()
        return any(cards[c].card_type == "single" and (c not in conditional or self.may_play(seat, c))
                   for c in self.hand[seat])

    def play_checked(self) -> frozenset[int] | range:
        """The cards whose play ``may_play`` must check: those with a play condition, or all of them
        while the game holds a card that bans plays (ops_more_u.py) or bans a name (ops_naming.py)."""
        features = self.feature_cards
        if "play_ban" in features or "ban_named" in features or NEXT_FUSION in features:  # (ops_grants.py)
            return range(len(self.cards))
        return features.get("play_condition", NO_CARDS)

    def room_to_play(self, seat: int) -> bool:
        """A play left this turn and an open slot in the tableau."""
        if self.plays_left <= 0 and not ("plays_per_turn" in self.feature_cards and bonus_plays_left(self, seat) > 0) \
                and not (PLAYS_REQUIRED in self.feature_cards and required_plays_left(self, seat) > 0):
            return False  # (a play more each turn while a condition holds: ops_more_x.py; required: ops_grants.py)
        return len(self.tableau[seat]) < self.capacity(seat)

    def playable_singles(self, seat: int) -> list[int]:
        """The singles in ``seat``'s hand whose play conditions hold (``may_play``), in hand order."""
        if "play_from" in self.feature_cards and hand_plays_barred(self, seat):  # (ops_more_x.py)
            return []
        cards, conditional = self.cards, self.play_checked()
        if not conditional:  # (most games: no Fusion card, no play ban)
            return [c for c in self.hand[seat] if cards[c].card_type == "single"]
        return [c for c in self.hand[seat] if cards[c].card_type == "single"
                and (c not in conditional or self.may_play(seat, c))]

    def actions_in_play(self, seat: int) -> list[int]:
        """The cards of ``seat``'s play area that have an Action, in play-area order: the game's few
        Action cards met with the area at once (a set intersection, asked at every step) instead of
        the area's cards tested one by one."""
        features = self.feature_cards
        holders = features.get("action", NO_CARDS)
        if holders and BARRING in features and barred(self, seat, "action"):  # "cannot be triggered by other
            return []  # players" (ops_prevention.py)
        if "grant_action" in features:  # and those given an Action by another card (ops_more_w.py)
            holders = holders | action_holders(self, seat)
        return self.in_play_area(holders, seat) if holders else []

    def usable_actions(self, seat: int) -> list[int]:
        """The face-up cards in ``seat``'s play area with an Action, one per name."""
        holders = self.actions_in_play(seat)
        if not holders and OTHERS_FLIP not in self.feature_cards:  # (other players' cards: ops_grants.py)
            return holders
        seen, out = set(), []
        cards, down, used, powers = self.cards, self.down, self.powers_used, self.powers[seat]
        for card in holders:
            if card in used or card in down or card in powers and not self.power_affordable(card, seat):
                continue
            name = cards[card].name
            if name not in seen:
                seen.add(name)
                out.append(card)
        if OTHERS_FLIP in self.feature_cards:  # other players' cards it may flip as its Action (ops_grants.py)
            out += [c for c in flippable_by(self, seat) if c not in used and cards[c].name not in seen]
        return out

    def action_keeps_a_play(self, seat: int, card: int) -> bool:
        """"may take one Action and must play one Single, in either order. If the player is unable
        to play a Single, they cannot take an Action" ("Tournament Turns"): before the turn's
        Single, an Action is offered only if a Single can still be played after it.

        Only a card taken from the hand (a discard, a card played or attached from it), a card put
        into the tableau or a lost extra slot can take the play away, so the Action is tried out on a
        copy of the game only when the game holds a card with such an op (feature
        ``takes_from_hand``) or the seat has an extra slot to lose (``_plays_after_trial``). Nor is
        it tried when no card of the game has an op that could cost a play (``CardDef`` feature ``may_cost_a_play``) and the
        board's own slots are not all filled: then losing the extra slots leaves room, and the hand,
        the plays left and what may be played stay as they are."""
        if "pass_turn" in self.cards[card].features:  # "Action: ... Pass this turn": no Single after it (rules notes)
            return True
        if "grant_action" in self.feature_cards and passes_only(self, seat, card):  # a granted one (ops_more_w.py)
            return True
        if self.keeps_a_play_anyway(seat):
            return True
        if "takes_from_hand" not in self.feature_cards:
            area = self.play_area(seat)
            if not any(c not in self.down and c in area and c not in self.powers[seat]
                       for c in self.cards_with("extra_slot")):
                return True
        if self.slots_kept_through(seat, card):
            return True
        return self.trial_keeps_a_play(seat, card)

    def keeps_a_play_anyway(self, seat: int) -> bool:
        """Whether every Action of ``seat``'s leaves a Single to play (``action_keeps_a_play``, asked
        for each Action offered before the Single, answered for all of them at once): no card of the
        game has an op that could cost a play, and the board's own slots are not all filled."""
        return "may_cost_a_play" not in self.feature_cards and len(self.tableau[seat]) < TABLEAU_SLOTS

    def slots_kept_through(self, seat: int, card: int) -> bool:
        """Whether ``seat``'s tableau keeps an open slot through ``card``'s Action, whatever it flips,
        in a game of cards without an op that could cost a play (``may_cost_a_play``): then nothing
        is flipped but the Action's own card ("then flip the card face-down") and Reaction cards
        (a Reaction's card is flipped as it is used), and only a flipped extra-slot card takes a
        slot away. The slots of the other face-up extra-slot cards (and powers, never flipped) are
        kept. Not answered where a card could change that: a granted Reaction, a flip of another
        player's card as the Action, a power's Action (it may flip the Top Card), copied or lent
        effects, attachments."""
        features = self.feature_cards
        if "may_cost_a_play" in features or card in self.powers[seat] or self.attached or OTHERS_FLIP in features \
                or GRANTED_REACTIONS in features or "exact_copy" in features \
                or not features.keys().isdisjoint(OVERLAY_FEATURES):
            return False
        cards, down, powers = self.cards, self.down, self.powers[seat]
        kept = sum(cards[c].extra_slots for c in self.in_play_area(features.get("extra_slot", NO_CARDS), seat)
                   if c in powers or c not in down and c != card and not cards[c].timed("reaction"))
        return len(self.tableau[seat]) < TABLEAU_SLOTS + kept + self.lasting_slots[seat]

    def trial_keeps_a_play(self, seat: int, card: int) -> bool:
        """``card``'s Action tried out on a copy of the game: whether a Single can be played after it."""
        trial = self.clone()
        trial.log_events = False
        trial.steps = 0
        trial.store = sorted(trial.store_cards())  # the trial does not peek at the Store's hidden order (nor shuffles it)
        trial.use_action(seat, card)
        return trial._plays_after_trial(seat, TRIAL_DECISIONS)

    def _plays_after_trial(self, seat: int, decisions_left: int) -> bool:
        """Whether ``seat`` can still play a Single once the effects under way are resolved: some
        answer of its own to each decision will do, every answer of another player's must
        (``decisions_left`` deep; deeper, it is assumed so)."""
        self.run()
        if self._outcome is not None or seat in self.out:
            return False
        if self.pending is None:
            return self.can_play(seat)
        if decisions_left <= 0:
            return True
        outcomes = (self._answered(option)._plays_after_trial(seat, decisions_left - 1)
                    for option in self.pending["options"])
        return any(outcomes) if self.pending["seat"] == seat else all(outcomes)

    def _answered(self, option: Action):
        """A copy of this trial with the pending decision answered by ``option``."""
        branch = self.clone()
        branch.log_events = False
        branch.answer(option)
        return branch

    def has_usable_action(self, seat: int) -> bool:
        """Whether ``usable_actions(seat)`` is not empty (without listing them)."""
        down, used, powers = self.down, self.powers_used, self.powers[seat]
        for card in self.actions_in_play(seat):
            if card not in down and card not in used and (card not in powers or self.power_affordable(card, seat)):
                return True
        return False

    def free_power(self, card: int, seat: int) -> bool:
        """A power used without taking the turn's Action ("Once per tournament, you may ...":
        ``free``; full/power_text.py)."""
        return card in self.powers[seat] and bool(self.cards[card].timed("action")[0][1].get("free"))

    def action_open(self, seat: int) -> bool:
        """Whether ``seat`` may still use an Action this turn: the turn's one, or a free power."""
        if not self.action_used:
            return self.has_usable_action(seat)
        return bool(self.powers[seat]) and any(self.free_power(c, seat) for c in self.usable_actions(seat))

    def power_affordable(self, card: int, seat: int) -> bool:
        """A power's Action that starts by paying dollars is offered only to a player who can pay; one that is
        the Top Card's (``on_top``), only to a player with a Top Card."""
        if card not in self.powers[seat]:
            return True
        effect = self.cards[card].timed("action")[0][1]
        if effect.get("on_top") and self.top_card(seat) is None:  # your Top Card's Action: none, no Action
            return False
        ops = effect["ops"]
        return ops[0].get("op") != "pay_money" or self.purse[seat] + self.money[seat] >= ops[0].get("amount", 1)

    # -- applying ----------------------------------------------------------------------------------------
    def apply(self, action: Action, player: int) -> None:
        self.steps = 0
        verb, args = action.verb, action.args
        if self.pending:
            self.answer(action)
        elif verb == "play" and len(args) > 1:  # a play from somewhere else, or face-down
            if args[1] == FACE_DOWN:  # (ops_more_x.py)
                play_face_down(self, player, str(args[0]))
            elif args[1] == FROM_STORE_DISCARD:  # (ops_market_zones.py)
                play_from_store_discard(self, player, str(args[0]))
            elif args[1] in ZONE_ARGS:  # (ops_zones2.py)
                play_from_zone(self, player, str(args[1]))
            else:  # "play <name> aftermarket" (ops_more_x.py)
                play_from_aftermarket(self, player, str(args[0]))
        elif verb == "play":
            cards, name = self.cards, args[0]
            if name == AT_RANDOM and (drawn := random_playable(self, player)) is not None:  # (ops_more_x.py)
                card = drawn
            else:
                for card in self.hand[player]:  # the first card of that name (a loop: no generator made)
                    if cards[card].name == name:
                        break
                else:
                    raise ValueError(f"seat {player} holds no {name!r} to play")
            self.play_single(player, card)
        elif verb == "use":
            cards, name = self.cards, args[0]
            for card in self.usable_actions(player):  # (the card of that name)
                if cards[card].name == name:
                    break
            else:
                raise ValueError(f"seat {player} has no Action of {name!r} to use")
            self.use_action(player, card)
        elif verb == "unite":
            name, slot = args  # (unite_actions: a card name and a slot)
            self.unite(player, str(name), int(slot))
        else:  # pass, end
            if self.log_events:
                self.log(verb, player)
            self.end_turn()
            return
        self.settle()

    def settle(self) -> None:
        """Resolve what can be resolved; then end the turn when nothing is left to choose, or score."""
        self.run()
        if self.pending or self._outcome is not None or self.stack:
            return
        if self.phase == "scoring":
            self.finish()
        elif self.turn_ending or self.seat_turn in self.out:  # its end-of-turn effects resolved
            self.end_turn()
        elif self.played_this_turn and not self.can_play(self.seat_turn) and not self.action_open(self.seat_turn) \
                and not ("unite" in self.feature_cards and self.unite_actions(self.seat_turn)):  # (ops_more_a.py)
            self.end_turn()

    def play_single(self, seat: int, card: int, *, from_hand: bool = True, play_effects: bool = True) -> None:
        """"Place the Single face-up in the next open left-most slot"; effects by priority
        "Top>Ongoing>Play>Next" ("Effects on Cards"): Top and Ongoing triggers see the tableau as it
        was when the card was played; Next effects "trigger on the next card you play". A card an
        effect plays (``from_hand`` False: "play that card, ignoring all Play effects") is not the
        turn's Single; Next effects still see it ("no matter whose turn it is")."""
        triggered = self.collect("play", card, seat) if "on play" in self.feature_cards else []  # (a card listens)
        stoppers = play_stoppers(self) if "no_play_effects" in self.feature_cards else []  # (ops_more_y.py)
        reactions = [f for f in triggered if f["reaction"]] if triggered else []
        definition = self.cards[card]
        if from_hand:
            self.hand[seat].remove(card)
            if self.plays_left > 0:
                self.plays_left -= 1
            elif not (PLAYS_REQUIRED in self.feature_cards and required_plays_left(self, seat) > 0):
                spend_bonus_play(self)  # a play more this turn (ops_more_x.py), not one required (ops_grants.py)
            self.played_this_turn += 1
        if "tokens_on_entry" in self.feature_cards and card not in self.down:  # the Top Card as it was (ops_more_c.py)
            self.tokens_on_entry(seat, card)
        self.tableau[seat].append(card)
        if PLAY_RECORD in self.feature_cards:  # when it was played (ops_history.py)
            note_played(self, card)
        played = self.stats[seat]["played"]
        played[definition.name] = played.get(definition.name, 0) + 1
        if self.log_events:
            self.log("play", seat, card=definition.name, slot=len(self.tableau[seat]) - 1)
        features = definition.features  # (the card's own, as cards_with's index reads them)
        if "enters_with_tokens" in features and card not in self.down:  # (face-down: no text, batch x)
            self.enter_with_tokens(seat, card)
        marker = self.offer_sell_marker(seat, card) if ("sell_marker_shield" in features or GRANT_RULE in self.feature_cards) \
            and card not in self.down else []  # (a card played face-down has no text: batch x)
        if self.copiers is None or self.copiers:  # an exact copy is one as it comes into play
            self.refresh_copies()
            definition = self.cards[card]
        frames = [f for f in triggered if not f["reaction"]] if reactions else triggered
        if play_effects and (play := definition.by_timing.get("play")) and stoppers:  # "Play effects do not activate"
            frames += play_effects_stopped(self, stoppers, seat, card, len(play))
        elif play_effects and play:
            if "on play_effect" in self.feature_cards:  # "Each time a player activates a Play effect" (ops_triggers)
                frames += play_effect_heard(self, seat, card, len(play))
            frames += [self.frame(seat, card, e, {"played": card}, needs_face_up=True) for _i, e in play]
        if POSITIONS_PLAY_FEATURE in self.feature_cards:  # slots, granted Scurry, where the card goes (ops_positions)
            frames = positions_on_play(self, seat, card, frames, play_effects and not stoppers)
        waiting, self.next_effects[seat] = self.next_effects[seat], []
        for entry in waiting:
            if entry[0] == "tokens":
                frames.append(self.frame(seat, None, {"ops": [{"op": "star_tokens", "amount": entry[1], "target": {
                    "player": "self", "pick": "played"}}]}, {"played": card}))
            elif entry[1] not in self.down and entry[2] < len(self.cards[entry[1]].effects) \
                    and self.cards[entry[1]].effects[entry[2]].get("timing") == "next":  # (an exact copy changes)
                effect = self.cards[entry[1]].effects[entry[2]]
                if not play_effects and effect.get("granted_play"):  # a Play it gave, ignored (ops_more_w.py)
                    continue
                frames.append(self.frame(seat, entry[1], effect, {"next_played": card, "played": card}, needs_face_up=True))
        self.next_effects[seat] = [("effect", card, i) for i, _e in nexts] if (nexts := definition.by_timing.get("next")) else []
        would = would_play_heard(self, seat, card) if "on would_play" in self.feature_cards else []  # (ops_triggers.py)
        if PLAY_ORDER in self.feature_cards:  # play triggers ordered around the Play effects (ops_more_m.py)
            frames = play_frames_m(self, seat, card, frames)
        self.push(would + marker + frames + reactions)

    def use_action(self, seat: int, card: int) -> None:
        """"To use an action, perform the text on the card, then flip the card face-down"."""
        own = self.cards[card].by_timing.get("action")
        effect = own[0][1] if own else None
        if effect is None and OTHERS_FLIP in self.feature_cards and self.seat_of(card) != seat:
            effect = FLIP_AS_ACTION  # another player's card flipped as this Action (ops_grants.py)
        if "grant_action" in self.feature_cards and card not in self.powers[seat]:  # a granted Action (ops_more_w.py)
            effect = action_effect(self, seat, card, effect)
        assert effect is not None
        if not (effect.get("free") and card in self.powers[seat]):  # a free power is not the turn's Action
            # more Actions this turn: a power's Actions a turn (ops_powers.action_given_back), then a
            # card's "N additional Actions" kept this turn (ops_more_u.spend_extra_action)
            self.action_used = "actions_per_turn" not in self.feature_cards or not action_given_back(self, seat)
            if self.action_used and self.turn_memo.get("extra_actions") == self.turn:
                spend_extra_action(self)
        if self.log_events:
            self.log("use", seat, card=self.cards[card].name)
        # "Each time you use an Action, gain 4 RP": after the Action's text and flip
        after = self.collect("action_used", card, seat) if "on action_used" in self.feature_cards else []
        if "on action_no_clash" in self.feature_cards:  # "an Action that does not cause a clash" (ops_triggers.py)
            after += no_clash_gate(self, seat, card)
        if card in self.powers[seat] and effect.get("on_top"):  # "Your Top card has "Action: ..."" (power_text.py)
            top = self.top_card(seat)  # the card whose Action it is: "this card", flipped after it
            self.push([self.frame(seat, top, effect, extra=({"op": "_flip_source"},), optional=False), *after])
            return
        if card in self.powers[seat]:  # a power is never flipped: its Action is used once a tournament
            if not effect.get("every_turn"):  # ("once per turn": the turn's one Action; full/power_text.py)
                self.powers_used.add(card)
            self.push([self.frame(seat, card, effect, optional=False), *after])
            return
        self.push([self.frame(seat, card, effect, extra=({"op": "_flip_source"},), optional=False), *after])

    def end_turn(self) -> None:
        """"Once all players pass in succession, the tournament ends"."""
        if self.end_turn_effects():  # "At the end of your turn" effects first (ops_more_b.py)
            return
        self.turn_ending = False
        self.passes = 0 if self.played_this_turn else self.passes + 1
        active = self.num_players - len(self.out)  # players still in the tournament
        if not active or self.passes >= active:
            self.start_scoring()
            return
        n = self.num_players
        if self.extra_turns[self.seat_turn] and self.seat_turn not in self.out:
            self.extra_turns[self.seat_turn] -= 1  # "Take another turn": the same seat's turn again
        elif not self.out:
            self.seat_turn = (self.seat_turn + 1) % n
        else:
            self.seat_turn = next((self.seat_turn + k) % n for k in range(1, n + 1) if (self.seat_turn + k) % n not in self.out)
        self.plays_left, self.played_this_turn, self.action_used = 1, 0, False
        self.turn += 1
        if "names_trigger" in self.feature_cards:  # triggers switched off until now (ops_guards.py)
            silences_end(self)
        if self.log_events:  # (hot: no keyword dict built for a log that is off)
            self.log("turn", self.seat_turn)
        if self.turn <= self.turn_limit or not self.check_turn_limit():  # (the limit asked only once it is passed)
            self.start_turn_effects()

    # -- the end ("Ending the Tournament") ------------------------------------------------------------------
    def start_scoring(self) -> None:
        """Score effects of face-up cards: "Singles in your tableau, then the Deck Box, then
        Accessories, and finally the Metagame Cards. Every Player activates the Metagame Score
        effects for themselves." Left to right, seat by seat from the first player."""
        self.phase = "scoring"
        self.rp_at_scoring = list(self.rp)  # "at the end of the tournament (before scoring)" (phrases_outcomes.py)
        self.log("scoring", None)
        if self.copiers is None or self.copiers:
            self.refresh_copies()
        frames = []
        n, cards, down = self.num_players, self.cards, self.down
        scorers = self.feature_cards.get("score", NO_CARDS)  # the game's cards with a Score effect
        granting = "grant_score" in self.feature_cards  # Score effects granted to cards (ops_more_u.py)
        attached_scoring = bool(self.attached) and "attached_score" in self.feature_cards  # (ops_attach2.py)
        for seat in [(self.first_player + k) % n for k in range(n)]:
            if seat in self.out:
                continue
            for card in self.tableau[seat] + self.deck_box[seat] + self.accessories[seat]:
                if card in scorers and card not in down:  # (most cards have none)
                    frames += [self.frame(seat, card, e, needs_face_up=True) for _i, e in cards[card].timed("score")]
                if granting and card in self.tableau[seat]:
                    frames += granted_scores(self, seat, card)
                if attached_scoring and card in self.tableau[seat]:  # an attachment's own (ops_attach2.py)
                    frames += attachment_scores(self, card)
            for card in self.metagame:
                frames += [self.frame(seat, card, e) for _i, e in cards[card].timed("score")]
            for card in self.powers[seat]:  # then the seat's powers (character, venue): rules notes
                frames += [self.frame(seat, card, e) for _i, e in cards[card].timed("score")]
        self.push(frames)
        self.settle()

    def placements_vp(self) -> list[int]:
        """"Award VP ... based on the Tournament VP chart"; tied players "add up and divide between
        them the VP for all places they would win ... rounded down". A player removed for an
        infinite loop scores first place and the others are placed among themselves."""
        from rules.millennium_blades.state import CHARTS

        chart = CHARTS[self.chart]
        vp = [0] * self.num_players
        rest = [s for s in range(self.num_players) if s not in self.out]
        for s in self.out:
            vp[s] = chart[0]
        place = 0
        for rp in sorted({self.rp[s] for s in rest}, reverse=True):
            tied = [s for s in rest if self.rp[s] == rp]
            share = sum(chart[place:place + len(tied)]) // len(tied)
            for s in tied:
                vp[s] = share
            place += len(tied)
        return vp

    def finish(self) -> None:
        if self.attached:  # "At the end of the tournament, both this and that card are removed" (ops_attach2.py)
            finish_removals(self)
        vp = self.placements_vp()
        self.phase = "over"
        self.log("final_rp", None, rp=list(self.rp), vp=vp)
        self.end_with_returns(vp, "tournament_end")

    def infinite_loop(self) -> None:
        """"Infinite Loops": the player who caused it "is immediately removed from the tournament ...
        all your tournament cards ... are returned to the box, and you gain Millennium Dollars equal
        to their total sell value" (the player whose turn it is: rules notes)."""
        seat = self.seat_turn
        self.stack, self.triggered, self.pending = [], [], None
        cards = self.hand[seat] + self.tableau[seat] + self.deck_box[seat] + self.accessories[seat]
        self.loop_money[seat] = sum(self.cards[c].printed_star for c in cards)
        self.money[seat] += self.loop_money[seat]
        self.removed[seat].extend(cards)
        self.hand[seat], self.tableau[seat], self.deck_box[seat], self.accessories[seat] = [], [], [], []
        self.out.add(seat)
        self.log("infinite_loop", seat, removed=len(cards))
        if len(self.out) == self.num_players:
            self.start_scoring()
        else:
            self.end_turn()
