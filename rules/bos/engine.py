"""The BOS rules engine (rulebook: shared/rulebooks/bos.txt): ``ENGINE`` and ``new_game``.

BOS is luckless ("no shuffling your cards, no drawing cards, and no dice rolls"): the engine
never draws a random number (``chance=False``), so a game depends only on the players' choices.
The package:

- ``base.py``      ``BosBase``: every field of the state, typed, with how ``clone`` copies it
- ``state.py``     :class:`BosState`: setup, the resolution loop, ``clone``, ``determinize``, counters
- ``board.py``     wizards, units (summons and bosses), a player's side and piles
- ``turn.py``      going first (ether bid or rock-paper-scissors), reserves, columns, startup with decay, ending
- ``battle.py``    attacks, blocks, battles, defeat;  ``effects.py`` conditions, triggers, targets, effect ops
- ``frames.py``    the resolution stack's frames;  ``resolve.py`` its decisions and automatic steps
- ``actions.py``   legal actions and ``apply``;  ``view.py`` ``view`` and ``action_to_string``
- ``abilities.py`` the card compiler (``GameSpec.card_checker``);  ``ai.py`` the evaluation
- ``goldfish.py``  the goldfish opponent's deck;  ``match.py`` best-of-three matches with reserves
- ``words.py``     interned actions and the board's action words, built once

Interpretations of the rulebook: docs/rules-notes.md, "BOS engine".

Actions
-------
Cards are named by name (castle, spellbook, reserves: unordered piles) or by board position:
``col0``-``col2`` (one's own summon or wizard column, left to right as seat 0 sees it), ``boss``,
and, for any card on the table, ``seat<s>.col<c>``, ``seat<s>.boss``, ``seat<s>.wizard<c>``;
``seat<s>`` is a player. ``Action.parse(str(a)) == a``.

Before the first turn ("Going First", "Best of 3 Match"):

- ``bid <n>`` (both seats at once, secretly; 0..``max_bid``) or, casually, ``throw rock|paper|scissors``;
- ``go_first`` / ``go_second``: the winner decides;
- ``swap <deck card> <reserve card>`` / ``done``: between the games of a match (both at once);
- ``columns <wizard> <wizard> <wizard>``: wizards left to right (the second player does this at the
  start of its first turn in a competitive game).

The turn player's phases ("Gameplay"): ``end`` ends the summoning or the main phase.

- summoning: ``conduct <summon> <column>`` (turn that column's wizard face-down), ``use ...``;
- main: ``attack <col<c>|boss> <seat<s>.col<c>|seat<s>.boss|seat<s>>``, ``cast <spell> <ether>``
  (``<ether>``: how much of the vim cost ether pays), ``use <wizard<c>|col<c>|boss> <ability> <ether>``,
  ``boss`` (turn the boss face-up).

Answers while something resolves (either seat): ``order <card> <ability> <where>`` (which of
several abilities happens next), ``accept <ether>`` / ``pass`` (use an optional ability, paying
its cost), ``choose <target>`` (``seat1.col0``, ``seat0.wizard2``, ``seat1``, ``col2`` for a move,
a spell's name for ``discard_spell``; ``pass`` ends an "up to N" choice), ``place <summon> <column>``
(a free conduct), ``block <seat<s>.col<c>|seat<s>.boss>`` / ``pass`` (the defender of a player attack).

View
----
``view(seat)`` (``None``: everything) is JSON-able:

- ``game`` ("bos"), ``turn`` (0 before the first turn), ``phase`` (bid, throw, choose_first, swap,
  arrange, startup, summoning, main, ending, over), ``active``, ``first_player``, ``competitive``,
  ``to_act``, ``over``, ``outcome``, ``bids`` and ``throws`` (revealed rounds), ``stack`` (what is
  resolving: abilities, attacks, defeats; all of it public), ``legal_actions`` (the seat's, when it acts);
- ``players``: per seat ``life``, ``vim``, ``ether``, ``turns_started``, ``wizards`` (per column
  ``{column, name, face_up, sideways, enchantments}``; the name is null for the other seat's
  wizard never yet face-up), ``summons`` (per column null or ``{name, column, strength, printed,
  damage, sideways, enchantments}``), ``boss`` (null once defeated; face-down: ``{name, face_up:
  false}`` with the name null for the other seat unless bosses were revealed), ``graveyard``,
  ``castle_count``, ``spellbook_count``, ``reserves_count``, ``castle_known`` (cards seen going
  back into the castle), and for the seat itself ``castle``, ``spellbook``, ``reserves`` (name -> copies).

Hidden from a seat (``hidden_cards``): the other seat's castle, spellbook and reserves, its wizards
never yet face-up, and its face-down boss in a casual game. ``determinize`` redeals the other
seat's unseen summons and spells between its castle/spellbook and its reserves and permutes its
unseen wizards: the information set is "which of its submitted cards are in play, and where".
"""

