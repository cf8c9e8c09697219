"""Seeds of games: what a seed may be, and how one is drawn when none is given.

A given seed may be any whole number from 0 to :data:`MAX_SEED` (what a 64-bit store holds). A
seed the referee draws itself stays below :data:`DRAWN_SEED_LIMIT` (2**53), so that it survives
every JSON reader: JavaScript reads whole numbers exactly only up to 2**53, and a page that read
a larger seed from a log and posted the log back would change the seed, hence the deck, and the
referee would rightly refuse the log.

>>> 0 <= draw_seed() < DRAWN_SEED_LIMIT <= MAX_SEED
True
"""

from __future__ import annotations

import random

__all__ = ["DRAWN_SEED_LIMIT", "MAX_SEED", "draw_seed"]

MAX_SEED = 2**63 - 1
"""Seeds are whole numbers from 0 to ``MAX_SEED`` (what a 64-bit store holds)."""

DRAWN_SEED_LIMIT = 2**53
"""A drawn seed is below this: exact in every JSON reader (JavaScript's safe integers)."""


def draw_seed() -> int:
    """A seed for a game whose creator gave none: from the system's source of randomness."""
    return random.SystemRandom().randrange(DRAWN_SEED_LIMIT)
