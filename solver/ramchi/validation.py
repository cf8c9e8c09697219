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
rulesets.errors.IllegalActionError: seat 0's lineup: As in combination 2 is used already in combination 1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rulesets.cards import Card
from rulesets.errors import IllegalActionError
from rulesets.ramchi.arrangement import check_arrangement
from rulesets.ramchi.deal import check_single_deck
from rulesets.ramchi.scoring import SEATS
from solver.limits import MAX_SAMPLES, MAX_TIME_LIMIT_S

__all__ = ["check_limits", "check_lineup", "check_other_lineups"]


def check_lineup(lineup: Sequence[Sequence[Card]], within: Sequence[Card],
                 whose: str) -> tuple[int, ...]:
    """Check a lineup with the referee's :func:`~rulesets.ramchi.arrangement.check_arrangement`.

    Returns the strengths in play order (strongest first, as the rules play
    them). A refusal is the rules' own error, its message prefixed with ``whose``.
    """
    try:
        return check_arrangement(within, lineup).strengths
    except IllegalActionError as err:
        err.message = f"{whose}: {err.message}"
        err.args = (err.message,)
        raise


def check_other_lineups(hand: Sequence[Card], seat: int, others: Mapping[int, Sequence[Sequence[Card]]]
                        ) -> dict[int, tuple[int, ...]]:
    """The two other seats' lineups: real combinations overlapping neither my hand nor each
    other. Returns each seat's strengths in play order.
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
        check_single_deck(list(dict.fromkeys(cards)), f"seat {other}'s lineup")
        strengths[other] = check_lineup(others[other], cards, f"seat {other}'s lineup")
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
