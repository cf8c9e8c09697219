"""Play N deals with common random numbers: seat 0 follows ev, greedy or maximin advice
against two greedy opponents (seats 1, 2), on the very same deals.

Usage: python bench/ramchi_play.py [--deals 5000] [--samples N] [--workers 2] [--seed 0]
Prints mean chips per hand for seat 0 with 95% confidence intervals, and paired differences.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets.ramchi.combinations import combination, strength_table
from rulesets.ramchi.deal import (
    deal,
    exchange,
    find_four_of_a_kind,
    four_of_a_kind_chips,
    shuffled_deck,
    two_of_diamonds_holder,
)
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS, play_out
from solver.ramchi.bots import Bot, EvBot, GreedyBot, MaximinBot
from solver.stats import mean_ci

OPTIONS = RamchiOptions()
STRATEGIES = ("ev", "greedy", "maximin")


def play_deal(index: int, seed: int, me: Bot, opponent: Bot) -> int:
    """Seat 0's chips on deal ``index`` when seat 0 uses ``me`` and seats 1, 2 ``opponent``."""
    dealer = index % SEATS
    dealt = deal(shuffled_deck(seed * 1_000_003 + index), dealer)
    holder = two_of_diamonds_holder(dealt.hands)
    hands = list(dealt.hands)
    lineups = []
    for seat in range(SEATS):
        bot = me if seat == 0 else opponent
        up = dealt.up_card if seat == holder else None
        decision = bot.decide(hands[seat], up, seat=seat, dealer=dealer, options=OPTIONS)
        if decision.exchange and up is not None:
            hands[seat] = exchange(hands[seat], up)
        lineups.append([combination(cards).strength for cards in decision.lineup])
    four = find_four_of_a_kind(hands) if OPTIONS.four_of_a_kind else None
    if four is not None:
        return four_of_a_kind_chips(four.seat, OPTIONS)[0]
    return play_out(lineups, dealer, OPTIONS).chips[0]


def run_chunk(args: tuple[list[int], int, int]) -> list[tuple[int, int, int]]:
    indices, seed, samples = args
    strength_table()
    bots = {"ev": EvBot(samples=samples, seed=7), "greedy": GreedyBot(), "maximin": MaximinBot()}
    opponent = GreedyBot()
    return [tuple(play_deal(i, seed, bots[name], opponent) for name in STRATEGIES)
            for i in indices]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--samples", type=int, default=None, help="ev samples (default: solver's)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.perf_counter()
    chunks = [(list(range(w, args.deals, args.workers * 8)), args.seed, args.samples)
              for w in range(args.workers * 8)]
    with multiprocessing.Pool(args.workers) as pool:
        rows = [row for part in pool.map(run_chunk, chunks) for row in part]
    print(f"{len(rows)} deals, seat 0 vs two greedy opponents, common random numbers, "
          f"{time.perf_counter() - started:.0f} s")
    print(f"{'strategy':<22}{'mean chips/hand':>16}{'95% CI':>12}")
    columns = {name: [r[i] for r in rows] for i, name in enumerate(STRATEGIES)}
    for name, values in columns.items():
        mean, half = mean_ci(values)
        print(f"{name:<22}{mean:>16.3f}{'±' + format(half, '.3f'):>12}")
    for other in ("greedy", "maximin"):
        diff = [a - b for a, b in zip(columns["ev"], columns[other], strict=True)]
        mean, half = mean_ci(diff)
        verdict = "ev ahead beyond CI" if mean - half > 0 else "not separated"
        print(f"{'ev - ' + other:<22}{mean:>16.3f}{'±' + format(half, '.3f'):>12}   {verdict}")


if __name__ == "__main__":
    main()
