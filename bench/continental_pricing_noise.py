"""What the pricing's sampling noise costs, and what narrowing the alternatives saves of it.

The ``ev`` bot prices a decision on a budget of rollout turns (:data:`~solver.continental.ev_bot.
WORK`, more for a close call), so a decision of a long hand gets few samples a alternative, and
noise picks the wrong one now and then. The pricing *narrows*: an alternative trailing the best so
far by :data:`~solver.continental.expected.NARROW_Z` standard errors of the paired difference is
no longer played out, so the samples still to come go to the close ones
(:func:`~solver.continental.expected.price`, ``narrow_z``).

At one in ``--every`` decision the ``ev`` bot would price in ``--games`` 7-hand games of four
``advisor`` bots (seed ``--seed + g``; :func:`continental_pricing_variance.priced_decisions`), this
script prices the bot's alternatives

- as a **reference**: ``--reference`` samples of every alternative, no budget, on a seed of its
  own (so the reference is independent of the choices it judges);
- as the bot does (its samples, work, extra work and bars), once not narrowing (``plain``: the
  bot before it narrowed) and once narrowing for each ``--narrow-z`` (``narrow 2``: the bot as it
  plays now), on the same seed (the same deals, paired);
- with ``--work``, plainly with other multiples of the bot's budgets;
- with ``--choices``, narrowed, with other sets of alternatives (:data:`CHOICES`: four discards
  however close, shedding, or both as the advice prices them); the reference then prices every
  alternative of every set.

A choice's *noise regret* is its reference points less the best reference points: what the noise
of a budgeted pricing loses against pricing the same deals' kind at length (not against the real
hidden hands: ``bench/continental_information_regret.py`` judges those). Printed per decision kind
(``draw``, ``buy``, ``drop_or_hold``, ``discard``) and overall: the decisions, the exact advice's
regret, each rule's regret, each narrowing's regret less plain's paired by decision (95%
intervals), the mean samples the chosen alternative got, and the mean rollout turns a pricing
played (the work: a decision's time is about proportional to it). No timing.

Run: ``.venv/bin/python bench/continental_pricing_noise.py [--games 2] [--seed 400] [--every 3]
[--reference 160] [--narrow-z 2 3] [--work 0.5 2] [--choices far shed wide] [--jobs 2]`` (about
10 minutes a game on one core; figures in the README).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from continental_pricing_variance import points, priced_decisions  # noqa: E402

from solver.continental import ev_bot, expected  # noqa: E402
from solver.continental.alternatives import Alternative, alternatives  # noqa: E402
from solver.continental.bots import seat_advice  # noqa: E402
from solver.continental.expected import KeepBars  # noqa: E402
from solver.continental.position import Position, Step  # noqa: E402
from solver.continental.results import ContinentalAdvice  # noqa: E402
from solver.stats import mean_ci  # noqa: E402

PLAIN = "plain"
"""The rule that never narrows."""


@dataclass(frozen=True, slots=True)
class Judged:
    """One decision: its kind, the exact advice's noise regret, and each rule's regret, samples
    on its choice and rollout turns."""

    kind: str
    exact: float
    regret: dict[str, float]
    samples: dict[str, int]
    turns: dict[str, int]


@dataclass(frozen=True, slots=True)
class Choices:
    """Which alternatives a rule prices (:func:`~solver.continental.alternatives.alternatives`):
    at most ``discards`` discards, only those leaving the hand as close as the best one when
    ``closest``, and shedding when ``shed``."""

    name: str
    discards: int
    closest: bool
    shed: bool

    def of(self, position: Position, advice: ContinentalAdvice) -> tuple[Alternative, ...]:
        """The alternatives of ``position``."""
        return tuple(alternatives(position, advice, discards=self.discards, closest=self.closest,
                                  shed=self.shed))


CHOICES = {choices.name: choices for choices in (
    Choices("bot", ev_bot.DISCARDS, True, False),
    Choices("far", 4, False, False),
    Choices("shed", ev_bot.DISCARDS, True, True),
    Choices("wide", 4, False, True))}
"""The sets of alternatives: the ``ev`` bot's (``bot``: the closest discards, at most three, no
shedding), four discards however close (``far``), the bot's and shedding (``shed``), and the
advice's own (``wide``: four discards however close, and shedding)."""


@dataclass(frozen=True, slots=True)
class Rule:
    """A way to price: narrowing at bar ``narrow_z`` (None: never) with ``work`` times the bot's
    budgets (its samples, work and extra work)."""

    narrow_z: float | None = None
    work: float = 1.0
    choices: Choices = CHOICES["bot"]

    @property
    def name(self) -> str:
        """The rule's column name.

        >>> Rule().name, Rule(2).name, Rule(None, 4).name, Rule(3, 2, CHOICES["wide"]).name
        ('plain', 'narrow 2', 'work ×4', 'narrow 3, work ×2, wide')
        """
        parts = ([] if self.narrow_z is None else [f"narrow {self.narrow_z:g}"]) + (
            [] if self.work == 1 else [f"work ×{self.work:g}"]) + (
            [] if self.choices.name == "bot" else [self.choices.name])
        return ", ".join(parts) or PLAIN


