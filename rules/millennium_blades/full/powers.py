"""Character Powers, Pro Player Cards and Venues in the whole game (millennium-blades.txt, "GAME
SETUP" 5 and "Playing without Characters"; "VARIANTS & OPTIONS": "Character Powers", "Pro Player
Cards", "Venues").

Options of ``new_full_game`` (``configure``):

- ``characters``: ``"none"`` (default, "Playing without Characters": "players should still pick a
  character, but ignore their character's Deckbuilding and Tournament powers") or ``"powers"``
  ("show the relevant side during each phase": the Deckbuilding side in the Deckbuilding Phase,
  the Tournament side in the tournament; not in the Pre-Release Tournament: "character powers are
  not used");
- ``character_names``: each seat's character by name ("a Character Card, either randomly or of
  their choice"); default: dealt at random;
- ``pro_players``: "Pro Player Cards" (needs ``characters="powers"``: "When playing with
  characters, you can introduce Pro Player Cards");
- ``venues``: the Venue Deck.

Card data: ``characters.py`` (six characters and their Pro Player cards), ``venues.py`` (ten
venues); their effects are checked by the card checker (``effects.check_sided_effect``).

How the sides run. A Deckbuilding side's rules (``effects.DECKBUILDING_OPS``) are read by the
market (``market.py``: prices, fusion sizes, kit slots, peeking, the Metagame redraw) and at the
round's start (``start_deckbuilding``: income, cards dealt, Sell Markers); a character's hold for
its player, a venue's for every player. A Tournament side is a power of its holder in the
tournament engine (``MBState(powers=...)``: the character's for its player, the venue's for every
player): not a card in the tableau, never flipped, targeted or counted; its Score effects run after
the Metagame's; its Action is the turn's one Action, usable once a tournament.

State (attributes this module adds to ``FullGameState``; rebound, never changed in place, so that
``clone`` may share them): ``power_options``, ``character_card`` (per seat, the ids of its
Character card), ``pro_stock`` (character -> ids of its Pro Player cards not given yet),
``pro_given`` (round -> the characters whose Pro Player card was given), ``pro_winners``
(round -> the seats placed first), ``venue_deck``, ``venue`` (the revealed venue's id, or none),
``meta_redrawn`` (``(seat, stack)`` redrawn this round), ``meta_stack_of``; discarded venues go to
``box["venues"]``.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.millennium_blades.full import characters as chars
from rules.millennium_blades.full import venues as venue_cards
from rules.millennium_blades.full.pool import Card
from rules.millennium_blades.state import KIT_LIMITS

MODES = ("none", "powers")


# -- options and setup -------------------------------------------------------------------------------------
def configure(state, *, characters: str = "none", character_names=None, pro_players: bool = False,
              venues: bool = False, pool=None) -> None:
    """Check and record the options (before ``setup_game``). The characters are ``chars.roster(pool)``:
    the rulebook's six and the pool's imported ones; with powers, a chosen character whose powers
    do not all compile is refused, naming the ability (``chars.not_playable``)."""
    if characters not in MODES:
        raise ValueError(f"characters is one of {', '.join(MODES)}, not {characters!r}")
    if pro_players and characters != "powers":
        raise ValueError('Pro Player Cards need characters="powers" ("When playing with characters, you can '
                         'introduce Pro Player Cards")')
    state.character_roster = chars.roster(pool)
    if isinstance(character_names, Mapping):  # some seats chosen ({seat: name}), the others at random
        chosen = {int(seat): name for seat, name in character_names.items() if name is not None}
        bad = [seat for seat in chosen if not 0 <= seat < state.num_players]
        if bad:
            raise ValueError(f"character for seat {bad[0]}: a {state.num_players}-player game has seats 0-"
                             f"{state.num_players - 1}")
        _check_names(state, chosen.values(), characters)
        if len(set(chosen.values())) != len(chosen):
            raise ValueError("two seats cannot play the same character")
        character_names = dict(sorted(chosen.items())) or None
    elif character_names is not None:
        names = list(character_names)
        _check_names(state, names, characters)
        if len(names) != state.num_players or len(set(names)) != len(names):
            raise ValueError(f"character_names: {state.num_players} different characters, one per seat")
        character_names = tuple(names)
    state.power_options = {"characters": characters, "character_names": character_names,
                           "pro_players": bool(pro_players), "venues": bool(venues)}
    state.character_card = [[] for _ in range(state.num_players)]
    state.pro_stock, state.pro_given, state.pro_winners = {}, {}, {}
    state.venue_deck, state.venue = [], []
    state.meta_redrawn, state.meta_stack_of, state.meta_known = frozenset(), {}, frozenset()
    state.outside_sets, state.outside_candidates, state.deal_replaced = {}, {}, frozenset()
    if characters == "powers" and pool is not None and any(
            _outside_ops(spec) for spec in state.character_roster.values()):  # "a random set from outside the game"
        state.outside_candidates = {kind: [(s.code, cards) for s in pool.sets_of(kind, playable=True)
                                           if (cards := pool.cards_of(s.code))]  # a set with cards to deal
                                    for kind in ("core", "expansion", "premium", "master")}


def _outside_ops(spec) -> list[dict]:
    """A character's ``outside_set`` rules (its Deckbuilding side's)."""
    return [op for e in chars.side_effects(spec, "deckbuilding") for op in e["ops"] if op["op"] == "outside_set"]


def mode_problem(state, spec) -> str | None:
    """Why a character whose powers compile cannot be played in this game's mode (None: it can).
    Draft Mode "replaces the random cards at the start of the Deckbuilding Phase": a set that replaces
    those cards has nothing to replace (rules notes, "MB: character powers")."""
    if getattr(state, "draft_mode", False) and any(op.get("replaces_deal") for op in _outside_ops(spec)):
        return "its set from outside the game replaces the cards dealt, which Draft Mode drafts"
    return None


def _check_names(state, names, characters: str) -> None:
    roster = state.character_roster
    unknown = [n for n in names if n not in roster]
    if unknown:
        raise ValueError(f"no character named {unknown[0]!r} (the characters: {', '.join(roster)})")
    if characters == "powers":
        for name in names:
            problems = chars.not_playable(roster[name])
            if not problems and (reason := mode_problem(state, roster[name])):
                raise ValueError(f"{name}'s powers cannot be played in this mode ({reason}); choose another character "
                                 "or play without character powers")
            if problems:
                raise ValueError(f"{name}'s powers are not playable yet ({problems[0]}); choose another character "
                                 "or play without character powers")


def dealable(state) -> list[str]:
    """The characters dealt at random: every one of the roster; with powers, those whose powers play."""
    roster = getattr(state, "character_roster", None) or chars.roster()
    return [n for n, spec in roster.items()
            if not (active(state) and (chars.not_playable(spec) or mode_problem(state, spec)))]


def options(state) -> dict:
    return getattr(state, "power_options", None) or {"characters": "none", "character_names": None,
                                                      "pro_players": False, "venues": False}


def active(state) -> bool:
    """Whether the characters' powers are played (``characters="powers"``)."""
    return options(state)["characters"] == "powers"


