"""The Spellbound: Chaos Divided rules engine (rulebook: shared/rulebooks/spellbound-chaos-divided.txt):
``ENGINE`` and ``new_game``.

The package:

- ``state.py``    :class:`SpellboundState`: setup, lookups, ``clone``, ``determinize``, counters
- ``board.py``    a player's zones, cards on the battlefield, ladder items
- ``turn.py``     the steps of "6. Parts of a Turn" and the automatic loop
- ``ladder.py``   casting permissions, the Ladder with priority, resolving, step triggers, state checks
- ``souls.py``    gaining souls, converts, paying soul costs;  ``stats.py`` health, damage, keywords, limits
- ``effects.py``  targets and effect ops;  ``battle.py`` declaring battlers and battle damage
- ``actions.py``  legal actions and ``apply``;  ``view.py`` ``view`` and ``action_to_string``
- ``compiler.py`` the card compiler (``GameSpec.card_checker``);  ``ai.py`` the evaluation
- ``goldfish.py`` the goldfish opponent's deck

Interpretations of the rulebook: docs/rules-notes.md, "Spellbound engine".

Actions
-------
Cards in a hand or a graveyard are named by name; cards on the battlefield and spells on the
ladder by their uid, ``u<n>`` (a card keeps its uid from the ladder onto the battlefield); a
player is ``seat0`` / ``seat1``. ``Action.parse(str(a)) == a``.

With priority (the active player first in every step that has priority):

- ``pass``: hand priority on; when both players pass in succession the top of the ladder resolves
  (then the active player has priority again), or, with an empty ladder, the step ends;
- ``cast <card>``: cast a spell from hand (the soul cost is paid at once, flipping the converts it
  needs); the active player in a casting phase may cast any division, everyone else only spells with
  Immediate; a convert only in the active player's first casting phase, one per turn;
- ``ability <u> <n>``: activate the n-th soul ability (1-based) of a bounder, creature or item, in
  its controller's casting phases;
- ``convert <u> <soul>``: flip a convert to turn hollow souls into ``soul`` (no ladder: it is how
  costs are paid);
- ``level_up``: raise the soul pond one level, paying the next level's cost (first casting phase).

Decisions that come before priority:

- ``target <ref>``: the target of a spell or ability just put on the ladder;
- ``battle <u> <ref>`` / ``done``: the active player's battlers in the declare battlers step;
- ``discard <card>``: a discard (an effect, or the janitor step's hand limit of nine);
- ``pick <card>``: a card returned from the graveyard to hand by an effect.

View
----
``view(seat)`` (``None``: everything) is JSON-able:

- ``game`` ("spellbound"), ``turn`` (1 = the first player's first turn), ``step`` (unflip, caretake,
  draw, gain, first_casting, pre_battle, declare_battlers, battle_damage, second_casting, cease,
  janitor), ``active``, ``first_player``, ``priority`` (the seat with priority or null),
  ``to_act``, ``pending`` (null, or the first decision waiting: ``{kind (target, declare, discard,
  pick), seat}``, a target adding ``item`` (the ladder item's uid), a discard ``left`` (discards still
  to make) and ``reason`` (effect, hand_limit), a pick ``division``), ``over``, ``outcome``;
- ``ladder``: top first, ``{uid, kind (spell|ability|trigger), name (the spell, or the card the
  ability or trigger came from), controller, source (that card's uid, wherever it is now; null for a
  spell), target, target_name, text}``; ``aura``: the aura on the battlefield or null; ``battles``: declared
  ``{battler, target}`` this turn; ``legal_actions``: the seat's, when it acts;
- ``players``: per seat ``bounder`` (a card), ``soul_pond`` ``{uid, name, level, levels,
  next_cost}``, ``souls`` (soul type -> count), ``converts`` (cards, ``flipped``), ``creatures``
  (cards), ``creature_limit``, ``battlefield`` (battlefield charms and blessings), ``hand_count``,
  ``library_count``, ``graveyard``, ``exile``, ``converts_cast``, ``turns_taken``, and for the seat
  itself ``hand`` (sorted names).
- a card: ``{uid, name, kind, owner, controller, flipped}``; creatures and bounders add ``health``
  (left), ``max_health``, ``damage_taken``; creatures add ``damage``, ``keywords``, ``fatigued``,
  ``attached`` (their items, charms and blessings, as cards); a bounder adds ``attached`` (charms);
  an attached card has ``attached_to``; a blessing ``caretakes`` (for its Time Limit).

Log
---
Events (``state.events``) a reader may rely on, among others: ``shuffle`` (a library shuffled at setup:
``zone``, ``cards``), ``draw``, ``skip_draw`` (the first player's first draw step, skipped whole),
``cast``, ``activate`` (``source``: the card's uid), ``trigger`` and ``trigger_without_target``
(``name`` and ``source``: the card it came from), ``target``, ``resolve``, ``fizzle``, ``pass``,
``level_up``, ``no_level_up`` (a card effect in the second casting phase), ``battle``,
``battle_damage``, ``dies``, ``leaves``, ``unflip``.

Hidden from a seat (``hidden_cards``): both libraries and the other player's hand. ``determinize``
reshuffles the seat's library and redeals the other player's hand and library.
"""

