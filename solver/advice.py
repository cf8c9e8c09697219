"""The public advice entry point: arrange a 17-card Ramchi hand for an objective.

>>> from rulesets.cards import parse_cards
>>> hand = parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh")
>>> advice = advise(hand, None, objective="maximin")
>>> [c.round for c in advice.combinations], len(advice.discards)
([1, 2, 3, 4, 5], 2)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from rulesets.cards import Card, Rank
from rulesets.errors import IllegalActionError
from rulesets.ramchi.deal import TWO_OF_DIAMONDS, exchange
from rulesets.ramchi.options import RamchiOptions
from solver.candidates import Candidate, hand_candidates
from solver.ev import (
    OpponentDeal,
    arrange_opponents,
    estimate_tables,
    mean_and_error,
    round_win_rates,
    sample_chips,
    surrogate_lineups,
)
from solver.explain import explain
from solver.greedy import greedy_lineup
from solver.limits import DEFAULT_SAMPLES, DEFAULT_SOLVER_OPPONENT_SAMPLES, DEFAULT_TIME_LIMIT_S
from solver.maximin import maximin_from_candidates
from solver.opponents import OPPONENT_MODELS, four_of_a_kind_rank
from solver.results import Advice, Alternative, ExchangeInfo, FourOfAKindInfo, plan
from solver.sampling import draw_samples
from solver.validation import check_hand, check_limits, check_seat

__all__ = ["OBJECTIVES", "SURROGATE_LINEUPS", "advise"]

OBJECTIVES = ("ev", "maximin")
SURROGATE_LINEUPS = 2
"""Lineups taken from the linear estimate for exact re-scoring (plus maximin and greedy)."""
ALTERNATIVES = 3


@dataclass(frozen=True, slots=True)
class _Scored:
    lineup: list[Candidate]
    mean: float
    error: float


@dataclass(frozen=True, slots=True)
class _HandPlan:
    hand: tuple[Card, ...]
    best: _Scored
    alternatives: list[_Scored]
    four: int | None


def _check_request(objective: str, opponents: str, seat: int, dealer: int | None) -> None:
    if objective not in OBJECTIVES:
        raise IllegalActionError(f"objective must be one of {', '.join(OBJECTIVES)}, "
                                 f"got {objective!r}", rule="solver objectives",
                                 code="unknown_objective")
    if opponents not in OPPONENT_MODELS:
        raise IllegalActionError(f"opponents must be one of {', '.join(OPPONENT_MODELS)}, "
                                 f"got {opponents!r}", rule="solver opponent models",
                                 code="unknown_opponent_model")
    check_seat(seat)
    if dealer is not None:
        check_seat(dealer, "dealer")


def _discards(hand: Sequence[Card], lineup: Sequence[Candidate]) -> tuple[Card, ...]:
    used = 0
    for candidate in lineup:
        used |= candidate.mask
    return tuple(card for card in hand if not used >> card.index & 1)


def _maximin_key(lineup: Sequence[Candidate], four: int | None) -> tuple:
    return (four or 0, len(lineup), [c.strength for c in lineup][::-1])


def _plan_maximin(hand: tuple[Card, ...], options: RamchiOptions, time_limit: float) -> _HandPlan:
    lineup = maximin_from_candidates(hand_candidates(hand), time_limit)
    four = four_of_a_kind_rank(hand) if options.four_of_a_kind else None
    return _HandPlan(hand, _Scored(lineup, 0.0, 0.0), [], four)


def _plan_ev(hand: tuple[Card, ...], deals: Sequence[OpponentDeal], seat: int,
             options: RamchiOptions, time_limit: float) -> _HandPlan:
    candidates = hand_candidates(hand)
    four = four_of_a_kind_rank(hand) if options.four_of_a_kind else None
    pool = [maximin_from_candidates(candidates, time_limit), greedy_lineup(candidates)]
    if four is None:
        tables = estimate_tables(deals, seat, None, options)
        pool = surrogate_lineups(candidates, tables, SURROGATE_LINEUPS, time_limit, pool[0]) + pool
    scored: list[_Scored] = []
    seen: set[tuple[int, ...]] = set()
    for lineup in pool:
        key = tuple(c.strength for c in lineup)
        if key in seen:
            continue
        seen.add(key)
        mean, error = mean_and_error(sample_chips(key, deals, seat, four, options))
        scored.append(_Scored(lineup, mean, error))
    ranked = sorted(scored, key=lambda s: -s.mean)
    return _HandPlan(hand, ranked[0], ranked[1:1 + ALTERNATIVES], four)


def _four_info(plan_: _HandPlan, deals: Sequence[OpponentDeal], seat: int) -> FourOfAKindInfo | None:
    if plan_.four is None:
        return None
    higher = sum(1 for d in deals if any(r is not None and r > plan_.four for r in d.fours))
    beaten = higher / len(deals) if deals else 0.0
    rank = Rank(plan_.four)
    note = (f"You hold four {rank.plural}: the hand is not played and you win it outright")
    note += (f", unless an opponent holds a higher four of a kind (about {beaten:.0%} of the "
             "sampled deals)." if deals else " unless an opponent holds a higher four of a kind.")
    return FourOfAKindInfo("me", rank.char, True, beaten, note)


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

    ``objective``: ``"ev"`` maximises the expected chips against ``samples``
    seeded splits of the unseen cards between two ``opponents`` (``"greedy"``
    or ``"solver"``); ``"maximin"`` is deterministic (most combinations, then
    the weakest as strong as possible, …). ``seat`` and ``dealer`` place me at
    the table (seats 0–2 in play order); ``dealer=None`` means unknown, and the
    samples rotate through the three dealers. With the 2♦ in hand and the
    ``up_card`` given, keeping and exchanging are compared on the same samples.
    ``time_limit`` bounds each CP-SAT solve (seconds).
    """
    started = time.perf_counter()
    options = options or RamchiOptions()
    hand = tuple(hand)
    check_hand(hand, up_card)
    _check_request(objective, opponents, seat, dealer)
    if samples is None:
        samples = DEFAULT_SAMPLES if opponents == "greedy" else DEFAULT_SOLVER_OPPONENT_SAMPLES
    check_limits(samples, time_limit)
    can_exchange = (options.exchange and up_card is not None and TWO_OF_DIAMONDS in hand)
    choices = [hand] + ([exchange(hand, up_card)] if can_exchange and up_card else [])
    deals: list[OpponentDeal] = []
    if objective == "maximin":
        plans = [_plan_maximin(h, options, time_limit) for h in choices]
        chosen = max(plans, key=lambda p: _maximin_key(p.best.lineup, p.four))
    else:
        drawn = draw_samples(hand, up_card, samples=samples, seed=seed, dealer=dealer, seat=seat)
        deals = arrange_opponents(drawn, seat, opponents, options, time_limit)
        plans = [_plan_ev(h, deals, seat, options, time_limit) for h in choices]
        chosen = max(plans, key=lambda p: p.best.mean)
    exchange_info = ExchangeInfo(False)
    if can_exchange:
        kept, swapped = plans
        exchange_info = ExchangeInfo(
            True, chosen is swapped,
            kept.best.mean if objective == "ev" else None,
            swapped.best.mean if objective == "ev" else None)
    rates = (round_win_rates([c.strength for c in chosen.best.lineup], deals, seat, chosen.four,
                             options) if objective == "ev" else None)
    combinations = plan(chosen.best.lineup, rates)
    four = _four_info(chosen, deals, seat)
    expected = chosen.best.mean if objective == "ev" else None
    error = chosen.best.error if objective == "ev" else None
    alternatives = tuple(
        Alternative(plan(s.lineup), _discards(chosen.hand, s.lineup), s.mean, s.error)
        for s in chosen.alternatives)
    return Advice(
        objective=objective,
        hand=chosen.hand,
        combinations=combinations,
        discards=_discards(chosen.hand, chosen.best.lineup),
        expected_chips=expected,
        standard_error=error,
        exchange=exchange_info,
        four_of_a_kind=four,
        alternatives=alternatives,
        explanation=explain(objective, combinations, exchange_info, four, expected, error,
                            opponents, samples if objective == "ev" else 0),
        solve_ms=(time.perf_counter() - started) * 1000,
        samples=samples if objective == "ev" else 0,
        seed=seed if objective == "ev" else None,
        assumptions={"seat": seat, "dealer": "unknown (rotated)" if dealer is None else dealer,
                     "opponents": opponents},
    )
