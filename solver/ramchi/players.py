"""The bots of Ramchi, registered with :mod:`solver.bots` (they play a seat of a refereed game).

Each wraps a :class:`solver.ramchi.bots.Bot` and answers the decision the game waits for: the
2♦ holder's exchange (``exchange`` or ``keep``), then the seat's arrangement. A bot sees what its
seat sees: its own 17 cards, the face-up card when it holds the 2♦, the dealer and the options.

- ``greedy``: strongest combination first, repeatedly.
- ``maximin``: the deterministic maximin advice.
- ``ev``: the expected-chips advice (seeded, reproducible).

>>> from solver.bots import bots_of
>>> list(bots_of("ramchi"))
['greedy', 'maximin', 'ev']
"""

from __future__ import annotations

import random

from rulesets.log import Record
from rulesets.ramchi.game import Phase, RamchiGame
from rulesets.ramchi.records import Arrange, Exchange, Keep
from solver.bots import Bot, register_bot
from solver.budget import Deadline
from solver.ramchi.bots import Bot as Arranger
from solver.ramchi.bots import EvBot, GreedyBot, MaximinBot

__all__ = ["EV", "GREEDY", "MAXIMIN", "decision_of"]


def decision_of(arranger: Arranger, game: RamchiGame, seat: int,
                deadline: Deadline | None = None) -> Record:
    """The action ``arranger`` takes for ``seat``: the exchange decision, else its arrangement.

    >>> from rulesets.ramchi.config import GameConfig
    >>> game = RamchiGame(GameConfig.create(hands=1, seed=5, dealer=0))
    >>> decision_of(GreedyBot(), game, game.awaited()[0]).kind
    'keep'
    """
    if game.phase is Phase.EXCHANGE:
        decision = arranger.decide(game.hands[seat], game.up_card, seat=seat, dealer=game.dealer,
                                   options=game.options, deadline=deadline)
        return Exchange(seat) if decision.exchange else Keep(seat)
    decision = arranger.decide(game.hands[seat], None, seat=seat, dealer=game.dealer,
                               options=game.options, deadline=deadline)
    return Arrange(seat, decision.lineup)


def _player(arranger: Arranger) -> object:
    def choose(game: RamchiGame, seat: int, rng: random.Random, deadline: Deadline | None) -> Record:
        return decision_of(arranger, game, seat, deadline)
    return choose


GREEDY = register_bot(Bot(game="ramchi", name="greedy", choose=_player(GreedyBot()),  # type: ignore[arg-type]
                          description="Plays its strongest combination first, repeatedly; exchanges "
                                      "the 2♦ only to make four of a kind."))
MAXIMIN = register_bot(Bot(game="ramchi", name="maximin", choose=_player(MaximinBot()), costly=True,  # type: ignore[arg-type]
                           description="Follows the maximin advice: the lineup whose worst case "
                                       "against any opponents is best."))
EV = register_bot(Bot(game="ramchi", name="ev", choose=_player(EvBot()), costly=True,  # type: ignore[arg-type]
                      description="Follows the default expected-chips advice (200 sampled deals "
                                  "of the opponents' cards, seeded, against the default mixture "
                                  "of opponent models)."))