def _register(state, spec, kind: str, copies: int = 1) -> list[int]:
    state.cards.extend([Card.of(spec, kind)] * copies)
    return list(range(len(state.cards) - copies, len(state.cards)))


def deal_characters(state) -> list[str]:
    """"GAME SETUP" 5: "a Character Card, either randomly or of their choice": the chosen names,
    else the six shuffled by the game's RNG and dealt in seat order."""
    chosen = options(state)["character_names"]
    if chosen and not isinstance(chosen, dict):
        return list(chosen)
    chosen = chosen or {}
    names = [n for n in dealable(state) if n not in chosen.values()]
    if len(names) < state.num_players - len(chosen):
        raise ValueError(f"{len(names)} character(s) to deal for {state.num_players - len(chosen)} seat(s)")
    state.rng.shuffle(names)
    dealt = iter(names)
    return [chosen[seat] if seat in chosen else next(dealt) for seat in range(state.num_players)]


def setup(state) -> None:
    """After the characters are dealt (``friendship.setup_characters``): each seat's Character card,
    the Setup rules of the Deckbuilding sides (Cardine's promo), the Pro Player sets of the
    characters in the game, the Venue Deck shuffled."""
    if not hasattr(state, "power_options"):
        configure(state)
    roster = getattr(state, "character_roster", None) or chars.roster()
    state.character_card = [_register(state, roster[name], "character") for name in state.characters]
    state.meta_stack_of = {c: stack for stack, pile in state.meta.items() for c in pile}
    state.box["venues"] = []
    if active(state):
        for seat in range(state.num_players):
            for op in _ops(state, seat, "starting_promo", venue=False, timing="setup"):
                pile = state.fusion.get(op["tier"]) or []
                taken = [pile.pop() for _ in range(min(op.get("amount", 1), len(pile)))]
                state.binder[seat] += taken
                state.log("starting_promo", seat, cards=[state.cards[c].name for c in taken], tier=op["tier"])
    if active(state):
        _set_aside_outside_sets(state, roster)
    if options(state)["pro_players"]:
        state.pro_stock = {name: _register(state, chars.pro_spec(name), "pro", chars.PRO_COPIES)
                           for name in state.characters if name in chars.PRO_PLAYERS}  # an imported one's
        # Pro Players are singles of its list, bought like any other
    if options(state)["venues"]:
        deck = [c for spec in venue_cards.venue_specs() for c in _register(state, spec, "venue")]
        state.rng.shuffle(deck)
        state.venue_deck = deck


