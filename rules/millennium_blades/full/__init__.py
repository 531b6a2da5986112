"""Millennium Blades, the whole game (issue 13): setup, three Deckbuilding Phases played in
simultaneous ticks, three tournaments played by the tournament engine between the kits the seats
built, prize support, final scoring (rulebook: shared/rulebooks/millennium-blades.txt).

Entry point: ``new_full_game(players, seed, *, pool=None, sets=None, ...)`` (``engine.py``) returns
a ``FullGameState`` following the engine protocol (``rules/core/engine.py``); ``FULL_ENGINE`` is
its ``EngineSpec`` (the tournament engine's deckless mode ``"full-game"``); ``evaluate(state,
seat)`` the greedy agent's evaluation.

Modules: ``pool.py`` (sets, cards, the fixture pool), ``setup.py`` ("GAME SETUP"), ``market.py``
(the ticks: Store, Aftermarket, Card Fusion, collection and kit moves, etiquette), ``collection.py``,
``kit.py``, ``rounds.py`` (phase setup, timers, end of deckbuilding, the tournament in and out,
prize support), ``trading.py`` ("YOUR FRIENDS": trades between players, Friendship as a
sweetener), ``friendship.py`` (characters and their Friendship cards, the 6 VP cap), ``scoring.py``
("GAME END"), ``state.py``, ``view.py``, ``agents/ai.py``; ``characters.py``, ``venues.py`` and
``powers.py`` ("Character Powers", "Pro Player Cards", "Venues": options ``characters``,
``character_names``, ``pro_players``, ``venues`` of ``new_full_game``).

Decisions
---------
Deckbuilding: every seat acts at once each tick (``current_players()`` is every seat) with one of
``wait``, ``buy_store <set>``, ``buy_aftermarket <name>``, ``sell <name>``, ``fuse <tier>``,
``collect <name>``, ``uncollect <name>``, ``kit <name>``, ``unkit <name>`` (``market.py``), and
trading: ``offer <seat> <card> <dollars>``, ``add give|take <card>``, ``sweeten``, ``ask_friendship``,
``withdraw``, ``accept <seat>``, ``decline <seat>``, ``ask_friendship <seat>``, ``counter <seat>
<card>`` (``trading.py``): equal value trades ("the total of all Star Ratings and Millennium Dollars
must be equal on both sides"), one card for dollars or one card for one card plus the dollar
difference, grown to several cards a side one ``add`` a tick (at most 4 a side, the dollars
rebalanced each time); Friendship given as a sweetener, asked of the other side in one's own offer,
or asked for in answer to an offer (then the offerer's ``sweeten`` makes the trade); no Friendship
move when ``friendship_used`` is False (Duel Mode); an offer is answered on a later tick and
lapses at the end of its timer or when its cards or money move.
Free Market Mode (``new_full_game(..., free_market=True)``, "VARIANTS & OPTIONS": "players may
make uneven trades"): offers may also name the Star Rating minus or plus 2 dollars, and no trade
is checked for equal value.
Tournament: one seat at a time, the tournament engine's actions (``rules/millennium_blades/engine.py``).

View
----
``view(seat)`` (``None``: everything), JSON-able: ``game``, ``mode`` ("full_game"), ``phase``
(deckbuilding, tournament, over), ``free_market``, ``round`` (1-3; 0 the Pre-Release Tournament),
``timer`` (1-3 in deckbuilding), ``tick`` (in the
round), ``budgets`` (ticks per timer), ``ticks_left``, ``aftermarket_open``, ``over``, ``outcome``,
``to_act``, ``store_showing`` (the set code of each of the 10 face-down cards showing: the 9 in the
Store area, then the Store deck's top), ``store_count``, ``store_discard_count``, ``aftermarket``
(``name``, ``star``, ``marker``: the seat whose Sell Marker is on it, null for a clash's card),
``fusion`` (per tier: ``cards`` left, ``size`` to fuse), ``metagame`` (the revealed Metagame cards),
``setup_notes`` (what the set-up made of a short pool; empty once the first market tick is played),
``offers`` (pending trade offers: ``by``, ``to``, ``give`` and ``take`` (card
names ``by`` gives and gets), ``pay`` and ``receive`` (dollars ``by`` pays and gets), ``friendship``
(the Friendship card's name or null), ``friendship_from`` (its giver), ``asked`` (the other seat
asked for Friendship in addition), ``made`` (the tick it was made)), ``trades`` (trades made:
``seats`` [offerer, answerer], ``cards``, ``dollars`` and
``friendship``, each [what the offerer gave, what the answerer gave], ``round``, ``tick``);
``players``: per seat
``seat``, ``starter``, ``money``, ``sell_markers``, ``fused_this_round``, ``vp`` (``tournaments``,
``collections``, ``money``, ``friendship``, ``total``, ``tournament_rounds``, ``pre_release``,
``collection_rounds``),
``binder``, ``kit``, ``collection`` (names: binders, kits and collections are on the table, public),
``character``, ``friendship_left`` (Friendship cards it may still give), ``friendship_received``
(``name``, ``from``: the giver); per seat also
``character_side`` (the Character card's side shown: ``deckbuilding`` or ``tournament``; null
when the powers are not played) and ``power`` (that side's texts); top level ``venue`` (the
revealed venue's ``name`` and ``text``, or null), ``venue_deck_count``, ``pro_players`` (round ->
the characters whose Pro Player card was given), ``store_peek`` (for a seat whose power peeks, the
names of the 10 Store cards showing; else null) (``powers.py``);
``tournament`` (the tournament engine's own view) while one is played; ``legal_actions`` for a
seat to act. Hidden (``hidden_cards``): the Store deck and the face-down Store area, whose sets
show; in a tournament, what it hides.

Rules interpretations: docs/rules-notes.md, "Millennium Blades whole game".
"""

from rules.millennium_blades.full.agents.ai import evaluate
from rules.millennium_blades.full.engine import FULL_ENGINE, new_full_game
from rules.millennium_blades.full.pool import FullPool, load_pool
from rules.millennium_blades.full.state import FullGameState

__all__ = ["FULL_ENGINE", "FullGameState", "FullPool", "evaluate", "load_pool", "new_full_game"]
