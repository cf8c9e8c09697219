"""Distance to the contract, outs and the discard ranking: rule clauses, a brute force, invariants."""

from __future__ import annotations

import functools
import random
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.cards import parse_cards
from rulesets.continental.contracts import CONTRACTS, Contract
from solver.continental.cardtypes import JOKER, add, counts_of, remove
from solver.continental.distance import DELTA, analyse, distance, encode, outs
from solver.continental.ranking import outs_with_unseen, rank_discards


def hand(text: str) -> tuple[int, ...]:
    return counts_of(parse_cards(text, decks=2, jokers=True))


def t(code: str) -> int:
    return hand(code).index(1)


# --- a brute force straight from the rule: form the melds card by card -------------------------

def _trio_ways(counts: list[int]) -> list[list[int]]:
    """Every trio (as the card types it takes) the counts allow: 1-3 naturals of a rank, jokers."""
    ways = []
    for rank in range(13):
        suits = [4 * rank + s for s in range(4) if counts[4 * rank + s]]
        for k in (1, 2, 3):
            for pick in combinations_with_replacement(suits, k):
                if all(pick.count(x) <= counts[x] for x in set(pick)) and counts[JOKER] >= 3 - k:
                    ways.append([*pick, *[JOKER] * (3 - k)])
    return ways


def _run_ways(counts: list[int]) -> list[list[int]]:
    """Every run of exactly 4 (naturals of one suit, ace low or high, jokers for gaps)."""
    ways = []
    for suit in range(4):
        for start in range(11):  # position 0 = ace low ... 13 = ace high
            cards = [4 * (12 if p in (0, 13) else p - 1) + suit for p in range(start, start + 4)]
            for bits in range(1, 16):
                naturals = [c for i, c in enumerate(cards) if bits >> i & 1]
                jokers = 4 - len(naturals)
                if all(counts[c] for c in naturals) and counts[JOKER] >= jokers:
                    ways.append([*naturals, *[JOKER] * jokers])
    return ways


@functools.lru_cache(maxsize=1 << 16)
def _holds(counts: tuple[int, ...], melds: tuple[str, ...]) -> bool:
    if not melds:
        return True
    cards = list(counts)
    ways = _trio_ways(cards) if melds[0] == "trio" else _run_ways(cards)
    for way in ways:
        rest = list(counts)
        for c in way:
            rest[c] -= 1
        if _holds(tuple(rest), melds[1:]):
            return True
    return False


def holds_contract(counts: tuple[int, ...], contract: Contract, spare: int) -> bool:
    slots = 3 * contract.trios + 4 * contract.runs
    if sum(counts) < slots + spare:
        return False
    return _holds(tuple(counts), ("trio",) * contract.trios + ("run",) * contract.runs)


@functools.cache
def brute_distance(counts: tuple[int, ...], contract: Contract, spare: int, limit: int) -> int | None:
    """The distance if at most ``limit``, by trying every multiset of added cards; else None."""
    for size in range(limit + 1):
        for extra in combinations_with_replacement(range(53), size):
            more = list(counts)
            for x in extra:
                more[x] += 1
            if holds_contract(tuple(more), contract, spare):
                return size
    return None


def random_hand(rng: random.Random, size: int, jokers: bool = True) -> tuple[int, ...]:
    deck = [x for x in range(52) for _ in range(2)] + ([JOKER, JOKER] if jokers else [])
    counts = [0] * 53
    for x in rng.sample(deck, size):
        counts[x] += 1
    return tuple(counts)


# --- rule clauses --------------------------------------------------------------------------------

def test_hand_holding_its_contract_is_at_distance_zero_with_no_outs():
    h = hand("7c 7d 7h 2s 3s 4s 5s Kd")
    assert distance(h, CONTRACTS[2]) == 0
    assert outs(h, CONTRACTS[2]) == ()


def test_the_spare_card_counts():
    h = hand("7c 7d 7h 2s 3s 4s 5s")
    assert distance(h, CONTRACTS[2]) == 1
    assert distance(h, CONTRACTS[2], spare=0) == 0
    assert outs(h, CONTRACTS[2]) == tuple(range(53))  # any card is the discard


