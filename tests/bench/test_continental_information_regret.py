"""``bench/continental_information_regret.py``: the regret is judged on samples other than those
that picked the best, both pricings see the real hidden hands, and a tiny real run prints every
row it measured."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from solver.continental import expected, played_sampler
from tests.bench.scripts import load_script, tiny_run

bench = load_script("continental_information_regret")


def test_the_regret_is_priced_by_the_second_set_on_the_first_sets_best() -> None:
    picked = {"a": 1.0, "b": -2.0, "c": 0.5}
    evaluated = {"a": 3.0, "b": 4.0, "c": -1.0}
    assert bench.regret(evaluated, picked, "a") == -1.0  # "b" looked best; judged, "a" beats it
    assert bench.regret(evaluated, picked, "b") == 0.0


def test_both_clairvoyant_pricings_deal_the_real_hands_with_their_own_seeds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    decisions = bench.priced_decisions(4, 1, hands=1)
    game, seat, position, options = next(d for d in decisions if d[2].step.value == "play")
    hidden = tuple(game.hands[(seat + k) % 4] for k in range(1, 4))
    seen: list[tuple[int, bool]] = []
    own = expected.price

    def spy(position: Any, advice: Any, **kwargs: Any) -> Any:
        sampler = expected.played_sampler(position)
        deal = sampler.deal_of(sampler.permutations(1, np.random.default_rng(0))[0])
        seen.append((kwargs["seed"], deal.hands == hidden))
        return own(position, advice, **kwargs)

    monkeypatch.setattr(bench, "price", spy)
    measured = bench.measure(game, seat, position, options, 5, 4,
                             (expected.KEEP_BARS, expected.KeepBars.uniform(0.5)))
    assert measured is not None and measured[0].startswith("play")
    assert len(measured[1]) == 3  # the exact advice's regret, then the bot's with each bar
    assert seen == [(10, True), (11, True)]


def test_a_tiny_run_prints_every_decision_and_its_kinds(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tiny_run(bench, ["--games", "1", "--hands", "1", "--every", "3", "--samples", "4",
                           "--bars", "0.5", "1,2,2,0.5"], monkeypatch, capsys)
    assert ("| ev bot's regret (own bars) | ev bot's regret (bar 0.5) "
            "| ev bot's regret (bar 1,2,2,0.5) |") in out
    assert "| decisions of | count | bar 0.5 − own | bar 1,2,2,0.5 − own |" in out
    first = out[:out.index("Other bars")]
    rows = [line.split(" | ")[0].lstrip("| ") for line in first.splitlines()
            if line.startswith("| ") and "---" not in line]
    assert rows[0] == "decisions of" and rows[1] == "every decision" and rows[-1] == "hand 1"
    assert set(rows[2:-1]) <= set(bench.KINDS)


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench.main(["--every", "0"])
    assert "--every" in capsys.readouterr().err


def test_the_paired_table_is_each_bars_regret_less_the_own_bars() -> None:
    regrets = bench.Regrets((expected.KEEP_BARS, expected.KeepBars.uniform(0.5)), {})
    regrets.add(["every decision", "draw"], [4.0, 3.0, 1.0])
    regrets.add(["every decision"], [2.0, 2.0, 3.0])
    table = regrets.paired_table()
    assert table[2].startswith("| every decision | 2 | -0.50 ± ")  # (1 - 3 + 3 - 2) / 2
    assert table[3] == "| draw | 1 | -2.00 |"
    assert bench.Regrets((expected.KEEP_BARS,), {}).paired_table() == []


def test_bad_bars_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench.main(["--bars", "1,2"])
    assert "or four (draw,buy,drop_or_hold,discard), not 2" in capsys.readouterr().err


def test_blind_samples_forget_the_cards_turned_down_and_only_inside() -> None:
    decisions = bench.priced_decisions(4, 1, hands=1)
    position = next(d[2] for d in decisions
                    if d[2].step.value == "play" and any(other.refused for other in d[2].knowledge.others))
    own = expected.played_sampler
    with bench.telling_refusals(False):
        blind = expected.played_sampler(position)
        assert not any(other.refused for other in blind.knowledge.others)
        assert [o.held for o in blind.knowledge.others] == [o.held for o in position.knowledge.others]
    assert expected.played_sampler is own
    with bench.telling_refusals(True):
        assert expected.played_sampler(position).knowledge == position.knowledge


def test_the_blind_column_is_the_last_and_paired_with_the_own_bars() -> None:
    regrets = bench.Regrets((expected.KEEP_BARS,), {}, blind=True)
    assert regrets.labels == ["own bars", "own bars, blind"]
    regrets.add(["every decision"], [4.0, 1.0, 3.0])
    assert regrets.paired_table()[2] == "| every decision | 1 | 2.00 |"
    assert "ev bot's regret (own bars, blind)" in regrets.table()[0]


def test_other_chances_are_a_column_each_after_the_blind_one_and_only_inside() -> None:
    regrets = bench.Regrets((expected.KEEP_BARS,), {}, blind=True, chances=(1.5, 1.0))
    assert regrets.labels == ["own bars", "own bars, blind", "own bars, chances 1.5", "own bars, chances 1"]
    own = played_sampler.CHANCES_PER_TURN
    with bench.playing_chances(1.5):
        assert played_sampler.CHANCES_PER_TURN == 1.5
    assert own == played_sampler.CHANCES_PER_TURN
    game, seat, _position, _options = next(bench.priced_decisions(4, 1, hands=1))
    chosen = bench.bot_choices(game, seat, 1, (expected.KEEP_BARS,), chances=(1.5,))
    assert chosen is None or len(chosen) == 2
