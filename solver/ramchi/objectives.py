"""What advice optimises: one small class per objective behind one interface.

:func:`solver.ramchi.advice.advise` checks the request, compares keeping and
exchanging the 2♦, and builds the answer; everything that depends on the
objective is a method of an :class:`Objective` found by name in
:data:`OBJECTIVES`. A new objective is a new subclass registered there.

>>> sorted(OBJECTIVES)
['ev', 'maximin']
>>> OBJECTIVES["maximin"].name, isinstance(OBJECTIVES["ev"], Objective)
('maximin', True)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rulesets.cards import Card
from rulesets.ramchi.deal import four_of_a_kind_rank
from rulesets.ramchi.options import RamchiOptions
from solver.ramchi.candidates import Candidate, hand_candidates
from solver.ramchi.ev import (
    OpponentDeal,
    arrange_opponents,
    estimate_tables,
    mean_and_error,
    round_win_rates,
    sample_chips,
    surrogate_lineups,
)
from solver.ramchi.explain import ev_sentence, maximin_sentence
from solver.ramchi.greedy import greedy_lineup
from solver.ramchi.maximin import maximin_from_candidates
from solver.ramchi.sampling import draw_samples

__all__ = [
    "ALTERNATIVES",
    "OBJECTIVES",
    "SURROGATE_LINEUPS",
    "AdviceRequest",
    "EvObjective",
    "HandPlan",
    "MaximinObjective",
    "Objective",
    "Scored",
    "Valuation",
]

SURROGATE_LINEUPS = 2
"""Lineups taken from the linear estimate for exact re-scoring (plus maximin and greedy)."""
ALTERNATIVES = 3
"""Runner-up lineups reported with ``ev`` advice."""


@dataclass(frozen=True, slots=True)
class AdviceRequest:
    """A checked advice request: my hand and the table, the sampling and the budget."""

    hand: tuple[Card, ...]
    up_card: Card | None
    seed: int
    samples: int
    opponents: str
    seat: int
    dealer: int | None
    options: RamchiOptions
    time_limit: float


@dataclass(frozen=True, slots=True)
class Scored:
    """A lineup (strongest first) with its mean chips and standard error (0 when not estimated)."""

    lineup: list[Candidate]
    mean: float = 0.0
    error: float = 0.0


@dataclass(frozen=True, slots=True)
class HandPlan:
    """The best lineup of one hand (kept, or after the exchange), runners-up, and its four of a
    kind rank (``None``: none, or the option is off).
    """

    hand: tuple[Card, ...]
    best: Scored
    alternatives: list[Scored]
    four: int | None


@dataclass(frozen=True, slots=True)
class Valuation:
    """What an objective reports about the chosen plan in the advice."""

    expected_chips: float | None
    standard_error: float | None
    win_rates: list[float] | None
    samples: int
    seed: int | None
    closing: str
    """The explanation's last sentence: why this lineup, in the objective's terms."""


def four_if_counted(hand: Sequence[Card], options: RamchiOptions) -> int | None:
    """The rank of the four of a kind ``hand`` holds when the option counts it, else ``None``.

    >>> from rulesets.cards import parse_cards
    >>> four_if_counted(parse_cards("9c 9d 9h 9s"), RamchiOptions(four_of_a_kind=False)) is None
    True
    """
    return four_of_a_kind_rank(hand) if options.four_of_a_kind else None


class Objective(ABC):
    """How one objective plans a hand, prefers between plans, and reports its choice."""

    name: ClassVar[str]

    def deals(self, request: AdviceRequest) -> list[OpponentDeal]:
        """The sampled deals this objective needs (none by default)."""
        return []

    @abstractmethod
    def plan(self, hand: tuple[Card, ...], deals: Sequence[OpponentDeal],
             request: AdviceRequest) -> HandPlan:
        """The best lineup of ``hand`` (the hand kept or after the exchange)."""

    @abstractmethod
    def preference(self, plan: HandPlan) -> Any:
        """A sort key: the larger plan is the advice (the first one on ties)."""

    @abstractmethod
    def expected_chips(self, plan: HandPlan) -> float | None:
        """The plan's expected chips, or ``None`` when this objective does not estimate them."""

    @abstractmethod
    def valuation(self, plan: HandPlan, deals: Sequence[OpponentDeal],
                  request: AdviceRequest) -> Valuation:
        """What the advice reports about the chosen ``plan``."""


