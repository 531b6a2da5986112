"""The start form offers only what works (issue 27, part 8): each mode's own fields (a match's
opponent agent, "matches"), a deckless mode's player counts from its engine's seats, and errors
beside their field and summed up at the top of the long form."""

import re

import pytest
from django.urls import reverse

from decks.services import deck_import_text
from rules.core.registry import get_engine

pytestmark = pytest.mark.django_db


@pytest.fixture
def browser(client, owner):
    client.force_login(owner)
    return client


def _row_modes(page: str, field: str) -> list[str]:
    """The modes of the form row holding ``field`` (its data-modes)."""
    match = re.search(rf'<div class="form-row[^"]*" data-modes="([^"]*)">\s*<label for="id_{field}"', page)
    assert match, field
    return match.group(1).split()


def test_a_match_shows_both_agents_and_counts_matches(browser, card_pool):
    for stem in ("bos-red-kindling-rush", "bos-blue-tidewatch-control"):
        with open(f"fixtures/decks/{stem}.txt") as handle:
            deck_import_text(owner=_owner(browser), game="bos", text=handle.read())
    page = browser.get(reverse("simulate:new") + "?game=bos").content.decode()
    assert "match" in _row_modes(page, "agent_a") and "match" in _row_modes(page, "agent_b")
    assert '<span data-modes="match">Matches</span>' in page
    games_label = re.search(r'<label for="id_games"><span data-modes="([^"]*)">Games', page).group(1).split()
    assert "match" not in games_label and "head_to_head" in games_label


def _owner(client):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(pk=client.session["_auth_user_id"])


def test_each_player_count_names_the_modes_that_seat_it(browser):
    engine = get_engine("millennium_blades")
    page = browser.get(reverse("simulate:new") + "?game=millennium_blades&mode=full-game").content.decode()
    select = page[page.index('id="id_players"'):]
    tags = dict(re.findall(r'<option value="(\d)"([^>]*)>', select[:select.index("</select>")]))
    options = {count: re.search(r'data-modes="([^"]*)"', attrs).group(1) for count, attrs in tags.items()}
    assert options, "the players select names its modes"
    for count, names in options.items():
        assert set(names.split()) == {name for name, spec in engine.deckless_modes.items()
                                      if int(count) in spec.seat_counts()}
    assert "full-game" not in options["2"].split() and "full-game" in options["3"].split()
    assert " selected" in tags["3"] and " selected" not in tags["2"]  # the mode's fewest players


def test_errors_are_beside_their_field_and_summed_up_at_the_top(browser):
    form = {"game": "millennium_blades", "mode": "full-game", "players": "2", "games": "2", "seed": "4"}
    response = browser.post(reverse("simulate:new") + "?game=millennium_blades", form)
    page = response.content.decode()
    assert response.status_code == 400
    summary = page.index('id="error-summary"')
    assert summary < page.index('name="mode"')  # at the top of the form
    said = "Full game is played by 3 to 5 players: players must be one of 3, 4, 5, not 2"  # the service's words
    assert f'<a href="#id_players">Players</a>: {said}' in page
    row = re.search(r'<div class="form-row has-error">\s*<label for="id_players">.*?</div>', page, flags=re.S).group(0)
    assert said in row
