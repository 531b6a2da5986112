"""The Millennium Blades card pool (fixtures/millennium_blades.json) and its sample decks.

Pure Python, no Django. Every check names the rulebook section it follows
(shared/rulebooks/millennium-blades.txt).
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from rules.millennium_blades.cards import (
    EFFECT_OPS,
    ELEMENTS,
    GAME,
    KEYWORDS,
    SET_KINDS,
    TIMINGS,
    TYPES,
)

ROOT = Path(__file__).resolve().parents[2]
POOL_PATH = ROOT / "fixtures" / "millennium_blades.json"
DECK_DIR = ROOT / "fixtures" / "decks"

PROMO_KINDS = ("bronze_promo", "silver_promo", "gold_promo")
BOOSTER_KINDS = ("expansion", "premium", "master")  # "12 cards each" (COMPONENTS)
TIMING_WORDS = {
    "play": "Play:", "next": "Next:", "flip": "Flip:", "ongoing": "Ongoing:", "top": "Top:",
    "score": "Score:", "reaction": "Reaction:", "action": "Action:",
}
# Printed keyword name, the timing its text carries, and the op that does its work.
KEYWORD_SPEC = {
    "mimicry": ("Mimicry", "ongoing", "copy_attributes"),
    "blast_off": ("Blast Off", "action", "star_tokens"),
    "scurry": ("Scurry", "play", "insert"),
    "anvil_drop": ("Anvil Drop", "action", "flip"),
    "thwomp": ("Thwomp!", "play", "flip"),
}


@pytest.fixture(scope="module")
def pool() -> dict:
    with POOL_PATH.open(encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="module")
def cards(pool) -> list[dict]:
    return pool["cards"]


@pytest.fixture(scope="module")
def sets(pool) -> dict[str, dict]:
    return {s["code"]: s for s in pool["sets"]}


@pytest.fixture(scope="module")
def by_name(cards) -> dict[str, dict]:
    return {c["name"]: c for c in cards}


def singles(cards):
    return [c for c in cards if c["card_type"] == "single"]


def effects_of(card):
    return card.get("effects", [])


def all_ops(ops):
    """Every op in a list, including ops nested in a clash's win/lose branches."""
    for o in ops:
        yield o
        for branch in ("win", "lose"):
            if isinstance(o.get(branch), list):
                yield from all_ops(o[branch])


# ----------------------------------------------------------------------------- the file itself


def test_pool_is_for_this_game(pool):
    """docs/fixture-format.md: one file per game, keyed by the game slug."""
    assert pool["game"] == GAME.slug == "millennium_blades"


def test_every_card_validates(cards):
    """CARD DATA / SINGLES / DECK BOXES / ACCESSORIES: every card passes the game's schema."""
    failures = {}
    for c in cards:
        errors = GAME.validate_card(
            card_type=c["card_type"], attributes=c["attributes"], effects=c.get("effects", [])
        )
        if errors:
            failures[f'{c["set"]}-{c["number"]} {c["name"]}'] = errors
    if failures:
        for name, errors in failures.items():
            print(name, errors)
    assert failures == {}


def test_set_and_number_unique_and_names_unique(cards):
    """docs/fixture-format.md: (game, set, number) is unique; names are unique so deck lists are."""
    keys = Counter((c["set"], c["number"]) for c in cards)
    assert [k for k, n in keys.items() if n > 1] == []
    assert all(re.fullmatch(r"\d{3}", c["number"]) for c in cards)
    names = Counter(c["name"] for c in cards)
    assert [k for k, n in names.items() if n > 1] == []


def test_rarity_codes_and_set_codes(cards, sets):
    """CARD DATA "Rarity"; RARITIES: every card's rarity is a declared code and its set exists."""
    codes = {r.code for r in GAME.rarities}
    assert {c["rarity"] for c in cards} <= codes
    assert {c["set"] for c in cards} <= set(sets)
    for s in sets.values():
        assert s["kind"] in SET_KINDS, s


