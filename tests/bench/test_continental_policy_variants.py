"""``bench/continental_policy_variants.py``: each variant, seated as a player, plays whole hands of
legal moves from what its seat sees; the shedding variant sheds and buys nothing exactly when its
rule says; a tiny real run prints every line."""

from __future__ import annotations

import pytest

from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame
from rulesets.continental.records import Buy, Discard
from solver.bots import bots_of
from solver.continental.rollout import RolloutGame, shed_card
from tests.bench.scripts import load_script, tiny_run

bench = load_script("continental_policy_variants")
policy_bench = load_script("continental_rollout_policy")


@pytest.mark.parametrize("name", sorted(bench.VARIANTS))
def test_every_variant_plays_whole_hands_of_legal_moves(name: str) -> None:
    for seed in range(2):
        game = ContinentalGame(GameConfig.create(players=4, hands=3, seed=seed, dealer=0))
        policy = bench.VARIANTS[name](game.options.card_values)
        while not game.is_over:
            seat = game.awaited()[0]
            action = policy_bench.policy_action(policy, game, seat)
            assert game.can(action), (name, seed, action)
            game.apply(action)


def test_a_shedding_seat_sheds_and_buys_nothing_once_another_player_has_dropped() -> None:
    policy = bench.Shedding(far=2)
    shed = passed = 0
    for seed in range(6):
        game = ContinentalGame(GameConfig.create(players=4, hands=2, seed=seed, dealer=0))
        while not game.is_over:
            seat = game.awaited()[0]
            view = RolloutGame.copy_of(game, seed=0)
            sheds = policy.sheds(view, seat)
            action = policy_bench.policy_action(policy, game, seat)
            if sheds and isinstance(action, Discard):
                assert action.card == shed_card(game.hands[seat], game.contract)
                shed += 1
            if sheds and seat != game.current:
                assert not isinstance(action, Buy)
                passed += 1
            game.apply(action)
    assert shed > 0 and passed > 0


def test_a_tiny_run_prints_every_line(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    assert "shed2" not in bots_of("continental")  # importing the bench registers nothing
    out = tiny_run(bench, ["--deals", "1", "--hands", "1"], monkeypatch, capsys)
    for name in bench.VARIANTS:
        assert f"| {name} vs rollout | 1 | 6 |" in out
