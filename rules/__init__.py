"""Pure-Python rules of the five games: one package per game plus the shared core.

Never imports Django or the apps (docs/architecture.md, "The one idea").
"""
