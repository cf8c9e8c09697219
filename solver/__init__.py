"""The Ramchi arrangement solver (OR-Tools CP-SAT): advice, hindsight review and bots.

>>> from rulesets.cards import parse_cards
>>> hand = parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh")
>>> advise(hand, objective="maximin").combinations[0].name
'Three Aces'
"""

from solver.advice import OBJECTIVES, advise
from solver.bots import Bot, Decision, EvBot, GreedyBot, MaximinBot
from solver.errors import SolverTimeoutError
from solver.hindsight import hindsight
from solver.limits import (
    DEFAULT_SAMPLES,
    DEFAULT_SOLVER_OPPONENT_SAMPLES,
    DEFAULT_TIME_LIMIT_S,
    MAX_SAMPLES,
    MAX_TIME_LIMIT_S,
)
from solver.opponents import OPPONENT_MODELS
from solver.results import (
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
    "OBJECTIVES",
    "OPPONENT_MODELS",
    "Advice",
    "Alternative",
    "Bot",
    "Decision",
    "EvBot",
    "ExchangeInfo",
    "FourOfAKindInfo",
    "GreedyBot",
    "HindsightResult",
    "MaximinBot",
    "PlannedCombination",
    "SolverTimeoutError",
    "advise",
    "hindsight",
]
