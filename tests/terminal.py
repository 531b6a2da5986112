"""A captured stream that says it is a terminal, so a command draws its progress bar into it."""

import io


class TerminalOutput(io.StringIO):
    """``io.StringIO`` that answers ``isatty()`` with True (config/progress.py draws only on a terminal)."""

    def isatty(self) -> bool:
        return True
