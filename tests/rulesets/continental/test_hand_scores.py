"""A Continental hand's scores (spec, "Going out and scoring"): one rule per test, and random hands
against the card values written out here."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.cards import Card, Rank, Suit, parse_cards
from rulesets.continental.hand_scores import check_hand_end, hand_scores, leaders, score_hand
from rulesets.continental.options import ContinentalOptions
from rulesets.errors import IllegalActionError, InvalidInputError

STANDARD = {**dict.fromkeys("23456789", 5), **dict.fromkeys("TJQK", 10), "A": 20, "Jk": 50}
"""The spec's card values, written out: 2-9 = 5, 10/J/Q/K = 10, A = 20, Joker = 50."""

FACE = {**{str(n): n for n in range(2, 10)}, **dict.fromkeys("TJQK", 10), "A": 20, "Jk": 50}
"""The variant: 2-10 at face value."""


def value(card: Card, table: dict[str, int]) -> int:
    return table["Jk"] if card.is_joker else table[card.code[0]]


def test_the_others_score_the_cards_left_in_their_hands() -> None:
    hands = [parse_cards("2c 9d Th As Jk", jokers=True), (), parse_cards("Kc")]
    assert hand_scores(hands, went_out=1, same_turn=False) == (90, 0, 10)


def test_two_to_ten_at_face_value_is_a_variant() -> None:
    hands = [parse_cards("2c 9d Th As Jk", jokers=True), ()]
    assert hand_scores(hands, 1, False, ContinentalOptions(card_values="face_value")) == (91, 0)


def test_dropping_and_going_out_in_the_same_turn_scores_minus_ten() -> None:
    hands = [parse_cards("Kc"), ()]
    assert hand_scores(hands, 1, same_turn=True) == (10, -10)
    assert hand_scores(hands, 1, True, ContinentalOptions(same_turn_bonus=-25)) == (10, -25)


def test_the_stock_exhausted_everyone_scores_the_cards_in_hand() -> None:
    hands = [parse_cards("Kc"), parse_cards("Ah 2h")]
    assert hand_scores(hands, None, False) == (10, 25)


def test_the_lowest_total_leads_and_equal_totals_share() -> None:
    assert leaders([30, -10, 45]) == (1,)
    assert leaders([5, 40, 5, 5]) == (0, 2, 3)


def test_the_seat_that_went_out_holds_no_card() -> None:
    with pytest.raises(IllegalActionError) as refused:
        score_hand([parse_cards("Kc"), parse_cards("2c")], 1, False)
    assert refused.value.code == "impossible_hand_end"
    assert "seat 1 went out" in refused.value.message and "2♣" in refused.value.message


# "A player goes out by discarding their last card": only the seat that went out holds no card
def test_only_the_seat_that_went_out_holds_no_card() -> None:
    for went_out in (1, None):
        with pytest.raises(IllegalActionError) as refused:
            score_hand([(), [] if went_out else parse_cards("Kc"), parse_cards("Th")], went_out, False)
        assert refused.value.code == "impossible_hand_end"
        assert refused.value.message == ("seat 0 holds no card but did not go out: a player who plays "
                                         "their last card goes out")


def test_only_the_seat_that_went_out_can_have_dropped_in_the_same_turn() -> None:
    with pytest.raises(IllegalActionError) as refused:
        check_hand_end([parse_cards("Kc"), parse_cards("2c")], None, True)
    assert refused.value.code == "impossible_hand_end"


def test_went_out_names_a_seat_and_totals_one_per_seat() -> None:
    hands = [parse_cards("Kc"), ()]
    with pytest.raises(InvalidInputError) as refused:
        check_hand_end(hands, 2, False)
    assert (refused.value.code, refused.value.field) == ("no_such_seat", "went_out")
    with pytest.raises(InvalidInputError) as refused:
        check_hand_end(hands, 1, False, totals=[0, 0, 0])
    assert (refused.value.code, refused.value.field) == ("wrong_seat_count", "totals")


def random_hand(rng: random.Random) -> list[Card]:
    """A hand of a seat that did not go out: one card at least."""
    cards = [Card(rng.choice(list(Rank)), rng.choice(list(Suit)), 1 + i) for i in range(rng.randint(0, 9))]
    jokers = [Card(None, None, 1 + i) for i in range(rng.randint(0 if cards else 1, 2))]
    return cards + jokers


@given(st.integers(0, 2**32), st.sampled_from(["standard", "face_value"]), st.integers(-100, 0))
@settings(max_examples=150, deadline=None)
def test_random_hands_score_the_values_written_out(seed: int, card_values: str, bonus: int) -> None:
    rng = random.Random(seed)
    seats = rng.randint(2, 8)
    hands = [random_hand(rng) for _ in range(seats)]
    out = rng.choice([None, rng.randrange(seats)])
    if out is not None:
        hands[out] = []
    same_turn = out is not None and rng.random() < 0.5
    totals = [rng.randint(-50, 400) for _ in range(seats)]
    options = ContinentalOptions(card_values=card_values, same_turn_bonus=bonus)
    scored = score_hand(hands, out, same_turn, totals, options)
    table = STANDARD if card_values == "standard" else FACE
    for seat, hand in enumerate(hands):
        want = (bonus if same_turn else 0) if seat == out else sum(value(card, table) for card in hand)
        assert scored.scores[seat] == want
        assert scored.totals is not None and scored.totals[seat] == totals[seat] + want
        text = scored.explanation[seat]
        assert text.startswith(f"seat {seat}")
        if seat != out:  # each card's points, summed, in words
            points = [int(n) for n in re.findall(r" (\d+)(?:,| =)", text)]
            assert sum(points) == want and len(points) == len(hand), text
    low = min(scored.totals)
    assert scored.leaders == tuple(s for s, t in enumerate(scored.totals) if t == low)
