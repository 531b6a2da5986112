"""Personal API tokens: a person makes as many as they need, names them and revokes them.

Only a hash of each token is kept (``key_hash``, SHA-256): the token itself is shown once, when it
is made. The API takes it as ``Authorization: Token <key>`` or ``Bearer <key>``
(accounts.authentication).
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models

PREFIX = "cw_"  # tokens are recognisable in a log or a leaked file


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100)
    key_hash = models.CharField(max_length=64, unique=True)
    hint = models.CharField(max_length=12, help_text="the token's first characters, to tell tokens apart")
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.name} ({self.hint}…)"

    @classmethod
    def issue(cls, user, name: str) -> tuple[ApiToken, str]:
        """A new token for ``user``: the row, and the key to show once."""
        key = PREFIX + secrets.token_urlsafe(32)
        return cls.objects.create(user=user, name=name, key_hash=hash_key(key), hint=key[:10]), key


class RateCount(models.Model):
    """Requests a client made in the current window of one rate limit (accounts.throttles): one row
    per key, counted up by one statement that every server process shares."""

    rate_key = models.CharField(max_length=200, primary_key=True)
    window_number = models.BigIntegerField(help_text="seconds since the epoch // the window's length")
    hits = models.PositiveIntegerField(default=0)
