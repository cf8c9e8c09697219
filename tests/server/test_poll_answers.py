"""The served worker (api/worker.py) answers a plain poll of an unmoved game itself, in its event loop
from the versions cache (api/poll_cache.py) or in a thread: byte for byte what gunicorn and Flask
answer to it (but the date), on a connection kept open; any other request, and every poll gunicorn
must refuse, goes through gunicorn as before. A move made through another server on the same
database is seen within the cache's bound, a game deleted by another process is Flask's 404."""

from __future__ import annotations

import json
import os
import selectors
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from gunicorn.config import Config
from gunicorn.glogging import Logger
from gunicorn.workers.gthread import TConn

from api import create_app
from api.access_log import UnchangedPollsUnlogged
from api.poll_cache import DEFAULT_MAX_AGE_S
from api.worker import BufferedThreadWorker
from tests.server.client import http, parse_raw
from tests.server.conftest import Server, ServerFactory

GAME = {"players": ["Asha", "Bo", "Chen"], "hands": 1, "seed": 5, "dealer": 0}
SLACK_S = 2.0
"""Room on top of the cache's staleness bound for a slow, shared machine (never a speed check)."""
PATIENT_CACHE = {"RAMCHI_POLL_CACHE_S": "30"}
"""Versions read up to 30 s ago still answer: where a test needs the event loop to answer, a
slow machine's pause between two polls changes nothing (the bound has tests of its own)."""


@dataclass
class Table:
    """A game on the server and the tags of its seat 0's and the public's views."""

    id: str
    tokens: list[str]
    holder: int
    seat_tag: str
    public_tag: str


def new_table(base: str) -> Table:
    created = http("POST", f"{base}/v1/games", GAME)
    assert created.status == 201
    body = created.json()
    tokens = [seat["token"] for seat in body["seats"]]
    seat = http("GET", f"{base}/v1/games/{body['id']}", token=tokens[0])
    public = http("GET", f"{base}/v1/games/{body['id']}")
    return Table(body["id"], tokens, body["two_of_diamonds_holder"], seat.headers["etag"],
                 public.headers["etag"])


def poll(table: Table, *, seat: bool = True, tag: str | None = None, path_end: str = "",
         extra: bytes = b"", version: bytes = b"HTTP/1.1") -> bytes:
    """A poll's request as a page's browser sends it (seat 0's, or the public's)."""
    lines = [b"GET /v1/games/" + table.id.encode() + path_end.encode() + b" " + version,
             b"Host: ramchi.test", b"Accept: application/json"]
    if seat:
        lines.append(b"Authorization: Bearer " + table.tokens[0].encode())
    lines.append(b"If-None-Match: " + (tag or (table.seat_tag if seat else table.public_tag)).encode())
    return b"\r\n".join(lines) + b"\r\n" + extra + b"\r\n"


class Line:
    """One kept-alive connection to the server, read one answer at a time."""

    def __init__(self, address: tuple[str, int]) -> None:
        self.sock = socket.create_connection(address, timeout=10)
        self.pending = b""

    def send(self, request: bytes) -> None:
        self.sock.sendall(request)

    def answer(self) -> tuple[int, dict[str, str], bytes, bytes]:
        """The next answer: status, headers (lower-case names), body, and its head as sent."""
        while b"\r\n\r\n" not in self.pending:
            chunk = self.sock.recv(65536)
            assert chunk, f"the server closed the connection; read so far: {self.pending!r}"
            self.pending += chunk
        head, _, rest = self.pending.partition(b"\r\n\r\n")
        status, headers, _ = parse_raw(head + b"\r\n\r\n")
        length = int(headers.get("content-length", "0"))
        while len(rest) < length:
            rest += self.sock.recv(65536)
        self.pending = rest[length:]
        return status, headers, rest[:length], head

    def closed(self) -> bool:
        """Whether the server closed the connection (after everything it sent was read)."""
        self.sock.settimeout(5)
        try:
            return not self.pending and self.sock.recv(1) == b""
        except TimeoutError:
            return False

    def close(self) -> None:
        self.sock.close()


def without_date(head: bytes) -> list[bytes]:
    return [line for line in head.split(b"\r\n") if not line.lower().startswith(b"date:")]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("poll_answers")
    started = Server(f"sqlite:///{folder / 'polls.db'}", folder / "server.log", ("--workers", "1"))
    try:
        yield started.start()
    finally:
        started.stop()


