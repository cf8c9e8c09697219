"""The dataclasses the solver returns (everything the API and CLI show).

>>> from rulesets.cards import parse_cards
>>> from solver.ramchi.candidates import hand_candidates
>>> planned = plan(hand_candidates(parse_cards("As Ad Ah"))[:1])
>>> planned[0].round, planned[0].category, planned[0].name
(1, 'three_of_a_kind', 'Three Aces')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rulesets.cards import Card
from rulesets.ramchi.scoring import round_stake
from solver.ramchi.candidates import Candidate

__all__ = [
    "Advice",
    "Alternative",
    "ChoiceMargin",
    "ExchangeInfo",
    "FourOfAKindInfo",
    "HindsightResult",
    "PlannedCombination",
    "plan",
]


@dataclass(frozen=True, slots=True)
class PlannedCombination:
    """One combination of a lineup: its cards, category key, strength, name and round (1–5).

    ``win_probability`` is the estimated chance it wins its round (``ev``
    advice only; ``None`` otherwise). ``stake`` is what the round pays its winner from each
    other player who pays (:func:`rulesets.ramchi.scoring.round_stake`).
    """

    cards: tuple[Card, ...]
    category: str
    strength: int
    name: str
    round: int
    win_probability: float | None = None
    stake: int = 0


def plan(lineup: Sequence[Candidate], win_probability: Sequence[float] | None = None
         ) -> tuple[PlannedCombination, ...]:
    """Describe a lineup (strongest first) as planned combinations, round 1 first."""
    planned = []
    for number, candidate in enumerate(lineup, start=1):
        info = candidate.classification
        assert info.category is not None
        probability = None if win_probability is None else win_probability[number - 1]
        planned.append(PlannedCombination(
            info.cards, info.category.key, info.strength, info.name, number, probability,
            round_stake(number)))
    return tuple(planned)


@dataclass(frozen=True, slots=True)
class ExchangeInfo:
    """The 2♦ exchange: whether it is possible, recommended, and the value of each choice."""

    possible: bool
    recommended: bool = False
    expected_chips_if_kept: float | None = None
    expected_chips_if_exchanged: float | None = None
    difference_standard_error: float | None = None
    """Standard error of (exchanged − kept) on the same samples (``ev`` advice only)."""


@dataclass(frozen=True, slots=True)
class FourOfAKindInfo:
    """A four of a kind that ends the hand before play.

    ``holder`` is ``"me"`` (my hand holds it, possibly after the exchange) or
    ``"opponent"``. ``probability_beaten`` is the sampled chance an opponent
    holds a higher one (only when ``holder == "me"``).
    """

    holder: str
    rank: str
    wins_outright: bool
    probability_beaten: float = 0.0
    note: str = ""


@dataclass(frozen=True, slots=True)
class Alternative:
    """A runner-up lineup with its expected chips (same samples as the advice), how many chips
    it is behind the advice, and the standard error of that difference (common random numbers).
    """

    combinations: tuple[PlannedCombination, ...]
    discards: tuple[Card, ...]
    expected_chips: float
    standard_error: float
    chips_behind: float = 0.0
    behind_standard_error: float = 0.0


CLEAR_MARGIN = 2.0
"""A choice is called *clear* when its margin is at least this many standard errors."""


@dataclass(frozen=True, slots=True)
class ChoiceMargin:
    """How clear the advised lineup's lead is over the runner-up: the difference of their mean
    chips on the same samples, its standard error, and whether it is at least
    :data:`CLEAR_MARGIN` standard errors (``clear``).

    >>> ChoiceMargin.of(0.5, 0.1)
    ChoiceMargin(chips=0.5, standard_error=0.1, clear=True)
    """

    chips: float
    standard_error: float
    clear: bool

    @classmethod
    def of(cls, chips: float, standard_error: float) -> ChoiceMargin:
        """The margin, judged clear or not."""
        return cls(chips, standard_error, chips >= CLEAR_MARGIN * standard_error and chips > 0)


@dataclass(frozen=True, slots=True)
class Advice:
    """The advice for one hand: what to play, in which round, and what it is worth.

    ``combinations`` are in play order (round 1 first); ``discards`` are the
    cards in no combination. ``expected_chips`` and ``standard_error`` are
    ``None`` for the deterministic ``maximin`` objective.
    """

    objective: str
    hand: tuple[Card, ...]
    combinations: tuple[PlannedCombination, ...]
    discards: tuple[Card, ...]
    expected_chips: float | None
    standard_error: float | None
    exchange: ExchangeInfo
    four_of_a_kind: FourOfAKindInfo | None
    alternatives: tuple[Alternative, ...]
    explanation: str
    solve_ms: float
    samples: int = 0
    seed: int | None = None
    assumptions: dict[str, object] = field(default_factory=dict)
    margin: ChoiceMargin | None = None
    """The lead over the runner-up lineup (``ev`` advice with a runner-up only)."""
    samples_used: int = 0
    """The samples the answer rests on: ``samples`` unless the budget ran out first."""
    complete: bool = True
    """Whether every sample was used and the search ran to its end within the budget."""
    budget_note: str | None = None
    """When not complete: what the budget cut short, in words."""


@dataclass(frozen=True, slots=True)
class HindsightResult:
    """The best lineup a seat could have played against the other seats' actual lineups.

    ``chips`` is what the best lineup wins; with the lineup actually
    ``played``, ``played_chips`` is what that won and ``difference`` the chips
    left on the table (``chips - played_chips``, never negative).
    """

    seat: int
    combinations: tuple[PlannedCombination, ...]
    discards: tuple[Card, ...]
    chips: int
    played_chips: int | None = None
    difference: int | None = None
    solve_ms: float = 0.0
