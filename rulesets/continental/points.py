"""Penalty points of cards left in hand, under both ``card_values`` options.

Spec, "Going out and scoring": "2-9 = 5 points, 10/J/Q/K = 10, A = 20,
Joker = 50 (*variant*: 2-10 at face value)".

>>> hand_points(parse_cards("2c 9d Th As Jk", jokers=True), "standard")
90
>>> hand_points(parse_cards("2c 9d Th As Jk", jokers=True), "face_value")
91
"""

from __future__ import annotations

from collections.abc import Iterable

from rulesets.cards import Card, Rank, parse_cards  # noqa: F401  (doctests)
from rulesets.errors import InvalidInputError

__all__ = ["CARD_VALUES", "JOKER_POINTS", "card_points", "hand_points"]

CARD_VALUES = ("standard", "face_value")
"""The choices of the ``card_values`` option."""

JOKER_POINTS = 50
"""A joker left in hand costs 50 points under either option."""


def card_points(card: Card, card_values: str = "standard") -> int:
    """The points one card left in hand costs.

    >>> [card_points(c) for c in parse_cards("7c Kd Ah")]
    [5, 10, 20]
    >>> card_points(parse_cards("7c")[0], "face_value")
    7
    """
    if card_values not in CARD_VALUES:
        raise InvalidInputError(
            f"card_values must be one of {', '.join(CARD_VALUES)}; got {card_values!r}",
            rule="cards left in hand are scored 'standard' or 'face_value'", code="invalid_ruleset")
    if card.rank is None:
        return JOKER_POINTS
    if card.rank is Rank.ACE:
        return 20
    if card.rank >= Rank.TEN:
        return 10
    return 5 if card_values == "standard" else int(card.rank)


def hand_points(cards: Iterable[Card], card_values: str = "standard") -> int:
    """The points of all cards left in a hand (an empty hand scores 0).

    >>> hand_points([])
    0
    """
    return sum(card_points(card, card_values) for card in cards)
