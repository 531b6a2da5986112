"""One event log for a game state that holds the tournament engine's ``MBState`` inside it (the whole
game's tournament, Turn-Based Mode's table): the inner state writes into the outer one's log, so
switching the log off (agents' look-ahead) switches both."""

from __future__ import annotations


class NestedLogMixin:
    """``log_events`` passed on to the ``MBState`` held in the attribute ``NESTED`` (when it is there)."""

    NESTED = "tournament"

    @property
    def log_events(self) -> bool:
        return self._log_events

    @log_events.setter
    def log_events(self, value: bool) -> None:
        self._log_events = value
        inner = getattr(self, self.NESTED, None)
        if inner is not None:
            inner.log_events = value
