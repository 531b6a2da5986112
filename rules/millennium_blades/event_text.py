"""Millennium Blades' events in the game's words, for a replay's reader (``GameState.event_to_string``):
the tournament's and the whole game's, seats as "Seat N" (engine numbers, which the replay names).
An event its move already says (a sale, a card kitted) reads "" and is not repeated; one not listed
here is drawn from its data. Presentation only: the event log itself is unchanged."""

from __future__ import annotations

from typing import Any

from rules.core.engine import Event
from rules.core.event_words import Sentence, plural, seats, worded_event, words

#: events the move that caused them already says in its sentence
SAID_BY_THE_MOVE = frozenset({"sell", "kit", "unkit", "collect", "uncollect", "collect_type", "uncollect_type",
                              "buy_store", "buy_aftermarket", "fuse", "pass", "end", "use", "draft",
                              "take_accessory", "redraw_meta", "wait", "accept", "decline", "react",
                              "main_action", "accessory", "deck_box", "scrap", "trade_in"})


#: what a Reaction to a gain of RP did to it (ops_more_v.py)
_GAIN_OUTCOME = {"none": "no RP is gained", "also": "they gain RP too", "instead": "they gain it instead"}


#: the zones ``looked_at`` names (ops_market_zones.py)
_ZONE = {"store": "Store", "store_discard": "Store Discard"}


def _seats(values: list, unit: str) -> str:
    return ", ".join(f"Seat {seat} {value} {unit}" for seat, value in enumerate(values))


def _cards(n: int) -> str:
    return plural(n, "card")


def _repeated(who: str, c: dict) -> str:
    """``repeat_play``: the played card's Play effects again, or its Score effects now."""
    if not c["card"]:
        return f"{who}: the card played has no text to resolve"
    timing = c.get("timing", "play")
    when = "again" if timing == "play" else "now"
    return f"{c['card']} resolves its {timing.title()} effects {when} ({c['effects']}) for {who}"


