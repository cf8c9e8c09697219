"""The HTTP side of each game: its request and response schemas, registered by game name.

The game routes (:mod:`api.routes.games`, :mod:`api.routes.disputes`) serve every game
registered in :mod:`rulesets.game`; what differs between games is only the shape of
their bodies. A game's API package (``api/<game>/``) registers a :class:`GameApi` (its
schemas, how a request's cards are read with pointers, and its own routes) with
:func:`register_game_api`; the documented schemas of the routes dispatch to it
(:mod:`api.game_bodies`).

>>> game_api("ramchi").name, "ramchi" in api_game_names()
('ramchi', True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_smorest import Blueprint
from marshmallow import Schema, ValidationError, fields, validate

from api.errors import PROBLEMS, ApiProblem, ProblemType
from api.schemas import SeatTokenSchema
from rulesets.game import DEFAULT_GAME, GameKind, game_kind, game_names
from rulesets.registry import Registry
from rulesets.seating import default_host, host_problems

__all__ = [
    "BUILTIN_GAME_APIS",
    "GameApi",
    "RegisteredGame",
    "SeatAdvice",
    "action_types",
    "api_game_names",
    "bots_of_request",
    "created_schema",
    "game_api",
    "game_blueprints",
    "host_of_request",
    "register_game_api",
    "unregister_game_api",
]

BUILTIN_GAME_APIS: tuple[str, ...] = ("api.ramchi.game_api", "api.continental.game_api")
"""Modules registering the API side of the games of this package (loaded on first lookup)."""


def _keep_settings(body: dict[str, Any], pointer: str) -> dict[str, Any]:
    """Settings as loaded, without the fields left out (``None``)."""
    return {key: value for key, value in body.items() if value is not None}


def created_schema(view: type[Schema]) -> type[Schema]:
    """The schema of a created game of a game whose views are ``view``: the view and the seats.

    >>> from api.ramchi.schemas import RamchiGameViewSchema
    >>> created_schema(RamchiGameViewSchema).__name__
    'RamchiGameCreatedSchema'
    """
    seats = fields.List(fields.Nested(SeatTokenSchema), required=True)
    game = view.__name__.removesuffix("Schema").removesuffix("View")
    return type(f"{game}CreatedSchema", (view,), {
        "seats": seats, "__doc__": f"A created game: its public view ({view.__name__}) and every "
                                   "seat's token."})


def _keep_action(body: dict[str, Any]) -> dict[str, Any]:
    return body


def bots_of_request(body: dict[str, Any]) -> list[str | None]:
    """The bot of each seat of a create body (``None``: a person; no ``bots``: all people).

    ``bots`` has one entry per player, and at least one seat is a person: a game of
    bots only is for the command line (``ramchi simulate``).

    >>> bots_of_request({"players": ["Ann", "Ben"], "bots": ["advisor", "random"]})
    Traceback (most recent call last):
    ...
    api.errors.ApiProblem: bots: at least one seat must be a person (null): a game of bots only \
