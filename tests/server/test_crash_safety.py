"""SIGKILL the whole server while clients play: every acknowledged action survives, nothing is
half-applied, retries get the stored answer, and the games play on to a legal end."""

from __future__ import annotations

import threading
import time

import pytest

from tests.server.client import Game, check_log_matches, create_game, http, play_to_the_end, try_move
from tests.server.conftest import Server, ServerFactory

GAMES = 4
KILL_AFTER_ACKS = 14
"""Acknowledged actions (over all games) after which the server is killed."""

PLAY_BOUND = 30.0
"""Seconds the clients may take to reach :data:`KILL_AFTER_ACKS`."""


class Player(threading.Thread):
    """Plays the seats of one game in turn (GET the view, POST the move) until stopped or cut off.

    Two players per game race for the same seats: one of them gets ``409 stale_version``.
    """

    def __init__(self, server: Server, game: Game, stop: threading.Event, first_seat: int) -> None:
        super().__init__(daemon=True)
        self.server, self.game, self.stop = server, game, stop
        self.first_seat = first_seat
        self.unexpected: list[str] = []

    def run(self) -> None:
        seat = self.first_seat
        for _ in range(1000):  # bounded; the kill or the stop event ends it much sooner
            if self.stop.is_set():
                return
            try:
                answer = try_move(self.server.url, self.game, seat)
            except OSError:
                return  # the server was killed under us: whatever was in flight is unacknowledged
            except AssertionError as err:  # a view that was not 200
                self.unexpected.append(str(err)[:300])
                return
            if answer is not None and answer.status not in (200, 409):
                self.unexpected.append(f"{answer.status} {answer.body[:300]!r}")
            seat = (seat + 1) % 3


def run_crash(start_server: ServerFactory, database_url: str) -> None:
    server = start_server(database_url)
    games = [create_game(server.url, hands=3, seed=100 + i) for i in range(GAMES)]
    stop = threading.Event()
    players = [Player(server, game, stop, first) for game in games for first in (0, 1)]
    for player in players:
        player.start()
    deadline = time.monotonic() + PLAY_BOUND
    while sum(len(g.acked) for g in games) < KILL_AFTER_ACKS and time.monotonic() < deadline:
        time.sleep(0.02)
    assert sum(len(g.acked) for g in games) >= KILL_AFTER_ACKS, server.log()
    server.kill()  # master and workers at once, with requests in flight
    stop.set()
    for player in players:
        player.join(timeout=30)
        assert not player.is_alive()
        assert not player.unexpected, player.unexpected
    acknowledged = {g.id: list(g.acked) for g in games}

    server.start()  # same database, same port
    for game in games:
        acked = acknowledged[game.id]
        check_log_matches(server.url, game, acked)
        for ack in acked:  # a retry gets the stored answer and changes nothing
            again = http("POST", f"{server.url}/v1/games/{game.id}/actions", ack.body,
                         token=game.tokens[ack.seat])
            assert again.status == 200, again.body
            assert again.json()["version"] == ack.answer["version"]
            assert again.json()["action"] == ack.answer["action"]
        version = http("GET", f"{server.url}/v1/games/{game.id}").json()["version"]
        assert version >= len(acked)
        play_to_the_end(server.url, game)
        log = check_log_matches(server.url, game, game.acked)
        assert log["complete"] is True
        verdict = http("POST", f"{server.url}/v1/disputes", {"config": log["config"], "log": log["log"]})
        assert verdict.status == 200 and verdict.json()["legal"] is True, verdict.body
        unacked_before_kill = log["version"] - len(game.acked)
        assert unacked_before_kill >= 0  # actions applied but cut off before their answer


def test_crash_safety_sqlite(start_server: ServerFactory, sqlite_url: str) -> None:
    run_crash(start_server, sqlite_url)


@pytest.mark.postgres
def test_crash_safety_postgres(start_server: ServerFactory, postgres_url: str) -> None:
    run_crash(start_server, postgres_url)
