"""``bench/continental_pricing_noise.py``: each rule's choice is judged against an independent
reference (a regret is never below 0: it is measured from the reference's best), and a tiny run
prints every rule's column."""

from __future__ import annotations

import pytest

from tests.bench.scripts import load_script

bench = load_script("continental_pricing_noise")


def test_every_rule_is_judged_on_the_same_decisions_from_the_reference_best() -> None:
    rules = bench.rules([2.0], [0.5], ["wide"])
    judged = bench.judge_game(400, 40, 4, rules)
    assert judged
    for item in judged:
        assert set(item.regret) == {rule.name for rule in rules}
        assert item.exact >= 0 and all(regret >= 0 for regret in item.regret.values())
        assert all(item.turns[rule.name] > 0 for rule in rules)


def test_a_tiny_run_prints_each_rule_and_the_paired_differences(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "1", "--every", "60", "--reference", "3", "--work", "2"]) == 0
    out = capsys.readouterr().out
    assert "| every decision |" in out
    assert "narrow 2 − plain" in out and "work ×2 − plain" in out


@pytest.mark.parametrize("argv", [["--games", "0"], ["--narrow-z", "0"], ["--work", "-1"],
                                  ["--reference", "1"]])
def test_it_refuses_a_run_that_measures_nothing(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        bench.main(argv)
