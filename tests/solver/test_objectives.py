"""Advice objectives are strategy objects behind one interface, found by name in OBJECTIVES."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulesets.cards import DECK, Card
from solver import advise
from solver.ramchi.candidates import hand_candidates
from solver.ramchi.greedy import greedy_lineup
from solver.ramchi.objectives import (
    OBJECTIVES,
    AdviceRequest,
    EvObjective,
    HandPlan,
    MaximinObjective,
    Objective,
    Scored,
    Valuation,
)

HAND = random.Random(4).sample(DECK, 17)


class WeakestFirst(Objective):
    """A toy objective: the greedy lineup, preferring hands with fewer combinations."""

    name = "toy"

    def __init__(self) -> None:
        self.calls: list[str] = []

    def plan(self, hand: tuple[Card, ...], deals: Any,
             request: AdviceRequest) -> HandPlan:
        self.calls.append("plan")
        return HandPlan(hand, Scored(greedy_lineup(hand_candidates(hand))), [], None)

    def preference(self, plan: HandPlan) -> Any:
        self.calls.append("preference")
        return -len(plan.best.lineup)

    def expected_chips(self, plan: HandPlan) -> float | None:
        self.calls.append("expected_chips")
        return 42.0

    def valuation(self, plan: HandPlan, deals: Any,
                  request: AdviceRequest) -> Valuation:
        self.calls.append("valuation")
        return Valuation(42.0, 0.5, None, 0, None, "Toy reason.")


def test_builtin_objectives_are_registered_instances_of_the_interface() -> None:
    assert list(OBJECTIVES) == ["ev", "maximin"]
    assert isinstance(OBJECTIVES["ev"], EvObjective) and isinstance(OBJECTIVES["maximin"], MaximinObjective)
    assert all(isinstance(o, Objective) and o.name == name for name, o in OBJECTIVES.items())


def test_a_registered_toy_objective_gives_advice_through_advise(monkeypatch: pytest.MonkeyPatch) -> None:
    toy = WeakestFirst()
    monkeypatch.setitem(OBJECTIVES, "toy", toy)
    advice = advise(HAND, None, objective="toy")
    assert advice.objective == "toy"
    assert [c.strength for c in advice.combinations] == [
        c.strength for c in greedy_lineup(hand_candidates(HAND))]
    assert advice.expected_chips == 42.0 and advice.standard_error == 0.5
    assert advice.explanation.endswith("Toy reason.")
    assert {"plan", "preference", "valuation"} <= set(toy.calls)


def test_the_toy_objective_decides_the_exchange(monkeypatch: pytest.MonkeyPatch) -> None:
    two = next(c for c in DECK if c.code == "2d")
    hand = [two, *(c for c in DECK if c != two)][:17]
    up = next(c for c in DECK if c not in hand)
    monkeypatch.setitem(OBJECTIVES, "toy", WeakestFirst())
    advice = advise(hand, up, objective="toy")
    assert advice.exchange.possible
    assert advice.exchange.expected_chips_if_kept == advice.exchange.expected_chips_if_exchanged == 42.0


def test_unknown_objective_lists_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulesets.errors import InvalidInputError

    monkeypatch.setitem(OBJECTIVES, "toy", WeakestFirst())
    with pytest.raises(InvalidInputError, match="ev, maximin, toy") as caught:
        advise(HAND, None, objective="win")
    assert caught.value.code == "unknown_objective"
