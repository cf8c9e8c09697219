"""Deals in which the other players' hidden cards look played, not dealt.

:class:`~solver.continental.sampler.Sampler` deals the cards a seat cannot see uniformly: every
deal consistent with what is public is as likely as any other. But a player who has played turns
has kept the cards that bring its hand closer to its contract and thrown the others away, so its
hand is much closer than a random one. In games of four ``advisor`` bots, the players who had not
dropped were 1.5-2.4 cards from their contracts (the mean of each hand number), and uniform deals
put them 2.6-4.4 cards away: rollouts on such deals expect the others to drop and go out far later
than they do (``bench/continental_played_hands.py``).

:class:`PlayedSampler` deals as the uniform sampler does, then plays each other player's hidden
cards forward: for each turn the player has played in the hand (:attr:`~solver.continental.public.
OtherPlayer.turns`), :data:`CHANCES_PER_TURN` cards come off the top of the stock; the hand keeps
one that brings it closer to its contract (an *out*: :func:`~solver.continental.distance.outs_mask`)
and throws back its worst card instead (the one leaving it closest, the most points first; never a
card the player is known to hold), and a card that is no out goes back. The stock is then put in a
random order of its own (a second order drawn with each sample), so the cards thrown back lie
anywhere in it.

A player also keeps what its hand needs and lets go what it does not, so a hand is played forward
again, its hidden cards dealt afresh off the stock (up to :data:`ATTEMPTS` times), while it is
:meth:`PlayedSampler.unlikely`: while it needs a card the player turned down (threw away, or left
on the pile to draw from the stock: :attr:`~solver.continental.public.OtherPlayer.refused`), or
holds a card the player took from the pile that the rest of the hand does not need.

The hand sizes, the known cards and every card's place outside the hidden hands and the stock
are unchanged: the deal is still consistent with everything public. The same order gives the
same deal.

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> from solver.continental.sampler import knowledge_of_seat
>>> game = ContinentalGame(GameConfig.create(players=4, hands=1, seed=3, dealer=0))
>>> sampler = PlayedSampler(knowledge_of_seat(game, 1), game.contract)
>>> orders = sampler.permutations(2, np.random.default_rng(0))
>>> deal = sampler.deal_of(orders[0])
>>> [len(hand) for hand in deal.hands], len(deal.stock), deal == sampler.deal_of(orders[0])
([7, 7, 7], 77, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from rulesets.cards import Card
from rulesets.continental.contracts import Contract
from rulesets.continental.points import card_points
from solver.continental.cardtypes import type_of
from solver.continental.distance import ALL_TYPES, outs_mask
from solver.continental.public import OtherPlayer
from solver.continental.rollout import discard_distances, hand_key
from solver.continental.sampler import Deal, Sampler, SeatKnowledge

__all__ = ["ATTEMPTS", "CHANCES_PER_TURN", "PlayedSampler", "needed_among", "played_hand", "refused_types"]

CHANCES_PER_TURN = 2
"""Cards a player may keep, per turn played: the discard offered and the stock's card (a
fraction is allowed: the chances of a hand are rounded). With 2, the played hands of
four-advisor games come within 0.45 of the real ones' mean distance in every hand number (with 1,
up to 0.85 farther; with 3, up to 0.7 nearer; ``bench/continental_played_hands.py``). With 1.5
they come nearer still (within 0.35), and forecast a card's danger a little better (a Brier score
0.8% lower, 1 chance 2% lower), but choose no better: on 698 decisions priced on the real hidden
hands the bot lost 0.10 ± 0.24 points a decision more with 1.5 than with 2
(``bench/continental_information_regret.py --chances 1.5``, seeds 320-323). So 2 stays."""

ATTEMPTS = 4
"""Hands a player's hidden cards may be played forward from, until one needs none of the cards
the player turned down (:attr:`~solver.continental.public.OtherPlayer.refused`)."""


def played_hand(hand: Sequence[Card], known: frozenset[Card], stock: list[Card], chances: int,
                contract: Contract, spare: int = 1, card_values: str = "standard") -> tuple[Card, ...]:
    """``hand`` after ``chances`` cards off the top of ``stock`` (which is changed: the cards
    taken leave it, the ones thrown back go to its bottom), each kept when it is an out of the
    hand, the hand then throwing back its worst card other than the ``known`` ones.

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> stock = list(parse_cards("7h 2c 9d"))
    >>> hand = played_hand(parse_cards("7c 7d Kd Qs 9c 4h 2s"), frozenset(), stock, 2, CONTRACTS[1])
    >>> " ".join(map(str, hand)), " ".join(map(str, stock))
    ('7c 7d 9c 4h 2s 7h 2c', '9d Qs Kd')
    """
    held = list(hand)
    trios, runs = contract.trios, contract.runs
    for _ in range(min(chances, len(stock))):
        card = stock.pop(0)
        key, jokers = hand_key(held)
        far, outs = outs_mask(key, len(held), jokers, trios, runs, spare)
        if far == 0 or not outs >> type_of(card) & 1:
            stock.append(card)
            continue
        held.append(card)
        left = discard_distances(held, contract, spare)
        worst = min((c for c in held if c not in known),
                    key=lambda c: (left[type_of(c)], -card_points(c, card_values), type_of(c)))
        held.remove(worst)
        stock.append(worst)
    return tuple(held)


class PlayedSampler(Sampler):
    """Deals whose other hands look played (module text), for ``contract``."""

    def __init__(self, knowledge: SeatKnowledge, contract: Contract, *, spare: int = 1,
                 card_values: str = "standard") -> None:
        super().__init__(knowledge)
        self.contract = contract
        self.spare = spare
        self.card_values = card_values
        self._refused = tuple(refused_types(other) for other in knowledge.others)
        """Each other player's :func:`refused_types`, in the order of the others."""

    def permutations(self, count: int, rng: np.random.Generator) -> np.ndarray:
        """Two orders of the unknown cards a sample: the deal's, then the stock's (its second half)."""
        deal = super().permutations(count, rng)
        return np.hstack([deal, super().permutations(count, rng)])

    def deal_of(self, order: Sequence[int]) -> Deal:
        """The deal of the first order, the hidden hands played forward, the stock in the second order."""
        size = len(self.unknown)
        deal = super().deal_of(order[:size])
        if not any(other.turns and not other.dropped for other in self.knowledge.others):
            return deal
        stock = list(deal.stock)
        hands = tuple(hand if other.dropped or not other.turns else self._played(other, refused, hand, stock)
                      for other, refused, hand in zip(self.knowledge.others, self._refused, deal.hands,
                                                      strict=True))
        place = {self.unknown[i]: at for at, i in enumerate(order[size:])}
        return Deal(hands, tuple(sorted(stock, key=place.__getitem__)))

    def _played(self, other: OtherPlayer, refused: frozenset[int], hand: tuple[Card, ...],
                stock: list[Card]) -> tuple[Card, ...]:
        """``other``'s ``hand`` played forward off ``stock`` (changed: the cards the hand keeps
        leave it, the others go back to it); up to :data:`ATTEMPTS` times, its hidden cards dealt
        afresh off the stock's top, until the hand is :meth:`unlikely` in no way (else the first
        hand least unlikely).
        """
        known = frozenset(other.held)
        chances = round(CHANCES_PER_TURN * other.turns)
        hidden = len(hand) - len(other.held)
        best: tuple[Card, ...] = hand
        fewest: int | None = None
        for attempt in range(ATTEMPTS if refused or other.held else 1):
            if attempt:
                if len(stock) < hidden:  # too few cards left to deal the hand afresh
                    break
                hand = (*other.held, *stock[:hidden])
                del stock[:hidden]
            played = played_hand(hand, known, stock, chances, self.contract, self.spare, self.card_values)
            unlikely = self._unlikely(played, other.held, refused)
            if fewest is None or unlikely < fewest:
                if fewest is not None:
                    stock.extend(card for card in best if card not in known)
                best, fewest = played, unlikely
            else:
                stock.extend(card for card in played if card not in known)
            if not fewest:
                break
        return best

    def unlikely(self, hand: Sequence[Card], other: OtherPlayer) -> int:
        """In how many ways ``hand`` is unlikely for ``other``: each card it turned down
        (:attr:`~solver.continental.public.OtherPlayer.refused`) that the hand needs, each card
        it took from the pile (:attr:`~solver.continental.public.OtherPlayer.held`) that the hand
        would not need without it (a player takes a card its hand needs: the card is an out of the
        rest of the hand, one spare card fewer). Jokers count never.

        >>> from rulesets.cards import parse_cards
        >>> from rulesets.continental.contracts import CONTRACTS
        >>> sampler = PlayedSampler(SeatKnowledge((), (), (), ()), CONTRACTS[1])
        >>> hand = parse_cards("7c 7d Kd Qs 9c 4h 5s")
        >>> seven, king, four = parse_cards("7c Kc 4h")
        >>> sampler.unlikely(hand, OtherPlayer(7, picked_up=(seven,), discarded=(king,)))
        1
        >>> sampler.unlikely(parse_cards("7c 7d 7h Kd Ks Kc 4h"), OtherPlayer(7, picked_up=(four,)))
        1
        """
        return self._unlikely(hand, other.held, refused_types(other))

    def _unlikely(self, hand: Sequence[Card], held: Sequence[Card], refused: frozenset[int]) -> int:
        """:meth:`unlikely`, given the player's held cards and :func:`refused_types`."""
        needed = needed_among(hand, refused, self.contract, self.spare)
        for card in held:
            if not card.is_joker:
                rest = [c for c in hand if c != card]
                needed += 1 - needed_among(rest, (type_of(card),), self.contract, max(self.spare - 1, 0))
        return needed


