"""``bench/continental_pricing_variance.py``: it prices the same positions both ways (the rollouts'
own rule restored after), and a tiny run prints its table."""

from __future__ import annotations

import pytest

from rulesets.continental.game import ContinentalGame
from solver.continental.rollout import RolloutGame
from tests.bench.scripts import load_script

bench = load_script("continental_pricing_variance")


def test_the_shared_top_is_the_rules_and_the_streams_come_back_after() -> None:
    own = RolloutGame.take_stock_card
    with bench.stock_rule("shared top"):
        assert RolloutGame.take_stock_card is ContinentalGame.take_stock_card
    assert RolloutGame.take_stock_card is own


def test_a_tiny_run_prints_each_kind_of_decision_and_the_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--every", "25", "--samples", "3"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ")]
    assert "| all |" in out and "| play |" in out and len(rows) >= 4


def test_it_refuses_an_empty_run() -> None:
    with pytest.raises(SystemExit):
        bench.main(["--games", "0"])
