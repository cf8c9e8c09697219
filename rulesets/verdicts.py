"""What every game's dispute verdict shares: its words, its standings, the record it blames.

A verdict that refuses a posted record sends it back (``action``). A record
read from the log is serialised as it is stored (:func:`posted_as_dict`);
anything else is sent back as posted, as long as it stays within what a log
may hold (:func:`bounded_echo`), so a refused item can always be sent back.

Every verdict says whether the records judged end the game (``finished``) and the standings
after them (``standings_after``, saying what they count); a refusal says where the refused
record stands (``where``: its index, hand, round or turn), and a ``log_mismatch`` lists the
``differences`` in words (:mod:`rulesets.differences`). A game gives its
:class:`VerdictWords`; :func:`refused` and :func:`accepted` build the verdict with them.

When a log is refused at a record that only follows from a changed action before it (a
stock draw logged as a discard draw: the buy answers after it are refused),
:func:`changed_action` finds the action: the nearest one, among the last few, that with
one field changed (:func:`field_alternatives`, or the game's own alternatives) makes the
whole log legal. The verdict then refuses that action, at its own index.

>>> posted_as_dict({"kind": "keep", "seat": 1})
{'kind': 'keep', 'seat': 1}
>>> posted_as_dict(Record())
{'kind': 'record'}
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rulesets.differences import Difference, Wording, record_differences
from rulesets.errors import RulesError, echo
from rulesets.log import MAX_INT, MAX_ITEMS, MAX_TEXT, LogError, LogMismatchError, Record, record_to_dict

__all__ = [
    "BLAME_REACH",
    "BLAME_RECORDS",
    "ECHO_DEPTH",
    "ChangedActionError",
    "VerdictWords",
    "accepted",
    "blame_tries",
    "bounded_echo",
    "changed_action",
    "field_alternatives",
    "posted_as_dict",
    "refusal",
    "refused",
    "rule_in_words",
    "where_in_words",
]

ECHO_DEPTH = 6
"""How deeply a posted item is echoed before deeper values are only described (deeper than
any record of a log nests)."""


def posted_as_dict(item: Any) -> Any:
    """The JSON form of a posted item (records are serialised, anything else is kept in bounds).

    >>> posted_as_dict(["x" * 501])
    ["'xxxxxxxxxxxxxxxxxxxx'… (501 characters)"]
    """
    return record_to_dict(item) if isinstance(item, Record) else bounded_echo(item, ECHO_DEPTH)


def bounded_echo(value: Any, depth: int = ECHO_DEPTH) -> Any:
    """``value`` as posted when it is within what a log may hold; else cut to a JSON-ready echo.

    Text longer than a log field, numbers beyond 64 bits, lists longer than a
    log list and nesting deeper than ``depth`` are replaced by a short
    description, so a refused item can always be sent back.

    >>> bounded_echo({"kind": "keep", "seat": 10**30, "x": ["a" * 600]}, 6)
    {'kind': 'keep', 'seat': 'a number of 31 digits', 'x': ["'aaaaaaaaaaaaaaaaaaaa'… (600 characters)"]}
    >>> bounded_echo([[1]], 1)
    ['[1]']
    """
    if isinstance(value, str):
        return value if len(value) <= MAX_TEXT else echo(value)
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return value
    if isinstance(value, int):
        return value if -MAX_INT < value < MAX_INT else echo(value)
    if depth <= 0:
        return echo(value)
    if isinstance(value, list | tuple):
        if len(value) > MAX_ITEMS:
            return echo(value)
        return [bounded_echo(item, depth - 1) for item in value]
    if isinstance(value, Mapping):
        if len(value) > MAX_ITEMS:
            return echo(value)
        return {(key if isinstance(key, str) and len(key) <= MAX_TEXT else echo(key)):
                bounded_echo(item, depth - 1) for key, item in value.items()}
    return echo(value)


def refusal(index: int, item: Any, error: RulesError, rule: str) -> dict[str, Any]:
    """The part of a verdict naming the first refused record: its index, the record as posted,
    the refusal's code and message, and ``rule``, the rule it breaks in words.

    >>> from rulesets.errors import IllegalActionError
    >>> error = IllegalActionError("seat 1 may not keep now", rule="turns", code="wrong_phase")
    >>> refusal(3, {"kind": "keep", "seat": 1}, error, "turns")["code"]
    'wrong_phase'
    """
    return {"legal": False, "index": index, "action": posted_as_dict(item), "code": error.code,
            "rule": rule, "message": error.message}


def rule_in_words(error: RulesError, fallbacks: Sequence[tuple[type[RulesError], str]],
                  game_rules: str) -> str:
    """The rule a refusal enforces, in words a player understands: the error's own ``rule`` when
    it has one, else the first of ``fallbacks`` (kind of error, rule) it is an instance of,
    else ``game_rules`` (e.g. "the rules of Ramchi").

    >>> rule_in_words(RulesError("bad"), [], "the rules of the game")
    'the rules of the game'
    """
    rule = getattr(error, "rule", None)
    if isinstance(rule, str):
        return rule
    for cls, text in fallbacks:
        if isinstance(error, cls):
            return text
    return game_rules


# -- where, standings and words ----------------------------------------------------------------

Place = Callable[[Sequence[Record], "Record | None"], dict[str, "int | None"]]
"""Where a record stands, besides its index (Ramchi: hand and round; Continental: hand and turn),
from the derived records before it and the record itself (``None``: unreadable)."""
Standings = Callable[[Sequence[Record], int], dict[str, Any]]
"""The standings after the derived records before a point, ``through`` naming the last record
judged (``-1``: none): ``hands_finished``, ``counts`` (what the numbers count, in words) and the
game's numbers (Ramchi: ``chips``; Continental: ``totals`` and ``scores``)."""
Alternatives = Callable[[int, Sequence[Record]], Iterable[Record]]
"""The game's own other readings of the action at an index of the posted records (beyond
:func:`field_alternatives`), e.g. a buy for a pass."""


