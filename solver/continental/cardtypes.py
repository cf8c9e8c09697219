"""Cards as *types* for the Continental solver: identical cards counted together.

Identical physical cards (two 7♣) are separate cards for the referee, but alike
for advice. A hand is then a tuple of 53 counts: index 0-51 is
:attr:`rulesets.cards.Card.index` (``2c`` = 0 … ``As`` = 51), index 52 the joker.

>>> from rulesets.cards import parse_cards
>>> counts = counts_of(parse_cards("7c 7c Jk As", jokers=True, decks=2))
>>> counts[type_of(parse_cards("7c")[0])], counts[JOKER], sum(counts)
(2, 1, 4)
>>> card_of_type(51), card_of_type(JOKER)
(Card('As'), Card('Jk'))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rulesets.cards import DECK, Card, Rank, Suit

__all__ = [
    "JOKER",
    "TYPES",
    "Counts",
    "add",
    "card_of_type",
    "counts_of",
    "rank_of_type",
    "remove",
    "suit_of_type",
    "type_of",
    "type_order",
]

JOKER = 52
"""The type index of a joker."""

TYPES = 53
"""52 natural cards and the joker."""

Counts = tuple[int, ...]
"""How many cards of each of the :data:`TYPES` types (index = :func:`type_of`)."""

_JOKER_CARD = Card(None, None)


def type_of(card: Card) -> int:
    """The type index of a card: its 52-card index, or :data:`JOKER` (:attr:`~rulesets.cards.Card.kind`)."""
    return card.kind


def card_of_type(index: int) -> Card:
    """The first copy of the card of a type (``Card('7c')``, ``Card('Jk')``)."""
    return _JOKER_CARD if index == JOKER else DECK[index]


def rank_of_type(index: int) -> Rank:
    """The rank of a natural type (2 … ace).

    >>> rank_of_type(51)
    <Rank.ACE: 14>
    """
    return Rank(2 + index // 4)


def suit_of_type(index: int) -> Suit:
    """The suit of a natural type."""
    return Suit(index % 4)


def type_order(index: int) -> tuple[int, int]:
    """A sort key showing cards by suit, then rank, jokers last (how players hold a hand)."""
    return (5, 0) if index == JOKER else (index % 4, index // 4)


def counts_of(cards: Iterable[Card]) -> Counts:
    """The counts of a list of cards."""
    counts = [0] * TYPES
    for card in cards:
        counts[type_of(card)] += 1
    return tuple(counts)


def add(counts: Sequence[int], index: int, n: int = 1) -> Counts:
    """The counts with ``n`` more cards of type ``index``."""
    out = list(counts)
    out[index] += n
    return tuple(out)


def remove(counts: Sequence[int], index: int, n: int = 1) -> Counts:
    """The counts with ``n`` fewer cards of type ``index`` (which must be held)."""
    if counts[index] < n:
        raise ValueError(f"{card_of_type(index).code} is not held {n} times")
    return add(counts, index, -n)
