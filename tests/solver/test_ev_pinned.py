"""The `ev` advice of a fixed set of hands and seeds, pinned: the chosen lineup, the 2♦ exchange
and the expected chips to the cent (``data/ev_pinned.json``), against greedy opponents.

Each case holds the answer of the algorithm of 2026-11 (``before``: kept as
:class:`~solver.ramchi.baseline.BaselineEvObjective`) and of today's array-based search
(``after``, issue 12). Same seed, same answer: both must give their pinned answers, and on the
same samples today's choice is never worth less than the old one. Where ``after`` differs from
``before`` it is a lineup of the same strengths made with other cards (the same chips in every
deal), or an equally valued lineup preferred for its stronger combinations.

To re-pin after a deliberate change, regenerate ``after`` with :func:`pinned_answer` over the
same cases and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulesets.cards import parse_cards
from solver.ramchi.advice import advise
from solver.ramchi.baseline import BaselineEvObjective
from solver.ramchi.objectives import Objective

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "data" / "ev_pinned.json").read_text())
IDS = [f"seed{case['seed']}" for case in CASES]


def pinned_answer(case: dict[str, Any], objective: str | Objective = "ev") -> dict[str, Any]:
    """The answer of the `ev` advice (200 samples, greedy opponents) for one case."""
    advice = advise(parse_cards(case["hand"]), parse_cards(case["up"])[0], objective=objective,
                    seed=case["seed"], samples=200, seat=case["seat"], dealer=case["dealer"],
                    opponents="greedy")
    assert advice.expected_chips is not None
    return {"lineup": [" ".join(card.code for card in item.cards) for item in advice.combinations],
            "chips": round(advice.expected_chips, 2), "exchange": advice.exchange.recommended}


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_ev_advice_gives_the_pinned_answer(case: dict[str, Any]) -> None:
    assert pinned_answer(case) == case["after"]


@pytest.mark.slow  # the old algorithm: half a second a hand (runs in make test and CI)
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_baseline_still_gives_its_pinned_answer(case: dict[str, Any]) -> None:
    assert pinned_answer(case, BaselineEvObjective()) == case["before"]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_todays_choice_is_worth_at_least_the_baselines_on_the_same_samples(
        case: dict[str, Any]) -> None:
    assert case["after"]["chips"] >= case["before"]["chips"]