class MaximinObjective(Objective):
    """Deterministic: most combinations, then the weakest as strong as possible, …;
    a four of a kind is preferred to any lineup.
    """

    name = "maximin"

    def plan(self, hand: tuple[Card, ...], deals: Sequence[OpponentDeal],
             request: AdviceRequest) -> HandPlan:
        """The exact maximin lineup (no runners-up)."""
        lineup = maximin_from_candidates(hand_candidates(hand), request.time_limit)
        return HandPlan(hand, Scored(lineup), [], four_if_counted(hand, request.options))

    def preference(self, plan: HandPlan) -> Any:
        """Four of a kind first, then more combinations, then the weakest stronger, …."""
        return (plan.four or 0, len(plan.best.lineup), [c.strength for c in plan.best.lineup][::-1])

    def expected_chips(self, plan: HandPlan) -> float | None:
        """Not estimated."""
        return None

    def valuation(self, plan: HandPlan, deals: Sequence[OpponentDeal],
                  request: AdviceRequest) -> Valuation:
        """No chips, no samples: only the reason."""
        return Valuation(None, None, None, 0, None, maximin_sentence())


class EvObjective(Objective):
    """The most expected chips against seeded samples of the opponents' hands (docs/solver.md)."""

    name = "ev"

    def deals(self, request: AdviceRequest) -> list[OpponentDeal]:
        """``request.samples`` seeded splits of the unseen cards, opponents arranged."""
        drawn = draw_samples(request.hand, request.up_card, samples=request.samples,
                             seed=request.seed, dealer=request.dealer, seat=request.seat)
        return arrange_opponents(drawn, request.seat, request.opponents, request.options,
                                 request.time_limit)

    def plan(self, hand: tuple[Card, ...], deals: Sequence[OpponentDeal],
             request: AdviceRequest) -> HandPlan:
        """Re-score the estimate's best lineups, maximin and greedy exactly; the best mean wins."""
        seat, options, time_limit = request.seat, request.options, request.time_limit
        candidates = hand_candidates(hand)
        four = four_if_counted(hand, options)
        pool = [maximin_from_candidates(candidates, time_limit), greedy_lineup(candidates)]
        if four is None:
            tables = estimate_tables(deals, seat, None, options)
            pool = surrogate_lineups(candidates, tables, SURROGATE_LINEUPS, time_limit, pool[0]) + pool
        scored: list[Scored] = []
        seen: set[tuple[int, ...]] = set()
        for lineup in pool:
            key = tuple(c.strength for c in lineup)
            if key in seen:
                continue
            seen.add(key)
            mean, error = mean_and_error(sample_chips(key, deals, seat, four, options))
            scored.append(Scored(lineup, mean, error))
        ranked = sorted(scored, key=lambda s: -s.mean)
        return HandPlan(hand, ranked[0], ranked[1:1 + ALTERNATIVES], four)

    def preference(self, plan: HandPlan) -> Any:
        """The higher mean."""
        return plan.best.mean

    def expected_chips(self, plan: HandPlan) -> float | None:
        """The sampled mean."""
        return plan.best.mean

    def valuation(self, plan: HandPlan, deals: Sequence[OpponentDeal],
                  request: AdviceRequest) -> Valuation:
        """Mean, standard error and per-round win rates on the samples."""
        rates = round_win_rates([c.strength for c in plan.best.lineup], deals, request.seat,
                                plan.four, request.options)
        closing = ev_sentence(plan.best.mean, plan.best.error, request.opponents, request.samples)
        return Valuation(plan.best.mean, plan.best.error, rates, request.samples, request.seed,
                         closing)


OBJECTIVES: dict[str, Objective] = {"ev": EvObjective(), "maximin": MaximinObjective()}
"""Every objective by name (the order is the order error messages list them in)."""
