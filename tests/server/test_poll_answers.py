"""The served worker (api/worker.py) answers a plain poll of an unmoved game itself: byte for byte
what gunicorn and Flask answer to it (but the date), on a connection kept open; any other request,
and every poll gunicorn must refuse, goes through gunicorn as before."""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from gunicorn.config import Config
from gunicorn.glogging import Logger
from gunicorn.workers.gthread import TConn

from api.access_log import UnchangedPollsUnlogged
from api.worker import BufferedThreadWorker
from tests.server.client import http, parse_raw
from tests.server.conftest import Server

GAME = {"players": ["Asha", "Bo", "Chen"], "hands": 1, "seed": 5, "dealer": 0}


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
