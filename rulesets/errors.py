"""Exception classes for everything the rules can refuse.

Each class carries a stable ``code`` (used by the API as the problem ``code``)
and a message written for players.

>>> try:
...     raise IllegalActionError("not your turn", rule="turn order")
... except RulesError as err:
...     (err.code, err.rule)
('illegal_action', 'turn order')
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence

ECHO_LIMIT = 20
"""How many characters of a client-supplied string a message repeats before cutting it short."""

_ECHO_ITEMS = 4
_ECHO_DEPTH = 3


def echo(value: object, limit: int = ECHO_LIMIT) -> str:
    r"""Quote a client-supplied value for a message, never at full length.

    Short values read as ``repr`` does; a long string shows its first ``limit``
    characters, "…" and its length; a long list or object its first items and
    its size; a huge number its size. Odd characters (lone surrogates, control
    characters) come out escaped, so a message is always printable text.

    >>> echo("As"), echo(5), echo(None)
    ("'As'", '5', 'None')
    >>> echo("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxx'… (1000 characters)"
    >>> echo(list(range(100)))
    '[0, 1, 2, 3, …] (100 items)'
    >>> echo(10**5000)
    'a number of 5001 digits'
    >>> echo("\ud800")  # a lone surrogate comes out escaped
    "'\\ud800'"
    """
    return _echo(value, limit, _ECHO_DEPTH)


def _echo(value: object, limit: int, depth: int) -> str:
    """:func:`echo` with a nesting budget (deeply nested lists are cut at ``depth``)."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value)} characters)"
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() <= 64:
            return repr(value)
        digits = math.floor(math.log10(abs(value))) + 1
        return f"a number of {digits} digits"
    if isinstance(value, list | tuple):
        open_, close = ("[", "]") if isinstance(value, list) else ("(", ",)" if len(value) == 1 else ")")
        parts = [] if depth <= 0 else [_echo(item, limit, depth - 1) for item in value[:_ECHO_ITEMS]]
        return _bracketed(open_, close, parts, len(value), "item")
    if isinstance(value, Mapping):
        items = list(value.items())[:_ECHO_ITEMS] if depth > 0 else []
        parts = [f"{_echo(k, limit, depth - 1)}: {_echo(v, limit, depth - 1)}" for k, v in items]
        return _bracketed("{", "}", parts, len(value), "entry")
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is still named
        return f"a {type(value).__name__}"
    return text if len(text) <= 3 * limit else f"{text[:3 * limit]}…"


def json_words(value: object, limit: int = ECHO_LIMIT) -> str:
    """A posted JSON value named as JSON names it, for a message saying what was given
    (never a Python ``repr``: ``null``, not ``None``); text is cut after ``limit`` characters.

    >>> json_words(None), json_words(True), json_words("1"), json_words(1.5), json_words(7)
    ('null', 'true', 'the text "1"', 'the number 1.5', 'the number 7')
    >>> json_words([["keep"]]), json_words({"a": 1, "b": 2}), json_words(10**30)
    ('a list of 1 item', 'an object of 2 entries', 'a number of 31 digits')
    >>> json_words("x" * 30)
    'the text "xxxxxxxxxxxxxxxxxxxx…" (30 characters)'
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        shown = json.dumps(value[:limit], ensure_ascii=False)
        try:
            shown.encode()
        except UnicodeEncodeError:  # a lone surrogate comes out escaped
            shown = json.dumps(value[:limit])
        return f"the text {shown}" if len(value) <= limit else \
            f"the text {shown[:-1]}…\" ({len(value)} characters)"
    if isinstance(value, int) and value.bit_length() > 64:
        return echo(value)
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, Mapping):
        return f"an object of {len(value)} entr{'y' if len(value) == 1 else 'ies'}"
    return echo(value, limit)


def name_list(keys: Sequence[object], shown: int = 5) -> str:
    """Name posted field names: plain names as they are, odd ones echoed; at most ``shown``.

    >>> name_list(["b", "a", 7, "x" * 50, "c", "d", "e"])
    "'xxxxxxxxxxxxxxxxxxxx'… (50 characters), 7, a, b, c and 2 more"
    """
    names = sorted(k if isinstance(k, str) and k.isidentifier() and len(k) <= 40 else echo(k)
                   for k in keys[:1000])
    text = ", ".join(names[:shown])
    return text if len(keys) <= shown else f"{text} and {len(keys) - shown} more"


def _bracketed(open_: str, close: str, parts: list[str], size: int, noun: str) -> str:
    """Join the echoed first items of a container; say its size when some are left out."""
    if len(parts) == size:
        return open_ + ", ".join(parts) + close
    plural = noun if size == 1 else ("entries" if noun == "entry" else f"{noun}s")
    return f"{open_}{', '.join([*parts, '…'])}{close} ({size} {plural})"


class RulesError(Exception):
    """Base class of every refusal by the rules package.

    A refusal is of one of four kinds, each a subclass, and the kind alone
    decides how a service answers it: :class:`InvalidInputError` (the input
    cannot be used as given), :class:`IllegalActionError` (a well-formed action
    the rules forbid in the current state), :class:`NotFoundError` (nothing has
    that name) and :class:`LimitExceededError` (more work asked than allowed).
    """

    code = "rules_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidInputError(RulesError):
    """Input that cannot be used as given: unreadable, inconsistent or out of range.

    ``rule`` (optional) names the rule in words; ``field`` (optional) the input
    field at fault, for services that point at it.

    >>> err = InvalidInputError("the up-card is in the hand", rule="the 52nd card is dealt face up",
    ...                         code="up_card_in_hand")
    >>> err.code, err.rule, err.field
    ('up_card_in_hand', 'the 52nd card is dealt face up', None)
    """

    code = "invalid_input"

    def __init__(self, message: str, *, rule: str | None = None, code: str | None = None,
                 field: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.field = field
        if code is not None:
            self.code = code


class LimitExceededError(InvalidInputError):
    """More work asked of one request than allowed (samples, time limit...).

    >>> LimitExceededError("samples may be at most 200", field="samples").code
    'limit_exceeded'
    """

    code = "limit_exceeded"


class NotFoundError(RulesError):
    """Nothing has the name asked for (a ruleset, a game kind...)."""

    code = "not_found"


class CardError(InvalidInputError, ValueError):
    """A card or a list of cards that cannot be used as given."""

    code = "invalid_cards"

    def __init__(self, message: str) -> None:
        super().__init__(message)


class CardParseError(CardError):
    """A token that is not a card; names the token (cut short if long), its position and why.

    >>> str(CardParseError("Xs", 2, "'X' is not a rank"))
    "card 2 'Xs': 'X' is not a rank"
    """

    code = "invalid_card"

    def __init__(self, token: object, position: int | None, reason: str) -> None:
        where = f"card {position} " if position is not None else "card "
        super().__init__(f"{where}{echo(token)}: {reason}")
        self.token = token
        self.position = position
        self.reason = reason


class DuplicateCardError(CardError):
    """The same physical card given twice where only one copy exists."""

    code = "duplicate_card"

    def __init__(self, code: str, positions: tuple[int, int], copies: int = 1) -> None:
        first, second = positions
        how_many = f"is only one {code}" if copies == 1 else f"are only {copies} copies of {code}"
        super().__init__(f"card {second} {code!r} repeats card {first}: there {how_many} in play")
        self.card_code = code
        self.positions = positions


_ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh",
             8: "eighth", 9: "ninth"}


class TooManyCopiesError(CardError):
    """A card given more often than the decks in play hold it (a third 7♣ with two decks).

    The one refusal of "more copies than the decks hold", whoever counts: the card reader
    (``position``: the card, from 1, that is one copy too many; ``where``: the copies given
    before it) or a solver counting the cards it was given (``given``: how many; ``where``:
    where they were given). ``copies`` is how many the decks hold; ``rule`` and ``field``
    as for :class:`InvalidInputError`.

    >>> print(TooManyCopiesError("7c", 2, "hand card 1, hand card 2", position=1))
    card 1 '7c' is a third 7c: there are only 2 copies in play (hand card 1, hand card 2)
    >>> print(TooManyCopiesError("Jk", 2, "between the hand and the cards seen", given=4))
    'Jk' is given 4 times between the hand and the cards seen: there are only 2 copies in play
    """

    code = "duplicate_card"

    def __init__(self, code: str, copies: int, where: str, *, position: int | None = None,
                 given: int | None = None, rule: str | None = None, field: str | None = None) -> None:
        in_play = f"there are only {copies} copies in play"
        if position is not None:
            nth = _ORDINALS.get(copies + 1, f"{copies + 1}th")
            message = f"card {position} {code!r} is a {nth} {code}: {in_play} ({where})"
        else:
            message = f"{code!r} is given {given or copies + 1} times {where}: {in_play}"
        super().__init__(message)
        self.card_code = code
        self.copies = copies
        self.rule = rule
        self.field = field


class CardGroupError(CardError):
    """A card in one of several lists that share the same physical cards (hand, table, seen...).

    ``group`` names the list, ``position`` the card in it (from 1) and ``cause``
    the error of that card; the message starts with the group.

    >>> str(CardGroupError("seen", 2, CardParseError("Xs", 2, "'X' is not a rank")))
    "seen: card 2 'Xs': 'X' is not a rank"
    """

    def __init__(self, group: str, position: int, cause: CardError) -> None:
        super().__init__(f"{group}: {cause.message}")
        self.group = group
        self.position = position
        self.cause = cause
        self.code = cause.code


class CardCountError(CardError):
    """The wrong number of cards for what was asked."""

    code = "wrong_card_count"

    def __init__(self, expected: str, got: int, what: str = "cards") -> None:
        super().__init__(f"{what}: expected {expected} cards, got {got}")
        self.expected = expected
        self.got = got


class RulesetError(InvalidInputError):
    """A ruleset file or option that is invalid; lists every problem."""

    code = "invalid_ruleset"

    def __init__(self, name: str, problems: list[str]) -> None:
        joined = "; ".join(problems)
        super().__init__(f"ruleset {echo(name)}: {joined}")
        self.name = name
        self.problems = problems


class UnknownRulesetError(RulesetError, NotFoundError):
    """A ruleset name that is not installed."""

    code = "unknown_ruleset"


class IllegalActionError(RulesError):
    """A well-formed action that the rules forbid in the current state.

    ``rule`` names the rule that was broken, in words a player understands.
    """

    code = "illegal_action"

    def __init__(self, message: str, *, rule: str, code: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        if code is not None:
            self.code = code

    def as_input_error(self, context: str | None = None) -> InvalidInputError:
        """The same refusal for input given outside a game (advice, hindsight, compare).

        What is illegal as a move in a game is bad input when a request states it:
        same code, rule and message (prefixed with ``context`` if given).

        >>> err = IllegalActionError("As is used twice", rule="each card once", code="duplicate_card")
        >>> moved = err.as_input_error("seat 1's lineup")
        >>> type(moved).__name__, moved.code, moved.message
        ('InvalidInputError', 'duplicate_card', "seat 1's lineup: As is used twice")
        """
        message = f"{context}: {self.message}" if context else self.message
        return InvalidInputError(message, rule=self.rule, code=self.code)
