"""The alternatives of a Continental decision that the expected-points advice prices.

The exact advisor (:func:`~solver.continental.advice.advise`) prunes first: of the discards only
its best-ranked few are priced (:data:`DISCARDS`), of the drops only its own (the one leaving the
fewest points), and its lay-offs are played before each discard after a drop. An
:class:`Alternative` is the seat's first actions (verified by the rules when a rollout applies
them) and how the seat plays on (:class:`~solver.continental.rollout.Plan`).

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> from solver.continental.bots import seat_advice
>>> from solver.continental.position import Position
>>> game = ContinentalGame(GameConfig.create(players=4, hands=1, seed=3, dealer=0))
>>> position = Position.of_game(game, 1)
>>> [a.kind.value for a in alternatives(position, seat_advice(game, 1, drawn=False))]
['take', 'stock']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rulesets.cards import Card
from rulesets.continental.points import card_points
from rulesets.continental.records import Buy, Discard, Draw, Drop, LayOff, Pass
from rulesets.log import Record
from solver.continental.cardtypes import type_of
from solver.continental.drop import spare_cards
from solver.continental.position import Position, Step
from solver.continental.results import AdvisedLayOff, ContinentalAdvice
from solver.continental.rollout import Plan, shed_card

__all__ = ["DISCARDS", "Alternative", "Kind", "alternatives"]

DISCARDS = 4
"""How many of the exact advisor's best-ranked discards are priced."""


class Kind(StrEnum):
    """What an alternative does."""

    TAKE = "take"
    STOCK = "stock"
    BUY = "buy"
    PASS = "pass"
    DROP = "drop"
    HOLD = "hold"
    DISCARD = "discard"
    SHED = "shed"
    """Discard the card worth the most points and go on shedding the heaviest cards
    (:attr:`~solver.continental.rollout.Plan.SHED`): fewer points in hand should another player
    go out soon."""


@dataclass(frozen=True, slots=True)
class Alternative:
    """One way to play the decision: ``records`` are seat 0's first actions, ``plan`` how it plays
    its drop afterwards, ``card`` the card it takes, buys or discards (None for the stock or when
    it goes out without a discard), ``distance_choice`` whether the exact advisor plays it.
    """

    kind: Kind
    records: tuple[Record, ...]
    card: Card | None = None
    plan: Plan = Plan.NOW
    distance_choice: bool = False

    @property
    def action(self) -> Record:
        """The first action: what the seat does now."""
        return self.records[0]


def alternatives(position: Position, advice: ContinentalAdvice, *, discards: int = DISCARDS,
                 closest: bool = False, shed: bool = True) -> tuple[Alternative, ...]:
    """The alternatives of ``position``'s decision, the exact advisor's choice first.

    ``advice`` is the exact advice of the same position (its draw and buy answers when the
    step is a draw or a buy offer, its drop, lay-offs and discard ranking after the draw). At
    most ``discards`` discards are priced (and one way to hold instead of ``2``); ``closest``
    keeps, before the drop, only the discards leaving the hand as close as the best one.
    With ``shed``, once another player has dropped, a seat that cannot drop also prices shedding
    (:attr:`Kind.SHED`) when its heaviest card is worth more points than the advised discard.
    """
    if position.step is Step.BUY:
        buy = advice.buy is not None and advice.buy.advised
        pair = (Alternative(Kind.BUY, (Buy(0),), position.knowledge.discards[-1], distance_choice=buy),
                Alternative(Kind.PASS, (Pass(0),), distance_choice=not buy))
        return pair if buy else pair[::-1]
    if position.step is Step.DRAW:
        stock = Alternative(Kind.STOCK, (Draw(0, "stock"),))
        if not position.knowledge.discards:
            return (Alternative(Kind.STOCK, stock.records, distance_choice=True),)
        take = advice.take_discard is not None and advice.take_discard.advised
        pair = (Alternative(Kind.TAKE, (Draw(0, "discard"),), position.knowledge.discards[-1],
                            distance_choice=take),
                Alternative(Kind.STOCK, stock.records, distance_choice=not take))
        return pair if take else pair[::-1]
    return _play_alternatives(position, advice, discards, closest, shed)


def _discards_of(kept: Sequence[Card], card_values: str, first: Card | None,
                 most: int = DISCARDS) -> list[Card]:
    """The distinct discards among ``kept``, the advised one first, then the most points."""
    by_type: dict[int, Card] = {}
    for card in sorted(kept, key=lambda c: (-card_points(c, card_values), type_of(c))):
        by_type.setdefault(type_of(card), card)
    cards = list(by_type.values())
    if first is not None:
        cards.sort(key=lambda c: type_of(c) != type_of(first))
    return cards[:most]


