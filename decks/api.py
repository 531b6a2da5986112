"""Deck API: validation for anyone, CRUD for owners, text import / export, copy, versions, diffs,
sample hands and draw odds.

Thin views over ``decks.selectors`` / ``decks.services``; every permission question goes to
``decks.permissions``. User input never causes a 500: unknown cards, sections and quantities
are violations (validate) or a 400 listing them (saves); malformed JSON is a 400 with a message.
Browsers authenticate with the session cookie and send the CSRF token on writes.
"""

from __future__ import annotations

import random

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import ParseError
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from decks import permissions, selectors, services
from decks.models import Deck
from rules.core.decks import format_deck_text
from rules.core.registry import game_slugs, get_game

MAX_TURNS = 30


# -- helpers ---------------------------------------------------------------------------------------
def _error(message: str, code: str = "bad_request", http: int = 400, **extra) -> Response:
    return Response({"error": code, "message": message, **extra}, status=http)


def _body(request) -> tuple[dict | None, Response | None]:
    """The JSON object body, or a 400 saying why it cannot be read (or that it is too large:
    anonymous validation must stay cheap, whatever a stranger sends)."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > selectors.MAX_BODY_BYTES:
        return None, _error(f"the request body has {length:,} bytes; a deck request has at most "
                            f"{selectors.MAX_BODY_BYTES:,}", "too_large")
    try:
        data = request.data
    except ParseError as exc:
        return None, _error(f"the request body is not valid JSON: {exc.detail}", "malformed_json")
    if not isinstance(data, dict):
        try:
            data = dict(data)
        except (TypeError, ValueError):
            return None, _error("the request body must be a JSON object", "malformed_json")
    return data, None


def _game(value) -> tuple[str | None, Response | None]:
    if not isinstance(value, str) or value not in game_slugs():
        return None, _error(f"game must be one of {', '.join(game_slugs())}, not {value!r}", "unknown_game")
    return value, None


def _format(game: str, value):
    """The Format row for ``value`` (slug or name; missing = standard) or a 400 response."""
    if value is not None and not isinstance(value, str):
        return None, _error("format must be a format slug such as 'standard'", "unknown_format")
    fmt = selectors.format_find(game=game, name=value or None)
    if fmt is None:
        known = ", ".join(f.slug for f in selectors.format_list(game=game))
        return None, _error(f"{get_game(game).name} has no format {value!r}; known: {known}", "unknown_format",
                            formats=[f.slug for f in selectors.format_list(game=game)])
    return fmt, None


def _body_game_format(request) -> tuple[tuple, Response | None]:
    """The body, its game and its format (missing = standard), or the 400 for the first bad one."""
    data, bad = _body(request)
    if bad:
        return (None, None, None), bad
    game, bad = _game(data.get("game"))
    if bad:
        return (None, None, None), bad
    fmt, bad = _format(game, data.get("format"))
    return (data, game, fmt), bad


def _token(request) -> str | None:
    return request.query_params.get("key") or None


def _visible(request, pk: int) -> Deck | None:
    return selectors.deck_get_visible(pk=pk, user=request.user, token=_token(request))


def _not_found() -> Response:
    return _error("no such deck, or it is not shared with you", "not_found", 404)


def _forbidden(message: str = "only the deck's owner can change it") -> Response:
    return _error(message, "forbidden", 403)


def deck_json(deck: Deck, user) -> dict:
    """A deck for the API: metadata, cached legality, and its cards by section."""
    decklist = selectors.deck_to_decklist(deck)
    out = {
        "id": deck.pk,
        "name": deck.name,
        "description": deck.description,
        "game": deck.game,
        "format": deck.format_slug,
        "visibility": deck.visibility,
        "owner": deck.owner.get_username(),
        "is_legal": deck.is_legal,
        "violations": deck.violations or [],
        "current_version": deck.current_version,
        "created": deck.created.isoformat(),
        "updated": deck.updated.isoformat(),
        "url": deck.get_absolute_url(),
        "sections": {section: [{"card_id": e.card.id, "name": e.card.name, "qty": e.qty} for e in entries]
                     for section, entries in decklist.sections.items()},
        "count": selectors.deck_counts(decklist),
    }
    if permissions.can_edit(user, deck):
        out["share_url"] = deck.share_url()
    return out


def deck_summary(deck: Deck) -> dict:
    return {"id": deck.pk, "name": deck.name, "game": deck.game, "format": deck.format_slug,
            "visibility": deck.visibility, "owner": deck.owner.get_username(), "is_legal": deck.is_legal,
            "current_version": deck.current_version, "updated": deck.updated.isoformat(),
            "url": deck.get_absolute_url()}


# -- schema pieces -----------------------------------------------------------------------------------
class DeckEntryIn(serializers.Serializer):
    name = serializers.CharField(required=False, help_text="card name (any case); or give card_id")
    card_id = serializers.IntegerField(required=False)
    qty = serializers.IntegerField(min_value=1, max_value=selectors.MAX_QTY)


class ViolationOut(serializers.Serializer):
    code = serializers.CharField(help_text="stable identifier, e.g. too_many_copies, unknown_card")
    rule = serializers.CharField(help_text="rulebook file and section heading")
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())
    section = serializers.CharField(required=False)


def _sections_field():
    return serializers.DictField(child=serializers.ListField(child=DeckEntryIn()),
                                 help_text="section slug -> cards (docs/architecture.md sections)")


def _violation():
    return ViolationOut()


_error_schema = inline_serializer("DeckError", {"error": serializers.CharField(), "message": serializers.CharField()})
_deck_in = inline_serializer("DeckIn", {
    "game": serializers.CharField(help_text="game slug (create only; a deck's game never changes)"),
    "name": serializers.CharField(),
    "format": serializers.CharField(required=False, help_text="format slug, default standard"),
    "description": serializers.CharField(required=False),
    "visibility": serializers.ChoiceField(choices=["private", "unlisted", "public"], required=False),
    "sections": _sections_field(),
})
_deck_out = inline_serializer("Deck", {
    "id": serializers.IntegerField(), "name": serializers.CharField(), "description": serializers.CharField(),
    "game": serializers.CharField(), "format": serializers.CharField(), "visibility": serializers.CharField(),
    "owner": serializers.CharField(), "is_legal": serializers.BooleanField(),
    "violations": serializers.ListField(child=_violation()), "current_version": serializers.IntegerField(),
    "created": serializers.DateTimeField(), "updated": serializers.DateTimeField(), "url": serializers.CharField(),
    "sections": serializers.DictField(), "count": serializers.DictField(child=serializers.IntegerField()),
    "share_url": serializers.CharField(required=False, help_text="owner only: the link that opens an unlisted deck"),
})
_key_param = OpenApiParameter("key", str, description="share key of an unlisted deck (from its link)")


# -- validate ----------------------------------------------------------------------------------------
class ValidateView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="Validate a deck against its game's rulebook (no login needed)",
        request=inline_serializer("ValidateIn", {
            "game": serializers.CharField(), "format": serializers.CharField(required=False),
            "sections": _sections_field(),
            "text": serializers.CharField(required=False, help_text="deck text instead of sections; a line that "
                                          "cannot be read answers 400 with errors [{line, column, message}]")}),
        responses={200: inline_serializer("ValidateOut", {
            "legal": serializers.BooleanField(), "violations": serializers.ListField(child=_violation()),
            "charts": serializers.ListField(child=serializers.DictField()),
            "count": serializers.DictField(child=serializers.IntegerField())}),
            400: _error_schema},
        examples=[OpenApiExample("FellBound", request_only=True, value={
            "game": "fellbound", "format": "aligned",
            "sections": {"deck": [{"name": "Hearthward Mender", "qty": 1}]}})],
    )
    def post(self, request):
        (data, game, fmt), bad = _body_game_format(request)
        if bad:
            return bad
        if "text" in data:  # deck text, as the import and the builder's text mode write it
            decklist, bad = _text_decklist(data["text"], game, fmt.slug)
            if bad:
                return bad
            problems = []
        else:
            sections = data.get("sections", {})
            too_large = selectors.deck_size_problem(sections)
            if too_large:
                return _error(too_large, "too_large")
            decklist, problems = selectors.sections_to_decklist(game=game, sections=sections, fmt=fmt.slug)
        violations = problems + selectors.validate_decklist(decklist, fmt)
        return Response({
            "legal": not violations,
            "violations": [v.as_dict() for v in violations],
            "charts": selectors.chart_data(decklist),
            "count": selectors.deck_counts(decklist),
        })


def _text_decklist(text, game: str, fmt: str):
    """Deck text read against ``game``'s cards, or the 400 naming each bad line."""
    if not isinstance(text, str):
        return None, _error("text must be deck text (one card per line)", "bad_text")
    if text.count("\n") >= services.MAX_TEXT_LINES:
        return None, _error(f"deck text has more than {services.MAX_TEXT_LINES} lines", "too_large")
    try:
        return services.deck_parse_text(game=game, text=text, fmt=fmt), None
    except services.DeckTextErrors as exc:
        return None, _error(f"{len(exc.errors)} line(s) cannot be read", "bad_text",
                            errors=[{"line": e.line, "column": e.column, "message": e.message} for e in exc.errors])


