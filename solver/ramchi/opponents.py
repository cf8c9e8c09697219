"""How ``ev`` advice models the two opponents' arrangements: one class per model.

Every model arranges a batch of 17-card hands at once (``(H, 17)`` card-index arrays, see
:mod:`solver.ramchi.arrays`) and decides the 2♦ exchange for the hands that hold it:

``greedy``
    takes the strongest combination left, again and again (up to five); exchanges when that
    makes a four of a kind or a lineup it prefers (more combinations, then the weakest
    stronger, …).
``solver``
    the exact ``maximin`` lineup of this solver (a careful player; one CP-SAT solve per hand,
    so slow), exchanging as ``greedy`` does.
``ev``
    one level deeper: a player who arranges for expected chips against greedy players. Its
    chips are estimated by a *prior* round table (:func:`~solver.ramchi.round_tables.prior_table`)
    and maximised over a pool of packings (strongest first and weakest first above each of
    several strength thresholds); it exchanges for a four of a kind or a higher estimate.
``mixture``
    each opponent in each sample follows one of the models above, drawn with the request's
    weights, by default those of :data:`DEFAULT_MIXTURE` (the blend that did best in
    ``bench/ramchi_tournament.py``: all ev).

>>> import numpy as np
>>> from rulesets.cards import parse_cards
>>> from rulesets.ramchi.options import RamchiOptions
>>> from solver.ramchi.arrays import hand_array
>>> hands = hand_array([parse_cards("As Ad Ah Ac Ks Qs Js 2c 3d 5h 7c 8d 9h Tc 4s 6d 6h")])
>>> arranged = MODELS["greedy"].arrange(hands, np.array([-1]), RamchiOptions(), 1.0,
...                                     np.random.default_rng(1))
>>> arranged.fours.tolist(), bool(arranged.strengths[0, 0] > 500)
([14], True)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from rulesets.cards import card_from_index
from rulesets.errors import InvalidInputError, echo
from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.deal import TWO_OF_DIAMONDS
from rulesets.ramchi.options import RamchiOptions
from solver.ramchi.arrays import four_ranks, greedy_strengths, pack, threshold_keys
from solver.ramchi.candidates import hand_candidates
from solver.ramchi.round_tables import lineup_values, prior_table

__all__ = [
    "DEFAULT_MIXTURE",
    "DEFAULT_OPPONENTS",
    "MODELS",
    "OPPONENT_MODELS",
    "Arranged",
    "EvModel",
    "GreedyModel",
    "MixtureModel",
    "OpponentModel",
    "SolverModel",
    "mixture_text",
    "opponent_model",
]

DEFAULT_MIXTURE: Mapping[str, float] = {"ev": 1.0}
"""The ``mixture`` model's default weights: each opponent of each sample follows one model,
drawn with these weights. Chosen by ``bench/ramchi_tournament.py`` (2,000 deals, README): of
the blends tried (greedy/ev 75/25, 50/50, 25/75, 0/100, and greedy/ev/solver in thirds), all
ev did best on average over every pair of opponents (+0.056 ± 0.051 chips per hand over
50/50; the more ev weight, the better). A request's ``mixture`` sets other weights."""

DEFAULT_OPPONENTS = "mixture"
"""The opponent model ``ev`` advice assumes unless told otherwise."""

EV_CHUNK = 512
"""Hands the ``ev`` model packs at once (11 packings × 680 triples each)."""


@dataclass(frozen=True)
class Arranged:
    """A batch of arranged hands: lineups ``(H, 5)`` (strongest first, 0 past the end) and the
    rank of each hand's highest four of a kind ``(H,)`` (0: none), after the exchange.
    """

    strengths: np.ndarray
    fours: np.ndarray


