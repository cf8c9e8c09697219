"""Ramchi games over HTTP: create, view, act (with seat tokens), read the log.

The state of a game is rebuilt from its stored actions by the referee in
:mod:`rulesets.ramchi.game`; this module only authenticates, parses, stores
and presents. An action is stored (committed) before it is acknowledged.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, request
from sqlalchemy import Engine

from api import game_store
from api.blueprint import Blueprint
from api.cardinput import read_cards
from api.errors import ApiProblem
from api.game_cache import GameCache
from api.schemas import (
    ActionRequestSchema,
    ActionResponseSchema,
    GameCreatedSchema,
    GameCreateSchema,
    GameLogSchema,
    GameViewSchema,
    ProblemSchema,
)
from rulesets.errors import RulesError
from rulesets.log import record_to_dict
from rulesets.ramchi.config import GameConfig
from rulesets.ramchi.disputes import rule_of
from rulesets.ramchi.game import RamchiGame
from rulesets.ramchi.records import Arrange, Exchange, Keep, action_from_dict
from rulesets.ramchi.views import public_view, redacted_log, seat_view

blp = Blueprint("games", __name__, url_prefix="/v1/games",
                description="Ramchi games refereed by the service: create, view, act, read the log.")

PROBLEM = {"schema": ProblemSchema, "content_type": "application/problem+json"}


def _engine() -> Engine:
    return current_app.extensions["ramchi.engine"]


def config_from(body: dict[str, Any], pointer: str = "") -> GameConfig:
    """The referee's configuration from a request's game settings (cards read with pointers).

    ``pointer`` is where the settings are in the body (``/config`` in a dispute).
    """
    data: dict[str, Any] = {key: body[key] for key in ("hands", "dealer", "seed", "ruleset", "options")
                            if body.get(key) is not None}
    if body.get("deck") is not None:
        data["deck"] = [c.code for c in read_cards(body["deck"], f"{pointer}/deck", what="deck")]
    if body.get("decks") is not None:
        data["decks"] = [[c.code for c in read_cards(deck, f"{pointer}/decks/{i}", what=f"decks[{i}]")]
                         for i, deck in enumerate(body["decks"])]
    return GameConfig.from_dict(data)


def _bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if not header:
        return None
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiProblem("unauthorized", "use 'Authorization: Bearer <seat token>'", status=401)
    return token.strip()


def _cache() -> GameCache[RamchiGame]:
    return current_app.extensions["ramchi.games"]


def _load(game_id: str) -> tuple[game_store.StoredGame, RamchiGame]:
    """Rebuild the game from its stored actions, starting from a cached copy if there is one.

    The caller owns the game it gets; it gives it back with :func:`_keep`.
    """
    cached = _cache().take(game_id)
    after = cached[0] if cached is not None else 0
    stored = game_store.load_game(_engine(), game_id, after=after)
    if stored is None:
        raise ApiProblem("game_not_found", f"no game has the id {game_id!r}")
    game = cached[1] if cached is not None else _new_game(stored)
    for action in stored.actions:
        game.apply(action_from_dict(action.body))
    return stored, game


def _new_game(stored: game_store.StoredGame) -> RamchiGame:
    return RamchiGame(GameConfig.from_dict(stored.settings["config"]))


def _keep(game_id: str, version: int, game: RamchiGame) -> None:
    _cache().put(game_id, version, game)


def _seat_of(game_id: str, token: str | None, *, required: bool) -> int | None:
    if token is None:
        if required:
            raise ApiProblem("unauthorized", "an action needs the acting seat's token: "
                             "'Authorization: Bearer <seat token>'", status=401)
        return None
    seat = game_store.seat_for_token(_engine(), game_id, token)
    if seat is None:
        raise ApiProblem("forbidden", "this token belongs to no seat of this game", status=403)
    return seat


def _view(stored: game_store.StoredGame, game: RamchiGame, seat: int | None) -> dict[str, Any]:
    view = public_view(game) if seat is None else seat_view(game, seat)
    return {"id": stored.id, "game": "ramchi", "version": stored.version,
            "players": stored.players} | view


@blp.route("", methods=["POST"])
@blp.arguments(GameCreateSchema)
@blp.response(201, GameCreatedSchema)
@blp.alt_response(422, description="A player list, deck, ruleset or option is invalid.", **PROBLEM)
def create_game(body: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Create a game of a fixed number of hands; returns each seat's secret token once.

    Give ``deck`` (52 codes, hand 1) or ``decks`` (one per hand), or a ``seed``;
    hands without an explicit deck are shuffled from the seed (drawn and
    recorded if not given). Seats 0, 1, 2 are in play order.
    """
    config = config_from(body)
    settings = {"config": config.to_dict()}
    game_id, tokens = game_store.create_game(_engine(), "ramchi", settings, body["players"])
    stored, game = _load(game_id)
    seats = [{"seat": s, "name": name, "token": tokens[s]} for s, name in enumerate(body["players"])]
    created = _view(stored, game, None) | {"seats": seats}
    _keep(game_id, stored.version, game)
    return created, 201, {"Location": f"/v1/games/{game_id}"}


