"""Judging and replaying a posted log as jobs of the solver pool, off the threads that serve games.

``POST /v1/disputes`` and ``POST /v1/replays`` read and check their body in the request
(the game, its configuration, the log's size), then run the work here, in
:class:`api.pool.SolverPool`, within the log budget (:func:`log_budget_s`): a long log holds
a solver process, never a serving thread, and a log too costly for the budget is refused
``503 budget_exceeded``. The job functions take plain data (the game's name, its rules'
configuration as a dict, the posted log), so that they can be sent to a solver process.

>>> from solver.budget import Deadline
>>> verdict = judge_log("ramchi", {"hands": 1, "seed": 5, "dealer": 0}, [{"kind": "keep", "seat": 1}],
...                     deadline=Deadline.after(10))
>>> verdict["legal"], verdict["finished"]
(True, False)
>>> page = replay_page("ramchi", {"hands": 1, "seed": 5, "dealer": 0}, [{"kind": "keep", "seat": 1}],
...                    1, 5, deadline=Deadline.after(10))
>>> page["total_steps"], page["from"], page["next_from"], [step["kind"] for step in page["steps"]]
(2, 1, None, ['keep'])
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask import current_app, g

from api.clients import client_address
from api.errors import ApiProblem
from api.game_api import GameApi, game_api
from api.pool import POOL, Job, SolverPool
from rulesets.game import DEFAULT_GAME, game_kind
from rulesets.log import LogError
from rulesets.replay import Page
from solver.budget import Deadline

__all__ = ["DEFAULT_LOG_BUDGET_S", "JUDGE_LESS", "TELL_LESS", "judge_log", "log_budget_s", "replay_page",
           "run_log_job"]

DEFAULT_LOG_BUDGET_S = 10.0
"""Seconds one dispute or replay may take in a solver process unless ``RAMCHI_LOG_BUDGET_S``
says otherwise. The costliest legal logs (``bench/log_requests.py`` on 2 cores shared with
other work, load 3 to 4): a Continental hand played on by players who never drop to 49,999
records (2.3 MB) is judged in 1.8 to 2 s and a page of 200 of its steps told in 1.9 to 3.3 s;
a Ramchi game of 1,000 hands (8,817 records) in 1 to 1.7 s and 1.3 to 3.2 s; the same game
with its last action out of turn, refused and then searched for the action it follows from, in
2.7 s and 3 to 3.2 s. Served, with the body read and the answer written, no request took more
than 4 s. The budget is about two and a half times that (at load 9 the same pages took up to
9.3 s: the budget is what such a machine can still answer)."""

JUDGE_LESS = "post a shorter log"
"""What a client whose dispute ran out of its budget can do."""

TELL_LESS = "post a shorter log, or ask for fewer steps (a smaller limit)"
"""What a client whose replay ran out of its budget can do."""


def log_budget_s(env: Mapping[str, str] | None = None) -> float:
    """Seconds of a dispute or replay: the app's ``LOG_BUDGET_S``, else ``RAMCHI_LOG_BUDGET_S``,
    else :data:`DEFAULT_LOG_BUDGET_S` (outside an app: the environment only).

    >>> log_budget_s({}), log_budget_s({"RAMCHI_LOG_BUDGET_S": "3"})
    (10.0, 3.0)
    """
    if env is None:
        configured = current_app.config.get("LOG_BUDGET_S")
        if configured:
            return float(configured)
        env = os.environ
    raw = env.get("RAMCHI_LOG_BUDGET_S", "").strip()
    if not raw:
        return DEFAULT_LOG_BUDGET_S
    value = float(raw)
    if not (0 < value <= 600):
        raise ValueError(f"RAMCHI_LOG_BUDGET_S must be between 0 and 600 seconds, not {raw!r}")
    return value


def judge_log(game: str, config: Mapping[str, Any], log: Sequence[Any], *,
              deadline: Deadline) -> dict[str, Any]:
    """The verdict on ``log`` (:meth:`~rulesets.game.GameKind.judge`), refused past ``deadline``."""
    kind = game_kind(game)
    verdict = kind.judge(kind.config_from_dict(config), log)
    deadline.check("judging the log", JUDGE_LESS)
    return verdict


def replay_page(game: str, config: Mapping[str, Any], log: Sequence[Any], start: int,
                limit: int | None, *, deadline: Deadline) -> dict[str, Any]:
    """The verdict on ``log`` and ``limit`` of its steps from step ``start``
    (:meth:`~rulesets.game.GameKind.replay_log`), refused past ``deadline``.
    """
    kind = game_kind(game)
    return kind.replay_log(kind.config_from_dict(config), log, Page(start, limit),
                           check=lambda: deadline.check("telling the log", TELL_LESS))


def run_log_job(fn: Callable[..., Any], *args: Any, what: str, ask_less: str) -> Any:
    """Run ``fn(*args)`` as a job of the current request in the app's pool, within
    :func:`log_budget_s`, counted against the request's client address; ``what`` and
    ``ask_less`` say what it does and how to ask for less when it runs out of its budget.
    """
    pool: SolverPool = current_app.extensions[POOL]
    return pool.run(Job(fn, args, budget_s=log_budget_s(), what=what, ask_less=ask_less),
                    client_address())


def posted_log(body: Mapping[str, Any]) -> tuple[GameApi, Any]:
    """The game and configuration of a posted log body (a dispute's or a replay's), with the
    log's size checked before any record is read; the verdict is dumped by that game's schema.

    A bad configuration is the game's own 422; a log that is not a list, or longer than a game
    of that many hands can be, is 422 ``invalid_log`` pointing at ``/log``.
    """
    game = game_api(body.get("game") or DEFAULT_GAME)
    g.game = game.name
    config = game.config_from(body["config"], "/config")
    try:
        game.kind.check_log_size(config, body["log"])
    except LogError as err:
        raise ApiProblem("invalid_log", err.message,
                         errors=[{"pointer": "/log", "detail": err.message}]) from None
    return game, config