def _lex_greater(left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """Row-wise: ``left`` is lexicographically greater than ``right`` (``(H, K)`` arrays)."""
    differs = left != right
    first = differs.argmax(axis=1)
    rows = np.arange(len(left))
    return differs.any(axis=1) & (left[rows, first] > right[rows, first])


class OpponentModel(ABC):
    """How one kind of opponent arranges hands and decides the exchange."""

    name: ClassVar[str]
    description: ClassVar[str]
    slow: ClassVar[bool] = False
    """Every hand costs a CP-SAT solve: fewer samples by default, and a lower limit."""

    def label(self) -> str:
        """The opponents in words, as the explanation says them ("greedy opponents")."""
        return self.name

    @abstractmethod
    def lineups(self, hands: np.ndarray, options: RamchiOptions, time_limit: float) -> np.ndarray:
        """The lineups of ``hands`` as they are (no exchange): ``(H, 5)`` strengths."""

    def preference(self, lineups: np.ndarray, fours: np.ndarray, options: RamchiOptions
                   ) -> np.ndarray:
        """Sort keys ``(H, K)``: the exchange is taken when its key is greater. By default a
        four of a kind first, then more combinations, then the weakest stronger, ….
        """
        counts = (lineups > 0).sum(axis=1)
        return np.column_stack([fours, counts, lineups[:, ::-1]])

    def arrange(self, hands: np.ndarray, up_cards: np.ndarray, options: RamchiOptions,
                time_limit: float, rng: np.random.Generator) -> Arranged:
        """Arrange ``hands``; a hand holding the 2♦ with a known up-card (``up_cards[h] >= 0``)
        exchanges when the model prefers the result (and the option allows the exchange).
        """
        lineups = self.lineups(hands, options, time_limit)
        fours = four_ranks(hands)
        holders = np.zeros(len(hands), dtype=bool)
        if options.exchange and len(hands):
            holders = (hands == TWO_OF_DIAMONDS.index).any(axis=1) & (up_cards >= 0)
        if not holders.any():
            return Arranged(lineups, fours)
        swapped = np.where(hands[holders] == TWO_OF_DIAMONDS.index, up_cards[holders, None],
                           hands[holders])
        swapped = np.sort(swapped, axis=1)
        swapped_lineups = self.lineups(swapped, options, time_limit)
        swapped_fours = four_ranks(swapped)
        better = _lex_greater(self.preference(swapped_lineups, swapped_fours, options),
                              self.preference(lineups[holders], fours[holders], options))
        rows = np.flatnonzero(holders)[better]
        lineups[rows] = swapped_lineups[better]
        fours[rows] = swapped_fours[better]
        return Arranged(lineups, fours)


class GreedyModel(OpponentModel):
    """Strongest combination first, again and again."""

    name = "greedy"
    description = "takes the strongest combination left, again and again"

    def lineups(self, hands: np.ndarray, options: RamchiOptions, time_limit: float) -> np.ndarray:
        """Greedy packings of the whole batch at once."""
        return greedy_strengths(hands)


class SolverModel(OpponentModel):
    """The exact ``maximin`` lineup of this solver (one CP-SAT solve per hand)."""

    name = "solver"
    description = "this solver's maximin lineup (most combinations, then the weakest strongest)"
    slow = True

    def lineups(self, hands: np.ndarray, options: RamchiOptions, time_limit: float) -> np.ndarray:
        """One exact maximin solve per hand."""
        from solver.ramchi.maximin import maximin_from_candidates  # OR-Tools loads slowly

        result = np.zeros((len(hands), MAX_COMBINATIONS), dtype=np.int32)
        for row, hand in enumerate(hands):
            cards = [card_from_index(int(i)) for i in hand]
            lineup = maximin_from_candidates(hand_candidates(cards), time_limit)
            result[row, :len(lineup)] = [c.strength for c in lineup]
        return result


class EvModel(OpponentModel):
    """Arranges for expected chips against greedy players (the prior round table)."""

    name = "ev"
    description = "arranges for expected chips against greedy players (one level deeper)"

    def lineups(self, hands: np.ndarray, options: RamchiOptions, time_limit: float) -> np.ndarray:
        """The packing of the pool with the highest prior estimate, per hand (in chunks of
        :data:`EV_CHUNK` hands, which bounds the memory of a request with many samples).
        """
        if not len(hands):
            return np.zeros((0, MAX_COMBINATIONS), dtype=np.int32)
        if len(hands) > EV_CHUNK:
            return np.concatenate([self.lineups(hands[start:start + EV_CHUNK], options, time_limit)
                                   for start in range(0, len(hands), EV_CHUNK)])
        keys, strengths = threshold_keys(hands)
        variants = len(keys)
        pool = pack(keys.reshape(variants * len(hands), -1), np.tile(strengths, (variants, 1)))
        pool = pool.reshape(variants, len(hands), MAX_COMBINATIONS)
        values = lineup_values(prior_table(options), pool)
        best = values.argmax(axis=0)
        return pool[best, np.arange(len(hands))]

    def preference(self, lineups: np.ndarray, fours: np.ndarray, options: RamchiOptions
                   ) -> np.ndarray:
        """A four of a kind first, then the higher prior estimate."""
        return np.column_stack([fours, lineup_values(prior_table(options), lineups)])


class MixtureModel(OpponentModel):
    """Each hand follows one model, drawn with the given weights."""

    name = "mixture"
    description = "each opponent follows one of the models, drawn with the blend's weights"

    def __init__(self, weights: Mapping[str, float]) -> None:
        names = [name for name, weight in weights.items() if weight > 0]
        total = sum(weights[name] for name in names)
        self.weights = {name: weights[name] / total for name in names}
        self.slow = any(MODELS_BY_NAME[name].slow for name in self.weights)  # type: ignore[misc]

    def label(self) -> str:
        """``mixed (greedy 50%, ev 50%)``, or the one model's name when it has all the weight."""
        if len(self.weights) == 1:
            return MODELS_BY_NAME[next(iter(self.weights))].label()
        return f"mixed ({self.text()})"

    def lineups(self, hands: np.ndarray, options: RamchiOptions, time_limit: float) -> np.ndarray:
        """Not used: :meth:`arrange` hands each row to its drawn model."""
        raise NotImplementedError("a mixture arranges through arrange()")

    def arrange(self, hands: np.ndarray, up_cards: np.ndarray, options: RamchiOptions,
                time_limit: float, rng: np.random.Generator) -> Arranged:
        """Draw a model per hand, then let each model arrange its own hands."""
        names = list(self.weights)
        drawn = rng.choice(len(names), size=len(hands), p=[self.weights[n] for n in names])
        strengths = np.zeros((len(hands), MAX_COMBINATIONS), dtype=np.int32)
        fours = np.zeros(len(hands), dtype=np.int64)
        for index, name in enumerate(names):
            rows = drawn == index
            part = MODELS_BY_NAME[name].arrange(hands[rows], up_cards[rows], options, time_limit, rng)
            strengths[rows] = part.strengths
            fours[rows] = part.fours
        return Arranged(strengths, fours)

    def text(self) -> str:
        """The blend in words, e.g. ``greedy 50%, ev 50%``."""
        return ", ".join(f"{name} {weight:.0%}" for name, weight in self.weights.items())


MODELS_BY_NAME: dict[str, OpponentModel] = {
    model.name: model for model in (GreedyModel(), SolverModel(), EvModel())}
"""The models a mixture blends."""

MODELS: dict[str, OpponentModel] = {**MODELS_BY_NAME, "mixture": MixtureModel(DEFAULT_MIXTURE)}
"""Every opponent model by name."""

OPPONENT_MODELS = tuple(MODELS)
"""The names ``opponents`` may take."""


def _pointer(key: str) -> str:
    """Where a mixture's weight is (a JSON pointer without its first slash; a long key points
    at the whole mixture).

    >>> _pointer("a/b"), _pointer("x" * 50)
    ('mixture/a~1b', 'mixture')
    """
    if len(key) > 20:
        return "mixture"
    return "mixture/" + key.replace("~", "~0").replace("/", "~1")


def opponent_model(name: str, mixture: Mapping[str, float] | None = None) -> OpponentModel:
    """The model ``name`` stands for; ``mixture`` sets a mixture's own weights (non-negative,
    not all zero, over ``greedy``, ``solver`` and ``ev``).

    >>> opponent_model("mixture", {"greedy": 1, "solver": 0, "ev": 3}).text()
    'greedy 25%, ev 75%'
    >>> opponent_model("greedy", {"ev": 1})
    Traceback (most recent call last):
    ...
    rulesets.errors.InvalidInputError: mixture weights are for opponents='mixture', not 'greedy'
    """
    if name not in MODELS:
        raise InvalidInputError(f"opponents must be one of {', '.join(MODELS)}, got {name!r}",
                                rule="solver opponent models", code="unknown_opponent_model",
                                field="opponents")
    if mixture is None:
        return MODELS[name]
    if name != "mixture":
        raise InvalidInputError(f"mixture weights are for opponents='mixture', not {name!r}",
                                rule="solver opponent models", code="unknown_opponent_model",
                                field="mixture")
    for model, weight in mixture.items():
        if model not in MODELS_BY_NAME:
            raise InvalidInputError(
                f"a mixture blends {', '.join(MODELS_BY_NAME)}; {echo(model)} is none of them",
                rule="solver opponent models", code="unknown_opponent_model",
                field=_pointer(model))
        if not isinstance(weight, int | float) or not 0 <= weight <= 1000:
            raise InvalidInputError(f"the weight of {model} must be a number from 0 to 1000, "
                                    f"got {echo(weight)}", rule="solver opponent models",
                                    code="unknown_opponent_model", field=f"mixture/{model}")
    if not any(weight > 0 for weight in mixture.values()):
        raise InvalidInputError("a mixture needs at least one weight above 0",
                                rule="solver opponent models", code="unknown_opponent_model",
                                field="mixture")
    return MixtureModel(mixture)


def mixture_text() -> str:
    """The default mixture in words (for ``assumptions`` and the docs).

    >>> mixture_text()
    'ev 100%'
    """
    model = MODELS["mixture"]
    assert isinstance(model, MixtureModel)
    return model.text()
