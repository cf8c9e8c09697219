"""The flask-smorest ``Api`` documenting every error as ``application/problem+json``.

It also documents what the routes cannot say through flask-smorest: the seat
token (an HTTP bearer security scheme) and the OpenAPI links between the game
operations (create a game, then view it, act in it, read its log, dispute the
log), which clients and stateful testers such as schemathesis follow.
"""

from __future__ import annotations

import copy
import http
from collections.abc import Callable
from typing import Any

from apispec import BasePlugin
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from marshmallow import Schema

from api.errors import PROBLEM_MEDIA_TYPE
from api.game_api import GameApi, api_game_names, game_api
from api.schemas import ProblemSchema

SEAT_TOKEN = "seatToken"
"""The security scheme of the seat tokens ``POST /v1/games`` returns (``seats[].token``)."""

GAMES = "/v1/games"
GAME = "/v1/games/{game_id}"
ACTIONS = "/v1/games/{game_id}/actions"
LOG = "/v1/games/{game_id}/log"
ADVICE = "/v1/games/{game_id}/advice"
DISPUTES = "/v1/disputes"
REPLAYS = "/v1/replays"

SECURITY: dict[tuple[str, str], list[dict[str, list[str]]]] = {
    (GAME, "get"): [{}, {SEAT_TOKEN: []}],  # optional: a seat's view with a token, else the public one
    (ACTIONS, "post"): [{SEAT_TOKEN: []}],
    (LOG, "get"): [{}, {SEAT_TOKEN: []}],
    (ADVICE, "get"): [{SEAT_TOKEN: []}],
}
"""Which operations take a seat token (``[{}, …]``: optionally)."""


def operation_ref(path: str, method: str) -> str:
    """A link's ``operationRef`` to an operation of this document (a JSON Pointer).

    >>> operation_ref("/v1/games/{game_id}", "get")
    '#/paths/~1v1~1games~1{game_id}/get'
    """
    return f"#/paths/{path.replace('~', '~0').replace('/', '~1')}/{method}"


def _game_links(game_id: str, authorization: str, *, who: str) -> dict[str, dict[str, Any]]:
    """Links to view, act in, read the log of and get advice in the game ``game_id`` with a seat's
    token.

    ``game_id`` is a runtime expression, ``authorization`` the ``Authorization``
    header to send: a runtime expression, or one embedded in a string
    (``Bearer {$response.body#/seats/0/token}``).
    """
    parameters = {"game_id": game_id, "header.Authorization": authorization}
    return {
        "ViewGame": {"operationRef": operation_ref(GAME, "get"), "parameters": parameters,
                     "description": f"The game as {who} sees it."},
        "Act": {"operationRef": operation_ref(ACTIONS, "post"), "parameters": parameters,
                "description": f"Take an action as {who}."},
        "ReadLog": {"operationRef": operation_ref(LOG, "get"), "parameters": parameters,
                    "description": f"The game's log as {who} sees it."},
        "GetAdvice": {"operationRef": operation_ref(ADVICE, "get"), "parameters": parameters,
                      "description": f"The advice for {who} now, from what it knows."},
    }


def _bearer(seat: int) -> str:
    """The ``Authorization`` header of ``seat`` in a created game's answer."""
    return f"Bearer {{$response.body#/seats/{seat}/token}}"


def _created_links() -> dict[str, dict[str, Any]]:
    """From a created game: view, act and read the log as seat 0; act as seat 1 or 2."""
    links = _game_links("$response.body#/id", _bearer(0), who="seat 0")
    for seat in (1, 2):
        links[f"ActAsSeat{seat}"] = _game_links("$response.body#/id", _bearer(seat),
                                                who=f"seat {seat}")["Act"]
    return links


LINKS: dict[tuple[str, str, str], dict[str, dict[str, Any]]] = {
    (GAMES, "post", "201"): _created_links(),
    # An action's answer carries no token: the link reuses the one the action was sent with.
    (ACTIONS, "post", "200"): _game_links("$response.body#/state/id", "$request.header.Authorization",
                                          who="the seat that acted"),
    (LOG, "get", "200"): {
        "Dispute": {"operationRef": operation_ref(DISPUTES, "post"),
                    "requestBody": {"game": "$response.body#/game", "config": "$response.body#/config",
                                    "log": "$response.body#/log"},
                    "description": "Post the log to be judged (only a complete log, once the game "
                                   "is over, holds the seed and decks a replay needs).",
                    "x-schemathesis": {"merge_body": False}},
        "Replay": {"operationRef": operation_ref(REPLAYS, "post"),
                   "requestBody": {"game": "$response.body#/game", "config": "$response.body#/config",
                                   "log": "$response.body#/log",
                                   "complete": "$response.body#/complete"},
                   "description": "Tell the log step by step (a running game's too, its hidden "
                                  "cards left hidden).",
                   "x-schemathesis": {"merge_body": False}},
    },
}
"""Links by (path, method, status): the response's links by name."""

