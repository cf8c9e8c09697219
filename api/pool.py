"""Solver work off the threads that serve games: a bounded pool of solver processes.

Every solver request (advice, trainer, hindsight, Continental advice) and every decision of a
costly bot runs as a :class:`Job` in :class:`SolverPool`, never in the thread that took the
request, so that ``/health``, views, logs and game actions keep being answered while solvers
work. The pool bounds everything:

- **processes**: one solver process per core by default (``RAMCHI_SOLVER_PROCESSES``), each
  running one job at a time at a lower CPU priority (``nice`` 10) than the threads that serve;
- **queue**: at most ``queue`` jobs wait for a process (``RAMCHI_SOLVER_QUEUE``, default one per
  process), each for at most ``wait_s`` seconds (``RAMCHI_SOLVER_WAIT_S``, default 1); a job
  that finds the queue full, or waits longer, is refused at once: ``503 busy`` with
  ``Retry-After``;
- **per client**: at most ``per_client`` solver requests of one client address in flight
  (``RAMCHI_SOLVER_PER_CLIENT``, default 4; :mod:`api.clients` says which address):
  ``429 too_many_requests`` with ``Retry-After``;
- **time**: a job gets its budget as a :class:`~solver.budget.Deadline` when it starts; a job
  not answered ``grace_s`` (1.5 s) after its budget is abandoned and the request answered
  ``503 budget_exceeded``; the process takes no job until its late answer is in, and one silent
  30 s past that is killed and replaced.

Bots' decisions go through the same processes with their own budget, ahead of waiting requests
(``priority``), and are never counted against a client: a referee's own players do not wait
behind strangers' advice. With ``processes=0`` jobs run in the calling thread under the same
limits (the default of the test app: no processes to start).

>>> pool = SolverPool(processes=0, queue=0, per_client=1)
>>> pool.run(Job(_echo_job, ("hello",), budget_s=1.0), client="10.0.0.1")
'hello'
>>> pool.stats()["in_flight"]
0
"""

from __future__ import annotations

import contextlib
import logging
import math
import multiprocessing
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from flask import current_app

from api.clients import client_address
from api.errors import ApiProblem
from solver.budget import BudgetExceededError, Deadline, default_budget_s

__all__ = [
    "POOL",
    "Job",
    "SolverPool",
    "bot_budget_s",
    "pool_from_settings",
    "request_budget_s",
    "solve",
]

log = logging.getLogger(__name__)

POOL = "ramchi.solver_pool"
"""The key of the app's :class:`SolverPool` in ``app.extensions``."""

DEFAULT_WAIT_S = 1.0
DEFAULT_PER_CLIENT = 4
DEFAULT_BOT_BUDGET_S = 1.0
GRACE_S = 1.5
RUNAWAY_S = 30.0
SOLVER_NICE = 10
POLL_S = 0.05


@dataclass(frozen=True, slots=True)
class Job:
    """One piece of solver work: ``fn(*args, deadline=..., **kwargs)`` within ``budget_s`` seconds.

    ``fn`` must be a module-level function and the arguments picklable: they are sent to a
    solver process. ``what`` names the work in messages ("Ramchi advice"), ``ask_less`` says how
    to ask for less when it overruns its budget.
    """

    fn: Callable[..., Any]
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)
    budget_s: float = 2.0
    what: str = "the solver"
    ask_less: str = "ask for less work (fewer samples or a smaller hand)"

    def __call__(self, deadline: Deadline) -> Any:
        """Do the work here, by ``deadline``."""
        return self.fn(*self.args, deadline=deadline, **dict(self.kwargs))


def _echo_job(text: str, deadline: Deadline) -> str:
    """A job for the pool's own tests: the text back."""
    return text


def _sleep_job(seconds: float, deadline: Deadline) -> float:
    """A job for the pool's own tests: a solver that ignores its deadline (sleeps ``seconds``)."""
    time.sleep(seconds)
    return seconds


def _refuse_job(message: str, deadline: Deadline) -> None:
    """A job for the pool's own tests: a rules refusal raised in the solver process."""
    from rulesets.errors import LimitExceededError

    raise LimitExceededError(message, field="samples")


