"""Continental melds: one test per sentence of the spec's Melds section and of its joker rule, points,
contracts, and golden counts found by brute force over the 106 cards of two decks and two jokers."""

import os
from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.cards import Card, Rank, Suit, full_deck, parse_cards
from rulesets.continental.contracts import CONTRACTS, Contract
from rulesets.continental.melds import (
    Run,
    Trio,
    can_lay_off,
    can_take_end_joker,
    drop_problems,
    lay_off,
    make_run,
    make_trio,
    run_problems,
    take_end_joker,
    trio_problems,
)
from rulesets.continental.points import card_points, hand_points
from rulesets.errors import InvalidInputError


def cards(text: str, decks: int = 2) -> tuple[Card, ...]:
    """Cards of ``decks`` decks (three decks where an example needs three jokers)."""
    return parse_cards(text, jokers=True, decks=decks)


def card(text: str) -> Card:
    return cards(text)[0]


def trio(text: str) -> Trio:
    return make_trio(cards(text))


def run(text: str, ordered: bool = False, decks: int = 2) -> Run:
    return make_run(cards(text, decks), ordered=ordered)


# --- Trio -------------------------------------------------------------------------------------------

# "Trio: three cards of one rank"
def test_a_trio_is_three_cards_of_one_rank() -> None:
    assert trio("7c 7d 7h").rank is Rank.SEVEN
    assert trio_problems(cards("7c 7d")) == ["a trio needs at least 3 cards, got 2"]
    assert trio_problems(cards("7c 7d 8h")) == [
        "natural cards of more than one rank (7, 8): a trio is one rank"]


# "suits may repeat (3♣ 3♣ 3♥ is fine)"
def test_a_trio_may_repeat_suits() -> None:
    result = trio("3c 3c 3h")
    assert result.rank is Rank.THREE
    assert [c.id for c in result.cards] == ["3c#1", "3c#2", "3h#1"]


# "Jokers are wild; a trio may hold more than one joker"
def test_a_trio_may_hold_more_than_one_joker() -> None:
    assert trio("Kd Jk Jk").jokers == 2


# "but at least one natural card"
def test_a_trio_needs_one_natural_card() -> None:
    problems = trio_problems(cards("Jk Jk"))
    assert "a trio needs one natural card (jokers only)" in problems
    with pytest.raises(InvalidInputError) as caught:
        make_trio(cards("Jk Jk"))
    assert caught.value.code == "not_a_meld"
    assert caught.value.rule is not None and "natural" in caught.value.rule
    # every problem at once in the message
    assert "at least 3 cards" in caught.value.message
    assert "one natural card" in caught.value.message


# "which gives the trio its rank (10, Joker, Joker is a trio of tens)"
def test_ten_joker_joker_is_a_trio_of_tens() -> None:
    result = trio("10d Jk Jk")
    assert result.rank is Rank.TEN
    assert len(result) == 3


# --- Run ----------------------------------------------------------------------------------------------

# "Run: four or more consecutive cards of one suit."
def test_a_run_is_four_or_more_consecutive_cards_of_one_suit() -> None:
    assert run("5s 6s 7s 8s").suit is Suit.SPADES
    assert len(run("5s 6s 7s 8s 9s Ts")) == 6
    assert run_problems(cards("5s 6s 7s")) == ["a run needs at least 4 cards, got 3"]
    assert run_problems(cards("5s 6s 7h 8s")) == [
        "cards of more than one suit (♥ ♠): a run is one suit"]
    assert run_problems(cards("5s 6s 7s 9s")) == [
        "the natural cards leave 1 missing card and only 0 jokers to stand for them"]


def test_every_problem_is_listed_at_once() -> None:
    with pytest.raises(InvalidInputError) as caught:
        make_run(cards("5s 6h 6h"))
    message = caught.value.message
    assert caught.value.code == "not_a_meld"
    assert "at least 4 cards" in message
    assert "6h#1" not in message and "more than one suit" in message


# "Ace high (J-Q-K-A) or low (A-2-3-4)"
def test_ace_is_high_or_low_in_a_run() -> None:
    high, low = run("Ah Kh Qh Jh"), run("4h Ah 3h 2h")
    assert (high.start, high.end, high.ranks[-1]) == (11, 14, Rank.ACE)
    assert (low.start, low.end, low.ranks[0]) == (1, 4, Rank.ACE)
    assert [c.code for c in low.cards] == ["Ah", "2h", "3h", "4h"]


