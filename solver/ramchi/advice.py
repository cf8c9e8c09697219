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
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rulesets.cards import DECK, Card, Rank
from rulesets.errors import InvalidInputError
from rulesets.ramchi.deal import HAND_SIZE, TWO_OF_DIAMONDS, check_hand, exchange
from rulesets.ramchi.options import RamchiOptions
from solver.budget import Deadline, deadline_or_none
from solver.limits import DEFAULT_SAMPLES, DEFAULT_SOLVER_OPPONENT_SAMPLES, DEFAULT_TIME_LIMIT_S
from solver.ramchi.candidates import discards
from solver.ramchi.explain import explain
from solver.ramchi.objectives import (
    ALTERNATIVES,
    OBJECTIVES,
    AdviceRequest,
    HandPlan,
    Objective,
    mean_and_error,
)
from solver.ramchi.opponents import (
    DEFAULT_OPPONENTS,
    MixtureModel,
    OpponentModel,
    opponent_model,
)
from solver.ramchi.results import (
    Advice,
    Alternative,
    ChoiceMargin,
    ExchangeInfo,
    FourOfAKindInfo,
    plan,
)
from solver.ramchi.round_tables import prior_table
from solver.ramchi.validation import check_known, check_limits, check_seats

__all__ = ["ALTERNATIVES", "OBJECTIVES", "advice_request", "advise", "budget_note",
           "default_samples", "plan_request", "warm_up"]


def _objective(name: str) -> Objective:
    """The registered objective called ``name``; refuses unknown names."""
    if name not in OBJECTIVES:
        raise InvalidInputError(f"objective must be one of {', '.join(OBJECTIVES)}, "
                                f"got {name!r}", rule="solver objectives",
                                code="unknown_objective", field="objective")
    return OBJECTIVES[name]


def warm_up() -> None:
    """Build the lookup tables the first ``ev`` advice would otherwise build while a client
    waits (the triple table, the overlap table and the default ruleset's prior round table;
    about half a second), once per process: the server calls it as each worker starts.
    """
    advise(DECK[:HAND_SIZE], DECK[HAND_SIZE], samples=1)
    prior_table(RamchiOptions())


def default_samples(model: OpponentModel) -> int:
    """The samples drawn when a request names none: fewer when opponents cost CP-SAT solves.

    >>> from solver.ramchi.opponents import MODELS
    >>> default_samples(MODELS["mixture"]), default_samples(MODELS["solver"])
    (200, 40)
    """
    return DEFAULT_SOLVER_OPPONENT_SAMPLES if model.slow else DEFAULT_SAMPLES


def _four_info(strategy: Objective, plan_: HandPlan, deals: Any, seat: int
               ) -> FourOfAKindInfo | None:
    """My four of a kind, and how often a sampled opponent holds a higher one (the rules say
    who wins).
    """
    if plan_.four is None:
        return None
    share = strategy.beaten_share(plan_.four, deals, seat)
    rank = Rank(plan_.four)
    note = (f"You hold four {rank.plural}: the hand is not played and you win it outright")
    note += (f", unless an opponent holds a higher four of a kind (about {share:.0%} of the "
             "sampled deals)." if share is not None
             else " unless an opponent holds a higher four of a kind.")
    return FourOfAKindInfo("me", rank.char, True, share or 0.0, note)


def _exchange_info(objective: Objective, plans: Sequence[HandPlan], chosen: HandPlan) -> ExchangeInfo:
    """Keep or exchange: ``plans`` is the kept hand's plan, then (if possible) the exchanged one's."""
    if len(plans) < 2:
        return ExchangeInfo(False)
    kept, swapped = plans
    error = None
    if kept.best.chips is not None and swapped.best.chips is not None:
        error = mean_and_error(swapped.best.chips - kept.best.chips)[1]
    return ExchangeInfo(True, chosen is swapped, objective.expected_chips(kept),
                        objective.expected_chips(swapped), error)


def _margin(chosen: HandPlan) -> ChoiceMargin | None:
    """The lead of the chosen lineup over its runner-up, when both were scored on samples."""
    if not chosen.alternatives or chosen.best.chips is None:
        return None
    runner_up = chosen.alternatives[0]
    return ChoiceMargin.of(runner_up.behind, runner_up.behind_error)


def _assumptions(request: AdviceRequest) -> dict[str, object]:
    """Where I sit, the dealer, and the opponent model (with a mixture's weights)."""
    model = request.model
    told: dict[str, object] = {
        "seat": request.seat,
        "dealer": "unknown (rotated)" if request.dealer is None else request.dealer,
        "opponents": request.opponents, "opponent_model": model.description}
    if isinstance(model, MixtureModel):
        told["mixture"] = dict(model.weights)
    return told


def advice_request(
    hand: Sequence[Card],
    up_card: Card | None,
    *,
    seed: int = 1,
    samples: int | None = None,
    opponents: str = DEFAULT_OPPONENTS,
    mixture: Mapping[str, float] | None = None,
    seat: int = 0,
    dealer: int | None = None,
    options: RamchiOptions | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT_S,
    deadline: Deadline | None = None,
    known: Sequence[tuple[int, Sequence[Card]]] = (),
) -> AdviceRequest:
    """Check a request (cards, table, opponent model, limits) and fill in its defaults.

    >>> from rulesets.cards import DECK
    >>> request = advice_request(DECK[:17], None, opponents="mixture", mixture={"ev": 1})
    >>> request.samples, request.model.text()
    (200, 'ev 100%')
    """
    options = options or RamchiOptions()
    hand = tuple(hand)
    check_hand(hand, up_card)
    check_seats(seat, dealer)
    check_known(hand, up_card, seat, known)
    model = opponent_model(opponents, mixture)
    if samples is None:
        samples = default_samples(model)
    check_limits(samples, time_limit, opponents, slow=model.slow)
    return AdviceRequest(hand, up_card, seed, samples, opponents, seat, dealer, options, time_limit,
                         model, deadline_or_none(deadline),
                         tuple((other, tuple(cards)) for other, cards in known))


