"""Idle tables polled by their pages: the server's CPU per poll answered in the worker's event loop,
by the fast path in a thread, by Flask and in full, against the floor of any request, and how soon
a move is seen.

Starts the service as ``bench/load.py`` does (``ramchi serve`` under gunicorn on a free loopback
port, ``DATABASE_URL`` a temporary SQLite file, or ``--database-url``, already upgraded), and a
second one on the same database with the event loop's versions cache off
(``RAMCHI_POLL_CACHE_S=0``) for the ``thread`` phase; creates
``--tables`` Ramchi games (3 people each, none of them bots: every table waits for a person)
and gives each table one polling client, as a table's page would: ``GET /v1/games/<id>`` with
seat 0's token every ``--interval`` seconds (1 s by default), the tables' polls spread evenly
over the interval. The clients are ``--clients`` threads, each with one keep-alive connection,
sharing the tables out. Phases, ``--seconds`` each:

- ``floor``: the same clients at the same rate ask ``GET /health`` instead: what any request
  costs the served stack (gunicorn, its access log, Flask), the floor of a poll through Flask;
- ``flask``: the conditional polls below with a query string (``?via=flask``), which the fast
  path leaves to Flask: the route's own ``304`` (``api/routes/games.py``), what a poll cost
  before the fast path;
- ``thread``: the conditional polls below, sent to the second server: answered ``304`` by the
  fast path in a worker thread, which reads the game's version from the database
  (``api/poll_fast_path.py``, ``api/worker.py``), what a poll cost before the versions cache;
- ``conditional``: every poll sends the ``ETag`` of the view it holds in ``If-None-Match``, as
  the page does (answered ``304``, no body, while nothing moved: in the served worker's event
  loop from its versions cache, ``api/poll_cache.py``);
- ``full``: the same polls without ``If-None-Match`` (every answer the whole view);
- ``moves``: the conditional polling again, while one move is made every ``--move-every``
  seconds on the next table (the 2♦ holder's ``keep``, then the awaited seats' ``arrange``):
  the detection delay is the time from sending the move to the moment the table's poller
  receives a view of that version or later (the poll interval's granularity plus the
  requests' time).

Each phase (each turn) first polls every table once, not counted, as pages polling all along
would have. The first five phases run in ``--rounds`` turns (``--seconds / --rounds`` each, one after the
other), so that a machine whose speed drifts (other work on the same cores) weighs on each
alike; ``moves`` runs last, in one go. The server's CPU is read from ``/proc/<pid>/stat`` (user
+ system time) of the gunicorn master and all its descendants (worker, solver processes) of the
server the phase polls, over each phase's wall time, as a percent of one core. Prints a Markdown
table, the machine's cores and load, and the server's settings. On a shared machine the figures
are noisy: compare the phases of one run, not runs.

Run: ``.venv/bin/python bench/idle_tables.py [--tables 200] [--interval 1] [--seconds 20]
[--rounds 4] [--clients 8] [--move-every 0.2] [--database-url URL]``
"""

from __future__ import annotations

import argparse
import contextlib
import heapq
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import load  # noqa: E402  (the served stack of bench/load.py: start, stop, percentiles)

TICKS_PER_S = os.sysconf("SC_CLK_TCK")
PHASES = ("floor", "flask", "thread", "conditional", "full", "moves")
INTERLEAVED = ("floor", "flask", "thread", "conditional", "full")
"""The phases run in turns (``--rounds``); ``moves`` changes the tables, so it runs last."""