# "never around the corner (Q-K-A-2-3 is not a run)"
def test_a_run_never_goes_around_the_corner() -> None:
    corner = "goes around the corner: the ace is high or low, never both in one sequence"
    assert run_problems(cards("Qc Kc Ac 2c 3c")) == [f"Q-K-A-2-3 {corner}"]
    assert run_problems(cards("Qc Kc Ac 2c 3c"), ordered=True) == [f"Q-K-A-2-3 {corner}"]
    assert run_problems(cards("Kc Ac 2c Jk")) == [f"K-A-2-Jk {corner}"]
    with pytest.raises(InvalidInputError, match="Q-K-A-2 goes around the corner"):
        make_run(cards("Qc Kc Ac 2c"))


# "Ace high (J-Q-K-A) or low (A-2-3-4), never around the corner": the ace is high or low, never both
def test_a_run_never_holds_the_ace_both_low_and_high() -> None:
    assert run_problems(cards("Ac 2c 3c Ac")) == [
        "2 natural aces: a run holds each rank once (the ace is high or low, never both)"]
    assert run_problems(cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"), ordered=True) == [
        "a run holds at most 13 cards (the ace is high or low, never both), got 14"]
    low, high = run("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc"), run("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac")
    for full in (low, high):
        for extra in ("Jk", "Ac#2"):
            assert not can_lay_off(full, card(extra))
            with pytest.raises(InvalidInputError) as caught:
                lay_off(full, card(extra), "high")
            assert caught.value.code == "cannot_lay_off"
    with_joker = run("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Jk Kc", ordered=True)
    assert not can_lay_off(with_joker, card("Qc"))  # the joker would have no end to go to


RUN_CARD = st.one_of(st.just("Jk"), st.sampled_from([r.char for r in Rank]).map(lambda r: r + "c"))


# "never around the corner": whatever is laid off, in any order, at any end
@settings(max_examples=300, deadline=None)
@given(st.integers(1, 11), st.lists(st.tuples(RUN_CARD, st.sampled_from([None, "high", "low"])),
                                    max_size=16))
def test_no_run_ever_holds_more_than_13_positions_or_the_ace_low_and_high(
        start: int, plays: list[tuple[str, str | None]]) -> None:
    from rulesets.continental.melds import ACE_HIGH, ACE_LOW, rank_at
    codes = [rank_at(p).char + "c" for p in range(start, start + 4)]
    pool = iter(parse_cards([*codes, *(code for code, _ in plays)], jokers=True, decks=20))
    meld = make_run([next(pool) for _ in codes], ordered=True)
    for _, end in plays:
        laid = next(pool)
        if can_lay_off(meld, laid, end):
            meld = lay_off(meld, laid, end)
        assert isinstance(meld, Run) and len(meld) <= 13
        assert meld.start >= ACE_LOW and meld.end <= ACE_HIGH and (meld.start, meld.end) != (1, 14)
        assert meld.end - meld.start + 1 == len(meld)
        assert run_problems(meld.cards, ordered=True) == []  # still a run, read as laid


# "Jokers stand for any missing card"
def test_jokers_stand_for_missing_cards() -> None:
    result = run("9d Jk Jd Qd")
    assert result.joker_ranks == ((card("Jk"), Rank.TEN),)
    assert result.text == "9♦ Jk(10♦) J♦ Q♦"


# "adjacent jokers allowed"
def test_adjacent_jokers_are_allowed_in_a_run() -> None:
    result = run("4h Jk Jk 7h")
    assert [rank for _, rank in result.joker_ranks] == [Rank.FIVE, Rank.SIX]


def test_a_run_needs_one_natural_card_for_its_suit() -> None:
    # a choice where the spec is silent (a run of jokers only would have no suit)
    assert "a run needs one natural card, which gives its suit (jokers only)" in run_problems(
        parse_cards("Jk Jk Jk Jk", jokers=True, decks=4))


def test_jokers_fill_gaps_then_the_high_end_then_the_low_end() -> None:
    assert run("5c Jk 7c Jk").text == "5♣ Jk(6♣) 7♣ Jk(8♣)"
    assert run("Qc Jk Kc Jk").text == "Jk(J♣) Q♣ K♣ Jk(A♣)"
    assert run("Ac Jk Jk Jk", decks=3).text == "Jk(J♣) Jk(Q♣) Jk(K♣) A♣"
    assert run("2c Jk Jk Jk", decks=3).text == "2♣ Jk(3♣) Jk(4♣) Jk(5♣)"


