"""The field types and bodies every game's schemas share (they also feed the OpenAPI document).

Each game's own bodies are in its package (:mod:`api.ramchi.schemas`,
:mod:`api.continental.schemas`); here are the fields they are made of (text, bounded lists,
strict integers and booleans, card codes, ruleset options), the problem body, the service's
own bodies (health, rulesets), a created game's seat tokens and the verdict's shared fields.
Card lists are validated as lists of strings here and read by the game's card reading, so that
a bad card gets its own problem code.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sized
from typing import Any

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate

from api.cardinput import ADVICE_CARD_CODE_PATTERN, CARD_CODE_PATTERN
from api.errors import PROBLEM_MEDIA_TYPE
from rulesets.game import game_names

CARD_EXAMPLE = ["As", "2s", "3s"]

MAX_CARD_TOKEN = 16
"""The longest card token read (``10♠️`` with spaces fits); longer is refused unread."""
MAX_CARDS = 128
"""The most cards any one list of a request may hold (a deck is 52)."""


class Text(fields.String):
    r"""A string that is real Unicode text: a lone surrogate (``"\ud800"``) is refused.

    >>> Text().deserialize("Asha")
    'Asha'
    >>> Text().deserialize("\ud800")
    Traceback (most recent call last):
    ...
    marshmallow.exceptions.ValidationError: Not valid Unicode text: a lone surrogate at position 1.
    """

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as err:
            raise ValidationError(f"Not valid Unicode text: a lone surrogate at position "
                                  f"{err.start + 1}.") from None
        return text


class BoundedList(fields.List):
    """A list whose length is checked before any item is read (documented as ``maxItems``).

    >>> BoundedList(fields.Integer(), max_items=2).deserialize([1, 2, 3])
    Traceback (most recent call last):
    ...
    marshmallow.exceptions.ValidationError: Longer than the maximum of 2 items (got 3).
    """

    def __init__(self, inner: fields.Field, *, max_items: int, **kwargs: Any) -> None:
        metadata = {"maxItems": max_items, **kwargs.pop("metadata", {})}
        super().__init__(inner, metadata=metadata, **kwargs)
        self.max_items = max_items

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, Sized) and not isinstance(value, str | bytes | dict) \
                and len(value) > self.max_items:
            raise ValidationError(f"Longer than the maximum of {self.max_items} items "
                                  f"(got {len(value)}).")
        return super()._deserialize(value, attr, data, **kwargs)


class StrictBoolean(fields.Boolean):
    """``true`` or ``false`` only (not ``"true"``, ``1`` or ``"yes"``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, bool):
            raise ValidationError("Not a boolean: write true or false.")
        return value


def _option_field(option: dataclasses.Field[Any]) -> fields.Field:
    """The request field of one ruleset option, from its declaration (type, limits, text)."""
    meta = option.metadata
    described = {"description": meta["description"]}
    if isinstance(option.default, bool):
        return StrictBoolean(metadata=described)
    if isinstance(option.default, int):
        return Int(validate=validate.Range(min=meta["minimum"], max=meta["maximum"]), metadata=described)
    choices = validate.OneOf(meta["choices"]) if meta["choices"] else validate.Length(max=100)
    return Text(validate=choices, metadata=described)


def options_schema(options: type, name: str) -> type[Schema]:
    """A request schema of option overrides made from a game's options dataclass.

    Every option is optional and typed as declared; an unknown option is refused.

    >>> from rulesets.ramchi.options import RamchiOptions
    >>> schema = options_schema(RamchiOptions, "Example")()
    >>> schema.load({"tie_goes_to": "last"})
    {'tie_goes_to': 'last'}
    >>> sorted(schema.validate({"tie_goes_to": "middle", "jokers": True}))
    ['jokers', 'tie_goes_to']
    """
    declared = {field.name: _option_field(field) for field in dataclasses.fields(options)}
    return Schema.from_dict(declared, name=name)


def card_code(*, copies: bool = False, **kwargs: Any) -> Text:
    """One card code as a request field (lenient; at most :data:`MAX_CARD_TOKEN` characters).

    With ``copies`` the card may carry a copy number (``7c#2``, as views write copies), read as
    the card alone (:data:`api.cardinput.ADVICE_CARD_CODE_PATTERN`): the advice requests.
    """
    pattern, description = CARD_CODE_PATTERN, "a card code such as As, Td, 10h or a♠"
    if copies:
        pattern, description = ADVICE_CARD_CODE_PATTERN, f"{description} (7c#2 is read as 7c)"
    metadata = {"description": description, "pattern": pattern, **kwargs.pop("metadata", {})}
    return Text(validate=validate.Length(max=MAX_CARD_TOKEN), metadata=metadata, **kwargs)


