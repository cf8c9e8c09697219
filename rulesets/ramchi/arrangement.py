"""Checking a proposed arrangement against a hand, listing every problem at once.

An arrangement is up to five disjoint 3-card combinations taken from the
hand; the other cards are discarded. :func:`arrangement_problems` lists all
problems (like ``python-chess``'s ``status()``); :func:`check_arrangement`
raises the first one or returns the :class:`Arrangement` in play order.

>>> hand = parse_cards("As Ad Ah 2c 3c 5c 9h 9d 8s Kc Qh 4d 6s 7s Th Jd Td")
>>> a = check_arrangement(hand, [parse_cards("2c 3c 5c"), parse_cards("As Ad Ah")])
>>> [c.name for c in a.combinations], len(a.discards)
(['Three Aces', 'Ramchi straight flush (2-3-5)'], 11)
>>> [p.code for p in arrangement_problems(hand, [parse_cards("Ks 9h 9d")])]
['card_not_in_hand', 'not_a_combination']
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from rulesets.cards import Card, parse_cards  # noqa: F401  (doctests)
from rulesets.errors import IllegalActionError
from rulesets.ramchi.combinations import (
    COMBINATION_SIZE,
    Classification,
    NotACombinationError,
    classify,
)

__all__ = [
    "MAX_COMBINATIONS",
    "Arrangement",
    "ArrangementProblem",
    "arrangement_problems",
    "check_arrangement",
]

MAX_COMBINATIONS = 5


@functools.lru_cache(maxsize=1 << 16)
def _classify(cards: tuple[Card, ...]) -> Classification:
    """Classify (cached: replaying a log classifies the same combinations again)."""
    return classify(cards)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Checked combinations in play order (strongest first) and the discarded cards."""

    combinations: tuple[Classification, ...]
    discards: tuple[Card, ...]

    @property
    def cards(self) -> tuple[tuple[Card, ...], ...]:
        """The cards of each combination, in play order."""
        return tuple(c.cards for c in self.combinations)

    @property
    def strengths(self) -> tuple[int, ...]:
        """The strength of each combination, in play order (a lineup for scoring)."""
        return tuple(c.strength for c in self.combinations)


class ArrangementProblem(IllegalActionError):
    """A problem with an arrangement, and where it is: ``combination`` and ``card`` count from 1
    (``None``: the problem is with the whole arrangement, or the whole combination).

    >>> problem = wrong_sizes([parse_cards("As Ad Ah"), parse_cards("Kd")])[0]
    >>> problem.code, problem.combination, problem.card
    ('wrong_card_count', 2, None)
    """

    def __init__(self, message: str, *, rule: str, code: str, combination: int | None = None,
                 card: int | None = None) -> None:
        super().__init__(message, rule=rule, code=code)
        self.combination = combination
        self.card = card


def too_many_combinations(combinations: Sequence[Sequence[Card]]) -> list[ArrangementProblem]:
    """Check the count: "Each player forms **up to five** disjoint combinations".

    >>> len(too_many_combinations([()] * 6))
    1
    """
    if len(combinations) <= MAX_COMBINATIONS:
        return []
    return [ArrangementProblem(
        f"{len(combinations)} combinations submitted; at most {MAX_COMBINATIONS} are allowed",
        rule="each player forms up to five combinations",
        code="too_many_combinations",
    )]


def wrong_sizes(combinations: Sequence[Sequence[Card]]) -> list[ArrangementProblem]:
    """Check sizes: "Combinations (3 cards each)".

    >>> [e.code for e in wrong_sizes([parse_cards("As Ad")])]
    ['wrong_card_count']
    """
    return [
        ArrangementProblem(
            f"combination {i} has {len(cards)} card{'' if len(cards) == 1 else 's'}; "
            f"a combination is exactly {COMBINATION_SIZE} cards",
            rule="a combination is three cards",
            code="wrong_card_count",
            combination=i,
        )
        for i, cards in enumerate(combinations, start=1)
        if len(cards) != COMBINATION_SIZE
    ]


