"""A Continental log replayed: the public table after each record (:class:`ContinentalTable`).

The table holds what the log makes public: the hand and its dealer, the totals, every seat's
hand once the log shows the hand's deck (a finished hand; ``None`` while a redaction hides
it, with the hand sizes always), the melds on the table, the discard pile, the size of the
stock and who has dropped. It follows the cards as the referee moves them
(:mod:`rulesets.continental.game`): the deal, draws, buys with their penalty cards,
reshuffles, drops, lay-offs, joker swaps and moves, discards. :func:`rulesets.replay.replay_log`
walks a posted log with it; the words come from :mod:`rulesets.continental.narration`.

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
>>> game.do_draw(1, "stock")
>>> table = ContinentalTable(game.config)
>>> for record in game.log:
...     text = table.tell(record, record)
...     table.take(record, record)
>>> text
'Seat 1 draws from the stock: the 8♠'
>>> state = table.state()
>>> state["hand_sizes"], state["stock_size"], state["discard_pile"]
([7, 8], 90, ['Tc#2'])
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rulesets.cards import Card
from rulesets.continental.config import GameConfig
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.disputes import posted_record
from rulesets.continental.melds import Meld, Run, lay_off, take_end_joker
from rulesets.continental.narration import Told, meld_of, tell
from rulesets.continental.records import (
    CONTINENTAL_RECORDS,
    CardBought,
    DealerDrawn,
    Discard,
    Draw,
    Drop,
    GameEnded,
    HandDealt,
    HandEnded,
    LayOff,
    MoveJoker,
    StockReshuffled,
    SwapJoker,
)
from rulesets.continental.values import DrawSource
from rulesets.continental.views import HIDDEN
from rulesets.errors import RulesError
from rulesets.jsonable import jsonable
from rulesets.log import LogError, Record

__all__ = ["ContinentalTable"]


@lru_cache(maxsize=4096)
def _code(card: Card) -> str:
    """A card's one JSON form (:func:`~rulesets.jsonable.jsonable`), kept: a state names every card."""
    code: str = jsonable(card)
    return code


