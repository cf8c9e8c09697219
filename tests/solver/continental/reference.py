"""Independent brute-force references for the Continental solver tests (no solver code imported).

Distance
--------
A solution of ``distance`` is a set of contract melds in ``H + X``. Keep, of
each meld, only the natural cards that came from the hand: what is left is a
*partial meld*, i.e. either nothing, or 1-3 naturals of one rank (a trio), or
1-4 naturals of one suit on distinct positions of one 4-card window (a run).
Conversely, any choice of disjoint partial melds (one per contract meld) is
completed by the hand's jokers and then by drawn cards, a meld holding no hand
natural needing one drawn natural. With ``a`` hand naturals used, ``e`` partial
melds empty, ``J`` jokers in hand and ``S`` cards in the contract's melds, the
melds need ``max(S - a - J, e)`` drawn cards, and ``S + spare - n`` bounds the
total from below (an ``n``-card hand must end with ``S + spare`` cards). So::

    distance = max(min over choices of max(S - a - J, e), S + spare - n)

and the reference tries every choice of partial melds (a plain recursion, with
a branch-and-bound that only skips choices whose bound cannot beat the best).

Points left
-----------
Every drop is enumerated: every disjoint choice of trios (any 3 hand cards that
``make_trio`` accepts) and runs (any 4 hand cards that ``make_run(ordered=True)``
accepts in some window). After the drop, a memoised depth-first search tries
every lay-off with :func:`lay_off` on every meld, both joker ends, stopping at
any point to make the best discard. Cards that differ only by copy number are
interchangeable while both are in the hand, so drops are deduplicated by codes
and only the lowest copy of identical hand cards is tried in a lay-off.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from itertools import combinations

from rulesets.cards import Card, Rank
from rulesets.continental.contracts import Contract
from rulesets.continental.melds import Meld, Run, Trio, lay_off, make_run, make_trio, trio_problems
from rulesets.continental.points import card_points
from rulesets.errors import InvalidInputError

__all__ = ["JOKER", "TYPES", "counts_of_cards", "ref_can_drop", "ref_distance", "ref_outs", "ref_points_left"]

TYPES = 53
JOKER = 52

Partial = tuple[tuple[int, ...], int]  # (the card types used, one entry per card; its size)


def counts_of_cards(cards: Sequence[Card]) -> tuple[int, ...]:
    """The 53 type counts of some cards (0-51 = :attr:`Card.index`, 52 = joker)."""
    counts = [0] * TYPES
    for card in cards:
        counts[JOKER if card.is_joker else card.index] += 1
    return tuple(counts)


def _card_key(card: Card) -> tuple[int, int, int]:
    """A sort key for physical cards, jokers last."""
    if card.rank is None or card.suit is None:
        return (99, 0, card.copy)
    return (int(card.rank), int(card.suit), card.copy)


def _type(rank: int, suit: int) -> int:
    """The type index of rank 2..14 and suit 0..3 (2c = 0 ... As = 51)."""
    return (rank - 2) * 4 + suit


def _position_type(position: int, suit: int) -> int:
    """The type standing at run position 1..14 of a suit (1 and 14 are the ace)."""
    return _type(14 if position in (1, 14) else position, suit)


def _partial_trios(counts: Sequence[int]) -> list[Partial]:
    """Every multiset of 1-3 hand naturals of one rank (suits may repeat)."""
    found: set[tuple[int, ...]] = set()
    for rank in range(2, 15):
        pool = [t for t in (_type(rank, s) for s in range(4)) for _ in range(counts[t])]
        for size in (1, 2, 3):
            for combo in combinations(pool, size):
                found.add(tuple(sorted(combo)))
    return [(combo, len(combo)) for combo in found]


def _partial_runs(counts: Sequence[int]) -> list[Partial]:
    """Every set of 1-4 hand naturals of one suit on distinct positions of one 4-card window."""
    found: set[tuple[int, ...]] = set()
    for suit in range(4):
        for start in range(1, 12):
            held = [_position_type(p, suit) for p in range(start, start + 4)
                    if counts[_position_type(p, suit)] > 0]
            for size in range(1, len(held) + 1):
                for combo in combinations(held, size):
                    found.add(tuple(sorted(combo)))
    return [(combo, len(combo)) for combo in found]


def ref_distance(counts: Sequence[int], contract: Contract, *, spare: int = 1,
                 below: int | None = None) -> int:
    """The distance of a hand given as 53 type counts, by trying every choice of partial melds.

    With ``below``, only answers smaller than ``below`` are searched for, and
    ``below`` itself is returned when there is none (``ref_distance(h, c,
    below=d) < d`` says whether the distance is under ``d``).
    """
    counts = list(counts)
    n = sum(counts)
    jokers = counts[JOKER]
    size = 3 * contract.trios + 4 * contract.runs
    floor = max(0, size + spare - n)
    kinds = [(3, _partial_trios(counts))] * contract.trios + [(4, _partial_runs(counts))] * contract.runs
    # room[i]: the most naturals melds i.. can still take
    room = [sum(k for k, _ in kinds[i:]) for i in range(len(kinds) + 1)]
    cap = size + spare + 100 if below is None else below
    best = [cap]

    def search(i: int, first: int, used: int, empty: int) -> None:
        """Choose the partial meld for contract meld ``i`` (candidates from ``first`` on, or none)."""
        bound = max(size - used - room[i] - jokers, empty, floor)
        if bound >= best[0]:
            return
        if i == len(kinds):
            best[0] = max(size - used - jokers, empty, floor)
            return
        same_kind = i > 0 and kinds[i - 1] is kinds[i]
        start = first if same_kind else 0
        candidates = kinds[i][1]
        for index in range(start, len(candidates)):
            combo, k = candidates[index]
            if all(counts[t] >= combo.count(t) for t in set(combo)):
                for t in combo:
                    counts[t] -= 1
                search(i + 1, index, used + k, empty)
                for t in combo:
                    counts[t] += 1
                if best[0] <= floor:
                    return
        # the meld takes no hand natural; "none" sorts after every candidate
        search(i + 1, len(candidates), used, empty + 1)

    search(0, 0, 0, 0)
    return best[0]


def ref_outs(counts: Sequence[int], contract: Contract, *, spare: int = 1) -> tuple[int, ...]:
    """Every type whose drawing lowers the distance, by one reference distance per type."""
    now = ref_distance(counts, contract, spare=spare)
    outs = []
    for t in range(TYPES):
        more = list(counts)
        more[t] += 1
        if ref_distance(more, contract, spare=spare, below=now) < now:
            outs.append(t)
    return tuple(outs)


def _trios_of(hand: Sequence[Card]) -> list[Trio]:
    """Every trio of exactly three hand cards."""
    return [make_trio(combo) for combo in combinations(hand, 3) if not trio_problems(combo)]


def _runs_of(hand: Sequence[Card]) -> list[Run]:
    """Every run of exactly four hand cards, in every window they fit (jokers in any free place)."""
    runs: set[Run] = set()
    for combo in combinations(hand, 4):
        naturals = [c for c in combo if not c.is_joker]
        jokers = sorted((c for c in combo if c.is_joker), key=_card_key)
        if not naturals or len({c.suit for c in naturals}) != 1:
            continue
        for start in range(1, 12):
            window = range(start, start + 4)
            placed: dict[int, Card] = {}
            fits = True
            for card in naturals:
                spots = [p for p in window
                         if (p in (1, 14) if card.rank is Rank.ACE else p == int(card.rank))]
                if len(spots) != 1 or spots[0] in placed:
                    fits = False
                    break
                placed[spots[0]] = card
            if not fits:
                continue
            free = iter(jokers)
            ordered = [placed[p] if p in placed else next(free) for p in window]
            try:
                runs.add(make_run(ordered, ordered=True))
            except InvalidInputError:
                continue
    return sorted(runs, key=lambda r: (r.suit, r.start, [_card_key(c) for c in r.cards]))


def _meld_key(meld: Meld) -> tuple[object, ...]:
    """A meld up to copy numbers (the kind, where it starts, the codes of its cards)."""
    start = meld.start if isinstance(meld, Run) else 0
    return (type(meld).__name__, start, tuple(c.code for c in meld.cards))


def _drops(hand: Sequence[Card], contract: Contract) -> list[tuple[Meld, ...]]:
    """Every drop of the contract from the hand, one per arrangement up to copy numbers."""
    trios, runs = _trios_of(hand), _runs_of(hand)
    found: dict[tuple[object, ...], tuple[Meld, ...]] = {}

    def pick(chosen: list[Meld], used: set[Card], pool: list[Meld], first: int, left: int,
             then: tuple[list[Meld], int] | None) -> None:
        if left == 0:
            if then is not None:
                pick(chosen, used, then[0], 0, then[1], None)
                return
            key = tuple(sorted(_meld_key(m) for m in chosen))
            found.setdefault(key, tuple(chosen))
            return
        for index in range(first, len(pool)):
            meld = pool[index]
            if used.isdisjoint(meld.cards):
                pick([*chosen, meld], used | set(meld.cards), pool, index + 1, left - 1, then)

    pick([], set(), trios, 0, contract.trios, (runs, contract.runs))
    return list(found.values())


def ref_can_drop(hand: Sequence[Card], contract: Contract, *, spare: int = 1) -> bool:
    """Whether some drop of the contract, made of the hand's own cards, leaves ``spare`` cards."""
    size = 3 * contract.trios + 4 * contract.runs
    return len(hand) - size >= spare and bool(_drops(tuple(sorted(hand, key=_card_key)), contract))


