"""The base of every referee: one problem shape, a dispatch table by action class, replay.

A game's referee subclasses :class:`Referee` and gives, for each class of
action record, an :class:`ActionRule`: ``problems(game, action)`` lists why the
action is refused now (every problem found, the most telling first; an empty list
when it is legal) and ``take(game, action)`` records and applies a legal action with
every automatic step it triggers. The base derives the rest the same way for every
game: :meth:`~Referee.problems`, :meth:`~Referee.verify` (raise the first problem),
:meth:`~Referee.can` (verify, caught), :meth:`~Referee.apply` (verify, then take),
:meth:`~Referee.from_actions`, :meth:`~Referee.replay` and equality.

>>> from dataclasses import dataclass
>>> from rulesets.errors import IllegalActionError
>>> @dataclass(frozen=True, slots=True)
... class Tap(Record):
...     kind = "tap"
...     is_action = True
...     seat: int
>>> def tap_problems(game, action):
...     if action.seat == game.last:
...         return [IllegalActionError(f"seat {action.seat} tapped last", rule="take turns")]
...     return []
>>> def take_tap(game, action):
...     game.log.append(action)
...     game.last = action.seat
>>> class Taps(Referee):
...     title = "Taps"
...     rules = {Tap: ActionRule(tap_problems, take_tap)}
...     def __init__(self, config):
...         self.config, self.log, self.last = config, [], None
...     def _state(self):
...         return (self.config, tuple(self.log), self.last)
>>> game = Taps.from_actions(None, [Tap(0), Tap(1)])
>>> game.can(Tap(1)), [p.message for p in game.problems(Tap(1))]
(False, ['seat 1 tapped last'])
>>> Taps.replay(None, game.log) == game
True
>>> game.apply("tap")
Traceback (most recent call last):
...
TypeError: not a Taps action: 'tap'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from rulesets.errors import RulesError
from rulesets.legal_actions import LegalAction
from rulesets.log import Record, check_same_log, split_actions

__all__ = ["ActionRule", "Problems", "Referee"]

Problems = list[RulesError]
"""Why an action is refused now, the most telling first; empty when it is legal."""

G = TypeVar("G")
A = TypeVar("A")
R = TypeVar("R", bound="Referee")


@dataclass(frozen=True, slots=True)
class ActionRule(Generic[G, A]):
    """How a referee takes one class of action: ``problems(game, action)`` and ``take(game, action)``.

    ``take`` is only called once ``problems`` found none.
    """

    problems: Callable[[G, A], Problems]
    take: Callable[[G, A], None]


class Referee:
    """The base of a game's referee: subclasses set :attr:`title` and :attr:`rules`, keep
    ``config`` and ``log``, and give :meth:`_state` (everything that makes up the state) and
    :meth:`legal_actions`.
    """

    title: ClassVar[str] = "game"
    """The game's name, as a refusal of something that is no action of it says it."""

    rules: ClassVar[Mapping[type, ActionRule[Any, Any]]] = {}
    """The rule of each class of action record."""

    config: Any
    log: list[Record]

    def _state(self) -> tuple[object, ...]:
        """Everything that makes up the state (for equality); the configuration and log first."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        """Two games (of one game, a subclass of its referee included) are equal when their
        configuration, log and every part of the state are.
        """
        return isinstance(other, Referee) and other.title == self.title and self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    @property
    def options(self) -> Any:
        """The ruleset options of this game."""
        return self.config.options

    def _rule(self, action: object) -> ActionRule[Any, Any]:
        rule = self.rules.get(type(action))
        if rule is None:
            raise TypeError(f"not a {self.title} action: {action!r}")
        return rule

    def problems(self, action: Any) -> Problems:
        """Why ``action`` is refused now, the most telling first (empty: it is legal)."""
        return self._rule(action).problems(self, action)

    def verify(self, action: Any) -> None:
        """Raise the first problem with ``action`` now (nothing when it is legal)."""
        problems = self.problems(action)
        if problems:
            raise problems[0]

    def can(self, action: Any) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.verify(action)
        except RulesError:
            return False
        return True

    def apply(self, action: Any) -> None:
        """Verify ``action``, then record and apply it (and every automatic step it triggers)."""
        rule = self._rule(action)
        problems = rule.problems(self, action)
        if problems:
            raise problems[0]
        rule.take(self, action)

    def legal_actions(self, seat: int) -> list[LegalAction]:
        """The actions ``seat`` may take now (see :class:`~rulesets.legal_actions.LegalAction`)."""
        raise NotImplementedError

    @classmethod
    def from_actions(cls: type[R], config: Any, actions: Sequence[Record]) -> R:
        """Start a game from ``config`` and apply ``actions`` in order."""
        game = cls(config)  # type: ignore[call-arg]
        for action in actions:
            game.apply(action)
        return game

    @classmethod
    def replay(cls: type[R], config: Any, log: Sequence[Record]) -> R:
        """Rebuild the game from its log; raise :class:`~rulesets.log.LogMismatchError` at the
        first record where the log's events differ from what the rules derive.
        """
        game = cls.from_actions(config, split_actions(log))
        check_same_log(log, game.log)
        return game
