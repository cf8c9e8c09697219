"""Errors of the solver that are not rules errors (rules refusals come from rulesets.errors).

>>> str(SolverTimeoutError(0.5))
'the solver found no arrangement within the time limit (0.5 s)'
>>> InfeasibleModelError("the packing model").code
'internal_error'
"""

from __future__ import annotations

__all__ = ["InfeasibleModelError", "SolverTimeoutError"]


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


class InfeasibleModelError(RuntimeError):
    """CP-SAT proved a model infeasible (or invalid) that should always have an answer: a bug.

    Never caught to fall back on a weaker answer; only a caller that adds cuts on
    purpose (and so expects to run out of answers) may catch it, after its first answer.
    """

    code = "internal_error"

    def __init__(self, what: str, status: str = "INFEASIBLE") -> None:
        self.message = f"{what}: CP-SAT answered {status}, but the model always has a solution"
        super().__init__(what, status)
        self.what = what
        self.status = status

    def __str__(self) -> str:
        """The message for the log."""
        return self.message