@pytest.fixture
def line(server: Server) -> Iterator[Line]:
    opened = Line(server.address)
    yield opened
    opened.close()


def test_the_workers_304_is_gunicorns_and_flasks_answer_byte_for_byte(server: Server, line: Line) -> None:
    table = new_table(server.url)
    for seat in (True, False):
        line.send(poll(table, seat=seat))
        status, headers, body, head = line.answer()
        line.send(poll(table, seat=seat, path_end="?through=flask"))  # a query: Flask answers it
        flask_status, _, flask_body, flask_head = line.answer()
        assert status == flask_status == 304 and body == flask_body == b""
        assert without_date(head) == without_date(flask_head)
        assert headers["connection"] == "keep-alive" and headers["vary"] == "Authorization"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers.get("cache-control") == ("no-store" if seat else None)


def test_a_browsers_poll_saying_keep_alive_is_answered_as_gunicorn_and_flask_answer_it(
        server: Server, line: Line) -> None:
    table = new_table(server.url)
    line.send(poll(table, extra=b"Connection: keep-alive\r\n"))
    status, headers, body, head = line.answer()
    line.send(poll(table, path_end="?through=flask", extra=b"Connection: keep-alive\r\n"))
    flask_status, _, flask_body, flask_head = line.answer()
    assert status == flask_status == 304 and body == flask_body == b""
    assert without_date(head) == without_date(flask_head)
    assert headers["connection"] == "keep-alive"
    line.send(poll(table, extra=b"Connection: keep-alive\r\n"))  # the connection stays open
    assert line.answer()[0] == 304


def test_many_polls_on_one_connection_then_a_move_is_seen_at_once(server: Server, line: Line) -> None:
    table = new_table(server.url)
    for _ in range(30):
        line.send(poll(table))
        assert line.answer()[0] == 304
    moved = http("POST", f"{server.url}/v1/games/{table.id}/actions", {"type": "keep"},
                 token=table.tokens[table.holder])
    assert moved.status == 200
    line.send(poll(table))
    status, headers, body, _ = line.answer()
    assert status == 200 and json.loads(body)["version"] == 1
    line.send(poll(table, tag=headers["etag"]))
    assert line.answer()[0] == 304


def test_pipelined_polls_are_each_answered(server: Server, line: Line) -> None:
    table = new_table(server.url)
    line.send(poll(table) + poll(table, seat=False) + poll(table))
    assert [line.answer()[0] for _ in range(3)] == [304, 304, 304]


@pytest.mark.parametrize("closing", ["HTTP/1.0", "Connection: close"])
def test_a_poll_that_closes_the_connection_is_gunicorns(server: Server, line: Line, closing: str) -> None:
    table = new_table(server.url)
    if closing == "HTTP/1.0":
        line.send(poll(table, version=b"HTTP/1.0"))
    else:
        line.send(poll(table, extra=b"Connection: close\r\n"))
    status, headers, _, _ = line.answer()
    assert status == 304 and headers["connection"] == "close" and line.closed()


@pytest.mark.parametrize(("extra", "status", "code"), [
    (b"Bad Name: x\r\n", 400, "bad_request"),
    (b"Host: another.test\r\n", 400, "bad_request"),  # a second Host
    (b"X-Forwarded-Proto: https\r\nX-Forwarded-Ssl: off\r\n", 400, "bad_request"),  # they disagree
    (b"X-Big: " + b"b" * 9000 + b"\r\n", 431, "headers_too_large"),
    (b"".join(b"X-H%d: v\r\n" % i for i in range(150)), 431, "headers_too_large"),
])
def test_a_poll_gunicorn_refuses_is_still_refused(server: Server, line: Line, extra: bytes, status: int,
                                                  code: str) -> None:
    table = new_table(server.url)
    line.send(poll(table, extra=extra))
    answered, headers, body, _ = line.answer()
    assert answered == status and headers["content-type"] == "application/problem+json"
    assert json.loads(body)["code"] == code


def test_a_wrong_token_is_flasks_403_and_the_connection_goes_on(server: Server, line: Line) -> None:
    table = new_table(server.url)
    wrong = Table(table.id, ["not-a-seat-token"], table.holder, table.seat_tag, table.public_tag)
    line.send(poll(wrong))
    status, headers, body, _ = line.answer()
    assert status == 403 and json.loads(body)["code"] == "forbidden" and "etag" not in headers
    line.send(poll(table))
    assert line.answer()[0] == 304


