"""Deck API: validation for anyone, CRUD for owners, text import / export, copy, versions, diffs,
sample hands and draw odds.

Thin views over ``decks.selectors`` / ``decks.services``; every permission question goes to
``decks.permissions``. User input never causes a 500: unknown cards, sections and quantities
are violations (validate) or a 400 listing them (saves). Request bodies are checked by the
``DeckBody`` serializers; views raise ``RequestError`` and the API's one exception handler
(``accounts.api_errors``) answers ``{"error": code, "message": sentence, ...details}``.
Browsers authenticate with the session cookie and send the CSRF token on writes.
"""

from __future__ import annotations

import random

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api_errors import RequestError, RequestSerializer, StringField, says
from decks import permissions, selectors, services
from decks.models import Deck
from rules.core.decks import format_deck_text
from rules.core.registry import game_slugs, get_game

MAX_TURNS = 30


# -- request bodies ----------------------------------------------------------------------------------
_VISIBILITIES = ["private", "unlisted", "public"]


class DeckEntryIn(serializers.Serializer):
    name = serializers.CharField(required=False, help_text="card name (any case); or give card_id")
    card_id = serializers.IntegerField(required=False)
    qty = serializers.IntegerField(min_value=1, max_value=selectors.MAX_QTY)


@extend_schema_field(serializers.DictField(child=serializers.ListField(child=DeckEntryIn()),
                                           help_text="section slug -> cards (docs/architecture.md sections)"))
class SectionsField(serializers.JSONField):
    """Any JSON: unknown cards, sections and quantities, and odd shapes, are the deck's violations
    (validate) or a 400 listing them (saves), not a refusal of the body."""


def _game_field(**kwargs) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=game_slugs(), help_text="game slug",
                                   error_messages=says(f"must be one of {', '.join(game_slugs())}"), **kwargs)


def _format_field(**kwargs) -> StringField:
    return StringField(required=False, allow_null=True, allow_blank=True,
                       error_messages=says("must be a format slug such as 'standard'"), **kwargs)


def _text_field(**kwargs) -> StringField:
    return StringField(**{"required": False, "allow_null": True, "allow_blank": True, "trim_whitespace": False,
                          "error_messages": says("must be text"), **kwargs})


def _visibility_field() -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=_VISIBILITIES, required=False, allow_null=True,
                                   error_messages=says("must be private, unlisted or public"))


class DeckBody(RequestSerializer):
    """A deck request's JSON body: refused as ``too_large`` past ``MAX_BODY_BYTES`` before it is
    read (anonymous validation must stay cheap, whatever a stranger sends), then checked by its
    fields. Values the services own (names, lengths, seeds' range) are checked there, as for the
    web forms."""

    field_codes = {"game": "unknown_game", "format": "unknown_format", "text": "bad_text", "pool": "bad_pool",
                   "name": "bad_request", "description": "bad_request", "visibility": "bad_request",
                   "seed": "bad_request", "note": "bad_request"}

    @classmethod
    def validated(cls, request) -> dict:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > selectors.MAX_BODY_BYTES:
            raise RequestError("too_large", f"the request body has {length:,} bytes; a deck request has at most "
                                            f"{selectors.MAX_BODY_BYTES:,}")
        return super().validated(request)


class ValidateIn(DeckBody):
    game = _game_field()
    format = _format_field(help_text="format slug, default standard")
    sections = SectionsField(required=False, allow_null=True)
    text = StringField(required=False, trim_whitespace=False, allow_blank=True,
                       error_messages=says("must be deck text (one card per line)"),
                       help_text="deck text instead of sections; a line that cannot be read answers 400 "
                                 "with errors [{line, column, message}]")


class DeckIn(DeckBody):
    game = _game_field()
    name = _text_field(required=True)
    format = _format_field(help_text="format slug, default standard")
    description = _text_field()
    visibility = _visibility_field()
    sections = SectionsField(required=False, allow_null=True)


class DeckChangeIn(DeckBody):
    """PATCH: the fields to change (a deck's game never changes; giving it is allowed when it is the same)."""

    game = _game_field(required=False)
    name = _text_field()
    format = _format_field()
    description = _text_field()
    visibility = _visibility_field()
    sections = SectionsField(required=False, allow_null=True)
    note = _text_field(help_text="what changed, kept with the new version (200 characters)")


class DeckReplaceIn(DeckChangeIn):
    """PUT: the whole deck (name and sections at least)."""

    missing_hint = " (PUT replaces the deck; use PATCH to change only some fields)"

    name = _text_field(required=True)
    sections = SectionsField(allow_null=True)


