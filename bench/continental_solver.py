"""Continental solver timings on random 14-card hands (13 dealt + the card drawn).

Measures, in one run:

- the full discard ranking (distance, outs and next outs for every discard) for the 3-runs
  contract (hand 7) and for contracts drawn from all seven hands, against two baselines:
  distance and outs of the hand itself by 1 + 53 uncached calls of the fast distance, and by
  the brute-force reference of the tests (``tests/solver/continental/reference.py``);
- the drop advice (``best_turn``: the CP-SAT turn model, drop + lay-offs + discard) on hands
  built to hold their contract (with cards to lay off), against the reference's exhaustive
  search over drops and lay-off sequences.

Usage: python bench/continental_solver.py [--hands 200] [--drop-hands 100] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "solver" / "continental"))

from reference import ref_outs, ref_points_left  # noqa: E402  (the tests' reference)
from test_against_reference import built_hand  # noqa: E402

from rulesets.continental.contracts import CONTRACTS, Contract  # noqa: E402
from solver.continental.cardtypes import JOKER, TYPES  # noqa: E402
from solver.continental.distance import clear_caches, distance  # noqa: E402
from solver.continental.drop import best_turn  # noqa: E402
from solver.continental.ranking import rank_discards  # noqa: E402

DECK = [t for t in range(52) for _ in range(2)] + [JOKER, JOKER]
"""Two decks and two jokers, as card types."""

HAND_SIZE = 14


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def deal(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A random 14-card hand and the unseen copies of each type (all cards not in it)."""
    counts = [0] * TYPES
    for t in rng.sample(DECK, HAND_SIZE):
        counts[t] += 1
    unseen = tuple(2 - c for c in counts)
    return tuple(counts), unseen


def naive_outs(counts: tuple[int, ...], contract: Contract) -> tuple[int, list[int]]:
    """Baseline: distance and outs by 1 + 53 distance calls, caches cleared before each."""
    clear_caches()
    base = distance(counts, contract)
    found = []
    for x in range(TYPES):
        more = list(counts)
        more[x] += 1
        clear_caches()
        if distance(more, contract) < base:
            found.append(x)
    return base, found


def time_ranking(counts: tuple[int, ...], unseen: tuple[int, ...], contract: Contract) -> float:
    """One full discard ranking, every cache cleared first (as if the process had just started)."""
    clear_caches()
    t0 = time.perf_counter()
    rank_discards(counts, contract, unseen)
    return time.perf_counter() - t0


MEASURES: list[tuple[str, Callable[..., float]]] = [
    ("rank_discards (distance, outs, next outs; cold caches)", time_ranking),
    ("baseline: distance + outs by 54 uncached distance calls",
     lambda counts, unseen, contract: _timed(naive_outs, counts, contract)),
    ("baseline: distance + outs by the tests' brute-force reference",
     lambda counts, unseen, contract: _timed(ref_outs, counts, contract)),
]


def drop_rows(hands: int, seed: int) -> None:
    """Drop advice on 14-card hands built to hold their contract, against the reference."""
    rng = random.Random(seed)
    cases = []
    for _ in range(hands):
        contract = CONTRACTS[rng.randint(1, 7)]
        cases.append((built_hand(rng, contract, 0, size=HAND_SIZE, longer=1), contract))
    solver, reference, differ = [], [], 0
    for hand, contract in cases:
        clear_caches()
        t0 = time.perf_counter()
        turn = best_turn(hand, contract)
        solver.append(1000 * (time.perf_counter() - t0))
        t0 = time.perf_counter()
        _, points = ref_points_left(hand, contract)
        reference.append(1000 * (time.perf_counter() - t0))
        differ += turn.points_left != points
    label = f"{hands} built hands, hands 1-7"
    print(f"| {label} | drop advice: best_turn (CP-SAT drop + lay-offs + discard) | "
          f"{pct(solver, .5):.1f} | {pct(solver, .99):.1f} |")
    print(f"| {label} | baseline: the tests' reference (every drop, every lay-off order) | "
          f"{pct(reference, .5):.1f} | {pct(reference, .99):.1f} |")
    if differ:
        print(f"\nWARNING: points_left differs from the reference on {differ} hands")


def _timed(fn: Callable[..., object], *args: object) -> float:
    t0 = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--drop-hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{args.hands} random {HAND_SIZE}-card hands per row, seed {args.seed}\n")
    by_hand: dict[str, list[tuple[int, float]]] = {}
    print("| contracts | measure | p50 ms | p99 ms |")
    print("|---|---|---:|---:|")
    for label, pick in (("hand 7 (3 runs)", lambda rng: CONTRACTS[7]),
                        ("mixed (hands 1-7)", lambda rng: CONTRACTS[rng.randint(1, 7)])):
        rng = random.Random(args.seed)
        deals = []
        for _ in range(args.hands):
            counts, unseen = deal(rng)
            deals.append((counts, unseen, pick(rng)))
        for name, measure in MEASURES:
            ms = [1000 * measure(*d) for d in deals]
            print(f"| {label} | {name} | {pct(ms, .5):.1f} | {pct(ms, .99):.1f} |")
            if measure is time_ranking and label.startswith("mixed"):
                by_hand[name] = [(d[2].hand, t) for d, t in zip(deals, ms, strict=True)]
    drop_rows(args.drop_hands, args.seed)
    for name, rows in by_hand.items():
        print(f"\n{name}, mixed rows by contract:\n")
        print("| hand | contract | hands | p50 ms | p99 ms |")
        print("|---:|---|---:|---:|---:|")
        for hand in sorted({h for h, _ in rows}):
            ms = [t for h, t in rows if h == hand]
            print(f"| {hand} | {CONTRACTS[hand].name} | {len(ms)} | {pct(ms, .5):.1f} | {pct(ms, .99):.1f} |")


if __name__ == "__main__":
    main()
