"""The records of a Continental Rummy game log: player actions and automatic events.

Actions: :class:`Draw`, :class:`Buy`, :class:`Pass`, :class:`Drop`, :class:`LayOff`,
:class:`SwapJoker`, :class:`MoveJoker`, :class:`Discard`, and the table's
:class:`~rulesets.seating.ReplaceByBot` (a seat handed to a bot, shared by every game).
Events: :class:`DealerDrawn`, :class:`HandDealt`, :class:`CardBought`, :class:`StockReshuffled`,
:class:`WentOut`, :class:`HandEnded`, :class:`GameEnded`.

Seats are numbered from 0 clockwise; table melds by their index in the order
they were put down (a drop of two melds adds two indexes). Each action declares here, once,
the fields a request for it holds (:mod:`rulesets.actions`: every field but ``seat``; one that
may be ``None`` may be left out) and what each holds, in words.

>>> record_to_dict(Draw(seat=1, source="stock"))
{'kind': 'draw', 'seat': 1, 'source': 'stock'}
>>> CONTINENTAL_RECORDS.from_dict({"kind": "discard", "seat": 0, "card": "7c#2"})
Discard(seat=0, card=Card('7c#2'))
>>> CONTINENTAL_RECORDS.from_dict({"kind": "lay_off", "seat": 2, "card": "Jk#2", "meld": 0, "end": None})
LayOff(seat=2, card=Card('Jk#2'), meld=0, end=None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulesets.actions import described
from rulesets.cards import Card
from rulesets.continental.deck import Deck
from rulesets.continental.values import DrawSource, RunEnd
from rulesets.log import LogError, Record, RecordTypes, record_to_dict
from rulesets.seating import ReplaceByBot

__all__ = [
    "ACTIONS",
    "CONTINENTAL_RECORDS",
    "HAND_END_REASONS",
    "Action",
    "Buy",
    "CardBought",
    "DealerDrawn",
    "Discard",
    "Draw",
    "Drop",
    "GameEnded",
    "HandDealt",
    "HandEnded",
    "LayOff",
    "MoveJoker",
    "Pass",
    "ReplaceByBot",
    "StockReshuffled",
    "SwapJoker",
    "WentOut",
    "action_from_dict",
    "record_to_dict",
]


# -- actions ------------------------------------------------------------------------------------

_CARD = "the card (its code alone names any copy you hold)"
_JOKER_GOES = "where a joker goes when it could go at either end"


@dataclass(frozen=True, slots=True)
class Draw(Record):
    """The player whose turn it is draws the top card of the stock or the discard pile."""

    kind = "draw"
    is_action = True
    seat: int
    source: DrawSource = field(metadata=described("the pile to draw from, stock or discard"))


@dataclass(frozen=True, slots=True)
class Buy(Record):
    """Another player asks to buy the top discard the current player passed up."""

    kind = "buy"
    is_action = True
    seat: int


@dataclass(frozen=True, slots=True)
class Pass(Record):
    """Another player declines to buy the top discard."""

    kind = "pass"
    is_action = True
    seat: int


@dataclass(frozen=True, slots=True)
class Drop(Record):
    """The contract's melds laid down from the hand (a run given lowest first keeps its order)."""

    kind = "drop"
    is_action = True
    seat: int
    melds: tuple[tuple[Card, ...], ...] = field(metadata=described(
        "exactly the contract's melds (a run lowest first)"))


@dataclass(frozen=True, slots=True)
class LayOff(Record):
    """``card`` laid off on table meld ``meld``; ``end`` places a joker."""

    kind = "lay_off"
    is_action = True
    seat: int
    card: Card = field(metadata=described(_CARD))
    meld: int = field(metadata=described("the table meld"))
    end: RunEnd | None = field(metadata=described(_JOKER_GOES))


@dataclass(frozen=True, slots=True)
class SwapJoker(Record):
    """The natural ``card`` a joker of run ``meld`` stands for takes its place; the joker goes to ``end``."""

    kind = "swap_joker"
    is_action = True
    seat: int
    card: Card = field(metadata=described(_CARD))
    meld: int = field(metadata=described("the table meld"))
    end: RunEnd | None = field(metadata=described(_JOKER_GOES))


