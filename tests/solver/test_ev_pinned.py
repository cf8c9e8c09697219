"""The `ev` advice of a fixed set of hands and seeds, pinned: the chosen lineup, the 2♦ exchange
and the expected chips to the cent (``data/ev_pinned.json``, made by the algorithm of 2026-11).

Same seed, same answer: a faster `ev` (issue 12) must give these answers too, or its change says
why each one moved. To re-pin after a deliberate change, regenerate the file with the function
``pinned_answer`` below over the same cases and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulesets.cards import parse_cards
from solver.ramchi.advice import advise

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "data" / "ev_pinned.json").read_text())


def pinned_answer(case: dict[str, Any]) -> dict[str, Any]:
    """The answer of the `ev` advice (200 samples) for one case, in the file's form."""
    advice = advise(parse_cards(case["hand"]), parse_cards(case["up"])[0], objective="ev",
                    seed=case["seed"], samples=200, seat=case["seat"], dealer=case["dealer"])
    assert advice.expected_chips is not None
    return {"lineup": [" ".join(card.code for card in item.cards) for item in advice.combinations],
            "chips": round(advice.expected_chips, 2), "exchange": advice.exchange.recommended}


@pytest.mark.parametrize("case", CASES, ids=[f"seed{case['seed']}" for case in CASES])
def test_ev_advice_gives_the_pinned_answer(case: dict[str, Any]) -> None:
    assert pinned_answer(case) == {key: case[key] for key in ("lineup", "chips", "exchange")}
