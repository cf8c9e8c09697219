"""The ``ev`` advice as it was before issue 12, kept as the baseline the benchmarks compare with.

One deal at a time in Python: each opponent's hand arranged from its candidate list, each
lineup played out with the rules' ``play_out``, and three CP-SAT solves of the linear estimate
per hand. :class:`BaselineEvObjective` plugs it into :func:`solver.ramchi.advice.advise`
(``advise(hand, up, objective=BaselineEvObjective(), opponents="greedy")``);
``bench/ramchi_solver.py`` times it against today's ``ev`` and
``tests/solver/test_ev_pinned.py`` checks it still gives its pinned answers.

>>> from rulesets.cards import DECK
>>> from rulesets.ramchi.options import RamchiOptions
>>> samples = draw_samples(DECK[:17], DECK[17], samples=20, seed=3, dealer=None, seat=0)
>>> deals = arrange_opponents(samples, 0, "greedy", RamchiOptions(), 1.0)
>>> len(deals), len(sample_chips((500, 400), deals, 0, None, RamchiOptions()))
(20, 20)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulesets.cards import Card, Rank
from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.combinations import STRONGEST
from rulesets.ramchi.deal import (
    TWO_OF_DIAMONDS,
    exchange,
    four_of_a_kind_chips,
    four_of_a_kind_rank,
    four_of_a_kind_winner,
)
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS, play_out
from solver.ramchi.candidates import hand_candidates
from solver.ramchi.explain import ev_sentence
from solver.ramchi.greedy import greedy_lineup
from solver.ramchi.maximin import maximin_from_candidates
from solver.ramchi.objectives import (
    ALTERNATIVES,
    AdviceRequest,
    HandPlan,
    Objective,
    Scored,
    Valuation,
    four_if_counted,
    mean_and_error,
)
from solver.ramchi.sampling import Sample, draw_samples
from solver.ramchi.surrogate import surrogate_lineups

__all__ = [
    "BASELINE_SURROGATE_LINEUPS",
    "BaselineEvObjective",
    "OpponentDeal",
    "arrange",
    "arrange_opponents",
    "arrange_with_exchange",
    "estimate_tables",
    "mean_and_error",
    "round_win_rates",
    "sample_chips",
]

BASELINE_SURROGATE_LINEUPS = 2
"""Lineups taken from the linear estimate for exact re-scoring (plus maximin and greedy)."""


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


@dataclass(frozen=True, slots=True)
class Arranged:
    """An opponent's lineup strengths (strongest first) and its best four of a kind rank."""

    strengths: tuple[int, ...]
    four_of_a_kind: Rank | None


def arrange(hand: Sequence[Card], model: str, time_limit: float = 1.0) -> Arranged:
    """The lineup the ``model`` player makes from ``hand`` (no exchange)."""
    candidates = hand_candidates(hand)
    if model == "greedy":
        lineup = greedy_lineup(candidates)
    else:
        lineup = maximin_from_candidates(candidates, time_limit)
    return Arranged(tuple(c.strength for c in lineup), four_of_a_kind_rank(hand))


def _preference(arranged: Arranged) -> tuple[int, int, tuple[int, ...]]:
    return (arranged.four_of_a_kind or 0, len(arranged.strengths), arranged.strengths[::-1])


def arrange_with_exchange(hand: Sequence[Card], up_card: Card | None, model: str,
                          allowed: bool, time_limit: float = 1.0) -> Arranged:
    """Arrange ``hand``; if it holds the 2♦ and the exchange is allowed, take the up-card
    when the model prefers the result (four of a kind first, then its lineup order).
    """
    kept = arrange(hand, model, time_limit)
    if not allowed or up_card is None or TWO_OF_DIAMONDS not in hand:
        return kept
    swapped = arrange(exchange(hand, up_card), model, time_limit)
    return swapped if _preference(swapped) > _preference(kept) else kept


class BaselineEvObjective(Objective):
    """The ``ev`` objective before issue 12 (greedy or solver opponents only)."""

    name = "ev"

    def deals(self, request: AdviceRequest) -> list[OpponentDeal]:
        """``request.samples`` seeded splits of the unseen cards, opponents arranged."""
        drawn = draw_samples(request.hand, request.up_card, samples=request.samples,
                             seed=request.seed, dealer=request.dealer, seat=request.seat)
        return arrange_opponents(drawn, request.seat, request.opponents, request.options,
                                 request.time_limit)

    def plan(self, hand: tuple[Card, ...], deals: Any, request: AdviceRequest) -> HandPlan:
        """Re-score the estimate's best lineups, maximin and greedy exactly; the best mean wins."""
        seat, options, time_limit = request.seat, request.options, request.time_limit
        candidates = hand_candidates(hand)
        four = four_if_counted(hand, options)
        pool = [maximin_from_candidates(candidates, time_limit), greedy_lineup(candidates)]
        if four is None:
            tables = estimate_tables(deals, seat, None, options)
            pool = surrogate_lineups(candidates, tables, BASELINE_SURROGATE_LINEUPS, time_limit,
                                     pool[0]) + pool
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

    def beaten_share(self, four: int, deals: Any, seat: int) -> float | None:
        """How often a sampled opponent holds a higher four of a kind."""
        if not deals:
            return None
        return sum(four_of_a_kind_winner([four if s == seat else d.fours[s] for s in range(SEATS)])
                   != seat for d in deals) / len(deals)

    def valuation(self, plan: HandPlan, deals: Any, request: AdviceRequest) -> Valuation:
        """Mean, standard error and per-round win rates on the samples."""
        rates = round_win_rates([c.strength for c in plan.best.lineup], deals, request.seat,
                                plan.four, request.options)
        closing = ev_sentence(plan.best.mean, plan.best.error, request.opponents, request.samples)
        return Valuation(plan.best.mean, plan.best.error, rates, request.samples, request.seed,
                         closing)