def refused_types(other: OtherPlayer) -> frozenset[int]:
    """The kinds of card (:func:`~solver.continental.cardtypes.type_of`) ``other`` turned down,
    jokers aside (a joker is wanted by every hand: turning one down tells nothing).

    >>> from rulesets.cards import parse_cards
    >>> sorted(refused_types(OtherPlayer(7, discarded=tuple(parse_cards("Kc Kc Jk", jokers=True, decks=2)))))
    [44]
    """
    return frozenset(type_of(card) for card in other.refused if not card.is_joker)


def needed_among(hand: Sequence[Card], types: Iterable[int], contract: Contract, spare: int = 1) -> int:
    """How many of the card ``types`` are outs of ``hand`` (would bring it closer to ``contract``);
    0 for a hand every card would bring closer (too few cards: nothing told apart).

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> hand = parse_cards("7c 7d Kd Qs 9c 4h 2s")
    >>> needed_among(hand, [type_of(c) for c in parse_cards("7h Ks 5d")], CONTRACTS[1])
    2
    """
    types = list(types)
    if not types:
        return 0
    key, jokers = hand_key(list(hand))
    _far, outs = outs_mask(key, len(hand), jokers, contract.trios, contract.runs, spare)
    if outs == ALL_TYPES:
        return 0
    return sum(outs >> t & 1 for t in types)
