"""Ramchi three-card combinations: classification, strength order and names.

Categories, strongest first: three of a kind, straight flush, straight, flush,
three unrelated cards. Every combination gets a dense integer ``strength``
(1 = weakest 5-4-2 unrelated, 585 = A-A-A): larger is stronger, equal ties.

>>> c = classify(parse_cards("2s 3s 5s"))
>>> c.category.key, c.name
('straight_flush', 'Ramchi straight flush (2-3-5)')
>>> classify(parse_cards("7h 7c Kd")).reason
'K-7-7 has a pair (two Sevens): no combination holds a pair'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache

from rulesets.cards import DECK, Card, Rank, parse_cards  # noqa: F401  (doctests)
from rulesets.errors import CardCountError, DuplicateCardError, IllegalActionError, InvalidInputError

__all__ = [
    "COMBINATION_SIZE",
    "STRAIGHTS",
    "STRONGEST",
    "Category",
    "Classification",
    "Comparison",
    "NotACombinationError",
    "classify",
    "combination",
    "compare",
    "compare_combinations",
    "strength_table",
]


class Category(IntEnum):
    """Combination categories; a larger value is a stronger category."""

    UNRELATED = 1
    FLUSH = 2
    STRAIGHT = 3
    STRAIGHT_FLUSH = 4
    THREE_OF_A_KIND = 5

    @property
    def key(self) -> str:
        """Stable snake-case name used by the API, e.g. ``three_of_a_kind``."""
        return self.name.lower()

    @property
    def label(self) -> str:
        """Readable name, e.g. ``Three of a kind``."""
        return _LABELS[self]


_LABELS = {
    Category.UNRELATED: "Three unrelated cards",
    Category.FLUSH: "Flush",
    Category.STRAIGHT: "Straight",
    Category.STRAIGHT_FLUSH: "Straight flush",
    Category.THREE_OF_A_KIND: "Three of a kind",
}

STRAIGHTS: tuple[tuple[int, int, int], ...] = (
    (14, 2, 3),
    (2, 3, 5),
    *((high, high - 1, high - 2) for high in range(14, 3, -1)),
)
"""Straight rank patterns, strongest first, as players write them.

A-2-3 is the highest straight, then 2-3-5 (the *ramchi*), then A-K-Q down to
4-3-2. There is no wrap-around (K-A-2 is not a straight).

>>> len(STRAIGHTS), STRAIGHTS[1], STRAIGHTS[-1]
(13, (2, 3, 5), (4, 3, 2))
"""

COMBINATION_SIZE = 3
"""A combination is three cards."""

STRONGEST = 585
"""The strength of the strongest combination, A-A-A (the weakest, 5-4-2 unrelated, is 1).