def _set_aside_outside_sets(state, roster) -> None:
    """"you receive 1 copy of each card in a random set from outside the game (1st: ... 2nd: ...)":
    for each seat with such a rule, a set of each phase's kind that the game's Store does not hold
    (nor another seat's), drawn by the game's RNG, one copy of each of its cards set aside until that
    phase (``outside_sets``: seat -> phase -> ids); none left of a kind: nothing for that phase."""
    taken = set(getattr(state, "store_sets", ()))
    for seat, name in enumerate(state.characters):
        for op in _outside_ops(roster[name]):
            for phase, kind in enumerate(op["kinds"], start=1):
                options_left = [(code, specs) for code, specs in state.outside_candidates.get(kind, ())
                                if code not in taken]
                if not options_left:
                    state.log("outside_set_missing", seat, kind=kind, phase=phase)
                    continue
                code, specs = options_left[state.rng.randrange(len(options_left))]
                taken.add(code)
                unique = list({spec.name: spec for spec in specs}.values())
                ids = [c for spec in unique for c in _register(state, spec, kind)]
                state.outside_sets = {**state.outside_sets, seat: {**state.outside_sets.get(seat, {}), phase: ids}}


def outside_set_now(state) -> None:
    """At a Deckbuilding Phase's start: each seat's set aside for it to its binder; the seats whose
    set replaces the cards dealt are ``deal_replaced`` (``rounds.deal`` skips them once)."""
    replaced = set()
    for seat, by_phase in state.outside_sets.items():
        ids = by_phase.get(state.round)
        if not ids:
            continue
        state.outside_sets = {**state.outside_sets, seat: {p: v for p, v in by_phase.items() if p != state.round}}
        state.binder[seat] += ids
        state.log("outside_set", seat, set=state.cards[ids[0]].set_code, cards=len(ids))
        spec = character_spec(state, seat)
        if spec is not None and any(op.get("replaces_deal") for op in _outside_ops(spec)):
            replaced.add(seat)
    state.deal_replaced = frozenset(replaced)


