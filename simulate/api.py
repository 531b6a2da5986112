"""Simulation API: start, list, read (status, progress, results), cancel, delete, replay.

Thin views over ``simulate.services`` / ``simulate.selectors``; every permission question goes
to ``simulate.permissions``. User input never causes a 500: a bad request is a 400
``{"error": code, "message": ..., ...details}``. A run the caller may not see is a 404 (its
existence is not revealed); one they may see but not change answers 403 to cancel and delete.
Shared runs are read with ``?key=<share key>``. Browsers authenticate with the session cookie
and send the CSRF token on writes.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api_errors import RequestError, RequestSerializer, error_response, says
from rules.core.registry import deckless_modes
from simulate import modes, permissions, replays, selectors, services

#: the deckless modes any game declares (``EngineSpec.deckless_modes``), by name: their games
DECKLESS = deckless_modes()
#: every mode a run may have: the deck modes, then the games' deckless ones
RUN_MODES = list(modes.MODES) + [name for name in DECKLESS if name not in modes.MODES]
_DECKLESS_TEXT = "; ".join(f"{name} ({', '.join(games)})" for name, games in DECKLESS.items()) or "none"

_error_schema = inline_serializer("SimulationError", {"error": serializers.CharField(),
                                                      "message": serializers.CharField()})


class SimulationStartSerializer(RequestSerializer):
    """The body of ``POST /api/simulations/``: its shape and each field's JSON type. What depends
    on the game, the decks and the limits (an engine, deck counts, agents' options, ownership,
    legality) is checked by ``simulate.services.simulation_start`` (the web form's path too)."""

    field_codes = {"game": "unknown_game", "mode": "bad_mode", "decks": "bad_decks", "deal_from": "bad_query",
                   "players": "bad_players", "agents": "bad_agents", "games": "bad_games", "seed": "bad_seed",
                   "options": "bad_options", "league": "bad_league"}

    game = serializers.CharField(help_text="game slug; the game must have a rules engine",
                                 error_messages=says("must be a game slug"))
    mode = serializers.ChoiceField(choices=RUN_MODES, error_messages=says(
        f"must be one of {', '.join(RUN_MODES)}"), help_text=(
        "goldfish: 1 deck against the game's passive opponent; head_to_head: 2 decks; gauntlet: 1 deck "
        "against each of 1-20 opponents; table: 2 to the game's max_players decks at one table (games for "
        "3 or more players each playing for itself); teams: two teams of allies, the decks given team by team "
        "(FellBound: 4); league: 2-32 decks, every deck against every other (see league). A mode the game's seats "
        "do not allow is refused (400 mode_not_offered). "
        f"Modes of one game that need no decks (its deckless modes: {_DECKLESS_TEXT}) take players instead of "
        "decks: every seat starts from what the game deals, one agent per seat, seats not rotating."))
    decks = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**62 - 1, error_messages=says("must be a deck id")),
        required=False, error_messages=says("must be a list of deck ids"),
        help_text="goldfish: [deck]; head_to_head: [A, B]; gauntlet: [deck, opponent, ...]; "
                  "table: [deck, deck, ...] (side 0 first; seats rotate); teams: team 1's "
                  "decks then team 2's; empty or left out with deal_from or a deckless mode (given there: "
                  "400 decks_not_taken)")
    deal_from = serializers.CharField(required=False, allow_null=True, error_messages=says(
        "must be a search query (e.g. \"game:fellbound\")"), help_text=(
        "a dealt-format run (FellBound's random play): a search query; every game deals fresh decks from the "
        "cards matching it (reproducibly from the seed) instead of playing chosen decks"))
    players = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=64, error_messages=says("must be a number of seats"),
        help_text="a deckless mode's seats, one of its engine's seat counts (else 400 bad_players naming them); "
                  "only with a deckless mode")
    agents = serializers.JSONField(required=False, allow_null=True,
                                   help_text='one for every deck or one per deck (a gauntlet: the deck\'s and the '
                                             'opponents\'; a deckless mode: one per seat): "greedy", "random", '
                                             '{"name": "ismcts", "iterations": 100}')
    games = serializers.IntegerField(min_value=1, error_messages=says("must be a whole number of at least 1"),
                                     help_text="games per pairing (per opponent in a gauntlet)")
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=services.MAX_SEED,
                                    error_messages=says(f"must be a whole number from 0 to {services.MAX_SEED}"),
                                    help_text="random when left out; shown for reuse")
    options = serializers.DictField(
        required=False, allow_null=True, error_messages=says("must be an object of option names and values"),
        help_text="the engine's setup options for every game (its EngineSpec.setup_options; a 400 bad_options "
                  "lists them all with their kinds, choices and defaults in options), name -> value: a choice's value, a "
                  "list of values for a multiple choice, true/false, a whole number; e.g. the Millennium Blades "
                  "whole game's {\"sets\": [\"MB-CORE\", \"MB-EX1\"], \"free_market\": true}. An unknown "
                  "option or a bad value: 400 bad_options naming it (option)")

    league = serializers.DictField(
        required=False, allow_null=True, error_messages=says("must be an object with format, table_size, source and query"),
        help_text="mode league only (every deck against every other, 2-32 decks): format (head_to_head: games, seats "
                  "alternating; match: the game's matches; teams: each deck a team of allies; table: table_size decks "
                  "at one table, every combination; default the game's first), table_size (table: 3 to the game's "
                  "max_players), source (chosen: the decks given; mine: your legal decks of the game; public: the "
                  "public ones; search: both, named like query), query (source search). The run's results add "
                  "league: the matchup matrix, ratings, equilibrium and matchups per deck (docs/metagame.md)")

    def required_fields(self, data: dict) -> list[str]:
        """``decks``, unless the run deals its decks (``deal_from``), its mode needs none (a deckless mode)
        or it is a league that finds its decks (``league.source``)."""
        mode = data.get("mode")
        league = data.get("league")
        finds = isinstance(league, dict) and league.get("source") not in (None, "chosen")
        if "deal_from" in data or (isinstance(mode, str) and mode in DECKLESS) or (mode == modes.LEAGUE and finds):
            return ["game", "mode", "games"]
        return ["game", "mode", "decks", "games"]


