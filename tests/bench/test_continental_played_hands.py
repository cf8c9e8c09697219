"""``bench/continental_played_hands.py``: a tiny run prints the real, uniform and played distances
of each hand number and restores the sampler's default."""

from __future__ import annotations

import pytest

from solver.continental import played_sampler
from tests.bench.scripts import load_script

bench = load_script("continental_played_hands")


def test_a_tiny_run_prints_every_hand_and_the_cost_of_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    default = played_sampler.CHANCES_PER_TURN
    assert bench.main(["--games", "1", "--every", "12", "--samples", "2"]) == 0
    out = capsys.readouterr().out
    assert "| hand | players | real | uniform | played (2) | played (1) | played (3) |" in out
    assert "| ms a deal |" in out
    assert default == played_sampler.CHANCES_PER_TURN


def test_it_refuses_an_empty_run() -> None:
    with pytest.raises(SystemExit):
        bench.main(["--games", "0"])
