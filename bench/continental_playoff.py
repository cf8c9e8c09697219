"""Continental playoff: two bots in duplicate matches on the same deals, paired by deal.

Each line ``A:B`` (e.g. ``ev:advisor``) plays ``--deals`` deals. Deal ``d`` is the game seed
``seed + d`` with dealer 0: the same shuffled deck for each of its hands, and the same deals for
every line. Each deal is played once for every seating of two ``A`` and two ``B`` at the four seats
(:func:`seatings`: AABB, ABAB, ABBA, BAAB, BABA, BBAA), whole games of ``--hands`` hands, every
action through the referee and the bots' own seeded random numbers (:func:`solver.bots.decide`).

Printed, as markdown tables (points per hand: lower is better):

1. **Points per hand per line**: each bot's mean, and the difference A − B with its 95% confidence
   interval *paired by deal* (:func:`summarize_line`): a deal's value is A's mean points per seat and
   hand over its six games minus B's; the interval is over deals (:func:`solver.stats.mean_ci`).
2. **By hand number** (1-7, each its contract): the same, hand by hand.
3. **How each goes out**: per seat and hand, how often it goes out, how often it goes out in one
   turn (drops and goes out in the same turn: ``WentOut.same_turn``), and how many cards it buys
   (``CardBought``), read from the game logs.
4. **Decision time** per bot and decision kind (:func:`decision_kind`: ``draw``, ``buy``: an offer
   out of turn, ``play``: drop, lay off, discard after the draw), p50 / p95 / max over the whole
   run (every line), and how many decisions took longer than ``--budget-ms`` when given (each
   decision is then given that deadline, as the service does).

A line whose bot is not registered is skipped with a note. With ``--target ev:advisor`` (the
default) and that line run, the issue's targets are checked: A at least ``--target-gain`` (3) points
per hand below B with the interval excluding 0, and A's p95 decision time at most
``--target-p95-ms`` (300) with no decision over the budget.

Run: ``.venv/bin/python bench/continental_playoff.py [--lines ev:advisor,ev:random,advisor:random]
[--deals 20 | --deals 10,ev:advisor=20] [--hands 7] [--seed 0] [--jobs 1] [--budget-ms MS]
[--json FILE] [--quick]`` (``--quick``: 2 deals of 2 hands per line), or ``--merge A.json
B.json`` to print the tables of runs saved with ``--json`` (say two seeds played side by side).
A deal of ``advisor:random`` (6 games of 7 hands) takes about 13 s of one core: 20 deals about 3
minutes with ``--jobs 2`` on 2 cores. The decision times are wall-clock times, so other work on
the machine shows in their tails.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import os
import shlex
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulesets.continental import records  # noqa: E402
from rulesets.continental.contracts import CONTRACTS  # noqa: E402
from rulesets.continental.game import ContinentalGame, Phase  # noqa: E402
from rulesets.game import game_kind  # noqa: E402
from solver.bots import bot_secret, bots_of, decide  # noqa: E402
from solver.budget import Deadline  # noqa: E402
from solver.continental import bots as continental_bots  # noqa: E402
from solver.stats import mean_ci  # noqa: E402

GAME = "continental"
PLAYERS = 4
DEFAULT_LINES = "ev:advisor,ev:random,advisor:random"
DEFAULT_DEALS = 20
MAX_HAND_ACTIONS = 20_000
"""Bot actions after which a hand is stopped and scored as if the stock had run out. The rules
let a hand go on for ever (the stock is reshuffled from the pile); random players never took more
than 1,782 records in a hand (:data:`rulesets.continental.disputes.RECORDS_PER_HAND`), but a rule
of thumb under test (``bench/continental_policy_variants.py``) can stall one."""
KINDS = ("draw", "buy", "play")


# --- playing ---------------------------------------------------------------------------------


def seatings() -> list[str]:
    """Every seating of two ``A`` and two ``B`` at four seats, seat 0 first.

    >>> seatings()
    ['AABB', 'ABAB', 'ABBA', 'BAAB', 'BABA', 'BBAA']
    """
    return sorted({"".join(p) for p in itertools.permutations("AABB")})


def decision_kind(game: ContinentalGame, seat: int) -> str:
    """What ``seat`` decides now: ``buy`` (an offer out of turn), ``draw`` or ``play``.

    >>> from rulesets.continental.config import GameConfig
    >>> game = ContinentalGame(GameConfig.create(players=3, hands=1, seed=5, dealer=0))
    >>> decision_kind(game, 1)
    'draw'
    >>> game.do_draw(1, "stock")
    >>> decision_kind(game, 2), decision_kind(game, 1)
    ('buy', 'play')
    """
    if seat != game.current:
        return "buy"
    return "draw" if game.phase is Phase.DRAW else "play"


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of a line: who sat where and what happened, hand by hand (seat order)."""

    line: str
    """``A:B``, the two bots' names."""
    deal: int
    """The game's seed."""
    seating: str
    """The role of each seat (``A`` or ``B``), e.g. ``ABBA``."""
    scores: tuple[tuple[int, ...], ...]
    """Each hand's points per seat."""
    went_out: tuple[int | None, ...]
    """Each hand's seat that went out (``None``: the stock ran out)."""
    same_turn: tuple[bool, ...]
    """Each hand: whether that seat dropped and went out in the same turn."""
    buys: tuple[tuple[int, ...], ...]
    """Each hand's cards bought per seat."""
    decisions: tuple[tuple[int, str, float], ...]
    """Every decision: its seat, its kind (:func:`decision_kind`) and its milliseconds."""
    fallbacks: tuple[int, int] = (0, 0)
    """The advisor bot's fallbacks in this game (:data:`solver.continental.bots.BUDGET_FALLBACKS`,
    :data:`~solver.continental.bots.FALLBACKS`: out of budget, advice that gave no legal action),
    whichever bot called it."""
    stalled: int = 0
    """Hands stopped after :data:`MAX_HAND_ACTIONS` actions and scored as if the stock had run
    out (0 for every bot of the repository: only rules of thumb under test ever stalled one)."""

    @property
    def bots(self) -> tuple[str, ...]:
        """Each seat's bot."""
        a, b = self.line.split(":")
        return tuple(a if role == "A" else b for role in self.seating)


