"""Solver timings on random hands: maximin (heuristic+model-building vs solving), a plain
set-packing solve as the same-run baseline, and ev at the default sample count.

Usage: python bench/ramchi_solver.py [--hands 200] [--ev-hands 20]
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
from solver.ramchi.candidates import hand_candidates
from solver.ramchi.packing import Packing


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--ev-hands", type=int, default=20)
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
    ev, errors = [], []
    for i in range(args.ev_hands):
        cards = random.Random(1000 + i).sample(DECK, 18)
        t = time.perf_counter()
        advice = advise(cards[:HAND_SIZE], cards[HAND_SIZE])
        ev.append(time.perf_counter() - t)
        errors.append(advice.standard_error or 0.0)
    print(f"{'ev advise, ' + str(DEFAULT_SAMPLES) + ' samples':<44}"
          f"{1000 * pct(ev, .5):>8.1f}{1000 * pct(ev, .99):>8.1f}"
          f"   median standard error {pct(errors, .5):.2f} chips")


if __name__ == "__main__":
    main()