def _no_alternatives(index: int, records: Sequence[Record]) -> Iterable[Record]:
    return ()


@dataclass(frozen=True)
class VerdictWords:
    """How one game words its verdicts: its :class:`~rulesets.differences.Wording`, where a
    record stands (:data:`Place`), its standings (:data:`Standings`), its seats, and its own
    alternatives to a changed action (:data:`Alternatives`).
    """

    wording: Wording
    place: Place
    standings: Standings
    alternatives: Alternatives = _no_alternatives


def where_in_words(where: Mapping[str, Any]) -> str:
    """Where a record stands, as a message starts.

    >>> where_in_words({"index": 5, "hand": 1, "round": 1})
    'record 5, hand 1, round 1'
    >>> where_in_words({"index": 0, "hand": None, "turn": None})
    'record 0'
    """
    parts = [f"record {where['index']}"]
    parts += [f"{name} {value}" for name, value in where.items() if name != "index" and value is not None]
    return ", ".join(parts)


def _finished(context: Sequence[Record]) -> bool:
    return any(record.kind == "game_ended" for record in context)


def refused(index: int, item: Any, error: RulesError, rule: str, context: Sequence[Record],
            record: Record | None, words: VerdictWords) -> dict[str, Any]:
    """The verdict refusing the posted ``item`` at ``index`` (read as ``record``, ``None`` when it
    cannot be read) for ``error``; ``context`` holds the derived records before it.

    The message starts with where the record stands (a record that cannot be read is named by
    the reading's own message); a mismatch lists its ``differences`` in words.

    >>> from rulesets.differences import WORDS
    >>> words = VerdictWords(WORDS, lambda context, record: {"hand": 1},
    ...                      lambda context, through: {"through_record": through})
    >>> error = RulesError("seat 1 may not keep now")
    >>> verdict = refused(2, {"kind": "keep"}, error, "turns", [], None, words)
    >>> verdict["message"], verdict["where"], verdict["finished"], verdict["standings_after"]
    ('record 2, hand 1: seat 1 may not keep now', {'index': 2, 'hand': 1}, False, {'through_record': 1})
    """
    where = {"index": index, **words.place(context, record)}
    verdict = refusal(index, item, error, rule)
    if isinstance(error, LogMismatchError):
        verdict["message"] = f"{where_in_words(where)}: {error.body}"
        verdict["differences"] = [words.wording.as_dict(difference) for difference in error.differences]
    elif not isinstance(error, LogError):
        verdict["message"] = f"{where_in_words(where)}: {error.message}"
    return verdict | {"where": where, "finished": _finished(context),
                      "standings_after": words.standings(context, index - 1)}


