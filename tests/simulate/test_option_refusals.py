"""The API answers an unknown option, a code-only keyword or an ill-typed value with a 400 naming the
option (the engine's declared options, ``rules.core.options``), never a 500 (issue 30, part 2)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("options", "said"), [
    ({"pool": "mine"}, "options.pool: millennium_blades has no such option"),
    ({"pre_release": "maybe"}, "options.pre_release: must be true or false"),
    ({"turns_per_deck": "many"}, "options.turns_per_deck: must be a whole number"),
])
def test_the_api_refuses_an_unknown_or_ill_typed_option_with_a_400(api, options, said):
    mode = "turn-based" if "turns_per_deck" in options else "full-game"
    response = api.start({"game": "millennium_blades", "mode": mode, "players": 3, "games": 1, "options": options})
    assert response.status_code == 400, response.json()
    assert response.json()["error"] == "bad_options" and said in response.json()["message"], response.json()
