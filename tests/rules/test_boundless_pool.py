"""The Boundless TCG card pool (fixtures/boundless.json) and its sample decks.

Pure Python, no Django. The rulebook is shared/rulebooks/boundless-tcg.txt; each test names
the section it pins.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from rules.boundless.cards import EFFECT_OPS, GAME, TIMINGS

ROOT = Path(__file__).resolve().parents[2]
POOL_PATH = ROOT / "fixtures" / "boundless.json"
DECK_PATHS = sorted((ROOT / "fixtures" / "decks").glob("boundless-*.txt"))

POOL = json.loads(POOL_PATH.read_text(encoding="utf-8"))
CARDS = POOL["cards"]
BY_NAME = {c["name"]: c for c in CARDS}

SPIRIT_NAMES = {
    "Boost Spirit": "boost",
    "Rescue Spirit": "rescue",
    "Aggress Spirit": "aggress",
    "Protect Spirit": "protect",
    "Perfect Spirit": "perfect",
}
KEYWORD_OPS = ("draw", "discard", "rescue", "spiritualize", "invoke", "despiritualize", "devour")
INDICATORS = {
    "auto": "[AUTO] ",
    "cont": "CONT: ",
    "interrupt": "[INTERRUPT] ",
    "swift": "[SWIFT] ",
    "independent": "[INDEPENDENT] ",
}


def of_type(card_type: str) -> list[dict]:
    return [c for c in CARDS if c["card_type"] == card_type]


def all_effects():
    for card in CARDS:
        for effect in card.get("effects", []):
            yield card, effect


def all_ops(effect: dict):
    yield from effect.get("cost", [])
    yield from effect.get("ops", [])


# --------------------------------------------------------------------------- the pool itself


def test_pool_is_for_boundless():
    assert POOL["game"] == GAME.slug == "boundless"


@pytest.mark.parametrize("card", CARDS, ids=[f'{c["set"]}-{c["number"]} {c["name"]}' for c in CARDS])
def test_every_card_validates(card):
    """Types, attributes and effect ops as declared in rules/boundless/cards.py."""
    errors = GAME.validate_card(
        card_type=card["card_type"], attributes=card["attributes"], effects=card.get("effects", [])
    )
    if errors:
        print(card["name"], errors)
    assert errors == []


def test_set_number_unique_and_zero_padded():
    keys = [(POOL["game"], c["set"], c["number"]) for c in CARDS]
    dupes = [k for k, n in Counter(keys).items() if n > 1]
    assert dupes == []
    assert all(re.fullmatch(r"\d{3}", c["number"]) for c in CARDS)


def test_names_unique():
    dupes = [n for n, k in Counter(c["name"] for c in CARDS).items() if k > 1]
    assert dupes == []


def test_sets_defined_and_kinds_valid():
    sets = POOL["sets"]
    codes = [s["code"] for s in sets]
    assert 2 <= len(sets) <= 3
    assert len(set(codes)) == len(codes)
    assert all(s["kind"] in GAME.set_kinds for s in sets)
    assert {"starter", "core"} <= {s["kind"] for s in sets}
    assert {c["set"] for c in CARDS} <= set(codes)
    assert {c["set"] for c in CARDS} == set(codes), "every set has cards"


def test_rarities_valid_and_all_used():
    codes = {r.code for r in GAME.rarities}
    assert {c["rarity"] for c in CARDS} <= codes
    assert {c["rarity"] for c in CARDS} == codes == {"C", "U", "R", "SR", "SCR"}


def test_every_card_with_text_has_structured_effects():
    """docs/architecture.md: card effects are data. A form with no text is a vanilla form."""
    for card in CARDS:
        texts = [card.get("text", ""), card["attributes"].get("boundless_text", "")]
        if any(t.strip() for t in texts):
            assert card.get("effects"), card["name"]


# --------------------------------------------------------------------------- card types


def test_saviors():
    """boundless-tcg.txt, "SAVIOR CARDS": two sides, bound and boundless, and a flip
    requirement at the bottom of the effect box ("CARD ANATOMY"); they gain PWR when flipped."""
    saviors = of_type("savior")
    assert len(saviors) >= 3
    for s in saviors:
        a = s["attributes"]
        assert isinstance(a["pwr"], int) and isinstance(a["boundless_pwr"], int), s["name"]
        assert a["boundless_pwr"] > a["pwr"], s["name"]
        assert s["text"].strip() and a["boundless_text"].strip(), s["name"]
        assert a["flip_condition"].strip(), s["name"]
        # "SPIRIT CARDS ARE WHAT SAVIOR CARDS NEED TO ENTER INTO THEIR BOUNDLESS STATE"
        assert "spirit" in a["flip_condition"].lower(), s["name"]
        sides = Counter(e.get("side") for e in s["effects"])
        assert set(sides) == {"bound", "boundless"}, s["name"]
        # the flip requirement, checked by the engine: one effect with timing "flip"
        flips = [e for e in s["effects"] if e["timing"] == "flip"]
        assert len(flips) == 1 and flips[0]["text"] == a["flip_condition"], s["name"]
        # "THEIR ABILITIES ARE ALSO NAMED"
        for e in s["effects"]:
            if e["timing"] == "flip":
                continue
            assert e.get("name"), s["name"]
            printed = s["text"] if e["side"] == "bound" else a["boundless_text"]
            assert f'{e["name"]} \u2014 {e["text"]}' in printed, (s["name"], e["name"])


def test_exactly_the_five_spirits():
    """boundless-tcg.txt, "SPIRIT CARDS": "THERE ARE 5 TYPES OF SPIRIT CARDS"."""
    spirits = of_type("spirit")
    assert {s["name"]: s["attributes"]["spirit_kind"] for s in spirits} == SPIRIT_NAMES
    assert len(spirits) == 5
    for s in spirits:
        assert s["effects"], s["name"]
        # what it grants the form or savior it is underneath
        assert "underneath" in s["text"], s["name"]
        assert any(op["op"] == "pwr" and op.get("target") == "host" or
                   e.get("trigger", "").startswith("host_")
                   for e in s["effects"] for op in e["ops"]), s["name"]


def test_forms_levels_and_named_golem():
    """boundless-tcg.txt, "FORM CARDS": levels 0 to 3; "EMERALDEFENDER GOLEM" is level 1."""
    forms = of_type("form")
    assert len(forms) >= 24
    levels = Counter(f["attributes"]["level"] for f in forms)
    assert set(levels) == {0, 1, 2, 3}
    assert levels[0] >= 8, levels
    assert all(levels[n] >= 4 for n in (1, 2, 3)), levels
    for f in forms:
        assert isinstance(f["attributes"]["pwr"], int), f["name"]
        assert f["attributes"]["tribe"], f["name"]
    golem = BY_NAME["Emeraldefender Golem"]
    assert golem["card_type"] == "form" and golem["attributes"]["level"] == 1


def test_commands_cover_every_kind():
    """boundless-tcg.txt, "COMMAND CARDS": normal, bound, interrupt and swift;
    "AKUMAIDEN'S PUNISHMENT" IS AN INTERRUPT COMMAND."""
    commands = of_type("command")
    assert len(commands) >= 12
    kinds = Counter(c["attributes"]["command_kind"] for c in commands)
    assert set(kinds) == {"normal", "bound", "interrupt", "swift"}
    assert all(n >= 3 for n in kinds.values()), kinds
    punishment = BY_NAME["Akumaiden's Punishment"]
    assert punishment["card_type"] == "command"
    assert punishment["attributes"]["command_kind"] == "interrupt"


def test_command_timings_match_kind():
    """boundless-tcg.txt, "COMMAND CARDS": interrupt commands answer an action, swift ones
    activate from the hand, bound ones stay face-up and act in the act steps."""
    expected = {
        "interrupt": {"interrupt"},
        "swift": {"swift"},
        "normal": {"command"},
        "bound": {"act", "cont"},
    }
    for c in of_type("command"):
        timings = {e["timing"] for e in c["effects"]}
        assert timings <= expected[c["attributes"]["command_kind"]], c["name"]


def test_independent_only_on_forms():
    """boundless-tcg.txt, "EFFECT TIMING INDICATORS": "[INDEPENDENT] THIS ETI IS SPECIFIC TO FORMS"."""
    for card, e in all_effects():
        if e["timing"] == "independent":
            assert card["card_type"] == "form", card["name"]


# --------------------------------------------------------------------------- keywords and timings


def test_every_keyword_op_used():
    """boundless-tcg.txt, "KEYWORDS": draw, discard, rescue, spiritualize, invoke,
    de-spiritualize, devour."""
    used = {op["op"] for _, e in all_effects() for op in all_ops(e)}
    missing = [k for k in KEYWORD_OPS if k not in used]
    assert missing == []
    assert used <= set(EFFECT_OPS)
    text = "\n".join(c["text"] + "\n" + c["attributes"].get("boundless_text", "") for c in CARDS).lower()
    for word in ("draw", "discard", "rescue", "spiritualize", "invoke", "de-spiritualize", "devour"):
        assert word in text, word


def test_every_timing_indicator_used_and_printed():
    """boundless-tcg.txt, "EFFECT TIMING INDICATORS": [AUTO], CONT, [INTERRUPT], [SWIFT],
    [INDEPENDENT] - printed in the text, and the structured timing agrees."""
    used = {e["timing"] for _, e in all_effects()}
    assert set(INDICATORS) <= used
    assert used <= set(TIMINGS)
    for card, e in all_effects():
        printed = "\n".join((card["text"], card["attributes"].get("boundless_text", ""),
                             card["attributes"].get("flip_condition", "")))
        assert e["text"] in printed, (card["name"], e["text"])
        prefix = INDICATORS.get(e["timing"])
        if prefix:
            assert e["text"].startswith(prefix), (card["name"], e["text"])
        else:
            assert not e["text"].startswith(("[", "CONT")), (card["name"], e["text"])


def test_effect_text_reads_condition_cost_effect():
    """boundless-tcg.txt, "How to Read Boundless Card Effects": conditions before the colon,
    the cost before the semicolon, the effect after it. (A savior's flip requirement is a bare
    condition, "SAVIOR CARDS".)"""
    for card, e in all_effects():
        if e["timing"] == "flip":
            assert e["text"] == card["attributes"]["flip_condition"], card["name"]
            continue
        body = e["text"]
        prefix = INDICATORS.get(e["timing"])
        if prefix:
            body = body[len(prefix):]
        if e.get("cost"):
            assert ":" in body and ";" in body, (card["name"], e["text"])
            assert body.index(":") < body.index(";"), (card["name"], e["text"])
        else:
            assert ";" not in body, (card["name"], e["text"])
        if e.get("trigger") or e.get("condition"):
            assert ":" in body, (card["name"], e["text"])


def test_quoted_names_and_braced_tribes_exist():
    """boundless-tcg.txt, "How to Read Boundless Card Effects": card and archetype names in
    "quotations", tribes in {braces}."""
    archetypes = {c["attributes"]["archetype"] for c in CARDS if "archetype" in c["attributes"]}
    tribes = {t for c in CARDS for t in c["attributes"].get("tribe", [])}
    for c in CARDS:
        if "archetype" in c["attributes"]:
            assert c["attributes"]["archetype"] in c["name"], c["name"]
        text = c["text"] + "\n" + c["attributes"].get("boundless_text", "") + "\n" + \
            c["attributes"].get("flip_condition", "")
        for quoted in re.findall(r'"([^"]+)"', text):
            assert quoted in BY_NAME or quoted in archetypes, (c["name"], quoted)
        for braced in re.findall(r"\{([^}]+)\}", text):
            assert braced in tribes, (c["name"], braced)


def test_savior_effects_carry_side_and_others_do_not():
    for card, e in all_effects():
        if card["card_type"] == "savior":
            assert e.get("side") in ("bound", "boundless"), card["name"]
        else:
            assert "side" not in e, card["name"]


# --------------------------------------------------------------------------- decks


def parse_deck(path: Path) -> dict:
    """Read a deck file: section headers `Savior:`/`Main:`/`Spirit:`, lines `N Card Name`,
    `#` comments, and a `# Name:` line on top."""
    lines = path.read_text(encoding="utf-8").splitlines()
    first = next(line for line in lines if line.strip())
    assert first.startswith("# Name:"), path.name
    deck = {"name": first.split(":", 1)[1].strip(), "savior": Counter(), "main": Counter(),
            "spirit": Counter()}
    section = None
    for raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        header = re.fullmatch(r"(Savior|Main|Spirit):", line, flags=re.IGNORECASE)
        if header:
            section = header.group(1).lower()
            continue
        m = re.fullmatch(r"(\d+)\s+(.+)", line)
        assert m, f"{path.name}: cannot read {raw!r}"
        assert section is not None, f"{path.name}: card before a section header"
        deck[section][m.group(2).strip()] += int(m.group(1))
    return deck


DECKS = {p.name: parse_deck(p) for p in DECK_PATHS}


def test_parser_reads_the_format(tmp_path):
    f = tmp_path / "d.txt"
    f.write_text("# Name: X\nSavior:\n1 A, B  # lead\nMain:\n4 C's D\n\nSpirit:\n2 Boost Spirit\n")
    d = parse_deck(f)
    assert d["name"] == "X"
    assert d["savior"] == {"A, B": 1} and d["main"] == {"C's D": 4} and d["spirit"] == {"Boost Spirit": 2}


def test_three_distinct_decks():
    assert len(DECKS) >= 3
    names = {d["name"] for d in DECKS.values()}
    assert len(names) == len(DECKS)
    contents = {(frozenset(d["savior"].items()), frozenset(d["main"].items()),
                 frozenset(d["spirit"].items())) for d in DECKS.values()}
    assert len(contents) == len(DECKS)
    assert len({next(iter(d["savior"])) for d in DECKS.values()}) == len(DECKS), "different saviors"


@pytest.mark.parametrize("deck_file", sorted(DECKS))
def test_deck_is_legal(deck_file):
    """boundless-tcg.txt, "WHAT YOU NEED": 1 (and only 1) savior; a 30-card main deck of forms
    and commands, at most 4 copies of the same card; a 15-card spirit deck with only 4 cards
    named "Rescue Spirit" and only 1 named "Perfect Spirit" (no maximum for the others,
    "SPIRIT CARDS")."""
    deck = DECKS[deck_file]
    for section in ("savior", "main", "spirit"):
        for name in deck[section]:
            assert name in BY_NAME, f"{deck_file}: unknown card {name!r}"
    assert sum(deck["savior"].values()) == 1
    assert all(BY_NAME[n]["card_type"] == "savior" for n in deck["savior"])

    assert sum(deck["main"].values()) == 30
    assert all(BY_NAME[n]["card_type"] in ("form", "command") for n in deck["main"])
    over = {n: k for n, k in deck["main"].items() if k > 4}
    assert over == {}

    assert sum(deck["spirit"].values()) == 15
    assert all(BY_NAME[n]["card_type"] == "spirit" for n in deck["spirit"])
    assert deck["spirit"]["Rescue Spirit"] <= 4
    assert deck["spirit"]["Perfect Spirit"] <= 1


@pytest.mark.parametrize("deck_file", sorted(DECKS))
def test_deck_sections_match_game_declaration(deck_file):
    """docs/architecture.md: Boundless deck sections are savior, main, spirit."""
    deck = DECKS[deck_file]
    for slug in ("savior", "main", "spirit"):
        section = GAME.section(slug)
        assert section is not None
        assert all(BY_NAME[n]["card_type"] in section.card_types for n in deck[slug])


@pytest.mark.parametrize("deck_file", sorted(DECKS))
def test_deck_can_play_its_forms(deck_file):
    """boundless-tcg.txt, "FORM CARDS": a level 1+ form needs a form to sacrifice, so a deck
    must hold level 0 forms to start from."""
    deck = DECKS[deck_file]
    level0 = sum(k for n, k in deck["main"].items()
                 if BY_NAME[n]["card_type"] == "form" and BY_NAME[n]["attributes"]["level"] == 0)
    assert level0 >= 8
