"""The pruned discard ranking answers exactly what the unpruned one (``slow_ranking.py``) does."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from slow_ranking import slow_rank_discards

from rulesets.cards import parse_cards
from rulesets.continental.contracts import CONTRACTS, Contract
from solver.continental.cardtypes import JOKER, TYPES, counts_of
from solver.continental.ranking import rank_discards

SEED_HAND = " ".join(["2c", "3d", "4h", "5s", "6c", "7d", "8h", "9s", "Tc", "Jd", "Qh", "Ks", "Ac", "Jk"] * 2)
"""Two of each of 14 cards: the hand 5 input that took seconds before the pruning."""


def _deal(rng: random.Random, size: int, decks: int = 2, jokers: int = 2,
          types: Sequence[int] | None = None) -> tuple[int, ...]:
    """``size`` cards from ``decks`` decks and ``jokers`` jokers (from ``types`` only, if given)."""
    pool = [t for t in (types if types is not None else range(52)) for _ in range(decks)] + [JOKER] * jokers
    counts = [0] * TYPES
    for t in rng.sample(pool, min(size, len(pool))):
        counts[t] += 1
    return tuple(counts)


def _unseen(rng: random.Random, counts: Sequence[int], decks: int = 2, jokers: int = 2) -> tuple[int, ...]:
    """Unseen copies: those not in the hand, some of them seen at random."""
    out = []
    for t in range(TYPES):
        left = (jokers if t == JOKER else decks) - counts[t]
        out.append(max(0, left - (rng.random() < 0.3)))
    return tuple(out)


Case = tuple[tuple[int, ...], Contract, tuple[int, ...], int]
"""A hand's counts, its contract, the unseen copies and the spare cards."""


def _hands(seed: int, count: int, sizes: range) -> list[Case]:
    rng = random.Random(seed)
    found = []
    for i in range(count):
        contract = CONTRACTS[1 + i % 7]
        size = rng.choice(sizes)
        shape = i % 4
        if shape == 0:  # anything
            counts = _deal(rng, size)
        elif shape == 1:  # many pairs: few types, two copies each
            counts = _deal(rng, size, types=rng.sample(range(52), max(3, size // 2 + 1)))
        elif shape == 2:  # many jokers (four decks' worth)
            counts = _deal(rng, size, decks=3, jokers=6)
        else:  # one or two suits: long runs
            suits = rng.sample(range(4), rng.choice((1, 2)))
            counts = _deal(rng, size, decks=3, types=[t for t in range(52) if t % 4 in suits])
        decks, jokers = (3, 6) if max(counts[:52]) > 2 or counts[JOKER] > 2 else (2, 2)
        found.append((counts, contract, _unseen(rng, counts, decks, jokers), rng.choice((0, 1, 1))))
    return found


@pytest.mark.parametrize(("counts", "contract", "unseen", "spare"), _hands(18, 70, range(4, 19)))
def test_pruned_ranking_is_the_unpruned_ranking(counts: tuple[int, ...], contract: Contract,
                                                unseen: tuple[int, ...], spare: int) -> None:
    assert rank_discards(counts, contract, unseen, spare=spare) == \
        slow_rank_discards(counts, contract, unseen, spare=spare)


@pytest.mark.slow
@pytest.mark.parametrize(("counts", "contract", "unseen", "spare"), _hands(19, 21, range(19, 31)))
def test_pruned_ranking_is_the_unpruned_ranking_on_large_hands(
        counts: tuple[int, ...], contract: Contract, unseen: tuple[int, ...], spare: int) -> None:
    assert rank_discards(counts, contract, unseen, spare=spare) == \
        slow_rank_discards(counts, contract, unseen, spare=spare)


@pytest.mark.parametrize(("extra", "hand_number"), [
    ("2h 5h", 4), ("2h 5h", 7), ("", 3),
    pytest.param("2h 5h", 5, marks=pytest.mark.slow), pytest.param("2h 3h", 5, marks=pytest.mark.slow)])
def test_pruned_ranking_on_the_pairs_that_were_slow(extra: str, hand_number: int) -> None:
    counts = counts_of(parse_cards(f"{SEED_HAND} {extra}", jokers=True, decks=2))
    unseen = tuple((2 - c) for c in counts)
    contract = CONTRACTS[hand_number]
    assert rank_discards(counts, contract, unseen) == slow_rank_discards(counts, contract, unseen)