def plan_request(strategy: Objective, request: AdviceRequest
                 ) -> tuple[Any, list[HandPlan], HandPlan]:
    """The sampled deals, the plan of the hand kept (and exchanged, when possible), and the
    chosen plan.
    """
    hand, up_card = request.hand, request.up_card
    can_exchange = request.options.exchange and up_card is not None and TWO_OF_DIAMONDS in hand
    choices = [hand] + ([exchange(hand, up_card)] if can_exchange and up_card else [])
    deals = strategy.deals(request)
    plans = []
    for i, cards in enumerate(choices):  # the time left is shared by the plans still to make
        share = request.deadline.share(1 / (len(choices) - i))
        plans.append(strategy.plan(cards, deals, replace(request, deadline=share)))
    return deals, plans, max(plans, key=strategy.preference)


def budget_note(request: AdviceRequest, samples_used: int, plans: Sequence[HandPlan]) -> str | None:
    """What the budget cut short, in words (``None`` when nothing was).

    >>> from rulesets.cards import DECK
    >>> request = advice_request(DECK[:17], None, samples=200)
    >>> budget_note(request, 200, []) is None
    True
    >>> budget_note(request, 40, [])[:80]
    'The time budget ran out: the advice rests on 40 of the 200 samples asked for (th'
    """
    cut = []
    if samples_used < request.samples:
        cut.append(f"the advice rests on {samples_used} of the {request.samples} samples asked for "
                   "(the margins and errors are computed on those)")
    if not all(p.searched for p in plans):
        cut.append("the search for a better lineup stopped early")
    if not cut:
        return None
    return ("The time budget ran out: " + "; ".join(cut) + ". Ask for fewer samples or faster "
            "opponent models.")


def advise(
    hand: Sequence[Card],
    up_card: Card | None = None,
    *,
    objective: str | Objective = "ev",
    seed: int = 1,
    samples: int | None = None,
    opponents: str = DEFAULT_OPPONENTS,
    mixture: Mapping[str, float] | None = None,
    seat: int = 0,
    dealer: int | None = None,
    options: RamchiOptions | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT_S,
    deadline: Deadline | None = None,
    known: Sequence[tuple[int, Sequence[Card]]] = (),
) -> Advice:
    """Arrange ``hand`` (17 cards) into up to five combinations in play order, and discards.

    ``objective`` names an entry of :data:`OBJECTIVES`: ``"ev"`` maximises the
    expected chips against ``samples`` seeded splits of the unseen cards
    between two ``opponents`` (a model of :data:`~solver.ramchi.opponents.MODELS`: ``greedy``,
    ``solver``, ``ev`` or the default ``mixture``, whose weights ``mixture`` may set, e.g.
    ``{"greedy": 0.3, "ev": 0.7}``); ``"maximin"`` is
    deterministic (most combinations, then the weakest as strong as possible,
    …). ``seat`` and ``dealer`` place me at the table (seats 0–2 in play
    order); ``dealer=None`` means unknown, and the samples rotate through the
    three dealers. With the 2♦ in hand and the ``up_card`` given, keeping and
    exchanging are compared on the same samples. ``known`` gives cards known to be
    in an opponent's hand, ``(seat, cards)`` (the former up-card after that seat
    exchanged the 2♦ for it): every sample deals them to that seat. ``time_limit`` bounds each
    CP-SAT solve (seconds). ``deadline`` (:mod:`solver.budget`; ``None``: none) bounds the
    whole advice: ``ev`` is anytime, it stops sampling and searching there and says so
    (``complete``, ``samples_used``, ``budget_note``); ``maximin`` answers by then or raises.
    An :class:`Objective` instance may stand for the name (the benchmarks pass the baseline
    this way).
    """
    started = time.perf_counter()
    strategy = objective if isinstance(objective, Objective) else _objective(objective)
    request = advice_request(hand, up_card, seed=seed, samples=samples, opponents=opponents,
                             mixture=mixture, seat=seat, dealer=dealer, options=options,
                             time_limit=time_limit, deadline=deadline, known=known)
    deals, plans, chosen = plan_request(strategy, request)
    used = len(deals) if deals is not None else 0
    note = budget_note(request, used, plans) if deals is not None else None
    exchange_info = _exchange_info(strategy, plans, chosen)
    valuation = strategy.valuation(chosen, deals, request)
    combinations = plan(chosen.best.lineup, valuation.win_rates)
    four = _four_info(strategy, chosen, deals, seat)
    alternatives = tuple(
        Alternative(plan(s.lineup), discards(chosen.hand, s.lineup), s.mean, s.error, s.behind,
                    s.behind_error)
        for s in chosen.alternatives)
    return Advice(
        objective=strategy.name,
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
        assumptions=_assumptions(request),
        margin=_margin(chosen),
        samples_used=used,
        complete=note is None,
        budget_note=note,
    )