def zones(state) -> dict[str, list[int]]:
    """The zones of this module's cards (for ``FullGameState.zones``)."""
    if not hasattr(state, "character_card"):
        return {}
    out = {f"character_{s}": ids for s, ids in enumerate(state.character_card)}
    out.update({f"pro_{name}": ids for name, ids in state.pro_stock.items()})
    out["venue_deck"], out["venue"] = state.venue_deck, state.venue
    for seat, by_phase in getattr(state, "outside_sets", {}).items():
        out.update({f"outside_{seat}_{phase}": ids for phase, ids in by_phase.items()})
    return out


# -- the Deckbuilding side ------------------------------------------------------------------------------------
def character_spec(state, seat: int):
    ids = getattr(state, "character_card", None)
    return state.cards[ids[seat][0]].spec if ids and ids[seat] else None


def venue_spec(state):
    return state.cards[state.venue[0]].spec if getattr(state, "venue", None) else None


def _ops(state, seat: int, name: str, *, venue: bool = True, timing: str = "deckbuilding") -> list[dict]:
    """The Deckbuilding-side ops named ``name`` that hold for ``seat``: its character's (when the
    powers are played) and the revealed venue's."""
    if not active(state) and not getattr(state, "venue", None):
        return []  # no powers, no venue (the default game: this runs for every price in every tick)
    specs = []
    if active(state) and (state.round > 0 or timing == "setup"):  # not in the Pre-Release (round 0)
        specs.append(character_spec(state, seat))
    if venue:
        specs.append(venue_spec(state))
    return [op for spec in specs if spec is not None for e in chars.side_effects(spec, "deckbuilding", timing)
            for op in e["ops"] if op["op"] == name]


def total(state, seat: int, name: str, **where) -> int:
    return sum(op.get("amount", 1) for op in _ops(state, seat, name)
               if all(op.get(k, v) == v for k, v in where.items()))


def _price(state, seat: int, name: str, printed: int) -> int:
    """A price changed by the seat's ``name`` rules: never below 0, nor below a rule's ``min``
    ("to a minimum of 1 Dollar") unless the printed price is lower already (docs/rules-notes.md,
    "MB: character powers")."""
    price = printed + total(state, seat, name)
    floors = [op["min"] for op in _ops(state, seat, name) if "min" in op]
    return max(0, price, min(printed, max(floors))) if floors else max(0, price)


def store_price(state, seat: int, cost: int) -> int:
    return _price(state, seat, "store_price", cost)


def aftermarket_price(state, seat: int, value: int) -> int:
    return _price(state, seat, "aftermarket_price", value)


def sell_price(state, seat: int, value: int) -> int:
    return max(0, value + total(state, seat, "sell_price"))


def fusion_size(state, seat: int, tier: str) -> int:
    """"Card Fusion" (5, 7 or 9 cards) with the seat's ``fusion_size`` rules; at least one card."""
    from rules.millennium_blades.full.market import FUSION_SIZE

    return max(1, FUSION_SIZE[tier] + total(state, seat, "fusion_size", tier=tier))


def kit_limits(state, seat: int) -> dict[str, int]:
    """"Build your Deck" limits with the seat's extra slots: the Deckbuilding sides' ``kit_slots``, and
    the Accessory slots its character's Tournament side adds to its board ("You have one additional
    Accessory slot": a deck may bring an Accessory for it; rules notes, "MB: character powers")."""
    limits = {section: limit + total(state, seat, "kit_slots", section=section) for section, limit in KIT_LIMITS.items()}
    spec = character_spec(state, seat) if active(state) and state.round > 0 else None
    if spec is not None:
        limits["accessories"] += sum(op.get("amount", 1) for e in chars.side_effects(spec, "tournament")
                                     for op in e["ops"] if op["op"] == "accessory_slots")
    return limits


