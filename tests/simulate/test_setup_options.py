"""Setup options of a deckless mode (``EngineSpec.setup_options``: Millennium Blades' whole game) on the
web, the API and the command line, stored on the run and played by every game and every replay;
the results' counter groups (``StatCounter.group``: the VP breakdown chart) and the whole game's
market counters (price paid per copy: ``StatCounter.per``; cards in a tournament winner's kit).

Random agents keep a whole game to a few hundredths of a second."""

import re
from collections import Counter

import pytest
from django.urls import reverse

from rules.core.decks import DeckList
from rules.core.options import declared
from rules.core.play import run_games, summarize_results
from rules.core.registry import get_engine
from rules.core.replay import replay_game
from rules.core.tally import deckless_figures
from simulate import modes, replays, selectors, services
from simulate.models import SimulationRun
from tests.simulate.conftest import Run, start_deckless

GAME, MODE = "millennium_blades", "full-game"
FULL = get_engine(GAME, MODE)
URL = "/api/simulations/"



def start(owner, capture, **more):
    return start_deckless(owner, capture, **{"games": 3, **more})


def records(run):
    return [(r["index"], r["winners"], r["turns"]) for r in selectors.game_records(run, 0)]


# -- services, runs and replays -------------------------------------------------------------------------
def test_the_run_stores_its_options_and_every_game_and_replay_plays_them(owner, django_capture_on_commit_callbacks):
    run = start(owner, django_capture_on_commit_callbacks,
                options={"sets": ["MB-CORE", "MB-EX1", "MB-PR1"], "free_market": True, "ticks_per_minute": 2})
    assert run.status == "done" and run.options == {"sets": ["MB-CORE", "MB-EX1", "MB-PR1"], "free_market": True}
    doc = selectors.run_summary(run)
    assert doc["options"] == run.options
    rows = {r["name"]: r for r in doc["option_rows"]}
    assert rows["free_market"]["text"] == "yes" and not rows["free_market"]["default"]
    assert rows["pre_release"]["default"] and rows["sets"]["value"] == ["MB-CORE", "MB-EX1", "MB-PR1"]
    data = replays.replay(run, 0, 1, "user:test")
    assert data["options"] == run.options  # the replay records them ...
    replay_game(data)  # ... and re-runs to the same end with them
    setup = next(e for e in data["events"] if e["action"] == "setup")
    assert setup["changes"]["store_sets"] == ["MB-CORE", "MB-EX1", "MB-PR1"]


def test_the_options_change_the_games(owner, django_capture_on_commit_callbacks):
    plain = start(owner, django_capture_on_commit_callbacks)
    again = start(owner, django_capture_on_commit_callbacks, options={})
    small = start(owner, django_capture_on_commit_callbacks, options={"sets": "MB-CORE,MB-EX1"})
    free = start(owner, django_capture_on_commit_callbacks, options={"free_market": "true"})
    assert records(plain) == records(again) and plain.options == {}
    assert selectors.run_results(small)["summary"] != selectors.run_results(plain)["summary"]
    assert selectors.run_results(free)["summary"] != selectors.run_results(plain)["summary"]


@pytest.mark.parametrize(("options", "option", "said"), [
    ({"colour": "red"}, "colour", "options.colour: millennium_blades has no such option"),
    ({"sets": ["MB-CORE", "MB-NOPE"]}, "sets", "options.sets: must be one of"),
    ({"free_market": "perhaps"}, "free_market", "options.free_market: must be true or false"),
    ({"preset": "first_game"}, "preset", "options.preset: the \"First Game Setup\" sets"),
    ("free_market", None, "options: options must be an object"),
])
def test_bad_options_are_refused_naming_the_option(owner, options, option, said):
    with pytest.raises(services.SimulationError) as caught:
        services.simulation_start(owner=owner, game=GAME, mode=MODE, players=3, games=1, options=options)
    assert caught.value.code == "bad_options" and said in caught.value.message, caught.value.message
    assert caught.value.details["option"] == option
    assert {"name": "free_market", "label": "Free Market Mode", "kind": "boolean", "default": False,
            "help": next(o.help for o in FULL.setup_options if o.name == "free_market")} in caught.value.details["options"]
    assert not SimulationRun.objects.exists()


# -- the API --------------------------------------------------------------------------------------------
def test_the_api_takes_options_and_shows_them(api):
    response = api.start({"game": GAME, "mode": MODE, "players": 4, "games": 2, "seed": 3, "agents": ["random"],
                          "options": {"sets": ["MB-CORE", "MB-EX2"], "pre_release": True}})
    assert response.status_code == 201, response.json()
    doc = api.get(f"{URL}{response.json()['id']}/").json()
    assert doc["options"] == {"sets": ["MB-CORE", "MB-EX2"], "pre_release": True}
    assert any(r["name"] == "pre_release" and r["value"] is True for r in doc["option_rows"])
    summary = doc["results"]["summary"]
    assert summary["counter_groups"] == {"vp": ["vp_tournaments", "vp_collections", "vp_money", "vp_friendship"]}
    assert summary["counter_per"] == {"price_paid": ["bought", "bought_aftermarket"]}
    assert "per_unit" in summary["sides"][0]["card_totals"]["price_paid"]


