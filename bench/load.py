"""Load on the served API: requests per second and latency under concurrent clients, per endpoint.

Starts the service as ``make run`` does (``ramchi serve`` under gunicorn on a free loopback port,
``DATABASE_URL`` a temporary SQLite file, its schema made with ``ramchi db upgrade``; a database
given with ``--database-url`` must be upgraded already), waits for ``/health``, then drives it from this
separate process with ``--clients`` threads (one keep-alive ``http.client`` connection each,
reopened whenever the server closes it) for ``--seconds`` per scenario, and stops it again.
Scenarios:

- ``health``: ``GET /health``, the floor of the served stack (the same-run baseline);
- ``classify``: ``POST /v1/ramchi/classify`` with three random cards;
- ``maximin``: ``POST /v1/ramchi/advice`` with a random 17-card hand, ``"objective": "maximin"``;
- ``ev``: ``POST /v1/ramchi/advice`` with a random hand and up-card, ``"objective": "ev"`` and
  the default samples (slow: few requests in the time);
- ``game``: each client creates its own 3-player games and plays every seat: it reads the seat's
  view (``GET``) and posts ``keep`` (2♦ holder, exchange phase) or ``arrange`` with no
  combinations, with ``expected_version`` and a fresh ``action_id``. The measured requests are
  the action ``POST``s; the views and game creations of the same run get rows of their own.
- ``abuse``: costly solver requests from 12 addresses at once while game and ``/health``
  clients go on, against a calm phase of the same run (``bench/abuse_scenario.py`` says how);
  its own table, with the targets checked (not with ``--clients``). Only with a server this
  script starts.

A server this script starts trusts ``X-Forwarded-For`` for the client's address, and each client
thread sends one of its own, so that per-client limits see the clients as the people they stand
for. Solver scenarios with more clients than the server's solver processes and queue hold are
answered ``503 busy`` for the excess (counted as errors, the first one shown): that is the
pool's back-pressure, not a failure.

Prints a Markdown table (requests, errors = non-2xx answers or exceptions, requests per second
over the scenario's wall time including the drain of requests in flight at the end, p50 and p99
latency of the 2xx answers), the first error of each scenario, the core count and the server
settings. Each client warms up with one untimed request before its scenario's clock starts.

Run: ``.venv/bin/python bench/load.py [--scenarios health,classify,maximin,ev,game,abuse]
[--clients 8] [--seconds 10] [--workers N] [--database-url URL] [--url http://127.0.0.1:PORT]``
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.client import HTTPConnection, RemoteDisconnected
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ("health", "classify", "maximin", "ev", "game", "abuse")
DECK = [rank + suit for suit in "cdhs" for rank in "23456789TJQKA"]
START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 15.0
# An error on a reused connection before any answer means the server had closed it while idle:
# the request is sent again once on a new connection (all requests here are safe to repeat).
STALE_CONNECTION = (RemoteDisconnected, BrokenPipeError, ConnectionResetError, ConnectionAbortedError)


@dataclass
class Tally:
    """What one kind of request measured: latencies of 2xx answers, errors, the first error."""

    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    first_error: str | None = None

    def ok(self, seconds: float) -> None:
        self.latencies.append(seconds)

    def fail(self, what: str) -> None:
        self.errors += 1
        if self.first_error is None:
            self.first_error = what

    def merge(self, other: Tally) -> None:
        self.latencies += other.latencies
        self.errors += other.errors
        if self.first_error is None:
            self.first_error = other.first_error


@dataclass
class Row:
    """One line of the table."""

    name: str
    tally: Tally
    seconds: float


class Client:
    """One HTTP/1.1 connection to the server, reopened when the server closes it."""

    def __init__(self, host: str, port: int, timeout: float) -> None:
        self.connection = HTTPConnection(host, port, timeout=timeout)
        self.extra_headers: dict[str, str] = {}
        self.answers = 0
        self.closed_by_server = 0
        self.resent = 0

    def call(self, method: str, path: str, body: Any = None,
             token: str | None = None) -> tuple[int, Any, float]:
        """Send one request; return the status, the decoded JSON answer and the seconds it took."""
        headers = {"Accept": "application/json"} | self.extra_headers
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        started = time.perf_counter()
        for attempt in range(2):
            reused = self.connection.sock is not None
            try:
                self.connection.request(method, path, body=payload, headers=headers)
                response = self.connection.getresponse()
                data = response.read()
            except STALE_CONNECTION:
                self.connection.close()
                if attempt or not reused:
                    raise
                self.resent += 1
                continue
            except BaseException:
                self.connection.close()
                raise
            break
        elapsed = time.perf_counter() - started
        self.answers += 1
        if response.will_close:
            self.closed_by_server += 1
        try:
            answer = json.loads(data) if data else None
        except ValueError:
            answer = data[:200].decode(errors="replace")
        return response.status, answer, elapsed

    def close(self) -> None:
        self.connection.close()


def describe(method: str, path: str, status: int | None, answer: Any = None,
             exc: BaseException | None = None) -> str:
    """A short description of a failed request."""
    if exc is not None:
        return f"{method} {path}: {type(exc).__name__}: {exc}"
    text = json.dumps(answer, ensure_ascii=False) if not isinstance(answer, str) else answer
    return f"{method} {path}: HTTP {status}: {text[:300]}"


def timed(client: Client, tally: Tally, method: str, path: str, body: Any = None,
          token: str | None = None) -> Any:
    """Send a request and count it in ``tally``; return the answer of a 2xx, else None."""
    try:
        status, answer, seconds = client.call(method, path, body, token)
    except Exception as exc:
        tally.fail(describe(method, path, None, exc=exc))
        return None
    if 200 <= status < 300:
        tally.ok(seconds)
        return answer
    tally.fail(describe(method, path, status, answer))
    return None


def health_body(rng: random.Random) -> tuple[str, str, Any]:
    return "GET", "/health", None


def classify_body(rng: random.Random) -> tuple[str, str, Any]:
    return "POST", "/v1/ramchi/classify", {"cards": rng.sample(DECK, 3)}


def maximin_body(rng: random.Random) -> tuple[str, str, Any]:
    deck = DECK[:]
    rng.shuffle(deck)
    return "POST", "/v1/ramchi/advice", {"hand": deck[:17], "objective": "maximin"}


def ev_body(rng: random.Random) -> tuple[str, str, Any]:
    deck = DECK[:]
    rng.shuffle(deck)
    return "POST", "/v1/ramchi/advice", {"hand": deck[:17], "up_card": deck[17], "objective": "ev"}


REQUESTS: dict[str, Callable[[random.Random], tuple[str, str, Any]]] = {
    "health": health_body, "classify": classify_body, "maximin": maximin_body, "ev": ev_body,
}
# The untimed warm-up request of each scenario (ev warms up with the cheaper maximin solve).
WARM_UP = {"health": health_body, "classify": classify_body, "maximin": maximin_body,
           "ev": maximin_body}


def simple_client(kind: str, client: Client, rng: random.Random, start: threading.Barrier,
                  clock: list[float], tally: Tally) -> None:
    """Warm up, wait for the others, then send ``kind`` requests until the deadline."""
    method, path, body = WARM_UP[kind](rng)
    timed(client, Tally(), method, path, body)
    start.wait()
    make = REQUESTS[kind]
    while time.monotonic() < clock[0]:
        method, path, body = make(rng)
        timed(client, tally, method, path, body)


@dataclass
class GameTallies:
    """The game scenario's three kinds of request."""

    actions: Tally = field(default_factory=Tally)
    views: Tally = field(default_factory=Tally)
    creates: Tally = field(default_factory=Tally)


