"""More shapes of printed text, batch promos (issue 26.2; rules/millennium_blades/phrases_promos.py and
ops_promos.py): the Promo stacks (the Bronze, Silver and Gold piles of the Card Fusion Area) as zones a
tournament effect reaches, given to a tournament alone by the option ``promos`` and lent by the whole
game. Original cards in each shape, compiled, checked by the card checker and played in the tournament
engine (millennium-blades.txt, "GAME SETUP" 3 "Set Aside Promos", "Card Fusion"; docs/rules-notes.md,
"MB: promos")."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, kit, lamps, names, place, table

PICKER = ("Play: Discard this card to the Store Discard, pick up the top 2 cards of the Silver Promo Stack (or all "
          "that remain, if there are less than 2), play one immediately and shuffle the rest back into the stack.")


def _promo(name: str, text: str = "", star: int = 4):
    return card(name, text, star=star, elements=("water",), types=("mage",))


def _stacks(**tiers: list[str]):
    """Promo stacks of made-up cards, the last named the top."""
    return {tier: [_promo(n) for n in cards] for tier, cards in tiers.items()}


def test_a_tournament_alone_has_no_promo_stacks_unless_given():
    """"GAME SETUP" 3: the Promo sets are set aside for Card Fusion, outside a tournament; a tournament
    alone has no stacks (existing games unchanged) unless the option ``promos`` gives them, each in the
    order given, its top the last (rules notes, "MB: promos"). A gain from an empty stack gains nothing."""
    text = "Play: Gain a promo card of your choice from one of the promo stacks to your hand."
    st = table(kit([card("Empty Handed", text), *lamps(2)]), kit(lamps(3)))
    assert st.promos == {}
    do(st, 'play "Empty Handed"')
    assert names(st, st.hand[0]) == ["Lamp 0", "Lamp 1"]
    assert [dict(e.changes) for e in st.events if e.action == "promo_gained"] == [{"card": None, "tier": "any"}]
    st = table(kit(lamps(3)), kit(lamps(3)), promos=_stacks(gold=["Gilt A", "Gilt B"], bronze=["Tin A"]))
    assert list(st.promos) == ["bronze", "gold"]
    assert names(st, st.promos["gold"]) == ["Gilt A", "Gilt B"] and all(st.owner[c] == -1 for c in st.promos["gold"])


def test_pick_up_the_top_promos_play_one_and_shuffle_the_rest_back():
    """"Discard a Card": "unless another location is specified", here the Store Discard; the top 2
    cards of the Silver stack are picked up ("or all that remain": fewer if the stack is short), the
    player chooses one (a decision) and plays it at once ("Play a Single": the next open slot, its Play
    effects resolving), theirs from then on; the other goes back and the stack is shuffled."""
    effects = compiles(PICKER)
    assert effects[0]["ops"] == [{"op": "discard_in_play", "to": "store_discard",
                                  "target": {"player": "self", "pick": "this"}},
                                 {"op": "promo_pick_play", "tier": "silver", "amount": 2}]
    assert check_card("single", {"star": 2}, effects) == []
    assert check_card("single", {"star": 2}, [{"timing": "play", "ops": [{"op": "promo_pick_play", "tier": "any",
                                                                          "amount": 2}]}])
    promos = {"silver": [_promo("Argent Low"), _promo("Argent Mid"), _promo("Argent Top", "Play: Gain 6 RP.")]}
    st = table(kit([card("Fusion Diver", PICKER), *lamps(2)]), kit(lamps(3)), promos=promos)
    do(st, 'play "Fusion Diver"')
    assert sorted(a.args[0] for a in st.pending["options"]) == ["Argent Mid", "Argent Top"]  # the bottom one unseen
    do(st, 'value "Argent Top"')
    (played,) = st.tableau[0]
    assert names(st, [played]) == ["Argent Top"] and st.owner[played] == 0 and st.rp[0] == 6
    assert names(st, st.store_discard) == ["Fusion Diver"]
    assert sorted(names(st, st.promos["silver"])) == ["Argent Low", "Argent Mid"]
    # one card left: it is all that remains, played with no choice to make
    st = table(kit([card("Fusion Diver", PICKER), *lamps(2)]), kit(lamps(3)), promos={"silver": [_promo("Argent Solo")]})
    do(st, 'play "Fusion Diver"')
    assert names(st, st.tableau[0]) == ["Argent Solo"] and st.promos["silver"] == []


def test_the_remain_parenthetical_is_read_only_with_its_own_number():
    """A parenthetical not known stops the card ("MB: printed parentheses"): "(or all that remain ...)"
    is read after "the top N cards of" a Promo stack with the same N, and nowhere else."""
    text = PICKER.replace("less than 2", "less than 4")
    effects, reason = compile_text(text)
    assert effects is None and "or all that remain" in reason


def test_gain_a_random_promo_of_a_tier_to_the_hand():
    """A Promo gained "randomly" from the Bronze stack: a card of that stack at random (the game's RNG),
    to the hand, the player's now; the stack empty, nothing is gained and the rest of the effect
    happens."""
    text = "Action: Randomly gain a BRONZE PROMO from the BRONZE PROMO stack to your hand and gain 4 RP."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "promo_gain", "tier": "bronze", "how": "random"}, {"op": "gain_rp", "amount": 4}]
    st = table(kit([card("Lucky Dip", text), *lamps(2)]), kit(lamps(3)),
               promos=_stacks(bronze=["Tin A", "Tin B", "Tin C"], silver=["Argent A"]))
    place(st, 0, "Lucky Dip")
    do(st, 'use "Lucky Dip"')
    (gained,) = [c for c in st.hand[0] if st.cards[c].name.startswith("Tin")]
    assert st.owner[gained] == 0 and len(st.promos["bronze"]) == 2 and len(st.promos["silver"]) == 1
    assert st.rp[0] == 4
    changes = next(dict(e.changes) for e in st.events if e.action == "promo_gained")
    assert changes == {"card": st.cards[gained].name, "tier": "bronze"}


def test_the_clash_winner_gains_a_promo_of_their_choice_from_any_stack():
    """"Clashing": the winner's effect; "a promo card of their choice from one of the promo stacks":
    the winner looks through the stacks and takes the card they choose into their hand."""
    text = ("Play: Clash with an opponent. The winner gains a promo card of their choice from one of the promo decks "
            "into their hand.")
    effects = compiles(text)
    assert effects[0]["ops"][0]["winner"] == [{"op": "promo_gain", "tier": "any", "how": "choice"}]
    st = table(kit([card("Trophy Bout", text, star=7), *lamps(2)]), kit([card("Small Fry", star=1), *lamps(2)]),
               promos=_stacks(bronze=["Tin A"], gold=["Gilt A", "Gilt B"]))
    place(st, 1, "Small Fry")
    do(st, 'play "Trophy Bout"')
    assert sorted(a.args[0] for a in st.pending["options"]) == ["Gilt A", "Gilt B", "Tin A"]
    do(st, 'value "Gilt A"')
    assert "Gilt A" in names(st, st.hand[0]) and names(st, st.promos["gold"]) == ["Gilt B"]


def test_a_promo_of_your_choice_for_every_step_of_rp():
    """"Gain any PROMO from any PROMO deck for every N RP you have": one gain for each whole N RP
    (batch j's repeat over a count), each of the player's choice among the cards still in the stacks."""
    text = "Action: Gain any PROMO from any PROMO deck for every 40 RP you have."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "repeat", "per": {"count": "rp_steps", "every": 40},
                                  "ops": [{"op": "promo_gain", "tier": "any", "how": "choice"}]}]
    st = table(kit([card("Collector's Due", text), *lamps(2)]), kit(lamps(3)),
               promos=_stacks(silver=["Argent A", "Argent B"], gold=["Gilt A"]))
    place(st, 0, "Collector's Due")
    st.rp[0] = 95
    do(st, 'use "Collector\'s Due"', 'value "Gilt A"', 'value "Argent B"')
    assert {"Gilt A", "Argent B"} <= set(names(st, st.hand[0]))
    assert names(st, st.promos["silver"]) == ["Argent A"] and st.promos["gold"] == []


def test_play_the_top_card_of_a_chosen_promo_stack_and_put_a_sell_marker_on_it():
    """"Play the top card of any Promo stack": the player chooses a stack that has a card (a decision),
    its top card is played at once into the next open slot (its Play effects resolve) and is theirs;
    "put a Sell Marker on it" is batch market_zones' marker on the card just played."""
    text = "Play: Play the top card of any Promo deck, then put a Sell Marker on it. Discard this card."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "promo_play_top", "tier": "any"}, {"op": "sell_marker"},
                                 {"op": "discard_self"}]
    st = table(kit([card("Blind Unboxing", text), *lamps(2)]), kit(lamps(3)),
               promos={"bronze": [_promo("Tin A")], "gold": [_promo("Gilt A"), _promo("Gilt Top", "Play: Gain 3 RP.")]})
    markers = st.markers_left[0]
    do(st, 'play "Blind Unboxing"')
    assert st.pending["options"] == [Action("value", ("bronze",)), Action("value", ("gold",))]
    do(st, 'value "gold"')
    (played,) = st.tableau[0]
    assert names(st, [played]) == ["Gilt Top"] and st.owner[played] == 0 and st.rp[0] == 3
    assert st.sell_marked == {played: 1} and st.markers_left[0] == markers - 1
    assert names(st, st.binder[0]) == ["Blind Unboxing"] and names(st, st.promos["gold"]) == ["Gilt A"]