from __future__ import annotations

from rules.core.decks import DeckList
from rules.core.engine import AutoPass, EngineSpec, GameState, StatCounter, Stop
from rules.core.options import CHOICE, EngineOption, turn_limit
from rules.spellbound import ai
from rules.spellbound.actions import PASS
from rules.spellbound.constants import CASTING_PHASES, END_REASONS, SILENT_STEPS, STEPS, TURN_LIMIT, EndReason
from rules.spellbound.goldfish import goldfish_deck
from rules.spellbound.state import SpellboundState

VERSION = "1.3"  # 1.1: ISMCTS searches with evaluation priors; 1.2: ISMCTS's defaults are the flat search
# (SEARCH_DEFAULTS). Its games differ; the rules do not. 1.3 (issue 32): the first player's first draw
# step is skipped whole (no priority round), no soul pond level up by a card effect in the second
# casting phase; the log has shuffle events and triggers' sources; the view's ladder names sources
# and ``pending`` is an object. Replays of 1.2 are refused with both versions named (rules/core/replay.py).

#: ISMCTS's defaults for Spellbound, measured against greedy (docs/rules-notes.md, "Search agents"): flat
#: (every legal action played out in each of 4 sampled worlds, common random numbers), greedy play-outs
#: over every legal action until the third turn after the decision's begins, converts never tried.
SEARCH_DEFAULTS = {"flat": True, "iterations": 4, "rollout": "greedy", "rollout_sample": 0, "rollout_turns": 3,
                   "skip_verbs": "convert"}

COUNTERS = (
    StatCounter("drawn", "Cards drawn", per_card=True, description="copies drawn, opening hand included"),
    StatCounter("cast", "Cards cast", per_card=True, description="copies cast (converts included)"),
    StatCounter("pond_level", "Soul pond level", description="the soul pond's level at the end"),
    StatCounter("souls_gained", "Souls gained", description="souls gained from the pond and effects"),
)


def new_game(decks: list[DeckList], seed: int, **options) -> SpellboundState:
    """A new 2-player game, ready for the first decision. Options: ``turn_limit`` (100),
    ``first_player`` (0 or 1; default: chosen from the seed)."""
    if len(decks) != 2:
        raise ValueError(f"Spellbound is played by 2 players here, got {len(decks)} decks")
    options.setdefault("turn_limit", TURN_LIMIT)
    return SpellboundState(decks, seed, **options)


#: the steps with priority, as the play page names them for its stops
STEP_LABELS = {"caretake": "caretake step", "draw": "draw step", "first_casting": "first casting phase",
               "pre_battle": "pre-battle step", "declare_battlers": "declare battlers step",
               "battle_damage": "battle damage step", "second_casting": "second casting phase", "cease": "cease phase"}
RESPOND = "respond"


def stop_at(state: GameState, seat: int) -> str | None:
    """The play app's stop for ``seat``'s decision now (``AutoPass``): None unless it is a plain
    priority window; ``respond`` when the other player's spell or ability tops the Ladder and the
    seat has an answer (anything but a pass or a convert: converts only pay costs, which casting
    does by itself); else the step, ``your:<step>`` or ``their:<step>``."""
    assert isinstance(state, SpellboundState), "AutoPass declares a stop for any game's state"
    if state.is_over or state.pending or state.priority != seat:
        return None
    if state.ladder and state.ladder[-1].controller != seat and \
            any(a.verb not in ("pass", "convert") for a in state.legal_actions(seat)):
        return RESPOND
    return ("your:" if state.active == seat else "their:") + state.step_name


#: a person is asked in their own casting phases and when they can answer the other's spell; every
#: other priority pass passes itself (docs/rules-notes.md, "Spellbound engine", passing in the play app)
AUTO_PASS = AutoPass(
    pass_action=PASS, stop_at=stop_at,
    stops=(Stop(RESPOND, "the other player's spell or ability on the Ladder, when you can answer it", True),
           *(Stop(f"{whose}:{step}", f"{label} {STEP_LABELS[step]}", whose == "your" and step in CASTING_PHASES)
             for whose, label in (("your", "your"), ("their", "their")) for step in STEPS
             if step not in SILENT_STEPS)),
)


ENGINE = EngineSpec(
    game="spellbound", version=VERSION, new_game=new_game, evaluate=ai.evaluate, search_defaults=SEARCH_DEFAULTS,
    min_players=2, max_players=2, perfect_information=False, chance=True, simultaneous_moves=False, teams=False,
    end_reasons=END_REASONS, counters=COUNTERS, goldfish_opponent=goldfish_deck, auto_pass=AUTO_PASS,
    setup_options=(  # new_game's keywords (code-only: a deck run offers none yet)
        turn_limit(TURN_LIMIT),
        EngineOption("first_player", "First player", CHOICE, offered=False, default=None,
                     choices=((None, "chosen from the seed"), (0, "seat 0"), (1, "seat 1")),
                     help="the seat that takes the first turn"),
    ),
)

__all__ = ["COUNTERS", "ENGINE", "VERSION", "EndReason", "SpellboundState", "new_game"]