EXAMPLE_PARTS: dict[tuple[str, str], str] = {
    (GAMES, "post"): "create", (ACTIONS, "post"): "action", (DISPUTES, "post"): "dispute",
    (REPLAYS, "post"): "dispute"}
"""The shared operations whose example requests each game gives (``GameApi.examples``), by part
(a replay takes the body of a dispute)."""

RESPONSE_EXAMPLE_PARTS: dict[tuple[str, str, str], str] = {
    (DISPUTES, "post", "200"): "verdict", (REPLAYS, "post", "200"): "replay",
    (LOG, "get", "200"): "log", (ADVICE, "get", "200"): "seat_advice"}
"""The shared operations' answers whose examples each game gives (``GameApi.examples``), by
(path, method, status): an answer to a body is named as the example request it answers; an
answer of a GET names the create example of its game (``x-game``) and the seat asking
(``x-seat``, null: the public)."""

PATH_EXAMPLES: dict[str, str] = {"game_id": "0b6f8e1c-5d2a-4c3e-9f7a-2e4d6c8b1a09",
                                 "code": "invalid_log"}
"""Examples of path parameters by name: a ``game_id`` (a created game's ``id``, a UUID) and a
problem ``code``."""


def example_key(game: str, name: str) -> str:
    """The name in the document of the example ``name`` of ``game``.

    >>> example_key("toy", "keep")
    'toy-keep'
    """
    return f"{game}-{name}"


def request_examples(part: str) -> dict[str, dict[str, Any]]:
    """The example requests of ``part`` of every registered game, named by game then example.

    An action example's ``x-game`` (the create example it follows) is named likewise.
    """
    examples: dict[str, dict[str, Any]] = {}
    for name in api_game_names():
        for key, example in game_api(name).examples.get(part, {}).items():
            example = copy.deepcopy(dict(example))
            if "x-game" in example:
                example["x-game"] = example_key(name, example["x-game"])
            examples[example_key(name, key)] = example
    return examples

def schema_constraints() -> dict[str, dict[str, Any]]:
    """What a request schema requires beyond its fields, by component name (JSON Schema keywords).

    An action request is a tagged union on ``type``: the alternatives every
    registered game declares (e.g. a Ramchi ``arrange`` needs its combinations), in the
    order of :func:`api.game_api.api_game_names` (checked in ``tests/api/test_toy_game.py``).
    Each game adds the constraints of its own requests (``GameApi.schema_constraints``: a
    Continental advice request gives ``hand_number`` or ``contract``).
    """
    games = [game_api(name) for name in api_game_names()]
    constraints: dict[str, dict[str, Any]] = {}
    for game in games:
        constraints |= copy.deepcopy({name: dict(keywords)
                                      for name, keywords in game.schema_constraints.items()})
    for shell, part in GAME_PARTS.items():
        refs = [f"#/components/schemas/{component_name(getattr(game, part))}" for game in games]
        constraints[shell] = {"oneOf": [{"$ref": ref} for ref in refs]}
    for game in games:
        if game.action_variants:
            constraints[component_name(game.action)] = {
                "oneOf": [copy.deepcopy(variant) for variant in game.action_variants]}
    return constraints


GAME_PARTS = {"GameCreate": "create", "GameView": "view", "GameCreated": "created",
              "ActionRequest": "action", "DisputeRequest": "dispute", "Verdict": "verdict"}
"""The documented game bodies (:class:`api.game_bodies.ByGame` schemas) and the part of each
game's :class:`~api.game_api.GameApi` they stand for: each is documented as ``oneOf`` its
games' schemas."""


BY_GAME_FIELDS: dict[tuple[str, str], Callable[[GameApi], type[Schema] | None]] = {
    ("SeatAdvice", "advice"): lambda game: None if game.seat_advice is None else game.seat_advice.answer}
"""Fields of documented schemas that hold a game's own body, by (component, field): the schema
of each game (``None``: the game has none), documented as ``oneOf`` them (the in-game advice
holds the answer of its game's advice endpoint)."""


def by_game_schemas(field: tuple[str, str]) -> list[type[Schema]]:
    """The schemas of :data:`BY_GAME_FIELDS` ``field``, one per registered game that has one."""
    found = (BY_GAME_FIELDS[field](game_api(name)) for name in api_game_names())
    return [schema for schema in found if schema is not None]


