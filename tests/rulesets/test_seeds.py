"""A seed the referee draws itself is exact in every JSON reader (below 2**53); a seed a
creator gives may still be any whole number up to 2**63 - 1."""

from __future__ import annotations

from rulesets.continental.config import GameConfig as ContinentalConfig
from rulesets.ramchi.config import GameConfig as RamchiConfig
from rulesets.seeds import DRAWN_SEED_LIMIT, MAX_SEED


def test_a_drawn_seed_survives_a_javascript_reader() -> None:
    for _ in range(200):
        for seed in (RamchiConfig.create(hands=1).seed, ContinentalConfig.create(players=3, hands=1).seed):
            assert 0 <= seed < DRAWN_SEED_LIMIT
            assert int(float(seed)) == seed  # what a double (JavaScript's number) keeps


def test_a_given_seed_may_still_be_any_64_bit_one() -> None:
    assert RamchiConfig.create(hands=1, seed=MAX_SEED).seed == MAX_SEED
    assert ContinentalConfig.create(players=3, hands=1, seed=MAX_SEED).seed == MAX_SEED