def card_codes(max_items: int = MAX_CARDS, *, copies: bool = False, **kwargs: Any) -> BoundedList:
    """A list of card codes in a request (``copies``: as :func:`card_code`)."""
    return BoundedList(card_code(copies=copies), max_items=max_items, **kwargs)


class Int(fields.Integer):
    """An integer field that refuses floats and numeric strings (``1.5``, ``"2"``)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(strict=True, **kwargs)  # type: ignore[arg-type]



def card_list(count: int | None = None, *, copies: bool = False, **kwargs: object) -> BoundedList:
    """A list of card codes (lenient: ``10h``, ``AS``, ``a♠`` are accepted; ``copies``: as
    :func:`card_code`).

    ``count`` is documented (minItems/maxItems) but checked by the rules, so a
    wrong count gets its own problem code, ``wrong_card_count``.
    """
    sizes = {"minItems": count, "maxItems": count} if count is not None else {}
    return card_codes(required=True, copies=copies, metadata={"example": CARD_EXAMPLE, **sizes, **kwargs})


class ProblemSchema(Schema):
    """RFC 9457 problem details, with a stable ``code`` (extension members may be added)."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, metadata={"example": "/problems/invalid_card"})
    title = fields.String(required=True)
    status = Int(required=True)
    detail = fields.String(required=True)
    code = fields.String(required=True, metadata={"example": "invalid_card"})
    errors = fields.List(fields.Dict(keys=fields.String(), values=fields.String()))
    rule = fields.String(metadata={"description": "the rule that was broken (409 only)"})
    problems = fields.List(fields.String(), metadata={"description": "each ruleset problem"})



class OptionSchema(Schema):
    """One option of a ruleset."""

    name = fields.String(required=True)
    value = fields.Raw(required=True)
    default = fields.Raw(required=True)
    type = fields.String(required=True, validate=validate.OneOf(["boolean", "integer", "string"]))
    choices = fields.List(fields.String(), allow_none=True)
    minimum = Int(allow_none=True)
    maximum = Int(allow_none=True)
    description = fields.String(required=True)
    spec = fields.String(required=True, metadata={"description": "section of the rules"})


class RulesetSchema(Schema):
    """A ruleset and every option it sets."""

    name = fields.String(required=True)
    game = fields.String(required=True, validate=validate.OneOf(game_names()))
    title = fields.String(required=True)
    description = fields.String(required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)


class RulesetListSchema(Schema):
    """Every installed ruleset."""

    rulesets = fields.List(fields.Nested(RulesetSchema), required=True)
    invalid = fields.List(
        fields.Dict(keys=fields.String(), values=fields.Raw()),
        metadata={"description": "ruleset files that do not load: name and problems"},
    )


class HealthSchema(Schema):
    """Service health."""

    status = fields.String(required=True, validate=validate.OneOf(["ok", "degraded"]))
    version = fields.String(required=True)
    database = fields.String(required=True, validate=validate.OneOf(["ok", "unavailable"]),
                             metadata={"description": "ok, or unavailable (the cause is logged)"})


PROBLEM = {"schema": ProblemSchema, "content_type": PROBLEM_MEDIA_TYPE}
"""The keywords of a route's documented problem answer (``@blp.alt_response(422, **PROBLEM)``)."""


class SeatTokenSchema(Schema):
    """A seat and its secret token (shown once, at creation)."""

    seat = Int(required=True)
    name = fields.String(required=True)
    token = fields.String(required=True)


class GameViewBase(Schema):
    """What every game's view starts with, as the game routes add it: the game's id, its game,
    version, players and bots; each game's view schema adds the game's own view after these.
    """

    class Meta:
        unknown = INCLUDE

    id = fields.String(required=True)
    game = fields.String(required=True)
    version = Int(required=True, metadata={"description": "number of accepted actions (bots' too)"})
    players = fields.List(fields.String(), required=True)
    bots = fields.List(fields.String(allow_none=True), required=True, metadata={
        "description": "per seat, the bot playing it now (null: a person): the bots the game was "
                       "created with and the seats its host handed to bots since (replace_by_bot)"})
    host = Int(allow_none=True, required=True, metadata={
        "description": "the seat that created the table (null: none), the only one that may hand "
                       "a seat to a bot", "example": 0})
    table_actions = fields.List(fields.Dict(), metadata={
        "description": "the host's seat view only: every handover of a seat to a bot it may send "
                       "now, each a whole request body (they are table actions, not moves of the "
                       "game, so legal_actions never lists them)",
        "example": [{"type": "replace_by_bot", "player": 1, "bot": "greedy"}]})


