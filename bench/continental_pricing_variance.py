"""How alike the priced alternatives' rollouts are: the variance of their paired differences.

The expected-points advice (:mod:`solver.continental.expected`) keeps the exact advice unless
another alternative is better by two standard errors of the paired difference, so what it can
see depends on that difference's variance: half the variance is worth twice the samples. The
alternatives of one sample are played on the same deal; this script measures how much the rule
for *which stock card a seat draws* matters, on the very same positions, deals and seeds:

- ``shared top``: every seat draws the stock's top card (the rules' way, the baseline);
- ``streams``: each seat draws from its own stream of the stock
  (:class:`~solver.continental.rollout.StockStreams`, the rollouts' rule).

The positions are the decisions the ``ev`` bot prices (:func:`~solver.continental.ev_bot.ev_pricing`:
every play, and each draw or buy offer of a card that helps) in ``--games`` 7-hand games of four
``advisor`` bots (seed ``--seed + g``), one in every ``--every``. Each is priced on ``--samples``
samples of every alternative the bot would price. It prints, per decision kind and per hand, the
mean variance of the paired differences (each alternative against the exact advice's, one sample
each) under both rules and their ratio: counts and points, no timing.

Run: ``.venv/bin/python bench/continental_pricing_variance.py [--games 1] [--every 3] [--samples 32]``
(about a minute on one core).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulesets.continental.config import GameConfig  # noqa: E402
from rulesets.continental.game import ContinentalGame  # noqa: E402
from solver.continental import ev_bot, expected  # noqa: E402
from solver.continental.alternatives import Alternative, alternatives  # noqa: E402
from solver.continental.bots import advisor_choice, seat_advice  # noqa: E402
from solver.continental.position import Position, Step  # noqa: E402
from solver.continental.rollout import FastPolicy, RolloutGame  # noqa: E402

RULES = ("shared top", "streams")
"""The two ways a rollout's seat draws from the stock, the baseline first."""


@contextmanager
def stock_rule(rule: str) -> Iterator[None]:
    """Rollouts draw the stock ``rule``'s way while inside (``streams`` is the rollouts' own)."""
    own = RolloutGame.take_stock_card
    if rule == "shared top":
        RolloutGame.take_stock_card = ContinentalGame.take_stock_card  # type: ignore[method-assign]
    try:
        yield
    finally:
        RolloutGame.take_stock_card = own  # type: ignore[method-assign]


def priced_decisions(game_seed: int, every: int, hands: int = 7) -> Iterator[
        tuple[ContinentalGame, int, Position, tuple[Alternative, ...]]]:
    """``(game, seat, position, alternatives)`` at one in ``every`` decision the ``ev`` bot would
    price (every play decision; a draw or a buy offer of a card that helps), in a game of four
    advisors of ``hands`` hands; only those with two alternatives or more. The game moves on
    once the next item is asked for.
    """
    game = ContinentalGame(GameConfig.create(players=4, hands=hands, seed=game_seed, dealer=0))
    rng = random.Random(game_seed)
    count = 0
    while not game.is_over:
        seat = game.awaited()[0]
        position = Position.of_game(game, seat)
        if position.step is Step.PLAY or ev_bot._helps(game, seat):
            count += 1
            if count % every == 0:
                advice = seat_advice(game, seat, drawn=position.step is Step.PLAY)
                options = tuple(alternatives(position, advice, discards=ev_bot.DISCARDS, closest=True,
                                             shed=False))
                if len(options) > 1:
                    yield game, seat, position, options
        game.apply(advisor_choice(game, seat, rng)[0])


def positions(game_seed: int, every: int) -> Iterator[tuple[int, Position, tuple[Alternative, ...]]]:
    """``(hand, position, alternatives)`` of :func:`priced_decisions` (7-hand games)."""
    for game, _seat, position, options in priced_decisions(game_seed, every):
        yield game.hand_number, position, options


def points(position: Position, options: Sequence[Alternative], samples: int, seed: int) -> np.ndarray:
    """The points of every alternative on every sample (rows: alternatives), as
    :func:`~solver.continental.expected.price` plays them.
    """
    sampler = expected.played_sampler(position)
    orders = sampler.permutations(samples, np.random.default_rng(seed))
    table = np.zeros((len(options), samples))
    for i in range(samples):
        deal = sampler.deal_of(orders[i])
        for a, alternative in enumerate(options):
            policy = FastPolicy(plans=(alternative.plan,), card_values=position.options.card_values)
            table[a, i] = expected._rollout(position, alternative, deal, seed * 1_000_003 + i, policy,
                                            False)[0]
    return table


def main(argv: Sequence[str] | None = None) -> int:
    """Price the positions both ways and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--samples", type=int, default=32)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    if args.games < 1 or args.every < 1 or args.samples < 2:
        parser.error("--games and --every must be at least 1, --samples at least 2")
    variances: dict[str, list[list[float]]] = defaultdict(lambda: [[], []])
    counted = 0
    for g in range(args.games):
        for hand, position, options in positions(args.seed + g, args.every):
            counted += 1
            first = next(i for i, a in enumerate(options) if a.distance_choice)
            for r, rule in enumerate(RULES):
                with stock_rule(rule):
                    table = points(position, options, args.samples, counted)
                for a in range(len(options)):
                    if a != first:
                        variance = float(np.var(table[a] - table[first], ddof=1))
                        for key in (position.step.value, f"hand {hand}", "all"):
                            variances[key][r].append(variance)
    print(f"{counted} priced positions of {args.games} advisor game(s) (seed {args.seed}), "
          f"{args.samples} samples each; variance of each alternative's points less the exact "
          "advice's, one sample:\n")
    print("| decisions | differences | shared top | streams | streams / shared top |")
    print("|---|---:|---:|---:|---:|")
    for key in sorted(variances, key=lambda k: (k == "all", not k.startswith("hand"), k)):
        top, streams = (np.mean(v) for v in variances[key])
        print(f"| {key} | {len(variances[key][0])} | {top:.0f} | {streams:.0f} | {streams / top:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