def cards_not_in_hand(
    hand: Sequence[Card], combinations: Sequence[Sequence[Card]], whose: str = "your"
) -> list[ArrangementProblem]:
    """Check ownership: each player forms combinations from the cards of their own hand.

    ``whose`` says whose hand it is in the message (``your``, ``seat 1's``).

    >>> [e.message for e in cards_not_in_hand(parse_cards("As"), [parse_cards("As Kd")], "seat 1's")]
    ["K♦ in combination 1 is not in seat 1's hand"]
    """
    held = set(hand)
    return [
        ArrangementProblem(
            f"{card.pretty} in combination {i} is not in {whose} hand",
            rule="you can only arrange cards you hold",
            code="card_not_in_hand",
            combination=i,
            card=j,
        )
        for i, cards in enumerate(combinations, start=1)
        for j, card in enumerate(cards, start=1)
        if card not in held
    ]


def repeated_cards(combinations: Sequence[Sequence[Card]]) -> list[ArrangementProblem]:
    """Check disjointness: "Each player forms up to five **disjoint** combinations".

    >>> [e.code for e in repeated_cards([parse_cards("As Ad Ah"), parse_cards("As Ks Qs")])]
    ['duplicate_card']
    """
    seen: dict[Card, int] = {}
    problems: list[ArrangementProblem] = []
    for i, cards in enumerate(combinations, start=1):
        for j, card in enumerate(cards, start=1):
            if card in seen:
                where = "again" if seen[card] == i else f"already in combination {seen[card]}"
                problems.append(ArrangementProblem(
                    f"{card.code} in combination {i} is used {where}",
                    rule="combinations are disjoint: each card is used at most once",
                    code="duplicate_card",
                    combination=i,
                    card=j,
                ))
            else:
                seen[card] = i
    return problems


def non_combinations(combinations: Sequence[Sequence[Card]]) -> list[NotACombinationError]:
    """Check each 3 distinct cards form a combination: "Such cards must be discarded".

    Combinations of another size or repeating a card are reported elsewhere.

    >>> [(e.code, e.combination) for e in non_combinations([parse_cards("7h 7c Kd")])]
    [('not_a_combination', 1)]
    """
    problems: list[NotACombinationError] = []
    for i, cards in enumerate(combinations, start=1):
        if len(cards) == COMBINATION_SIZE and len(set(cards)) == COMBINATION_SIZE:
            result = _classify(tuple(cards))
            if not result.is_combination:
                problems.append(NotACombinationError(result, combination=i))
    return problems


def arrangement_problems(
    hand: Sequence[Card], combinations: Sequence[Sequence[Card]], whose: str = "your"
) -> list[IllegalActionError]:
    """List every problem with arranging ``combinations`` from ``hand`` (empty: legal); ``whose``
    says whose hand it is in a message (``your``, ``seat 1's``).

    >>> arrangement_problems(parse_cards("As Ad Ah Kc"), [parse_cards("As Ad Ah")])
    []
    """
    return [
        *too_many_combinations(combinations),
        *wrong_sizes(combinations),
        *cards_not_in_hand(hand, combinations, whose),
        *repeated_cards(combinations),
        *non_combinations(combinations),
    ]


def check_arrangement(hand: Sequence[Card], combinations: Sequence[Sequence[Card]]) -> Arrangement:
    """Return the arrangement in play order, or raise its first problem.

    "Combinations are played strongest first", so the combinations are sorted
    by strength; "Keeping a card that is in no combination is not allowed", so
    every other card of the hand is discarded.

    >>> check_arrangement(parse_cards("As Ad Ah Kc"), []).discards
    (Card('As'), Card('Ad'), Card('Ah'), Card('Kc'))
    """
    problems = arrangement_problems(hand, combinations)
    if problems:
        raise problems[0]
    classified = sorted((_classify(tuple(cards)) for cards in combinations),
                        key=lambda c: c.strength, reverse=True)
    used = {card for cards in combinations for card in cards}
    return Arrangement(tuple(classified), tuple(card for card in hand if card not in used))
