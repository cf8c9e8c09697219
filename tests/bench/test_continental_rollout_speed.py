"""``bench/continental_rollout_speed.py``: its baseline (the tie-break analysing every equally
close discard) plays the very games the rollout policy plays, and a tiny run prints its table."""

from __future__ import annotations

import pytest

from solver.continental.rollout import FastPolicy, RolloutGame, play_out
from tests.bench.scripts import load_script

bench = load_script("continental_rollout_speed")


@pytest.mark.parametrize("hand", range(1, 8))
def test_the_baseline_tie_break_plays_the_same_rollouts_as_the_policy(hand: int) -> None:
    for game in bench.starts(hand, 3, 40):
        for seed in range(2):
            ours, theirs = RolloutGame.copy_of(game, seed), RolloutGame.copy_of(game, seed)
            assert play_out(ours, FastPolicy()) == play_out(theirs, bench.EveryTypePolicy())
            assert ours.turns == theirs.turns
            assert ours.table == theirs.table and ours.hands == theirs.hands


def test_a_tiny_run_prints_every_contract_and_says_the_games_were_the_same(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--deals", "1", "--rollouts", "1"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ")]
    assert len(rows) == 9  # the header, 7 contracts and the total
    assert "| 7 | 3 runs |" in out and "| all |" in out
    assert "Both played the very same games" in out


def test_it_refuses_an_empty_run() -> None:
    with pytest.raises(SystemExit):
        bench.main(["--deals", "0"])
