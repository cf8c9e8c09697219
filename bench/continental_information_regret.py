"""Where knowing the hidden hands would pay: the exact advice's regret by decision kind.

``bench/continental_clairvoyant.py`` bounds what the ``ev`` bot could gain on ``advisor`` with a
perfect guess of the other hands (the whole play-off). This script says *where* that gain lies,
decision by decision. It plays ``--games`` games of four ``advisor`` bots (seed ``--seed + g``)
and, at one in every ``--every`` decision the ``ev`` bot would price (every play decision; a
draw or a buy offer of a card that helps the hand, :func:`~solver.continental.ev_bot.ev_pricing`)
with at least two alternatives, prices the alternatives *clairvoyantly* (every sample deals the
real hidden hands, the stock's real cards in a random order: ``continental_clairvoyant.seeing``)
twice, on two independent sets of ``--samples`` samples:

- the first set picks the best alternative;
- the second prices it, the exact advice's choice and the ``ev`` bot's (its own pricing, on the
  deals it samples from what its seat sees), so the **regret** (points at the end of the hand a
  choice loses against the picked best) is not biased by picking the best of noisy means: a mean
  below zero is noise.

With ``--bars``, the bot's choice is also taken with other overrule bars (how many standard
errors another alternative must lead the exact advice's by: one number for every decision kind,
or four, ``draw,buy,drop_or_hold,discard``; the bot's own are :data:`~solver.continental.
expected.KEEP_BARS`), on the same samples: what a bolder or a more careful bot would lose. A
second table then gives each other bar's regret less the own bars', paired by decision (the
same decisions and samples, so the interval is much narrower than the two regrets' own).

With ``--blind``, the bot's choice is also taken on samples told nothing of the cards each other
player turned down (its discards and the discards it passed: :attr:`~solver.continental.public.
OtherPlayer.refused`), as the bot sampled before it knew them; the paired table then says what
that knowledge is worth, decision by decision. With ``--chances``, likewise on samples played
forward with that many chances a turn (:data:`~solver.continental.played_sampler.
CHANCES_PER_TURN`, 2 by default; a fraction is allowed).

Printed: for each decision kind (``draw``, ``buy``, ``play: drop/hold`` before a drop, ``play:
discard`` otherwise) and each hand number, the decisions, the exact advice's regret, the ``ev``
bot's regret (95% confidence intervals over decisions; one column a set of bars), and the share
of the exact advice's regret the bot's own pricing recovers (at its own bars).
No timing: counts and points only.

Run: ``.venv/bin/python bench/continental_information_regret.py [--games 4] [--seed 300]
[--every 2] [--bars 1 0.5 2] [--blind] [--chances 1.5]`` (about 7-12 minutes a game on a shared
core, bars included).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from continental_clairvoyant import seeing  # noqa: E402
from continental_played_hands import told  # noqa: E402
from continental_pricing_variance import priced_decisions  # noqa: E402

from rulesets.continental.game import ContinentalGame  # noqa: E402
from solver.continental import ev_bot, expected, played_sampler  # noqa: E402
from solver.continental.alternatives import Alternative  # noqa: E402
from solver.continental.bots import seat_advice  # noqa: E402
from solver.continental.expected import KEEP_BARS, ExpectedPoints, KeepBars, price  # noqa: E402
from solver.continental.position import Position, Step  # noqa: E402
from solver.continental.results import ContinentalAdvice  # noqa: E402
from solver.stats import mean_ci  # noqa: E402

SAMPLES = 160
"""Clairvoyant samples per alternative and set (each pricing's work is not capped)."""


def choice_key(alternative: Alternative) -> str:
    """An alternative's identity across two pricings of the same decision: its first actions."""
    return " ".join(repr(record) for record in alternative.records)


def points_of(priced: ExpectedPoints) -> dict[str, float]:
    """Each priced alternative's expected points, by :func:`choice_key`."""
    return {choice_key(a.alternative): a.expected_points for a in priced.alternatives
            if a.expected_points is not None}


def regret(evaluated: Mapping[str, float], picked: Mapping[str, float], choice: str) -> float:
    """What ``choice`` loses on the best alternative of ``picked``, both priced by ``evaluated``
    (an independent set of samples: no bias from picking the best of noisy means).

    >>> regret({"take": -3.0, "stock": 2.0}, {"take": -1.0, "stock": 1.0}, "stock")
    5.0
    >>> regret({"take": -3.0, "stock": -4.0}, {"take": -1.0, "stock": 1.0}, "take")
    0.0
    """
    best = min(picked, key=picked.__getitem__)
    return evaluated[choice] - evaluated[best]


ROW_OF_KIND = {"draw": "draw", "buy": "buy", "drop_or_hold": "play: drop/hold",
               "discard": "play: discard"}
"""A decision kind's row (:meth:`~solver.continental.expected.KeepBars.kind_of`)."""


def decision_kind(position: Position, options: Sequence[Alternative]) -> str:
    """``draw``, ``buy``, ``play: drop/hold`` (a drop or hold to choose) or ``play: discard``."""
    return ROW_OF_KIND[KeepBars.kind_of(position.step, options)]


@dataclass
class Regrets:
    """The regrets seen, by row label: per decision the exact advice's, then the ev bot's with
    each of ``bars`` (its own, :data:`~solver.continental.expected.KEEP_BARS`, first)."""

    bars: tuple[KeepBars, ...]
    rows: dict[str, list[tuple[float, ...]]]
    blind: bool = False
    """Whether a column holds the own bars' regret on samples blind to the cards turned down."""
    chances: Sequence[float] = ()
    """Other :data:`~solver.continental.played_sampler.CHANCES_PER_TURN` values, a column each
    (the own bars' regret on samples played forward with that many chances a turn)."""

    @property
    def labels(self) -> list[str]:
        """The bot columns' names, in order."""
        return ([_bars_label(bars) for bars in self.bars] + (["own bars, blind"] if self.blind else [])
                + [f"own bars, chances {c:g}" for c in self.chances])

    def add(self, labels: Sequence[str], regrets: Sequence[float]) -> None:
        for label in labels:
            self.rows.setdefault(label, []).append(tuple(regrets))

    def table(self) -> list[str]:
        """The markdown table: decisions, the regrets with 95% CIs, the share the default bot
        recovers of the exact advice's."""
        bots = [f"ev bot's regret ({label})" for label in self.labels]
        lines = ["| decisions of | count | exact advice's regret | " + " | ".join(bots) + " | recovered |",
                 "|---|---:|---:|" + "---:|" * len(bots) + "---:|"]
        for label, values in sorted(self.rows.items(), key=lambda item: _row_order(item[0])):
            means = [mean_ci([v[i] for v in values]) for i in range(len(self.labels) + 1)]
            exact, bot = means[0][0], means[1][0]
            share = f"{(exact - bot) / exact:.0%}" if exact > 0.05 else "-"
            lines.append(f"| {label} | {len(values)} | " + " | ".join(_with_ci(*m) for m in means)
                         + f" | {share} |")
        return lines

    def paired_table(self) -> list[str]:
        """The markdown table of each other bar's regret less the own bars' (the first), paired
        by decision, with 95% CIs (below 0: the other bar would lose less); empty with no other.
        """
        if len(self.labels) < 2:
            return []
        others = [f"{label} − own" for label in self.labels[1:]]
        lines = ["| decisions of | count | " + " | ".join(others) + " |",
                 "|---|---:|" + "---:|" * len(others)]
        for label, values in sorted(self.rows.items(), key=lambda item: _row_order(item[0])):
            differences = [mean_ci([v[i] - v[1] for v in values]) for i in range(2, len(self.labels) + 1)]
            lines.append(f"| {label} | {len(values)} | " + " | ".join(_with_ci(*d) for d in differences)
                         + " |")
        return lines


KINDS = ("every decision", "draw", "buy", "play: drop/hold", "play: discard")
"""The rows before the hand numbers', in this order."""


def _bars_label(bars: KeepBars) -> str:
    """A column's name: ``own bars``, else ``bar`` and the bars' notation.

    >>> _bars_label(KEEP_BARS), _bars_label(KeepBars.uniform(0.5)), _bars_label(KeepBars(1, 2, 2, 0.5))
    ('own bars', 'bar 0.5', 'bar 1,2,2,0.5')
    """
    return "own bars" if bars == KEEP_BARS else f"bar {bars.notation}"


def _row_order(label: str) -> tuple[int, str]:
    return (KINDS.index(label), "") if label in KINDS else (len(KINDS), label)


def _with_ci(mean: float, half_width: float | None) -> str:
    return f"{mean:.2f}" if half_width is None else f"{mean:.2f} ± {half_width:.2f}"


def clairvoyant_points(game: ContinentalGame, seat: int, position: Position, advice: ContinentalAdvice,
                       options: Sequence[Alternative], samples: int, seed: int) -> dict[str, float]:
    """The alternatives priced on ``samples`` deals of the real hidden hands (seeded ``seed``);
    ``advice`` is the position's exact advice."""
    with seeing(game, seat):
        priced = price(position, advice, samples=samples, seed=seed, work=None, extra_work=0,
                       options=options)
    return points_of(priced)


def bot_choices(game: ContinentalGame, seat: int, count: int,
                bars: Sequence[KeepBars], blind: bool = False,
                chances: Sequence[float] = ()) -> list[str] | None:
    """The ev bot's choice with each of ``bars`` (the same samples: seeded by ``count``), with
    ``blind`` its own bars' on samples blind to the cards turned down, and its own bars' with
    each of ``chances`` a turn; None when the bot does not price the decision."""
    default = played_sampler.CHANCES_PER_TURN
    ways = [*((b, True, default) for b in bars), *([(KEEP_BARS, False, default)] if blind else []),
            *((KEEP_BARS, True, c) for c in chances)]
    chosen = []
    for each, knows, chance in ways:
        with telling_refusals(knows), playing_chances(chance):
            bot = ev_bot.ev_pricing(game, seat, random.Random(count), bars=each)
        if bot is None:
            return None
        chosen.append(choice_key(bot.choice.alternative))
    return chosen


@contextmanager
def playing_chances(chances: float) -> Iterator[None]:
    """Inside, the samples play each other player forward with ``chances`` cards a turn
    (:data:`~solver.continental.played_sampler.CHANCES_PER_TURN`)."""
    own = played_sampler.CHANCES_PER_TURN
    played_sampler.CHANCES_PER_TURN = chances  # type: ignore[assignment]
    try:
        yield
    finally:
        played_sampler.CHANCES_PER_TURN = own


@contextmanager
def telling_refusals(knows: bool) -> Iterator[None]:
    """Inside, unless ``knows``, the bot's samples know nothing of the cards the others turned down."""
    if knows:
        yield
        return
    own = expected.played_sampler
    expected.played_sampler = lambda position: own(  # type: ignore[assignment]
        replace(position, knowledge=told(position.knowledge, discarded=False, passed=False)))
    try:
        yield
    finally:
        expected.played_sampler = own  # type: ignore[assignment]


def measure(game: ContinentalGame, seat: int, position: Position, options: Sequence[Alternative],
            count: int, samples: int, bars: Sequence[KeepBars] = (KEEP_BARS,),
            blind: bool = False, chances: Sequence[float] = ()) -> tuple[str, list[float]] | None:
    """The decision's kind, and the exact advice's and the ev bot's regrets with each of
    ``bars`` (and blind, with ``blind``, and with other ``chances``: :func:`bot_choices`; None:
    the bot does not price it); ``count`` seeds the pricings."""
    exact = next((choice_key(o) for o in options if o.distance_choice), None)
    chosen = bot_choices(game, seat, count, bars, blind, chances) if exact is not None else None
    if chosen is None or exact is None:
        return None
    advice = seat_advice(game, seat, drawn=position.step is Step.PLAY)
    picked = clairvoyant_points(game, seat, position, advice, options, samples, 2 * count)
    evaluated = clairvoyant_points(game, seat, position, advice, options, samples, 2 * count + 1)
    if not {exact, *chosen} <= evaluated.keys() or not picked:
        return None
    return decision_kind(position, options), [regret(evaluated, picked, c) for c in (exact, *chosen)]


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games, measure the sampled decisions and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--hands", type=int, default=7)
    parser.add_argument("--seed", type=int, default=300)
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--bars", type=_parse_bars, nargs="*", default=[],
                        help="other overrule bars to give the ev bot as well: each one number of "
                             "standard errors for every decision kind, or four "
                             "(draw,buy,drop_or_hold,discard)")
    parser.add_argument("--blind", action="store_true",
                        help="also the bot's choice on samples blind to the cards the others turned down")
    parser.add_argument("--chances", type=float, nargs="*", default=[],
                        help="also the bot's choice on samples played forward with these many "
                             "chances a turn (the default: 2)")
    args = parser.parse_args(argv)
    bars = (KEEP_BARS, *dict.fromkeys(bar for bar in args.bars if bar != KEEP_BARS))
    if min(args.games, args.hands, args.every, args.samples) < 1 or args.hands > 7:
        parser.error("--games, --every and --samples must be at least 1, --hands 1 to 7")
    if any(c <= 0 for c in args.chances):
        parser.error("--chances are more than 0 cards a turn")
    regrets = Regrets(bars, defaultdict(list), args.blind, tuple(args.chances))
    for g in range(args.games):
        decisions = priced_decisions(args.seed + g, args.every, args.hands)
        for count, (game, seat, position, options) in enumerate(decisions, start=1):
            measured = measure(game, seat, position, options, count, args.samples, bars, args.blind,
                               args.chances)
            if measured is not None:
                kind, values = measured
                regrets.add(["every decision", kind, f"hand {game.hand_number}"], values)
    print(f"Decisions of {args.games} game(s) of four advisors ({args.hands} hands, seed {args.seed}; one "
          f"in {args.every} of those the ev bot prices), priced on the real hidden hands with "
          f"{args.samples} samples twice. Regret: points at the end of the hand lost on the best "
          "alternative (lower is better; below 0 is noise):\n")
    print("\n".join(regrets.table()))
    if len(regrets.labels) > 1:
        print("\nOther bars (or other samples) against the bot's own, the same decisions and samples "
              "(regret less the own bars' regret; below 0: the other column loses less):\n")
        print("\n".join(regrets.paired_table()))
    return 0


def _parse_bars(text: str) -> KeepBars:
    try:
        return KeepBars.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


if __name__ == "__main__":
    raise SystemExit(main())
