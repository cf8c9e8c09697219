"""A Ramchi log replayed: the public table after each record (:class:`RamchiTable`).

The table holds what the log makes public: the hand and its dealer, the game's chips, every
seat's 17 cards (once the log shows the hand's deck: a finished hand; ``None`` while a
redaction hides it), the up-card (the 2♦ after an exchange), each seat's lineup once its
arrangement is shown, and the rounds played so far in the hand. :func:`rulesets.replay.replay_log`
walks a posted log with it; the words come from :mod:`rulesets.ramchi.narration`.

>>> from rulesets.ramchi.config import GameConfig
>>> from rulesets.ramchi.game import RamchiGame
>>> game = RamchiGame(GameConfig.create(hands=1, seed=5, dealer=0))
>>> table = RamchiTable(game.config)
>>> deal = game.log[0]
>>> table.tell(deal, deal)
'Hand 1: seat 0 deals 17 cards each; the up-card is J♦'
>>> table.take(deal, deal)
>>> state = table.state()
>>> state["hand"], state["up_card"], [len(hand) for hand in state["hands"]]
(1, 'Jd', [17, 17, 17])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from rulesets.cards import DECK, Card, parse_card
from rulesets.errors import RulesError
from rulesets.jsonable import jsonable
from rulesets.log import LogError, Record, record_to_dict
from rulesets.ramchi.config import GameConfig
from rulesets.ramchi.deal import TWO_OF_DIAMONDS, deal, exchange
from rulesets.ramchi.narration import Told, combination_name, tell
from rulesets.ramchi.records import (
    RAMCHI_RECORDS,
    Arrange,
    Exchange,
    GameEnded,
    HandDealt,
    HandEnded,
    RoundPlayed,
)
from rulesets.ramchi.scoring import SEATS

__all__ = ["RamchiTable"]

_DUMMY_DECK = [card.code for card in DECK]
"""A deck to read a redacted deal's other fields with (its deck is then dropped)."""


def _hidden_deal(item: Any) -> bool:
    return isinstance(item, Mapping) and item.get("kind") == "hand_dealt" and item.get("deck") is None


def _hidden_arrangement(item: Any) -> bool:
    return isinstance(item, Mapping) and item.get("kind") == "arrange" and item.get("combinations") is None


def _shown_up_card(item: Any, where: str = "record") -> Card | None:
    """The up-card a redacted deal shows beside its hidden deck (``None``: not shown)."""
    shown = item.get("up_card") if isinstance(item, Mapping) else None
    if shown is None:
        return None
    if not isinstance(shown, str):
        raise LogError(f"{where}: up_card must be a card code, e.g. \"Ks\"")
    try:
        return parse_card(shown)
    except RulesError as err:
        raise LogError(f"{where}: up_card: {err.message}") from None


class RamchiTable:
    """The public table of a Ramchi game, moved record by record (a :class:`rulesets.replay.ReplayTable`)."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.hand: int | None = None
        self.dealer: int | None = None
        self.chips: tuple[int, ...] = (0,) * SEATS
        self.hands: list[tuple[Card, ...]] | None = None
        self.up_card: Card | None = None
        self.lineups: list[list[dict[str, Any]] | None] = [None] * SEATS
        self.arranged = [False] * SEATS
        self.rounds: list[dict[str, Any]] = []
        self.round: int | None = None

    # -- reading ----------------------------------------------------------------------------------

    def read(self, item: Any, where: str) -> Record:
        """A posted item as a record; a deal or arrangement a redaction hid is read without it.

        >>> table = RamchiTable(GameConfig.create(hands=1, seed=5))
        >>> table.read({"kind": "hand_dealt", "hand": 1, "dealer": 2, "deck": None, "up_card": "Kh"}, "r")
        HandDealt(hand=1, dealer=2, deck=())
        """
        if isinstance(item, Record):
            return item
        if _hidden_deal(item):
            _shown_up_card(item, where)
            fields = {key: item[key] for key in ("kind", "hand", "dealer") if key in item}
            return dataclasses.replace(RAMCHI_RECORDS.from_dict(fields | {"deck": _DUMMY_DECK}, where),
                                       deck=())
        if _hidden_arrangement(item):
            return RAMCHI_RECORDS.from_dict({**item, "combinations": []}, where)
        return RAMCHI_RECORDS.from_dict(item, where)

    # -- telling ----------------------------------------------------------------------------------

    def tell(self, record: Record, item: Any) -> str:
        """The record in words (:func:`rulesets.ramchi.narration.tell`)."""
        if isinstance(record, HandDealt):
            return tell(record, Told(up_card=_shown_up_card(item), hidden=_hidden_deal(item)))
        return tell(record, Told(up_card=self.up_card, hidden=_hidden_arrangement(item)))

    def place(self, record: Record) -> dict[str, int | None]:
        """The hand of the record, and its round (the round a ``round_played`` tells)."""
        hand = record.hand if isinstance(record, HandDealt) else self.hand
        return {"hand": hand, "round": record.number if isinstance(record, RoundPlayed) else None,
                "turn": None}

    # -- moving the table -------------------------------------------------------------------------

    def _deal(self, record: HandDealt, item: Any) -> None:
        self.hand, self.dealer = record.hand, record.dealer
        self.lineups, self.arranged, self.rounds = [None] * SEATS, [False] * SEATS, []
        self.hands, self.up_card = None, _shown_up_card(item)
        if record.deck:
            try:
                dealt = deal(record.deck, record.dealer)
            except (RulesError, ValueError):
                return  # a deck no game deals (a log not judged): its cards are not told
            self.hands, self.up_card = [tuple(hand) for hand in dealt.hands], dealt.up_card

    def _exchange(self, record: Exchange) -> None:
        if self.hands is not None and self.up_card is not None and 0 <= record.seat < SEATS \
                and TWO_OF_DIAMONDS in self.hands[record.seat]:
            self.hands[record.seat] = exchange(self.hands[record.seat], self.up_card)
        self.up_card = TWO_OF_DIAMONDS

    def _arrange(self, record: Arrange, item: Any) -> None:
        if not 0 <= record.seat < SEATS:
            return
        self.arranged[record.seat] = True
        if not _hidden_arrangement(item):
            self.lineups[record.seat] = [
                {"cards": jsonable(cards), "name": combination_name(cards)} for cards in record.combinations]

    def take(self, record: Record, item: Any) -> None:
        """Move the table by one record."""
        if isinstance(record, HandDealt):
            self._deal(record, item)
        elif isinstance(record, Exchange):
            self._exchange(record)
        elif isinstance(record, Arrange):
            self._arrange(record, item)
        elif isinstance(record, RoundPlayed):
            self.rounds.append(record_to_dict(record))
        elif isinstance(record, HandEnded):
            self.chips = record.totals
        elif isinstance(record, GameEnded):
            self.chips = record.chips

    def state(self) -> dict[str, Any]:
        """The public table now: ``hand dealer chips hands up_card lineups arranged rounds``."""
        return {
            "hand": self.hand,
            "dealer": self.dealer,
            "chips": list(self.chips),
            "hands": None if self.hands is None else [jsonable(hand) for hand in self.hands],
            "up_card": jsonable(self.up_card),
            "lineups": [None if lineup is None else [dict(combo) for combo in lineup]
                        for lineup in self.lineups],
            "arranged": list(self.arranged),
            "rounds": [dict(played) for played in self.rounds],
        }