def test_the_card_checker_refuses_a_stack_that_is_no_tier():
    """The card checker: a Promo stack is bronze, silver or gold ("any" where the player may choose);
    a gain says how its card is picked."""
    bad = [{"timing": "play", "ops": [{"op": "promo_gain", "tier": "platinum", "how": "random"}]}]
    assert check_card("single", {"star": 3}, bad)
    bad = [{"timing": "play", "ops": [{"op": "promo_gain", "tier": "gold", "how": "best"}]}]
    assert check_card("single", {"star": 3}, bad)
    good = [{"timing": "play", "ops": [{"op": "promo_play_top", "tier": "silver"}]}]
    assert check_card("single", {"star": 3}, good) == []


def _reaching(state, text: str, kind: str = "expansion") -> int:
    """The Store's bottom card made an original card whose effects (compiled from ``text``) reach a
    Promo stack or a set outside the game; its id."""
    from rules.core.decks import CardSpec
    from rules.millennium_blades.full.pool import Card

    effects = compiles(text)
    spec = CardSpec(None, "Prize Digger", "single", {"star": 2, "elements": ["fire"], "types": ["soldier"]},
                    tuple(effects), "TEST", "", text)
    bottom = state.store[0]
    state.cards[bottom] = Card.of(spec, kind)
    return bottom