def host_field(seats: int) -> fields.Field:
    """The ``host`` of a create body: the seat that creates the table, of at most ``seats``.

    >>> host_field(3).validate.max
    2
    """
    return Int(allow_none=True, validate=validate.Range(min=0, max=seats - 1), metadata={
        "description": "the seat of the player who creates the table (its host), the only one "
                       "that may later hand a seat to a bot (replace_by_bot); a seat a person "
                       "plays; the first such seat when left out", "example": 0})


class DifferenceSchema(Schema):
    """One field where a posted record differs from the one the rules derive, values in words."""

    field = fields.String(required=True, metadata={
        "description": "the field's path in the record (record: a record missing or extra; kind: "
                       "a record of another kind)", "example": "winner"})
    log = fields.String(required=True, metadata={"description": "what the log says", "example": "seat 2"})
    rules = fields.String(required=True, metadata={"description": "what the rules give",
                                                   "example": "seat 1"})


def where_schema(name: str, **place: fields.Field) -> type[Schema]:
    """Where a refused record stands: its index and the game's ``place`` fields (hand, round or turn).

    >>> sorted(where_schema("ExampleWhere", hand=Int())().fields)
    ['hand', 'index']
    """
    return Schema.from_dict({"index": Int(required=True, metadata={"description": "the record's index"}),
                             **place}, name=name)


def standings_schema(name: str, **numbers: fields.Field) -> type[Schema]:
    """The standings after the records judged, and what they count: the game's ``numbers``."""
    return Schema.from_dict({
        "through_record": Int(required=True, metadata={
            "description": "the index of the last record judged (-1: none)", "example": 4}),
        "hands_finished": Int(required=True, metadata={"description": "hands over in those records"}),
        "counts": fields.String(required=True, metadata={"description": "what the numbers count, in words"}),
        **numbers}, name=name)


def verdict_schema(name: str, where: type[Schema] | None = None, standings: type[Schema] | None = None,
                   **game_fields: fields.Field) -> type[Schema]:
    """The schema of one game's verdicts on a posted log: ``legal``, ``finished`` and the
    standings (``standings_after``), the game's own fields (its chips or scores), then the
    refused entry's fields (illegal only: where it stands, the rule, the message in words and,
    for a ``log_mismatch``, the differences). ``where`` and ``standings`` are the game's
    (:func:`where_schema`, :func:`standings_schema`); by default they hold only the fields
    every game shares.

    >>> from api.ramchi.schemas import RamchiVerdictSchema
    >>> list(RamchiVerdictSchema().dump({"legal": True, "chips": [1, -1], "log": []}))
    ['legal', 'chips']
    """
    where = where or where_schema(f"{name}Where")
    standings = standings or standings_schema(f"{name}Standings")
    refused = {
        "index": Int(metadata={"description": "illegal only: the refused entry"}),
        "where": fields.Nested(where, metadata={"description": "illegal only: where the refused "
                                                               "record stands"}),
        "rule": fields.String(metadata={"description": "illegal only: the rule it breaks"}),
        "code": fields.String(),
        "message": fields.String(metadata={"description": "illegal only: what is wrong, in words: "
                                                          "the record, what the log says, what the "
                                                          "rules give and why"}),
        "differences": fields.List(fields.Nested(DifferenceSchema), metadata={
            "description": "log_mismatch only: each field that differs"}),
    }
    shared = {
        "legal": fields.Boolean(required=True),
        "finished": fields.Boolean(required=True, metadata={
            "description": "whether the records judged end the game (a log cut short is legal, "
                           "not finished)"}),
        "standings_after": fields.Nested(standings, required=True, metadata={
            "description": "the standings after the records judged (before the refused one)"}),
    }
    return Schema.from_dict({**shared, **game_fields, **refused}, name=name)


def delivery_fields() -> dict[str, fields.Field]:
    """The fields of every action request that say how to deliver it, not what it asks for.

    >>> sorted(delivery_fields())
    ['action_id', 'expected_version']
    """
    return {
        "expected_version": Int(allow_none=True,
                                metadata={"description": "apply only if the game is at this version"}),
        "action_id": Text(allow_none=True, validate=validate.Length(min=1, max=64),
                          metadata={"description": "idempotency key, e.g. a UUID"}),
    }
