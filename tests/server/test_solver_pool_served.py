"""Served as ``make run`` serves it: solver work runs in solver processes, so costly requests from
many clients never hold ``/health`` or the games; a full pool answers ``503 busy`` at once."""

from __future__ import annotations

import random
import threading

from tests.server.client import Answer, create_game, http
from tests.server.conftest import ServerFactory

DECK = [rank + suit for suit in "cdhs" for rank in "23456789TJQKA"]


def _costly(rng: random.Random) -> dict[str, object]:
    cards = rng.sample(DECK, 18)
    return {"hand": cards[:17], "up_card": cards[17], "samples": 5000, "seed": rng.randrange(10**6)}


def test_an_advice_past_its_budget_is_anytime_and_health_answers_meanwhile(
        start_server: ServerFactory, sqlite_url: str) -> None:
    server = start_server(sqlite_url, env={"RAMCHI_SOLVE_BUDGET_S": "1",
                                           "RAMCHI_CLIENT_ADDRESS_HEADER": "X-Forwarded-For"})
    answers: list[Answer] = []

    def attack(number: int) -> None:
        rng = random.Random(number)
        answers.append(http("POST", f"{server.url}/v1/ramchi/advice", _costly(rng), timeout=30,
                            headers={"X-Forwarded-For": f"198.51.100.{number}"}))

    attackers = [threading.Thread(target=attack, args=(n,)) for n in range(1, 9)]
    for thread in attackers:
        thread.start()
    health = http("GET", f"{server.url}/health", timeout=10)
    game = create_game(server.url, hands=1, seed=4)
    view = http("GET", f"{server.url}/v1/games/{game.id}", token=game.tokens[0], timeout=10)
    for thread in attackers:
        thread.join(60)
    assert health.status == 200 and view.status == 200
    statuses = sorted(a.status for a in answers)
    assert len(statuses) == 8 and set(statuses) <= {200, 503}, statuses
    assert 503 in statuses, "eight costly requests at once must overflow one worker's pool"
    for answer in answers:
        if answer.status == 503:
            assert answer.json()["code"] == "busy" and int(answer.headers["retry-after"]) >= 1
        else:
            body = answer.json()
            assert body["complete"] is False and 0 < body["samples_used"] < 5000


def test_one_client_gets_429_past_its_share_of_solver_requests(
        start_server: ServerFactory, sqlite_url: str) -> None:
    server = start_server(sqlite_url, env={"RAMCHI_SOLVER_PER_CLIENT": "1",
                                           "RAMCHI_SOLVE_BUDGET_S": "1"})
    answers: list[Answer] = []
    rng = random.Random(5)
    bodies = [_costly(rng) for _ in range(4)]

    def ask(body: dict[str, object]) -> None:
        answers.append(http("POST", f"{server.url}/v1/ramchi/advice", body, timeout=30))

    threads = [threading.Thread(target=ask, args=(body,)) for body in bodies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    refused = [a for a in answers if a.status == 429]
    assert refused and all(a.json()["code"] == "too_many_requests" for a in refused)
    assert all(int(a.headers["retry-after"]) >= 1 for a in refused)


def _stalling_log(records: int) -> dict[str, object]:
    """A legal Continental log of ``records`` records: players who never drop play one hand on."""
    from rulesets.continental.config import GameConfig
    from rulesets.continental.game import ContinentalGame
    from rulesets.game import game_kind
    from solver.continental.random_player import stalling_action

    game = ContinentalGame(GameConfig.create(players=2, hands=7, seed=5, dealer=0))
    rng = random.Random(5)
    while len(game.log) < records:
        game.apply(stalling_action(game, game.awaited()[0], rng))
    return {"game": "continental", "config": game.config.to_dict(),
            "log": game_kind("continental").full_log(game)[:records]}


def test_a_long_log_is_judged_in_a_solver_process_and_health_answers_meanwhile(
        start_server: ServerFactory, sqlite_url: str) -> None:
    server = start_server(sqlite_url, env={"RAMCHI_LOG_BUDGET_S": "0.2"})
    answers: list[Answer] = []
    long_log = _stalling_log(40_000)
    judging = threading.Thread(target=lambda: answers.append(
        http("POST", f"{server.url}/v1/disputes", long_log, timeout=60)))
    judging.start()
    health = http("GET", f"{server.url}/health", timeout=10)
    judging.join(90)
    assert health.status == 200
    [answer] = answers
    assert answer.status == 503 and answer.json()["code"] == "budget_exceeded", answer.json()
    assert int(answer.headers["retry-after"]) >= 1


def test_a_replay_is_told_in_a_solver_process_page_by_page(start_server: ServerFactory,
                                                           sqlite_url: str) -> None:
    server = start_server(sqlite_url)
    log = _stalling_log(300)
    first = http("POST", f"{server.url}/v1/replays?limit=250", log, timeout=60)
    assert first.status == 200, first.json()
    body = first.json()
    assert body["total_steps"] == 300 and body["next_from"] == 250 and len(body["steps"]) == 250
    rest = http("POST", f"{server.url}/v1/replays?from=250&limit=250", log, timeout=60).json()
    assert rest["next_from"] is None and [step["index"] for step in rest["steps"]] == list(range(250, 300))
    assert rest["verdict"] == body["verdict"] == http("POST", f"{server.url}/v1/disputes", log,
                                                      timeout=60).json()
