"""What the current Continental player does next.

>>> Phase("play")
<Phase.PLAY: 'play'>
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase"]


class Phase(StrEnum):
    """What the current player does next: draw, or play (drop, lay off, move jokers, discard)."""

    DRAW = "draw"
    PLAY = "play"
    GAME_OVER = "game_over"