def scrap_value(state, seat: int) -> int:
    """The dollars a binder card discarded to the Store Discard pays the seat (``scrap_for_money``;
    0: the seat has no such rule)."""
    return total(state, seat, "scrap_for_money")


def trade_in_price(state, seat: int) -> int | None:
    """The dollars a binder card traded for a Store Area card of its set costs the seat (``trade_in``;
    None: the seat has no such rule)."""
    ops = _ops(state, seat, "trade_in")
    return sum(op.get("amount", 1) for op in ops) if ops else None


def peeks(state, seat: int | None) -> bool:
    return seat is not None and state.phase == "deckbuilding" and bool(_ops(state, seat, "peek"))


def start_deckbuilding(state) -> None:
    """Deckbuilding "Setup the Phase": reveal the venue ("When you start the Deckbuilding Round,
    also reveal the top card of the Venue Deck"), then the Deckbuilding sides' income, Sell
    Markers and cards dealt; the Metagame redraws are counted per round."""
    state.meta_redrawn = frozenset()
    if getattr(state, "outside_sets", None) and active(state):
        outside_set_now(state)
    if state.venue_deck:
        *rest, top = state.venue_deck
        state.venue_deck, state.venue = rest, [top]
        state.log("venue_revealed", None, venue=state.cards[top].name, text=state.cards[top].spec.text)
    for seat in range(state.num_players):
        extra = total(state, seat, "income")
        if extra:
            amount = max(extra, -state.money[seat])
            state.pay(seat, amount, "power_income")
            state.log("income", seat, amount=amount, money=state.money[seat], source="power")
        markers = total(state, seat, "sell_markers")
        if markers:
            state.markers[seat] += markers
        more = total(state, seat, "deal")
        if more > 0:
            dealt = state.draw_store(more)
            state.binder[seat] += dealt
            state.log("dealt_more", seat, cards=[state.cards[c].name for c in dealt])


# -- The Power Creep: the Metagame redraw ----------------------------------------------------------------------
def redraw_options(state, seat: int) -> list[str]:
    """The Metagame stacks ``seat`` may redraw now (``metagame_control``)."""
    if not _ops(state, seat, "metagame_control"):
        return []
    shown = {state.meta_stack_of.get(c) for c in state.meta_revealed}
    return [stack for stack in ("elemental", "type")
            if stack in shown and state.meta.get(stack) and (seat, stack) not in state.meta_redrawn]


def redraw_meta(state, seat: int, stack: str) -> None:
    """Put the revealed Metagame card of ``stack`` on the bottom of its stack, reveal the next."""
    if stack not in redraw_options(state, seat):
        state.log("redraw_missed", seat, stack=stack)
        return
    old = next(c for c in state.meta_revealed if state.meta_stack_of.get(c) == stack)
    state.meta_revealed.remove(old)
    state.meta[stack].insert(0, old)
    new = state.meta[stack].pop()
    state.meta_revealed.append(new)
    state.meta_redrawn = state.meta_redrawn | {(seat, stack)}
    state.meta_known = state.meta_known | {old}  # seen by all, now at the bottom
    state.log("metagame_redrawn", seat, stack=stack, bottom=state.cards[old].name, card=state.cards[new].name)


def meta_peek_view(state, seat: int | None) -> dict | None:
    """``meta_peek``: the names of the top cards of each Metagame stack the seat may look at ("at any
    time"), top first; None for a seat without the rule."""
    ops = _ops(state, seat, "meta_peek") if seat is not None else []
    if not ops:
        return None
    depth = max(op.get("amount", 1) for op in ops)
    return {stack: [state.cards[c].name for c in reversed(pile[-depth:])] for stack, pile in state.meta.items()}


