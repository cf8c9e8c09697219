"""Checks on what callers give the solver: the rules' own checks, plus the solver's limits.

Hands, seats and lineups are checked by the rules (:mod:`rulesets.ramchi.deal`,
:mod:`rulesets.ramchi.scoring`, :mod:`rulesets.ramchi.arrangement`), with the
rules' error classes and codes, exactly as the referee checks them.

>>> from rulesets.cards import parse_cards
>>> hand = parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh")
>>> check_lineup([parse_cards("As Ad Ah"), parse_cards("Kc Kd Kh")], hand, "seat 0's lineup")
(585, 584)
>>> check_lineup([parse_cards("As Ad Ah"), parse_cards("As Kd Kh")], hand, "seat 0's lineup")
Traceback (most recent call last):
...
rulesets.errors.InvalidInputError: seat 0's lineup: As in combination 2 is used already in combination 1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rulesets.cards import Card
from rulesets.errors import IllegalActionError, InvalidInputError, LimitExceededError
from rulesets.ramchi.arrangement import check_arrangement
from rulesets.ramchi.deal import HAND_SIZE, check_single_deck
from rulesets.ramchi.scoring import SEATS, check_seat
from solver.limits import MAX_SAMPLES, MAX_SOLVER_OPPONENT_SAMPLES, MAX_TIME_LIMIT_S

__all__ = ["check_known", "check_limits", "check_lineup", "check_other_lineups", "check_seats"]


def check_lineup(lineup: Sequence[Sequence[Card]], within: Sequence[Card],
                 whose: str) -> tuple[int, ...]:
    """Check a lineup with the referee's :func:`~rulesets.ramchi.arrangement.check_arrangement`.

    Returns the strengths in play order (strongest first, as the rules play
    them). A refusal is the rules' own (code, rule and message, prefixed with
    ``whose``), as bad input: the lineup is given, not played in a game.
    """
    try:
        return check_arrangement(within, lineup).strengths
    except IllegalActionError as err:
        raise err.as_input_error(whose) from None


def check_other_lineups(hand: Sequence[Card], seat: int, others: Mapping[int, Sequence[Sequence[Card]]]
                        ) -> dict[int, tuple[int, ...]]:
    """The two other seats' lineups: real combinations overlapping neither my hand nor each
    other. Returns each seat's strengths in play order.
    """
    expected = {s for s in range(SEATS) if s != seat}
    if set(others) != expected:
        raise InvalidInputError(
            f"give the lineups of seats {sorted(expected)} (the seats other than {seat}), "
            f"got seats {sorted(others)}", rule="Ramchi is played by three",
            code="wrong_seats", field="lineups")
    mine = set(hand)
    taken: dict[Card, int] = {}
    strengths = {}
    for other in sorted(others):
        cards = [card for combo in others[other] for card in combo]
        check_single_deck(list(dict.fromkeys(cards)), f"seat {other}'s lineup")
        strengths[other] = check_lineup(others[other], cards, f"seat {other}'s lineup")
        for card in cards:
            if card in mine:
                raise InvalidInputError(
                    f"seat {other}'s lineup uses {card.code}, which is in seat {seat}'s hand",
                    rule="each card is held by one player", code="lineups_overlap", field="lineups")
            if card in taken:
                raise InvalidInputError(
                    f"{card.code} is in the lineups of seats {taken[card]} and {other}",
                    rule="each card is held by one player", code="lineups_overlap", field="lineups")
            taken[card] = other
    return strengths


def check_seats(seat: int, dealer: int | None) -> None:
    """The seat and the dealer given are seats (the rules' check, as bad input when not).

    >>> check_seats(3, None)
    Traceback (most recent call last):
    ...
    rulesets.errors.InvalidInputError: there is no seat 3; the seats are 0, 1 and 2
    """
    try:
        check_seat(seat)
        if dealer is not None:
            check_seat(dealer, "dealer")
    except IllegalActionError as err:
        raise err.as_input_error() from None


def check_limits(samples: int, time_limit: float, opponents: str = "greedy",
                 slow: bool | None = None) -> None:
    """Refuse requests that would hog a worker (:class:`~rulesets.errors.LimitExceededError`).

    With ``opponents="solver"`` (or a mixture with solver players: ``slow``) every sample costs
    CP-SAT solves, so fewer are allowed.

    >>> check_limits(300, 1.0, "solver")
    Traceback (most recent call last):
    ...
    rulesets.errors.LimitExceededError: samples may be at most 200 with opponents='solver'; got 300
    """
    if slow is None:
        slow = opponents == "solver"
    most = MAX_SOLVER_OPPONENT_SAMPLES if slow else MAX_SAMPLES
    if not isinstance(samples, int) or not 1 <= samples <= most:
        raise LimitExceededError(f"samples may be at most {most} with opponents={opponents!r}; "
                                 f"got {samples!r}", rule="solver limits", field="samples")
    if not 0 < time_limit <= MAX_TIME_LIMIT_S:
        raise LimitExceededError(f"time_limit must be above 0 and at most {MAX_TIME_LIMIT_S:g} s, "
                                 f"got {time_limit!r}", rule="solver limits", field="time_limit")


ONE_HOLDER = "each card is held by one player, 17 cards each"
"""The rule cards known in an opponent's hand break when they cannot be."""


def check_known(hand: Sequence[Card], up_card: Card | None, seat: int,
                known: Sequence[tuple[int, Sequence[Card]]]) -> None:
    """Cards known to be in an opponent's hand (``(seat, cards)`` pairs) that can be: each of
    another seat, one entry per seat, at most 17 cards, none in my hand, the up-card or
    another entry. A refusal names the field (``known/1/cards/0``).

    >>> from rulesets.cards import DECK
    >>> check_known(DECK[:17], DECK[17], 0, [(1, DECK[20:22])])
    >>> check_known(DECK[:17], DECK[17], 0, [(2, DECK[16:18])])
    Traceback (most recent call last):
    ...
    rulesets.errors.InvalidInputError: seat 2 is said to hold 6♣, which is in seat 0's hand
    """
    where = {card: f"seat {seat}'s hand" for card in hand} | ({up_card: "the up-card"} if up_card else {})
    seats: set[int] = set()
    for i, (other, cards) in enumerate(known):
        if other == seat or other in seats or not 0 <= other < SEATS:
            why = ("is yours: give your cards as hand" if other == seat else
                   "is given twice" if other in seats else f"is no seat (0 to {SEATS - 1})")
            raise InvalidInputError(f"known {i + 1}: seat {other} {why}", rule=ONE_HOLDER,
                                    code="wrong_seats", field=f"known/{i}/seat")
        seats.add(other)
        if len(cards) > HAND_SIZE:
            raise InvalidInputError(f"seat {other} is said to hold {len(cards)} known cards; a "
                                    f"player holds {HAND_SIZE}", rule=ONE_HOLDER,
                                    code="wrong_card_count", field=f"known/{i}/cards")
        for j, card in enumerate(cards):
            if card in where:
                raise InvalidInputError(f"seat {other} is said to hold {card.pretty}, which is in "
                                        f"{where[card]}", rule=ONE_HOLDER, code="duplicate_card",
                                        field=f"known/{i}/cards/{j}")
            where[card] = f"seat {other}'s known cards"
