"""Checks on what callers give the solver, with player-readable refusals.

>>> from rulesets.cards import parse_cards
>>> check_hand(parse_cards("As Ks"), None)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rulesets.errors.CardCountError: a Ramchi hand...17 cards, got 2
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rulesets.cards import Card
from rulesets.errors import CardCountError, DuplicateCardError, IllegalActionError
from rulesets.ramchi.combinations import combination
from rulesets.ramchi.deal import HAND_SIZE
from rulesets.ramchi.scoring import SEATS
from solver.limits import MAX_SAMPLES, MAX_TIME_LIMIT_S
from solver.packing import MAX_COMBINATIONS

__all__ = [
    "check_hand",
    "check_limits",
    "check_lineup",
    "check_other_lineups",
    "check_seat",
]


def _check_single_deck(cards: Sequence[Card], what: str) -> None:
    seen: dict[Card, int] = {}
    for position, card in enumerate(cards, start=1):
        if card.is_joker or card.copy != 1:
            raise IllegalActionError(
                f"{what}: card {position} ({card.id}) is not a card of the single Ramchi deck",
                rule="Ramchi is played with one 52-card deck, no jokers", code="invalid_card")
        if card in seen:
            raise DuplicateCardError(card.code, (seen[card], position))
        seen[card] = position


def check_hand(hand: Sequence[Card], up_card: Card | None) -> None:
    """A hand is 17 distinct cards of one deck; the up-card, if given, is not in it."""
    if len(hand) != HAND_SIZE:
        raise CardCountError(str(HAND_SIZE), len(hand), "a Ramchi hand")
    _check_single_deck(hand, "the hand")
    if up_card is not None:
        _check_single_deck([up_card], "the up-card")
        if up_card in hand:
            raise IllegalActionError(
                f"the up-card {up_card.code} is also in the hand: it lies face up, "
                "so no player holds it",
                rule="the 52nd card is dealt face up", code="up_card_in_hand")


def check_seat(seat: int, name: str = "seat") -> None:
    """Seats are 0, 1, 2 in play order."""
    if not isinstance(seat, int) or seat not in range(SEATS):
        raise IllegalActionError(f"{name} must be 0, 1 or 2, got {seat!r}",
                                 rule="Ramchi is played by three", code="invalid_seat")


def check_lineup(lineup: Sequence[Sequence[Card]], within: Sequence[Card], whose: str) -> list[int]:
    """A lineup is at most five disjoint combinations in play order from ``within``.

    Returns the strengths, strongest first.
    """
    if len(lineup) > MAX_COMBINATIONS:
        raise IllegalActionError(f"{whose} has {len(lineup)} combinations; at most 5 are allowed",
                                 rule="up to five combinations", code="too_many_combinations")
    allowed = set(within)
    used: set[Card] = set()
    strengths = []
    for number, cards in enumerate(lineup, start=1):
        strength = combination(cards).strength
        for card in cards:
            if card not in allowed:
                raise IllegalActionError(f"{whose}: combination {number} uses {card.code}, "
                                         "which is not among that seat's cards",
                                         rule="a player plays only their own cards",
                                         code="card_not_in_hand")
            if card in used:
                raise IllegalActionError(f"{whose}: {card.code} is in two combinations",
                                         rule="combinations are disjoint", code="card_reused")
            used.add(card)
        if strengths and strength > strengths[-1]:
            raise IllegalActionError(
                f"{whose}: combination {number} is stronger than the one before it",
                rule="combinations are played strongest first", code="not_in_play_order")
        strengths.append(strength)
    return strengths


def check_other_lineups(hand: Sequence[Card], seat: int,
                        others: Mapping[int, Sequence[Sequence[Card]]]) -> dict[int, list[int]]:
    """The two other seats' lineups: real combinations, in play order, overlapping neither
    my hand nor each other. Returns each seat's strengths.
    """
    expected = {s for s in range(SEATS) if s != seat}
    if set(others) != expected:
        raise IllegalActionError(
            f"give the lineups of seats {sorted(expected)} (the seats other than {seat}), "
            f"got seats {sorted(others)}", rule="Ramchi is played by three",
            code="wrong_seats")
    mine = set(hand)
    taken: dict[Card, int] = {}
    strengths = {}
    for other in sorted(others):
        cards = [card for combo in others[other] for card in combo]
        _check_single_deck(cards, f"seat {other}'s lineup")
        for card in cards:
            if card in mine:
                raise IllegalActionError(
                    f"seat {other}'s lineup uses {card.code}, which is in seat {seat}'s hand",
                    rule="each card is held by one player", code="lineups_overlap")
            if card in taken:
                raise IllegalActionError(
                    f"{card.code} is in the lineups of seats {taken[card]} and {other}",
                    rule="each card is held by one player", code="lineups_overlap")
            taken[card] = other
        strengths[other] = check_lineup(others[other], cards, f"seat {other}'s lineup")
    return strengths


def check_limits(samples: int, time_limit: float) -> None:
    """Refuse requests that would hog a worker."""
    if not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise IllegalActionError(f"samples must be a whole number from 1 to {MAX_SAMPLES}, "
                                 f"got {samples!r}", rule="solver limits", code="too_many_samples")
    if not 0 < time_limit <= MAX_TIME_LIMIT_S:
        raise IllegalActionError(f"time_limit must be above 0 and at most {MAX_TIME_LIMIT_S:g} s, "
                                 f"got {time_limit!r}", rule="solver limits",
                                 code="time_limit_too_long")
