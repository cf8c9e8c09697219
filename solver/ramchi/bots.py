"""Bots that arrange a dealt hand, for the referee's random games, the API and benchmarks.

Every bot answers :meth:`decide` with a :class:`Decision`: whether to take the
up-card for the 2♦, and the lineup (combinations in play order).

>>> from rulesets.cards import parse_cards
>>> hand = parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh")
>>> len(GreedyBot().decide(hand, None, seat=0, dealer=2).lineup)
5
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rulesets.cards import Card
from rulesets.ramchi.deal import TWO_OF_DIAMONDS, exchange, four_of_a_kind_rank
from rulesets.ramchi.options import RamchiOptions
from solver.budget import BudgetExceededError, Deadline
from solver.errors import SolverTimeoutError
from solver.ramchi.advice import advise
from solver.ramchi.candidates import hand_candidates
from solver.ramchi.greedy import greedy_lineup
from solver.ramchi.opponents import DEFAULT_OPPONENTS

__all__ = ["Bot", "Decision", "EvBot", "GreedyBot", "MaximinBot"]


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's choice: take the up-card for the 2♦?, and the lineup in play order."""

    exchange: bool
    lineup: tuple[tuple[Card, ...], ...]


class Bot:
    """Base class: ``decide`` arranges a hand (after the exchange it chooses)."""

    name = "bot"

    def decide(self, hand: Sequence[Card], up_card: Card | None, *, seat: int, dealer: int,
               options: RamchiOptions | None = None, deadline: Deadline | None = None) -> Decision:
        """Choose the exchange and the lineup for ``hand`` (by ``deadline``, when given)."""
        raise NotImplementedError


class GreedyBot(Bot):
    """Strongest combination first, repeatedly; exchanges only to make four of a kind."""

    name = "greedy"

    def decide(self, hand: Sequence[Card], up_card: Card | None, *, seat: int, dealer: int,
               options: RamchiOptions | None = None, deadline: Deadline | None = None) -> Decision:
        """See the class text (fast: the deadline is not needed)."""
        options = options or RamchiOptions()
        swap = (options.exchange and up_card is not None and TWO_OF_DIAMONDS in hand
                and four_of_a_kind_rank(exchange(hand, up_card)) is not None
                and four_of_a_kind_rank(hand) is None)
        cards = exchange(hand, up_card) if swap and up_card is not None else tuple(hand)
        lineup = greedy_lineup(hand_candidates(cards))
        return Decision(swap, tuple(c.cards for c in lineup))


class _AdviceBot(Bot):
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
               options: RamchiOptions | None = None, deadline: Deadline | None = None) -> Decision:
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
        return Decision(advice.exchange.recommended,
                        tuple(c.cards for c in advice.combinations))


class MaximinBot(_AdviceBot):
    """Follows the deterministic maximin advice."""

    name = "maximin"
    objective = "maximin"


class EvBot(_AdviceBot):
    """Follows the expected-chips advice (seeded, so reproducible)."""

    name = "ev"
    objective = "ev"
