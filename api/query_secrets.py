"""Seat tokens travel only in the ``Authorization`` header, never in an address.

An address (with its query string) ends up in access logs, proxy logs, browser history and
``Referer`` headers, so a token sent as ``?token=…`` would be shown to whoever reads them. Every
request whose query string names a token parameter (:data:`SECRET_PARAMETERS`, any letter case)
is refused with ``400 token_in_query`` before any route runs, whatever the address; the
access log never shows query strings either (:data:`api.serve.ACCESS_LOG_FORMAT`).

>>> from flask import Flask
>>> app = Flask(__name__)
>>> app.add_url_rule("/x", "x", lambda: "hi")
>>> with app.test_request_context("/x?Token=abc&page=2"):
...     secret_parameters()
['Token']
"""

from __future__ import annotations

from flask import Flask, request

from api.errors import ApiProblem

__all__ = ["SECRET_PARAMETERS", "refuse_tokens_in_query", "register_query_secrets", "secret_parameters"]

SECRET_PARAMETERS = frozenset({"token", "access_token", "seat_token", "bearer", "authorization"})
"""Query parameters (compared in lower case) that would carry a seat token."""


def secret_parameters() -> list[str]:
    """The token parameters of the current request's query string, as sent."""
    return [name for name in request.args if name.lower() in SECRET_PARAMETERS]


def refuse_tokens_in_query() -> None:
    """Refuse the current request if its query string carries a token (``400 token_in_query``)."""
    found = secret_parameters()
    if found:
        raise ApiProblem(
            "token_in_query",
            f"the query parameter {found[0]!r} would carry a seat token in the address, where "
            "logs and browser history keep it: send the token as 'Authorization: Bearer "
            "<seat token>' instead, and treat this one as exposed",
            errors=[{"pointer": f"/query/{found[0]}", "detail": "a token is sent only in the "
                     "Authorization header"}])


def register_query_secrets(app: Flask) -> None:
    """Check every request of ``app`` before its route (unknown addresses included)."""
    app.before_request(refuse_tokens_in_query)
