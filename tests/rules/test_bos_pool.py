"""The BOS card pool (fixtures/bos.json) and the BOS deck lists (fixtures/decks/bos-*.txt).

Pure Python: no Django. Rulebook: shared/rulebooks/bos.txt; sections are cited by their
headings ("Starting Info", "Cards", "Phase 2: Summoning Phase", "Cast a Spell",
"Summon Your Boss", "Abilities", "Reserves").
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from rules.bos.cards import COLORS, EFFECT_OPS, GAME, TIMINGS

ROOT = Path(__file__).resolve().parents[2]
POOL_PATH = ROOT / "fixtures" / "bos.json"
DECK_PATHS = sorted((ROOT / "fixtures" / "decks").glob("bos-*.txt"))

MARK_RE = re.compile(r"^\((Optional|Mandatory)\) ")
MUST_RE = re.compile(r"\bmust\b", re.IGNORECASE)
ENCHANT_RE = re.compile(r"\benchant", re.IGNORECASE)
MAIN_SIZE = {"wizard": 3, "summon": 10, "spell": 10, "boss": 1}
MAX_COPIES = 3
MAX_RESERVES = 10


def _load_pool() -> dict:
    with POOL_PATH.open(encoding="utf-8") as f:
        return json.load(f)


POOL = _load_pool()
CARDS = POOL["cards"]
BY_NAME = {c["name"]: c for c in CARDS}


def _of(color: str, card_type: str) -> list[dict]:
    return [c for c in CARDS if c["attributes"]["color"] == color and c["card_type"] == card_type]


def _cost_text(cost: list[dict]) -> str:
    words = []
    for op in cost:
        if op["op"] == "act":
            words.append("act")
        elif op["op"] == "pay_vim":
            words.append(f"{op['amount']} vim")
        elif op["op"] == "lose_life":
            words.append(f"{op['amount']} life")
        else:  # pragma: no cover - a new kind of cost needs a printed form here
            raise AssertionError(f"no printed form for cost op {op!r}")
    return "[" + ", ".join(words) + "]"


# --------------------------------------------------------------------------- pool: format


def test_pool_is_for_bos():
    assert POOL["game"] == GAME.slug


def test_every_card_validates_against_the_bos_schema():
    """rules/bos/cards.py encodes "Starting Info", "Cards", "Cast a Spell" and "Abilities"."""
    failures = {}
    for card in CARDS:
        errors = GAME.validate_card(
            card_type=card["card_type"], attributes=card["attributes"], effects=card.get("effects", [])
        )
        if errors:
            failures[f"{card['set']}-{card['number']} {card['name']}"] = errors
    for where, errors in failures.items():
        print(where)
        for field, message in errors:
            print(f"    {field}: {message}")
    assert failures == {}


def test_set_and_number_are_unique_and_zero_padded():
    keys = Counter((c["set"], c["number"]) for c in CARDS)
    assert [k for k, n in keys.items() if n > 1] == []
    assert all(re.fullmatch(r"\d{3}", c["number"]) for c in CARDS)


def test_sets_are_defined_with_known_kinds():
    codes = [s["code"] for s in POOL["sets"]]
    assert len(codes) == len(set(codes))
    assert all(s["kind"] in GAME.set_kinds for s in POOL["sets"])
    assert {c["set"] for c in CARDS} <= set(codes)
    kinds = Counter(s["kind"] for s in POOL["sets"])
    assert kinds["starter"] == 3 and kinds["core"] >= 1


def test_each_starter_set_is_one_colour():
    """A starter deck is "pre-made for you" and shares one colour ("Starting Info")."""
    for s in POOL["sets"]:
        if s["kind"] == "starter":
            assert len({c["attributes"]["color"] for c in CARDS if c["set"] == s["code"]}) == 1, s["code"]


def test_rarity_codes_are_declared_and_all_used():
    """"Cards" item 5: the right box holds the production edition and rarity."""
    declared = {r.code for r in GAME.rarities}
    used = {c["rarity"] for c in CARDS}
    assert used <= declared
    assert used == declared


def test_same_name_same_text():
    """"Cards" item 1: every card with the same name will have the same text on it."""
    texts: dict[str, set[str]] = {}
    for c in CARDS:
        texts.setdefault(c["name"], set()).add(c["text"])
    assert {n: t for n, t in texts.items() if len(t) > 1} == {}


# --------------------------------------------------------------------------- pool: per colour


@pytest.mark.parametrize("color", COLORS)
def test_enough_cards_of_each_type_per_colour(color):
    """"Starting Info": a deck is 3 different wizards, 10 summons, 10 spells, 1 boss of one colour."""
    assert len(_of(color, "wizard")) >= 4
    assert len(_of(color, "summon")) >= 12
    assert len(_of(color, "spell")) >= 12
    assert len(_of(color, "boss")) >= 2


@pytest.mark.parametrize("color", COLORS)
def test_summons_have_strength_and_a_conducting_condition(color):
    """"Phase 2: Summoning Phase": "Conduct a summon with Forest Sage" / "with any yellow wizard"."""
    wizards = {c["name"] for c in _of(color, "wizard")}
    for card in _of(color, "summon"):
        a = card["attributes"]
        assert isinstance(a["strength"], int) and a["strength"] > 0, card["name"]
        by = a["conducted_by"]
        assert by == f"any {color} wizard" or by in wizards, (card["name"], by)
        assert a["summoning_condition"] == f"Conduct a summon with {by}.", card["name"]
    conductors = Counter(c["attributes"]["conducted_by"] for c in _of(color, "summon"))
    assert conductors[f"any {color} wizard"] >= 1
    assert any(by in wizards for by in conductors)


@pytest.mark.parametrize("color", COLORS)
def test_spells_have_vim_cost_enchantments_and_conditions(color):
    """"Cast a Spell": vim cost; italic text first is a casting condition; the word enchant."""
    spells = _of(color, "spell")
    for card in spells:
        a = card["attributes"]
        assert isinstance(a["vim_cost"], int) and a["vim_cost"] >= 0
        body = MARK_RE.sub("", card["text"])
        first = card["effects"][0]
        if a["enchant"]:
            assert ENCHANT_RE.search(card["text"]), card["name"]
            assert any(op["op"] == "enchant" for op in first["ops"]), card["name"]
        else:
            assert not ENCHANT_RE.search(card["text"]), card["name"]
        if a["conditional"]:
            assert first.get("condition"), card["name"]
            assert body.startswith(first["condition"] + ","), card["name"]
        else:
            assert "condition" not in first, card["name"]
        assert first["timing"] == "cast"
    assert sum(c["attributes"]["enchant"] for c in spells) >= 2
    assert sum(c["attributes"]["conditional"] for c in spells) >= 2


@pytest.mark.parametrize("color", COLORS)
def test_bosses_have_strength_and_a_face_up_condition(color):
    """"Summon Your Boss": if its summoning condition is met, turn it face-up in your main phase."""
    for card in _of(color, "boss"):
        a = card["attributes"]
        assert isinstance(a["strength"], int) and a["strength"] > 0
        assert "face-up" in a["summoning_condition"] and "main phase" in a["summoning_condition"]
        assert "conducted_by" not in a


# --------------------------------------------------------------------------- pool: abilities


def test_abilities_are_written_in_the_four_parts():
    """"Abilities": condition (italic), [cost], optional/mandatory mark at the beginning, effect."""
    for card in CARDS:
        text = card["text"]
        mark = MARK_RE.match(text)
        assert mark, card["name"]
        body = text[mark.end():]
        effects = card["effects"]
        assert effects, card["name"]
        first = effects[0]
        for eff in effects:
            assert eff["timing"] in TIMINGS
            assert all(op["op"] in EFFECT_OPS for op in eff["ops"] + eff.get("cost", []))
            assert eff["text"] == text
        cost = first.get("cost", [])
        if first.get("condition"):
            assert body.startswith(first["condition"] + ","), card["name"]
        if cost:
            # "Abilities" item 2: the cost is in brackets; a cost always follows a condition here.
            assert first.get("condition"), card["name"]
            assert f"{first['condition']}, {_cost_text(cost)}: " in body, card["name"]
        else:
            assert "[" not in body, card["name"]
        if first["timing"] == "static":
            assert not cost, card["name"]


def test_mandatory_abilities_say_must_and_optional_ones_do_not():
    """"Abilities" item 3: all abilities that are mandatory will also have the word "must" in it;
    Forest Sage's is optional because it "does not say the word must"."""
    for card in CARDS:
        mandatory = card["text"].startswith("(Mandatory)")
        assert card["attributes"]["mandatory"] is mandatory, card["name"]
        assert all(e["mandatory"] is mandatory for e in card["effects"]), card["name"]
        assert bool(MUST_RE.search(card["text"])) is mandatory, card["name"]
    assert any(c["attributes"]["mandatory"] for c in CARDS)