def hold_the_only_thread(address: tuple[str, int]) -> socket.socket:
    """A connection whose request holds the server's only thread: a body promised after
    ``Expect: 100-continue`` that is not sent (the thread waits for it, the event loop goes on)."""
    holder = socket.create_connection(address, timeout=10)
    holder.sendall(b"POST /v1/games HTTP/1.1\r\nHost: ramchi.test\r\nContent-Type: application/json\r\n"
                   b"Content-Length: 2\r\nExpect: 100-continue\r\n\r\n")
    assert holder.recv(1024).startswith(b"HTTP/1.1 100 Continue")  # a thread took it
    return holder


def test_the_event_loops_304_is_gunicorns_and_flasks_answer_and_needs_no_thread(
        start_server: ServerFactory, sqlite_url: str) -> None:
    server = start_server(sqlite_url, "--workers", "1", "--threads", "1", env=PATIENT_CACHE)
    table = new_table(server.url)
    line = Line(server.address)
    try:
        for seat in (True, False):  # read by the fast path in the thread: the cache learns
            line.send(poll(table, seat=seat))
            assert line.answer()[0] == 304
        holder = hold_the_only_thread(server.address)
        answers = []
        line.sock.settimeout(SLACK_S)  # the thread is held 10 s (the read timeout)
        for seat in (True, False, True):  # no thread is free: only the event loop can answer
            line.send(poll(table, seat=seat))
            answers.append(line.answer())
        line.sock.settimeout(10)
        holder.sendall(b"{}")  # the thread is free again (the game's creation is refused: 422)
        assert parse_raw(holder.recv(65536))[0] == 422
        holder.close()
        for (status, headers, body, head), seat in zip(answers, (True, False, True), strict=True):
            line.send(poll(table, seat=seat, path_end="?through=flask"))
            flask_status, _, flask_body, flask_head = line.answer()
            assert status == flask_status == 304 and body == flask_body == b""
            assert without_date(head) == without_date(flask_head)
            assert headers["connection"] == "keep-alive"
        line.send(poll(table, extra=b"Connection: keep-alive\r\n"))  # a browser's: the same answer
        assert without_date(line.answer()[3]) == without_date(answers[0][3])
    finally:
        line.close()


def test_the_event_loop_answers_nothing_it_does_not_know(start_server: ServerFactory,
                                                         sqlite_url: str) -> None:
    server = start_server(sqlite_url, "--workers", "1", "--threads", "1", env=PATIENT_CACHE)
    table = new_table(server.url)
    line = Line(server.address)
    try:
        line.send(poll(table))
        assert line.answer()[0] == 304
        holder = hold_the_only_thread(server.address)
        wrong = Table(table.id, ["not-a-seat-token"], table.holder, table.seat_tag, table.public_tag)
        line.send(poll(wrong))  # a token of no seat: for Flask, once the thread is free
        line.sock.settimeout(0.5)
        with pytest.raises(TimeoutError):
            line.answer()
        holder.sendall(b"{}")
        holder.close()
        line.sock.settimeout(10)
        status, _, body, _ = line.answer()
        assert status == 403 and json.loads(body)["code"] == "forbidden"
    finally:
        line.close()


def seen_after(move: Any, look: Any, bound: float) -> float:
    """Make ``move``, then ``look`` every 10 ms until it says the move is seen (at most ``bound``
    s): how long that took."""
    move()
    moved = time.monotonic()
    while not look():
        assert time.monotonic() - moved < bound, f"not seen within {bound} s"
        time.sleep(0.01)
    return time.monotonic() - moved


def a_move_through_one_server_is_seen_through_the_other(first: Server, second: Server) -> None:
    """Polls of ``second`` see a move made through ``first`` within the cache's bound (and no
    sooner than they can: the polls before it were answered 304)."""
    table = new_table(first.url)
    line = Line(second.address)
    try:
        for _ in range(5):
            line.send(poll(table))
            assert line.answer()[0] == 304
            time.sleep(DEFAULT_MAX_AGE_S / 2)

        def move() -> None:
            moved = http("POST", f"{first.url}/v1/games/{table.id}/actions", {"type": "keep"},
                         token=table.tokens[table.holder])
            assert moved.status == 200

        def look() -> bool:
            line.send(poll(table))
            status, _, body, _ = line.answer()
            assert status in (200, 304)
            return status == 200 and json.loads(body)["version"] == 1

        seen_after(move, look, DEFAULT_MAX_AGE_S + SLACK_S)
    finally:
        line.close()


