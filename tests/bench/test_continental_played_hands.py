"""``bench/continental_played_hands.py``: a tiny run prints the real, uniform and played distances
of each hand number (played told of the cards turned down, blind to them, and told of the
discards only), how often a player's own discards are outs of its hand, the danger each foresees
scored against the real hands, and restores the sampler's default."""

from __future__ import annotations

import pytest

from solver.continental import played_sampler
from tests.bench.scripts import load_script

bench = load_script("continental_played_hands")


def test_a_tiny_run_prints_every_hand_and_the_cost_of_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    default = played_sampler.CHANCES_PER_TURN
    assert bench.main(["--games", "1", "--every", "12", "--samples", "2"]) == 0
    out = capsys.readouterr().out
    assert ("| hand | players | real | uniform | played, blind | played, discards | played (2) | played (1) "
            "| played (3) |") in out
    assert "| ms a deal |" in out
    thrown = next(line for line in out.splitlines() if line.startswith("| its own discards"))
    real, uniform = (float(cell.strip().rstrip("%")) for cell in thrown.split("|")[3:5])
    assert real < 2.0 < uniform  # an advisor almost never needs a card it threw away
    danger = next(line for line in out.splitlines() if line.startswith("| danger: Brier score"))
    scores = [float(cell) for cell in danger.split("|")[4:-1]]
    assert len(scores) == 6 and all(0 <= score <= 1 for score in scores)
    assert default == played_sampler.CHANCES_PER_TURN


def test_the_outs_among_a_players_discards() -> None:
    from rulesets.cards import parse_cards
    from rulesets.continental.contracts import CONTRACTS

    hand = parse_cards("7c 7d Kd Qs 9c 4h 2s")
    assert bench.outs_among(hand, parse_cards("7h 5d"), CONTRACTS[1], 1) == 0.5


def test_it_refuses_an_empty_run() -> None:
    with pytest.raises(SystemExit):
        bench.main(["--games", "0"])
