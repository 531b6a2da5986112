"""Cards of every game: Game, CardSet, Rarity, Card and the attribute search index.

Everything game-specific (types, attribute schema, rarities) comes from the registry in
``rules``; these models only store it. ``Card.attributes`` is validated against the game's
schema on every save (``Card.clean``) and every import (``cardpool.importer``).
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import quote

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.text import slugify

from rules.core.registry import UnknownGame, get_game
from rules.core.schema import GameSpec, index_rows


class Game(models.Model):
    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=100)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def spec(self) -> GameSpec:
        return get_game(self.slug)

    def get_absolute_url(self) -> str:
        return reverse("cardpool:browse", args=[self.slug])


class CardSet(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sets")
    code = models.CharField(max_length=20)
    name = models.CharField(max_length=120)
    release_order = models.PositiveIntegerField(default=0)
    kind = models.CharField(max_length=30, default="core",
                            help_text="starter, core, expansion, premium, master, ...promo (per game)")

    class Meta:
        ordering = ["game", "release_order", "code"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="unique_set_code_per_game")]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    def clean(self) -> None:
        kinds = self.game.spec.set_kinds
        if self.kind not in kinds:
            raise ValidationError({"kind": f"{self.kind!r} is not one of {', '.join(kinds)}"})

    def get_absolute_url(self) -> str:
        return reverse("cardpool:set", args=[self.game.slug, self.code])


class Rarity(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rarities")
    code = models.CharField(max_length=10)
    name = models.CharField(max_length=40)
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["game", "order"]
        verbose_name_plural = "rarities"
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="unique_rarity_per_game")]

    def __str__(self) -> str:
        return self.name


@lru_cache(maxsize=1)
def _card_path_template() -> str:
    return reverse("cardpool:card", args=["GAME", "SET", "NUMBER", "SLUG"])


def card_path(game: str, set_code: str, number: str, slug: str) -> str:
    """The card page's path, without a URL resolver round trip per card (lists of thousands)."""
    return (_card_path_template().replace("GAME", quote(game)).replace("SET", quote(set_code, safe=""))
            .replace("NUMBER", quote(number, safe="")).replace("SLUG", quote(slug)))


@lru_cache(maxsize=1)
def _card_thumb_template() -> tuple[str, str]:
    head, _, tail = reverse("cardpool:card_thumb", args=[0]).rpartition("/0/")
    return head + "/", "/" + tail


def card_thumb_path(pk: int) -> str:
    """The card's thumbnail path (``cardpool:card_thumb``) without a URL resolver round trip per
    card: grids and deck pages show dozens."""
    head, tail = _card_thumb_template()
    return f"{head}{int(pk)}{tail}"


def card_image_path(card: Card, filename: str) -> str:
    return f"cards/{card.game.slug}/{card.card_set.code}-{card.number}-{card.slug}.png"


class Card(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="cards")
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="cards")
    number = models.CharField("collector number", max_length=12)
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=200)
    card_type = models.CharField(max_length=30)
    rarity = models.ForeignKey(Rarity, null=True, blank=True, on_delete=models.PROTECT, related_name="cards")
    text = models.TextField("printed text", blank=True)
    flavor = models.TextField("flavor text", blank=True)
    attributes = models.JSONField(default=dict, blank=True)
    effects = models.JSONField(default=list, blank=True,
                               help_text="Structured abilities the engines run (docs/fixture-format.md)")
    # Whether the engine can run the card: false when the game compiles card text into effects
    # (GameSpec.text_compiler) and this card's text did not compile on import; it then has no
    # effects and ``unplayable_reason`` names the phrase not understood (docs/import-format.md).
    playable = models.BooleanField(default=True,
                                   help_text="False when the card's text could not be compiled into effects")
    unplayable_reason = models.TextField(blank=True,
                                         help_text="Why the text did not compile (the phrase not understood)")
    image = models.ImageField(upload_to=card_image_path, blank=True,
                              help_text="Uploaded art; without it a card face is drawn from the data.")
    # Lower-cased copies for case-insensitive search that index-friendly LIKE can use.
    name_lower = models.CharField(max_length=200, editable=False, db_index=False)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name_lower", "number"]  # no joins: counts and plain lists stay cheap
        constraints = [
            models.UniqueConstraint(fields=["game", "card_set", "number"], name="unique_card_number_per_set"),
        ]
        indexes = [
            models.Index(fields=["game", "name_lower"], name="card_game_name"),
            models.Index(fields=["game", "card_type"], name="card_game_type"),
            models.Index(fields=["game", "slug"], name="card_game_slug"),
            models.Index(fields=["name_lower"], name="card_name"),
        ]

    def __str__(self) -> str:
        return self.name

    # -- derived ------------------------------------------------------------------
    @property
    def spec(self) -> GameSpec:
        return get_game(self.game.slug)

    @property
    def type_label(self) -> str:
        card_type = self.spec.card_type(self.card_type)
        return card_type.label if card_type else self.card_type

    def get_absolute_url(self) -> str:
        return card_path(self.game.slug, self.card_set.code, self.number, self.slug)

    @property
    def thumb_url(self) -> str:
        return card_thumb_path(self.pk)

    def attribute_items(self) -> list[tuple[str, str]]:
        """(label, display value) pairs in the schema's order, for pages and card faces."""
        items = []
        for attr in self.spec.attributes:
            if attr.name not in self.attributes:
                continue
            value = self.attributes[attr.name]
            if isinstance(value, bool):
                shown = "yes" if value else "no"
            elif isinstance(value, list):
                shown = ", ".join(str(v).replace("_", " ").title() if attr.kind == "list" else str(v)
                                  for v in value) or "none"
            elif isinstance(value, dict):
                shown = ", ".join(f"{v} {k.title()}" for k, v in value.items()) or "none"
            elif attr.kind == "enum":
                shown = str(value).replace("_", " ").title()
            else:
                shown = str(value)
            items.append((attr.label, shown))
        return items

    # -- validation and saving -------------------------------------------------------
    def schema_errors(self) -> list[tuple[str, str]]:
        try:
            spec = get_game(self.game.slug)
        except UnknownGame as exc:
            return [("game", str(exc))]
        errors = spec.validate_card(card_type=self.card_type, attributes=self.attributes or {},
                                    effects=self.effects if self.effects is not None else [])
        if self.card_set_id and self.card_set.game_id != self.game_id:
            errors.append(("card_set", "belongs to another game"))
        if self.rarity_id and self.rarity.game_id != self.game_id:
            errors.append(("rarity", "belongs to another game"))
        return errors

    def clean(self) -> None:
        errors: dict[str, list[str]] = {}
        for field, message in self.schema_errors():
            top = field.split(".")[0].split("[")[0]
            top = top if top in {"card_type", "attributes", "effects", "card_set", "rarity", "game"} else "attributes"
            errors.setdefault(top, []).append(f"{field} {message}")
        if errors:
            raise ValidationError(errors)

    def save(self, *args, **kwargs) -> None:
        """Validate against the game's schema on every save, then refresh the search index."""
        errors = self.schema_errors()
        if errors:
            raise ValidationError([f"{field} {message}" for field, message in errors])
        self.slug = slugify(self.name)[:200] or "card"
        self.name_lower = self.name.lower()
        if self.effects:  # structured effects given (an edit): the engine runs them
            self.playable, self.unplayable_reason = True, ""
        super().save(*args, **kwargs)
        reindex_cards([self])


