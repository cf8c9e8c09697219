"""The documented bodies of the game routes, each loaded and dumped by the schema of its game.

The routes of :mod:`api.routes.games` and :mod:`api.routes.disputes` serve every game; their
bodies (:class:`GameCreateSchema`, :class:`GameViewSchema`, :class:`GameCreatedSchema`,
:class:`ActionRequestSchema`, :class:`DisputeRequestSchema`, :class:`VerdictSchema`) are
:class:`ByGame` schemas: each loads and dumps with the schema its game registered
(:class:`api.game_api.GameApi`), and the document lists them as ``oneOf`` those
(:mod:`api.openapi`).

>>> GameViewSchema().dump({"game": "continental", "id": "g", "stock_size": 3, "colour": "red"})
{'id': 'g', 'game': 'continental', 'stock_size': 3}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from flask import g, has_request_context
from marshmallow import INCLUDE, Schema, fields, validate

from api.errors import ApiProblem
from api.game_api import action_types, api_game_names, game_api
from api.schemas import Int
from rulesets.game import DEFAULT_GAME, game_kind

__all__ = [
    "DEFAULT_REPLAY_STEPS",
    "MAX_REPLAY_STEPS",
    "ActionRequestSchema",
    "ActionResponseSchema",
    "ByGame",
    "DisputeRequestSchema",
    "GameCreateSchema",
    "GameCreatedSchema",
    "GameLogSchema",
    "GameViewSchema",
    "LogPageSchema",
    "ReplayPageSchema",
    "ReplaySchema",
    "ReplayStepSchema",
    "SeatAdviceSchema",
    "VerdictSchema",
    "game_in_request",
    "requested_game",
]


def requested_game(data: Any) -> str:
    """The game a body names in its ``game`` field (the default game when it names none)."""
    if isinstance(data, Mapping):
        name = data.get("game", DEFAULT_GAME)
        if isinstance(name, str) and name in api_game_names():
            return name
    return DEFAULT_GAME


def game_in_request(data: Any) -> str:
    """The game of the request's path (set on ``flask.g.game`` by the route), else the default."""
    name = getattr(g, "game", None) if has_request_context() else None
    return name if isinstance(name, str) and name in api_game_names() else DEFAULT_GAME


class ByGame(Schema):
    """A documented schema whose bodies are loaded and dumped with the schema of their game.

    The class documents the default game's body (the OpenAPI document names it);
    ``game_part`` names the :class:`GameApi` schema to use and ``choose_game``
    finds the game of a body. A game whose schema is this very class is handled here.
    """

    class Meta:
        unknown = INCLUDE  # documented as ``oneOf`` its games' schemas, which refuse unknown fields

    game_part: ClassVar[str] = ""
    choose_game: ClassVar[Callable[[Any], str]] = staticmethod(requested_game)

    def _schema_for(self, data: Any) -> Schema | None:
        schema: type[Schema] = getattr(game_api(type(self).choose_game(data)), self.game_part)
        return None if isinstance(self, schema) else schema()

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None,
             unknown: str | None = None) -> Any:
        """Load ``data`` with its game's schema."""
        other = None if many else self._schema_for(data)
        if other is not None:
            return other.load(data, partial=partial, unknown=unknown)
        return super().load(data, many=many, partial=partial, unknown=unknown)

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        """Dump ``obj`` with its game's schema."""
        other = None if many else self._schema_for(obj)
        if other is not None:
            return other.dump(obj)
        return super().dump(obj, many=many)


class GameCreateSchema(ByGame):
    """A new game: the body of the game named by ``game`` (the default game when left out)."""

    game_part = "create"


class GameViewSchema(ByGame):
    """A game as the public or one seat sees it: the view of its game."""

    game_part = "view"


class GameCreatedSchema(ByGame):
    """A created game: its game's public view and every seat's token."""

    game_part = "created"


class ActionRequestSchema(ByGame):
    """One player action, of the game of the path; the seat is the one the bearer token belongs to.

    An action ``type`` of another game is refused as ``wrong_game`` (409): the request is
    well formed, but this game has no such action.
    """

    game_part = "action"
    choose_game = staticmethod(game_in_request)

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None,
             unknown: str | None = None) -> Any:
        """Load ``data`` with its game's schema, after checking its type is one of that game's."""
        if isinstance(data, dict) and isinstance(data.get("type"), str):
            game = game_in_request(data)
            kinds = action_types(game)
            others = {kind for name in api_game_names() for kind in action_types(name)}
            if data["type"] not in kinds and data["type"] in others:
                raise ApiProblem("wrong_game", f"{data['type']!r} is no action of {game_kind(game).title}: "
                                 f"its actions are {', '.join(kinds)}",
                                 extra={"rule": f"each game has its own actions; a {game_kind(game).title} "
                                                f"game takes {', '.join(kinds)}"})
        return super().load(data, many=many, partial=partial, unknown=unknown)


class ActionResponseSchema(Schema):
    """An accepted action: the new version, the record, the events it caused, the seat's view."""

    version = Int(required=True)
    action = fields.Dict(required=True)
    events = fields.List(fields.Dict(), required=True)
    state = fields.Nested(GameViewSchema, required=True)


class GameLogSchema(Schema):
    """A game's log, postable to /v1/disputes once the game is over."""

    id = fields.String(required=True)
    game = fields.String(required=True)
    version = Int(required=True)
    complete = fields.Boolean(required=True)
    config = fields.Dict(required=True)
    log = fields.List(fields.Dict(), required=True)
    start = Int(data_key="from", metadata={
        "description": "only with the query's `from`: the index of the first record given here "
                       "(without it the log is whole, which is what `/v1/disputes` takes)"})
    total = Int(metadata={"description": "only with the query's `from`: the records of the whole "
                                         "log (a reader holding them all asks `?from=<total>` next)"})


