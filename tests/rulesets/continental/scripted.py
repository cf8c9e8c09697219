"""Scripted decks for Continental tests: deal chosen cards to chosen seats, the rest in deck order.

>>> deck = build_deck(2, dealer=0, hand=1, given={1: "7c 7d 7h"}, up="Ks")
>>> [c.code for c in deck[0:6:2]], deck[14].code, len(deck)
(['7c', '7d', '7h'], 'Ks', 106)
"""

from __future__ import annotations

from collections.abc import Mapping

from rulesets.cards import Card, parse_cards
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.deck import Deck

__all__ = ["build_deck", "card", "cards"]


def cards(text: str, decks: int = 2) -> tuple[Card, ...]:
    return parse_cards(text, jokers=True, decks=decks)


def card(text: str, decks: int = 2) -> Card:
    return cards(text, decks)[0]


def build_deck(players: int, dealer: int, hand: int, given: Mapping[int, str] | None = None,
               up: str | None = None, stock: str = "") -> tuple[Card, ...]:
    """A deck dealing the given (partial) hands to their seats, ``up`` as the first discard and
    ``stock`` on top of the stock; the other cards fill in, in deck order."""
    given = dict(given or {})
    copies = Deck.for_players(players).copy_limit
    chosen = {seat: list(cards(text, copies)) for seat, text in given.items()}
    up_card = [card(up, copies)] if up else []
    top = list(cards(stock, copies))
    used = [c for hand_cards in chosen.values() for c in hand_cards] + up_card + top
    assert len(used) == len(set(used)), "a card is given twice (write 7c#2 for the second copy)"
    free = [c for c in Deck.for_players(players).cards() if c not in set(used)]
    size = CONTRACTS[hand].cards_dealt
    for seat in range(players):
        hand_cards = chosen.setdefault(seat, [])
        assert len(hand_cards) <= size
        while len(hand_cards) < size:
            hand_cards.append(free.pop(0))
    deck = []
    taken = {seat: iter(hand_cards) for seat, hand_cards in chosen.items()}
    for j in range(players * size):
        deck.append(next(taken[(dealer + 1 + j) % players]))
    deck += up_card or [free.pop(0)]
    deck += top + free
    return tuple(deck)
