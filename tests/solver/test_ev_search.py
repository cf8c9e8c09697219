"""The `ev` search finds the lineup with the most mean chips: checked against every lineup.

A 17-card hand has far too many lineups to try them all, so the exhaustive reference works on
hands cut to 12 cards (up to four combinations; tens of thousands of lineups): it plays every
packing out on the sampled deals and keeps the best mean. The search (beam search over the
round table, then the local search scored exactly) must reach the same best mean. On full
hands, the advice's margin over the runner-up is checked against the rules' own play-out.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator, Sequence

import numpy as np
import pytest

from rulesets.cards import DECK, Card
from rulesets.ramchi.deal import four_of_a_kind_chips, four_of_a_kind_rank, four_of_a_kind_winner
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import play_out
from solver.ramchi.advice import advise
from solver.ramchi.batch_scoring import DealScorer
from solver.ramchi.candidates import Candidate, hand_candidates
from solver.ramchi.greedy import greedy_lineup
from solver.ramchi.opponents import MODELS
from solver.ramchi.round_tables import lineup_values, round_tables
from solver.ramchi.sampled_deals import opponent_deals
from solver.ramchi.sampling import draw_samples
from solver.ramchi.search import ScoredPool, beam_lineups, improve, neighbours, profile

CASES = 60 if os.environ.get("RAMCHI_SLOW") else 4 if os.environ.get("RAMCHI_QUICK") == "1" else 12
"""Cut hands checked against every lineup (the fast tier: 4; ``RAMCHI_SLOW=1``: 60)."""
OPTION_SETS = [RamchiOptions(), RamchiOptions(out_players_pay=False),
               RamchiOptions(tie_goes_to="last")]


def every_packing(candidates: Sequence[Candidate]) -> Iterator[list[Candidate]]:
    """Every set of disjoint candidates (at most five), each once."""
    def grow(start: int, used: int, chosen: list[Candidate]) -> Iterator[list[Candidate]]:
        yield list(chosen)
        if len(chosen) == 5:
            return
        for index in range(start, len(candidates)):
            candidate = candidates[index]
            if candidate.mask & used == 0:
                chosen.append(candidate)
                yield from grow(index + 1, used | candidate.mask, chosen)
                chosen.pop()
    yield from grow(0, 0, [])


def _case(number: int) -> tuple[list[Card], list[Card], RamchiOptions, int, int]:
    rng = random.Random(number)
    cards = rng.sample(DECK, 18)
    options = OPTION_SETS[number % len(OPTION_SETS)]
    return cards[:17], cards[:12], options, number % 3, cards[17].index


@pytest.mark.parametrize("number", range(CASES))
def test_the_search_reaches_the_best_mean_of_every_lineup_on_cut_hands(number: int) -> None:
    hand, cut, options, seat, _ = _case(number)
    samples = draw_samples(hand, None, samples=120, seed=number, dealer=None, seat=seat)
    deals = opponent_deals(samples, seat, MODELS["mixture"], options, 1.0, seed=number)
    scorer = DealScorer(deals, seat, 0, options)
    candidates = hand_candidates(cut)
    profiles = sorted({profile(lineup) for lineup in every_packing(candidates)})
    reference = scorer.chips(np.array(profiles)).mean(axis=1).max()

    table = round_tables(deals, seat, 0, options)
    pool = ScoredPool(scorer.chips)
    starts = [greedy_lineup(candidates), *beam_lineups(candidates, table)]
    improve(pool, starts, candidates, cut, lambda p: lineup_values(table, p))
    assert pool.mean(pool.ranked()[0]) == pytest.approx(reference)


def test_every_neighbour_is_a_legal_lineup_of_the_hand() -> None:
    hand = random.Random(3).sample(DECK, 17)
    candidates = hand_candidates(hand)
    by_mask = {c.mask for c in candidates}
    lineup = greedy_lineup(candidates)
    seen = 0
    for other in neighbours(lineup, candidates, hand):
        used = 0
        for combination in other:
            assert combination.mask in by_mask and combination.mask & used == 0
            used |= combination.mask
        assert len(other) <= 5
        seen += 1
    assert seen > 50


@pytest.mark.parametrize("number", range(6))
def test_the_margin_over_the_runner_up_is_the_rules_play_out_on_the_same_samples(number: int) -> None:
    rng = random.Random(100 + number)
    cards = rng.sample(DECK, 18)
    while four_of_a_kind_rank(cards) is not None:  # a four of a kind of mine: no lineup matters
        cards = rng.sample(DECK, 18)
    seat = number % 3
    advice = advise(cards[:17], cards[17], samples=60, seed=number, seat=seat,
                    opponents="greedy", dealer=None)
    assert advice.margin is not None and advice.alternatives
    samples = draw_samples(cards[:17], cards[17], samples=60, seed=number, dealer=None, seat=seat)
    deals = opponent_deals(samples, seat, MODELS["greedy"], RamchiOptions(), 1.0, seed=number)
    assert advice.four_of_a_kind is None

    def one_deal(lineup: Sequence[int], n: int) -> int:
        held = [int(deals.fours[n, s]) or None for s in range(3)]
        if any(held):  # an opponent's four of a kind ends the deal before play
            return four_of_a_kind_chips(four_of_a_kind_winner(held), RamchiOptions())[seat]
        lineups = [list(lineup) if s == seat else [int(v) for v in deals.strengths[n, s] if v]
                   for s in range(3)]
        return play_out(lineups, int(deals.dealer[n])).chips[seat]

    def chips(lineup: Sequence[int]) -> np.ndarray:
        return np.array([one_deal(lineup, n) for n in range(len(deals))])

    best = chips([c.strength for c in advice.combinations])
    runner_up = chips([c.strength for c in advice.alternatives[0].combinations])
    difference = best - runner_up
    assert advice.expected_chips == pytest.approx(best.mean())
    assert advice.margin.chips == pytest.approx(difference.mean())
    assert advice.margin.standard_error == pytest.approx(
        difference.std(ddof=1) / np.sqrt(len(difference)))
    assert advice.margin.clear == (difference.mean() >= 2 * advice.margin.standard_error
                                   and difference.mean() > 0)
    assert advice.margin.chips >= 0
