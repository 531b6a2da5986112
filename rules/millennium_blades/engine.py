"""The Millennium Blades tournament engine (rulebook: shared/rulebooks/millennium-blades.txt,
"Tournament Phase" through "Ending the Tournament"): ``ENGINE`` and ``new_game``.

The engine is a package:

- ``vocabulary.py`` / ``cards.py``  the card schema; ``effects.py`` the effect language and the
  card checker; ``text.py`` (with ``phrases.py``, ``clauses.py``, ``conditions.py``) the compiler
  from card text; ``catalogue.py`` a card as the engine reads it and the default Store
- ``state.py``   :class:`MBState`: setup, zones, copies, sampled worlds
- ``queries.py`` star, elements, types (Mimicry), the Top Card, protection, filters, counts
- ``resolve.py`` effect frames, triggers, decisions; ``clash.py`` targets, flips, tokens, clashes
- ``flow.py``    turns, legal actions, ``apply``, scoring and VP; ``view.py``; ``ai.py``

One to five players: 1 is a goldfish (one kit alone: its RP distribution, always first place).
Seat 0 takes the first turn ("Turns begin with whichever player placed highest in the previous
tournament"; option ``first_player``); turns go clockwise (seat order).

Actions
-------
On a player's turn ("Tournament Turns"):

- ``play <name>``: play that single from hand into the left-most open slot (required if able);
  after the first, a ``play`` again only with an extra play ("Play: You may play an additional
  single this turn");
- ``use <name>``: use the Action of that face-up card (tableau, deck box or accessory), once a
  turn, before or after playing; the card is then flipped face-down ("Use an Action");
- ``end``: end the turn after playing (offered while an Action or extra play is left; otherwise
  the turn ends by itself);
- ``pass``: the only action of a player who cannot play a single.

Decisions an effect asks for (the seat that decides is named in ``view()["decision"]``):

- ``accept`` / ``decline``: use an optional effect ("You may ...", a Reaction);
- ``target <seat> <slot>``: choose the card in that seat's tableau (slot from 0) to flip, reveal or
  put tokens on;
- ``accessory <seat> <index>`` / ``deck_box <seat> <index>``: choose that seat's Accessory (Deck Box), as
  ``target`` does a tableau's card;
- ``opponent <seat>``: the opponent to clash with or to lose RP;
- ``pick <name>``: the card from your hand to reveal or discard;
- ``insert <slot>``: Scurry, the slot (from 0) to insert the card into;
- ``value <word>``: a value to name or choose (a number, a symbol; ``left`` / ``right``: the way a card
  played sideways points; a Metagame card's name);
- ``react <name>`` / ``decline``: an opponent's effect would flip your card: react with that
  Reaction card (it is flipped instead) or not.

View
----
``view(seat)`` (``None``: everything): ``game``, ``turn``, ``phase`` (turn, scoring, over),
``turn_seat``, ``to_act``, ``passes_in_succession``, ``plays_left``, ``action_used``, ``over``,
``outcome``, ``chart`` (the round's VP chart); ``decision`` (``seat``, ``kind``, ``about``) while an
effect waits for a choice; ``legal_actions`` for a seat to act; ``store_count``, ``store_discard``,
``aftermarket`` (names; all public), ``metagame`` (cards); ``players``: per seat ``seat``,
``deck``, ``rp``, ``money``, ``clashes_won``, ``tableau`` (slot order, left to right: a face-up card
``{name, star (now, tokens included), elements, types, tokens, top_card, points (a card played
sideways: left or right), slot}``, a face-down card
``{face: "down", was, slot}`` -- no name, it is blank -- and ``null`` for each open slot),
``top_card`` (its name), ``deck_box``, ``accessories``, ``binder``, ``next_card_effects``,
``removed`` (the infinite-loop rule), and ``hand`` (names, the seat's own) or ``hand_count``.

Hidden from a seat (``hidden_cards``): the Store's order and contents, the other players' hands.
Face-down cards are not hidden: every card is played face-up before it is flipped.

Deckless mode ``"full-game"`` (``ENGINE.deckless_modes``): the whole game, setup to final scoring,
3-5 players each starting from a starter deck (``rules/millennium_blades/full/``, ``FULL_ENGINE``);
``manage.py simulate --game millennium_blades --mode full-game --players 4``; ``"duel"``: Duel Mode,
2 players, best two tournaments of three (``DUEL_ENGINE``); ``"turn-based"``: Turn-Based Mode, 2-5
players, one combined phase (``rules/millennium_blades/turn_based/``, ``TURN_BASED_ENGINE``).

Returns: the VP of the round's chart (option ``chart``: ``pre_release``, ``round1`` (default),
``round2``, ``final``), ties sharing "all places they would win ... rounded down"; placements
follow. Options: ``store`` (the Store's cards, default the fixture pool with every copy),
``metagame`` (cards whose Score effects every player activates, none by default), ``promos`` (the
Promo stacks card effects reach, ``{"bronze"|"silver"|"gold": [CardSpec, ...]}``, none by default),
``outside`` (the sets outside the game card effects reach, none by default),
``first_player``, ``turn_limit``. Rules interpretations: docs/rules-notes.md, "Millennium Blades tournament engine".
"""

from __future__ import annotations

from rules.core.decks import DeckList
from rules.core.engine import EngineSpec, StatCounter
from rules.core.options import INTEGER, EngineOption, code_only, turn_limit
from rules.millennium_blades import ai
from rules.millennium_blades.full.engine import DUEL_ENGINE, FULL_ENGINE
from rules.millennium_blades.state import CHARTS, TURN_LIMIT, MBState
from rules.millennium_blades.turn_based.engine import TURN_BASED_ENGINE

