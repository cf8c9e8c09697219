"""Two server processes on one PostgreSQL database: many clients on the same few games through
both, and one action_id sent 20 times at once; no action lost, none applied twice; a move through
one is seen by the polls of the other within the versions cache's bound."""

from __future__ import annotations

import random
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.server.client import Answer, check_log_matches, create_game, http, move_for, try_move
from tests.server.conftest import Server, ServerFactory
from tests.server.test_poll_answers import a_move_through_one_server_is_seen_through_the_other

pytestmark = pytest.mark.postgres

CLIENTS = 8
GAMES = 3
ROUNDS_PER_CLIENT = 40
"""Moves each client tries (bounded); the games' 2 hands are over well before."""


@pytest.fixture
def servers(start_server: ServerFactory, postgres_url: str) -> tuple[Server, Server]:
    return start_server(postgres_url), start_server(postgres_url)


def test_many_clients_through_two_servers_lose_nothing_and_apply_nothing_twice(
    servers: tuple[Server, Server],
) -> None:
    games = [create_game(servers[i % 2].url, hands=3, seed=300 + i) for i in range(GAMES)]
    problems: list[str] = []

    def client(number: int) -> None:
        rng = random.Random(number)
        for _ in range(ROUNDS_PER_CLIENT):
            game = rng.choice(games)
            server = rng.choice(servers)
            try:
                answer = try_move(server.url, game, rng.randrange(3))
            except (OSError, AssertionError) as err:  # every request must get an answer
                problems.append(repr(err)[:300])
                return
            if answer is not None and answer.status != 200 and (
                    answer.status != 409 or answer.json()["code"] not in ("stale_version", "wrong_phase",
                                                                          "wrong_seat", "game_over")):
                problems.append(f"{answer.status} {answer.body[:300]!r}")

    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
        assert not thread.is_alive()
    assert not problems, problems[:5]
    for game in games:
        assert len(game.acked) >= 3, "the clients should have played each game"
        for server in servers:  # both servers see the same game
            log = check_log_matches(server.url, game, game.acked)
            # Every request got an answer, so every applied action was acknowledged exactly once.
            assert log["version"] == len(game.acked)
            assert sorted(a.answer["version"] for a in game.acked) == list(range(1, log["version"] + 1))


def test_one_action_id_sent_twenty_times_at_once_is_applied_once(servers: tuple[Server, Server]) -> None:
    game = create_game(servers[0].url, hands=2, seed=7)
    moves = 0
    for _ in range(3):  # the keep, then arranges: each sent 20 times at once
        public = http("GET", f"{servers[0].url}/v1/games/{game.id}").json()
        if public["is_over"]:
            break
        seat = public["awaiting"][0]
        view = http("GET", f"{servers[1].url}/v1/games/{game.id}", token=game.tokens[seat]).json()
        move = move_for(view)
        assert move is not None
        body = move | {"action_id": str(uuid.uuid4()), "expected_version": view["version"]}
        barrier = threading.Barrier(20)

        def send(i: int, body: dict[str, object] = body, seat: int = seat,
                 barrier: threading.Barrier = barrier) -> Answer:
            barrier.wait(timeout=30)
            return http("POST", f"{servers[i % 2].url}/v1/games/{game.id}/actions", body,
                        token=game.tokens[seat])

        with ThreadPoolExecutor(max_workers=20) as pool:
            answers = list(pool.map(send, range(20)))
        statuses = sorted(a.status for a in answers)
        assert statuses == [200] * 20, [a.body[:200] for a in answers if a.status != 200][:3]
        bodies = [a.json() for a in answers]
        assert all(b == bodies[0] for b in bodies), "every retry must get the one stored answer"
        assert bodies[0]["version"] == view["version"] + 1
        after = http("GET", f"{servers[1].url}/v1/games/{game.id}").json()
        assert after["version"] == view["version"] + 1, "applied more than once"
        moves += 1
    assert moves >= 2
    assert http("GET", f"{servers[0].url}/v1/games/{game.id}/log").json()["version"] == moves



def test_a_move_through_one_server_is_seen_by_the_others_polls_within_the_bound(
    servers: tuple[Server, Server],
) -> None:
    a_move_through_one_server_is_seen_through_the_other(*servers)
    a_move_through_one_server_is_seen_through_the_other(*reversed(servers))
