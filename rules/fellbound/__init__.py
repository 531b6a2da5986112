"""The fellbound game package: its card schema lives in cards.py."""

from rules.fellbound.cards import GAME

__all__ = ["GAME"]
