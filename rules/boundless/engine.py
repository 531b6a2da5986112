"""The Boundless TCG rules engine (rulebook: shared/rulebooks/boundless-tcg.txt): ``ENGINE`` and
``new_game``. The registry imports ``ENGINE`` from here; the engine itself is a package:

- ``state.py``     :class:`BoundlessState`: the zones, setup, ``clone``, ``determinize``, counters
- ``zones.py``     cards moving between zones (draw, discard, spiritualize, forms, the void)
- ``power.py``     PWR
- ``triggers.py``  triggered effects, effects in progress, response windows: the resolution loop
- ``turn.py``      mulligan, die roll, the turn's automatic steps
- ``combat.py``    the combat step
- ``actions.py``   the legal actions and ``apply`` (a handler per verb)
- ``view.py``      ``view`` and ``action_to_string``
- ``records.py``   the named records (pending decisions, waiting effects) and interned actions
- ``constants.py`` zone counts, limits, steps, :class:`EndReason`
- ``compiler.py``  a card's structured effects compiled (conditions, targets), and checked when
  the card is saved or imported (``GameSpec.card_checker``); the pre-2.1 sentence form is read
  by the data migrations alone (cardpool/migrations/_boundless_legacy_effects.py, frozen there)
- ``effects.py``   the effect-op interpreter (card abilities run from the card data); ``ai.py``
  the evaluation for greedy and search agents

Interpretations of the rulebook: docs/rules-notes.md, "Boundless engine".

Actions
-------
Cards in the hand, the drop zone or the void are named by their *kind* (a number for the card's
definition in this game, the same for every copy: ``state.catalogue[kind]``), never by their
place in a hand; forms, commands and saviors on the field by their zone (form zones and command
zones are numbered 0-4 from the left), which is a stable board position. The same move is the
same action in every world a search samples, and ``Action.parse(str(a)) == a``.

Before the first turn ("BEFORE YOU START"):

- ``keep`` / ``mulligan <kind> [<kind> ...]``: keep the opening hand, or put back the cards of
  these kinds (sorted, one number per card) and draw back to 5;
- ``first`` / ``defer``: the die-roll winner goes first or lets the other player.

The turn player's act steps ("THE ACT STEP"):

- ``end``: end the act step (act step 1 leads to the combat step, act step 2 ends the turn);
- ``play <kind>``: a level 0 form into the first open form zone;
  ``play <kind> <zone>``: a level 1+ form by sacrificing the form in that zone;
- ``spirit <kind> savior`` / ``spirit <kind> <zone>``: spiritualize the savior or a form;
- ``cmd <kind>``: activate a command from the hand (a bound one is placed face-up);
  ``set <kind>``: set an [INTERRUPT] or [SWIFT] command face-down;
- ``flip``: flip the savior to its boundless side;
- ``use savior <effect>``, ``use form <zone> <effect>``, ``use cmd <zone> <effect>``,
  ``use drop <kind> <effect>``: use an activated effect (``<effect>``: its number on the card).

The combat step ("THE COMBAT STEP"): ``attack <attacker> <target>`` (each ``savior`` or a form
zone), [SWIFT] ``use ...`` and ``cmd <kind>``, and ``end``.

Answers to a pending decision (either player):

- ``choose <kind>``: a card chosen inside an effect (to discard, rescue, search, ...);
  ``choose seat<s>.form<zone>`` / ``choose seat<s>.savior``: a target on the field;
- ``order <kind> <effect> [<host>]``: which of several waiting effects of the same timing resolves
  next (``<host>``: ``savior`` or the form zone a spirit's effect comes from);
- ``accept`` / ``pass``: use an optional effect or not;
- ``respond cmd <zone>`` / ``respond form <zone> <effect>`` / ``pass``: answer the opponent's
  act-step action with an [INTERRUPT], or not.

``action_to_string`` says each of these in the game's words ("Seat 1 attacks the savior Kuroha,
Akumaiden Matriarch with Emberkin Duelist (form zone 2)").

View
----
``view(seat)`` is what that seat may see (``view(None)``: everything), as JSON-able data:

- ``game`` ("boundless"), ``turn`` (1 is the first player's first turn; 0 before it), ``step``
  ("setup", "draw", "invoke", "act1", "combat:<phase>", "act2", "end", "over"),
  ``turn_player``, ``first_player``, ``to_act`` (the seats to act: one, or none when over),
  ``die_rolls`` (every roll, [seat 0, seat 1], re-rolls included), ``over``, ``outcome``
  (``Outcome.as_dict()`` once over);
- ``legal_actions``: the seat's legal actions as text, only for the seat to act;
- ``players``: one entry per seat, every key public unless said otherwise:

  - ``savior``: ``{id, name, boundless, pwr, spirits}`` (``spirits``: the cards underneath);
  - ``forms``: per form zone ``null`` or ``{id, name, slot, pwr, damaged, spirits}``;
  - ``commands``: per command zone ``null``, or ``{id, name, slot, face_up}``; a face-down
    command of the other seat shows only ``{slot, face_up: false}``;
  - ``drop``, ``void``: the cards there, in order;
  - ``deck_count``, ``spirit_deck_count``, ``hand_count``, ``hand_spirit_count`` (spirit cards
    have a different back: "SPIRIT CARDS");
  - ``hand``: the seat's own hand (and every hand with ``None``); for the other seat
    ``hand_known`` instead: the cards known to be in that hand (rescued from the public void,
    returned from the field).

Cards appear as ``{id, name}``; the id is the card's number in this game. Hidden from a seat
(``hidden_cards``): the order of every deck and the contents of the opponent's decks, the
opponent's hand except ``hand_known``, the opponent's face-down commands.
"""

