"""Legality (hypothesis), exchange, four of a kind, reproducibility and validation."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesets.cards import DECK, parse_cards
from rulesets.errors import CardCountError, DuplicateCardError, InvalidInputError, LimitExceededError
from rulesets.ramchi.combinations import classify
from rulesets.ramchi.deal import TWO_OF_DIAMONDS
from solver import Advice, EvBot, GreedyBot, MaximinBot, advise, hindsight

hands = st.lists(st.sampled_from(DECK), min_size=18, max_size=18, unique=True)


def assert_legal(advice: Advice) -> None:
    hand = set(advice.hand)
    used = [card for combo in advice.combinations for card in combo.cards]
    assert len(advice.combinations) <= 5
    assert len(used) == len(set(used)) and set(used) <= hand
    assert set(advice.discards) == hand - set(used)
    assert len(advice.discards) + len(used) == 17
    strengths = []
    for number, combo in enumerate(advice.combinations, start=1):
        info = classify(combo.cards)
        assert info.is_combination and info.strength == combo.strength
        assert combo.round == number
        strengths.append(combo.strength)
    assert strengths == sorted(strengths, reverse=True)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards=hands, objective=st.sampled_from(["maximin", "ev"]))
def test_any_advice_is_a_legal_arrangement(cards: list, objective: str) -> None:
    advice = advise(cards[:17], cards[17], objective=objective, samples=20)
    assert_legal(advice)
    if advice.exchange.recommended:
        assert TWO_OF_DIAMONDS not in advice.hand and cards[17] in advice.hand


@settings(max_examples=15, deadline=None)
@given(cards=hands, seat=st.integers(0, 2), dealer=st.integers(0, 2))
def test_hindsight_is_legal_and_beats_what_was_played(cards: list, seat: int, dealer: int) -> None:
    rng = random.Random(seat * 3 + dealer)
    rest = [c for c in DECK if c not in cards[:17]]
    rng.shuffle(rest)
    others = {}
    for offset, other in enumerate(s for s in range(3) if s != seat):
        cards_of_other = rest[17 * offset:17 * offset + 17]
        others[other] = list(GreedyBot().decide(cards_of_other, None, seat=other,
                                                dealer=dealer).lineup)
    played = list(GreedyBot().decide(cards[:17], None, seat=seat, dealer=dealer).lineup)
    result = hindsight(cards[:17], seat, dealer, others, played=played)
    used = [card for combo in result.combinations for card in combo.cards]
    assert len(used) == len(set(used)) and set(used) | set(result.discards) == set(cards[:17])
    assert result.difference is not None and result.difference >= 0


def test_ev_is_reproducible_with_a_seed() -> None:
    hand = random.Random(5).sample(DECK, 18)
    first = advise(hand[:17], hand[17], seed=3, samples=40)
    again = advise(hand[:17], hand[17], seed=3, samples=40)
    assert first.combinations == again.combinations
    assert first.expected_chips == again.expected_chips
    assert first.standard_error == again.standard_error
    assert first.alternatives == again.alternatives


def test_exchange_that_makes_four_of_a_kind_is_recommended() -> None:
    hand = parse_cards("2d Ac Ad Ah 3c 4d 5h 6s 7c 8d 9h Tc Jd Qh Ks 3s 4h")
    up = parse_cards("As")[0]
    advice = advise(hand, up, objective="maximin")
    assert advice.exchange.possible and advice.exchange.recommended
    assert advice.four_of_a_kind is not None and advice.four_of_a_kind.rank == "A"
    assert advice.four_of_a_kind.wins_outright
    ev = advise(hand, up, samples=30)
    # four Aces cannot be beaten: exactly 4 chips from each opponent
    assert ev.exchange.expected_chips_if_exchanged == pytest.approx(8.0)
    kept, swapped = ev.exchange.expected_chips_if_kept, ev.exchange.expected_chips_if_exchanged
    assert ev.exchange.recommended == (swapped > kept)


def test_held_four_of_a_kind_is_reported() -> None:
    hand = parse_cards("9c 9d 9h 9s 3c 4d 5h 6s 7c 8d Th Tc Jd Qh Ks 3s 4h")
    advice = advise(hand, None, samples=30)
    assert advice.four_of_a_kind is not None and advice.four_of_a_kind.holder == "me"
    assert 0.0 <= advice.four_of_a_kind.probability_beaten < 1.0
    assert not advice.exchange.possible
    assert_legal(advice)


def test_no_exchange_without_the_two_of_diamonds() -> None:
    hand = [c for c in DECK if c != TWO_OF_DIAMONDS][:17]
    advice = advise(hand, DECK[40], objective="maximin")
    assert not advice.exchange.possible and not advice.exchange.recommended


def test_validation_messages() -> None:
    with pytest.raises(CardCountError, match="17"):
        advise(DECK[:16], None)
    with pytest.raises(InvalidInputError, match="up-card"):
        advise(DECK[:17], DECK[3])
    with pytest.raises(DuplicateCardError):
        advise([*DECK[:16], DECK[0]], None)
    with pytest.raises(LimitExceededError, match="samples"):
        advise(DECK[:17], None, samples=10**9)
    with pytest.raises(LimitExceededError, match="at most 200"):
        advise(DECK[:17], None, samples=201, opponents="solver")
    with pytest.raises(InvalidInputError, match="objective"):
        advise(DECK[:17], None, objective="win")
    overlap = {1: [DECK[0:3]], 2: []}
    with pytest.raises(InvalidInputError, match="hand"):
        hindsight(DECK[:17], 0, 2, overlap)


@pytest.mark.parametrize("bot", [GreedyBot(), MaximinBot(), EvBot(samples=20)])
def test_bots_return_legal_lineups(bot) -> None:
    hand = random.Random(9).sample(DECK, 17)
    decision = bot.decide(hand, None, seat=1, dealer=0)
    cards = [card for combo in decision.lineup for card in combo]
    assert len(cards) == len(set(cards)) and set(cards) <= set(hand)
    assert all(classify(combo).is_combination for combo in decision.lineup)