def test_an_explicit_order_places_the_jokers_as_written() -> None:
    assert run("Jk Jk 5c 6c", ordered=True).text == "Jk(3♣) Jk(4♣) 5♣ 6♣"
    assert run("Ac Jk Jk Jk", ordered=True, decks=3).text == "A♣ Jk(2♣) Jk(3♣) Jk(4♣)"
    assert run_problems(cards("6c 5c Jk Jk"), ordered=True) != []


# --- The drop -----------------------------------------------------------------------------------------

# "At the drop, each contract meld is exactly its minimum (trio 3 cards, run 4 cards)"
def test_at_the_drop_each_meld_is_its_minimum() -> None:
    hand6 = CONTRACTS[6]
    good = [trio("Kc Kd Jk"), run("2s 3s 4s 5s"), run("9h Th Jh Qh")]
    assert drop_problems(good, hand6) == []
    long_run = [good[0], good[1], run("9h Th Jh Qh Kh")]
    assert drop_problems(long_run, hand6) == [
        "run 2 (9♥ 10♥ J♥ Q♥ K♥) has 5 cards: at the drop a run is exactly 4"]
    assert drop_problems(good[:2], hand6) == ["the contract (1 trio + 2 runs) asks for 2 runs, got 1"]
    assert drop_problems(good, CONTRACTS[1]) == [
        "the contract (2 trios) asks for 2 trios, got 1",
        "the contract (2 trios) asks for 0 runs, got 2",
    ]


def test_a_physical_card_goes_in_one_meld_only() -> None:
    same = trio("Kc Kd Kh")
    assert drop_problems([same, same], CONTRACTS[1]) == [
        f"{name} is used in 2 melds (each physical card once)" for name in ("K♣", "K♦", "K♥")]


# "Two runs of one suit in one contract are separate melds even if they touch."
def test_two_touching_runs_of_one_suit_are_separate_melds() -> None:
    assert drop_problems([run("2s 3s 4s 5s"), run("6s 7s 8s 9s")], CONTRACTS[3]) == []


# --- Laying off ---------------------------------------------------------------------------------------

def test_trios_are_extended_by_rank_and_may_take_a_joker() -> None:
    base = trio("8c 8d 8h")
    assert lay_off(base, card("8c#2")).cards[-1].id == "8c#2"
    assert can_lay_off(base, card("Jk"))
    assert not can_lay_off(base, card("9c"))
    assert not can_lay_off(base, card("8c"))  # 8c#1 is already in the trio
    with pytest.raises(InvalidInputError) as caught:
        lay_off(base, card("9c"))
    assert caught.value.code == "cannot_lay_off"


def test_runs_are_extended_at_either_end_never_past_the_ace() -> None:
    middle = run("5h 6h 7h 8h")
    assert lay_off(middle, card("4h")).start == 4
    assert lay_off(middle, card("9h")).end == 9
    assert not can_lay_off(middle, card("Th"))
    assert not can_lay_off(middle, card("9c"))
    top = run("Jh Qh Kh Ah")
    assert can_lay_off(top, card("Th")) and not can_lay_off(top, card("2h"))
    bottom = run("Ah 2h 3h 4h")
    assert can_lay_off(bottom, card("5h")) and not can_lay_off(bottom, card("Kh"))


def test_a_joker_laid_off_on_a_run_goes_high_then_low() -> None:
    assert lay_off(run("5h 6h 7h 8h"), card("Jk")).text == "5♥ 6♥ 7♥ 8♥ Jk(9♥)"
    assert lay_off(run("Jh Qh Kh Ah"), card("Jk")).text == "Jk(10♥) J♥ Q♥ K♥ A♥"


# "put the natural card a joker stands for into a run; the joker then moves to an end of the same run
# (A,2,3,Jk,5 + 4 → A,2,3,4,5,Jk)"
def test_a_natural_card_takes_a_jokers_place_and_the_joker_moves_to_an_end() -> None:
    before = run("Ah 2h 3h Jk 5h")
    after = lay_off(before, card("4h"))
    assert [c.code for c in after.cards] == ["Ah", "2h", "3h", "4h", "5h", "Jk"]
    assert after.joker_ranks == ((card("Jk"), Rank.SIX),)
    at_top = lay_off(run("Th Jk Qh Kh Ah"), card("Jh"))
    assert at_top.text == "Jk(9♥) 10♥ J♥ Q♥ K♥ A♥"


