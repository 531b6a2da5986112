"""The effect ops of the Store, the Aftermarket, allies and clash variants (issue 26.2), as the
card schema declares them (``cards.EFFECT_OPS`` takes them in); ``market.py`` runs them and
``market_checks.market_op_errors`` checks their values."""

from __future__ import annotations

from rules.core.schema import OpSpec

ANY = "any"
#: where ``take_aftermarket`` and ``take`` put a card
TAKE_DESTINATIONS = ("hand", "binder", "store_bottom", "store_discard")
MARKET_EFFECT_OPS = {
    "choose_player": OpSpec('Choose a player (among: any or opponent); "that player" then means them, or with '
                            'as: ally, your ally for the clash that follows.', {"among": "str", "as": "str"}),
    "store_to_aftermarket": OpSpec("Put the top cards of the Store into the Aftermarket (those cards).",
                                   {"amount": "int"}),
    "clear_aftermarket": OpSpec("Discard every card of the Aftermarket to the Store Discard (those cards).", {}),
    "take_aftermarket": OpSpec("Take a card of your choice (filter) from the Aftermarket, or every such card "
                               "(all), to your hand, your binder or the bottom of the Store (to); it is then the "
                               "card taken.", {"to": "str", "filter": ANY, "all": "bool"}),
    "take": OpSpec("Move a card of the Aftermarket (card: clashed, the card a clash was against; revealed, the "
                   "Store card just revealed) to the hand of you or that player (who), or the Store Discard (to).",
                   {"card": "str", "to": "str", "who": "str"}),
    "put_in_play": OpSpec("Play the card revealed (in the Aftermarket) into your tableau (who: that_player, theirs), "
                          "ignoring its Play effects; with no open slot it cannot be done.", {"card": "str", "who": "str"}),
    "steal_money": OpSpec("The players (who; rp: only those whose RP total fits) pay you Millennium Dollars, as "
                          "much as they have (if_able: only a player who has the whole amount pays, batch v).",
                          {"amount": "int", "who": "str", "rp": ANY, "if_able": "bool"}),
    "choose_card": OpSpec('Choose a card (target); it is then "that card" (chosen) and its owner "that player".',
                          {"target": ANY}),
    "either": OpSpec("A player (who) must choose one of two (or more) options (lists of ops), an option that cannot be "
                     "done not offered.", {"who": "str", "options": ANY}),
    "name_card": OpSpec("Name a card: one of the names of the singles the players brought (rules notes); with: "
                        "foreboding, the name is remembered for the tournament (ops_naming.py).", {"with": "str"}),
    "discard_named": OpSpec("The players (who) discard the named card from their hands to their binders (or to: "
                            "store_discard): every copy (all) or one (those cards); show_none: a player with none "
                            "shows it (ops_naming.py).", {"who": "str", "all": "bool", "to": "str", "show_none": "bool"}),
    "clash_outcome": OpSpec("A would-lose-a-clash Reaction: you are considered to win (as: win), you do not "
                            "lose (not_lose), or the clash is repeated (repeat).", {"as": "str"}),
    "flip_any": OpSpec("Flip any number of face-up cards of your choice in your tableau, or of your Accessories "
                       "(zone: accessory; ops_more_h.py), "
                       "or of your whole play area (zone: play_area: Singles, Deck Box, Accessories; ops_history.py) "
                       "(those cards; other: not this card, phrases_more_k.py; "
                       "no_flip_effects: their Flip effects do not activate, ops_more_r.py).",
                       {"zone": "str", "other": "bool", "no_flip_effects": "bool"}),
    "reveal_any": OpSpec("Reveal any number of cards of your choice from your hand (those cards).", {}),
    "as_each": OpSpec("Each of the players (who) does the ops as their own (\"Each player gains RP equal to "
                      "... in their tableau\").", {"who": "str", "ops": ANY}),
    "choose_value": OpSpec("Choose a Set, type, element, type or element, number, or word (ops_naming.py) (what); "
                           "the FILTERs after it that say chosen mean that value.", {"what": "str"}),
    "rp_loss_outcome": OpSpec("A would-lose-RP Reaction: gain that much instead (as: gain) or lose amount less "
                              "(as: less); not_scoring: not during scoring.",
                              {"as": "str", "amount": "int", "not_scoring": "bool"}),
    "flip_n": OpSpec("Flip amount face-up cards (filter) of your choice in your tableau; \"If you did\" holds "
                     "when all were flipped.", {"amount": "int", "filter": ANY}),
    "discard_self": OpSpec("This card leaves play to its owner's binder (\"Discard a Card\").", {}),
    "no_rp_loss": OpSpec("Ongoing: you cannot lose RP (a loss or a steal takes nothing from you).", {}),
    "swap": OpSpec("Swap the positions of two face-up cards of your choice in your tableau (those cards).", {}),
}
