"""Sampler speed: deals per second of what a seat does not know, in a 4-player hand 7.

Plays a seeded random 4-player game through the referee up to hand 7 (3 runs, 13 cards each)
and some turns into it, then times :class:`solver.continental.sampler.Sampler` for one seat:
whole deals (the hands and the stock as cards, :meth:`~solver.continental.sampler.Sampler.deals`)
and the batch form (rows of indices, :meth:`~solver.continental.sampler.Sampler.permutations`),
against the same-run baseline of a bare ``random.shuffle`` of the unknown cards.
Run: ``.venv/bin/python bench/continental_sampler.py [--samples N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame
from solver.continental.random_player import random_action
from solver.continental.sampler import Sampler, knowledge_of_seat


def hand_seven_position(seed: int, actions_into_it: int = 40) -> ContinentalGame:
    """A 4-player game played at random (skill 0.9) into its hand 7."""
    rng = random.Random(seed)
    game = ContinentalGame(GameConfig.create(players=4, hands=7, seed=seed, dealer=0))
    into = 0
    while not game.is_over and into < actions_into_it:
        game.apply(random_action(game, rng.choice(game.awaited()), rng, skill=0.9))
        into += game.hand_number == 7
    if game.is_over or game.hand_number != 7:
        raise SystemExit(f"seed {seed}: hand 7 ended too soon, try another seed")
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    game = hand_seven_position(args.seed)
    seat = game.current
    started = time.perf_counter()
    sampler = Sampler(knowledge_of_seat(game, seat))
    setup = time.perf_counter() - started
    started = time.perf_counter()
    for _deal in sampler.deals(args.samples, args.seed):
        pass
    deals = time.perf_counter() - started
    started = time.perf_counter()
    sampler.permutations(args.samples, np.random.default_rng(args.seed))
    rows = time.perf_counter() - started
    cards, shuffler = list(sampler.unknown), random.Random(args.seed)
    started = time.perf_counter()
    for _ in range(args.samples):
        shuffler.shuffle(cards)
    baseline = time.perf_counter() - started
    print(f"hand 7, 4 players, seat {seat}: {len(sampler.unknown)} unknown cards, hidden "
          f"{list(sampler.hidden)} in the other hands, stock {sampler.stock_size}")
    print(f"setup (knowledge from the view and log, then the sampler): {setup * 1000:.2f} ms")
    print(f"deals (cards):           {args.samples / deals:>10,.0f} per second")
    print(f"permutations (indices):  {args.samples / rows:>10,.0f} per second")
    print(f"baseline, random.shuffle:{args.samples / baseline:>10,.0f} per second")


if __name__ == "__main__":
    main()