def by_game_properties(name: str, definition: dict[str, Any]) -> dict[str, Any] | None:
    """The properties of the component ``name`` with its :data:`BY_GAME_FIELDS` documented as
    ``oneOf`` their games' schemas (``None``: it has none).
    """
    typed = [field for component, field in BY_GAME_FIELDS if component == name]
    if not typed:
        return None
    properties = copy.deepcopy(definition.get("properties", {}))
    for field in typed:
        refs = [{"$ref": f"#/components/schemas/{component_name(schema)}"}
                for schema in by_game_schemas((name, field))]
        properties[field] = {key: value for key, value in properties.get(field, {}).items()
                             if key not in ("type", "additionalProperties")} | {"oneOf": refs}
    return properties


def component_name(schema: type[Schema]) -> str:
    """The name of a schema class in the document (``RamchiGameViewSchema`` → ``RamchiGameView``).

    >>> from api.ramchi.schemas import RamchiGameViewSchema
    >>> component_name(RamchiGameViewSchema)
    'RamchiGameView'
    """
    return schema.__name__.removesuffix("Schema")


class GameLinksPlugin(BasePlugin):  # type: ignore[misc]
    """Adds what the routes do not declare: token security, links, schema constraints, and the
    example requests of the shared operations and ``game_id``.
    """

    def path_helper(self, path: str | None = None, operations: dict[str, Any] | None = None,
                    parameters: list[dict[str, Any]] | None = None, **kwargs: Any) -> str | None:
        """Give the path parameters of :data:`PATH_EXAMPLES` their example."""
        for parameter in parameters or ():
            if parameter.get("in") == "path" and parameter.get("name") in PATH_EXAMPLES:
                parameter.setdefault("example", PATH_EXAMPLES[parameter["name"]])
        return None

    def schema_helper(self, name: str, definition: dict[str, Any], **kwargs: Any) -> dict[str, Any] | None:
        """The constraints of the component schema ``name`` that its fields cannot state, and its
        fields that hold a game's own body (:data:`BY_GAME_FIELDS`).
        """
        extra = dict(schema_constraints().get(name) or {})
        properties = by_game_properties(name, definition)
        if properties is not None:
            extra["properties"] = properties
        return extra or None

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None,
                         **kwargs: Any) -> None:
        """Decorate the operations of ``path`` that take a token or have links."""
        for method, operation in (operations or {}).items():
            security = SECURITY.get((path or "", method))
            if security is not None:
                operation["security"] = security
            for (link_path, link_method, status), links in LINKS.items():
                if (link_path, link_method) != (path, method):
                    continue
                response = next(value for code, value in operation["responses"].items()
                                if str(code) == status)
                response["links"] = copy.deepcopy(links)
            part = EXAMPLE_PARTS.get((path or "", method))
            examples = request_examples(part) if part is not None else {}
            if examples and "requestBody" in operation:
                media = operation["requestBody"].setdefault("content", {}).setdefault(
                    "application/json", {})
                media["examples"] = examples
            for (example_path, example_method, status), answer in RESPONSE_EXAMPLE_PARTS.items():
                answers = request_examples(answer)
                if (example_path, example_method) == (path, method) and answers:
                    response = next(value for code, value in operation["responses"].items()
                                    if str(code) == status)
                    response.setdefault("content", {}).setdefault("application/json", {})[
                        "examples"] = answers


class ProblemApi(Api):  # type: ignore[misc]
    """An ``Api`` whose shared error responses are RFC 9457 problems, and that documents game links."""

    ERROR_SCHEMA = ProblemSchema

    def _init_spec(self, *, extra_plugins: list[BasePlugin] | None = None, **options: Any) -> None:
        """Initialize the spec with :class:`GameLinksPlugin` among its plugins."""
        super()._init_spec(extra_plugins=[*(extra_plugins or ()), GameLinksPlugin()], **options)
        for name in api_game_names():  # each game's bodies, referred to by the documented shells
            game = game_api(name)
            for part in dict.fromkeys(GAME_PARTS.values()):
                schema = getattr(game, part)
                if component_name(schema) not in self.spec.components.schemas:
                    self.spec.components.schema(component_name(schema), schema=schema)
        for field in BY_GAME_FIELDS:  # the bodies a documented field refers to
            for schema in by_game_schemas(field):
                if component_name(schema) not in self.spec.components.schemas:
                    self.spec.components.schema(component_name(schema), schema=schema)
        self.spec.components.security_scheme(SEAT_TOKEN, {
            "type": "http", "scheme": "bearer",
            "description": "A seat's secret token, returned once by POST /v1/games (seats[].token)."})

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