# -- deal ------------------------------------------------------------------------------------------
class DealView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Deal a random deck in a dealt format (logged in); same pool and seed, same deck",
        request=inline_serializer("DealIn", {
            "game": serializers.CharField(),
            "format": serializers.CharField(help_text="a dealt format's slug (limits say dealt), e.g. random"),
            "pool": serializers.CharField(required=False, help_text="search query for the pool; empty = every card"),
            "seed": serializers.IntegerField(required=False, min_value=0, help_text="default: a random seed"),
            "name": serializers.CharField(required=False),
            "visibility": serializers.ChoiceField(choices=["private", "unlisted", "public"], required=False)}),
        responses={201: _deck_out, 400: _error_schema},
        examples=[OpenApiExample("FellBound random play", request_only=True, value={
            "game": "fellbound", "format": "random", "pool": "alignments:life", "seed": 42})],
    )
    def post(self, request):
        (data, game, fmt), bad = _body_game_format(request)
        if bad:
            return bad
        pool = data.get("pool") if data.get("pool") is not None else ""
        if not isinstance(pool, str):
            return _error("pool must be a search query (a string)", "bad_pool")
        try:
            deck = services.deck_deal(owner=request.user, game=game, fmt=fmt, pool_query=pool,
                                      seed=data.get("seed"), name=str(data.get("name") or ""),
                                      visibility=str(data.get("visibility") or Deck.PRIVATE))
        except services.DeckPoolError as exc:
            return _error(str(exc), "bad_pool")
        except services.DeckError as exc:
            return _error(str(exc))
        return Response(deck_json(deck, request.user), status=status.HTTP_201_CREATED)


