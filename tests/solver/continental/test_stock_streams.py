"""Each seat's own stream of the rollout stock (:class:`~solver.continental.rollout.StockStreams`):
every draw is a card of the stock, each card drawn once; the draws are as random as the rules'
top card (from a uniformly shuffled stock, every sequence of draws is as likely as any other,
whoever draws and whatever they decide from what they drew); and a seat's draws do not move
when another seat takes a discard instead of drawing, which is what makes the alternatives of
one pricing sample alike.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from rulesets.cards import Card, Rank, Suit
from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame
from rulesets.continental.records import Draw
from solver.continental.rollout import RolloutGame, StockStreams

CARDS = tuple(Card(rank, Suit.CLUBS) for rank in Rank)
"""Thirteen distinct cards, a stock's worth for the tests."""


def _draw_all(stock: tuple[Card, ...], seats: Callable[[list[Card]], int], players: int = 4,
              reshuffle_at: int | None = None) -> list[tuple[int, Card]]:
    """Draw the whole stock, the next seat chosen by ``seats`` from the cards drawn so far."""
    streams = StockStreams(players)
    drawn: list[tuple[int, Card]] = []
    shuffle = 0
    while stock:
        if reshuffle_at is not None and len(drawn) == reshuffle_at:
            shuffle += 1
        seat = seats([card for _, card in drawn])
        card, left = streams.take(stock, shuffle, seat)
        assert card in stock and card not in left
        assert left == tuple(c for c in stock if c != card)  # the stock keeps its order
        drawn.append((seat, card))
        stock = left
    return drawn


@given(st.lists(st.integers(0, 3), min_size=13, max_size=13), st.sampled_from((None, 3, 8)))
def test_the_streams_deal_every_stock_card_once_whoever_draws(seats: list[int],
                                                               reshuffle_at: int | None) -> None:
    drawn = _draw_all(CARDS, lambda so_far: seats[len(so_far)], reshuffle_at=reshuffle_at)
    assert sorted(card.kind for _, card in drawn) == sorted(card.kind for card in CARDS)


def test_every_sequence_of_draws_is_as_likely_as_any_other_whatever_the_seats_decide_from_them() -> None:
    """A stock of 6 cards in each of its 720 orders (all equally likely) gives 720 different
    sequences of draws: so each sequence has chance 1/720, as if every draw were the top card of a
    shuffled stock. The seat to draw next is chosen from the cards drawn so far (a seat that took
    a card it wanted plays differently), which is all a rollout's choices can depend on.
    """
    cards = CARDS[:6]
    schedules: list[Callable[[list[Card]], int]] = [
        lambda so_far: len(so_far) % 4,
        lambda so_far: 2,
        lambda so_far: (sum(int(c.rank) for c in so_far) * 7 + len(so_far)) % 3,
        lambda so_far: 0 if so_far and so_far[-1].rank in (Rank.TWO, Rank.FIVE) else 1 + len(so_far) % 3,
    ]
    for schedule in schedules:
        seen = {tuple(card for _, card in _draw_all(order, schedule))
                for order in itertools.permutations(cards)}
        assert len(seen) == 720


def test_a_seat_draws_the_same_cards_whether_another_seat_took_the_discard_or_drew() -> None:
    """With one shared top card, the seat that takes the discard instead of drawing would move
    every later draw by one card; with a stream each, only that seat's own draws change.
    """
    stock = CARDS
    drew = StockStreams(4)
    took = StockStreams(4)
    left_drew, left_took = stock, stock
    _, left_drew = drew.take(left_drew, 0, 1)  # seat 1 draws from the stock...
    # ... or takes the discard (no stock card): the next draws of seats 2, 3 and 0 are the same
    for seat in (2, 3, 0, 2, 3, 0):
        card_drew, left_drew = drew.take(left_drew, 0, seat)
        card_took, left_took = took.take(left_took, 0, seat)
        assert card_drew == card_took


def test_a_rollout_draws_from_the_seat_s_stream_and_the_referee_from_the_top() -> None:
    game = ContinentalGame(GameConfig.create(players=4, hands=1, seed=4, dealer=0))
    seat = game.current
    rollout = RolloutGame.copy_of(game, seed=1, checked=True)
    stock = game.stock
    rollout.take(Draw(seat, "stock"))
    assert rollout.hands[seat][-1] == stock[seat]  # seat s reads the stock's places s, s + 4, ...
    game.apply(Draw(seat, "stock"))
    assert game.hands[seat][-1] == stock[0]
    assert len(rollout.stock) == len(game.stock) == len(stock) - 1
