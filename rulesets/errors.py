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


class RulesError(Exception):
    """Base class of every refusal by the rules package."""

    code = "rules_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class CardError(RulesError, ValueError):
    """A card or a list of cards that cannot be used as given."""

    code = "invalid_cards"


class CardParseError(CardError):
    """A token that is not a card; names the token, its position and why.

    >>> str(CardParseError("Xs", 2, "'X' is not a rank"))
    "card 2 'Xs': 'X' is not a rank"
    """

    code = "invalid_card"

    def __init__(self, token: str, position: int | None, reason: str) -> None:
        where = f"card {position} " if position is not None else "card "
        super().__init__(f"{where}{token!r}: {reason}")
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


class CardCountError(CardError):
    """The wrong number of cards for what was asked."""

    code = "wrong_card_count"

    def __init__(self, expected: str, got: int, what: str = "cards") -> None:
        super().__init__(f"{what}: expected {expected} cards, got {got}")
        self.expected = expected
        self.got = got


class RulesetError(RulesError):
    """A ruleset file or option that is invalid; lists every problem."""

    code = "invalid_ruleset"

    def __init__(self, name: str, problems: list[str]) -> None:
        joined = "; ".join(problems)
        super().__init__(f"ruleset {name!r}: {joined}")
        self.name = name
        self.problems = problems


class UnknownRulesetError(RulesetError):
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
