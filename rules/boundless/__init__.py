"""The boundless game package: its card schema lives in cards.py."""

from rules.boundless.cards import GAME

__all__ = ["GAME"]
