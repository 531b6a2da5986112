"""Card images over HTTP: the drawn face (or uploaded art) and its thumbnail, as cached PNGs."""

from __future__ import annotations

from django.http import FileResponse, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404
from django.utils.http import parse_etags
from django.views.decorators.http import require_safe

from cardpool.images import card_image_file
from cardpool.models import Card

CACHE_CONTROL = "public, max-age=86400"


def _serve(request: HttpRequest, pk: int, size: str) -> HttpResponse:
    card = get_object_or_404(Card.objects.select_related("game", "card_set", "rarity"), pk=pk)
    path = card_image_file(card, size)
    etag = f'"{path.stem}"'  # <pk>-<hash of everything drawn>-<size>
    if_none_match = request.headers.get("If-None-Match")
    if if_none_match and (if_none_match.strip() == "*" or etag in parse_etags(if_none_match)):
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = FileResponse(path.open("rb"), content_type="image/png")
    response["ETag"] = etag
    response["Cache-Control"] = CACHE_CONTROL
    return response


@require_safe
def card_image(request: HttpRequest, pk: int) -> HttpResponse:
    """The card at full size (744x1039 drawn face, or the uploaded art)."""
    return _serve(request, pk, "full")


@require_safe
def card_thumb(request: HttpRequest, pk: int) -> HttpResponse:
    """A thumbnail of the card (about 248x346)."""
    return _serve(request, pk, "thumb")
