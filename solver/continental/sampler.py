"""Deal what a Continental seat does not know: the other players' hands and the stock's order.

A seat knows its own hand, the melds on the table, the discard pile and, of each other player
(:class:`~solver.continental.public.OtherPlayer`), how many cards it holds and the cards it took
from the pile and still holds. Every other physical card of the decks is *unknown*: it lies in
one of the other hands (beyond its known cards) or in the stock. :class:`Sampler` deals the
unknown cards at random among those hidden places, each deal as likely as any other consistent
with what is public (a uniform random permutation of the unknown cards, cut into the hidden
part of each hand and the stock, top first), so an unknown card lands in a place in proportion
to its size. Deals are deterministic for a seed (a :func:`numpy.random.default_rng` generator).

:func:`knowledge_of_seat` reads a seat's :class:`SeatKnowledge` off a running
:class:`~rulesets.continental.game.ContinentalGame` from what that seat may see only: its hand,
the table, the pile, the hand sizes and drops, and its redacted log for the cards others took
from the pile (:func:`rulesets.continental.knowledge.known_cards`), the turns each has played
(:func:`~rulesets.continental.knowledge.turns_played`) and the cards each turned down
(:func:`~rulesets.continental.knowledge.refused_cards`).

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> game = ContinentalGame(GameConfig.create(players=4, hands=7, seed=3, dealer=0))
>>> sampler = Sampler(knowledge_of_seat(game, 1))
>>> deal = sampler.sample(7)
>>> [len(hand) for hand in deal.hands], len(deal.stock), deal == sampler.sample(7)
([7, 7, 7], 77, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from rulesets.cards import Card
from rulesets.continental.deck import Deck
from rulesets.continental.game import ContinentalGame
from rulesets.continental.knowledge import known_cards, refused_cards, turns_played
from rulesets.continental.records import HandDealt
from rulesets.continental.views import redacted_log
from rulesets.errors import InvalidInputError
from rulesets.jsonable import jsonable
from solver.continental.public import OtherPlayer

__all__ = ["Deal", "Sampler", "SeatKnowledge", "knowledge_of_seat"]


@dataclass(frozen=True, slots=True)
class SeatKnowledge:
    """What one seat knows of the cards: physical cards (a copy is a card of its own).

    ``others`` are the other players in play order after the seat.
    """

    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    discards: tuple[Card, ...]
    others: tuple[OtherPlayer, ...]
    deck: Deck = field(default_factory=Deck)
    elsewhere: tuple[Card, ...] = ()
    """Other cards known to be out of the stock and the hidden hands (seen, out of play)."""

    @property
    def known(self) -> tuple[Card, ...]:
        """Every card whose place the seat knows: its hand, the table, the pile, the held cards.

        >>> from rulesets.cards import parse_cards
        >>> SeatKnowledge(tuple(parse_cards("7c")), (), tuple(parse_cards("9s")),
        ...               (OtherPlayer(7, picked_up=tuple(parse_cards("Kd"))),)).known
        (Card('7c'), Card('9s'), Card('Kd'))
        """
        return (*self.hand, *self.table, *self.discards, *(c for o in self.others for c in o.held),
                *self.elsewhere)


@dataclass(frozen=True, slots=True)
class Deal:
    """One sample of what the seat does not know: each other player's whole hand (its known
    cards first), in the order of :attr:`SeatKnowledge.others`, and the stock, top first.
    """

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]


class Sampler:
    """Deals of the unknown cards consistent with a :class:`SeatKnowledge` (module text).

    Refuses (:class:`~rulesets.errors.InvalidInputError`) knowledge that no deal fits: a card
    known in two places or that the decks do not hold, or hands larger than the unknown cards.

    >>> from rulesets.cards import parse_cards
    >>> Sampler(SeatKnowledge(tuple(parse_cards("7c 7c 7c", decks=3)), (), (), ()))
    Traceback (most recent call last):
    ...
    rulesets.errors.InvalidInputError: the card 7c#3 is not in the decks
    """

    def __init__(self, knowledge: SeatKnowledge) -> None:
        self.knowledge = knowledge
        known = knowledge.known
        deck = set(knowledge.deck.cards())
        placed: set[Card] = set()
        for card in known:
            if card not in deck:
                raise InvalidInputError(f"the card {card.id} is not in the decks")
            if card in placed:
                raise InvalidInputError(f"the card {card.id} is known in two places")
            placed.add(card)
        self.unknown: tuple[Card, ...] = tuple(c for c in knowledge.deck.cards() if c not in placed)
        """The cards dealt at random, in the deck's order."""
        self.hidden: tuple[int, ...] = tuple(o.hand_size - len(o.held) for o in knowledge.others)
        """How many unknown cards each other hand holds."""
        if any(n < 0 for n in self.hidden):
            raise InvalidInputError("a hand holds fewer cards than are known in it")
        self.stock_size = len(self.unknown) - sum(self.hidden)
        if self.stock_size < 0:
            raise InvalidInputError(f"the other hands hide {sum(self.hidden)} cards but only "
                                    f"{len(self.unknown)} are unknown")
        self._cuts = np.cumsum(self.hidden)[:-1].tolist() if self.hidden else []

    def permutations(self, count: int, rng: np.random.Generator) -> np.ndarray:
        """``count`` random orders of :attr:`unknown` as rows of indices (the batch form of
        :meth:`deals`: the first :attr:`hidden` ``[0]`` go to the first other hand, and so on,
        the rest is the stock, top first).

        >>> from rulesets.cards import parse_cards
        >>> sampler = Sampler(SeatKnowledge(tuple(parse_cards("7c")), (), (), (OtherPlayer(7),)))
        >>> sampler.permutations(2, np.random.default_rng(0)).shape
        (2, 105)
        """
        rows = np.broadcast_to(np.arange(len(self.unknown)), (count, len(self.unknown)))
        return rng.permuted(rows, axis=1)

    def deal_of(self, order: Sequence[int]) -> Deal:
        """The deal of one order of the unknown cards (a row of :meth:`permutations`)."""
        cards = [self.unknown[i] for i in order]
        hands, start = [], 0
        for other, size in zip(self.knowledge.others, self.hidden, strict=True):
            hands.append((*other.held, *cards[start:start + size]))
            start += size
        return Deal(tuple(hands), tuple(cards[start:]))

    def deals(self, count: int, seed: int) -> Iterator[Deal]:
        """``count`` deals, the same ones for the same ``seed``."""
        rng = np.random.default_rng(seed)
        for order in self.permutations(count, rng):
            yield self.deal_of(order)

    def sample(self, seed: int) -> Deal:
        """One deal for ``seed``."""
        return next(self.deals(1, seed))


