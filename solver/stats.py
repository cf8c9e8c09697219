"""Small statistics for measured play: a mean and the half-width of its 95% confidence interval.

>>> mean_ci([1.0, 2.0, 3.0, 4.0])
(2.5, 1.2652)
>>> mean_ci([5.0])
(5.0, None)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z_95", "mean_ci"]

Z_95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


def mean_ci(values: Sequence[float], digits: int = 4) -> tuple[float, float | None]:
    """The mean of ``values`` and the half-width of its 95% confidence interval (normal
    approximation, sample variance); the half-width is ``None`` for fewer than two values.
    Raises ``ValueError`` for no values.
    """
    n = len(values)
    if n == 0:
        raise ValueError("no values to average")
    mean = sum(values) / n
    if n < 2:
        return round(mean, digits), None
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return round(mean, digits), round(Z_95 * math.sqrt(variance / n), digits)
