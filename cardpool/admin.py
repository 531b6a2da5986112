"""Admin for the card database, with the card import (CSV or JSON, all or nothing).

Cards are validated against their game's schema in the form (``Card.clean`` through the
ModelForm), so a bad attribute is a form error on the page, never a server error.
The "Import cards" button on the card list opens :meth:`CardAdmin.import_view`.
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db.models import Count
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from cardpool import import_jobs
from cardpool.art_ahead import draw_art_later
from cardpool.importer import FORMATS, decode_upload, detect_format, import_cards_text
from cardpool.models import Card, CardAttributeValue, CardImportJob, CardSet, Game, Rarity
from cardpool.services import ImportFailed
from rules.core.registry import all_games, game_slugs


class HasCardsFilter(admin.SimpleListFilter):
    title = "cards"
    parameter_name = "has_cards"

    def lookups(self, request, model_admin):
        return [("yes", "With cards"), ("no", "Without cards")]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(cards__isnull=False).distinct()
        if self.value() == "no":
            return queryset.filter(cards__isnull=True)
        return queryset


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "card_count", "set_count")
    search_fields = ("name", "slug")
    list_filter = (HasCardsFilter,)
    readonly_fields = ("slug",)

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(
            _cards=Count("cards", distinct=True), _sets=Count("sets", distinct=True))

    @admin.display(description="cards", ordering="_cards")
    def card_count(self, obj):
        return obj._cards

    @admin.display(description="sets", ordering="_sets")
    def set_count(self, obj):
        return obj._sets

    def has_add_permission(self, request):
        return False  # games come from the registry (rules/<game>/), not from the admin


class CardSetForm(forms.ModelForm):
    class Meta:
        model = CardSet
        fields = "__all__"

    def _post_clean(self):
        # CardSet.clean checks the kind against the game's set kinds: it needs a registered game.
        game = self.cleaned_data.get("game")
        if game is None:
            return  # the game field already carries its error
        if game.slug not in game_slugs():
            self.add_error("game", f"{game.slug!r} is not a registered game ({', '.join(game_slugs())})")
            return
        super()._post_clean()


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    form = CardSetForm
    list_display = ("code", "name", "game", "kind", "release_order", "card_count")
    list_display_links = ("code", "name")
    search_fields = ("code", "name", "game__name")
    list_filter = ("game", "kind")
    list_select_related = ("game",)
    ordering = ("game", "release_order", "code")

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_cards=Count("cards"))

    @admin.display(description="cards", ordering="_cards")
    def card_count(self, obj):
        return obj._cards


@admin.register(Rarity)
class RarityAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "game", "order")
    list_display_links = ("code", "name")
    search_fields = ("code", "name", "game__name")
    list_filter = ("game",)
    list_select_related = ("game",)


class CardAdminForm(forms.ModelForm):
    """The card form: attributes and effects are checked against the game's schema."""

    class Meta:
        model = Card
        fields = "__all__"
        widgets = {
            "attributes": forms.Textarea(attrs={"rows": 6, "cols": 80, "style": "font-family: monospace"}),
            "effects": forms.Textarea(attrs={"rows": 10, "cols": 80, "style": "font-family: monospace"}),
        }

    def clean_image(self):
        image = self.cleaned_data.get("image")
        if isinstance(image, UploadedFile):
            try:
                from cardpool.images import validate_card_upload
            except ImportError:  # the images module is optional here
                return image
            validate_card_upload(image)
        return image

    def _post_clean(self):
        # Card.clean (run by the ModelForm) reads the game's schema: without a game there is
        # nothing to check it against, and the game field already carries its own error.
        if self.cleaned_data.get("game") is None:
            return
        super()._post_clean()


