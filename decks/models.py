"""Decks: Format (construction rules as data), Deck, DeckCard and DeckVersion.

Nothing here names a game: sections, formats and validators come from the registry in
``rules``. A deck's legality (``is_legal``, ``violations``) is cached on the row and refreshed
by ``decks.services`` on every save, so lists can show it without re-validating.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse

from rules.core.registry import UnknownGame, game_slugs, get_game


def validate_game_slug(value: str) -> None:
    """Only games the registry knows (docs/architecture.md: ask the registry, never hard-code)."""
    try:
        get_game(value)
    except UnknownGame:
        raise ValidationError(f"{value!r} is not a known game ({', '.join(game_slugs())})") from None


def new_share_token() -> str:
    return secrets.token_urlsafe(16)


class Format(models.Model):
    """A game's construction rules as data: limits, banned and restricted cards.

    Built-in rows mirror ``rules.core.construction.builtin_formats(game)`` and are re-synced
    after every migrate (``decks.services.format_sync_builtin``); admins add more rows
    (a newer edition, a house ban list) without code.
    """

    game = models.CharField(max_length=40, validators=[validate_game_slug])
    slug = models.SlugField(max_length=60)
    name = models.CharField(max_length=120)
    limits = models.JSONField(default=dict, blank=True,
                              help_text="Numbers the validator reads (e.g. {\"main\": 30, \"copies\": 4})")
    banned = models.JSONField(default=list, blank=True, help_text="Card names that may not be played")
    restricted = models.JSONField(default=dict, blank=True, help_text="Card name -> most copies allowed")
    description = models.TextField(blank=True)
    rule_source = models.CharField(max_length=200, blank=True,
                                   help_text="Rulebook file and section the format comes from")
    builtin = models.BooleanField(default=False, help_text="Kept in step with the rulebook code")
    base = models.SlugField(max_length=60, blank=True,
                            help_text="Optional: slug of a format of the same game this one builds on "
                                      "(usually standard); its limits, bans and restrictions apply unless "
                                      "this row overrides them")

    class Meta:
        ordering = ["game", "-builtin", "name"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="unique_format_per_game")]

    def __str__(self) -> str:
        try:
            game = get_game(self.game).name
        except UnknownGame:
            game = self.game
        return f"{game} · {self.name}"

    def clean(self) -> None:
        errors = {}
        if not isinstance(self.banned, list) or not all(isinstance(n, str) for n in self.banned):
            errors["banned"] = "must be a JSON list of card names"
        if not isinstance(self.restricted, dict) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in self.restricted.values()):
            errors["restricted"] = "must be a JSON object of card name -> number of copies"
        if not isinstance(self.limits, dict):
            errors["limits"] = "must be a JSON object"
        if self.base and (self.base == self.slug or not Format.objects.filter(game=self.game, slug=self.base).exists()):
            errors["base"] = f"no other {self.game} format has the slug {self.base!r}"
        if errors:
            raise ValidationError(errors)

    def spec(self, _seen: frozenset = frozenset()):
        """This format as the pure-Python ``FormatSpec`` the validators take.

        With a ``base``, the base format's spec is derived: limits here override, bans and
        restrictions add up (``FormatSpec.derive``).
        """
        from rules.core.formats import FormatSpec

        if self.base and self.base not in _seen:
            base = Format.objects.filter(game=self.game, slug=self.base).exclude(pk=self.pk).first()
            if base is not None:
                return base.spec(_seen | {self.slug}).derive(
                    slug=self.slug, name=self.name, limits=self.limits or {}, banned=self.banned or (),
                    restricted=self.restricted or {}, description=self.description,
                    rule_source=self.rule_source)
        return FormatSpec(game=self.game, slug=self.slug, name=self.name, limits=dict(self.limits or {}),
                          banned=tuple(self.banned or ()), restricted=dict(self.restricted or {}),
                          description=self.description, rule_source=self.rule_source)


class Deck(models.Model):
    PRIVATE, UNLISTED, PUBLIC = "private", "unlisted", "public"
    VISIBILITY_CHOICES = [
        (PRIVATE, "Private (only me)"),
        (UNLISTED, "Unlisted (anyone with the link)"),
        (PUBLIC, "Public (listed and searchable)"),
    ]

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks")
    game = models.CharField(max_length=40, validators=[validate_game_slug])
    format = models.ForeignKey(Format, null=True, blank=True, on_delete=models.SET_NULL, related_name="decks")
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    visibility = models.CharField(max_length=10, choices=VISIBILITY_CHOICES, default=PRIVATE)
    share_token = models.CharField(max_length=40, default=new_share_token, unique=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    current_version = models.PositiveIntegerField(default=0)
    is_legal = models.BooleanField(default=False)
    violations = models.JSONField(default=list, blank=True, editable=False)
    copied_from = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="copies")
    featured_card = models.ForeignKey("cardpool.Card", null=True, blank=True, on_delete=models.SET_NULL,
                                      related_name="featured_in",
                                      help_text="the card shown for the deck on its page and in lists "
                                                "(none: the deck's first card)")

    class Meta:
        ordering = ["-updated", "-pk"]
        indexes = [
            models.Index(fields=["owner", "-updated"], name="deck_owner_updated"),
            models.Index(fields=["visibility", "game"], name="deck_visibility_game"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("decks:detail", args=[self.pk])

    def share_url(self) -> str:
        """The link that opens an unlisted deck."""
        return f"{self.get_absolute_url()}?key={self.share_token}"

    @property
    def status(self) -> str:
        """``legal``, ``illegal``, or ``incomplete``: a deck that breaks no rule but holds no card
        yet (an empty Millennium Blades kit is allowed by the rules, and cannot be played). Lists
        annotate ``card_rows`` (``decks.selectors``) to spare a query per deck."""
        if not self.is_legal:
            return "illegal"
        rows = getattr(self, "card_rows", None)
        has_cards = rows > 0 if rows is not None else self.cards.exists()
        return "legal" if has_cards else "incomplete"

    @property
    def game_spec(self):
        return get_game(self.game)

    @property
    def game_name(self) -> str:
        try:
            return get_game(self.game).name
        except UnknownGame:
            return self.game

    @property
    def format_slug(self) -> str:
        return self.format.slug if self.format_id else "standard"


class DeckCard(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey("cardpool.Card", on_delete=models.CASCADE, related_name="deck_cards")
    section = models.CharField(max_length=40)
    quantity = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["section", "card__name_lower"]
        constraints = [models.UniqueConstraint(fields=["deck", "card", "section"], name="unique_card_per_section")]

    def __str__(self) -> str:
        return f"{self.quantity} {self.card.name} ({self.section})"


class DeckVersion(models.Model):
    """A saved state of a deck; ``snapshot`` is {section: [{card_id, name, qty}]}."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    created = models.DateTimeField(auto_now_add=True)
    name = models.CharField(max_length=200)
    format_slug = models.CharField(max_length=60, default="standard")
    snapshot = models.JSONField(default=dict)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["deck", "-number"]
        constraints = [models.UniqueConstraint(fields=["deck", "number"], name="unique_version_number")]

    def __str__(self) -> str:
        return f"{self.deck} v{self.number}"

    def card_count(self) -> int:
        return sum(row.get("qty", 0) for rows in (self.snapshot or {}).values() for row in rows)
