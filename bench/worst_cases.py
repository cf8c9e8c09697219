"""Worst cases: search for the slowest inputs of the solver endpoints, timed against the budget.

Every *target* is one solver entry point behind an endpoint (``continental_advice`` is
``POST /v1/continental/advice``, ``continental_expected_points`` the same asking for expected
points with up to 200 samples and up to five other players): a name, a generator of random legal
inputs (several shapes, the structured ones first), a mutator making a nearby input, fixed seed inputs (known
slow cases) and the call itself, made with a :class:`~solver.budget.Deadline` of the budget.
The search times the seeds, then random inputs for a third of the time, then climbs: it
mutates one of the slowest inputs found so far and keeps the mutant when it is slower than the
slowest ones kept. Caches are cleared before each call (cold: a new hand is mostly new work).

It prints the ten slowest inputs found (``--top``) with their time against the budget; an
input whose call ran out of the budget shows ``over budget`` (the call raised
``BudgetExceededError``, as the service would answer 503), one answered in time with less than
it asked for shows ``anytime`` (the Ramchi ``ev`` advice and trainer: ``complete`` false).
Another endpoint is one more :class:`Target` in :data:`TARGETS`; the Ramchi ones are in
``bench/ramchi_targets.py``.

Run: ``.venv/bin/python bench/worst_cases.py [--seconds 60] [--budget 2] [--markdown]
[--target continental_advice] [--seed 0] [--top 10] [--show 3]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets.cards import Card, parse_cards
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.deck import Deck
from rulesets.continental.melds import read_meld
from rulesets.continental.options import ContinentalOptions
from rulesets.errors import InvalidInputError
from solver.budget import DEFAULT_BUDGET_S, BudgetExceededError, Deadline
from solver.continental.advice import advise
from solver.continental.distance import clear_caches
from solver.continental.expected_advice import advise_by_objective
from solver.continental.public import OtherPlayer
from solver.errors import SolverTimeoutError
from solver.limits import (
    CONTINENTAL_MAX_HAND_CARDS,
    CONTINENTAL_MAX_SAMPLES,
    CONTINENTAL_MAX_TABLE_MELDS,
    CONTINENTAL_MAX_TURNS_TOLD,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ramchi_targets import ramchi_targets

# ---------------------------------------------------------------------------------------------
# Targets.


@dataclass(frozen=True)
class Target:
    """One endpoint's solver as the search sees it.

    ``generate(rng)`` makes a random legal input, ``mutate(input, rng)`` a nearby one (or None
    when the mutation found nothing legal), ``call(input, deadline)`` runs the solver,
    ``describe(input)`` names the input in one line, ``reset()`` forgets the solver's caches
    ``seeds`` are inputs timed first (known slow cases) and ``spell(input)`` writes the whole
    input out, to replay it (``--show``).
    """

    name: str
    generate: Callable[[random.Random], object]
    mutate: Callable[[object, random.Random], object | None]
    call: Callable[[object, Deadline], object]
    describe: Callable[[object], str]
    reset: Callable[[], None] = lambda: None
    seeds: tuple[object, ...] = ()
    spell: Callable[[object], str] = repr


@dataclass(frozen=True)
class ContinentalCase:
    """One ``POST /v1/continental/advice`` request, as the solver receives it."""

    hand_number: int
    hand: tuple[Card, ...]
    table: tuple[tuple[Card, ...], ...] = ()
    discard_top: Card | None = None
    seen: tuple[Card, ...] = ()
    dropped: bool = False
    drawn: bool | None = None
    max_players: int = 6

    @property
    def options(self) -> ContinentalOptions:
        return ContinentalOptions(max_players=self.max_players)

    @property
    def deck(self) -> Deck:
        return Deck.for_players(self.max_players)

    def used(self) -> set[Card]:
        """Every card the request names."""
        top = () if self.discard_top is None else (self.discard_top,)
        return {*self.hand, *(c for meld in self.table for c in meld), *top, *self.seen}

    def pool(self) -> list[Card]:
        """The deck's cards the request does not name, in deck order."""
        used = self.used()
        return [c for c in self.deck.cards() if c not in used]


def _continental_call(case: object, deadline: Deadline) -> object:
    assert isinstance(case, ContinentalCase)
    return advise(case.hand, CONTRACTS[case.hand_number], dropped=case.dropped, table=case.table,
                  discard_top=case.discard_top, seen=case.seen, options=case.options,
                  drawn=case.drawn, deadline=deadline)


