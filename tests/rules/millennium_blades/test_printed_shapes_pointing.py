"""More shapes of printed text, batch "pointing" (issue 26.2; rules/millennium_blades/phrases_pointing.py and
ops_pointing.py): the rules a card played sideways gives the card it points to (batch sideways' REFs). The
rulebook never says what "sideways" is: the cards do (docs/rules-notes.md, "MB: sideways", "MB: pointing").
Original cards in each shape, compiled, checked by the card checker and played in the tournament engine
(millennium-blades.txt sections cited per test)."""

from __future__ import annotations

from rules.millennium_blades.effects import check_card
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table

SIDEWAYS = "Play: Play this card sideways."
WARDEN = (f'{SIDEWAYS} | Ongoing: The first face-up single in your tableau that this card points at cannot be flipped '
          'face-down and gains "Score: Gain 9 RP."')


def _score(st) -> None:
    """"Ending the Tournament": every Score effect resolves; any choice takes its first option."""
    st.start_scoring()
    st.settle()
    while st.pending:
        do(st, str(st.pending["options"][0]))


def test_the_card_pointed_to_cannot_be_flipped_and_has_a_score_effect():
    """"Cannot be flipped": "a card that cannot be flipped is not a legal target for a flip effect"; the
    first face-up card the way this one points (a face-down one is passed over) is that card, and it has the
    quoted Score effect as its own ("Effects on Cards": an Ongoing effect works while its card is face-up)."""
    effects = compiles(WARDEN)
    assert effects[1]["ops"] == [
        {"op": "unflippable", "target": "pointed_face_up"},
        {"op": "grant_score", "card": "pointed_face_up", "effect": {"timing": "score", "ops": [{"op": "gain_rp", "amount": 9}]}}]
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{"op": "unflippable", "target": "left_of"}]}])
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [
        {"op": "grant_score", "card": "top", "effect": {"timing": "score", "ops": []}}]}])
    flipper = card("Gust Hand", "Play: Flip a card in an opponent's tableau.")
    st = table(kit([card("Lantern Warden", WARDEN), card("West Post"), card("Dim Post"), card("Far Post")]),
               kit([flipper, *lamps(2)]))
    place(st, 0, "Far Post", "West Post", "Dim Post", down=("Dim Post",))
    do(st, 'play "Lantern Warden"', "value left")  # passes Dim Post (face-down): West Post
    west, far, warden = ids(st, 0, "West Post", "Far Post", "Lantern Warden")
    do(st, 'play "Gust Hand"')
    offered = {st.tableau[0][o.args[1]] for o in st.pending["options"]}  # (seat, slot)
    assert offered == {far, warden}  # West Post is no legal target
    do(st, f"target 0 {st.tableau[0].index(warden)}")  # the warden face-down: its rules are gone
    assert warden in st.down
    _score(st)
    assert st.rp[0] == 0  # no Score effect granted by a face-down card


def test_the_score_effect_is_the_pointed_cards_alone():
    """The granted Score effect resolves once, for the card pointed to only ("Ending the Tournament")."""
    st = table(kit([card("Lantern Warden", WARDEN), card("West Post"), card("Far Post")]), kit(lamps(3)))
    place(st, 0, "Far Post", "West Post")
    do(st, 'play "Lantern Warden"', "value left")
    _score(st)
    assert st.rp[0] == 9
    assert [e.action for e in st.events].count("granted") == 1


PIKE = (f"{SIDEWAYS} | Ongoing: The card this card points to cannot lose a clash. Whenever you win a clash with that "
        "card, gain 7 RP.")


