"""The turn that leaves the fewest penalty points: drop, lay-offs and discard, as one CP-SAT model.

The model works on card *types* (:mod:`solver.continental.cardtypes`) and
describes each meld as it will stand at the end of the turn:

- a new trio is a rank, the naturals of that rank and the jokers it takes (at
  least three cards, at least one natural);
- a new run is a suit and the set of positions 1-14 it covers (one unbroken
  window of four to thirteen, each position a natural of that suit or a joker, at
  least one natural); positions 1 and 14 are both the ace, never both in one run;
- a trio on the table takes naturals of its rank and jokers; a run on the table
  grows at its ends, each new position a natural or a joker, and a natural may
  take the place of a joker already in it (that joker then fills a new end
  position: jokers in = jokers out).

Every such end state can be reached legally: drop a window of four holding a
natural, then lay off from the inside out, choosing the end for each joker
(:func:`rulesets.continental.melds.lay_off`); :func:`best_turn` replays the
plan through the rules and fails loudly if the rules disagree. The objective is
the penalty points left after discarding the most expensive card kept, then
the number of cards kept.

>>> from rulesets.cards import parse_cards
>>> from rulesets.continental.contracts import CONTRACTS
>>> hand = parse_cards("7c 7d 7h Kc Kd Jk 9s 9s Ah", jokers=True, decks=2)
>>> turn = best_turn(hand, CONTRACTS[1])
>>> turn.can_drop, [m.text for m in turn.drop], turn.discard, turn.points_left
(True, ['7♣ 7♦ 7♥', 'K♣ K♦ Jk(K)'], Card('Ah'), 10)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from ortools.sat.python import cp_model

from rulesets.cards import Card, Rank, Suit
from rulesets.continental.contracts import Contract
from rulesets.continental.melds import (
    ACE_HIGH,
    ACE_LOW,
    RUN_MAXIMUM,
    RUN_MINIMUM,
    RUN_POSITIONS,
    TRIO_MINIMUM,
    Meld,
    Run,
    Trio,
    drop_problems,
    lay_off,
    make_run,
    make_trio,
    rank_at,
    run_windows,
)
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.points import card_points
from rulesets.continental.values import RunEnd
from solver.budget import Deadline, deadline_or_none
from solver.continental.cardtypes import JOKER, TYPES, card_of_type, counts_of, type_of
from solver.continental.distance import ASK_LESS, distance
from solver.continental.results import AdvisedLayOff
from solver.cpsat import solve
from solver.errors import InfeasibleModelError, SolverTimeoutError
from solver.limits import DEFAULT_TIME_LIMIT_S

__all__ = ["Turn", "best_turn", "spare_cards"]

POSITIONS = RUN_POSITIONS
"""Run positions 1 (ace low) to 14 (ace high)."""

SOLVER_PARAMETERS = {"cp_model_presolve": False, "cp_model_probing_level": 0,
                     "add_lp_constraints_lazily": False, "cut_level": 0, "linearization_level": 2}
"""CP-SAT tuning for this small model, measured on built hands (``bench/continental_solver.py``)
and on the slowest inputs found (``bench/worst_cases.py``): presolve, probing and cutting planes
cost more than they save here, and with every constraint in the linear relaxation from the start
the optimum is proved in a few branches (the 99th percentile of the solve fell from about 25 ms
to about 7 ms). The fuller relaxation of level 2 (the at-most-one and implication constraints
too) is what proves the best turn of a hand with many jokers and a long table: a 30-card hand
with 8 jokers and 7 table melds took 173,521 branches (3.5 s) at level 1 and 4,935 (0.2 s) at
level 2, with no cost on built 14-card hands."""

RANKS = tuple(Rank)
SUITS = tuple(Suit)

WHAT = "finding the drop, lay-offs and discard that leave the fewest points"
"""What :func:`best_turn` tells a player it was doing when its budget ran out."""


@dataclass(frozen=True, slots=True)
class Turn:
    """The best turn found: the drop (empty if none), lay-offs in order, the discard, points left."""

    can_drop: bool
    drop: tuple[Meld, ...]
    lay_offs: tuple[AdvisedLayOff, ...]
    discard: Card | None
    points_left: int
    goes_out: bool


def spare_cards(options: ContinentalOptions) -> int:
    """Cards that must stay in hand after melding: 1 for the discard, 0 if a hand may go out without.

    >>> spare_cards(ContinentalOptions()), spare_cards(ContinentalOptions(go_out_without_discard=True))
    (1, 0)
    """
    return 0 if options.go_out_without_discard else 1


def _type_at(suit: Suit, position: int) -> int:
    """The card type standing at a run position of a suit."""
    return (rank_at(position) - 2) * 4 + suit


def _position_of(card: Card, run: Run) -> int:
    return run.start + run.cards.index(card)


class _TurnModel:
    """The CP-SAT model of one turn (see the module docstring)."""

    def __init__(self, counts: Sequence[int], contract: Contract, dropped: bool,
                 table: Sequence[Meld], options: ContinentalOptions) -> None:
        self.counts = counts
        self.model = cp_model.CpModel()
        self.use: dict[int, list[cp_model.LinearExprT]] = defaultdict(list)
        self.trios: list[tuple[cp_model.IntVar, dict[int, cp_model.IntVar], cp_model.IntVar]] = []
        self.runs: list[tuple[tuple[Suit, int, int], cp_model.IntVar, dict[int, cp_model.IntVar]]] = []
        self.flows: list[tuple[Suit, dict[int, cp_model.IntVar], dict[int, cp_model.IntVar],
                               dict[int, cp_model.IntVar]]] = []
        self.table_trios: dict[int, tuple[dict[int, cp_model.IntVar], cp_model.IntVar]] = {}
        self.table_runs: dict[int, tuple[dict[int, cp_model.IntVar], dict[int, cp_model.IntVar],
                                         dict[int, cp_model.IntVar], cp_model.IntVar]] = {}
        if not dropped:
            if contract.trios:
                self._new_trios(contract.trios)
            if contract.runs:
                self._new_runs(contract.runs)
        self._trios_seen: list[Trio] = []
        for index, meld in enumerate(table):
            if isinstance(meld, Trio):
                self._table_trio(index, meld)
            else:
                self._table_run(index, meld)
        self._objective(options)

    def _var(self, low: int, high: int, name: str) -> cp_model.IntVar:
        return self.model.NewIntVar(low, high, name)

    def _new_trios(self, count: int) -> None:
        """``count`` new trios, counted by rank: how many trios, naturals and jokers each rank takes.

        Counting the trios of one rank together (rather than one variable set per
        trio) leaves no symmetric solutions. A rank with k trios needs 3k cards
        and k naturals: such cards always split into k trios of three or more
        cards, each with a natural.
        """
        trios = []
        for r in RANKS:
            types = [(r - 2) * 4 + s for s in SUITS if self.counts[(r - 2) * 4 + s]]
            if not types:
                continue
            k = self._var(0, count, f"trios_{r.char}")
            naturals = {t: self._var(0, self.counts[t], f"trio_{r.char}_n{t}") for t in types}
            jokers = self._var(0, self.counts[JOKER], f"trio_{r.char}_jk")
            for t, n in naturals.items():
                self.model.Add(n <= self.counts[t] * k)
                self.use[t].append(n)
            self.model.Add(jokers <= self.counts[JOKER] * k)
            self.use[JOKER].append(jokers)
            self.model.Add(sum(naturals.values()) >= k)
            self.model.Add(sum(naturals.values()) + jokers >= TRIO_MINIMUM * k)
            trios.append((k, naturals, jokers))
        self.model.Add(sum(k for k, _, _ in trios) == count)
        self.trios = trios

    def _run_windows(self) -> list[tuple[Suit, int, int]]:
        """Every (suit, first, last position) a new run could end the turn on with this hand.

        A window (:func:`~rulesets.continental.melds.run_windows`) qualifies when it holds
        one of the hand's naturals and the hand has jokers for every position it holds no
        natural for.
        """
        jokers = self.counts[JOKER]
        windows = []
        for suit in SUITS:
            held = [self.counts[_type_at(suit, p)] > 0 for p in POSITIONS]
            for window in run_windows(None):
                naturals = sum(held[p - ACE_LOW] for p in window)
                if naturals and len(window) - naturals <= jokers:
                    windows.append((suit, window[0], window[-1]))
        return windows

    def _new_runs(self, count: int) -> None:
        """``count`` new runs as flows along each suit's positions 1-14 (the window model with
        four jokers or more, which could make a run of jokers alone).

        For each suit, ``starts[p]`` runs begin at position p and ``ends[p]`` end there;
        the runs covering p are the starts so far less the ends before p. A run is at
        least four long: the ends up to p never exceed the starts up to p - 3 (runs end
        oldest first), and never A to A: the runs begun at position 1 have ended by 13. Each
        covered position holds a natural or a joker; with at most three jokers every run
        holds a natural. Interval constraints like these have an integral linear
        relaxation, which keeps the search short.
        """
        if self.counts[JOKER] >= RUN_MINIMUM:
            self._new_runs_by_window(count)
            return
        flows = []
        for suit in SUITS:
            if not any(self.counts[_type_at(suit, p)] for p in POSITIONS):
                continue
            starts = {p: self._var(0, count, f"start_{suit.char}{p}") for p in POSITIONS}
            ends = {p: self._var(0, count, f"end_{suit.char}{p}") for p in POSITIONS}
            naturals = {}
            covered = []
            started: list[cp_model.LinearExprT] = [0]  # runs started at positions 1..p
            ended: list[cp_model.LinearExprT] = [0]  # runs ended at positions 1..p
            for p in POSITIONS:
                started.append(started[-1] + starts[p])
                ended.append(ended[-1] + ends[p])
                self.model.Add(ended[p] <= started[max(0, p - RUN_MINIMUM + 1)])
                if p == RUN_MAXIMUM:  # the runs begun at the ace low end by the king (never A to A)
                    self.model.Add(ended[p] >= starts[ACE_LOW])
                cover = started[p] - ended[p - 1]
                covered.append(cover)
                t = _type_at(suit, p)
                if self.counts[t]:
                    n = self._var(0, min(count, self.counts[t]), f"run_{suit.char}_n{p}")
                    self.model.Add(n <= cover)
                    self.use[t].append(n)
                    naturals[p] = n
            self.model.Add(sum(ends.values()) == sum(starts.values()))
            self.use[JOKER].append(sum(covered) - sum(naturals.values()))
            flows.append((suit, starts, ends, naturals))
        self.model.Add(sum(sum(s.values()) for _, s, _, _ in flows) == count)
        self.flows = flows

    def _new_runs_by_window(self, count: int) -> None:
        """``count`` new runs, counted by the window (suit, first, last position) each ends on.

        For m runs on one window, each position holds up to m naturals (jokers
        fill the rest); m naturals in all let every run keep one.
        """
        runs = []
        for suit, first, last in self._run_windows():
            name = f"run_{suit.char}{first}_{last}"
            m = self._var(0, count, name)
            naturals = {}
            for p in range(first, last + 1):
                t = _type_at(suit, p)
                if self.counts[t]:
                    n = self._var(0, min(count, self.counts[t]), f"{name}_n{p}")
                    self.model.Add(n <= m)
                    self.use[t].append(n)
                    naturals[p] = n
            self.model.Add(sum(naturals.values()) >= m)
            self.use[JOKER].append((last - first + 1) * m - sum(naturals.values()))
            runs.append(((suit, first, last), m, naturals))
        self.model.Add(sum(m for _, m, _ in runs) == count)
        self.runs = runs

    def _table_trio(self, index: int, meld: Trio) -> None:
        """A table trio takes any number of naturals of its rank and of jokers. Trios on the table
        are alike for that: only the first of each rank takes naturals and only the first of all
        takes jokers (any plan can move its lay-offs there, which removes symmetric solutions).
        """
        first_of_rank = all(other.rank != meld.rank for other in self._trios_seen)
        naturals = {}
        for s in SUITS:
            t = (meld.rank - 2) * 4 + s
            if self.counts[t] and first_of_rank:
                naturals[t] = self._var(0, self.counts[t], f"T{index}_n{t}")
                self.use[t].append(naturals[t])
        most = self.counts[JOKER] if not self._trios_seen else 0
        jokers = self._var(0, most, f"T{index}_jk")
        self.use[JOKER].append(jokers)
        self.table_trios[index] = (naturals, jokers)
        self._trios_seen.append(meld)

    def _table_run(self, index: int, meld: Run) -> None:
        """Ends grow one position at a time; naturals may replace jokers, which then fill new ends."""
        below = range(meld.start - 1, ACE_LOW - 1, -1)
        above = range(meld.end + 1, ACE_HIGH + 1)
        grows = {p: self.model.NewBoolVar(f"T{index}_g{p}") for p in (*below, *above)}
        for side in (below, above):
            for inner, outer in pairwise(side):
                self.model.AddImplication(grows[outer], grows[inner])
        naturals = {}
        for p, g in grows.items():
            t = _type_at(meld.suit, p)
            if self.counts[t]:
                naturals[p] = self.model.NewBoolVar(f"T{index}_n{p}")
                self.model.AddImplication(naturals[p], g)
                self.use[t].append(naturals[p])
        replaced = {}
        for joker, _ in meld.joker_ranks:
            p = _position_of(joker, meld)
            t = _type_at(meld.suit, p)
            if self.counts[t]:
                replaced[p] = self.model.NewBoolVar(f"T{index}_r{p}")
                self.use[t].append(replaced[p])
        jokers = self._var(0, self.counts[JOKER], f"T{index}_jk")
        self.use[JOKER].append(jokers)
        self.model.Add(sum(grows.values()) <= RUN_MAXIMUM - len(meld))  # the ace high or low, not both
        self.model.Add(sum(grows.values()) - sum(naturals.values()) == sum(replaced.values()) + jokers)
        self.table_runs[index] = (grows, naturals, replaced, jokers)

    def _objective(self, options: ContinentalOptions) -> None:
        """Fewest points kept after discarding the most expensive card kept, then fewest cards.

        The discard is chosen by its value (5, 10, 20, 50...): one of the kept cards
        worth that much, which keeps the choice small.
        """
        spare = spare_cards(options)
        points = [card_points(card_of_type(t), options.card_values) for t in range(TYPES)]
        self.kept = {}
        by_value: dict[int, list[cp_model.IntVar]] = defaultdict(list)
        for t in range(TYPES):
            if not self.counts[t]:
                if self.use[t]:  # jokers of runs, when the hand holds none
                    self.model.Add(sum(self.use[t]) == 0)
                continue
            kept = self._var(0, self.counts[t], f"kept{t}")
            self.model.Add(kept == self.counts[t] - sum(self.use[t]))
            self.kept[t] = kept
            by_value[points[t]].append(kept)
        self.discard = {value: self.model.NewBoolVar(f"discard{value}") for value in by_value}
        for value, kept_cards in by_value.items():
            self.model.Add(self.discard[value] <= sum(kept_cards))
        if spare:
            self.model.AddExactlyOne(self.discard.values())
        else:
            self.model.AddAtMostOne(self.discard.values())
        self.points_left = (sum(points[t] * v for t, v in self.kept.items())
                            - sum(value * v for value, v in self.discard.items()))
        self.cards_left = sum(self.kept.values()) - sum(self.discard.values())
        most = sum(self.counts) + 1
        self.model.Minimize(self.points_left * most + self.cards_left)


class _Cards:
    """The hand's physical cards by type, handed out as the plan uses them."""

    def __init__(self, hand: Sequence[Card]) -> None:
        self.pool: dict[int, list[Card]] = defaultdict(list)
        for card in sorted(hand, key=lambda c: c.copy):
            self.pool[type_of(card)].append(card)

    def take(self, t: int) -> Card:
        return self.pool[t].pop(0)

    def left(self) -> list[Card]:
        return [card for cards in self.pool.values() for card in cards]