def test_enchant_spells_have_a_valid_target():
    """"Cast a Spell": an enchant spell is placed underneath a valid card."""
    for card in CARDS:
        for eff in card["effects"]:
            for op in eff["ops"]:
                if op["op"] == "enchant":
                    assert card["card_type"] == "spell" and card["attributes"]["enchant"]
                    assert op.get("target")


def test_cards_the_rulebook_names():
    """"Cards" and "Abilities" name Forest Sage, Essence of Nature, Pyro-Maniac, Perfect Infusion."""
    sage = BY_NAME["Forest Sage"]
    assert (sage["card_type"], sage["attributes"]["color"]) == ("wizard", "yellow")
    assert sage["text"] == "(Optional) During your main phase, [act]: A summon you control gains 2 strength."
    assert sage["effects"][0]["cost"] == [{"op": "act"}]
    assert sage["effects"][0]["mandatory"] is False
    essence = BY_NAME["Essence of Nature"]
    assert (essence["card_type"], essence["attributes"]["color"]) == ("summon", "yellow")
    assert essence["attributes"]["summoning_condition"] == "Conduct a summon with Forest Sage."
    pyro = BY_NAME["Pyro-Maniac"]
    assert (pyro["card_type"], pyro["attributes"]["color"]) == ("boss", "red")
    infusion = BY_NAME["Perfect Infusion"]
    assert (infusion["card_type"], infusion["attributes"]["color"]) == ("spell", "blue")


