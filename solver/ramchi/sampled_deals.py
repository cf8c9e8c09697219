"""Sampled deals with both opponents arranged by an opponent model, as arrays.

>>> from rulesets.cards import DECK
>>> from rulesets.ramchi.options import RamchiOptions
>>> from solver.ramchi.opponents import MODELS
>>> from solver.ramchi.sampling import draw_samples
>>> samples = draw_samples(DECK[:17], DECK[17], samples=20, seed=3, dealer=None, seat=0)
>>> deals = opponent_deals(samples, 0, MODELS["greedy"], RamchiOptions(), 1.0, seed=3)
>>> len(deals), deals.strengths.shape, int(deals.strengths[:, 0].max())
(20, (20, 3, 5), 0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS
from solver.ramchi.arrays import hand_array
from solver.ramchi.batch_scoring import Deals
from solver.ramchi.opponents import OpponentModel
from solver.ramchi.sampling import Sample

__all__ = ["opponent_deals"]


def opponent_deals(samples: Sequence[Sample], seat: int, model: OpponentModel,
                   options: RamchiOptions, time_limit: float, seed: int) -> Deals:
    """Arrange the two opponents of every sample with ``model`` (the 2♦ holder may exchange
    for the sample's up-card); ``seed`` draws a mixture's models, reproducibly.
    """
    others = [s for s in range(SEATS) if s != seat]
    hands = hand_array([sample.hands[other] for sample in samples for other in others])
    up_cards = np.repeat([sample.up_card.index for sample in samples], len(others))
    arranged = model.arrange(hands, up_cards, options, time_limit, np.random.default_rng(seed))
    strengths = np.zeros((len(samples), SEATS, MAX_COMBINATIONS), dtype=np.int64)
    fours = np.zeros((len(samples), SEATS), dtype=np.int64)
    strengths[:, others] = arranged.strengths.reshape(len(samples), len(others), MAX_COMBINATIONS)
    fours[:, others] = arranged.fours.reshape(len(samples), len(others))
    dealer = np.array([sample.dealer for sample in samples], dtype=np.int64)
    return Deals(strengths, fours, dealer)
