"""Playing cards: immutable values, canonical codes, and a lenient parser.

Canonical codes are two characters, rank then suit: ``As Td 2c``; ``Jk`` is a
joker. Ranks are ``2-9 T J Q K A`` (ace high), suits ``c d h s``. Where more
than one deck is in play (Continental), each physical card also has a copy
number, written after ``#``: ``7c#1`` and ``7c#2`` are two different cards that
score alike.

>>> parse_cards("10h, AS a♠")
Traceback (most recent call last):
...
rulesets.errors.DuplicateCardError: card 3 'As' repeats card 2: there is only one As in play
>>> [c.code for c in parse_cards("10h AS 2♦")]
['Th', 'As', '2d']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from rulesets.errors import (
    CardCountError,
    CardError,
    CardGroupError,
    CardParseError,
    DuplicateCardError,
    TooManyCopiesError,
    echo,
)

__all__ = [
    "DECK",
    "MAX_CARDS",
    "MAX_TOKEN_LENGTH",
    "Card",
    "Rank",
    "Suit",
    "card_from_index",
    "card_named",
    "format_cards",
    "full_deck",
    "parse_card",
    "parse_cards",
]


class Rank(IntEnum):
    """Card ranks, valued 2 (low) to 14 (ace high).

    >>> Rank.from_char("t"), Rank.ACE.char
    (<Rank.TEN: 10>, 'A')
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """The one-character code of the rank."""
        return _RANK_CHARS[self.value]

    @property
    def label(self) -> str:
        """How a player says the rank: ``10`` for ten, letters for faces."""
        return "10" if self is Rank.TEN else self.char

    @property
    def plural(self) -> str:
        """English plural, as in "three Kings"."""
        return _RANK_PLURALS[self.value]

    @classmethod
    def from_char(cls, text: str) -> Rank:
        """Parse ``A K Q J T 10 9 … 2`` in any case; raise ``KeyError`` otherwise."""
        return cls(_RANK_BY_TEXT[text.upper()])


_RANK_CHARS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
               10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_BY_TEXT = {char: value for value, char in _RANK_CHARS.items()} | {"10": 10}
_RANK_PLURALS = {2: "Twos", 3: "Threes", 4: "Fours", 5: "Fives", 6: "Sixes", 7: "Sevens",
                 8: "Eights", 9: "Nines", 10: "Tens", 11: "Jacks", 12: "Queens",
                 13: "Kings", 14: "Aces"}


class Suit(IntEnum):
    """The four suits; never ranked in play, ordered only for display and indexing.

    >>> Suit.from_char("♥"), Suit.SPADES.symbol
    (<Suit.HEARTS: 2>, '♠')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The one-letter code of the suit."""
        return "cdhs"[self.value]

    @property
    def symbol(self) -> str:
        """The suit symbol."""
        return "♣♦♥♠"[self.value]

    @classmethod
    def from_char(cls, text: str) -> Suit:
        """Parse a suit letter (any case) or symbol; raise ``KeyError`` otherwise."""
        return cls(_SUIT_BY_TEXT[text.lower()])