from __future__ import annotations

from rules.boundless import ai
from rules.boundless.constants import END_REASONS, EndReason
from rules.boundless.state import COMMAND_ZONES, FORM_ZONES, TURN_LIMIT, BoundlessState
from rules.core.decks import DeckList
from rules.core.engine import EngineSpec, StatCounter
from rules.core.options import INTEGER, EngineOption, turn_limit

#: 2.1: effects are structured data checked at save (compiler.py); the games are those of 2.0,
#: move for move, but a 2.0 replay's decks hold the old sentences (rules-notes: "Structured effects").
VERSION = "2.1"

COUNTERS = (
    StatCounter("drawn", "Cards drawn", per_card=True,
                description="copies that entered the hand from the main deck (opening hand, draws, searches) "
                            "or, for spirits, from the spirit deck; cards put back by a mulligan do not count"),
    StatCounter("played", "Cards played", per_card=True,
                description="copies put into play: a form played, a command activated or set, a spirit used "
                            "to spiritualize; each copy once"),
    StatCounter("mulligans", "Mulligans", description="1 when the player put cards back before the game"),
    StatCounter("put_back", "Cards put back by the mulligan"),
)


def new_game(decks: list[DeckList], seed: int, **options) -> BoundlessState:
    """A new 2-player game: decks shuffled, 5 cards drawn, player 0 to decide their mulligan.

    Options: ``turn_limit`` (default 60), ``form_zones`` and ``command_zones`` (default 5 each).
    """
    if len(decks) != 2:
        raise ValueError(f"Boundless is played by 2 players here, got {len(decks)} decks")
    return BoundlessState(decks, seed, **options)


ENGINE = EngineSpec(
    game="boundless", version=VERSION, new_game=new_game, evaluate=ai.evaluate,
    min_players=2, max_players=2, perfect_information=False, chance=True, simultaneous_moves=False, teams=False,
    end_reasons=END_REASONS, counters=COUNTERS,
    # random play-outs beat evaluation priors here (28/36 against greedy, priors 23/36: bench_agents.py)
    search_defaults={"prior": 0, "relative": False, "rollout_steps": 10},
    setup_options=(  # new_game's keywords (code-only: a deck run offers none yet)
        turn_limit(TURN_LIMIT),
        EngineOption("form_zones", "Form zones", INTEGER, offered=False, default=FORM_ZONES, minimum=1,
                     help="form zones per player"),
        EngineOption("command_zones", "Command zones", INTEGER, offered=False, default=COMMAND_ZONES, minimum=1,
                     help="command zones per player"),
    ),
)

__all__ = ["COUNTERS", "ENGINE", "VERSION", "BoundlessState", "EndReason", "new_game"]
