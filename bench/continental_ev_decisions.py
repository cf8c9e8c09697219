"""How the Continental ``ev`` bot's pricing decides: how often it overrules the exact advice.

The ``ev`` bot (:mod:`solver.continental.ev_bot`) prices a close decision by rollouts and keeps
the exact advisor's choice unless another alternative is better by more than
:data:`~solver.continental.expected.KEEP_Z` standard errors after
:data:`~solver.continental.expected.MIN_OVERRULE` samples. This bench plays whole games of
``ev`` against ``advisor`` (seating ``ABAB``: seats 0 and 2 ``ev``; the deals of
``bench/continental_playoff.py``, seed ``--seed + d``) and, through the bot's
:data:`~solver.continental.ev_bot.PRICED` observers, counts for each decision kind (``draw``,
``buy``, ``play``; an overruled play also by what it plays instead: ``hold``, ``discard``, ...):

- how many decisions were priced, and how many the pricing overruled;
- the samples each pricing played (p50, mean, and the share below ``MIN_OVERRULE``: those can
  never overrule);
- the gap the samples saw between the exact advice's alternative and the best-looking one (mean
  and p90 points: an upper bound on what overruling more could gain, biased upwards by taking the
  best of noisy means).

It says why ``ev`` plays so close to ``advisor`` in the play-off (issue 21): a printed table, no
timing (the pricing's budget is a count of rollout turns, so the counts are the same on any
machine).

Run: ``.venv/bin/python bench/continental_ev_decisions.py [--deals 1] [--hands 7] [--seed 0]``
(a deal is one 7-hand game: about 1-2 minutes of one core).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from continental_playoff import play  # noqa: E402

from solver.continental import ev_bot  # noqa: E402
from solver.continental.expected import MIN_OVERRULE, ExpectedPoints  # noqa: E402
from solver.continental.position import Position  # noqa: E402


class Tally:
    """What the observer saw, by decision kind (the position's step)."""

    def __init__(self) -> None:
        self.priced: Counter[str] = Counter()
        self.overruled: Counter[str] = Counter()
        self.instead: Counter[tuple[str, str]] = Counter()
        self.samples: dict[str, list[int]] = defaultdict(list)
        self.gaps: dict[str, list[float]] = defaultdict(list)

    def __call__(self, position: Position, priced: ExpectedPoints) -> None:
        """Count one priced decision (an :data:`~solver.continental.ev_bot.PRICED` observer)."""
        kind = position.step.value
        self.priced[kind] += 1
        self.samples[kind].append(priced.samples)
        exact = next((a for a in priced.alternatives if a.alternative.distance_choice), None)
        if exact is None or exact.expected_points is None:
            return
        if priced.choice is not exact:
            self.overruled[kind] += 1
            self.instead[(kind, priced.choice.alternative.kind.value)] += 1
        best = min(a.expected_points for a in priced.alternatives if a.expected_points is not None)
        self.gaps[kind].append(exact.expected_points - best)

    def rows(self) -> list[str]:
        """The table, as markdown lines."""
        lines = ["| decision | priced | overruled | instead | samples p50 | mean | "
                 f"below {MIN_OVERRULE} | gap seen, mean | p90 |",
                 "|---|---:|---:|---|---:|---:|---:|---:|---:|"]
        for kind in sorted(self.priced):
            samples = np.array(self.samples[kind])
            gaps = np.array(self.gaps[kind] or [0.0])
            instead = ", ".join(f"{what} {n}" for (k, what), n in sorted(self.instead.items()) if k == kind)
            lines.append(f"| {kind} | {self.priced[kind]} | {self.overruled[kind]} | {instead or '-'} | "
                         f"{np.median(samples):.0f} | {samples.mean():.1f} | "
                         f"{(samples < MIN_OVERRULE).mean():.0%} | {gaps.mean():.2f} | "
                         f"{np.percentile(gaps, 90):.2f} |")
        return lines


def main(argv: Sequence[str] | None = None) -> None:
    """Play the games and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--hands", type=int, default=7)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    tally = Tally()
    ev_bot.PRICED.append(tally)
    try:
        for deal in range(args.deals):
            play("ev:advisor", args.seed + deal, "ABAB", args.hands)
    finally:
        ev_bot.PRICED.remove(tally)
    print(f"ev (seats 0, 2) against advisor, {args.deals} deal(s) of {args.hands} hands, seed {args.seed}, "
          f"samples at most {ev_bot.SAMPLES}, {ev_bot.WORK} rollout turns a decision:\n")
    print("\n".join(tally.rows()))


if __name__ == "__main__":
    main()