def _continental_describe(case: object) -> str:
    assert isinstance(case, ContinentalCase)
    jokers = sum(c.is_joker for c in case.hand)
    kinds = len({c.code for c in case.hand})
    parts = [f"hand {case.hand_number}", f"{len(case.hand)} cards ({kinds} kinds, {jokers} Jk)"]
    if case.table:
        parts.append(f"{len(case.table)} table melds")
    if case.discard_top is not None:
        parts.append(f"top {case.discard_top.code}")
    if case.seen:
        parts.append(f"{len(case.seen)} seen")
    if case.dropped:
        parts.append("dropped")
    if case.drawn is not None:
        parts.append("drawn" if case.drawn else "before draw")
    if case.max_players != 6:
        parts.append(f"{case.max_players} players")
    return ", ".join(parts) + ": " + " ".join(sorted(c.code for c in case.hand))


def _continental_spell(case: object) -> str:
    """The request in full, cards by id (``7c#2`` is the second 7♣), as JSON-like text."""
    assert isinstance(case, ContinentalCase)

    def ids(cards: Sequence[Card]) -> str:
        return " ".join(c.id for c in cards)

    top = None if case.discard_top is None else case.discard_top.id
    return (f'{{"hand_number": {case.hand_number}, "hand": "{ids(case.hand)}", '
            f'"table": {[ids(m) for m in case.table]}, "discard_top": {top!r}, '
            f'"seen": "{ids(case.seen)}", "dropped": {case.dropped}, "drawn": {case.drawn}, '
            f'"options": {{"max_players": {case.max_players}}}}}')


def _table_melds(pool: list[Card], count: int, rng: random.Random) -> list[tuple[Card, ...]]:
    """Up to ``count`` legal melds (trios of 3, runs of 4, a joker now and then) from ``pool``,
    whose cards are taken out of it."""
    melds: list[tuple[Card, ...]] = []
    for _ in range(count * 4):
        if len(melds) >= count:
            break
        naturals = [c for c in pool if not c.is_joker]
        jokers = [c for c in pool if c.is_joker]
        if not naturals:
            break
        first = rng.choice(naturals)
        if rng.random() < 0.5:
            same = [c for c in naturals if c.rank is first.rank and c is not first]
            if len(same) < 2:
                continue
            meld = (first, *rng.sample(same, 2))
        else:
            rank = min(int(first.rank), 11)  # a run of 4 starting at this rank (at most J-Q-K-A)
            meld_list = []
            for r in range(rank, rank + 4):
                found = next((c for c in naturals if c.suit is first.suit and int(c.rank) == r), None)
                if found is None and jokers and rng.random() < 0.7:
                    found = jokers.pop()
                if found is None:
                    break
                meld_list.append(found)
            if len(meld_list) < 4:
                continue
            meld = tuple(meld_list)
        try:
            read_meld(meld)
        except InvalidInputError:
            continue
        melds.append(meld)
        for card in meld:
            pool.remove(card)
    return melds