def knowledge_of_seat(game: ContinentalGame, seat: int) -> SeatKnowledge:
    """What ``seat`` knows of the cards of ``game``'s running hand, from what it may see (module
    text): never another hand's or the stock's cards, only the hands' sizes. Only the running
    hand's records are read (the seat's redaction of them: earlier hands tell nothing of this one).
    """
    by_name = {jsonable(card): card for card in game.config.deck.cards()}
    start = next((i for i in range(len(game.log) - 1, -1, -1) if isinstance(game.log[i], HandDealt)), 0)
    log = redacted_log(game, seat, start=start)
    _pile, held = known_cards(log, seat, game.config)
    turns = turns_played(log)
    refused = refused_cards(log, game.config)
    others = []
    for step in range(1, game.players):
        other = (seat + step) % game.players
        cards = held.get(other, {}) | refused.get(other, {})

        def named(how: str, cards: dict[str, list[str]] = cards) -> tuple[Card, ...]:
            return tuple(by_name[c] for c in cards.get(how, ()))

        others.append(OtherPlayer(len(game.hands[other]), game.dropped[other], named("picked_up"),
                                  named("bought"), turns.get(other, 0), named("discarded"), named("passed")))
    return SeatKnowledge(tuple(game.hands[seat]), tuple(c for meld in game.table for c in meld.cards),
                         tuple(game.discards), tuple(others), game.config.deck)
