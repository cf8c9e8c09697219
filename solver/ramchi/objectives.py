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
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from rulesets.cards import Card
from rulesets.ramchi.deal import four_of_a_kind_rank
from rulesets.ramchi.options import RamchiOptions
from solver.budget import NO_LIMIT, Deadline
from solver.errors import SolverTimeoutError
from solver.ramchi.batch_scoring import Deals, DealScorer
from solver.ramchi.candidates import Candidate, hand_candidates
from solver.ramchi.explain import ev_sentence, maximin_sentence
from solver.ramchi.greedy import greedy_lineup
from solver.ramchi.maximin import maximin_from_candidates
from solver.ramchi.opponents import DEFAULT_OPPONENTS, MODELS, OpponentModel
from solver.ramchi.round_tables import lineup_values, round_tables
from solver.ramchi.sampled_deals import deals_within
from solver.ramchi.sampling import Known, sample_stream
from solver.ramchi.search import ScoredPool, beam_lineups, improve, packing_starts, profile

__all__ = [
    "ALTERNATIVES",
    "OBJECTIVES",
    "AdviceRequest",
    "EvObjective",
    "HandPlan",
    "MaximinObjective",
    "Objective",
    "Scored",
    "Valuation",
    "mean_and_error",
]

ALTERNATIVES = 3
"""Runner-up lineups reported with ``ev`` advice."""

SAMPLING_SHARE = 0.5
"""The share of a request's budget that drawing and arranging samples may use; the search for
the lineup has the rest (its cost grows with the samples drawn)."""


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
    model: OpponentModel = field(default_factory=lambda: MODELS[DEFAULT_OPPONENTS])
    """The opponent model ``opponents`` names (with a mixture's own weights)."""
    deadline: Deadline = NO_LIMIT
    """When the answer is due (:mod:`solver.budget`): sampling and search stop there."""
    known: Known = ()
    """Cards known to be in an opponent's hand (:data:`solver.ramchi.sampling.Known`)."""


@dataclass(frozen=True, slots=True)
class Scored:
    """A lineup (strongest first) with its mean chips and standard error (0 when not estimated),
    its chips in every sampled deal, and how far it is behind the best lineup of its hand
    (mean of the paired differences and their standard error; 0 for the best itself).
    """

    lineup: list[Candidate]
    mean: float = 0.0
    error: float = 0.0
    chips: np.ndarray | None = field(default=None, compare=False, repr=False)
    behind: float = 0.0
    behind_error: float = 0.0


def mean_and_error(values: Any) -> tuple[float, float]:
    """Mean and its standard error.

    >>> mean_and_error([1, 3])
    (2.0, 1.0)
    """
    array = np.asarray(values, dtype=float)
    if len(array) < 2:
        return float(array.mean()), 0.0
    return float(array.mean()), float(array.std(ddof=1) / np.sqrt(len(array)))


@dataclass(frozen=True, slots=True)
class HandPlan:
    """The best lineup of one hand (kept, or after the exchange), runners-up, and its four of a
    kind rank (``None``: none, or the option is off).
    """

    hand: tuple[Card, ...]
    best: Scored
    alternatives: list[Scored]
    four: int | None
    scorer: DealScorer | None = field(default=None, compare=False, repr=False)
    """What scored the plan's lineups on the samples (``ev``): the valuation reuses it."""
    searched: bool = True
    """Whether the search ran to its end (``False``: the deadline stopped it early)."""


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

    def deals(self, request: AdviceRequest) -> Any:
        """The sampled deals this objective needs (none by default)."""
        return None

    def beaten_share(self, four: int, deals: Any, seat: int) -> float | None:
        """How often a sampled opponent holds a higher four of a kind than mine (``None``: no
        samples).
        """
        return None

    @abstractmethod
    def plan(self, hand: tuple[Card, ...], deals: Any, request: AdviceRequest) -> HandPlan:
        """The best lineup of ``hand`` (the hand kept or after the exchange), found by
        ``request.deadline`` (anytime objectives stop their search there).
        """

    @abstractmethod
    def preference(self, plan: HandPlan) -> Any:
        """A sort key: the larger plan is the advice (the first one on ties)."""

    @abstractmethod
    def expected_chips(self, plan: HandPlan) -> float | None:
        """The plan's expected chips, or ``None`` when this objective does not estimate them."""

    @abstractmethod
    def valuation(self, plan: HandPlan, deals: Any,
                  request: AdviceRequest) -> Valuation:
        """What the advice reports about the chosen ``plan``."""


