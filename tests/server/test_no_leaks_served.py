"""The no-leak invariant against a real server (``ramchi serve``, as ``make run`` starts it).

The same random games and scanner as ``tests/api/test_no_leaks.py`` (500 games in-process), here
over HTTP through gunicorn: every answer, view and log each seat and the public receives.
"""

from __future__ import annotations

import random
from typing import Any

from tests.api.random_play import play_and_watch
from tests.server.client import http
from tests.server.conftest import ServerFactory

GAMES = 12


def test_random_games_on_a_real_server_never_show_a_seat_a_card_it_may_not_know(
    start_server: ServerFactory, sqlite_url: str
) -> None:
    server = start_server(sqlite_url)

    def send(method: str, path: str, token: str | None, body: dict[str, Any] | None) -> tuple[int, Any]:
        answer = http(method, server.url + path, body, token=token)
        return answer.status, answer.json()

    for game in range(GAMES):
        counts = play_and_watch(send, random.Random(50_000 + game), max_hands=2)
        assert counts["actions"] >= 1 and counts["answers"] > 8 * counts["actions"]
