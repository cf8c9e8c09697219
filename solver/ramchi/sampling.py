"""Seeded, reproducible samples of how the unseen cards split between the two opponents.

The opponents hold exactly the 34 cards that are neither in my hand nor the
up-card. Each sample deals them 17 and 17 uniformly at random (and, when the
up-card is unknown, first draws it from the 35 unseen cards); cards known to be
in an opponent's hand (``known``) are dealt to it, the rest at random. When no dealer
is given, samples rotate through the three dealer positions.

>>> from rulesets.cards import DECK
>>> first = draw_samples(DECK[:17], DECK[17], samples=2, seed=1, dealer=None, seat=0)
>>> [len(s.hands[1]) for s in first], [s.dealer for s in first]
([17, 17], [0, 1])
>>> first == draw_samples(DECK[:17], DECK[17], samples=2, seed=1, dealer=None, seat=0)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from rulesets.cards import DECK, Card
from rulesets.ramchi.deal import HAND_SIZE
from rulesets.ramchi.scoring import SEATS

__all__ = ["Known", "Sample", "draw_samples", "sample_stream"]


@dataclass(frozen=True, slots=True)
class Sample:
    """One guess at the deal: every seat's hand (mine included), the up-card, the dealer."""

    hands: tuple[tuple[Card, ...], ...]
    up_card: Card
    dealer: int


Known = tuple[tuple[int, tuple[Card, ...]], ...]
"""Cards known to be in an opponent's hand: ``(seat, cards)`` pairs, one per seat (the former
up-card, after that seat exchanged the 2♦ for it)."""


def draw_samples(hand: Sequence[Card], up_card: Card | None, *, samples: int, seed: int,
                 dealer: int | None, seat: int, known: Known = ()) -> list[Sample]:
    """``samples`` reproducible splits of the unseen cards (same seed, same samples)."""
    return list(islice(sample_stream(hand, up_card, seed=seed, dealer=dealer, seat=seat, known=known),
                       samples))


def sample_stream(hand: Sequence[Card], up_card: Card | None, *, seed: int, dealer: int | None,
                  seat: int, known: Known = ()) -> Iterator[Sample]:
    """The samples of :func:`draw_samples` one by one, without end: the first ``n`` are always
    ``draw_samples(..., samples=n)``, so a solver may stop drawing when its time is up.

    ``known`` cards (checked by :func:`solver.ramchi.validation.check_known`) are dealt to their
    seat in every sample, and only the rest at random; with none known the samples are the same.

    >>> from rulesets.cards import parse_cards
    >>> jack = parse_cards("Jd")[0]
    >>> stream = sample_stream(DECK[:17], None, seed=1, dealer=0, seat=0, known=((2, (jack,)),))
    >>> all(jack in next(stream).hands[2] for _ in range(5))
    True

    >>> from rulesets.cards import DECK
    >>> stream = sample_stream(DECK[:17], DECK[17], seed=1, dealer=None, seat=0)
    >>> [next(stream), next(stream)] == draw_samples(DECK[:17], DECK[17], samples=2, seed=1,
    ...                                                dealer=None, seat=0)
    True
    """
    rng = random.Random(seed)
    held = dict(known)
    placed = set(hand) | {card for cards in held.values() for card in cards}
    unseen = [card for card in DECK if card not in placed and card != up_card]
    first, second = (seat + 1) % SEATS, (seat + 2) % SEATS
    dealt = HAND_SIZE - len(held.get(first, ()))
    index = 0
    while True:
        cards = list(unseen)
        rng.shuffle(cards)
        face_up = up_card if up_card is not None else cards.pop()
        hands: list[tuple[Card, ...]] = [(), (), ()]
        hands[seat] = tuple(hand)
        hands[first] = tuple(sorted((*held.get(first, ()), *cards[:dealt])))
        hands[second] = tuple(sorted((*held.get(second, ()), *cards[dealt:])))
        seat_dealer = dealer if dealer is not None else index % SEATS
        yield Sample(tuple(hands), face_up, seat_dealer)
        index += 1