# --------------------------------------------------------------------------- decks


def parse_deck(text: str) -> tuple[str | None, dict[str, Counter]]:
    """Parse `Main:` / `Reserves:` sections of `N Card Name` lines; `#` starts a comment."""
    name = None
    sections: dict[str, Counter] = {"main": Counter(), "reserves": Counter()}
    current = None
    for raw in text.splitlines():
        if raw.lstrip().startswith("#"):
            m = re.match(r"\s*#\s*Name:\s*(.+?)\s*$", raw)
            if m and name is None:
                name = m.group(1)
            continue
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        header = re.fullmatch(r"(Main|Reserves):", line, re.IGNORECASE)
        if header:
            current = header.group(1).lower()
            continue
        m = re.fullmatch(r"(\d+)\s+(.+)", line)
        assert m, f"bad deck line: {raw!r}"
        assert current is not None, f"card line before a section header: {raw!r}"
        sections[current][m.group(2).strip()] += int(m.group(1))
    return name, sections


def test_parse_deck_reads_sections_and_comments():
    name, s = parse_deck("# Name: X\nMain:\n2 Flame Jab # burn\n\nReserves:\n1 Firestorm\n")
    assert name == "X"
    assert s["main"] == Counter({"Flame Jab": 2})
    assert s["reserves"] == Counter({"Firestorm": 1})


def test_there_are_three_bos_decks_one_per_colour():
    colours = set()
    for path in DECK_PATHS:
        _, s = parse_deck(path.read_text(encoding="utf-8"))
        colours |= {BY_NAME[n]["attributes"]["color"] for n in s["main"] if n in BY_NAME}
    assert len(DECK_PATHS) >= 3
    assert colours == set(COLORS)


@pytest.mark.parametrize("path", DECK_PATHS, ids=lambda p: p.name)
def test_deck_is_legal(path):
    """"Starting Info": 24 cards (3 wizards, 10 summons, 10 spells, 1 boss), one colour, up to 3
    copies, 3 different wizards. "Reserves": at most 10 cards, summons and spells only, and the
    3-copy limit counts the deck and the reserves together."""
    text = path.read_text(encoding="utf-8")
    name, s = parse_deck(text)
    assert text.startswith("# Name:") and name
    main, reserves = s["main"], s["reserves"]
    unknown = [n for n in (*main, *reserves) if n not in BY_NAME]
    assert unknown == []

    by_type = Counter()
    for card_name, n in main.items():
        by_type[BY_NAME[card_name]["card_type"]] += n
    assert dict(by_type) == MAIN_SIZE
    assert sum(main.values()) == 24
    wizards = [n for n in main if BY_NAME[n]["card_type"] == "wizard"]
    assert len(wizards) == 3 and all(main[w] == 1 for w in wizards)

    colours = {BY_NAME[n]["attributes"]["color"] for n in (*main, *reserves)}
    assert len(colours) == 1

    assert 0 < sum(reserves.values()) <= MAX_RESERVES
    assert {BY_NAME[n]["card_type"] for n in reserves} <= {"summon", "spell"}
    total = main + reserves
    assert {n: k for n, k in total.items() if k > MAX_COPIES} == {}
