"""Playing out a Ramchi hand from the three arrangements, and paying chips.

Seats 0, 1, 2 are in play order (counterclockwise): the seat after ``i`` is
``(i + 1) % 3``. A lineup is a seat's combination strengths in play order,
strongest first (see :mod:`rulesets.ramchi.combinations`).

>>> score = play_out([[500, 10], [400, 300], [450]], dealer=2)
>>> [r.winner for r in score.rounds], score.chips, score.next_dealer
([0, 1], (0, 3, -3), 1)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from rulesets.errors import IllegalActionError
from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.options import RamchiOptions

__all__ = [
    "SEATS",
    "HandScore",
    "Play",
    "RoundResult",
    "check_seat",
    "chips_for_lineups",
    "first_leader",
    "next_seat",
    "play_out",
    "play_round",
    "round_stake",
    "seat_problems",
]

SEATS = 3
"""Ramchi is always played by three."""

_DEFAULT = RamchiOptions()


def seat_problems(seat: object, name: str = "seat") -> list[IllegalActionError]:
    """Seats are 0, 1 and 2 in play order: "Ramchi is played by three players".

    ``name`` says what the number is (a ``seat``, the ``dealer``).

    >>> [(e.code, e.message) for e in seat_problems(3)]
    [('no_such_seat', 'there is no seat 3; the seats are 0, 1 and 2')]
    >>> seat_problems(2, "dealer")
    []
    """
    if type(seat) is int and seat in range(SEATS):
        return []
    where = f"there is no seat {seat!r}" if name == "seat" else f"{name} {seat!r} is no seat"
    return [IllegalActionError(f"{where}; the seats are 0, 1 and 2",
                               rule="Ramchi is played by three players, seats 0, 1 and 2",
                               code="no_such_seat")]


def check_seat(seat: object, name: str = "seat") -> None:
    """Raise the problem :func:`seat_problems` finds, if any.

    >>> check_seat(-1, "dealer")
    Traceback (most recent call last):
    ...
    rulesets.errors.IllegalActionError: dealer -1 is no seat; the seats are 0, 1 and 2
    """
    for problem in seat_problems(seat, name):
        raise problem


def next_seat(seat: int) -> int:
    """The seat after ``seat`` in play order.

    >>> next_seat(2)
    0
    """
    return (seat + 1) % SEATS


def first_leader(dealer: int) -> int:
    """Round 1 is led by the player to the dealer's right: the next seat in play order.

    >>> first_leader(0)
    1
    """
    return next_seat(dealer)


@dataclass(frozen=True, slots=True)
class Play:
    """One combination shown in a round: the seat, its place in that seat's lineup, its strength."""

    seat: int
    index: int
    strength: int


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One round: its number (1–5, also its chip value), who led, the plays in order, the winner.

    ``chips`` is what each seat gained (negative: paid) in this round.
    """

    number: int
    leader: int
    plays: tuple[Play, ...]
    winner: int
    chips: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class HandScore:
    """The rounds of a played-out hand, each seat's chip total, and the next dealer."""

    rounds: tuple[RoundResult, ...]
    chips: tuple[int, int, int]
    next_dealer: int


def _check_lineups(lineups: Sequence[Sequence[int]]) -> None:
    if len(lineups) != SEATS:
        raise ValueError(f"Ramchi needs {SEATS} lineups, got {len(lineups)}")
    for seat, lineup in enumerate(lineups):
        if len(lineup) > MAX_COMBINATIONS:
            raise ValueError(f"seat {seat} has {len(lineup)} combinations; "
                             f"at most {MAX_COMBINATIONS} are allowed")
        if any(a < b for a, b in itertools.pairwise(lineup)):
            raise ValueError(f"seat {seat}'s lineup is not in play order (strongest first)")


def _round_leader(previous_winner: int, active: Sequence[int]) -> int:
    """Each later round is led by the previous winner (round 1: the seat after the dealer);
    if that seat has no combination left, by the next seat in play order that still holds one
    (the spec is silent; players expect this).
    """
    seat = previous_winner
    while seat not in active:
        seat = next_seat(seat)
    return seat


def _round_winner(plays: Sequence[Play], tie_goes_to: str) -> int:
    """The strongest play wins; equal strengths go to the first played (or the last, by option)."""
    best = plays[0]
    for play in plays[1:]:
        if play.strength > best.strength or (
            play.strength == best.strength and tie_goes_to == "last"
        ):
            best = play
    return best.seat


