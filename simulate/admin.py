"""Admin for simulation runs: their frozen decks and chunks are shown read-only."""

from django.contrib import admin

from simulate.models import RunChunk, RunDeck, SimulationRun


class RunDeckInline(admin.TabularInline):
    model = RunDeck
    extra = 0
    can_delete = False
    fields = ("position", "deck", "deck_version", "name")
    readonly_fields = fields


class RunChunkInline(admin.TabularInline):
    model = RunChunk
    extra = 0
    can_delete = False
    fields = ("index", "pairing", "first_game", "games", "status", "worker", "finished")
    readonly_fields = fields
    show_change_link = True


@admin.register(SimulationRun)
class SimulationRunAdmin(admin.ModelAdmin):
    list_display = ("id", "owner", "game", "mode", "games_requested", "status", "backend", "created", "finished")
    list_filter = ("game", "mode", "status", "backend")
    search_fields = ("owner__username", "run_decks__name", "seed")
    readonly_fields = ("created", "started", "finished", "engine_version", "share_token")
    inlines = [RunDeckInline, RunChunkInline]


@admin.register(RunChunk)
class RunChunkAdmin(admin.ModelAdmin):
    list_display = ("run", "index", "pairing", "games", "status", "worker", "finished")
    list_filter = ("status",)
    search_fields = ("run__id", "worker")
    readonly_fields = ("run", "index", "pairing", "first_game", "games", "tally", "worker", "finished")
