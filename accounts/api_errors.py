"""The API's one error body, ``{"error": code, "message": text, ...details}``, for the answers the
views do not write themselves, and its place in the OpenAPI schema.

- ``exception_handler`` (REST_FRAMEWORK's EXCEPTION_HANDLER): what DRF raises -- a refused or
  malformed token (401), a missing login or CSRF token (403), a throttle (429), an unknown method
  (405), an unreadable body (400, 415), a missing page of results (404) -- answers the same body
  as the views' own errors. ``detail`` stays beside it for clients written against DRF's default.
- ``RequestSerializer`` checks a JSON request body with DRF fields and raises ``RequestError``
  (any view may raise it with a code of its own), which the handler answers with the same body:
  ``{"error": code, "message": sentence, ...details}``; ``error_response`` is that body for a
  view that answers an error itself (a service's refusal).
- ``json_error`` is that body as a plain Django response, for the answers Django gives before any
  API view runs (config/urls.py's handler400/403/404/500 for paths under /api/).
- ``declare_common_errors`` (SPECTACULAR_SETTINGS' POSTPROCESSING_HOOKS): the answers every
  operation of a kind can give, whatever its view, declared in the schema with that body (each
  view declares its own besides): 401 and 429 everywhere (credentials are read and rates counted
  on every operation), 406 everywhere (an Accept header the API cannot answer), 403 on writes (a
  session write needs its CSRF token), 400 where a request carries parameters (query or path) or a body (control
  characters, JSON nested too deep, a body that cannot be parsed), 415 where it carries a body (of
  another media type), 404 where the path names an object.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

#: DRF's codes renamed to the codes the views already answer for the same thing
_CODES = {"permission_denied": "forbidden", "parse_error": "malformed_json"}


def _message(detail) -> str:
    if isinstance(detail, (list, tuple)):
        return "; ".join(_message(item) for item in detail) or "invalid input"
    if isinstance(detail, dict):
        return "; ".join(f"{key}: {_message(value)}" for key, value in detail.items()) or "invalid input"
    return str(detail)


class RequestError(exceptions.APIException):
    """A request the API refuses with its documented body: a stable ``code``, a ``message`` and
    details (e.g. ``errors``: a serializer's errors by field)."""

    status_code = 400

    def __init__(self, code: str, message: str, status: int = 400, **details: Any):
        super().__init__(message, code)
        self.status_code, self.error_code, self.details = status, code, details


def error_response(code: str, message: str, status: int = 400, **details: Any) -> Response:
    """The documented error body as a DRF response, for a view that answers an error itself."""
    return Response({"error": code, "message": message, **details}, status=status)


def says(message: str) -> dict:
    """A field's ``error_messages`` saying every way it can be wrong with one sentence
    (``RequestSerializer`` adds the value after it)."""
    return dict.fromkeys(("invalid", "null", "blank", "not_a_list", "not_a_dict", "invalid_choice", "min_value",
                          "max_value", "max_length", "max_string_length", "empty"), message)


class StringField(serializers.CharField):
    """A JSON string, refused when it is a number or anything else (CharField turns numbers into text)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class RequestSerializer(serializers.Serializer):
    """A JSON request body checked by its fields, refused with one code per field.

    ``field_codes`` names the error code of each field (a field not named: ``invalid``);
    ``required_fields`` may depend on the body. ``validated(request)`` returns the valid data or
    raises :class:`RequestError`: ``malformed_json`` (not JSON, or not an object),
    ``unknown_field``, ``missing_field`` (followed by ``missing_hint``), else the code of the first field (in declaration
    order) that is wrong, with the sentence ``"<field> <what it must be>, not <value>"`` and
    every field's errors under ``errors``.
    """

    field_codes: ClassVar[dict[str, str]] = {}
    #: said after the list of missing fields (e.g. where to go instead)
    missing_hint: ClassVar[str] = ""

    def required_fields(self, data: dict) -> list[str]:
        return [name for name, field in self.fields.items() if field.required]

    @classmethod
    def validated(cls, request) -> dict:
        try:
            data = request.data
        except exceptions.ParseError as exc:
            raise RequestError("malformed_json", f"the request body is not valid JSON: {exc.detail}") from None
        if not isinstance(data, dict):
            raise RequestError("malformed_json", "the request body must be a JSON object")
        serializer = cls(data=data)
        unknown = sorted(map(str, set(data) - set(serializer.fields)))
        if unknown:
            raise RequestError("unknown_field", f"unknown field(s): {', '.join(unknown)}")
        missing = [name for name in serializer.required_fields(data) if name not in data]
        if missing:
            raise RequestError("missing_field", f"missing field(s): {', '.join(missing)}{cls.missing_hint}")
        if serializer.is_valid():
            return serializer.validated_data
        name = next(name for name in serializer.fields if name in serializer.errors)
        raise RequestError(cls.field_codes.get(name, "invalid"), serializer.first_error(name, data),
                           errors=serializer.errors)

    def first_error(self, name: str, data: dict) -> str:
        """The first error of field ``name`` as a sentence that names the field and the value."""
        errors, where, value = self.errors[name], name, data.get(name)
        if isinstance(errors, dict) and isinstance(value, list):  # a list field's items: {index: [messages]}
            index = min(errors, key=int)
            errors, where, value = errors[index], f"{name}[{index}]", value[int(index)]
        return f"{where} {_message(errors)}, not {_shown(value)}"


def exception_handler(exc, context):
    if isinstance(exc, RequestError):
        response = drf_exception_handler(exc, context)
        response.data = {"error": exc.error_code, "message": str(exc.detail), **exc.details}
        return response
    if isinstance(exc, Http404):  # as DRF's own handler turns them, keeping the words
        exc = exceptions.NotFound(*exc.args)
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args)
    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response  # not an error of the request: Django's 500 (handler500 under /api/)
    detail = exc.detail
    if isinstance(detail, (list, dict)):  # a serializer's field errors
        body = {"error": "invalid", "message": _message(detail), "errors": detail}
    else:
        code = getattr(detail, "code", None) or exc.default_code
        body = {"error": _CODES.get(code, code), "message": str(detail), "detail": str(detail)}
    if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
        body["retry_after"] = int(exc.wait + 0.999)
    response.data = body
    return response


def json_error(code: str, message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": code, "message": message}, status=status)


# -- the schema ------------------------------------------------------------------------------------
ERROR_COMPONENT = "Error"
_ERROR_SCHEMA = {
    "type": "object",
    "description": "Every 4xx of the API: a stable code, a sentence for people, and details by error",
    "properties": {
        "error": {"type": "string", "description": "a stable code, e.g. not_found, forbidden, malformed_json"},
        "message": {"type": "string", "description": "what went wrong, in words"},
    },
    "required": ["error", "message"],
}
_DESCRIPTIONS = {
    "400": "the request cannot be read: a bad parameter, a body that is not valid JSON or nests too deeply, "
           "or a control character",
    "401": "the token or the basic-auth credentials are wrong, revoked or malformed (see WWW-Authenticate)",
    "403": "not allowed: log in, or (with the session cookie) send the CSRF token",
    "404": "no such object, or it is not shared with you",
    "406": "the Accept header asks for a media type the API does not give (it answers JSON)",
    "415": "the body's Content-Type is not one the operation reads (send application/json)",
    "429": "too many requests: wait Retry-After seconds",
}
_WRITES = {"post", "put", "patch", "delete"}


def _error_response(status: str) -> dict:
    response = {"description": _DESCRIPTIONS[status],
                "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ERROR_COMPONENT}"}}}}
    if status == "429":
        response["headers"] = {"Retry-After": {"schema": {"type": "integer"}, "description": "seconds to wait"}}
    return response


def declare_common_errors(result, generator, request, public):
    """drf-spectacular post-processing hook: see the module's docstring."""
    result.setdefault("components", {}).setdefault("schemas", {})[ERROR_COMPONENT] = _ERROR_SCHEMA
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if method not in _WRITES | {"get", "head", "options"}:
                continue
            parameters = operation.get("parameters", [])
            statuses = ["401", "406", "429"]
            if method in _WRITES:
                statuses.append("403")
            if method in _WRITES or any(p.get("in") in ("query", "path") for p in parameters):
                statuses.append("400")  # a path parameter may hold a control character (refused)
            if "requestBody" in operation:
                statuses.append("415")
            if any(p.get("in") == "path" for p in parameters):
                statuses.append("404")
            responses = operation.setdefault("responses", {})
            for status in statuses:
                responses.setdefault(status, _error_response(status))
    return result
