"""Admin for formats (add a new edition or a house ban list without code), decks and versions."""

from django.contrib import admin, messages

from decks import services
from decks.models import Deck, DeckCard, DeckVersion, Format


@admin.register(Format)
class FormatAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "slug", "base", "builtin")
    list_filter = ("game", "builtin")
    search_fields = ("name", "slug", "description")
    readonly_fields = ("builtin",)
    actions = ["sync_builtin"]
    fieldsets = (
        (None, {"fields": ("game", "slug", "name", "base", "description", "rule_source", "builtin")}),
        ("Rules", {"fields": ("limits", "banned", "restricted"),
                   "description": "Limits are the numbers the game's validator reads (see a built-in format "
                                  "of the same game); with a base format, only list what differs."}),
    )

    @admin.action(description="Re-sync the built-in formats from the rulebook code")
    def sync_builtin(self, request, queryset):
        count = services.format_sync_builtin()
        self.message_user(request, f"{count} built-in formats synced.", messages.SUCCESS)


class DeckCardInline(admin.TabularInline):
    model = DeckCard
    extra = 0
    raw_id_fields = ("card",)


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "game", "format", "visibility", "is_legal", "current_version", "updated")
    list_filter = ("game", "visibility", "is_legal", "format")
    search_fields = ("name", "description", "owner__username")
    raw_id_fields = ("owner", "copied_from", "featured_card")
    readonly_fields = ("share_token", "created", "updated", "current_version", "is_legal", "violations")
    inlines = [DeckCardInline]
    actions = ["revalidate"]

    def save_related(self, request, form, formsets, change):
        """Cards edited here refresh the cached legality (no new version: the admin is not a save)."""
        super().save_related(request, form, formsets, change)
        services.deck_revalidate(deck=form.instance)

    @admin.action(description="Re-validate the selected decks")
    def revalidate(self, request, queryset):
        for deck in queryset:
            services.deck_revalidate(deck=deck)
        self.message_user(request, f"{queryset.count()} decks re-validated.", messages.SUCCESS)


@admin.register(DeckVersion)
class DeckVersionAdmin(admin.ModelAdmin):
    list_display = ("deck", "number", "name", "format_slug", "created", "note")
    list_filter = ("format_slug", "deck__game")
    search_fields = ("deck__name", "name", "note")
    raw_id_fields = ("deck",)
    readonly_fields = ("created",)
