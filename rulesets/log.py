"""Game logs as lists of frozen records, shared by every game of the package.

A log is a list of :class:`Record` values: player *actions* (``is_action``)
and the automatic *events* the rules derive from them. Records are frozen
dataclasses; :func:`record_to_dict` and :func:`record_from_dict` turn them
into JSON-ready dicts (cards as code strings) and back, guided by the field
types, so a stored or posted log can be replayed.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Shown(Record):
...     kind = "shown"
...     seat: int
...     cards: tuple[Card, ...]
>>> types = RecordTypes([Shown])
>>> data = record_to_dict(Shown(1, (Card(Rank.ACE, Suit.SPADES),)))
>>> data
{'kind': 'shown', 'seat': 1, 'cards': ['As']}
>>> types.from_dict(data) == Shown(1, (Card(Rank.ACE, Suit.SPADES),))
True
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from rulesets.cards import DECK, Card, Rank, Suit, parse_card  # noqa: F401  (Rank, Suit: doctests)
from rulesets.differences import RECORD, WORDS, Difference, Wording, record_differences
from rulesets.errors import CardParseError, InvalidInputError, echo, json_words, name_list
from rulesets.jsonable import jsonable

__all__ = [
    "LogError",
    "LogMismatchError",
    "Record",
    "RecordTypes",
    "check_same_log",
    "describe_record",
    "encode_value",
    "first_mismatch",
    "record_to_dict",
    "split_actions",
]

S = TypeVar("S")

_CARDS_BY_CODE = {card.code: card for card in DECK}


class LogError(InvalidInputError):
    """A log record (as a dict) that cannot be read; the message says where and why."""

    code = "invalid_log"


class LogMismatchError(InvalidInputError):
    """A posted log that differs from the one the rules derive, at ``index``.

    ``body`` is the message without the record's number; ``differences`` lists each field
    that differs (:class:`~rulesets.differences.Difference`), ``log`` and ``rules`` are the
    posted and the derived record (``None``: none), for the verdict to word.
    """

    code = "log_mismatch"

    def __init__(self, index: int, message: str, differences: Sequence[Difference] = (),
                 log: Any = None, rules: Any = None) -> None:
        super().__init__(f"record {index}: {message}")
        self.index = index
        self.body = message
        self.differences = tuple(differences)
        self.log = log
        self.rules = rules


@dataclass(frozen=True, slots=True)
class Record:
    """Base of every log record; subclasses set ``kind`` and, for player actions, ``is_action``."""

    kind: ClassVar[str] = "record"
    is_action: ClassVar[bool] = False


def encode_value(value: Any) -> Any:
    """The JSON form of a record's value: :func:`rulesets.jsonable.jsonable` (one encoder).

    >>> encode_value(((Card(Rank.TWO, Suit.CLUBS),), 3, None))
    [['2c'], 3, None]
    """
    return jsonable(value)


def record_to_dict(record: Record) -> dict[str, Any]:
    """Return the JSON-ready dict of ``record``: its ``kind`` then its fields.

    >>> record_to_dict(Record())
    {'kind': 'record'}
    """
    return {"kind": record.kind} | encode_value(record)


MAX_INT = 2**63
"""Whole numbers in a log lie strictly between ``-MAX_INT`` and ``MAX_INT`` (64-bit, as in JSON stores)."""

MAX_TEXT = 500
"""The longest text a log field may hold (the rules write reasons and names far shorter)."""

MAX_ITEMS = 300
"""The most items a list in a log record may hold (a Ramchi deck has 52, a Continental deck for
twelve players 268); checked before reading them."""

MAX_LOG_RECORDS = 50_000
"""The most records a posted log may hold, in any game (the API refuses longer lists unread).