@dataclass
class Table:
    """One game and what its poller holds: the seat 0 view's version and ETag."""

    game_id: str
    tokens: list[str]
    state: dict[str, Any]
    version: int = 0
    etag: str | None = None
    moved: tuple[int, float] | None = None
    """The version a move brought the game to and when it was sent, until the poller sees it."""
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass
class Tally:
    """What one phase measured."""

    latencies: list[float] = field(default_factory=list)
    not_modified: int = 0
    full: int = 0
    errors: int = 0
    first_error: str | None = None
    delays: list[float] = field(default_factory=list)
    moves: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def fail(self, what: str) -> None:
        with self.lock:
            self.errors += 1
            if self.first_error is None:
                self.first_error = what

    def add(self, other: Tally) -> None:
        """Count ``other``'s polls, moves and errors in this tally too."""
        self.latencies += other.latencies
        self.delays += other.delays
        self.not_modified += other.not_modified
        self.full += other.full
        self.moves += other.moves
        self.errors += other.errors
        self.first_error = self.first_error or other.first_error


Rows = list[tuple[str, Tally, float, float]]
"""Each phase's name, tally, wall seconds and server CPU seconds."""


class Connection:
    """One keep-alive connection to the server, reopened after an error."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.http = HTTPConnection(host, port, timeout=30)

    def call(self, method: str, path: str, headers: dict[str, str],
             body: Any = None) -> tuple[int, dict[str, str], bytes]:
        """Send one request; return the status, the headers and the body (resent once on a stale
        connection: every request here is safe to repeat or carries an ``action_id``)."""
        payload = None if body is None else json.dumps(body).encode()
        if payload is not None:
            headers = headers | {"Content-Type": "application/json"}
        for attempt in range(2):
            try:
                self.http.request(method, path, body=payload, headers=headers)
                response = self.http.getresponse()
                return response.status, dict(response.getheaders()), response.read()
            except (ConnectionError, OSError):
                self.http.close()
                self.http = HTTPConnection(self.host, self.port, timeout=30)
                if attempt:
                    raise
        raise AssertionError("unreachable")


def process_tree_ticks(root: int) -> int:
    """User + system clock ticks of ``root`` and every descendant now running."""
    parents: dict[int, int] = {}
    times: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            text = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        parents[int(entry)] = int(fields[1])
        times[int(entry)] = int(fields[11]) + int(fields[12])
    tree, frontier = {root}, [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent and pid not in tree]
        tree.update(children)
        frontier += children
    return sum(times.get(pid, 0) for pid in tree)


@contextmanager
def served(database_url: str | None,
           env: dict[str, str] | None = None) -> Iterator[tuple[str, int, int, str, str]]:
    """A fresh ``ramchi serve`` on loopback (with ``env`` added to its environment): yield its
    host, port, master pid, settings and database (a temporary SQLite file, upgraded, unless
    ``database_url``).

    The server imports this checkout's code (``PYTHONPATH``), whatever ``ramchi`` was installed from.
    """
    with tempfile.TemporaryDirectory(prefix="ramchi-idle-") as folder:
        database = database_url or f"sqlite:///{Path(folder) / 'idle.db'}"
        if database_url is None:
            load.upgrade_schema(database)
        port = load.free_port()
        command = [load.ramchi_command(), "serve", "--host", "127.0.0.1", "--port", str(port)]
        log_path = Path(folder) / "server.log"
        path = os.pathsep.join(filter(None, [str(load.ROOT), os.environ.get("PYTHONPATH")]))
        env = (os.environ | {"DATABASE_URL": database, "PYTHONPATH": path} | load.NO_CREATION_LIMIT
               | (env or {}))
        with log_path.open("wb") as log:
            process = subprocess.Popen(command, cwd=load.ROOT, env=env, stdout=log,
                                       stderr=subprocess.STDOUT, start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + load.START_TIMEOUT_S
            while not load.healthy(base):
                if process.poll() is not None or time.monotonic() > deadline:
                    tail = log_path.read_text(errors="replace")[-2000:]
                    raise SystemExit(f"the server did not come up:\n{tail}")
                time.sleep(0.2)
            settings = load.server_settings(command, database, database_url is None, log_path)
            yield "127.0.0.1", port, process.pid, settings, database
        finally:
            load.stop(process)


def create_tables(connection: Connection, count: int) -> list[Table]:
    """``count`` new 3-player Ramchi games of many hands (a table stays in play)."""
    tables = []
    for number in range(count):
        body = {"game": "ramchi", "players": ["Asha", "Bo", "Chen"], "hands": 20, "seed": number,
                "dealer": number % 3}
        status, _, data = connection.call("POST", "/v1/games", {}, body)
        if status != 201:
            raise SystemExit(f"POST /v1/games: HTTP {status}: {data[:300]!r}")
        created = json.loads(data)
        tables.append(Table(created["id"], [s["token"] for s in created["seats"]], created,
                            version=created["version"]))
    return tables


def poll(connection: Connection, table: Table, phase: str, tally: Tally) -> None:
    """One poll of ``table`` by its page (seat 0) in ``phase``; note a move it sees for the first
    time. ``floor``: ask ``/health`` instead, at the same moment; ``flask``: the conditional poll
    with a query string; ``full``: without ``If-None-Match``; ``thread``: the conditional poll
    (to the server without the versions cache)."""
    headers = {"Authorization": f"Bearer {table.tokens[0]}", "Accept": "application/json"}
    if phase != "full" and table.etag is not None:
        headers["If-None-Match"] = table.etag
    path = f"/v1/games/{table.game_id}" + ("?via=flask" if phase == "flask" else "")
    floor = phase == "floor"
    if floor:
        headers, path = {"Accept": "application/json"}, "/health"
    started = time.perf_counter()
    try:
        status, answer_headers, data = connection.call("GET", path, headers)
    except Exception as exc:
        tally.fail(f"GET: {type(exc).__name__}: {exc}")
        return
    received = time.perf_counter()
    if status == 304:
        with tally.lock:
            tally.not_modified += 1
            tally.latencies.append(received - started)
        return
    if status != 200:
        tally.fail(f"GET: HTTP {status}: {data[:300]!r}")
        return
    if floor:
        with tally.lock:
            tally.full += 1
            tally.latencies.append(received - started)
        return
    version = json.loads(data)["version"]  # the page reads the view it is sent
    with table.lock:
        table.version, table.etag = version, answer_headers.get("ETag")
        seen = table.moved if table.moved is not None and version >= table.moved[0] else None
        if seen is not None:
            table.moved = None
    with tally.lock:
        tally.full += 1
        tally.latencies.append(received - started)
        if seen is not None:
            tally.delays.append(received - seen[1])


def poller(host: str, port: int, tables: list[Table], offsets: list[float], interval: float,
           start: float, counted: float, end: float, phase: str, tally: Tally) -> None:
    """Poll each of ``tables`` every ``interval`` s (each at its offset) from ``start`` to ``end``,
    counting the polls sent from ``counted`` on in ``tally``."""
    connection = Connection(host, port)
    warming = Tally()
    due = [(start + offset, index) for index, offset in enumerate(offsets)]
    heapq.heapify(due)
    while due:
        when, index = heapq.heappop(due)
        if when >= end:
            break
        pause = when - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        poll(connection, tables[index], phase, tally if when >= counted else warming)
        heapq.heappush(due, (when + interval, index))
    connection.http.close()


def next_move(table: Table) -> tuple[int, dict[str, Any]] | None:
    """The seat that moves next at ``table`` and its action (``None``: nobody is awaited)."""
    state = table.state
    if state.get("phase") == "exchange" and state.get("two_of_diamonds_holder") is not None:
        return state["two_of_diamonds_holder"], {"type": "keep"}
    awaiting = state.get("awaiting") or []
    if not awaiting:
        return None
    return awaiting[-1], {"type": "arrange", "combinations": []}  # seat 0 (the poller) last


def mover(host: str, port: int, tables: list[Table], every: float, begin: float, end: float,
          tally: Tally) -> None:
    """Make one move every ``every`` s on the next table from ``begin`` until ``end``, noting when
    it was sent."""
    connection = Connection(host, port)
    number = 0
    moment = begin
    while moment + every < end:
        moment += every
        pause = moment - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        table = tables[number % len(tables)]
        number += 1
        with table.lock:
            if table.moved is not None:  # the last move here is not seen yet: skip the table
                continue
        move = next_move(table)
        if move is None:
            continue
        seat, body = move
        body = body | {"expected_version": table.state["version"], "action_id": f"move-{number}"}
        sent = time.perf_counter()
        with table.lock:
            table.moved = (table.state["version"] + 1, sent)
        try:
            status, _, data = connection.call("POST", f"/v1/games/{table.game_id}/actions",
                                              {"Authorization": f"Bearer {table.tokens[seat]}"}, body)
        except Exception as exc:
            tally.fail(f"POST: {type(exc).__name__}: {exc}")
            continue
        if status != 200:
            tally.fail(f"POST: HTTP {status}: {data[:300]!r}")
            with table.lock:
                table.moved = None
            continue
        answer = json.loads(data)
        table.state = answer["state"] | {"version": answer["version"]}
        with tally.lock:
            tally.moves += 1
    connection.http.close()


def run_phase(name: str, host: str, port: int, pid: int, tables: list[Table],
              args: argparse.Namespace, seconds: float) -> tuple[Tally, float, float]:
    """Run one phase for ``seconds`` after one poll interval not counted (every table polled
    once, as pages polling all along would have); return its tally, its wall seconds and the
    server's CPU seconds in it."""
    tally = Tally()
    clients = max(1, min(args.clients, len(tables)))
    start = time.perf_counter() + 0.2
    counted = start + args.interval
    end = counted + seconds
    threads = []
    for client in range(clients):
        mine = list(range(client, len(tables), clients))
        offsets = [args.interval * index / len(tables) for index in mine]  # spread over the interval
        threads.append(threading.Thread(target=poller, args=(
            host, port, [tables[i] for i in mine], offsets, args.interval, start, counted, end, name,
            tally)))
    if name == "moves":  # the last move one interval before the end: every move can be seen
        threads.append(threading.Thread(target=mover, args=(
            host, port, tables, args.move_every, counted, end - args.interval, tally)))
    for thread in threads:
        thread.start()
    time.sleep(max(0.0, counted - time.perf_counter()))
    ticks = process_tree_ticks(pid)
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - counted
    cpu = (process_tree_ticks(pid) - ticks) / TICKS_PER_S
    return tally, wall, cpu


