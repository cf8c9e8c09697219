"""``bench/continental_rollout_policy.py``: the rollout policy seated as a player sees only its
seat, plays only legal moves, and a tiny real run (one deal of one hand) prints its lines."""

from __future__ import annotations

import random

import pytest

from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame
from solver.bots import bots_of
from solver.continental.rollout import FastPolicy
from tests.bench.scripts import load_script, tiny_run

bench = load_script("continental_rollout_policy")


@pytest.mark.parametrize("policy", [FastPolicy, bench.MostPointsPolicy])
def test_the_policy_as_a_player_plays_whole_hands_of_legal_moves_from_its_seat_alone(policy: type) -> None:
    for seed in range(3):
        game = ContinentalGame(GameConfig.create(players=4, hands=2, seed=seed, dealer=0))
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.awaited()[0]
            action = bench.policy_action(policy(), game, seat)
            assert game.can(action), (seed, action)
            # the same seat's view with every other hand shuffled gives the same move
            other = ContinentalGame(GameConfig.create(players=4, hands=2, seed=seed, dealer=0))
            other.__dict__.update(game.__dict__)
            hidden = [c for s, h in enumerate(game.hands) if s != seat for c in h] + list(game.stock)
            rng.shuffle(hidden)
            hands = list(game.hands)
            for s, h in enumerate(game.hands):
                if s != seat:
                    hands[s], hidden = tuple(hidden[:len(h)]), hidden[len(h):]
            other.hands, other.stock = hands, tuple(hidden)
            assert bench.policy_action(policy(), other, seat) == action
            game.apply(action)


def test_a_tiny_run_prints_the_three_lines(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    assert "rollout" not in bots_of("continental")  # importing the bench registers nothing
    out = tiny_run(bench, ["--deals", "1", "--hands", "1"], monkeypatch, capsys)
    for line in ("rollout vs advisor", "rollout vs rollout_points", "rollout_points vs advisor"):
        assert f"| {line} | 1 | 6 |" in out
