"""``bench/continental_ev_decisions.py``: a tiny real run (one hand) counts the ev bot's priced
decisions and leaves no observer behind."""

from __future__ import annotations

import pytest

from solver.continental import ev_bot
from tests.bench.scripts import load_script


def test_one_hand_prints_each_decision_kind_priced(capsys: pytest.CaptureFixture[str]) -> None:
    module = load_script("continental_ev_decisions")
    module.main(["--deals", "1", "--hands", "1"])
    lines = capsys.readouterr().out.splitlines()
    rows = {line.split("|")[1].strip(): line.split("|") for line in lines if line.startswith("| ")}
    assert "play" in rows  # every hand has plays after the draw, and each is priced
    priced, overruled = int(rows["play"][2]), int(rows["play"][3])
    assert priced >= 1 and 0 <= overruled <= priced
    assert ev_bot.PRICED == []
