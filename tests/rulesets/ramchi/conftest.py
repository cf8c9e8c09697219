"""Helpers for the Ramchi referee tests: scripted decks and random legal players.

The helpers are plain functions exposed as session fixtures (test modules
cannot import each other under ``--import-mode=importlib``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

import pytest

from rulesets.cards import DECK, Card, parse_cards
from rulesets.ramchi.combinations import strength_table
from rulesets.ramchi.deal import TWO_OF_DIAMONDS
from rulesets.ramchi.game import Phase, RamchiGame
from rulesets.ramchi.records import Arrange, Exchange, Keep

DeckBuilder = Callable[..., tuple[Card, ...]]


def build_deck(
    hands: Sequence[str] = ("", "", ""), up: str | None = None, dealer: int = 0
) -> tuple[Card, ...]:
    """A deck dealing the given (partial) hands to seats 0-2 and ``up`` as up-card.

    The unnamed cards fill the hands so that no seat gets a four of a kind it was not given
    (cards are dealt suit by suit to the seat with room holding the fewest of the rank; several
    card orders are tried). Without ``up`` the up-card is the first free card that is not the 2♦.
    """
    given = [list(parse_cards(h)) for h in hands]
    used = {card for hand in given for card in hand}
    free = [card for card in DECK if card not in used]
    up_card = parse_cards(up)[0] if up else next(c for c in free if c != TWO_OF_DIAMONDS)
    assert up_card not in used, "the up-card is also in a hand"
    free.remove(up_card)
    wanted = [has_four_of_a_kind(hand) for hand in given]
    for attempt in range(50):
        order = sorted(free, key=lambda c: (c.suit, c.rank))
        random.Random(attempt).shuffle(order) if attempt else None
        filled = _fill(given, order)
        if [has_four_of_a_kind(hand) for hand in filled] == wanted:
            break
    else:
        raise AssertionError("could not avoid an unwanted four of a kind")
    deck = [filled[(dealer + 1 + j) % 3][j // 3] for j in range(51)]
    return (*deck, up_card)


def _fill(given: Sequence[Sequence[Card]], order: Sequence[Card]) -> list[list[Card]]:
    hands = [list(hand) for hand in given]
    for card in order:
        room = [s for s in range(3) if len(hands[s]) < 17]
        assert room, "a scripted hand has more than 17 cards"
        seat = min(room, key=lambda s: (sum(c.rank == card.rank for c in hands[s]), s))
        hands[seat].append(card)
    return hands


def all_combinations(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every 3-card combination within ``hand``."""
    table = strength_table()
    return [
        trio for trio in combinations(hand, 3)
        if (1 << trio[0].index) | (1 << trio[1].index) | (1 << trio[2].index) in table
    ]


def random_arrangement(hand: Sequence[Card], rng: random.Random) -> list[tuple[Card, ...]]:
    """A random legal arrangement: 0 to 5 disjoint combinations in random order."""
    target = rng.choice([0, 1, 2, 3, 4, 5, 5, 5, 5])
    candidates = all_combinations(hand)
    rng.shuffle(candidates)
    chosen: list[tuple[Card, ...]] = []
    used: set[Card] = set()
    for trio in candidates:
        if len(chosen) == target:
            break
        if used.isdisjoint(trio):
            chosen.append(trio)
            used.update(trio)
    return chosen


def random_action(game: RamchiGame, rng: random.Random) -> Exchange | Keep | Arrange:
    """A random legal action for the game's current phase."""
    if game.phase is Phase.EXCHANGE:
        seat = game.awaited()[0]
        return Exchange(seat) if rng.random() < 0.5 else Keep(seat)
    seat = rng.choice(game.awaited())
    combos = random_arrangement(game.hands[seat], rng)
    return Arrange(seat, tuple(combos))


def has_four_of_a_kind(hand: Sequence[Card]) -> bool:
    return any(n == 4 for n in Counter(c.rank for c in hand).values())


@pytest.fixture(scope="session")
def deck_with() -> DeckBuilder:
    return build_deck


@pytest.fixture(scope="session")
def players() -> dict[str, Callable[..., object]]:
    return {
        "arrangement": random_arrangement,
        "action": random_action,
        "combinations": all_combinations,
    }
