"""The Ramchi bots: arrangers that choose a seat's exchange and lineup, and the bots they play.

An :class:`ArrangerBot` answers :meth:`~ArrangerBot.decide` with an :class:`ArrangerChoice`:
whether to take the up-card for the 2♦, and the lineup (combinations in play order). The
arrangers serve the referee's random games, the API and benchmarks directly:

>>> from rulesets.cards import parse_cards
>>> hand = parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh")
>>> len(GreedyBot().decide(hand, None, seat=0, dealer=2).lineup)
5

Each is also registered with :mod:`solver.bots` as a :class:`solver.bots.Bot` that plays a
seat of a refereed game: it answers the decision the game waits for, the 2♦ holder's
exchange (``exchange`` or ``keep``), then the seat's arrangement (:func:`arranger_action`). A bot
sees what its seat sees: its own 17 cards, the face-up card when it holds the 2♦, the dealer
and the options.

- ``greedy``: strongest combination first, repeatedly.
- ``maximin``: the deterministic maximin advice.
- ``ev``: the expected-chips advice (seeded, reproducible).

>>> from solver.bots import bots_of
>>> list(bots_of("ramchi"))
['greedy', 'maximin', 'ev']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rulesets.cards import Card
from rulesets.log import Record
from rulesets.ramchi.deal import TWO_OF_DIAMONDS, exchange, four_of_a_kind_rank
from rulesets.ramchi.game import Phase, RamchiGame
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.records import Arrange, Exchange, Keep
from solver.bots import Bot, register_bot
from solver.budget import BudgetExceededError, Deadline
from solver.errors import SolverTimeoutError
from solver.ramchi.advice import advise
from solver.ramchi.candidates import hand_candidates
from solver.ramchi.greedy import greedy_lineup
from solver.ramchi.opponents import DEFAULT_OPPONENTS

__all__ = [
    "EV",
    "GREEDY",
    "MAXIMIN",
    "ArrangerBot",
    "ArrangerChoice",
    "EvBot",
    "GreedyBot",
    "MaximinBot",
    "arranger_action",
]


@dataclass(frozen=True, slots=True)
class ArrangerChoice:
    """An arranger's choice: take the up-card for the 2♦?, and the lineup in play order."""

    exchange: bool
    lineup: tuple[tuple[Card, ...], ...]


class ArrangerBot:
    """Base class of the arrangers: ``decide`` arranges a hand (after the exchange it chooses)."""

    name = "bot"

    def decide(self, hand: Sequence[Card], up_card: Card | None, *, seat: int, dealer: int,
               options: RamchiOptions | None = None, deadline: Deadline | None = None) -> ArrangerChoice:
        """Choose the exchange and the lineup for ``hand`` (by ``deadline``, when given)."""
        raise NotImplementedError


class GreedyBot(ArrangerBot):
    """Strongest combination first, repeatedly; exchanges only to make four of a kind."""

    name = "greedy"

    def decide(self, hand: Sequence[Card], up_card: Card | None, *, seat: int, dealer: int,
               options: RamchiOptions | None = None, deadline: Deadline | None = None) -> ArrangerChoice:
        """See the class text (fast: the deadline is not needed)."""
        options = options or RamchiOptions()
        swap = (options.exchange and up_card is not None and TWO_OF_DIAMONDS in hand
                and four_of_a_kind_rank(exchange(hand, up_card)) is not None
                and four_of_a_kind_rank(hand) is None)
        cards = exchange(hand, up_card) if swap and up_card is not None else tuple(hand)
        lineup = greedy_lineup(hand_candidates(cards))
        return ArrangerChoice(swap, tuple(c.cards for c in lineup))


class _AdviceBot(ArrangerBot):
    objective = "ev"

    def __init__(self, samples: int | None = None, seed: int = 1,
                 opponents: str = DEFAULT_OPPONENTS, time_limit: float = 5.0,
                 mixture: Mapping[str, float] | None = None) -> None:
        self.samples = samples
        self.seed = seed
        self.opponents = opponents
        self.time_limit = time_limit
        self.mixture = mixture

    def decide(self, hand: Sequence[Card], up_card: Card | None, *, seat: int, dealer: int,
               options: RamchiOptions | None = None, deadline: Deadline | None = None) -> ArrangerChoice:
        """Follow :func:`solver.advise` for this bot's objective; when a ``deadline`` is given and
        the solver cannot answer by then, play greedy instead (a bot never stalls its game).
        """
        try:
            advice = advise(hand, up_card, objective=self.objective, seed=self.seed,
                            samples=self.samples, opponents=self.opponents,
                            mixture=self.mixture, seat=seat,
                            dealer=dealer, options=options, time_limit=self.time_limit,
                            deadline=deadline)
        except (SolverTimeoutError, BudgetExceededError):
            if deadline is None:
                raise
            return GreedyBot().decide(hand, up_card, seat=seat, dealer=dealer, options=options)
        return ArrangerChoice(advice.exchange.recommended,
                              tuple(c.cards for c in advice.combinations))


class MaximinBot(_AdviceBot):
    """Follows the deterministic maximin advice."""

    name = "maximin"
    objective = "maximin"


class EvBot(_AdviceBot):
    """Follows the expected-chips advice (seeded, so reproducible)."""

    name = "ev"
    objective = "ev"


# -- the bots registered with solver.bots ------------------------------------------------------

def arranger_action(arranger: ArrangerBot, game: RamchiGame, seat: int,
                    deadline: Deadline | None = None) -> Record:
    """The action ``arranger`` takes for ``seat``: the exchange decision, else its arrangement.

    >>> from rulesets.ramchi.config import GameConfig
    >>> game = RamchiGame(GameConfig.create(hands=1, seed=5, dealer=0))
    >>> arranger_action(GreedyBot(), game, game.awaited()[0]).kind
    'keep'
    """
    if game.phase is Phase.EXCHANGE:
        choice = arranger.decide(game.hands[seat], game.up_card, seat=seat, dealer=game.dealer,
                                 options=game.options, deadline=deadline)
        return Exchange(seat) if choice.exchange else Keep(seat)
    choice = arranger.decide(game.hands[seat], None, seat=seat, dealer=game.dealer,
                             options=game.options, deadline=deadline)
    return Arrange(seat, choice.lineup)


def _player(arranger: ArrangerBot) -> object:
    def choose(game: RamchiGame, seat: int, rng: random.Random, deadline: Deadline | None) -> Record:
        return arranger_action(arranger, game, seat, deadline)
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