def milliseconds(values: list[float], q: float) -> str:
    value = load.percentile(values, q)
    return "–" if value != value else f"{1000 * value:.1f}"


def print_table(rows: Rows, args: argparse.Namespace) -> None:
    print(f"| phase ({args.tables} tables, one poll each every {args.interval:g} s) | polls | 304 | "
          "200 | errors | polls/s | server CPU, % of one core | CPU ms per poll | p50 ms | p99 ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, tally, wall, cpu in rows:
        polls = tally.not_modified + tally.full
        per_poll = f"{1000 * cpu / polls:.2f}" if polls else "–"
        print(f"| {name} | {polls} | {tally.not_modified} | {tally.full} | {tally.errors} "
              f"| {polls / wall:.1f} | {100 * cpu / wall:.1f} | {per_poll} "
              f"| {milliseconds(tally.latencies, 0.5)} | {milliseconds(tally.latencies, 0.99)} |")
    moves = [tally for name, tally, _, _ in rows if name.startswith("moves")]
    if moves:
        tally = moves[0]
        print(f"\nMoves seen by the table's poller (from sending the move to receiving its view): "
              f"{len(tally.delays)} of {tally.moves} moves, p50 {milliseconds(tally.delays, 0.5)} ms, "
              f"p99 {milliseconds(tally.delays, 0.99)} ms, max {milliseconds(tally.delays, 1.0)} ms.")
    for name, tally, _, _ in rows:
        if tally.first_error:
            print(f"- first error of {name}: {tally.first_error}")
    print("\nfloor: `GET /health`; flask: the conditional polls with a query string, answered 304 by "
          "the Flask route; thread: the conditional polls to a second server without the versions "
          "cache (RAMCHI_POLL_CACHE_S=0), answered 304 by the fast path in a thread; conditional: "
          "the polls as a page sends them (If-None-Match), answered 304 in the event loop; full: "
          "without If-None-Match; moves: conditional, with moves made.")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tables", type=int, default=200, help="idle tables, one poller each")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between a table's polls")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds per phase")
    parser.add_argument("--rounds", type=int, default=4,
                        help="turns the phases but moves take, each of --seconds / --rounds")
    parser.add_argument("--clients", type=int, default=8, help="client threads sharing the tables")
    parser.add_argument("--move-every", type=float, default=0.2,
                        help="seconds between two moves in the moves phase")
    parser.add_argument("--phases", default=",".join(PHASES), help=f"from {', '.join(PHASES)}")
    parser.add_argument("--database-url", help="DATABASE_URL of the started server (upgraded "
                        "already; default: a temporary SQLite file)")
    args = parser.parse_args(argv)
    args.phases = [name.strip() for name in args.phases.split(",") if name.strip()]
    if set(args.phases) - set(PHASES):
        parser.error(f"--phases: choose from {', '.join(PHASES)}")
    if (args.tables < 1 or args.interval <= 0 or args.seconds <= 0 or args.move_every <= 0
            or args.rounds < 1):
        parser.error("--tables, --interval, --seconds, --rounds and --move-every must be positive")
    return args


