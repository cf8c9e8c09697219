"""The combinations a hand can make: the candidates every solver model chooses from.

A 17-card hand has 680 three-card subsets; about 250 of them are Ramchi
combinations. Each :class:`Candidate` carries its 52-bit card mask (bit
:attr:`Card.index`) and its strength (1–585, larger is stronger).

>>> from rulesets.cards import parse_cards
>>> [c.strength for c in hand_candidates(parse_cards("As Ad Ah 2c"))]
[585]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from rulesets.cards import Card, card_from_index
from rulesets.ramchi.combinations import Classification, classify, strength_table

__all__ = ["Candidate", "discards", "hand_candidates", "hand_mask", "mask_cards"]


@dataclass(frozen=True, slots=True, order=True)
class Candidate:
    """One combination a hand can make: strength first, so sorting orders by strength."""

    strength: int
    mask: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """The three cards in display order (as :func:`classify` writes them)."""
        return self.classification.cards

    @property
    def classification(self) -> Classification:
        """The full rules classification (category, name)."""
        return classify(mask_cards(self.mask))


def hand_mask(cards: Sequence[Card]) -> int:
    """The 52-bit mask of ``cards``.

    >>> from rulesets.cards import parse_cards
    >>> hand_mask(parse_cards("2c 2d"))
    3
    """
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def mask_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-bit mask, lowest index first.

    >>> mask_cards(3)
    (Card('2c'), Card('2d'))
    """
    return tuple(card_from_index(i) for i in range(52) if mask >> i & 1)


def hand_candidates(hand: Sequence[Card]) -> list[Candidate]:
    """Every combination inside ``hand``, strongest first (ties by mask, for determinism)."""
    table = strength_table()
    bits = [1 << card.index for card in hand]
    found = []
    for a, b, c in combinations(bits, 3):
        strength = table.get(a | b | c)
        if strength is not None:
            found.append((strength, a | b | c))
    found.sort(reverse=True)
    return [Candidate(strength, mask) for strength, mask in found]


def discards(hand: Sequence[Card], lineup: Sequence[Candidate]) -> tuple[Card, ...]:
    """The cards of ``hand`` in no combination of ``lineup``, in hand order.

    >>> from rulesets.cards import parse_cards
    >>> hand = parse_cards("As Ad Ah 2c")
    >>> discards(hand, hand_candidates(hand)[:1])
    (Card('2c'),)
    """
    used = 0
    for candidate in lineup:
        used |= candidate.mask
    return tuple(card for card in hand if not used >> card.index & 1)