is played with the command line, `ramchi simulate`
    """
    bots, players = body.get("bots"), body["players"]
    if bots is None:
        return [None] * len(players)
    problem = None
    if len(bots) != len(players):
        problem = f"give one entry per player ({len(players)}), null for a person; got {len(bots)}"
    elif all(bot is not None for bot in bots):
        problem = ("at least one seat must be a person (null): a game of bots only is played with "
                   "the command line, `ramchi simulate`")
    if problem is not None:
        raise ApiProblem("invalid_game_config", f"bots: {problem}", status=422,
                         errors=[{"pointer": "/bots", "detail": problem}])
    return list(bots)


def host_of_request(body: Mapping[str, Any], bots: list[str | None]) -> int | None:
    """The host of a created table: the create body's ``host`` (a seat a person plays, refused
    with a 422 otherwise), or the first seat a person plays (:func:`rulesets.seating.default_host`).

    >>> host_of_request({"players": ["Ann", "Ben"]}, ["random", None])
    1
    >>> host_of_request({"players": ["Ann", "Ben"], "host": 0}, ["random", None])
    Traceback (most recent call last):
    ...
    api.errors.ApiProblem: host: seat 0 is played by a bot (random): the host is a person at the table
    """
    host = body.get("host")
    if host is None:
        return default_host(bots)
    problems = host_problems(host, bots)
    if problems:
        raise ApiProblem("invalid_game_config", f"host: {problems[0]}", status=422,
                         errors=[{"pointer": "/host", "detail": problems[0]}])
    return int(host)


@dataclass(frozen=True, slots=True, eq=False)
class SeatAdvice:
    """How a game advises a seat in a running game (``GET /v1/games/{id}/advice``), through its
    own advice endpoint ``path`` (``POST /v1/<game>/advice``).

    ``request_of(view, log)`` is the body of that endpoint built from what the seat receives, its
    view and its log answer (``config`` and ``log``), and nothing else, or ``None`` when the seat
    has nothing to decide now: a function of the game's rules package (its ``knowledge``
    module). ``request`` and ``answer`` are the endpoint's schemas, ``advise(loaded)`` its work
    (the same function the endpoint calls, through the solver pool).
    """

    path: str
    request_of: Callable[[Mapping[str, Any], Mapping[str, Any]], dict[str, Any] | None]
    request: type[Schema]
    answer: type[Schema]
    advise: Callable[[dict[str, Any]], dict[str, Any]]

    def advice(self, body: dict[str, Any]) -> dict[str, Any]:
        """The endpoint's answer to ``body``: loaded (its defaults filled), advised, dumped."""
        answer: dict[str, Any] = self.answer().dump(self.advise(self.request().load(body)))
        return answer


@dataclass(frozen=True, slots=True, eq=False)
class GameApi:
    """One game's bodies over HTTP.

    ``create`` is the ``POST /v1/games`` body (with ``game`` and ``players``),
    ``settings`` the ``config`` of a dispute, ``dispute`` a dispute body,
    ``action`` one action request (``type`` plus the action's fields, and the
    delivery fields ``expected_version`` and ``action_id``; :mod:`api.actions`
    derives it from the action records), ``view`` a view,
    ``created`` a created game (a view with ``seats``, see :func:`created_schema`),
    ``verdict`` the verdict on a posted log (:func:`api.schemas.verdict_schema`).
    ``action_variants`` are the JSON Schema alternatives of an
    action request, tagged by ``type`` (the OpenAPI ``oneOf``).
    ``read_settings(loaded, pointer)`` turns loaded settings into the
    configuration dict of the rules (reading cards with pointers to the bad one);
    ``read_action(loaded)`` does the same for an action request.
    ``settings_fields`` names the fields of a create body that are settings
    (all of them when empty). ``bots_of(create_body)`` is the bot of each seat
    (``None`` for a person; by default every seat is a person).
    ``history_fields`` are view fields that grow with the game (Ramchi's ``rounds``), left out
    of an action's answer, whose events tell what is new. ``blueprints`` are the game's own
    routes (its advice), served beside the game routes; ``schema_constraints`` what its
    request components require beyond their fields (JSON Schema keywords by component name);
    ``problems`` the pages of the problem codes only its rules raise (``/problems/<code>``),
    added to :data:`api.errors.PROBLEMS` while the game is registered.
    ``seat_advice`` says how a seat in a running game is advised (:class:`SeatAdvice`; a game
    without it gives no in-game advice).
    ``examples`` are whole example requests of the shared routes, by part (``create``,
    ``action``, ``dispute``) then by name: OpenAPI Example Objects (``summary``,
    ``description``, ``value``) that succeed as sent. An action example names the create
    example whose fresh game it acts in (``x-game``) and the seat that sends it (``x-seat``),
    both checked in ``tests/api/test_openapi_examples.py``; a game may give none.
    """

    name: str
    create: type[Schema]
    settings: type[Schema]
    dispute: type[Schema]
    action: type[Schema]
    view: type[Schema]
    created: type[Schema]
    verdict: type[Schema]
    action_variants: tuple[dict[str, Any], ...] = ()
    read_settings: Callable[[dict[str, Any], str], dict[str, Any]] = _keep_settings
    read_action: Callable[[dict[str, Any]], dict[str, Any]] = _keep_action
    settings_fields: tuple[str, ...] = ()
    bots_of: Callable[[dict[str, Any]], list[str | None]] = bots_of_request
    history_fields: tuple[str, ...] = ()
    blueprints: tuple[Blueprint, ...] = ()
    schema_constraints: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    problems: Mapping[str, ProblemType] = field(default_factory=dict)
    examples: Mapping[str, Mapping[str, Mapping[str, Any]]] = field(default_factory=dict)
    seat_advice: SeatAdvice | None = None

    @property
    def kind(self) -> GameKind:
        """The game's rules."""
        return game_kind(self.name)

    def config_from(self, body: Mapping[str, Any], pointer: str = "") -> Any:
        """The rules' configuration from a request's loaded settings (``pointer``: where they are)."""
        settings = {key: body[key] for key in self.settings_fields if key in body} \
            if self.settings_fields else dict(body)
        return self.kind.config_from_dict(self.read_settings(settings, pointer))


