"""The Spellbound: Chaos Divided card pool (fixtures/spellbound.json) and sample decks.

Pure Python (no Django). Rulebook: shared/rulebooks/spellbound-chaos-divided.txt; section
names below quote its headings ("1. Breakdown of a Card", "3. Divisions of Cards ...", ...).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from rules.spellbound.cards import EFFECT_OPS, GAME, SOULS, TYPED_SOULS

ROOT = Path(__file__).resolve().parents[2]
POOL_PATH = ROOT / "fixtures" / "spellbound.json"
DECK_DIR = ROOT / "fixtures" / "decks"
DECK_FILES = sorted(DECK_DIR.glob("spellbound-*.txt"))

#: Interpretation (docs/rules-notes.md): the rulebook sets no library size; sample decks use 40.
SAMPLE_LIBRARY_SIZE = 40
MAX_COPIES = 4


@pytest.fixture(scope="module")
def pool() -> dict:
    with POOL_PATH.open(encoding="utf-8") as fh:
        return json.load(fh)


@pytest.fixture(scope="module")
def cards(pool) -> list[dict]:
    return pool["cards"]


@pytest.fixture(scope="module")
def by_name(cards) -> dict[str, dict]:
    return {c["name"]: c for c in cards}


def of_type(cards, card_type):
    return [c for c in cards if c["card_type"] == card_type]


def all_ops(card):
    for effect in card["effects"]:
        yield from effect.get("cost", [])
        yield from effect["ops"]


# -- the file as a whole -------------------------------------------------------------------------


def test_every_card_validates_against_the_game_schema(cards):
    """Every card's type, attributes and structured effects validate (rules/spellbound/cards.py)."""
    failures = {}
    for c in cards:
        errors = GAME.validate_card(card_type=c["card_type"], attributes=c["attributes"], effects=c["effects"])
        if errors:
            failures[f'{c["set"]}-{c["number"]} {c["name"]}'] = errors
    for name, errors in failures.items():
        print(name, errors)
    assert failures == {}


def test_game_sets_numbers_and_rarities(pool, cards):
    """Two or three sets of declared kinds; zero-padded unique numbers; rarities 1-5 ("1. Breakdown
    of a Card", 6a: 1=Common, 2=Rare, 3=Epic, 4=Legendary, 5=Mythical), all five used."""
    assert pool["game"] == "spellbound"
    sets = pool["sets"]
    assert 2 <= len(sets) <= 3
    codes = {s["code"] for s in sets}
    assert len(codes) == len(sets)
    assert all(s["kind"] in GAME.set_kinds for s in sets)
    assert len({s["release_order"] for s in sets}) == len(sets)
    keys = [("spellbound", c["set"], c["number"]) for c in cards]
    assert len(keys) == len(set(keys)), [k for k, n in Counter(keys).items() if n > 1]
    for c in cards:
        assert c["set"] in codes, c["name"]
        assert re.fullmatch(r"\d{3}", c["number"]), (c["name"], c["number"])
        assert GAME.rarity(c["rarity"]) is not None, (c["name"], c["rarity"])
        assert c["rarity"] in {r.code for r in GAME.rarities}
        # A vanilla creature may print no rules text, but then it prints flavour text.
        assert c["text"].strip() or (c["card_type"] == "creature" and c.get("flavor")), c["name"]
    assert {c["rarity"] for c in cards} == {"1", "2", "3", "4", "5"}
    for code in codes:  # every set is used
        assert any(c["set"] == code for c in cards), code


def test_names_are_unique(cards):
    """Deck lists name cards ("1. Breakdown of a Card", 1a); one printing per name keeps that unambiguous."""
    names = Counter(c["name"] for c in cards)
    assert [n for n, k in names.items() if k > 1] == []


def test_effects_use_declared_ops_and_match_printed_text(cards):
    """Effects are data: only declared ops; each effect's sentence is printed on the card ("1. Breakdown
    of a Card", 5: the description explains the special effects)."""
    for c in cards:
        for op in all_ops(c):
            assert op["op"] in EFFECT_OPS, (c["name"], op)
        for e in c["effects"]:
            assert e.get("text"), c["name"]
            assert e["text"] in c["text"], (c["name"], e["text"])
            if re.search(r"\btarget\b", e["text"], re.IGNORECASE):
                assert e.get("target_required") is True, (c["name"], e["text"])


def test_cards_with_abilities_have_effects(cards):
    """Anything printed beyond keyword lines ("Immediate", "Barrage", "Warden") is a structured effect."""
    for c in cards:
        keyword_lines = {"Immediate", ", ".join(c["attributes"].get("keywords", []))}
        ability_lines = [ln for ln in c["text"].splitlines() if ln.strip() and ln not in keyword_lines]
        if ability_lines:
            assert c["effects"], c["name"]
            for ln in ability_lines:
                assert any(e["text"] in ln or ln in e["text"] for e in c["effects"]), (c["name"], ln)