def new_game(client: Client, tally: Tally, rng: random.Random,
             hands: int) -> tuple[str, list[str], dict[str, Any]] | None:
    body = {"game": "ramchi", "players": ["a", "b", "c"], "hands": hands,
            "seed": rng.randrange(2**31), "dealer": rng.randrange(3)}
    created = timed(client, tally, "POST", "/v1/games", body)
    if created is None:
        return None
    return created["id"], [seat["token"] for seat in created["seats"]], created


def game_client(client: Client, rng: random.Random, start: threading.Barrier, clock: list[float],
                tallies: GameTallies, hands: int) -> None:
    """Play this client's own games, one action after another, until the deadline."""
    game = new_game(client, Tally(), rng, hands)  # the warm-up
    start.wait()
    while time.monotonic() < clock[0]:
        if game is None or game[2].get("is_over") or not game[2].get("awaiting"):
            game = new_game(client, tallies.creates, rng, hands)
            continue
        game_id, tokens, state = game
        seat = state["awaiting"][0]
        view = timed(client, tallies.views, "GET", f"/v1/games/{game_id}", token=tokens[seat])
        if view is None:
            game = None
            continue
        if view.get("is_over") or seat not in view.get("awaiting", []):
            game = (game_id, tokens, view)
            continue
        action: dict[str, Any] = {"type": "arrange", "combinations": []}
        if view["phase"] == "exchange":
            action = {"type": "keep"}
        elif view["phase"] != "arrange":
            game = None
            continue
        action |= {"expected_version": view["version"], "action_id": uuid.uuid4().hex}
        answer = timed(client, tallies.actions, "POST", f"/v1/games/{game_id}/actions", action,
                       token=tokens[seat])
        game = None if answer is None else (game_id, tokens, answer["state"])