def _after_discard(hand: tuple[Card, ...], card_values: str) -> int:
    """The points left after discarding the costliest card (0 for an empty hand)."""
    if not hand:
        return 0
    points = [card_points(c, card_values) for c in hand]
    return sum(points) - max(points)


def _best_lay_offs(melds: tuple[Meld, ...], hand: tuple[Card, ...], spare: int, card_values: str,
                   memo: dict[tuple[tuple[Meld, ...], tuple[Card, ...]], int]) -> int:
    """The fewest points left: stop now and discard, or lay off one more card and go on."""
    key = (melds, hand)
    if key in memo:
        return memo[key]
    best = _after_discard(hand, card_values)
    if best > 0 and len(hand) - 1 >= spare:
        tried: set[str] = set()
        for i, card in enumerate(hand):
            if card.code in tried:  # an identical copy in hand plays the same way
                continue
            tried.add(card.code)
            rest = hand[:i] + hand[i + 1:]
            for m, meld in enumerate(melds):
                results = set()
                for end in ("high", "low"):
                    with suppress(InvalidInputError):
                        results.add(lay_off(meld, card, end))
                for result in results:
                    after = (*melds[:m], result, *melds[m + 1:])
                    best = min(best, _best_lay_offs(after, rest, spare, card_values, memo))
                    if best == 0:
                        memo[key] = 0
                        return 0
    memo[key] = best
    return best


def ref_points_left(hand: Sequence[Card], contract: Contract, *, dropped: bool = False,
                    table: Sequence[Meld] = (), spare: int = 1,
                    card_values: str = "standard") -> tuple[bool, int | None]:
    """``(can_drop, points_left)``: the fewest points left after any legal turn.

    ``points_left`` is None when the hand has not dropped and cannot drop now.
    A drop must leave ``spare`` cards in hand, like any lay-off.
    """
    cards = tuple(sorted(hand, key=_card_key))
    if dropped:
        return False, _best_lay_offs(tuple(table), cards, spare, card_values, {})
    size = 3 * contract.trios + 4 * contract.runs
    if len(cards) - size < spare:
        return False, None
    best: int | None = None
    memo: dict[tuple[tuple[Meld, ...], tuple[Card, ...]], int] = {}
    for drop in _drops(cards, contract):
        in_drop = {c for meld in drop for c in meld.cards}
        rest = tuple(c for c in cards if c not in in_drop)
        points = _best_lay_offs((*drop, *table), rest, spare, card_values, memo)
        best = points if best is None else min(best, points)
        if best == 0:
            break
    return best is not None, best
