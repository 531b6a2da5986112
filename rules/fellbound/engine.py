"""The FellBound rules engine (rulebook: shared/rulebooks/fellbound.txt): ``ENGINE`` and ``new_game``.

The registry imports ``ENGINE`` from here; the engine itself is a package:

- ``board.py``     the battleground's geometry: rows, tiles, facing, reach, flanking
- ``catalogue.py`` a card as the engine reads it, and the save-time check of its effects
- ``state.py``     :class:`FellBoundState`: setup, values under auras, copies, sampled worlds
- ``turn.py``      opening turn, action phase, deployment phase, draws, the defeat check
- ``combat.py``    attacks, spray, leach, heal, steal, bribe, slain characters
- ``actions.py``   the legal actions and ``apply``
- ``view.py``      ``view`` and ``action_to_string``
- ``ai.py``        the evaluation for greedy and search agents, the goldfish opponent's policy

Two players, or four in two teams ("ALLIED TEAM PLAY"; option ``teams``, default
``[[0, 2], [1, 3]]``). Interpretations of the rulebook: docs/rules-notes.md, "FellBound engine".

Actions
-------
Characters on the battleground are named by their tile: rows ``a`` (the deployment zone of seat 0,
or of team 0) and ``b``, columns 1..5 (1..10 with four players), e.g. ``a3``. Cards in a hand are
named by their card name (quoted when it has spaces).

The acting side's action phase ("ACTION PHASE"), one action per active character:

- ``move <from> <to>``: one tile forward, back, left or right (a flying character: any tile), never
  onto a living character; onto a slain one collects it (its gold to the mover's treasury);
- ``attack <from> <target>``, ``leach <from> <target>``: the attack (or leach) value against one
  character in reach, repeated by the attack multiplier;
- ``spray <from>``: the spray attack against every living character straight ahead (and behind,
  with a rear range); ``spray <from> <target>``: against one character directly left or right;
- ``heal <from> <target>``, ``steal <from> <target>``, ``bribe <from> <target>``;
- ``reform <from>``: turn round; ``retreat <from>``: from your deployment zone to your boneyard;
- ``done``: end the action phase (everyone on the side draws one card).

The deployment phase ("DEPLOYMENT PHASE"; the opening turn is only this):

- ``deploy <card> <tile> [<gold>] [<card sacrificed>]``: onto the side's own zone (an infiltrator:
  either zone); ``<gold>`` is what is paid for an X gold cost (an X health paid 0 is slain at once),
  ``<card sacrificed>`` the hand card discarded for a sacrifice cost;
- a charging character deployed this phase may take one action ("CHARGE"), as above but
  without ``retreat``;
- ``end``: end the turn.

``concede`` is offered at each seat's first decision of each of its turns (rules-notes: "when a
side may concede").

Allies act at the same time (``current_players()`` names both until each has ended the phase);
their choices apply in seat order, and one the other ally made impossible is skipped (event
``blocked``).

View
----
``view(seat)`` (``None``: everything), as JSON-able data:

- ``game`` ("fellbound"), ``turn`` (1 is the first side's opening turn), ``phase`` ("opening",
  "action", "deployment", "over"), ``turn_seats`` (the seats whose turn it is), ``first_seats``,
  ``to_act``, ``over``, ``outcome``; ``legal_actions`` for a seat to act;
- ``battleground``: ``grid``, the rows far row first (``b`` then ``a``), each a list of tiles:
  ``null`` or a character ``{name, tile, seat (controller), owner (when bribed away), facing ("up":
  toward row b, drawn above; "down": toward row a), health, gold, slain, attack, defence, range}``
  (values under auras; ``attack``, ``defence`` and ``range`` only when the card has them; a slain
  character shows only its name, tile, seat, owner, facing, health 0, gold and ``slain``);
  ``row_labels``, ``column_labels``, ``zones`` (row -> the seats deploying there);
- ``players``: per seat ``side`` (its row), ``treasury``, ``living``, ``deck_count``, ``hand``
  (the seat's own and its allies'; every hand with ``None``) or else ``hand_count`` and
  ``hand_known`` (cards returned to that hand by "REDEPLOY", in view of all), ``boneyard``.

Hidden from a seat (``hidden_cards``): every deck's order and the enemies' deck contents, the
enemies' hands except ``hand_known``.
"""

from __future__ import annotations

from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.core.engine import EngineSpec, StatCounter
from rules.core.options import code_only, turn_limit
from rules.fellbound import ai
from rules.fellbound.state import TURN_LIMIT, FellBoundState

#: 1.1: ISMCTS searches with evaluation priors (its games differ; the rules do not). 1.2 (issues 29,
#: 31): an infiltrator may also deploy onto its own zone; an X health paid with no gold is slain at
#: once; an X cost's bribe value is the gold on it; each team's seats act in seat order. A replay
#: of another version is refused, naming both versions (``rules.core.replay``).
VERSION = "1.2"

END_REASONS = {
    "too_few_characters": "a side ended its turn without two living characters on the battleground",
    "conceded": "a side conceded",
}

COUNTERS = (
    StatCounter("drawn", "Cards drawn", per_card=True, description="cards drawn from the deck into the hand"),
    StatCounter("deployed", "Cards deployed", per_card=True, description="characters deployed onto the battleground"),
    StatCounter("lost", "Characters slain", per_card=True,
                description="the player's own characters slain (whoever controlled them then)"),
    StatCounter("bribes", "Bribes", description="enemy characters bribed over to the player"),
)


def new_game(decks: list[DeckList], seed: int, **options) -> FellBoundState:
    """A new game: decks shuffled, the first side chosen from the seed, its opening turn begun.

    Options: ``teams`` (four players: two lists of two seats, default ``[[0, 2], [1, 3]]``; each
    team's seats are kept in seat order),
    ``turn_limit`` (default 120 turns in all).
    """
    return FellBoundState(list(decks), seed, teams=options.get("teams"),
                          turn_limit=options.get("turn_limit", TURN_LIMIT))


def goldfish_opponent() -> DeckList:
    """"An opponent that deploys two inert characters and never acts": two free characters with
    health and nothing else (invented for the goldfish; not cards of the game)."""
    dummies = [CardSpec(None, name, "character", {"gold_cost": 0, "health": 4, "alignments": []})
               for name in ("Straw Sentinel", "Hay-Bale Sentinel")]
    return DeckList(game="fellbound", format="standard", name="Goldfish opponent",
                    sections={"deck": [DeckEntry(card, 1) for card in dummies]})


ENGINE = EngineSpec(
    game="fellbound", version=VERSION, new_game=new_game, evaluate=ai.evaluate,
    min_players=2, max_players=4, player_counts=(2, 4), free_for_all=False,
    perfect_information=False, chance=True, simultaneous_moves=True, teams=True,
    end_reasons=END_REASONS, counters=COUNTERS, goldfish_opponent=goldfish_opponent,
    passive_choice=ai.passive_choice,
    # ISMCTS plays greedy out to the end of the opponent's reply from each leaf: it beat greedy
    # 25/36 so (evaluation priors alone: 29/54; random play-outs: 7/36; scripts/bench_agents.py)
    search_defaults={"rollout": "greedy", "rollout_sample": 6, "rollout_turns": 2},
    setup_options=(  # new_game's keywords (code-only: a deck run offers none yet)
        code_only("teams", "four players: two lists of two seats (default [[0, 2], [1, 3]])", list, tuple),
        turn_limit(TURN_LIMIT),
    ),
)

__all__ = ["COUNTERS", "ENGINE", "VERSION", "FellBoundState", "new_game"]