def test_text_fields(cards):
    """CARD DATA: name and effect text (flavor is optional and has no effect)."""
    for c in cards:
        assert c["name"].strip() and isinstance(c["text"], str), c
        assert c["card_type"] in GAME.card_type_slugs


# ----------------------------------------------------------------------------- sets


def test_every_set_kind_present(sets):
    """SET BREAKDOWN / COMPONENTS: starter, core, expansion, premium, master and the three promo tiers."""
    kinds = Counter(s["kind"] for s in sets.values())
    for kind in SET_KINDS:
        assert kinds[kind] >= 1, kind
    assert kinds["expansion"] >= 3  # "11 Expansion Sets": we ship a few
    core = [s for s in sets.values() if s["kind"] == "core"]
    assert [s["name"] for s in core] == ["Core Set"]


def test_no_real_set_names_reused(sets):
    """Original content: no set name from the rulebook's lists except "Core Set"."""
    real = {
        "fists of steel", "obari as hell", "rubber ducky maid crusaders r", "1001 nights",
        "gno-man's land", "cards magica", "ad 2400", "clockwork empire", "pandora's box opened",
        "symphony of destruction", "galactic caboose", "006 plus one", "legend of final badass",
        "princess blade", "elemental dragon lords", "elemental blades", "sealed vaults",
    }
    assert not {s["name"].lower() for s in sets.values()} & real


def test_every_set_holds_singles_and_pool_has_boxes_and_accessories(cards, sets):
    """SINGLES / DECK BOXES / ACCESSORIES: deck boxes "come in the core set" and most accessories are
    "found in the Core Set, but several other sets contain them as well"."""
    by_set = defaultdict(list)
    for c in cards:
        by_set[c["set"]].append(c)
    for code in sets:
        assert any(c["card_type"] == "single" for c in by_set[code]), code
    core = next(code for code, s in sets.items() if s["kind"] == "core")
    assert sum(c["card_type"] == "deck_box" for c in by_set[core]) >= 3
    assert sum(c["card_type"] == "accessory" for c in by_set[core]) >= 3
    elsewhere = [c for c in cards if c["set"] != core]
    assert any(c["card_type"] == "deck_box" for c in elsewhere)
    assert any(c["card_type"] == "accessory" for c in elsewhere)


def test_cost_is_one_number_per_set_and_rises_with_kind(cards, sets):
    """THE STORE "Buy a Pack": the buy cost is the number on the card's back, so one per set;
    premium and master sets cost more than core and expansion sets."""
    costs = defaultdict(set)
    for c in cards:
        costs[c["set"]].add(c["attributes"]["cost"])
    per_kind = defaultdict(set)
    for code, found in costs.items():
        assert len(found) == 1, (code, found)
        per_kind[sets[code]["kind"]] |= found
    assert max(per_kind["core"]) < min(per_kind["expansion"])
    assert max(per_kind["expansion"]) < min(per_kind["premium"])
    assert max(per_kind["premium"]) < min(per_kind["master"])
    assert max(per_kind["master"]) < min(per_kind["bronze_promo"])
    assert max(per_kind["bronze_promo"]) < min(per_kind["silver_promo"])
    assert max(per_kind["silver_promo"]) < min(per_kind["gold_promo"])
    assert per_kind["starter"] == {0}  # starter decks are dealt at setup, never bought


