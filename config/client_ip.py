"""The client's address, for login lockouts (django-axes): the connection's own address, or
behind a TLS proxy (DJANGO_BEHIND_TLS_PROXY) the address the proxy saw, the last one it added to
X-Forwarded-For (the earlier ones are whatever the client chose to send)."""

from __future__ import annotations

from django.conf import settings


def client_ip(request) -> str:
    if getattr(settings, "BEHIND_TLS_PROXY", False):
        forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
        if forwarded:
            return forwarded[-1]
    return request.META.get("REMOTE_ADDR", "") or "unknown"