def _to_tournament(state):
    while state.tournament is None:
        state.apply_joint_checked({s: Action("wait") for s in range(state.num_players)})
    return state.tournament


def _finish_tournament(state) -> None:
    while state.tournament is not None:
        (seat,) = state.current_players()
        state.apply_checked(state.legal_actions(seat)[0], seat)


def test_the_whole_game_lends_its_fusion_piles_and_takes_back_what_is_left():
    """"GAME SETUP" 3: one set of each kind is in the Card Fusion Area; a tournament effect reaching a
    Promo stack reaches those piles, so the whole game lends them to the tournament (in their order)
    when a card of the tournament reaches them, and takes back what is left; a Promo an effect gave a
    player is theirs ("Ending the Tournament" 4: "place all cards into their owners' binders"). Cards
    are conserved. Without such a card nothing is lent (a tournament as before)."""
    from rules.millennium_blades.full import new_full_game
    from tests.rules.millennium_blades.full.test_consistency import conserved

    plain = new_full_game(3, 5)
    assert _to_tournament(plain).promos == {} and any(plain.fusion.values())
    state = new_full_game(3, 5)
    _reaching(state, "Play: Gain a promo card of your choice from one of the promo stacks to your hand.")
    piles = {tier: list(pile) for tier, pile in state.fusion.items() if pile}
    inner = _to_tournament(state)  # (fusions need cards and a choice: waiting makes none)
    assert not any(state.fusion.values())
    assert {tier: [state.lent[c] for c in pile] for tier, pile in inner.promos.items()} == piles
    tier = next(iter(piles))
    top = inner.promos[tier].pop()  # as promo_gain does
    inner.owner[top] = 0
    inner.hand[0].append(top)
    conserved(state)
    _finish_tournament(state)
    assert piles[tier][-1] in state.binder[0] or piles[tier][-1] in state.kit[0]
    assert state.fusion[tier] == piles[tier][:-1]
    conserved(state)


