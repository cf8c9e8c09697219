"""Where a Ramchi hand waits for players.

>>> Phase("arrange")
<Phase.ARRANGE: 'arrange'>
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase"]


class Phase(StrEnum):
    """Where a hand waits for players; play, four of a kind and hand end are automatic."""

    EXCHANGE = "exchange"
    ARRANGE = "arrange"
    GAME_OVER = "game_over"
