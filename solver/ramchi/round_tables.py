"""Round tables: what a combination of each strength is worth in each round, from sampled deals.

``table[k, v]`` is twice my summed chips in round ``k + 1`` over the played-out deals if my
combination there has strength ``v`` (``v = 0``: I have run out), given the best strength the
other seats show in that round; a tie counts half a win. Summed over rounds for a lineup it is
the *linear estimate* of the lineup's chips (it ignores who leads each round). ``ev`` advice uses
it to propose lineups to its CP-SAT model, and the ``ev`` opponent model uses a *prior* table,
built once from random deals against greedy players, to arrange its own hands.

>>> import numpy as np
>>> from rulesets.ramchi.options import RamchiOptions
>>> from solver.ramchi.batch_scoring import Deals
>>> deals = Deals(np.array([[[0] * 5, [300, 0, 0, 0, 0], [200, 0, 0, 0, 0]]]),
...               np.zeros((1, 3), dtype=int), np.array([0]))
>>> table = round_tables(deals, 0, 0, RamchiOptions())
>>> int(table[0, 299]), int(table[0, 300]), int(table[0, 301])
(-2, 1, 4)
>>> lineup_values(table, np.array([[301, 0, 0, 0, 0]])).tolist()
[4]
"""

from __future__ import annotations

from functools import cache

import numpy as np

from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.combinations import STRONGEST
from rulesets.ramchi.deal import HAND_SIZE
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS
from solver.ramchi.arrays import CARDS, four_ranks, greedy_strengths
from solver.ramchi.batch_scoring import Deals

__all__ = ["PRIOR_DEALS", "lineup_values", "prior_table", "round_tables"]

PRIOR_DEALS = 4000
"""Random deals behind the prior table of the ``ev`` opponent model (fixed seed)."""


def round_tables(deals: Deals, seat: int, my_four: int, options: RamchiOptions) -> np.ndarray:
    """The ``(5, STRONGEST + 1)`` table of doubled summed chips per round and strength."""
    played = np.ones(len(deals), dtype=bool)
    if options.four_of_a_kind:
        fours = deals.fours.copy()
        fours[:, seat] = my_four
        played = fours.max(axis=1) == 0
    others = np.delete(deals.strengths[played], seat, axis=1)
    best = others.max(axis=1)  # (N, 5): the best opposing strength per round, 0: nobody plays
    tables = np.zeros((MAX_COMBINATIONS, STRONGEST + 1), dtype=np.int64)
    for index in range(MAX_COMBINATIONS):
        tables[index] = _round_table(index + 1, best[:, index], options)
    return tables


def _round_table(number: int, best_other: np.ndarray, options: RamchiOptions) -> np.ndarray:
    """Doubled summed chips per strength for one round from the best opposing strengths."""
    nobody = int((best_other == 0).sum())
    histogram = np.bincount(best_other[best_other > 0], minlength=STRONGEST + 1)
    contested = int(histogram.sum())
    below = np.concatenate(([0], np.cumsum(histogram)[:-1]))  # opponents strictly weaker
    above = contested - below - histogram
    win_gain = number * (SEATS - 1)
    alone_gain = number * (SEATS - 1 if options.out_players_pay else 0)
    table = (2 * below * win_gain + histogram * (win_gain - number) - 2 * above * number
             + 2 * nobody * alone_gain)
    table[0] = -2 * contested * number if options.out_players_pay else 0
    return table


def lineup_values(table: np.ndarray, lineups: np.ndarray) -> np.ndarray:
    """The linear estimate of each lineup (``(..., 5)`` strengths, 0 past the end)."""
    return table[np.arange(MAX_COMBINATIONS), lineups].sum(axis=-1)


@cache
def prior_table(options: RamchiOptions) -> np.ndarray:
    """The round table of a seat against two greedy players over :data:`PRIOR_DEALS` random
    deals (seeded: the same for every run), dealers rotated.

    >>> table = prior_table(RamchiOptions())
    >>> bool(table[4, 585] > table[4, 300] > table[4, 1] == table[4, 0])
    True
    """
    rng = np.random.default_rng(20261130)
    decks = np.argsort(rng.random((PRIOR_DEALS, CARDS)), axis=1)
    hands = [np.sort(decks[:, HAND_SIZE * s:HAND_SIZE * (s + 1)], axis=1) for s in range(SEATS)]
    strengths = np.stack([greedy_strengths(h) for h in hands], axis=1)
    fours = np.stack([four_ranks(h) for h in hands], axis=1)
    deals = Deals(strengths, fours, np.arange(PRIOR_DEALS) % SEATS)
    return round_tables(deals, 0, 0, options)
