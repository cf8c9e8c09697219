"""Limits that keep one advice request from hogging a worker, and sampling defaults.

>>> DEFAULT_SAMPLES <= MAX_SAMPLES
True
"""

from __future__ import annotations

__all__ = [
    "CONTINENTAL_MAX_CONTRACT_MELDS",
    "CONTINENTAL_MAX_HAND_CARDS",
    "CONTINENTAL_MAX_SAMPLES",
    "CONTINENTAL_MAX_TABLE_MELDS",
    "CONTINENTAL_MAX_TURNS_TOLD",
    "DEFAULT_SAMPLES",
    "DEFAULT_SOLVER_OPPONENT_SAMPLES",
    "DEFAULT_TIME_LIMIT_S",
    "MAX_SAMPLES",
    "MAX_SOLVER_OPPONENT_SAMPLES",
    "MAX_TIME_LIMIT_S",
]

DEFAULT_SAMPLES = 200
"""Opponent splits sampled for ``ev`` advice (p50 well under 0.2 s with every fast opponent model)."""

DEFAULT_SOLVER_OPPONENT_SAMPLES = 40
"""Splits sampled when the opponents are modelled by this solver (each costs two solves)."""

MAX_SAMPLES = 5000
"""The most splits one request may ask for."""

MAX_SOLVER_OPPONENT_SAMPLES = 200
"""The most splits with ``opponents="solver"``: every sample costs two CP-SAT solves."""

DEFAULT_TIME_LIMIT_S = 5.0
"""Wall-clock budget of one CP-SAT solve unless the caller gives less."""

MAX_TIME_LIMIT_S = 30.0
"""The most a caller may give a single request."""

CONTINENTAL_MAX_HAND_CARDS = 30
"""The largest Continental hand advised: 13 dealt, the draw, and eight buys (two cards each)."""

CONTINENTAL_MAX_TABLE_MELDS = 36
"""The most melds on a Continental table: twelve players with three melds each."""

CONTINENTAL_MAX_CONTRACT_MELDS = 3
"""The most melds a contract given as trios and runs may ask for (hands 4 to 7 ask for three)."""

CONTINENTAL_MAX_TURNS_TOLD = 10_000
"""The most turns another player may be told to have played in a hand (a hand has no fixed
length; the cards a deal plays forward are bounded by the stock besides)."""

CONTINENTAL_MAX_SAMPLES = 200
"""The most samples a Continental expected-points advice may ask for (each plays every
alternative out once: about 10 ms a sample for four alternatives)."""
