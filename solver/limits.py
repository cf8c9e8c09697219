"""Limits that keep one advice request from hogging a worker, and sampling defaults.

>>> DEFAULT_SAMPLES <= MAX_SAMPLES
True
"""

from __future__ import annotations

__all__ = [
    "DEFAULT_SAMPLES",
    "DEFAULT_SOLVER_OPPONENT_SAMPLES",
    "DEFAULT_TIME_LIMIT_S",
    "MAX_SAMPLES",
    "MAX_SOLVER_OPPONENT_SAMPLES",
    "MAX_TIME_LIMIT_S",
]

DEFAULT_SAMPLES = 200
"""Opponent splits sampled for ``ev`` advice against greedy opponents (p50 well under 1 s)."""

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
