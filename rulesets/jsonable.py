"""The one JSON form of rules values: cards as codes, records and results as objects.

Every answer of the API, the command line's ``--json`` output, the solver's
results and the game logs are encoded here, so a card reads the same
everywhere: its canonical code (``As``, ``Th``), with the copy number after
``#`` when several decks are in play.

>>> from rulesets.cards import parse_cards
>>> jsonable({"cards": parse_cards("As 10h"), "n": (1, 2)})
{'cards': ['As', 'Th'], 'n': [1, 2]}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum, StrEnum
from typing import Any

from rulesets.cards import Card

__all__ = ["jsonable"]


def jsonable(value: Any) -> Any:
    """Encode recursively: a card as its code, a dataclass as a dict of its fields, a tuple
    or list as a list, a mapping as a dict, a text enum member as its text, another enum
    member as its lower-case name.

    >>> from rulesets.cards import Rank, Suit
    >>> jsonable(((Card(Rank.TWO, Suit.CLUBS),), 3, None, Rank.ACE))
    [['2c'], 3, None, 'ace']
    """
    if isinstance(value, Card):
        return value.code if value.copy == 1 else value.id
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, Enum):
        return value.name.lower()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [jsonable(item) for item in value]
    if isinstance(value, Mapping):
        return {key: jsonable(item) for key, item in value.items()}
    return value
