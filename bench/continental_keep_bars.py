"""The ``ev`` bot against itself with other overrule bars: does a bar by decision kind pay?

The ``ev`` bot keeps the exact advice's choice unless another alternative is better by a bar of
standard errors (:data:`~solver.continental.expected.KEEP_BARS`, one bar for each decision kind:
draw, buy, drop or hold, discard). This script registers, for this run only, a bot ``ev-bars-``
followed by the other bars (``--bars``: one number for every kind, e.g. ``2``, the bot of stops
34-38, or four in that order, e.g. ``1,2,2,0.5``) and plays the line ``ev:<that bot>`` in the duplicate
matches of ``bench/continental_playoff.py`` (same deals, six seatings, paired by deal), so the
difference is the bars' and nothing else's. ``--also`` adds other lines of the play-off (e.g.
``ev:advisor``) on the same deals.

Printed: the play-off's tables (points per hand, by hand, how each goes out, decision times).

Run: ``.venv/bin/python bench/continental_keep_bars.py [--bars 2] [--deals 20]
[--seed 9000] [--jobs 1] [--also ev:advisor] [--json FILE]`` (a deal of the line, 6 games of 7
hands with four ``ev`` bots, took about 10 minutes of a core shared with other runs: 6 deals an
hour). The variant bot exists only in this process, so ``--jobs`` above 1 is refused: play other
seeds side by side with ``--json`` and print them together with ``bench/continental_playoff.py
--merge``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import continental_playoff  # noqa: E402

from solver.bots import Bot, register_bot  # noqa: E402
from solver.continental.ev_bot import ev_action  # noqa: E402
from solver.continental.expected import KEEP_BARS, KeepBars  # noqa: E402


def parse_bars(text: str) -> KeepBars:
    """``--bars``: :meth:`~solver.continental.expected.KeepBars.parse` for argparse.

    >>> parse_bars("1, 2,2,0.5")
    KeepBars(draw=1.0, buy=2.0, drop_or_hold=2.0, discard=0.5)
    >>> parse_bars("x")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a bar is a number of standard errors, not 'x'
    """
    try:
        return KeepBars.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def bot_name(bars: KeepBars) -> str:
    """The variant bot's name.

    >>> bot_name(KeepBars(1.0, 2.0, 2.0, 0.5)), bot_name(KeepBars.uniform(2))
    ('ev-bars-1-2-2-0.5', 'ev-bars-2')
    """
    return "ev-bars-" + bars.notation.replace(",", "-")


def register_variant(bars: KeepBars) -> str:
    """Register the ``ev`` bot with ``bars`` (in this process) and return its name."""
    name = bot_name(bars)

    def choose(game, seat, rng, deadline):  # type: ignore[no-untyped-def]
        return ev_action(game, seat, rng, deadline=deadline, bars=bars)

    register_bot(Bot(game="continental", name=name, description=f"the ev bot, overrule bars {bars}",
                     choose=choose, costly=True))
    return name


def main(argv: Sequence[str] | None = None) -> None:
    """Register the variant, then run the play-off's line ``ev:<variant>`` (and ``--also``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bars", type=parse_bars, default=KeepBars.uniform(2.0),
                        help="the variant's bars: one for every kind, or draw,buy,drop_or_hold,discard "
                             "(default 2)")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--hands", type=int, default=7)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--also", default="", help="more play-off lines, comma-separated")
    parser.add_argument("--json", help="write the raw results of the games to this file")
    args = parser.parse_args(argv)
    if args.jobs != 1:
        parser.error("--jobs must be 1: the variant bot is registered in this process only")
    if args.deals < 1 or not 1 <= args.hands <= 7:
        parser.error("--deals must be at least 1, --hands 1 to 7")
    if args.bars == KEEP_BARS:
        parser.error(f"--bars {args.bars} are the ev bot's own: nothing to compare")
    lines = ",".join(filter(None, [f"ev:{register_variant(args.bars)}", args.also]))
    print(f"The ev bot's bars: {KEEP_BARS.describe()}; the variant's: {args.bars.describe()}.\n")
    continental_playoff.main(["--lines", lines, "--deals", str(args.deals), "--hands", str(args.hands),
                              "--seed", str(args.seed), "--jobs", "1",
                              *(["--json", args.json] if args.json else [])])


if __name__ == "__main__":
    main()
