"""Refuse control characters in anything a user types, in one place, before any view runs.

A NUL byte in the path, a query parameter or a JSON body answered 500 on PostgreSQL (it cannot
store or compare NUL) and was stored silently by SQLite; other C0 control characters are never
part of a card name, a deck or a search. Tab, newline and carriage return stay allowed (deck text
and descriptions have lines). Of a multipart upload the form fields are read; files are left to
their own readers, which check their contents.

Media types are compared as RFC 9110 says: case-insensitively, parameters aside
(``APPLICATION/JSON; charset=utf-8`` is JSON); a body sent without a JSON media type but that
reads as JSON (it opens with ``{`` or ``[``) is checked as JSON too, since some views parse any
body.
"""

from __future__ import annotations

import logging
import re
import time
import uuid

from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse, JsonResponse

from config.json_depth import nesting_message, too_deep

#: C0 control characters except tab (09), newline (0a) and carriage return (0d), and DEL
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
#: the same characters written as JSON escapes (\u0000 ...)
ESCAPED_CONTROL = re.compile(r"\\u00(?:0[0-8bBcCeEfF]|1[0-9a-fA-F]|7[fF])")
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


def media_type(request) -> str:
    """The request body's media type, lower-case and without parameters:
    ``"APPLICATION/JSON; charset=utf-8"`` -> ``"application/json"`` ("" when none is given)."""
    return request.META.get("CONTENT_TYPE", "").split(";", 1)[0].strip().lower()


def is_json(kind: str) -> bool:
    """``application/json`` and the structured ``+json`` types (``application/problem+json``)."""
    return kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json"))


def _is_text(kind: str) -> bool:
    return is_json(kind) or kind.startswith("text/") or kind == ""


def _looks_like_json(body: str | bytes) -> bool:
    """The body opens like a JSON array or object (after white space and a UTF-8 byte order mark,
    which Python's ``json.loads`` skips too)."""
    if isinstance(body, bytes):
        body = body.decode("utf-8", errors="replace")
    return body.lstrip().removeprefix("\ufeff").lstrip()[:1] in ("{", "[")


def _in_fields(fields, what: str) -> tuple[str, dict] | None:
    for key, values in fields.lists():
        if CONTROL.search(key):
            return f"a {what} name", {}
        for value in values:
            if found := CONTROL.search(value):
                return f"{what} {key!r} at position {found.start()}", {"field": key, "position": found.start()}
    return None


def _where(request) -> tuple[str, dict] | None:
    """Where the request carries a control character (the path, a query parameter, a form field
    or the body) as words and as data, or None."""
    if found := CONTROL.search(request.path):
        return (f"the address (path) at position {found.start()}",
                {"field": "path", "position": found.start()})
    where = _in_fields(request.GET, "query parameter")
    if where or request.method not in ("POST", "PUT", "PATCH"):
        return where
    kind = media_type(request)
    try:
        if kind in FORMS:
            return _in_fields(request.POST, "form field")
        if _is_text(kind):
            text = request.body.decode("utf-8")
            if found := CONTROL.search(text):
                return f"the request body at position {found.start()}", {"position": found.start()}
            if (is_json(kind) or _looks_like_json(text)) and (found := ESCAPED_CONTROL.search(text)):
                return (f"the request body at position {found.start()} (an escaped {found.group()})",
                        {"position": found.start()})
    except UnicodeDecodeError as exc:
        return f"the request body (it is not UTF-8 text: byte {exc.start})", {"position": exc.start}
    except RequestDataTooBig:
        return None  # the view meets the same limit and answers it
    return None


class RefuseControlCharactersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        found = _where(request)
        if found is None:
            return self.get_response(request)
        where, details = found
        message = f"{where}: a control character (such as NUL) is not allowed; remove it and try again"
        if request.path.startswith("/api/"):
            return JsonResponse({"error": "control_character", "message": message, **details}, status=400)
        return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")


def _json_nesting(request) -> tuple[str, int] | None:
    """Where a request's JSON (its body, or a form field that holds JSON, as the admin's JSON
    fields do) nests too deeply to parse safely: (what, position), or None. A body of any other
    media type that opens like JSON is measured too (the builder's text endpoint parses any)."""
    if request.method not in ("POST", "PUT", "PATCH"):
        return None
    kind = media_type(request)
    try:
        if kind in FORMS:
            for key, values in request.POST.lists():
                for value in values:
                    if value.lstrip()[:1] in ("[", "{") and (position := too_deep(value)) is not None:
                        return (f"form field {key!r}", position)
            return None
        body = request.body
        if is_json(kind) or _looks_like_json(body[:64]):
            position = too_deep(body)
            return ("the request body", position) if position is not None else None
    except RequestDataTooBig:
        return None  # the view meets the same limit and answers it
    return None


class BoundJsonNestingMiddleware:
    """Refuse, before any view parses it, JSON nested deeper than ``MAX_JSON_DEPTH`` (400)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        found = _json_nesting(request)
        if found is None:
            return self.get_response(request)
        where, position = found
        message = nesting_message(position, where)
        if request.path.startswith("/api/"):
            return JsonResponse({"error": "too_deep", "message": message, "position": position}, status=400)
        return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")


request_log = logging.getLogger("config.requests")
#: a request id a proxy may send (X-Request-ID) is kept if it looks like one
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


class RequestLogMiddleware:
    """One log line per request: method, path, status, duration, user and a request id (taken
    from X-Request-ID when a proxy sends a sane one, else made here, and sent back in the
    response's X-Request-ID). On when DEBUG is off (settings.LOG_REQUESTS); JSON with
    DJANGO_LOG_JSON=1 (config/logs.py)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        given = request.headers.get("X-Request-ID", "")
        request.id = given if _REQUEST_ID.match(given) else uuid.uuid4().hex
        started = time.perf_counter()
        response = self.get_response(request)
        took = (time.perf_counter() - started) * 1000
        response["X-Request-ID"] = request.id
        if request.path == "/healthz" and response.status_code == 200:
            return response  # a monitor polls it every few seconds: only a failing one is worth a line
        user = getattr(request, "user", None)
        who = user.get_username() if user is not None and user.is_authenticated else "-"
        request_log.info("%s %s %s %.1fms %s %s", request.method, request.path, response.status_code, took, who,
                         request.id, extra={"request_id": request.id, "user": who, "method": request.method,
                                             "path": request.path, "status": response.status_code,
                                             "duration_ms": round(took, 1)})
        return response