from __future__ import annotations

from rules.bos import ai
from rules.bos.constants import END_REASONS, TURN_LIMIT, EndReason
from rules.bos.goldfish import goldfish_deck
from rules.bos.match import play_match
from rules.bos.state import BosState
from rules.core.decks import DeckList
from rules.core.engine import EngineSpec, MatchFormat, StatCounter
from rules.core.options import BOOLEAN, CHOICE, INTEGER, EngineOption, turn_limit

#: 1.1: ISMCTS searches with evaluation priors (its games differ; the rules do not).
#: 1.2: a spell's condition is checked once, before its vim is paid (issue 29.5: Mind Flood).
VERSION = "1.2"

COUNTERS = (
    StatCounter("conducted", "Summons conducted", per_card=True, description="copies put onto the battlefield"),
    StatCounter("cast", "Spells cast", per_card=True),
    StatCounter("boss", "Boss turned face-up", description="1 when the player turned its boss face-up"),
    StatCounter("bid", "Ether bid", description="the player's last bid in the bidding game"),
    StatCounter("ether_won", "Ether from the bid", description="ether gained by losing the bid"),
    StatCounter("decays", "Decays", description="times the player's life and vim were halved"),
    StatCounter("games_won", "Games won in the match",
                description="a best-of-three match: the games the player won (the other figures add up its games)"),
)

#: "Best of 3 Match" (bos.txt): first to two games, a new bid each game, reserves swapped between games
MATCH = MatchFormat("best_of_three", "Best of three", play=play_match,
                    description="Competitive matches: first to two games, a new ether bid each game, reserves "
                                "swapped between games (bos.txt, \"Best of 3 Match\").")


def new_game(decks: list[DeckList], seed: int, **options) -> BosState:
    """A new 2-player game, ready for the first decision (the bid).

    Options: ``first_player`` ("bid": the competitive ether bid, default; "rps": the casual
    rock-paper-scissors), ``max_bid`` (10), ``tie_chooser`` (the seat that decides after tied
    bids, 0), ``reserve_swaps`` (False; True between the games of a match), ``boss_revealed``
    (default: True when competitive), ``turn_limit`` (40).
    """
    if len(decks) != 2:
        raise ValueError(f"BOS is played by 2 players, got {len(decks)} decks")
    options.setdefault("turn_limit", TURN_LIMIT)
    return BosState(decks, seed, **options)


ENGINE = EngineSpec(
    game="bos", version=VERSION, new_game=new_game, evaluate=ai.evaluate, search_defaults={"eval_scale": 15.0},
    min_players=2, max_players=2, perfect_information=False, chance=False, simultaneous_moves=True, teams=False,
    end_reasons=END_REASONS, counters=COUNTERS, goldfish_opponent=goldfish_deck, match=MATCH,
    setup_options=(  # new_game's keywords (code-only: a deck run offers none yet)
        EngineOption("first_player", "First player", CHOICE, offered=False, default="bid",
                     choices=(("bid", "the competitive ether bid"), ("rps", "the casual rock-paper-scissors")),
                     help='who goes first (bos.txt, "Setup")'),
        EngineOption("max_bid", "Highest bid", INTEGER, offered=False, default=10, minimum=0,
                     help="the most ether a seat may bid"),
        EngineOption("tie_chooser", "Tie chooser", INTEGER, offered=False, default=0, minimum=0, maximum=1,
                     help="the seat that decides after tied bids"),
        EngineOption("reserve_swaps", "Reserve swaps", BOOLEAN, offered=False, default=False,
                     help="reserves may be swapped (between the games of a match)"),
        EngineOption("boss_revealed", "Boss revealed", CHOICE, offered=False, default=None,
                     choices=((None, "when competitive"), (True, "yes"), (False, "no")),
                     help="bosses are shown at the start (default: when the first player is bid for)"),
        turn_limit(TURN_LIMIT),
    ),
)

__all__ = ["COUNTERS", "ENGINE", "VERSION", "BosState", "EndReason", "new_game"]
