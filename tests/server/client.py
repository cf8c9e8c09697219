"""A small HTTP client (standard library only) and game-playing helpers for tests on real servers."""

from __future__ import annotations

import http.client as httplib
import json
import socket
import time
import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

PLAYER_ACTIONS = frozenset({"exchange", "keep", "arrange"})
"""Log record kinds that are player actions (each one is a version of the game)."""


@dataclass
class Answer:
    """An HTTP answer: status, headers (lower-case names) and the body."""

    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def http(method: str, url: str, body: Any = None, *, token: str | None = None,
         timeout: float = 30.0, headers: dict[str, str] | None = None) -> Answer:
    """One request on a fresh connection; ``body`` is sent as JSON, with any extra ``headers``.
    Raises ``OSError`` on failure.
    """
    parts = urlsplit(url)
    connection = httplib.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    headers = {"Connection": "close"} | (headers or {})
    payload = None
    if body is not None:
        payload = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    try:
        connection.request(method, parts.path + (f"?{parts.query}" if parts.query else ""),
                           body=payload, headers=headers)
        response = connection.getresponse()
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()},
                      response.read())
    except httplib.HTTPException as err:
        raise OSError(f"{method} {url}: {err!r}") from err
    finally:
        connection.close()


def raw_exchange(address: tuple[str, int], data: bytes, timeout: float = 10.0) -> bytes:
    """Send ``data`` on a raw socket and read until the server closes (bounded by ``timeout``)."""
    received = b""
    deadline = time.monotonic() + timeout
    with socket.create_connection(address, timeout=timeout) as sock:
        sock.sendall(data)
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
            except (ConnectionResetError, TimeoutError):
                break
            if not chunk:
                break
            received += chunk
    return received


def parse_raw(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body of a raw HTTP/1.1 answer."""
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


@dataclass
class Game:
    """A game created through the API, with every seat's token."""

    id: str
    tokens: list[str]
    acked: list[Acked] = field(default_factory=list)


@dataclass
class Acked:
    """An action the server answered 200: what was sent, by which seat, and the answer."""

    seat: int
    body: dict[str, Any]
    answer: dict[str, Any]


def create_game(base: str, *, hands: int, seed: int) -> Game:
    """Create a 3-player Ramchi game and return it with its tokens."""
    answer = http("POST", f"{base}/v1/games",
                  {"game": "ramchi", "players": ["Asha", "Bo", "Chen"], "hands": hands, "seed": seed})
    assert answer.status == 201, answer.body
    created = answer.json()
    return Game(created["id"], [seat["token"] for seat in created["seats"]])


def move_for(view: dict[str, Any]) -> dict[str, Any] | None:
    """The simple always-legal move of the viewing seat, or ``None`` when it has none now.

    Keep the 2♦ in the exchange; discard everything (``arrange`` with no combinations) after.
    """
    if view["is_over"] or view["seat"] not in view["awaiting"]:
        return None
    if view["phase"] == "exchange":
        return {"type": "keep"}
    return {"type": "arrange", "combinations": []}


def try_move(base: str, game: Game, seat: int) -> Answer | None:
    """Read ``seat``'s view and, if it is to act, post its move (new ``action_id``, expected version).

    Returns the action's answer, or ``None`` when the seat had nothing to do.
    """
    view_answer = http("GET", f"{base}/v1/games/{game.id}", token=game.tokens[seat])
    assert view_answer.status == 200, view_answer.body
    view = view_answer.json()
    move = move_for(view)
    if move is None:
        return None
    body = move | {"action_id": uuid.uuid4().hex, "expected_version": view["version"]}
    answer = http("POST", f"{base}/v1/games/{game.id}/actions", body, token=game.tokens[seat])
    if answer.status == 200:
        game.acked.append(Acked(seat, body, answer.json()))
    return answer


def play_to_the_end(base: str, game: Game, max_actions: int = 200) -> None:
    """Play the game on, one seat after another, until it is over (bounded)."""
    for _ in range(max_actions):
        public = http("GET", f"{base}/v1/games/{game.id}").json()
        if public["is_over"]:
            return
        answer = try_move(base, game, public["awaiting"][0])
        assert answer is not None and answer.status == 200, answer and answer.body
    raise AssertionError(f"game {game.id} not over after {max_actions} actions")


def player_actions(log: dict[str, Any]) -> list[dict[str, Any]]:
    """The player actions of a game log, in order (the n-th is version n)."""
    return [record for record in log["log"] if record["kind"] in PLAYER_ACTIONS]


def check_log_matches(base: str, game: Game, acked: list[Acked]) -> dict[str, Any]:
    """Every acknowledged action is the log's player action at its version; no gaps. The log."""
    log_answer = http("GET", f"{base}/v1/games/{game.id}/log")
    assert log_answer.status == 200, log_answer.body
    log = log_answer.json()
    actions = player_actions(log)
    assert len(actions) == log["version"], "the log must hold exactly `version` player actions"
    versions = [a.answer["version"] for a in acked]
    assert len(set(versions)) == len(versions), f"two acknowledged actions share a version: {versions}"
    assert len(acked) <= log["version"]
    for ack in acked:
        recorded = actions[ack.answer["version"] - 1]
        assert (recorded["kind"], recorded["seat"]) == (ack.body["type"], ack.seat), (ack, recorded)
        if log["complete"]:
            assert recorded == ack.answer["action"]
    return log
