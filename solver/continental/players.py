"""The bots of Continental Rummy, registered with :mod:`solver.bots`.

- ``random``: :func:`rulesets.continental.bots.random_action` with skill 0.5: a
  legal move at random, but half the time a sensible one (drop and lay off when
  it finds how, keep the cards that build melds), so that its hands end.
- ``advisor``: :func:`solver.continental.bot.advisor_action`, the advice of the
  Continental advisor from what its seat sees.

>>> from solver.bots import bots_of
>>> list(bots_of("continental"))
['random', 'advisor']
"""

from __future__ import annotations

import random

from rulesets.continental.bots import random_action
from rulesets.continental.game import ContinentalGame
from rulesets.log import Record
from solver.bots import Bot, register_bot
from solver.budget import Deadline
from solver.continental.bot import advisor_action

__all__ = ["ADVISOR", "RANDOM", "RANDOM_SKILL"]

RANDOM_SKILL = 0.5
"""How often the ``random`` bot plays a sensible move instead of a random legal one."""


def _random(game: ContinentalGame, seat: int, rng: random.Random, deadline: Deadline | None) -> Record:
    return random_action(game, seat, rng, RANDOM_SKILL)


def _advisor(game: ContinentalGame, seat: int, rng: random.Random, deadline: Deadline | None) -> Record:
    return advisor_action(game, seat, rng, deadline=deadline)


RANDOM = register_bot(Bot(
    game="continental", name="random",
    description="Plays legal moves at random, but half the time a sensible one (drops and lays off "
                "when it finds how, keeps cards that build melds), so that its hands end.",
    choose=_random))

ADVISOR = register_bot(Bot(
    game="continental", name="advisor",
    description="Follows the Continental advisor: takes or buys the discard when it helps, drops "
                "the contract as soon as it can, lays off, and throws the card that keeps it "
                "closest to going out. Sees only what its seat sees.",
    choose=_advisor, costly=True))
