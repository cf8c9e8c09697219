"""Turning result dataclasses into JSON-ready values (cards as canonical codes).

>>> from rulesets.cards import parse_cards
>>> jsonable({"cards": parse_cards("As 10h"), "n": (1, 2)})
{'cards': ['As', 'Th'], 'n': [1, 2]}
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from rulesets.cards import Card


def jsonable(value: Any) -> Any:
    """Encode dataclasses as dicts, cards as codes, tuples as lists, recursively."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return [jsonable(item) for item in value]
    if isinstance(value, dict):
        return {key: jsonable(item) for key, item in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in fields(value)}
    return value