def _lay_off_all(meld: Meld, cards: list[tuple[Card, str | None]], target: str, index: int,
                 out: list[AdvisedLayOff]) -> Meld:
    """Lay off cards in the given order (with each joker's end) through the rules."""
    for card, end in cards:
        meld = lay_off(meld, card, end)
        out.append(AdvisedLayOff(card, target, index, meld, end))
    return meld


def _trio_plans(solved, group, cards: _Cards) -> list[tuple[Trio, list[Card]]]:
    """The trios of one rank: each dropped as three cards with a natural, the rest laid off."""
    k, naturals, jokers = group
    count = solved.value(k)
    if not count:
        return []
    pool = [cards.take(t) for t, v in naturals.items() for _ in range(solved.value(v))]
    pool += [cards.take(JOKER) for _ in range(solved.value(jokers))]  # naturals first
    trios = [[pool[i]] for i in range(count)]
    rest = pool[count:]
    for trio in trios:
        while len(trio) < TRIO_MINIMUM:
            trio.append(rest.pop(0))
    return [(make_trio(trio), rest if i == 0 else []) for i, trio in enumerate(trios)]


def _run_plans(solved, group, cards: _Cards) -> list[tuple[Run, list[tuple[Card, str | None]]]]:
    """The runs on one window: each position's naturals shared out, every run keeping one."""
    (suit, first, last), m, naturals = group
    count = solved.value(m)
    if not count:
        return []
    layouts: list[dict[int, Card]] = [{} for _ in range(count)]
    for p, v in naturals.items():
        for j in range(solved.value(v)):
            layouts[j][p] = cards.take(_type_at(suit, p))
    for layout in layouts:  # a run without a natural takes one from a run with two or more
        if not layout:
            donor = next(d for d in layouts if len(d) > 1)
            p = next(iter(donor))
            layout[p] = donor.pop(p)
    return [_run_plan(list(range(first, last + 1)), layout, cards) for layout in layouts]


