"""The compute budget every solver is given: one deadline, checked inside the search loops.

A :class:`Deadline` is a point on the monotonic clock. Solvers take one as a parameter
(``deadline=``) and ask it, between units of work, whether time is left:

- an **anytime** method (sampling, local search, beam search) stops where it is and answers with
  what it computed, saying so in its result (``complete=False``, ``samples_used``);
- a method that cannot answer early calls :meth:`Deadline.check`, which raises
  :class:`BudgetExceededError` (the API answers ``503 budget_exceeded`` with ``Retry-After``);
- a CP-SAT solve gets :meth:`Deadline.cpsat_limit` as its time limit.

``None`` where a deadline is expected means no limit (the command line and the benchmarks pass
their own). The service's default is :func:`default_budget_s` seconds (``RAMCHI_SOLVE_BUDGET_S``).

>>> deadline = Deadline.after(60)
>>> deadline.expired(), 59 < deadline.remaining() <= 60
(False, True)
>>> Deadline.after(0).expired()
True
>>> Deadline.after(0).check("ranking the discards", "send a smaller hand")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.budget.BudgetExceededError: the solver's budget of 0 s ran out while ...; send a smaller hand
>>> NO_LIMIT.expired(), NO_LIMIT.remaining()
(False, inf)
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass

__all__ = [
    "DEFAULT_BUDGET_S",
    "NO_LIMIT",
    "BudgetExceededError",
    "Deadline",
    "deadline_or_none",
    "default_budget_s",
]

DEFAULT_BUDGET_S = 2.0
"""Seconds of solver time one request of the service may use unless ``RAMCHI_SOLVE_BUDGET_S`` says
otherwise."""

MIN_CPSAT_S = 0.001
"""CP-SAT needs a positive time limit; a spent deadline still gives it this much."""


class BudgetExceededError(RuntimeError):
    """A solver that cannot answer early ran out of its budget.

    ``what`` says what it was doing, ``ask_less`` how to ask for less.

    >>> err = BudgetExceededError(2.0, "ranking the discards", "send fewer cards")
    >>> err.code, err.seconds
    ('budget_exceeded', 2.0)
    >>> str(err)
    "the solver's budget of 2 s ran out while ranking the discards; send fewer cards"
    >>> import pickle
    >>> str(pickle.loads(pickle.dumps(err))) == str(err)
    True
    """

    code = "budget_exceeded"

    def __init__(self, seconds: float, what: str, ask_less: str = "") -> None:
        super().__init__(seconds, what, ask_less)  # args hold everything: the error survives pickling
        self.seconds = seconds
        self.what = what
        self.ask_less = ask_less
        self.message = f"the solver's budget of {seconds:g} s ran out while {what}"
        if ask_less:
            self.message += f"; {ask_less}"

    def __str__(self) -> str:
        """The player-readable message."""
        return self.message


@dataclass(frozen=True, slots=True)
class Deadline:
    """When a solver must have answered: ``at`` on :func:`time.monotonic` (``inf``: never).

    ``seconds`` is the budget it was made from, for messages. The monotonic clock is the
    machine's, so a deadline made in one process holds in another on the same machine.
    """

    at: float
    seconds: float

    @classmethod
    def after(cls, seconds: float) -> Deadline:
        """A deadline ``seconds`` from now."""
        return cls(time.monotonic() + max(seconds, 0.0), seconds)

    def remaining(self) -> float:
        """Seconds left (0 once passed; ``inf`` for no limit)."""
        if math.isinf(self.at):
            return math.inf
        return max(self.at - time.monotonic(), 0.0)

    def expired(self) -> bool:
        """Whether the deadline has passed."""
        return time.monotonic() >= self.at

    def check(self, what: str, ask_less: str = "") -> None:
        """Raise :class:`BudgetExceededError` if the deadline has passed."""
        if self.expired():
            raise BudgetExceededError(self.seconds, what, ask_less)

    def share(self, fraction: float) -> Deadline:
        """An earlier deadline: ``fraction`` of the time left from now (the rest is kept for what
        comes after).

        >>> part = Deadline.after(10).share(0.5)
        >>> 4 < part.remaining() <= 5
        True
        >>> NO_LIMIT.share(0.5) is NO_LIMIT
        True
        """
        if math.isinf(self.at):
            return self
        return Deadline(time.monotonic() + self.remaining() * fraction, self.seconds)

    def cpsat_limit(self, cap: float) -> float:
        """A CP-SAT time limit: ``cap`` seconds, or less when the deadline comes sooner.

        >>> NO_LIMIT.cpsat_limit(5.0), Deadline.after(0).cpsat_limit(5.0)
        (5.0, 0.001)
        """
        return max(min(cap, self.remaining()), MIN_CPSAT_S)


NO_LIMIT = Deadline(math.inf, math.inf)
"""The deadline of a caller that sets none (the command line, the benchmarks, tests)."""


def deadline_or_none(deadline: Deadline | None) -> Deadline:
    """``deadline``, or :data:`NO_LIMIT` for ``None`` (the public functions' default).

    >>> deadline_or_none(None) is NO_LIMIT
    True
    """
    return NO_LIMIT if deadline is None else deadline


def default_budget_s() -> float:
    """The service's budget per solver request: ``RAMCHI_SOLVE_BUDGET_S``, else 2 s.

    >>> default_budget_s() > 0
    True
    """
    raw = os.environ.get("RAMCHI_SOLVE_BUDGET_S", "").strip()
    if not raw:
        return DEFAULT_BUDGET_S
    value = float(raw)
    if not (0 < value <= 600):
        raise ValueError(f"RAMCHI_SOLVE_BUDGET_S must be between 0 and 600 seconds, not {raw!r}")
    return value
