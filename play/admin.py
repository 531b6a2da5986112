from django.contrib import admin

from play.models import PlayedGame


@admin.register(PlayedGame)
class PlayedGameAdmin(admin.ModelAdmin):
    list_display = ("pk", "owner", "game", "status", "updated")
    list_filter = ("game", "status")
    readonly_fields = ("owner", "game", "engine_version", "seed", "human_seat", "agents", "decks", "deck_names",
                       "moves", "outcome", "created", "updated")
