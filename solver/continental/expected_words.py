"""Why, in a player's words, for each priced alternative of the expected-points advice.

A sentence leads with what to do (or what the alternative would cost), gives the expected
points it is priced at against the advised play, and names the reason behind a big difference
the figures show: a discard another player uses (it fits a meld on the table, a player has
dropped), the same-turn bonus of holding, the penalty card of a buy.

>>> pct(0.626), points(12.345)
('63%', '12.3')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulesets.cards import Card
from rulesets.continental.melds import can_lay_off
from solver.continental.alternatives import Kind
from solver.continental.position import Position

if TYPE_CHECKING:
    from solver.continental.expected import PricedAlternative

__all__ = ["pct", "points", "why"]

DANGEROUS = 0.2
"""A discard another player uses at least this often is called out as feeding them."""


def pct(share: float) -> str:
    """A share in words: ``63%``."""
    return f"{share:.0%}"


def points(value: float) -> str:
    """Points as the sentences write them: one decimal."""
    return f"{value:.1f}"


def _name(card: Card | None) -> str:
    return "joker" if card is not None and card.is_joker else card.pretty if card else "card"


def _fits(card: Card, position: Position) -> str | None:
    """Where a discard fits on the table, in words, if it fits a meld there."""
    for index, meld in enumerate(position.table):
        if can_lay_off(meld, card):
            dropped = [s for s, d in enumerate(position.dropped) if s and d]
            who = ("the player on your left has dropped" if 1 in dropped else
                   "a player who has dropped can lay it off" if dropped else "")
            return f"it fits meld {index + 1} on the table ({meld.text})" + (f", and {who}" if who else "")
    return None


def _of(kind: Kind, alternatives: Sequence[PricedAlternative]) -> PricedAlternative | None:
    return next((p for p in alternatives if p.alternative.kind is kind), None)


def _feeding(priced: PricedAlternative, position: Position) -> str:
    """A clause on how often the discard feeds another player, when it does often."""
    card = priced.alternative.card
    if priced.danger is None or priced.danger < DANGEROUS or card is None:
        return ""
    where = _fits(card, position)
    return (f"; another player takes it into a meld {pct(priced.danger)} of the time"
            + (f": {where}" if where else ""))


def why(priced: PricedAlternative, alternatives: Sequence[PricedAlternative], position: Position) -> str:
    """The sentence for ``priced`` among ``alternatives`` (the advised one among them)."""
    best = next(p for p in alternatives if p.advised)
    if priced.expected_points is None or best.expected_points is None:
        return ""
    kind, card = priced.alternative.kind, priced.alternative.card
    ep = points(priced.expected_points)
    if not priced.advised:
        lost = priced.points_lost or 0.0
        than = ("about as many as the advice" if abs(lost) < 0.05 else
                f"{points(abs(lost))} {'more' if lost > 0 else 'fewer'} than the advice"
                + ("" if lost > 0 else " on these samples, not enough to overrule it"))
        if priced.samples < best.samples:
            return (f"{_doing(kind, card)} expects {ep} points on the {priced.samples} deals it was "
                    f"played on, {than} on the same deals: too far behind to play it on more"
                    f"{_feeding(priced, position)}")
        return f"{_doing(kind, card)} expects {ep} points, {than}{_feeding(priced, position)}"
    return _advised(priced, alternatives, position)


def _doing(kind: Kind, card: Card | None) -> str:
    return {
        Kind.TAKE: f"taking the {_name(card)}",
        Kind.STOCK: "drawing from the stock",
        Kind.BUY: f"buying the {_name(card)} (with a penalty card)",
        Kind.PASS: "passing",
        Kind.DROP: "dropping now" + (f" and discarding the {_name(card)}" if card else ""),
        Kind.HOLD: "holding the contract to go out in one turn"
                   + (f" (discarding the {_name(card)})" if card else ""),
        Kind.DISCARD: f"discarding the {_name(card)}",
        Kind.SHED: f"discarding the {_name(card)} and shedding your heaviest cards from now on",
    }[kind]


def _against(other: PricedAlternative | None, words: str) -> str:
    if other is None or other.expected_points is None:
        return ""
    return f", against {points(other.expected_points)} {words}"


def _advised(priced: PricedAlternative, alternatives: Sequence[PricedAlternative],
             position: Position) -> str:
    kind, card = priced.alternative.kind, priced.alternative.card
    ep = f"{points(priced.expected_points or 0.0)} points expected at the end of the hand"
    if kind is Kind.TAKE:
        return f"take the {_name(card)}: {ep}" + _against(_of(Kind.STOCK, alternatives),
                                                          "for drawing from the stock")
    if kind is Kind.STOCK:
        take = _of(Kind.TAKE, alternatives)
        return f"draw from the stock: {ep}" + _against(take, f"for taking the {_name(take.alternative.card)}"
                                                       if take else "")
    if kind is Kind.BUY:
        return (f"buy the {_name(card)}: even with the penalty card, {ep}"
                + _against(_of(Kind.PASS, alternatives), "for passing"))
    if kind is Kind.PASS:
        buy = _of(Kind.BUY, alternatives)
        return (f"pass: {ep}" + _against(buy, f"for buying the {_name(buy.alternative.card)} and a "
                                         "penalty card" if buy else ""))
    if kind is Kind.HOLD:
        bonus = position.options.same_turn_bonus
        return (f"hold the contract in hand: dropping it and going out in the same turn scores {bonus}; "
                f"{ep}" + _against(_of(Kind.DROP, alternatives), "for dropping now"))
    if kind is Kind.SHED:
        return _shedding(priced, alternatives, ep)
    others = [p for p in alternatives if not p.advised and p.expected_points is not None]
    keep = next((p for p in others if p.alternative.distance_choice), None)
    head = ("drop now and discard the" if kind is Kind.DROP else "discard the") + f" {_name(card)}"
    if kind is Kind.DROP and card is None:
        head = "drop now and go out"
    if keep is not None and keep.alternative.kind is not Kind.HOLD and keep.alternative.card is not None:
        kept = _name(keep.alternative.card)
        reason = ""
        if keep.danger is not None and keep.danger >= DANGEROUS:
            where = _fits(keep.alternative.card, position)
            reason = (f": {where}" if where else ": another player would take it into a meld") + \
                f" ({pct(keep.danger)} of the samples)"
        return (f"keep the {kept}{reason}; {head}, {ep}, against "
                f"{points(keep.expected_points or 0.0)} for the {kept}")
    hold = _of(Kind.HOLD, alternatives)
    return f"{head}: {ep}" + (_against(hold, "for holding the contract to go out in one turn")
                              if kind is Kind.DROP else _next_best(others)) + _feeding(priced, position)


def _shedding(priced: PricedAlternative, alternatives: Sequence[PricedAlternative], ep: str) -> str:
    """Why shed: another player has dropped, so the hand may end before yours is down."""
    building = next((p for p in alternatives if p.alternative.distance_choice), None)
    against = ("" if building is None or building.expected_points is None else
               f", against {points(building.expected_points)} for discarding the "
               f"{_name(building.alternative.card)} to build your contract")
    return (f"shed the {_name(priced.alternative.card)} and your heaviest cards from now on: another "
            f"player has dropped and the hand may end before you can drop, so the points left in "
            f"your hand matter more than getting closer; {ep}{against}")


def _next_best(others: Sequence[PricedAlternative]) -> str:
    rest = sorted((p for p in others if p.alternative.card is not None),
                  key=lambda p: p.expected_points or 0.0)
    return _against(rest[0], f"for the {_name(rest[0].alternative.card)}") if rest else ""