# -- response shapes (documentation only: the views answer plain dicts from simulate.selectors) --------
def _num(**kwargs):
    return serializers.FloatField(allow_null=True, **kwargs)


def _pairs(help_text: str):
    return serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()), help_text=help_text)


class SimulationRateSerializer(serializers.Serializer):
    successes = serializers.IntegerField()
    trials = serializers.IntegerField()
    rate = _num()
    low = _num(help_text="95% Wilson interval")
    high = _num()


class SimulationMeanSerializer(serializers.Serializer):
    mean = _num()
    low = _num(help_text="95% interval (Student's t); null below 5 values (too_few)")
    high = _num()
    count = serializers.IntegerField()
    too_few = serializers.BooleanField(help_text="too few values (games) for an interval: the pages say so")


class SimulationHistogramSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    mean = _num()
    median = _num()
    min = serializers.IntegerField(allow_null=True)
    max = serializers.IntegerField(allow_null=True)
    distribution = _pairs("[value, games]")


class SimulationCardTotalSerializer(serializers.Serializer):
    total = serializers.IntegerField(help_text="cards in all games")
    per_unit = _num(required=False, help_text="a counter with StatCounter.per: total / the copies those counted")
    per_game = _num()


class SimulationCounterSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    mean = _num(help_text="per game")
    mean_interval = SimulationMeanSerializer(required=False, help_text="a deckless run's: the mean per game "
                                                                               "with its 95% interval")
    games_with = serializers.IntegerField(help_text="games where it was not 0")
    rate = _num()
    distribution = _pairs("[value, games]")
    win_rate_with = _num(help_text="the deck's win rate in games with it")
    win_rate_without = _num()


class SimulationCardCounterSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="copies in all games")
    games = serializers.IntegerField(help_text="games where it counted")
    wins = serializers.IntegerField()
    per_game = _num()
    win_rate = _num(help_text="the deck's win rate in those games")
    per_unit = _num(required=False, help_text="a counter with StatCounter.per: count / the copies those counted "
                                              "of this card (the mean price paid)")


class SimulationSideSerializer(serializers.Serializer):
    side = serializers.IntegerField(help_text="the deck's index in the pairing, 0 first")
    name = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    win_rate = SimulationRateSerializer(help_text="wins / games (draws are not wins)")
    placements = _pairs("[place, games]; 1 = first, tied seats share a place")
    mean_placement = _num()
    mean_return = SimulationMeanSerializer(help_text="the game's returns: its points, else +1 win, -1 loss, 0 draw")
    turns_to_win = SimulationHistogramSerializer()
    turns_to_win_mean = SimulationMeanSerializer()
    counters = serializers.DictField(child=SimulationCounterSerializer(),
                                     help_text="the game's declared plain counters, by name")
    cards = serializers.DictField(child=serializers.DictField(child=SimulationCardCounterSerializer()),
                                  help_text="card name -> the game's per-card counter name -> figures")
    card_totals = serializers.DictField(child=SimulationCardTotalSerializer(), required=False,
                                        help_text="a deckless run's: per-card counter name -> the seat's cards in "
                                                  "all games and per game")


class SimulationSummarySerializer(serializers.Serializer):
    mode = serializers.CharField()
    games = serializers.IntegerField()
    draws = serializers.IntegerField()
    seats = serializers.IntegerField(help_text="sides (decks) of the pairing = seats of its games")
    sides = SimulationSideSerializer(many=True)
    seat_wins = serializers.ListField(child=serializers.IntegerField())
    turns = SimulationHistogramSerializer()
    turns_mean = SimulationMeanSerializer()
    steps = SimulationHistogramSerializer()
    end_reasons = serializers.DictField(child=serializers.IntegerField())
    end_reason_labels = serializers.DictField(child=serializers.CharField())
    counter_labels = serializers.DictField(child=serializers.CharField())
    counter_descriptions = serializers.DictField(
        child=serializers.CharField(), help_text="what each counter counts, in the game's words")
    counter_groups = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), required=False,
        help_text="plain counters that are parts of one whole, by group (StatCounter.group: the VP by source); "
                  "the run page stacks their means per seat")
    counter_per = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), required=False,
        help_text="per-card counters that are an amount per copy of other per-card counters (StatCounter.per: "
                  "price paid per card bought); their cards' and totals' per_unit is that mean")


class SimulationSeriesPointSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    wins = serializers.IntegerField(help_text="side 0's")
    rate = _num()
    low = _num()
    high = _num()
    sides = serializers.ListField(child=serializers.DictField(), help_text="every side's {wins, rate, low, high}")


class SimulationPairingSerializer(serializers.Serializer):
    pairing = serializers.IntegerField()
    decks = serializers.ListField(child=serializers.CharField())
    summary = SimulationSummarySerializer()
    series = SimulationSeriesPointSerializer(many=True)


class SimulationResultsSerializer(serializers.Serializer):
    mode = serializers.CharField()
    readable = serializers.BooleanField(help_text="false for a run whose stored tallies are too old (see message)")
    message = serializers.CharField()
    games_done = serializers.IntegerField()
    summary = SimulationSummarySerializer(allow_null=True, help_text="the first pairing's figures")
    series = SimulationSeriesPointSerializer(many=True)
    pairings = SimulationPairingSerializer(many=True)
    matrix = serializers.DictField(required=False, help_text="gauntlet: {deck, opponents, rows: [[{opponent, pairing, "
                                                             "games, wins, losses, draws, win_rate, mean_return}]]}")
    league = serializers.DictField(required=False, help_text=(
        "league runs (docs/metagame.md): {names, matrix: [[{games, score, rate, low, high, undecided} or null]], "
        "decks: [{deck, name, games, score_rate, rating, rating_low, rating_high, rank, share, in_equilibrium, "
        "score_against_mix, dominated, dominated_by, best, worst, beaten_by}], ranking, comparisons, "
        "bootstrap_samples, undecided_cells, format, table_size}"))


class SimulationRunSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    mode = serializers.ChoiceField(choices=RUN_MODES)
    mode_label = serializers.CharField()
    deckless = serializers.BooleanField(help_text="a run of a game's deckless mode: no decks, players seats")
    players = serializers.IntegerField(allow_null=True, help_text="a deckless run's seats; null for runs of decks")
    options = serializers.DictField(help_text="the engine's setup options every game plays with (only those that "
                                              "differ from the defaults)")
    option_rows = serializers.ListField(child=serializers.DictField(), help_text=(
        "every setup option the engine declares with the value played: [{name, label, value, text, default}]"))
    status = serializers.CharField()
    games_requested = serializers.IntegerField()
    pairings = serializers.IntegerField()
    sides = serializers.ListField(child=serializers.ListField(child=serializers.CharField()),
                                  help_text="deck names of each pairing, side 0 first")
    seed = serializers.IntegerField()
    seed_text = serializers.CharField()
    agents = serializers.ListField(child=serializers.DictField(), help_text="agent spec per side")
    decks = serializers.ListField(child=serializers.DictField(), help_text="[{position, deck, name, version}]")
    progress = serializers.DictField(help_text="games_done, games_requested, percent, rate, eta_seconds, ...")
    results = SimulationResultsSerializer()


class SimulationReplaySerializer(serializers.Serializer):
    run = serializers.IntegerField()
    pairing = serializers.IntegerField()
    game = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    seats = serializers.ListField(child=serializers.DictField(), help_text="[{seat, side, deck, agent}]")
    standings = serializers.ListField(child=serializers.DictField(),
                                      help_text="seats by placement: [{seat, side, deck, agent, place, return, winner}]")
    replay = serializers.DictField(help_text="docs/replay-format.md, version 2")
    frames = serializers.ListField(child=serializers.DictField(), allow_null=True,
                                   help_text="[{number, turn, step, moves: [{player, action, sentence}], events, view, "
                                             "over}]; null with frames=0")


_run_schema = SimulationRunSerializer
_replay_schema = SimulationReplaySerializer
_key = OpenApiParameter("key", OpenApiTypes.STR, description="share key of a shared run (anyone holding it may read)")


def _not_found(pk: int) -> RequestError:
    return RequestError("not_found", f"there is no simulation run {pk} that you may see", 404)


def _visible(request, pk: int):
    run = selectors.run_get(pk)
    if run is None or not permissions.can_view(request.user, run, request.query_params.get("key")):
        return None
    return run


def _run_document(request, run) -> dict:
    return {**selectors.run_summary(run, show_share=permissions.can_change(request.user, run)),
            "progress": selectors.run_progress(run), "results": selectors.run_results(run)}


def _int_param(request, name: str, default=None):
    """A whole-number query parameter, ``default`` when absent; raises ValueError with a message."""
    raw = request.query_params.get(name)
    if raw in (None, ""):
        return default
    if not raw.strip().lstrip("-").isdigit() or len(raw) > 12:
        raise ValueError(f"{name} must be a whole number, not {raw[:40]!r}")
    return int(raw)