def test_the_whole_game_keeps_the_sets_it_does_not_use_outside_the_game_and_lends_them():
    """"GAME SETUP" 2: the sets not chosen stay in the box, outside the game. When a card of the game
    reaches them they are registered at setup (every physical card), lent to a tournament whose cards
    reach them, and what is left goes back; a card gained is its player's. Cards are conserved."""
    from rules.millennium_blades.full import new_full_game
    from rules.millennium_blades.full.pool import load_pool
    from rules.millennium_blades.full.setup import register_outside
    from tests.rules.millennium_blades.full.test_consistency import conserved

    pool = load_pool()
    store_sets = ["MB-CORE", "MB-EX1", "MB-PR1", "MB-MS1"]
    plain = new_full_game(3, 5, sets=store_sets)
    assert plain.outside_box == {}  # no card of the game reaches them: nothing more registered
    state = new_full_game(3, 5, sets=store_sets)
    _reaching(state, "Play: Gain 2 cards at random from a SET of your choice from the box to your hand.")
    used = {*state.store_sets, *state.fusion_sets.values(), *state.prize_sets.values(), *state.starters}
    register_outside(state, pool, used)
    assert set(state.outside_box) == {"MB-EX2", "MB-EX3", "MB-EX4", "MB-PR2", "MB-MS2"}
    assert all(state.cards[c].set_code == code for code, ids in state.outside_box.items() for c in ids)
    conserved(state)
    box = {code: list(ids) for code, ids in state.outside_box.items()}
    inner = _to_tournament(state)
    assert {code: [state.lent[c] for c in ids] for code, ids in inner.outside.items()} == box
    assert inner.outside_sets["MB-EX2"][0] == "expansion"
    gained = inner.outside["MB-EX2"].pop()
    inner.owner[gained] = 1
    inner.hand[1].append(gained)
    _finish_tournament(state)
    assert state.lent == [] and state.outside_box["MB-EX2"] == box["MB-EX2"][:-1]
    assert box["MB-EX2"][-1] in state.binder[1]
    conserved(state)


def test_reveal_the_top_promo_of_a_chosen_stack_then_play_it_and_keep_it():
    """"If you did": the reveal found a card. The player chooses a stack that has a card; its top card
    is shown to all and stays on top; this card leaves the game ("Infinite Loops": to the box), the
    revealed Promo is played at once (its Play effects resolve) and is the player's, to their binder
    after the tournament ("Ending the Tournament" 4; rules notes, "MB: promos"). No Promo anywhere:
    nothing revealed, this card stays."""
    text = ("Play: Reveal the top card of one of the Promo piles. If you did, remove this card from the game, then play "
            "the revealed card. That card becomes yours and goes to your binder after the Tournament.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "promo_reveal_top", "tier": "any"},
                                 {"op": "if", "condition": {"test": "did"},
                                  "then": [{"op": "remove_self"}, {"op": "promo_play_revealed"}]},
                                 {"op": "promo_yours"}]
    st = table(kit([card("Lost Parcel", text), *lamps(2)]), kit(lamps(3)),
               promos={"silver": [_promo("Argent A"), _promo("Argent Top", "Play: Gain 5 RP.")]})
    do(st, 'play "Lost Parcel"')  # one stack has cards: no choice to make
    (played,) = st.tableau[0]
    assert names(st, [played]) == ["Argent Top"] and st.owner[played] == 0 and st.rp[0] == 5
    assert names(st, st.removed[0]) == ["Lost Parcel"] and names(st, st.promos["silver"]) == ["Argent A"]
    revealed = [dict(e.changes) for e in st.events if e.action == "promo_revealed"]
    assert revealed == [{"card": "Argent Top", "tier": "silver"}]
    st = table(kit([card("Lost Parcel", text), *lamps(2)]), kit(lamps(3)))
    do(st, 'play "Lost Parcel"')
    assert names(st, st.tableau[0]) == ["Lost Parcel"] and st.removed[0] == []
    # "the card you revealed" with no Promo revealed before it is not this shape
    assert "the revealed card" in compile_text("Play: Gain 2 RP. If you did, play the revealed card.")[1]


