"""Issue 18, items 4 and 5: the headers every answer carries, and tokens only in the header.

Every route of the OpenAPI document (any method, with minimal bodies; problems are fine)
answers ``X-Content-Type-Options: nosniff``, as do the docs, the page, static files and
errors; answers that carry a seat's secrets are ``Cache-Control: no-store``; ``/docs`` has a
Content-Security-Policy that still lets its own scripts run. A token in the query string is
refused with ``400 token_in_query`` on any address.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.headers import inline_script_hashes

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

GAME = {"players": ["Asha", "Bo", "Chen"], "hands": 1, "seed": 5, "dealer": 0}
PATH_VALUES = {"game_id": None, "name": "ramchi", "code": "not_found"}
"""What each path parameter of the document is filled with (``None``: the test game's id)."""


def created(client: FlaskClient) -> tuple[str, list[str]]:
    response = client.post("/v1/games", json=GAME)
    assert response.status_code == 201, response.json
    return response.json["id"], [seat["token"] for seat in response.json["seats"]]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def documented_requests(client: FlaskClient, game_id: str) -> Iterator[tuple[str, str]]:
    """``(method, path)`` of every operation in ``/openapi.json``, parameters filled in."""
    document = client.get("/openapi.json").json
    assert document["paths"]
    for template, operations in document["paths"].items():
        path = re.sub(r"\{(\w+)\}", lambda m: PATH_VALUES[m.group(1)] or game_id, template)
        for method in operations:
            if method in {"get", "post", "put", "patch", "delete"}:
                yield method.upper(), path


def send(client: FlaskClient, method: str, path: str, headers: dict[str, str] | None = None) -> Any:
    body = {} if method in {"POST", "PUT", "PATCH"} else None
    return client.open(path, method=method, json=body, headers=headers or {})


def test_every_documented_route_answers_nosniff_with_and_without_a_token(client: FlaskClient) -> None:
    game_id, tokens = created(client)
    seen = 0
    for method, path in documented_requests(client, game_id):
        for headers in ({}, bearer(tokens[0]), bearer("not-a-token")):
            answer = send(client, method, path, headers)
            assert answer.status_code < 500, (method, path, answer.json)
            assert answer.headers.get("X-Content-Type-Options") == "nosniff", (method, path)
            seen += 1
    assert seen >= 3 * 15


@pytest.mark.parametrize("path", ["/", "/web/app.js", "/web/app.css", "/docs/", "/docs",
                                  "/docs/swagger-ui-bundle.js", "/openapi.json", "/problems/forbidden",
                                  "/problems/no_such_code", "/no/such/page", "/health?token=x"])
def test_pages_static_files_and_errors_answer_nosniff(client: FlaskClient, path: str) -> None:
    assert client.get(path).headers.get("X-Content-Type-Options") == "nosniff"


def test_a_method_not_allowed_answers_nosniff(client: FlaskClient) -> None:
    answer = client.delete("/health")
    assert answer.status_code == 405 and answer.headers["X-Content-Type-Options"] == "nosniff"


def test_answers_with_a_seats_secrets_are_no_store(client: FlaskClient) -> None:
    creation = client.post("/v1/games", json=GAME)
    assert creation.status_code == 201 and creation.headers["Cache-Control"] == "no-store"
    game_id, tokens = creation.json["id"], [seat["token"] for seat in creation.json["seats"]]
    view = client.get(f"/v1/games/{game_id}", headers=bearer(tokens[1]))
    assert "hand" in view.json and view.headers["Cache-Control"] == "no-store"
    log = client.get(f"/v1/games/{game_id}/log", headers=bearer(tokens[1]))
    assert log.status_code == 200 and log.headers["Cache-Control"] == "no-store"
    holder = client.get(f"/v1/games/{game_id}").json["two_of_diamonds_holder"]
    action = client.post(f"/v1/games/{game_id}/actions", json={"type": "keep"},
                         headers=bearer(tokens[holder]))
    assert action.status_code == 200 and action.headers["Cache-Control"] == "no-store"
    refused = client.post(f"/v1/games/{game_id}/actions", json={"type": "keep"},
                          headers=bearer(tokens[holder]))
    assert refused.status_code == 409 and refused.headers["Cache-Control"] == "no-store"
    refused_creation = client.post("/v1/games", json={"players": ["only one"]})
    assert refused_creation.status_code == 422 and refused_creation.headers["Cache-Control"] == "no-store"


def test_public_answers_may_be_cached(client: FlaskClient) -> None:
    game_id, _ = created(client)
    assert "no-store" not in client.get(f"/v1/games/{game_id}").headers.get("Cache-Control", "")
    assert "no-store" not in client.get("/v1/rulesets").headers.get("Cache-Control", "")


def test_docs_have_a_content_security_policy_that_lets_their_own_scripts_run(client: FlaskClient) -> None:
    page = client.get("/docs/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    policy = dict(part.strip().split(" ", 1) for part in page.headers["Content-Security-Policy"].split(";"))
    assert policy["default-src"] == "'self'" and policy["frame-ancestors"] == "'none'"
    scripts = policy["script-src"].split()
    html = page.get_data()
    inline = inline_script_hashes(html)
    assert inline and all(source in scripts for source in inline)  # Swagger UI's start-up runs
    assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts
    assert b'"validatorUrl": null' in html  # no badge fetched from outside the policy
    sources = re.findall(rb'<script src="([^"]+)"', html) + re.findall(rb'href="([^"]+\.css)"', html)
    assert len(sources) >= 3
    for source in sources:  # every script and style comes from the service itself ('self')
        assert source.startswith(b"/docs/"), source
        answer = client.get(source.decode())
        assert answer.status_code == 200 and answer.headers["X-Content-Type-Options"] == "nosniff"
        assert answer.mimetype in {"text/javascript", "application/javascript", "text/css"}, source


# -- item 5: a seat token is sent only in the Authorization header -----------------------------

@pytest.mark.parametrize("query", ["token=secret123", "access_token=secret123", "Token=secret123",
                                   "page=2&seat_token=secret123"])
def test_a_token_in_the_query_string_is_refused_on_any_route(client: FlaskClient, query: str) -> None:
    game_id, _ = created(client)
    for method, path in [("GET", f"/v1/games/{game_id}"), ("GET", f"/v1/games/{game_id}/log"),
                         ("POST", f"/v1/games/{game_id}/actions"), ("GET", "/health"),
                         ("POST", "/v1/games"), ("GET", "/no/such/page")]:
        answer = send(client, method, f"{path}?{query}")
        assert answer.status_code == 400, (method, path, answer.json)
        assert answer.mimetype == "application/problem+json"
        problem = answer.json
        assert problem["code"] == "token_in_query" and problem["type"] == "/problems/token_in_query"
        assert "Authorization: Bearer" in problem["detail"] and "secret123" not in problem["detail"]


def test_a_refused_creation_with_a_token_in_the_query_creates_nothing(client: FlaskClient) -> None:
    assert client.post("/v1/games?token=x", json=GAME).status_code == 400
    game_id, _ = created(client)
    assert client.get(f"/v1/games/{game_id}").json["version"] == 0  # the store still works


def test_other_query_parameters_are_still_accepted(client: FlaskClient) -> None:
    assert client.get("/health?verbose=1").status_code == 200


def test_the_token_in_query_problem_has_a_page(client: FlaskClient) -> None:
    page = client.get("/problems/token_in_query")
    assert page.status_code == 200 and page.json["status"] == 400
    assert "Authorization: Bearer" in page.json["detail"]
