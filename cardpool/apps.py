from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _sync_games(sender, **kwargs) -> None:
    from cardpool.services import game_sync_all

    game_sync_all()


class CardpoolConfig(AppConfig):
    name = "cardpool"
    verbose_name = "Card pool"

    def ready(self) -> None:
        # Every database knows every registered game (and its rarities) right after migrate.
        post_migrate.connect(_sync_games, sender=self)
