"""Hindsight: the best lineup for one seat against the other seats' lineups as played.

With the other lineups fixed, my chips depend only on which rounds I win.
Round ``k``'s order (hence ties) depends only on who won round ``k - 1``, and
when I lose, the winner among the others is fixed by their lineups. So a
depth-first walk over rounds enumerates every *win pattern* (at most 63 for
lineups of 0–5 combinations); each gives my k-th combination a strength box
``[low, high)`` (win: at least the round's threshold; lose: below it), and its
chips. One CP-SAT set-packing solve then picks the richest pattern some packing
of my hand can realise, with boxes written as count constraints on the sorted
lineup (the k-th strongest is at least ``t`` iff at least ``k`` chosen are).

>>> from rulesets.cards import parse_cards
>>> hand = parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh")
>>> other = {1: [parse_cards("Qs Qd Qc")], 2: [parse_cards("Js Jd Jh")]}
>>> result = hindsight(hand, seat=0, dealer=2, other_lineups=other)
>>> result.chips, len(result.combinations)
(30, 5)
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from rulesets.cards import Card
from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.combinations import STRONGEST
from rulesets.ramchi.deal import check_hand
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS, chips_for_lineups, play_round
from solver.budget import Deadline, deadline_or_none
from solver.limits import DEFAULT_TIME_LIMIT_S
from solver.ramchi.candidates import Candidate, discards, hand_candidates
from solver.ramchi.packing import Packing
from solver.ramchi.results import HindsightResult, plan
from solver.ramchi.validation import check_lineup, check_other_lineups, check_seats

__all__ = ["WinPattern", "best_hindsight_lineup", "hindsight", "win_patterns"]

NO_LIMIT = STRONGEST + 1


@dataclass(frozen=True, slots=True)
class WinPattern:
    """Rounds won by a lineup of ``count`` combinations; ``boxes[k]`` bounds its (k+1)-th."""

    count: int
    boxes: tuple[tuple[int, int], ...]
    chips: int


def win_patterns(seat: int, dealer: int, others: Sequence[Sequence[int]],
                 options: RamchiOptions) -> list[WinPattern]:
    """Every realisable win pattern for ``seat``, richest first.

    ``others[s]`` is seat ``s``'s strengths (ignored for ``seat``).

    >>> patterns = win_patterns(0, 2, [[], [300], [200]], RamchiOptions())
    >>> best = patterns[0]
    >>> best.count, best.boxes[0], best.chips
    (5, (300, 586), 30)
    """

    @cache
    def outcome(number: int, previous: int | None, strength: int | None) -> tuple[int, int]:
        strengths = [others[s][number - 1] if s != seat and len(others[s]) >= number else None
                     for s in range(SEATS)]
        strengths[seat] = strength
        result = play_round(number, strengths, previous, dealer, options)
        return result.winner, result.chips[seat]

    @cache
    def threshold(number: int, previous: int | None) -> int:
        low, high = 1, NO_LIMIT
        while low < high:
            middle = (low + high) // 2
            if outcome(number, previous, middle)[0] == seat:
                high = middle
            else:
                low = middle + 1
        return low

    rounds_of_others = max(len(others[s]) for s in range(SEATS) if s != seat)

    def walk(count: int, number: int, previous: int | None,
             boxes: tuple[tuple[int, int], ...], chips: int) -> Iterator[WinPattern]:
        if number > max(count, rounds_of_others):
            yield WinPattern(count, boxes, chips)
            return
        if number > count:
            winner, gained = outcome(number, previous, None)
            yield from walk(count, number + 1, winner, boxes, chips + gained)
            return
        limit = boxes[-1][1] if boxes else NO_LIMIT
        need = threshold(number, previous)
        if need <= STRONGEST:
            winner, gained = outcome(number, previous, need)
            yield from walk(count, number + 1, winner, (*boxes, (need, NO_LIMIT)), chips + gained)
        if need > 1:
            winner, gained = outcome(number, previous, need - 1)
            yield from walk(count, number + 1, winner, (*boxes, (1, min(need, limit))),
                            chips + gained)

    patterns = [p for count in range(MAX_COMBINATIONS + 1) for p in walk(count, 1, None, (), 0)
                if _realisable(p.boxes)]
    patterns.sort(key=lambda p: (-p.chips, -p.count))
    return patterns


def _realisable(boxes: Sequence[tuple[int, int]]) -> bool:
    """Some non-increasing strengths fit the boxes (the smallest such choice is checked)."""
    floor = 0
    for low, high in reversed(boxes):
        floor = max(floor, low)
        if floor >= high:
            return False
    return True


def best_hindsight_lineup(candidates: Sequence[Candidate], patterns: Sequence[WinPattern],
                          time_limit: float = DEFAULT_TIME_LIMIT_S) -> tuple[list[Candidate], int]:
    """The lineup realising the richest pattern, and its chips (one CP-SAT solve)."""
    packing = Packing(candidates)
    picks = [packing.model.NewBoolVar(f"p{i}") for i in range(len(patterns))]
    packing.model.AddExactlyOne(picks)
    for pattern, pick in zip(patterns, picks, strict=True):
        packing.model.Add(packing.count() == pattern.count).OnlyEnforceIf(pick)
        for k, (low, high) in enumerate(pattern.boxes, start=1):
            if low > 1:
                packing.model.Add(packing.count_at_least(low) >= k).OnlyEnforceIf(pick)
            if high <= STRONGEST:
                packing.model.Add(packing.count_at_least(high) <= k - 1).OnlyEnforceIf(pick)
    packing.model.Maximize(sum(p.chips * pick for p, pick in zip(patterns, picks, strict=True)))
    lineup = packing.solve(time_limit)
    return lineup, round(packing.objective)


def hindsight(
    hand: Sequence[Card],
    seat: int,
    dealer: int,
    other_lineups: Mapping[int, Sequence[Sequence[Card]]],
    played: Sequence[Sequence[Card]] | None = None,
    options: RamchiOptions | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT_S,
    deadline: Deadline | None = None,
) -> HindsightResult:
    """The lineup ``seat`` should have played, given the others' lineups as actually played.

    ``hand`` is the seat's 17 cards after any exchange; ``other_lineups`` maps
    each other seat to its combinations in play order. With ``played`` (the
    seat's own lineup), the result also gives the chips it won and the
    difference. Four of a kind is ignored: the hand was played. The CP-SAT solve stops at
    ``deadline`` (``None``: only ``time_limit``): past it before the solve starts this raises
    :class:`~solver.budget.BudgetExceededError`, without an answer by then
    :class:`~solver.errors.SolverTimeoutError`.
    """
    started = time.perf_counter()
    options = options or RamchiOptions()
    check_hand(hand, None)
    check_seats(seat, dealer)
    strengths = check_other_lineups(hand, seat, other_lineups)
    others = [strengths.get(s, []) for s in range(SEATS)]
    patterns = win_patterns(seat, dealer, others, options)
    deadline = deadline_or_none(deadline)
    deadline.check("reviewing the hand in hindsight", "retry when the service is less busy")
    limit = deadline.cpsat_limit(time_limit)
    lineup, chips = best_hindsight_lineup(hand_candidates(hand), patterns, limit)
    played_chips = difference = None
    if played is not None:
        mine = check_lineup(played, hand, f"seat {seat}'s played lineup")
        lineups = [mine if s == seat else others[s] for s in range(SEATS)]
        played_chips = chips_for_lineups(lineups, dealer, options)[seat]
        difference = chips - played_chips
    return HindsightResult(seat, plan(lineup), discards(hand, lineup), chips, played_chips, difference,
                           (time.perf_counter() - started) * 1000)

