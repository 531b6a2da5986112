"""`manage.py simulate --mode full-game`: a game's deckless mode (``EngineSpec.deckless_modes``), here
Millennium Blades' whole game, played from the command line with ``--players`` instead of decks.

The whole game needs no database (its Store comes from fixtures/millennium_blades.json), so these
tests call the command without the card pool. Random agents keep them fast (a random game is a few
hundredths of a second; a greedy one several seconds)."""

import json

import pytest

from rules.core.registry import UnknownMode, deckless_mode_of, deckless_modes, get_engine
from rules.core.replay import ReplayError, replay_game
from simulate import modes
from simulate.management.commands.simulate import Command
from tests.simulate.conftest import EMERALD, Run

GAME = ("--game", "millennium_blades", "--mode", "full-game")


def full_game(*args):
    return Run(*GAME, *args)


# -- the registry ------------------------------------------------------------------------------------
def test_the_whole_game_is_a_deckless_mode_of_the_tournament_engine():
    engine = get_engine("millennium_blades")
    full = get_engine("millennium_blades", "full-game")
    assert engine.deckless_modes["full-game"] is full  # beside it, other modes of the whole game (duel)
    assert full.version.startswith("full-") and (full.min_players, full.max_players) == (3, 5)
    assert deckless_mode_of(full) == "full-game" and deckless_mode_of(engine) is None
    assert deckless_modes()["full-game"] == ["millennium_blades"]
    assert engine.game_type()["deckless_modes"]["full-game"]["max_players"] == 5
    with pytest.raises(UnknownMode, match="no mode 'draft'"):
        get_engine("millennium_blades", "draft")
    with pytest.raises(UnknownMode, match="declares none"):
        get_engine("boundless", "full-game")


def test_the_apps_mode_lists_do_not_offer_it():
    """The web's modes come from the game's deck engine only: the whole game is no deck mode."""
    engine = get_engine("millennium_blades")
    assert "full-game" not in modes.available_modes(engine) and "full_game" not in modes.MODES


def test_help_lists_the_mode_through_the_registry():
    text = Command().create_parser("manage.py", "simulate").format_help()
    assert "full-game" in text and "(millennium_blades)" in text and "--players N" in text


# -- runs ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_every_seat_is_reported_and_the_counts_add_up(players):
    games = 6
    run = full_game("--players", str(players), "--games", str(games), "--seed", "11", "--agent", "random", "--json")
    assert run.code == 0, run.error
    doc = run.json()
    full = get_engine("millennium_blades", "full-game")
    seats = [f"Seat {n + 1}" for n in range(players)]
    assert doc["settings"] == {"game": "millennium_blades", "engine_version": full.version, "mode": "full-game",
                               "players": players, "games": games, "seed": 11, "agents": [{"name": "random"}] * players,
                               "seats": seats}
    results = doc["results"]
    assert results["games"] == games and results["seats"] == players
    assert [side["name"] for side in results["sides"]] == seats
    assert results["seat_wins"] == [side["wins"] for side in results["sides"]]  # seats do not rotate
    firsts = 0
    for side in results["sides"]:
        assert side["games"] == games == sum(n for _, n in side["placements"])
        assert side["wins"] + side["draws"] + side["losses"] == games
        firsts += dict(side["placements"]).get(1, 0)
        # the return is the final VP: tournaments + collections + money + Friendship (the counter group "vp")
        counters = side["counters"]
        assert results["counter_groups"]["vp"] == ["vp_tournaments", "vp_collections", "vp_money", "vp_friendship"]
        vp = sum(counters[name]["total"] for name in results["counter_groups"]["vp"])
        assert side["mean_return"]["count"] == games
        assert vp == pytest.approx(side["mean_return"]["mean"] * games, abs=0.01)
        assert counters["vp_tournaments"]["mean_interval"]["low"] <= counters["vp_tournaments"]["mean"]
        for name in ("bought", "sold", "fused", "collected"):
            copies = sum(card.get(name, {}).get("count", 0) for card in side["cards"].values())
            assert side["card_totals"][name] == {"total": copies, "per_game": round(copies / games, 4)}
    assert firsts == sum(side["wins"] for side in results["sides"]) >= games - results["draws"]
    assert results["turns"]["count"] == games and results["end_reasons"] == {"game_end": games}

    text = full_game("--players", str(players), "--games", "2", "--agent", "random")
    assert text.code == 0, text.error
    assert text.out.startswith(f"millennium_blades full-game ({players} players, engine {full.version}): 2 games")
    assert text.out.count("placements: ") == players and f"Seat {players - 1} (random):" in text.out
    assert "VP from tournaments: mean" in text.out and "Bought from the Store:" in text.out