class DealIn(DeckBody):
    game = _game_field()
    format = _format_field(help_text="a dealt format's slug (limits say dealt), e.g. random")
    pool = StringField(required=False, allow_null=True, allow_blank=True, trim_whitespace=False,
                       error_messages=says("must be a search query (a string)"),
                       help_text="search query for the pool; empty = every card")
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=services.MAX_SEED,
                                    error_messages=says(f"must be a whole number from 0 to {services.MAX_SEED}"),
                                    help_text="default: a random seed")
    name = _text_field()
    visibility = _visibility_field()


class ImportIn(DeckBody):
    field_codes = {**DeckBody.field_codes, "text": "no_text"}

    game = _game_field()
    format = _format_field()
    name = _text_field(help_text='default: the "# Name:" line')
    visibility = _visibility_field()
    text = StringField(trim_whitespace=False, error_messages=says("must be the deck list as a string"))

    def validate_text(self, value: str) -> str:
        if not value.strip():
            raise serializers.ValidationError("must be the deck list as a string")
        return value


@extend_schema_field({
    "oneOf": [
        {"type": "array", "description": "text_errors: each line that cannot be read",
         "items": {"type": "object", "required": ["line", "message"],
                   "properties": {"line": {"type": "integer"}, "message": {"type": "string"}}}},
        {"type": "object", "description": "a field of the body that is wrong: field -> its errors",
         "additionalProperties": {"type": "array", "items": {"type": "string"}}},
    ]})
class ImportErrorsField(serializers.JSONField):
    """``errors`` of an import's 400: the lines of the text, or the body's fields (schema only)."""


def _format(game: str, value: str | None):
    """The Format row for ``value`` (slug or name; missing = standard); refused as ``unknown_format``."""
    fmt = selectors.format_find(game=game, name=value or None)
    if fmt is None:
        known = [f.slug for f in selectors.format_list(game=game)]
        raise RequestError("unknown_format", f"{get_game(game).name} has no format {value!r}; known: "
                                             f"{', '.join(known)}", formats=known)
    return fmt


def _token(request) -> str | None:
    return request.query_params.get("key") or None


def _visible(request, pk: int) -> Deck:
    """The deck ``pk`` if the caller may see it; else refused as ``not_found`` (its existence is not revealed)."""
    deck = selectors.deck_get_visible(pk=pk, user=request.user, token=_token(request))
    if deck is None:
        raise RequestError("not_found", "no such deck, or it is not shared with you", 404)
    return deck


def _forbidden(message: str = "only the deck's owner can change it") -> RequestError:
    return RequestError("forbidden", message, 403)


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
class ViolationOut(serializers.Serializer):
    code = serializers.CharField(help_text="stable identifier, e.g. too_many_copies, unknown_card")
    rule = serializers.CharField(help_text="rulebook file and section heading")
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())
    section = serializers.CharField(required=False)


def _violation():
    return ViolationOut()


_error_schema = inline_serializer("DeckError", {"error": serializers.CharField(), "message": serializers.CharField()})
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
        request=ValidateIn,
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
        data = ValidateIn.validated(request)
        game = data["game"]
        fmt = _format(game, data.get("format"))
        if "text" in data:  # deck text, as the import and the builder's text mode write it
            decklist = _text_decklist(data["text"], game, fmt.slug)
            problems = []
        else:
            sections = data.get("sections", {})
            too_large = selectors.deck_size_problem(sections)
            if too_large:
                raise RequestError("too_large", too_large)
            decklist, problems = selectors.sections_to_decklist(game=game, sections=sections, fmt=fmt.slug)
        violations = problems + selectors.validate_decklist(decklist, fmt)
        return Response({
            "legal": not violations,
            "violations": [v.as_dict() for v in violations],
            "charts": selectors.chart_data(decklist),
            "count": selectors.deck_counts(decklist),
        })


def _too_large(exc: services.DeckTooLarge) -> RequestError:
    """A deck past ``MAX_DECK_CARDS``: ``too_large``, naming the field (``errors`` by field too)."""
    return RequestError("too_large", str(exc), field=exc.field, limit=services.MAX_DECK_CARDS,
                        errors={exc.field: [str(exc)]})


def _text_decklist(text: str, game: str, fmt: str):
    """Deck text read against ``game``'s cards; refused as ``bad_text`` naming each bad line."""
    if text.count("\n") >= services.MAX_TEXT_LINES:
        raise RequestError("too_large", f"deck text has more than {services.MAX_TEXT_LINES} lines")
    try:
        return services.deck_parse_text(game=game, text=text, fmt=fmt)
    except services.DeckTextErrors as exc:
        raise RequestError("bad_text", f"{len(exc.errors)} line(s) cannot be read", errors=[
            {"line": e.line, "column": e.column, "message": e.message} for e in exc.errors]) from None


