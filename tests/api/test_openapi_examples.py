"""The OpenAPI document's example requests (issue 19): every operation with a request body has
whole examples, each succeeds as sent, and every example value is safe for a browser's JSON.
The example answers (issue 20): the operations answering with data show one, and each is the
answer the service gives to the example request of its name (or in the example game it names)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

JSON_SAFE = 2**53
"""The largest integer a browser's JSON reads exactly."""

GAMES = "/v1/games"


def document(client: FlaskClient) -> dict[str, Any]:
    """The served OpenAPI document."""
    response = client.get("/openapi.json")
    assert response.status_code == 200
    return response.json


def operations(spec: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every operation of ``spec``: its path, method and Operation Object."""
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in ("get", "put", "post", "delete", "patch"):
                yield path, method, operation


def request_examples(operation: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The JSON example requests of ``operation`` by name (a lone ``example`` is named ``example``)."""
    media = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    if "example" in media:
        return {"example": {"value": media["example"]}}
    return dict(media.get("examples", {}))


def integers(value: Any) -> Iterator[int]:
    """The integers anywhere in the JSON value ``value``."""
    if isinstance(value, dict):
        for item in value.values():
            yield from integers(item)
    elif isinstance(value, list):
        for item in value:
            yield from integers(item)
    elif isinstance(value, int) and not isinstance(value, bool):
        yield value


def with_body(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """The operations of ``spec`` that take a request body."""
    return [(path, method, operation) for path, method, operation in operations(spec)
            if "requestBody" in operation]


def test_every_operation_with_a_body_has_a_whole_example(client: FlaskClient) -> None:
    spec = document(client)
    bodies = with_body(spec)
    assert {path for path, _, _ in bodies} >= {GAMES, "/v1/games/{game_id}/actions", "/v1/disputes"}
    for path, method, operation in bodies:
        examples = request_examples(operation)
        assert examples, f"{method.upper()} {path} has no example request"
        for name, example in examples.items():
            assert isinstance(example.get("value"), dict), f"{path} {name}: no whole body"
            assert example.get("summary"), f"{path} {name}: no summary"


def test_every_example_value_is_json_safe_for_a_browser(client: FlaskClient) -> None:
    spec = document(client)
    for path, _, operation in operations(spec):
        for name, example in request_examples(operation).items():
            assert all(abs(number) <= JSON_SAFE for number in integers(example["value"])), (path, name)
        for parameter in [*operation.get("parameters", []), *spec["paths"][path].get("parameters", [])]:
            assert all(abs(number) <= JSON_SAFE for number in integers(parameter.get("example"))), path


def test_game_id_parameters_have_an_example(client: FlaskClient) -> None:
    spec = document(client)
    game_paths = [path for path in spec["paths"] if "{game_id}" in path]
    assert game_paths
    for path in game_paths:
        parameters = {parameter["name"]: parameter for parameter in spec["paths"][path]["parameters"]}
        assert parameters["game_id"].get("example"), path


def _create(client: FlaskClient, spec: dict[str, Any], name: str) -> dict[str, Any]:
    """The game created from the ``POST /v1/games`` example ``name``."""
    examples = request_examples(spec["paths"][GAMES]["post"])
    assert name in examples, f"no create example {name}"
    response = client.post(GAMES, json=examples[name]["value"])
    assert response.status_code == 201, response.json
    return response.json


def _cases() -> list[tuple[str, str, str]]:
    """Every (path, method, example name) of the served document, read once at collection."""
    from api import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})
    spec = app.test_client().get("/openapi.json").json
    return [(path, method, name) for path, method, operation in with_body(spec)
            for name in request_examples(operation)]


@pytest.mark.parametrize(("path", "method", "name"), _cases())
def test_each_example_request_succeeds_as_sent(client: FlaskClient, path: str, method: str,
                                               name: str) -> None:
    spec = document(client)
    example = request_examples(spec["paths"][path][method])[name]
    headers: dict[str, str] = {}
    url = path
    if "{game_id}" in path:
        # An action example acts in the fresh game of its create example, as the seat it names.
        assert "x-game" in example and "x-seat" in example, f"{path} {name}: which game and seat?"
        assert f"seat {example['x-seat']}" in example["summary"].lower(), example["summary"]
        created = _create(client, spec, example["x-game"])
        url = path.replace("{game_id}", created["id"])
        headers["Authorization"] = f"Bearer {created['seats'][example['x-seat']]['token']}"
    response = client.open(url, method=method.upper(), json=example["value"], headers=headers)
    assert 200 <= response.status_code < 300, (path, name, response.json)