def accepted(context: Sequence[Record], through: int, words: VerdictWords) -> dict[str, Any]:
    """The fields a legal verdict adds: ``finished`` and ``standings_after`` the records judged
    (``context``: the derived records they stand for; ``through``: the last one's index).

    >>> from rulesets.differences import WORDS
    >>> accepted([], -1, VerdictWords(WORDS, lambda c, r: {}, lambda c, t: {"through_record": t}))
    {'legal': True, 'finished': False, 'standings_after': {'through_record': -1}}
    """
    return {"legal": True, "finished": _finished(context),
            "standings_after": words.standings(context, through)}


# -- the action a refusal follows from ---------------------------------------------------------

BLAME_REACH = 6
"""How many actions before a refused record :func:`changed_action` tries to read otherwise
(enough for a turn of a few players: a draw's consequence shows at the next draw)."""

BLAME_RECORDS = 40_000
"""The records :func:`changed_action` may replay in all, looking for the changed action (each
try replays the whole log: a few seconds at most; a long log is given fewer tries)."""


def blame_tries(records: int) -> int:
    """How many other readings :func:`changed_action` may try for a log of ``records`` records
    (none for a log longer than :data:`BLAME_RECORDS`: it is refused where the rules refuse it).

    >>> blame_tries(100), blame_tries(4_000), blame_tries(50_000)
    (400, 10, 0)
    """
    return BLAME_RECORDS // max(1, records)

MOST_TOLD = 200
"""The most characters of the later refusal a changed action's message repeats."""


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _choices(hint: Any) -> list[Any] | None:
    """The values a field of type ``hint`` can take when they are few (a choice, a boolean)."""
    union = typing.get_origin(hint) in (typing.Union, types.UnionType)
    options = typing.get_args(hint) if union else (hint,)
    values: list[Any] = []
    for option in options:
        if option is type(None):
            values.append(None)
        elif isinstance(option, type) and issubclass(option, StrEnum):
            values += list(option)
        elif option is bool:
            values += [False, True]
        else:
            return None
    return values


def field_alternatives(record: Record, seats: int) -> Iterator[Record]:
    """``record`` with one field changed, for every field with few values: a choice (a draw's
    source, a run's end), a boolean, and the seat (``seats`` of them).

    >>> from rulesets.log import Record
    >>> @dataclass(frozen=True, slots=True)
    ... class Tap(Record):
    ...     kind = "tap"
    ...     seat: int
    ...     twice: bool
    >>> list(field_alternatives(Tap(1, False), 3))
    [Tap(seat=0, twice=False), Tap(seat=2, twice=False), Tap(seat=1, twice=True)]
    """
    hints = _hints(type(record))
    for item in dataclasses.fields(record):
        value = getattr(record, item.name)
        choices = list(range(seats)) if item.name == "seat" else _choices(hints[item.name])
        for other in choices or ():
            if other != value:
                yield dataclasses.replace(record, **{item.name: other})


class _Tries:
    """How many other readings are left to try."""

    def __init__(self, tries: int) -> None:
        self.left = tries


def _explains(index: int, records: Sequence[Record], seats: int, legal_with: Callable[[int, Record], bool],
              words: VerdictWords, tries: _Tries, also: Iterable[Record] = ()) -> Record | None:
    """The first other reading of the record at ``index`` that makes the whole log legal."""
    record = records[index]
    candidates = [*also]
    if record.is_action:
        candidates += [*field_alternatives(record, seats), *words.alternatives(index, records)]
    seen: set[Record] = set()
    for other in candidates:
        if other == record or other in seen or tries.left <= 0:
            continue
        seen.add(other)
        tries.left -= 1
        if legal_with(index, other):
            return other
    return None


