"""Each game's declared deck construction (``CONSTRUCTION``, a ``ConstructionSpec``: issue 30,
part 2): the registry hands it out, and what it declares agrees with its formats."""

from __future__ import annotations

import pytest

from rules.core.construction import draw_rules
from rules.core.construction_spec import ConstructionSpec, DrawRules
from rules.core.dealing import can_deal
from rules.core.registry import game_slugs, get_construction


@pytest.mark.parametrize("game", game_slugs())
def test_every_game_declares_its_construction(game):
    construction = get_construction(game)
    assert isinstance(construction, ConstructionSpec)
    assert next(iter(construction.formats)) == "standard"
    assert construction.draws is None or isinstance(construction.draws, DrawRules)
    assert draw_rules(game) is construction.draws
    dealt = [slug for slug, fmt in construction.formats.items() if fmt.limit("dealt")]
    assert bool(dealt) == (construction.deal_random_deck is not None) == can_deal(game), \
        f"{game}: a dealt format ({dealt}) needs a deal_random_deck, and a deal_random_deck a dealt format"


def test_draw_rules_read_as_json_for_the_builder():
    draws = get_construction("spellbound").draws
    assert draws is not None
    assert draws.as_dict() == {"section": "library", "opening": 5, "per_turn": 1, "rule": draws.rule,
                               "draw_on_first_turn": True, "first_player_skips_first_draw": True}


def test_a_construction_without_a_standard_format_is_refused():
    standard = get_construction("bos")
    with pytest.raises(ValueError, match="standard"):
        ConstructionSpec(formats={}, validate=standard.validate, chart_data=standard.chart_data,
                         random_legal_deck=standard.random_legal_deck)
