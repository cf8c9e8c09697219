"""What is public about the other players of a Continental hand, for the advisor and the sampler.

An :class:`OtherPlayer` is one player after the advised one, in play order: how many cards it
holds, whether it has dropped, and the cards it took from the discard pile (a draw from the
pile: ``picked_up``; a buy: ``bought``) and still holds. Those cards, and the discard pile, are
not in the stock: :func:`known_elsewhere` lists them for the advice's ``seen`` count, and
:func:`check_hand_sizes` refuses a hand size the rules cannot produce
(:func:`rulesets.continental.hand_sizes.hand_size_problem`).

>>> from rulesets.cards import parse_cards
>>> left = OtherPlayer(9, picked_up=tuple(parse_cards("Kd")))
>>> [c.code for c in known_elsewhere(parse_cards("4c 9s"), [left])]
['4c', '9s', 'Kd']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulesets.cards import Card
from rulesets.continental.contracts import Contract
from rulesets.continental.hand_sizes import HAND_SIZE_RULE, hand_size_problem
from rulesets.errors import InvalidInputError

__all__ = ["OtherPlayer", "check_hand_sizes", "known_elsewhere"]


@dataclass(frozen=True, slots=True)
class OtherPlayer:
    """Another player: ``hand_size`` cards, ``dropped`` or not, and the physical cards it is known
    to hold (taken from the discard pile and not played since).

    >>> from rulesets.cards import parse_cards
    >>> OtherPlayer(9, bought=tuple(parse_cards("Kd"))).held
    (Card('Kd'),)
    """

    hand_size: int
    dropped: bool = False
    picked_up: tuple[Card, ...] = ()
    bought: tuple[Card, ...] = ()
    turns: int = 0
    """The turns this player has played in the hand so far (each began with a draw, from the
    stock or the pile); 0 when not told. A player who has played turns has kept the cards that
    bring its hand closer to the contract: the expected-points samples deal it such a hand
    (:class:`~solver.continental.sampler.PlayedSampler`)."""
    discarded: tuple[Card, ...] = ()
    """The cards this player threw on the discard pile in the hand (wherever they lie now)."""
    passed: tuple[Card, ...] = ()
    """The top discards this player left on the pile when it drew from the stock instead.

    Neither is a card's place (they tell where no card is): a player keeps the cards that bring
    its hand closer to its contract, so its hand seldom needs a card it turned down, and the
    samples deal it such hands (:class:`~solver.continental.played_sampler.PlayedSampler`)."""

    @property
    def refused(self) -> tuple[Card, ...]:
        """The cards this player turned down: :attr:`discarded`, then :attr:`passed`."""
        return self.discarded + self.passed

    @property
    def held(self) -> tuple[Card, ...]:
        """The cards known to be in this player's hand."""
        return self.picked_up + self.bought


def known_elsewhere(discards: Sequence[Card], others: Sequence[OtherPlayer]) -> tuple[Card, ...]:
    """The cards known not to be in the stock beyond the seat's hand and the table: the discard
    pile and the cards the other players are known to hold (module text).
    """
    return (*discards, *(card for other in others for card in other.held))


def check_hand_sizes(others: Sequence[OtherPlayer], contract: Contract, *, deck_size: int,
                     placed: int | None) -> None:
    """Refuse with :class:`InvalidInputError` (pointing at ``other_players/<i>/hand_size``) a hand
    size the rules cannot produce, or hands that hold more cards than the decks leave when
    ``placed`` cards (the seat's hand, the table, the whole discard pile) lie elsewhere
    (``placed`` ``None``: the pile is not known, only each hand is checked).

    >>> from rulesets.continental.contracts import CONTRACTS
    >>> check_hand_sizes([OtherPlayer(7)], CONTRACTS[1], deck_size=108, placed=9)
    >>> try:
    ...     check_hand_sizes([OtherPlayer(7), OtherPlayer(95)], CONTRACTS[1], deck_size=108, placed=9)
    ... except InvalidInputError as err:
    ...     print(err.field, "|", err.message[:44], "|", err.message[-18:])
    other_players/1/hand_size | the hands hold 102 cards and 9 more lie in y | the decks hold 108
    """
    for index, other in enumerate(others):
        problem = hand_size_problem(other.hand_size, contract, dropped=other.dropped,
                                    held=len(other.held), bought=len(other.bought))
        if problem is not None:
            raise InvalidInputError(f"other player {index + 1}: {problem}", rule=HAND_SIZE_RULE,
                                    code="impossible_hand_size", field=f"other_players/{index}/hand_size")
    if placed is None or not others:
        return
    total = sum(other.hand_size for other in others)
    if total + placed > deck_size:
        raise InvalidInputError(
            f"the hands hold {total} cards and {placed} more lie in your hand, on the table and in "
            f"the discard pile: the decks hold {deck_size}", rule=HAND_SIZE_RULE, code="impossible_hand_size",
            field=f"other_players/{len(others) - 1}/hand_size")
