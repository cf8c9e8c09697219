"""The advised action: what a Continental advice asks a seat to do now, as action records (for
the advisor bot, :mod:`solver.continental.bots`) and as the request body of
``POST /v1/games/{id}/actions`` (for the API's advice answers, their ``action`` and
``buy_action``), so that the bot and the page follow one mapping.

One step at a time: the advice is a plan for the turn (drop, lay-offs, discard), and its first
step is the action; after it the seat is advised again, from the game as it then stands.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from rulesets.cards import Card
from rulesets.continental.melds import Meld, Run
from rulesets.continental.records import Buy, Discard, Draw, Drop, LayOff, Pass, SwapJoker
from rulesets.legal_actions import request_body
from rulesets.log import Record
from solver.continental.results import AdvisedLayOff, ContinentalAdvice

__all__ = ["advised_records", "advised_request", "record_request"]


def advised_records(advice: ContinentalAdvice, seat: int, table: Sequence[Meld], *,
                    offer: bool = False) -> tuple[Record, ...]:
    """The actions ``advice`` asks ``seat`` to take now, the advised one first, then those to
    try in its place when the rules refuse it (empty: the advice names no action).

    ``table`` holds the melds the advice was given (a swap of a table joker is told from a
    lay-off by them); ``offer`` says the seat answers a buy offer out of its turn. One step at a
    time, as the bot plays: a buy offer is ``Buy`` (then ``Pass``) or ``Pass``; before the draw,
    ``Draw(seat, "discard")`` (then from the stock) when taking it is advised, else the stock;
    after the draw, the drop, else each advised lay-off on the table in turn (``SwapJoker``
    first when the card takes a joker's place), else the discard.

    >>> from rulesets.continental.config import GameConfig
    >>> from rulesets.continental.game import ContinentalGame
    >>> from solver.continental.bots import seat_advice
    >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
    >>> advised_records(seat_advice(game, 1, drawn=False), 1, game.table)
    (Draw(seat=1, source='discard'), Draw(seat=1, source='stock'))
    """
    if offer:
        return (Buy(seat), Pass(seat)) if advice.buy is not None and advice.buy.advised else (Pass(seat),)
    if not advice.drawn:
        stock = Draw(seat, "stock")
        taken = advice.take_discard is not None and advice.take_discard.advised
        return (Draw(seat, "discard"), stock) if taken else (stock,)
    if not advice.dropped and advice.can_drop:
        return (Drop(seat, tuple(tuple(meld.cards) for meld in advice.drop)),)
    if advice.dropped and advice.lay_offs:
        return tuple(record for step in advice.lay_offs for record in _lay_offs(seat, step, table))
    return () if advice.discard is None else (Discard(seat, advice.discard),)


def advised_request(advice: ContinentalAdvice, table: Sequence[Meld], *, offer: bool = False,
                    named: Mapping[Card, Card] | None = None) -> dict[str, Any] | None:
    """The advised action (:func:`advised_records`) as the body of ``POST /v1/games/{id}/actions``
    for the seat advised, or None when the advice names no action. ``named`` gives the card the
    body names for a card of the advised hand (the copy the seat holds, as its view writes it:
    an action names the copy it plays); a card it does not give is written as its first copy.

    >>> from rulesets.continental.config import GameConfig
    >>> from rulesets.continental.game import ContinentalGame
    >>> from solver.continental.bots import seat_advice
    >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
    >>> advice = seat_advice(game, 1, drawn=False)
    >>> advised_request(advice, game.table), advised_request(advice, game.table, offer=True)
    ({'type': 'draw', 'source': 'discard'}, {'type': 'buy'})
    """
    records = advised_records(advice, 0, table, offer=offer)
    return request_body(_named(records[0], named or {})) if records else None


def record_request(record: Record, named: Mapping[Card, Card] | None = None) -> dict[str, Any]:
    """An action record of the advised seat as the body of ``POST /v1/games/{id}/actions``, each
    card as ``named`` names it (see :func:`advised_request`).

    >>> from rulesets.cards import parse_card
    >>> record_request(Discard(0, parse_card("9s")))
    {'type': 'discard', 'card': '9s'}
    """
    return request_body(_named(record, named or {}))


def _named(value: Any, named: Mapping[Card, Card]) -> Any:
    """``value`` (a record, a card or tuples of them) with every card as ``named`` names it,
    else its first copy.
    """
    if isinstance(value, Card):
        return named.get(value, dataclasses.replace(value, copy=1))
    if isinstance(value, tuple):
        return tuple(_named(item, named) for item in value)
    if isinstance(value, Record):
        return dataclasses.replace(value, **{field.name: _named(getattr(value, field.name), named)
                                             for field in dataclasses.fields(value)})
    return value


def _is_swap(card: Card, step: AdvisedLayOff, table: Sequence[Meld]) -> bool:
    """Whether the natural ``card`` takes the place of a joker of a table run (not a new end)."""
    if card.is_joker or step.meld >= len(table):
        return False
    old, new = table[step.meld], step.result
    return (isinstance(old, Run) and isinstance(new, Run)
            and new.cards not in ((card, *old.cards), (*old.cards, card)))


def _lay_offs(seat: int, step: AdvisedLayOff, table: Sequence[Meld]) -> tuple[Record, ...]:
    """The records playing one advised lay-off on the table (a swap first when it is one)."""
    if step.target != "table":
        return ()
    lay = LayOff(seat, step.card, step.meld, step.end)
    return (SwapJoker(seat, step.card, step.meld, step.end), lay) if _is_swap(step.card, step, table) \
        else (lay,)
