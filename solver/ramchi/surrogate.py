"""The CP-SAT *linear estimate* search: the lineups a round table values most.

With ``E_k(s) = E_k(0) + sum over values u <= s of D_k(u)`` (``E_k``: a round table row, see
:mod:`solver.ramchi.round_tables`) and ``[s_k >= u] = [N(u) >= k]`` (``N(u)``: chosen
combinations of strength ``u`` or more), a lineup's estimate is a linear function of booleans
``y[u, k] = [N(u) >= k]`` tied to the set-packing model by ``sum_k y[u, k] == N(u)`` and
``y[u, k] >= y[u, k + 1]``: no round-assignment variables. One model per hand; each further
answer is the same model re-solved with a cut.

>>> from rulesets.cards import parse_cards
>>> from solver.ramchi.candidates import hand_candidates
>>> tables = [[0] + [value * (5 - k) for value in range(1, 586)] for k in range(5)]
>>> found = surrogate_lineups(hand_candidates(parse_cards("As Ad Ah Ks Qs Js 2c")), tables, 1, 1.0)
>>> [c.strength for c in found[0]]
[585, 569]
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from solver.errors import InfeasibleModelError, SolverTimeoutError
from solver.ramchi.candidates import Candidate
from solver.ramchi.packing import Packing

__all__ = ["SURROGATE_WORK", "surrogate_lineups"]

SURROGATE_WORK = 0.3
"""CP-SAT deterministic-time cap per linear-estimate solve: keeps advice fast and reproducible
(the estimate only proposes lineups; their exact re-scoring decides)."""


def surrogate_lineups(candidates: Sequence[Candidate], tables: Sequence[Sequence[int]],
                      how_many: int, time_limit: float,
                      start: Sequence[Candidate] = (), work_limit: float = SURROGATE_WORK
                      ) -> list[list[Candidate]]:
    """The ``how_many`` best lineups by the linear estimate, each with a different
    strength profile (one CP-SAT model, re-solved with a cut after each answer).
    """
    packing = Packing(candidates)
    values = sorted({c.strength for c in candidates})
    terms = []
    profile = []
    previous = 0
    for value in values:
        gains = [tables[k][value] - tables[k][previous] for k in range(MAX_COMBINATIONS)]
        previous = value
        if not any(gains):
            continue
        flags = [packing.model.NewBoolVar(f"y{value}_{k}") for k in range(MAX_COMBINATIONS)]
        for higher, lower in zip(flags[1:], flags, strict=False):
            packing.model.AddImplication(higher, lower)
        if min(gains) < 0:
            packing.model.Add(sum(flags) == packing.count_at_least(value))
        else:  # gains only reward flags: an upper bound suffices and solves 3-5x faster
            packing.model.Add(sum(flags) <= packing.count_at_least(value))
        terms.extend(g * f for g, f in zip(gains, flags, strict=True) if g)
        profile.extend(flags)
    packing.model.Maximize(sum(terms))
    if start:
        packing.hint(start)
    found: list[list[Candidate]] = []
    for _ in range(how_many):
        try:
            lineup = packing.solve(time_limit, work_limit=work_limit)
        except InfeasibleModelError:
            if not found:
                raise  # the empty lineup fits the first model: infeasible there is a bug
            break  # the cuts left no further profile
        except SolverTimeoutError:
            break  # out of time: the re-scoring pool (maximin and greedy) is still valid
        found.append(lineup)
        _cut_profile(packing, profile, lineup)
    return found


def _cut_profile(packing: Packing, flags: Sequence, lineup: Sequence[Candidate]) -> None:
    """Forbid every lineup whose flags all equal this lineup's (the same estimated value)."""
    strengths = [c.strength for c in lineup]
    literals = []
    for flag in flags:
        name = flag.Name()
        value_text, k_text = name[1:].split("_")
        is_set = sum(s >= int(value_text) for s in strengths) > int(k_text)
        literals.append(flag.Not() if is_set else flag)
    if not literals:
        literals = [v.Not() if any(c.mask == cand.mask for c in lineup) else v
                    for cand, v in zip(packing.candidates, packing.chosen, strict=True)]
    packing.model.AddBoolOr(literals)