def _names(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "no cards"


def _final_rp(c: dict[str, Any]) -> str:
    """The tournament's RP (``rp``), or Turn-Based Mode's three scorings' totals (``totals``)."""
    if "rp" in c:
        return f"Ranking points: {_seats(c['rp'], 'RP')}"
    return f"Final ranking points over three scorings: {_seats(c['totals'], 'RP')}"


def _duel_tournament(c: dict[str, Any]) -> str:
    won = f"{seats(c['won'])} {'wins' if len(c['won']) == 1 else 'win'} it" if c["won"] else "nobody wins it"
    return f"Tournament {c['round']} is over: {won} (final RP: {_seats(c['final_rp'], 'RP')})"


def _clash(c: dict[str, Any]) -> str:
    if not c.get("occurred"):
        return "No clash happens"
    totals = ", ".join(f"Seat {p} {t}" for p, t in zip(c["players"], c["totals"], strict=False))
    end = f"Seat {c['winner']} wins it" if c["winner"] is not None else "a tie"
    return f"A clash ({totals} stars): {end}"


_SENTENCES: dict[str, Sentence] = {
    "setup": lambda who, c: "The game is set up",
    "income": lambda who, c: f"{who} receives {c['amount']} dollars ({c['money']} in all)",
    "dealt": lambda who, c: f"{who} is dealt {_cards(len(c.get('cards', [])))}",
    "deckbuilding": lambda who, c: f"Deckbuilding round {c['round']} begins",
    "timer_expired": lambda who, c: f"Timer {c['timer']} runs out",
    "offered": lambda who, c: f"{who} offers Seat {c['offer']['to']} a trade",
    "offer_changed": lambda who, c: f"{who} changes their offer to Seat {c['offer']['to']}",
    "offer_lapsed": lambda who, c: f"{who}'s offer lapses: {c['reason']}",
    "friendship_asked": lambda who, c: f"{who} asks Seat {c['offer']['by']} for a Friendship card too",
    "traded": lambda who, c: f"Seat {c['seats'][0]} and Seat {c['seats'][1]} trade",
    "bought": lambda who, c: f"{who} buys {c['card']} (a {c['set']} card) for {c['cost']} dollars",
    "bought_aftermarket": lambda who, c: f"{who} buys {c['card']} from the Aftermarket for {c['price']} dollars",
    "fused": lambda who, c: (f"{who} fuses {_cards(len(c['into_box']))} into the {c.get('tier') or c['pile']} "
                             f"promo {c['promo']}"),
    "collection_scored": lambda who, c: f"{who} scores a collection of {_cards(len(c['cards']))} for {c['vp']} VP",
    "prize_support": lambda who, c: f"{who} receives {c['card']} as prize support",
    "store_reshuffled": lambda who, c: f"The Store discard ({_cards(c['cards'])}) is shuffled into the Store",
    "tournament": lambda who, c: f"Tournament {c['round']} begins",
    "turn": lambda who, c: f"{who}'s turn",
    "play": lambda who, c: f"{who} plays {c['card']} into slot {c['slot'] + 1}",
    "insert": lambda who, c: f"{who} inserts {c['card']} into slot {c['slot'] + 1}",
    "gain_rp": lambda who, c: f"{who} gains {c['amount']} RP ({c['rp']} in all)",
    "extra_play": lambda who, c: f"{who} may play {c['plays_left']} more",
    "extra_action": lambda who, c: f"{who} may take one more Action this turn",  # ops_more_g.py
    "granted": lambda who, c: f"{c['card']} has a Score effect of {c['by']} ({who}'s tableau)",  # ops_more_u.py
    "granted_action": lambda who, c: f"{c['card']} has an Action of {c['by']} ({who}'s tableau)",  # ops_more_w.py
    "at_turn_end": lambda who, c: f"{c['card']}: the rest waits for the end of this turn ({who})",  # ops_more_u.py
    "repeat_play": _repeated,  # ops_more_u.py
    "swap_tableaus": lambda who, c: f"{who} swaps {c['gave']} for Seat {c['seat_with']}'s {c['got']}",  # ops_more_u.py
    "rearrange": lambda who, c: f"{who} rearranges their tableau: {', '.join(c['cards']) or 'no cards'}",  # ops_more_u
    "extra_actions": lambda who, c: f"{who} may take {c['amount']} more Actions this turn",  # ops_more_u.py
    "played_face_down": lambda who, c: f"{who} plays {c['card']} face-down",  # ops_more_x.py
    "played_at_random": lambda who, c: f"{who} draws {c['card']} at random from their hand to play it",  # ops_more_x.py
    "looked_at": lambda who, c: (f"{who} looks at the top {_cards(c['looked'])} of the {_ZONE[c['zone']]}"  # ops_market_zones
                                 + (f" and chooses {c['chose']}" if c["chose"] else "")),
    "unchosen_discarded": lambda who, c: (f"{who} discards {_names(c['cards'])} from the Store to the Store Discard"
                                          if c["cards"] else ""),  # ops_market_zones.py
    "to_store_discard": lambda who, c: f"{c['card']} goes to the Store Discard",  # ops_market_zones.py
    "played_chosen": lambda who, c: f"{who} plays {c['card']}, the card they chose",  # ops_market_zones.py
    "sell_marker_missed": lambda who, c: f"{who} puts no Sell Marker: no card played or none left",  # ops_market_zones
    "from_store_discard_at_random": lambda who, c: (f"{who} draws {_names(c['cards'])} at random from the Store "
                                                    f"Discard"),  # ops_market_zones.py
    "on_top_of_store": lambda who, c: f"{who} puts {_names(c['cards'])} on top of the Store, the last on top",
    # ops_positions.py: a card inserted into a tableau, placed face-down, replacing another, sold
    "insert_any": lambda who, c: (f"{who} inserts {c['card']} into slot {c['slot'] + 1} of Seat {c['seat_to']}'s tableau"
                                  + (f", now Seat {c['owner']}'s card" if c["owner"] == c["seat_to"] else "")),
    "placed_down": lambda who, c: (f"{who} places {c['card']} face-down in Seat {c['seat_to']}'s tableau" if c["card"]
                                   else f"{who} has nowhere to place the card"),
    "replaced": lambda who, c: (f"{who} discards Seat {c['seat_with']}'s {c['card']} and puts {c['by']} in its slot"
                                if c["card"] else f"{who} has no card to replace with {c['by']}"),
    "swapped_two": lambda who, c: (f"{who} swaps Seat {c['seat_from']}'s {c['card']} with Seat {c['seat_with']}'s "
                                   f"{c['with_card']}"),
    "granted_play": lambda who, c: f"{c['card']} has {words(c['keyword'])} from {c['by']} ({who}'s play)",
    "swapped_places": lambda who, c: f"{who} swaps the places of {c['card']} and {c['with_card']}",
    "next_between": lambda who, c: f"{who} may play their next Single between two cards of their tableau",
    "sold_card": lambda who, c: (f"{who} sells {c['card']} to the Aftermarket for {c['dollars']} dollars" if c["card"]
                            else f"{who} has no such card to sell"),
    "sell_marker": lambda who, c: (f"{who} puts {plural(c['markers'], 'Sell Marker')} on {c['card']} ({c['left']} left)"
                                   if c["markers"] else f"{who} puts no Sell Marker on a card"),
    "next_gain_echoed": lambda who, c: f"{who}'s next gain of RP this turn will be made again"
    + (f" (up to {c['most']} RP)" if c.get("most") else ""),  # ops_triggers.py
    "play_effects_negated": lambda who, c: f"{who} negates the Play effects of {c['card']} ({c['effects']} not resolved)",
    "chose_nothing": lambda who, c: f"{who} chooses the option of doing nothing",  # ops_triggers.py
    "friendship_moved": lambda who, c: (f"{who} gives Seat {c['to']} a Friendship card of Seat {c['giver']}"
                                        f"{' (their own)' if c.get('own') else ''}"),  # ops_hands.py
    "friendship_not_exchanged": lambda who, c: f"{who} exchanges no Friendship card: one side has none",  # ops_hands
    "friendship_not_returned": lambda who, c: f"{who} has no other player's Friendship card to return",  # ops_hands
    "buy_failed": lambda who, c: f"{who} can pay for no face-up card in another tableau",  # ops_hands.py
    "put_in_place": lambda who, c: f"{who} puts {c['card']} into play in slot {c['slot'] + 1}, its Play effects not activated",
    "rp_exchanged": lambda who, c: (f"{who} and Seat {c['other']} exchange RP totals ({who} now has {c['rp']} RP, "
                                    f"Seat {c['other']} {c['other_rp']} RP)"),  # ops_triggers.py
    "rp_exchange_none": lambda who, c: f"{who} already has the {c['goal']} RP ({c['rp']}): nothing is exchanged",
    # ops_promos.py: the Promo stacks picked up, gained from, played from
    "promo_picked_up": lambda who, c: (f"{who} picks up the top {_cards(c['cards'])} of the {c['tier'].title()} Promo "
                                       f"stack, chooses {c['played']} and shuffles the rest back" if c["cards"]
                                       else f"{who} finds the {c['tier'].title()} Promo stack empty"),
    "promo_gained": lambda who, c: (f"{who} gains {c['card']} from the {c['tier'].title()} Promo stack to their hand"
                                    if c["card"] else f"{who} finds no Promo to gain"),
    "promo_played": lambda who, c: f"{who} plays {c['card']} from the {c['tier'].title()} Promo stack",
    "promo_revealed": lambda who, c: (f"{who} reveals {c['card']}, the top card of the {c['tier'].title()} Promo stack"
                                      if c["card"] else f"{who} finds no Promo to reveal"),
    "outside_set_selected": lambda who, c: (f"{who} selects {c['set']} from outside the game ({_cards(c['cards'])})"
                                            if c["set"] else f"{who} finds no such set outside the game"),
    "outside_gained": lambda who, c: (f"{who} gains {_names(c['cards'])} from {c['set']}, outside the game"
                                      if c["cards"] else f"{who} gains no card from outside the game"),
    "outside_to_aftermarket": lambda who, c: (f"{_names(c['cards'])} go into the Aftermarket" if c["cards"]
                                              else "no card of the set is left"),
    "promo_yours": lambda who, c: f"{c['card']} is {who}'s now, to their binder after the tournament",
    "star_of_one": lambda who, c: (f"{who} counts the Star Rating of {c['card']} ({c['star']})" if c["card"]  # ops_more_l.py
                                   else f"{who} has no such card to count"),
    "turn_cap": lambda who, c: f"{c['card']} gives at most {c['cap']} RP a turn: {who} gains {c['amount']} of it",  # ops_more_o
    "flip_self": lambda who, c: f"{c['card']} flips itself: its condition holds for {who}",  # ops_more_o.py
    "reveal_all": lambda who, c: (f"{who} reveals {', '.join(c['cards'])} face-down ({c['star']} STAR in all), then puts "
                                  "them back face-down" if c["cards"] else f"{who} has no such face-down card to reveal"),
    "considered_winner": lambda who, c: f"{who} is considered to win the clash ({c['card']})",  # ops_more_i.py
    "considered_loser": lambda who, c: f"{who} is considered to lose the clash ({c['card']})",  # ops_more_i.py
    "clash_boost": lambda who, c: f"{who} uses {c['card']}: +{c['amount']} to their total in this clash",  # _z
    "clash_several": lambda who, c: (f"{who} chooses to clash with " + " and ".join(f"Seat {p}" for p in c["players"])
                                     if c["players"] else f"{who} chooses to clash with no one"),  # ops_more_z.py
    "clash_pair": lambda who, c: f"{who} chooses " + " and ".join(f"Seat {p}" for p in c["players"]) + " to clash",  # _z
    "clash_banned": lambda who, c: f"{who} cannot clash: {c['card']} says no clash may be declared",  # ops_clash_tokens
    "clash_refused": lambda who, c: f"{who} loses {c['amount']} RP instead of clashing",  # ops_clash_tokens.py
    "tokens_taken": lambda who, c: (f"{who} takes {c['amount']} +1 STAR token(s) from {c['card']}"  # ops_clash_tokens
                                    + (f" onto {c['to']}" if c["to"] else "")),
    "forced_clash": lambda who, c: f"{who} is made to clash by an opponent's effect: {c['card']} acts first",  # _ct
    "clash_hand_reveal": lambda who, c: f"{who} reveals {c['card']} ({c['star']} STAR) from their hand for the clash",
    "token_bonus": lambda who, c: f"{c['card']} gains {c['amount']} more +1 STAR token(s) ({c['giver']})",  # _clash_tokens
    "dice_rolled": lambda who, c: (f"{who} rolls {' + '.join(str(d) for d in c['dice'])} = {c['total']}"  # ops_clash2.py
                                   + (f" ({c['why']})" if c.get("why") else "")),
    "clash_best_of": lambda who, c: f"{who} reveals {_names(c['revealed'])} for the clash and keeps {c['kept']}",  # _clash2
    "self_clash": lambda who, c: (f"{who} clashes {c['cards'][0]} ({c['totals'][0]}) against {c['cards'][1]} "  # _clash2
                                  f"({c['totals'][1]}): " + (f"{c['winner']} wins" if c["winner"] else "a tie")),
    "outside_clash": lambda who, c: (  # ops_more_t.py
        "the players outside the clash act: " + ", ".join(f"Seat {p}" for p in c["players"]) if c["players"]
        else "no player is outside the clash"),
    # ops_more_j.py
    "picked_up": lambda who, c: f"{who} picks up {_names(c['cards'])} from the Store (into the Aftermarket until one is played)",
    "pick_play_failed": lambda who, c: f"{who} plays no picked-up card ({c['reason']})",
    "to_box": lambda who, c: f"{who} returns {c['card']} from their hand to the box",
    "removed_from_game": lambda who, c: f"{who} removes {c['card']} from the game (to the box)",  # ops_more_n.py
    "from_store_discard": lambda who, c: (f"{who} takes {_names(c['cards'])} from the Store Discard to their "
                                          f"{c['to']}" if c["cards"] else f"{who} finds the Store Discard empty"),  # ops_more_q
    "swap_hand_binder": lambda who, c: (f"{who} puts {_cards(c['given'])} of the hand in the binder and draws "
                                        f"{_names(c['drawn']) or 'no card'} from it"),  # ops_more_q
    "flip_refused": lambda who, c: f"{c['card']} is not flipped: its own Ongoing effect replaces the flip",  # batch v
    "gain_prevented": lambda who, c: f"{c['card']} stops Seat {c['gainer']}'s gain of RP",  # ops_more_v.py
    "play_effects_stopped": lambda who, c: f"{c['card']}'s Play effects do not activate ({c['by']})",  # ops_more_y.py
    "flip_prevented": lambda who, c: f"{who}'s {c['card']} keeps {c['kept']} from being flipped",  # ops_more_y.py
    # ops_prevention.py: an effect prevented as it starts; a discard from a hand, a flip of a tableau's cards kept
    "effect_prevented": lambda who, c: f"{who}'s {c['card']} prevents the {c['timing'].capitalize()} effect of "
                                       f"{c['source'] or 'an effect'} (Seat {c['of']})",
    "discard_prevented": lambda who, c: f"{who}'s {c['card']} keeps an effect from discarding cards from their hand",
    "flip_prevented_every": lambda who, c: f"{who}'s {c['card']} is not flipped: a Reaction kept that effect's flips off "
                                           f"their tableau",
    "rp_gain_replaced": lambda who, c: f"{c['card']} of {who} answers Seat {c['gainer']}'s gain of {c['amount']} RP: "
                                       + _GAIN_OUTCOME[c["outcome"]],  # ops_more_v.py
    "at_next_turn": lambda who, c: f"{c['card']} waits for the start of {who}'s next turn",  # ops_more_v.py
    "spending_taken": lambda who, c: f"{who} takes the {c['amount']} dollars Seat {c['payer']} paid ({c['card']})",  # batch v
    "rp_instead_of_flip": lambda who, c: f"{who} pays {c['amount']} RP so that {c['card']} is not flipped",  # batch v
    "rp_gain_reaction": lambda who, c: f"{who} reacts with {c['card']} to Seat {c['gainer']}'s gain of {c['amount']} RP: "
                                       + _GAIN_OUTCOME[c["outcome"]],  # ops_more_v.py
    "look_keep": lambda who, c: f"{who} keeps {_cards(c['kept'])} and puts {_cards(c['back'])} back on the Store",
    "given_from_hand": lambda who, c: f"Seat {c['seat_from']} gives {c['card']} from their hand to {who}",  # ops_more_r
    "lasting_slot": lambda who, c: f"{who} has {c['amount']} more tableau slot(s) for the rest of the tournament: "
                                   f"{c['slots']} in all",  # ops_more_r.py
    "put_face_down": lambda who, c: f"{who} puts a card from their hand face-down into slot {c['slot'] + 1}",
    "those_to_hand": lambda who, c: f"{who} adds {_names(c['cards'])} to their hand",
    "those_to_top": lambda who, c: f"{who} puts {_cards(c['cards'])} back on top of the Store",
    "swap_hand": lambda who, c: f"{who} swaps {c['gave']} for {c['got']} from Seat {c['seat_with']}'s hand",
    "swap_failed": lambda who, c: f"{who} has no card to swap",
    "store_to_discard": lambda who, c: f"{who} discards {c['card']} from the top of the Store to the Store discard",
    # printed Character powers (ops_powers.py)
    "rp_cap_raised": lambda who, c: f"{who}'s cap of {c['cap']} RP is {c['raised_to']} RP: {who} gains {c['amount']} RP",
    "rp_cap_lifted": lambda who, c: (f"{c['card']} has no cap of {c['cap']} RP (its attachment lifts it): "
                                     f"{who} gains {c['amount']} RP"),  # ops_zones2.py
    "action_left": lambda who, c: f"{who} has used {c['used']} of {c['allowed']} Actions this turn",
    "on_store": lambda who, c: f"{who} puts {c['card']} on top of the Store",
    "single_to_accessory": lambda who, c: f"{who} puts {c['card']} in an Accessory slot: it has only its new effects",
    "traded_in": lambda who, c: (f"{who} removes {c['card']} from the game and pays {c['cost']} dollars for "
                                 f"{c['gained']} ({c['set']}) from the Store Area"),
    "discarded_to_hand": lambda who, c: f"{who} takes {_names(c['cards'])} from the Store discard into their hand",
    "unflip": lambda who, c: f"{who} turns {c['card']} face-up again",  # ops_more_h.py
    "token_instead_of_flip": lambda who, c: f"{who} removes a +1 Star token from {c['card']} instead of its flip",
    "dollars_instead_of_flip": lambda who, c: f"{who} pays {c['amount']} dollars instead of flipping {c['card']}",
    "extra_turn": lambda who, c: f"{who} will take {plural(c['turns'], 'more turn')} after this one",
    "choice": lambda who, c: f"{who} chooses to {c['chose']} ({c['about']})",
    "flip": lambda who, c: f"{c['card']} is flipped face-down",
    "scoring": lambda who, c: "The tournament is scored",
    "sweetened": lambda who, c: f"{who} sweetens their offer to Seat {c['offer']['to']}",
    "star_tokens": lambda who, c: f"{c['card']} gets {c['amount']} star tokens (now {c['star']} stars)",
    "reaction": lambda who, c: f"{who} reacts with {c['card']}",
    "reveal": lambda who, c: f"{who} reveals {c['card'] or 'nothing'} from the {words(c['source'])}",
    "clash": lambda who, c: _clash(c),
    "clash_kept": lambda who, c: (f"{who} is considered to win the clash ({c['card']})" if c["outcome"] == "win"
                                  else f"{who} does not lose the clash ({c['card']})"),  # ops_more_h.py
    # special_ops.py: attachments, copies, Level Up
    "attach": lambda who, c: f"{who} attaches {c['card']} to {c['to']} (now {c['star']} stars)",
    "attach_failed": lambda who, c: f"{who}'s {c['card']}: nothing is attached",
    "pointed": lambda who, c: f"{who} plays {c['card']} sideways, pointing {c['way']}",  # ops_sideways.py
    "rp_not_given": lambda who, c: f"{who} gains no RP from {c['card']} ({c['amount']} asked): {c['by']} points to it",
    "shielded": lambda who, c: f"{who}'s cards cannot be flipped by opponents' effects until {who}'s next turn",
    "shield_lifted": lambda who, c: f"{who}'s cards can be flipped by opponents' effects again",  # ops_pointing
    "not_lost_clash": lambda who, c: f"{who} does not lose the clash with {c['card']}: {c['by']} points to it",  # ops_pointing
    "detach": lambda who, c: f"{c['card']} goes to its owner's binder ({c['why']})",
    "attached_to_tableau": lambda who, c: f"{who} attaches {c['card']} to Seat {c['of']}'s tableau",  # ops_attach2.py
    "copy": lambda who, c: f"{who} copies {c['effects']} effect(s) of {c['card']}",
    "copy_failed": lambda who, c: f"{who}'s {c['card']} has nothing to copy",
    "effects_copied": lambda who, c: f"{c['card']} has the effects of {c['of']}" if c.get("of")
                                     else f"{c['card']} has only its own effects again",  # ops_copying.py
    "text_blank": lambda who, c: f"{c['card']}'s text is blank",  # ops_overrides.py
    "rp_capped": lambda who, c: f"{who} gains {c['kept']} of {c['amount']} RP (the effect's cap)",  # ops_copying.py
    "exact_copy": lambda who, c: f"{c['card']} is now an exact copy of {c['of']}" if c.get("of")
                                 else f"{c['card']} is itself again",
    # ops_more_a.py: looking at the Store
    "pass_turn": lambda who, c: f"{who} will pass this turn",
    "look": lambda who, c: f"{who} looks at the top card of the Store",
    "looked_placed": lambda who, c: (f"{who} puts the card looked at on the bottom of the Store" if c["to"] == "bottom"
                                     else f"{who} adds the card looked at to their hand"),
    "remove_token": lambda who, c: f"{who} removes a star token from {c['card']} instead of flipping it",
    "final_rp": lambda who, c: _final_rp(c),
    "tournament_vp": lambda who, c: f"Tournament {c['round']} VP: {_seats(c['vp'], 'VP')}",
    "game_end": lambda who, c: (f"{seats(c['winners'])} {'places' if len(c['winners']) == 1 else 'place'} first"
                                if c["winners"] else "Nobody places first"),
    "final_scoring": lambda who, c: f"Final scores: {_seats([v['total'] for v in c['vp']], 'VP')}",
    # the tournament's effects
    "lose_rp": lambda who, c: f"{who} loses {c['amount']} RP ({c['rp']} left)",
    "gain_money": lambda who, c: f"{who} gains {c['amount']} dollars",
    "pay_money": lambda who, c: f"{who} pays {c['amount']} dollars",
    "pay_failed": lambda who, c: f"{who} cannot pay {c['amount']} dollars",
    "pay_player": lambda who, c: f"{who} pays Seat {c['to']} {c['amount']} dollars",
    "meta_removed": lambda who, c: f"{who} removes the Metagame card {c['card']} from play",  # ops_metagame.py
    "meta_missed": lambda who, c: f"{who} has no Metagame card to remove",  # ops_metagame.py
    "star_tokens_pending": lambda who, c: f"{who}'s next card played will get {c['amount']} star tokens",
    "effect_lost": lambda who, c: f"{c['card']}'s effect is lost: the card is {c['why']}",
    "discard": lambda who, c: f"{who} discards {c['card']}" + (" to the Aftermarket" if c.get("to") == "aftermarket"
                                                               else " to the Store Discard" if c.get("to") else ""),
    "hand_without": lambda who, c: f"{who} shows a hand without {c['card']}",  # ops_naming.py
    "take_from": lambda who, c: f"{who} takes {', '.join(c['cards'])} from Seat {c['seat_from']}'s {c['zone']}",
    "card_picked": lambda who, c: f"{who} picks a card from their hand, unseen",  # ops_naming.py
    "guess": lambda who, c: f"{who} guessed {c['guess']}: " + ("right" if c["right"] else "wrong"),  # ops_naming.py
    "store_bottom": lambda who, c: f"{who} shuffles {c['cards']} revealed cards to the bottom of the Store",  # ops_naming
    "discard_failed": lambda who, c: f"{who} has nothing to discard",
    "choose_card": lambda who, c: f"{who} chooses {c['card']}",
    "choose_player": lambda who, c: f"{who} chooses Seat {c['chosen']}" + (" as an ally" if c.get("as") else ""),
    "choose_value": lambda who, c: f"{who} chooses {c['value']} ({words(c['what'])})",
    "revealed_symbol": lambda who, c: (f"{c['card']}'s {words(c['what'])}: {', '.join(c['values']) or 'none'}"
                                       if c.get("card") else f"no card revealed: no {words(c['what'])}"),
    "name_card": lambda who, c: f"{who} names {c['card']}" + (" with Foreboding" if c.get("with") else ""),
    "name_banned": lambda who, c: f"{who} bans {c['card']}: no one may play it for the rest of the tournament",
    # ops_guards.py: a trigger named, switched off on a player's cards, and on again
    "trigger_named": lambda who, c: (f"{who} names the {c['trigger'].title()} trigger"
                                     + (f" with {c['card']}" if c.get("card") else "")),
    "trigger_silenced": lambda who, c: (f"{c['trigger'].title()} effects do not activate on {who}'s cards until the "
                                        "start of their next turn or until they pass"),
    "trigger_off": lambda who, c: f"{c['card']}'s {c['trigger'].title()} effect does not activate",
    "triggers_on": lambda who, c: f"the triggers {who} switched off activate again",
    "take_failed": lambda who, c: f"{who} finds nothing to take from the {words(c['source'])}",
    "from_aftermarket": lambda who, c: f"{c['card']} leaves the Aftermarket for the {words(c['to'])}",
    "from_zone_played": lambda who, c: (f"{who} plays {c['card']} from "  # ops_zones2.py
                                        + ("the top of the Store" if c["zone"] == "store" else "their binder, at random")
                                        + " as the turn's Single"),
    "discarded_until": lambda who, c: (f"{who} discards {', '.join(c['cards']) or 'nothing'} from the top of the Store"
                                       + (f", stopping at {c['found']}" if c["found"] else ": the Store ran out")),
    "store_top_unplayable": lambda who, c: (f"{who} draws {c['card']} from the top of the Store: it cannot be "
                                            "played and goes to the Aftermarket"),  # ops_zones2.py
    "aftermarket_discarded": lambda who, c: f"{_cards(c['cards'])} of the Aftermarket are discarded",
    "store_to_aftermarket": lambda who, c: f"{_names(c['cards'])} go from the Store to the Aftermarket",
    "swap": lambda who, c: (f"{who} swaps {' and '.join(c['cards'])}" if c.get("swapped")
                            else f"{who} has no two cards to swap"),
    "rp_gain_multiplied": lambda who, c: (f"{c['card']}: {who}'s gain of {c['amount']} RP is made {c['times']} times "
                                          f"over"),  # ops_history.py
    "gain_turned_to_loss": lambda who, c: (f"{who} would gain {c['would_gain']} RP but loses {c['amount']} RP instead "
                                           f"(now {c['rp']})"),
    "rescore": lambda who, c: f"{who} scores {_names(c['cards'])} again",
    "infinite_loop": lambda who, c: f"{who} is removed from the tournament by the infinite-loop rule",
    "illegal_deck_trimmed": lambda who, c: (f"{who}'s {words(c['section'])} breaks the rules: {_names(c['to_binder'])} "
                                            f"go back to the binder"),
    "epic_trimmed": lambda who, c: (f"{who}'s deck holds more than one Epic card: {c['card']} goes back to the "
                                    f"binder"),
    # Turn-Based Mode
    "sold": lambda who, c: f"{who} sells {c['card']} for {c['price']} dollars",
    "collected": lambda who, c: (f"{who} adds {c['card']} to the {c['collection']} collection "
                                 f"({c['symbol']}, {_cards(c['size'])})"),
    "score": lambda who, c: f"{who}'s deck is scored (scoring {c['scoring']} of 3)",
    "collection_rp": lambda who, c: f"{who} gains {c['amount']} RP for {_cards(c['cards'])} collected ({c['rp']} in all)",
    "recorded": lambda who, c: f"{who} records {c['rp']} RP for scoring {c['scoring']}",
    "discarded": lambda who, c: f"{who} discards the deck's {_cards(c['cards'])}",
    "new_deck": lambda who, c: (f"{who} starts a new deck: {_cards(c['cards'])}, {c['money']} dollars, "
                                f"{plural(c['markers'], 'Sell Marker')}"),
    "prize_promo": lambda who, c: f"{who} receives the {c['pile']} prize promo {c['card']}",
    "out_of_the_game": lambda who, c: f"{who} has scored three times ({c['total_rp']} RP) and is out",
    "keep_accessory": lambda who, c: f"{who} keeps the accessory {c['card']}",
    "discard_accessory": lambda who, c: f"{who} discards the accessory {c['card']}",
    "meta_replaced": lambda who, c: f"{who} replaces the {c['stack']} meta {c['old']} with {c['new']}",
    # the whole game: the market, trades, powers, drafts
    "beaten_to": lambda who, c: f"{who} was beaten to {c['card']}: it is gone",
    "fuse_missed": lambda who, c: f"{who} cannot fuse at {c['tier']} any more",
    "sold_for": lambda who, c: f"{who} sells {c['card']} for {c['price']} dollars",
    "liquidated": lambda who, c: f"{who} liquidates {_names(c['cards'])}",
    "add_missed": lambda who, c: f"{who} has no offer to add {c['card']} to",
    "add_void": lambda who, c: f"{who} cannot add {c['card']} to their offer: {c['reason']}",
    "offer_void": lambda who, c: f"{who}'s offer to Seat {c['offer']['to']} is void: {c['reason']}",
    "counter_missed": lambda who, c: f"{who}'s counter-offer of {c['card']} to Seat {c['to']} misses: the offer changed",
    "accept_missed": lambda who, c: f"{who} cannot accept Seat {c['offer_of']}'s offer: it is gone",
    "sweeten_missed": lambda who, c: f"{who} cannot sweeten their offer",
    "ask_friendship_missed": lambda who, c: f"{who} cannot ask for a Friendship card",
    "dealt_more": lambda who, c: f"{who} is dealt {_cards(len(c['cards']))} more",
    "draft_packet": lambda who, c: f"{who} gets a draft packet of {_cards(len(c['cards']))}",
    "drafted": lambda who, c: f"{who} drafts {c['card']} (pick {c['pick']})",
    "draft_over": lambda who, c: f"The draft ends: {c['reason']}",
    "millennium_draft": lambda who, c: (f"Millennium Accessories revealed: {_names(c['revealed'])}; Seat {c['first']} "
                                        f"drafts first"),
    "millennium_accessory": lambda who, c: f"{who} receives the Millennium Accessory {c['card']}",
    "metagame_revealed": lambda who, c: f"The {c['stack']} Metagame card {c['card']} is revealed",
    "metagame_redrawn": lambda who, c: f"{who} puts {c['bottom']} at the bottom and reveals {c['card']}",
    "metagame_cycled": lambda who, c: (f"{who} puts {c['bottom']} at the bottom of the {c['stack']} Metagame stack and reveals "
                                       f"{c['card']}"),  # full/powers.py: meta_cycle
    "redraw_missed": lambda who, c: f"{who} cannot redraw the {c['stack']} Metagame card",
    "pre_release": lambda who, c: "The Pre-Release Tournament begins",
    "pro_player_card": lambda who, c: f"{who} receives the Pro Player card {c['card']} (round {c['round']})",
    "starting_promo": lambda who, c: f"{who} takes the {c['tier']} starting promo {_names(c['cards'])}",
    "venue_revealed": lambda who, c: f"The venue {c['venue']} is revealed: {c['text']}",
    "venue_discarded": lambda who, c: f"The venue {c['venue']} is discarded",
    # Duel Mode
    "duel_tournament": lambda who, c: _duel_tournament(c),
    "duel_over": lambda who, c: f"The duel is over ({words(c['reason'])}): {_seats(c['wins'], 'tournaments won')}",
}


def event_to_string(event: Event) -> str | None:
    """The event in a sentence, "" for one its move says, None for one drawn from its data
    (``rules.core.event_words``)."""
    return worded_event(event, _SENTENCES, SAID_BY_THE_MOVE)
