"""The solvers (OR-Tools CP-SAT): one package per game, shared helpers at the top.

``solver.cpsat`` (solve a model within limits), ``solver.budget`` (the deadline every
solver takes), ``solver.limits``, ``solver.errors`` and ``solver.bots`` serve every game;
``solver.ramchi`` holds the Ramchi advice, hindsight review and bots (re-exported here);
``solver.continental`` holds Continental Rummy's advisor and bots.

>>> from rulesets.cards import parse_cards
>>> hand = parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh")
>>> advise(hand, objective="maximin").combinations[0].name
'Three Aces'
"""

from solver.budget import NO_LIMIT, BudgetExceededError, Deadline
from solver.errors import InfeasibleModelError, SolverTimeoutError
from solver.limits import (
    DEFAULT_SAMPLES,
    DEFAULT_SOLVER_OPPONENT_SAMPLES,
    DEFAULT_TIME_LIMIT_S,
    MAX_SAMPLES,
    MAX_TIME_LIMIT_S,
)
from solver.ramchi.advice import OBJECTIVES, advise
from solver.ramchi.bots import ArrangerBot, ArrangerChoice, EvBot, GreedyBot, MaximinBot
from solver.ramchi.hindsight import hindsight
from solver.ramchi.opponents import OPPONENT_MODELS
from solver.ramchi.results import (
    Advice,
    Alternative,
    ExchangeInfo,
    FourOfAKindInfo,
    HindsightResult,
    PlannedCombination,
)

__all__ = [
    "DEFAULT_SAMPLES",
    "DEFAULT_SOLVER_OPPONENT_SAMPLES",
    "DEFAULT_TIME_LIMIT_S",
    "MAX_SAMPLES",
    "MAX_TIME_LIMIT_S",
    "NO_LIMIT",
    "OBJECTIVES",
    "OPPONENT_MODELS",
    "Advice",
    "Alternative",
    "ArrangerBot",
    "ArrangerChoice",
    "BudgetExceededError",
    "Deadline",
    "EvBot",
    "ExchangeInfo",
    "FourOfAKindInfo",
    "GreedyBot",
    "HindsightResult",
    "InfeasibleModelError",
    "MaximinBot",
    "PlannedCombination",
    "SolverTimeoutError",
    "advise",
    "hindsight",
]
