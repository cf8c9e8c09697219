"""CP-SAT optima against an independent exhaustive reference, on 300+ random hands."""

from __future__ import annotations

import random

import pytest
from solver_reference import hindsight_best_chips, maximin_strengths

from rulesets.cards import DECK
from rulesets.ramchi.combinations import combination
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import chips_for_lineups
from solver import advise, hindsight
from solver.ramchi.candidates import hand_candidates
from solver.ramchi.greedy import greedy_lineup

CHUNKS = 10
PER_CHUNK = 31  # 310 hands per objective


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_maximin_matches_reference(chunk: int) -> None:
    for i in range(PER_CHUNK):
        hand = random.Random(10_000 + chunk * PER_CHUNK + i).sample(DECK, 17)
        advice = advise(hand, objective="maximin")
        assert [c.strength for c in advice.combinations] == maximin_strengths(hand)


def _other_lineups(rng: random.Random, rest: list, seat: int) -> dict[int, list]:
    """Greedy lineups (or a random prefix of them) for the two other seats."""
    others = {}
    for offset, other in enumerate(s for s in range(3) if s != seat):
        cards = rest[offset * 17:(offset + 1) * 17]
        lineup = [c.cards for c in greedy_lineup(hand_candidates(cards))]
        others[other] = lineup[:rng.randint(len(lineup) - 1, len(lineup))] if lineup else []
    return others


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_hindsight_matches_reference(chunk: int) -> None:
    for i in range(PER_CHUNK):
        rng = random.Random(20_000 + chunk * PER_CHUNK + i)
        deck = rng.sample(DECK, 51)
        seat, dealer = rng.randrange(3), rng.randrange(3)
        options = RamchiOptions(tie_goes_to=rng.choice(["first", "last"]),
                                out_players_pay=rng.random() < 0.7)
        hand = deck[:17]
        others = _other_lineups(rng, deck[17:], seat)
        result = hindsight(hand, seat, dealer, others, options=options)
        strengths = [[combination(c).strength for c in others.get(s, [])] for s in range(3)]
        assert result.chips == hindsight_best_chips(hand, seat, dealer, strengths, options)
        mine = [c.strength for c in result.combinations]
        lineups = [mine if s == seat else strengths[s] for s in range(3)]
        assert chips_for_lineups(lineups, dealer, options)[seat] == result.chips
