"""Problem details (RFC 9457): every error the API returns, with a stable ``code``.

A problem is JSON sent as ``application/problem+json`` with ``type``,
``title``, ``status``, ``detail`` and ``code``; invalid fields are listed in
``errors`` as ``{"pointer": "/cards/1", "detail": "..."}``. The ``type`` is
``/problems/<code>``, a page that explains the problem.

Refusals raised by :mod:`rulesets` and :mod:`solver` map here once, by class
(:data:`STATUS_BY_KIND`): bad input 422, illegal in the current state 409,
unknown 404, too much work asked 422 ``limit_exceeded``, the solver out of time
503; anything else is a bug: 500 with the traceback in the log.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, Response, current_app, jsonify
from sqlalchemy.exc import DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from werkzeug.exceptions import HTTPException

from rulesets.errors import (
    IllegalActionError,
    InvalidInputError,
    NotFoundError,
    RulesError,
    RulesetError,
)
from solver.budget import BudgetExceededError
from solver.errors import SolverTimeoutError

__all__ = ["PROBLEMS", "ApiProblem", "ProblemType", "problem_response", "register_error_handlers"]

log = logging.getLogger(__name__)

DATABASE_UNAVAILABLE: tuple[type[Exception], ...] = (
    OperationalError, InterfaceError, DisconnectionError, PoolTimeoutError)
"""Database errors that mean "not reachable or busy now" (503), not a bug (500)."""

PROBLEM_MEDIA_TYPE = "application/problem+json"


@dataclass(frozen=True, slots=True)
class ProblemType:
    """A kind of problem: HTTP status, short title, and what the client should do."""

    status: int
    title: str
    help: str


PROBLEMS: dict[str, ProblemType] = {
    "malformed_json": ProblemType(
        400, "Malformed JSON", "The request body is not valid JSON. Send a JSON object."),
    "invalid_request": ProblemType(
        422, "Invalid request",
        "A field is missing, of the wrong type or out of range; 'errors' lists each one."),
    "invalid_card": ProblemType(
        422, "Not a card",
        "A card code could not be read. Write rank then suit: As, Td or 10d, 2c; suits c d h s "
        "or ♣ ♦ ♥ ♠."),
    "duplicate_card": ProblemType(
        422, "Duplicate card", "A card appears more often than the decks in play hold it: once "
        "in Ramchi (one deck), twice in Continental (two decks; more decks with more players), "
        "counting every list of the request together where they share the cards (422 in a "
        "request's cards; 409 when a game action, such as an arrangement, uses it twice)."),
    "wrong_card_count": ProblemType(
        422, "Wrong number of cards", "Give exactly the number of cards the request needs (422; "
        "409 when a combination of a game action does not have three cards)."),
    "invalid_cards": ProblemType(422, "Invalid cards", "The cards cannot be used as given."),
    "invalid_ruleset": ProblemType(
        422, "Invalid ruleset options", "A ruleset option is unknown or has a wrong value."),
    "unknown_ruleset": ProblemType(404, "Unknown ruleset", "No ruleset has that name."),
    "illegal_action": ProblemType(
        409, "Illegal action", "The action breaks a rule in the game's current state."),
    "not_found": ProblemType(404, "Not found", "There is nothing at this address."),
    # The rules pages (api/rules_pages.py):
    "unknown_rules": ProblemType(
        404, "No rules for that game",
        "There is a rules page for each game the service plays: /rules/ramchi and "
        "/rules/continental."),
    "rules_unavailable": ProblemType(
        503, "Rules not installed",
        "The server was installed without its rules documents (docs/rules). Its operator sets "
        "RAMCHI_RULES_DIR to the folder holding ramchi.md and continental.md."),
    "method_not_allowed": ProblemType(
        405, "Method not allowed", "This address does not accept that HTTP method."),
    "unsupported_media_type": ProblemType(
        415, "Unsupported media type", "Send the request body as application/json."),
    "limit_exceeded": ProblemType(
        422, "Limit exceeded", "A request parameter is above what one request may ask for."),
    "internal_error": ProblemType(
        500, "Internal error", "Something failed on the server. It has been logged; try again."),
    "http_error": ProblemType(400, "HTTP error", "The request could not be handled."),
    "unauthorized": ProblemType(
        401, "Seat token needed", "Send 'Authorization: Bearer <seat token>' as given at creation."),
    "forbidden": ProblemType(403, "Wrong token", "The token belongs to no seat of this game."),
    # Request hygiene and per-client limits (issue 18):
    "token_in_query": ProblemType(
        400, "Token in the address",
        "A seat token was sent in the query string (?token=, ?access_token=, ...), where logs "
        "and browser history keep it. Send it only as 'Authorization: Bearer <seat token>'."),
    "game_not_found": ProblemType(404, "Game not found", "No game has that id."),
    "stale_version": ProblemType(
        409, "Stale version", "The game changed since you read it: reload it and decide again."),
    "action_id_reused": ProblemType(
        409, "action_id reused", "Each action needs its own action_id; retries reuse the same one."),
    "invalid_game_config": ProblemType(
        422, "Invalid game", "The players, deck, seed, dealer, ruleset or options are invalid."),
    "invalid_log": ProblemType(422, "Invalid log", "A posted log record could not be read."),
    # Refusals by the rules of a game (409 when an action breaks them in a game; 422 when a
    # request's own input, e.g. a lineup given for hindsight, does):
    "rules_error": ProblemType(
        422, "Refused by the rules", "A rule refused the request; 'detail' says which and why."),
    "invalid_input": ProblemType(
        422, "Input that cannot be used",
        "The input is readable but cannot be used as given; 'detail' says why and 'rule' names "
        "the rule."),
    "wrong_phase": ProblemType(
        409, "Wrong phase",
        "The game is not waiting for this kind of action now (e.g. arranging while the 2♦ holder "
        "still decides the exchange). Reload the game: 'phase' and 'awaiting' say what comes next."),
    "game_over": ProblemType(
        409, "Game over", "The game's hands have all been played; it accepts no more actions."),
    "nothing_to_advise": ProblemType(
        409, "Nothing to decide now",
        "The seat has no decision to make now (another seat is awaited, or it has already "
        "arranged), so there is nothing to advise: ask again when the view's 'awaiting' names "
        "the seat, or when a buy is offered to it."),
    "no_such_seat": ProblemType(
        422, "No such seat", "Seats are numbered from 0 in play order, one per player: Ramchi "
        "has three (0, 1, 2), Continental one per player seated."),
    "card_not_in_hand": ProblemType(
        409, "Card not in hand",
        "A combination uses a card the seat does not hold (409 in a game; 422 for a lineup "
        "given for hindsight). Use only the cards of the hand."),
    "up_card_in_hand": ProblemType(
        422, "Up-card in the hand",
        "The up-card lies face up, so it cannot also be one of the 17 cards of a hand."),
    "log_mismatch": ProblemType(
        422, "Log does not match",
        "A posted log's events must be exactly those the rules derive from its actions; the "
        "verdict names the first record that differs."),
    "wrong_game": ProblemType(
        409, "Not an action of this game",
        "Each game has its own actions: Ramchi takes exchange, keep and arrange; Continental "
        "draw, buy, pass, drop, lay_off, swap_joker, move_joker and discard (and both take "
        "replace_by_bot, the host handing a seat to a bot)."),
    # A seat handed to a bot (rulesets/seating.py), in every game:
    "not_the_host": ProblemType(
        409, "Only the host hands a seat to a bot",
        "Only the player who created the table (the view's 'host') may hand a seat to a bot "
        "(replace_by_bot). Ask them to."),
    "unknown_bot": ProblemType(
        422, "No such bot",
        "A seat is handed to one of the game's bots, by the name 'bots' takes when a game is "
        "created: Ramchi's greedy, maximin and ev; Continental's advisor, ev and random. "
        "'detail' lists them."),
    "already_a_bot": ProblemType(
        409, "Already played by a bot",
        "The seat is already played by a bot (from the start, or handed to one since): a seat "
        "is handed to a bot once. The view's 'bots' says which seats bots play."),
    "no_person_left": ProblemType(
        409, "The last person's seat",
        "At least one seat of a table is played by a person; a game of bots only is played with "
        "the command line (ramchi simulate). The last seat a person plays is not handed to a bot."),
    "seat_played_by_bot": ProblemType(
        409, "This seat is played by a bot",
        "The seat of this token is now played by a bot (the view's 'bots'): its token still reads "
        "the seat's view and log, but the bot takes its actions."),
    "solver_timeout": ProblemType(
        503, "Solver timed out", "The solver found no answer within its time limit; retry."),
    # Compute budgets (api/pool.py, solver/budget.py):
    "budget_exceeded": ProblemType(
        503, "Solver budget exceeded",
        "Every solver request has a budget of solver time (RAMCHI_SOLVE_BUDGET_S, 2 s by "
        "default). Advice that can answer early does so and says so (\"complete\": false, "
        "\"samples_used\"); a solver that cannot answer early refuses with this problem instead. "
        "Ask for less: fewer samples, faster opponent models, a smaller hand or table. A dispute "
        "or a replay has a budget of its own (RAMCHI_LOG_BUDGET_S, 10 s by default): post a "
        "shorter log, or ask a replay for fewer steps (a smaller limit). Retry after the seconds "
        "in 'Retry-After'."),
    "busy": ProblemType(
        503, "Solver busy",
        "Every solver process is working and the queue of requests waiting for one is full (or "
        "none came free within a second), so the request was refused at once instead of "
        "waiting. Games, views and logs are not affected. Retry after the seconds in "
        "'Retry-After'."),
    "too_many_requests": ProblemType(
        429, "Too many requests",
        "Your address has too much in progress: at most a few solver requests in flight at once "
        "(RAMCHI_SOLVER_PER_CLIENT, 4 by default), or too many games created in the last hour "
        "(RAMCHI_GAMES_PER_HOUR, 60 by default). Wait for your answers, or the seconds in "
        "'Retry-After', before sending more."),
    "database_unavailable": ProblemType(
        503, "Database unavailable", "The service cannot reach its database just now. Retry "
        "after the seconds in 'Retry-After'; a game action retried with the same action_id is "
        "never applied twice."),
    # Answered by the HTTP server itself (api/worker.py), before the request reaches the API:
    "bad_request": ProblemType(
        400, "Malformed HTTP request",
        "The request line or a header is not valid HTTP/1.1. Send 'METHOD /path HTTP/1.1', then "
        "one 'Name: value' header per line, each line ending in CRLF."),
    "malformed_chunked_body": ProblemType(
        400, "Malformed chunked body",
        "A chunk of a 'Transfer-Encoding: chunked' body is malformed: each chunk is its size in "
        "hex, CRLF, the data, CRLF; the body ends with '0' CRLF CRLF. Or send Content-Length."),
    "uri_too_long": ProblemType(
        414, "URI too long", "The request line is longer than the server accepts. Send the data "
        "in a JSON body instead of the address."),
    "headers_too_large": ProblemType(
        431, "Request headers too large",
        "There are too many headers, or one is too long. Send fewer or shorter headers."),
    "request_timeout": ProblemType(
        408, "Request timeout", "The request did not arrive completely in time, so the "
        "connection was closed. Send the whole request at once, then retry."),
    "request_too_large": ProblemType(
        413, "Request too large", "The request body is larger than the server reads."),
    "expectation_failed": ProblemType(
        417, "Expectation failed", "The 'Expect' header asks for something the server does not "
        "do. Send the request without it (or with 'Expect: 100-continue')."),
    "unsupported_transfer_coding": ProblemType(
        501, "Unsupported transfer coding",
        "The request uses a Transfer-Encoding the server does not implement. Use 'chunked' or "
        "send Content-Length."),
    "request_forbidden": ProblemType(
        403, "Request forbidden", "The server refuses this connection or request as sent."),
}
"""Every problem code the platform can return; each game adds the pages of the codes only its
rules raise while it is registered (:attr:`api.game_api.GameApi.problems`)."""


@dataclass
class ApiProblem(Exception):
    """Raise in a route to answer with a problem; ``status`` defaults from the code."""

    code: str
    detail: str
    status: int | None = None
    errors: list[dict[str, str]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    """Headers of the answer (e.g. ``Retry-After``)."""

    def __str__(self) -> str:
        """The detail text."""
        return self.detail


def problem_response(
    code: str,
    detail: str,
    *,
    status: int | None = None,
    errors: list[dict[str, str]] | None = None,
    extra: dict[str, Any] | None = None,
) -> Response:
    """Build an ``application/problem+json`` response for ``code``."""
    kind = PROBLEMS.get(code) or ProblemType(
        status or 400, code.replace("_", " ").capitalize(), "See 'detail' and 'rule'.")
    body: dict[str, Any] = {
        "type": f"/problems/{code}",
        "title": kind.title,
        "status": status or kind.status,
        "detail": detail,
        "code": code,
    }
    if errors:
        body["errors"] = errors
    if extra:
        body.update(extra)
    response = jsonify(body)
    response.status_code = body["status"]
    response.mimetype = PROBLEM_MEDIA_TYPE
    return response


STATUS_BY_KIND: tuple[tuple[type[Exception], int], ...] = (
    (NotFoundError, 404),  # before InvalidInputError: an unknown ruleset is both
    (IllegalActionError, 409),
    (InvalidInputError, 422),  # LimitExceededError, CardError, ConfigError, LogError ... too
    (SolverTimeoutError, 503),
    (BudgetExceededError, 503),
)
"""The HTTP status of each kind of refusal, by exception class: the one place that decides it."""


def status_of(err: Exception) -> int:
    """The HTTP status of a refusal, by its class (500 for anything that is no refusal: a bug).

    >>> status_of(IllegalActionError("not now", rule="turn order")), status_of(ValueError())
    (409, 500)
    """
    return next((status for kind, status in STATUS_BY_KIND if isinstance(err, kind)), 500)


def refusal_extra(err: RulesError, rule: str | None = None) -> dict[str, Any]:
    """The members a refusal adds to its problem: the rule broken, each problem, the field."""
    extra: dict[str, Any] = {}
    rule = rule or getattr(err, "rule", None)
    if rule:
        extra["rule"] = rule
    if isinstance(err, RulesetError):
        extra["problems"] = err.problems
    return extra


def _rules_problem(err: RulesError) -> Response:
    status = status_of(err)
    if status == 500:
        return _unexpected_problem(err)
    field = getattr(err, "field", None)
    errors = [{"pointer": f"/{field}", "detail": err.message}] if field else None
    return problem_response(err.code, err.message, status=status, errors=errors,
                            extra=refusal_extra(err))


RETRY_SOLVER_S = 2
"""The ``Retry-After`` seconds of a solver that ran out of time."""


def _solver_problem(err: SolverTimeoutError | BudgetExceededError) -> Response:
    response = problem_response(err.code, err.message, status=status_of(err))
    response.headers["Retry-After"] = str(max(RETRY_SOLVER_S, math.ceil(getattr(err, "seconds", 0))))
    return response


def _api_problem(err: ApiProblem) -> Response:
    response = problem_response(err.code, err.detail, status=err.status, errors=err.errors,
                                extra=err.extra)
    response.headers.update(err.headers)
    return response


def _schema_messages(value: Any) -> Any:
    """Say marshmallow's "Invalid input type." of a whole value in words."""
    if isinstance(value, list):
        return ["expected a JSON object here" if m == "Invalid input type." else m for m in value]
    return value