# "A joker at either end of a run may be moved to another run, but not if its run would be left
# with fewer than 4 cards."
def test_an_end_joker_moves_only_if_its_run_keeps_four_cards() -> None:
    assert can_take_end_joker(run("4d 5d 6d 7d Jk", ordered=True))
    assert can_take_end_joker(run("Jk 4d 5d 6d 7d", ordered=True))
    assert not can_take_end_joker(run("4d 5d 6d Jk", ordered=True))
    assert not can_take_end_joker(run("4d Jk 6d 7d 8d", ordered=True))  # not at an end
    assert not can_take_end_joker(run("4d 5d 6d 7d 8d"))
    left, joker = take_end_joker(run("4d 5d 6d 7d Jk", ordered=True))
    assert left.text == "4♦ 5♦ 6♦ 7♦" and joker.is_joker
    assert lay_off(run("9s Ts Js Qs"), joker).text == "9♠ 10♠ J♠ Q♠ Jk(K♠)"
    with pytest.raises(InvalidInputError) as caught:
        take_end_joker(run("4d 5d 6d Jk", ordered=True))
    assert caught.value.code == "cannot_move_joker"
    with pytest.raises(InvalidInputError, match="is not a joker"):
        take_end_joker(run("4d 5d 6d 7d Jk", ordered=True), "low")


# "jokers in trios never move"
def test_jokers_in_trios_never_move() -> None:
    base = trio("Qs Qs Jk")
    assert not can_take_end_joker(base)
    grown = lay_off(base, card("Qh"))
    assert grown.jokers == 1 and grown.cards[:3] == base.cards


# --- Points and contracts -----------------------------------------------------------------------------

# "2–9 = 5 points, 10/J/Q/K = 10, A = 20, Joker = 50"
def test_card_points_standard() -> None:
    values = {c.code: card_points(c, "standard") for c in cards("2c 9d Th Jh Qs Kc Ad Jk")}
    assert values == {"2c": 5, "9d": 5, "Th": 10, "Jh": 10, "Qs": 10, "Kc": 10, "Ad": 20, "Jk": 50}
    assert hand_points(full_deck(2, 2), "standard") == 2 * (8 * 4 * 5 + 4 * 4 * 10 + 4 * 20) + 100


# "(variant: 2–10 at face value)"
def test_card_points_face_value() -> None:
    values = [card_points(c, "face_value") for c in cards("2c 9d Th Jh Qs Kc Ad Jk")]
    assert values == [2, 9, 10, 10, 10, 10, 20, 50]
    by_hand = 2 * (4 * sum(range(2, 11)) + 3 * 4 * 10 + 4 * 20) + 100
    assert hand_points(full_deck(2, 2), "face_value") == by_hand


def test_card_values_must_be_an_option_choice() -> None:
    with pytest.raises(InvalidInputError):
        card_points(card("2c"), "double")


# The seven hands table.
def test_the_contracts_table() -> None:
    table = {hand: (c.trios, c.runs, c.cards_dealt) for hand, c in CONTRACTS.items()}
    assert table == {1: (2, 0, 7), 2: (1, 1, 8), 3: (0, 2, 9), 4: (3, 0, 10), 5: (2, 1, 11),
                     6: (1, 2, 12), 7: (0, 3, 13)}
    assert CONTRACTS[2] == Contract(2, 1, 1, 8) and CONTRACTS[2].name == "1 trio + 1 run"


# --- Golden counts (brute force over the physical cards of two decks and two jokers) --------------------

DECK_106 = full_deck(2, 2)
JOKERS = [c for c in DECK_106 if c.is_joker]


def multisets(types: list[Card], size: int) -> Iterator[tuple[Card, ...]]:
    """Every multiset of ``size`` cards drawn from the physical cards of the 106-card pack.

    ``types`` are the distinct faces (copy 1 of each card, one joker); the k-th repeat of a face
    takes copy k, and multisets needing more copies than the pack holds (2 of each) are skipped.
    """
    for faces in combinations_with_replacement(types, size):
        counts = Counter(faces)
        if max(counts.values()) > 2:
            continue
        yield tuple(Card(f.rank, f.suit, k) for f, n in counts.items() for k in range(1, n + 1))


FACES = [c for c in DECK_106 if c.copy == 1]  # 52 natural faces + one joker face


def test_deck_is_106_cards_with_53_faces() -> None:
    assert len(DECK_106) == 106 and len(FACES) == 53