def test_a_card_that_counts_as_having_a_word_in_its_name():
    """A rule of the card with no timing word ("Effects on Cards": printed rules of a card hold
    wherever it is): it counts as having the word in its name, so a card looking for that word in a
    name finds it (batch l's FILTER ``name_has``); face-down, a card has no name."""
    text = 'This card counts as having "Gizmo" in its name. | Play: Gain 1 RP.'
    effects = compiles(text)
    assert effects[0] == {"timing": "ongoing", "ops": [{"op": "name_word", "word": "gizmo"}],
                          "text": 'This card counts as having "Gizmo" in its name.'}
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{"op": "name_word", "word": ""}]}])
    counter = 'Play: Gain 3 RP for each card in your tableau with "Gizmo" in its name.'
    st = table(kit([card("Tinker Tom", text), card("Gizmo Fan", counter), card("Plain Jane"), *lamps(1)]),
               kit(lamps(3)))
    place(st, 0, "Tinker Tom", "Plain Jane")
    do(st, 'play "Gizmo Fan"')
    assert st.rp[0] == 3 * 2  # Tinker Tom counts, and the Gizmo Fan itself by its printed name
    st = table(kit([card("Tinker Tom", text), card("Gizmo Fan", counter), *lamps(2)]), kit(lamps(3)))
    place(st, 0, "Tinker Tom", down=("Tinker Tom",))
    do(st, 'play "Gizmo Fan"')
    assert st.rp[0] == 3


def _outside(*sets: tuple[str, str, str, list]) -> list[dict]:
    """Sets outside the game: (code, kind, name, cards)."""
    return [{"code": code, "kind": kind, "name": name, "cards": cards} for code, kind, name, cards in sets]


def test_a_random_promo_set_from_outside_the_game_drafted_clockwise_the_rest_to_the_aftermarket():
    """"GAME SETUP" 3: five Promo sets are chosen, the others stay in the box, outside the game (the
    option ``outside``; rules notes, "MB: promos"). One Silver Promo set outside the game is selected
    at random; "Tournament Turns": clockwise is seat + 1, so each player from this card's player on
    takes a Single of it of their choice to their hand; what is left goes into the Aftermarket."""
    text = ("Play: Randomly select a Silver Promo set from outside the game. Starting with you and moving left, every "
            "player chooses one Single from that set and puts it into their hand. Put the rest of that set into the "
            "Aftermarket.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "outside_select_set", "kind": "silver_promo"},
                                 {"op": "clockwise", "ops": [{"op": "outside_take_from_set",
                                                              "filter": {"kind": "single"}}]},
                                 {"op": "outside_rest_to_aftermarket"}]
    box = card("Velvet Box", kind="deck_box")
    outside = _outside(("TS1", "silver_promo", "Test Silver Set", [_promo("Argent A"), _promo("Argent B"),
                                                                   _promo("Argent C"), box]),
                       ("TB1", "bronze_promo", "Test Bronze Set", [_promo("Tin A")]))
    st = table(kit([card("Prize Wheel", text), *lamps(2)]), kit(lamps(3)), outside=outside)
    do(st, 'play "Prize Wheel"')
    assert sorted(a.args[0] for a in st.pending["options"]) == ["Argent A", "Argent B", "Argent C"]  # no Deck Box
    assert st.current_players() == [0]
    do(st, 'value "Argent B"')
    assert st.current_players() == [1]
    do(st, 'value "Argent C"')
    assert "Argent B" in names(st, st.hand[0]) and "Argent C" in names(st, st.hand[1])
    assert all(st.owner[c] == s for s in (0, 1) for c in st.hand[s])
    assert sorted(names(st, st.aftermarket)) == ["Argent A", "Velvet Box"] and st.outside["TS1"] == []
    assert names(st, st.outside["TB1"]) == ["Tin A"]  # the other kind is not selected
    st = table(kit([card("Prize Wheel", text), *lamps(2)]), kit(lamps(3)))  # nothing outside the game
    do(st, 'play "Prize Wheel"')
    assert st.aftermarket == [] and names(st, st.hand[0]) == ["Lamp 0", "Lamp 1"]