@dataclass
class Connections:
    """How the server treated the clients' connections, over the whole run."""

    answers: int = 0
    closed_by_server: int = 0
    resent: int = 0

    def add(self, client: Client) -> None:
        self.answers += client.answers
        self.closed_by_server += client.closed_by_server
        self.resent += client.resent


def run_scenario(kind: str, host: str, port: int, args: argparse.Namespace,
                 connections: Connections) -> list[Row]:
    """Run one scenario with ``args.clients`` threads; return its table rows."""
    clients = [Client(host, port, args.timeout) for _ in range(args.clients)]
    for index, client in enumerate(clients):
        client.extra_headers = {"X-Forwarded-For": f"198.18.0.{index + 1}"}
    start = threading.Barrier(args.clients + 1)
    clock = [math.inf]
    tallies = [Tally() for _ in clients]
    games = [GameTallies() for _ in clients]
    threads = []
    for index, client in enumerate(clients):
        rng = random.Random(f"{args.seed}-{kind}-{index}")
        if kind == "game":
            thread = threading.Thread(target=game_client, name=f"{kind}-{index}", daemon=True,
                                      args=(client, rng, start, clock, games[index], args.hands))
        else:
            thread = threading.Thread(target=simple_client, name=f"{kind}-{index}", daemon=True,
                                      args=(kind, client, rng, start, clock, tallies[index]))
        threads.append(thread)
    for thread in threads:
        thread.start()
    try:
        start.wait(timeout=args.timeout * 2 + 10)  # every client has warmed up
    except threading.BrokenBarrierError:
        raise SystemExit(f"{kind}: the clients' warm-up requests did not finish in time") from None
    began = time.monotonic()
    clock[0] = began + args.seconds
    for thread in threads:
        thread.join(timeout=max(0.0, clock[0] + args.timeout + 5 - time.monotonic()))
    elapsed = time.monotonic() - began
    stuck = sum(thread.is_alive() for thread in threads)
    for client in clients:
        connections.add(client)
        client.close()
    if kind != "game":
        total = Tally()
        for tally in tallies:
            total.merge(tally)
        rows = [Row(kind, total, elapsed)]
    else:
        merged = GameTallies()
        for one in games:
            merged.actions.merge(one.actions)
            merged.views.merge(one.views)
            merged.creates.merge(one.creates)
        rows = [Row("game actions (POST)", merged.actions, elapsed),
                Row("game: seat views (GET)", merged.views, elapsed),
                Row("game: creates (POST)", merged.creates, elapsed)]
    if stuck:
        rows[0].tally.fail(f"{stuck} client thread(s) still waiting for an answer at the end")
    return rows


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (NaN for no values)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def print_table(rows: list[Row]) -> None:
    print("| scenario | requests | errors | req/s | p50 ms | p99 ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for row in rows:
        count = len(row.tally.latencies) + row.tally.errors
        print(f"| {row.name} | {count} | {row.tally.errors} | {count / row.seconds:.1f} "
              f"| {1000 * percentile(row.tally.latencies, 0.50):.1f} "
              f"| {1000 * percentile(row.tally.latencies, 0.99):.1f} |")
    failed = [row for row in rows if row.tally.first_error]
    if failed:
        print("\nFirst error of each scenario with errors:")
        for row in failed:
            print(f"- {row.name}: {row.tally.first_error}")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def ramchi_command() -> str:
    """The ``ramchi`` next to this Python, else the project's virtualenv, else the PATH."""
    for candidate in (Path(sys.executable).with_name("ramchi"), ROOT / ".venv" / "bin" / "ramchi"):
        if candidate.exists():
            return str(candidate)
    return "ramchi"


def healthy(base: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base}/health", timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM (gunicorn's graceful stop), then SIGKILL to the server's process group, bounded."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


def upgrade_schema(database: str) -> None:
    """Create the schema in the fresh temporary database with ``ramchi db upgrade``.

    Versions of ``ramchi`` without a ``db`` command create their tables themselves.
    """
    done = subprocess.run([ramchi_command(), "db", "upgrade", "--url", database], cwd=ROOT,
                          capture_output=True, text=True, timeout=START_TIMEOUT_S, check=False)
    if done.returncode != 0 and "invalid choice" not in done.stderr:
        raise SystemExit(f"`ramchi db upgrade` failed:\n{done.stdout}{done.stderr}")


NO_CREATION_LIMIT = {"RAMCHI_GAMES_PER_HOUR": os.environ.get("RAMCHI_GAMES_PER_HOUR", "0")}
"""The game scenario creates games as fast as it can: the per-address limit is off unless set."""

CLIENTS_APART = {"RAMCHI_CLIENT_ADDRESS_HEADER": "X-Forwarded-For"}
"""The started server trusts ``X-Forwarded-For``, and every client thread sends its own address
there: the clients count as the different people they stand for (per-client limits apply to
each, not to all of them as one loopback address)."""


@contextmanager
def served(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    """Yield the base URL and a description of the server: ``--url``, or a fresh ``ramchi serve``."""
    if args.url:
        yield args.url.rstrip("/"), f"external server at {args.url} (settings unknown to this script)"
        return
    with tempfile.TemporaryDirectory(prefix="ramchi-load-") as folder:
        database = args.database_url or f"sqlite:///{Path(folder) / 'load.db'}"
        if args.database_url is None:
            upgrade_schema(database)
        port = free_port()
        command = [ramchi_command(), "serve", "--host", "127.0.0.1", "--port", str(port)]
        if args.workers is not None:
            command += ["--workers", str(args.workers)]
        log_path = Path(folder) / "server.log"
        env = os.environ | {"DATABASE_URL": database} | NO_CREATION_LIMIT | CLIENTS_APART
        with log_path.open("wb") as log:
            process = subprocess.Popen(command, cwd=ROOT, env=env,
                                       stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + START_TIMEOUT_S
            while not healthy(base):
                if process.poll() is not None or time.monotonic() > deadline:
                    tail = log_path.read_text(errors="replace")[-2000:]
                    raise SystemExit(f"the server did not come up ({' '.join(command[1:])}):\n{tail}")
                time.sleep(0.2)
            yield base, server_settings(command, database, args.database_url is None, log_path)
        finally:
            stop(process)


def server_settings(command: list[str], database: str, temporary: bool, log_path: Path) -> str:
    """What was started, with gunicorn's worker class and worker count as it logged them."""
    log = log_path.read_text(errors="replace")
    worker_class = re.findall(r"Using worker: (\S+)", log)
    booted = len(re.findall(r"Booting worker with pid", log))
    db = "a temporary SQLite file" if temporary else database.split("@")[-1]
    environment = sorted(f"{k}={v}" for k, v in os.environ.items() if k.startswith("RAMCHI_"))
    settings = ", ".join(environment) if environment else "no RAMCHI_* settings in the environment"
    return (f"`ramchi {' '.join(command[1:])}` ({settings}; gunicorn worker class "
            f"{worker_class[0] if worker_class else '?'}, {booted} worker process(es) booted), "
            f"database {db}")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--scenarios", "--scenario", default=",".join(SCENARIOS[:-1]),
                        help=f"comma-separated, from {', '.join(SCENARIOS)} (default: all but abuse)")
    parser.add_argument("--clients", type=int, default=8, help="concurrent client threads")
    parser.add_argument("--seconds", type=float, default=10.0, help="time per scenario")
    parser.add_argument("--url", help="drive this running server (http://127.0.0.1:PORT) instead")
    parser.add_argument("--database-url", help="DATABASE_URL for the started server "
                        "(default: a temporary SQLite file)")
    parser.add_argument("--workers", type=int, help="gunicorn workers (ramchi serve --workers); "
                        "default: ramchi serve's own")
    parser.add_argument("--hands", type=int, default=5, help="hands per game in the game scenario")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for one answer")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.scenarios = [name.strip() for name in args.scenarios.split(",") if name.strip()]
    unknown = sorted(set(args.scenarios) - set(SCENARIOS))
    if unknown:
        parser.error(f"unknown scenario(s) {', '.join(unknown)}; choose from {', '.join(SCENARIOS)}")
    if args.clients < 1 or args.seconds <= 0:
        parser.error("--clients and --seconds must be positive")
    if args.url:
        parts = urlsplit(args.url)
        if parts.scheme != "http" or parts.hostname != "127.0.0.1" or parts.port is None:
            parser.error("--url must be http://127.0.0.1:PORT (loopback only)")
        if args.workers is not None or args.database_url:
            parser.error("--workers and --database-url only apply to a server this script starts")
        if "abuse" in args.scenarios:
            parser.error("the abuse scenario needs a server this script starts (no --url)")
    return args


def main() -> None:
    args = parse_args()
    rows: list[Row] = []
    connections = Connections()
    phases: dict[str, Any] = {}
    with served(args) as (base, settings):
        parts = urlsplit(base)
        assert parts.hostname is not None and parts.port is not None
        for kind in args.scenarios:
            if kind == "abuse":
                import abuse_scenario

                for phase in ("calm", "attack"):
                    print(f"running abuse, {phase} phase: {args.seconds:g} s ...", file=sys.stderr,
                          flush=True)
                    phases[phase] = abuse_scenario.run_phase(phase, parts.hostname, parts.port, args,
                                                             attack=phase == "attack")
                continue
            print(f"running {kind}: {args.clients} clients, {args.seconds:g} s ...",
                  file=sys.stderr, flush=True)
            rows += run_scenario(kind, parts.hostname, parts.port, args, connections)
    if rows:
        print_table(rows)
    if phases:
        import abuse_scenario

        budget = float(os.environ.get("RAMCHI_SOLVE_BUDGET_S") or 2.0)
        print()
        abuse_scenario.print_abuse(phases, budget)
    try:
        cores = f"{os.cpu_count()} cores ({len(os.sched_getaffinity(0))} usable by this process)"
    except AttributeError:
        cores = f"{os.cpu_count()} cores"
    load = f", load average {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else ""
    closed = (f"{100 * connections.closed_by_server / connections.answers:.0f}%"
              if connections.answers else "n/a")
    print(f"\nMachine: {cores}{load}. Server: {settings}. Clients: {args.clients} threads in one "
          f"process on loopback, {args.seconds:g} s per scenario; answers that closed the connection: "
          f"{closed}; requests resent after a stale connection: {connections.resent}.")


if __name__ == "__main__":
    main()
