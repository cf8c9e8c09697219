"""How two log records differ, field by field, and how a verdict says so in a player's words.

:func:`record_differences` compares a record of a posted log with the one the rules derive,
field by field (nested records such as a round's plays too, and a long list of cards card by
card): each :class:`Difference` names the field by its path (``winner``, ``plays[1].cards``,
``deck[5]``) and holds both values. A :class:`Wording` (each game gives its own) turns them
into words: :meth:`Wording.value` (cards as ``A♠``, seats as "seat 1", chips per seat),
:meth:`Wording.field` ("the cards of play 2") and :meth:`Wording.sentence`, the clause a
verdict's message is made of. Nothing here ever shows a Python ``repr``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Won:
...     kind = "won"
...     hand: int
...     winner: int
>>> found = record_differences(Won(1, 2), Won(1, 0))
>>> found
[Difference(field='winner', log=2, rules=0)]
>>> WORDS.sentence(Won(1, 2), Won(1, 0), found)
'the log gives the winner as seat 2; the rules give seat 0'
>>> WORDS.as_dict(found[0])
{'field': 'winner', 'log': 'seat 2', 'rules': 'seat 0'}
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from rulesets.cards import Card

__all__ = [
    "KIND",
    "RECORD",
    "WORDS",
    "Difference",
    "Wording",
    "card_words",
    "cards_apart",
    "record_differences",
]

RECORD = "record"
"""The field of a difference about a whole record: one the log holds and the rules do not
derive here, or the reverse."""

KIND = "kind"
"""The field of a difference between records of two kinds (both told whole)."""

SPLIT_LONGER_THAN = 6
"""A list of cards longer than this (a deck, a stock) is compared card by card."""

MOST_POSITIONS = 5
"""The most single positions of one list reported apart; beyond, the whole list differs."""

MOST_WORDS = 400
"""The longest a value is written out in words before it is cut short."""


@dataclass(frozen=True, slots=True)
class Difference:
    """One field where a posted record differs from the derived one: ``field`` is its path
    (``RECORD`` for a whole record), ``log`` and ``rules`` the two values (``None``: none).
    """

    field: str
    log: Any
    rules: Any


def _is_record(value: Any) -> bool:
    """Whether ``value`` is a record or a nested one (a card is one value, not a record)."""
    return dataclasses.is_dataclass(value) and not isinstance(value, type | Card)


def record_differences(log: Any, rules: Any) -> list[Difference]:
    """Every field where ``log`` (the posted record, ``None``: none) differs from ``rules`` (the
    derived one, ``None``: none), in field order; one ``RECORD`` difference when either is
    missing, one ``KIND`` difference when they are of different kinds.

    >>> record_differences(None, 5)
    [Difference(field='record', log=None, rules=5)]
    """
    if log == rules:
        return []
    if log is None or rules is None:
        return [Difference(RECORD, log, rules)]
    if type(log) is not type(rules) or not _is_record(log):
        return [Difference(KIND, log, rules)]
    return _dataclass_differences("", log, rules)


def _dataclass_differences(path: str, log: Any, rules: Any) -> list[Difference]:
    found: list[Difference] = []
    for item in dataclasses.fields(log):
        name = f"{path}.{item.name}" if path else item.name
        found += _value_differences(name, getattr(log, item.name), getattr(rules, item.name))
    return found


def _value_differences(path: str, log: Any, rules: Any) -> list[Difference]:
    if log == rules:
        return []
    if _is_record(log) and type(log) is type(rules):
        return _dataclass_differences(path, log, rules)
    if _splits(log, rules):
        found = [d for i, (a, b) in enumerate(zip(log, rules, strict=True))
                 for d in _value_differences(f"{path}[{i}]", a, b)]
        if len({_position(d.field, path) for d in found}) <= MOST_POSITIONS:
            return found
    return [Difference(path, log, rules)]


def _position(path: str, parent: str) -> str:
    return path[len(parent):].split("]")[0]


def _splits(log: Any, rules: Any) -> bool:
    """Whether two lists of one length are compared item by item: lists of records or of card
    groups, and long lists of cards (short ones, such as a combination, are one value).
    """
    if not (isinstance(log, tuple) and isinstance(rules, tuple) and len(log) == len(rules) and log):
        return False
    if all(_is_record(item) or isinstance(item, tuple) for item in (*log, *rules)):
        return True
    return len(log) > SPLIT_LONGER_THAN and all(isinstance(item, Card) for item in (*log, *rules))


def card_words(card: Card) -> str:
    """A card as a player writes it (:attr:`~rulesets.cards.Card.pretty`), with its copy number
    when it is a later copy.

    >>> from rulesets.cards import parse_card
    >>> joker = parse_card("Jk", jokers=True)
    >>> card_words(parse_card("Ts")), card_words(parse_card("7c#2", decks=2)), card_words(joker)
    ('10♠', '7♣#2', 'Joker')
    """
    return card.pretty if card.copy == 1 else f"{card.pretty}#{card.copy}"


def _long_cards(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) > SPLIT_LONGER_THAN and all(
        isinstance(card, Card) for card in value)


def cards_apart(log: Any, rules: Any) -> tuple[list[Card], list[Card]] | None:
    """For two long lists of cards of different lengths (a deck short of a card), the cards the
    log lacks and those it holds besides, each at most :data:`MOST_POSITIONS` (``None``: not
    such lists, or too many cards apart to name).

    >>> from rulesets.cards import DECK
    >>> cards_apart(DECK[1:], DECK)
    ([Card('2c')], [])
    """
    if not (_long_cards(log) and _long_cards(rules)) or len(log) == len(rules):
        return None
    left, right = list(rules), list(log)
    missing = [card for card in left if card not in log or left.count(card) > right.count(card)]
    extra = [card for card in right if card not in rules or right.count(card) > left.count(card)]
    missing, extra = list(dict.fromkeys(missing)), list(dict.fromkeys(extra))
    return (missing, extra) if len(missing) + len(extra) <= MOST_POSITIONS else None


def _cut(text: str) -> str:
    return text if len(text) <= MOST_WORDS else f"{text[:MOST_WORDS]}… ({len(text)} characters)"


_PATH_PART = re.compile(r"([a-z_]+)((?:\[\d+\])*)")

Clause = Callable[[Any, Any, Difference, "Wording"], "str | None"]
"""A game's own sentence for one difference (log record, rules record, difference, wording)."""
Why = Callable[[Any, Any, Difference], "str | None"]
"""A game's reason why the rules give what they give for one difference (log record, rules
record, difference)."""