@blp.route("/<game_id>", methods=["GET"])
@blp.response(200, GameViewSchema)
@blp.alt_response(401, description="Malformed Authorization header.", **PROBLEM)
@blp.alt_response(403, description="The token belongs to no seat of this game.", **PROBLEM)
@blp.alt_response(404, description="No such game.", **PROBLEM)
def get_game(game_id: str) -> dict[str, Any]:
    """The game as a seat sees it (with its token), or the public view (without one)."""
    seat = _seat_of(game_id, _bearer_token(), required=False)
    stored, game = _load(game_id)
    view = _view(stored, game, seat)
    _keep(game_id, stored.version, game)
    return view


def _compact(view: dict[str, Any]) -> dict[str, Any]:
    """The view without the game-long list of rounds (an action's own rounds are its events)."""
    return {key: value for key, value in view.items() if key != "rounds"}


def _action_record(seat: int, body: dict[str, Any]) -> Exchange | Keep | Arrange:
    kind = body["type"]
    if kind == "exchange":
        return Exchange(seat=seat)
    if kind == "keep":
        return Keep(seat=seat)
    combinations = body.get("combinations")
    if combinations is None:
        raise ApiProblem("invalid_request", "an 'arrange' action needs 'combinations' "
                         "(a list of up to five lists of three cards; [] to discard all)",
                         status=422, errors=[{"pointer": "/combinations", "detail": "required"}])
    cards = [read_cards(combo, f"/combinations/{i}") for i, combo in enumerate(combinations)]
    return Arrange(seat=seat, combinations=tuple(cards))


def _refuse(err: RulesError) -> ApiProblem:
    return ApiProblem(err.code, err.message, status=409, extra={"rule": rule_of(err)})


def _request_part(body: dict[str, Any]) -> dict[str, Any]:
    """What an action asks for, without the delivery fields (version check, idempotency key)."""
    return {k: v for k, v in body.items() if k not in ("expected_version", "action_id")}


def _replayed(previous: game_store.StoredAction, body: dict[str, Any]) -> dict[str, Any]:
    """The first answer to an action this seat already sent under the same ``action_id``."""
    if previous.response.get("request") != _request_part(body):
        raise ApiProblem("action_id_reused", f"action_id {previous.action_id!r} was already used "
                         "by this seat for a different action in this game", status=409)
    return previous.response["answer"]


def _rebuild(locked: game_store.LockedGame) -> RamchiGame:
    """The game at the locked version: the cached copy brought up to date, or rebuilt."""
    cached = _cache().take(locked.game_id)
    if cached is not None and cached[0] <= locked.version:
        after, game = cached
    else:
        after, game = 0, RamchiGame(GameConfig.from_dict(locked.settings["config"]))
    for action in locked.actions_after(after):
        game.apply(action_from_dict(action.body))
    return game