@dataclass(frozen=True, slots=True)
class MoveJoker(Record):
    """The joker at the ``end`` of run ``meld`` moves to run ``to`` (at ``to_end``)."""

    kind = "move_joker"
    is_action = True
    seat: int
    meld: int = field(metadata=described("the run the joker leaves"))
    end: RunEnd = field(metadata=described("the end of the run the joker leaves"))
    to: int = field(metadata=described("the run the joker joins"))
    to_end: RunEnd | None = field(metadata=described("where it joins, when either end could take it"))


@dataclass(frozen=True, slots=True)
class Discard(Record):
    """The current player throws ``card`` on the discard pile, ending the turn."""

    kind = "discard"
    is_action = True
    seat: int
    card: Card = field(metadata=described(_CARD))


# -- events -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DealerDrawn(Record):
    """The first dealer drawn: each ``(seat, card)`` drawn in order, ties drawing again; lowest deals."""

    kind = "dealer_drawn"
    draws: tuple[tuple[int, Card], ...]
    dealer: int


@dataclass(frozen=True, slots=True)
class HandDealt(Record):
    """Hand ``hand`` (from 1) dealt by ``dealer`` from ``deck`` (in deck order, top first)."""

    kind = "hand_dealt"
    hand: int
    dealer: int
    deck: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardBought(Record):
    """``seat`` bought ``card`` (the top discard) and took ``penalty`` from the stock (None: none left)."""

    kind = "card_bought"
    hand: int
    seat: int
    card: Card
    penalty: Card | None


@dataclass(frozen=True, slots=True)
class StockReshuffled(Record):
    """The stock ran out: the discard pile but its top card became the stock ``stock`` (top first)."""

    kind = "stock_reshuffled"
    hand: int
    number: int
    stock: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class WentOut(Record):
    """``seat`` has no card left and ends the hand; ``same_turn`` if it dropped in this turn."""

    kind = "went_out"
    hand: int
    seat: int
    same_turn: bool


HAND_END_REASONS = {"went_out": "a player went out", "stock_exhausted": "the stock ran out"}
"""Why a hand ended (a :class:`HandEnded`'s ``reason``), in words."""


@dataclass(frozen=True, slots=True)
class HandEnded(Record):
    """Hand ``hand`` is over (``reason``: ``went_out`` or ``stock_exhausted``): scores and totals."""

    kind = "hand_ended"
    hand: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class GameEnded(Record):
    """Every hand is played: the totals, and the seats sharing the lowest (the winners)."""

    kind = "game_ended"
    totals: tuple[int, ...]
    winners: tuple[int, ...]


Action = Draw | Buy | Pass | Drop | LayOff | SwapJoker | MoveJoker | Discard | ReplaceByBot
"""Any player action."""

ACTIONS: tuple[type[Record], ...] = (Draw, Buy, Pass, Drop, LayOff, SwapJoker, MoveJoker, Discard,
                                     ReplaceByBot)
"""The record classes a player submits: the game's moves, and the table's handover to a bot."""

CONTINENTAL_RECORDS = RecordTypes(
    [*ACTIONS, DealerDrawn, HandDealt, CardBought, StockReshuffled, WentOut, HandEnded, GameEnded],
    jokers=True,
    decks=Deck.for_players(12).copy_limit,
)
"""Every Continental record class, by kind; cards may carry copy numbers (``7c#2``, ``Jk#2``)."""


def action_from_dict(data: Any, where: str = "action") -> Action:
    """Read a player action; an event or a malformed dict raises :class:`LogError`.

    >>> action_from_dict({"kind": "buy", "seat": 1})
    Buy(seat=1)
    >>> action_from_dict({"kind": "game_ended", "totals": [0, 0], "winners": [0, 1]})
    Traceback (most recent call last):
    ...
    rulesets.log.LogError: action: 'game_ended' is an event of the rules, not a player action
    """
    record = CONTINENTAL_RECORDS.from_dict(data, where)
    if not record.is_action:
        raise LogError(f"{where}: {record.kind!r} is an event of the rules, not a player action")
    return record  # type: ignore[return-value]