# -- divisions ("3. Divisions of Cards in Spellbound: Chaos Divided") -----------------------------


def test_bounders(cards):
    """ "7. Bounders": typically 500 health; soul abilities usable in casting phases (timing "soul")."""
    bounders = of_type(cards, "bounder")
    assert len(bounders) >= 3
    assert Counter(b["attributes"]["health"] for b in bounders).most_common(1)[0][0] == 500
    for b in bounders:
        assert "soul_cost" not in b["attributes"]  # placed, not cast
        souls = [e for e in b["effects"] if e["timing"] == "soul"]
        assert souls, b["name"]
        for e in souls:
            assert e["text"].startswith("Soul Ability"), b["name"]
            assert e.get("cost") or e.get("flip"), b["name"]


def test_soul_ponds(cards):
    """ "8. Soul Ponds": multiple levels, start at base level, upgraded one level at a time by spending
    souls; "6. Parts of a Turn", Gain Step: gain souls by the pond's level (hollow or typed)."""
    ponds = of_type(cards, "soul_pond")
    assert len(ponds) >= 3
    for p in ponds:
        levels = p["attributes"]["pond_levels"]
        assert levels >= 2, p["name"]
        level_effects = sorted(p["effects"], key=lambda e: e["level"])
        assert [e["level"] for e in level_effects] == list(range(1, levels + 1)), p["name"]
        for e in level_effects:
            assert e["timing"] == "gain"
            assert e["ops"] and all(op["op"] == "gain_souls" for op in e["ops"]), p["name"]
            assert all(op["soul"] in SOULS and op["amount"] > 0 for op in e["ops"])
            assert f"Level {e['level']}" in p["text"], (p["name"], e["level"])
            if e["level"] == 1:
                assert "upgrade_cost" not in e, "the base level is not bought"
            else:
                cost = e["upgrade_cost"]
                assert isinstance(cost, dict) and cost, (p["name"], e["level"])
                assert all(k in SOULS and isinstance(v, int) and v > 0 for k, v in cost.items())


def test_basic_converts(cards):
    """ "9. Converts": Basic Converts for Death, Life, Ancient, Space, Dream, Chaos; flipping converts
    hollow souls into the typed soul; converts have no type of their own."""
    basics = [c for c in of_type(cards, "convert") if c["attributes"]["basic"]]
    assert sorted(c["attributes"]["converts_to"][0] for c in basics) == sorted(TYPED_SOULS)
    for c in basics:
        soul = c["attributes"]["converts_to"]
        assert len(soul) == 1
        assert "soul_type" not in c["attributes"] and "soul_cost" not in c["attributes"]
        ops = list(all_ops(c))
        assert ops and all(op["op"] == "convert" and op["soul"] == soul[0] for op in ops), c["name"]
        assert all(e.get("flip") for e in c["effects"]), c["name"]


def test_nonbasic_converts(cards):
    """ "9. Converts": nonbasic converts offer colour combinations and special abilities."""
    nonbasic = [c for c in of_type(cards, "convert") if not c["attributes"]["basic"]]
    assert len(nonbasic) >= 3
    for c in nonbasic:
        ops = list(all_ops(c))
        assert any(op["op"] == "convert" for op in ops), c["name"]
        converted = {op["soul"] for op in ops if op["op"] == "convert"}
        assert converted == set(c["attributes"]["converts_to"]), c["name"]
        special = any(op["op"] != "convert" for op in ops) or any(op["amount"] > 1 for op in ops)
        assert len(converted) >= 2 or special, c["name"]


def test_creatures_of_every_soul_type(cards):
    """ "3. Creatures": types Death, Life, Ancient, Space, Dream, Chaos, Hollow; "1. Breakdown of a
    Card", 4: health/damage."""
    creatures = of_type(cards, "creature")
    per_type = Counter(c["attributes"]["soul_type"] for c in creatures)
    for soul in SOULS:
        assert per_type[soul] >= 3, soul
    for c in creatures:
        assert c["attributes"]["health"] > 0 and c["attributes"]["damage"] >= 0, c["name"]
    crab = next(c for c in creatures if c["name"] == "Shattercrab")  # named in "4. Game Actions"
    assert crab


def test_hexes_charms_blessings_auras_items(cards):
    """ "3. Divisions": hexes; charms attach by subdivision (Alien Microchip -> Bounder); some blessings
    have a time limit; auras; items are Weapon, Equipment or Accessory."""
    assert len(of_type(cards, "hex")) >= 3
    charms = of_type(cards, "charm")
    assert {c["attributes"]["subdivision"] for c in charms} >= {"bounder", "creature", "battlefield"}
    assert {c["attributes"]["subdivision"] for c in charms} <= {"bounder", "creature", "battlefield"}
    chip = next(c for c in charms if c["name"] == "Alien Microchip")
    assert chip["attributes"]["subdivision"] == "bounder"
    blessings = of_type(cards, "blessing")
    limited = [b for b in blessings if any(op["op"] == "self_destroy_after" for op in all_ops(b))]
    assert limited and len(limited) < len(blessings)
    assert len(of_type(cards, "aura")) >= 2
    items = of_type(cards, "item")
    assert {c["attributes"]["subdivision"] for c in items} == {"weapon", "equipment", "accessory"}