def _continental_generate(rng: random.Random) -> ContinentalCase:
    """A random legal request: one of several shapes, sizes up to the limits."""
    max_players = rng.choice((6, 6, 6, 8, 12))
    deck = Deck.for_players(max_players)
    pool = deck.cards()
    rng.shuffle(pool)
    shape = rng.choice(("random", "pairs", "pairs", "jokers", "suits", "big_table"))
    size = rng.choice((rng.randint(1, CONTINENTAL_MAX_HAND_CARDS), CONTINENTAL_MAX_HAND_CARDS,
                       rng.randint(20, CONTINENTAL_MAX_HAND_CARDS)))
    if shape == "pairs":  # few kinds, several copies each
        kinds = rng.sample(sorted({c.code for c in pool if not c.is_joker}), max(1, size // 2))
        hand = [c for c in pool if c.code in kinds][:size]
        hand += [c for c in pool if c.is_joker][:rng.randint(0, 2)]
    elif shape == "jokers":  # every joker of the deck
        hand = [c for c in pool if c.is_joker] + [c for c in pool if not c.is_joker][:size]
    elif shape == "suits":  # one or two suits: long runs
        suits = set(rng.sample(range(4), rng.choice((1, 2))))
        hand = [c for c in pool if c.is_joker or int(c.suit) in suits][:size]
    else:
        hand = pool[:size]
    hand = hand[:CONTINENTAL_MAX_HAND_CARDS]
    left = [c for c in pool if c not in set(hand)]
    table_count = rng.choice((0, 0, rng.randint(1, 8), CONTINENTAL_MAX_TABLE_MELDS))
    if shape == "big_table":
        table_count = CONTINENTAL_MAX_TABLE_MELDS
    table = _table_melds(left, table_count, rng)
    top = left.pop() if left and rng.random() < 0.6 else None
    seen = tuple(left[:rng.randint(0, len(left) // 2)]) if rng.random() < 0.5 else ()
    return ContinentalCase(hand_number=rng.randint(1, 7), hand=tuple(hand), table=tuple(table),
                           discard_top=top, seen=seen, dropped=rng.random() < 0.25,
                           drawn=rng.choice((None, None, True, False)), max_players=max_players)


def _continental_mutate(case: object, rng: random.Random) -> ContinentalCase | None:
    """A nearby request: one card swapped, added or removed, or one other field changed."""
    assert isinstance(case, ContinentalCase)
    pool = case.pool()
    rng.shuffle(pool)
    hand = list(case.hand)
    move = rng.choice(("swap", "swap", "swap", "add", "remove", "hand_number", "table", "top",
                       "seen", "dropped", "drawn", "pair"))
    if move == "swap" and pool and hand:
        hand[rng.randrange(len(hand))] = pool.pop()
        return replace(case, hand=tuple(hand))
    if move == "pair" and hand:  # another copy of a held kind
        codes = {c.code for c in hand}
        twin = next((c for c in pool if c.code in codes), None)
        if twin is not None:
            if len(hand) >= CONTINENTAL_MAX_HAND_CARDS:
                hand.pop(rng.randrange(len(hand)))
            return replace(case, hand=(*hand, twin))
        return None
    if move == "add" and pool and len(hand) < CONTINENTAL_MAX_HAND_CARDS:
        return replace(case, hand=(*hand, pool.pop()))
    if move == "remove" and len(hand) > 1:
        hand.pop(rng.randrange(len(hand)))
        return replace(case, hand=tuple(hand))
    if move == "hand_number":
        return replace(case, hand_number=rng.randint(1, 7))
    if move == "table":
        table = list(case.table)
        if table and rng.random() < 0.4:
            table.pop(rng.randrange(len(table)))
        elif len(table) < CONTINENTAL_MAX_TABLE_MELDS:
            table += _table_melds(pool, rng.randint(1, 6), rng)[:CONTINENTAL_MAX_TABLE_MELDS - len(table)]
        return replace(case, table=tuple(table))
    if move == "top":
        return replace(case, discard_top=None if case.discard_top is not None or not pool else pool[0])
    if move == "seen":
        seen = () if case.seen and rng.random() < 0.3 else (*case.seen, *pool[:rng.randint(1, 10)])
        return replace(case, seen=tuple(seen))
    if move == "dropped":
        return replace(case, dropped=not case.dropped)
    if move == "drawn":
        return replace(case, drawn=rng.choice((None, True, False)))
    return None


JOKER_HEAVY_HAND = ("Jk#1 Jk#2 Jk#3 Jk#4 Jk#5 Jk#6 Jk#7 Jk#8 Kh#5 6d#2 2s#3 2h#5 Qs#2 Kc#3 Qd#2 "
                    "5d#2 Ts#2 9c#3 7h#5 Ad#2 3c#2 Qd#4 8c#4 6c#2 6s#3 As#5 Ks#4 Qs#3 3d#4 6s#1")
JOKER_HEAVY_TABLE = ("Jh#4 Qh#5 Kh#4 Ah#1", "8d#1 9d#4 Td#3 Jd#1", "3s#3 3d#3 3h#2",
                     "Jh#5 Qh#1 Kh#3 Ah#4", "3s#5 4s#3 5s#3 6s#5", "4c#2 5c#3 6c#5 7c#2",
                     "Js#4 Qs#5 Ks#5 As#3")


def _seed_cases() -> tuple[ContinentalCase, ...]:
    """The hand 5 requests that took 5 to 10 s before the ranking was pruned (issue 18), and the
    joker-heavy one that ran out of the budget in the turn model before its fuller relaxation."""
    base = " ".join(["2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac Jk"] * 2)
    pairs = tuple(ContinentalCase(5, tuple(parse_cards(f"{base} {extra}", jokers=True, decks=2)))
                  for extra in ("2h 5h", "2h 3h"))
    def read(text: str) -> tuple[Card, ...]:
        return tuple(parse_cards(text, jokers=True, decks=8))
    jokers = ContinentalCase(5, read(JOKER_HEAVY_HAND), tuple(read(m) for m in JOKER_HEAVY_TABLE),
                             read("7c#1")[0], drawn=False, max_players=12)
    return (*pairs, jokers)


TURNED_DOWN = tuple(Deck().cards())[:52]
"""One card of each of the 52 kinds (a joker turned down tells nothing): the most a list of cards
turned down can tell."""


@dataclass(frozen=True)
class PricedCase:
    """One ``POST /v1/continental/advice`` request asking for expected points: a
    :class:`ContinentalCase`, the other players' hand sizes (in play order after the seat) and
    the samples asked (up to the API's 200)."""

    case: ContinentalCase
    others: tuple[int, ...]
    samples: int = CONTINENTAL_MAX_SAMPLES
    turns: int = CONTINENTAL_MAX_TURNS_TOLD
    """The turns each other player has played (the most the API takes: the most cards played
    forward in every deal, :class:`~solver.continental.played_sampler.PlayedSampler`)."""
    refused: int = 0
    """The cards each other player turned down (its ``discarded``): every kind of card, so its
    hand is played forward again and again (:data:`~solver.continental.played_sampler.ATTEMPTS`)."""


@dataclass(frozen=True)
class PricedAnswer:
    """What the bench reads of an expected-points answer: whether it played every sample."""

    complete: bool


def _priced_others(case: ContinentalCase, rng: random.Random) -> tuple[int, ...]:
    """Other players holding the cards dealt, as many as the cards left allow (at least one)."""
    dealt = CONTRACTS[case.hand_number].cards_dealt
    room = (len(case.pool()) - 1) // max(1, dealt)
    most = max(1, min(case.max_players - 1, room))
    return (dealt,) * rng.randint(1, most)


def _priced_generate(rng: random.Random) -> PricedCase:
    case = _continental_generate(rng)
    return PricedCase(case, _priced_others(case, rng), rng.choice((48, CONTINENTAL_MAX_SAMPLES)),
                      rng.choice((0, 8, CONTINENTAL_MAX_TURNS_TOLD)), rng.choice((0, len(TURNED_DOWN))))


def _priced_mutate(priced: object, rng: random.Random) -> PricedCase | None:
    assert isinstance(priced, PricedCase)
    case = _continental_mutate(priced.case, rng)
    return None if case is None else PricedCase(case, _priced_others(case, rng), priced.samples, priced.turns,
                                                priced.refused)


def _priced_call(priced: object, deadline: Deadline) -> object:
    assert isinstance(priced, PricedCase)
    case = priced.case
    try:
        told = advise_by_objective(
            case.hand, CONTRACTS[case.hand_number], objective="expected_points", dropped=case.dropped,
            table=case.table, discard_top=case.discard_top, seen=case.seen, options=case.options,
            drawn=case.drawn, others=[
                OtherPlayer(size, turns=priced.turns, discarded=TURNED_DOWN[:priced.refused])
                for size in priced.others],
            samples=priced.samples, deadline=deadline)
    except InvalidInputError:  # knowledge no deal fits (the API answers 422): no cost to time
        return PricedAnswer(True)
    return PricedAnswer(told.expected is None or told.expected.complete)


def _priced_describe(priced: object) -> str:
    assert isinstance(priced, PricedCase)
    return (f"{priced.samples} samples, {len(priced.others)} others, {priced.turns} turns and "
            f"{priced.refused} cards turned down each: "
            + _continental_describe(priced.case))


TARGETS: dict[str, Target] = {
    "continental_advice": Target(
        name="continental_advice", generate=_continental_generate, mutate=_continental_mutate,
        call=_continental_call, describe=_continental_describe, reset=clear_caches,
        seeds=_seed_cases(), spell=_continental_spell),
    "continental_expected_points": Target(
        name="continental_expected_points", generate=_priced_generate, mutate=_priced_mutate,
        call=_priced_call, describe=_priced_describe, reset=clear_caches,
        seeds=tuple(PricedCase(case, (CONTRACTS[case.hand_number].cards_dealt,) * 3)
                    for case in _seed_cases()[:2])),
    **{fields["name"]: Target(**fields) for fields in ramchi_targets()},  # type: ignore[arg-type]
}
"""Every target the search knows, by name (another endpoint: one more entry)."""

# ---------------------------------------------------------------------------------------------
# The search.


@dataclass(order=True)
class Timing:
    """One timed call: seconds, whether it ran out of the budget, the target and its input."""

    seconds: float
    over_budget: bool = field(compare=False)
    anytime: bool = field(compare=False)
    """The call answered in time with less than it was asked (``complete`` false)."""
    target: str = field(compare=False)
    label: str = field(compare=False)
    case: object = field(compare=False, repr=False)


def time_call(target: Target, case: object, budget: float) -> Timing | None:
    """Time one call with a fresh deadline of ``budget`` seconds (None: the input was refused)."""
    target.reset()
    deadline = Deadline.after(budget)
    started = time.perf_counter()
    over = anytime = False
    try:
        result = target.call(case, deadline)
        anytime = getattr(result, "complete", True) is False
    except (BudgetExceededError, SolverTimeoutError):
        over = True
    except InvalidInputError:  # also LimitExceededError: not a legal request
        return None
    return Timing(time.perf_counter() - started, over, anytime, target.name, target.describe(case),
                  case)


def search(targets: Sequence[Target], seconds: float, budget: float, rng: random.Random,
           keep: int = 10) -> tuple[list[Timing], int]:
    """The slowest distinct inputs found in ``seconds`` (seeds, random, then hill-climbing),
    and how many calls were timed."""
    stop = time.monotonic() + seconds
    explore_until = time.monotonic() + seconds / 3
    found: dict[str, Timing] = {}
    calls = 0

    def record(timing: Timing | None) -> None:
        nonlocal calls
        calls += 1
        if timing is not None and (timing.label not in found or found[timing.label] < timing):
            found[timing.label] = timing

    for target in targets:
        for case in target.seeds:
            record(time_call(target, case, budget))
    by_name = {t.name: t for t in targets}
    while time.monotonic() < stop:
        target = rng.choice(list(targets))
        if time.monotonic() < explore_until or not found:
            record(time_call(target, target.generate(rng), budget))
            continue
        slowest = sorted(found.values(), reverse=True)[:keep]
        parent = rng.choice(slowest)
        target = by_name[parent.target]
        child = target.mutate(parent.case, rng)
        if child is not None:
            record(time_call(target, child, budget))
    return sorted(found.values(), reverse=True), calls


# ---------------------------------------------------------------------------------------------
# The table.


def table(rows: Sequence[Timing], budget: float, markdown: bool, width: int = 150) -> str:
    """The slowest inputs with their time against the budget, as plain text or Markdown."""
    header = ["#", "target", "ms", "of budget", "result", "input"]
    lines = []
    for i, row in enumerate(rows, 1):
        result = "over budget" if row.over_budget else "anytime" if row.anytime else "ok"
        lines.append([str(i), row.target, f"{1000 * row.seconds:.0f}", f"{row.seconds / budget:.0%}",
                      result, row.label])
    if markdown:
        out = ["| " + " | ".join(header) + " |", "|" + "|".join(["---:", "---", "---:", "---:", "---",
                                                                  "---"]) + "|"]
        out += ["| " + " | ".join(line) + " |" for line in lines]
        return "\n".join(out)
    widths = [max(len(header[c]), *(len(line[c]) for line in lines)) for c in range(5)]
    out = ["  ".join(h.rjust(w) if c in (0, 2, 3) else h.ljust(w)
                     for c, (h, w) in enumerate(zip(header[:5], widths, strict=True))) + "  input"]
    for line in lines:
        text = "  ".join(v.rjust(w) if c in (0, 2, 3) else v.ljust(w)
                         for c, (v, w) in enumerate(zip(line[:5], widths, strict=True)))
        label = line[5]
        room = max(20, width - len(text) - 2)
        out.append(f"{text}  {label if len(label) <= room else label[:room - 1] + '…'}")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to search (default 60)")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET_S,
                        help=f"each call's deadline in seconds (default {DEFAULT_BUDGET_S:g})")
    parser.add_argument("--target", action="append", choices=sorted(TARGETS),
                        help="a target to search (repeatable; default every target)")
    parser.add_argument("--top", type=int, default=10, help="how many of the slowest to print")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--show", type=int, default=0, help="write out the N slowest inputs in full")
    args = parser.parse_args(argv)
    targets = [TARGETS[name] for name in (args.target or sorted(TARGETS))]
    started = time.monotonic()
    rows, calls = search(targets, args.seconds, args.budget, random.Random(args.seed), keep=args.top)
    elapsed = time.monotonic() - started
    over = sum(row.over_budget for row in rows)
    print(f"{calls} calls in {elapsed:.0f} s ({', '.join(t.name for t in targets)}), budget "
          f"{args.budget:g} s; {over} of the {len(rows)} distinct inputs kept ran out of it\n")
    print(table(rows[:args.top], args.budget, args.markdown))
    by_name = {t.name: t for t in targets}
    for i, row in enumerate(rows[:args.show], 1):
        print(f"\n#{i} {row.target}: {by_name[row.target].spell(row.case)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
