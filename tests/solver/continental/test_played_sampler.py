"""Deals whose other hands look played (:mod:`solver.continental.played_sampler`): a played hand
keeps its size and its known cards and only swaps cards with the stock, each swap bringing it
closer to its contract; a player with no turn played (or dropped) is dealt as uniformly as before;
and over games of four advisors the played hands are about as close to their contracts as the
real ones, where uniform deals are far from them. A player's hand is dealt afresh until it needs
none of the cards the player turned down (its discards, the discards it passed), so the played
hands, like the real ones, seldom need them; told nothing of them, the sampler deals hands that
often do. (The consistency of every deal with what is public is in ``test_sampler.py``, for both
samplers.)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import numpy as np

from rulesets.cards import Card
from rulesets.continental.config import GameConfig
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.deck import Deck
from rulesets.continental.game import ContinentalGame
from solver.continental.bots import advisor_choice
from solver.continental.cardtypes import counts_of, type_of
from solver.continental.distance import distance
from solver.continental.played_sampler import PlayedSampler, needed_among, played_hand
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


def _needed_turned_down(seed: int) -> dict[str, list[float]]:
    """At play decisions of a 3-hand game of four advisors, for each other player not dropped
    who has turned cards down: the share of them its hand needs, in the real hand and in played
    deals told and not told of them."""
    game = ContinentalGame(GameConfig.create(players=4, hands=3, seed=seed, dealer=0))
    rng = random.Random(seed)
    share: dict[str, list[float]] = {"real": [], "told": [], "blind": []}
    while not game.is_over:
        seat = game.awaited()[0]
        if seat == game.current and game.phase.value == "play" and rng.random() < 0.3:
            knowledge = knowledge_of_seat(game, seat)
            blind = replace(knowledge, others=tuple(replace(other, discarded=(), passed=())
                                                    for other in knowledge.others))
            for k, other in enumerate(knowledge.others):
                if other.dropped or not other.refused:
                    continue
                refused = [type_of(card) for card in other.refused if not card.is_joker]
                real = game.hands[(seat + k + 1) % 4]
                share["real"].append(needed_among(real, refused, game.contract) / len(refused))
                for name, told in (("told", knowledge), ("blind", blind)):
                    for deal in PlayedSampler(told, game.contract).deals(3, rng.randrange(1000)):
                        share[name].append(needed_among(deal.hands[k], refused, game.contract) / len(refused))
        game.apply(advisor_choice(game, seat, rng)[0])
    return share


def test_played_hands_seldom_need_the_cards_their_player_turned_down() -> None:
    share: dict[str, list[float]] = {"real": [], "told": [], "blind": []}
    for seed in (21, 22):
        for name, values in _needed_turned_down(seed).items():
            share[name] += values
    real, told, blind = (float(np.mean(share[k])) for k in ("real", "told", "blind"))
    assert len(share["real"]) > 40
    assert real < 0.03 and told < 0.05 and blind > 2 * told, (real, told, blind)


def test_a_dealt_afresh_player_keeps_its_known_cards_and_the_deal_every_card() -> None:
    game = ContinentalGame(GameConfig.create(players=4, hands=1, seed=4, dealer=0))
    rng = random.Random(4)
    for _ in range(24):  # a few rounds of hand 1
        game.apply(advisor_choice(game, game.awaited()[0], rng)[0])
    assert game.hand_number == 1 and not game.is_over
    knowledge = knowledge_of_seat(game, 0)
    assert any(other.refused for other in knowledge.others)
    sampler = PlayedSampler(knowledge, game.contract)
    for order in sampler.permutations(20, np.random.default_rng(1)):
        deal = sampler.deal_of(order)
        assert Counter([*(c for hand in deal.hands for c in hand), *deal.stock]) == \
            Counter([*sampler.unknown, *(c for other in knowledge.others for c in other.held)])
        assert [len(hand) for hand in deal.hands] == [other.hand_size for other in knowledge.others]
        assert all(set(other.held) <= set(hand)
                   for other, hand in zip(knowledge.others, deal.hands, strict=True))
        assert deal == sampler.deal_of(order)
