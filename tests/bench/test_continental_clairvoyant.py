"""``bench/continental_clairvoyant.py``: its sampler deals the real hidden hands and the real
stock's cards (only their order drawn at random), only while it prices, and a tiny real run
prints the line."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame
from solver.continental import expected
from solver.continental.position import Position
from solver.continental.sampler import Sampler
from tests.bench.scripts import load_script, tiny_run

bench = load_script("continental_clairvoyant")


def test_the_clairvoyant_deals_are_the_real_hands_and_stock_only_while_pricing() -> None:
    game = ContinentalGame(GameConfig.create(players=4, hands=1, seed=8, dealer=0))
    rng = random.Random(0)
    for _ in range(12):  # a few turns in
        seat = game.awaited()[0]
        game.apply(bench.ev_action(game, seat, rng))
    seat = game.awaited()[0]
    position = Position.of_game(game, seat)
    own = expected.played_sampler
    with bench.seeing(game, seat):
        sampler = expected.played_sampler(position)
        orders = sampler.permutations(3, np.random.default_rng(1))
        deals = [sampler.deal_of(order) for order in orders]
    assert expected.played_sampler is own and isinstance(sampler, Sampler)
    hidden = [game.hands[(seat + k) % 4] for k in range(1, 4)]
    for deal in deals:
        assert list(deal.hands) == hidden
        assert sorted(c.kind for c in deal.stock) == sorted(c.kind for c in game.stock)
    assert len({deal.stock for deal in deals}) == 3  # its order is still drawn at random


def test_a_tiny_run_prints_the_clairvoyant_line(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tiny_run(bench, ["--quick", "--deals", "1", "--hands", "1"], monkeypatch, capsys)
    assert "| ev_clairvoyant vs advisor | 1 |" in out
