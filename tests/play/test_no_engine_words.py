"""No page shows the engine's words (issue 27.1, "Done when": no `uid`, `owner 0` or a seat numbered
0): the play page and the replay page of a game of each deck game after a few moves, the play page
of Millennium Blades' whole game, and a whole-game simulation's run page, games list and replay.
What a person reads is checked: the HTML with its scripts left out, the sentences of the moves and
events the pages draw, and the keys a board draws (a view's ``hints`` leave out the internal ones)."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from play.selectors import game_page
from play.services import play_move, play_start, play_start_deckless
from tests.play.test_play import sample
from tests.simulate.conftest import make_user, start_deckless

pytestmark = pytest.mark.django_db

ENGINE_WORDS = re.compile(r"\buid\b|\bowner 0\b|\b[Ss]eat 0\b")
DECKS = {"boundless": ("boundless-emerald-vanguard", "boundless-akumaiden-onslaught"),
         "spellbound": ("spellbound-ashen-rift", "spellbound-pink-tide-dreams"),
         "fellbound": ("fellbound-dawnwardens", "fellbound-gravetide"),
         "bos": ("bos-red-kindling-rush", "bos-blue-tidewatch-control"),
         "millennium_blades": ("millennium_blades-argent-wall", "millennium_blades-ember-dojo")}
ALWAYS_INTERNAL = {"id", "uid", "slot", "hints"}  # static/js/board.js


def visible_text(page: str) -> str:
    """The page's text as a person reads it: no scripts, no tags, no attributes."""
    page = re.sub(r"<script\b.*?</script>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def drawn_keys(value, internal: set[str]) -> set[str]:
    """The keys a board draws of a view (its hints' internal keys left out)."""
    if isinstance(value, list):
        return set().union(*(drawn_keys(v, internal) for v in value)) if value else set()
    if not isinstance(value, dict):
        return set()
    if isinstance(value.get("hints"), dict):
        internal = ALWAYS_INTERNAL | set(value["hints"].get("internal", []))
    return {k for k in value if k not in internal} | set().union(
        *(drawn_keys(v, internal) for k, v in value.items() if k not in internal))


def assert_reads_for_people(text: str, where: str) -> None:
    found = ENGINE_WORDS.search(text)
    assert found is None, f"{where} shows {found[0]!r}: ...{text[max(0, found.start() - 80):found.end() + 80]}..."


def assert_frames_read_for_people(frames: list[dict], where: str) -> None:
    for frame in frames:
        for move in frame.get("moves", []):
            assert_reads_for_people(move.get("sentence") or "", f"{where}, move {frame['number']}")
        for event in frame.get("events", []):
            if "sentence" in event:
                assert_reads_for_people(event["sentence"], f"{where}, event of move {frame['number']}")
        if frame.get("view"):
            assert "owner" not in drawn_keys(frame["view"], ALWAYS_INTERNAL), f"{where}: a board draws owner"


#: an engine's word: one with an underscore or a number glued to it ("round1", "pre_release")
ENGINE_WORD = re.compile(r"^[a-z]+(_[a-z0-9]+)+$|^[a-z]+\d+$")


def assert_facts_read_for_people(view: dict, where: str) -> None:
    """The facts a board draws at its top (a view's scalar strings) are words, not engine words,
    unless the hints' ``value_labels`` say them (Millennium Blades' prize chart "round1": "round 1")."""
    hints = view.get("hints") or {}
    internal = ALWAYS_INTERNAL | set(hints.get("internal", []))
    labels = hints.get("value_labels", {})
    for key, value in view.items():
        if key in internal or not isinstance(value, str) or key in ("game", "step"):
            continue
        said = labels.get(key, {}).get(value, value) if isinstance(labels.get(key), dict) else value
        assert not ENGINE_WORD.match(said), f"{where} draws {key}: {said!r}"


def _script(page: str, name: str):
    found = re.search(rf'<script id="{name}" type="application/json">(.*?)</script>', page, re.S)
    return json.loads(found.group(1)) if found else None


def check_replay_page(client: Client, url: str, where: str) -> None:
    page = client.get(url)
    assert page.status_code == 200, where
    text = page.content.decode()
    assert_reads_for_people(visible_text(text), where)
    first = _script(text, "replay-page")
    if first:
        assert_frames_read_for_people(first["frames"], where)


@pytest.fixture
def client_for(card_pool):
    def make(user):
        client = Client()
        client.force_login(user)
        return client
    return make


@pytest.mark.parametrize("game", sorted(DECKS))
def test_a_played_game_s_pages_read_for_people(game, card_pool, client_for, django_user_model):
    player = django_user_model.objects.create_user("reader", password="a-long-password-1")
    mine, theirs = (sample(player, stem, game) for stem in DECKS[game])
    played = play_start(owner=player, deck_id=mine.pk, opponent_id=theirs.pk, agent="random")
    for _ in range(6):
        choices = game_page(played)["choices"]
        if not choices:
            break
        played = play_move(actor=player, game_id=played.pk, action=choices[-1]["action"])
    shown = game_page(played)
    if shown["choices"]:  # the board's folded "Legal actions" say what the action buttons say
        assert shown["view"]["legal_actions"] == [choice["sentence"] for choice in shown["choices"]], game
    assert_facts_read_for_people(shown["view"], f"{game} board")
    client = client_for(player)
    page = client.get(reverse("play:game", args=[played.pk])).content.decode()
    assert_reads_for_people(visible_text(page), f"{game} play page")
    check_replay_page(client, reverse("play:replay", args=[played.pk]) + "?seat=all", f"{game} play replay")


def test_the_whole_game_s_play_page_reads_for_people(card_pool, client_for, django_user_model):
    player = django_user_model.objects.create_user("reader", password="a-long-password-1")
    played = play_start_deckless(owner=player, game="millennium_blades", mode="full-game", players=3, agent="random")
    page = client_for(player).get(reverse("play:game", args=[played.pk])).content.decode()
    text = visible_text(page)
    assert_reads_for_people(text, "whole game play page")
    assert "Seat 1: Seat 1" not in text and "Seat 1" in text


@pytest.fixture
def run_owner(db, settings):
    """A user whose runs play inline (the test database is in memory), as tests/simulate's ``owner``."""
    settings.SIMULATION_BACKEND = "inline"
    return make_user("seats")


def test_a_whole_game_run_s_pages_read_for_people(run_owner, django_capture_on_commit_callbacks, client_for):
    owner = run_owner
    run = start_deckless(owner, django_capture_on_commit_callbacks, games=1)
    client = client_for(owner)
    for name, url in (("run page", run.get_absolute_url()), ("games list", reverse("simulate:games", args=[run.pk]))):
        assert_reads_for_people(visible_text(client.get(url).content.decode()), f"whole game {name}")
    check_replay_page(client, reverse("simulate:replay", args=[run.pk, 0, 0]), "whole game replay")
    check_replay_page(client, reverse("simulate:replay", args=[run.pk, 0, 0]) + "?seat=0", "whole game replay, seat 1")


@pytest.mark.parametrize("game", ["spellbound", "millennium_blades"])
def test_a_pending_decision_is_said_in_a_sentence(game):
    """A decision waiting on a seat is drawn as a sentence ("Waiting for: Ashen Rift to choose a target
    for …"), not as its parts ("To: choose a target; Seat: 2"): the view's ``hints.sentences``."""
    import random

    from rules.core import registry
    from tests.rules.samples import GamePool

    key = {"spellbound": "pending", "millennium_blades": "decision"}[game]
    for seed in range(6):  # random games until one asks a seat to decide
        state = registry.get_engine(game).start(GamePool(game).sample_decks()[:2], seed)
        rng = random.Random(seed)
        while not (view := state.view(None)).get(key) and not state.is_over:
            state.apply_joint_checked({p: rng.choice(state.legal_actions(p)) for p in state.current_players()})
        if view.get(key):
            break
    assert view.get(key), f"{game}: no decision came up"
    said = view["hints"]["sentences"][key]
    if game == "spellbound":  # nothing waiting is not drawn ("Waiting for: —")
        assert key in view["hints"]["empty_hidden"]
    assert re.fullmatch(r"seat \d to \w.*", said) and "_" not in said and "{" not in said, said
