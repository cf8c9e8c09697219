"""One Ramchi round on its own (kept for imports): see :func:`rulesets.ramchi.scoring.play_round`.

>>> result = play_round(2, (300, None, 300), previous_winner=2, dealer=0)
>>> result.leader, result.winner, result.chips
(2, 2, (-2, -2, 4))
"""

from __future__ import annotations

from rulesets.ramchi.scoring import play_round

__all__ = ["play_round"]
