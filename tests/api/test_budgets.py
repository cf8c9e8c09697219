"""Every solver request has a bounded cost: anytime answers flagged, refusals with Retry-After,
the per-client limit, a busy pool, and bots that never stall other games."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from api.pool import POOL

HAND = ["As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c",
        "6h", "2d"]


def _app(tmp_path: Path, **settings: Any) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'b.db'}"} | settings)


@pytest.fixture
def tight(tmp_path: Path) -> Iterator[FlaskClient]:
    """An app whose solver budget is 50 ms."""
    yield _app(tmp_path, SOLVE_BUDGET_S=0.05).test_client()


def test_advice_past_its_budget_answers_with_what_it_computed_and_says_so(tight: FlaskClient) -> None:
    answer = tight.post("/v1/ramchi/advice", json={"hand": HAND, "up_card": "Ks", "samples": 5000})
    assert answer.status_code == 200, answer.json
    body = answer.json
    assert body["complete"] is False and body["samples"] == 5000
    assert 0 < body["samples_used"] < 5000
    assert f"{body['samples_used']} of the 5000 samples" in body["budget_note"]
    assert body["margin"] is not None and body["standard_error"] > 0


def test_advice_within_its_budget_is_complete(client: FlaskClient) -> None:
    body = client.post("/v1/ramchi/advice", json={"hand": HAND, "samples": 60, "seed": 2}).json
    assert body["complete"] is True and body["samples_used"] == 60 and body["budget_note"] is None


def test_the_trainer_past_its_budget_scores_both_lineups_on_the_samples_used(tight: FlaskClient) -> None:
    answer = tight.post("/v1/ramchi/trainer/score", json={
        "hand": HAND, "lineup": [["As", "Ad", "Ah"]], "opponents": "solver", "samples": 200})
    assert answer.status_code == 200, answer.json
    body = answer.json
    assert body["complete"] is False and 0 < body["samples_used"] < 200
    assert body["chips_lost"] >= 0 and body["difference_error"] >= 0


def test_a_solver_timeout_tells_when_to_retry(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from solver.errors import SolverTimeoutError

    def too_slow(*_args: object, **_kwargs: object) -> None:
        raise SolverTimeoutError(0.5)

    monkeypatch.setattr("api.ramchi.answers.hindsight", too_slow)
    answer = client.post("/v1/ramchi/hindsight", json={
        "hand": HAND, "seat": 0, "dealer": 0, "lineups": {"1": [], "2": []}})
    assert answer.status_code == 503 and answer.json["code"] == "solver_timeout"
    assert int(answer.headers["Retry-After"]) >= 1


def test_a_solver_out_of_budget_is_503_budget_exceeded_with_retry_after(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from solver.budget import Deadline

    def spent(*_args: object, deadline: Deadline, **_kwargs: object) -> None:
        Deadline.after(0).check("ranking the discards", "send a smaller hand")

    monkeypatch.setattr("api.continental.answers.advise_by_objective", spent)
    answer = client.post("/v1/continental/advice", json={"hand": ["2c", "3c", "4c", "5c"],
                                                         "hand_number": 3})
    assert answer.status_code == 503, answer.json
    assert answer.json["code"] == "budget_exceeded" and answer.mimetype == "application/problem+json"
    assert "send a smaller hand" in answer.json["detail"] and answer.headers["Retry-After"] == "2"
    page = client.get("/problems/budget_exceeded")
    assert page.status_code == 200 and b"RAMCHI_SOLVE_BUDGET_S" in page.data


def test_a_client_over_its_share_of_solver_requests_gets_429(tmp_path: Path) -> None:
    client = _app(tmp_path, SOLVER_PER_CLIENT=0).test_client()
    answer = client.post("/v1/ramchi/advice", json={"hand": HAND, "objective": "maximin"})
    assert answer.status_code == 429 and answer.json["code"] == "too_many_requests"
    assert int(answer.headers["Retry-After"]) >= 1
    assert client.get("/health").status_code == 200  # only solver work is limited


def test_the_client_address_comes_from_the_configured_header_only(tmp_path: Path) -> None:
    app = _app(tmp_path, CLIENT_ADDRESS_HEADER="X-Real-IP", SOLVER_PER_CLIENT=1)
    pool = app.extensions[POOL]
    pool._by_client["203.0.113.7"] = 1  # that address already has its one request in flight
    client = app.test_client()
    body = {"hand": HAND, "objective": "maximin"}
    refused = client.post("/v1/ramchi/advice", json=body, headers={"X-Real-IP": "203.0.113.7"})
    assert refused.status_code == 429
    other = client.post("/v1/ramchi/advice", json=body, headers={"X-Real-IP": "203.0.113.8"})
    assert other.status_code == 200
    forged = client.post("/v1/ramchi/advice", json=body,
                         headers={"X-Forwarded-For": "203.0.113.7", "X-Real-IP": "198.51.100.1"})
    assert forged.status_code == 200  # an unconfigured header is never read


def test_a_full_pool_answers_503_busy_at_once(tmp_path: Path) -> None:
    app = _app(tmp_path)
    pool = app.extensions[POOL]
    pool._admitted = pool.capacity  # every place taken
    answer = app.test_client().post("/v1/ramchi/advice", json={"hand": HAND})
    assert answer.status_code == 503 and answer.json["code"] == "busy"
    assert int(answer.headers["Retry-After"]) >= 1
    assert "Games, views and logs are not affected" in app.test_client().get("/problems/busy").text


def test_a_bots_slow_decision_does_not_stall_other_games(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import api.bot_runner
    from solver.bots import decide

    thinking = threading.Event()
    release = threading.Event()

    def slow_decide(*args: Any, **kwargs: Any) -> Any:
        thinking.set()
        release.wait(10)
        return decide(*args, **kwargs)

    monkeypatch.setattr(api.bot_runner, "decide", slow_decide)
    app = _app(tmp_path)
    created: list[Any] = []

    def bot_game() -> None:
        created.append(app.test_client().post("/v1/games", json={
            "players": ["Ann", "Ev", "Max"], "bots": [None, "ev", "maximin"], "seed": 5, "dealer": 0}))

    waiting = threading.Thread(target=bot_game)
    waiting.start()
    assert thinking.wait(10)
    other = app.test_client()
    game = other.post("/v1/games", json={"players": ["A", "B", "C"], "seed": 3, "dealer": 0}).json
    for seat in game["awaiting"]:
        view = other.get(f"/v1/games/{game['id']}",
                         headers={"Authorization": f"Bearer {game['seats'][seat]['token']}"})
        assert view.status_code == 200
    assert waiting.is_alive(), "the other game was served while the bot was still thinking"
    release.set()
    waiting.join(30)
    assert created and created[0].status_code == 201


LOG = {"config": {"hands": 1, "seed": 5, "dealer": 0}, "log": [{"kind": "keep", "seat": 1}]}
"""A short posted log (the body of a dispute and of a replay)."""


@pytest.mark.parametrize(("path", "ask_less"), [
    ("/v1/disputes", "post a shorter log"), ("/v1/replays", "fewer steps (a smaller limit)")])
def test_a_log_past_its_budget_is_503_budget_exceeded_with_retry_after(
        tmp_path: Path, path: str, ask_less: str) -> None:
    client = _app(tmp_path, LOG_BUDGET_S=1e-6).test_client()
    answer = client.post(path, json=LOG)
    assert answer.status_code == 503, answer.json
    assert answer.json["code"] == "budget_exceeded" and answer.mimetype == "application/problem+json"
    assert ask_less in answer.json["detail"] and int(answer.headers["Retry-After"]) >= 1
    assert client.get("/health").status_code == 200  # only the log's work is refused


@pytest.mark.parametrize("path", ["/v1/disputes", "/v1/replays"])
def test_disputes_and_replays_are_jobs_of_the_solver_pool(tmp_path: Path, path: str) -> None:
    app = _app(tmp_path)
    pool = app.extensions[POOL]
    pool._admitted = pool.capacity  # every place taken: a log's work waits for the pool like advice
    full = app.test_client().post(path, json=LOG)
    assert full.status_code == 503 and full.json["code"] == "busy"
    pool._admitted = 0
    assert app.test_client().post(path, json=LOG).status_code == 200
    limited = _app(tmp_path, SOLVER_PER_CLIENT=0).test_client().post(path, json=LOG)
    assert limited.status_code == 429 and limited.json["code"] == "too_many_requests"


@pytest.mark.parametrize(("path", "work"), [("/v1/disputes", "judge_log"), ("/v1/replays", "replay_page")])
def test_a_logs_job_is_plain_data_a_solver_process_can_take(tmp_path: Path, path: str, work: str) -> None:
    import pickle

    import api.log_jobs
    from api.pool import Job

    app = _app(tmp_path)
    pool = app.extensions[POOL]
    jobs: list[Job] = []
    run = pool.run

    def noted(job: Job, client: str | None, **kwargs: Any) -> Any:
        jobs.append(job)
        return run(job, client, **kwargs)

    pool.run = noted
    answer = app.test_client().post(f"{path}?limit=5", json=LOG)
    assert answer.status_code == 200, answer.json
    [job] = jobs
    assert job.fn is getattr(api.log_jobs, work) and job.budget_s == api.log_jobs.DEFAULT_LOG_BUDGET_S
    game, config, log = job.args[:3]
    assert game == "ramchi" and log == LOG["log"]
    assert {key: config[key] for key in ("hands", "seed", "dealer")} == LOG["config"]  # the rules' dict
    assert pickle.loads(pickle.dumps(job)) == job  # what a solver process is sent
