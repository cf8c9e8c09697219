"""CP-SAT helpers shared by every game's solver: solve a model within limits, read the answer.

:func:`solve` runs one CP-SAT solve with a wall-clock limit (and optionally a
deterministic-work limit, for reproducible answers) and turns every status
that is not an answer into the right exception: no answer in time is a
:class:`~solver.errors.SolverTimeoutError` (the API answers 503), a model
proved infeasible or invalid is an :class:`~solver.errors.InfeasibleModelError`
(a bug: never silently replaced by a weaker answer).

>>> from ortools.sat.python import cp_model
>>> model = cp_model.CpModel()
>>> x = model.NewIntVar(0, 7, "x")
>>> model.Maximize(x)
>>> solved = solve(model, time_limit=1.0, what="a toy model")
>>> solved.optimal, solved.value(x), solved.objective
(True, 7, 7.0)
>>> model.Add(x >= 8)  # doctest: +ELLIPSIS
<...>
>>> solve(model, time_limit=1.0, what="a toy model")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.InfeasibleModelError: a toy model: CP-SAT answered INFEASIBLE, but the model ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ortools.sat.python import cp_model

from solver.errors import InfeasibleModelError, SolverTimeoutError

__all__ = ["MIN_TIME_LIMIT_S", "Solved", "solve"]

MIN_TIME_LIMIT_S = 0.001
"""CP-SAT needs a positive time limit; smaller budgets are raised to this."""


@dataclass(frozen=True, slots=True)
class Solved:
    """A solve that found an answer: whether it is proven optimal, and the values."""

    solver: cp_model.CpSolver
    optimal: bool

    @property
    def objective(self) -> float:
        """The objective value of the answer (0 for a model without an objective)."""
        return self.solver.ObjectiveValue()

    def value(self, expression: cp_model.LinearExprT) -> int:
        """The value of a variable or linear expression in the answer."""
        return int(self.solver.Value(expression))


def solve(model: cp_model.CpModel, *, time_limit: float, what: str,
          work_limit: float | None = None, workers: int = 1,
          parameters: Mapping[str, object] | None = None) -> Solved:
    """Solve ``model`` within ``time_limit`` seconds (and ``work_limit`` deterministic time).

    One worker by default: faster on small models, and reproducible. ``what``
    names the model in the error of an infeasible or invalid model. ``parameters``
    sets further CP-SAT parameters by name (tuning measured for one model).
    """
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = max(time_limit, MIN_TIME_LIMIT_S)
    if work_limit is not None:
        solver.parameters.max_deterministic_time = work_limit
    for name, value in (parameters or {}).items():
        setattr(solver.parameters, name, value)
    status = solver.Solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Solved(solver, status == cp_model.OPTIMAL)
    if status in (cp_model.INFEASIBLE, cp_model.MODEL_INVALID):
        raise InfeasibleModelError(what, solver.StatusName(status))
    raise SolverTimeoutError(time_limit)