# -- deal ------------------------------------------------------------------------------------------
class DealView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Deal a random deck in a dealt format (logged in); same pool and seed, same deck",
        request=DealIn,
        responses={201: _deck_out, 400: _error_schema},
        examples=[OpenApiExample("FellBound random play", request_only=True, value={
            "game": "fellbound", "format": "random", "pool": "alignments:life", "seed": 42})],
    )
    def post(self, request):
        data = DealIn.validated(request)
        fmt = _format(data["game"], data.get("format"))
        try:
            deck = services.deck_deal(owner=request.user, game=data["game"], fmt=fmt, pool_query=data.get("pool") or "",
                                      seed=data.get("seed"), name=data.get("name") or "",
                                      visibility=data.get("visibility") or Deck.PRIVATE)
        except services.DeckPoolError as exc:
            raise RequestError("bad_pool", str(exc)) from None
        except services.DeckError as exc:
            raise RequestError("bad_request", str(exc)) from None
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
            raise RequestError("not_authenticated", "log in to list your decks, or add ?public=1", 403)
        else:
            decks = selectors.deck_list_mine(user=request.user)
            if params.get("game"):
                decks = decks.filter(game=params["game"])
        return Response({"results": [deck_summary(d) for d in decks[:500]]})

    @extend_schema(summary="Create a deck (logged in)", request=DeckIn,
                   responses={201: _deck_out, 400: _error_schema})
    def post(self, request):
        data = DeckIn.validated(request)
        fmt = _format(data["game"], data.get("format"))
        try:
            deck = services.deck_create(owner=request.user, game=data["game"], name=data.get("name") or "", fmt=fmt,
                                        description=data.get("description") or "",
                                        visibility=data.get("visibility") or Deck.PRIVATE,
                                        sections=data.get("sections") or None)
        except services.DeckTooLarge as exc:
            raise _too_large(exc) from None
        except services.DeckContentErrors as exc:
            raise RequestError("invalid_cards", "some cards cannot be saved",
                               violations=[v.as_dict() for v in exc.violations]) from None
        except services.DeckError as exc:
            raise RequestError("bad_request", str(exc)) from None
        return Response(deck_json(deck, request.user), status=status.HTTP_201_CREATED)


class DeckDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="One deck (public; unlisted with ?key=; private to its owner)", parameters=[_key_param],
                   responses={200: _deck_out, 404: _error_schema})
    def get(self, request, pk: int):
        return Response(deck_json(_visible(request, pk), request.user))

    @extend_schema(summary="Replace a deck (owner only)", request=DeckReplaceIn,
                   responses={200: _deck_out, 400: _error_schema, 403: _error_schema, 404: _error_schema})
    def put(self, request, pk: int):
        return self._update(request, pk, partial=False)

    @extend_schema(summary="Change some of a deck (owner only)", request=DeckChangeIn,
                   responses={200: _deck_out, 400: _error_schema, 403: _error_schema, 404: _error_schema})
    def patch(self, request, pk: int):
        return self._update(request, pk, partial=True)

    @extend_schema(summary="Delete a deck (owner only)", responses={204: None, 403: _error_schema, 404: _error_schema})
    def delete(self, request, pk: int):
        services.deck_delete(actor=request.user, deck=self._editable(request, pk))
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _editable(self, request, pk: int) -> Deck:
        deck = _visible(request, pk)
        if not permissions.can_edit(request.user, deck):
            raise _forbidden()
        return deck

    def _update(self, request, pk: int, *, partial: bool) -> Response:
        deck = self._editable(request, pk)
        data = (DeckChangeIn if partial else DeckReplaceIn).validated(request)
        if "game" in data and data["game"] != deck.game:
            raise RequestError("game_change", f"a deck's game cannot change (this deck is {deck.game}); "
                                              "copy the cards into a new deck")
        fmt = _format(deck.game, data.get("format")) if "format" in data else None
        try:
            services.deck_update(
                actor=request.user, deck=deck,
                name=(data["name"] or "") if "name" in data else None,
                description=(data.get("description") or "") if "description" in data or not partial else None,
                visibility=(data["visibility"] or "") if "visibility" in data else None,
                fmt=fmt, sections=data.get("sections") if "sections" in data else None,
                note=(data.get("note") or "")[:200])
        except services.DeckTooLarge as exc:
            raise _too_large(exc) from None
        except services.DeckContentErrors as exc:
            raise RequestError("invalid_cards", "some cards cannot be saved; nothing was changed",
                               violations=[v.as_dict() for v in exc.violations]) from None
        except services.DeckError as exc:
            raise RequestError("bad_request", str(exc)) from None
        except DjangoPermissionDenied:
            raise _forbidden() from None
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
        kind = request.query_params.get("fmt", "text")
        if kind == "json":
            return Response(deck_json(deck, request.user))
        if kind != "text":
            raise RequestError("bad_fmt", "fmt must be text or json")
        text = format_deck_text(selectors.deck_to_decklist(deck), get_game(deck.game))
        response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        if request.query_params.get("download"):
            response["Content-Disposition"] = f'attachment; filename="{deck.game}-{slugify(deck.name) or "deck"}.txt"'
        return response


