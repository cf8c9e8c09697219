"""Errors of the solver that are not rules errors (rules refusals come from rulesets.errors).

>>> str(SolverTimeoutError(0.5))
'the solver found no arrangement within the time limit (0.5 s)'
"""

from __future__ import annotations

__all__ = ["SolverTimeoutError"]


class SolverTimeoutError(RuntimeError):
    """CP-SAT stopped at its time limit before finding any arrangement."""

    code = "solver_timeout"

    def __init__(self, seconds: float) -> None:
        self.message = f"the solver found no arrangement within the time limit ({seconds:g} s)"
        super().__init__(seconds)  # args hold the seconds, so the error survives pickling
        self.seconds = seconds

    def __str__(self) -> str:
        """The player-readable message."""
        return self.message
