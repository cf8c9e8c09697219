"""The array versions the `ev` advice runs on agree with the rules, one deal at a time.

The rules score one hand with ``play_out`` and arrange one hand with the candidate list; the
advice does both for hundreds of samples at once with numpy (:mod:`solver.ramchi.arrays`,
:mod:`solver.ramchi.batch_scoring`, :mod:`solver.ramchi.round_tables`,
:mod:`solver.ramchi.opponents`). Each test here compares the two on many random cases.
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

from rulesets.cards import DECK, Card
from rulesets.ramchi.deal import (
    four_of_a_kind_chips,
    four_of_a_kind_rank,
    four_of_a_kind_winner,
)
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import play_out
from solver.ramchi import baseline
from solver.ramchi.arrays import (
    POSITION_TRIPLES,
    four_ranks,
    greedy_strengths,
    hand_array,
    packed_triples,
    threshold_keys,
)
from solver.ramchi.batch_scoring import Deals, DealScorer
from solver.ramchi.candidates import hand_candidates
from solver.ramchi.greedy import greedy_lineup
from solver.ramchi.opponents import MODELS, MixtureModel, opponent_model
from solver.ramchi.round_tables import lineup_values, prior_table, round_tables
from solver.ramchi.sampled_deals import opponent_deals
from solver.ramchi.sampling import draw_samples

OPTION_SETS = [RamchiOptions(), RamchiOptions(tie_goes_to="last"),
               RamchiOptions(out_players_pay=False),
               RamchiOptions(four_of_a_kind=False, tie_goes_to="last", out_players_pay=False),
               RamchiOptions(four_of_a_kind_chips=9, exchange=False)]


def _hands(count: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, 17) for _ in range(count)]


def _padded(strengths: list[int]) -> list[int]:
    return strengths + [0] * (5 - len(strengths))


def test_the_greedy_player_of_the_arrays_is_the_greedy_player_of_the_candidate_list() -> None:
    hands = _hands(400, 1)
    got = greedy_strengths(hand_array(hands)).tolist()
    assert got == [_padded([c.strength for c in greedy_lineup(hand_candidates(h))]) for h in hands]


def test_four_of_a_kind_ranks_are_the_rules() -> None:
    rng = random.Random(2)
    hands = []
    for _ in range(300):  # many hands built to hold one or two fours
        ranks = rng.sample(range(13), rng.choice([1, 2]))
        cards = [c for c in DECK if c.index // 4 in ranks]
        rest = [c for c in DECK if c not in cards]
        hands.append(cards + rng.sample(rest, 17 - len(cards)))
    hands += _hands(200, 3)
    assert four_ranks(hand_array(hands)).tolist() == [four_of_a_kind_rank(h) or 0 for h in hands]


def test_every_packing_of_the_pool_is_disjoint_combinations_of_the_hand() -> None:
    hands = _hands(60, 4)
    array = hand_array(hands)
    keys, strengths = threshold_keys(array)
    for variant in keys:
        for row, taken in enumerate(packed_triples(variant)):
            positions = [p for t in taken[taken >= 0] for p in POSITION_TRIPLES[t]]
            assert len(positions) == len(set(positions))
            assert all(strengths[row, t] > 0 for t in taken[taken >= 0])


def _random_lineup(rng: random.Random) -> list[int]:
    count = rng.randint(0, 5)
    return sorted((rng.choice([1, 2, 3, 50, 50, 274, 300, 547, 585]) for _ in range(count)),
                  reverse=True)


@pytest.mark.parametrize("options", OPTION_SETS, ids=range(len(OPTION_SETS)))
def test_chips_of_many_lineups_on_many_deals_are_the_rules_play_out(options: RamchiOptions) -> None:
    rng = random.Random(OPTION_SETS.index(options))
    deals = 50 if os.environ.get("RAMCHI_QUICK") == "1" else 150
    strengths = np.zeros((deals, 3, 5), dtype=np.int64)
    fours = np.zeros((deals, 3), dtype=np.int64)
    dealer = np.array([rng.randrange(3) for _ in range(deals)])
    lists = []
    for n in range(deals):
        row = []
        for seat in range(3):
            lineup = _random_lineup(rng)
            strengths[n, seat, :len(lineup)] = lineup
            fours[n, seat] = rng.choice([0] * 10 + [5, 9, 14])
            row.append(lineup)
        lists.append(row)
    for seat in range(3):
        fours[:, seat] = 0
        mine = [_random_lineup(rng) for _ in range(12)]
        my_four = rng.choice([0, 0, 0, 7, 13])
        scorer = DealScorer(Deals(strengths, fours, dealer), seat, my_four, options)
        got = scorer.chips(np.array([_padded(m) for m in mine]))
        for i, lineup in enumerate(mine):
            for n in range(deals):
                held = [(my_four or None) if s == seat else (int(fours[n, s]) or None)
                        for s in range(3)]
                winner = four_of_a_kind_winner(held) if options.four_of_a_kind else None
                lineups = [lineup if s == seat else lists[n][s] for s in range(3)]
                expected = (four_of_a_kind_chips(winner, options)[seat] if winner is not None
                            else play_out(lineups, int(dealer[n]), options).chips[seat])
                assert got[i, n] == expected, (seat, lineup, lists[n], int(dealer[n]))
        wins = scorer.round_wins(np.array(_padded(mine[0])))
        played = [n for n in range(deals) if not (options.four_of_a_kind and (
            my_four or fours[n].max()))]
        for k in range(len(mine[0]) if played else 0):
            won = sum(play_out([mine[0] if s == seat else lists[n][s] for s in range(3)],
                               int(dealer[n]), options).rounds[k].winner == seat for n in played)
            assert wins[k] == pytest.approx(won / len(played))


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_round_tables_and_opponents_match_the_baseline_deal_by_deal(seat: int) -> None:
    hand, up = DECK[3:20], DECK[30]
    samples = draw_samples(hand, up, samples=120, seed=seat + 5, dealer=None, seat=seat)
    options = RamchiOptions()
    old = baseline.arrange_opponents(samples, seat, "greedy", options, 1.0)
    new = opponent_deals(samples, seat, MODELS["greedy"], options, 1.0, seed=1)
    for n, deal in enumerate(old):
        for other in range(3):
            if other != seat:
                assert _padded(list(deal.lineups[other])) == new.strengths[n, other].tolist()
                assert (deal.fours[other] or 0) == new.fours[n, other]
    assert round_tables(new, seat, 0, options).tolist() == baseline.estimate_tables(
        old, seat, None, options)
    lineup = (560, 549, 400, 300, 120)
    chips = DealScorer(new, seat, 0, options).chips(np.array([lineup]))[0]
    assert chips.tolist() == baseline.sample_chips(lineup, old, seat, None, options)


def test_the_solver_opponent_model_is_the_exact_maximin_with_the_exchange() -> None:
    rng = random.Random(6)
    cards = [rng.sample(DECK, 18) for _ in range(12)]
    hands = [c[:17] for c in cards]
    ups = np.array([c[17].index for c in cards])
    got = MODELS["solver"].arrange(hand_array(hands), ups, RamchiOptions(), 5.0,
                                   np.random.default_rng(0))
    for row, (hand, card) in enumerate(zip(hands, cards, strict=True)):
        expected = baseline.arrange_with_exchange(hand, card[17], "solver", True, 5.0)
        assert got.strengths[row].tolist() == _padded(list(expected.strengths))
        assert got.fours[row] == (expected.four_of_a_kind or 0)


def test_the_greedy_opponent_model_exchanges_as_before() -> None:
    rng = random.Random(7)
    cards = []
    for _ in range(200):  # every hand holds the 2♦, so every one may exchange
        rest = rng.sample([c for c in DECK if c.code != "2d"], 17)
        cards.append([next(c for c in DECK if c.code == "2d"), *rest])
    hands = [c[:17] for c in cards]
    ups = np.array([c[17].index for c in cards])
    got = MODELS["greedy"].arrange(hand_array(hands), ups, RamchiOptions(), 1.0,
                                   np.random.default_rng(0))
    for row, card in enumerate(cards):
        expected = baseline.arrange_with_exchange(card[:17], card[17], "greedy", True, 1.0)
        assert got.strengths[row].tolist() == _padded(list(expected.strengths))
        assert got.fours[row] == (expected.four_of_a_kind or 0)


def _pool_reference(hand: list[Card], table: np.ndarray) -> int:
    """The ev model's best prior estimate, from the candidate list in plain Python."""
    candidates = hand_candidates(hand)
    best = None
    orders = [sorted(candidates, reverse=True)]
    for threshold in (547, 500, 420, 274, 150):
        strong = [c for c in candidates if c.strength >= threshold]
        weak = [c for c in candidates if c.strength < threshold]
        orders.append(sorted(strong, reverse=True) + sorted(weak, reverse=True))
        orders.append(sorted(strong) + sorted(weak, reverse=True))
    for order in orders:
        used, lineup = 0, []
        for c in order:
            if c.mask & used == 0 and len(lineup) < 5:
                used |= c.mask
                lineup.append(c.strength)
        value = int(lineup_values(table, np.array(_padded(sorted(lineup, reverse=True)))))
        best = value if best is None else max(best, value)
    assert best is not None
    return best