def play(line: str, deal: int, seating: str, hands: int, budget_ms: float | None = None) -> GameResult:
    """Play one game of ``line`` (``A:B``) dealt from seed ``deal`` (dealer 0) with ``seating``
    (a worker's task), timing every bot decision; a decision is given ``budget_ms`` if set.
    """
    a, b = line.split(":")
    bots = [a if role == "A" else b for role in seating]
    kind = game_kind(GAME)
    game = kind.new_game(kind.config_from_dict({"players": PLAYERS, "hands": hands, "seed": deal,
                                                "dealer": 0}))
    secret = bot_secret(GAME, game.config)
    before = (continental_bots.BUDGET_FALLBACKS, continental_bots.FALLBACKS)
    decisions: list[tuple[int, str, float]] = []
    version = 0
    stalled = 0
    hand, actions = game.hand_number, 0
    while (seat := kind.bot_seat(game, bots)) is not None:
        if game.hand_number != hand:
            hand, actions = game.hand_number, 0
        if actions >= MAX_HAND_ACTIONS:
            game.stock_ran_out()  # the hand would go on for ever: scored as the stock running out
            stalled += 1
            continue
        actions += 1
        what = decision_kind(game, seat)
        deadline = None if budget_ms is None else Deadline.after(budget_ms / 1000)
        started = time.perf_counter()
        action = decide(kind, game, seat, bots[seat], secret, version, deadline)
        decisions.append((seat, what, round(1000 * (time.perf_counter() - started), 3)))
        kind.apply(game, action)
        version += 1
    assert game.is_over, "the bots stopped before the game's end"
    fallbacks = (continental_bots.BUDGET_FALLBACKS - before[0], continental_bots.FALLBACKS - before[1])
    scores, went_out, same_turn = [], [], []
    buys = [[0] * PLAYERS for _ in range(hands)]
    out: tuple[int | None, bool] = (None, False)
    for record in game.log:
        if isinstance(record, records.CardBought):
            buys[record.hand - 1][record.seat] += 1
        elif isinstance(record, records.WentOut):
            out = (record.seat, record.same_turn)
        elif isinstance(record, records.HandEnded):
            scores.append(tuple(record.scores))
            went_out.append(out[0])
            same_turn.append(out[1])
            out = (None, False)
    return GameResult(line, deal, seating, tuple(scores), tuple(went_out), tuple(same_turn),
                      tuple(tuple(hand) for hand in buys), tuple(decisions), fallbacks, stalled)


