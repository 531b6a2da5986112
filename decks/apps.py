from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _sync_builtin_formats(sender, **kwargs) -> None:
    """After every migrate, bring the built-in formats in step with ``rules`` (see services)."""
    from decks.services import format_sync_builtin

    format_sync_builtin()


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self) -> None:
        post_migrate.connect(_sync_builtin_formats, sender=self, dispatch_uid="decks_sync_builtin_formats")