class CardAttributeValueInline(admin.TabularInline):
    """The card's search index rows (kept in step with its attributes on save): read only."""

    model = CardAttributeValue
    fields = ("name", "num", "text")
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name_plural = "search index (derived from the attributes)"
    classes = ("collapse",)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    inlines = (CardAttributeValueInline,)
    change_list_template = "admin/cardpool/card/change_list.html"
    list_display = ("name", "game", "set_code", "number", "card_type", "rarity", "updated")
    list_display_links = ("name",)
    search_fields = ("name", "text", "card_set__code", "card_set__name")
    list_filter = ("game", "card_type", "card_set", "rarity", "playable")
    list_select_related = ("game", "card_set", "rarity")
    readonly_fields = ("slug", "name_lower", "updated", "preview", "playable", "unplayable_reason")
    list_per_page = 100
    fieldsets = (
        (None, {"fields": ("game", "card_set", "number", "name", "card_type", "rarity")}),
        ("Text", {"fields": ("text", "flavor")}),
        ("Game data", {"fields": ("attributes", "effects", "playable", "unplayable_reason"),
                       "description": "JSON, checked against the game's schema (rules/&lt;game&gt;/cards.py; "
                                      "docs/fixture-format.md). Not playable: the card's text did not compile "
                                      "on import; giving it effects here makes it playable."}),
        ("Image", {"fields": ("image", "preview")}),
        ("Derived", {"fields": ("slug", "name_lower", "updated"), "classes": ("collapse",)}),
    )

    @admin.display(description="set", ordering="card_set__code")
    def set_code(self, obj):
        return obj.card_set.code

    @admin.display(description="current image")
    def preview(self, obj):
        if obj.pk and obj.image:
            return format_html('<img src="{}" alt="" style="max-height: 240px">', obj.image.url)
        return "-"

    def save_model(self, request, obj, form, change):
        upload = form.cleaned_data.get("image")
        if "image" in form.changed_data and isinstance(upload, UploadedFile):
            try:
                from cardpool.images import card_upload_set
            except ImportError:
                card_upload_set = None
            if card_upload_set is not None:
                # Save the card's data first, then store the art as the images module does it.
                old = Card.objects.filter(pk=obj.pk).values_list("image", flat=True).first() if obj.pk else ""
                obj.image = old or ""
                super().save_model(request, obj, form, change)
                card_upload_set(card=obj, uploaded_file=upload)
                return
        super().save_model(request, obj, form, change)

    # -- import ------------------------------------------------------------------------
    def get_urls(self):
        urls = [path("import/", self.admin_site.admin_view(self.import_view), name="cardpool_card_import")]
        return urls + super().get_urls()

    def import_view(self, request):
        if not can_import(request):
            raise PermissionDenied
        summary = errors = None
        if request.method == "POST":
            form = CardImportForm(request.POST, request.FILES)
            if form.is_valid():
                upload = form.cleaned_data["file"]
                game = form.cleaned_data["game"]
                dry_run = form.cleaned_data["dry_run"]
                try:
                    text = decode_upload(upload.read())
                    fmt = detect_format(upload.name, text, form.cleaned_data["format"] or None)
                    rows = import_jobs.count_rows(text, fmt)
                    if import_jobs.goes_to_background(rows):
                        # a big file: a job imports it in a background thread; its page shows progress
                        job = import_jobs.job_create(user=request.user, game=game, file_name=upload.name, fmt=fmt,
                                                     text=text, dry_run=dry_run, rows=rows, file_bytes=upload.size)
                        self.message_user(request, f"{upload.name}: {rows:,} rows are being imported in the "
                                                   f"background{' (dry run)' if dry_run else ''}.", messages.INFO)
                        return HttpResponseRedirect(reverse("admin:cardpool_cardimportjob_change", args=[job.pk]))
                    summary = import_cards_text(text, game_slug=game, fmt=fmt, dry_run=dry_run)
                except ImportFailed as exc:
                    errors = exc.errors
                else:
                    if not dry_run:
                        draw_art_later(game)
                        self.message_user(request, f"{upload.name}: {summary}", messages.SUCCESS)
        else:
            form = CardImportForm()
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": "Import cards",
            "form": form,
            "summary": summary,
            "errors": errors,
            "dry_run": request.method == "POST" and form.is_valid() and form.cleaned_data["dry_run"],
            "max_mb": settings.CARD_IMPORT_MAX_BYTES / (1024 * 1024),
            "background_rows": settings.CARD_IMPORT_BACKGROUND_ROWS,
            "jobs_url": reverse("admin:cardpool_cardimportjob_changelist"),
            "changelist_url": reverse("admin:cardpool_card_changelist"),
        }
        return TemplateResponse(request, "admin/cardpool/import_cards.html", context,
                                status=400 if errors else 200)