def _codes(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return [_code(card) for card in cards]


def _meld_view(owner: int, meld: Meld) -> dict[str, Any]:
    """A table meld as a state shows it: its owner, kind, cards and text (jokers' stands)."""
    return {"seat": owner, "kind": "run" if isinstance(meld, Run) else "trio", "cards": _codes(meld.cards),
            "text": meld.text}


def _kind(item: Any) -> Any:
    return item.get("kind") if isinstance(item, Mapping) else None


def _hidden_deal(item: Any) -> bool:
    return _kind(item) == "hand_dealt" and isinstance(item, Mapping) and item.get("deck", ()) is None


def _hidden_stock(item: Any) -> bool:
    return _kind(item) == "stock_reshuffled" and isinstance(item, Mapping) and item.get("stock", ()) is None


def _hidden_penalty(item: Any) -> bool:
    return _kind(item) == "card_bought" and isinstance(item, Mapping) and item.get("penalty") == HIDDEN


def _shown_card(item: Any, key: str, where: str) -> Card | None:
    """A card a redacted record shows beside what it hides (``up_card``), read as a discard's."""
    shown = item.get(key) if isinstance(item, Mapping) else None
    if shown is None:
        return None
    read = CONTINENTAL_RECORDS.from_dict({"kind": "discard", "seat": 0, "card": shown}, f"{where}: {key}")
    return read.card if isinstance(read, Discard) else None


def _hidden_size(item: Any, where: str) -> int:
    size = item.get("size") if isinstance(item, Mapping) else None
    if type(size) is not int or size < 0:
        raise LogError(f"{where}: a hidden new stock gives its size, a whole number of cards")
    return size


class ContinentalTable:
    """The public table of a Continental game, moved record by record (a
    :class:`rulesets.replay.ReplayTable`).
    """

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.players = config.players
        self.deck_size = config.deck.size
        self.hand: int | None = None
        self.dealer: int | None = config.dealer
        self.totals: tuple[int, ...] = (0,) * self.players
        self.turn = 0
        self._reset()

    def _reset(self) -> None:
        self.hands: list[list[Card] | None] = [None] * self.players
        self.sizes = [0] * self.players
        self.stock: list[Card] | None = None
        self.stock_size = 0
        self.discards: list[Card] = []
        self.melds: list[Meld] = []
        self.owners: list[int] = []
        self.views: list[dict[str, Any]] = []  # each meld as the state shows it
        self.dropped = [False] * self.players
        self.pending: int | None = None  # a seat that drew from an empty stock, before the reshuffle
        self.last_discard: tuple[int, Card] | None = None

    # -- reading ----------------------------------------------------------------------------------

    def read(self, item: Any, where: str) -> Record:
        """A posted item as a record; a deck, new stock or penalty card a redaction hid is read
        without it (and a stock draw without the card it shows).

        >>> table = ContinentalTable(GameConfig.create(players=2, hands=1, seed=5))
        >>> table.read({"kind": "stock_reshuffled", "hand": 1, "number": 1, "stock": None, "size": 40}, "r")
        StockReshuffled(hand=1, number=1, stock=())
        """
        if isinstance(item, Record):
            return item
        if _hidden_deal(item):
            _shown_card(item, "up_card", where)
            fields = {key: item[key] for key in ("kind", "hand", "dealer") if key in item}
            return CONTINENTAL_RECORDS.from_dict(fields | {"deck": []}, where)
        if _hidden_stock(item):
            _hidden_size(item, where)
            fields = {key: item[key] for key in ("kind", "hand", "number") if key in item}
            return CONTINENTAL_RECORDS.from_dict(fields | {"stock": []}, where)
        if _hidden_penalty(item):
            return CONTINENTAL_RECORDS.from_dict({**item, "penalty": None}, where)
        return posted_record(item, where)

    # -- telling ----------------------------------------------------------------------------------

    def _dealt(self, hand: int) -> int:
        contract = CONTRACTS.get(hand)
        return self.players * contract.cards_dealt if contract is not None else 0

    def _drawn(self, record: Draw, item: Any) -> Card | None:
        """The card a stock draw takes, when the table or the log shows it."""
        if self.stock:
            return self.stock[0]
        if self.stock is None and isinstance(item, Mapping) and item.get("card") is not None:
            return _shown_card(item, "card", "record")
        return None

    def tell(self, record: Record, item: Any) -> str:
        """The record in words (:func:`rulesets.continental.narration.tell`)."""
        top = self.discards[-1] if self.discards else None
        table = tuple(zip(self.owners, self.melds, strict=True))
        if isinstance(record, HandDealt):
            dealt = self._dealt(record.hand)
            up = record.deck[dealt] if len(record.deck) > dealt else _shown_card(item, "up_card", "record")
            return tell(record, Told(up_card=up, hidden=_hidden_deal(item)))
        if isinstance(record, Draw) and record.source == DrawSource.STOCK:
            return tell(record, Told(drawn=self._drawn(record, item), stock_size=self.stock_size))
        if isinstance(record, StockReshuffled):
            hidden = _hidden_stock(item)
            size = _hidden_size(item, "record") if hidden else None
            return tell(record, Told(hidden=hidden, stock_size=size))
        if isinstance(record, CardBought):
            return tell(record, Told(hidden=_hidden_penalty(item)))
        return tell(record, Told(table=table, top_discard=top))

    def place(self, record: Record) -> dict[str, int | None]:
        """The hand of the record and its turn (the turn a draw opens, counted from 1 in a hand)."""
        if isinstance(record, HandDealt | DealerDrawn):
            return {"hand": getattr(record, "hand", None), "round": None, "turn": None}
        turn = self.turn + 1 if isinstance(record, Draw) else self.turn
        return {"hand": self.hand, "round": None, "turn": turn or None}

    # -- moving the cards -------------------------------------------------------------------------

    def _give(self, seat: int, card: Card | None) -> None:
        """``seat`` takes a card (``None``: one the log hides)."""
        if not 0 <= seat < self.players:
            return
        self.sizes[seat] += 1
        hand = self.hands[seat]
        if hand is not None and card is not None:
            hand.append(card)
        else:
            self.hands[seat] = None

    def _remove(self, seat: int, cards: list[Card]) -> None:
        """``cards`` leave ``seat``'s hand."""
        if not 0 <= seat < self.players:
            return
        self.sizes[seat] = max(0, self.sizes[seat] - len(cards))
        hand = self.hands[seat]
        if hand is not None:
            for card in cards:
                if card in hand:
                    hand.remove(card)

    def _from_stock(self) -> Card | None:
        """The top card of the stock leaves it (``None`` when the stock is hidden or empty)."""
        self.stock_size = max(0, self.stock_size - 1)
        if self.stock:
            return self.stock.pop(0)
        return None

    def _deal(self, record: HandDealt, item: Any) -> None:
        self.hand, self.dealer, self.turn = record.hand, record.dealer, 0
        self._reset()
        dealt = self._dealt(record.hand)
        each = dealt // self.players if self.players else 0
        self.sizes = [each] * self.players
        self.stock_size = max(0, self.deck_size - dealt - 1)
        if len(record.deck) > dealt:
            for seat in range(self.players):
                first = (seat - record.dealer - 1) % self.players
                self.hands[seat] = list(record.deck[first:dealt:self.players])
            self.discards = [record.deck[dealt]]
            self.stock = list(record.deck[dealt + 1:])
            self.stock_size = len(self.stock)
        else:
            up = _shown_card(item, "up_card", "record")
            self.discards = [up] if up is not None else []

    def _draw(self, record: Draw, item: Any) -> None:
        self.turn += 1
        if record.source == DrawSource.DISCARD:
            if self.discards:
                self._give(record.seat, self.discards.pop())
            return
        if self.stock_size == 0:
            self.pending = record.seat
            return
        card = self._drawn(record, item)
        self._from_stock()
        self._give(record.seat, card)

    def _reshuffle(self, record: StockReshuffled, item: Any) -> None:
        size = _hidden_size(item, "record") if _hidden_stock(item) else len(record.stock)
        self.discards = self.discards[size:]
        self.stock = None if _hidden_stock(item) else list(record.stock)
        self.stock_size = size
        if self.pending is not None:
            seat, self.pending = self.pending, None
            self._give(seat, self._from_stock())

    def _bought(self, record: CardBought, item: Any) -> None:
        if record.card in self.discards:
            self.discards.remove(record.card)
        self._give(record.seat, record.card)
        if _hidden_penalty(item):
            self._from_stock()
            self._give(record.seat, None)
        elif record.penalty is not None:
            self._from_stock()
            self._give(record.seat, record.penalty)
        elif self.last_discard is not None:  # the hand ends before the discard is made
            seat, card = self.last_discard
            if card in self.discards:
                self.discards.remove(card)
                self._give(seat, card)

    def _drop(self, record: Drop) -> None:
        melds = [meld_of(cards) for cards in record.melds]
        if any(meld is None for meld in melds):
            return
        for meld in melds:
            assert meld is not None
            self.melds.append(meld)
            self.owners.append(record.seat)
            self.views.append(_meld_view(record.seat, meld))
        self._remove(record.seat, [card for cards in record.melds for card in cards])
        if 0 <= record.seat < self.players:
            self.dropped[record.seat] = True

    def _lay_off(self, record: LayOff | SwapJoker) -> None:
        if not 0 <= record.meld < len(self.melds):
            return
        try:
            self._set_meld(record.meld, lay_off(self.melds[record.meld], record.card, record.end))
        except RulesError:
            return
        self._remove(record.seat, [record.card])

    def _move_joker(self, record: MoveJoker) -> None:
        if not (0 <= record.meld < len(self.melds) and 0 <= record.to < len(self.melds)):
            return
        source = self.melds[record.meld]
        if not isinstance(source, Run):
            return
        try:
            left, joker = take_end_joker(source, record.end)
            joined = lay_off(self.melds[record.to], joker, record.to_end)
        except RulesError:
            return
        self._set_meld(record.meld, left)
        self._set_meld(record.to, joined)

    def _set_meld(self, index: int, meld: Meld) -> None:
        self.melds[index] = meld
        self.views[index] = _meld_view(self.owners[index], meld)

    def _discard(self, record: Discard) -> None:
        self._remove(record.seat, [record.card])
        self.discards.append(record.card)
        self.last_discard = (record.seat, record.card)

    def take(self, record: Record, item: Any) -> None:
        """Move the table by one record."""
        if not isinstance(record, CardBought | StockReshuffled):
            self.last_discard = None  # a buy the discard closes follows it (after any reshuffle)
        if isinstance(record, DealerDrawn):
            self.dealer = record.dealer
        elif isinstance(record, HandDealt):
            self._deal(record, item)
        elif isinstance(record, Draw):
            self._draw(record, item)
        elif isinstance(record, StockReshuffled):
            self._reshuffle(record, item)
        elif isinstance(record, CardBought):
            self._bought(record, item)
        elif isinstance(record, Drop):
            self._drop(record)
        elif isinstance(record, LayOff | SwapJoker):
            self._lay_off(record)
        elif isinstance(record, MoveJoker):
            self._move_joker(record)
        elif isinstance(record, Discard):
            self._discard(record)
        elif isinstance(record, HandEnded):
            self.totals, self.pending = record.totals, None
        elif isinstance(record, GameEnded):
            self.totals = record.totals

    def state(self) -> dict[str, Any]:
        """The public table now: ``hand dealer totals hands hand_sizes table discard_pile
        stock_size dropped`` (a hand the log hides is ``None``).
        """
        return {
            "hand": self.hand,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "hands": [None if hand is None else _codes(hand) for hand in self.hands],
            "hand_sizes": list(self.sizes),
            "table": [dict(view) for view in self.views],
            "discard_pile": _codes(self.discards),
            "stock_size": self.stock_size,
            "dropped": list(self.dropped),
        }