def _flow_plans(solved, flow, cards: _Cards) -> list[tuple[Run, list[tuple[Card, str | None]]]]:
    """The runs of one suit's flow: starts and ends paired in order, naturals shared out."""
    suit, starts, ends, naturals = flow
    first = [p for p in POSITIONS for _ in range(solved.value(starts[p]))]
    last = [p for p in POSITIONS for _ in range(solved.value(ends[p]))]
    spans = list(zip(first, last, strict=True))  # the k-th start with the k-th end: 4 long or more
    layouts: list[dict[int, Card]] = [{} for _ in spans]
    for p, v in naturals.items():
        holders = iter(j for j, (a, b) in enumerate(spans) if a <= p <= b)
        for _ in range(solved.value(v)):
            layouts[next(holders)][p] = cards.take(_type_at(suit, p))
    return [_run_plan(list(range(a, b + 1)), layout, cards)
            for (a, b), layout in zip(spans, layouts, strict=True)]


def _run_plan(positions: list[int], layout: dict[int, Card],
              cards: _Cards) -> tuple[Run, list[tuple[Card, str | None]]]:
    """The dropped window of four and the cards to lay off on it, inside out."""
    for p in positions:
        if p not in layout:
            layout[p] = cards.take(JOKER)
    windows = [positions[i:i + RUN_MINIMUM] for i in range(len(positions) - RUN_MINIMUM + 1)]
    window = max(windows, key=lambda w: sum(not layout[p].is_joker for p in w))
    run = make_run([layout[p] for p in window], ordered=True)
    low = [(layout[p], RunEnd.LOW if layout[p].is_joker else None) for p in reversed(positions)
           if p < window[0]]
    high = [(layout[p], RunEnd.HIGH if layout[p].is_joker else None) for p in positions if p > window[-1]]
    return run, [*low, *high]


