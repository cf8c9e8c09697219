"""Disputes: replay a posted game log and judge it."""

from __future__ import annotations

from typing import Any

from api.blueprint import Blueprint
from api.routes.games import PROBLEM, config_from
from api.schemas import DisputeRequestSchema, VerdictSchema
from rulesets.ramchi.disputes import settle

blp = Blueprint("disputes", __name__, url_prefix="/v1/disputes",
                description="Replay a game log and say whether every action was legal.")


@blp.route("", methods=["POST"])
@blp.arguments(DisputeRequestSchema)
@blp.response(200, VerdictSchema)
@blp.alt_response(422, description="The configuration (deck, ruleset, options) is invalid.", **PROBLEM)
def judge(body: dict[str, Any]) -> dict[str, Any]:
    """Replay ``log`` (player actions, or a whole log from ``GET /v1/games/{id}/log``) on a game
    made from ``config`` (with its ``deck``/``decks`` or ``seed``).

    The verdict is ``legal: false`` with the first illegal action (its index, the
    rule it breaks, the message), or ``legal: true`` with the correct chips and
    the events the rules derive. Posted events must match the derived ones.
    """
    return settle(config_from(body["config"], "/config"), body["log"])