def test_the_card_pointed_to_cannot_lose_clashes_and_a_win_with_it_pays():
    """"Clashing": the highest total wins, "all other players are the losers"; a player clashing with the card
    pointed to is no loser (not losing is not winning: the other player still wins), and "that card" of the
    next sentence is the card pointed to (a win with it triggers; a win with another card does not)."""
    effects = compiles(PIKE)
    assert effects[1]["ops"] == [{"op": "not_lose_clashes", "card": "pointed"}]
    assert effects[2]["trigger"] == {"event": "clash_won", "with_this": "pointed"}
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{"op": "not_lose_clashes", "card": "this"}]}])
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "trigger": {"event": "clash_won", "with_this": "top"},
                                               "ops": []}])
    spar = "Play: Clash with an opponent."
    st = table(kit([card("Pike Sentry", PIKE, star=1), card("East Post", star=4)]),
               kit([card("Light Spar", spar, star=1), card("Heavy Spar", spar, star=9), *lamps(2)]), store=(1,) * 12)
    do(st, 'play "Pike Sentry"', "value right", 'play "Lamp 0"')
    do(st, 'play "East Post"')  # to the sentry's right: the card it points to, and seat 0's Top Card
    do(st, 'play "Light Spar"')  # 4 + 1 against 1 + 1: a win with East Post
    assert st.rp == [7, 0]
    assert not st.hand[0]
    do(st, "pass")  # seat 0 has no Single left to play: East Post stays its Top Card
    do(st, 'play "Heavy Spar"')  # 9 + 1 against 4 + 1: seat 1 wins, seat 0 does not lose
    (result,) = [dict(e.changes) for e in st.events if e.action == "not_lost_clash"]
    assert result == {"card": "East Post", "by": "Pike Sentry"}
    assert st.clashes_won == [1, 1] and st.rp == [7, 0]


def test_the_card_pointed_to_gives_you_no_rp_even_at_scoring():
    """"Ongoing effects keep on working continuously as long as the card is face-up" ("Effects on Cards"),
    scoring too ("This effect still works during scoring" is that reminder): a gain of RP by an effect of
    the card pointed to is none for this card's player; the other cards' gains stand."""
    text = (f"{SIDEWAYS} | Ongoing: The single this card points at can't give you ranking points. This effect still "
            "works during scoring.")
    effects = compiles(text)
    assert effects[1]["ops"] == [{"op": "gives_no_rp", "card": "pointed"}]
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{"op": "gives_no_rp", "card": "pointed",
                                                                              "amount": 2}]}])
    st = table(kit([card("Tithe Sage", text), card("Gold Post", "Score: Gain 5 RP."),
                    card("Silver Post", "Score: Gain 3 RP.")]), kit(lamps(3)))
    place(st, 0, "Gold Post", "Silver Post")
    do(st, 'play "Tithe Sage"', "value left")  # Silver Post, beside it
    _score(st)
    assert st.rp[0] == 5
    (event,) = [e for e in st.events if e.action == "rp_not_given"]
    assert st.event_to_string(event) == "Seat 0 gains no RP from Silver Post (3 asked): Tithe Sage points to it"


RIFT = ("Play: Clash with a card from the Aftermarket. If you win, put the card into an opponent's tableau and gain 2 RP. "
        "If you lose, put it into your tableau. (Its Play effects don't activate.)")


def _rift_table(star: int):
    """Seat 0 holds the clashing card; the Aftermarket holds one card with a Play effect."""
    st = table(kit([card("Rift Duelist", RIFT, star=star), *lamps(2)]),
               kit([card("Loud Relic", "Play: Gain 40 RP.", star=4), *lamps(2)]), store=(1,) * 12)
    (relic,) = ids(st, 1, "Loud Relic")
    st.hand[1].remove(relic)
    st.aftermarket.append(relic)
    return st, relic


