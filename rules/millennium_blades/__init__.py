"""The millennium_blades game package: its card schema lives in cards.py."""

from rules.millennium_blades.cards import GAME

__all__ = ["GAME"]