def test_copies_follow_the_faq(cards, sets):
    """FAQs "How do I tell how many of a card are in a set?": highest star 1 copy, lowest 3, others
    2; one of each promo; "Core Set is an exception". COMPONENTS: booster sets hold 12 cards."""
    by_set = defaultdict(list)
    for c in cards:
        by_set[c["set"]].append(c)
    for code, members in by_set.items():
        kind = sets[code]["kind"]
        copies = [c["attributes"]["copies"] for c in members]
        if kind in PROMO_KINDS:
            assert set(copies) == {1}, code
            assert len(members) == 6  # "Promo Sets (6 cards each)"
        elif kind == "starter":
            assert set(copies) == {1}, code
            assert len(members) == 9  # "6 Starter Decks (9 cards each)"
        elif kind in BOOSTER_KINDS:
            stars = [c["attributes"]["star"] for c in members]
            hi, lo = max(stars), min(stars)
            assert stars.count(hi) == 1 and stars.count(lo) == 1, code
            for c in members:
                star = c["attributes"]["star"]
                want = 1 if star == hi else 3 if star == lo else 2
                assert c["attributes"]["copies"] == want, c["name"]
            assert sum(copies) == 12, code  # "(12 cards each)"
        else:
            assert all(n >= 1 for n in copies)


def test_rarity_by_set_kind(cards, sets):
    """RARITIES: "'Promo' refers to any rarity of Promo card"; starter decks are Starter rarity;
    S, R, SR, UR and P all appear."""
    assert {c["rarity"] for c in cards} == {"S", "R", "SR", "UR", "P"}
    for c in cards:
        kind = sets[c["set"]]["kind"]
        assert (c["rarity"] == "P") == (kind in PROMO_KINDS), c["name"]
        assert (c["rarity"] == "S") == (kind == "starter"), c["name"]


# ----------------------------------------------------------------------------- attributes


def test_star_ratings_cover_one_to_ten_and_x(cards):
    """CARD DATA "Star Rating": ranges 1-10; a card may print "X" (it sets its own)."""
    stars = {c["attributes"]["star"] for c in singles(cards)}
    assert set(range(1, 11)) <= stars
    assert "X" in stars
    # Every card sells to the Aftermarket for its Star Rating (Sell to the Aftermarket).
    assert all("star" in c["attributes"] for c in cards)
    x_cards = [c for c in cards if c["attributes"]["star"] == "X"]
    for c in x_cards:
        assert any(o["op"] == "set_star" for e in effects_of(c) for o in e["ops"]), c["name"]


def test_rulebook_named_cards(by_name, sets):
    """Cards the rulebook names: James Bomb (7, "Sell to the Aftermarket"), Knight Captain Malcombe
    (10) and Evil Beethoven (8) ("Clashing"), Salamander (an Action that clashes), Orella ("Cannot be
    flipped"), Evil Helbane and Soul Caliper, a promo ("Trade with Players"), Exaltius (9)."""
    assert by_name["James Bomb"]["attributes"]["star"] == 7
    assert by_name["Knight Captain Malcombe"]["attributes"]["star"] == 10
    assert by_name["Evil Beethoven"]["attributes"]["star"] == 8
    assert by_name["Exaltius the Untenable"]["attributes"]["star"] == 9
    for name in ("James Bomb", "Knight Captain Malcombe", "Evil Beethoven", "Exaltius the Untenable",
                 "Salamander, Volcanic Lizard", "Orella", "Evil Helbane"):
        assert by_name[name]["card_type"] == "single", name
    sal = by_name["Salamander, Volcanic Lizard"]
    assert any(e["timing"] == "action" and any(o["op"] == "clash" for o in e["ops"])
               for e in effects_of(sal))
    orella = by_name["Orella"]
    assert any(e["timing"] == "ongoing" and {"op": "protect", "target": "adjacent"} in e["ops"]
               for e in effects_of(orella))
    assert "adjacent" in orella["text"].lower() and "cannot be flipped" in orella["text"]
    assert sets[by_name["Soul Caliper"]["set"]]["kind"] in PROMO_KINDS


def test_all_elements_and_types_used_with_duals(cards):
    """CARD DATA / ELEMENTS / TYPES: six elements and six types; "Some cards have multiple Types or
    Elements"."""
    els = {e for c in cards for e in c["attributes"].get("elements", [])}
    tys = {t for c in cards for t in c["attributes"].get("types", [])}
    assert els == set(ELEMENTS)
    assert tys == set(TYPES)
    assert any(len(c["attributes"].get("elements", [])) >= 2 for c in cards)
    assert any(len(c["attributes"].get("types", [])) >= 2 for c in cards)
    for c in singles(cards):
        assert c["attributes"].get("elements") and c["attributes"].get("types"), c["name"]