VERSION = "1.11"
# 1.11 (issue 30, speed): the Store is shuffled as its cards are drawn, by a generator of its own seeded from
# the game's (store_order.py): the same rules and the same chances, other draws from a seed
# 1.10: a Reaction by the card numbered 0 is used (it read as declined); an offered Reaction's ``about``
# says what it answers ("the flip of X", not the bare name), so the move's sentence is right for each flip
# 1.9: two branches' 1.8 together: deck rules printed on kit cards, limits on RP gains, wording variants
# (issue 26.2: deck_rules.py, replacement.py); attaching a card from the hand, "the attached card", cards
# nothing may be attached to (issue 26.3)
# 1.7 (issue 26.2): Fusion play conditions, Level Up, copied effects and exact copies, attached cards, granted
# Flip effects, start-of-turn triggers, "flip ... to gain ..." (special_ops.py); 1.6: the Store, the
# Aftermarket, allies and clash variants (market.py)
# 1.5 (issue 26.2): "Choose a player" (a player decision); 1.1: ISMCTS searches with evaluation priors; 1.2:
# sampled worlds deal opponents kit-like hands that play their printed text (``MBState.determinize``), ISMCTS
# plays out greedily (its games differ; the rules do not); 1.3 (issue 29): no Action before the Single that
# leaves no Single to play, an Action's card flipped even when its text fails, a face-down card's effects no
# longer resolve (event ``effect_lost``); 1.4 (issue 26): printed-card phrasing -- a Next effect's tokens go on
# the card it names, "that card" of a play trigger is the card played, steal_rp, clash_star, clash_lost, "If you
# did", Flip effects know whose effect flipped them, discards by other players, new counts and picks; 1.8
# (issue 26.2, deck_rules.py): a Deck Box or Accessory printing extra singles raises the "Illegal Decks" limit

END_REASONS = {"tournament_end": "every player passed in succession; the tournament was scored"}

COUNTERS = (
    StatCounter("rp", "Ranking points", description="RP at the end of the tournament"),
    StatCounter("clashes_won", "Clashes won", description="clashes the player won"),
    StatCounter("money", "Millennium Dollars gained", description="money gained during the tournament"),
    StatCounter("played", "Singles played", per_card=True, description="singles played into the tableau"),
    StatCounter("flipped", "Cards flipped", per_card=True, description="the player's cards flipped face-down"),
)


def new_game(decks: list[DeckList], seed: int, **options) -> MBState:
    """A tournament: RP at zero, deck boxes and accessories face-up, singles in hand, the Store
    shuffled from the seed."""
    if not options:  # (a table of kits that played before starts from its kept setup)
        return MBState.at_table(list(decks), seed)
    return MBState(list(decks), seed, store=options.get("store"), metagame=options.get("metagame", ()),
                   chart=options.get("chart", "round1"), first_player=options.get("first_player", 0),
                   turn_limit=options.get("turn_limit", TURN_LIMIT), powers=options.get("powers"),
                   kit_limits=options.get("kit_limits"), purse=options.get("purse"),
                   friends=options.get("friends"), friendship_left=options.get("friendship_left"),
                   sell_markers=options.get("sell_markers"), promos=options.get("promos"),
                   outside=options.get("outside"))


ENGINE = EngineSpec(
    game="millennium_blades", version=VERSION, new_game=new_game, evaluate=ai.evaluate,
    min_players=1, max_players=5, perfect_information=False, chance=True, simultaneous_moves=False,
    end_reasons=END_REASONS, counters=COUNTERS,
    # greedy play-outs two turns deep (the sampled opponents hold kit-like hands: docs/rules-notes.md,
    # "Sampled worlds"); scripts/bench_agents.py measures them at mirror tables
    search_defaults={"rollout": "greedy", "rollout_turns": 3, "eval_scale": 5.0},
    # the whole game (rules/millennium_blades/full/): every seat starts from a starter deck, no saved decks
    deckless_modes={"full-game": FULL_ENGINE, "duel": DUEL_ENGINE, "turn-based": TURN_BASED_ENGINE},
    setup_options=(  # new_game's keywords (code-only: a deck run offers none yet)
        code_only("store", "the Store's cards (default: the core Store)"),
        code_only("metagame", "the Metagame cards in play", list, tuple),
        code_only("chart", "the Tournament VP Chart's column", str),
        EngineOption("first_player", "First player", INTEGER, offered=False, default=0, minimum=0,
                     help="the seat that plays first in the Tournament"),
        turn_limit(TURN_LIMIT),
        code_only("powers", "per seat, the CardSpecs of the Tournament sides the seat holds as powers", list, tuple, dict),
        code_only("kit_limits", "per seat, the kit's limits"),
        code_only("purse", "per seat, the money to start with"),
        code_only("friends", "per seat, the givers of the other players' Friendship cards it holds", list, tuple),
        code_only("friendship_left", "per seat, its own Friendship cards not given", list, tuple),
        code_only("sell_markers", "per seat, the Sell Markers it has", list, tuple),
        code_only("promos", "the Promo stacks, {tier: CardSpecs, the top last} (default: none)", dict),
        code_only("outside", "the sets outside the game, each {code, kind, name, cards} (default: none)", list, tuple),
    ),
)

__all__ = ["CHARTS", "COUNTERS", "ENGINE", "VERSION", "MBState", "new_game"]