def test_one_agent_per_seat_keeps_its_seat():
    run = full_game("--players", "3", "--games", "1", "--agent", "random", "--agent", "greedy", "--agent", "random",
                    "--json")
    assert run.code == 0, run.error
    doc = run.json()
    assert [a["name"] for a in doc["settings"]["agents"]] == ["random", "greedy", "random"]
    assert [side["name"] for side in doc["results"]["sides"]] == ["Seat 1", "Seat 2", "Seat 3"]


def test_json_is_the_same_whatever_the_workers():
    args = ("--players", "3", "--games", "4", "--seed", "5", "--agent", "random", "--json", "--quiet")
    one, two = full_game(*args, "--workers", "1"), full_game(*args, "--workers", "2")
    assert one.code == two.code == 0, one.error + two.error
    assert one.out == two.out


@pytest.mark.parametrize(("args", "message"), [
    (("--players", "6"), "played by 3 to 5 players: give --players N (not 6)"),
    (("--players", "2"), "(not 2)"),
    ((), "(no --players)"),
    (("--players", "4", "--deck", EMERALD), "needs no decks"),
    (("--players", "4", "--deal-from", "game:millennium_blades"), "not --deck or --deal-from"),
    (("--players", "4", "--agent", "random", "--agent", "random"), "one per seat (4), not 2"),
    (("--players", "4", "--games", "0"), "--games must be at least 1"),
])
def test_bad_input_exits_2_with_a_message(args, message):
    run = full_game(*args)
    assert run.code == 2 and message in run.error, run.error


def test_a_game_without_deckless_modes_refuses_the_mode():
    run = Run("--game", "boundless", "--mode", "full-game", "--players", "4")
    assert run.code == 2 and "boundless has no mode full-game (its modes: goldfish" in run.error
    run = Run("--game", "boundless", "--deck", EMERALD, "--players", "2")
    assert run.code == 2 and "--players is for a mode that needs no decks" in run.error
    assert "full-game (millennium_blades)" in run.error


def test_replays_record_the_mode_and_replay_to_the_same_end(tmp_path):
    run = full_game("--players", "4", "--games", "2", "--seed", "3", "--agent", "random", "--replays", str(tmp_path),
                    "--json")
    assert run.code == 0, run.error
    assert "wrote 2 replays" in run.err
    replay = json.loads((tmp_path / "game-00001.json").read_text())
    full = get_engine("millennium_blades", "full-game")
    assert replay["mode"] == "full-game" and replay["engine_version"] == full.version
    assert [deck["name"] for deck in replay["decks"]] == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    state = replay_game(replay)
    assert state.outcome.as_dict() == replay["outcome"]
    vp = [c["vp_tournaments"] + c["vp_collections"] + c["vp_money"] + c["vp_friendship"] for c in state.counters()]
    assert list(state.outcome.returns) == vp  # the outcome's returns are the final VP
    wrong = dict(replay, mode="draft")
    with pytest.raises(ReplayError, match="mode this code does not know"):
        replay_game(wrong)
    without = {k: v for k, v in replay.items() if k != "mode"}  # read as the tournament engine's
    with pytest.raises(ReplayError, match="engine"):
        replay_game(without)