def test_some_boxes_and_accessories_lack_symbols(cards):
    """ACCESSORIES footnote: "Accessories and Deck Boxes do not often have Elements or Types. Those
    that do not have one of these symbols cannot be used as part of a collection"."""
    for kind in ("deck_box", "accessory"):
        bare = [c for c in cards if c["card_type"] == kind
                and not c["attributes"].get("elements") and not c["attributes"].get("types")]
        marked = [c for c in cards if c["card_type"] == kind
                  and (c["attributes"].get("elements") or c["attributes"].get("types"))]
        assert len(bare) >= 2, kind
        assert marked, kind


# ----------------------------------------------------------------------------- effects


def test_every_timing_printed_and_structured(cards):
    """Effects on Cards / Use an Action: Play, Next, Flip, Ongoing, Top, Score, Reaction and Action
    each appear, printed as "Word:" in the card text and carried as the effect's timing."""
    seen = set()
    for c in cards:
        for e in effects_of(c):
            assert e["timing"] in TIMINGS
            seen.add(e["timing"])
            assert TIMING_WORDS[e["timing"]] in e["text"], (c["name"], e)
            assert e["text"] in c["text"], c["name"]
            for o in all_ops(e["ops"] + e.get("cost", [])):
                assert o["op"] in EFFECT_OPS, (c["name"], o)
        printed = re.findall(r"\b(Play|Next|Flip|Ongoing|Top|Score|Reaction|Action):", c["text"])
        assert Counter(p.lower() for p in printed) == Counter(e["timing"] for e in effects_of(c)), c["name"]
    assert seen == set(TIMINGS)


def test_reactions_and_actions_are_on_singles_and_accessories(cards):
    """Use an Action: "Actions usually show up on Accessories, but any card might have one";
    Reaction effects name their triggering condition."""
    actions = [c for c in cards if any(e["timing"] == "action" for e in effects_of(c))]
    assert {c["card_type"] for c in actions} >= {"single", "accessory"}
    for c in cards:
        for e in effects_of(c):
            if e["timing"] == "reaction":
                assert e.get("trigger") and e.get("optional") is True, c["name"]


def test_keywords_on_two_cards_each_with_full_text(cards):
    """Set Specific Keywords: Mimicry, Blast Off, Scurry, Anvil Drop and Thwomp! - "On most cards,
    the keyword's full text is printed out"; each keyword is on at least two cards."""
    carriers = defaultdict(list)
    for c in cards:
        listed = set(c["attributes"].get("keywords", []))
        structured = {e["keyword"] for e in effects_of(c) if "keyword" in e}
        assert listed == structured, c["name"]
        for kw in structured:
            carriers[kw].append(c)
    for kw in KEYWORDS:
        assert len(carriers[kw]) >= 2, kw
        printed, timing, op_name = KEYWORD_SPEC[kw]
        for c in carriers[kw]:
            effect = next(e for e in effects_of(c) if e.get("keyword") == kw)
            assert effect["text"].startswith(printed), (c["name"], effect["text"])
            assert effect["timing"] == timing, c["name"]
            assert op_name in [o["op"] for o in effect["ops"]], c["name"]
            assert len(effect["text"]) > len(printed) + 40, "full keyword text is printed"


