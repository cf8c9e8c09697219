"""Real servers for tests: ``ramchi serve`` as ``make run`` starts it, on a database of its own.

- ``sqlite_url``: a temporary SQLite file.
- ``postgres_url``: a fresh PostgreSQL database (``ramchi_t_<random>``) on the server named by
  ``TEST_DATABASE_URL``, dropped afterwards; skips (fails in CI) without PostgreSQL.
- ``start_server(database_url, *args, env=...)``: starts ``.venv/bin/ramchi serve --host
  127.0.0.1 --port <free port>`` as a subprocess in its own process group, waits (at most
  :data:`READY_TIMEOUT` s) for ``/health``, and stops it at teardown (SIGTERM, then SIGKILL).
  ``server.kill()`` SIGKILLs the master and all its workers at once; ``server.start()`` starts
  it again on the same database and port.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.server.client import http

READY_TIMEOUT = 30.0
"""Seconds a server may take to answer ``/health`` after starting."""

STOP_TIMEOUT = 15.0
"""Seconds a server may take to exit after SIGTERM before it is killed."""

RAMCHI = Path(sys.executable).with_name("ramchi")
"""The ``ramchi`` command of the virtualenv running the tests (``.venv/bin/ramchi``)."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """One ``ramchi serve`` process group on 127.0.0.1, with its log in a file."""

    def __init__(self, database_url: str, log_path: Path, args: tuple[str, ...] = (),
                 env: dict[str, str] | None = None) -> None:
        self.database_url = database_url
        self.log_path = log_path
        self.args = args
        self.extra_env = env or {}
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The base address, e.g. ``http://127.0.0.1:40123``."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def address(self) -> tuple[str, int]:
        """``(host, port)`` for raw sockets."""
        return ("127.0.0.1", self.port)

    def start(self) -> Server:
        """Start the server (again) and wait until ``/health`` answers 200."""
        assert self.process is None or self.process.poll() is not None, "already running"
        env = {k: v for k, v in os.environ.items() if not k.startswith("RAMCHI_")}
        env |= {"DATABASE_URL": self.database_url, "PYTHONUNBUFFERED": "1"} | self.extra_env
        command = [str(RAMCHI), "serve", "--host", "127.0.0.1", "--port", str(self.port), *self.args]
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        self.wait_ready()
        return self

    def wait_ready(self) -> None:
        """Poll ``/health`` until it answers 200 (bounded by :data:`READY_TIMEOUT`)."""
        assert self.process is not None
        deadline = time.monotonic() + READY_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.log()}")
            with contextlib.suppress(OSError):
                if http("GET", f"{self.url}/health", timeout=2).status == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"the server did not answer /health within {READY_TIMEOUT} s:\n{self.log()}")

    def log(self, tail: int = 60) -> str:
        """The last ``tail`` lines the server printed."""
        lines = self.log_path.read_text(errors="replace").splitlines()
        return "\n".join(lines[-tail:])

    def _signal_group(self, sig: signal.Signals) -> None:
        assert self.process is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, sig)  # the group is the master's own (new session)

    def kill(self) -> None:
        """SIGKILL the master and every worker at once (a crash), and reap the master."""
        if self.process is None:
            return
        self._signal_group(signal.SIGKILL)
        self.process.wait(timeout=STOP_TIMEOUT)
        self._wait_group_gone()

    def terminate(self) -> None:
        """Ask the server to stop (SIGTERM to the group: gunicorn's graceful stop); don't wait."""
        if self.process is not None and self.process.poll() is None:
            self._signal_group(signal.SIGTERM)

    def stop(self) -> None:
        """SIGTERM (gunicorn's graceful stop), then SIGKILL whatever is left after a bound."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self._signal_group(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=STOP_TIMEOUT)
        self._signal_group(signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=STOP_TIMEOUT)
        self._wait_group_gone()

    def _wait_group_gone(self, timeout: float = 5.0) -> None:
        """Wait (bounded) until no process of the group is left (workers are reaped by init)."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)


ServerFactory = Callable[..., Server]


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[ServerFactory]:
    """A factory: ``start_server(database_url, *serve_args, env={...})`` returns a running server."""
    servers: list[Server] = []

    def start(database_url: str, *args: str, env: dict[str, str] | None = None) -> Server:
        server = Server(database_url, tmp_path / f"server-{len(servers)}.log", args, env)
        servers.append(server)
        return server.start()

    yield start
    for server in servers:  # all at once, then wait for each
        server.terminate()
    for server in servers:
        server.stop()
