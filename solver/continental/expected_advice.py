"""The advice by objective: ``distance`` (the exact advisor) or ``expected_points`` (priced by rollouts).

:func:`advise_by_objective` takes what a player tells about a position (as
:func:`~solver.continental.advice.advise` does, plus the other players and the pile) and answers
an :class:`ObjectiveAdvice`: the exact advice, always (its distance, outs, drop and ranking are
facts about the hand), and, for ``expected_points``, the priced alternatives of the decision
(:class:`~solver.continental.expected.ExpectedPoints`), whose advised alternative is then the
action to play. Expected points need the other players (their hand sizes): without
``others`` the answer is the ``distance`` advice and says so in :attr:`ObjectiveAdvice.note`.

>>> from rulesets.cards import parse_cards
>>> from rulesets.continental.contracts import CONTRACTS
>>> from solver.continental.public import OtherPlayer
>>> hand = parse_cards("2c 5c 6c 8c Kd Kh 9s 4d", decks=2)
>>> told = advise_by_objective(hand, CONTRACTS[2], discard_top=parse_cards("7c")[0],
...                            others=[OtherPlayer(8)] * 3, samples=8, seed=1)
>>> told.objective.value, told.expected.step.value, told.action.kind
('expected_points', 'draw', 'draw')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rulesets.cards import Card
from rulesets.continental.contracts import Contract
from rulesets.continental.deck import Deck
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.records import Buy, Draw, Pass
from rulesets.log import Record
from solver.budget import Deadline, deadline_or_none
from solver.continental.advice import advise, table_meld
from solver.continental.advised_action import advised_records
from solver.continental.expected import DEFAULT_SAMPLES, ExpectedPoints, price
from solver.continental.position import Position, Step
from solver.continental.public import OtherPlayer
from solver.continental.results import ContinentalAdvice
from solver.limits import DEFAULT_TIME_LIMIT_S

__all__ = ["NO_OTHERS", "Objective", "ObjectiveAdvice", "advise_by_objective"]


class Objective(StrEnum):
    """What the advice optimises."""

    EXPECTED_POINTS = "expected_points"
    """The fewest points expected at the end of the hand, by rollouts (the default)."""
    DISTANCE = "distance"
    """The exact advisor: closest to the contract, then fewest points in hand."""


NO_OTHERS = ("expected points need the other players (give other_players: each one's hand size, "
             "in play order after you); this is the distance advice")
"""The note of an ``expected_points`` request answered by distance for want of the others."""


@dataclass(frozen=True, slots=True)
class ObjectiveAdvice:
    """The advice of one objective: the exact ``advice``, the priced ``expected`` decision (None
    for ``distance``), the ``objective`` answered, and a ``note`` when it is not the one asked.
    """

    advice: ContinentalAdvice
    expected: ExpectedPoints | None
    objective: Objective
    step: Step
    note: str | None = None

    @property
    def explanation(self) -> str:
        """The exact advice's explanation, and when expected points overrule it, what to play
        instead and why (so the words never contradict the advised action).
        """
        text = self.advice.explanation
        if self.expected is None or self.expected.choice.alternative.distance_choice:
            return text
        why = self.expected.choice.why
        return f"{text} By expected points, play otherwise: {why}." if why else text

    @property
    def action(self) -> Record | None:
        """Seat 0's action now by the objective answered (None: the advice names none)."""
        if self.expected is not None:
            return self.expected.choice.alternative.action
        if self.step is Step.BUY:
            buy = self.advice.buy is not None and self.advice.buy.advised
            return Buy(0) if buy else Pass(0)
        if self.step is Step.DRAW and self.advice.take_discard is None:
            return Draw(0, "stock")
        records = advised_records(self.advice, 0, (), offer=False)
        return records[0] if records else None


def advise_by_objective(hand: Sequence[Card], contract: Contract, *,
                        objective: Objective | str | None = Objective.EXPECTED_POINTS,
                        dropped: bool = False, table: Sequence[Sequence[Card]] = (),
                        discard_top: Card | None = None, seen: Sequence[Card] = (),
                        options: ContinentalOptions | None = None, drawn: bool | None = None,
                        others: Sequence[OtherPlayer] = (), discards: Sequence[Card] | None = None,
                        offer: bool = False, samples: int = DEFAULT_SAMPLES, seed: int = 0,
                        time_limit: float = DEFAULT_TIME_LIMIT_S,
                        deadline: Deadline | None = None) -> ObjectiveAdvice:
    """The advice of ``objective`` (module text; None: expected points when ``others`` are given,
    else the distance advice, with no note); the arguments are :func:`advise`'s, with
    ``offer`` (the top discard is offered to the seat for sale, out of its turn), ``samples``
    and ``seed`` (the rollouts': the same seed and samples give the same answer, unless the
    deadline cuts the sampling short).
    """
    if objective is None:  # the default: expected points when the others are known
        objective = Objective.EXPECTED_POINTS if others else Objective.DISTANCE
    objective = Objective(objective)
    deadline = deadline_or_none(deadline)
    options = options or ContinentalOptions()
    advice = advise(hand, contract, dropped=dropped, table=table, discard_top=discard_top, seen=seen,
                    options=options, drawn=False if offer else drawn, others=others,
                    discards=discards, time_limit=time_limit, deadline=deadline)
    step = Step.BUY if offer else Step.PLAY if advice.drawn else Step.DRAW
    if objective is Objective.DISTANCE:
        return ObjectiveAdvice(advice, None, objective, step)
    if not others:
        return ObjectiveAdvice(advice, None, Objective.DISTANCE, step, note=NO_OTHERS)
    pile = tuple(discards) if discards is not None else (() if discard_top is None else (discard_top,))
    if (offer or step is Step.DRAW) and discard_top is None:
        return ObjectiveAdvice(advice, None, Objective.DISTANCE, step,
                               note="no discard is offered: nothing to price")
    melds = tuple(table_meld(cards, i) for i, cards in enumerate(table))
    pile_set = set(pile)
    elsewhere = tuple(c for c in seen if c not in pile_set)
    position = Position.of_request(hand, contract, options, table=melds, dropped=dropped,
                                   discards=pile, others=others, step=step,
                                   deck=Deck.for_players(options.max_players), elsewhere=elsewhere)
    priced = price(position, advice, samples=samples, seed=seed, deadline=deadline)
    return ObjectiveAdvice(advice, priced, objective, step)
