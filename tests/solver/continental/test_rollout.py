"""The fast rollout policy's shortcuts (:mod:`solver.continental.rollout`) against the rules and the
exact distance they stand for: the lay-off masks of table melds against
:func:`~rulesets.continental.melds.can_lay_off`, type by type, and the one-analysis discard
distances against :func:`~solver.continental.distance.distance` of each hand less each card.
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
from solver.continental.cardtypes import counts_of, remove, type_of
from solver.continental.distance import distance
from solver.continental.rollout import RolloutGame, accepts, discard_distances, play_out

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