>>> max(strength_table().values()) == STRONGEST == len(_dense_strengths())
True
"""

RAMCHI = (2, 3, 5)
_STRAIGHT_POSITION = {frozenset(ranks): len(STRAIGHTS) - i for i, ranks in enumerate(STRAIGHTS)}


@dataclass(frozen=True, slots=True)
class Classification:
    """What three cards are in Ramchi.

    ``category`` is ``None`` (and ``strength`` 0) when the cards are no
    combination; ``reason`` then says why in words.
    """

    cards: tuple[Card, ...]
    category: Category | None
    strength: int
    name: str
    reason: str | None = None

    @property
    def is_combination(self) -> bool:
        """True when the three cards form a combination."""
        return self.category is not None

    @property
    def codes(self) -> list[str]:
        """The canonical codes of the cards, in display order."""
        return [card.code for card in self.cards]


class NotACombinationError(IllegalActionError):
    """Three cards arranged as a combination that are none.

    ``combination`` is its place in an arrangement (from 1), when it is in one; ``card`` is
    always ``None`` (the whole combination is at fault), as in
    :class:`rulesets.ramchi.arrangement.ArrangementProblem`.
    """

    def __init__(self, classification: Classification, combination: int | None = None) -> None:
        super().__init__(
            f"{' '.join(classification.codes)} is not a combination: {classification.reason}",
            rule="a combination is three of a kind, a straight flush, a straight, a flush "
            "or three unrelated cards",
            code="not_a_combination",
        )
        self.classification = classification
        self.combination = combination
        self.card: int | None = None


def _sub_key(category: Category, ranks: tuple[int, int, int]) -> int:
    """Order within a category; ``ranks`` sorted high to low."""
    if category is Category.THREE_OF_A_KIND:
        return ranks[0]
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return _STRAIGHT_POSITION[frozenset(ranks)]
    return ranks[0] * 225 + ranks[1] * 15 + ranks[2]


@cache
def _dense_strengths() -> dict[tuple[int, int], int]:
    """Map every (category, sub-key) to a dense strength 1…585."""
    keys: set[tuple[int, int]] = set()
    for a in range(14, 1, -1):
        keys.add((Category.THREE_OF_A_KIND, _sub_key(Category.THREE_OF_A_KIND, (a, a, a))))
        for b in range(a - 1, 1, -1):
            for c in range(b - 1, 1, -1):
                ranks = (a, b, c)
                if frozenset(ranks) in _STRAIGHT_POSITION:
                    for category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
                        keys.add((category, _sub_key(category, ranks)))
                else:
                    for category in (Category.FLUSH, Category.UNRELATED):
                        keys.add((category, _sub_key(category, ranks)))
    return {key: i for i, key in enumerate(sorted(keys), start=1)}


def _ranks_text(ranks: Sequence[int]) -> str:
    return "-".join(Rank(r).label for r in ranks)


def _straight_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Put straight cards in the order players write the straight (A-2-3, 2-3-5, K-Q-J)."""
    by_rank = {card.rank: card for card in cards}
    pattern = next(p for p in STRAIGHTS if frozenset(p) == frozenset(by_rank))
    return tuple(by_rank[Rank(r)] for r in pattern)


def _name(category: Category, cards: tuple[Card, ...]) -> str:
    ranks = [int(card.rank) for card in cards if card.rank is not None]
    if category is Category.THREE_OF_A_KIND:
        return f"Three {Rank(ranks[0]).plural}"
    if tuple(ranks) == RAMCHI:
        return "Ramchi straight flush (2-3-5)" if category is Category.STRAIGHT_FLUSH \
            else "Ramchi (2-3-5)"
    return f"{category.label} {_ranks_text(ranks)}"


def _no_combination(cards: tuple[Card, ...], reason: str) -> Classification:
    return Classification(cards, None, 0, "No combination", reason)


def classify(cards: Sequence[Card]) -> Classification:
    """Classify three distinct cards of one deck.

    Raises :class:`~rulesets.errors.CardCountError` for a number of cards
    other than three and :class:`~rulesets.errors.DuplicateCardError` for a
    card given twice.

    >>> classify(parse_cards("Ah 2c 3d")).name
    'Straight A-2-3'
    >>> classify(parse_cards("Ks 9s 4h")).reason
    'K♠ 9♠ 4♥: two cards share a suit, but the three are neither a straight nor a flush'
    """
    if len(cards) != COMBINATION_SIZE:
        raise CardCountError(str(COMBINATION_SIZE), len(cards), "a combination")
    for i, card in enumerate(cards):
        if card.is_joker:
            raise InvalidInputError(f"card {i + 1} is a joker: Ramchi is played without jokers",
                                    rule="Ramchi uses one 52-card deck, no jokers", code="invalid_card")
        if card in cards[:i]:
            raise DuplicateCardError(card.code, (cards.index(card) + 1, i + 1))
    ordered = tuple(sorted(cards, key=lambda c: (c.rank, c.suit), reverse=True))
    ranks = tuple(int(c.rank) for c in ordered if c.rank is not None)
    suits = {c.suit for c in ordered}
    if ranks[0] == ranks[2]:
        category = Category.THREE_OF_A_KIND
    elif ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = Rank(ranks[1])
        return _no_combination(
            ordered,
            f"{_ranks_text(ranks)} has a pair (two {pair.plural}): no combination holds a pair",
        )
    elif frozenset(ranks) in _STRAIGHT_POSITION:
        category = Category.STRAIGHT_FLUSH if len(suits) == 1 else Category.STRAIGHT
        ordered = _straight_order(ordered)
    elif len(suits) == 1:
        category = Category.FLUSH
    elif len(suits) == 3:
        category = Category.UNRELATED
    else:
        pretty = " ".join(c.pretty for c in ordered)
        return _no_combination(
            ordered,
            f"{pretty}: two cards share a suit, but the three are neither a straight nor a flush",
        )
    strength = _dense_strengths()[(category, _sub_key(category, ranks))]
    return Classification(ordered, category, strength, _name(category, ordered))