class LogPageSchema(Schema):
    """Which records of a game's log to give: those from index ``from`` on (the query string)."""

    start = fields.Integer(data_key="from", load_default=None, validate=validate.Range(min=0), metadata={
        "description": "the index of the first record to give (from 0; left out: the whole log, "
                       "postable to /v1/disputes as it is); the answer then says `from` and `total`",
        "example": 0})


class SeatAdviceSchema(Schema):
    """The advice for a seat in a running game, from what that seat knows now."""

    game = fields.String(required=True, metadata={"example": "continental"})
    seat = Int(required=True, metadata={"description": "the seat of the token", "example": 1})
    version = Int(required=True, metadata={"description": "the version of the game advised on"})
    request = fields.Dict(required=True, metadata={
        "description": "the body of the game's advice endpoint (POST /v1/ramchi/advice, POST "
                       "/v1/continental/advice) built from the seat's own view and log: post it "
                       "there to get the same advice",
        "example": {"hand": ["7c", "7d", "7h", "Kc", "Kd", "Jk", "9s", "9s#2"], "hand_number": 1,
                    "dropped": False, "drawn": False, "table": [], "discard_top": "Ks",
                    "discards": ["Ks"],
                    "other_players": [{"hand_size": 7, "dropped": False, "picked_up": [], "bought": []}],
                    "ruleset": "continental", "options": {}}})
    advice = fields.Dict(required=True, metadata={
        "description": "that endpoint's answer to `request`: the game's advice answer (Advice, "
                       "ContinentalAdvice; documented as oneOf them by api.openapi)"})


class DisputeRequestSchema(ByGame):
    """A game configuration and the log (or only the actions) to judge, of the game named by ``game``."""

    game_part = "dispute"


class VerdictSchema(ByGame):
    """The verdict on a posted log, as the game of the dispute gives it (the route notes the game
    on ``flask.g.game``).
    """

    game_part = "verdict"
    choose_game = staticmethod(game_in_request)


class ReplayStepSchema(Schema):
    """One record of a replayed log, told in words, with the table after it."""

    index = Int(required=True, metadata={"description": "the step's place in the told log (from 0)"})
    posted = Int(allow_none=True, required=True, metadata={
        "description": "the index of the posted record this step tells (null: an event the rules "
                       "derived from a log of only actions)"})
    kind = fields.String(required=True, metadata={"description": "the record's kind, e.g. draw"})
    seat = Int(allow_none=True, required=True, metadata={"description": "the seat the record is about"})
    hand = Int(allow_none=True, required=True, metadata={"description": "the hand it belongs to (from 1)"})
    round = Int(allow_none=True, required=True, metadata={
        "description": "Ramchi: the round a round_played tells (null otherwise)"})
    turn = Int(allow_none=True, required=True, metadata={
        "description": "Continental: the turn of the hand (from 1; a draw opens a turn)"})
    text = fields.String(required=True, metadata={
        "description": "the record told as a person would, e.g. \"Seat 1 keeps the 2♦ (no exchange)\""})
    state = fields.Dict(required=True, metadata={
        "description": "the public table after the record. Ramchi: hand, dealer, chips (game "
                       "totals), hands (each seat's 17 cards, null while the log hides them), "
                       "up_card, lineups (per seat: its combinations {cards, name} once shown, "
                       "else null), arranged, rounds (played so far in the hand). Continental: "
                       "hand, dealer, totals, hands (per seat; null for a hand the log hides), "
                       "hand_sizes, table [{seat, kind, cards, text}], discard_pile (bottom "
                       "first), stock_size, dropped"})


DEFAULT_REPLAY_STEPS = 200
"""The steps of a replay's page when the request gives no ``limit``."""

MAX_REPLAY_STEPS = 1000
"""The most steps one page of a replay may ask for (each step carries the whole public table)."""


class ReplayPageSchema(Schema):
    """Which steps of a replay to tell: ``limit`` steps from step ``from`` (the query string)."""

    start = fields.Integer(data_key="from", load_default=0, validate=validate.Range(min=0), metadata={
        "description": "the first step to tell (from 0; the next page's is the answer's next_from)",
        "example": 0})
    limit = fields.Integer(load_default=DEFAULT_REPLAY_STEPS,
                           validate=validate.Range(min=1, max=MAX_REPLAY_STEPS), metadata={
        "description": f"the most steps to tell (1 to {MAX_REPLAY_STEPS}, "
                       f"{DEFAULT_REPLAY_STEPS} by default)", "example": DEFAULT_REPLAY_STEPS})


class ReplaySchema(Schema):
    """A posted log replayed: the verdict on it and one page of its steps, one step per record."""

    game = fields.String(required=True)
    finished = fields.Boolean(required=True, metadata={"description": "whether the log ends the game"})
    verdict = fields.Nested(VerdictSchema, allow_none=True, required=True, metadata={
        "description": "the verdict of POST /v1/disputes on the log; null for the log of a game "
                       "still running (its running hand is hidden, so it cannot be judged)"})
    total_steps = Int(required=True, metadata={
        "description": "the steps of the whole replay, one per record told, up to and including "
                       "a refused record"})
    start = Int(attribute="from", data_key="from", required=True, metadata={
        "description": "the index of the first step of this page (the request's from)"})
    next_from = Int(allow_none=True, required=True, metadata={
        "description": "the from of the next page (post the same body again with ?from= it), "
                       "null when this page holds the last step"})
    steps = fields.List(fields.Nested(ReplayStepSchema), required=True, metadata={
        "description": "this page's steps: at most limit of them from step from (none when from "
                       "is past the last step)"})
