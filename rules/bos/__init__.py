"""The bos game package: its card schema lives in cards.py."""

from rules.bos.cards import GAME

__all__ = ["GAME"]
