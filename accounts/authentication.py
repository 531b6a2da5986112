"""The API's token authentication: ``Authorization: Token <key>`` or ``Bearer <key>`` with a
personal token (accounts.models.ApiToken). A request so authenticated needs no CSRF token (it
carries no cookie); the session (the site's own pages) still needs one for every write.

``BasicAuthentication`` is DRF's, except that a locked-out address or account (django-axes: too
many failed logins) answers 429 with Retry-After, as the login page and the rate limits do, not
401 as if the password were wrong."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from accounts.models import ApiToken, hash_key

KEYWORDS = ("token", "bearer")


class BasicAuthentication(authentication.BasicAuthentication):
    def authenticate_credentials(self, userid, password, request=None):
        try:
            return super().authenticate_credentials(userid, password, request)
        except exceptions.AuthenticationFailed:
            if getattr(request, "axes_locked_out", False):  # axes refused before checking the password
                from axes.helpers import get_cool_off

                cool_off = get_cool_off(request)
                wait = cool_off.total_seconds() if cool_off else None
                minutes = f"{max(1, round(wait / 60))} minutes" if wait else "a while"
                raise exceptions.Throttled(wait, f"Too many failed logins: try again in {minutes}.") from None
            raise


class PersonalTokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].decode("latin-1").lower() not in KEYWORDS:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Give the token after the word: 'Authorization: Token <key>'.")
        try:
            key = header[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed("That is not a token (tokens are plain ASCII).") from None
        token = ApiToken.objects.select_related("user").filter(key_hash=hash_key(key)).first()
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed("Unknown or revoked token.")
        if token.last_used is None or (timezone.now() - token.last_used).total_seconds() > 60:
            ApiToken.objects.filter(pk=token.pk).update(last_used=timezone.now())
        return token.user, token

    def authenticate_header(self, request) -> str:
        return 'Token realm="api"'


class PersonalTokenScheme(OpenApiAuthenticationExtension):
    """Declares the token in the OpenAPI schema (drf-spectacular)."""

    target_class = "accounts.authentication.PersonalTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "bearer",
                "description": "A personal API token from your account page (/accounts/me/), sent as "
                               "'Authorization: Bearer <key>' (or 'Token <key>')."}


class LockoutBasicScheme(OpenApiAuthenticationExtension):
    """Declares basic auth in the OpenAPI schema: DRF's, whose lockout answers 429 here."""

    target_class = "accounts.authentication.BasicAuthentication"
    name = "basicAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "basic"}
