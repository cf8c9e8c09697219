"""Disputes: replay a posted game log and judge it, by the rules of its game."""

from __future__ import annotations

from typing import Any

from api.blueprint import Blueprint
from api.errors import ApiProblem
from api.game_bodies import DisputeRequestSchema, VerdictSchema
from api.log_jobs import JUDGE_LESS, judge_log, posted_log, run_log_job
from api.schemas import PROBLEM
from rulesets.game import PostedRecordError

blp = Blueprint("disputes", __name__, url_prefix="/v1/disputes",
                description="Replay a game log and say whether every action was legal.")


@blp.route("", methods=["POST"])
@blp.arguments(DisputeRequestSchema)
@blp.response(200, VerdictSchema)
@blp.alt_response(422, description="The configuration (deck, ruleset, options) is invalid, or a "
                  "log record cannot be read (`invalid_log`, pointing at the record), or the log "
                  "is longer than a game of that many hands can be.", **PROBLEM)
@blp.solver_problems()
def judge(body: dict[str, Any]) -> dict[str, Any]:
    """Replay ``log`` (player actions, or a whole log from ``GET /v1/games/{id}/log``) on a game
    made from ``config`` (with its ``deck``/``decks`` or ``seed``). The answer of
    ``GET /v1/games/{id}/log`` of a finished game can be posted as it is.

    The verdict is ``legal: false`` with the first illegal action (its index, the
    rule it breaks, the message), or ``legal: true``, each with the game's standing (Ramchi:
    the chips; Continental: the scores, totals and winners). Posted events must match the
    derived ones.

    The log is judged in a solver process within the log budget (``RAMCHI_LOG_BUDGET_S``),
    past which the answer is 503 ``budget_exceeded``.
    """
    if body.get("complete") is False:
        raise ApiProblem("invalid_log", "this log is of a game still running (complete: false): its "
                         "running hand is hidden; post it again once the game is over",
                         errors=[{"pointer": "/complete", "detail": "the game is not over"}])
    game, config = posted_log(body)
    kind = game.kind
    try:
        verdict: dict[str, Any] = run_log_job(judge_log, kind.name, config.to_dict(), body["log"],
                                              what="the dispute", ask_less=JUDGE_LESS)
    except PostedRecordError as err:
        raise ApiProblem("invalid_log", err.message,
                         errors=[{"pointer": f"/log/{err.index}", "detail": err.message}]) from None
    return verdict