class SimulationListView(APIView):
    permission_classes = [AllowAny]  # writes check simulate.permissions themselves

    @extend_schema(summary="My simulation runs", operation_id="simulations_list", responses={200: OpenApiTypes.OBJECT})
    def get(self, request):
        runs = selectors.my_runs(request.user)[:200]
        return Response({"results": [{**selectors.run_summary(run), "progress": selectors.run_progress(run)}
                                     for run in runs]})

    @extend_schema(
        summary="Start a simulation run",
        request=SimulationStartSerializer,
        responses={201: inline_serializer("SimulationStarted", {"id": serializers.IntegerField(),
                                                                "seed": serializers.IntegerField()}),
                   400: _error_schema, 403: _error_schema},
        examples=[OpenApiExample("head-to-head", request_only=True, value={
            "game": "boundless", "mode": "head_to_head", "decks": [1, 2], "games": 1000,
            "agents": ["greedy", "random"]}),
                  OpenApiExample("table of four (a game for 3 or more players)", request_only=True, value={
                      "game": "millennium_blades", "mode": "table", "decks": [1, 2, 3, 4], "games": 500,
                      "agents": ["greedy"]}),
                  OpenApiExample("random decks dealt every game (FellBound's random play)", request_only=True,
                                 value={"game": "fellbound", "mode": "head_to_head", "deal_from": "game:fellbound",
                                        "games": 1000}),
                  OpenApiExample("a league of your Boundless decks (every deck against every other)",
                                 request_only=True, value={"game": "boundless", "mode": "league", "games": 200,
                                                           "league": {"source": "mine"}, "agents": ["greedy"]}),
                  OpenApiExample("a Millennium Blades league at tables of 3", request_only=True, value={
                      "game": "millennium_blades", "mode": "league", "decks": [1, 2, 3, 4], "games": 30,
                      "league": {"format": "table", "table_size": 3}}),
                  OpenApiExample("a deckless mode: the whole game, no decks", request_only=True, value={
                      "game": "millennium_blades", "mode": "full-game", "players": 4, "games": 20, "seed": 1,
                      "agents": ["greedy", "greedy", "random", {"name": "ismcts", "iterations": 50}]}),
                  OpenApiExample("the whole game with setup options (EngineSpec.setup_options)", request_only=True,
                                 value={"game": "millennium_blades", "mode": "full-game", "players": 4, "games": 20,
                                        "agents": ["greedy"], "options": {"sets": ["MB-CORE", "MB-EX1", "MB-PR1"],
                                                                          "free_market": True}})],
    )
    def post(self, request):
        if not permissions.can_start(request.user):
            raise RequestError("not_authenticated", "log in to start a simulation", 403)
        data = SimulationStartSerializer.validated(request)  # RequestError: a 400 with its code
        try:
            run = services.simulation_start(owner=request.user, game=data["game"], mode=data["mode"],
                                            deck_ids=data.get("decks", []), games=data["games"], seed=data.get("seed"),
                                            agents=data.get("agents"), deal_from=data.get("deal_from"),
                                            players=data.get("players"), options=data.get("options"),
                                            league=data.get("league"))
        except services.SimulationError as exc:
            raise RequestError(exc.code, exc.message, **exc.details) from None
        return Response({"id": run.pk, "seed": run.seed}, status=status.HTTP_201_CREATED)


class SimulationDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="A run: status, progress and results so far (every deck's placements, mean return, "
                           "win rate with intervals, and the game's counters)", parameters=[_key],
                   responses={200: _run_schema, 404: _error_schema})
    def get(self, request, pk: int):
        run = _visible(request, pk)
        if run is None:
            raise _not_found(pk)
        return Response(_run_document(request, run))

    @extend_schema(summary="Delete a run (owner only)", responses={204: None, 403: _error_schema, 404: _error_schema})
    def delete(self, request, pk: int):
        run = _visible(request, pk)
        if run is None:
            raise _not_found(pk)
        try:
            services.simulation_delete(actor=request.user, run=run)
        except DjangoPermissionDenied as exc:
            raise RequestError("forbidden", str(exc), 403) from None
        return Response(status=status.HTTP_204_NO_CONTENT)