A 1,000-hand Ramchi game has about 11,000 records; the longest 7-hand Continental game measured
(random players, see :data:`rulesets.continental.disputes.RECORDS_PER_HAND`) 4,886."""


@dataclass(frozen=True, slots=True)
class _CardRules:
    """How cards in a log are read: whether jokers exist and how many decks are in play."""

    jokers: bool = True
    decks: int = 99


def _decode_card(value: Any, where: str, cards: _CardRules) -> Card:
    """Read one card code (the copy number, if any, after ``#``)."""
    if not isinstance(value, str):
        raise LogError(f"{where}: expected a card code such as \"As\", got {json_words(value)}")
    if value in _CARDS_BY_CODE:
        return _CARDS_BY_CODE[value]
    try:
        return parse_card(value, jokers=cards.jokers, decks=cards.decks)
    except CardParseError as err:
        raise LogError(f"{where}: {err.message}") from None


_PLAIN_WORDS = {int: "a whole number", str: "text", bool: "true or false"}
"""A plain field's type, as a message names it."""


def _decode_plain(value: Any, hint: type, where: str) -> Any:
    """Check an ``int``, ``str`` or ``bool`` value (a bool is not an int here) and its size."""
    if type(value) is not hint:
        raise LogError(f"{where}: expected {_PLAIN_WORDS[hint]}, got {json_words(value)}")
    if hint is int and not -MAX_INT < value < MAX_INT:
        raise LogError(f"{where}: {json_words(value)} is out of range "
                       f"(whole numbers in a log lie between -2**63 and 2**63)")
    if hint is str and len(value) > MAX_TEXT:
        raise LogError(f"{where}: text of {len(value)} characters is too long "
                       f"(at most {MAX_TEXT}): {echo(value)}")
    return value


def _decode_tuple(value: Any, args: tuple[Any, ...], where: str, cards: _CardRules) -> tuple[Any, ...]:
    """Read a list as ``tuple[X, ...]`` or as a fixed-length ``tuple[X, Y, …]`` (counted first)."""
    if not isinstance(value, list | tuple):
        raise LogError(f"{where}: expected a list, got {json_words(value)}")
    if len(args) == 2 and args[1] is Ellipsis:
        if len(value) > MAX_ITEMS:
            raise LogError(f"{where}: a list of {len(value)} items is too long (at most {MAX_ITEMS})")
        return tuple(_decode(item, args[0], f"{where}[{i}]", cards) for i, item in enumerate(value))
    if len(value) != len(args):
        raise LogError(f"{where}: expected {len(args)} items, got {len(value)}")
    return tuple(_decode(item, hint, f"{where}[{i}]", cards) for i, (item, hint) in enumerate(
        zip(value, args, strict=True)))


def _decode(value: Any, hint: Any, where: str, cards: _CardRules) -> Any:
    """Decode ``value`` to the type ``hint`` (cards, plain values, tuples, unions, dataclasses)."""
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        real = [option for option in options if option is not type(None)]
        return _decode(value, real[0], where, cards)
    if origin is tuple:
        return _decode_tuple(value, typing.get_args(hint), where, cards)
    if hint is Card:
        return _decode_card(value, where, cards)
    if hint in (int, str, bool):
        return _decode_plain(value, hint, where)
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return _decode_choice(value, hint, where)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode_dataclass(value, hint, where, cards)
    raise TypeError(f"{where}: cannot decode a field of type {hint!r}")


def _decode_choice(value: Any, hint: type[StrEnum], where: str) -> Any:
    """Read a text value typed as a :class:`~enum.StrEnum`: the member it names.

    Text that names no member is kept as it is, for the rules to refuse it in their own words
    (a posted log with ``"end": "middle"`` is judged, not unreadable).
    """
    text = _decode_plain(value, str, where)
    try:
        return hint(text)
    except ValueError:
        return text


@functools.cache
def _fields_of(cls: type) -> tuple[dict[str, Any], tuple[str, ...]]:
    """Return the resolved type hints and the field names of a dataclass (computed once)."""
    return typing.get_type_hints(cls), tuple(f.name for f in dataclasses.fields(cls))


def _decode_dataclass(value: Any, cls: type[S], where: str, cards: _CardRules) -> S:
    """Build the dataclass ``cls`` from a dict holding exactly its fields."""
    if not isinstance(value, Mapping):
        raise LogError(f"{where}: expected an object, got {json_words(value)}")
    hints, names = _fields_of(cls)
    unknown = [key for key in value if key not in names and key != "kind"]
    if unknown:
        raise LogError(f"{where}: unknown field(s) {name_list(unknown)}")
    missing = [name for name in names if name not in value]
    if missing:
        raise LogError(f"{where}: missing field(s) {', '.join(missing)}")
    args = {name: _decode(value[name], hints[name], f"{where}.{name}", cards) for name in names}
    return cls(**args)


class RecordTypes:
    """The record classes of one game, by ``kind``; reads records back from dicts.

    ``jokers`` and ``decks`` say which cards exist in the game (by default any
    card, joker or copy number is read; a game with one 52-card deck says
    ``jokers=False, decks=1`` so that others are refused while reading).
    """

    def __init__(self, classes: Iterable[type[Record]], *, jokers: bool = True, decks: int = 99) -> None:
        self.classes: dict[str, type[Record]] = {cls.kind: cls for cls in classes}
        self._cards = _CardRules(jokers, decks)

    def from_dict(self, data: Any, where: str = "record") -> Record:
        """Return the record described by ``data``; raise :class:`LogError` if it is malformed.

        >>> RecordTypes([]).from_dict({"kind": "dance"})
        Traceback (most recent call last):
        ...
        rulesets.log.LogError: record: unknown kind 'dance' (known: none)
        >>> RecordTypes([]).from_dict({"kind": ["keep"]})
        Traceback (most recent call last):
        ...
        rulesets.log.LogError: record: 'kind' must be text naming the record, e.g. "keep"; got a list \
of 1 item
        """
        if not isinstance(data, Mapping):
            raise LogError(f"{where}: expected an object, got {json_words(data)}")
        if "kind" not in data:
            raise LogError(f"{where}: missing field(s) kind (what the record is, e.g. \"keep\")")
        kind = data["kind"]
        if not isinstance(kind, str):
            raise LogError(f"{where}: 'kind' must be text naming the record, e.g. \"keep\"; "
                           f"got {json_words(kind)}")
        cls = self.classes.get(kind)
        if cls is None:
            known = ", ".join(sorted(self.classes)) or "none"
            raise LogError(f"{where}: unknown kind {echo(kind)} (known: {known})")
        return _decode_dataclass(data, cls, where, self._cards)

    def log_from_dicts(self, items: Sequence[Any], limit: int | None = None) -> list[Record]:
        """Read a whole log; the error names the index of the first bad record.

        A log longer than ``limit`` records is refused before any record is read.

        >>> RecordTypes([]).log_from_dicts([{}] * 5, limit=2)
        Traceback (most recent call last):
        ...
        rulesets.log.LogError: log: 5 records given; at most 2 can be read
        """
        if not isinstance(items, list | tuple):
            raise LogError(f"log: expected a list of records, got {echo(items)}")
        if limit is not None and len(items) > limit:
            raise LogError(f"log: {len(items)} records given; at most {limit} can be read")
        return [self.from_dict(item, f"record {i}") for i, item in enumerate(items)]


def describe_record(record: Record, wording: Wording = WORDS) -> str:
    """A record in words for messages (its kind and its fields, cut short; never a ``repr``).

    >>> describe_record(Record())
    'record'
    """
    return wording.record(record)


def split_actions(records: Iterable[Record]) -> list[Record]:
    """Return only the player actions of a log (the events are derived by replaying them).

    >>> split_actions([Record()])
    []
    """
    return [record for record in records if record.is_action]


def first_mismatch(
    posted: Sequence[Record],
    derived: Sequence[Record],
    wording: Wording = WORDS,
    *,
    cut_ok: bool = False,
) -> LogMismatchError | None:
    """The :class:`LogMismatchError` at the first record where two logs differ (``None``: same).

    With ``cut_ok`` a posted log that stops short of the derived one (a log cut before the
    game's end) is no mismatch.

    >>> first_mismatch([], [Record()], cut_ok=True) is None
    True
    >>> first_mismatch([], [Record()]).differences
    (Difference(field='record', log=None, rules=Record()),)

    A posted record that is the derived record after the one it stands for tells a record
    missing from the log (said as such, not as a record that differs):

    >>> @dataclass(frozen=True)
    ... class Round(Record):
    ...     kind = "round"
    ...     number: int
    >>> first_mismatch([Round(2)], [Round(1), Round(2)]).body
    'round (number 1) is missing: the log has no record for it here'
    """
    for index, (a, b) in enumerate(zip(posted, derived, strict=False)):
        if a != b:
            if index + 1 < len(derived) and a == derived[index + 1]:  # the log skips a record
                return LogMismatchError(index, wording.missing(b), (Difference(RECORD, None, b),), None, b)
            return _mismatch(index, a, b, wording)
    if len(posted) > len(derived):
        return _mismatch(len(derived), posted[len(derived)], None, wording)
    if len(derived) > len(posted) and not cut_ok:
        return _mismatch(len(posted), None, derived[len(posted)], wording)
    return None


def _mismatch(index: int, log: Record | None, rules: Record | None, wording: Wording) -> LogMismatchError:
    differences = record_differences(log, rules)
    return LogMismatchError(index, wording.sentence(log, rules, differences), differences, log, rules)


def check_same_log(
    posted: Sequence[Record],
    derived: Sequence[Record],
    wording: Wording = WORDS,
) -> None:
    """Raise :class:`LogMismatchError` at the first record where two logs differ.

    >>> check_same_log([Record()], [])
    Traceback (most recent call last):
    ...
    rulesets.log.LogMismatchError: record 0: the log has record; by the rules nothing comes here
    """
    error = first_mismatch(posted, derived, wording)
    if error is not None:
        raise error