# -- CRUD --------------------------------------------------------------------------------------------
class DeckListView(APIView):
    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(summary="Your decks, or public decks with ?public=1", operation_id="decks_list",
                   parameters=[OpenApiParameter("public", bool), OpenApiParameter("game", str),
                               OpenApiParameter("q", str, description="deck name contains"),
                               OpenApiParameter("card", str, description="holds a card whose name contains")],
                   responses={200: inline_serializer("DeckList", {"results": serializers.ListField()}),
                              403: _error_schema})
    def get(self, request):
        params = request.query_params
        if params.get("public") in ("1", "true", "yes"):
            decks = selectors.deck_list_public(q=params.get("q", ""), game=params.get("game", ""),
                                               format_slug=params.get("format", ""), owner=params.get("owner", ""),
                                               card=params.get("card", ""))
        elif not request.user.is_authenticated:
            return _error("log in to list your decks, or add ?public=1", "not_authenticated", 403)
        else:
            decks = selectors.deck_list_mine(user=request.user)
            if params.get("game"):
                decks = decks.filter(game=params["game"])
        return Response({"results": [deck_summary(d) for d in decks[:500]]})

    @extend_schema(summary="Create a deck (logged in)", request=_deck_in,
                   responses={201: _deck_out, 400: _error_schema})
    def post(self, request):
        (data, game, fmt), bad = _body_game_format(request)
        if bad:
            return bad
        try:
            deck = services.deck_create(owner=request.user, game=game, name=str(data.get("name") or ""), fmt=fmt,
                                        description=str(data.get("description") or ""),
                                        visibility=str(data.get("visibility") or Deck.PRIVATE),
                                        sections=data.get("sections") or None)
        except services.DeckContentErrors as exc:
            return _error("some cards cannot be saved", "invalid_cards",
                          violations=[v.as_dict() for v in exc.violations])
        except services.DeckError as exc:
            return _error(str(exc))
        return Response(deck_json(deck, request.user), status=status.HTTP_201_CREATED)


class DeckDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="One deck (public; unlisted with ?key=; private to its owner)", parameters=[_key_param],
                   responses={200: _deck_out, 404: _error_schema})
    def get(self, request, pk: int):
        deck = _visible(request, pk)
        return Response(deck_json(deck, request.user)) if deck else _not_found()

    @extend_schema(summary="Replace a deck (owner only)", request=_deck_in,
                   responses={200: _deck_out, 400: _error_schema, 403: _error_schema, 404: _error_schema})
    def put(self, request, pk: int):
        return self._update(request, pk, partial=False)

    @extend_schema(summary="Change some of a deck (owner only)", request=_deck_in,
                   responses={200: _deck_out, 400: _error_schema, 403: _error_schema, 404: _error_schema})
    def patch(self, request, pk: int):
        return self._update(request, pk, partial=True)

    @extend_schema(summary="Delete a deck (owner only)", responses={204: None, 403: _error_schema, 404: _error_schema})
    def delete(self, request, pk: int):
        deck, bad = self._editable(request, pk)
        if bad:
            return bad
        services.deck_delete(actor=request.user, deck=deck)
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _editable(self, request, pk: int):
        deck = _visible(request, pk)
        if deck is None:
            return None, _not_found()
        if not permissions.can_edit(request.user, deck):
            return None, _forbidden()
        return deck, None

    def _update(self, request, pk: int, *, partial: bool) -> Response:
        deck, bad = self._editable(request, pk)
        if bad:
            return bad
        data, bad = _body(request)
        if bad:
            return bad
        if "game" in data and data["game"] != deck.game:
            return _error(f"a deck's game cannot change (this deck is {deck.game}); copy the cards into a new deck",
                          "game_change")
        if not partial:
            missing = [f for f in ("name", "sections") if f not in data]
            if missing:
                return _error(f"PUT needs {', '.join(missing)} (use PATCH to change only some fields)")
        fmt = None
        if "format" in data:
            fmt, bad = _format(deck.game, data.get("format"))
            if bad:
                return bad
        try:
            services.deck_update(
                actor=request.user, deck=deck,
                name=str(data["name"]) if "name" in data else None,
                description=str(data.get("description") or "") if "description" in data or not partial else None,
                visibility=str(data["visibility"]) if "visibility" in data else None,
                fmt=fmt, sections=data.get("sections") if "sections" in data else None,
                note=str(data.get("note") or "")[:200])
        except services.DeckContentErrors as exc:
            return _error("some cards cannot be saved; nothing was changed", "invalid_cards",
                          violations=[v.as_dict() for v in exc.violations])
        except services.DeckError as exc:
            return _error(str(exc))
        except DjangoPermissionDenied:
            return _forbidden()
        deck.refresh_from_db()
        return Response(deck_json(deck, request.user))


# -- text --------------------------------------------------------------------------------------------
class ExportView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="Export a deck: ?fmt=text (plain text, the import format) or ?fmt=json",
                   parameters=[OpenApiParameter("fmt", str, enum=["text", "json"]), _key_param],
                   responses={(200, "text/plain"): OpenApiTypes.STR, (200, "application/json"): _deck_out,
                              400: _error_schema, 404: _error_schema})
    def get(self, request, pk: int):
        deck = _visible(request, pk)
        if deck is None:
            return _not_found()
        kind = request.query_params.get("fmt", "text")
        if kind == "json":
            return Response(deck_json(deck, request.user))
        if kind != "text":
            return _error("fmt must be text or json", "bad_fmt")
        text = format_deck_text(selectors.deck_to_decklist(deck), get_game(deck.game))
        response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        if request.query_params.get("download"):
            response["Content-Disposition"] = f'attachment; filename="{deck.game}-{slugify(deck.name) or "deck"}.txt"'
        return response


class ImportView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Import a deck from text (logged in); nothing is saved when any line has an error",
        request=inline_serializer("ImportIn", {
            "game": serializers.CharField(), "format": serializers.CharField(required=False),
            "name": serializers.CharField(required=False, help_text='default: the "# Name:" line'),
            "visibility": serializers.CharField(required=False), "text": serializers.CharField()}),
        responses={201: _deck_out, 400: inline_serializer("ImportErrors", {
            "error": serializers.CharField(), "message": serializers.CharField(),
            "errors": serializers.ListField(required=False, help_text="text_errors: each line that cannot be read",
                                            child=inline_serializer("LineError", {
                "line": serializers.IntegerField(), "message": serializers.CharField()}))})},
    )
    def post(self, request):
        data, bad = _body(request)
        if bad:
            return bad
        game, bad = _game(data.get("game"))
        if bad:
            return bad
        fmt = None
        if data.get("format"):
            fmt, bad = _format(game, data.get("format"))
            if bad:
                return bad
        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            return _error("text must be the deck list as a string", "no_text")
        try:
            deck = services.deck_import_text(owner=request.user, game=game, text=text,
                                             name=str(data.get("name") or ""), fmt=fmt,
                                             visibility=str(data.get("visibility") or Deck.PRIVATE))
        except services.DeckTextErrors as exc:
            return _error(f"{len(exc.errors)} line(s) cannot be read; nothing was saved", "text_errors",
                          errors=[{"line": e.line, "message": e.message} for e in exc.errors])
        except services.DeckError as exc:
            return _error(str(exc))
        return Response(deck_json(deck, request.user), status=status.HTTP_201_CREATED)


