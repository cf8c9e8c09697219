"""The public advice entry point: arrange a 17-card Ramchi hand for an objective.

The objective (``ev``, ``maximin``, …) is an :class:`~solver.ramchi.objectives.Objective`
looked up in :data:`~solver.ramchi.objectives.OBJECTIVES`; this module checks the
request, compares keeping and exchanging the 2♦, and builds the :class:`Advice`.

>>> from rulesets.cards import parse_cards
>>> hand = parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh")
>>> advice = advise(hand, None, objective="maximin")
>>> [c.round for c in advice.combinations], len(advice.discards)
([1, 2, 3, 4, 5], 2)
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from rulesets.cards import Card, Rank
from rulesets.errors import InvalidInputError
from rulesets.ramchi.deal import TWO_OF_DIAMONDS, check_hand, exchange, four_of_a_kind_winner
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS
from solver.limits import DEFAULT_SAMPLES, DEFAULT_SOLVER_OPPONENT_SAMPLES, DEFAULT_TIME_LIMIT_S
from solver.ramchi.candidates import discards
from solver.ramchi.ev import OpponentDeal
from solver.ramchi.explain import explain
from solver.ramchi.objectives import (
    ALTERNATIVES,
    OBJECTIVES,
    SURROGATE_LINEUPS,
    AdviceRequest,
    HandPlan,
    Objective,
)
from solver.ramchi.opponents import OPPONENT_MODELS
from solver.ramchi.results import Advice, Alternative, ExchangeInfo, FourOfAKindInfo, plan
from solver.ramchi.validation import check_limits, check_seats

__all__ = ["ALTERNATIVES", "OBJECTIVES", "SURROGATE_LINEUPS", "advise"]


def _objective(name: str) -> Objective:
    """The registered objective called ``name``; refuses unknown names."""
    if name not in OBJECTIVES:
        raise InvalidInputError(f"objective must be one of {', '.join(OBJECTIVES)}, "
                                f"got {name!r}", rule="solver objectives",
                                code="unknown_objective", field="objective")
    return OBJECTIVES[name]


def _check_table(opponents: str, seat: int, dealer: int | None) -> None:
    """The opponent model is known; seat and dealer are seats (by the rules)."""
    if opponents not in OPPONENT_MODELS:
        raise InvalidInputError(f"opponents must be one of {', '.join(OPPONENT_MODELS)}, "
                                f"got {opponents!r}", rule="solver opponent models",
                                code="unknown_opponent_model", field="opponents")
    check_seats(seat, dealer)


def _four_info(plan_: HandPlan, deals: Sequence[OpponentDeal], seat: int) -> FourOfAKindInfo | None:
    """My four of a kind, and how often a sampled opponent holds a higher one (the rules say
    who wins).
    """
    if plan_.four is None:
        return None
    beaten = sum(
        four_of_a_kind_winner([plan_.four if s == seat else d.fours[s] for s in range(SEATS)]) != seat
        for d in deals)
    share = beaten / len(deals) if deals else 0.0
    rank = Rank(plan_.four)
    note = (f"You hold four {rank.plural}: the hand is not played and you win it outright")
    note += (f", unless an opponent holds a higher four of a kind (about {share:.0%} of the "
             "sampled deals)." if deals else " unless an opponent holds a higher four of a kind.")
    return FourOfAKindInfo("me", rank.char, True, share, note)


def _exchange_info(objective: Objective, plans: Sequence[HandPlan], chosen: HandPlan) -> ExchangeInfo:
    """Keep or exchange: ``plans`` is the kept hand's plan, then (if possible) the exchanged one's."""
    if len(plans) < 2:
        return ExchangeInfo(False)
    kept, swapped = plans
    return ExchangeInfo(True, chosen is swapped, objective.expected_chips(kept),
                        objective.expected_chips(swapped))


def advise(
    hand: Sequence[Card],
    up_card: Card | None = None,
    *,
    objective: str = "ev",
    seed: int = 1,
    samples: int | None = None,
    opponents: str = "greedy",
    seat: int = 0,
    dealer: int | None = None,
    options: RamchiOptions | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT_S,
) -> Advice:
    """Arrange ``hand`` (17 cards) into up to five combinations in play order, and discards.

    ``objective`` names an entry of :data:`OBJECTIVES`: ``"ev"`` maximises the
    expected chips against ``samples`` seeded splits of the unseen cards
    between two ``opponents`` (``"greedy"`` or ``"solver"``); ``"maximin"`` is
    deterministic (most combinations, then the weakest as strong as possible,
    …). ``seat`` and ``dealer`` place me at the table (seats 0–2 in play
    order); ``dealer=None`` means unknown, and the samples rotate through the
    three dealers. With the 2♦ in hand and the ``up_card`` given, keeping and
    exchanging are compared on the same samples. ``time_limit`` bounds each
    CP-SAT solve (seconds).
    """
    started = time.perf_counter()
    options = options or RamchiOptions()
    hand = tuple(hand)
    check_hand(hand, up_card)
    strategy = _objective(objective)
    _check_table(opponents, seat, dealer)
    if samples is None:
        samples = DEFAULT_SAMPLES if opponents == "greedy" else DEFAULT_SOLVER_OPPONENT_SAMPLES
    check_limits(samples, time_limit, opponents)
    request = AdviceRequest(hand, up_card, seed, samples, opponents, seat, dealer, options, time_limit)
    can_exchange = options.exchange and up_card is not None and TWO_OF_DIAMONDS in hand
    choices = [hand] + ([exchange(hand, up_card)] if can_exchange and up_card else [])
    deals = strategy.deals(request)
    plans = [strategy.plan(h, deals, request) for h in choices]
    chosen = max(plans, key=strategy.preference)
    exchange_info = _exchange_info(strategy, plans, chosen)
    valuation = strategy.valuation(chosen, deals, request)
    combinations = plan(chosen.best.lineup, valuation.win_rates)
    four = _four_info(chosen, deals, seat)
    alternatives = tuple(
        Alternative(plan(s.lineup), discards(chosen.hand, s.lineup), s.mean, s.error)
        for s in chosen.alternatives)
    return Advice(
        objective=objective,
        hand=chosen.hand,
        combinations=combinations,
        discards=discards(chosen.hand, chosen.best.lineup),
        expected_chips=valuation.expected_chips,
        standard_error=valuation.standard_error,
        exchange=exchange_info,
        four_of_a_kind=four,
        alternatives=alternatives,
        explanation=explain(combinations, exchange_info, four, valuation.closing),
        solve_ms=(time.perf_counter() - started) * 1000,
        samples=valuation.samples,
        seed=valuation.seed,
        assumptions={"seat": seat, "dealer": "unknown (rotated)" if dealer is None else dealer,
                     "opponents": opponents},
    )
