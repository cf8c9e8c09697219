"""Solver timings on random hands: maximin (heuristic+model-building vs solving), a plain
set-packing solve as the same-run baseline, and ev at the default sample count: the algorithm
before issue 12 (kept as the baseline, greedy opponents) against today's, on the same hands and
samples, with every opponent model.

Usage: python bench/ramchi_solver.py [--hands 200] [--ev-hands 100] [--markdown]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets.cards import DECK
from rulesets.ramchi.combinations import strength_table
from rulesets.ramchi.deal import HAND_SIZE
from solver import DEFAULT_SAMPLES, advise
from solver.ramchi.baseline import BaselineEvObjective
from solver.ramchi.candidates import hand_candidates
from solver.ramchi.opponents import DEFAULT_OPPONENTS
from solver.ramchi.packing import Packing


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--ev-hands", type=int, default=100)
    parser.add_argument("--markdown", action="store_true", help="print the ev table in Markdown")
    args = parser.parse_args()
    strength_table()
    build, total, base = [], [], []
    for i in range(args.hands):
        hand = random.Random(i).sample(DECK, HAND_SIZE)
        t0 = time.perf_counter()
        packing = Packing(hand_candidates(hand))
        packing.model.Maximize(packing.count())
        t1 = time.perf_counter()
        packing.solve(5.0)
        base.append(time.perf_counter() - t1)
        build.append(t1 - t0)
        t2 = time.perf_counter()
        advise(hand, objective="maximin")
        total.append(time.perf_counter() - t2)
    print(f"{'measure (ms)':<44}{'p50':>8}{'p99':>8}")
    for name, values in (("candidates + packing model build", build),
                         ("baseline: plain set-packing solve", base),
                         ("maximin advise (heuristic + all solves)", total)):
        print(f"{name:<44}{1000 * pct(values, .5):>8.1f}{1000 * pct(values, .99):>8.1f}")
    ev_table(args.ev_hands, args.markdown)


def ev_table(hands: int, markdown: bool) -> None:
    """ev advice at the default samples: baseline against today's, interleaved hand by hand so
    that machine noise hits both alike; the same samples for both with greedy opponents.
    """
    runs: dict[str, list[float]] = {}
    errors: list[float] = []
    gains: list[float] = []
    variants = [("before: baseline, greedy opponents", BaselineEvObjective(), "greedy"),
                ("after: greedy opponents", "ev", "greedy"),
                (f"after: default ({DEFAULT_OPPONENTS} opponents)", "ev", DEFAULT_OPPONENTS),
                ("after: ev opponents", "ev", "ev")]
    advise(DECK[:HAND_SIZE], DECK[HAND_SIZE])  # warm the tables of both
    for i in range(hands):
        cards = random.Random(1000 + i).sample(DECK, 18)
        chips = {}
        for name, objective, opponents in variants:
            t = time.perf_counter()
            advice = advise(cards[:HAND_SIZE], cards[HAND_SIZE], objective=objective,
                            opponents=opponents)
            runs.setdefault(name, []).append(time.perf_counter() - t)
            chips[name] = advice.expected_chips or 0.0
            if name.startswith("after: default") and advice.margin is not None:
                errors.append(advice.margin.standard_error)
        gains.append(chips[variants[1][0]] - chips[variants[0][0]])
    base = runs[variants[0][0]]
    head = f"ev advice, {DEFAULT_SAMPLES} samples, {hands} hands (ms)"
    rows = [(name, 1000 * pct(v, .5), 1000 * pct(v, .99), pct(base, .5) / pct(v, .5))
            for name, v in runs.items()]
    if markdown:
        print(f"\n| {head} | p50 | p99 | p50 speed-up |\n|---|---:|---:|---:|")
        for name, p50, p99, speed in rows:
            print(f"| {name} | {p50:.1f} | {p99:.1f} | {speed:.1f}× |")
    else:
        print(f"\n{head:<52}{'p50':>8}{'p99':>8}{'x p50':>8}")
        for name, p50, p99, speed in rows:
            print(f"{name:<52}{p50:>8.1f}{p99:>8.1f}{speed:>8.1f}")
    better = sum(g > 1e-9 for g in gains)
    worse = sum(g < -1e-9 for g in gains)
    print(f"same samples, greedy opponents: today's choice better on {better} hands, worse on "
          f"{worse}, mean gain {sum(gains) / len(gains):+.4f} chips; median standard error of "
          f"the lead over the runner-up (default) {pct(errors, .5):.2f} chips")


if __name__ == "__main__":
    main()
