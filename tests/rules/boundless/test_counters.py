"""The counters (``ENGINE.counters``, ``BoundlessState.counters``): what "drawn" and "played"
count, and the mulligans (docs/rules-notes.md, Boundless engine, "Card statistics: drawn and
played").

- drawn: a copy entered its owner's hand from the main deck (opening hand, draw, search) or,
  for a spirit, from the spirit deck (invoke); after a mulligan the put-back cards stop counting
  and the cards drawn back count.
- played: a copy was put into play (form played, command activated or set, spirit used to
  spiritualize), each copy at most once; more played than drawn only for copies that reached
  play without being drawn (a form played from the drop zone).
"""

from __future__ import annotations

import random
from collections import Counter

from rules.boundless.engine import ENGINE, new_game

from .helpers import Board, act, counters_of, kind, names, play_kind, sample_deck, sample_decks

stats_of = counters_of


def test_before_you_start__the_opening_hand_counts_as_drawn():
    s = new_game([sample_deck("emerald-vanguard"), sample_deck("akumaiden-onslaught")], seed=3)
    for p in (0, 1):
        assert stats_of(s, p)["drawn"] == dict(Counter(names(s, s.hand[p])))
        assert sum(stats_of(s, p)["drawn"].values()) == 5 and stats_of(s, p)["played"] == {}


def test_before_you_start__mulligan_put_back_cards_stop_counting_and_redrawn_ones_count():
    """"MULLIGAN": the put-back cards return to the deck; drawn = the hand after the mulligan."""
    s = new_game([sample_deck("emerald-vanguard"), sample_deck("akumaiden-onslaught")], seed=3)
    act(s, "mulligan " + " ".join(str(k) for k in sorted(s.card_defs[c].kind for c in s.hand[0][:3])))  # put back 3
    assert stats_of(s, 0)["put_back"] == 3 and stats_of(s, 0)["mulligans"] == 1
    assert stats_of(s, 0)["drawn"] == dict(Counter(names(s, s.hand[0])))
    assert sum(stats_of(s, 0)["drawn"].values()) == 5


def test_the_invoke_step__an_invoked_spirit_counts_as_drawn():
    b = Board()
    s = b.s
    spirit = b.take(0, "Boost Spirit")
    s.spirit_deck[0].append(spirit)  # the top of the spirit deck
    s.invoke(0, 1)
    assert stats_of(s, 0)["drawn"] == {"Boost Spirit": 1}


def test_counters__each_copy_counts_once_played_from_hand_or_drop_zone():
    """A form played, returned to the hand and played again is one copy played; a spirit used to
    spiritualize is played; a command set face-down is played; a Mosslit Pebbler played from the
    drop zone (never drawn) makes played exceed drawn."""
    b = Board(savior0="Sylvara, Emerald Warden")
    s = b.s
    for name in ("Stonewall Refusal", "Call of the Grove", "Mosslit Pebbler"):
        s.main_deck[0].append(b.take(0, name))  # stacked on top: drawn in reverse order
    s.spirit_deck[0].append(b.take(0, "Boost Spirit"))
    s.draw(0, 3)
    s.invoke(0, 1)
    b.form(0, "Pebbleheart Sentry", slot=0)
    in_drop = b.drop(0, "Mosslit Pebbler")[0]
    s = b.done()
    act(s, play_kind(s, "play", "Mosslit Pebbler"))
    pebbler = s.forms[0][1]
    act(s, play_kind(s, "spirit", "Boost Spirit", 0))
    act(s, play_kind(s, "set", "Stonewall Refusal"))
    s.return_to_hand(pebbler)
    act(s, play_kind(s, "play", "Mosslit Pebbler"))  # the same copy again
    stats = stats_of(s, 0)
    assert stats["drawn"] == {"Mosslit Pebbler": 1, "Call of the Grove": 1, "Stonewall Refusal": 1, "Boost Spirit": 1}
    assert stats["played"] == {"Mosslit Pebbler": 1, "Boost Spirit": 1, "Stonewall Refusal": 1}
    # [INDEPENDENT] from the drop zone: discard 1 (Call of the Grove), play this card
    act(s, f"use drop {kind(s, 'Mosslit Pebbler')} 0")
    assert in_drop in s.forms[0]
    stats = stats_of(s, 0)
    assert stats["played"]["Mosslit Pebbler"] == 2 > stats["drawn"]["Mosslit Pebbler"] == 1
    assert "Call of the Grove" not in stats["played"]  # discarded, not played


def test_counters__played_never_exceeds_drawn_except_from_the_drop_zone_or_void():
    """Over whole random games: per card, played <= drawn + copies that reached play from the
    drop zone or (spirits) the void, and neither exceeds the copies in the deck."""
    for number, deck in enumerate(sample_decks()):
        state = ENGINE.start([deck, deck], seed=40 + number)
        rng = random.Random(number)
        while not state.is_over:
            p = state.current_players()[0]
            state.apply(rng.choice(state.legal_actions(p)), p)
        copies = Counter(names(state, range(len(state.card_defs))))
        for p in (0, 1):
            stats = state.counters()[p]
            for name, n in stats["played"].items():
                assert n <= copies[name] // 2
                if n > stats["drawn"].get(name, 0):
                    assert name == "Mosslit Pebbler" or state.catalogue[kind(state, name)].ctype == "spirit"
            for name, n in stats["drawn"].items():
                assert n <= copies[name] // 2