ANSWERED = {("/v1/ramchi/score", "post"), ("/v1/continental/score", "post"),
            ("/v1/continental/check", "post"), ("/v1/continental/advice", "post"),
            ("/v1/replays", "post"), ("/v1/disputes", "post"), ("/v1/games/{game_id}/log", "get"),
            ("/v1/games/{game_id}/advice", "get")}
"""The operations whose answers the document shows by example (at least these)."""


def response_examples(operation: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The JSON example answers of ``operation``'s success, by name."""
    success = next((value for code, value in operation["responses"].items() if str(code).startswith("2")), {})
    return dict(success.get("content", {}).get("application/json", {}).get("examples", {}))


def shown_in(shown: Any, given: Any, varies: frozenset[str], where: str = "") -> None:
    """``shown`` (an example answer) is ``given`` (the answer), or a part of it: an object may
    leave out members (the long ones), every member it shows is the answer's; a member named in
    ``varies`` (an id, a token, a time) is only of the same type."""
    if isinstance(shown, dict):
        assert isinstance(given, dict), where
        for key, value in shown.items():
            assert key in given, f"{where}/{key}: not in the answer"
            if key in varies:
                assert type(value) is type(given[key]), f"{where}/{key}"
            else:
                shown_in(value, given[key], varies, f"{where}/{key}")
    else:
        assert shown == given, f"{where}: the example shows {shown!r}, the answer is {given!r}"


def test_the_operations_that_answer_with_data_show_an_answer(client: FlaskClient) -> None:
    spec = document(client)
    for path, method in ANSWERED:
        examples = response_examples(spec["paths"][path][method])
        assert examples, f"{method.upper()} {path} has no example answer"
        for name, example in examples.items():
            assert example.get("summary") and isinstance(example.get("value"), dict), (path, name)


ANSWERED_ELSEWHERE = {("/v1/disputes", "ramchi-changed-winner")}
"""Example answers to a request the document does not show (a whole tampered log, too long):
``tests/api/test_disputes_in_words.py`` builds the request and checks the answer."""


def _answer_cases() -> list[tuple[str, str, str]]:
    """Every (path, method, example answer name) of the served document but
    :data:`ANSWERED_ELSEWHERE`."""
    from api import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})
    spec = app.test_client().get("/openapi.json").json
    return [(path, method, name) for path, method, operation in operations(spec)
            for name in response_examples(operation) if (path, name) not in ANSWERED_ELSEWHERE]


@pytest.mark.parametrize(("path", "method", "name"), _answer_cases())
def test_each_example_answer_is_the_answer_given(client: FlaskClient, path: str, method: str,
                                                 name: str) -> None:
    """An example answer is what the service answers to the example request of the same name (a
    body), or in the fresh game of its create example to the seat it names (``x-game``,
    ``x-seat``)."""
    spec = document(client)
    operation = spec["paths"][path][method]
    example = response_examples(operation)[name]
    headers: dict[str, str] = {}
    url, body = path, None
    if "requestBody" in operation:
        requests = request_examples(operation)
        assert name in requests, f"{path} {name}: no example request of that name"
        body = requests[name]["value"]
    if "{game_id}" in path:
        assert "x-game" in example, f"{path} {name}: which game?"
        created = _create(client, spec, example["x-game"])
        url = path.replace("{game_id}", created["id"])
        if example.get("x-seat") is not None:
            headers["Authorization"] = f"Bearer {created['seats'][example['x-seat']]['token']}"
    response = client.open(url, method=method.upper(), json=body, headers=headers)
    assert 200 <= response.status_code < 300, (path, name, response.json)
    shown_in(example["value"], response.json, frozenset(example.get("x-varies", ())), f"{path} {name}")