# --- statistics (pure) -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Paired:
    """A's and B's mean points per seat and hand, and A − B paired by deal with its 95% CI
    half-width (``None`` for one deal); ``a_lower``: the deals where A scored less."""

    deals: int
    a: float
    b: float
    diff: float
    ci95: float | None
    a_lower: int


@dataclass(frozen=True, slots=True)
class Rates:
    """One role's rates per seat and hand: how often it goes out, in one turn, and its buys."""

    seat_hands: int
    out: float
    one_turn: float
    buys: float


@dataclass(frozen=True, slots=True)
class LineSummary:
    """A line's figures: overall, by hand number (from 1), and each role's rates."""

    line: str
    games: int
    overall: Paired
    by_hand: dict[int, Paired]
    rates: dict[str, Rates]


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def paired(a_by_deal: Sequence[float], b_by_deal: Sequence[float]) -> Paired:
    """A and B's means and A − B paired by deal, from each deal's value of A and of B.

    >>> paired([10.0, 20.0, 30.0], [14.0, 22.0, 40.0])
    Paired(deals=3, a=20.0, b=25.3333, diff=-5.3333, ci95=4.7113, a_lower=3)
    """
    diffs = [x - y for x, y in zip(a_by_deal, b_by_deal, strict=True)]
    diff, half = mean_ci(diffs)
    return Paired(len(diffs), round(_mean(a_by_deal), 4), round(_mean(b_by_deal), 4), diff, half,
                  sum(d < 0 for d in diffs))


def _role_points(games: Iterable[GameResult], role: str, hand: int | None = None) -> float:
    """The mean points per seat and hand of ``role`` over ``games`` (one hand number if given)."""
    points = [scores[seat] for g in games for h, scores in enumerate(g.scores, 1)
              if hand is None or h == hand
              for seat, r in enumerate(g.seating) if r == role]
    return _mean(points)


def _rates(games: Sequence[GameResult], role: str) -> Rates:
    seat_hands = outs = one_turn = buys = 0
    for g in games:
        seats = {s for s, r in enumerate(g.seating) if r == role}
        seat_hands += len(seats) * len(g.scores)
        outs += sum(out in seats for out in g.went_out)
        one_turn += sum(out in seats and same for out, same in zip(g.went_out, g.same_turn, strict=True))
        buys += sum(hand[s] for hand in g.buys for s in seats)
    return Rates(seat_hands, round(outs / seat_hands, 4), round(one_turn / seat_hands, 4),
                 round(buys / seat_hands, 4))


def summarize_line(games: Sequence[GameResult]) -> LineSummary:
    """The figures of one line's games: a deal's value of a role is its mean points per seat and
    hand over the deal's games; A − B is paired by deal (see :func:`paired`)."""
    by_deal: dict[int, list[GameResult]] = defaultdict(list)
    for g in games:
        by_deal[g.deal].append(g)
    deals = [by_deal[d] for d in sorted(by_deal)]

    def line_of(hand: int | None) -> Paired:
        return paired([_role_points(d, "A", hand) for d in deals],
                      [_role_points(d, "B", hand) for d in deals])

    hands = max(len(g.scores) for g in games)
    return LineSummary(games[0].line, len(games), line_of(None),
                       {h: line_of(h) for h in range(1, hands + 1)},
                       {role: _rates(games, role) for role in "AB"})


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank: the smallest value with at least ``q`` of
    them at or below it).

    >>> percentile([5, 1, 4, 2, 3], 0.5), percentile(list(range(1, 101)), 0.95), percentile([7], 0.95)
    (3, 95, 7)
    """
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered) - 1e-9))  # the tolerance: 0.95 * 100 is 95.00000000000001
    return ordered[min(rank, len(ordered)) - 1]


@dataclass(frozen=True, slots=True)
class Timing:
    """A bot's decision times of one kind (``all``: every kind), in milliseconds."""

    bot: str
    kind: str
    count: int
    p50: float
    p95: float
    max: float
    over: int | None
    """How many took longer than the budget (``None``: no budget)."""