def test_costs_keywords_and_immediate(cards):
    """ "1. Breakdown of a Card", 2a: costs mix typed and hollow souls (one Dream and one Hollow);
    "6. Parts of a Turn": Immediate spells; "3. Charms"/"3. Items": Barrage, Warden."""
    spells = [c for c in cards if c["card_type"] in ("creature", "hex", "charm", "blessing", "aura", "item")]
    for c in spells:
        assert sum(c["attributes"]["soul_cost"].values()) > 0, c["name"]
    mixed = [c for c in spells
             if c["attributes"]["soul_cost"].get("hollow")
             and any(c["attributes"]["soul_cost"].get(s) for s in TYPED_SOULS)]
    assert len(mixed) >= 10
    assert any(c["attributes"]["soul_cost"] == {"dream": 1, "hollow": 1} for c in spells)
    immediate = [c for c in spells if c["attributes"].get("immediate")]
    assert len(immediate) >= 3
    for c in spells:
        timings = {e["timing"] for e in c["effects"]}
        if c["attributes"].get("immediate"):
            assert c["text"].startswith("Immediate") and "cast" not in timings, c["name"]
        else:
            assert "immediate" not in timings, c["name"]
    keywords = {k for c in cards for k in c["attributes"].get("keywords", [])}
    assert {"Barrage", "Warden"} <= keywords


# -- decks -----------------------------------------------------------------------------------------


def parse_deck(text: str) -> tuple[str | None, dict[str, Counter]]:
    """Parse ``Bounder:`` / ``Soul Pond:`` / ``Library:`` sections of ``N Card Name`` lines."""
    name = None
    sections: dict[str, Counter] = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#"):
            m = re.match(r"#\s*Name:\s*(.+)", line)
            if m and name is None:
                name = m.group(1).strip()
            continue
        line = line.split("#", 1)[0].strip() if " #" in line else line
        if not line:
            continue
        if line.endswith(":"):
            section = GAME.section(line[:-1])
            assert section is not None, f"unknown section {line!r}"
            current = section.slug
            sections.setdefault(current, Counter())
            continue
        m = re.fullmatch(r"(\d+)\s+(.+)", line)
        assert m and current, f"bad deck line {raw!r}"
        sections[current][m.group(2).strip()] += int(m.group(1))
    return name, sections


def test_three_deck_files_exist():
    assert len(DECK_FILES) == 3, DECK_FILES


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.name)
def test_deck_is_legal(path, by_name):
    """Construction: "7. Bounders" (only one bounder), "8. Soul Ponds" (only one soul pond),
    "1. Breakdown of a Card", 1a (at most four of a name, Basic Converts unlimited). Library size
    is not set by the rulebook; sample decks use 40 (interpretation)."""
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0].startswith("# Name:"), path.name
    name, sections = parse_deck(text)
    assert name
    assert set(sections) == {"bounder", "soul_pond", "library"}
    for slug, counts in sections.items():
        allowed = GAME.section(slug).card_types
        for card_name in counts:
            assert card_name in by_name, f"{path.name}: unknown card {card_name!r}"
            assert by_name[card_name]["card_type"] in allowed, (path.name, slug, card_name)
    assert sum(sections["bounder"].values()) == 1
    assert sum(sections["soul_pond"].values()) == 1
    library = sections["library"]
    assert sum(library.values()) == SAMPLE_LIBRARY_SIZE
    for card_name, n in library.items():
        card = by_name[card_name]
        if not (card["card_type"] == "convert" and card["attributes"]["basic"]):
            assert n <= MAX_COPIES, (path.name, card_name, n)


def test_decks_are_distinct():
    parsed = [parse_deck(p.read_text(encoding="utf-8")) for p in DECK_FILES]
    assert len({name for name, _ in parsed}) == 3
    assert len({next(iter(s["bounder"])) for _, s in parsed}) == 3
    libraries = [frozenset(s["library"].items()) for _, s in parsed]
    assert len(set(libraries)) == 3


def test_parser_rejects_over_four_copies(by_name):
    """ "1. Breakdown of a Card", 1a, checked on a hand-made list: five of a non-basic name is illegal,
    while twelve Basic Converts are fine."""
    _, sections = parse_deck("Bounder:\n1 Vordak the Ash Warden\nSoul Pond:\n1 Hollowmere Pond\n"
                             "Library:\n12 Death Convert\n5 Cinderjaw Hound  # too many\n")
    over = [n for n, k in sections["library"].items()
            if k > MAX_COPIES and not by_name[n]["attributes"].get("basic")]
    assert over == ["Cinderjaw Hound"]
