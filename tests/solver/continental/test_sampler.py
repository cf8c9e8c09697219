"""The sampler deals what a seat does not know, consistent with everything public
(:mod:`solver.continental.sampler`).

The proof: over random games played through the referee (seeded random bots, 2-6 players), at
random points, for a random seat, every sampled deal (uniform, and with the other hands played
forward) keeps the rules' and the seat's facts, checked against the referee's own state: no card
the seat knows is elsewhere (its hand, the table, the pile) is dealt, every hand keeps its size and
the stock its size, the cards a player took from the pile and still holds (followed by the test on
its own, action by action) are in that player's sampled hand, the deal and the known cards together
are the decks card for card, and the same seed gives the same deal. Then a chi-square style check
that an unknown card lands in each hidden place in proportion to its size, and the refusals.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from rulesets.cards import Card, parse_cards
from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame
from rulesets.continental.records import Draw, HandDealt
from rulesets.errors import InvalidInputError
from solver.continental.played_sampler import PlayedSampler
from solver.continental.public import OtherPlayer
from solver.continental.random_player import random_action
from solver.continental.sampler import Deal, Sampler, SeatKnowledge, knowledge_of_seat


class Taken:
    """The cards each seat took from the discard pile and still holds, followed by the test on the
    referee's state one action at a time: the top discard before an action, in the seat's hand
    after it (the hand starts afresh at each deal)."""

    def __init__(self, players: int) -> None:
        self.held: list[set[Card]] = [set() for _ in range(players)]
        self.hand = 1

    def follow(self, game: ContinentalGame, action: object) -> None:
        top = game.discards[-1] if game.discards else None
        before = [set(hand) for hand in game.hands]
        game.apply(action)  # type: ignore[arg-type]
        if game.hand_number != self.hand:
            self.hand, self.held = game.hand_number, [set() for _ in self.held]
            return
        for seat, hand in enumerate(game.hands):
            now = set(hand)
            self.held[seat] = (self.held[seat] | ({top} & (now - before[seat]))) & now


def check_deals(game: ContinentalGame, seat: int, taken: Taken, seed: int) -> None:
    """Every fact of the module text, for deals of ``seat``'s knowledge now."""
    knowledge = knowledge_of_seat(game, seat)
    others = [(seat + step) % game.players for step in range(1, game.players)]
    placed = [*game.hands[seat], *(c for meld in game.table for c in meld.cards), *game.discards]
    assert [set(other.held) for other in knowledge.others] == [taken.held[o] for o in others]
    start = max(i for i, record in enumerate(game.log) if isinstance(record, HandDealt))
    draws = Counter(record.seat for record in game.log[start:] if isinstance(record, Draw))
    assert [other.turns for other in knowledge.others] == [draws[o] for o in others]
    truth_hidden = Counter([*(c for o in others for c in game.hands[o]), *game.stock])
    for sampler in (Sampler(knowledge), PlayedSampler(knowledge, game.contract)):
        deals = list(sampler.deals(3, seed))
        assert deals == list(sampler.deals(3, seed))
        check_deals_of(deals, game, others, placed, taken, truth_hidden)


def check_deals_of(deals: list[Deal], game: ContinentalGame, others: list[int], placed: list[Card],
                   taken: Taken, truth_hidden: Counter[Card]) -> None:
    """The facts of one sampler's ``deals``."""
    for deal in deals:
        dealt = [*(c for hand in deal.hands for c in hand), *deal.stock]
        assert not set(dealt) & set(placed)
        assert [len(hand) for hand in deal.hands] == [len(game.hands[o]) for o in others]
        assert len(deal.stock) == len(game.stock)
        for hand, other in zip(deal.hands, others, strict=True):
            assert taken.held[other] <= set(hand), (taken.held[other], hand)
        assert Counter(placed + dealt) == Counter(game.config.deck.cards())
        assert Counter(dealt) == truth_hidden  # the same cards, wherever they are dealt


def play_and_check(number: int, hands: int = 1) -> int:
    """Random game ``number``; returns the positions checked."""
    rng = random.Random(number)
    players = 2 + number % 5
    game = ContinentalGame(GameConfig.create(players=players, hands=hands, seed=number, dealer=0))
    taken = Taken(players)
    checks = 0
    for _ in range(600 * hands):
        if game.is_over:
            break
        taken.follow(game, random_action(game, rng.choice(game.awaited()), rng, skill=rng.random()))
        if not game.is_over and rng.random() < 0.1:
            check_deals(game, rng.randrange(players), taken, rng.randrange(2**32))
            checks += 1
    return checks


def test_deals_keep_everything_public_over_random_games() -> None:
    assert sum(play_and_check(number) for number in range(5)) > 40


@pytest.mark.slow
def test_deals_keep_everything_public_over_many_random_games() -> None:
    assert sum(play_and_check(number, hands=7) for number in range(100, 106)) > 500


def test_a_held_card_is_dealt_to_its_holder_only() -> None:
    king = tuple(parse_cards("Kd"))
    knowledge = SeatKnowledge(tuple(parse_cards("7c 8c")), (), tuple(parse_cards("9s")),
                              (OtherPlayer(3, picked_up=king), OtherPlayer(4, bought=king[:0])))
    for deal in Sampler(knowledge).deals(50, 3):
        assert deal.hands[0][0] == king[0] and king[0] not in deal.hands[1] + deal.stock


def test_an_unknown_card_lands_in_a_place_in_proportion_to_its_size() -> None:
    """Hidden places of sizes 7, 12, 6 and the stock: over seeded deals, each unknown card's counts
    per place are within a loose chi-square bound of the sizes' proportions."""
    held = tuple(parse_cards("Kd Qs"))
    knowledge = SeatKnowledge(tuple(parse_cards("2c 3c 4c 5c 6c 7c 8c 9c")),
                              tuple(parse_cards("Ah Ah Ad", decks=2)), tuple(parse_cards("Td Jd")),
                              (OtherPlayer(8, picked_up=held[:1]), OtherPlayer(13, bought=held[1:]),
                               OtherPlayer(6)))
    sampler = Sampler(knowledge)
    sizes = np.array([*sampler.hidden, sampler.stock_size])
    assert sizes.tolist() == [7, 12, 6, len(sampler.unknown) - 25]
    rows = 3000
    orders = sampler.permutations(rows, np.random.default_rng(2021))
    place_of_position = np.repeat(np.arange(len(sizes)), sizes)
    counts = np.zeros((len(sampler.unknown), len(sizes)))
    for order in orders:
        counts[order, place_of_position] += 1
    expected = rows * sizes / sizes.sum()
    chi2 = ((counts - expected) ** 2 / expected).sum(axis=1)
    dof = len(sizes) - 1
    assert chi2.max() < 40  # a chi-square of 3 degrees of freedom exceeds 40 once in 10^8
    total, total_dof = chi2.sum(), dof * len(sampler.unknown)
    assert abs(total - total_dof) < 6 * (2 * total_dof) ** 0.5


def test_knowledge_no_deal_fits_is_refused() -> None:
    seven = tuple(parse_cards("7c"))
    with pytest.raises(InvalidInputError, match="known in two places"):
        Sampler(SeatKnowledge(seven, seven, (), ()))
    with pytest.raises(InvalidInputError, match="only"):
        Sampler(SeatKnowledge(seven, (), (), (OtherPlayer(60), OtherPlayer(60))))
    with pytest.raises(InvalidInputError, match="fewer cards"):
        Sampler(SeatKnowledge(seven, (), (), (OtherPlayer(0, picked_up=tuple(parse_cards("Kd"))),)))