def test_a_card_clashed_in_the_aftermarket_is_put_into_a_tableau_without_its_play_effects():
    """"Clashing" with a card of the Aftermarket ("Aftermarket Space"): won, the card goes into an opponent's
    tableau (the only opponent here), lost, into yours; either way it enters as a Single played ("Play a
    Single") whose Play effects do not activate, and it is the tableau's player's now (rules notes, "MB:
    pointing")."""
    effects = compiles(RIFT)
    clash = effects[0]["ops"][0]
    assert clash["win"][:2] == [{"op": "choose_player", "among": "opponent"},
                                {"op": "put_in_play", "card": "clashed", "who": "that_player"}]
    assert clash["lose"] == [{"op": "put_in_play", "card": "clashed"}]
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [
        {"op": "put_in_play", "card": "clashed", "who": "each"}]}])
    st, relic = _rift_table(star=6)
    do(st, 'play "Rift Duelist"')  # 6 + 1 against 4: a win
    assert relic in st.tableau[1] and st.owner[relic] == 1 and relic not in st.aftermarket
    assert st.rp == [2, 0]  # no Play effect of the relic
    st, relic = _rift_table(star=1)
    do(st, 'play "Rift Duelist"')  # 1 + 1 against 4: a loss
    assert st.tableau[0][-1] == relic and st.owner[relic] == 0 and st.rp == [0, 0]


def _shield_log(st) -> list[str]:
    return [st.event_to_string(e) for e in st.events if e.action in ("shielded", "shield_lifted")]


OATH = ("Ongoing: Whenever you clash with this card (whether you win or lose), gain 4 RP. Your Singles can't be flipped "
        "by an opponent's effects until the beginning of your next turn.")


def test_a_clash_with_this_card_protects_your_cards_until_your_next_turn():
    """"Cannot be flipped": an opponent's flip effect cannot choose a protected card; the protection begins
    with any clash made with this card (won here: "whether you win or lose" says the result does not
    matter) and ends as its player's next turn starts ("Tournament Turns")."""
    effects = compiles(OATH)
    assert [{k: v for k, v in e.items() if k != "text"} for e in effects] == [
        {"timing": "ongoing", "trigger": {"event": "clash_with", "with_this": True},
         "ops": [{"op": "gain_rp", "amount": 4}, {"op": "shield_until_next_turn"}]}]
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "shield_until_next_turn", "amount": 1}]}])
    spar = card("Spar Call", "Play: Clash with an opponent. Flip a card in an opponent's tableau.", star=1)
    st = table(kit([card("Oath Blade", OATH, star=5), card("West Post")]),
               kit([spar, card("Gust Hand", "Play: Flip a card in an opponent's tableau."), *lamps(2)]), store=(1,) * 12)
    place(st, 0, "West Post", "Oath Blade")
    do(st, "pass", 'play "Spar Call"')  # 1 + 1 against 5 + 1: seat 0 clashed with Oath Blade
    assert st.rp[0] == 4 and not st.down  # nothing of seat 0's could be flipped
    assert st.current_players() == [0]  # seat 0's turn has started: the protection is over
    assert _shield_log(st) == ["Seat 0's cards cannot be flipped by opponents' effects until Seat 0's next turn",
                               "Seat 0's cards can be flipped by opponents' effects again"]
    do(st, "pass", 'play "Gust Hand"', "target 0 0")
    assert names(st, st.down) == ["West Post"]


def test_the_card_pointed_to_cannot_be_flipped_printed_alone():
    """The same rule printed alone, by any effect or while a condition holds: batch prevention's and batch
    e's readers of "... cannot be flipped" take the subject "the card this card points to" too."""
    assert compiles("Ongoing: The single this card points to cannot be flipped.")[0]["ops"] == [
        {"op": "unflippable", "target": "pointed"}]
    assert compiles("Top: The card that this card points at cannot be flipped by any effect.")[0]["ops"] == [
        {"op": "unflippable", "target": "pointed"}]
    (op,) = compiles("Ongoing: While you have 4 or more cards in your tableau, the first face-up single in your tableau "
                     "this card points at can't be flipped.")[0]["ops"]
    assert op["target"] == "pointed_face_up" and op["while"]["value"] == 4
    st = table(kit([card("Still Warden", f"{SIDEWAYS} | Ongoing: The single this card points to cannot be flipped."),
                    card("West Post")]), kit([card("Gust Hand", "Play: Flip a card in an opponent's tableau."), *lamps(2)]))
    place(st, 0, "West Post")
    do(st, 'play "Still Warden"', "value left", 'play "Gust Hand"')
    (warden,) = ids(st, 0, "Still Warden")
    assert st.down == {warden}  # the only legal target (one option: no choice asked)