def timings(games: Iterable[GameResult], budget_ms: float | None = None) -> list[Timing]:
    """Each bot's decision times by kind and over all kinds, bots in order of appearance."""
    times: dict[str, dict[str, list[float]]] = {}
    for g in games:
        bots = g.bots
        for seat, what, ms in g.decisions:
            times.setdefault(bots[seat], {}).setdefault(what, []).append(ms)
    found = []
    for name, kinds in times.items():
        for what in (*KINDS, "all"):
            ms = [t for k in KINDS for t in kinds.get(k, [])] if what == "all" else kinds.get(what, [])
            if ms:
                over = None if budget_ms is None else sum(t > budget_ms for t in ms)
                found.append(Timing(name, what, len(ms), percentile(ms, 0.5), percentile(ms, 0.95),
                                    max(ms), over))
    return found


def meets_gain(overall: Paired, gain: float) -> bool:
    """Whether A is at least ``gain`` points per hand below B with the 95% interval excluding 0.

    >>> meets_gain(Paired(20, 10.0, 14.0, -4.0, 1.5, 15), 3)
    True
    >>> meets_gain(Paired(20, 10.0, 14.0, -4.0, 4.5, 15), 3)  # the interval reaches 0
    False
    >>> meets_gain(Paired(20, 10.0, 12.0, -2.0, 1.0, 15), 3)  # too small a gain
    False
    """
    return overall.diff <= -gain and overall.ci95 is not None and overall.diff + overall.ci95 < 0


# --- arguments -------------------------------------------------------------------------------


def parse_lines(text: str) -> list[tuple[str, str]]:
    """``A:B,C:D`` as pairs of bot names.

    >>> parse_lines("ev:advisor, advisor:random")
    [('ev', 'advisor'), ('advisor', 'random')]
    """
    pairs = []
    for item in text.split(","):
        a, sep, b = item.strip().partition(":")
        if not (sep and a and b):
            raise argparse.ArgumentTypeError(f"a line is two bots as A:B, got {item.strip()!r}")
        pairs.append((a, b))
    return pairs


def parse_deals(text: str) -> tuple[int | None, dict[str, int]]:
    """``N`` (every line) and/or ``A:B=N`` (one line), comma-separated.

    >>> parse_deals("10,ev:advisor=20")
    (10, {'ev:advisor': 20})
    """
    default, per_line = None, {}
    for item in text.split(","):
        line, sep, number = item.strip().rpartition("=")
        try:
            count = int(number)
        except ValueError:
            raise argparse.ArgumentTypeError(f"deals are N or A:B=N, got {item.strip()!r}") from None
        if count < 1:
            raise argparse.ArgumentTypeError(f"deals must be at least 1, got {item.strip()!r}")
        if sep:
            per_line[line.strip()] = count
        else:
            default = count
    return default, per_line


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--lines", type=parse_lines, default=parse_lines(DEFAULT_LINES),
                   help=f"lines A:B, comma-separated (default {DEFAULT_LINES})")
    p.add_argument("--deals", type=parse_deals, default=(None, {}),
                   help=f"deals per line: N and/or A:B=N (default {DEFAULT_DEALS}; --quick: 2)")
    p.add_argument("--hands", type=int, default=None, help="hands per game, 1-7 (default 7; --quick: 2)")
    p.add_argument("--seed", type=int, default=0, help="deal d is seed + d")
    p.add_argument("--jobs", type=int, default=1, help="processes playing games (default 1)")
    p.add_argument("--budget-ms", type=float, default=None,
                   help="a deadline given to every decision (default: none)")
    p.add_argument("--target", default="ev:advisor", help="the line whose targets are checked")
    p.add_argument("--target-gain", type=float, default=3.0, help="points per hand A must gain on B")
    p.add_argument("--target-p95-ms", type=float, default=300.0, help="A's most p95 decision time")
    p.add_argument("--json", type=Path, default=None, help="write every game's raw result here")
    p.add_argument("--quick", action="store_true", help="a tiny run: 2 deals of 2 hands per line")
    p.add_argument("--merge", type=Path, nargs="+", default=None, metavar="JSON",
                   help="play nothing: print the tables of the games saved by earlier runs' --json "
                        "(e.g. runs of other seeds, played side by side)")
    return p


# --- the run ---------------------------------------------------------------------------------


def _ci(half: float | None) -> str:
    return "" if half is None else f"± {half:.2f}"