def _after_melding(position: Position, advice: ContinentalAdvice, head: tuple[Record, ...],
                   kind: Kind, advised: bool, most: int) -> list[Alternative]:
    """The turn after the advised drop (``head``, possibly none when already dropped): the
    advised lay-offs, then each priced discard of the cards kept.
    """
    steps = tuple(_lay_off(step, len(position.table)) for step in advice.lay_offs)
    laid = {x.card for x in advice.lay_offs} | {c for m in advice.drop for c in m.cards}
    kept = [c for c in position.knowledge.hand if c not in laid]
    if not kept:  # goes out by melding the last card (go_out_without_discard)
        return [Alternative(kind, head + steps, None, distance_choice=advised)]
    out = []
    for card in _discards_of(kept, position.options.card_values, advice.discard, most):
        out.append(Alternative(kind, head + steps + (Discard(0, card),), card,
                               distance_choice=advised and _same_kind(card, advice.discard)))
    return out


def _same_kind(card: Card, advised: Card | None) -> bool:
    """Whether discarding ``card`` is the advised discard: the same kind of card, whichever copy
    (two copies of the 7♣ play alike; the alternatives keep one copy of each kind).

    >>> from rulesets.cards import parse_card
    >>> _same_kind(parse_card("7c#2", decks=2), parse_card("7c")), _same_kind(parse_card("7c"), None)
    (True, False)
    """
    return advised is not None and type_of(card) == type_of(advised)


def _lay_off(step: AdvisedLayOff, table_size: int) -> LayOff:
    """One advised lay-off as seat 0's record (a meld of the advised drop is numbered after the
    table's melds; a lay-off in a joker's place swaps it, as the rules' lay-off does).
    """
    meld = step.meld + (table_size if step.target == "drop" else 0)
    return LayOff(0, step.card, meld, step.end)  # type: ignore[arg-type]


def _play_alternatives(position: Position, advice: ContinentalAdvice, most: int,
                       closest: bool, shed: bool) -> tuple[Alternative, ...]:
    hand = position.knowledge.hand
    values = position.options.card_values
    if position.dropped[0]:
        return tuple(_after_melding(position, advice, (), Kind.DISCARD, True, most))
    if advice.can_drop:
        drop = (Drop(0, tuple(tuple(meld.cards) for meld in advice.drop)),)
        dropping = _after_melding(position, advice, drop, Kind.DROP, True, most)
        if advice.goes_out:
            return tuple(dropping)
        holds = [Alternative(Kind.HOLD, (Discard(0, card),), card, Plan.HOLD)
                 for card in _holding_discards(position, advice, values)[:2 if most > 2 else 1]]
        return (*dropping, *holds)
    ranking = advice.discard_ranking
    if closest and ranking:
        ranking = tuple(o for o in ranking if o.distance == ranking[0].distance)
    out = []
    for option in ranking[:most]:
        card = max((c for c in hand if type_of(c) == type_of(option.card)), key=lambda c: c.copy)
        out.append(Alternative(Kind.DISCARD, (Discard(0, card),), card,
                               distance_choice=_same_kind(card, advice.discard)))
    if shed and any(position.dropped[1:]):
        priced = {type_of(a.card) for a in out if a.card is not None}
        out.extend(a for a in _shedding(position, advice) if type_of(a.card) not in priced)  # type: ignore[arg-type]
    return tuple(out)


def _shedding(position: Position, advice: ContinentalAdvice) -> list[Alternative]:
    """The shedding alternative (:attr:`Kind.SHED`): none unless the hand's heaviest natural is
    worth more points than the advised discard (nor, in :func:`_play_alternatives`, when its card
    is priced already: one alternative a first action).
    """
    values = position.options.card_values
    naturals = [c for c in position.knowledge.hand if c.rank is not None]
    if not naturals or advice.discard is None:
        return []
    most = max(card_points(c, values) for c in naturals)
    if most <= card_points(advice.discard, values):
        return []
    card = shed_card(position.knowledge.hand, position.contract, spare_cards(position.options), values)
    return [Alternative(Kind.SHED, (Discard(0, card),), card, Plan.SHED)]


def _holding_discards(position: Position, advice: ContinentalAdvice, card_values: str) -> list[Card]:
    """The discards that keep the contract in hand (a card of none of the advised melds), the
    most points first: at most two are priced.
    """
    used = {c for m in advice.drop for c in m.cards}
    spare = [c for c in position.knowledge.hand if c not in used]
    return _discards_of(spare, card_values, None)[:2]