def _retry_after(seconds: float) -> dict[str, str]:
    return {"Retry-After": str(max(1, math.ceil(seconds)))}


def busy_problem(detail: str, retry_s: float) -> ApiProblem:
    """``503 busy``: no solver process is free for this job now."""
    return ApiProblem("busy", detail, headers=_retry_after(retry_s))


def too_many_problem(detail: str, retry_s: float) -> ApiProblem:
    """``429 too_many_requests``: this client already has its share of solver work in flight."""
    return ApiProblem("too_many_requests", detail, headers=_retry_after(retry_s))


# --- where jobs run -----------------------------------------------------------------------------


class _Runner:
    """Runs one job at a time: in this thread, or in a solver process of its own."""

    def run(self, job: Job) -> Any:
        """The job's result (or its exception, raised here)."""
        raise NotImplementedError

    def available(self) -> bool:
        """Whether a job may start here now (a process may still be starting or finishing an
        abandoned job).
        """
        return True

    def close(self) -> None:
        """Stop (a process runner ends its process)."""


class _InlineRunner(_Runner):
    """Runs the job in the calling thread (tests; ``processes=0``)."""

    def run(self, job: Job) -> Any:
        """Call the job with a deadline starting now."""
        return job(Deadline.after(job.budget_s))


def _portable(err: BaseException) -> tuple[type[BaseException], tuple[Any, ...], dict[str, Any]]:
    """An exception as class, args and attributes: what crosses back from a solver process."""
    return type(err), err.args, dict(getattr(err, "__dict__", {}))


def _rebuilt(kind: type[BaseException], args: tuple[Any, ...], state: dict[str, Any]) -> BaseException:
    """The exception :func:`_portable` described (its class's ``__init__`` is not called again)."""
    err = kind.__new__(kind)
    err.args = args
    with contextlib.suppress(AttributeError, TypeError):
        err.__dict__.update(state)
    return err


def _serve_jobs(conn: Connection, nice: int) -> None:
    """The loop of a solver process: take a job, answer ``("ok", result)`` or ``("error", …)``."""
    with contextlib.suppress(OSError):
        os.nice(nice)
    from solver.warm_up import warm_up

    warm_up()
    conn.send(("ready", None))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):  # the serving process is gone
            return
        if job is None:
            return
        try:
            answer: tuple[str, Any] = ("ok", job(Deadline.after(job.budget_s)))
        except Exception as err:
            answer = ("error", _portable(err))
        try:
            conn.send(answer)
        except Exception as err:  # an answer that does not pickle: a bug, reported as one
            conn.send(("error", _portable(RuntimeError(f"unpicklable solver answer: {err}"))))


