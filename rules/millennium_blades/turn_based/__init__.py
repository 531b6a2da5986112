"""Millennium Blades' Turn-Based Mode (millennium-blades.txt, "VARIANTS & OPTIONS", "Turn-Based
Mode"): "there is only one phase, which is a combination of both tournament and deckbuilding
phases. This mode can be played by 2-5 players. Friendship is not used in this mode."

Entry point: ``new_turn_based_game(players, seed, ...)`` (``engine.py``) returns a
``TurnBasedState`` following the engine protocol (``rules/core/engine.py``); ``TURN_BASED_ENGINE``
is its ``EngineSpec`` (to be registered as the tournament engine's deckless mode ``"turn-based"``);
``evaluate`` the greedy agent's evaluation (``ai.py``).

Modules: ``setup.py`` (setup 1-5), ``table.py`` (the tournament engine's ``MBState`` kept for the
whole game: tableaux, effects, clashes, the Store and the Aftermarket), ``actions.py`` (the main
actions), ``scoring.py`` (the Score action's 7 steps), ``state.py`` (the turn, the protocol),
``view.py``, ``ai.py``, ``engine.py``.

Actions
-------
One seat acts at a time. On its turn, exactly one main action: ``buy_store``,
``buy_aftermarket <name>``, ``sell <name>``, ``fuse bronze1|bronze2|silver``,
``collect <name> <symbol>`` (an element or type word), ``play <name>``, ``deck_box <name>``,
``accessory <name>``, ``score``; before or after it at most one ``use <name>`` (an "Action:"
effect of a face-up card in its play area, then flipped); after it ``end`` while a ``use`` or an
extra ``play`` is left (otherwise the turn ends by itself). Decisions: the tournament engine's
(``accept``, ``decline``, ``target``, ``opponent``, ``pick``, ``insert``, ``react``, asked of the
seat named in ``view()["decision"]``), and in a scoring ``keep <name>`` / ``discard <name>`` (each
accessory) and ``meta elemental|type``.

View
----
``view(seat)`` (``None``: everything), JSON-able: ``game``, ``mode`` ("turn_based"), ``turn``,
``turn_seat``, ``first_player``, ``to_act``, ``main_action_done``, ``action_used``, ``over``,
``outcome``, ``store_count``, ``store_top_set`` and ``store_top_cost`` (the face-down top card's set
and price), ``store_discard_count``, ``aftermarket`` (``name``, ``star``, ``marker``: the seat whose
Sell Marker is on it, ``sold_by``), ``metagame`` (the revealed metas: ``stack`` and the card),
``meta_stacks`` (cards left), ``fusion`` (per pile: ``tier``, ``cards``, ``size``),
``set_aside_promos``, ``setup_notes`` (what the set-up made of a short pool; empty after the first turn),
``hints`` (the tournament's, docs/view-format.md), ``decision`` while one is asked, ``legal_actions`` for a seat
to act; ``players``: per seat ``seat``, ``money``, ``rp`` (this deck's), ``scores`` (RP recorded),
``total_rp``, ``scorings``, ``out``, ``sell_markers``, ``fused_this_deck``, ``turns_in_deck``,
``tableau`` (the tournament engine's card chips, slot order), ``open_slots``, ``deck_box``,
``accessories``, ``collections`` (``element``/``type``: ``symbol`` and ``cards``), ``hand_count``,
and ``hand`` (names) for the seat itself. Hidden (``hidden_cards``): the Store deck, the other
hands, the face-down piles.

Returns: each seat's total RP; placements follow (equal totals share a place). Rules
interpretations: docs/rules-notes.md, "Millennium Blades whole game", "Turn-Based Mode".
"""

from rules.millennium_blades.turn_based.ai import evaluate
from rules.millennium_blades.turn_based.engine import TURN_BASED_ENGINE, new_turn_based_game
from rules.millennium_blades.turn_based.state import TurnBasedState

__all__ = ["TURN_BASED_ENGINE", "TurnBasedState", "evaluate", "new_turn_based_game"]