class ImportView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Import a deck from text (logged in); nothing is saved when any line has an error",
        request=ImportIn,
        responses={201: _deck_out, 400: inline_serializer("ImportErrors", {
            "error": serializers.CharField(), "message": serializers.CharField(),
            "errors": ImportErrorsField(required=False)})},
    )
    def post(self, request):
        data = ImportIn.validated(request)
        fmt = _format(data["game"], data["format"]) if data.get("format") else None
        try:
            deck = services.deck_import_text(owner=request.user, game=data["game"], text=data["text"],
                                             name=data.get("name") or "", fmt=fmt,
                                             visibility=data.get("visibility") or Deck.PRIVATE)
        except services.DeckTooLarge as exc:
            raise _too_large(exc) from None
        except services.DeckTextErrors as exc:
            raise RequestError("text_errors", f"{len(exc.errors)} line(s) cannot be read; nothing was saved",
                               errors=[{"line": e.line, "message": e.message} for e in exc.errors]) from None
        except services.DeckError as exc:
            raise RequestError("bad_request", str(exc)) from None
        return Response(deck_json(deck, request.user), status=status.HTTP_201_CREATED)


class CopyView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="Copy a public deck (or your own) into your decks", request=None,
                   parameters=[_key_param], responses={201: _deck_out, 403: _error_schema, 404: _error_schema})
    def post(self, request, pk: int):
        deck = _visible(request, pk)
        if not permissions.can_copy(request.user, deck):
            raise _forbidden("only public decks (or your own) can be copied")
        try:
            copy = services.deck_copy(actor=request.user, deck=deck)
        except services.DeckTooLarge as exc:
            raise _too_large(exc) from None
        return Response(deck_json(copy, request.user), status=status.HTTP_201_CREATED)


# -- versions ----------------------------------------------------------------------------------------
class VersionsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="A deck's saved versions, newest first", parameters=[_key_param],
                   responses={200: inline_serializer("Versions", {"results": serializers.ListField()})})
    def get(self, request, pk: int):
        deck = _visible(request, pk)
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
        a = selectors.deck_version_get(deck, request.query_params.get("a"))
        b = selectors.deck_version_get(deck, request.query_params.get("b"))
        if a is None or b is None:
            raise RequestError("bad_version", f"a and b must be version numbers of this deck (1-{deck.current_version})")
        return Response(selectors.deck_version_diff(a, b))


# -- draws ---------------------------------------------------------------------------------------------
def _int_param(request, name: str, default: int | None, low: int, high: int) -> int:
    """Query parameter ``name`` as a whole number in [low, high] (``default`` when absent);
    refused as ``bad_<name>``."""
    raw = request.query_params.get(name)
    if raw in (None, ""):
        if default is None:
            raise RequestError(f"bad_{name}", f"{name} is required")
        return default
    try:
        value = int(raw)
    except ValueError:
        raise RequestError(f"bad_{name}", f"{name} must be a whole number, not {raw[:40]!r}") from None
    if not low <= value <= high:
        raise RequestError(f"bad_{name}", f"{name} must be between {low} and {high}")
    return value


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
        draws = selectors.draw_rules(deck.game)
        if not draws:
            return _no_draws(deck)
        seed = _int_param(request, "seed", random.SystemRandom().randrange(2**31), 0, 2**63 - 1)
        return Response(selectors.deck_sample_hand(deck, draws, seed))


class DrawOddsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="Chance to hold at least one copy of a card by each turn (exact, hypergeometric)",
                   parameters=[OpenApiParameter("card_id", int, required=True),
                               OpenApiParameter("turns", int, description=f"1-{MAX_TURNS}, default 10"), _key_param],
                   responses={200: OpenApiTypes.OBJECT, 400: _error_schema, 404: _error_schema})
    def get(self, request, pk: int):
        deck = _visible(request, pk)
        draws = selectors.draw_rules(deck.game)
        if not draws:
            return _no_draws(deck)
        card_id = _int_param(request, "card_id", None, 1, 2**62)
        turns = _int_param(request, "turns", 10, 1, MAX_TURNS)
        result = selectors.deck_draw_odds(deck, draws, card_id, turns)
        if result is None:
            raise RequestError("card_not_in_deck", f"card {card_id} is not in this deck's {draws.section} section")
        return Response(result)

