"""Deck doctor API (issue 28, parts 2 and 3): start a run, read its figures, save the best change
as the deck's new version, cancel. Thin views over ``simulate.doctor_runs``; the figures are
``doctor_runs.doctor_report``'s (the page's and, from the same seed, ``manage.py deck_doctor``'s).
Permissions as every run's (``simulate.permissions``); a run the caller may not see is a 404."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from drf_spectacular.utils import OpenApiExample, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api_errors import RequestError, RequestSerializer, says
from simulate import doctor_runs, modes, permissions, selectors, services
from simulate.doctor import VERDICT_TEXT
from simulate.doctor_runs import LIMITS

_error = inline_serializer("DoctorError", {"error": serializers.CharField(), "message": serializers.CharField()})


def _whole(name: str):
    low, high = LIMITS[name]
    return serializers.IntegerField(required=False, allow_null=True, min_value=low, max_value=high,
                                    error_messages=says(f"must be a whole number from {low} to {high}"))


class DoctorStartSerializer(RequestSerializer):
    """The body of ``POST /api/doctor/``; what depends on the decks is checked by
    ``simulate.doctor_runs.doctor_start`` (the web form's path too)."""

    field_codes = {"deck": "bad_deck", "field": "bad_field", "seed": "bad_seed", "agents": "bad_agents",
                   "games_per_look": "bad_games_per_look", "max_looks": "bad_max_looks",
                   "candidates": "bad_candidates", "alpha": "bad_alpha", "league": "unknown_league",
                   "league_key": "unknown_league", "top": "bad_top"}

    deck = serializers.IntegerField(min_value=1, error_messages=says("must be a deck id"),
                                    help_text="the deck to improve (one you may see; changes are saved only to yours)")
    field = serializers.ListField(child=serializers.IntegerField(min_value=1, error_messages=says("must be a deck id")),
                                  min_length=1, max_length=doctor_runs.MAX_FIELD, required=False,
                                  error_messages=says(f"must be a list of 1 to {doctor_runs.MAX_FIELD} deck ids"),
                                  help_text="the field: the decks to measure against (a gauntlet); or give `league`")
    league = serializers.IntegerField(required=False, min_value=1, error_messages=says("must be a league run id"),
                                      help_text="instead of `field`: a league run (one you may see) whose top decks "
                                                "by rating are the field")
    top = serializers.IntegerField(required=False, min_value=1, max_value=doctor_runs.MAX_FIELD,
                                   error_messages=says(f"must be a whole number from 1 to {doctor_runs.MAX_FIELD}"),
                                   help_text=f"with `league`: how many of its top decks (default "
                                             f"{doctor_runs.LEAGUE_TOP}; the doctored deck is left out)")
    league_key = serializers.CharField(required=False, max_length=100,
                                       help_text="with `league`: the key of its share link, for a league not yours")
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=services.MAX_SEED,
                                    error_messages=says(f"must be a whole number from 0 to {services.MAX_SEED}"))
    agents = serializers.JSONField(required=False, allow_null=True,
                                   help_text='one agent for every deck or two (the deck\'s, the field\'s): "greedy"')
    games_per_look = _whole("games_per_look")
    max_looks = _whole("max_looks")
    candidates = _whole("candidates")
    alpha = serializers.FloatField(required=False, allow_null=True, min_value=0.001, max_value=0.2,
                                   error_messages=says("must be a number from 0.001 to 0.2"),
                                   help_text="family-wise error rate of the intervals (0.05: 95% for all at once)")


class DoctorCandidateSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    section = serializers.CharField()
    card_out = serializers.CharField(help_text="the card one copy of which comes out")
    card_in = serializers.CharField(help_text="the card that comes in, in its place")
    card_in_id = serializers.IntegerField(allow_null=True)
    label = serializers.CharField()
    screen = serializers.FloatField(help_text="the cheap screen's score that chose it")
    verdict = serializers.ChoiceField(choices=list(VERDICT_TEXT))
    verdict_text = serializers.CharField()
    change = serializers.FloatField(allow_null=True, help_text="win-rate change against the field (0.03 = +3 points)")
    low = serializers.FloatField(allow_null=True, help_text="the interval, simultaneous over all candidates and looks")
    high = serializers.FloatField(allow_null=True)
    games = serializers.IntegerField(help_text="paired games played")
    identical = serializers.IntegerField(help_text="paired games whose result did not change")
    stopped_look = serializers.IntegerField(allow_null=True)


class DoctorReportSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()
    error = serializers.CharField()
    deck = serializers.DictField(help_text="{id, name, version}: the deck and the version measured")
    field = serializers.ListField(child=serializers.CharField())
    settings = serializers.DictField()
    seed = serializers.IntegerField()
    original_win_rate = serializers.FloatField(allow_null=True)
    original_games = serializers.IntegerField()
    looks_done = serializers.IntegerField()
    finished = serializers.BooleanField()
    interval_z = serializers.FloatField()
    candidates = DoctorCandidateSerializer(many=True)
    helpful = DoctorCandidateSerializer(many=True, help_text="the candidates that help, best first")
    best = serializers.IntegerField(allow_null=True, help_text="the number of the best change")
    games_spent = serializers.IntegerField()
    games_budget = serializers.IntegerField()
    screened = serializers.IntegerField(help_text="legal swaps the cheap screen ranked")
    progress = serializers.FloatField()
    saved_version = serializers.IntegerField(allow_null=True)
    field_source = serializers.CharField(help_text="gauntlet (decks chosen), or league:<run id> (its top decks)")


def _visible(request, pk: int):
    run = selectors.run_get(pk)
    if run is None or run.mode != modes.DOCTOR or not permissions.can_view(request.user, run,
                                                                           request.query_params.get("key")):
        raise RequestError("not_found", f"there is no deck doctor run {pk} that you may see", 404)
    return run


class DoctorStartView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="Start a deck doctor run", request=DoctorStartSerializer,
                   responses={201: inline_serializer("DoctorStarted", {"id": serializers.IntegerField(),
                                                                       "seed": serializers.IntegerField()}),
                              400: _error, 403: _error},
                   examples=[OpenApiExample("a deck against a field of four", request_only=True, value={
                       "deck": 1, "field": [2, 3, 4, 5], "candidates": 30, "seed": 1}),
                             OpenApiExample("a deck against a league's four top decks", request_only=True, value={
                       "deck": 1, "league": 7, "top": 4, "seed": 1})])
    def post(self, request):
        if not permissions.can_start(request.user):
            raise RequestError("not_authenticated", "log in to run the deck doctor", 403)
        data = DoctorStartSerializer.validated(request)
        try:
            run = doctor_runs.doctor_start(owner=request.user, deck_id=data["deck"], field=data.get("field"),
                                           league=data.get("league"), top=data.get("top"),
                                           league_key=data.get("league_key"),
                                           seed=data.get("seed"), agents=data.get("agents"),
                                           games_per_look=data.get("games_per_look"), max_looks=data.get("max_looks"),
                                           candidates=data.get("candidates"), alpha=data.get("alpha"))
        except services.SimulationError as exc:
            raise RequestError(exc.code, exc.message, **exc.details) from None
        return Response({"id": run.pk, "seed": run.seed}, status=status.HTTP_201_CREATED)


class DoctorDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="A deck doctor run: status, progress, every candidate's change with its interval",
                   responses={200: DoctorReportSerializer, 404: _error})
    def get(self, request, pk: int):
        return Response(doctor_runs.doctor_report(_visible(request, pk)))


class DoctorApplyView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="Save a change that helps (default: the best) as the deck's new version",
                   request=inline_serializer("DoctorApply", {"candidate": serializers.IntegerField(required=False)}),
                   responses={200: inline_serializer("DoctorApplied", {"deck": serializers.IntegerField(),
                                                                       "version": serializers.IntegerField()}),
                              400: _error, 403: _error, 404: _error, 409: _error})
    def post(self, request, pk: int):
        run = _visible(request, pk)
        candidate = request.data.get("candidate") if isinstance(request.data, dict) else None
        try:
            deck = doctor_runs.doctor_apply(actor=request.user, run=run, candidate=candidate)
        except DjangoPermissionDenied as exc:
            raise RequestError("forbidden", str(exc), 403) from None
        except services.SimulationError as exc:
            raise RequestError(exc.code, exc.message, 409 if exc.code == "deck_changed" else 400) from None
        return Response({"deck": deck.pk, "version": deck.current_version})


class DoctorCancelView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="Cancel a deck doctor run (owner only)", request=None,
                   responses={200: DoctorReportSerializer, 403: _error, 404: _error})
    def post(self, request, pk: int):
        run = _visible(request, pk)
        try:
            run = services.simulation_cancel(actor=request.user, run=run)
        except DjangoPermissionDenied as exc:
            raise RequestError("forbidden", str(exc), 403) from None
        return Response(doctor_runs.doctor_report(run))