def hide_meta_order(world, player: int, rng) -> None:
    """``determinize``: the order of each Metagame stack as ``player`` cannot tell it ("GAME SETUP" 4:
    "Shuffle the 2 stacks of Metagame cards"): every card shuffled among the places not known, a card
    keeping its place when all players know it (``meta_known``: put on the bottom, shown on top) or
    when ``player`` may look at it (``meta_peek``: the top cards). The stacks are the world's own."""
    peeked = max((op.get("amount", 1) for op in _ops(world, player, "meta_peek")), default=0)
    for pile in world.meta.values():
        hidden = [i for i, c in enumerate(pile) if c not in world.meta_known and i < len(pile) - peeked]
        cards = [pile[i] for i in hidden]
        rng.shuffle(cards)
        for i, c in zip(hidden, cards, strict=True):
            pile[i] = c


def cycle_options(state, seat: int) -> list[str]:
    """The Metagame stacks ``seat`` may cycle now (``meta_cycle``): once a round, only before the Type
    Metagame card is revealed; the Elemental stack while its card is revealed and another is below,
    the Type stack while it holds two cards or more."""
    if (seat, "cycle") in state.meta_redrawn or not _ops(state, seat, "meta_cycle"):
        return []
    shown = {state.meta_stack_of.get(c) for c in state.meta_revealed}
    if "type" in shown:
        return []
    options = ["elemental"] if "elemental" in shown and state.meta.get("elemental") else []
    return options + (["type"] if len(state.meta.get("type", ())) > 1 else [])


def cycle_meta(state, seat: int, stack: str) -> None:
    """The top card of ``stack`` to its bottom, the new top card revealed: for the Elemental stack its
    revealed card goes and the next is the round's; the Type stack's new top card is shown to all and
    stays on top, to be revealed when the phase reveals it (rules notes, "MB: metagame")."""
    if stack not in cycle_options(state, seat):
        state.log("redraw_missed", seat, stack=stack)
        return
    state.meta_redrawn = state.meta_redrawn | {(seat, "cycle")}
    if stack == "elemental":
        old = next(c for c in state.meta_revealed if state.meta_stack_of.get(c) == stack)
        state.meta_revealed.remove(old)
        state.meta[stack].insert(0, old)
        new = state.meta[stack].pop()
        state.meta_revealed.append(new)
    else:
        old = state.meta[stack].pop()
        state.meta[stack].insert(0, old)
        new = state.meta[stack][-1]
    state.meta_known = state.meta_known | {old, new}  # the log names the card put on the bottom; the new top is shown
    state.log("metagame_cycled", seat, stack=stack, bottom=state.cards[old].name, card=state.cards[new].name)


# -- the Tournament side -------------------------------------------------------------------------------------------
def tournament_options(state) -> dict:
    """``MBState`` keyword options: the seats' powers (their character's Tournament side when the
    powers are played; the venue's for every seat), kit limits and money ("Pre-Release
    Tournament": "character powers are not used", and no venue is revealed)."""
    n = state.num_players
    # the Sell Markers and Friendship cards each seat has (rules notes, "more shapes, second batch")
    out = {"purse": list(state.money), "sell_markers": list(state.markers),
           "friendship_left": [len(state.friendship[s]) for s in range(n)],
           "friends": [[state.friendship_owner[c] for c in state.friends[s]] for s in range(n)]}
    if state.round == 0:
        return out
    out["kit_limits"] = [kit_limits(state, s) for s in range(n)]
    venue = venue_spec(state)
    venue_side = chars.tournament_side(venue) if venue is not None else None
    powers = []
    for seat in range(n):
        held = []
        spec = character_spec(state, seat)
        if active(state) and spec is not None:
            side = chars.tournament_side(spec)
            if side is not None:
                held.append(side)
        if venue_side is not None:
            held.append(venue_side)
        powers.append(held)
    if any(powers):
        out["powers"] = powers
    return out


