"""The search language: every key and operator, errors with positions, and a property test."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardpool.search import SearchError, parse, search
from cardpool.services import CardRow, card_import

SETS = {
    "boundless": [{"code": "TB1", "name": "Test Boundless", "release_order": 1, "kind": "core"}],
    "spellbound": [{"code": "TS1", "name": "Test Spellbound", "release_order": 1, "kind": "core"}],
    "millennium_blades": [{"code": "TM1", "name": "Test Core", "release_order": 1, "kind": "core"},
                          {"code": "TM2", "name": "Test Expansion", "release_order": 2, "kind": "expansion"}],
    "bos": [{"code": "TO1", "name": "Test BOS", "release_order": 1, "kind": "core"}],
    "fellbound": [{"code": "TF1", "name": "Test FellBound", "release_order": 1, "kind": "core"}],
}

CARDS = {
    "boundless": [
        dict(number="001", name="Emeraldefender Golem", card_type="form", rarity="R",
             text="[AUTO] When this card attacks: draw 1 card.", flavor="Moss grows on its shield.",
             attributes={"level": 1, "pwr": 4, "tribe": ["Golem"]},
             effects=[{"timing": "auto", "ops": [{"op": "draw", "amount": 1}]}]),
        dict(number="002", name="Ember Whelp", card_type="form", rarity="C", text="CONT: This card gets +1 PWR.",
             attributes={"level": 0, "pwr": 2, "tribe": ["Dragon"]},
             effects=[{"timing": "cont", "ops": [{"op": "pwr", "amount": 1, "target": "self"}]}]),
        dict(number="003", name="Sky Tyrant", card_type="form", rarity="SR", text="Devour 2.",
             attributes={"level": 3, "pwr": 9, "tribe": ["Dragon"]},
             effects=[{"timing": "act", "ops": [{"op": "devour", "amount": 2}]}]),
        dict(number="004", name="Akumaiden's Punishment", card_type="command", rarity="U",
             text="Negate that action, then draw 2 cards.", attributes={"command_kind": "interrupt"},
             effects=[{"timing": "interrupt", "trigger": "opponent_activates_command",
                       "ops": [{"op": "negate", "target": "triggering_command"}, {"op": "draw", "amount": 2}]}]),
        dict(number="005", name="Rescue Spirit", card_type="spirit", rarity="C", text="Rescue 1.",
             attributes={"spirit_kind": "rescue"}),
    ],
    "spellbound": [
        dict(number="001", name="Shattercrab", card_type="creature", rarity="2", text="Barrage.",
             attributes={"soul_cost": {"dream": 1, "hollow": 1}, "health": 3, "damage": 2, "soul_type": "dream"}),
        dict(number="002", name="Alien Microchip", card_type="charm", rarity="5", text="Attach to a bounder.",
             attributes={"soul_cost": {"space": 2, "hollow": 2}, "subdivision": "bounder"}),
        dict(number="003", name="Dream Convert", card_type="convert", rarity="1", text="Flip: convert 1 hollow soul.",
             attributes={"basic": True, "converts_to": ["dream"]}),
    ],
    "millennium_blades": [
        dict(number="001", name="James Bomb", card_type="single", rarity="SR", text="Play: gain 3 RP.",
             attributes={"star": 7, "elements": ["fire"], "types": ["soldier"], "cost": 3},
             effects=[{"timing": "play", "ops": [{"op": "gain_rp", "amount": 3}]}]),
        dict(number="002", name="Knight Captain Malcombe", card_type="single", rarity="UR", text="Score: gain 5 RP.",
             attributes={"star": 10, "elements": ["light", "fire"], "types": ["soldier"], "cost": 3},
             effects=[{"timing": "score", "ops": [{"op": "gain_rp", "amount": 5}]}]),
        dict(number="001", set="TM2", name="Prism Shard Wyrm", card_type="single", rarity="R", text="Its star is X.",
             attributes={"star": "X", "elements": ["water"], "types": ["animal"], "cost": 4}),
    ],
    "bos": [
        dict(number="001", name="Forest Sage", card_type="wizard", rarity="R",
             text="During your main phase, [act]: A summon you control gains 2 strength.",
             attributes={"color": "yellow"}),
        dict(number="002", name="Pyro-Maniac", card_type="boss", rarity="L", text="Boss.",
             attributes={"color": "red", "strength": 12, "summoning_condition":
                         "You may turn this boss face-up during your main phase if your opponent has 15 or less life."}),
    ],
    "fellbound": [
        dict(number="001", name="Grave Tender", card_type="character", text="Heal 2.",
             attributes={"gold_cost": 1, "health": 4, "attack": 1, "range": 1, "heal": 2, "alignments": ["life"]}),
        dict(number="002", name="Coin Wraith", card_type="character", text="X gold cost.",
             attributes={"gold_cost": "X", "health": "X", "attack": "X", "range": 1, "flying": True,
                         "alignments": ["death", "chaos"]}),
    ],
}


@pytest.fixture
def cards(empty_card_pool):
    for game, rows in CARDS.items():
        default_set = SETS[game][0]["code"]
        card_import(game_slug=game, sets=SETS[game],
                    rows=[CardRow(f"{game}[{i}]", {"set": default_set, **row}) for i, row in enumerate(rows)])


def names(query, game=None):
    return sorted(c.name for c in search(query, game_slug=game).cards)


def ordered(query, game=None):
    return [c.name for c in search(query, game_slug=game).cards]


def error(query, game=None) -> SearchError:
    with pytest.raises(SearchError) as info:
        list(search(query, game_slug=game).cards)
    return info.value


# -- keys -------------------------------------------------------------------------------------
def test_bare_words_match_names_case_insensitively(cards):
    assert names("golem") == ["Emeraldefender Golem"]
    assert names("SKY tyrant") == ["Sky Tyrant"]
    assert names('"captain malcombe"') == ["Knight Captain Malcombe"]


def test_name_key_contains_and_equals(cards):
    assert names("name:whelp") == ["Ember Whelp"]
    assert names('name="james bomb"') == ["James Bomb"]
    assert names("name=james") == []


def test_type_key_by_slug_or_label(cards):
    assert names("t:command") == ["Akumaiden's Punishment"]
    assert names("type:form", "boundless") == ["Ember Whelp", "Emeraldefender Golem", "Sky Tyrant"]
    assert names('t:"deck box"') == []
    assert names("t:form -t:form") == []


def test_text_key_with_quoted_phrase(cards):
    assert names('o:"draw 2"') == ["Akumaiden's Punishment"]
    assert names("text:rescue") == ["Rescue Spirit"]
    assert names("ft:moss") == ["Emeraldefender Golem"]


def test_set_key_by_code_or_name(cards):
    assert names("s:tm2") == ["Prism Shard Wyrm"]
    assert names('set:"test expansion"') == ["Prism Shard Wyrm"]


def test_rarity_key_with_order_comparisons(cards):
    assert names("r:rare", "boundless") == ["Emeraldefender Golem"]
    assert names("r>=rare", "boundless") == ["Emeraldefender Golem", "Sky Tyrant"]
    assert names("r<u", "boundless") == ["Ember Whelp", "Rescue Spirit"]
    assert names("rarity:mythical") == ["Alien Microchip"]  # Spellbound 5
    assert names("r>=epic", "spellbound") == ["Alien Microchip"]
    assert names("r!=common", "spellbound") == ["Alien Microchip", "Shattercrab"]


def test_game_key(cards):
    assert names("game:bos") == ["Forest Sage", "Pyro-Maniac"]
    assert names('game:"millennium blades" star>=10') == ["Knight Captain Malcombe"]
    assert names("g:fellbound -flying:true") == ["Grave Tender"]


def test_collector_number(cards):
    assert names("cn:003", "boundless") == ["Sky Tyrant"]


def test_int_attributes_with_every_operator(cards):
    assert names("pwr>=4") == ["Emeraldefender Golem", "Sky Tyrant"]
    assert names("pwr>4") == ["Sky Tyrant"]
    assert names("pwr<4") == ["Ember Whelp"]
    assert names("pwr<=4") == ["Ember Whelp", "Emeraldefender Golem"]
    assert names("pwr=2") == ["Ember Whelp"]
    assert names("pwr:2") == ["Ember Whelp"]
    assert names("pwr!=2") == ["Emeraldefender Golem", "Sky Tyrant"]
    assert names("level:2") == []
    assert names("lvl:3") == ["Sky Tyrant"]  # alias


def test_x_values(cards):
    assert names("star:x") == ["Prism Shard Wyrm"]
    assert names("star>=7") == ["James Bomb", "Knight Captain Malcombe"]
    assert names("gold:x") == ["Coin Wraith"]


def test_enum_list_and_tags(cards):
    assert names("color:red") == ["Pyro-Maniac"]
    assert names("colour!=red", "bos") == ["Forest Sage"]
    assert names("element:fire") == ["James Bomb", "Knight Captain Malcombe"]
    assert names("e:light") == ["Knight Captain Malcombe"]
    assert names("alignment:life") == ["Grave Tender"]
    assert names("tribe:dragon") == ["Ember Whelp", "Sky Tyrant"]
    assert names("command_kind:interrupt") == ["Akumaiden's Punishment"]


def test_map_attribute_soul_cost(cards):
    assert names("soul_cost:dream") == ["Shattercrab"]
    assert names("soul_type:dream") == ["Shattercrab"]
    assert names("soul_cost>=3") == ["Alien Microchip"]
    assert names("soul_cost.hollow>=2") == ["Alien Microchip"]
    assert names("souls.space=2") == ["Alien Microchip"]


def test_bool_attribute(cards):
    assert names("basic:true") == ["Dream Convert"]
    assert names("flying:yes") == ["Coin Wraith"]


def test_str_attribute_contains(cards):
    assert names("summoning_condition:opponent") == ["Pyro-Maniac"]


def test_timing_from_structured_effects(cards):
    assert names("timing:auto") == ["Emeraldefender Golem"]
    assert names("timing:[interrupt]") == ["Akumaiden's Punishment"]
    assert names("timing:score") == ["Knight Captain Malcombe"]


def test_same_key_means_each_games_own_attribute(cards):
    # "cost" is Spellbound's soul_cost total, BOS vim cost, FellBound gold and Millennium Blades buy cost.
    assert names("cost>=4") == ["Alien Microchip", "Prism Shard Wyrm"]


# -- boolean structure ---------------------------------------------------------------------------
def test_negation_or_and_parentheses(cards):
    assert names("t:form -tribe:dragon") == ["Emeraldefender Golem"]
    assert names("golem or tyrant") == ["Emeraldefender Golem", "Sky Tyrant"]
    assert names("(golem or tyrant) pwr>5") == ["Sky Tyrant"]
    assert names("-(t:form or t:spirit)", "boundless") == ["Akumaiden's Punishment"]
    assert names("pwr>=2 and tribe:golem") == ["Emeraldefender Golem"]
    assert names("golem OR whelp") == ["Ember Whelp", "Emeraldefender Golem"]


def test_regex_on_name_and_text(cards):
    assert names("/^em/") == ["Ember Whelp", "Emeraldefender Golem"]
    assert names(r"o:/draw \d card\./") == ["Emeraldefender Golem"]
    assert names("name:/maniac$/") == ["Pyro-Maniac"]


# -- ordering ----------------------------------------------------------------------------------------
def test_order_and_direction(cards):
    assert ordered("t:form order:pwr") == ["Ember Whelp", "Emeraldefender Golem", "Sky Tyrant"]
    assert ordered("t:form order:pwr direction:desc") == ["Sky Tyrant", "Emeraldefender Golem", "Ember Whelp"]
    assert ordered("game:boundless order:rarity dir:desc")[0] == "Sky Tyrant"
    assert ordered("game:millennium_blades order:set direction:desc")[0] == "Prism Shard Wyrm"
    assert ordered("", "bos") == ["Forest Sage", "Pyro-Maniac"]


# -- errors ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("query, position, fragment, suggestion", [
    ("pwer>=3", 0, "unknown search key 'pwer'", "pwr"),
    ("t:frm", 2, "unknown card type", "form"),
    ("pwr>=abc", 5, "whole number", None),
    ("pwr>=", 5, "needs a value", None),
    ("(golem", 0, "unmatched opening parenthesis", None),
    ("golem)", 5, "unmatched closing parenthesis", None),
    ("()", 0, "empty parentheses", None),
    ('"golem', 0, "unterminated quoted phrase", None),
    ("/gol", 0, "unterminated regular expression", None),
    ("/(/", 1, "invalid regular expression", None),
    ("(" * 320 + "golem" + ")" * 320, 12, "nested too deeply", None),  # was a RecursionError (a 500)
    ("golem or", 6, "'or' needs a search term", None),
    ("or golem", 0, "'or' needs a search term", None),
    ("color:rde", 6, "has no value 'rde'", "red"),
    ("game:boundles", 5, "unknown game", "boundless"),
    ("r:commn", 2, "unknown rarity", "common"),
    ("order:pwrr", 6, "cannot order by", "pwr"),
    ("direction:up", 10, "direction must be asc or desc", None),
    ("t>form", 1, "does not support", None),
    ("name<golem", 4, "cannot be compared", None),
    ("element>fire", 7, "does not support", None),
    ("s:nosuchset", 2, "unknown set", None),
    ("- golem", 0, "'-' must be followed", None),
    ("order:name or golem", 11, "'or' needs a search term", None),
    ("-order:name", 0, "cannot negate", None),
])
def test_errors_name_the_problem_and_position(cards, query, position, fragment, suggestion):
    exc = error(query)
    assert fragment in exc.message
    assert exc.position == position
    if suggestion:
        assert exc.suggestion == suggestion
    assert f"position {position + 1}" in str(exc)


def test_error_for_attribute_of_another_game_when_scoped(cards):
    exc = error("star>=7", "boundless")
    assert "unknown search key 'star'" in exc.message


def test_unknown_game_scope_is_a_search_error(cards):
    assert "unknown game" in error("golem", "nope").message


# -- property: any string parses or fails with our own error ----------------------------------------
ALPHABET = st.sampled_from(list("abcxyz019 ()-\"/:=<>!.'\\\t|^$*[]{}?+,") + ["or", "and", "pwr", "t:", "o:"])


@given(st.lists(ALPHABET, max_size=30).map("".join))
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_query_parses_or_raises_search_error_with_position(query):
    try:
        parse(query)
    except SearchError as exc:
        assert 0 <= exc.position <= len(query)
        assert exc.message


@given(st.text(max_size=40))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_unicode_query_parses_or_raises_search_error(query):
    try:
        parse(query)
    except SearchError as exc:
        assert 0 <= exc.position <= len(query)


@pytest.mark.django_db
@given(st.lists(ALPHABET, max_size=20).map("".join))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_query_runs_against_the_database_or_raises_search_error(query):
    try:
        list(search(query).cards[:5])
    except SearchError as exc:
        assert 0 <= exc.position <= len(query)


@pytest.mark.parametrize("query", ["/a++/", "o:/x*+y/", "name:/]?+/"])
def test_regex_the_database_refuses_is_a_search_error_not_a_server_error(cards, query):
    """Python accepts possessive quantifiers; PostgreSQL's regex dialect does not."""
    try:
        list(search(query).cards[:5])
    except SearchError as exc:
        assert "invalid regular expression" in exc.message and exc.position >= 0
