"""The Continental deck: how many decks and jokers a table plays with.

Spec, "Table": two 52-card decks plus 2 jokers (106 cards); *variant*: above six
players, one more deck and two more jokers for every two extra players.

>>> Deck.for_players(6)
Deck(decks=2, jokers=2)
>>> Deck.for_players(8).size
160
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesets.cards import Card, full_deck
from rulesets.errors import TooManyCopiesError

__all__ = ["BASE_PLAYERS", "Deck"]

BASE_PLAYERS = 6
"""Up to this many players the table uses two decks and two jokers."""


@dataclass(frozen=True, slots=True)
class Deck:
    """How many 52-card ``decks`` and ``jokers`` are shuffled together.

    >>> Deck().copies(Card(None, None)), Deck(3, 4).copies(Card(None, None))
    (2, 4)
    """

    decks: int = 2
    jokers: int = 2

    @classmethod
    def for_players(cls, max_players: int) -> Deck:
        """The deck for a table of up to ``max_players`` (the ``max_players`` option).

        >>> Deck.for_players(7), Deck.for_players(12)
        (Deck(decks=3, jokers=4), Deck(decks=5, jokers=8))
        """
        extra = max(0, -(-(max_players - BASE_PLAYERS) // 2))
        return cls(2 + extra, 2 + 2 * extra)

    @property
    def size(self) -> int:
        """The number of physical cards."""
        return 52 * self.decks + self.jokers

    @property
    def copy_limit(self) -> int:
        """The most copies of any one card (natural or joker), for the card parser."""
        return max(self.decks, self.jokers)

    def copies(self, card: Card) -> int:
        """How many physical copies of ``card`` (ignoring its copy number) the deck holds."""
        return self.jokers if card.is_joker else self.decks

    @property
    def rule(self) -> str:
        """The table's cards in words, the rule a card given too often breaks.

        >>> Deck(3, 4).rule
        'Continental is played with 3 decks and 4 jokers'
        """
        return f"Continental is played with {self.decks} decks and {self.jokers} jokers"

    def too_many(self, card: Card, where: str, *, position: int | None = None,
                 given: int | None = None, field: str | None = None) -> TooManyCopiesError:
        """The refusal of ``card`` given more often than this deck holds it (see
        :class:`~rulesets.errors.TooManyCopiesError` for ``where``, ``position`` and ``given``).

        >>> err = Deck().too_many(Card(None, None), "between the hand and the table", given=3)
        >>> err.code, err.rule
        ('duplicate_card', 'Continental is played with 2 decks and 2 jokers')
        >>> err.message
        "'Jk' is given 3 times between the hand and the table: there are only 2 copies in play"
        """
        return TooManyCopiesError(card.code, self.copies(card), where, position=position, given=given,
                                  rule=self.rule, field=field)

    def cards(self) -> list[Card]:
        """Every physical card, jokers last.

        >>> len(Deck().cards())
        106
        """
        return full_deck(self.decks, self.jokers)