@pytest.mark.parametrize(("options", "said"), [
    ({"ticks_per_minute": 0}, "options.ticks_per_minute: must be a whole number from 1 to 10"),
    ({"sets": "MB-NOPE"}, "options.sets: must be one of"),
    ("free_market=true", "options must be an object"),
])
def test_the_api_refuses_bad_options_with_a_400_naming_the_option(api, options, said):
    response = api.start({"game": GAME, "mode": MODE, "players": 3, "games": 1, "options": options})
    assert response.status_code == 400, response.json()
    assert response.json()["error"] == "bad_options" and said in response.json()["message"], response.json()
    if isinstance(options, dict):  # the service's refusal lists every option (the serializer's only says the shape)
        assert any(o["name"] == "sets" and o["choices"][0]["value"] == "MB-CORE" for o in response.json()["options"])


def test_options_for_an_engine_that_declares_none_are_refused(api):
    response = api.start({"game": GAME, "mode": "table", "decks": [1, 2, 3], "games": 1,
                          "options": {"free_market": True}})
    assert response.status_code == 400  # no such deck, or no such option: never a 500


def test_the_schema_documents_options(api):
    schema = api.get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    assert "options" in schema["SimulationStart"]["properties"]
    assert {"options", "option_rows"} <= set(schema["SimulationRun"]["properties"])
    assert {"counter_groups", "counter_per"} <= set(schema["SimulationSummary"]["properties"])


# -- pages ----------------------------------------------------------------------------------------------
@pytest.fixture
def browser(client, owner):
    client.force_login(owner)
    return client


FORM = {"game": GAME, "mode": MODE, "players": "3", "games": "2", "seed": "4", "seat_agent_1": "random",
        "seat_agent_2": "random", "seat_agent_3": "random", "agent_a": "greedy", "agent_b": "greedy"}
SETS = f"option__{MODE}__sets"


def test_the_start_form_renders_the_declared_options(browser):
    page = browser.get(reverse("simulate:new") + f"?game={GAME}").content.decode()
    box = page[page.index(f'data-setup-options="{MODE}"'):]
    box = box[:box.index("</fieldset>")]
    for option in declared(FULL):
        assert f'name="option__{MODE}__{option.name}"' in box and option.label in box
    assert re.search(r'value="MB-EX4" id="[^"]+" checked', box)  # the rulebook's sets ticked
    assert 'type="checkbox" name="option__full-game__free_market"' in box
    assert 'min="1"' in box and 'max="10"' in box  # ticks per minute


def test_the_start_form_stores_the_options_and_the_run_page_shows_them(browser, django_capture_on_commit_callbacks):
    form = {**FORM, SETS: ["MB-CORE", "MB-EX1"], f"option__{MODE}__free_market": "on",
            f"option__{MODE}__ticks_per_minute": "2", f"option__{MODE}__preset": ""}
    with django_capture_on_commit_callbacks(execute=True):
        response = browser.post(reverse("simulate:new") + f"?game={GAME}", form)
    assert response.status_code == 302, response.context["form"].errors
    run = SimulationRun.objects.get()
    assert run.options == {"sets": ["MB-CORE", "MB-EX1"], "free_market": True}
    assert f'name="{SETS}__shown"' in browser.get(reverse("simulate:new") + f"?game={GAME}").content.decode()
    page = browser.get(response["Location"]).content.decode()
    shown = page[page.index('id="run-options"'):page.index("</details>")]
    assert "Free Market Mode" in shown and "Core Set (Core) (MB-CORE)" in shown and "(default)" in shown
    assert 'id="counter-groups"' in page


@pytest.mark.parametrize(("field", "value", "said"), [
    ("ticks_per_minute", "0", "Ticks per minute: must be a whole number from 1 to 10, not 0"),
    ("preset", "first_game", "Preset: the \"First Game Setup\" sets"),
    ("sets", [], "Store sets: choose at least 1"),  # every box unticked on the page (its marker sent)
    ("fusion_gold", "MB-NOPE", "Select a valid choice"),
])
def test_a_bad_option_is_a_form_error_on_its_field(browser, field, value, said):
    response = browser.post(reverse("simulate:new") + f"?game={GAME}",
                            {**FORM, f"{SETS}__shown": "1", SETS: ["MB-CORE"], f"option__{MODE}__{field}": value})
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert said in " ".join(errors.get(f"option__{MODE}__{field}", [])), errors
    assert not SimulationRun.objects.exists()


