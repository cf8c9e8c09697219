"""Cards known to be in an opponent's hand (``known``): the sampler never deals them elsewhere.

After seat 1 exchanged the 2♦ for the up-card, everyone knows seat 1 holds the former up-card;
a sample that dealt it to the other opponent would be a deal that cannot be. The proof: over
random hands, seats and known cards, every sample gives each known card to its seat, keeps every
hand at 17 cards, deals every card once, and with nothing known the samples are those drawn
before ``known`` existed (the same seed, the same deals).
"""

from __future__ import annotations

import random
from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.cards import DECK, Card
from rulesets.errors import InvalidInputError
from solver.ramchi.advice import advise
from solver.ramchi.sampling import sample_stream


def _deal(rng: random.Random) -> tuple[tuple[Card, ...], Card, list[Card]]:
    """My 17 cards, the up-card, and the other 34."""
    cards = list(DECK)
    rng.shuffle(cards)
    return tuple(cards[:17]), cards[17], cards[18:]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), seat=st.integers(0, 2), sizes=st.tuples(st.integers(0, 17),
                                                                             st.integers(0, 17)))
def test_every_sample_deals_a_known_card_to_its_seat_and_every_card_once(
        seed: int, seat: int, sizes: tuple[int, int]) -> None:
    rng = random.Random(seed)
    hand, up_card, others = _deal(rng)
    first, second = (seat + 1) % 3, (seat + 2) % 3
    known = {first: tuple(others[:sizes[0]]), second: tuple(others[17:17 + sizes[1]])}
    for sample in islice(sample_stream(hand, up_card, seed=seed, dealer=None, seat=seat,
                                       known=tuple(known.items())), 20):
        assert sample.hands[seat] == hand and sample.up_card == up_card
        for other in (first, second):
            assert len(sample.hands[other]) == 17
            assert set(known[other]) <= set(sample.hands[other])
        dealt = [card for cards in sample.hands for card in cards] + [sample.up_card]
        assert sorted(dealt, key=lambda card: card.index) == sorted(DECK, key=lambda card: card.index)


def test_with_nothing_known_the_samples_are_unchanged() -> None:
    hand, up_card, _ = _deal(random.Random(4))
    plain = list(islice(sample_stream(hand, up_card, seed=9, dealer=None, seat=1), 10))
    told = list(islice(sample_stream(hand, up_card, seed=9, dealer=None, seat=1, known=()), 10))
    assert plain == told


def test_an_unknown_up_card_is_never_a_known_card() -> None:
    hand, _, others = _deal(random.Random(5))
    known = ((1, tuple(others[:5])),)
    for sample in islice(sample_stream(hand, None, seed=3, dealer=0, seat=0, known=known), 30):
        assert sample.up_card not in others[:5] and set(others[:5]) <= set(sample.hands[1])


@pytest.mark.parametrize(("known", "code", "field"), [
    ({0: ["Jd"]}, "wrong_seats", "known/0/seat"),            # my own seat
    ({1: ["As"]}, "duplicate_card", "known/0/cards/0"),      # a card of my hand
    ({1: ["Kh"]}, "duplicate_card", "known/0/cards/0"),      # the up-card
])
def test_known_cards_that_cannot_be_are_refused_naming_the_field(
        known: dict[int, list[str]], code: str, field: str) -> None:
    from rulesets.cards import parse_cards
    hand = parse_cards("As Ad Ah Kc Qc Jc 9s 8s 7s 5h 4d 3c Td 9d 2c 6h 2d")
    read = tuple((seat, parse_cards(" ".join(cards))) for seat, cards in known.items())
    with pytest.raises(InvalidInputError) as refused:
        advise(hand, parse_cards("Kh")[0], objective="maximin", seat=0, known=read)
    assert (refused.value.code, refused.value.field) == (code, field)


def test_one_card_known_in_two_hands_or_too_many_is_refused() -> None:
    from rulesets.cards import parse_cards
    hand = parse_cards("As Ad Ah Kc Qc Jc 9s 8s 7s 5h 4d 3c Td 9d 2c 6h 2d")
    twice = ((1, parse_cards("Jd")), (2, parse_cards("Jd")))
    with pytest.raises(InvalidInputError) as refused:
        advise(hand, None, objective="maximin", known=twice)
    assert (refused.value.code, refused.value.field) == ("duplicate_card", "known/1/cards/0")
    again = ((1, parse_cards("Jd")), (1, parse_cards("Qd")))
    with pytest.raises(InvalidInputError) as refused:
        advise(hand, None, objective="maximin", known=again)
    assert (refused.value.code, refused.value.field) == ("wrong_seats", "known/1/seat")
