"""What a player's request for an action holds, read from the action's record class.

An action is a frozen :class:`~rulesets.log.Record` (``is_action``) and declares its fields
once, there. A seat asks for it with ``{"type": kind, ...}``: every field of the record but
``seat`` (the seat is the one asking). A field whose type admits ``None`` may be left out (it
means "no choice"); the others are required, and ``None`` does not give them. A field may say
what it holds, in words for a player, in its metadata (:func:`described`): the request schemas
document it, and a request that leaves the field out is told it.

Every game reads its requests here (:func:`action_from_request`); the API derives its request
schemas from :func:`request_fields` too, so that a field is added in one place; the request
that asks for a record is :func:`rulesets.legal_actions.request_body`.

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True, slots=True)
... class Bid(Record):
...     kind = "bid"
...     is_action = True
...     seat: int
...     amount: int = field(metadata=described("how many tricks you bid, 0 to 13"))
...     trump: str | None = field(metadata=described("the trump suit, if you name one"))
>>> [(f.name, f.optional) for f in request_fields(Bid)]
[('amount', False), ('trump', True)]
>>> types = RecordTypes([Bid])
>>> action_from_request(types, 2, {"type": "bid", "amount": 4})
Bid(seat=2, amount=4, trump=None)
>>> from rulesets.legal_actions import request_body  # the other way: the record as its request
>>> request_body(Bid(2, 4, "hearts"))
{'type': 'bid', 'amount': 4, 'trump': 'hearts'}
>>> action_from_request(types, 2, {"type": "bid"})
Traceback (most recent call last):
...
rulesets.log.LogError: a 'bid' action needs 'amount' (how many tricks you bid, 0 to 13)
"""

from __future__ import annotations

import dataclasses
import functools
import operator
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulesets.log import LogError, Record, RecordTypes

__all__ = [
    "RequestField",
    "action_from_request",
    "described",
    "missing_field",
    "request_fields",
]

_DOC = "request"
"""The key of a field's description in its dataclass metadata."""


def described(text: str) -> dict[str, str]:
    """The metadata of a record field that says what it holds, in words for a player.

    ``card: Card = field(metadata=described("the card to discard"))``: the field keeps no
    default value (it is required unless its type admits ``None``).
    """
    return {_DOC: text}


@dataclass(frozen=True, slots=True)
class RequestField:
    """One field of an action request: its ``name``, its type (``hint``, ``None`` removed),
    whether it may be left out (``optional``, its type admits ``None``) and what it holds
    (``doc``, ``""`` when the record does not say).
    """

    name: str
    hint: Any
    optional: bool
    doc: str


def _without_none(hint: Any) -> tuple[Any, bool]:
    """The type without ``None`` and whether ``None`` was allowed."""
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        options = [option for option in typing.get_args(hint) if option is not type(None)]
        allowed = len(options) < len(typing.get_args(hint))
        return functools.reduce(operator.or_, options), allowed
    return hint, False


@functools.cache
def request_fields(action: type[Record]) -> tuple[RequestField, ...]:
    """The fields a request for ``action`` holds, in the record's order (``seat`` is not one)."""
    hints = typing.get_type_hints(action)
    found = []
    for field in dataclasses.fields(action):  # type: ignore[arg-type]
        if field.name == "seat":
            continue
        hint, optional = _without_none(hints[field.name])
        found.append(RequestField(field.name, hint, optional, field.metadata.get(_DOC, "")))
    return tuple(found)


def _article(kind: str) -> str:
    return "an" if kind[:1] in "aeiou" else "a"


def missing_field(action: type[Record], body: Mapping[str, Any]) -> tuple[str, str] | None:
    """The first required field ``body`` does not give (absent or ``None``) and the message
    saying so, or ``None`` when every required field is given.
    """
    for field in request_fields(action):
        if not field.optional and body.get(field.name) is None:
            needs = f" ({field.doc})" if field.doc else ""
            return field.name, (f"{_article(action.kind)} {action.kind!r} action needs "
                                f"{field.name!r}{needs}")
    return None


def action_from_request(records: RecordTypes, seat: int, body: Mapping[str, Any], *,
                        ignore_other_fields: bool = False) -> Record:
    """The action ``seat`` asks for with ``body``, read by the game's ``records``.

    A required field left out is refused in words (:func:`missing_field`); an optional one
    left out is ``None``. With ``ignore_other_fields`` a field the action does not have is ignored
    (a game whose requests may carry another action's fields); without, it is refused. Every
    refusal is a :class:`~rulesets.log.LogError`.
    """
    kind = body.get("type")
    action = records.classes.get(kind) if isinstance(kind, str) else None
    data: dict[str, Any] = {"kind": kind, "seat": seat}
    if action is None or not action.is_action:
        return _only_action(records.from_dict(data, "action"))  # names the known kinds
    missing = missing_field(action, body)
    if missing is not None:
        raise LogError(missing[1])
    names = {field.name for field in request_fields(action)}
    data |= {key: value for key, value in body.items()
             if key not in ("type", "kind", "seat") and (key in names or not ignore_other_fields)}
    data |= {field.name: None for field in request_fields(action)
             if field.optional and field.name not in data}
    return _only_action(records.from_dict(data, "action"))


def _only_action(record: Record) -> Record:
    if not record.is_action:
        raise LogError(f"action: {record.kind!r} is an event of the rules, not a player action")
    return record
