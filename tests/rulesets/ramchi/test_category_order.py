"""The order of the Ramchi categories, written out as the spec states it (not read from the code).

Spec, "Combinations (3 cards each), strongest category first":
1. Three of a kind — A-A-A highest … 2-2-2 lowest.
2. Straight flush — three cards of one suit forming a straight.
3. Straight — three ranks forming a straight, not all of one suit.
4. Flush — three cards of one suit that are not a straight. Highest A-K-J; lowest 5-4-2.
5. Three unrelated cards — three different ranks AND three different suits, not a straight.
   Highest A-K-J, lowest 5-4-2.
Straight order, high to low: A-2-3, then 2-3-5 (the ramchi), then A-K-Q, K-Q-J, …, 4-3-2.

Every comparison goes through the rules' strength (``classify(...).strength``, the number
the referee and the solver compare) and the rules' comparison (``compare_combinations``).
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations, pairwise

import pytest

from rulesets.cards import DECK, parse_cards
from rulesets.ramchi.combinations import classify, compare_combinations

SPEC_ORDER = ("three_of_a_kind", "straight_flush", "straight", "flush", "unrelated")
"""The categories, strongest first, as the spec lists them (the API's keys)."""

BEST = {
    "three_of_a_kind": "As Ah Ad",  # A-A-A highest
    "straight_flush": "As 2s 3s",  # A-2-3, the highest straight, suited
    "straight": "As 2h 3d",  # A-2-3, not all of one suit
    "flush": "As Ks Js",  # highest A-K-J
    "unrelated": "As Kh Jd",  # highest A-K-J
}
"""The strongest combination of each category, from the spec."""

LOWEST = {
    "three_of_a_kind": "2s 2h 2d",  # 2-2-2 lowest
    "straight_flush": "4s 3s 2s",  # 4-3-2, the lowest straight, suited
    "straight": "4s 3h 2d",  # 4-3-2, not all of one suit
    "flush": "5s 4s 2s",  # lowest 5-4-2 (suited 5-3-2 is a straight flush)
    "unrelated": "5s 4h 2d",  # lowest 5-4-2
}
"""The weakest combination of each category, from the spec."""

STRAIGHTS_HIGH_TO_LOW = ("A-2-3", "2-3-5", "A-K-Q", "K-Q-J", "Q-J-10", "J-10-9", "10-9-8", "9-8-7",
                         "8-7-6", "7-6-5", "6-5-4", "5-4-3", "4-3-2")
"""Spec, "Straight order (for straights and straight flushes alike), high to low"."""


def strength(cards: str) -> int:
    return classify(parse_cards(cards)).strength


def category(cards: str) -> str | None:
    found = classify(parse_cards(cards)).category
    return None if found is None else found.key


def beats(stronger: str, weaker: str) -> bool:
    """Whether ``stronger`` beats ``weaker`` by the rules' strength and the rules' comparison."""
    by_strength = strength(stronger) > strength(weaker)
    by_rules = compare_combinations(parse_cards(stronger), parse_cards(weaker)).winner == "a"
    assert by_strength == by_rules
    return by_strength


def straight(ranks: str, suits: str) -> str:
    """Cards of a straight written as the spec writes it (``A-2-3``), with the given suits."""
    return " ".join(f"{rank.replace('10', 'T')}{suit}" for rank, suit in zip(ranks.split("-"), suits,
                                                                             strict=True))


@pytest.mark.parametrize("key", SPEC_ORDER)
def test_the_examples_are_of_the_category_the_spec_names(key: str) -> None:
    assert category(BEST[key]) == category(LOWEST[key]) == key


# -- one boundary per adjacent pair of categories (strongest category first) ---------------------

def test_three_of_a_kind_is_strongest_the_lowest_trips_beat_the_best_straight_flush() -> None:
    assert beats("2s 2h 2d", "As 2s 3s")


def test_straight_flush_is_second_the_lowest_beats_the_best_straight() -> None:
    assert beats("4s 3s 2s", "As 2h 3d")
    assert not beats("As 2h 3d", "4s 3s 2s")  # the best straight is below the lowest straight flush


def test_straight_is_third_the_lowest_beats_the_best_flush() -> None:
    assert beats("4s 3h 2d", "As Ks Js")
    assert not beats("As Ks Js", "4s 3h 2d")


def test_flush_is_fourth_the_lowest_beats_the_best_three_unrelated_cards() -> None:
    assert beats("5s 4s 2s", "As Kh Jd")
    assert not beats("As Kh Jd", "5s 4s 2s")


def test_three_unrelated_cards_are_weakest_the_best_loses_to_every_other_category() -> None:
    for key in SPEC_ORDER[:-1]:
        assert beats(LOWEST[key], BEST["unrelated"])


@pytest.mark.parametrize(("stronger", "weaker"), list(pairwise(SPEC_ORDER)))
def test_the_lowest_of_a_category_beats_the_best_of_the_next_one_down(stronger: str, weaker: str) -> None:
    assert beats(LOWEST[stronger], BEST[weaker])


def test_every_category_beats_every_category_below_it_in_the_spec_order() -> None:
    for i, stronger in enumerate(SPEC_ORDER):
        for weaker in SPEC_ORDER[i + 1:]:
            assert beats(LOWEST[stronger], BEST[weaker]), (stronger, weaker)
            assert not beats(BEST[weaker], LOWEST[stronger])


# -- the examples are the spec's extremes of each category ---------------------------------------

def test_the_spec_highest_and_lowest_are_the_extremes_of_every_three_card_combination() -> None:
    strengths: dict[str | None, list[int]] = defaultdict(list)
    for cards in combinations(DECK, 3):
        found = classify(cards)
        strengths[None if found.category is None else found.category.key].append(found.strength)
    for key in SPEC_ORDER:
        assert max(strengths[key]) == strength(BEST[key]), key
        assert min(strengths[key]) == strength(LOWEST[key]), key
    for stronger, weaker in pairwise(SPEC_ORDER):  # so every combination of a category
        assert min(strengths[stronger]) > max(strengths[weaker])  # beats every one below it


# "Straight order (for straights and straight flushes alike), high to low: A-2-3, then 2-3-5 (the
# ramchi), then A-K-Q, K-Q-J, Q-J-10, …, 5-4-3, 4-3-2. No wrap-around (K-A-2 is not a straight)."
@pytest.mark.parametrize(("suits", "key"), [("shd", "straight"), ("sss", "straight_flush")])
def test_straights_rank_a23_then_the_ramchi_then_aces_high_down_to_432(suits: str, key: str) -> None:
    written = [straight(ranks, suits) for ranks in STRAIGHTS_HIGH_TO_LOW]
    assert {category(cards) for cards in written} == {key}
    for higher, lower in pairwise(written):
        assert beats(higher, lower), (higher, lower)
    assert category(straight("K-A-2", suits)) != key


# "Flush — ... Compare the highest card, then the second, then the third."
# "Three unrelated cards — ... Compared like flushes."
@pytest.mark.parametrize("suits", ["sss", "shd"])
def test_flushes_and_unrelated_cards_compare_the_highest_card_then_the_second_then_the_third(
        suits: str) -> None:
    def cards(ranks: str) -> str:
        return " ".join(f"{rank}{suit}" for rank, suit in zip(ranks, suits, strict=True))

    assert beats(cards("AT8"), cards("KQ9"))  # the highest card first
    assert beats(cards("KJ3"), cards("KT9"))  # then the second
    assert beats(cards("K93"), cards("K92"))  # then the third