def rules(zs: Sequence[float], works: Sequence[float], choices: Sequence[str] = ()) -> list[Rule]:
    """The rules priced: plain, one narrowing per bar, plain with each work multiple, then each
    other set of ``choices`` (:data:`CHOICES`) narrowed at the first bar.

    >>> [rule.name for rule in rules([2, 3.5], [4], ["wide"])]
    ['plain', 'narrow 2', 'narrow 3.5', 'work ×4', 'narrow 2, wide']
    """
    return [Rule(), *(Rule(z) for z in zs), *(Rule(None, w) for w in works),
            *(Rule(zs[0] if zs else None, 1.0, CHOICES[name]) for name in choices)]


def judge_game(game_seed: int, every: int, reference: int, priced_rules: Sequence[Rule]) -> list[Judged]:
    """The judged decisions of one advisor game (a worker's task)."""
    judged = []
    for game, seat, position, options in priced_decisions(game_seed, every):
        advice = seat_advice(game, seat, drawn=position.step is Step.PLAY)
        others = dict.fromkeys(rule.choices for rule in priced_rules if rule.choices.name != "bot")
        sets = {"bot": options} | {choices.name: choices.of(position, advice) for choices in others}
        judged_options = tuple(dict.fromkeys(a for alternatives_of in sets.values() for a in alternatives_of))
        ref = points(position, judged_options, reference,
                     7_000_003 + len(judged) + 1000 * game_seed).mean(axis=1)
        best = float(ref.min())
        first = next(i for i, a in enumerate(options) if a.distance_choice)
        seed = game_seed * 10_007 + len(judged)
        regret, samples, turns = {}, {}, {}
        for rule in priced_rules:
            name = rule.name
            priced = expected.price(position, advice, samples=round(ev_bot.SAMPLES * rule.work), seed=seed,
                                    work=round(ev_bot.WORK * rule.work),
                                    extra_work=round(ev_bot.EXTRA_WORK * rule.work),
                                    options=sets[rule.choices.name],
                                    narrow_z=rule.narrow_z)
            chosen = judged_options.index(priced.choice.alternative)
            regret[name] = float(ref[chosen]) - best
            samples[name] = priced.choice.samples
            turns[name] = priced.turns
        judged.append(Judged(KeepBars.kind_of(position.step, options), float(ref[first]) - best,
                             regret, samples, turns))
    return judged


def _cell(values: Sequence[float]) -> str:
    mean, half = mean_ci(values)
    return f"{mean:.2f}" if half is None else f"{mean:.2f} ± {half:.2f}"


def table(judged: Sequence[Judged], names: Sequence[str]) -> list[str]:
    """The printed rows (markdown), one a decision kind and one for all."""
    by_kind: dict[str, list[Judged]] = defaultdict(list)
    for item in judged:
        by_kind[item.kind].append(item)
        by_kind["every decision"].append(item)
    head = ["decisions", "count", "exact advice loses", *(f"{n} loses" for n in names),
            *(f"{n} − plain" for n in names[1:]), *(f"samples ({n})" for n in names),
            *(f"turns ({n})" for n in names)]
    rows = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for kind in sorted(by_kind, key=lambda k: (k == "every decision", k)):
        items = by_kind[kind]
        cells = [kind, str(len(items)), _cell([i.exact for i in items])]
        cells += [_cell([i.regret[n] for i in items]) for n in names]
        cells += [_cell([i.regret[n] - i.regret[PLAIN] for i in items]) for n in names[1:]]
        cells += [f"{np.mean([i.samples[n] for i in items]):.1f}" for n in names]
        cells += [f"{np.mean([i.turns[n] for i in items]):.0f}" for n in names]
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    """Judge the decisions of the games and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=400)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--reference", type=int, default=160, help="samples of the reference pricing")
    parser.add_argument("--narrow-z", type=float, nargs="+", default=[expected.NARROW_Z],
                        help="narrowing bars to compare with plain (standard errors)")
    parser.add_argument("--work", type=float, nargs="*", default=[],
                        help="multiples of the bot's budgets to price plainly as well (say 4)")
    parser.add_argument("--choices", nargs="*", default=[], choices=[n for n in CHOICES if n != "bot"],
                        help="other sets of alternatives to price, narrowed at the first bar")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1 or args.every < 1 or args.reference < 2 or args.jobs < 1:
        parser.error("--games, --every and --jobs must be at least 1, --reference at least 2")
    if any(z <= 0 for z in args.narrow_z) or any(w <= 0 for w in args.work):
        parser.error("a narrowing bar and a work multiple are more than 0")
    seeds = [args.seed + g for g in range(args.games)]
    priced = rules(args.narrow_z, args.work, args.choices)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = list(pool.map(judge_game, seeds, [args.every] * len(seeds),
                              [args.reference] * len(seeds), [priced] * len(seeds)))
    judged = [item for game in games for item in game]
    names = [rule.name for rule in priced]
    print(f"{len(judged)} priced decisions of {args.games} advisor game(s) (seed {args.seed}, one in "
          f"{args.every}); noise regret against a {args.reference}-sample reference, points at the end "
          f"of the hand (95% intervals); the bot's budget: {ev_bot.WORK} turns, {ev_bot.EXTRA_WORK} more "
          f"for a close call, {ev_bot.SAMPLES} samples at most:\n")
    print("\n".join(table(judged, names)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
