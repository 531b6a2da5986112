"""Card API (read-only): games, card search, one card, name autocomplete.

Thin views over ``cardpool.selectors``; a malformed query answers 400 with the parser's
message and position, never 500. Errors are raised as ``RequestError`` and answered by the API's
one exception handler with its documented body, ``{"error": code, "message": sentence, ...details}``:
``unknown_game`` (``field``, ``known``), ``bad_query`` (``position``, ``column``, ``suggestion``;
``field`` for autocomplete's ``q``), ``too_slow`` (the database gave up, or a regular-expression
search passed its time budget), ``busy`` (429: the client's regular-expression searches at once).
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api_errors import RequestError
from cardpool.correction import correct_search
from cardpool.models import Card, card_path
from cardpool.pagination import CardSearchPagination
from cardpool.search import SearchError, statement_time_budget
from cardpool.selectors import (
    PagedCardRows,
    card_autocomplete,
    card_autocomplete_cards,
    card_rows,
    card_search,
    game_list_with_counts,
)
from config.client_ip import client_ip
from config.visitor_cache import cached_data_for_visitors
from rules.core.registry import UnknownGame, all_games, game_slugs, get_game


class CardSerializer(serializers.Serializer):
    """One card. Written by hand (not a ModelSerializer) to keep search responses fast."""

    id = serializers.IntegerField()
    game = serializers.CharField(help_text="game slug")
    set = serializers.CharField(help_text="set code")
    set_name = serializers.CharField()
    number = serializers.CharField(help_text="collector number within the set")
    name = serializers.CharField()
    slug = serializers.CharField()
    card_type = serializers.CharField()
    rarity = serializers.CharField(allow_null=True, help_text="rarity name (null for games without rarities)")
    text = serializers.CharField()
    flavor = serializers.CharField()
    attributes = serializers.DictField(help_text="game-specific attributes, see /api/games/")
    effects = serializers.ListField(child=serializers.DictField(), help_text="structured abilities")
    playable = serializers.BooleanField(help_text="false when the card's text did not compile into effects "
                                                  "(its game compiles card text): it plays without effects")
    unplayable_reason = serializers.CharField(help_text="why it is not playable (the phrase not understood), "
                                                        "else empty")
    image_url = serializers.URLField()
    url = serializers.URLField(help_text="the card's page")

    def to_representation(self, row: dict) -> dict:
        """``row`` is a dict from ``selectors.card_rows`` (no model instances: faster lists)."""
        base = self.context["base_url"]
        path = card_path(row["game__slug"], row["card_set__code"], row["number"], row["slug"])
        return {
            "id": row["id"],
            "game": row["game__slug"],
            "set": row["card_set__code"],
            "set_name": row["card_set__name"],
            "number": row["number"],
            "name": row["name"],
            "slug": row["slug"],
            "card_type": row["card_type"],
            "rarity": row["rarity__name"],
            "text": row["text"],
            "flavor": row["flavor"],
            "attributes": row["attributes"],
            "effects": row["effects"],
            "playable": row["playable"],
            "unplayable_reason": row["unplayable_reason"],
            "image_url": f"{base}cards/{row['id']}/image.png",
            "url": base + path.lstrip("/"),
        }


def _context(request) -> dict:
    return {"request": request, "base_url": request.build_absolute_uri("/")}


def _game_param(request) -> str | None:
    """The ``game`` query parameter (None: every game); refused as ``unknown_game``."""
    slug = request.query_params.get("game") or None
    if slug is not None:
        try:
            get_game(slug)
        except UnknownGame as exc:
            raise RequestError("unknown_game", str(exc), field="game", known=game_slugs()) from None
    return slug


_error_schema = inline_serializer("CardError", {
    "error": serializers.CharField(help_text="unknown_game, bad_query, too_slow, busy, not_found"),
    "message": serializers.CharField(),
    "field": serializers.CharField(required=False, help_text="the query parameter that is wrong"),
    "known": serializers.ListField(child=serializers.CharField(), required=False,
                                   help_text="unknown_game: the game slugs"),
    "position": serializers.IntegerField(required=False, help_text="a query's error: where (0-based)"),
    "column": serializers.IntegerField(required=False, help_text="a query's error: where (1-based)"),
    "suggestion": serializers.CharField(required=False, allow_null=True,
                                        help_text="a query's error: a known word close to the wrong one")})

GAME_PARAM = OpenApiParameter("game", OpenApiTypes.STR, description=f"game slug: {', '.join(game_slugs())}")


class GameListView(APIView):
    @extend_schema(
        summary="Games, their card types, attribute schema, deck sections and card counts",
        responses=inline_serializer("Game", {
            "slug": serializers.CharField(), "name": serializers.CharField(),
            "card_count": serializers.IntegerField(), "card_types": serializers.ListField(),
            "attributes": serializers.ListField(), "sections": serializers.ListField(),
            "rarities": serializers.ListField(), "timings": serializers.ListField(),
        }, many=True),
    )
    @cached_data_for_visitors
    def get(self, request):
        out = []
        for game in game_list_with_counts():
            spec = game.spec
            out.append({
                "slug": spec.slug,
                "name": spec.name,
                "card_count": game.card_count,
                "url": request.build_absolute_uri(reverse("cardpool:browse", args=[spec.slug])),
                "card_types": [{"slug": t.slug, "label": t.label} for t in spec.card_types],
                "attributes": [{
                    "name": a.name, "kind": a.kind, "label": a.label, "values": list(a.values),
                    "minimum": a.minimum, "maximum": a.maximum, "allow_x": a.allow_x,
                    "aliases": list(a.aliases), "applies_to": list(a.applies_to), "help": a.help,
                } for a in spec.attributes],
                "sections": [{"slug": s.slug, "label": s.label, "card_types": list(s.card_types)}
                             for s in spec.sections],
                "rarities": [{"code": r.code, "name": r.name, "order": r.order} for r in spec.rarities],
                "timings": list(spec.timings),
            })
        return Response(out)


class CardListView(APIView):
    """A search that finds nothing because of a typo one edit from card names answers the corrected
    query's cards, with ``correction`` saying so (as the card browser does: ``cardpool.correction``);
    ``typed=1`` searches the query as typed."""

    pagination_class = CardSearchPagination  # also tells the schema that the list comes in pages

    @extend_schema(
        summary="Search cards with the query language (see /help/syntax/)",
        parameters=[
            GAME_PARAM,
            OpenApiParameter("q", OpenApiTypes.STR, description="search query, e.g. t:form pwr>=3"),
            OpenApiParameter("page", OpenApiTypes.INT),
            OpenApiParameter("page_size", OpenApiTypes.INT, description="1-200, default 60"),
            OpenApiParameter("typed", OpenApiTypes.BOOL, description="search q as typed: no correction of a typo "
                                                                     "when it finds nothing"),
        ],
        responses={200: CardSerializer(many=True), 400: _error_schema, 404: _error_schema},
    )
    @cached_data_for_visitors
    def get(self, request):
        game = _game_param(request)
        query = request.query_params.get("q", "")
        correction = None
        try:
            paginator, page = self._search(request, query, game)
            if paginator.page.paginator.count == 0 and query.strip() and "typed" not in request.query_params:
                found = correct_search(query, [game] if game else [spec.slug for spec in all_games()])
                if found is not None:
                    fixed_paginator, fixed_page = self._search(request, found.query, game)
                    if fixed_paginator.page.paginator.count:
                        paginator, page = fixed_paginator, fixed_page
                        correction = {"typed": query, "query": found.query, "changes": [
                            {"typed": typed, "corrected": corrected} for typed, corrected in found.changes]}
        except SearchError as exc:
            raise RequestError(exc.code, str(exc), exc.status, **exc.details()) from None
        data = CardSerializer(page, many=True, context=_context(request)).data
        response = paginator.get_paginated_response(data)
        response.data["correction"] = correction
        return response

    def _search(self, request, query: str, game: str | None):
        """One page of ``query``'s cards: the paginator (its ``page``) and the page's rows."""
        paginator = self.pagination_class()
        with statement_time_budget(query=query, client=client_ip(request)):
            result = card_search(query=query, game_slug=game)
            return paginator, paginator.paginate_queryset(PagedCardRows(result), request, view=self)


class CardDetailView(APIView):
    @extend_schema(summary="One card", responses={200: CardSerializer, 404: _error_schema})
    @cached_data_for_visitors
    def get(self, request, pk: int):
        row = get_object_or_404(card_rows(Card.objects.filter(pk=pk)))
        return Response(CardSerializer(row, context=_context(request)).data)


class AutocompleteView(APIView):
    @extend_schema(
        summary="Card names starting with (then containing) q",
        parameters=[GAME_PARAM, OpenApiParameter("q", OpenApiTypes.STR, required=True)],
        responses={200: inline_serializer("Autocomplete", {
            "results": serializers.ListField(child=serializers.CharField(), help_text="distinct card names"),
            "cards": serializers.ListField(child=inline_serializer("AutocompleteCard", {
                "name": serializers.CharField(), "game": serializers.CharField(), "game_name": serializers.CharField(),
                "url": serializers.CharField(help_text="the card's page (its first printing)")}),
                help_text="each name in each game that has it")}),
            400: _error_schema},
    )
    @cached_data_for_visitors
    def get(self, request):
        game = _game_param(request)
        q = request.query_params.get("q", "")
        if len(q) > 200:
            raise RequestError("bad_query", "q is longer than 200 characters", field="q")
        if "\x00" in q:
            raise RequestError("bad_query", "q cannot contain a NUL character", field="q")
        names = card_autocomplete(prefix=q, game_slug=game)
        return Response({"results": names, "cards": card_autocomplete_cards(names, game_slug=game)})
