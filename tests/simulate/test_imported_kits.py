"""Kits and whole games of an imported Millennium Blades list (issue 26.4): a user imports a fan
list, builds kits of its singles (checked by the construction validator: millennium-blades.txt,
"Build your Deck"), and runs a 3-seat tournament table and a whole game restricted to the imported
sets from the API, the command line and the start page.

Cards the engine cannot run yet (text that does not compile: ``Card.playable`` false) are never
played as if their text said nothing: a deck holding one is refused (API, command line, play),
and the whole game refuses a chosen set holding one unless ``not_playable=leave_out`` leaves those
cards out (noted in the setup notes).

Every card here is original (invented names and wording, in the game's printed style); the real
community list is exercised only by tests/cardpool/test_convert_mb_db.py, from ``MB_DB_SQLITE``.
"""

import os

import pytest
from django.urls import reverse

from cardpool.importer import import_cards_text
from decks.selectors import deck_validate
from decks.services import deck_import_text
from rules.core.registry import get_engine
from rules.core.replay import replay_game
from simulate import replays, selectors
from simulate.models import SimulationRun
from tests.simulate.conftest import Run, start_deckless

GAME, MODE = "millennium_blades", "full-game"
URL = "/api/simulations/"

#: a starter, a core set and an expansion of invented cards; Fogbound Oddity's text is no phrase
#: the compiler reads, so it imports not playable
LIST = """\
Name,Set,Star,Element,Type,Tier,Cost,Qty,Text
Lamplit Courier,Lantern Walk Starter,1,Fire,Citizen,Starter,0,1,Play: Gain 2 RP.
Wick Hound,Lantern Walk Starter,2,Fire,Animal,Starter,0,1,Play: Gain 3 RP.
Glass Lantern,Lantern Walk Starter,1,Light,Construct,Starter,0,1,Score: Gain 2 RP.
Cinder Pathfinder,Lantern Walk Starter,3,Fire,Soldier,Starter,0,1,Play: Gain 1 RP.
Quill Adept,Quillspire Arcade,2,Air,Mage,Core,3,3,Play: Gain 3 RP.
Inkstorm Drake,Quillspire Arcade,5,Air,Myth,Core,3,1,Play: Clash with an opponent. The winner gains 8 RP.
Parchment Golem,Quillspire Arcade,4,Earth,Construct,Core,3,2,Score: Gain 2 RP for each Earth card in your tableau.
Nib Sprite,Quillspire Arcade,1,Light,Myth,Core,3,3,Play: Gain 1 RP.
Margin Knight,Quillspire Arcade,3,Earth,Soldier,Core,3,2,Play: Gain 4 RP.
Scroll Tortoise,Quillspire Arcade,2,Water,Animal,Core,3,3,Score: Gain 3 RP.
Sealing Wax Mage,Quillspire Arcade,6,Fire,Mage,Core,3,1,Play: Gain 6 RP.
Blotter Owl,Quillspire Arcade,3,Air,Animal,Core,3,2,Play: Gain 2 RP.
Quillspire Satchel,Quillspire Arcade,-,-,-,Deck Box,3,1,Score: Gain 1 RP for each Air card in your tableau.
Inkwell Charm,Quillspire Arcade,2,-,-,Accessory,3,1,Score: Gain 2 RP.
Copper Prospector,Copper Ridge,2,Earth,Citizen,Expansion,4,3,Play: Gain 2 RP.
Ridge Wyvern,Copper Ridge,5,Fire,Myth,Expansion,4,1,Play: Gain 5 RP.
Ore Sentinel,Copper Ridge,4,Earth,Construct,Expansion,4,2,Score: Gain 3 RP.
Fogbound Oddity,Copper Ridge,3,Water,Myth,Expansion,4,2,Play: Whistle at the moon until it answers.
"""
KITS = {
    "Quill kit": ["Quill Adept", "Inkstorm Drake", "Parchment Golem", "Nib Sprite", "Margin Knight",
                  "Scroll Tortoise", "Sealing Wax Mage", "Blotter Owl"],
    "Ridge kit": ["Copper Prospector", "Ridge Wyvern", "Ore Sentinel", "Quill Adept", "Margin Knight"],
    "Lantern kit": ["Lamplit Courier", "Wick Hound", "Glass Lantern", "Cinder Pathfinder", "Blotter Owl"],
}


def kit_text(name: str, singles: list[str], box: bool = True) -> str:
    lines = [f"# Name: {name}", "Singles:", *(f"1 {card}" for card in singles)]
    if box:
        lines += ["Deck Box:", "1 Quillspire Satchel", "Accessories:", "1 Inkwell Charm"]
    return "\n".join(lines) + "\n"


@pytest.fixture
def imported(owner):
    """The list imported; the codes of its sets by name."""
    import_cards_text(LIST, game_slug=GAME, fmt="csv")
    from cardpool.models import CardSet

    return {s.name: s.code for s in CardSet.objects.filter(game__slug=GAME, name__in=(
        "Lantern Walk Starter", "Quillspire Arcade", "Copper Ridge"))}


