"""What a local pool process runs. Kept apart from ``simulate.runner`` because a spawned
process unpickles these functions by importing their module before Django is set up, so this
module must not import models at import time."""

from __future__ import annotations

import os
import threading
import time


def _exit_with_parent(parent: int) -> None:
    """A pool process must not outlive the server that made it (a killed runserver, say)."""
    while True:
        time.sleep(2)
        if os.getppid() != parent:
            os._exit(0)


def init_worker(database_name: str | None) -> None:
    """Set Django up in a spawned worker, on the same database as the process that made the pool."""
    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True).start()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    if database_name:
        from django.db import connections

        connections["default"].settings_dict["NAME"] = database_name


def run_chunk(run_id: int, index: int) -> str:
    """The chunk task, tried again while the database is away (``runner.run_chunk_retrying``);
    the connections kept from the last chunk are health-checked first (CONN_HEALTH_CHECKS)."""
    from django.db import close_old_connections

    from simulate.runner import run_chunk_retrying

    close_old_connections()
    return run_chunk_retrying(run_id, index)


def ping(seconds: float) -> int:
    """Warm-up: hold a process a moment so that every one of them starts (benchmarks)."""
    time.sleep(seconds)
    return os.getpid()
