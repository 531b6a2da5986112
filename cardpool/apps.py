from django.apps import AppConfig
from django.db.backends.signals import connection_created
from django.db.models.signals import post_delete, post_migrate, post_save

from cardpool.regex import install_on_sqlite


def _forget_counts(sender, **kwargs) -> None:
    from cardpool.selectors import forget_game_counts

    forget_game_counts()


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
        # The game counts the home page keeps (cardpool.selectors) are forgotten when a card or a
        # set is saved or deleted one by one (the admin); imports forget them themselves.
        from cardpool.models import Card, CardSet
        from cardpool.pool_source import game_pool_data
        from rules.core import card_pool

        # Engines that deal from a game's whole pool (Millennium Blades' whole game) read this database.
        card_pool.set_source(game_pool_data)

        for model in (Card, CardSet):
            post_save.connect(_forget_counts, sender=model, dispatch_uid=f"forget-counts-save-{model.__name__}")
            post_delete.connect(_forget_counts, sender=model, dispatch_uid=f"forget-counts-delete-{model.__name__}")
