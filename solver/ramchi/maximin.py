"""Exact lexicographic maximin: most combinations, then the weakest as strong as possible, ….

Formulation (chosen by measurement, see docs/solver.md):

1. A pure-Python bottleneck heuristic gives a lineup; if it has five
   combinations the count is optimal, otherwise one set-packing solve proves
   the largest count.
2. Every combination weaker than the heuristic's weakest can be dropped: the
   optimum's weakest is at least as strong.
3. On the remaining candidates, with the count fixed, minimise
   ``sum(5 ** (R - 1 - level))`` over chosen combinations, ``level`` being the
   rank of the strength among the next ``R = 22`` distinct strengths. With at
   most five chosen, one combination at a level outweighs four at any higher
   level, so the minimum is exactly the lexicographic maximin over those
   levels, and the numbers stay below 2**53 (exact as doubles). If strengths remain above the
   window, their counts per level are fixed and the next window is solved.

>>> from rulesets.cards import parse_cards
>>> hand = parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh")
>>> [c.strength for c in maximin_lineup(hand)]
[585, 584, 552, 549, 547]
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesets.cards import Card
from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from solver.limits import DEFAULT_TIME_LIMIT_S
from solver.ramchi.candidates import Candidate, hand_candidates
from solver.ramchi.greedy import bottleneck_lineup
from solver.ramchi.packing import Packing

__all__ = ["WINDOW", "best_count", "maximin_from_candidates", "maximin_lineup"]

WINDOW = 22
"""Distinct strengths weighed in one solve: 5 * 5**21 < 2**53, so the objective stays exact even
where CP-SAT compares objective values as doubles (26 levels, 5**25, failed on real hands)."""


def best_count(candidates: Sequence[Candidate], start: Sequence[Candidate], time_limit: float) -> int:
    """The most disjoint combinations the candidates allow (``start`` is a known packing)."""
    if len(start) == MAX_COMBINATIONS:
        return MAX_COMBINATIONS
    packing = Packing(candidates)
    packing.hint(start)
    packing.model.Maximize(packing.count())
    return len(packing.solve(time_limit))


def _window_solve(
    candidates: Sequence[Candidate],
    count: int,
    fixed: dict[int, int],
    window: Sequence[int],
    start: Sequence[Candidate],
    time_limit: float,
) -> list[Candidate]:
    """Lexicographic maximin over the strengths in ``window`` (ascending), with the number
    of chosen combinations of each strength in ``fixed`` already decided.
    """
    packing = Packing(candidates)
    packing.model.Add(packing.count() == count)
    for strength, number in fixed.items():
        exact = [v for c, v in zip(candidates, packing.chosen, strict=True) if c.strength == strength]
        packing.model.Add(sum(exact) == number)
    weight = {s: 5 ** (len(window) - 1 - i) for i, s in enumerate(window)}
    packing.model.Minimize(
        sum(weight[c.strength] * v for c, v in zip(candidates, packing.chosen, strict=True)
            if c.strength in weight)
    )
    packing.hint(start)
    return packing.solve(time_limit)


def maximin_from_candidates(
    candidates: Sequence[Candidate], time_limit: float = DEFAULT_TIME_LIMIT_S
) -> list[Candidate]:
    """The exact maximin lineup from a hand's candidates (strongest first)."""
    start = bottleneck_lineup(candidates)
    count = best_count(candidates, start, time_limit)
    if count == 0:
        return []
    if len(start) == count:
        floor = start[-1].strength
        candidates = [c for c in candidates if c.strength >= floor]
    values = sorted({c.strength for c in candidates})
    fixed: dict[int, int] = {}
    lineup = list(start)
    for first in range(0, len(values), WINDOW):
        window = values[first:first + WINDOW]
        lineup = _window_solve(candidates, count, fixed, window, lineup, time_limit)
        for strength in window:
            fixed[strength] = sum(1 for c in lineup if c.strength == strength)
        if sum(fixed.values()) == count:
            break
    return lineup


def maximin_lineup(hand: Sequence[Card], time_limit: float = DEFAULT_TIME_LIMIT_S) -> list[Candidate]:
    """The exact maximin lineup of ``hand`` (strongest first); see the module text."""
    return maximin_from_candidates(hand_candidates(hand), time_limit)