# -- the command line ---------------------------------------------------------------------------------------
def test_the_command_takes_options_and_plays_them():
    args = ("--game", GAME, "--mode", MODE, "--players", "4", "--games", "2", "--agent", "random", "--json")
    run = Run(*args, "--option", "sets=MB-CORE,MB-EX1", "--option", "free_market=true")
    assert run.code == 0, run.error
    doc = run.json()
    assert doc["settings"]["options"] == {"sets": ["MB-CORE", "MB-EX1"], "free_market": True}
    plain = Run(*args).json()
    assert "options" not in plain["settings"] and plain["results"] != doc["results"]
    text = Run(*args[:-1], "--option", "free_market=yes")
    assert text.code == 0 and "setup options: free_market=True" in text.out and " per copy)" in text.out


@pytest.mark.parametrize(("option", "said"), [
    ("colour=red", "--option colour: millennium_blades has no such option"),
    ("sets=MB-CORE,MB-XX", "--option sets: must be one of"),
    ("free_market", "--option takes NAME=VALUE"),
    ("ticks_per_minute=fast", "--option ticks_per_minute: must be a whole number"),
])
def test_the_command_refuses_bad_options_naming_them(option, said):
    run = Run("--game", GAME, "--mode", MODE, "--players", "3", "--games", "1", "--option", option)
    assert run.code == 2 and said in run.error, run.error


# -- counters: the VP breakdown and the market figures ---------------------------------------------------------
def _played(games=4, seed=7, **options):
    pairing = modes.deckless_pairing(FULL, 3, [{"name": "random"}] * 3, options)
    results = run_games(FULL, pairing.decks, pairing.agents, games=games, seed=seed, rotate=False,
                        options=pairing.options)
    return deckless_figures(summarize_results(results, MODE, pairing.names, FULL), FULL)


def test_the_vp_group_adds_up_to_each_seats_score():
    """The chart's data: per seat, the means of the group's counters (VP by source) stack up to its
    mean final VP (the game's return)."""
    summary = _played()
    names = summary["counter_groups"]["vp"]
    assert [FULL.counter(n).group for n in names] == ["vp"] * 4
    for side in summary["sides"]:
        parts = sum(side["counters"][n]["mean"] for n in names)
        assert parts == pytest.approx(side["mean_return"]["mean"])


def test_price_paid_is_what_the_seat_paid_for_what_it_bought():
    state = FULL.start([DeckList(game=GAME, name=f"Seat {n}") for n in range(3)], 11)
    from rules.core.agents import make_agent
    agents = [make_agent("random", seat) for seat in range(3)]
    while not state.is_over:
        state.apply_move({seat: agents[seat].choose(state, seat) for seat in state.current_players()})
    for seat, stats in enumerate(state.stats):
        paid = -state.money_flow[seat].get("buy_store", 0) - state.money_flow[seat].get("buy_aftermarket", 0)
        assert sum(stats.get("price_paid", {}).values()) == paid
        assert set(stats.get("price_paid", {})) <= set(stats.get("bought", {})) | set(stats.get("bought_aftermarket", {}))
    # in winning kits: each tournament (rounds 1-3) counts the kits of the seats placed first
    kits = [e for e in state.events if e.action == "tournament" and dict(e.changes)["round"] > 0] if state.events else []
    expected = [Counter() for _ in range(3)]
    rounds = state.placements[-len(kits):] if kits else []
    for event, places in zip(kits, rounds, strict=True):
        for seat, kit in enumerate(dict(event.changes)["kits"]):
            if places[seat] == 1:
                expected[seat].update(kit)
    if kits:
        assert [Counter(s.get("in_winning_kit", {})) for s in state.stats] == expected
    assert sum(sum(s.get("in_winning_kit", {}).values()) for s in state.stats) > 0


def test_the_card_table_has_a_mean_price_per_card():
    summary = _played()
    for side in summary["sides"]:
        for card, by_counter in side["cards"].items():
            if "price_paid" in by_counter:
                copies = sum(by_counter.get(c, {}).get("count", 0) for c in ("bought", "bought_aftermarket"))
                assert by_counter["price_paid"]["per_unit"] == pytest.approx(by_counter["price_paid"]["count"] / copies,
                                                                             abs=1e-4), card
        total = side["card_totals"]["price_paid"]
        bought = side["card_totals"]["bought"]["total"] + side["card_totals"]["bought_aftermarket"]["total"]
        assert total["per_unit"] == pytest.approx(total["total"] / bought, abs=1e-4)
    assert any(side["card_totals"]["in_winning_kit"]["total"] for side in summary["sides"])