class CardAttributeValue(models.Model):
    """One searchable value of a card attribute (see ``rules.core.schema.index_rows``).

    Kept in step with ``Card.attributes`` by ``reindex_cards``; attribute filters in the
    search language become indexed lookups on this table instead of JSON scans.
    """

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="index_values")
    name = models.CharField(max_length=64)
    num = models.IntegerField(null=True)
    text = models.CharField(max_length=200, null=True)

    class Meta:
        indexes = [
            models.Index(fields=["name", "num", "card"], name="attr_name_num"),
            models.Index(fields=["name", "text", "card"], name="attr_name_text"),
        ]

    def __str__(self) -> str:
        return f"{self.name}={self.num if self.num is not None else self.text}"


def reindex_cards(cards) -> None:
    """Rebuild the attribute index rows of ``cards`` (one delete, one bulk insert)."""
    cards = list(cards)
    if not cards:
        return
    ids = [c.pk for c in cards]
    for start in range(0, len(ids), 500):
        CardAttributeValue.objects.filter(card_id__in=ids[start:start + 500]).delete()
    rows = []
    for card in cards:
        spec = get_game(card.game.slug)
        rows.extend(CardAttributeValue(card_id=card.pk, name=name, num=num, text=text)
                    for name, num, text in index_rows(spec, card.attributes or {}, card.effects or []))
    CardAttributeValue.objects.bulk_create(rows, batch_size=1000)


class CardImportJob(models.Model):
    """A card import run in the background (``cardpool.import_jobs``): a file with more rows than
    ``settings.CARD_IMPORT_BACKGROUND_ROWS`` uploaded in the admin.

    The upload is kept as text in the row (``text``) until the job ends, not as a file under
    MEDIA_ROOT: the job and its input are committed together (the thread started on commit always
    finds its input, a failed request leaves no orphan file), any server process or host reading
    the database can see it, and nothing lands under ``/media/`` (served to anyone by ``make
    run``). Its size is bounded by ``CARD_IMPORT_MAX_BYTES``; it is emptied when the job ends and
    deferred by every list and status query.
    """

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    ACTIVE = (Status.QUEUED, Status.RUNNING)

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="card_import_jobs")
    game = models.CharField(max_length=40)  # the game's slug (its Game row may not exist yet)
    file_name = models.CharField(max_length=255)
    file_format = models.CharField(max_length=8)  # csv or json
    file_bytes = models.PositiveBigIntegerField(default=0)
    text = models.TextField(blank=True)  # the upload (UTF-8 text) until the job ends
    dry_run = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED, db_index=True)
    rows_done = models.PositiveIntegerField(default=0)
    rows_total = models.PositiveIntegerField(default=0)
    #: [{"line": 14 or null, "where": "line 14", "field": "pwr", "message": "..."}], as the
    #: in-request import lists them (``cardpool.services.RowError``)
    errors = models.JSONField(default=list, blank=True)
    #: {"created", "updated", "unchanged", "sets_created", "compiled", "not_playable", "text"}
    summary = models.JSONField(default=dict, blank=True)
    message = models.TextField(blank=True)  # why a job failed other than its rows (interrupted, a bug)
    worker = models.CharField(max_length=200, blank=True)  # "host:pid" of the process that runs it
    heartbeat = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"import of {self.file_name} ({self.game}, {self.status})"

    @property
    def active(self) -> bool:
        return self.status in self.ACTIVE

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        return int(100 * self.rows_done / self.rows_total) if self.rows_total else 0
