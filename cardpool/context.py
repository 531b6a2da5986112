"""Template context: the games from the registry, for the navigation bar."""

from rules.core.registry import all_games


def games(request) -> dict:
    return {"all_games": all_games()}
