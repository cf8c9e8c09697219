"""What each seat (and the public) may know of a Ramchi game, and a scanner for anything more.

Written from the rules, independently of :mod:`rulesets.ramchi.views`: the test knows every
hand's deck (it posts them), deals them itself ("card j < 51 goes to seat (dealer + 1 + j) mod 3,
card 51 is the up-card"), and follows the public state. A seat may know its own 17 cards, the
up-card, the 2♦'s place when the exchange is in the open (its holder decides in front of the
table; after an exchange the up-card is in the holder's hand and the 2♦ lies face up), and every
card of a hand that is over. The public knows the same without a hand.

The scanner walks any JSON answer and attributes each card code it finds (as a value, or as a
token inside a sentence) to a hand: a dict with ``hand_number`` or an integer ``hand`` sets the
hand for what it holds; in a list, a record with an integer ``hand`` sets it for the records after
it (an ``arrange`` record carries no hand of its own). A card of the running hand that the
observer may not know is a leak.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

CARD = re.compile(r"^(?:[2-9TJQKA][cdhs]|Jk)(?:#\d+)?$")
CARD_IN_TEXT = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs])(?![A-Za-z0-9])")
TWO_OF_DIAMONDS = "2d"


def deal(deck: list[str], dealer: int) -> tuple[list[list[str]], str]:
    """The three hands and the up-card of ``deck`` dealt by ``dealer`` (the rule, restated)."""
    hands: list[list[str]] = [[], [], []]
    for j, card in enumerate(deck[:51]):
        hands[(dealer + 1 + j) % 3].append(card)
    return hands, deck[51]


def hand_named(value: Any, hand: Any) -> Any:
    """The hand ``value`` belongs to: its own ``hand_number`` (a view) or integer ``hand`` (a
    record), else ``hand`` (the hand of what contains it)."""
    if isinstance(value, dict):
        if isinstance(value.get("hand_number"), int):
            return value["hand_number"]
        if isinstance(value.get("hand"), int) and not isinstance(value.get("hand"), bool):
            return value["hand"]
    return hand


def cards_in(value: Any, hand: Any, *, card: re.Pattern[str] = CARD,
             in_text: re.Pattern[str] = CARD_IN_TEXT,
             name: Callable[[str], str] = lambda code: code.split("#")[0],
             skipped: frozenset[str] = frozenset()) -> Iterator[tuple[Any, str]]:
    """Every card in ``value`` (as ``name(code)``) with the hand it belongs to (``None``: no hand
    named). In a list, a record naming its hand sets the hand of the records after it. ``card``
    matches a whole string that is a card code, ``in_text`` the codes inside other text; keys in
    ``skipped`` are not read.
    """
    def walk(value: Any, hand: Any) -> Iterator[tuple[Any, str]]:
        if isinstance(value, dict):
            hand = hand_named(value, hand)
            for key, item in value.items():
                if key not in skipped:
                    yield from walk(item, hand)
        elif isinstance(value, list):
            running = hand
            for item in value:
                if isinstance(item, dict) and isinstance(item.get("hand"), int):
                    running = item["hand"]
                yield from walk(item, running)
        elif isinstance(value, str):
            if card.match(value):
                yield hand, name(value)
            else:
                for token in in_text.findall(value):
                    yield hand, name(token)

    yield from walk(value, hand)


@dataclass
class Table:
    """The truth of one game as the test knows it: every deck, and what is public so far."""

    decks: list[list[str]]
    exchange_on: bool
    hand: int = 1
    dealer: int = 0
    over: bool = False
    exchanged: bool = False
    log: list[str] = field(default_factory=list)

    def follow(self, public_view: dict[str, Any]) -> None:
        """Take the running hand, its dealer and the exchange from the public view."""
        self.hand = public_view["hand_number"]
        self.dealer = public_view["dealer"]
        self.over = public_view["is_over"]
        self.exchanged = bool(public_view["exchanged"])

    def known(self, seat: int | None) -> set[str]:
        """The cards of the running hand that ``seat`` (``None``: the public) may know."""
        deck = self.decks[self.hand - 1]
        hands, up_card = deal(deck, self.dealer)
        known = {up_card}
        if self.exchange_on:
            known.add(TWO_OF_DIAMONDS)  # its holder decides in the open
        if seat is not None:
            known.update(hands[seat])
        return known

    def leaks(self, answer: Any, seat: int | None, hand: int | None = None) -> list[str]:
        """Every card in ``answer`` that ``seat`` may not know; ``hand``: the hand it is about."""
        known = self.known(seat)
        found = []
        for where, card in cards_in(answer, hand if hand is not None else self.hand):
            about = self.hand if where is None else where
            if self.over or about < self.hand:
                continue  # a hand that is over is public
            if about > self.hand or card not in known:
                found.append(f"{card} of hand {about} (running hand {self.hand})")
        return found

    def check(self, answer: Any, seat: int | None, what: str, hand: int | None = None) -> None:
        """Fail naming the leaked cards, if any."""
        leaks = self.leaks(answer, seat, hand)
        who = "the public" if seat is None else f"seat {seat}"
        assert not leaks, f"{what} shows {who} cards it may not know: {', '.join(leaks[:5])}"
        holder = answer.get("two_of_diamonds_holder") if isinstance(answer, dict) else None
        assert self.exchange_on or holder is None, f"{what}: the 2♦ holder shown, exchange off"