def can_import(request) -> bool:
    """Who may import cards, and see the import jobs: staff who may add and change cards."""
    user = request.user
    return bool(user.is_active and user.is_staff and user.has_perm("cardpool.add_card")
                and user.has_perm("cardpool.change_card"))


class CardImportForm(forms.Form):
    game = forms.ChoiceField(choices=())
    file = forms.FileField(help_text="CSV or JSON (docs/import-format.md). Nothing is written unless "
                                     "every row is valid; re-importing updates cards.")
    format = forms.ChoiceField(required=False, choices=[("", "From the file name")] + [(f, f.upper()) for f in FORMATS])
    dry_run = forms.BooleanField(required=False, label="Dry run (check only, write nothing)")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(g.slug, g.name) for g in all_games()]

    def clean_file(self):
        upload = self.cleaned_data["file"]
        limit = settings.CARD_IMPORT_MAX_BYTES
        if upload.size > limit:
            raise ValidationError(f"The file is {upload.size:,} bytes; the limit is {limit:,} bytes "
                                  f"(settings.CARD_IMPORT_MAX_BYTES).")
        return upload


@admin.register(CardImportJob)
class CardImportJobAdmin(admin.ModelAdmin):
    """The background imports (cardpool/import_jobs.py): read only, seen by whoever may import.
    A job's page shows its progress (polling its status JSON) and then its summary or errors."""

    list_display = ("id", "file_name", "game", "user", "status_shown", "progress", "dry_run", "created", "finished")
    list_display_links = ("id", "file_name")
    list_filter = ("status", "game", "dry_run")
    search_fields = ("file_name", "user__username")
    list_select_related = ("user",)
    date_hierarchy = "created"

    def get_queryset(self, request):
        return super().get_queryset(request).defer("text")

    def has_view_permission(self, request, obj=None):
        return can_import(request)

    def has_module_permission(self, request):
        return can_import(request)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="status", ordering="status")
    def status_shown(self, obj):
        if obj.status == CardImportJob.Status.FAILED and obj.message.startswith("interrupted"):
            return "failed (interrupted)"
        if obj.status == CardImportJob.Status.FAILED and obj.errors:
            return f"failed ({len(obj.errors)} error{'s' if len(obj.errors) != 1 else ''})"
        return obj.status

    @admin.display(description="rows")
    def progress(self, obj):
        done, total = import_jobs.job_progress(obj)
        return f"{done:,} / {total:,}"

    def get_urls(self):
        urls = [path("<int:job_id>/status/", self.admin_site.admin_view(self.status_view),
                     name="cardpool_cardimportjob_status")]
        return urls + super().get_urls()

    def changelist_view(self, request, extra_context=None):
        if self.has_view_permission(request):
            import_jobs.refresh_interrupted(CardImportJob.objects.filter(status__in=CardImportJob.ACTIVE).defer("text"))
        return super().changelist_view(request, extra_context)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        if not self.has_view_permission(request):
            raise PermissionDenied
        job = get_object_or_404(self.get_queryset(request), pk=object_id)
        state = import_jobs.job_state(job)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"Card import {job.pk}: {job.file_name}",
            "job": job,
            "state": state,
            "status_url": reverse("admin:cardpool_cardimportjob_status", args=[job.pk]),
            "import_url": reverse("admin:cardpool_card_import"),
            "changelist_url": reverse("admin:cardpool_cardimportjob_changelist"),
            "cards_url": reverse("admin:cardpool_card_changelist"),
        }
        return TemplateResponse(request, "admin/cardpool/import_job.html", context)

    def status_view(self, request, job_id):
        if not self.has_view_permission(request):
            raise PermissionDenied
        job = get_object_or_404(self.get_queryset(request), pk=job_id)
        response = JsonResponse(import_jobs.job_state(job))
        response["Cache-Control"] = "no-store"
        return response