def changed_action(records: Sequence[Record], refused_at: int, seats: int,
                   legal_with: Callable[[int, Record], bool], words: VerdictWords,
                   reach: int = BLAME_REACH, derived: Record | None = None,
                   tries: int | None = None,
                   mover: tuple[int, Iterable[Record]] | None = None) -> tuple[int, Record] | None:
    """The action a refusal at ``refused_at`` follows from, and what the rules read it as.

    The refused record itself comes first: when one change of it (``derived``, what the rules
    derive there, or for an action one field changed) makes the whole log legal
    (``legal_with(index, record)``), it is the changed record and ``None`` is returned. Else
    the last ``reach`` actions before it among ``records`` (the posted records read) are
    tried, nearest first, each with one field changed (:func:`field_alternatives`) or as the
    game reads it otherwise (``words.alternatives``): the first whose change makes the whole
    log legal is returned. ``None`` also when no single change explains the refusal (the log
    departs from the rules in more than one place), or when the ``tries`` (by default
    :func:`blame_tries` of the records) ran out.

    A refusal about a card that is not where the action needs it (a card discarded twice)
    follows from the action that last moved the card, however far back: the game gives it as
    ``mover`` (its index among ``records``, and its other readings, e.g. the discard of each
    other card the seat held then), tried after the refused record and before the last
    ``reach`` actions.

    >>> @dataclass(frozen=True, slots=True)
    ... class Tap(Record):
    ...     kind = "tap"
    ...     is_action = True
    ...     seat: int
    >>> words = VerdictWords(Wording(), lambda c, r: {}, lambda c, t: {})
    >>> changed_action([Tap(0), Tap(0)], 1, 2, lambda index, record: (index, record) == (0, Tap(1)), words)
    (0, Tap(seat=1))
    >>> changed_action([Tap(0), Tap(0)], 1, 2, lambda index, record: True, words) is None  # Tap(1) at 1
    True
    >>> changed_action([Tap(0)] * 9, 8, 2, lambda index, record: (index, record) == (0, Tap(1)), words,
    ...                mover=(0, ()))  # beyond the reach, but it last moved the card refused at 8
    (0, Tap(seat=1))
    """
    left = _Tries(blame_tries(len(records)) if tries is None else tries)
    if refused_at < len(records) and _explains(refused_at, records, seats, legal_with, words, left,
                                               () if derived is None else (derived,)) is not None:
        return None
    if mover is not None:
        at, readings = mover
        other = _explains(at, records, seats, legal_with, words, left, readings)
        if other is not None:
            return at, other
    tried = 0
    for index in range(min(refused_at, len(records)) - 1, -1, -1):
        if not records[index].is_action:
            continue
        if tried == reach:
            break
        tried += 1
        other = _explains(index, records, seats, legal_with, words, left)
        if other is not None:
            return index, other
    return None


class ChangedActionError(LogMismatchError):
    """A posted action the records after it contradict (a ``log_mismatch`` at the action)."""

    RULE = ("a log's records follow from its actions by the rules: what follows an action shows "
            "what it was")

    def __init__(self, index: int, message: str, differences: Sequence[Difference], log: Record,
                 rules: Record) -> None:
        super().__init__(index, message, differences, log, rules)
        self.rule = self.RULE


def blamed_error(index: int, record: Record, meant: Record, refused_at: int, refusal_message: str,
                 words: VerdictWords) -> LogMismatchError:
    """The refusal of the changed action ``record`` at ``index``, which the rules read as
    ``meant`` from the records after it (the log as posted is refused at ``refused_at``).
    """
    differences = record_differences(record, meant)
    told = words.wording.sentence(record, meant, differences)
    first = refusal_message.split("; and ")[0]
    refusal_message = first if len(first) <= MOST_TOLD else f"{first[:MOST_TOLD]}…"
    body = (f"{told}: the records after it follow from that, not from what the log says (as the "
            f"log has it, record {refused_at} is refused: {refusal_message})")
    return ChangedActionError(index, body, differences, record, meant)
