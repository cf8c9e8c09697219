"""The fast rollout policy's shortcuts (:mod:`solver.continental.rollout`) against the rules and the
exact distance they stand for: the lay-off masks of table melds against
:func:`~rulesets.continental.melds.can_lay_off`, type by type, the one-analysis discard
distances against :func:`~solver.continental.distance.distance` of each hand less each card, and
the outs a discard leaves against the distance of that hand plus each of the 53 card types.
"""

from __future__ import annotations

import random

import pytest

from rulesets.cards import Card, Rank, Suit
from rulesets.continental.config import GameConfig
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.deck import Deck
from rulesets.continental.game import ContinentalGame
from rulesets.continental.melds import can_lay_off
from solver.continental.cardtypes import TYPES, add, counts_of, remove, type_of
from solver.continental.distance import distance
from solver.continental.rollout import (
    FastPolicy,
    RolloutGame,
    accepts,
    discard_distances,
    hand_key,
    outs_left,
    play_out,
)

PROBES = [Card(None, None, 9), *(Card(rank, suit, 9) for rank in Rank for suit in Suit)]
"""One card of every type, of a copy no deck holds (so never a card already in a meld)."""


@pytest.mark.parametrize("hand", range(1, 8))
def test_the_lay_off_mask_of_every_meld_a_hand_ends_with_is_the_rules_lay_off(hand: int) -> None:
    checked = 0
    for seed in range(12):
        game = ContinentalGame(GameConfig.create(players=4, hands=7, seed=seed, dealer=0))
        while game.hand_number < hand:
            game.stock_ran_out()
        rollout = RolloutGame.copy_of(game, seed)
        play_out(rollout)
        for meld in rollout.table:
            mask = accepts(meld)
            for probe in PROBES:
                assert bool(mask >> type_of(probe) & 1) == can_lay_off(meld, probe), (meld.text, probe)
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("hand", range(1, 8))
def test_a_discard_s_distance_from_one_analysis_is_the_exact_distance(hand: int) -> None:
    contract = CONTRACTS[hand]
    deck = list(Deck.for_players(4).cards())
    rng = random.Random(hand)
    for _ in range(60):
        cards = rng.sample(deck, contract.cards_dealt + 1 + rng.choice((0, 0, 2, 4)))
        far = discard_distances(cards, contract)
        for card in cards:
            assert far[type_of(card)] == distance(remove(counts_of(cards), type_of(card)), contract)


@pytest.mark.parametrize("hand", range(1, 8))
def test_the_outs_a_discard_leaves_are_the_card_types_that_bring_the_hand_closer(hand: int) -> None:
    contract = CONTRACTS[hand]
    deck = list(Deck.for_players(4).cards())
    rng = random.Random(100 + hand)
    for _ in range(12):
        cards = rng.sample(deck, contract.cards_dealt + 1)
        key, jokers = hand_key(cards)
        for card in {type_of(c): c for c in cards}.values():
            left = remove(counts_of(cards), type_of(card))
            now = distance(left, contract)
            closer = sum(distance(add(left, t), contract) < now for t in range(TYPES)) if now else 0
            assert outs_left(contract, key, len(cards), jokers, card) == closer, (cards, card)


def test_the_rollout_policy_keeps_the_discard_that_leaves_the_most_outs_among_the_closest() -> None:
    for seed in range(40):
        game = ContinentalGame(GameConfig.create(players=4, hands=7, seed=seed, dealer=0))
        rollout = RolloutGame.copy_of(game, seed)
        seat = rollout.current
        rollout.take(FastPolicy().draw(rollout, seat))
        hand = rollout.hands[seat]
        record = FastPolicy().play(rollout, seat)
        if type(record).__name__ != "Discard":
            continue
        far = discard_distances(hand, rollout.contract)
        key, jokers = hand_key(hand)
        closest = [c for c in hand if far[type_of(c)] == min(far.values())]
        most = max(outs_left(rollout.contract, key, len(hand), jokers, c) for c in closest)
        assert far[type_of(record.card)] == min(far.values())
        assert outs_left(rollout.contract, key, len(hand), jokers, record.card) == most
