"""How fast the expected-points advice's rollouts play, against the same games played the former way.

The ``ev`` bot's budget is a count of rollout turns (:data:`solver.continental.ev_bot.WORK`), so
its decision time is that count times the cost of a turn of
:class:`solver.continental.rollout.FastPolicy`. Most of a turn went to the discard's tie-break:
the kinds of outs each equally close discard leaves (:func:`~solver.continental.rollout.outs_left`),
one analysis of the hand less each card. :func:`~solver.continental.rollout.most_outs` proves most
of those analyses useless and skips them, with the same choice.

This script plays the same rollouts twice in one run, from the deal of each hand number (1-7) of
``--deals`` games and ``--rollouts`` rollout seeds each:

- ``every type``: the baseline, the tie-break analysing every equally close discard;
- ``most_outs``: the policy as the rollouts play it.

Both start from cold caches (:func:`solver.continental.distance.clear_caches`), are timed twice
in alternation (the best of the two counts: machines here are noisy), and must play the very same
games (each rollout's scores and turns are compared; a difference is an error). It prints, per
contract, the turns played, the analyses computed (the distance cache's misses) and the
microseconds per turn of each, and the speed-up.

Run: ``.venv/bin/python bench/continental_rollout_speed.py [--deals 6] [--rollouts 4] [--seed 0]``
(about a minute on one core).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulesets.cards import Card  # noqa: E402
from rulesets.continental.config import GameConfig  # noqa: E402
from rulesets.continental.contracts import CONTRACTS  # noqa: E402
from rulesets.continental.game import ContinentalGame  # noqa: E402
from solver.continental import distance  # noqa: E402
from solver.continental.rollout import (  # noqa: E402
    FastPolicy,
    RolloutGame,
    card_facts,
    discard_distances,
    outs_left,
    play_out,
)


@dataclass(frozen=True, slots=True)
class EveryTypePolicy(FastPolicy):
    """The rollout policy with the tie-break computed the former way: :func:`outs_left` of every
    equally close discard (the same choice as :func:`~solver.continental.rollout.most_outs`)."""

    def _discard_building(self, game: RolloutGame, hand: tuple[Card, ...], spare: int) -> Card:
        key, jokers = game.key_of(hand)
        far = discard_distances(hand, game.contract, spare, key=key, jokers=jokers)
        closest = min(far.values())
        feeds = self.feeds(game)
        outs: dict[int, int] = {}
        tied = sum(d == closest for d in far.values()) > 1
        best, choice = None, hand[0]
        for card in hand:
            t, worth = card_facts(card, self.card_values)
            if tied and far[t] == closest and t not in outs:
                outs[t] = outs_left(game.contract, key, len(hand), jokers, card, spare)
            score = (far[t], feeds >> t & 1, -outs.get(t, 0), -worth, t)
            if best is None or score < best:
                best, choice = score, card
        return choice


@dataclass(frozen=True, slots=True)
class TimedPass:
    """One timed pass of a policy over every rollout of one contract."""

    turns: int
    analyses: int
    seconds: float
    outcomes: tuple[tuple[tuple[int, ...] | None, int], ...]


def starts(hand: int, deals: int, seed: int) -> list[ContinentalGame]:
    """The deal of hand ``hand`` in each of ``deals`` games (seeds ``seed`` on)."""
    games = []
    for deal in range(deals):
        game = ContinentalGame(GameConfig.create(players=4, hands=7, seed=seed + deal, dealer=0))
        while game.hand_number < hand:
            game.stock_ran_out()
        games.append(game)
    return games


def timed(policy: FastPolicy, games: Sequence[ContinentalGame], rollouts: int) -> TimedPass:
    """Play every rollout of ``games`` with ``policy`` from cold caches."""
    distance.clear_caches()
    before = distance.analyse.cache_info().misses
    outcomes, turns = [], 0
    started = time.perf_counter()
    for game in games:
        for seed in range(rollouts):
            rollout = RolloutGame.copy_of(game, seed)
            scores = play_out(rollout, policy)
            outcomes.append((scores, rollout.turns))
            turns += rollout.turns
    seconds = time.perf_counter() - started
    return TimedPass(turns, distance.analyse.cache_info().misses - before, seconds, tuple(outcomes))


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=6, help="games whose hands start the rollouts (default 6)")
    p.add_argument("--rollouts", type=int, default=4, help="rollout seeds per hand of each game (default 4)")
    p.add_argument("--seed", type=int, default=0, help="game d is dealt from seed + d")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Time both policies on every contract; print the table. Non-zero if they played differently."""
    args = parser().parse_args(argv)
    if args.deals < 1 or args.rollouts < 1:
        parser().error("--deals and --rollouts must be at least 1")
    print("| hand | contract | turns | analyses, every type | analyses, most_outs | "
          "µs/turn, every type | µs/turn, most_outs | speed-up |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    totals = [0, 0.0, 0.0]
    differ = 0
    for hand in range(1, 8):
        games = starts(hand, args.deals, args.seed)
        passes: dict[str, list[TimedPass]] = {"every": [], "most": []}
        for _ in range(2):
            passes["every"].append(timed(EveryTypePolicy(), games, args.rollouts))
            passes["most"].append(timed(FastPolicy(), games, args.rollouts))
        every = min(passes["every"], key=lambda p: p.seconds)
        most = min(passes["most"], key=lambda p: p.seconds)
        if every.outcomes != most.outcomes:
            differ += 1
        per_every, per_most = 1e6 * every.seconds / every.turns, 1e6 * most.seconds / most.turns
        totals[0] += every.turns
        totals[1] += every.seconds
        totals[2] += most.seconds
        print(f"| {hand} | {CONTRACTS[hand].name} | {every.turns} | {every.analyses} | {most.analyses} | "
              f"{per_every:.0f} | {per_most:.0f} | {per_every / per_most:.2f}× |")
    turns, every_s, most_s = totals
    print(f"| all | | {turns:.0f} | | | {1e6 * every_s / turns:.0f} | {1e6 * most_s / turns:.0f} | "
          f"{every_s / most_s:.2f}× |")
    if differ:
        print(f"\nERROR: the two tie-breaks played different games on {differ} hand numbers", file=sys.stderr)
        return 1
    print("\nBoth played the very same games (every rollout's scores and turns).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