_SUIT_BY_TEXT = {
    "c": 0, "d": 1, "h": 2, "s": 3,
    "♣": 0, "♦": 1, "♥": 2, "♠": 3,
    "♧": 0, "♢": 1, "♡": 2, "♤": 3,
}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card. ``rank`` and ``suit`` are ``None`` for a joker.

    ``copy`` tells apart identical cards from different decks (1 for the
    first deck). Equality includes the copy; :attr:`code` does not.

    >>> Card(Rank.ACE, Suit.SPADES).code
    'As'
    >>> Card(Rank.SEVEN, Suit.CLUBS, copy=2).id
    '7c#2'
    >>> Card(None, None).code
    'Jk'
    >>> Card(Rank.ACE, Suit.SPADES).kind, Card(None, None, copy=2).kind
    (51, 52)
    """

    rank: Rank | None
    suit: Suit | None
    copy: int = 1
    kind: int = field(init=False, repr=False, compare=False)
    """The card's kind as a number: its :attr:`index` 0-51, or 52 for a joker (worked out once:
    solvers ask millions of times)."""
    _ordinal: int = field(init=False, repr=False, compare=False)
    """The card as one number (its kind and its copy): its hash and equality."""

    def __post_init__(self) -> None:
        """Refuse half jokers and copy numbers below one."""
        if (self.rank is None) != (self.suit is None):
            raise ValueError("a card has both a rank and a suit, or neither (a joker)")
        if self.copy < 1:
            raise ValueError("copy numbers start at 1")
        kind = _JOKER_KIND if self.rank is None else (self.rank - 2) * 4 + self.suit
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "_ordinal", kind + _KINDS * self.copy)

    def __eq__(self, other: object) -> bool:
        """Same rank, suit and copy."""
        if other.__class__ is Card:
            return self._ordinal == other._ordinal  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        """Equal cards hash alike."""
        return self._ordinal

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank is None

    @property
    def code(self) -> str:
        """The canonical two-character code, without the copy number."""
        if self.rank is None or self.suit is None:
            return "Jk"
        return self.rank.char + self.suit.char

    @property
    def id(self) -> str:
        """The code with the copy number: names one physical card among several decks."""
        return f"{self.code}#{self.copy}"

    @property
    def index(self) -> int:
        """Position 0–51 in a single deck (2c=0 … As=51); jokers have none.

        >>> Card(Rank.TWO, Suit.CLUBS).index, Card(Rank.ACE, Suit.SPADES).index
        (0, 51)
        """
        if self.kind == _JOKER_KIND:
            raise ValueError("a joker has no index in the 52-card deck")
        return self.kind

    @property
    def pretty(self) -> str:
        """Rank label and suit symbol, e.g. ``10♥``; ``Joker`` for a joker."""
        if self.rank is None or self.suit is None:
            return "Joker"
        return self.rank.label + self.suit.symbol

    def __str__(self) -> str:
        """The canonical code."""
        return self.code

    def __repr__(self) -> str:
        """``Card('As')``, or ``Card('7c#2')`` for a later copy."""
        text = self.code if self.copy == 1 else self.id
        return f"Card({text!r})"


_JOKER_KIND = 52
_KINDS = 53

DECK: tuple[Card, ...] = tuple(Card(Rank(2 + i // 4), Suit(i % 4)) for i in range(52))
"""The 52 cards of one deck, ordered by :attr:`Card.index`."""


def card_from_index(index: int) -> Card:
    """The single-deck card at ``index`` (0–51).

    >>> card_from_index(51)
    Card('As')
    """
    return DECK[index]


def full_deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """Every physical card of ``decks`` decks plus ``jokers`` jokers.

    >>> len(full_deck()), len(full_deck(2, 2))
    (52, 106)
    """
    cards = [Card(c.rank, c.suit, copy) for copy in range(1, decks + 1) for c in DECK]
    cards.extend(Card(None, None, copy) for copy in range(1, jokers + 1))
    return cards


MAX_TOKEN_LENGTH = 32
"""The longest text read as one card (``10♠#12`` needs 7); longer text is refused unread."""

MAX_CARDS = 1000
"""The most cards :func:`parse_cards` reads at once; a longer list is refused before reading."""

_JOKER_WORDS = {"jk", "joker", "jo", "🃏", "🃟"}
_SPLIT = re.compile(r"[\s,;]+")
_COPY = re.compile(r"^(.*?)#(\d+)$")
_LOOKALIKES = {
    "с": "c", "С": "C", "ѕ": "s", "Ѕ": "S", "һ": "h", "Һ": "H", "ԁ": "d", "Т": "T",
    "К": "K", "к": "k", "А": "A", "а": "a", "Ј": "J", "ј": "j", "О": "O", "о": "o",
    "Α": "A", "Κ": "K", "Τ": "T", "Ζ": "Z", "ο": "o",
}


def _describe_char(char: str) -> str:
    """Name a character by code point, and say what it looks like if it is a look-alike."""
    name = unicodedata.name(char, "unnamed character")
    text = f"U+{ord(char):04X} {name}"
    ascii_twin = _LOOKALIKES.get(char) or unicodedata.normalize("NFKC", char)
    if ascii_twin.isascii() and ascii_twin != char:
        text += f", which looks like {ascii_twin!r} but is not that letter; type {ascii_twin!r}"
    return text


def _strip_copy(token: str, position: int | None, decks: int) -> tuple[str, int | None]:
    """Split ``7c#2`` into ``("7c", 2)``; check the copy number against the decks in play."""
    match = _COPY.match(token)
    if match is None:
        return token, None
    copy = int(match.group(2))
    if copy < 1 or copy > decks:
        raise CardParseError(token, position, f"copy #{copy} does not exist: "
                             f"{_copies_in_play(decks, match.group(1).strip().lower() in _JOKER_WORDS)}")
    return match.group(1), copy


def _copies_in_play(copies: int, joker: bool) -> str:
    """The copy numbers there are of a card, in words.

    >>> _copies_in_play(1, False), _copies_in_play(2, False)
    ('there is only 1 deck, so copy #1', 'there are only 2 decks, so copies #1 and #2')
    >>> _copies_in_play(4, True)
    'there are only 4 jokers, so copies #1 to #4'
    """
    what = ("joker" if joker else "deck") + ("" if copies == 1 else "s")
    numbers = ("copy #1" if copies == 1 else "copies #1 and #2" if copies == 2
               else f"copies #1 to #{copies}")
    return f"there {'is' if copies == 1 else 'are'} only {copies} {what}, so {numbers}"


def parse_card(
    token: str, position: int | None = None, *, jokers: bool = False, decks: int = 1
) -> Card:
    """Parse one card leniently: ``As``, ``AS``, ``a♠``, ``10h``, ``Th``, ``7c#2``, ``Jk``.

    The error names the token (cut short if long), its position (if given) and
    the reason. Anything but text, and text longer than :data:`MAX_TOKEN_LENGTH`,
    is refused before it is read.

    >>> parse_card("10♥")
    Card('Th')
    >>> parse_card("1h", 3)
    Traceback (most recent call last):
    ...
    rulesets.errors.CardParseError: card 3 '1h': '1' is not a rank (ranks: A K Q J T or 10, 9 down to 2)
    """
    if not isinstance(token, str):
        raise CardParseError(token, position, 'a card must be given as text, e.g. "As"')
    original = token
    token = token.strip().replace("\ufe0f", "")
    if not token:
        raise CardParseError(original, position, "empty: expected a card such as As or 10h")
    if len(token) > MAX_TOKEN_LENGTH:
        raise CardParseError(
            original, position, f"too long to be a card ({len(token)} characters; a card is "
                                f"written in at most {MAX_TOKEN_LENGTH}, e.g. As or 10h)")
    for char in token:
        if not char.isascii() and char.lower() not in _SUIT_BY_TEXT and char not in "🃏🃟":
            raise CardParseError(original, position, f"contains {_describe_char(char)}")
    token, copy = _strip_copy(token, position, decks)
    if token.lower() in _JOKER_WORDS:
        if not jokers:
            raise CardParseError(original, position, "there are no jokers in this game")
        return Card(None, None, copy or 1)
    if len(token) < 2 and token.upper() not in _RANK_BY_TEXT:
        raise CardParseError(original, position, "a card needs a rank and a suit, e.g. As or 10h")
    if token.upper() in _RANK_BY_TEXT:
        raise CardParseError(original, position, f"{token!r} is a rank without a suit (add c, d, h or s)")
    rank_text, suit_text = token[:-1], token[-1]
    try:
        suit = Suit.from_char(suit_text)
    except KeyError:
        raise CardParseError(
            original, position, f"{suit_text!r} is not a suit (suits: c d h s or ♣ ♦ ♥ ♠)"
        ) from None
    try:
        rank = Rank.from_char(rank_text)
    except KeyError:
        raise CardParseError(
            original, position, f"{echo(rank_text)} is not a rank (ranks: A K Q J T or 10, 9 down to 2)"
        ) from None
    return Card(rank, suit, copy or 1)


def _tokens(value: str | Iterable[str], what: str) -> list[str]:
    """Split a string on spaces, commas or semicolons; pass lists through; refuse anything else."""
    if isinstance(value, str):
        return [t for t in _SPLIT.split(value) if t]
    if isinstance(value, Iterable) and not isinstance(value, bytes | bytearray | Mapping):
        return list(value)
    raise CardError(f"{what}: expected a list of card codes such as [\"As\", \"10h\"], "
                    f"got {echo(value)}")


def parse_cards(
    value: str | Iterable[str],
    *,
    jokers: bool = False,
    decks: int = 1,
    count: int | tuple[int, int] | None = None,
    what: str = "the list",
) -> tuple[Card, ...]:
    """Parse several cards, refusing duplicates of a physical card.

    ``value`` is a string (split on spaces, commas or semicolons) or a list of
    tokens. Positions in errors count from 1. Where several decks are in
    play, a card written without ``#copy`` takes the lowest copy not yet used
    in the list; a card beyond the copies that exist is a duplicate.
    ``count`` is an exact number or an inclusive ``(low, high)`` range; counts
    (and :data:`MAX_CARDS`) are checked before any card is read.

    >>> [c.id for c in parse_cards("7c 7c Jk", jokers=True, decks=2)]
    ['7c#1', '7c#2', 'Jk#1']
    >>> parse_cards(["As", "Kd"], count=3, what="a combination")
    Traceback (most recent call last):
    ...
    rulesets.errors.CardCountError: a combination: expected 3 cards, got 2
    """
    tokens = _tokens(value, what)
    if count is not None:
        low, high = (count, count) if isinstance(count, int) else count
        if not low <= len(tokens) <= high:
            expected = str(low) if low == high else f"{low} to {high}"
            raise CardCountError(expected, len(tokens), what)
    if len(tokens) > MAX_CARDS:
        raise CardCountError(f"at most {MAX_CARDS}", len(tokens), what)
    copies = decks if decks > 1 else 1
    seen: dict[Card, int] = {}
    cards: list[Card] = []
    for position, token in enumerate(tokens, start=1):
        card = parse_card(token, position, jokers=jokers, decks=copies)
        if copies > 1 and "#" not in token:
            card = _first_free_copy(card, seen, copies, position)
        if card in seen:
            raise DuplicateCardError(card.code if copies == 1 else card.id, (seen[card], position))
        seen[card] = position
        cards.append(card)
    return tuple(cards)


def _first_free_copy(card: Card, seen: dict[Card, int], copies: int, position: int) -> Card:
    """The lowest copy of ``card`` not in ``seen``; a duplicate error if none is left."""
    for copy in range(1, copies + 1):
        candidate = Card(card.rank, card.suit, copy)
        if candidate not in seen:
            return candidate
    last = Card(card.rank, card.suit, copies)
    raise DuplicateCardError(card.code, (seen[last], position), copies)


def parse_card_groups(
    groups: Mapping[str, str | Iterable[str]], *, jokers: bool = False, decks: int = 1
) -> dict[str, tuple[Card, ...]]:
    """Parse several lists drawn from the same cards (a hand, the table, the discards seen...).

    A card written without ``#copy`` takes the lowest copy not used in any
    earlier list or earlier in its own, so ``7c`` in the hand and ``7c`` among
    the cards seen are the two copies; a third is refused, naming its list and
    position (:class:`CardGroupError`).

    >>> groups = parse_card_groups({"hand": "7c Jk", "seen": ["7c", "Jk"]}, jokers=True, decks=2)
    >>> [c.id for c in groups["seen"]]
    ['7c#2', 'Jk#2']
    >>> try:
    ...     parse_card_groups({"hand": "7c 7c", "seen": "7c"}, decks=2)
    ... except CardGroupError as err:
    ...     print(err.group, err.position, err.code, "|", err.cause.message)  # doctest: +NORMALIZE_WHITESPACE
    seen 1 duplicate_card | card 1 '7c' is a third 7c:
    there are only 2 copies in play (hand card 1, hand card 2)
    """
    copies = decks if decks > 1 else 1
    taken: dict[Card, tuple[str, int]] = {}
    parsed: dict[str, tuple[Card, ...]] = {}
    for group, value in groups.items():
        tokens = _tokens(value, group)
        if len(tokens) > MAX_CARDS:
            raise CardCountError(f"at most {MAX_CARDS}", len(tokens), group)
        cards = []
        for position, token in enumerate(tokens, start=1):
            try:
                card = parse_card(token, position, jokers=jokers, decks=copies)
            except CardError as err:
                raise CardGroupError(group, position, err) from None
            if "#" not in token:
                free = [Card(card.rank, card.suit, n) for n in range(1, copies + 1)
                        if Card(card.rank, card.suit, n) not in taken]
                card = free[0] if free else card
            if card in taken:
                where = ", ".join(f"{g} card {p}" for c, (g, p) in taken.items()
                                  if c.code == card.code)
                if "#" not in token:
                    cause: CardError = TooManyCopiesError(card.code, copies, where, position=position)
                else:
                    cause = CardError(f"card {position} {card.id!r} is also {where.split(', ')[0]}")
                    cause.code = DuplicateCardError.code
                raise CardGroupError(group, position, cause) from None
            taken[card] = (group, position)
            cards.append(card)
        parsed[group] = tuple(cards)
    return parsed


def format_cards(cards: Sequence[Card], *, ids: bool = False) -> str:
    """Join cards as canonical codes (``ids`` adds copy numbers).

    >>> format_cards(parse_cards("Ah 2h 3h"))
    'Ah 2h 3h'
    """
    return " ".join(card.id if ids else card.code for card in cards)


def card_named(card: Card, among: Iterable[Card] = ()) -> str:
    """A card named in words for a message: ``Q♥``, or ``Joker``; a later copy is written as a log
    writes it (``7c#2``) only when another copy of it is ``among`` the cards the message is about,
    which is where the copy tells two cards apart (the first copy is then ``7c``, never ``7c#1``).

    >>> seven, second = parse_card("7c", decks=2), parse_card("7c#2", decks=2)
    >>> card_named(seven), card_named(second), card_named(second, [seven]), card_named(seven, [second])
    ('7♣', '7♣', '7c#2', '7c')
    >>> card_named(Card(None, None)), card_named(Card(None, None, 2), [Card(None, None)])
    ('Joker', 'Joker')
    """
    if card.is_joker:
        return card.pretty
    twins = any(other.code == card.code and other.copy != card.copy for other in among)
    if not twins:
        return card.pretty
    return card.code if card.copy == 1 else card.id
