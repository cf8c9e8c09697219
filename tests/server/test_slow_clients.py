"""Slow, idle and slowloris clients cannot take the served API down, and are closed in the end."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from tests.server.client import create_game, http, parse_raw, try_move
from tests.server.conftest import Server, ServerFactory

READ_TIMEOUT = 4
"""The server's ``--read-timeout`` in these tests (seconds)."""

CLOSE_BOUND = READ_TIMEOUT + 8
"""Seconds after which every slow connection must have been closed by the server."""


def slow_body(address: tuple[str, int]) -> socket.socket:
    """A POST that promises 100 bytes of body and sends 4."""
    sock = socket.create_connection(address, timeout=CLOSE_BOUND)
    sock.sendall(b"POST /v1/games HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 100\r\n\r\n{\"pl")
    return sock


def slow_chunked(address: tuple[str, int]) -> socket.socket:
    """A chunked POST that sends one chunk of 4 bytes and never the last chunk."""
    sock = socket.create_connection(address, timeout=CLOSE_BOUND)
    sock.sendall(b"POST /v1/games HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                 b"Transfer-Encoding: chunked\r\n\r\n4\r\n{\"pl\r\n")
    return sock


def idle(address: tuple[str, int]) -> socket.socket:
    """A connection that never sends anything."""
    return socket.create_connection(address, timeout=CLOSE_BOUND)


class Slowloris(threading.Thread):
    """Sends a request's headers one short line at a time, every 0.3 s, until the server closes."""

    def __init__(self, address: tuple[str, int]) -> None:
        super().__init__(daemon=True)
        self.sock = socket.create_connection(address, timeout=CLOSE_BOUND)
        self.sock.sendall(b"GET /health HTTP/1.1\r\nHost: test\r\n")
        self.closed_after: float | None = None
        self.stop = threading.Event()

    def run(self) -> None:
        start = time.monotonic()
        for i in range(int(CLOSE_BOUND / 0.3) + 10):  # bounded in count, like the server's patience
            if self.stop.wait(0.3):
                return
            try:
                self.sock.sendall(b"X-%d: y\r\n" % i)
            except OSError:
                self.closed_after = time.monotonic() - start
                return
        # Never closed while sending: wait (bounded) for the server to answer or close.
        with contextlib.suppress(OSError):
            self.sock.recv(65536)
            self.closed_after = time.monotonic() - start


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server answered (a 408 problem) or closed ``sock`` within the socket's timeout."""
    try:
        data = sock.recv(65536)
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False
    if data:
        status, headers, _ = parse_raw(data)
        assert status == 408 and headers["content-type"] == "application/problem+json"
    return True


@pytest.fixture(params=[(), ("--workers", "1", "--threads", "1")], ids=["default", "one-thread"])
def server(request: pytest.FixtureRequest, start_server: ServerFactory, sqlite_url: str) -> Server:
    """The served configuration, and the smallest one (1 worker, 1 thread): slow clients hold no
    thread, so even that one keeps answering."""
    return start_server(sqlite_url, "--read-timeout", str(READ_TIMEOUT), *request.param)


@contextlib.contextmanager
def attackers(address: tuple[str, int]) -> Iterator[tuple[list[socket.socket], list[Slowloris]]]:
    sockets = ([slow_body(address) for _ in range(10)] + [slow_chunked(address) for _ in range(3)]
               + [idle(address) for _ in range(5)])
    lorises = [Slowloris(address) for _ in range(5)]
    for loris in lorises:
        loris.start()
    try:
        yield sockets, lorises
    finally:
        for loris in lorises:
            loris.stop.set()
            loris.join(timeout=CLOSE_BOUND)
            loris.sock.close()
        for sock in sockets:
            sock.close()


def test_slow_and_idle_clients_do_not_stop_the_service(server: Server) -> None:
    with attackers(server.address) as (sockets, lorises):
        for _ in range(4):  # health keeps answering, quickly, all along
            assert http("GET", f"{server.url}/health", timeout=5).status == 200
            time.sleep(0.5)
        game = create_game(server.url, hands=1, seed=11)
        public = http("GET", f"{server.url}/v1/games/{game.id}", timeout=5).json()
        answer = try_move(server.url, game, public["awaiting"][0])
        assert answer is not None and answer.status == 200, answer and answer.body
        assert http("GET", f"{server.url}/health", timeout=5).status == 200

        # The server closes every slow connection in the end (408 problem or plain close).
        assert all(closed_by_server(sock) for sock in sockets)
        for loris in lorises:
            loris.join(timeout=CLOSE_BOUND)
        assert all(loris.closed_after is not None for loris in lorises)
    assert http("GET", f"{server.url}/health", timeout=5).status == 200
