"""Running the API under gunicorn from Python (used by ``ramchi serve``)."""

from __future__ import annotations

import os
from typing import Any

from gunicorn.app.base import BaseApplication

from api import create_app
from api.access_log import log_polls
from api.pool import POOL
from solver.warm_up import warm_up


class _Server(BaseApplication):  # type: ignore[misc]
    """A gunicorn application serving :func:`api.create_app`."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        app = create_app()
        if app.extensions[POOL].processes == 0:  # solver work in this process after all
            warm_up()  # the ev advice's tables, built before the first request rather than during it
        return app


ACCESS_LOG_FORMAT = '%(h)s %(l)s %(u)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s "%(a)s" %(L)ss'
"""gunicorn's access log line without the query string (``%(U)s`` is the path alone) or the
``Referer``: an address may carry secrets (a seat token sent as ``?token=`` is refused with
``400 token_in_query``, but the refused request is logged too)."""


UNCHANGED_POLLS_UNLOGGED = "api.access_log.UnchangedPollsUnlogged"
"""The logger of ``ramchi serve``: gunicorn's, without the polls answered ``304``
(``RAMCHI_LOG_POLLS=1``: gunicorn's own, which logs them too)."""


def _env_number(name: str, default: float) -> float:
    """A setting from the environment (``RAMCHI_WORKERS`` ...), or its default."""
    raw = os.environ.get(name, "").strip()
    return float(raw) if raw else default


def served_options(host: str = "127.0.0.1", port: int = 8000, *, workers: int | None = None,
                   threads: int | None = None, keepalive: float | None = None,
                   read_timeout: float | None = None) -> dict[str, Any]:
    """The gunicorn settings of ``ramchi serve`` (docs/deployment.md explains each one).

    Settings not given come from ``RAMCHI_WORKERS``, ``RAMCHI_THREADS``,
    ``RAMCHI_KEEPALIVE``, ``RAMCHI_READ_TIMEOUT`` and ``RAMCHI_LOG_POLLS``, else the defaults: one
    worker process of 8 threads (solver work runs in its pool of solver processes,
    one per core: :mod:`api.pool`), keep-alive 5 s, a request must arrive
    within 10 s; the access log leaves out the polls answered ``304`` (:mod:`api.access_log`).
    The read timeout and the worker count reach the workers as
    ``RAMCHI_READ_TIMEOUT`` and ``RAMCHI_WORKERS`` (gunicorn's ``raw_env``): each
    worker takes its share of the cores for its solver processes.

    >>> served_options(workers=3)["worker_class"], served_options(workers=3)["workers"]
    ('api.worker.BufferedThreadWorker', 3)
    """
    read_timeout = read_timeout or _env_number("RAMCHI_READ_TIMEOUT", 10)
    workers = workers or int(_env_number("RAMCHI_WORKERS", 1))
    return {"bind": f"{host}:{port}",
            "worker_class": "api.worker.BufferedThreadWorker",
            "workers": workers,
            "threads": threads or int(_env_number("RAMCHI_THREADS", 8)),
            "keepalive": keepalive or _env_number("RAMCHI_KEEPALIVE", 5),
            "raw_env": [f"RAMCHI_READ_TIMEOUT={read_timeout:g}", f"RAMCHI_WORKERS={workers}"],
            "timeout": 60, "graceful_timeout": 30, "accesslog": "-",
            "access_log_format": ACCESS_LOG_FORMAT,
            "logger_class": "gunicorn.glogging.Logger" if log_polls() else UNCHANGED_POLLS_UNLOGGED,
            "control_socket_disable": True}  # one shared ~/.gunicorn/gunicorn.ctl per user otherwise


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int | None = None, *,
          threads: int | None = None, keepalive: float | None = None,
          read_timeout: float | None = None) -> None:
    """Serve the API until interrupted; the database is set by ``DATABASE_URL``."""
    from api.migrate import configured_url, upgrade
    from api.retention import prune_at_start

    upgrade(configured_url())  # once, here in the master, before gunicorn forks the workers
    prune_at_start(configured_url())  # likewise: the games idle past their retention
    print(f"Serving on http://{host}:{port}  (docs: http://{host}:{port}/docs)", flush=True)
    _Server(served_options(host, port, workers=workers, threads=threads, keepalive=keepalive,
                           read_timeout=read_timeout)).run()