def test_the_ev_opponent_model_plays_the_best_packing_of_its_pool_by_the_prior_table() -> None:
    hands = _hands(80, 8)
    table = prior_table(RamchiOptions())
    got = MODELS["ev"].lineups(hand_array(hands), RamchiOptions(), 1.0)
    greedy = greedy_strengths(hand_array(hands))
    for row, hand in enumerate(hands):
        assert int(lineup_values(table, got[row])) == _pool_reference(hand, table)
        assert lineup_values(table, got[row]) >= lineup_values(table, greedy[row])
    assert (got != greedy).any()  # it is not the greedy player


def test_a_mixture_draws_each_opponent_by_its_weights_reproducibly() -> None:
    hands = hand_array(_hands(400, 9))
    ups = np.full(len(hands), -1)
    mixture = opponent_model("mixture", {"greedy": 1, "ev": 3})
    assert isinstance(mixture, MixtureModel)
    first = mixture.arrange(hands, ups, RamchiOptions(), 1.0, np.random.default_rng(5))
    again = mixture.arrange(hands, ups, RamchiOptions(), 1.0, np.random.default_rng(5))
    assert (first.strengths == again.strengths).all()
    greedy = greedy_strengths(hands)
    ev = MODELS["ev"].lineups(hands, RamchiOptions(), 1.0)
    differ = (greedy != ev).any(axis=1)
    as_ev = ((first.strengths == ev).all(axis=1) & differ).sum()
    as_greedy = ((first.strengths == greedy).all(axis=1) & differ).sum()
    assert as_ev + as_greedy == differ.sum()
    assert 0.6 < as_ev / differ.sum() < 0.9  # weight 3 of 4
