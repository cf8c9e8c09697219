"""The Ramchi solvers and their deadline: anytime where they can be, a refusal where not."""

from __future__ import annotations

import numpy as np
import pytest

from rulesets.cards import parse_cards
from rulesets.ramchi.arrangement import check_arrangement
from rulesets.ramchi.options import RamchiOptions
from solver.budget import NO_LIMIT, BudgetExceededError, Deadline
from solver.ramchi.advice import advise
from solver.ramchi.bots import EvBot, GreedyBot, MaximinBot
from solver.ramchi.hindsight import hindsight
from solver.ramchi.opponents import MODELS, opponent_model
from solver.ramchi.sampled_deals import FAST_CHUNK, SLOW_CHUNK, deals_within, opponent_deals
from solver.ramchi.sampling import draw_samples, sample_stream
from solver.ramchi.trainer import score_lineup

HAND = parse_cards("As Ad Ah Kc Qc Jc 9s 8s 7s 5h 4d 3c Td 9d 2c 6h 2d")
UP = parse_cards("Ks")[0]


def spent() -> Deadline:
    return Deadline.after(0)


@pytest.mark.parametrize("model", ["mixture", "greedy", "solver"])
def test_samples_drawn_by_a_deadline_are_the_first_of_the_unbounded_request(model: str) -> None:
    options = RamchiOptions()
    opponents = MODELS[model]
    stream = sample_stream(HAND, UP, seed=7, dealer=None, seat=1)
    cut = deals_within(stream, 500, 1, opponents, options, 1.0, 7, spent())
    chunk = SLOW_CHUNK if opponents.slow else FAST_CHUNK
    assert len(cut) == chunk  # one chunk is always arranged, none after the deadline
    whole = opponent_deals(draw_samples(HAND, UP, samples=chunk, seed=7, dealer=None, seat=1), 1,
                           opponents, options, 1.0, 7)
    assert np.array_equal(cut.strengths, whole.strengths) and np.array_equal(cut.fours, whole.fours)
    assert np.array_equal(cut.dealer, whole.dealer)


def test_a_mixture_in_chunks_draws_the_same_models_as_in_one_batch() -> None:
    mixture = opponent_model("mixture", {"greedy": 1, "ev": 1})
    stream = sample_stream(HAND, UP, seed=3, dealer=0, seat=0)
    chunked = deals_within(stream, 250, 0, mixture, RamchiOptions(), 1.0, 3, NO_LIMIT)
    whole = opponent_deals(draw_samples(HAND, UP, samples=250, seed=3, dealer=0, seat=0), 0, mixture,
                           RamchiOptions(), 1.0, 3)
    assert np.array_equal(chunked.strengths, whole.strengths)


def test_ev_advice_past_its_deadline_answers_with_the_samples_it_drew_and_says_so() -> None:
    advice = advise(HAND, UP, samples=5000, deadline=spent())
    assert advice.complete is False and advice.samples_used == FAST_CHUNK and advice.samples == 5000
    assert "100 of the 5000 samples" in (advice.budget_note or "")
    check_arrangement(advice.hand, [c.cards for c in advice.combinations])  # still a legal lineup
    assert advice.expected_chips is not None and advice.standard_error is not None


def test_ev_advice_without_a_deadline_is_complete_and_the_same_as_with_no_limit() -> None:
    free = advise(HAND, UP, samples=120, seed=4)
    bounded = advise(HAND, UP, samples=120, seed=4, deadline=Deadline.after(600))
    assert free.complete and free.budget_note is None and free.samples_used == 120
    assert [c.cards for c in free.combinations] == [c.cards for c in bounded.combinations]
    assert free.expected_chips == bounded.expected_chips


def test_the_trainer_past_its_deadline_scores_both_lineups_on_the_samples_drawn() -> None:
    score = score_lineup(HAND, UP, [HAND[:3]], samples=400, deadline=spent())
    assert score.complete is False and score.samples_used == FAST_CHUNK
    assert score.chips_lost >= 0


def test_maximin_and_hindsight_refuse_once_their_deadline_has_passed() -> None:
    with pytest.raises(BudgetExceededError, match="maximin"):
        advise(HAND, UP, objective="maximin", deadline=spent())
    with pytest.raises(BudgetExceededError, match="hindsight"):
        hindsight(HAND, 0, 0, {1: [], 2: []}, deadline=spent())
    assert advise(HAND, UP, objective="maximin", deadline=Deadline.after(600)).complete


def test_an_advice_bot_past_its_deadline_plays_greedy_rather_than_stall() -> None:
    hand = parse_cards("As Ad Ah Kc Qc Jc 9s 8s 7s 5h 4d 3c Td 9d 2c 6h 7d")
    bounded = EvBot(samples=200).decide(hand, None, seat=0, dealer=0, deadline=spent())
    check_arrangement(hand, bounded.lineup)
    fallback = MaximinBot().decide(hand, None, seat=0, dealer=0, deadline=spent())
    assert fallback == GreedyBot().decide(hand, None, seat=0, dealer=0)
