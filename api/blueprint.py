"""The API's blueprint class: flask-smorest's, reading JSON bodies defensively.

Every route's body is read by :class:`BodyParser`, so no body a client sends
can crash the service: JSON that is not valid, nested deeper than
:data:`MAX_DEPTH` levels, or holding a number too long to read is a
``400 malformed_json`` problem that says why, before any schema sees it. (The
size of a body is capped earlier, by ``MAX_CONTENT_LENGTH``: ``413``.)

>>> load_body(b'{"cards": ["As"]}')
{'cards': ['As']}
>>> load_body(b"[" * 100 + b"]" * 100)
Traceback (most recent call last):
...
api.errors.ApiProblem: the JSON body is nested deeper than 32 levels
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import flask
import flask_smorest
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from api.errors import ApiProblem
from api.schemas import PROBLEM

__all__ = ["MAX_DEPTH", "Blueprint", "BodyParser", "load_body"]

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a request body may have (the API needs 4)."""


def _depth_exceeds(value: Any, limit: int) -> bool:
    """Whether ``value`` nests arrays/objects more than ``limit`` deep (iterative: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def _malformed(reason: str) -> ApiProblem:
    return ApiProblem("malformed_json", reason)


def load_body(data: bytes) -> Any:
    """Parse a request body as JSON; raise a ``400 malformed_json`` problem saying why not."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise _malformed(f"the body is not UTF-8 text (byte {err.start})") from None
    try:
        value = json.loads(text)
    except RecursionError:
        raise _malformed(f"the JSON body is nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as err:
        raise _malformed(f"the body is not valid JSON: {err.msg} at line {err.lineno} "
                         f"column {err.colno}") from None
    except ValueError as err:  # e.g. an integer of more than 4,300 digits
        raise _malformed(f"the JSON body holds a value that cannot be read: "
                         f"{str(err).split(';')[0][:120]}") from None
    if _depth_exceeds(value, MAX_DEPTH):
        raise _malformed(f"the JSON body is nested deeper than {MAX_DEPTH} levels")
    return value


class BodyParser(FlaskParser):
    """webargs' Flask parser with :func:`load_body` as its JSON reader."""

    def _raw_load_json(self, req: flask.Request) -> Any:
        data = req.get_data(cache=True)
        if not data:
            return core.missing
        if not is_json_request(req):
            raise ApiProblem("unsupported_media_type", f"the body was sent as "
                             f"{req.mimetype or 'no media type'!r}: send it as JSON, with "
                             "'Content-Type: application/json'")
        return load_body(data)


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's blueprint whose request bodies go through :class:`BodyParser`."""

    ARGUMENTS_PARSER = BodyParser()

    def solver_problems(self) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Document the two answers every solver route may give besides its own refusals:
        ``429 too_many_requests`` and ``503`` (``solver_timeout``, ``budget_exceeded``, ``busy``).
        """
        too_many = self.alt_response(429, description="Your address already has its share of "
                                     "solver requests in flight (too_many_requests, with "
                                     "Retry-After).", **PROBLEM)
        unavailable = self.alt_response(503, description="The solver found nothing within its "
                                        "time limit (solver_timeout) or its budget "
                                        "(budget_exceeded), or every solver process is busy "
                                        "(busy); each with Retry-After.", **PROBLEM)
        return lambda route: too_many(unavailable(route))