def test_keyword_details(cards):
    """Set Specific Keywords: Blast Off puts 3 +1 STAR tokens on the next card played (PLUS puts
    more); Thwomp! flips the card to the left and gains RP; Anvil Drop flips a card in another
    player's tableau; Scurry's insert is optional ("You may")."""
    for c in cards:
        for e in effects_of(c):
            kw = e.get("keyword")
            if kw == "blast_off":
                tok = next(o for o in e["ops"] if o["op"] == "star_tokens")
                assert tok["target"] == {"player": "self", "pick": "next_played"}
                if "PLUS" in e["text"]:
                    assert tok["amount"] > 3
                else:
                    assert tok["amount"] == 3
                assert e.get("optional") is True
            elif kw == "thwomp":
                assert e["condition"] == {"test": "card", "card": "left",
                                          "is": {"face": "up", "star": {"cmp": "<", "value": "this"}}}
                assert e["ops"][0] == {"op": "flip", "target": {"player": "self", "pick": "left"}}
                assert e["ops"][1]["op"] == "gain_rp" and e["ops"][1]["amount"] > 0
                assert f'gain {e["ops"][1]["amount"]} RP' in e["text"]
            elif kw == "anvil_drop":
                assert e["ops"][0]["target"]["player"] != "self"
            elif kw == "scurry":
                assert e.get("optional") is True
    assert any("Blast Off PLUS" in c["text"] for c in cards)


# ----------------------------------------------------------------------------- decks

SECTION_HEADERS = {"singles:": "singles", "deck box:": "deck_box", "accessories:": "accessories"}
SECTION_TYPES = {"singles": "single", "deck_box": "deck_box", "accessories": "accessory"}
SECTION_LIMITS = {"singles": 8, "deck_box": 1, "accessories": 2}


def parse_deck(text: str) -> tuple[str | None, dict[str, list[tuple[int, str]]]]:
    """Read a deck list: `# Name:` comment, section header lines, `N Card Name` lines."""
    name = None
    sections: dict[str, list[tuple[int, str]]] = {s: [] for s in SECTION_LIMITS}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#"):
            m = re.match(r"#\s*Name:\s*(.+)", line)
            if m and name is None:
                name = m.group(1).strip()
            continue
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if line.lower() in SECTION_HEADERS:
            current = SECTION_HEADERS[line.lower()]
            continue
        m = re.fullmatch(r"(\d+)\s+(.+)", line)
        assert m and current, f"bad deck line {raw!r}"
        sections[current].append((int(m.group(1)), m.group(2).strip()))
    return name, sections


def test_deck_parser_reads_headers_comments_and_counts():
    """Build your Deck: the parser the deck checks below rely on."""
    name, sec = parse_deck("# Name: T\n# note\nSingles:\n1 A, B  # c\nDeck Box:\n1 C\nAccessories:\n2 D\n")
    assert name == "T"
    assert sec == {"singles": [(1, "A, B")], "deck_box": [(1, "C")], "accessories": [(2, "D")]}


DECK_FILES = sorted(DECK_DIR.glob("millennium_blades-*.txt"))


def test_three_distinct_deck_files():
    """Build your Deck: at least three sample decks, each different."""
    assert len(DECK_FILES) >= 3
    contents = set()
    for path in DECK_FILES:
        _, sec = parse_deck(path.read_text(encoding="utf-8"))
        contents.add(frozenset(n for lines in sec.values() for _, n in lines))
    assert len(contents) == len(DECK_FILES)


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.name)
def test_deck_is_legal_and_full(path, by_name):
    """Build your Deck: "up to eight singles, up to one Deck Box, and up to two Accessories" and
    "You may only have one copy of any card in your deck!". Our samples are full decks."""
    name, sec = parse_deck(path.read_text(encoding="utf-8"))
    assert name, "deck file starts with a # Name: comment"
    seen = Counter()
    for section, lines in sec.items():
        total = 0
        for count, card_name in lines:
            assert card_name in by_name, f"{path.name}: unknown card {card_name!r}"
            assert by_name[card_name]["card_type"] == SECTION_TYPES[section], card_name
            assert GAME.section_for_type(by_name[card_name]["card_type"]).slug == section
            seen[card_name] += count
            total += count
        assert total == SECTION_LIMITS[section], (path.name, section, total)
    assert all(n == 1 for n in seen.values()), seen
