from django.apps import AppConfig
from django.db.backends.signals import connection_created
from django.db.models.signals import post_migrate

from cardpool.regex import install_on_sqlite


def _sync_games(sender, **kwargs) -> None:
    from cardpool.services import game_sync_all

    game_sync_all()


class CardpoolConfig(AppConfig):
    name = "cardpool"
    verbose_name = "Card pool"

    def ready(self) -> None:
        # Every database knows every registered game (and its rarities) right after migrate.
        post_migrate.connect(_sync_games, sender=self)
        # /regex/ searches run RE2, which cannot backtrack (see cardpool/regex.py).
        connection_created.connect(install_on_sqlite, dispatch_uid="cardpool-re2-regexp")
