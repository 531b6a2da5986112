"""Which code does each op: one look-up for any op name (``ResolveMixin.do_op``), instead of a chain
of tests of every ops module's set before the common ops are met (issue 30's speed work).

A batch of ops registers its names and its handler once, with one line (resolve.py's
``register_ops`` calls, after ``ResolveMixin``); a handler is called ``handler(game, frame, op, k)``
and answers whether the op is done (False: a decision is pending). An op name registered twice is
refused, so the order of the registrations never decides which handler runs. An op with no
handler does nothing when it resolves (a continuous op: in force while its card is, not run).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

OpHandler = Callable[[Any, dict, Any, int], bool]
#: op name -> the handler that does it (``register_ops``)
OP_HANDLERS: dict[str, OpHandler] = {}


def register_ops(names: Iterable[str], handler: OpHandler) -> None:
    """``handler`` does every op of ``names``; a name already registered is refused."""
    for name in names:
        if name in OP_HANDLERS:
            raise ValueError(f"op {name!r} already has a handler ({OP_HANDLERS[name].__qualname__})")
        OP_HANDLERS[name] = handler