class _ProcessRunner(_Runner):
    """A solver process of its own (started with ``spawn``: no threads or locks inherited).

    A job not answered by its budget and the grace is *abandoned*: the request is answered
    ``503 budget_exceeded`` at once, and the process, which stops at its deadline by itself,
    takes no new job until its late answer has come back. Only a process still silent
    :data:`RUNAWAY_S` seconds later is killed and replaced (starting one costs seconds of CPU,
    which a loaded machine can least afford).
    """

    def __init__(self, nice: int, grace_s: float) -> None:
        self.nice = nice
        self.grace_s = grace_s
        self._start()

    def _start(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve_jobs, args=(child, self.nice), daemon=True,
                                       name="ramchi-solver")
        self.process.start()
        child.close()
        self.ready = False
        self.owed = 0
        self.owed_since = 0.0

    def wait_ready(self, timeout: float = 120.0) -> None:
        """Wait for the process to have loaded the solvers (once)."""
        if self.ready:
            return
        if not self.conn.poll(timeout):
            raise RuntimeError("a solver process did not start in time")
        message, _ = self.conn.recv()
        self.ready = message == "ready"

    def _restart(self) -> None:
        self.close()
        self._start()

    def available(self) -> bool:
        """Started, and no abandoned job's answer still to come (read and dropped here)."""
        try:
            if not self.ready and self.conn.poll(0):
                self.ready = self.conn.recv()[0] == "ready"
            while self.owed and self.conn.poll(0):
                self.conn.recv()
                self.owed -= 1
        except (EOFError, OSError):
            log.error("solver process stopped: replaced")
            self._restart()
            return False
        if self.owed and time.monotonic() - self.owed_since > RUNAWAY_S:
            log.error("solver process silent %gs past its deadline: replaced", RUNAWAY_S)
            self._restart()
        return self.ready and not self.owed

    def run(self, job: Job) -> Any:
        """Send the job; wait at most its budget and the grace, then abandon it (class text)."""
        try:
            self.conn.send(job)
            if not self.conn.poll(job.budget_s + self.grace_s):
                log.warning("solver process overran its %gs budget on %s: answer abandoned",
                            job.budget_s, job.what)
                self.owed, self.owed_since = 1, time.monotonic()
                raise BudgetExceededError(job.budget_s, f"working on {job.what}", job.ask_less)
            status, payload = self.conn.recv()
        except (EOFError, OSError) as err:
            log.error("solver process stopped (%s): replaced", err)
            self._restart()
            raise busy_problem("the solver process stopped while working; retry", job.budget_s) from None
        if status == "error":
            raise _rebuilt(*payload)
        return payload

    def close(self) -> None:
        """End the process (asked first, then killed)."""
        with contextlib.suppress(OSError, ValueError):
            self.conn.send(None)
        self.process.join(0.5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(2)
        with contextlib.suppress(OSError):
            self.conn.close()


# --- the pool -----------------------------------------------------------------------------------


class SolverPool:
    """Admits solver jobs within the limits and runs each on a free runner (module text)."""

    def __init__(self, processes: int, queue: int | None = None, *, wait_s: float = DEFAULT_WAIT_S,
                 per_client: int = DEFAULT_PER_CLIENT, grace_s: float = GRACE_S,
                 nice: int = SOLVER_NICE) -> None:
        self.processes = processes
        slots = max(processes, 1)
        self.queue = slots if queue is None else queue
        self.capacity = slots + self.queue
        self.wait_s = wait_s
        self.per_client = per_client
        self._runners: list[_Runner] = (
            [_ProcessRunner(nice, grace_s) for _ in range(processes)] if processes > 0
            else [_InlineRunner()])
        self._free: list[_Runner] = list(self._runners)
        self._lock = threading.Condition()
        self._admitted = 0
        self._urgent_waiting = 0
        self._by_client: Counter[str] = Counter()
        for runner in self._runners:
            if isinstance(runner, _ProcessRunner):
                runner.wait_ready()

    def stats(self) -> dict[str, int]:
        """Processes, capacity, jobs admitted and free runners now (for ``/health`` and tests)."""
        with self._lock:
            return {"processes": self.processes, "capacity": self.capacity,
                    "in_flight": self._admitted, "free": len(self._free)}

    def run(self, job: Job, client: str | None, *, priority: bool = False) -> Any:
        """Run ``job`` for ``client`` (``None``: the service itself, e.g. a bot) and return its result.

        Raises :class:`~api.errors.ApiProblem` ``too_many_requests`` (429) or ``busy`` (503)
        when the limits refuse it, and whatever the job raises.
        """
        self._admit(job, client, priority)
        try:
            runner = self._take(job, priority)
            try:
                return runner.run(job)
            finally:
                with self._lock:
                    self._free.append(runner)
                    self._lock.notify_all()
        finally:
            with self._lock:
                if not priority:
                    self._admitted -= 1
                if client is not None:
                    self._by_client[client] -= 1
                    if self._by_client[client] <= 0:
                        del self._by_client[client]

    def _admit(self, job: Job, client: str | None, priority: bool) -> None:
        with self._lock:
            if client is not None and self._by_client[client] >= self.per_client:
                raise too_many_problem(
                    f"your address already has {self.per_client} solver requests in flight, the "
                    "most one client may have; wait for an answer before sending another",
                    job.budget_s)
            if not priority and self._admitted >= self.capacity:
                raise busy_problem(
                    f"every solver process is busy and {self.queue} requests already wait; retry "
                    "in a moment", job.budget_s)
            if not priority:
                self._admitted += 1
            if client is not None:
                self._by_client[client] += 1

    def _take(self, job: Job, priority: bool) -> _Runner:
        """A free runner, waiting at most ``wait_s``; urgent (bot) jobs are served first."""
        until = time.monotonic() + self.wait_s
        with self._lock:
            if priority:
                self._urgent_waiting += 1
            try:
                while True:
                    if priority or not self._urgent_waiting:
                        ready = next((r for r in reversed(self._free) if r.available()), None)
                        if ready is not None:
                            self._free.remove(ready)
                            return ready
                    left = until - time.monotonic()
                    if left <= 0:
                        raise busy_problem(
                            f"no solver process came free within {self.wait_s:g} s; retry in a "
                            "moment", job.budget_s)
                    self._lock.wait(min(left, POLL_S))  # a process may finish starting meanwhile
            finally:
                if priority:
                    self._urgent_waiting -= 1

    def close(self) -> None:
        """End the solver processes."""
        for runner in self._runners:
            runner.close()


def _setting(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    value = float(raw)
    if value < 0:
        raise ValueError(f"{name} must not be negative, not {raw!r}")
    return value


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity, e.g. a container's cpuset)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def default_processes(env: Mapping[str, str] | None = None) -> int:
    """Solver processes of one server process: the usable cores shared among ``RAMCHI_WORKERS``.

    >>> default_processes({"RAMCHI_WORKERS": "1"}) == usable_cores()
    True
    """
    env = os.environ if env is None else env
    workers = max(1, int(_setting(env, "RAMCHI_WORKERS", 1)))
    return max(1, usable_cores() // workers)


def pool_from_settings(config: Mapping[str, Any], env: Mapping[str, str] | None = None) -> SolverPool:
    """The pool the settings ask for: ``config["SOLVER_PROCESSES"]`` (else
    ``RAMCHI_SOLVER_PROCESSES``, else :func:`default_processes`; the test app defaults to 0, in the
    calling thread), and the queue, wait and per-client limits (module text).
    """
    env = os.environ if env is None else env
    processes = config.get("SOLVER_PROCESSES")
    if processes is None:
        raw = env.get("RAMCHI_SOLVER_PROCESSES", "").strip()
        processes = int(raw) if raw else (0 if config.get("TESTING") else default_processes(env))
    queue = config.get("SOLVER_QUEUE")
    if queue is None and env.get("RAMCHI_SOLVER_QUEUE", "").strip():
        queue = int(_setting(env, "RAMCHI_SOLVER_QUEUE", 0))
    wait_s = config.get("SOLVER_WAIT_S", _setting(env, "RAMCHI_SOLVER_WAIT_S", DEFAULT_WAIT_S))
    per_client = config.get("SOLVER_PER_CLIENT",
                            int(_setting(env, "RAMCHI_SOLVER_PER_CLIENT", DEFAULT_PER_CLIENT)))
    return SolverPool(int(processes), queue, wait_s=float(wait_s), per_client=int(per_client))


def bot_budget_s(env: Mapping[str, str] | None = None) -> float:
    """Seconds a costly bot may think per decision: ``RAMCHI_BOT_BUDGET_S``, else 1.

    >>> bot_budget_s({})
    1.0
    """
    env = os.environ if env is None else env
    return _setting(env, "RAMCHI_BOT_BUDGET_S", DEFAULT_BOT_BUDGET_S) or DEFAULT_BOT_BUDGET_S


def request_budget_s() -> float:
    """Seconds of solver time per request of the current app (``SOLVE_BUDGET_S``, else
    ``RAMCHI_SOLVE_BUDGET_S``, else 2).
    """
    return float(current_app.config.get("SOLVE_BUDGET_S") or default_budget_s())


def solve(fn: Callable[..., Any], *args: Any, what: str, **kwargs: Any) -> Any:
    """Run ``fn(*args, **kwargs)`` as a job of the current request in the app's pool, within the
    request budget, counted against the request's client address.
    """
    pool: SolverPool = current_app.extensions[POOL]
    return pool.run(Job(fn, args, kwargs, request_budget_s(), what), client_address())
