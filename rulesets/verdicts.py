"""What every game's dispute verdict shares: echoing a posted item back, JSON-ready and bounded.

A verdict that refuses a posted record sends it back (``action``). A record
read from the log is serialised as it is stored (:func:`posted_as_dict`);
anything else is sent back as posted, as long as it stays within what a log
may hold (:func:`bounded_echo`), so a refused item can always be sent back.

>>> posted_as_dict({"kind": "keep", "seat": 1})
{'kind': 'keep', 'seat': 1}
>>> posted_as_dict(Record())
{'kind': 'record'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulesets.errors import RulesError, echo
from rulesets.log import MAX_INT, MAX_ITEMS, MAX_TEXT, Record, record_to_dict

__all__ = ["ECHO_DEPTH", "bounded_echo", "posted_as_dict", "refusal", "rule_in_words"]

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