def test_a_move_through_another_server_on_the_same_file_is_seen_within_the_bound(
        start_server: ServerFactory, sqlite_url: str) -> None:
    a_move_through_one_server_is_seen_through_the_other(start_server(sqlite_url), start_server(sqlite_url))


def test_a_game_deleted_by_another_process_is_flasks_404_within_the_bound(
        server: Server, line: Line) -> None:
    table = new_table(server.url)
    for _ in range(5):
        line.send(poll(table))
        assert line.answer()[0] == 304
        time.sleep(DEFAULT_MAX_AGE_S / 2)
    database = server.database_url.removeprefix("sqlite:///")

    def delete() -> None:  # as `ramchi db prune` deletes an idle game
        with sqlite3.connect(database) as connection:
            connection.execute("PRAGMA foreign_keys = ON")
            connection.execute("DELETE FROM games WHERE id = ?", (table.id,))

    def look() -> bool:
        line.send(poll(table))
        status, _, body, _ = line.answer()
        assert status in (304, 404)
        return status == 404 and json.loads(body)["code"] == "game_not_found"

    seen_after(delete, look, DEFAULT_MAX_AGE_S + SLACK_S)


# --- the worker itself, without a server: which requests it answers ---------------------------


def worker_for(app: Flask, log_class: type[Logger] = UnchangedPollsUnlogged) -> BufferedThreadWorker:
    """A served worker as gunicorn makes it, around ``app``, not started."""
    cfg = Config()
    worker = BufferedThreadWorker(0, os.getpid(), [], None, 30, cfg, log_class(cfg))
    worker.polls = worker._poll_answers(app)

    def unreachable(environ: dict[str, Any], start_response: Any) -> Any:
        raise AssertionError(f"the app was called for {environ['PATH_INFO']}")

    worker.wsgi = unreachable
    return worker


def handled(worker: BufferedThreadWorker, request: bytes) -> tuple[Any, bytes]:
    """What ``worker.handle`` returns for ``request`` buffered on a connection, and what it sent."""
    ours, theirs = socket.socketpair()
    with ours, theirs:
        conn = TConn(worker.cfg, ours, ("127.0.0.1", 50000), ("127.0.0.1", 8000))
        conn.ramchi_pending, conn.ramchi_deadline = request, time.monotonic() + 10
        kept = worker.handle(conn)
        theirs.setblocking(False)
        try:
            return kept, theirs.recv(65536)
        except BlockingIOError:
            return kept, b""


def test_the_worker_answers_a_quiet_games_poll_without_calling_the_app(app: Flask) -> None:
    client = app.test_client()
    created = client.post("/v1/games", json=GAME).json
    token = created["seats"][0]["token"]
    view = client.get(f"/v1/games/{created['id']}", headers={"Authorization": f"Bearer {token}"})
    tag = view.headers["ETag"]
    table = Table(created["id"], [token], 0, tag, "")
    worker = worker_for(app)
    kept, sent = handled(worker, poll(table))
    worker.tmp.close()
    status, headers, body = parse_raw(sent)
    assert kept is True and status == 304 and body == b"" and headers["etag"] == tag
    assert sent.startswith(b"HTTP/1.1 304 NOT MODIFIED\r\nServer: gunicorn\r\nDate: ")
    assert headers["connection"] == "keep-alive" and headers["cache-control"] == "no-store"


def test_while_polls_are_logged_the_worker_answers_none_itself(app: Flask) -> None:
    logging, quiet = worker_for(app, Logger), worker_for(app)
    assert logging.polls is None  # RAMCHI_LOG_POLLS on: gunicorn's own logger, which logs them
    assert quiet.polls is not None
    logging.tmp.close()
    quiet.tmp.close()


@pytest.fixture
def patient_app(tmp_path: Path) -> Flask:
    """An app whose versions cache answers from versions read up to 30 s ago."""
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.db'}",
                       "POLL_CACHE_S": 30})


def event_loop_worker(app: Flask) -> BufferedThreadWorker:
    """A served worker around ``app`` with its event loop's poller, and no thread pool: a request
    handed to a thread fails the test."""
    worker = worker_for(app)
    worker.cached_polls = worker._cached_poll_answers(worker.polls)
    worker.poller = selectors.DefaultSelector()
    return worker


