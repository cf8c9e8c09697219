"""A game's action requests over HTTP, derived from its action records.

Each action record declares its request fields once (:mod:`rulesets.actions`); from them
:class:`ActionRequests` makes the request schema (every action's fields, ``type`` naming
the action, the delivery fields), the OpenAPI alternatives tagged by ``type`` (a required
field named, another action's field refused), and the reading of a loaded request: another
action's field or a missing one is a 422 pointing at it, and cards are read with pointers
to the bad one. A field's type says its form: a card, a list of cards or a list of such lists
(written as the game's :class:`CardFields` say), a whole number (an index, from 0), a text
enum (one of its values).

>>> from rulesets.ramchi.records import ACTIONS
>>> from api.schemas import card_code
>>> ramchi = ActionRequests("ExampleActionRequest", ACTIONS, CardFields(card_code), ignore_other_fields=True)
>>> [variant["properties"]["type"]["enum"] for variant in ramchi.variants]
[['exchange'], ['keep'], ['arrange'], ['replace_by_bot']]
>>> ramchi.read({"type": "arrange", "combinations": [["10h", "JH", "qh"]]})
{'type': 'arrange', 'combinations': [['Th', 'Jh', 'Qh']]}
>>> ramchi.read({"type": "keep", "combinations": None})
{'type': 'keep'}
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from marshmallow import Schema, fields, validate

from api.cardinput import read_cards
from api.errors import ApiProblem
from api.schemas import MAX_CARDS, BoundedList, Int, StrictBoolean, Text, delivery_fields
from rulesets.actions import RequestField, missing_field, request_fields
from rulesets.cards import Card
from rulesets.log import Record

__all__ = ["MAX_INDEX", "ActionRequests", "CardFields"]

MAX_INDEX = 1000
"""The largest index a request may name (a table meld, a run): far beyond any table."""


@dataclass(frozen=True, slots=True)
class CardFields:
    """How one game writes the cards of its requests: ``code(**field_args)`` is one card's field
    (documented with the game's pattern); ``with_jokers`` and ``most_copies`` say which cards
    are read (copies beyond the first are named ``7c#2``); ``most_cards`` is the longest list
    of cards a field holds, ``most_lists`` the most lists in a list of lists.
    """

    code: Callable[..., fields.Field]
    with_jokers: bool = False
    most_copies: int = 1
    most_cards: int = MAX_CARDS
    most_lists: int = MAX_CARDS

    def read(self, tokens: Sequence[str], pointer: str) -> list[str]:
        """The codes of a list of cards (a bad card is a problem pointing at it)."""
        cards = read_cards(tokens, pointer, jokers=self.with_jokers, decks=self.most_copies)
        return [card.code if card.copy == 1 else card.id for card in cards]

    def read_one(self, token: str, pointer: str) -> str:
        """The code of one card (a bad card is a problem pointing at the field)."""
        try:
            (code,) = self.read([token], pointer)
        except ApiProblem as problem:
            problem.errors = [{**error, "pointer": pointer} for error in problem.errors]
            raise
        return code


def _is_cards(hint: Any) -> bool:
    """Whether ``hint`` is ``tuple[Card, ...]``."""
    return typing.get_origin(hint) is tuple and typing.get_args(hint) == (Card, Ellipsis)


def _is_card_lists(hint: Any) -> bool:
    """Whether ``hint`` is ``tuple[tuple[Card, ...], ...]``."""
    args = typing.get_args(hint)
    return typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis \
        and _is_cards(args[0])


def _is_choice(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, StrEnum)


def _article(kind: str) -> str:
    return "an" if kind[:1] in "aeiou" else "a"


@dataclass(frozen=True, eq=False)
class ActionRequests:
    """The requests for one game's ``actions``, derived from the records' fields.

    ``name`` is the schema's component name (``RamchiActionRequest``), ``cards`` how the game
    writes cards, ``examples`` an example value by field name. With ``ignore_other_fields`` a request
    may carry another action's field, which is ignored (Ramchi: ``combinations`` with a
    ``keep``); without, it is refused.
    """

    name: str
    actions: tuple[type[Record], ...]
    cards: CardFields
    examples: Mapping[str, Any] = field(default_factory=dict)
    ignore_other_fields: bool = False

    @functools.cached_property
    def _by_kind(self) -> dict[str, type[Record]]:
        return {action.kind: action for action in self.actions}

    @functools.cached_property
    def _fields(self) -> dict[str, list[tuple[str, RequestField]]]:
        """Each field name, with every action (kind) that has it, in the actions' order."""
        found: dict[str, list[tuple[str, RequestField]]] = {}
        for action in self.actions:
            for request_field in request_fields(action):
                found.setdefault(request_field.name, []).append((action.kind, request_field))
        return found

    def _nullable(self, name: str) -> bool:
        """Whether the schema takes ``null`` for ``name``: an action may leave it out, or other
        actions' requests may carry it (and it means nothing to them).
        """
        return self.ignore_other_fields or any(request_field.optional
                                               for _, request_field in self._fields[name])

    def _description(self, name: str) -> str:
        """What the field holds, by action: ``lay_off, swap_joker: the table meld; …``."""
        by_doc: dict[str, list[str]] = {}
        for kind, request_field in self._fields[name]:
            by_doc.setdefault(request_field.doc, []).append(kind)
        return "; ".join(f"{', '.join(kinds)}: {doc}" if doc else ", ".join(kinds)
                         for doc, kinds in by_doc.items())

    def _field(self, name: str) -> fields.Field:
        """The schema field of ``name``, from its type."""
        hint = self._fields[name][0][1].hint
        metadata: dict[str, Any] = {"description": self._description(name)}
        if name in self.examples:
            metadata["example"] = self.examples[name]
        common: dict[str, Any] = {"metadata": metadata}
        if self._nullable(name):
            common["allow_none"] = True
        if hint is Card:
            return self.cards.code(**common)
        if _is_cards(hint):
            return BoundedList(self.cards.code(), max_items=self.cards.most_cards, **common)
        if _is_card_lists(hint):
            inner = BoundedList(self.cards.code(), max_items=self.cards.most_cards)
            return BoundedList(inner, max_items=self.cards.most_lists, **common)
        if _is_choice(hint):
            return fields.String(validate=validate.OneOf([choice.value for choice in hint]), **common)
        if hint is int:
            return Int(validate=validate.Range(min=0, max=MAX_INDEX), **common)
        if hint is bool:
            return StrictBoolean(**common)
        if hint is str:
            return Text(validate=validate.Length(max=100), **common)
        raise TypeError(f"{self.name}: no request field for {name!r} of type {hint!r}")

    @functools.cached_property
    def schema(self) -> type[Schema]:
        """The request schema: ``type``, every action's fields, the delivery fields."""
        declared: dict[str, fields.Field] = {
            "type": fields.String(required=True, validate=validate.OneOf(list(self._by_kind)))}
        declared |= {name: self._field(name) for name in self._fields}
        return Schema.from_dict(declared | delivery_fields(), name=self.name)

    @functools.cached_property
    def variants(self) -> tuple[dict[str, Any], ...]:
        """The JSON Schema of each action (the OpenAPI ``oneOf``): its ``type``, its required
        fields (not null), and, unless ``ignore_other_fields``, no other action's field.
        """
        return tuple(self._variant(action) for action in self.actions)

    def _variant(self, action: type[Record]) -> dict[str, Any]:
        own = request_fields(action)
        properties: dict[str, Any] = {"type": {"type": "string", "enum": [action.kind]}}
        if not self.ignore_other_fields:
            names = {request_field.name for request_field in own}
            properties |= {name: {"not": {}} for name in sorted(set(self._fields) - names)}
        required = [request_field for request_field in own if not request_field.optional]
        for request_field in required:
            if self._nullable(request_field.name):
                properties[request_field.name] = _json_type(request_field.hint)
        return {"properties": properties,
                "required": ["type", *(request_field.name for request_field in required)]}

    def read(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """A loaded request (without its delivery fields) with its cards read: the body the
        rules' ``action_from_request`` takes. Another action's field (unless ``ignore_other_fields``)
        or a missing required one is a 422 ``invalid_request`` pointing at it.
        """
        kind = body["type"]
        action = self._by_kind[kind]
        own = {request_field.name: request_field for request_field in request_fields(action)}
        for key in body:
            if key != "type" and key not in own and not self.ignore_other_fields:
                raise ApiProblem("invalid_request", f"{_article(kind)} {kind!r} action takes no {key!r}",
                                 status=422, errors=[{"pointer": f"/{key}",
                                                      "detail": f"not a field of {kind}"}])
        missing = missing_field(action, body)
        if missing is not None:
            raise ApiProblem("invalid_request", missing[1], status=422,
                             errors=[{"pointer": f"/{missing[0]}", "detail": "required"}])
        return {"type": kind} | {name: self._read_value(body[name], request_field.hint, f"/{name}")
                                 for name, request_field in own.items() if name in body}

    def _read_value(self, value: Any, hint: Any, pointer: str) -> Any:
        if value is None:
            return None
        if hint is Card:
            return self.cards.read_one(value, pointer)
        if _is_cards(hint):
            return self.cards.read(value, pointer)
        if _is_card_lists(hint):
            return [self.cards.read(cards, f"{pointer}/{i}") for i, cards in enumerate(value)]
        return value


def _json_type(hint: Any) -> dict[str, Any]:
    """The JSON Schema of a value of type ``hint`` that is given (not null)."""
    if _is_choice(hint):
        return {"type": "string", "enum": [choice.value for choice in hint]}
    if typing.get_origin(hint) is tuple:
        return {"type": "array"}
    if hint is int:
        return {"type": "integer"}
    if hint is bool:
        return {"type": "boolean"}
    return {"type": "string"}