def round_stake(number: int) -> int:
    """What round ``number`` (1–5) pays its winner from each other seat that pays: ``number``
    chips (the last rounds pay most).

    >>> [round_stake(number) for number in range(1, 6)]
    [1, 2, 3, 4, 5]
    """
    if number not in range(1, MAX_COMBINATIONS + 1):
        raise ValueError(f"Ramchi has rounds 1 to {MAX_COMBINATIONS}, not {number}")
    return number


def _round_chips(number: int, winner: int, active: Sequence[int], out_pay: bool) -> list[int]:
    """Round ``number`` pays its stake to the winner from each other seat that pays."""
    stake = round_stake(number)
    chips = [0, 0, 0]
    for seat in range(SEATS):
        if seat != winner and (out_pay or seat in active):
            chips[seat] -= stake
            chips[winner] += stake
    return chips


def play_round(
    number: int,
    strengths: Sequence[int | None],
    previous_winner: int | None,
    dealer: int,
    options: RamchiOptions = _DEFAULT,
) -> RoundResult:
    """Play round ``number`` (1–5) from each seat's combination strength (``None``: out).

    ``previous_winner`` is the winner of round ``number - 1`` (``None`` in
    round 1, which the seat after the dealer leads). At least one seat must
    still hold a combination. :func:`play_out` plays a hand with this; solvers
    that reason round by round use it directly.

    >>> play_round(1, (7, 7, None), previous_winner=None, dealer=0).winner
    1
    >>> play_round(3, (None, 9, None), previous_winner=0, dealer=0).chips
    (-3, 6, -3)
    """
    if len(strengths) != SEATS:
        raise ValueError(f"Ramchi needs {SEATS} strengths, got {len(strengths)}")
    active = [seat for seat in range(SEATS) if strengths[seat] is not None]
    if not active:
        raise ValueError("nobody holds a combination: the round is not played")
    start = first_leader(dealer) if number == 1 or previous_winner is None else previous_winner
    leader = _round_leader(start, active)
    order = [(leader + offset) % SEATS for offset in range(SEATS)]
    plays = tuple(
        Play(seat, number - 1, strength)
        for seat in order
        if (strength := strengths[seat]) is not None
    )
    winner = _round_winner(plays, options.tie_goes_to)
    chips = _round_chips(number, winner, active, options.out_players_pay)
    return RoundResult(number, leader, plays, winner, (chips[0], chips[1], chips[2]))


def play_out(
    lineups: Sequence[Sequence[int]], dealer: int, options: RamchiOptions = _DEFAULT
) -> HandScore:
    """Play a hand out from three lineups of strengths (each strongest first).

    Round ``k`` pays ``k`` chips to its winner from each other player, including
    players who have run out (unless ``out_players_pay`` is off). A lone seat
    still holding combinations wins its rounds automatically. If nobody holds a
    combination no round is played and the deal passes to the next seat.

    >>> play_out([[7], [], []], dealer=0).chips
    (2, -1, -1)
    >>> play_out([[5], [5], [1]], dealer=2).rounds[0].winner
    0
    """
    _check_lineups(lineups)
    rounds: list[RoundResult] = []
    totals = [0, 0, 0]
    winner: int | None = None
    for number in range(1, max(len(lineup) for lineup in lineups) + 1):
        strengths = [lineup[number - 1] if len(lineup) >= number else None for lineup in lineups]
        result = play_round(number, strengths, winner, dealer, options)
        winner = result.winner
        totals = [t + c for t, c in zip(totals, result.chips, strict=True)]
        rounds.append(result)
    next_dealer = winner if winner is not None else next_seat(dealer)
    return HandScore(tuple(rounds), (totals[0], totals[1], totals[2]), next_dealer)


def chips_for_lineups(
    lineups: Sequence[Sequence[int]], dealer: int, options: RamchiOptions = _DEFAULT
) -> tuple[int, int, int]:
    """Only the chip totals of :func:`play_out` (same rules; for solvers and simulations).

    >>> chips_for_lineups([[500, 10], [400, 300], [450]], dealer=2)
    (0, 3, -3)
    """
    return play_out(lineups, dealer, options).chips
