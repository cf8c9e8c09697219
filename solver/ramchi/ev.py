"""Expected chips of lineups over sampled deals, and the CP-SAT search for the best lineup.

Two steps (see docs/solver.md):

1. *Linear estimate.* For each round ``k`` and strength ``v``, the sampled
   deals give the chips my k-th combination is expected to win if it has
   strength ``v`` (or if I have run out), counting a tie as half a win.
   Writing ``E_k(s) = E_k(0) + sum over values u <= s of D_k(u)`` and
   ``[s_k >= u] = [N(u) >= k]`` (``N(u)``: chosen combinations of strength
   ``u`` or more) makes the total a linear function of booleans
   ``y[u, k] = [N(u) >= k]`` tied to the set-packing model by
   ``sum_k y[u, k] == N(u)`` and ``y[u, k] >= y[u, k + 1]``: no
   round-assignment variables.
2. *Exact re-scoring.* The top few lineups of that model, plus the maximin
   and greedy lineups, are played out with the rules' ``play_out`` on the
   same samples (common random numbers); the best mean wins.

>>> from rulesets.cards import DECK
>>> from rulesets.ramchi.options import RamchiOptions
>>> samples = draw_samples(DECK[:17], DECK[17], samples=20, seed=3, dealer=None, seat=0)
>>> deals = arrange_opponents(samples, 0, "greedy", RamchiOptions(), 1.0)
>>> len(deals), len(sample_chips((500, 400), deals, 0, None, RamchiOptions()))
(20, 20)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.combinations import STRONGEST
from rulesets.ramchi.deal import four_of_a_kind_chips, four_of_a_kind_winner
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS, play_out
from solver.errors import InfeasibleModelError, SolverTimeoutError
from solver.ramchi.candidates import Candidate
from solver.ramchi.opponents import arrange_with_exchange
from solver.ramchi.packing import Packing
from solver.ramchi.sampling import Sample, draw_samples  # noqa: F401  (doctest)

__all__ = [
    "OpponentDeal",
    "arrange_opponents",
    "estimate_tables",
    "mean_and_error",
    "round_win_rates",
    "sample_chips",
    "surrogate_lineups",
]

SURROGATE_WORK = 0.3
"""CP-SAT deterministic-time cap per linear-estimate solve: keeps advice fast and reproducible
(the estimate only proposes lineups; their exact re-scoring decides)."""


@dataclass(frozen=True, slots=True)
class OpponentDeal:
    """One sample with the opponents arranged: lineups per seat (mine empty), four-of-a-kind
    ranks per seat (mine ``None``), the dealer.
    """

    lineups: tuple[tuple[int, ...], ...]
    fours: tuple[int | None, ...]
    dealer: int


def arrange_opponents(samples: Sequence[Sample], seat: int, model: str, options: RamchiOptions,
                      time_limit: float) -> list[OpponentDeal]:
    """Arrange both opponents of every sample with the chosen model (the 2♦ holder may
    exchange for the sample's up-card).
    """
    deals = []
    for sample in samples:
        lineups: list[tuple[int, ...]] = [(), (), ()]
        fours: list[int | None] = [None, None, None]
        for other in range(SEATS):
            if other == seat:
                continue
            arranged = arrange_with_exchange(sample.hands[other], sample.up_card, model,
                                             options.exchange, time_limit)
            lineups[other] = arranged.strengths
            fours[other] = arranged.four_of_a_kind
        deals.append(OpponentDeal(tuple(lineups), tuple(fours), sample.dealer))
    return deals


def _four_winner(deal: OpponentDeal, seat: int, my_four: int | None,
                 options: RamchiOptions) -> int | None:
    """The seat whose four of a kind ends this deal before play, if any (the rules decide)."""
    if not options.four_of_a_kind:
        return None
    return four_of_a_kind_winner([my_four if s == seat else deal.fours[s] for s in range(SEATS)])


def sample_chips(strengths: Sequence[int], deals: Sequence[OpponentDeal], seat: int,
                 my_four: int | None, options: RamchiOptions) -> list[int]:
    """My chips in every sampled deal when I play ``strengths`` (exact rules)."""
    chips = []
    for deal in deals:
        winner = _four_winner(deal, seat, my_four, options)
        if winner is not None:
            chips.append(four_of_a_kind_chips(winner, options)[seat])
            continue
        lineups = [tuple(strengths) if s == seat else deal.lineups[s] for s in range(SEATS)]
        chips.append(play_out(lineups, deal.dealer, options).chips[seat])
    return chips


def round_win_rates(strengths: Sequence[int], deals: Sequence[OpponentDeal], seat: int,
                    my_four: int | None, options: RamchiOptions) -> list[float]:
    """For each of my combinations, the share of played-out deals in which it wins its round."""
    wins = [0] * len(strengths)
    played = 0
    for deal in deals:
        if _four_winner(deal, seat, my_four, options) is not None:
            continue
        played += 1
        lineups = [tuple(strengths) if s == seat else deal.lineups[s] for s in range(SEATS)]
        for result in play_out(lineups, deal.dealer, options).rounds[:len(strengths)]:
            wins[result.number - 1] += result.winner == seat
    return [w / played if played else 0.0 for w in wins]


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """Mean and its standard error.

    >>> mean_and_error([1, 3])
    (2.0, 1.0)
    """
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    return mean, math.sqrt(variance / count)


def estimate_tables(deals: Sequence[OpponentDeal], seat: int, my_four: int | None,
                    options: RamchiOptions) -> list[list[int]]:
    """``table[k][v]``: twice my summed chips in round ``k + 1`` over the played-out deals
    if my combination there has strength ``v`` (0: I have run out). Ties count half.
    """
    tables = []
    for number in range(1, MAX_COMBINATIONS + 1):
        best_other = [0] * (STRONGEST + 2)
        nobody = 0
        absent_cost = 0
        for deal in deals:
            if _four_winner(deal, seat, my_four, options) is not None:
                continue
            others = [deal.lineups[s][number - 1] for s in range(SEATS)
                      if s != seat and len(deal.lineups[s]) >= number]
            if not others:
                nobody += 1
                continue
            best_other[max(others)] += 1
            absent_cost += number if options.out_players_pay else 0
        tables.append(_round_table(number, best_other, nobody, absent_cost, options))
    return tables


def _round_table(number: int, best_other: list[int], nobody: int, absent_cost: int,
                 options: RamchiOptions) -> list[int]:
    """Doubled summed chips per strength for one round from the histogram of the best
    opposing strength (``nobody``: deals where no opponent plays this round).
    """
    contested = sum(best_other)
    win_gain = number * (SEATS - 1)
    alone_gain = number * (SEATS - 1 if options.out_players_pay else 0)
    table = [-2 * absent_cost]
    below = 0
    for value in range(1, STRONGEST + 1):
        ties = best_other[value]
        above = contested - below - ties
        doubled = 2 * below * win_gain + ties * (win_gain - number) - 2 * above * number
        table.append(doubled + 2 * nobody * alone_gain)
        below += ties
    return table


def surrogate_lineups(candidates: Sequence[Candidate], tables: Sequence[Sequence[int]],
                      how_many: int, time_limit: float,
                      start: Sequence[Candidate] = ()) -> list[list[Candidate]]:
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
            lineup = packing.solve(time_limit, work_limit=SURROGATE_WORK)
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
