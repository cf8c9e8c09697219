"""Replays: a posted game log told step by step, with the table after each record and the verdict."""

from __future__ import annotations

from typing import Any

from api.blueprint import Blueprint
from api.errors import ApiProblem
from api.game_bodies import DisputeRequestSchema, ReplayPageSchema, ReplaySchema
from api.log_jobs import TELL_LESS, posted_log, replay_page, run_log_job
from api.schemas import PROBLEM
from rulesets.game import PostedRecordError
from rulesets.log import LogError
from rulesets.replay import check_replayable

blp = Blueprint("replays", __name__, url_prefix="/v1/replays",
                description="Tell a game log step by step, with the table after each record.")


@blp.route("", methods=["POST"])
@blp.arguments(DisputeRequestSchema)
@blp.arguments(ReplayPageSchema, location="query", as_kwargs=True)
@blp.response(200, ReplaySchema)
@blp.alt_response(422, description="The configuration (deck, ruleset, options) is invalid, or a "
                  "log record cannot be read (`invalid_log`, pointing at the record), or the log "
                  "is longer than a game of that many hands can be, or from or limit is out of "
                  "range (`invalid_request`).", **PROBLEM)
@blp.solver_problems()
def replay(body: dict[str, Any], start: int, limit: int) -> dict[str, Any]:
    """Replay ``log`` (the body of ``POST /v1/disputes``: player actions, or a whole log as
    ``GET /v1/games/{id}/log`` gives it, posted as it is) and tell it record by record.

    Each step tells one record in words (``text``) and gives the public table after it
    (``state``: what the log makes public, never a hidden card). The ``verdict`` is the one
    ``POST /v1/disputes`` gives, and the steps stop at a refused record (included). The log
    of a game still running (``complete: false``) is told as far as it goes, its hidden cards
    left hidden; it is not judged (``verdict: null``).

    The steps come a page at a time: ``limit`` steps (200 by default, at most 1000) from step
    ``from`` (0 by default), with ``total_steps`` and ``next_from``, the ``from`` of the next
    page (``null`` after the last); each page carries the whole verdict. The work runs in a
    solver process within the log budget (``RAMCHI_LOG_BUDGET_S``), past which the answer is
    503 ``budget_exceeded``.
    """
    game, config = posted_log(body)
    kind = game.kind
    try:
        check_replayable(kind)
    except LogError as err:
        raise ApiProblem("invalid_log", err.message,
                         errors=[{"pointer": "/game", "detail": err.message}]) from None
    try:
        answer: dict[str, Any] = run_log_job(replay_page, kind.name, config.to_dict(), body["log"],
                                             start, limit, what="the replay", ask_less=TELL_LESS)
    except PostedRecordError as err:
        raise ApiProblem("invalid_log", err.message,
                         errors=[{"pointer": f"/log/{err.index}", "detail": err.message}]) from None
    return answer
