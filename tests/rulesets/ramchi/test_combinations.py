"""Ramchi combinations: one test per sentence of the spec's ranking section, and golden counts."""

from collections import Counter
from itertools import combinations, pairwise

import pytest

from rulesets.cards import DECK, parse_cards
from rulesets.errors import CardCountError, DuplicateCardError
from rulesets.ramchi.combinations import (
    STRAIGHTS,
    Category,
    NotACombinationError,
    classify,
    combination,
    compare,
    strength_table,
)


def strength(text: str) -> int:
    return combination(parse_cards(text)).strength


def category(text: str) -> Category | None:
    return classify(parse_cards(text)).category


def test_golden_counts_over_all_22100_three_card_sets() -> None:
    counts = Counter(classify(cards).category for cards in combinations(DECK, 3))
    assert sum(counts.values()) == 22_100
    assert counts[Category.THREE_OF_A_KIND] == 52
    assert counts[Category.STRAIGHT_FLUSH] == 52
    assert counts[Category.STRAIGHT] == 780
    assert counts[Category.FLUSH] == 1_092
    assert counts[Category.UNRELATED] == 6_552
    assert counts[None] == 13_572


def test_strength_table_matches_classify() -> None:
    table = strength_table()
    assert len(table) == 22_100 - 13_572
    for cards in list(combinations(DECK, 3))[::97]:
        mask = sum(1 << c.index for c in cards)
        assert table.get(mask, 0) == classify(cards).strength


def test_strengths_are_dense_and_categories_ordered() -> None:
    by_category: dict[Category, set[int]] = {}
    for cards in combinations(DECK, 3):
        result = classify(cards)
        if result.category is not None:
            by_category.setdefault(result.category, set()).add(result.strength)
    values = sorted(set().union(*by_category.values()))
    assert values == list(range(1, 586))
    # Weakest first: the spec's "strongest category first" list, reversed (not the enum's order).
    ordered = [Category.UNRELATED, Category.FLUSH, Category.STRAIGHT, Category.STRAIGHT_FLUSH,
               Category.THREE_OF_A_KIND]
    for weaker, stronger in pairwise(ordered):
        assert max(by_category[weaker]) < min(by_category[stronger])


# "Three of a kind — A-A-A highest … 2-2-2 lowest."
def test_three_of_a_kind_aces_highest_twos_lowest() -> None:
    assert strength("As Ah Ad") == 585
    assert strength("2s 2h 2d") < strength("3s 3h 3d") < strength("As Ah Ad")
    assert strength("2s 2h 2d") > strength("As 2s 3s")  # weakest trips beat the best straight flush


# "Straight flush — three cards of one suit forming a straight."
def test_straight_flush_is_a_suited_straight() -> None:
    assert category("9h 8h 7h") == Category.STRAIGHT_FLUSH
    assert category("9h 8h 7c") == Category.STRAIGHT


# "Straight — three ranks forming a straight, not all of one suit (two may share a suit)."
def test_straight_may_have_two_cards_of_one_suit() -> None:
    assert category("9h 8h 7c") == Category.STRAIGHT
    assert category("9h 8d 7c") == Category.STRAIGHT


# "Flush — ... Compare the highest card, then the second, then the third. Highest A-K-J; lowest 5-4-2"
def test_flush_compares_high_card_then_second_then_third() -> None:
    assert strength("Ah 9h 2h") > strength("Kh Qh Th")
    assert strength("Ah 9h 3h") > strength("Ad 9d 2d")
    assert strength("Ah Kh Jh") == max(strength(f"{a}h {b}h {c}h") for a, b, c in
                                       [("A", "K", "J"), ("A", "Q", "J"), ("K", "Q", "T")])
    assert category("Ah Kh Qh") == Category.STRAIGHT_FLUSH  # so A-K-J is the best flush


def test_lowest_flush_is_5_4_2_because_suited_5_3_2_is_the_ramchi() -> None:
    assert category("5h 3h 2h") == Category.STRAIGHT_FLUSH
    assert category("5h 4h 2h") == Category.FLUSH
    results = (classify(c) for c in combinations(DECK, 3))
    flushes = [r for r in results if r.category == Category.FLUSH]
    lowest = min(flushes, key=lambda r: r.strength)
    assert [c.rank.label for c in lowest.cards] == ["5", "4", "2"]


# "Three unrelated cards — three different ranks AND three different suits, not a straight."
def test_unrelated_needs_three_ranks_and_three_suits() -> None:
    assert category("Ah Kd Jc") == Category.UNRELATED
    assert category("Ah Kh Jc") is None
    assert category("Ah Kd Qc") == Category.STRAIGHT


def test_unrelated_compared_like_flushes_highest_a_k_j_lowest_5_4_2() -> None:
    results = (classify(c) for c in combinations(DECK, 3))
    unrelated = [r for r in results if r.category == Category.UNRELATED]
    best = max(r.strength for r in unrelated)
    ranks = {tuple(c.rank.label for c in r.cards) for r in unrelated if r.strength == best}
    assert ranks == {("A", "K", "J")}
    assert strength("5h 4d 2c") == 1


# "A-2-3, then 2-3-5 (this combination is called the ramchi), then A-K-Q, K-Q-J, ... 4-3-2."
def test_straight_order_a23_then_ramchi_then_akq_down_to_432() -> None:
    order = ["Ah 2d 3c", "2h 3d 5c", "Ah Kd Qc", "Kh Qd Jc", "Qh Jd Tc", "5h 4d 3c", "4h 3d 2c"]
    strengths = [strength(s) for s in order]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)
    assert len(STRAIGHTS) == 13


def test_the_2_3_5_is_called_the_ramchi() -> None:
    assert classify(parse_cards("2h 3d 5c")).name == "Ramchi (2-3-5)"
    assert classify(parse_cards("2h 3h 5h")).name == "Ramchi straight flush (2-3-5)"


# "No wrap-around (K-A-2 is not a straight)."
def test_no_wrap_around() -> None:
    assert category("Kh Ad 2c") == Category.UNRELATED
    assert category("Kh Ah 2h") == Category.FLUSH


# "Not a combination: anything with a pair (e.g. 7-7-K) ..."
def test_pair_is_no_combination() -> None:
    result = classify(parse_cards("7h 7c Kd"))
    assert result.category is None and result.strength == 0
    assert "pair" in (result.reason or "")


# "... or two cards of one suit that make neither a straight nor a flush (e.g. K♠ 9♠ 4♥)."
def test_two_suited_non_straight_is_no_combination() -> None:
    result = classify(parse_cards("Ks 9s 4h"))
    assert result.category is None
    assert "share a suit" in (result.reason or "")
    with pytest.raises(NotACombinationError) as info:
        combination(parse_cards("Ks 9s 4h"))
    assert info.value.code == "not_a_combination"


# "Equal combinations (same category and same ranks, different suits) tie."
def test_equal_combinations_tie() -> None:
    assert compare(parse_cards("Ah 2d 3c"), parse_cards("As 2h 3d")) == 0
    assert compare(parse_cards("Ah 9h 2h"), parse_cards("As 9s 2s")) == 0
    assert compare(parse_cards("Ah 2h 3h"), parse_cards("Ah Ad Ac")) == -1


def test_classify_refuses_wrong_count_and_duplicates() -> None:
    with pytest.raises(CardCountError):
        classify(parse_cards("As Ks"))
    card = parse_cards("As")[0]
    with pytest.raises(DuplicateCardError):
        classify((card, card, parse_cards("Kd")[0]))
