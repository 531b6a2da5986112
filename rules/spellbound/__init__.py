"""The spellbound game package: its card schema lives in cards.py."""

from rules.spellbound.cards import GAME

__all__ = ["GAME"]
