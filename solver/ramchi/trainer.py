"""The Ramchi trainer: score a player's own lineup against the ``ev`` advice on the same samples.

The player's lineup (up to five combinations of the hand; the other cards are
discarded) is checked by the referee's rules
(:func:`~rulesets.ramchi.arrangement.arrangement_problems`), then played out
with the rules' ``play_out`` on exactly the sampled deals the ``ev`` advice
plans on (common random numbers: same seed, same splits, same opponent
model). The chips lost are the advice's mean minus the player's; their
standard error is that of the per-sample differences, much smaller than
either mean's. Thresholds of the verdict are :data:`VERDICTS` (docs/solver.md).

>>> from rulesets.cards import parse_cards
>>> hand = parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh")
>>> score = score_lineup(hand, None, [], samples=20, seed=3)
>>> score.chips_lost > 3, score.verdict
(True, 'blunder')
>>> verdict(0.1), verdict(0.8), verdict(2.0), verdict(3.5)
('best', 'inaccuracy', 'mistake', 'blunder')
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from rulesets.cards import Card, Rank
from rulesets.errors import IllegalActionError, InvalidInputError
from rulesets.ramchi.arrangement import MAX_COMBINATIONS, arrangement_problems, check_arrangement
from rulesets.ramchi.deal import TWO_OF_DIAMONDS, exchange
from rulesets.ramchi.options import RamchiOptions
from solver.budget import Deadline
from solver.limits import DEFAULT_TIME_LIMIT_S
from solver.ramchi.advice import _assumptions, advice_request, budget_note, plan_request
from solver.ramchi.batch_scoring import DealScorer
from solver.ramchi.candidates import discards, hand_candidates
from solver.ramchi.objectives import OBJECTIVES, four_if_counted, mean_and_error
from solver.ramchi.opponents import DEFAULT_OPPONENTS
from solver.ramchi.results import PlannedCombination, plan
from solver.ramchi.search import profile
from solver.ramchi.trainer_words import lineup_differences

__all__ = ["VERDICTS", "TrainerLineup", "TrainerScore", "score_lineup", "verdict"]

VERDICTS: tuple[tuple[str, float], ...] = (("best", 0.25), ("inaccuracy", 1.0), ("mistake", 3.0))
"""Verdict by chips lost per hand: at most 0.25 is ``best`` (within sampling noise of the
advice: one lineup's standard error is about 0.8 chips at 200 samples, the paired difference's
far less), at most 1 ``inaccuracy``, at most 3 ``mistake``, more ``blunder``. A hand's expected
chips range over about -10 to +10, a round k pays k chips to each other seat."""
BLUNDER = "blunder"


def verdict(chips_lost: float) -> str:
    """The verdict for ``chips_lost`` per hand (see :data:`VERDICTS`)."""
    return next((name for name, most in VERDICTS if chips_lost <= most), BLUNDER)


@dataclass(frozen=True, slots=True)
class TrainerLineup:
    """A lineup as scored: combinations in play order, discards, whether the 2♦ was exchanged,
    and the mean chips with their standard error over the samples.
    """

    combinations: tuple[PlannedCombination, ...]
    discards: tuple[Card, ...]
    exchanged: bool
    expected_chips: float
    standard_error: float


@dataclass(frozen=True, slots=True)
class TrainerScore:
    """The player's lineup against the advised one on the same samples.

    ``chips_lost`` is ``best.expected_chips - player.expected_chips``, or 0 when the
    player's lineup scores at least as well (then ``beat_advice`` tells whether strictly
    better); ``difference_error`` is the standard error of the per-sample difference.
    """

    player: TrainerLineup
    best: TrainerLineup
    chips_lost: float
    difference_error: float
    verdict: str
    beat_advice: bool
    four_of_a_kind: str | None
    """The rank (``"Q"``) of a four of a kind the player's hand holds when the rules count it:
    the hand is then not played, so every lineup of it scores the same."""
    samples: int
    seed: int
    solve_ms: float
    assumptions: dict[str, object] = field(default_factory=dict)
    samples_used: int = 0
    """The samples both lineups were scored on: ``samples`` unless the budget ran out first."""
    complete: bool = True
    """Whether every sample was used and the advice's search ran to its end within the budget."""
    budget_note: str | None = None
    """When not complete: what the budget cut short, in words."""
    why: tuple[str, ...] = ()
    """What the best lineup does differently from the player's, one sentence each
    (:func:`solver.ramchi.trainer_words.lineup_differences`); empty when they are the same."""


def _lineup_problem(hand: Sequence[Card], lineup: Sequence[Sequence[Card]]) -> None:
    """Refuse an illegal lineup with the rules' first problem, pointing at the combination
    that brings it (the first prefix of the lineup the rules refuse).
    """
    for count in range(1, len(lineup) + 1):
        problems = arrangement_problems(hand, lineup[:count])
        if problems:
            err = problems[0]
            raise InvalidInputError(f"your lineup: {err.message}", rule=err.rule, code=err.code,
                                    field=f"lineup/{count - 1}")


