"""The boundless game package: its card schema lives in cards.py, its rules engine in engine.py
(whose docstring maps the engine's modules and documents the action grammar and the view keys)."""

from rules.boundless.cards import GAME

__all__ = ["GAME"]