def _print_tables(summaries: list[LineSummary], runs: list[GameResult], budget_ms: float | None) -> None:
    print("\n### Points per hand (lower is better), A − B paired by deal\n")
    print("| line A vs B | deals | games | A points/hand | B points/hand | A − B | 95% CI | deals A lower |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for s in summaries:
        o = s.overall
        print(f"| {s.line.replace(':', ' vs ')} | {o.deals} | {s.games} | {o.a:.2f} | {o.b:.2f} | "
              f"{o.diff:+.2f} | {_ci(o.ci95)} | {o.a_lower} |")
    print("\n### By hand number\n")
    print("| line A vs B | hand | contract | A points | B points | A − B | 95% CI |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for s in summaries:
        for hand, p in s.by_hand.items():
            print(f"| {s.line.replace(':', ' vs ')} | {hand} | {CONTRACTS[hand].name} | {p.a:.2f} | "
                  f"{p.b:.2f} | {p.diff:+.2f} | {_ci(p.ci95)} |")
    print("\n### Going out and buying, per seat and hand\n")
    print("| line A vs B | bot | seat-hands | goes out | goes out in one turn | buys/hand |")
    print("|---|---|---:|---:|---:|---:|")
    for s in summaries:
        names = dict(zip("AB", s.line.split(":"), strict=True))
        for role, r in s.rates.items():
            print(f"| {s.line.replace(':', ' vs ')} | {names[role]} ({role}) | {r.seat_hands} | "
                  f"{100 * r.out:.1f}% | {100 * r.one_turn:.1f}% | {r.buys:.2f} |")
    budget = "no budget" if budget_ms is None else f"budget {budget_ms:g} ms per decision"
    print(f"\n### Decision time, ms (every line of this run; {budget})\n")
    print("| bot | decision | count | p50 | p95 | max | over budget |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for t in timings(runs, budget_ms):
        print(f"| {t.bot} | {t.kind} | {t.count} | {t.p50:.1f} | {t.p95:.1f} | {t.max:.1f} | "
              f"{'' if t.over is None else t.over} |")
    budget_fallbacks, errors = (sum(g.fallbacks[i] for g in runs) for i in range(2))
    print(f"\nThe advisor bot's fallbacks (a simple move instead of the advice): {budget_fallbacks} out of "
          f"budget, {errors} for advice that gave no legal action")
    stalled = sum(g.stalled for g in runs)
    if stalled:
        print(f"\n{stalled} hand(s) reached {MAX_HAND_ACTIONS:,} actions and were scored as if the "
              "stock had run out (the stock is reshuffled from the pile, so a hand can go on for ever)")


def _print_targets(args: argparse.Namespace, summaries: list[LineSummary], runs: list[GameResult]) -> None:
    target = next((s for s in summaries if s.line == args.target), None)
    if target is None:
        print(f"\n(targets: line {args.target} not run)")
        return
    a = args.target.split(":")[0]
    o = target.overall
    print(f"\nTarget, {args.target}: A − B ≤ −{args.target_gain:g} with the CI excluding 0: "
          f"{o.diff:+.2f} {_ci(o.ci95)}: {'met' if meets_gain(o, args.target_gain) else 'NOT met'}")
    total = next(t for t in timings(runs, args.budget_ms) if t.bot == a and t.kind == "all")
    within = total.over in (None, 0)
    print(f"Target, {a}: p95 decision ≤ {args.target_p95_ms:g} ms and none over the budget: p95 "
          f"{total.p95:.1f} ms, over budget {'n/a' if total.over is None else total.over}: "
          f"{'met' if total.p95 <= args.target_p95_ms and within else 'NOT met'}")


def run(args: argparse.Namespace, argv: Sequence[str]) -> list[GameResult]:
    """Play and print every line of ``args`` (``argv`` parsed by :func:`parser`); return the games."""
    started = time.perf_counter()
    hands = args.hands or (2 if args.quick else 7)
    default, per_line = args.deals
    known = bots_of(GAME)
    lines = []
    for a, b in args.lines:
        missing = [name for name in (a, b) if name not in known]
        if missing:
            print(f"(skipped line {a}:{b}: no {GAME} bot {', '.join(missing)}; bots: {', '.join(known)})")
        elif f"{a}:{b}" not in lines:
            lines.append(f"{a}:{b}")
    tasks = [(line, args.seed + d, seating, hands, args.budget_ms)
             for line in lines
             for d in range(per_line.get(line, default or (2 if args.quick else DEFAULT_DEALS)))
             for seating in seatings()]
    runs: list[GameResult] = []
    if args.jobs > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            futures = [pool.submit(play, *task) for task in tasks]
            for done, future in enumerate(as_completed(futures), 1):
                runs.append(future.result())
                print(f"  {done}/{len(tasks)} games", file=sys.stderr, flush=True)
    else:
        for done, task in enumerate(tasks, 1):
            runs.append(play(*task))
            print(f"  {done}/{len(tasks)} games", file=sys.stderr, flush=True)
    runs.sort(key=lambda g: (lines.index(g.line), g.deal, g.seating))
    seconds = time.perf_counter() - started
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"Continental playoff: `{shlex.join(['bench/continental_playoff.py', *argv])}`; "
          f"{PLAYERS} players, {hands} hands, dealer 0, deal d = seed {args.seed} + d, the 6 seatings "
          f"of AABB per deal; {cores} cores, --jobs {args.jobs}; {len(runs)} games in {seconds:.0f} s")
    if not runs:
        print("\n(no line to play)")
        return runs
    summaries = [summarize_line([g for g in runs if g.line == line]) for line in lines]
    _print_tables(summaries, runs, args.budget_ms)
    _print_targets(args, summaries, runs)
    if args.json is not None:
        args.json.write_text(json.dumps({"hands": hands, "seed": args.seed, "budget_ms": args.budget_ms,
                                         "games": [asdict(g) for g in runs]}) + "\n")
        print(f"\n(raw results of {len(runs)} games: {args.json})")
    return runs


def load_runs(paths: Sequence[Path]) -> tuple[int, float | None, list[GameResult]]:
    """The hands, the decision budget and the games saved by ``--json`` in ``paths``;
    ``ValueError`` when the files' hands or budgets differ, or a deal of a line is in two files.
    """
    hands: set[int] = set()
    budgets: set[float | None] = set()
    runs: list[GameResult] = []
    for path in paths:
        saved = json.loads(path.read_text())
        hands.add(saved["hands"])
        budgets.add(saved["budget_ms"])
        runs.extend(_game_of(game) for game in saved["games"])
    if len(hands) > 1 or len(budgets) > 1:
        raise ValueError(f"the runs differ: hands {sorted(hands)}, budgets {sorted(budgets, key=str)}")
    keys = [(g.line, g.deal, g.seating) for g in runs]
    if len(set(keys)) < len(keys):
        raise ValueError("a game is in two of the files: merge runs of different deals")
    return hands.pop(), budgets.pop(), runs


def _game_of(saved: dict) -> GameResult:  # type: ignore[type-arg]
    """A :class:`GameResult` from its JSON (lists back to tuples)."""
    def tuples(value: object) -> object:
        return tuple(tuples(v) for v in value) if isinstance(value, list) else value
    return GameResult(**{key: tuples(value) for key, value in saved.items()})


def merge(args: argparse.Namespace, argv: Sequence[str]) -> list[GameResult]:
    """Print the tables of the games saved in ``args.merge`` (lines in order of appearance)."""
    try:
        hands, budget_ms, runs = load_runs(args.merge)
    except (OSError, ValueError, KeyError, TypeError) as error:
        parser().error(f"--merge: {error}")
    lines = list(dict.fromkeys(g.line for g in runs))
    runs.sort(key=lambda g: (lines.index(g.line), g.deal, g.seating))
    deals = sorted({g.deal for g in runs})
    print(f"Continental playoff: `{shlex.join(['bench/continental_playoff.py', *argv])}`; "
          f"{PLAYERS} players, {hands} hands, dealer 0, deals (seeds) {deals[0]} to {deals[-1]}, "
          f"{len(runs)} games from {len(args.merge)} file(s)")
    summaries = [summarize_line([g for g in runs if g.line == line]) for line in lines]
    _print_tables(summaries, runs, budget_ms)
    _print_targets(args, summaries, runs)
    return runs


def main(argv: Sequence[str] | None = None) -> None:
    """Parse ``argv`` (default: the command line) and run (or merge)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser().parse_args(argv)
    if args.merge:
        merge(args, argv)
        return
    run(args, argv)


if __name__ == "__main__":
    main()
