"""Continuous effects that change a gain of RP before it happens (issue 26.2,
rules/millennium_blades/replacement.py), played with original cards in the tournament engine
(millennium-blades.txt, "Effects on Cards": Ongoing and Top)."""

from __future__ import annotations

from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, do, kit, place, table

GAINER = "Play: Gain 5 RP."


def _gains(st) -> list[dict]:
    return [e.as_dict() for e in st.events if e.action == "gain_rp"]


def test_players_cannot_gain_rp_while_the_card_is_the_top_card():
    """"Top effects work as long as the card with the Top effect is the right-most face-up card in
    your tableau": "Players cannot gain RP." stops every gain, its owner's too."""
    effects, reason = compile_text("Top: Players cannot gain RP.")
    assert reason is None and effects[0]["ops"] == [{"op": "rp_gain_limit", "who": "each", "none": True}]
    drought = card("Dry Season", "Top: Players cannot gain RP.", star=4)
    st = table(kit([drought, card("Rain Cloud", star=1)]), kit([card("Well Digger", GAINER)]))
    place(st, 0, "Dry Season", "Rain Cloud")  # Rain Cloud is the right-most: Dry Season is not the Top Card
    do(st, "pass", 'play "Well Digger"')
    assert st.rp[1] == 5
    st = table(kit([drought]), kit([card("Well Digger", GAINER)]))
    place(st, 0, "Dry Season")
    do(st, "pass", 'play "Well Digger"')
    assert st.rp == [0, 0]
    assert _gains(st)[-1]["changes"] == {"amount": 0, "rp": 0} and _gains(st)[-1]["player"] == 1


def test_an_opponent_would_gain_rp_gains_fewer_and_you_gain_all():
    """"Ongoing effects keep on working continuously as long as the card is face-up in your
    tableau": "Whenever an opponent would gain RP, they gain 4 fewer RP" -- never below 0."""
    text = "Ongoing: Whenever an opponent would gain RP, they gain 4 fewer RP."
    effects, reason = compile_text(text)
    assert reason is None and effects[0]["ops"] == [{"op": "rp_gain_limit", "who": "each_opponent", "less": 4}]
    assert compile_text("Ongoing: When an opponent would gain RP, they gain no RP.")[0][0]["ops"][0]["none"]
    tax = card("Toll Keeper", text, star=2)
    st = table(kit([tax, card("Own Gainer", GAINER, star=1)]), kit([card("Well Digger", GAINER),
                                                                      card("Small Digger", "Play: Gain 3 RP.")]))
    place(st, 0, "Toll Keeper")
    do(st, 'play "Own Gainer"')
    assert st.rp[0] == 5
    do(st, 'play "Well Digger"')
    assert st.rp == [5, 1] and _gains(st)[-1]["changes"]["amount"] == 1
    do(st, "pass", 'play "Small Digger"')
    assert st.rp[1] == 1  # 3 - 4: nothing, not a loss