def _table_run_plan(solved, meld: Run, slot, cards: _Cards) -> list[tuple[Card, str | None]]:
    """The order of lay-offs on a table run: each new end position from the inside out."""
    grows, naturals, replaced, jokers = slot
    replacing = [cards.take(_type_at(meld.suit, p)) for p, v in replaced.items() if solved.value(v)]
    hand_jokers = [cards.take(JOKER) for _ in range(solved.value(jokers))]
    order: list[tuple[Card, str | None]] = []
    for end, side in ((RunEnd.LOW, range(meld.start - 1, ACE_LOW - 1, -1)),
                      (RunEnd.HIGH, range(meld.end + 1, ACE_HIGH + 1))):
        for p in side:
            if not solved.value(grows[p]):
                break
            if p in naturals and solved.value(naturals[p]):
                order.append((cards.take(_type_at(meld.suit, p)), None))
            elif replacing:
                order.append((replacing.pop(), end))
            else:
                order.append((hand_jokers.pop(), end))
    return order


def _check_plan(hand: Sequence[Card], drop: Sequence[Meld], lay_offs: Sequence[AdvisedLayOff],
                discard: Card | None, kept: Sequence[Card], contract: Contract | None) -> None:
    """The plan uses each card of the hand exactly once and drops a legal contract (or raises)."""
    used = [c for m in drop for c in m.cards] + [x.card for x in lay_offs] + list(kept)
    used += [discard] if discard is not None else []
    problems = drop_problems(drop, contract) if contract is not None else []
    if Counter(used) != Counter(hand) or problems:
        raise InfeasibleModelError(f"the turn plan for {' '.join(c.id for c in hand)}",
                                   f"REPLAY MISMATCH {problems}")