THREAD_ONLY = {"RAMCHI_POLL_CACHE_S": "0"}
"""The second server's setting: no versions cache, so its polls are answered in a thread."""


def measure(args: argparse.Namespace) -> tuple[Rows, str, float]:
    """Start the servers, make the tables and run the phases; return the rows, the server's
    settings and its CPU share with no request at all."""
    measured: dict[str, tuple[Tally, float, float]] = {}
    turns = [name for name in INTERLEAVED if name in args.phases] * args.rounds
    turns += ["moves"] if "moves" in args.phases else []
    with contextlib.ExitStack() as stack:
        host, port, pid, settings, database = stack.enter_context(served(args.database_url))
        other = (host, port, pid)
        if "thread" in args.phases:
            other_host, other_port, other_pid, _, _ = stack.enter_context(served(database, THREAD_ONLY))
            other = (other_host, other_port, other_pid)
        print(f"creating {args.tables} tables ...", file=sys.stderr, flush=True)
        tables = create_tables(Connection(host, port), args.tables)
        warm = Tally()
        connection = Connection(host, port)
        for table in tables:  # each page's first read: the full view and its ETag
            poll(connection, table, "conditional", warm)
        idle_ticks = process_tree_ticks(pid)
        time.sleep(1.0)
        idle = (process_tree_ticks(pid) - idle_ticks) / TICKS_PER_S
        for name in turns:
            seconds = args.seconds if name == "moves" else args.seconds / args.rounds
            print(f"running {name}: {seconds:g} s ...", file=sys.stderr, flush=True)
            target = other if name == "thread" else (host, port, pid)
            tally, wall, cpu = run_phase(name, *target, tables, args, seconds)
            total, walls, cpus = measured.get(name, (Tally(), 0.0, 0.0))
            total.add(tally)
            measured[name] = (total, walls + wall, cpus + cpu)
    return [(name, *measured[name]) for name in args.phases], settings, idle


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    rows, settings, idle = measure(args)
    print_table(rows, args)
    cores = f"{os.cpu_count()} cores ({len(os.sched_getaffinity(0))} usable by this process)"
    print(f"\nMachine: {cores}, load average {os.getloadavg()[0]:.2f} (shared: noisy figures). "
          f"Server: {settings}; its CPU with no request at all: {100 * idle:.1f}% of one core. "
          f"Clients: {args.clients} threads in one process on loopback, {args.seconds:g} s per phase "
          f"(in {args.rounds} turns but moves).")
    return 1 if any(tally.errors for _, tally, _, _ in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
