"""HTTP API over the rules and the solver.

>>> app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})
>>> app.test_client().get("/health").json["status"]
'ok'
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

# The API stack (Flask, SQLAlchemy, the solver) is imported by the functions below, not here:
# ``api.cli`` lives in this package, and ``ramchi --help`` must not load it.

__all__ = ["create_app"]


def _blueprints() -> tuple[Any, ...]:
    """Every blueprint the app registers: the service's, each game's own routes, the game routes."""
    from api.game_api import game_blueprints
    from api.routes import disputes, games, meta, replays

    return (meta.blp, *game_blueprints(), games.blp, disputes.blp, replays.blp)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ramchi-referee")
    except PackageNotFoundError:  # running from a source tree without installing
        return "0+unknown"


def _settings(app: Flask, config: dict[str, Any] | None) -> None:
    from api.blueprint import MAX_DEPTH
    from api.limits import max_body_bytes
    from api.log_jobs import log_budget_s
    from api.store import default_url
    from solver.budget import default_budget_s

    app.config.update(
        API_TITLE="Ramchi & Continental Rummy referee",
        API_VERSION="v1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        API_SPEC_OPTIONS={
            "info": {"description": (
                "Solver and referee for Ramchi and Continental Rummy. Errors are RFC 9457 problem "
                "details (application/problem+json) with a stable `code`; `GET /problems/{code}` "
                "explains each. Limits of every request: a body of at most "
                f"{max_body_bytes():,} bytes (else 413 `request_too_large`), JSON nested at most "
                f"{MAX_DEPTH} levels and not malformed (else 400 `malformed_json`), sent as "
                "application/json (else 415 `unsupported_media_type`); the whole request must "
                "arrive within the server's read timeout (else 408 `request_timeout`). Lists and "
                "strings state their own limits below. A seat token is sent only as "
                "`Authorization: Bearer <token>`: a query string naming one (`?token=`, "
                "`?access_token=`) is 400 `token_in_query` on every address. Solver requests "
                "(advice, hindsight, the trainer, Continental advice) each have a budget of "
                f"{default_budget_s():g} s of solver time (the server's RAMCHI_SOLVE_BUDGET_S): "
                "the Ramchi `ev` advice and the trainer answer with what they computed by then "
                "and say so (`complete`: false, `samples_used`, `budget_note`); the others refuse with 503 "
                "`budget_exceeded`; disputes and replays have a budget of "
                f"{log_budget_s({}):g} s each (RAMCHI_LOG_BUDGET_S), past which they refuse with 503 "
                "`budget_exceeded` too. Solver work, and the judging and telling of a posted log, "
                "runs in a bounded pool of solver processes, apart "
                "from the threads that serve games: when its queue is full the answer is 503 "
                "`busy` at once, and one client address may have only a few solver requests in "
                "flight (else 429 `too_many_requests`); both say when to retry in `Retry-After`.")},
        },
        VERSION=_version(),
        JSON_SORT_KEYS=False,
        MAX_CONTENT_LENGTH=max_body_bytes(),
    )
    app.config["DATABASE_URL"] = os.environ.get("DATABASE_URL")
    app.config.update(config or {})
    if not app.config["DATABASE_URL"]:
        app.config["DATABASE_URL"] = default_url(app.instance_path)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the Flask app; ``config`` overrides settings (e.g. ``DATABASE_URL``).

    The database must be at the schema's head revision (``ramchi db upgrade``),
    else this raises :class:`api.migrate.SchemaNotCurrent` saying so. With
    ``AUTO_MIGRATE`` (default: ``TESTING``) it upgrades the database itself
    instead; served workers never do, so they never race to create tables.
    """
    from flask import Flask

    from api.creation_limit import register_creation_limit
    from api.docs import register_docs
    from api.errors import register_error_handlers
    from api.game_cache import GAMES, GameCache
    from api.game_store import ENGINE
    from api.headers import register_headers
    from api.migrate import require_up_to_date, upgrade
    from api.openapi import ProblemApi
    from api.poll_fast_path import PollFastPath
    from api.pool import POOL, pool_from_settings
    from api.query_secrets import register_query_secrets
    from api.rules_pages import blp as rules_pages
    from api.store import open_store
    from api.view_polling import QUIET, QuietGames
    from api.web import register_web

    app = Flask(__name__)
    _settings(app, config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    engine = open_store(app.config["DATABASE_URL"])
    if app.config.get("AUTO_MIGRATE", app.config["TESTING"]):
        upgrade(engine)
    else:
        require_up_to_date(engine)
    app.extensions[ENGINE] = engine
    app.extensions[GAMES] = GameCache(app.config.get("GAME_CACHE_SIZE", 256))
    app.extensions[QUIET] = QuietGames()
    app.extensions[POOL] = pool_from_settings(app.config)
    api = ProblemApi(app)
    for blueprint in _blueprints():
        api.register_blueprint(blueprint)
    register_docs(app)
    register_web(app)
    app.register_blueprint(rules_pages)
    register_error_handlers(app)
    register_query_secrets(app)
    register_creation_limit(app)
    register_headers(app)
    app.wsgi_app = PollFastPath(app)  # type: ignore[method-assign]  # polls of unmoved games: 304 at once
    return app