def polled_table(app: Flask) -> Table:
    """A game of ``app`` polled once by seat 0 (so the versions cache knows it)."""
    client = app.test_client()
    created = client.post("/v1/games", json=GAME).json
    token = created["seats"][0]["token"]
    path, authorization = f"/v1/games/{created['id']}", {"Authorization": f"Bearer {token}"}
    tag = client.get(path, headers=authorization).headers["ETag"]
    again = client.get(path, headers=authorization | {"If-None-Match": tag})
    assert again.status_code == 304
    return Table(created["id"], [token], 0, tag, "")


def ready(worker: BufferedThreadWorker, sock: socket.socket) -> None:
    """Run what the event loop runs when ``sock`` is readable."""
    worker.poller.get_key(sock).data(sock)


def test_the_event_loop_answers_a_known_poll_and_keeps_the_connection(patient_app: Flask) -> None:
    worker = event_loop_worker(patient_app)
    table = polled_table(patient_app)
    ours, theirs = socket.socketpair()
    with ours, theirs:
        conn = TConn(worker.cfg, ours, ("127.0.0.1", 50000), ("127.0.0.1", 8000))
        worker.nr_conns = 1
        theirs.sendall(poll(table))
        worker.enqueue_req(conn)  # a new connection: its request is collected in the loop
        ready(worker, ours)
        status, headers, body = parse_raw(theirs.recv(65536))
        assert status == 304 and headers["etag"] == table.seat_tag and body == b""
        assert list(worker.keepalived_conns) == [conn] and worker.nr == 1  # kept alive, as gunicorn does
        theirs.sendall(poll(table))  # the next poll on the same connection
        ready(worker, ours)
        assert parse_raw(theirs.recv(65536))[0] == 304
        assert list(worker.keepalived_conns) == [conn] and worker.nr == 2 and not worker.buffering
    worker.poller.close()
    worker.tmp.close()


def test_what_the_cache_does_not_answer_goes_to_a_thread(patient_app: Flask,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    worker = event_loop_worker(patient_app)
    table = polled_table(patient_app)
    handed: list[TConn] = []
    monkeypatch.setattr("gunicorn.workers.gthread.ThreadWorker.enqueue_req",
                        lambda self, conn: handed.append(conn))
    wrong = Table(table.id, ["not-a-seat-token"], 0, table.seat_tag, "")
    ours, theirs = socket.socketpair()
    with ours, theirs:
        conn = TConn(worker.cfg, ours, ("127.0.0.1", 50000), ("127.0.0.1", 8000))
        theirs.sendall(poll(wrong))
        worker.enqueue_req(conn)
        ready(worker, ours)
        assert handed == [conn] and conn.ramchi_pending == poll(wrong) and worker.nr == 0
    worker.poller.close()
    worker.tmp.close()


def test_an_answer_the_socket_cannot_take_at_once_is_finished_by_a_thread(
        patient_app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    worker = event_loop_worker(patient_app)
    table = polled_table(patient_app)
    handed: list[TConn] = []
    monkeypatch.setattr("gunicorn.workers.gthread.ThreadWorker.enqueue_req",
                        lambda self, conn: handed.append(conn))
    ours, theirs = socket.socketpair()
    with ours, theirs:
        ours.setblocking(False)
        filled = 0
        try:
            while True:  # the client reads none of its answers: the socket's buffers fill up
                filled += ours.send(b"x" * 65536)
        except BlockingIOError:
            pass
        conn = TConn(worker.cfg, ours, ("127.0.0.1", 50000), ("127.0.0.1", 8000))
        theirs.sendall(poll(table))
        worker.enqueue_req(conn)
        ready(worker, ours)
        assert handed == [conn] and conn.ramchi_unsent and worker.nr == 1
        received = bytearray()

        def read_all() -> None:
            theirs.settimeout(10)
            while not received.endswith(b"\r\n\r\n") or len(received) <= filled:
                received.extend(theirs.recv(65536))

        reader = threading.Thread(target=read_all)
        reader.start()
        assert worker.handle(conn) is True  # the thread sends the rest; the connection stays open
        reader.join(timeout=10)
        answer = bytes(received[filled:])
        assert parse_raw(answer)[0] == 304 and answer.startswith(b"HTTP/1.1 304 NOT MODIFIED\r\n")
    worker.poller.close()
    worker.tmp.close()