class SimulationCancelView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="Cancel a run between chunks (owner only)", request=None,
                   responses={200: _run_schema, 403: _error_schema, 404: _error_schema})
    def post(self, request, pk: int):
        run = _visible(request, pk)
        if run is None:
            raise _not_found(pk)
        try:
            run = services.simulation_cancel(actor=request.user, run=run)
        except DjangoPermissionDenied as exc:
            raise RequestError("forbidden", str(exc), 403) from None
        return Response(_run_document(request, run))


class SimulationShareView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="Revoke the run's share key, or make a new one (owner only)",
                   request=inline_serializer("ShareIn", {"action": serializers.ChoiceField(["revoke", "regenerate"])}),
                   responses={200: _run_schema, 400: _error_schema, 403: _error_schema, 404: _error_schema})
    def post(self, request, pk: int):
        run = _visible(request, pk)
        if run is None:
            raise _not_found(pk)
        action = request.data.get("action") if isinstance(request.data, dict) else None
        try:
            run = services.simulation_share(actor=request.user, run=run, action=action)
        except services.SimulationError as exc:
            raise RequestError(exc.code, exc.message, 403 if exc.code == "forbidden" else 400) from None
        return Response(_run_document(request, run))


class SimulationReplayView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="Replay one game of a run (played again from its seed), with a frame per decision point",
        parameters=[_key,
                    OpenApiParameter("pairing", OpenApiTypes.INT, description="opponent number in a gauntlet (default 0)"),
                    OpenApiParameter("seat", OpenApiTypes.INT,
                                     description="0 to seats - 1: the board as that seat sees it; empty: everything"),
                    OpenApiParameter("frames", OpenApiTypes.BOOL, description="0 leaves the frames out (default 1)"),
                    OpenApiParameter("match_game", OpenApiTypes.INT,
                                     description="a match run: the frames of this game of the match (1-based, default 1); "
                                                 "the replay holds every game")],
        responses={200: _replay_schema, 202: OpenApiTypes.OBJECT, 400: _error_schema, 404: _error_schema,
                   429: _error_schema},
    )
    def get(self, request, pk: int, n: int):
        run = _visible(request, pk)
        if run is None:
            raise _not_found(pk)
        try:
            pairing = _int_param(request, "pairing", 0)
            seat = _int_param(request, "seat", None)
            number = _int_param(request, "match_game", None)
        except ValueError as exc:
            raise RequestError("bad_parameter", str(exc)) from None
        with_frames = request.query_params.get("frames", "1") not in ("0", "false", "no")
        try:
            seats = selectors.seat_names(run, pairing, n)
            selectors.check_seat(run, pairing, seat)
        except selectors.ReplayNotFound as exc:
            raise RequestError("bad_parameter", str(exc)) from None
        try:
            replay = replays.replay(run, pairing, n, replays.requester_of(request, request.query_params.get("key")))
            frames = (selectors.replay_frames(run, pairing, n, seat, replay=replay, match_game_number=number)
                      if with_frames else None)
            outcome = selectors.match_game(replay, number).get("outcome")
        except selectors.ReplayNotFound as exc:
            raise RequestError("not_played", str(exc), 404) from None
        except replays.ReplayPending:
            response = Response({"status": "computing", "message": "the replay is being prepared (a slow agent "
                                 "played this game); ask again after Retry-After seconds"}, status=202)
            response["Retry-After"] = str(replays.ReplayPending.retry_after)
            return response
        except replays.ReplayBusy as exc:
            response = error_response("busy", str(exc), 429)  # answered here: it carries Retry-After
            response["Retry-After"] = str(replays.ReplayPending.retry_after)
            return response
        return Response({"run": run.pk, "pairing": pairing, "game": n, "seat": seat, "seats": seats,
                         "standings": selectors.game_standings(seats, outcome),
                         "replay": replay, "frames": frames})
