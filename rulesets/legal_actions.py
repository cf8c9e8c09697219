"""What a seat may do now, in every game: :class:`LegalAction` values, each a request body.

A game lists the actions a seat may take now (``GameState.legal_actions(seat)``).
Each :class:`LegalAction` holds an action record that is legal as it is; its
:attr:`~LegalAction.body` is the request that asks for it, exactly as the game's
``action_from_request(seat, body)`` reads it. An action whose every form cannot
be listed (arranging a Ramchi hand, dropping a Continental contract) is listed
once, with one legal example and a :class:`CardChoice` saying what the player
chooses instead: which field of the body, holding which groups of cards.

>>> from dataclasses import dataclass
>>> from rulesets.cards import Card
>>> from rulesets.log import Record
>>> @dataclass(frozen=True, slots=True)
... class Show(Record):
...     kind = "show"
...     is_action = True
...     seat: int
...     cards: tuple[tuple[Card, ...], ...]
>>> pairs = CardChoice("cards", (CardGroup("pair", 2, 0, 2),), "up to 2 pairs from your hand")
>>> legal = LegalAction(Show(1, ()), pairs)
>>> legal.body
{'type': 'show', 'cards': []}
>>> legal.to_dict()["choose"]["groups"]
[{'name': 'pair', 'cards': 2, 'fewest': 0, 'most': 2}]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulesets.log import Record, record_to_dict

__all__ = ["CardChoice", "CardGroup", "LegalAction", "legal_action_dicts", "request_body"]


def request_body(action: Record) -> dict[str, Any]:
    """The request body that asks for ``action``: its ``type`` (the record's kind) and its
    fields but the seat (a request's seat is the one its token belongs to), cards as codes.

    >>> from rulesets.ramchi.records import Keep
    >>> request_body(Keep(2))
    {'type': 'keep'}
    """
    data = record_to_dict(action)
    return {"type": data.pop("kind")} | {key: value for key, value in data.items() if key != "seat"}


@dataclass(frozen=True, slots=True)
class CardGroup:
    """One kind of group of cards a player chooses: ``name`` (what it is, e.g. ``trio``), of
    ``cards`` cards each, from ``fewest`` to ``most`` of them.

    >>> CardGroup("run", 4, 1, 1).text
    '1 run of 4 cards'
    """

    name: str
    cards: int
    fewest: int
    most: int

    @property
    def text(self) -> str:
        """The group in words."""
        count = str(self.most) if self.fewest == self.most else f"{self.fewest} to {self.most}"
        plural = "" if self.most == 1 else "s"
        return f"{count} {self.name}{plural} of {self.cards} cards"

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form."""
        return {"name": self.name, "cards": self.cards, "fewest": self.fewest, "most": self.most}


@dataclass(frozen=True, slots=True)
class CardChoice:
    """What a player chooses to complete an action listed once: the body's ``field`` holds
    ``groups`` of cards taken from the player's hand; ``text`` says it in words.
    """

    field: str
    groups: tuple[CardGroup, ...]
    text: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form: ``field``, ``from`` (always ``hand``), ``groups`` and ``text``."""
        return {"field": self.field, "from": "hand", "groups": [group.to_dict() for group in self.groups],
                "text": self.text}


@dataclass(frozen=True, slots=True)
class LegalAction:
    """An action a seat may take now: ``action``, legal as it is, and for an action listed once
    (its every form cannot be listed) the ``choice`` the player makes instead of the example.
    """

    action: Record
    choice: CardChoice | None = None

    @property
    def body(self) -> dict[str, Any]:
        """The request that asks for the action (:func:`request_body`)."""
        return request_body(self.action)

    def to_dict(self) -> dict[str, Any]:
        """The body as a seat view lists it; an action listed once adds ``choose``: what to
        choose (send the body without it, with the field filled in as chosen).
        """
        body = self.body
        return body if self.choice is None else body | {"choose": self.choice.to_dict()}


def legal_action_dicts(actions: Sequence[LegalAction]) -> list[dict[str, Any]]:
    """The ``legal_actions`` of a seat view: each action's :meth:`LegalAction.to_dict`."""
    return [action.to_dict() for action in actions]