class CopyView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="Copy a public deck (or your own) into your decks", request=None,
                   parameters=[_key_param], responses={201: _deck_out, 403: _error_schema, 404: _error_schema})
    def post(self, request, pk: int):
        deck = _visible(request, pk)
        if deck is None:
            return _not_found()
        if not permissions.can_copy(request.user, deck):
            return _forbidden("only public decks (or your own) can be copied")
        copy = services.deck_copy(actor=request.user, deck=deck)
        return Response(deck_json(copy, request.user), status=status.HTTP_201_CREATED)


# -- versions ----------------------------------------------------------------------------------------
class VersionsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="A deck's saved versions, newest first", parameters=[_key_param],
                   responses={200: inline_serializer("Versions", {"results": serializers.ListField()})})
    def get(self, request, pk: int):
        deck = _visible(request, pk)
        if deck is None:
            return _not_found()
        return Response({"results": [
            {"number": v.number, "created": v.created.isoformat(), "name": v.name, "format": v.format_slug,
             "note": v.note, "count": v.card_count(), "sections": v.snapshot}
            for v in selectors.deck_versions(deck)]})


class DiffView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="What changed between two versions (added / removed / changed per section)",
                   parameters=[OpenApiParameter("a", int, required=True), OpenApiParameter("b", int, required=True),
                               _key_param],
                   responses={200: OpenApiTypes.OBJECT, 400: _error_schema, 404: _error_schema})
    def get(self, request, pk: int):
        deck = _visible(request, pk)
        if deck is None:
            return _not_found()
        a = selectors.deck_version_get(deck, request.query_params.get("a"))
        b = selectors.deck_version_get(deck, request.query_params.get("b"))
        if a is None or b is None:
            return _error(f"a and b must be version numbers of this deck (1-{deck.current_version})", "bad_version")
        return Response(selectors.deck_version_diff(a, b))


# -- draws ---------------------------------------------------------------------------------------------
def _int_param(request, name: str, default: int | None, low: int, high: int):
    raw = request.query_params.get(name)
    if raw in (None, ""):
        if default is None:
            return None, _error(f"{name} is required", f"bad_{name}")
        return default, None
    try:
        value = int(raw)
    except ValueError:
        return None, _error(f"{name} must be a whole number, not {raw[:40]!r}", f"bad_{name}")
    if not low <= value <= high:
        return None, _error(f"{name} must be between {low} and {high}", f"bad_{name}")
    return value, None


def _no_draws(deck: Deck) -> Response:
    return Response({"draws": False, "reason": f"{get_game(deck.game).name} decks are not drawn from "
                                               "(the rulebook has no shuffled draw pile), so there are no "
                                               "opening hands or draw odds."})


class SampleHandView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="A random opening hand from the deck's draw pile (?seed= repeats one)",
                   parameters=[OpenApiParameter("seed", int), _key_param],
                   responses={200: OpenApiTypes.OBJECT, 400: _error_schema, 404: _error_schema})
    def get(self, request, pk: int):
        deck = _visible(request, pk)
        if deck is None:
            return _not_found()
        draws = selectors.draw_rules(deck.game)
        if not draws:
            return _no_draws(deck)
        seed, bad = _int_param(request, "seed", random.SystemRandom().randrange(2**31), 0, 2**63 - 1)
        if bad:
            return bad
        return Response(selectors.deck_sample_hand(deck, draws, seed))


class DrawOddsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="Chance to hold at least one copy of a card by each turn (exact, hypergeometric)",
                   parameters=[OpenApiParameter("card_id", int, required=True),
                               OpenApiParameter("turns", int, description=f"1-{MAX_TURNS}, default 10"), _key_param],
                   responses={200: OpenApiTypes.OBJECT, 400: _error_schema, 404: _error_schema})
    def get(self, request, pk: int):
        deck = _visible(request, pk)
        if deck is None:
            return _not_found()
        draws = selectors.draw_rules(deck.game)
        if not draws:
            return _no_draws(deck)
        card_id, bad = _int_param(request, "card_id", None, 1, 2**62)
        if bad:
            return bad
        turns, bad = _int_param(request, "turns", 10, 1, MAX_TURNS)
        if bad:
            return bad
        result = selectors.deck_draw_odds(deck, draws, card_id, turns)
        if result is None:
            return _error(f"card {card_id} is not in this deck's {draws['section']} section", "card_not_in_deck")
        return Response(result)

