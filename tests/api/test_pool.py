"""The solver pool: jobs off the serving threads, bounded queue, per-client limit, hard budget."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from api.errors import ApiProblem
from api.pool import Job, SolverPool, _echo_job, _refuse_job, _sleep_job, pool_from_settings
from rulesets.errors import LimitExceededError
from solver.budget import BudgetExceededError

SOLVER_PROCESS = pytest.mark.slow  # each starts a solver process (seconds): make test and CI


@pytest.fixture(scope="module")
def one_process() -> Iterator[SolverPool]:
    pool = SolverPool(processes=1, queue=0, wait_s=0.2, per_client=1, grace_s=0.3)
    yield pool
    pool.close()


def _in_background(pool: SolverPool, job: Job, client: str | None) -> tuple[threading.Thread, list]:
    results: list = []

    def work() -> None:
        try:
            results.append(pool.run(job, client))
        except Exception as err:
            results.append(err)

    thread = threading.Thread(target=work)
    thread.start()
    return thread, results


def _wait_until_running(pool: SolverPool) -> None:
    for _ in range(500):
        if pool.stats()["free"] == 0:
            return
        threading.Event().wait(0.01)
    raise AssertionError("the job never started")


@SOLVER_PROCESS
def test_a_job_runs_in_a_solver_process_and_its_answer_comes_back(one_process: SolverPool) -> None:
    assert one_process.run(Job(_echo_job, ("hello",), budget_s=5), client="a") == "hello"
    assert one_process.stats() == {"processes": 1, "capacity": 1, "in_flight": 0, "free": 1}


@SOLVER_PROCESS
def test_a_refusal_raised_in_a_solver_process_keeps_its_class_code_and_field(
        one_process: SolverPool) -> None:
    with pytest.raises(LimitExceededError) as caught:
        one_process.run(Job(_refuse_job, ("samples may be at most 200",), budget_s=5), client="a")
    assert caught.value.code == "limit_exceeded" and caught.value.field == "samples"
    assert str(caught.value) == "samples may be at most 200"


@SOLVER_PROCESS
def test_a_solver_that_overruns_its_budget_is_abandoned_and_takes_no_job_until_it_answers(
        one_process: SolverPool) -> None:
    with pytest.raises(BudgetExceededError) as caught:
        one_process.run(Job(_sleep_job, (1.5,), budget_s=0.2, what="a runaway solve"), client="a")
    assert "a runaway solve" in str(caught.value)
    with pytest.raises(ApiProblem) as refused:  # still finishing the abandoned job
        one_process.run(Job(_echo_job, ("too soon",), budget_s=5), client="a")
    assert refused.value.code == "busy"
    threading.Event().wait(1.5)  # its late answer has come back by now
    assert one_process.run(Job(_echo_job, ("again",), budget_s=5), client="a") == "again"


@SOLVER_PROCESS
def test_a_solver_silent_long_past_its_deadline_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    import api.pool

    pool = SolverPool(processes=1, queue=0, wait_s=30, per_client=1, grace_s=0.1)
    try:
        with pytest.raises(BudgetExceededError):
            pool.run(Job(_sleep_job, (600,), budget_s=0.1), client="a")
        monkeypatch.setattr(api.pool, "RUNAWAY_S", 0.0)
        assert pool.run(Job(_echo_job, ("fresh",), budget_s=5), client="a") == "fresh"
    finally:
        pool.close()


@SOLVER_PROCESS
def test_a_full_queue_answers_busy_at_once_while_the_running_job_goes_on(one_process: SolverPool) -> None:
    thread, results = _in_background(one_process, Job(_sleep_job, (1.0,), budget_s=5), "first")
    _wait_until_running(one_process)
    with pytest.raises(ApiProblem) as caught:
        one_process.run(Job(_echo_job, ("late",), budget_s=5), client="second")
    assert thread.is_alive(), "refused before the running job ended: not queued behind it"
    assert caught.value.code == "busy" and caught.value.headers["Retry-After"] == "5"
    thread.join()
    assert results == [1.0]


@SOLVER_PROCESS
def test_a_client_with_its_share_in_flight_gets_429(one_process: SolverPool) -> None:
    thread, _ = _in_background(one_process, Job(_sleep_job, (0.5,), budget_s=5), "greedy client")
    _wait_until_running(one_process)
    with pytest.raises(ApiProblem) as caught:
        one_process.run(Job(_echo_job, ("more",), budget_s=2), client="greedy client")
    assert caught.value.code == "too_many_requests" and caught.value.headers["Retry-After"] == "2"
    thread.join()


def test_a_waiting_job_gets_busy_when_no_process_comes_free_in_time() -> None:
    pool = SolverPool(processes=0, queue=1, wait_s=0.05, per_client=5)
    thread, _ = _in_background(pool, Job(_sleep_job, (0.5,), budget_s=5), "a")
    _wait_until_running(pool)
    with pytest.raises(ApiProblem) as caught:
        pool.run(Job(_echo_job, ("queued",), budget_s=5), client="b")
    assert caught.value.code == "busy" and "came free" in caught.value.detail
    thread.join()


def test_bots_go_first_and_are_not_counted_against_the_queue_or_a_client() -> None:
    pool = SolverPool(processes=0, queue=0, wait_s=2.0, per_client=1)
    thread, _ = _in_background(pool, Job(_sleep_job, (0.3,), budget_s=5), "a")
    _wait_until_running(pool)
    assert pool.run(Job(_echo_job, ("bot",), budget_s=5), client=None, priority=True) == "bot"
    thread.join()
    assert pool.stats()["in_flight"] == 0


def test_the_settings_choose_processes_queue_and_limits() -> None:
    pool = pool_from_settings({"TESTING": True}, env={"RAMCHI_SOLVER_QUEUE": "3",
                                                      "RAMCHI_SOLVER_PER_CLIENT": "2"})
    assert (pool.processes, pool.queue, pool.per_client, pool.capacity) == (0, 3, 2, 4)
    with pytest.raises(ValueError, match="RAMCHI_SOLVER_WAIT_S"):
        pool_from_settings({"TESTING": True}, env={"RAMCHI_SOLVER_WAIT_S": "-1"})
