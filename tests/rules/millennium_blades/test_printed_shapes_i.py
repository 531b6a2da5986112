"""Clash shapes of printed text, batch i (issue 26.2; rules/millennium_blades/phrases_more_i.py and
ops_more_i.py): result sentences in other words, clash totals changed, players considered to win or
to lose a clash. Original cards in each shape, compiled and played in the tournament engine
(millennium-blades.txt, "Clashing", "Reaction"; docs/rules-notes.md, "MB: batch i, clash shapes")."""

from __future__ import annotations

from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, names, place, table

BRAWL = "Play: Clash with an opponent. The winner gains 10 RP."


def _clash_totals(st) -> list[int]:
    clash = next(e.as_dict()["changes"] for e in st.events if e.action == "clash")
    return clash["totals"]


def test_a_result_sentence_in_other_words():
    """"Clashing": the players "who did not win" are the losers (and, in a tie, everyone); a
    result joined to the clash by "and" is its own sentence; the winner's second verb is theirs."""
    flop = "Play: All players clash. Each player that did not win loses 4 RP."
    assert compiles(flop)[0]["ops"][1] == {"op": "for_clash_players", "players": "non_winners", "as": "self",
                                           "ops": [{"op": "lose_rp", "amount": 4}]}
    joined = "Play: Clash with an opponent, and the winner gains 6 RP and and flips the lowest STAR card in their tableau."
    clash = compiles(joined)[0]["ops"][0]
    assert clash["winner"] == [{"op": "gain_rp", "amount": 6},
                               {"op": "flip", "target": {"player": "self", "pick": "lowest", "chooser": "owner"}}]
    st = table(kit([card("Grim Bell", flop, star=2)]), kit([card("Iron Wall", star=7)]), store=(1, 1, 1))
    place(st, 1, "Iron Wall")
    st.rp = [10, 10]
    do(st, 'play "Grim Bell"')  # 2 + 1 against 7 + 1: seat 0 did not win
    assert st.rp == [6, 10]


def test_an_action_that_keeps_its_card_and_removes_a_token_instead():
    """"Use an Action": the card is flipped after its text, unless the text says what happens in
    place of the flip (here a +1 STAR Token taken off it)."""
    text = ("Action: If there are at least 3 +1 STAR Tokens on this card, clash with a player, and the winner gains "
            "9 RP. After you use this Action, remove a +1 STAR Token from this card instead of flipping it.")
    ops = compiles(text)[0]["ops"]
    assert ops[0]["then"][0]["winner"] == [{"op": "gain_rp", "amount": 9}]
    assert [o["op"] for o in ops[1:]] == ["remove_tokens", "keep_source"]


def test_your_clash_total_changed_by_your_cards_and_by_the_clash():
    """"Clashing": a total is the Star Rating of the card used plus the card revealed; "+N when
    clashing" adds to it, "considered an N-STAR when clashing" replaces the card's Star Rating in
    it, and "During this clash, your Top card has -N STAR" counts for that clash only."""
    charm = card("Lucky Charm", "Ongoing: You have +2 when clashing.", star=1)
    flag = card("War Flag", "Top: Whenever you clash, you have +1 for each WATER card in your tableau.", star=2,
                 elements=("water",))
    st = table(kit([card("Bold Duel", BRAWL, star=1)]), kit([charm, flag]), store=(1, 1, 1))
    place(st, 1, "Lucky Charm", "War Flag")
    do(st, 'play "Bold Duel"')
    assert _clash_totals(st) == [1 + 1, 2 + 1 + 2 + 1]
    giant = "This card is considered a 9-STAR when clashing."
    assert compiles(giant) == [{"timing": "ongoing", "ops": [{"op": "clash_star_as", "value": 9}], "text": giant}]
    st = table(kit([card("Small Titan", f"{giant} | {BRAWL}", star=2)]), kit([card("Stone Guard", star=6)]),
               store=(1, 1, 1))
    place(st, 1, "Stone Guard")
    do(st, 'play "Small Titan"')
    assert _clash_totals(st) == [9 + 1, 6 + 1] and st.rp[0] == 10
    handicap = "Play: Clash with an opponent. During this clash, your Top card has -4 STAR. If you win, gain 30 RP."
    assert compiles(handicap)[0]["ops"][0]["self_star"] == -4
    st = table(kit([card("Sand Bag", handicap, star=8)]), kit([card("Stone Guard", star=6)]), store=(1, 1, 1))
    place(st, 1, "Stone Guard")
    do(st, 'play "Sand Bag"')
    assert _clash_totals(st) == [8 - 4 + 1, 6 + 1] and st.rp[0] == 0  # the 8 STAR card loses this one


def test_considered_to_win_all_clashes():
    """"You are considered to win all clashes": you win each clash you are in; the other result
    stands, so the player whose total is highest wins too (rules notes, batch i)."""
    text = "Ongoing: You are always considered to win every clash (others may win as well)."
    assert compiles(text)[0]["ops"] == [{"op": "win_clashes"}]
    st = table(kit([card("Big Ox", BRAWL, star=8)]), kit([card("Sure Bet", text, star=1)]), store=(1, 1, 1))
    place(st, 1, "Sure Bet")
    do(st, 'play "Big Ox"')  # 8 + 1 against 1 + 1: both are winners
    assert st.clashes_won == [1, 1] and st.rp == [10, 10]  # each winner gains
    assert any(e.action == "considered_winner" and e.player == 1 for e in st.events)


def test_when_you_would_win_a_clash_you_lose_it_instead():
    """"Reaction": when you would win a clash, you may use it (its card flipped) to be considered
    the loser instead, and gain RP; the winner's result is not given (rules notes, batch i)."""
    text = "Reaction: When you would win a clash, you are considered to lose that clash instead and gain 12 RP."
    effect = compiles(text)[0]
    assert effect["trigger"] == {"event": "would_win_clash", "by": "self"}
    assert effect["ops"] == [{"op": "considered_to_lose"}, {"op": "gain_rp", "amount": 12}]
    st = table(kit([card("Lowly Monk", text, star=1), card("Proud Fist", BRAWL, star=7)]), kit([card("Weak Reed", star=1)]),
               store=(1, 1, 1))
    place(st, 0, "Lowly Monk")
    place(st, 1, "Weak Reed")
    do(st, 'play "Proud Fist"', 'react "Lowly Monk"')  # 7 + 1 against 1 + 1: seat 0 would win
    assert st.rp == [12, 0] and st.clashes_won == [0, 0] and "Lowly Monk" in names(st, st.down)


def test_when_an_opponent_would_win_a_clash_they_lose_it_instead():
    """"Reaction": another player who would win a clash is considered to lose it; the other
    losers still lose, so there may be no winner (rules notes, batch i)."""
    text = "Reaction: When any opponent would win a clash, that player is considered to lose the clash instead."
    assert compiles(text)[0]["trigger"] == {"event": "would_win_clash", "by": "opponent"}
    assert compile_text("Reaction: When you would win a clash, they are considered to lose instead.")[0] is None
    st = table(kit([card("Loud Duel", BRAWL, star=7)]), kit([card("Hex Mirror", text, star=1)]), store=(1, 1, 1))
    place(st, 1, "Hex Mirror")
    mirror = ids(st, 1, "Hex Mirror")[0]
    do(st, 'play "Loud Duel"')  # 7 + 1 against 1 + 1: seat 0 would win
    assert st.current_players() == [1]
    do(st, 'react "Hex Mirror"')
    assert st.rp == [0, 0] and st.clashes_won == [0, 0] and mirror in st.down
    assert [e.player for e in st.events if e.action == "considered_loser"] == [0]
