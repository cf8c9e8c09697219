"""Disputes: replay a posted game log and judge it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from api.blueprint import Blueprint
from api.errors import ApiProblem
from api.routes.games import PROBLEM, config_from
from api.schemas import DisputeRequestSchema, VerdictSchema
from rulesets.log import LogError, Record
from rulesets.ramchi.disputes import check_log_size, settle
from rulesets.ramchi.records import RAMCHI_RECORDS

blp = Blueprint("disputes", __name__, url_prefix="/v1/disputes",
                description="Replay a game log and say whether every action was legal.")


def _refuse_redacted(index: int) -> ApiProblem:
    message = (f"record {index} is the deal of a hand that was still running when the log was read, "
               "so its cards are hidden: a game can be judged once it is over, when its log shows "
               "every deck")
    return ApiProblem("invalid_log", message, errors=[{"pointer": f"/log/{index}", "detail": message}])


def _records(items: Sequence[Any]) -> list[Record]:
    """Read every posted record; one that cannot be read is a 422 pointing at it."""
    records = []
    for index, item in enumerate(items):
        if isinstance(item, dict) and item.get("kind") == "hand_dealt" and item.get("deck") is None:
            raise _refuse_redacted(index)
        try:
            records.append(RAMCHI_RECORDS.from_dict(item, f"record {index}"))
        except LogError as err:
            raise ApiProblem("invalid_log", err.message,
                             errors=[{"pointer": f"/log/{index}", "detail": err.message}]) from None
    return records


@blp.route("", methods=["POST"])
@blp.arguments(DisputeRequestSchema)
@blp.response(200, VerdictSchema)
@blp.alt_response(422, description="The configuration (deck, ruleset, options) is invalid, or a "
                  "log record cannot be read (`invalid_log`, pointing at the record), or the log "
                  "is longer than a game of that many hands can be.", **PROBLEM)
def judge(body: dict[str, Any]) -> dict[str, Any]:
    """Replay ``log`` (player actions, or a whole log from ``GET /v1/games/{id}/log``) on a game
    made from ``config`` (with its ``deck``/``decks`` or ``seed``). The answer of
    ``GET /v1/games/{id}/log`` of a finished game can be posted as it is.

    The verdict is ``legal: false`` with the first illegal action (its index, the
    rule it breaks, the message), or ``legal: true`` with the correct chips and
    the events the rules derive. Posted events must match the derived ones.
    """
    if body.get("complete") is False:
        raise ApiProblem("invalid_log", "this log is of a game still running (complete: false): its "
                         "running hand is hidden; post it again once the game is over",
                         errors=[{"pointer": "/complete", "detail": "the game is not over"}])
    config = config_from(body["config"], "/config")
    try:
        check_log_size(config, body["log"])
    except LogError as err:
        raise ApiProblem("invalid_log", err.message,
                         errors=[{"pointer": "/log", "detail": err.message}]) from None
    return settle(config, _records(body["log"]))
