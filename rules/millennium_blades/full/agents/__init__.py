"""Agents' evaluation for the whole game (``ai.evaluate``); the core's agents use it."""
