"""Whole pages kept a few seconds for visitors who are not logged in (the production server).

The pages everyone reads alike -- the home page, the card browser and search, card and set
pages, public deck pages, the card API -- cost a few milliseconds of queries and template work
each; under a crowd that is what makes them slower than the server's bare health view. A
visitor with no session and no credentials sees the same page as every other such visitor, so
the first one's answer is kept in the cache for ``VISITOR_PAGE_SECONDS`` (settings: 10 on the
production server, 0 = off with DEBUG and in the tests) and given to the others, as a caching
proxy would. Logged-in users, token or basic-auth clients and every write always get a fresh
answer; a page is only kept when it is a plain 200 that sets no cookie and used no CSRF token
(a token is one visitor's secret), so nothing personal is ever kept. The key is the method's
kind (GET and HEAD share it), the full path with its query and the Accept header (the API
answers JSON or its browsable page by it). A change shows to visitors at most that many seconds
late; to its author, logged in, at once.

``cached_for_visitors`` wraps a page's view (in the app's ``urls.py``) and keeps the answer as
sent. ``cached_data_for_visitors`` wraps an API view's handler (``get``) and keeps only the answer's
data: authentication, the API's throttles (a kept answer still counts against the rate) and
content negotiation run on every request, and only the queries are saved.
"""

from __future__ import annotations

import hashlib
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from rest_framework.response import Response

#: cookies a visitor may carry and still be served the shared page (not a session or a message)
SHARED_COOKIES = frozenset({settings.CSRF_COOKIE_NAME})


def _shareable_request(request) -> bool:
    return (request.method in ("GET", "HEAD") and "HTTP_AUTHORIZATION" not in request.META
            and set(request.COOKIES) <= SHARED_COOKIES)


def _shareable_response(request, response) -> bool:
    cache_control = response.get("Cache-Control", "")
    return (response.status_code == 200 and not response.streaming and not response.cookies
            and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
            and "private" not in cache_control and "no-store" not in cache_control)


def _key(request) -> str:
    what = f"{request.get_full_path()}\n{request.META.get('HTTP_ACCEPT', '')}"
    return "visitor-page:" + hashlib.sha1(what.encode()).hexdigest()


def cached_for_visitors(view):
    """``view`` with its answers to visitors kept ``VISITOR_PAGE_SECONDS`` (see the module)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        seconds = settings.VISITOR_PAGE_SECONDS
        if not seconds or not _shareable_request(request):
            return view(request, *args, **kwargs)
        key = _key(request)
        kept = cache.get(key)
        if kept is not None:
            return kept
        response = view(request, *args, **kwargs)
        if _shareable_response(request, response):
            if hasattr(response, "render") and not response.is_rendered:
                response.render()
            cache.set(key, response, seconds)
        return response

    return wrapper


def cached_data_for_visitors(handler):
    """An API view's ``handler`` (``get``) with its data for visitors kept (see the module)."""

    @wraps(handler)
    def wrapper(view, request, *args, **kwargs):
        seconds = settings.VISITOR_PAGE_SECONDS
        if not seconds or not _shareable_request(request):
            return handler(view, request, *args, **kwargs)
        key = _key(request) + ":data"
        kept = cache.get(key)
        if kept is not None:
            return Response(kept)
        response = handler(view, request, *args, **kwargs)
        if _shareable_response(request, response):
            cache.set(key, response.data, seconds)
        return response

    return wrapper
