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
from rulesets.errors import (
    CardCountError,
    CardParseError,
    DuplicateCardError,
    IllegalActionError,
    InvalidInputError,
)
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS

__all__ = [
    "HAND_SIZE",
    "TWO_OF_DIAMONDS",
    "UNSEEN_CARDS",
    "Deal",
    "FourOfAKind",
    "check_hand",
    "check_single_deck",
    "deal",
    "exchange",
    "find_four_of_a_kind",
    "four_of_a_kind_cards",
    "four_of_a_kind_chips",
    "four_of_a_kind_rank",
    "four_of_a_kind_winner",
    "shuffled_deck",
    "two_of_diamonds_holder",
    "validate_deck",
]

HAND_SIZE = 17
"""Cards dealt to each player: "17 cards to each player"."""

UNSEEN_CARDS = HAND_SIZE * (SEATS - 1)
"""The cards a player cannot see once the up-card lies face up: the two other hands (34)."""
TWO_OF_DIAMONDS = Card(Rank.TWO, Suit.DIAMONDS)


@dataclass(frozen=True, slots=True)
class Deal:
    """The three hands (seat order) and the face-up 52nd card."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    up_card: Card


def check_single_deck(cards: Sequence[Card], what: str) -> None:
    """Check ``cards`` are cards of the one 52-card Ramchi deck (no jokers), each at most once.

    >>> from rulesets.cards import parse_cards
    >>> check_single_deck(parse_cards("As Kd As"), "the hand")
    Traceback (most recent call last):
    ...
    rulesets.errors.DuplicateCardError: card 3 'As' repeats card 1: there is only one As in play
    """
    positions: dict[Card, int] = {}
    for position, card in enumerate(cards, start=1):
        if card.is_joker or card.copy != 1:
            raise CardParseError(card.id, position, f"{what}: not a card of the single Ramchi "
                                 "deck (Ramchi is played with one 52-card deck, no jokers)")
        if card in positions:
            raise DuplicateCardError(card.code, (positions[card], position))
        positions[card] = position


def validate_deck(deck: Sequence[Card]) -> None:
    """Check that ``deck`` is the 52 cards of one deck, each once.

    >>> validate_deck(DECK[:51])
    Traceback (most recent call last):
    ...
    rulesets.errors.CardCountError: the deck: expected 52 cards, got 51
    """
    if len(deck) != len(DECK):
        raise CardCountError(str(len(DECK)), len(deck), "the deck")
    check_single_deck(deck, "the deck")


def check_hand(hand: Sequence[Card], up_card: Card | None = None) -> None:
    """A dealt hand is 17 distinct cards of the deck; the up-card, if known, is not among them.

    "17 cards to each player, one at a time. The 52nd card is placed face up."

    >>> from rulesets.cards import parse_cards
    >>> check_hand(parse_cards("As Ks"))
    Traceback (most recent call last):
    ...
    rulesets.errors.CardCountError: a Ramchi hand: expected 17 cards, got 2
    """
    if len(hand) != HAND_SIZE:
        raise CardCountError(str(HAND_SIZE), len(hand), "a Ramchi hand")
    check_single_deck(hand, "the hand")
    if up_card is None:
        return
    check_single_deck([up_card], "the up-card")
    if up_card in hand:
        raise InvalidInputError(
            f"the up-card {up_card.code} is also in the hand: it lies face up, so no player holds it",
            rule="the 52nd card is dealt face up", code="up_card_in_hand", field="up_card")


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


def four_of_a_kind_rank(hand: Sequence[Card]) -> Rank | None:
    """The highest rank ``hand`` holds four times ("four cards of the same rank"), or ``None``.

    >>> from rulesets.cards import parse_cards
    >>> four_of_a_kind_rank(parse_cards("2c 2d 2h 2s 9c 9d 9h 9s")), four_of_a_kind_rank([])
    (<Rank.NINE: 9>, None)
    """
    counts = Counter(card.rank for card in hand if card.rank is not None)
    ranks = [rank for rank, count in counts.items() if count == 4]
    return max(ranks) if ranks else None


def four_of_a_kind_winner(ranks: Sequence[int | None]) -> int | None:
    """"The highest four of a kind (A high … 2 low) wins the hand outright": the winning seat.

    ``ranks[seat]`` is the rank of the four of a kind that seat holds (``None``:
    none). Returns ``None`` when nobody holds one. One deck holds each rank
    four times, so two seats never hold the same rank.

    >>> four_of_a_kind_winner([None, Rank.NINE, Rank.KING]), four_of_a_kind_winner([None] * 3)
    (2, None)
    """
    held = [(rank, seat) for seat, rank in enumerate(ranks) if rank is not None]
    return max(held)[1] if held else None


def find_four_of_a_kind(hands: Sequence[Sequence[Card]]) -> FourOfAKind | None:
    """The highest four of a kind held by any seat (A high … 2 low), or ``None``.

    >>> from rulesets.cards import parse_cards
    >>> find_four_of_a_kind([parse_cards("2c 2d 2h 2s"), parse_cards("9c 9d 9h 9s"), []])
    FourOfAKind(seat=1, rank=<Rank.NINE: 9>)
    """
    ranks = [four_of_a_kind_rank(hand) for hand in hands]
    seat = four_of_a_kind_winner(ranks)
    if seat is None:
        return None
    rank = ranks[seat]
    assert rank is not None
    return FourOfAKind(seat, rank)


def four_of_a_kind_cards(hand: Sequence[Card], rank: Rank) -> tuple[Card, ...]:
    """The four cards of ``rank`` in ``hand``, in deck order (as the log records them).

    >>> from rulesets.cards import parse_cards
    >>> [c.code for c in four_of_a_kind_cards(parse_cards("9s As 9c 9h 9d"), Rank.NINE)]
    ['9c', '9d', '9h', '9s']
    """
    return tuple(sorted(card for card in hand if card.rank == rank))


def four_of_a_kind_chips(winner: int, options: RamchiOptions) -> tuple[int, int, int]:
    """The four-of-a-kind winner takes ``four_of_a_kind_chips`` from each opponent.

    >>> four_of_a_kind_chips(2, RamchiOptions())
    (-4, -4, 8)
    """
    each = options.four_of_a_kind_chips
    chips = [-each] * SEATS
    chips[winner] = each * (SEATS - 1)
    return (chips[0], chips[1], chips[2])
