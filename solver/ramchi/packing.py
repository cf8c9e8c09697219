"""The CP-SAT set-packing core shared by every objective.

One boolean per candidate combination; each card in at most one chosen
combination; at most five chosen. Requirements on the sorted lineup are
count constraints on this model (no round-assignment variables): the k-th
strongest chosen combination is at least ``t`` iff at least ``k`` chosen
combinations are at least ``t``.

>>> from rulesets.cards import parse_cards
>>> from solver.ramchi.candidates import hand_candidates
>>> packing = Packing(hand_candidates(parse_cards("As Ad Ah Ks Kd Kh")))
>>> packing.model.Maximize(sum(packing.chosen))
>>> [c.strength for c in packing.solve(1.0)]
[585, 584]
"""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model

from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from solver.cpsat import solve
from solver.ramchi.candidates import Candidate

__all__ = ["Packing"]


class Packing:
    """A CP-SAT model choosing disjoint candidates; add constraints and an objective, then solve."""

    def __init__(self, candidates: Sequence[Candidate]) -> None:
        """Build the variables and the disjointness constraints."""
        self.candidates = list(candidates)
        self.model = cp_model.CpModel()
        self.chosen = [self.model.NewBoolVar(f"c{i}") for i in range(len(self.candidates))]
        by_card: dict[int, list[cp_model.IntVar]] = {}
        for candidate, var in zip(self.candidates, self.chosen, strict=True):
            bits = candidate.mask
            while bits:
                low = bits & -bits
                by_card.setdefault(low, []).append(var)
                bits ^= low
        for group in by_card.values():
            if len(group) > 1:
                self.model.AddAtMostOne(group)
        self.model.Add(sum(self.chosen) <= MAX_COMBINATIONS)

    def count(self) -> cp_model.LinearExpr:
        """The number of chosen combinations."""
        return cp_model.LinearExpr.Sum(self.chosen)

    def count_at_least(self, threshold: int) -> cp_model.LinearExpr:
        """The number of chosen combinations of strength ``threshold`` or more."""
        return cp_model.LinearExpr.Sum(
            [v for c, v in zip(self.candidates, self.chosen, strict=True) if c.strength >= threshold]
        )

    def hint(self, lineup: Sequence[Candidate]) -> None:
        """Give CP-SAT a known arrangement to start from."""
        picked = {c.mask for c in lineup}
        for candidate, var in zip(self.candidates, self.chosen, strict=True):
            self.model.AddHint(var, candidate.mask in picked)

    def solve(self, time_limit: float, work_limit: float | None = None) -> list[Candidate]:
        """Solve (one worker: faster on models this small); return the chosen, strongest first.

        ``work_limit`` caps CP-SAT's deterministic time (reproducible, unlike
        wall-clock time). Raises :class:`~solver.errors.SolverTimeoutError` when
        no arrangement was found in time, and
        :class:`~solver.errors.InfeasibleModelError` when constraints added to
        the model leave no arrangement (see :func:`solver.cpsat.solve`).
        """
        solved = solve(self.model, time_limit=time_limit, work_limit=work_limit,
                       what="the packing model")
        self.optimal = solved.optimal
        self.objective = solved.objective
        picked = [c for c, v in zip(self.candidates, self.chosen, strict=True) if solved.value(v)]
        return sorted(picked, reverse=True)
