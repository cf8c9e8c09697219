"""The flask-smorest ``Api`` documenting every error as ``application/problem+json``."""

from __future__ import annotations

import http

from flask_smorest import Api
from flask_smorest.utils import prepare_response

from api.errors import PROBLEM_MEDIA_TYPE
from api.schemas import ProblemSchema


class ProblemApi(Api):  # type: ignore[misc]
    """An ``Api`` whose shared error responses are RFC 9457 problems."""

    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self) -> None:
        """Register one response per HTTP status, errors as problem+json."""
        for status in http.HTTPStatus:
            response: dict[str, object] = {"description": status.phrase}
            content_type = self.DEFAULT_RESPONSE_CONTENT_TYPE
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
                content_type = PROBLEM_MEDIA_TYPE
            prepare_response(response, self.spec, content_type)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Any error: RFC 9457 problem details", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM_MEDIA_TYPE)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)
