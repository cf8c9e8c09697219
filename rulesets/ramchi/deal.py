"""The Ramchi deal, the 2♦ exchange and the four-of-a-kind rule.

>>> d = deal(shuffled_deck(7), dealer=0)
>>> [len(h) for h in d.hands], d.up_card in d.hands[0]
([17, 17, 17], False)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rulesets.cards import DECK, Card, Rank, Suit
from rulesets.errors import CardCountError, DuplicateCardError, IllegalActionError
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS

__all__ = [
    "HAND_SIZE",
    "TWO_OF_DIAMONDS",
    "Deal",
    "FourOfAKind",
    "deal",
    "exchange",
    "find_four_of_a_kind",
    "four_of_a_kind_chips",
    "shuffled_deck",
    "two_of_diamonds_holder",
    "validate_deck",
]

HAND_SIZE = 17
TWO_OF_DIAMONDS = Card(Rank.TWO, Suit.DIAMONDS)


@dataclass(frozen=True, slots=True)
class Deal:
    """The three hands (seat order) and the face-up 52nd card."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    up_card: Card


def validate_deck(deck: Sequence[Card]) -> None:
    """Check that ``deck`` is the 52 cards of one deck, each once.

    >>> validate_deck(DECK[:51])
    Traceback (most recent call last):
    ...
    rulesets.errors.CardCountError: the deck: expected 52 cards, got 51
    """
    if len(deck) != len(DECK):
        raise CardCountError(str(len(DECK)), len(deck), "the deck")
    positions: dict[Card, int] = {}
    for position, card in enumerate(deck, start=1):
        if card.is_joker or card.copy != 1:
            raise ValueError(f"card {position} ({card.id}) is not a card of a single 52-card deck")
        if card in positions:
            raise DuplicateCardError(card.code, (positions[card], position))
        positions[card] = position


def shuffled_deck(seed: int) -> tuple[Card, ...]:
    """A deck order shuffled reproducibly from ``seed``.

    >>> shuffled_deck(1) == shuffled_deck(1)
    True
    """
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def deal(deck: Sequence[Card], dealer: int) -> Deal:
    """Deal 17 cards each, one at a time: deck card ``j`` (j < 51) goes to seat
    ``(dealer + 1 + j) % 3``; card 51 is the up-card.
    """
    validate_deck(deck)
    if dealer not in range(SEATS):
        raise ValueError(f"dealer must be a seat 0-{SEATS - 1}, got {dealer}")
    hands: list[list[Card]] = [[], [], []]
    for j, card in enumerate(deck[:51]):
        hands[(dealer + 1 + j) % SEATS].append(card)
    return Deal((tuple(hands[0]), tuple(hands[1]), tuple(hands[2])), deck[51])


def two_of_diamonds_holder(hands: Sequence[Sequence[Card]]) -> int | None:
    """The seat holding the 2♦, or ``None`` when it is the up-card.

    >>> two_of_diamonds_holder([[], [TWO_OF_DIAMONDS], []])
    1
    """
    for seat, hand in enumerate(hands):
        if TWO_OF_DIAMONDS in hand:
            return seat
    return None


def exchange(hand: Sequence[Card], up_card: Card) -> tuple[Card, ...]:
    """Swap the 2♦ in ``hand`` for the up-card; the 2♦ then lies face up, out of play.

    >>> from rulesets.cards import parse_cards
    >>> [c.code for c in exchange(parse_cards("2d As"), parse_cards("Kh")[0])]
    ['Kh', 'As']
    """
    if TWO_OF_DIAMONDS not in hand:
        raise IllegalActionError(
            "only the holder of the 2♦ may exchange it for the up-card",
            rule="the 2♦ exchange",
            code="no_two_of_diamonds",
        )
    return tuple(up_card if card == TWO_OF_DIAMONDS else card for card in hand)


@dataclass(frozen=True, slots=True)
class FourOfAKind:
    """The seat holding the highest four of a kind, and its rank."""

    seat: int
    rank: Rank


def find_four_of_a_kind(hands: Sequence[Sequence[Card]]) -> FourOfAKind | None:
    """The highest four of a kind held by any seat (A high … 2 low), or ``None``.

    >>> from rulesets.cards import parse_cards
    >>> find_four_of_a_kind([parse_cards("2c 2d 2h 2s"), parse_cards("9c 9d 9h 9s"), []])
    FourOfAKind(seat=1, rank=<Rank.NINE: 9>)
    """
    best: FourOfAKind | None = None
    for seat, hand in enumerate(hands):
        counts = Counter(card.rank for card in hand if card.rank is not None)
        for rank, count in counts.items():
            if count == 4 and (best is None or rank > best.rank):
                best = FourOfAKind(seat, rank)
    return best


def four_of_a_kind_chips(winner: int, options: RamchiOptions) -> tuple[int, int, int]:
    """The four-of-a-kind winner takes ``four_of_a_kind_chips`` from each opponent.

    >>> four_of_a_kind_chips(2, RamchiOptions())
    (-4, -4, 8)
    """
    each = options.four_of_a_kind_chips
    chips = [-each] * SEATS
    chips[winner] = each * (SEATS - 1)
    return (chips[0], chips[1], chips[2])