_APIS = Registry[GameApi]("game served over HTTP", BUILTIN_GAME_APIS, default=DEFAULT_GAME)


_PAGES_ADDED: dict[str, tuple[str, ...]] = {}
"""The problem codes each registered game added to :data:`api.errors.PROBLEMS`."""


def register_game_api(game: GameApi) -> GameApi:
    """Register the API side of the game ``game.name`` (its rules must be registered too), with
    the pages of its own problem codes; a code that already has another page is refused.
    """
    game_kind(game.name)
    previous = _PAGES_ADDED.get(game.name, ())  # registered again: its own pages are replaced
    clashes = sorted(code for code, page in game.problems.items()
                     if code not in previous and PROBLEMS.get(code, page) != page)
    if clashes:
        raise ValueError(f"{game.name}: problem codes with another page already: {', '.join(clashes)}")
    for code in previous:
        PROBLEMS.pop(code, None)
    _PAGES_ADDED[game.name] = tuple(code for code in game.problems if code not in PROBLEMS)
    PROBLEMS.update(game.problems)
    return _APIS.register(game.name, game)


def unregister_game_api(name: str) -> None:
    """Forget the API side of ``name``, and the problem pages it added."""
    _APIS.unregister(name)
    for code in _PAGES_ADDED.pop(name, ()):
        PROBLEMS.pop(code, None)


def game_api(name: str) -> GameApi:
    """The API side of the game ``name``; ``KeyError`` if there is none."""
    return _APIS.get(name)


def api_game_names() -> tuple[str, ...]:
    """The games served over HTTP: registered in the rules and here, the default first."""
    return tuple(name for name in _APIS.names() if name in game_names())


def action_types(name: str) -> tuple[str, ...]:
    """The action types of the game ``name`` served over HTTP, from its action variants.

    >>> action_types("ramchi")
    ('exchange', 'keep', 'arrange', 'replace_by_bot')
    """
    return tuple(kind for variant in game_api(name).action_variants
                 for kind in variant.get("properties", {}).get("type", {}).get("enum", ()))


class RegisteredGame(validate.Validator):
    """Accept the name of a game served over HTTP (documented as the ``enum`` of the field).

    >>> RegisteredGame()("ramchi")
    'ramchi'
    >>> RegisteredGame(only="ramchi")("chess")
    Traceback (most recent call last):
    ...
    marshmallow.exceptions.ValidationError: Must be one of: ramchi, continental.
    """

    error = "Must be one of: {choices}."

    def __init__(self, only: str | None = None) -> None:
        self.only = only

    @property
    def choices(self) -> tuple[str, ...]:
        """The games this field takes: ``only``, or every game now registered."""
        return (self.only,) if self.only is not None else api_game_names()

    def __call__(self, value: Any) -> Any:
        """Return ``value`` if it names a registered game (``only`` if given), else raise.

        The error lists every game, so that a misspelt name finds the right one.
        """
        if value not in self.choices:
            raise ValidationError(self.error.format(choices=", ".join(api_game_names()), input=value))
        return value


def game_blueprints() -> tuple[Blueprint, ...]:
    """The routes of every game served over HTTP, the default game's first."""
    return tuple(blueprint for name in api_game_names() for blueprint in game_api(name).blueprints)
