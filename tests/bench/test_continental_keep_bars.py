"""``bench/continental_keep_bars.py``: the variant bot is the ``ev`` bot with other overrule bars,
the bars are read as the four decision kinds', and a tiny run plays the line ``ev:<variant>``."""

from __future__ import annotations

import doctest
import random

import pytest

from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame
from solver import bots as bots_module
from solver.bots import bot, bots_of
from solver.continental import ev_bot
from solver.continental.expected import KeepBars
from tests.bench.scripts import load_script, tiny_run

bench = load_script("continental_keep_bars")


def test_the_scripts_examples_hold() -> None:
    assert doctest.testmod(bench).failed == 0


def test_the_variant_plays_the_ev_bot_with_its_own_bars(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[KeepBars | None] = []
    own = ev_bot.ev_action

    def spy(*args: object, bars: KeepBars | None = None, **kwargs: object) -> object:
        seen.append(bars)
        return own(*args, bars=bars, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(bench, "ev_action", spy)
    registry = bots_module._BOTS
    monkeypatch.setattr(registry, "_items", dict(registry._items))
    name = bench.register_variant(KeepBars.uniform(2.0))
    assert name == "ev-bars-2" and name in bots_of("continental")
    game = ContinentalGame(GameConfig.create(players=4, hands=1, seed=5, dealer=0))
    action = bot("continental", name).choose(game, 1, random.Random(0), None)
    assert game.can(action) and seen == [KeepBars.uniform(2.0)]


def test_a_tiny_run_plays_ev_against_the_variant(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tiny_run(bench, ["--bars", "3", "--deals", "1", "--hands", "1"], monkeypatch, capsys)
    assert "| ev vs ev-bars-3 |" in out
    assert "the variant's: 3 for a draw, 3 for a buy, 3 for dropping or holding, 3 for a discard" in out


@pytest.mark.parametrize(("argv", "words"), [
    (["--bars", "1,2,2,1"], "are the ev bot's own"),
    (["--bars", "1,2"], "or four (draw,buy,drop_or_hold,discard), not 2"),
    (["--bars", "1,2,x,1"], "a bar is a number"),
    (["--bars", "1,2,-1,1"], "at least 0"),
    (["--jobs", "2"], "--jobs must be 1"),
    (["--deals", "0"], "--deals must be at least 1"),
])
def test_bad_arguments_are_refused(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench.main(argv)
    assert words in capsys.readouterr().err
