"""One Ramchi round on its own: who leads, who wins, who pays.

:func:`rulesets.ramchi.scoring.play_out` plays a whole hand; solvers that
reason round by round (what must my k-th combination beat?) need a single
round given the previous round's winner. This module exposes exactly the
rules ``play_out`` applies, built from the same helpers, so both agree.

>>> result = play_round(2, (300, None, 300), previous_winner=2, dealer=0)
>>> result.leader, result.winner, result.chips
(2, 2, (-2, -2, 4))
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import (
    SEATS,
    Play,
    RoundResult,
    _round_chips,
    _round_leader,
    _round_winner,
    first_leader,
)

__all__ = ["play_round"]

_DEFAULT = RamchiOptions()


def play_round(
    number: int,
    strengths: Sequence[int | None],
    previous_winner: int | None,
    dealer: int,
    options: RamchiOptions = _DEFAULT,
) -> RoundResult:
    """Play round ``number`` (1–5) from each seat's combination strength (``None``: out).

    ``previous_winner`` is the winner of round ``number - 1`` (ignored in
    round 1, which the seat after the dealer leads). At least one seat must
    still hold a combination.

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
    if number == 1 or previous_winner is None:
        leader = first_leader(dealer)
    else:
        leader = _round_leader(previous_winner, active)
    order = [(leader + offset) % SEATS for offset in range(SEATS)]
    plays = tuple(
        Play(seat, number - 1, strength)
        for seat in order
        if (strength := strengths[seat]) is not None
    )
    winner = _round_winner(plays, options.tie_goes_to)
    chips = _round_chips(number, winner, active, options.out_players_pay)
    return RoundResult(number, leader, plays, winner, (chips[0], chips[1], chips[2]))
