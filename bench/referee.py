"""Referee speed: a whole refereed game through the HTTP API vs. the bare engine, same games.

Prints a table: per game, the time the engine alone needs to play it (baseline, measured
in the same run) and the time through the API (parse, SQLite, replay from the stored log,
store), with the per-action latency. Run: ``.venv/bin/python bench/referee.py [--games N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from itertools import combinations
from pathlib import Path

from api import create_app
from rulesets.cards import Card
from rulesets.ramchi.combinations import classify
from rulesets.ramchi.config import GameConfig
from rulesets.ramchi.game import Phase, RamchiGame
from rulesets.ramchi.records import Arrange, Keep


def quick_lineup(hand: tuple[Card, ...], rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """Up to five combinations found greedily in a shuffled hand (a legal, cheap arrangement)."""
    left = list(hand)
    rng.shuffle(left)
    chosen: list[tuple[Card, ...]] = []
    while len(chosen) < 5:
        found = next((c for c in combinations(left, 3) if classify(c).is_combination), None)
        if found is None:
            break
        chosen.append(found)
        left = [card for card in left if card not in found]
    return tuple(chosen)


def engine_actions(config: GameConfig, seed: int) -> tuple[list[Keep | Arrange], float]:
    """Play a game with the engine alone; return its actions and the seconds it took."""
    rng = random.Random(seed)
    game = RamchiGame(config)
    actions: list[Keep | Arrange] = []
    started = time.perf_counter()
    while not game.is_over:
        if game.phase is Phase.EXCHANGE:
            action: Keep | Arrange = Keep(game.awaited()[0])
        else:
            seat = game.awaited()[0]
            action = Arrange(seat, quick_lineup(game.hands[seat], rng))
        game.apply(action)
        actions.append(action)
    return actions, time.perf_counter() - started


def api_game(client, config: GameConfig, actions: list[Keep | Arrange]) -> list[float]:  # type: ignore[no-untyped-def]
    """Replay the same actions through the API; return each action's latency in seconds."""
    body = {"players": ["a", "b", "c"], "hands": config.hands, "seed": config.seed,
            "dealer": config.dealer}
    created = client.post("/v1/games", json=body).json
    tokens = [seat["token"] for seat in created["seats"]]
    latencies = []
    for version, action in enumerate(actions):
        payload: dict = {"type": "keep", "expected_version": version}
        if isinstance(action, Arrange):
            payload = {"type": "arrange", "expected_version": version,
                       "combinations": [[c.code for c in combo] for combo in action.combinations]}
        started = time.perf_counter()
        response = client.post(f"/v1/games/{created['id']}/actions", json=payload,
                               headers={"Authorization": f"Bearer {tokens[action.seat]}"})
        latencies.append(time.perf_counter() - started)
        assert response.status_code == 200, response.json
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        client = create_app({"AUTO_MIGRATE": True, "DATABASE_URL": url, "GAMES_PER_HOUR": 0}).test_client()
        print(f"{'hands':>5} {'actions':>7} {'engine ms':>10} {'API ms':>9} {'ratio':>6} "
              f"{'p50 ms/action':>14} {'p99 ms/action':>14}")
        for hands in (1, 10, 50):
            engine_s, api_s, latencies, count = 0.0, 0.0, [], 0
            for game in range(args.games):
                config = GameConfig.create(hands=hands, seed=1000 * hands + game, dealer=0)
                actions, seconds = engine_actions(config, game)
                engine_s += seconds
                times = api_game(client, config, actions)
                api_s += sum(times)
                latencies += times
                count += len(actions)
            latencies.sort()
            p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
            print(f"{hands:>5} {count // args.games:>7} {1000 * engine_s / args.games:>10.1f} "
                  f"{1000 * api_s / args.games:>9.1f} {api_s / engine_s:>6.1f} "
                  f"{1000 * statistics.median(latencies):>14.2f} {1000 * p99:>14.2f}")


if __name__ == "__main__":
    main()