def test_a_joker_is_an_out_while_distance_is_positive():
    for text, hand_no in (("7c 7d 9h 9s Kc Ks 2d", 1), ("2c 3c 5c 8d 9d Th Jh Kh 4s", 3)):
        h = hand(text)
        assert distance(h, CONTRACTS[hand_no]) > 0
        assert JOKER in outs(h, CONTRACTS[hand_no])


def test_a_meld_needs_a_natural_card():
    # two jokers and a trio of sevens: the second trio still needs one natural.
    h = hand("7c 7d 7h Jk Jk 2c 9d")
    assert distance(h, CONTRACTS[1]) == 0  # 2c or 9d plus the jokers
    h = hand("7c 7d 7h Jk Jk")
    assert distance(h, CONTRACTS[1], spare=0) == 1
    assert JOKER in outs(h, CONTRACTS[1], spare=0)  # 7c Jk Jk + 7d 7h Jk
    four_jokers = add(hand("7c Jk Jk"), JOKER, 2)  # a 3-deck table
    assert distance(four_jokers, CONTRACTS[1], spare=0) == 1
    assert JOKER not in outs(four_jokers, CONTRACTS[1], spare=0)


def test_ace_low_and_high_but_not_around_the_corner():
    low, high, corner = hand("Ac 2c 3c 4c 9d"), hand("Jc Qc Kc Ac 9d"), hand("Qc Kc Ac 2c 9d")
    run = Contract(0, 0, 1, 5)
    assert distance(low, run) == 0
    assert distance(high, run) == 0
    assert distance(corner, run) == 1


def test_two_runs_of_one_suit_are_separate_and_may_overlap():
    h = hand("3h 4h 5h 6h 4h 5h 6h 7h Kc")
    assert distance(h, CONTRACTS[3]) == 0
    single = hand("3h 4h 5h 6h 7h 8h 9h Kc")  # 7 hearts in a row make one run and a half
    assert distance(single, CONTRACTS[3]) == 1


def test_trio_suits_may_repeat_and_trio_cards_compete_with_runs():
    assert distance(hand("7c 7c 7h 2d 9s 9s Ks"), CONTRACTS[1]) == 1
    # 5h is wanted both by the trio of fives and by 2-3-4-5 of hearts.
    h = hand("5c 5d 5h 2h 3h 4h Ks")
    assert distance(h, CONTRACTS[2]) == 1
    assert distance(add(h, t("5s")), CONTRACTS[2]) == 0


def test_hands_larger_than_dealt():
    h = hand("2c 3c 4c 5c 7d 8d 9d Td Jh Qh Kh Ah 3s 3s 9c")
    assert distance(h, CONTRACTS[7]) == 0
    assert distance(remove(h, t("Ah")), CONTRACTS[7]) == 1


# --- against the brute force ---------------------------------------------------------------------

CASES = [(1, 6), (1, 7), (2, 7), (2, 8), (3, 8), (4, 9), (5, 11), (6, 11)]


def check_against_brute_force(hand_no: int, size: int, hands: int, seed: int, most: int = 2) -> None:
    contract = CONTRACTS[hand_no]
    rng = random.Random(seed)
    checked = far = 0
    while checked < hands:
        h = random_hand(rng, size)
        for spare in (1, 0):
            d = distance(h, contract, spare=spare)
            if d > most:
                if far < hands:  # a few far hands: nothing within most - 1 cards either
                    assert brute_distance(h, contract, spare, most - 1) is None
                    far += 1
                continue
            assert brute_distance(h, contract, spare, most) == d
            if d == 1 or (d == 2 and contract.runs < 2):
                expected = tuple(x for x in range(53)
                                 if brute_distance(add(h, x), contract, spare, d - 1) is not None)
                assert outs(h, contract, spare=spare) == expected
            checked += 1


@pytest.mark.parametrize(("hand_no", "size"), CASES)
def test_distance_and_outs_match_brute_force(hand_no: int, size: int):
    check_against_brute_force(hand_no, size, 2, hand_no * 100 + size, most=1)


@pytest.mark.slow
@pytest.mark.parametrize(("hand_no", "size"), CASES)
def test_distance_and_outs_match_brute_force_more_hands(hand_no: int, size: int):
    check_against_brute_force(hand_no, size, 6, hand_no * 1000 + size)


