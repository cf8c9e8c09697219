"""The JSON answer of a solver result: one encoding for every game's advice.

A result is a frozen dataclass (or nested ones); its answer is its fields, each written as
:func:`rulesets.jsonable.jsonable` writes it (cards as codes, tuples as lists), except that
a value of a type the game gives a *form* for is written by that form (Continental writes a
meld with its text and jokers), and the floats of the fields named in ``digits`` are rounded
(``solve_ms`` to 0.1 ms by default). Each game's ``api/<game>/answers.py`` calls
:func:`answer` with its forms.

>>> from dataclasses import dataclass
>>> from rulesets.cards import parse_cards
>>> @dataclass(frozen=True)
... class Kept:
...     cards: tuple
...     odds: float
...     solve_ms: float
>>> answer(Kept(parse_cards("As 10h"), 0.123456, 2.345))
{'cards': ['As', 'Th'], 'odds': 0.123456, 'solve_ms': 2.3}
>>> answer(Kept((), 0.123456, 2.0), forms={tuple: len}, digits={"odds": 2})
{'cards': 0, 'odds': 0.12, 'solve_ms': 2.0}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from rulesets.cards import Card
from rulesets.jsonable import jsonable

__all__ = ["SOLVE_MS", "Forms", "answer"]

Forms = Mapping[type | Any, Callable[[Any], Any]]
"""The written form of a value, by its type (a union such as ``Trio | Run`` too)."""

SOLVE_MS: Mapping[str, int] = {"solve_ms": 1}
"""The rounding every answer shares: the solver's time, to a tenth of a millisecond."""


def answer(result: Any, *, forms: Forms | None = None, digits: Mapping[str, int] = SOLVE_MS) -> Any:
    """The JSON-ready answer of ``result``: its fields, written by ``forms`` where one fits,
    floats of the fields named in ``digits`` rounded to that many digits.
    """
    return _encode(result, forms or {}, digits)


def _encode(value: Any, forms: Forms, digits: Mapping[str, int]) -> Any:
    for kind, form in forms.items():
        if isinstance(value, kind):
            return form(value)
    if isinstance(value, Card | Enum):
        return jsonable(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: _rounded(_encode(getattr(value, field.name), forms, digits),
                                     digits.get(field.name))
                for field in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_encode(item, forms, digits) for item in value]
    if isinstance(value, Mapping):
        return {key: _encode(item, forms, digits) for key, item in value.items()}
    return jsonable(value)


def _rounded(value: Any, places: int | None) -> Any:
    return round(value, places) if places is not None and isinstance(value, float) else value
