"""A redis-server of a test's own (Debian's package; `make test` installs it): started on a port,
with no persistence, and returned once it answers PING."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest


def start_redis(port: int, home: Path, **popen) -> subprocess.Popen:
    """Start redis-server on 127.0.0.1:``port`` in ``home``; fail the test if it is missing or exits."""
    server = shutil.which("redis-server") or ("/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)
    if server is None:
        pytest.fail("redis-server is missing: install Debian's redis-server package (`make test` does it "
                    "when run as root: scripts/test.sh)")
    process = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
                                "no", "--dir", str(home)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                               **popen)
    while True:  # until it answers
        if process.poll() is not None:
            pytest.fail(f"redis-server exited with code {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return process
        except OSError:
            time.sleep(0.1)