def _answer(game: RamchiGame, before: int, version: int, seat: int,
            stored: game_store.StoredGame) -> dict[str, Any]:
    """What the acting seat is told: the new version, its action and the events, and its view.

    The action and events go through the seat's redaction like its log: an action
    that ends a hand also deals the next one, whose deck the seat must not see.
    """
    records = redacted_log(game, seat, start=before)
    return {
        "version": version,
        "action": records[0],
        "events": records[1:],
        "state": _compact(_view(stored, game, seat) | {"version": version}),
    }


@blp.route("/<game_id>/actions", methods=["POST"])
@blp.arguments(ActionRequestSchema)
@blp.response(200, ActionResponseSchema)
@blp.alt_response(401, description="No or malformed seat token.", **PROBLEM)
@blp.alt_response(403, description="The token belongs to no seat of this game.", **PROBLEM)
@blp.alt_response(404, description="No such game.", **PROBLEM)
@blp.alt_response(409, description="The action breaks a rule now (the `rule` says which), or "
                  "`expected_version` is stale.", **PROBLEM)
@blp.alt_response(422, description="A card is unreadable or the body is malformed.", **PROBLEM)
def act(body: dict[str, Any], game_id: str) -> dict[str, Any]:
    """Take an action for the token's seat: ``exchange``, ``keep`` or ``arrange``.

    With ``expected_version`` the action applies only to that version of the
    game. Repeating an ``action_id`` (the same seat, the same action) returns the
    first answer without applying the action twice; an action sent without one
    is never replayed. Actions on one game are checked and stored one at a time.
    """
    seat = _seat_of(game_id, _bearer_token(), required=True)
    assert seat is not None
    action_id = body.get("action_id")
    record = _action_record(seat, body)  # unreadable cards are 422 before the game is held
    with game_store.locked_game(_engine(), game_id) as locked:
        if locked is None:
            raise ApiProblem("game_not_found", f"no game has the id {game_id!r}")
        if action_id is not None and (previous := locked.find_action(seat, action_id)) is not None:
            return _replayed(previous, body)
        game = _rebuild(locked)
        version = locked.version
        expected = body.get("expected_version")
        if expected is not None and expected != version:
            _keep(game_id, version, game)
            raise ApiProblem("stale_version", f"the game is at version {version}, not "
                             f"{expected}: reload it and decide again", status=409,
                             extra={"version": version})
        before = len(game.log)
        try:
            game.apply(record)
        except RulesError as err:
            _keep(game_id, version, game)  # refused: the game is unchanged
            raise _refuse(err) from None
        stored = game_store.StoredGame(id=game_id, kind="ramchi", settings=locked.settings,
                                       version=version + 1, players=locked.players, actions=[])
        answer = _answer(game, before, version + 1, seat, stored)
        locked.append(game_store.StoredAction(
            seq=version + 1, action_id=action_id, seat=seat, body=record_to_dict(record),
            response={"request": _request_part(body), "answer": answer}))
    _keep(game_id, version + 1, game)  # only once committed
    return answer


@blp.route("/<game_id>/log", methods=["GET"])
@blp.response(200, GameLogSchema)
@blp.alt_response(403, description="The token belongs to no seat of this game.", **PROBLEM)
@blp.alt_response(404, description="No such game.", **PROBLEM)
def get_log(game_id: str) -> dict[str, Any]:
    """The log: hands that are over in full; the running hand redacted (a seat sees its own cards).

    Once the game is over the configuration (seed and decks) is included, so
    the log can be posted as is to ``/v1/disputes``.
    """
    seat = _seat_of(game_id, _bearer_token(), required=False)
    stored, game = _load(game_id)
    _keep(game_id, stored.version, game)
    config = stored.settings["config"]
    if not game.is_over:
        config = {k: v for k, v in config.items() if k not in ("seed", "decks")}
    return {"id": stored.id, "game": "ramchi", "version": stored.version, "complete": game.is_over,
            "config": config, "log": redacted_log(game, seat)}
