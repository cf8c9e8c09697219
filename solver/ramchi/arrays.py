"""Ramchi arrangements as arrays: many 17-card hands arranged at once with numpy.

``ev`` advice arranges two opponents in each of hundreds of sampled deals; doing that one hand
at a time in Python was most of its time. Here a batch of hands is an ``(H, 17)`` array of card
indices (:attr:`rulesets.cards.Card.index`, sorted). Every hand has the same 680 three-card
*position* triples, so which triples overlap is one fixed ``680 × 680`` table; a triple's
strength is looked up from the rules' :func:`~rulesets.ramchi.combinations.strength_table`.

A *packing* takes, again and again, the available triple with the highest key and drops every
triple that shares a card with it, up to five times. With the key "strength, then card mask"
this is exactly :func:`solver.ramchi.greedy.greedy_lineup` over
:func:`solver.ramchi.candidates.hand_candidates` (the tests check it on many hands).

>>> from rulesets.cards import parse_cards
>>> hands = hand_array([parse_cards("As Ad Ah Ks Qs Js 2c 3d 5h 7c 8d 9h Tc 4s 6d 6h 9c")])
>>> greedy_strengths(hands)[0].tolist()[:2]
[585, 569]
>>> four_ranks(hand_array([parse_cards("9c 9d 9h 9s As Ad Ah Ks Qs Js 2c 3d 5h 7c 8d 4h Tc")]))
array([9])
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

import numpy as np

from rulesets.cards import Card
from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.combinations import strength_table
from rulesets.ramchi.deal import HAND_SIZE

__all__ = [
    "CARDS",
    "POSITION_TRIPLES",
    "THRESHOLDS",
    "conflicts",
    "four_ranks",
    "greedy_strengths",
    "hand_array",
    "pack",
    "packed_triples",
    "threshold_keys",
    "triple_table",
    "triples_of",
]

CARDS = 52
"""Cards in the Ramchi deck (indices 0–51, rank-major: ``index // 4 + 2`` is the rank)."""

POSITION_TRIPLES = np.array(list(combinations(range(HAND_SIZE), 3)), dtype=np.int64)
"""The 680 three-position subsets of a 17-card hand, in a fixed order."""

NO_TRIPLE = -1
"""The key of a triple that is no combination, or is no longer available."""


@cache
def triple_table() -> tuple[np.ndarray, np.ndarray]:
    """``(strength, greedy_rank)`` of every sorted card triple ``a < b < c``, indexed by
    ``(a * 52 + b) * 52 + c``: strength 0 and rank ``-1`` for a set that is no combination.

    The greedy rank orders combinations by strength, then by card mask (as
    :func:`~solver.ramchi.candidates.hand_candidates` sorts them), 0 the lowest.

    >>> strength, rank = triple_table()
    >>> int(strength[(48 * 52 + 49) * 52 + 50]), int(rank.max()) + 1 == len(strength_table())
    (585, True)
    """
    strength = np.zeros(CARDS ** 3, dtype=np.int32)
    rank = np.full(CARDS ** 3, NO_TRIPLE, dtype=np.int32)
    ordered = sorted((value, mask) for mask, value in strength_table().items())
    for position, (value, mask) in enumerate(ordered):
        a, b, c = (i for i in range(CARDS) if mask >> i & 1)
        code = (a * CARDS + b) * CARDS + c
        strength[code] = value
        rank[code] = position
    return strength, rank


@cache
def conflicts() -> np.ndarray:
    """``conflicts()[i, j]``: position triples ``i`` and ``j`` share a position (``i`` with
    itself included), as a ``680 × 680`` boolean table.

    >>> bool(conflicts()[0, 0]), bool(conflicts()[0, -1])
    (True, False)
    """
    member = np.zeros((len(POSITION_TRIPLES), HAND_SIZE), dtype=np.int32)
    np.put_along_axis(member, POSITION_TRIPLES, 1, axis=1)
    return (member @ member.T) > 0


@cache
def _overlap_minus_one() -> np.ndarray:
    """:func:`conflicts` as ``int16`` ``-1`` (overlap) and ``0``: or-ed into keys, it marks the
    triples that overlap a taken one as :data:`NO_TRIPLE`.
    """
    return -conflicts().astype(np.int16)


def hand_array(hands: Sequence[Sequence[Card]]) -> np.ndarray:
    """17-card hands as an ``(H, 17)`` array of sorted card indices.

    >>> from rulesets.cards import DECK
    >>> hand_array([DECK[17:0:-1]])[0, :3].tolist()
    [1, 2, 3]
    """
    array = np.array([[card.index for card in hand] for hand in hands], dtype=np.int64)
    if array.ndim != 2 or array.shape[1] != HAND_SIZE:
        raise ValueError(f"every hand must hold {HAND_SIZE} cards")
    return np.sort(array, axis=1)


def triples_of(hands: np.ndarray) -> np.ndarray:
    """The table code of each of the 680 position triples of each hand: ``(H, 680)``."""
    picked = hands[:, POSITION_TRIPLES]
    return (picked[..., 0] * CARDS + picked[..., 1]) * CARDS + picked[..., 2]


def pack(keys: np.ndarray, strengths: np.ndarray) -> np.ndarray:
    """Pack each row: take the available triple with the highest key, drop those that share a
    card with it, up to five times. ``keys`` and ``strengths`` are ``(H, 680)``; a key below 0
    is never taken. Returns the strengths taken, ``(H, 5)``, strongest first, 0 past the end.
    """
    triples = packed_triples(keys)
    taken = np.take_along_axis(strengths, np.maximum(triples, 0), axis=1)
    return -np.sort(-np.where(triples >= 0, taken, 0), axis=1)


def packed_triples(keys: np.ndarray) -> np.ndarray:
    """The position triples :func:`pack` takes, ``(H, 5)`` indices into
    :data:`POSITION_TRIPLES` in the order taken, ``-1`` past the end.
    """
    keys = keys.astype(np.int16)  # every key fits (at most 3 × 7,800): half the memory traffic
    rows = np.arange(len(keys))
    taken = np.full((len(keys), MAX_COMBINATIONS), -1, dtype=np.int64)
    overlap = _overlap_minus_one()
    for step in range(MAX_COMBINATIONS):
        best = keys.argmax(axis=1)
        alive = keys[rows, best] >= 0
        if not alive.any():
            break
        taken[:, step] = np.where(alive, best, -1)
        keys |= overlap[best]  # NO_TRIPLE (-1) where the triple shares a card with the one taken
    return taken


THRESHOLDS = (547, 500, 420, 274, 150)
"""Strength thresholds of :func:`threshold_keys` (547: straights and up, 274: flushes and up)."""


def threshold_keys(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Packing keys of a pool of lineups per hand: greedy, then for each of :data:`THRESHOLDS`
    the combinations at or above it strongest first (or weakest first, to make more of them),
    then the rest strongest first. Returns keys ``(V, H, 680)`` and the strengths ``(H, 680)``.
    """
    strength, rank = triple_table()
    codes = triples_of(hands)
    strengths, ranks = strength[codes], rank[codes].astype(np.int16)
    top = len(strength_table())
    variants = np.empty((1 + 2 * len(THRESHOLDS), *ranks.shape), dtype=np.int16)
    variants[0] = ranks
    for index, threshold in enumerate(THRESHOLDS):
        strong = (ranks >= 0) & (strengths >= threshold)
        np.copyto(variants[2 * index + 1], ranks)
        np.add(ranks, top, out=variants[2 * index + 1], where=strong)
        np.copyto(variants[2 * index + 2], ranks)
        np.subtract(3 * top, ranks, out=variants[2 * index + 2], where=strong)
    return variants, strengths


def greedy_strengths(hands: np.ndarray) -> np.ndarray:
    """The greedy player's lineup strengths of every hand, ``(H, 5)``, strongest first."""
    strength, rank = triple_table()
    codes = triples_of(hands)
    return pack(rank[codes], strength[codes])


def four_ranks(hands: np.ndarray) -> np.ndarray:
    """The rank (2–14) of the highest four of a kind in each hand, 0 for none: ``(H,)``."""
    counts = np.zeros((len(hands), 13), dtype=np.int32)
    np.add.at(counts, (np.arange(len(hands))[:, None], hands // 4), 1)
    fours = counts == 4
    highest = 12 - np.argmax(fours[:, ::-1], axis=1)
    return np.where(fours.any(axis=1), highest + 2, 0)