def test_golden_trio_counts() -> None:
    # Counted: distinct 3-card trios as (rank, multiset of suits, number of jokers), i.e. every
    # 3-card multiset of the pack that make_trio accepts.
    # By hand, per rank, with 8 physical cards (4 suits x 2 copies) and 2 jokers:
    #   no joker:   suit multisets of size 3 with no suit 3 times: C(6,3) - 4 = 16 -> 13 * 16 = 208
    #   one joker:  suit multisets of size 2: C(5,2) = 10                       -> 13 * 10 = 130
    #   two jokers: one suit: 4                                                  -> 13 * 4  = 52
    #   three jokers: impossible (2 jokers in the pack, and a trio needs a natural card)
    by_jokers: Counter[int] = Counter()
    for hand in multisets(FACES, 3):
        if not trio_problems(hand):
            by_jokers[make_trio(hand).jokers] += 1
    assert by_jokers == {0: 208, 1: 130, 2: 52}


def run_pattern(result: Run) -> tuple[Suit, int, tuple[int, ...]]:
    """(suit, first position, joker positions): names the suit, the natural ranks and the jokers."""
    return result.suit, result.start, tuple(i for i, c in enumerate(result.cards) if c.is_joker)


def test_golden_four_card_run_counts_cards_in_any_order() -> None:
    # Counted: distinct 4-card multisets of the pack that make_run accepts (cards in any order),
    # grouped by the number of jokers. The joker placement is decided by make_run, so one multiset
    # is one (suit, natural ranks, joker positions) pattern. Mixed suits are never runs (checked
    # below), so only one suit plus the joker faces is enumerated, for each suit.
    # By hand, per suit, on positions 1 (ace low) .. 14 (ace high), a 4-card window:
    #   no joker:    4 consecutive positions, first 1..11                            -> 11
    #   one joker:   3 natural positions with max - min <= 3: consecutive 12,
    #                max - min = 3 with one of the 2 inner positions: 11 * 2 = 22     -> 34
    #   two jokers:  2 natural positions 1, 2 or 3 apart: 13 + 12 + 11               -> 36
    #   three jokers: not in a 2-joker pack.
    # (A set with position 1 has max <= 4 and one with 14 has min >= 11, so no rank set counts twice.)
    # Over 4 suits: 44 natural runs, 136 with one joker, 144 with two.
    by_jokers: Counter[int] = Counter()
    patterns = set()
    for suit in Suit:
        faces = [c for c in FACES if c.suit is suit] + [JOKERS[0]]
        for hand in multisets(faces, 4):
            if not run_problems(hand):
                result = make_run(hand)
                by_jokers[len(result.joker_ranks)] += 1
                patterns.add(run_pattern(result))
    assert by_jokers == {0: 44, 1: 136, 2: 144}
    assert len(patterns) == 44 + 136 + 144
    assert run_problems(cards("5s 6s 7s 8h")) and run_problems(cards("5s 6s Jk 8h"))


@pytest.mark.skipif(os.environ.get("RAMCHI_QUICK") == "1",
                    reason="an exhaustive enumeration: runs in make test and CI")
def test_golden_four_card_run_counts_in_run_order() -> None:
    # Counted: distinct (suit, first position, joker positions) patterns of 4 cards written in run
    # order that make_run(..., ordered=True) accepts, over every ordered choice of 4 physical cards
    # of one suit and the two jokers.
    # By hand, per suit: 11 windows (A-2-3-4 .. J-Q-K-A) times the joker positions in a window:
    #   no joker C(4,0) = 1 -> 11; one joker C(4,1) = 4 -> 44; two jokers C(4,2) = 6 -> 66.
    # Over 4 suits: 44, 176 and 264.
    by_jokers: Counter[int] = Counter()
    for suit in Suit:
        faces = [c for c in FACES if c.suit is suit] + [JOKERS[0]]
        seen = set()
        for order in product(faces, repeat=4):
            counts: Counter[Card] = Counter()
            hand = []
            for face in order:
                counts[face] += 1
                hand.append(Card(face.rank, face.suit, counts[face]))
            if max(counts.values()) > 2 or run_problems(hand, ordered=True):
                continue
            pattern = run_pattern(make_run(hand, ordered=True))
            if pattern not in seen:
                seen.add(pattern)
                by_jokers[len(pattern[2])] += 1
    assert by_jokers == {0: 44, 1: 176, 2: 264}
