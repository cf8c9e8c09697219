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

from collections.abc import Iterator, Sequence
from itertools import islice

import numpy as np

from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS
from solver.budget import Deadline
from solver.ramchi.arrays import hand_array
from solver.ramchi.batch_scoring import Deals
from solver.ramchi.opponents import OpponentModel
from solver.ramchi.sampling import Sample

__all__ = ["FAST_CHUNK", "SLOW_CHUNK", "deals_within", "opponent_deals"]

FAST_CHUNK = 100
"""Samples arranged at once between two looks at the deadline (fast opponent models)."""

SLOW_CHUNK = 4
"""The same for models that cost a CP-SAT solve per hand (about 0.2 s of work per chunk)."""


def opponent_deals(samples: Sequence[Sample], seat: int, model: OpponentModel,
                   options: RamchiOptions, time_limit: float, seed: int) -> Deals:
    """Arrange the two opponents of every sample with ``model`` (the 2♦ holder may exchange
    for the sample's up-card); ``seed`` draws a mixture's models, reproducibly.
    """
    return _arranged(samples, seat, model, options, time_limit, np.random.default_rng(seed))


def deals_within(stream: Iterator[Sample], samples: int, seat: int, model: OpponentModel,
                 options: RamchiOptions, time_limit: float, seed: int, deadline: Deadline) -> Deals:
    """Up to ``samples`` deals from ``stream``, arranged chunk by chunk until ``deadline``.

    At least one chunk is always arranged; then a chunk is started only while time is left,
    so the answer has fewer deals when the budget runs out (``len()`` says how many). The
    deals are exactly the first ones :func:`opponent_deals` would give for the same seed.
    """
    rng = np.random.default_rng(seed)
    chunk = SLOW_CHUNK if model.slow else FAST_CHUNK
    parts: list[Deals] = []
    drawn = 0
    while drawn < samples and not (parts and deadline.expired()):
        batch = list(islice(stream, min(chunk, samples - drawn)))
        parts.append(_arranged(batch, seat, model, options, time_limit, rng))
        drawn += len(batch)
    return Deals.joined(parts)


def _arranged(samples: Sequence[Sample], seat: int, model: OpponentModel, options: RamchiOptions,
              time_limit: float, rng: np.random.Generator) -> Deals:
    """The deals of ``samples`` with both opponents arranged (a mixture draws from ``rng``)."""
    others = [s for s in range(SEATS) if s != seat]
    hands = hand_array([sample.hands[other] for sample in samples for other in others])
    up_cards = np.repeat([sample.up_card.index for sample in samples], len(others))
    arranged = model.arrange(hands, up_cards, options, time_limit, rng)
    strengths = np.zeros((len(samples), SEATS, MAX_COMBINATIONS), dtype=np.int64)
    fours = np.zeros((len(samples), SEATS), dtype=np.int64)
    strengths[:, others] = arranged.strengths.reshape(len(samples), len(others), MAX_COMBINATIONS)
    fours[:, others] = arranged.fours.reshape(len(samples), len(others))
    dealer = np.array([sample.dealer for sample in samples], dtype=np.int64)
    return Deals(strengths, fours, dealer)
