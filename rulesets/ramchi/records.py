"""The records of a Ramchi game log: player actions and automatic events.

Actions: :class:`Exchange`, :class:`Keep`, :class:`Arrange`, and the table's
:class:`~rulesets.seating.ReplaceByBot` (a seat handed to a bot, shared by every game). Events:
:class:`HandDealt`, :class:`ExchangeSkipped`, :class:`FourOfAKindWon`,
:class:`RoundPlayed`, :class:`HandEnded`, :class:`GameEnded`. Each action declares here, once,
the fields a request for it holds (:mod:`rulesets.actions`).

>>> record_to_dict(Keep(seat=2))
{'kind': 'keep', 'seat': 2}
>>> RAMCHI_RECORDS.from_dict({"kind": "arrange", "seat": 0, "combinations": [["As", "Ad", "Ah"]]})
Arrange(seat=0, combinations=((Card('As'), Card('Ad'), Card('Ah')),))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulesets.actions import described
from rulesets.cards import Card
from rulesets.log import LogError, Record, RecordTypes, record_to_dict
from rulesets.seating import ReplaceByBot

__all__ = [
    "ACTIONS",
    "RAMCHI_RECORDS",
    "Arrange",
    "Exchange",
    "ExchangeSkipped",
    "FourOfAKindWon",
    "GameEnded",
    "HandDealt",
    "HandEnded",
    "Keep",
    "ReplaceByBot",
    "RoundPlayed",
    "ShownCombination",
    "action_from_dict",
    "record_to_dict",
]

Chips = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Exchange(Record):
    """The 2♦ holder swaps the 2♦ for the up-card."""

    kind = "exchange"
    is_action = True
    seat: int


@dataclass(frozen=True, slots=True)
class Keep(Record):
    """The 2♦ holder keeps their hand (declines the exchange)."""

    kind = "keep"
    is_action = True
    seat: int


@dataclass(frozen=True, slots=True)
class Arrange(Record):
    """A seat's combinations (0 to 5 of 3 cards); the rest of its hand is discarded.

    In the log the combinations are in play order (strongest first).
    """

    kind = "arrange"
    is_action = True
    seat: int
    combinations: tuple[tuple[Card, ...], ...] = field(metadata=described(
        "a list of up to five lists of three cards; [] to discard all"))


@dataclass(frozen=True, slots=True)
class HandDealt(Record):
    """Hand ``hand`` (from 1) dealt by ``dealer`` from ``deck`` (card 51 is the up-card)."""

    kind = "hand_dealt"
    hand: int
    dealer: int
    deck: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ExchangeSkipped(Record):
    """There is no exchange in this hand; ``reason`` says why."""

    kind = "exchange_skipped"
    hand: int
    reason: str


@dataclass(frozen=True, slots=True)
class FourOfAKindWon(Record):
    """``seat`` holds the highest four of a kind (``cards``) and wins the hand outright."""

    kind = "four_of_a_kind_won"
    hand: int
    seat: int
    cards: tuple[Card, ...]
    chips: Chips


@dataclass(frozen=True, slots=True)
class ShownCombination:
    """One combination shown in a round, with its strength and name."""

    seat: int
    cards: tuple[Card, ...]
    strength: int
    name: str


@dataclass(frozen=True, slots=True)
class RoundPlayed(Record):
    """Round ``number`` of hand ``hand``: leader, plays in order, winner and chips paid."""

    kind = "round_played"
    hand: int
    number: int
    leader: int
    plays: tuple[ShownCombination, ...]
    winner: int
    chips: Chips


@dataclass(frozen=True, slots=True)
class HandEnded(Record):
    """Hand ``hand`` is over: chips won in it, game totals after it, and who deals next."""

    kind = "hand_ended"
    hand: int
    chips: Chips
    totals: Chips
    next_dealer: int


@dataclass(frozen=True, slots=True)
class GameEnded(Record):
    """The game's fixed number of hands is played: final chips per seat."""

    kind = "game_ended"
    hands: int
    chips: Chips


ACTIONS: tuple[type[Record], ...] = (Exchange, Keep, Arrange, ReplaceByBot)
"""The record classes a player submits: the game's moves, and the table's handover to a bot."""

RAMCHI_RECORDS = RecordTypes(
    [*ACTIONS, HandDealt, ExchangeSkipped, FourOfAKindWon, RoundPlayed, HandEnded, GameEnded],
    jokers=False,
    decks=1,
)
"""Every Ramchi record class, by kind; cards are those of one 52-card deck (no jokers, no copies)."""


def action_from_dict(data: Any, where: str = "action") -> Exchange | Keep | Arrange | ReplaceByBot:
    """Read a player action; an event or a malformed dict raises :class:`LogError`.

    >>> action_from_dict({"kind": "keep", "seat": 1})
    Keep(seat=1)
    >>> action_from_dict({"kind": "game_ended", "hands": 1, "chips": [0, 0, 0]})
    Traceback (most recent call last):
    ...
    rulesets.log.LogError: action: 'game_ended' is an event of the rules, not a player action
    """
    record = RAMCHI_RECORDS.from_dict(data, where)
    if not isinstance(record, Exchange | Keep | Arrange | ReplaceByBot):
        raise LogError(f"{where}: {record.kind!r} is an event of the rules, not a player action")
    return record
