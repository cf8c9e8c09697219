"""Service endpoints: health, rulesets, and the pages explaining each problem code."""

from __future__ import annotations

import logging
from typing import Any

from flask import current_app

from api.blueprint import Blueprint
from api.errors import PROBLEMS, ApiProblem
from api.game_store import ENGINE
from api.schemas import HealthSchema, ProblemSchema, RulesetListSchema, RulesetSchema
from api.store import ping
from rulesets.ruleset import load_all, load_ruleset

log = logging.getLogger(__name__)

blp = Blueprint("meta", __name__, description="Health, rulesets and problem types.")


@blp.route("/health", methods=["GET"])
@blp.response(200, HealthSchema)
@blp.alt_response(503, schema=HealthSchema, description="The database does not answer.")
def health() -> tuple[dict[str, Any], int]:
    """Is the service up and its database reachable?"""
    database = ping(current_app.extensions[ENGINE])
    if database != "ok":
        log.error("health: database unavailable: %s", database)
        database = "unavailable"
    status = "ok" if database == "ok" else "degraded"
    body = {"status": status, "version": current_app.config["VERSION"], "database": database}
    return body, 200 if status == "ok" else 503


@blp.route("/v1/rulesets", methods=["GET"])
@blp.response(200, RulesetListSchema)
def list_rulesets() -> dict[str, Any]:
    """Every installed ruleset with every option, its value, default and meaning.

    A house ruleset file that does not load is listed under ``invalid`` with its
    problems; it does not hide the others.
    """
    valid, invalid = load_all()
    return {
        "rulesets": [ruleset.describe() for ruleset in valid],
        "invalid": [{"name": name, "problems": problems} for name, problems in invalid.items()],
    }


@blp.route("/v1/rulesets/<name>", methods=["GET"])
@blp.response(200, RulesetSchema)
@blp.alt_response(404, schema=ProblemSchema, content_type="application/problem+json",
                  description="No ruleset has that name.")
def get_ruleset(name: str) -> dict[str, Any]:
    """One ruleset by name."""
    return load_ruleset(name).describe()


@blp.route("/problems/<code>", methods=["GET"])
@blp.response(200, ProblemSchema)
def problem_type(code: str) -> dict[str, Any]:
    """What a problem ``type`` means and what to do about it."""
    kind = PROBLEMS.get(code)
    if kind is None:
        raise ApiProblem("not_found", f"no problem type is called {code!r}")
    return {"type": f"/problems/{code}", "title": kind.title, "status": kind.status,
            "detail": kind.help, "code": code}
