"""The client's address, for login lockouts (django-axes): the connection's own address, or
behind a TLS proxy (DJANGO_BEHIND_TLS_PROXY) the address the proxy saw, the last one it added to
X-Forwarded-For (the earlier ones are whatever the client chose to send). Always a valid IP
address ("0.0.0.0" when there is none), which PostgreSQL's inet column needs."""

from __future__ import annotations

import ipaddress

from django.conf import settings

NONE = "0.0.0.0"


def _valid(value: str) -> str | None:
    try:
        return str(ipaddress.ip_address(value.strip()))
    except ValueError:
        return None


def client_ip(request) -> str:
    if getattr(settings, "BEHIND_TLS_PROXY", False):
        forwarded = [part for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
        if forwarded and (address := _valid(forwarded[-1])):
            return address
    return _valid(request.META.get("REMOTE_ADDR", "") or "") or NONE