# -- after a tournament: Pro Player cards, the venue discarded -------------------------------------------------------
def after_tournament(state) -> None:
    """"Pro Player Cards": "During rounds 1 and 2, when a player scores first place in the
    tournament, give each player (including himself) a copy of his Pro Player Card. If a player
    who won the first tournament also wins the second one, give the 2nd place player's Pro Player
    card to all players instead." Decisions (rules notes): every player placed first (a tie)
    counts as scoring first place; "2nd place" is then the best place after the first; after the
    game's last tournament nothing is given (with the Pre-Release the game ends after round 2);
    each Pro Player set is given once. "Venues": "Discard it when the tournament ends"."""
    r = state.round
    if options(state)["pro_players"] and r in (1, 2) and r < state.last_round:
        places = state.placements[-1]
        seats = range(state.num_players)
        winners = [s for s in seats if places[s] == 1]
        state.pro_winners = {**state.pro_winners, r: tuple(winners)}
        givers = [s for s in winners if r != 2 or s not in state.pro_winners.get(1, ())]
        if len(givers) < len(winners):  # "won the first tournament also wins the second one"
            second = min((places[s] for s in seats if places[s] > 1), default=None)
            givers += [s for s in seats if second is not None and places[s] == second]
        given = []
        for s in givers:
            name = state.characters[s]
            stock = state.pro_stock.get(name, [])
            if name in given or any(name in g for g in state.pro_given.values()) or not stock:
                continue
            handed = stock[:state.num_players]
            state.pro_stock = {**state.pro_stock, name: stock[len(handed):]}
            for seat, card in zip(seats, handed, strict=False):  # five copies: one for each of up to five
                state.binder[seat].append(card)
                state.count(seat, "pro_player", card)
            given.append(name)
            state.log("pro_player_card", s, card=state.cards[handed[0]].name, round=r)
        state.pro_given = {**state.pro_given, r: tuple(given)}
    if state.venue:
        state.box["venues"] = state.box["venues"] + state.venue
        state.log("venue_discarded", None, venue=state.cards[state.venue[0]].name)
        state.venue = []


# -- information --------------------------------------------------------------------------------------------------------
def _side_text(spec, side: str) -> list[str]:
    return [e.get("text", "") for e in chars.side_effects(spec, side)] if spec is not None else []


def seat_view(state, seat: int) -> dict:
    """``character_side`` (the side shown: deckbuilding or tournament; null when the powers are not
    played or in the Pre-Release) and ``power`` (that side's texts)."""
    side = None
    if active(state) and state.round > 0 and state.phase in ("deckbuilding", "tournament"):
        side = state.phase
    return {"character_side": side, "power": _side_text(character_spec(state, seat), side) if side else []}


def game_view(state, player: int | None) -> dict:
    """``venue`` (the revealed venue: name and text, or null), ``venue_deck_count``,
    ``pro_players`` (round -> the characters whose Pro Player card was given), ``store_peek``
    (for a seat that peeks: the names of the 10 Store cards showing, else null), ``meta_peek`` (for a
    seat whose rule lets it look at the Metagame stacks: stack -> the names of their top cards, else
    null)."""
    from rules.millennium_blades.full.market import showing

    venue = venue_spec(state)
    return {"venue": {"name": venue.name, "text": venue.text} if venue is not None else None,
            "venue_deck_count": len(getattr(state, "venue_deck", ())),
            "pro_players": {str(r): list(v) for r, v in getattr(state, "pro_given", {}).items()},
            "store_peek": [state.cards[c].name for c in showing(state)] if peeks(state, player) else None,
            "meta_peek": meta_peek_view(state, player)}


def hidden_store(state, player: int) -> list[int]:
    """The Store cards ``player`` cannot see: the Store deck and area, but a peeking player sees
    the 10 showing."""
    if not peeks(state, player):
        return state.store + state.store_area
    return state.store[:-1]


def determinize_peeking(world, rng):
    """``determinize`` for a peeking seat: the cards showing stay (it sees them), the Store deck
    below its top is shuffled."""
    rest = world.store[:-1]
    rng.shuffle(rest)
    world.store = rest + world.store[-1:]
    return world
