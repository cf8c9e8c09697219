"""What the Continental advisor answers: frozen value objects, one per part of the advice.

>>> Out(parse_cards("7c")[0], 2)
Out(card=Card('7c'), unseen=2)
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesets.cards import Card, parse_cards  # noqa: F401  (doctests)
from rulesets.continental.contracts import Contract
from rulesets.continental.melds import Meld

__all__ = ["AdvisedChoice", "AdvisedLayOff", "ContinentalAdvice", "DiscardOption", "Out"]


@dataclass(frozen=True, slots=True)
class Out:
    """A card that would bring the hand one card closer to its contract, and its unseen copies."""

    card: Card
    unseen: int


@dataclass(frozen=True, slots=True)
class AdvisedLayOff:
    """One card the advice lays off, in the order to play them (a step of the advised turn; the
    game's record of a lay-off is :class:`rulesets.continental.records.LayOff`).

    ``target`` is ``"drop"`` (a meld of the advised drop) or ``"table"`` (a meld
    given in ``table``); ``meld`` is its 0-based index there; ``result`` is the
    meld once the card is on it; ``end`` is where a joker goes (``"high"`` or
    ``"low"``) when the card is a joker or takes a joker's place, else None.
    """

    card: Card
    target: str
    meld: int
    result: Meld
    end: str | None = None


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One distinct discard and what it leaves.

    ``distance`` and ``outs`` are those of the hand after this discard;
    ``next_outs`` is the average, over the outs weighted by their unseen copies,
    of the outs the hand has after drawing that out and making the best discard
    (mahjong efficiency tools call it the acceptance after advancing); ``points``
    are the penalty points of the cards kept.
    """

    card: Card
    distance: int
    outs: tuple[Out, ...]
    outs_total: int
    next_outs: float
    points: int


@dataclass(frozen=True, slots=True)
class AdvisedChoice:
    """A yes/no piece of advice (take the discard? buy it?) and the reason in words."""

    advised: bool
    reason: str


@dataclass(frozen=True, slots=True)
class ContinentalAdvice:
    """The whole advice for one hand (see :func:`solver.continental.advice.advise`).

    ``drawn`` is false for a hand held before this turn's draw: it gets the
    distance, outs and take/buy advice only (no drop, no discard, no ranking).
    ``drop`` is empty when the hand does not drop this turn (``can_drop`` false,
    or already dropped); ``discard`` is None only when the hand goes out without
    a discard (the ``go_out_without_discard`` option) or holds no card.
    ``points_left`` are the penalty points still in hand after the advised turn
    (0 when the hand goes out).
    """

    contract: Contract
    dropped: bool
    drawn: bool
    can_drop: bool
    drop: tuple[Meld, ...]
    lay_offs: tuple[AdvisedLayOff, ...]
    discard: Card | None
    points_left: int
    goes_out: bool
    distance: int
    outs: tuple[Out, ...]
    outs_total: int
    discard_ranking: tuple[DiscardOption, ...]
    take_discard: AdvisedChoice | None
    buy: AdvisedChoice | None
    explanation: str
    solve_ms: float