def best_turn(hand: Sequence[Card], contract: Contract, *, dropped: bool = False,
              table: Sequence[Meld] = (), options: ContinentalOptions | None = None,
              time_limit: float = DEFAULT_TIME_LIMIT_S, deadline: Deadline | None = None) -> Turn:
    """The drop (if the contract can go down now), lay-offs and discard leaving the fewest points.

    With ``dropped`` the hand has already laid its contract down and may only
    lay off, onto ``table`` (which then includes its own melds). A hand that
    cannot drop gets ``can_drop=False``, no melds and no discard (the discard
    then comes from the discard ranking).

    The CP-SAT solve gets ``time_limit`` seconds, or what is left before ``deadline``. The turn
    is not anytime: when the deadline cuts the solve short of a proved best turn it raises
    :class:`~solver.budget.BudgetExceededError` rather than advise a worse one.

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> table = [make_run(parse_cards("5h 6h 7h 8h"))]
    >>> turn = best_turn(parse_cards("9h Th Kd"), CONTRACTS[3], dropped=True, table=table)
    >>> [(x.card.code, x.result.text) for x in turn.lay_offs], turn.discard, turn.points_left
    ([('9h', '5♥ 6♥ 7♥ 8♥ 9♥'), ('Th', '5♥ 6♥ 7♥ 8♥ 9♥ 10♥')], Card('Kd'), 0)
    """
    options = options or ContinentalOptions()
    deadline = deadline_or_none(deadline)
    counts = counts_of(hand)
    spare = spare_cards(options)
    if not dropped and distance(counts, contract, spare=spare, deadline=deadline) > 0:
        return Turn(False, (), (), None, 0, False)
    deadline.check(WHAT, ASK_LESS)
    shape = _TurnModel(counts, contract, dropped, table, options)
    deadline.check(WHAT, ASK_LESS)
    try:
        solved = solve(shape.model, time_limit=deadline.cpsat_limit(time_limit),
                       what="the Continental turn model", parameters=SOLVER_PARAMETERS)
    except SolverTimeoutError:
        deadline.check(WHAT, ASK_LESS)  # the deadline, not the time limit, stopped it
        raise
    if not solved.optimal:
        deadline.check(WHAT, ASK_LESS)
    cards = _Cards(hand)
    lay_offs: list[AdvisedLayOff] = []
    drop: list[Meld] = []
    for group in shape.trios:
        for trio, extra in _trio_plans(solved, group, cards):
            drop.append(trio)
            _lay_off_all(trio, [(c, None) for c in extra], "drop", len(drop) - 1, lay_offs)
    for group in shape.runs:
        for run, extra in _run_plans(solved, group, cards):
            drop.append(run)
            _lay_off_all(run, extra, "drop", len(drop) - 1, lay_offs)
    for flow in shape.flows:
        for run, extra in _flow_plans(solved, flow, cards):
            drop.append(run)
            _lay_off_all(run, extra, "drop", len(drop) - 1, lay_offs)
    for index, meld in enumerate(table):
        if index in shape.table_trios:
            naturals, jokers = shape.table_trios[index]
            extra = [(cards.take(t), None) for t, v in naturals.items() for _ in range(solved.value(v))]
            extra += [(cards.take(JOKER), None) for _ in range(solved.value(jokers))]
        else:
            assert isinstance(meld, Run)
            extra = _table_run_plan(solved, meld, shape.table_runs[index], cards)
        _lay_off_all(meld, extra, "table", index, lay_offs)
    value = next((value for value, v in shape.discard.items() if solved.value(v)), None)
    kept = cards.left()
    discard = None
    if value is not None:
        discard = max((c for c in kept if card_points(c, options.card_values) == value),
                      key=lambda c: (type_of(c), -c.copy))
        kept.remove(discard)
    _check_plan(hand, drop, lay_offs, discard, kept, None if dropped else contract)
    points = sum(card_points(c, options.card_values) for c in kept)
    return Turn(not dropped, tuple(drop), tuple(lay_offs), discard, points, not kept)
