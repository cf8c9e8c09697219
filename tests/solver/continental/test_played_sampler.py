"""Deals whose other hands look played (:mod:`solver.continental.played_sampler`): a played hand
keeps its size and its known cards and only swaps cards with the stock, each swap bringing it
closer to its contract; a player with no turn played (or dropped) is dealt as uniformly as before;
and over games of four advisors the played hands are about as close to their contracts as the
real ones, where uniform deals are far from them. (The consistency of every deal with what is
public is in ``test_sampler.py``, for both samplers.)
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np

from rulesets.cards import Card
from rulesets.continental.config import GameConfig
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.deck import Deck
from rulesets.continental.game import ContinentalGame
from solver.continental.bots import advisor_choice
from solver.continental.cardtypes import counts_of
from solver.continental.distance import distance
from solver.continental.played_sampler import PlayedSampler, played_hand
from solver.continental.public import OtherPlayer
from solver.continental.sampler import Sampler, SeatKnowledge, knowledge_of_seat


def test_a_played_hand_keeps_its_size_and_known_cards_and_only_gets_closer() -> None:
    deck = list(Deck.for_players(4).cards())
    rng = random.Random(3)
    for hand_number in range(1, 8):
        contract = CONTRACTS[hand_number]
        for _ in range(30):
            cards = rng.sample(deck, contract.cards_dealt + 40)
            hand, stock = cards[:contract.cards_dealt], cards[contract.cards_dealt:]
            known = frozenset(rng.sample(hand, 2))
            before = Counter(hand + stock)
            played = played_hand(hand, known, stock, 12, contract)
            assert len(played) == len(hand) and known <= set(played)
            assert Counter([*played, *stock]) == before  # cards only moved between hand and stock
            assert distance(counts_of(played), contract) <= distance(counts_of(hand), contract)


def test_a_player_with_no_turn_played_or_dropped_is_dealt_as_the_uniform_sampler_deals() -> None:
    game = ContinentalGame(GameConfig.create(players=4, hands=1, seed=2, dealer=0))
    knowledge = knowledge_of_seat(game, 1)
    assert [other.turns for other in knowledge.others] == [0, 0, 0]
    uniform, played = Sampler(knowledge), PlayedSampler(knowledge, game.contract)
    orders = played.permutations(4, np.random.default_rng(7))
    for order in orders:
        assert played.deal_of(order) == uniform.deal_of(order[:len(uniform.unknown)])
    dropped = SeatKnowledge(knowledge.hand, (), knowledge.discards,
                            (OtherPlayer(7, dropped=True, turns=5), *knowledge.others[1:]), knowledge.deck)
    assert PlayedSampler(dropped, game.contract).deal_of(orders[0]) == \
        Sampler(dropped).deal_of(orders[0][:len(uniform.unknown)])


def _distances(seed: int) -> dict[str, list[int]]:
    """The real, uniform and played distances of the others not dropped, at play decisions of a
    3-hand game of four advisors."""
    game = ContinentalGame(GameConfig.create(players=4, hands=3, seed=seed, dealer=0))
    rng = random.Random(seed)
    far: dict[str, list[int]] = {"real": [], "uniform": [], "played": []}
    while not game.is_over:
        seat = game.awaited()[0]
        if seat == game.current and game.phase.value == "play" and rng.random() < 0.3:
            knowledge = knowledge_of_seat(game, seat)
            others = [(seat + k) % 4 for k in range(1, 4)]
            playing = [k for k, other in enumerate(others) if not game.dropped[other]]
            far["real"] += [distance(counts_of(game.hands[others[k]]), game.contract) for k in playing]
            for name, sampler in (("uniform", Sampler(knowledge)),
                                  ("played", PlayedSampler(knowledge, game.contract))):
                for deal in sampler.deals(4, rng.randrange(1000)):
                    hands: list[tuple[Card, ...]] = [deal.hands[k] for k in playing]
                    far[name] += [distance(counts_of(hand), game.contract) for hand in hands]
        game.apply(advisor_choice(game, seat, rng)[0])
    return far


def test_played_hands_are_about_as_close_to_their_contracts_as_the_real_ones() -> None:
    far: dict[str, list[int]] = {"real": [], "uniform": [], "played": []}
    for seed in (21, 22):
        for name, values in _distances(seed).items():
            far[name] += values
    real, uniform, played = (float(np.mean(far[k])) for k in ("real", "uniform", "played"))
    assert len(far["real"]) > 40
    assert uniform > real + 0.8  # a uniform deal puts the others far from where they are
    assert abs(played - real) < 0.5, (real, uniform, played)