@pytest.fixture
def kits(owner, imported):
    return [deck_import_text(owner=owner, game=GAME, text=kit_text(name, cards)) for name, cards in KITS.items()]


@pytest.fixture
def api(owner, django_capture_on_commit_callbacks):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(owner)

    def post(body):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(URL, body, format="json")

    client.start = post
    return client


# -- a tournament table of imported kits ------------------------------------------------------------------
def test_kits_of_imported_singles_are_legal_and_play_a_three_seat_table_from_the_api_and_the_cli(kits, api):
    assert all(deck_validate(kit) == [] for kit in kits)  # "Build your Deck": 8 singles, 1 deck box, 2 accessories
    answer = api.start({"game": GAME, "mode": "table", "decks": [k.pk for k in kits], "games": 3, "seed": 2,
                        "agents": ["random"]})
    assert answer.status_code == 201, answer.json()
    run = SimulationRun.objects.get(pk=answer.json()["id"])
    assert run.status == "done"
    summary = selectors.run_results(run)["summary"]
    assert summary["games"] == 3 and [s["name"] for s in summary["sides"]] == list(KITS)
    played = Run("--game", GAME, *(a for k in kits for a in ("--deck", str(k.pk))), "--mode", "table",
                 "--games", "2", "--agent", "random", "--json")
    assert played.code == 0, played.error
    assert [s["name"] for s in played.json()["results"]["sides"]] == list(KITS)


def test_a_deck_holding_a_card_not_playable_yet_is_refused_naming_it(owner, kits, api, tmp_path, client):
    odd = deck_import_text(owner=owner, game=GAME, text=kit_text("Odd kit", ["Fogbound Oddity", "Quill Adept"]))
    assert deck_validate(odd) == []  # legal: playability is the engine's matter, not a construction rule
    answer = api.start({"game": GAME, "mode": "table", "decks": [kits[0].pk, kits[1].pk, odd.pk], "games": 1,
                        "agents": ["random"]})
    body = answer.json()
    assert answer.status_code == 400 and body["error"] == "not_playable", body
    assert "decks[2]" in body["message"] and "Fogbound Oddity: not understood" in body["message"]
    assert body["cards"][0]["name"] == "Fogbound Oddity" and not SimulationRun.objects.exists()
    path = tmp_path / "odd.txt"
    path.write_text(kit_text("Odd kit", ["Fogbound Oddity"]), encoding="utf-8")
    refused = Run("--game", GAME, "--deck", str(path), "--deck", str(kits[0].pk), "--mode", "head-to-head",
                  "--games", "1")
    assert refused.code != 0 and "Fogbound Oddity: not understood" in refused.error
    from play.services import PlayError, play_start

    with pytest.raises(PlayError, match="Fogbound Oddity: not understood"):  # nor played against the AI
        play_start(owner=owner, deck_id=odd.pk, opponent_id=kits[0].pk, agent="random")
    client.force_login(owner)
    page = client.get(odd.get_absolute_url()).content.decode()
    assert "1 card not playable yet" in page and "refuse this deck" in page


# -- a whole game of the imported sets --------------------------------------------------------------------
def test_the_whole_game_plays_the_imported_sets_from_the_api_and_the_cli(owner, imported, api):
    store = [imported["Quillspire Arcade"]]
    options = {"sets": store, "starter_sets": [imported["Lantern Walk Starter"]]}
    listed = {o["name"]: o for o in get_engine(GAME, MODE).game_type()["setup_options"]}
    assert imported["Copper Ridge"] in [c["value"] for c in listed["sets"]["choices"]]
    assert "[1 of 4 not playable yet]" in next(c["label"] for c in listed["sets"]["choices"]
                                               if c["value"] == imported["Copper Ridge"])
    answer = api.start({"game": GAME, "mode": MODE, "players": 3, "games": 1, "seed": 3, "agents": ["random"],
                        "options": options})
    assert answer.status_code == 201, answer.json()
    run = SimulationRun.objects.get(pk=answer.json()["id"])
    assert run.status == "done" and run.options == options
    data = replays.replay(run, 0, 0, "user:test")
    replay_game(data)
    setup = next(e for e in data["events"] if e["action"] == "setup")["changes"]
    assert setup["store_sets"] == store and set(setup["starters"]) == {imported["Lantern Walk Starter"]}
    played = Run("--game", GAME, "--mode", MODE, "--players", "3", "--games", "1", "--agent", "random",
                 "--option", f"sets={store[0]}", "--option", f"starter_sets={imported['Lantern Walk Starter']}",
                 "--json")
    assert played.code == 0, played.error