@dataclass(frozen=True)
class Wording:
    """How one game writes values, fields and records of its log in words.

    - ``labels``: a field's name in words (``next_dealer`` → "next dealer"); others lose
      their underscores;
    - ``items``: how the items of a list field are named (``plays`` → "play {n}",
      ``deck`` → "card {n} of the deck"); ``n`` counts from 1;
    - ``seat_fields``, ``seats_fields``, ``per_seat_fields``, ``signed_fields``: fields
      holding one seat, a list of seats, a number per seat, and numbers written with a sign;
    - ``values``: a field's own writing of its value, by name;
    - ``kinds``: a record kind in words (a record is told as its kind and its fields);
    - ``clauses``: a sentence for one difference by ``(kind, field)``; ``why``: the reason
      the rules give what they give for a difference, added after its sentence;
    - ``names``: a record's short name by kind ("round 1 of hand 2"), when the log misses it.
    """

    labels: Mapping[str, str] = field(default_factory=dict)
    items: Mapping[str, str] = field(default_factory=dict)
    seat_fields: frozenset[str] = frozenset({"seat", "leader", "winner", "dealer", "next_dealer",
                                             "player"})
    seats_fields: frozenset[str] = frozenset({"winners"})
    per_seat_fields: frozenset[str] = frozenset({"chips", "totals", "scores"})
    signed_fields: frozenset[str] = frozenset()
    values: Mapping[str, Callable[[Any, Wording], str]] = field(default_factory=dict)
    kinds: Mapping[str, str] = field(default_factory=dict)
    clauses: Mapping[tuple[str, str], Clause] = field(default_factory=dict)
    why: Why | None = None
    names: Mapping[str, Callable[[Any], str]] = field(default_factory=dict)

    # -- values ---------------------------------------------------------------------------------

    def value(self, name: str, value: Any) -> str:
        """``value`` of the field ``name`` (its last name in a path, e.g. ``cards``) in words.

        >>> from rulesets.cards import parse_cards
        >>> WORDS.value("cards", parse_cards("As Ah Ad")), WORDS.value("chips", (3, -1, -2))
        ('A♠ A♥ A♦', 'seat 0: 3, seat 1: -1, seat 2: -2')
        >>> WORDS.value("winners", (0, 2)), WORDS.value("same_turn", False), WORDS.value("end", None)
        ('seats 0 and 2', 'no', 'none')
        """
        if name in self.values:
            return _cut(self.values[name](value, self))
        return _cut(self._plain(name, value))

    def _plain(self, name: str, value: Any) -> str:
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, Card):
            return card_words(value)
        if isinstance(value, Enum):
            return str(value.value)
        if isinstance(value, int) and name in self.seat_fields:
            return f"seat {value}"
        if isinstance(value, int):
            return f"{value:+d}" if name in self.signed_fields and value else str(value)
        if isinstance(value, str):
            return value
        if _is_record(value):
            return self.record(value)
        if isinstance(value, tuple):
            return self._sequence(name, value)
        return _cut(str(value))

    def _sequence(self, name: str, value: tuple[Any, ...]) -> str:
        if not value:
            return "none"
        if all(isinstance(item, Card) for item in value):
            return " ".join(card_words(card) for card in value)
        if all(isinstance(item, int) and not isinstance(item, bool) for item in value):
            if name in self.seats_fields:
                seats = [str(seat) for seat in value]
                return ("seat " if len(seats) == 1 else "seats ") + (
                    seats[0] if len(seats) == 1 else f"{', '.join(seats[:-1])} and {seats[-1]}")
            if name in self.per_seat_fields:
                return ", ".join(f"seat {seat}: {self._plain(name, number)}"
                                 for seat, number in enumerate(value))
        if all(isinstance(item, tuple) and all(isinstance(c, Card) for c in item) for item in value):
            return "; ".join(" ".join(card_words(card) for card in group) or "none" for group in value)
        return ", ".join(self._plain(name, item) for item in value)

    # -- fields and records ---------------------------------------------------------------------

    def field(self, path: str) -> str:
        """A field's path in words.

        >>> WORDS.field("plays[1].cards"), WORDS.field("next_dealer"), WORDS.field("deck[5]")
        ('the cards of item 2 of the plays', 'the next dealer', 'item 6 of the deck')
        """
        parts = []
        for name, indexes in _PATH_PART.findall(path):
            label = self.labels.get(name, name.replace("_", " "))
            numbers = [int(n) for n in re.findall(r"\d+", indexes)]
            if not numbers:
                parts.append(f"the {label}")
                continue
            item = self.items.get(name, f"item {{n}} of the {label}")
            parts.append(item.format(n=numbers[0] + 1) + "".join(f", item {n + 1}" for n in numbers[1:]))
        return " of ".join(reversed(parts))

    def record(self, record: Any) -> str:
        """A record (or a nested one) in words: its kind, then its fields.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Kept:
        ...     kind = "keep"
        ...     seat: int
        >>> WORDS.record(Kept(1))
        'keep (seat 1)'
        """
        kind = getattr(record, "kind", None)
        told = self.kinds.get(kind, kind.replace("_", " ") if isinstance(kind, str) else "")
        parts = []
        for item in dataclasses.fields(record):
            value = getattr(record, item.name)
            if isinstance(value, tuple) and len(value) > SPLIT_LONGER_THAN and all(
                    isinstance(card, Card) for card in value):
                words = f"{len(value)} cards"
            else:
                words = self.value(item.name, value)
            label = self.labels.get(item.name, item.name.replace("_", " "))
            parts.append(words if words.startswith(label) else f"{label} {words}")
        inside = ", ".join(parts)
        return _cut(f"{told} ({inside})" if told and inside else told or inside)

    def difference_value(self, difference: Difference, which: Any) -> str:
        """One side of a difference in words (a whole record told as a record)."""
        if difference.field in (RECORD, KIND):
            return "nothing" if which is None else self.record(which)
        name = _PATH_PART.findall(difference.field)[-1][0]
        if _is_record(which):
            return self.record(which)
        return self.value(name, which)

    def as_dict(self, difference: Difference) -> dict[str, str]:
        """A difference as a verdict lists it: ``{"field", "log", "rules"}``, values in words (a
        long list of cards differing in a few cards by its length and those cards).

        >>> from rulesets.cards import DECK
        >>> WORDS.as_dict(Difference("deck", DECK[1:], DECK))
        {'field': 'deck', 'log': '51 cards, without 2♣', 'rules': '52 cards'}
        """
        apart = cards_apart(difference.log, difference.rules)
        if apart is not None:
            missing, extra = apart
            log = ", ".join([f"{len(difference.log)} cards",
                             *([f"without {' '.join(card_words(c) for c in missing)}"] if missing else []),
                             *([f"with {' '.join(card_words(c) for c in extra)} too"] if extra else [])])
            return {"field": difference.field, "log": log, "rules": f"{len(difference.rules)} cards"}
        return {"field": difference.field, "log": self.difference_value(difference, difference.log),
                "rules": self.difference_value(difference, difference.rules)}

    # -- sentences ------------------------------------------------------------------------------

    def clause(self, log: Any, rules: Any, difference: Difference) -> str:
        """The sentence for one difference: the game's own, else a plain one.

        >>> WORDS.clause(None, None, Difference("leader", 2, 0))
        'the log gives the leader as seat 2; the rules give seat 0'
        """
        kind = getattr(rules if rules is not None else log, "kind", "")
        own = self.clauses.get((kind, difference.field))
        if own is not None:
            told = own(log, rules, difference, self)
            if told:
                return told
        apart = cards_apart(difference.log, difference.rules)
        if apart is not None:
            missing, extra = apart
            said = [f"{' '.join(card_words(card) for card in cards)} {'is' if len(cards) == 1 else 'are'} "
                    f"{what}" for cards, what in ((missing, "missing"), (extra, "extra")) if cards]
            return (f"the log gives {self.field(difference.field)} as {len(difference.log)} cards, the "
                    f"rules {len(difference.rules)}: {' and '.join(said)}")
        if difference.field in (RECORD, KIND):
            if difference.log is None:
                told = self.difference_value(difference, rules)
                return f"the log ends here; by the rules {told} comes next"
            if difference.rules is None:
                return (f"the log has {self.difference_value(difference, log)}; by the rules "
                        "nothing comes here")
            return (f"the log has {self.difference_value(difference, log)}; by the rules "
                    f"{self.difference_value(difference, rules)} comes here")
        return (f"the log gives {self.field(difference.field)} as "
                f"{self.difference_value(difference, difference.log)}; the rules give "
                f"{self.difference_value(difference, difference.rules)}")

    def missing(self, rules: Any) -> str:
        """The sentence for a record the log skips (the next one it holds comes after it).

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Round:
        ...     kind = "round_played"
        ...     number: int
        >>> Wording(names={"round_played": lambda r: f"round {r.number}"}).missing(Round(1))
        'round 1 is missing: the log has no record for it here'
        """
        kind = getattr(rules, "kind", None)
        name = self.names.get(kind) if isinstance(kind, str) else None
        return f"{name(rules) if name else self.record(rules)} is missing: the log has no record for it here"

    def sentence(self, log: Any, rules: Any, differences: Sequence[Difference], most: int = 3) -> str:
        """Every difference (up to ``most``, then how many more) in one sentence, with the
        game's reason when it gives one.
        """
        clauses = []
        for difference in differences[:most]:
            told = self.clause(log, rules, difference)
            reason = self.why(log, rules, difference) if self.why is not None else None
            clauses.append(f"{told}, {reason}" if reason else told)
        if len(differences) > most:
            clauses.append(f"{len(differences) - most} more difference(s)")
        return "; and ".join(clauses)


WORDS = Wording()
"""The plain wording, for a game that gives none of its own."""