def combination(cards: Sequence[Card]) -> Classification:
    """Classify, raising :class:`NotACombinationError` if the cards are no combination.

    >>> combination(parse_cards("As Ad Ah")).strength
    585
    """
    result = classify(cards)
    if not result.is_combination:
        raise NotACombinationError(result)
    return result


@dataclass(frozen=True, slots=True)
class Comparison:
    """Two combinations as they would meet in a round: which wins, and why in words.

    ``winner`` is ``"a"``, ``"b"`` or ``"tie"``.
    """

    a: Classification
    b: Classification
    winner: str
    explanation: str

    @property
    def sign(self) -> int:
        """1 if ``a`` is stronger, -1 if ``b`` is, 0 for a tie."""
        return {"a": 1, "b": -1, "tie": 0}[self.winner]


def compare_combinations(a: Sequence[Card], b: Sequence[Card]) -> Comparison:
    """Compare two combinations: "the strongest combination wins the round"; equal is a tie.

    Both must be combinations (:class:`NotACombinationError` otherwise). Only
    strengths are compared: whether the two could meet in one deal (no shared
    card) is :func:`rulesets.ramchi.deal.check_single_deck`'s to say.

    >>> result = compare_combinations(parse_cards("Ah 2d 3c"), parse_cards("Kd Kh Kc"))
    >>> result.winner, result.explanation
    ('b', 'Three Kings beats Straight A-2-3.')
    >>> compare_combinations(parse_cards("Ah 2d 3c"), parse_cards("As 2h 3d")).winner
    'tie'
    """
    first, second = combination(a), combination(b)
    if first.strength == second.strength:
        return Comparison(first, second, "tie", (
            f"{first.name} and {second.name} are equal: a tie. In a round, a tie goes to the "
            "combination played first (or last, under the tie_goes_to option)."))
    winner = "a" if first.strength > second.strength else "b"
    strong, weak = (first, second) if winner == "a" else (second, first)
    return Comparison(first, second, winner, f"{strong.name} beats {weak.name}.")


def compare(a: Sequence[Card], b: Sequence[Card]) -> int:
    """Compare two combinations: 1 if ``a`` is stronger, -1 if ``b`` is, 0 for a tie.

    The sign of :func:`compare_combinations`.

    >>> compare(parse_cards("Ah 2h 3h"), parse_cards("2s 3s 5s"))
    1
    """
    return compare_combinations(a, b).sign


@cache
def strength_table() -> dict[int, int]:
    """Strength of every three-card set that is a combination, keyed by a 52-bit mask.

    The mask has bit :attr:`Card.index` set for each card. Sets that are no
    combination are absent. Built once (about 0.1 s), for solvers.

    >>> len(strength_table())
    8528
    """
    table: dict[int, int] = {}
    for i in range(52):
        for j in range(i + 1, 52):
            for k in range(j + 1, 52):
                result = classify((DECK[i], DECK[j], DECK[k]))
                if result.category is not None:
                    table[(1 << i) | (1 << j) | (1 << k)] = result.strength
    return table