def _flatten_messages(messages: Any, pointer: str = "") -> list[dict[str, str]]:
    """Turn marshmallow's nested messages into a flat list of JSON-pointer errors."""
    if isinstance(messages, dict):
        found: list[dict[str, str]] = []
        for key, value in messages.items():
            if key == "_schema":  # marshmallow's "the value itself", e.g. not an object
                found.extend(_flatten_messages(_schema_messages(value), pointer))
            else:
                found.extend(_flatten_messages(value, f"{pointer}/{key}"))
        return found
    if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        return [{"pointer": pointer or "/", "detail": m} for m in messages]
    if isinstance(messages, list):
        return [e for m in messages for e in _flatten_messages(m, pointer)]
    return [{"pointer": pointer or "/", "detail": str(messages)}]


def _validation_problem(err: HTTPException) -> Response:
    data = getattr(err, "data", None) or {}
    messages = data.get("messages", {})
    location_messages: dict[str, Any] = {}
    for location, inner in messages.items():
        location_messages.update(inner if isinstance(inner, dict) else {location: inner})
    errors = _flatten_messages(location_messages)
    if err.code == 400:
        return problem_response("malformed_json", "The request body is not valid JSON.")
    detail = "; ".join(f"{e['pointer'].lstrip('/') or 'body'}: {e['detail']}" for e in errors)
    return problem_response(_code_of_fields(errors), detail or "The request is invalid.", errors=errors)