class MaximinObjective(Objective):
    """Deterministic: most combinations, then the weakest as strong as possible, …;
    a four of a kind is preferred to any lineup.
    """

    name = "maximin"

    def plan(self, hand: tuple[Card, ...], deals: Any, request: AdviceRequest) -> HandPlan:
        """The exact maximin lineup (no runners-up): CP-SAT within the deadline (past it already:
        :class:`~solver.budget.BudgetExceededError`).
        """
        request.deadline.check("arranging the hand (maximin)", "retry when the service is less busy")
        limit = request.deadline.cpsat_limit(request.time_limit)
        lineup = maximin_from_candidates(hand_candidates(hand), limit)
        return HandPlan(hand, Scored(lineup), [], four_if_counted(hand, request.options))

    def preference(self, plan: HandPlan) -> Any:
        """Four of a kind first, then more combinations, then the weakest stronger, …."""
        return (plan.four or 0, len(plan.best.lineup), [c.strength for c in plan.best.lineup][::-1])

    def expected_chips(self, plan: HandPlan) -> float | None:
        """Not estimated."""
        return None

    def valuation(self, plan: HandPlan, deals: Any,
                  request: AdviceRequest) -> Valuation:
        """No chips, no samples: only the reason."""
        return Valuation(None, None, None, 0, None, maximin_sentence())


class EvObjective(Objective):
    """The most expected chips against seeded samples of the opponents' hands (docs/solver.md).

    The opponents of every sample are arranged once, by the requested model, as arrays; every
    lineup considered is then played out on all samples at once. The exact maximin lineup
    (CP-SAT), greedy, a pool of packings and the best lineups of a beam search over the samples'
    round table start a local search scored exactly (:mod:`solver.ramchi.search`); the best
    mean wins.
    """

    name = "ev"

    def deals(self, request: AdviceRequest) -> Deals:
        """``request.samples`` seeded splits of the unseen cards, opponents arranged; fewer
        when :data:`SAMPLING_SHARE` of the budget runs out first (at least one chunk).
        """
        stream = sample_stream(request.hand, request.up_card, seed=request.seed,
                               dealer=request.dealer, seat=request.seat, known=request.known)
        return deals_within(stream, request.samples, request.seat, request.model, request.options,
                            request.time_limit, request.seed, request.deadline.share(SAMPLING_SHARE))

    def plan(self, hand: tuple[Card, ...], deals: Any, request: AdviceRequest) -> HandPlan:
        """Climb from maximin, greedy, packings and the beam's lineups; the best mean wins.

        Past ``request.deadline`` the climb stops where it is (``searched=False``); the maximin start is
        left out when CP-SAT finds nothing in the time left.
        """
        seat, options, deadline = request.seat, request.options, request.deadline
        candidates = hand_candidates(hand)
        four = four_if_counted(hand, options)
        scorer = DealScorer(deals, seat, four or 0, options)
        pool = ScoredPool(scorer.chips)
        starts = [greedy_lineup(candidates)]
        try:
            starts.insert(0, maximin_from_candidates(candidates, deadline.cpsat_limit(request.time_limit)))
        except SolverTimeoutError:
            if not deadline.expired():
                raise
        searched = True
        if four is None:
            table = round_tables(deals, seat, 0, options)
            starts += packing_starts(hand) + beam_lineups(candidates, table)
            searched = improve(pool, starts, candidates, hand, lambda p: lineup_values(table, p),
                               deadline)
        else:  # a four of a kind ends every deal before play: no lineup matters
            pool.add(starts)
        order = pool.ranked()[:1 + ALTERNATIVES]
        ranked = [self._scored(pool, key, pool.chips[order[0]]) for key in order]
        return HandPlan(hand, ranked[0], ranked[1:], four, scorer, searched and not deadline.expired())

    @staticmethod
    def _scored(pool: ScoredPool, key: tuple[int, ...], best: np.ndarray) -> Scored:
        chips = pool.chips[key]
        mean, error = mean_and_error(chips)
        behind, behind_error = mean_and_error(best - chips)
        return Scored(pool.lineups[key], mean, error, chips, behind, behind_error)

    def preference(self, plan: HandPlan) -> Any:
        """The higher mean."""
        return plan.best.mean

    def expected_chips(self, plan: HandPlan) -> float | None:
        """The sampled mean."""
        return plan.best.mean

    def beaten_share(self, four: int, deals: Any, seat: int) -> float | None:
        """How often a sampled opponent holds a higher four of a kind."""
        if not len(deals):
            return None
        others = np.delete(deals.fours, seat, axis=1).max(axis=1)
        return float((others > four).mean())

    def valuation(self, plan: HandPlan, deals: Any, request: AdviceRequest) -> Valuation:
        """Mean, standard error and per-round win rates on the samples."""
        lineup = np.array([profile(plan.best.lineup)])
        scorer = plan.scorer or DealScorer(deals, request.seat, plan.four or 0, request.options)
        rates = scorer.round_wins(lineup[0])
        closing = ev_sentence(plan.best.mean, plan.best.error, request.model.label(), len(deals))
        return Valuation(plan.best.mean, plan.best.error,
                         [float(r) for r in rates[:len(plan.best.lineup)]], request.samples,
                         request.seed, closing)


OBJECTIVES: dict[str, Objective] = {"ev": EvObjective(), "maximin": MaximinObjective()}
"""Every objective by name (the order is the order error messages list them in)."""