def _player_hand(hand: tuple[Card, ...], up_card: Card | None,
                 lineup: Sequence[Sequence[Card]], exchanged: bool | None,
                 options: RamchiOptions) -> tuple[tuple[Card, ...], bool]:
    """The hand the player arranges: exchanged when asked, or (``exchanged=None``) when the
    lineup uses the up-card while the 2♦ is in hand and the exchange option is on.
    """
    if exchanged is None:
        exchanged = (up_card is not None and options.exchange and TWO_OF_DIAMONDS in hand
                     and any(up_card in combo for combo in lineup))
    if not exchanged:
        return hand, False
    if up_card is None:
        raise InvalidInputError("the exchange needs the up-card: give up_card",
                                rule="the 2♦ exchange", code="invalid_cards", field="up_card")
    if not options.exchange:
        raise InvalidInputError("the exchange option is off in this ruleset",
                                rule="the 2♦ exchange", code="invalid_cards", field="exchange")
    try:
        return exchange(hand, up_card), True
    except IllegalActionError as err:  # no 2♦ in hand: the rules' refusal, as cards unusable
        raise InvalidInputError(err.message, rule=err.rule, code="invalid_cards",
                                field="exchange") from None


def score_lineup(
    hand: Sequence[Card],
    up_card: Card | None,
    lineup: Sequence[Sequence[Card]],
    *,
    exchanged: bool | None = None,
    seed: int = 1,
    samples: int | None = None,
    opponents: str = DEFAULT_OPPONENTS,
    mixture: Mapping[str, float] | None = None,
    seat: int = 0,
    dealer: int | None = None,
    options: RamchiOptions | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT_S,
    deadline: Deadline | None = None,
) -> TrainerScore:
    """Score the player's ``lineup`` of ``hand`` against the ``ev`` advice on the same samples.

    ``lineup`` is up to five combinations (any order: the rules play them
    strongest first); cards in none are discarded. ``exchanged`` says whether
    the player exchanged the 2♦ for the ``up_card`` (``None``: when the lineup
    uses the up-card). The other arguments are those of
    :func:`~solver.ramchi.advice.advise`; the advice's lineup is the one
    :func:`~solver.ramchi.advice.advise` gives for the same arguments (``deadline`` too: past
    it both lineups are scored on the samples drawn by then, and the answer says so).
    """
    started = time.perf_counter()
    request = advice_request(hand, up_card, seed=seed, samples=samples, opponents=opponents,
                             mixture=mixture, seat=seat, dealer=dealer, options=options,
                             time_limit=time_limit, deadline=deadline)
    hand, options = request.hand, request.options
    mine, did_exchange = _player_hand(hand, up_card, lineup, exchanged, options)
    _lineup_problem(mine, lineup)
    arranged = check_arrangement(mine, lineup)
    deals, plans, chosen = plan_request(OBJECTIVES["ev"], request)  # as advise() chooses
    note = budget_note(request, len(deals), plans)

    player_four = four_if_counted(mine, options)
    best_scorer = chosen.scorer or DealScorer(deals, seat, chosen.four or 0, options)
    player_scorer = DealScorer(deals, seat, player_four or 0, options)
    best_profile = np.array(profile(chosen.best.lineup))
    player_profile = np.zeros(MAX_COMBINATIONS, dtype=np.int64)
    player_profile[:len(arranged.strengths)] = sorted(arranged.strengths, reverse=True)
    best_chips = best_scorer.chips(best_profile[None, :])[0]
    player_chips = player_scorer.chips(player_profile[None, :])[0]
    best_rates = best_scorer.round_wins(best_profile).tolist()
    player_rates = player_scorer.round_wins(player_profile).tolist()
    best_mean, best_error = mean_and_error(best_chips)
    player_mean, player_error = mean_and_error(player_chips)
    difference, difference_error = mean_and_error(best_chips - player_chips)
    lost = max(0.0, difference)
    by_mask = {c.mask: c for c in hand_candidates(mine)}
    player_lineup = [by_mask[sum(1 << card.index for card in cards)] for cards in arranged.cards]
    player = TrainerLineup(plan(player_lineup, player_rates), arranged.discards, did_exchange, player_mean,
                           player_error)
    best = TrainerLineup(plan(chosen.best.lineup, best_rates), discards(chosen.hand, chosen.best.lineup),
                         chosen.hand != hand, best_mean, best_error)
    return TrainerScore(
        player=player,
        best=best,
        chips_lost=lost,
        difference_error=difference_error,
        verdict=verdict(lost),
        beat_advice=difference < 0,
        four_of_a_kind=None if player_four is None else Rank(player_four).char,
        samples=request.samples,
        seed=seed,
        solve_ms=(time.perf_counter() - started) * 1000,
        assumptions=_assumptions(request),
        samples_used=len(deals),
        complete=note is None,
        budget_note=note,
        why=lineup_differences(player.combinations, player.exchanged, best.combinations, best.exchanged),
    )
