"""The FellBound card pool (fixtures/fellbound.json) and its sample decks.

Pure Python, no Django. Every test cites the rulebook section (shared/rulebooks/fellbound.txt)
it checks the pool against.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from rules.fellbound.cards import ALIGNMENTS, GAME

ROOT = Path(__file__).resolve().parents[2]
POOL_PATH = ROOT / "fixtures" / "fellbound.json"
DECK_DIR = ROOT / "fixtures" / "decks"
X = "X"

POOL = json.loads(POOL_PATH.read_text(encoding="utf-8"))
CARDS = POOL["cards"]
CHARACTERS = [c for c in CARDS if c["card_type"] == "character"]
BY_NAME = {c["name"]: c for c in CARDS}

VALUE_ABILITIES = ("heal", "leach", "steal", "bribe", "spray_attack", "rear_range")
FLAG_ABILITIES = ("flying", "corpse_cost", "sacrifice_cost", "infiltrate", "redeploy", "charge")
PRINTED = {
    "heal": "Heal", "leach": "Leach", "steal": "Steal", "bribe": "Bribe",
    "spray_attack": "Spray attack", "rear_range": "Rear range", "flying": "Flying",
    "corpse_cost": "Corpse cost", "sacrifice_cost": "Sacrifice cost", "infiltrate": "Infiltrate",
    "redeploy": "Redeploy", "charge": "Charge", "aura": "Aura:",
}
X_DEPENDENT = ("attack", "defence", "attack_multiplier", "defence_multiplier")
MULTIPLIERS = ("attack_multiplier", "defence_multiplier")
#: the four alignment-legal combinations ("ALIGNMENT": Life/Death and Order/Chaos exclude each other)
QUADRANTS = (("life", "order"), ("life", "chaos"), ("death", "order"), ("death", "chaos"))


def attrs(card):
    return card["attributes"]


def has(card, ability):
    value = attrs(card).get(ability)
    if ability in FLAG_ABILITIES:
        return value is True
    if ability == "aura":
        return bool(value)
    return value == X or (isinstance(value, int) and value > 0)


def aligned(alignments) -> bool:
    s = set(alignments)
    return not ({"life", "death"} <= s or {"order", "chaos"} <= s)


# -- the file itself ----------------------------------------------------------------------------

def test_pool_header_and_sets():
    """fixture-format.md: one file per game, sets declared, zero-padded numbers; FellBound has no rarities."""
    assert POOL["game"] == "fellbound"
    codes = {s["code"] for s in POOL["sets"]}
    assert 1 <= len(POOL["sets"]) <= 2
    for s in POOL["sets"]:
        assert s["kind"] in GAME.set_kinds
    for card in CARDS:
        assert card["set"] in codes, card["name"]
        assert re.fullmatch(r"\d{3}", card["number"]), (card["name"], card["number"])
        assert card.get("rarity") is None, card["name"]


def test_every_card_validates():
    """Every card passes the FellBound schema (rules/fellbound/cards.py)."""
    failures = {}
    for card in CARDS:
        errors = GAME.validate_card(card_type=card["card_type"], attributes=card["attributes"],
                                    effects=card.get("effects", []))
        if errors:
            failures[f'{card["set"]}-{card["number"]} {card["name"]}'] = errors
    for where, errors in failures.items():
        print(where, errors)
    assert failures == {}


def test_set_number_and_name_unique():
    """(game, set, number) is unique (fixture-format.md); names are unique because deck lists use them."""
    keys = Counter((c["set"], c["number"]) for c in CARDS)
    assert [k for k, n in keys.items() if n > 1] == []
    names = Counter(c["name"] for c in CARDS)
    assert [k for k, n in names.items() if n > 1] == []


def test_every_card_prints_text():
    """Every card prints short rules text naming each of its abilities ("SPECIAL ABILITIES" ... "AURA")."""
    for card in CARDS:
        assert card.get("text"), card["name"]
        for ability, word in PRINTED.items():
            if has(card, ability):
                assert word in card["text"], (card["name"], ability)


# -- BASIC RULES values ------------------------------------------------------------------------

def test_at_least_thirty_characters():
    """"SETUP": every card is a character; the pool must hold at least 30 of them."""
    assert len(CHARACTERS) >= 30
    assert all(c["card_type"] == "character" for c in CARDS)


def test_gold_costs_include_zero_and_x():
    """"SETUP" gold cost (some free characters) and "X GOLD COST"."""
    costs = Counter(str(attrs(c)["gold_cost"]) for c in CHARACTERS)
    assert costs["0"] >= 2
    assert costs[X] >= 2


def test_every_character_can_target_something():
    """"RANGE" / "REAR RANGE": a character must be within range to attack or use an ability."""
    for card in CHARACTERS:
        a = attrs(card)
        assert a.get("range", 0) >= 1 or a.get("rear_range", 0) >= 1, card["name"]


def test_multipliers_are_printed_only_when_repeating():
    """"MULTIPLIERS": values apply once per turn "unless followed by a multiplier value";
    an absent multiplier means once, so a printed one is 2+ (or X)."""
    for card in CHARACTERS:
        for m in MULTIPLIERS:
            value = attrs(card).get(m)
            if value is not None:
                assert value == X or value >= 2, (card["name"], m, value)
    for m in MULTIPLIERS:
        assert sum(1 for c in CHARACTERS if m in attrs(c)) >= 2, m


def test_x_values_only_on_x_cards():
    """"X GOLD COST": values "that also equal x" equal the gold on the card; "X HEALTH VALUE":
    attack, defence and multipliers equal current health. X means nothing on other cards."""
    for card in CHARACTERS:
        a = attrs(card)
        if any(a.get(k) == X for k in X_DEPENDENT):
            assert a["gold_cost"] == X or a["health"] == X, card["name"]


def test_x_health_cards():
    """"X HEALTH VALUE": at least two; in this pool an X-health card also has X gold cost (its
    starting health is the gold paid), and all its attack/defence/multiplier values are X."""
    x_health = [c for c in CHARACTERS if attrs(c)["health"] == X]
    assert len(x_health) >= 2
    for card in x_health:
        a = attrs(card)
        assert a["gold_cost"] == X, card["name"]
        present = [k for k in X_DEPENDENT if k in a]
        assert present, card["name"]
        assert all(a[k] == X for k in present), card["name"]


def test_x_gold_cost_cards_besides_x_health():
    """"X GOLD COST" is covered by at least two cards whose health is a plain number."""
    assert sum(1 for c in CHARACTERS if attrs(c)["gold_cost"] == X and attrs(c)["health"] != X) >= 2


# -- SPECIAL RULES coverage --------------------------------------------------------------------

@pytest.mark.parametrize("ability", VALUE_ABILITIES + FLAG_ABILITIES + ("aura",))
def test_each_special_rule_on_at_least_two_characters(ability):
    """"SPECIAL ABILITIES" (heal, leach, steal, bribe, spray attack, rear range), "SPECIAL MOVEMENT"
    (flying), "SPECIAL COST" (corpse, sacrifice), "SPECIAL DEPLOYMENT" (infiltrate, redeploy,
    charge, aura): each appears on at least two characters."""
    holders = [c["name"] for c in CHARACTERS if has(c, ability)]
    assert len(holders) >= 2, (ability, holders)


def test_bribers_can_carry_gold():
    """"BRIBE": the cost "must be deducted from any gold on the bribing character's card", and gold
    reaches a card only as its gold cost ("SETUP"), so a briber must cost gold (or X)."""
    for card in CHARACTERS:
        if has(card, "bribe"):
            cost = attrs(card)["gold_cost"]
            assert cost == X or cost >= 1, card["name"]


def test_auras_are_structured_modify_effects():
    """"AURA": "the indicated aura condition is applied to all characters you control". The printed
    condition is the `aura` attribute; the effect is timing "aura", op "modify", who "all_you_control",
    on a numeric FellBound value."""
    numeric = {a.name for a in GAME.attributes if a.kind == "int"}
    for card in CHARACTERS:
        auras = [e for e in card.get("effects", []) if e.get("timing") == "aura"]
        assert bool(auras) == has(card, "aura"), card["name"]
        for effect in auras:
            for op in effect["ops"]:
                assert op["op"] == "modify", card["name"]
                assert op["who"] == "all_you_control", card["name"]
                assert op["stat"] in numeric, (card["name"], op["stat"])
                assert isinstance(op["amount"], int) and op["amount"] != 0, card["name"]


# -- ALIGNMENT ---------------------------------------------------------------------------------

def test_alignments():
    """"ALIGNMENT": every character has one or two alignments; no card contradicts itself
    (Life with Death, Order with Chaos), so every card fits some aligned deck."""
    singles = duals = 0
    for card in CHARACTERS:
        al = attrs(card)["alignments"]
        assert 1 <= len(al) <= 2 and set(al) <= set(ALIGNMENTS), card["name"]
        assert aligned(al), card["name"]
        singles += len(al) == 1
        duals += len(al) == 2
    assert singles >= 4 and duals >= 4


@pytest.mark.parametrize("quadrant", QUADRANTS, ids="+".join)
def test_aligned_decks_possible(quadrant):
    """"CONSTRUCTED PLAY" (ten unique cards) under "ALIGNMENT": each of the four legal alignment
    combinations has at least ten characters, so aligned decks can be built on every side."""
    eligible = [c for c in CHARACTERS if set(attrs(c)["alignments"]) <= set(quadrant)]
    assert len(eligible) >= 10, (quadrant, len(eligible))


# -- sample decks ------------------------------------------------------------------------------

def parse_deck(text: str) -> dict:
    """Deck text format: `# Name:` / `# Format:` comments, a `Deck:` header, then `N Card Name`."""
    meta, entries, section = {}, [], None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            m = re.match(r"#\s*(Name|Format)\s*:\s*(.+)$", line, re.IGNORECASE)
            if m:
                meta[m.group(1).lower()] = m.group(2).strip()
            continue
        line = line.split("#", 1)[0].strip()
        if line.endswith(":"):
            section = line[:-1].strip().lower()
            continue
        m = re.fullmatch(r"(\d+)\s+(.+)", line)
        assert m, f"bad deck line: {raw!r}"
        assert section == "deck", f"card outside the Deck: section: {raw!r}"
        entries.append((int(m.group(1)), m.group(2).strip()))
    return {"meta": meta, "entries": entries}


DECK_FILES = sorted(DECK_DIR.glob("fellbound-*.txt"))


def test_three_distinct_deck_files():
    """Three sample decks, each a different set of ten cards."""
    assert len(DECK_FILES) >= 3
    decks = [frozenset(n for _, n in parse_deck(p.read_text(encoding="utf-8"))["entries"]) for p in DECK_FILES]
    assert len(set(decks)) == len(decks)
    formats = [parse_deck(p.read_text(encoding="utf-8"))["meta"].get("format") for p in DECK_FILES]
    assert formats.count("aligned") >= 2


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.name)
def test_deck_is_legal(path):
    """"SETUP": "a shuffled deck of ten cards"; "CONSTRUCTED PLAY": "ten unique cards"; and for the
    aligned format "ALIGNMENT": "Life cannot align with Death / Order cannot align with Chaos"."""
    deck = parse_deck(path.read_text(encoding="utf-8"))
    assert deck["meta"].get("name"), path.name
    fmt = deck["meta"].get("format")
    assert fmt in ("standard", "aligned"), path.name
    names = [n for count, n in deck["entries"] for _ in range(count)]
    assert len(names) == 10, (path.name, len(names))
    assert len(set(names)) == 10, Counter(names).most_common(3)
    missing = [n for n in names if n not in BY_NAME]
    assert missing == []
    assert all(BY_NAME[n]["card_type"] == "character" for n in names)
    if fmt == "aligned":
        union = {al for n in names for al in attrs(BY_NAME[n])["alignments"]}
        assert aligned(union), (path.name, sorted(union))


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.name)
def test_deck_can_open(path):
    """"SETUP" (three cards drawn, three gold) with "VICTORY CONDITIONS" (two living characters by the
    end of your turn): most of each deck is deployable on the opening turn for 0, 1 or X gold without
    a corpse or sacrifice cost."""
    names = [n for _, n in parse_deck(path.read_text(encoding="utf-8"))["entries"]]
    cheap = [n for n in names
             if attrs(BY_NAME[n])["gold_cost"] in (0, 1, X)
             and not has(BY_NAME[n], "corpse_cost") and not has(BY_NAME[n], "sacrifice_cost")]
    assert len(cheap) >= 6, (path.name, cheap)