def test_distance_two_runs_brute_force_near_misses():
    contract = CONTRACTS[3]
    rng = random.Random(5)
    for _ in range(15):
        suit = rng.randrange(4)
        start = rng.randrange(11)
        cards = [4 * (12 if p in (0, 13) else p - 1) + suit for p in range(start, start + 4)]
        counts = [0] * 53
        for c in cards + cards[1:]:
            counts[c] += 1
        for x in rng.sample(range(53), 2):
            counts[x] = min(2, counts[x] + 1)
        h = tuple(counts)
        d = distance(h, contract)
        assert brute_distance(h, contract, 1, 2) == (d if d <= 2 else None)


# --- invariants ----------------------------------------------------------------------------------

hands = st.lists(st.integers(0, 105), min_size=5, max_size=16, unique=True).map(
    lambda cards: tuple(sum(1 for c in cards if min(c // 2, 52) == x) for x in range(53)))


@settings(max_examples=150, deadline=None)
@given(hands, st.sampled_from(sorted(CONTRACTS)), st.integers(0, 52), st.integers(0, 1))
def test_adding_a_card_lowers_distance_by_at_most_one(h, hand_no, x, spare):
    contract = CONTRACTS[hand_no]
    d = distance(h, contract, spare=spare)
    more = distance(add(h, x), contract, spare=spare)
    assert d - 1 <= more <= d
    assert (more < d) == (x in outs(h, contract, spare=spare))


@settings(max_examples=60, deadline=None)
@given(hands, st.sampled_from(sorted(CONTRACTS)))
def test_removing_a_card_raises_distance_by_at_most_one(h, hand_no):
    contract = CONTRACTS[hand_no]
    d = distance(h, contract)
    for x in range(53):
        if h[x]:
            assert d <= distance(remove(h, x), contract) <= d + 1


big_hands = st.lists(st.integers(0, 52 * 4 - 1), min_size=6, max_size=18, unique=True).map(
    lambda cards: (*(sum(1 for c in cards if c // 4 == x) for x in range(52)), 0))


@settings(max_examples=150, deadline=None)
@given(st.one_of(hands, big_hands), st.sampled_from(sorted(CONTRACTS)))
def test_out_and_free_masks_agree_with_recomputing(h, hand_no):
    """The masks the ranking relies on, against the naturals of each changed hand (up to 4 copies)."""
    contract = CONTRACTS[hand_no]
    key = encode(h)
    info = analyse(key, contract.trios, contract.runs)
    for x in range(52):
        more = analyse(key + DELTA[x], contract.trios, contract.runs).naturals
        assert more - info.naturals in (0, 1)
        assert bool(info.out >> x & 1) == (more > info.naturals)
        if h[x]:
            fewer = analyse(key - DELTA[x], contract.trios, contract.runs).naturals
            assert bool(info.free >> x & 1) == (fewer == info.naturals)


def _rich_hand(rank_copies: list[tuple[int, list[int]]], extras: list[int]) -> tuple[int, ...]:
    counts = [0] * 53
    for rank, suits in rank_copies:
        for suit in suits:
            counts[4 * rank + suit] = min(4, counts[4 * rank + suit] + 1)
    for t in extras:
        counts[t] = min(3, counts[t] + 1)
    return tuple(counts)


rich_hands = st.builds(
    _rich_hand,
    st.lists(st.tuples(st.integers(0, 12), st.lists(st.integers(0, 3), min_size=3, max_size=8)),
             min_size=1, max_size=3),
    st.lists(st.integers(0, 51), max_size=10))
"""Hands with one to three ranks held 3-8 times over the suits: a trio rank whose extra cards
the runs may take, or not (the analysis's hardest cases)."""


@settings(max_examples=300, deadline=None)
@given(rich_hands, st.sampled_from([(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (3, 1)]))
def test_out_and_free_masks_of_trio_ranks_the_runs_share(h, shape):
    """A card of a trio rank raises, or can leave, the naturals exactly as recomputing says,
    whether or not the runs may take the rank's cards beyond the trio's."""
    trios, runs = shape
    key = encode(h)
    info = analyse(key, trios, runs)
    for x in range(52):
        more = analyse(key + DELTA[x], trios, runs).naturals
        assert bool(info.out >> x & 1) == (more > info.naturals)
        if h[x]:
            fewer = analyse(key - DELTA[x], trios, runs).naturals
            assert bool(info.free >> x & 1) == (fewer == info.naturals)


# --- the discard ranking -------------------------------------------------------------------------

def test_ranking_follows_the_definitions():
    contract = CONTRACTS[2]
    h = hand("7c 7d 9h 2s 3s 5s Kd Jk Qc")
    unseen = tuple(2 - h[x] for x in range(53))
    ranking = rank_discards(h, contract, unseen)
    held = sorted({x for x in range(53) if h[x]})
    assert len(ranking) == len(held)
    for option in ranking:
        d = option.card.index if not option.card.is_joker else JOKER
        rest = remove(h, d)
        assert option.distance == distance(rest, contract)
        assert tuple(o.card.index if not o.card.is_joker else JOKER for o in option.outs) == \
            outs(rest, contract)
        assert option.outs_total == sum(unseen[x] for x in outs(rest, contract))
    keys = [(o.distance, -o.outs_total, -o.next_outs, o.points) for o in ranking]
    assert keys == sorted(keys)
    assert ranking[0].card.code != "Jk"


def test_next_outs_by_hand():
    contract = Contract(0, 0, 1, 5)
    h = hand("2c 3c 9d Kh As")
    unseen = tuple([1] * 52 + [0])
    ranking = {o.card.code: o for o in rank_discards(h, contract, unseen)}
    option = ranking["As"]  # keeps 2c 3c 9d Kh: distance 2, outs Ac 4c 5c and the joker
    assert option.distance == 2
    assert [o.card.code for o in option.outs] == ["4c", "5c", "Ac", "Jk"]
    assert option.outs_total == 3  # no joker unseen
    expected = []
    for x in option.outs:
        if x.card.is_joker:
            continue
        x_type = x.card.index
        after = add(remove(h, t("As")), x_type)
        seen = list(unseen)
        seen[x_type] -= 1
        best = None
        for d2 in range(53):
            if after[d2]:
                rest = remove(after, d2)
                key = (distance(rest, contract), -sum(seen[y] for y in outs(rest, contract)))
                best = key if best is None or key < best else best
        expected.append(-best[1])
    assert option.next_outs == pytest.approx(sum(expected) / len(expected))


def test_outs_with_unseen():
    h = hand("7c 7d 9h 9s Kc Ks 2d")
    unseen = tuple([2] * 52 + [2])
    found, total = outs_with_unseen(h, CONTRACTS[1], unseen)
    assert total == 2 * len(found)
    assert {o.card.code for o in found} >= {"7h", "9c", "Kd", "Jk"}


def brute_ranking(h, contract, unseen):
    """The ranking keys straight from the definitions, with the public distance and outs only."""
    rows = {}
    for d in range(53):
        if not h[d]:
            continue
        rest = remove(h, d)
        found = outs(rest, contract)
        weight = acc = 0
        for x in found:
            if not unseen[x]:
                continue
            after = add(rest, x)
            seen = list(unseen)
            seen[x] -= 1
            options = [(distance(remove(after, d2), contract),
                        -sum(seen[y] for y in outs(remove(after, d2), contract)))
                       for d2 in range(53) if after[d2]]
            acc += unseen[x] * -min(options)[1]
            weight += unseen[x]
        rows[d] = (distance(rest, contract), sum(unseen[x] for x in found), acc / weight if weight else 0.0)
    return rows


@pytest.mark.parametrize("hand_no", [2, 3, 5])
def test_ranking_matches_the_definitions_on_random_hands(hand_no):
    contract = CONTRACTS[hand_no]
    rng = random.Random(hand_no)
    h = random_hand(rng, contract.cards_dealt + 1)
    unseen = tuple(2 - h[x] for x in range(53))
    expected = brute_ranking(h, contract, unseen)
    for option in rank_discards(h, contract, unseen):
        d = JOKER if option.card.is_joker else option.card.index
        dist, total, nxt = expected[d]
        assert (option.distance, option.outs_total) == (dist, total)
        assert option.next_outs == pytest.approx(nxt)