def test_cards_gained_from_a_set_outside_the_game():
    """"From the box" / "outside the game": the sets not in this game. Cards at random from a set of the
    player's choice (a decision, then the game's RNG), as many as it has; a card of the player's choice
    from the sets whose name holds a word."""
    text = "Flip: Gain 2 cards at random from a SET of your choice from the box to your hand."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "outside_gain", "amount": 2, "how": "random", "set": "choice"}]
    outside = _outside(("OX1", "expansion", "Odd Expansion", [_promo("Odd A"), _promo("Odd B"), _promo("Odd C")]),
                       ("PX1", "expansion", "Patron Pack", [_promo("Patron A")]))
    st = table(kit([card("Grab Bag", "Action: Gain 2 cards at random from a SET of your choice from the box to "
                                     "your hand."), *lamps(2)]), kit(lamps(3)), outside=outside)
    place(st, 0, "Grab Bag")
    do(st, 'use "Grab Bag"', 'value "OX1"')
    gained = [n for n in names(st, st.hand[0]) if n.startswith("Odd")]
    assert len(gained) == 2 and len(st.outside["OX1"]) == 1
    text = ("Play: Discard this card to the Store Discard, then gain a card of your choice from a SET outside the "
            "game with \"Patron\" in its name to your hand.")
    assert compiles(text)[0]["ops"][1] == {"op": "outside_gain", "amount": 1, "how": "choice", "set": "any",
                                           "word": "patron"}
    st = table(kit([card("Fan Mail", text), *lamps(2)]), kit(lamps(3)), outside=outside)
    do(st, 'play "Fan Mail"')  # one card in the only set that fits: no choice
    assert "Patron A" in names(st, st.hand[0]) and names(st, st.store_discard) == ["Fan Mail"]
    assert st.outside["PX1"] == [] and len(st.outside["OX1"]) == 3


def test_aftermarket_cards_discarded_for_a_promo_of_that_fusion_cost():
    """"Card Fusion": "5 cards for Bronze, 7 for Silver, and 9 for Gold", the fusion cost. The player
    chooses a tier the Aftermarket can pay (or none), then the cards, which go to the Store Discard;
    the stack's top card comes to the hand (as a fusion takes one); "the remaining cards" are those
    left in the Aftermarket (rules notes, "MB: promos")."""
    text = ("Play: Discard cards from the Aftermarket to gain a Promo card into your hand whose fusion cost equals "
            "the number of cards discarded. Gain RP equal to the combined STAR ratings of the remaining cards in "
            "the Aftermarket.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "promo_fuse_aftermarket"},
                                 {"op": "gain_rp", "amount": 1, "per": {"count": "stars", "zone": "aftermarket"}}]
    st = table(kit([card("Scrap Smith", text), *lamps(2)]), kit(lamps(3)), store=(1, 1, 1, 1, 2, 2, 3, 3, 3),
               promos=_stacks(bronze=["Tin A", "Tin Top"], silver=["Argent A"], gold=["Gilt A"]))
    st.aftermarket, st.store = st.store[:], []  # nine Store cards in the Aftermarket (the last is card 0)
    do(st, 'play "Scrap Smith"')
    assert sorted(a.args[0] for a in st.pending["options"]) == ["bronze", "gold", "none", "silver"]
    do(st, 'value "bronze"')
    for name in ("Store card 0", "Store card 1", "Store card 2", "Store card 3", "Store card 6"):
        do(st, f'value "{name}"')
    assert "Tin Top" in names(st, st.hand[0]) and names(st, st.promos["bronze"]) == ["Tin A"]
    assert sorted(names(st, st.store_discard)) == ["Store card 0", "Store card 1", "Store card 2", "Store card 3",
                                                   "Store card 6"]
    assert st.rp[0] == 2 + 2 + 3 + 3  # the four left
    st = table(kit([card("Scrap Smith", text), *lamps(2)]), kit(lamps(3)), store=(4, 4),
               promos=_stacks(bronze=["Tin A"]))
    st.aftermarket, st.store = st.store[:], []  # two cards: no fusion cost they can pay
    do(st, 'play "Scrap Smith"')
    assert st.rp[0] == 8 and names(st, st.promos["bronze"]) == ["Tin A"]


def test_a_sampled_world_does_not_know_the_order_of_a_promo_stack():
    """"Set Aside Promos": the stacks are face-down piles, their order hidden; a world sampled for a
    player's search (``determinize``) holds the same cards in each stack, in an order of its own."""
    import random

    st = table(kit(lamps(3)), kit(lamps(3)), promos=_stacks(gold=[f"Gilt {i}" for i in range(12)]))
    orders = {tuple(st.determinize(0, random.Random(seed)).promos["gold"]) for seed in range(4)}
    assert all(sorted(order) == sorted(st.promos["gold"]) for order in orders)
    assert len(orders) > 1