_FIELD_CODES = {"options": "invalid_ruleset"}
"""Request fields whose bad values have a problem code of their own (the rest: invalid_request)."""


def _code_of_fields(errors: list[dict[str, str]]) -> str:
    """The problem code of schema errors: a field's own code when every error is inside it.

    >>> _code_of_fields([{"pointer": "/config/options/exchange", "detail": "Not a boolean"}])
    'invalid_ruleset'
    >>> _code_of_fields([{"pointer": "/options/exchange"}, {"pointer": "/seed"}])
    'invalid_request'
    """
    codes = {next((_FIELD_CODES[part] for part in e["pointer"].split("/") if part in _FIELD_CODES),
                  "invalid_request") for e in errors}
    return codes.pop() if len(codes) == 1 else "invalid_request"


_HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 408: "request_timeout",
               413: "request_too_large", 415: "unsupported_media_type"}


def _http_problem(err: HTTPException) -> Response:
    data = getattr(err, "data", None) or {}
    if "messages" in data:
        return _validation_problem(err)
    code = _HTTP_CODES.get(err.code or 400, "http_error")
    detail = err.description or PROBLEMS[code].help
    if err.code == 413:
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        detail = f"the request body is larger than {limit:,} bytes, the most one request may send"
    response = problem_response(code, detail, status=err.code)
    if err.code == 405 and hasattr(err, "valid_methods") and err.valid_methods:
        response.headers["Allow"] = ", ".join(err.valid_methods)
    return response


def _database_problem(err: Exception) -> Response:
    """The database cannot be reached or is busy: 503, to retry (the cause goes to the log only)."""
    log.error("database unavailable: %s", str(err).splitlines()[0] if str(err) else type(err).__name__)
    response = problem_response("database_unavailable", PROBLEMS["database_unavailable"].help)
    response.headers["Retry-After"] = "5"
    return response


def _unexpected_problem(err: Exception) -> Response:
    log.exception("unhandled error", exc_info=err)
    return problem_response("internal_error", PROBLEMS["internal_error"].help)


def register_error_handlers(app: Flask) -> None:
    """Answer every error of ``app`` with problem details (replaces flask-smorest's JSON)."""
    app.register_error_handler(ApiProblem, _api_problem)
    app.register_error_handler(RulesError, _rules_problem)
    app.register_error_handler(SolverTimeoutError, _solver_problem)
    app.register_error_handler(BudgetExceededError, _solver_problem)
    app.register_error_handler(HTTPException, _http_problem)
    for database_error in DATABASE_UNAVAILABLE:
        app.register_error_handler(database_error, _database_problem)
    app.register_error_handler(Exception, _unexpected_problem)