def test_the_whole_game_refuses_a_set_with_cards_not_playable_unless_they_are_left_out(
        owner, imported, api, django_capture_on_commit_callbacks):
    ridge = imported["Copper Ridge"]
    options = {"sets": [imported["Quillspire Arcade"], ridge], "starter_sets": [imported["Lantern Walk Starter"]]}
    answer = api.start({"game": GAME, "mode": MODE, "players": 3, "games": 1, "options": options})
    body = answer.json()
    assert answer.status_code == 400 and body["error"] == "bad_options", body
    assert f"{ridge}: Fogbound Oddity: not understood" in body["message"] and "not_playable=leave_out" in body["message"]
    run = start_deckless(owner, django_capture_on_commit_callbacks, games=1,
                         options={**options, "not_playable": "leave_out"})
    assert run.status == "done"
    data = replays.replay(run, 0, 0, "user:test")
    setup = next(e for e in data["events"] if e["action"] == "setup")["changes"]
    assert f"not playable yet, left out: 1 card(s) of {ridge} (1 of 4)" in setup["notes"]
    assert "Fogbound Oddity" not in replay_game(data).all_cards()


def test_the_whole_game_defaults_to_sets_whose_cards_are_all_playable(owner, imported, django_capture_on_commit_callbacks):
    run = start_deckless(owner, django_capture_on_commit_callbacks, games=1)
    setup = next(e for e in replays.replay(run, 0, 0, "user:test")["events"] if e["action"] == "setup")["changes"]
    assert imported["Copper Ridge"] not in setup["store_sets"]


def test_the_start_page_offers_the_imported_sets_and_starts_a_whole_game_of_them(
        owner, imported, client, django_capture_on_commit_callbacks):
    client.force_login(owner)
    page = client.get(reverse("simulate:new") + f"?game={GAME}").content.decode()
    box = page[page.index(f'data-setup-options="{MODE}"'):]
    assert f'value="{imported["Quillspire Arcade"]}"' in box and f'value="{imported["Lantern Walk Starter"]}"' in box
    form = {"game": GAME, "mode": MODE, "players": "3", "games": "1", "seed": "4", "agent_a": "greedy",
            "agent_b": "greedy", **{f"seat_agent_{n}": "random" for n in (1, 2, 3)},
            f"option__{MODE}__sets": [imported["Quillspire Arcade"]],
            f"option__{MODE}__starter_sets": [imported["Lantern Walk Starter"]]}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("simulate:new") + f"?game={GAME}", form)
    assert response.status_code == 302, response.context["form"].errors
    assert SimulationRun.objects.get().status == "done"



# -- the real community list (never committed: its path from MB_DB_SQLITE) ---------------------------------
@pytest.mark.skipif(not os.environ.get("MB_DB_SQLITE"), reason="MB_DB_SQLITE: the path of a copy of the mb-db "
                                                                "card_list.sqlite (never committed)")
def test_the_real_list_plays_a_table_of_playable_kits_and_a_whole_game_of_its_sets(owner, api):
    import io

    from cardpool.mb_db import read_card_list, write_csv
    from cardpool.models import Card, CardSet
    from decks.models import Deck, DeckCard
    from rules.millennium_blades.full.characters import not_playable, roster
    from rules.millennium_blades.full.pool import load_pool

    out = io.StringIO(newline="")
    write_csv(read_card_list(os.environ["MB_DB_SQLITE"]), out)
    before = set(CardSet.objects.filter(game__slug=GAME).values_list("code", flat=True))
    import_cards_text(out.getvalue(), game_slug=GAME, fmt="csv")
    real = CardSet.objects.filter(game__slug=GAME).exclude(code__in=before)
    singles = Card.objects.filter(card_set__in=real, card_type="single", playable=True).order_by("name_lower")
    names = list(dict.fromkeys(singles.values_list("name_lower", flat=True)))
    kits = []
    for k in range(3):
        deck = Deck.objects.create(owner=owner, game=GAME, name=f"Real kit {k}")
        for name in names[k * 5:k * 5 + 5]:
            DeckCard.objects.create(deck=deck, card=singles.filter(name_lower=name).first(), section="singles", quantity=1)
        assert deck_validate(deck) == []
        kits.append(deck)
    answer = api.start({"game": GAME, "mode": "table", "decks": [k.pk for k in kits], "games": 2, "agents": ["random"]})
    assert answer.status_code == 201 and SimulationRun.objects.get(pk=answer.json()["id"]).status == "done"
    pool = load_pool()
    store = [s.code for s in pool.sets_of("expansion") if s.code not in before and pool.cards_of(s.code)][:3]
    starter = [s.code for s in pool.sets_of("starter") if s.code not in before][:2]
    options = {"sets": store, "starter_sets": starter, "not_playable": "leave_out", "characters": "none"}
    answer = api.start({"game": GAME, "mode": MODE, "players": 3, "games": 1, "agents": ["random"], "options": options})
    assert answer.status_code == 201, answer.json()
    assert SimulationRun.objects.get(pk=answer.json()["id"]).status == "done"
    imported = {n: s for n, s in roster(pool).items() if s.set_code != "MB-CHARACTERS"}
    print(f"{len(imported)} imported characters, {sum(not not_playable(s) for s in imported.values())} with "
          f"playable powers; {len(names)} playable real singles")
