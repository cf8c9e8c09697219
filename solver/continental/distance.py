"""Distance to a Continental contract and the outs that shorten it, computed exactly.

The *distance* of a hand is the smallest number of cards that, added to it, let it
lay down its contract at the melds' minimum sizes (trio 3 cards, run 4) and still
keep ``spare`` further cards (1: a card to discard; 0 under ``go_out_without_discard``).
The *outs* are the card types whose draw lowers the distance by one.

How it is computed (exact, no search over added cards):

* Let ``N`` be the most natural cards of the hand the contract's melds can use
  (each card once, each meld any target: a trio takes up to 3 naturals of its
  rank, a run up to one copy of each of its 4 cards). With ``S`` slots
  (3 per trio, 4 per run), ``M`` melds and ``J`` jokers, the distance is
  ``max(S + spare - size, max(M, S - J) - N, 0)``: moving a natural from a meld
  holding two to an empty meld keeps ``N``, so at most ``max(0, M - N)`` melds
  stay without a natural, and each of those needs a drawn natural.
* ``N`` = max over trio ranks ``K`` of (trio naturals + runs on what is left).
  A trio rank ``r`` with ``c`` naturals and ``k`` trios leaves the runs
  ``c - 3k`` of them (``min(c, 3k + x) = min(c, 3k) + min(c - 3k, x)``); only
  when that budget is below what the runs could take does the rank couple the
  suits, and then each way to spread the budget over the suits is tried. The
  runs are a knapsack over the four suits of per-suit tables (most naturals
  ``n`` = 0..runs windows cover in one suit, ace at both ends; every window
  multiset is scored with bit masks), each cached by the suit's 13 counts.
  Trio choices go most-trio-naturals first and stop once even a full runs
  knapsack could not catch up with the best found.
* The tables also record, for each ``n``, which ranks would raise the table if
  added (*outs*) and which held ranks could be removed without lowering it
  (*free* cards). An out of the hand is a card that raises ``N``, which is
  exactly a card raising a table that is tight in an optimal split (or any
  card when an optimal choice has an empty meld); a card can be discarded
  without raising the distance when it is free in some optimal choice.

>>> from rulesets.continental.contracts import CONTRACTS
>>> from rulesets.cards import parse_cards
>>> from solver.continental.cardtypes import counts_of
>>> hand = counts_of(parse_cards("2c 3c 4c 5c 7d 8d 9d Td Jh Qh Kh 2s 3s", decks=2))
>>> distance(hand, CONTRACTS[7])  # 2345♣ and 789T♦ are runs, J-Q-K♥ lacks one card
1
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations_with_replacement, product

import numpy as np

from rulesets.continental.contracts import Contract, drop_size
from rulesets.continental.melds import rank_at, run_windows
from solver.budget import Deadline, deadline_or_none

__all__ = [
    "ALL_TYPES",
    "ASK_LESS",
    "DELTA",
    "JOKER_SHIFT",
    "NATURAL_KEY",
    "HandAnalysis",
    "analyse",
    "analysis_of",
    "clear_caches",
    "distance",
    "distance_of",
    "encode",
    "outs",
    "outs_mask",
]

_BITS = 3
"""Bits per card type in an encoded hand (counts up to 7 per type)."""
_SUIT_SHIFT = 13 * _BITS
_RANK_FIELD = (1 << _BITS) - 1
_SUIT_FIELD = (1 << _SUIT_SHIFT) - 1
_JOKER_SHIFT = 4 * _SUIT_SHIFT
JOKER_SHIFT = _JOKER_SHIFT
"""Where an encoded hand's joker count starts (the naturals' fields below it)."""
_ALL_RANKS = (1 << 13) - 1
_NATURALS = (1 << 52) - 1
_NATURAL_KEY = (1 << _JOKER_SHIFT) - 1
NATURAL_KEY = _NATURAL_KEY
"""The naturals' fields of an encoded hand (``key & NATURAL_KEY`` leaves the jokers out)."""
JOKER_TYPE = 52
ALL_TYPES = (1 << 53) - 1
"""The mask of every card type (0-52): the outs of a hand that is only short of cards."""

DELTA: tuple[int, ...] = tuple(
    [1 << (_SUIT_SHIFT * (t % 4) + _BITS * (t // 4)) for t in range(52)] + [1 << _JOKER_SHIFT])
"""What adding one card of each type (0-52) adds to a hand made by :func:`encode`."""


def encode(counts: Sequence[int]) -> int:
    """A hand of 53 counts as one integer: 3 bits per natural type, by suit, jokers on top.

    Adding a card of type ``t`` is adding ``DELTA[t]``.

    >>> encode([1] + [0] * 51 + [2]) == DELTA[0] + 2 * DELTA[52]
    True
    """
    key = 0
    for t in range(52):
        n = counts[t]
        if n:
            if n > _RANK_FIELD:
                raise ValueError("at most 7 copies of a card type are supported")
            key += n * DELTA[t]
    return key + counts[JOKER_TYPE] * DELTA[JOKER_TYPE]


# ---------------------------------------------------------------------------------------------
# Per-suit run tables.

@functools.cache
def _window_covers(n: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of ``n`` run windows in one suit, as rank masks of its coverage layers.

    The windows are the rules' (:func:`~rulesets.continental.melds.run_windows`: four
    positions of ``A 2 3 … K A``, from A-2-3-4 to J-Q-K-A); layer ``k`` of a multiset is the
    mask of ranks (bit 0 = deuce, bit 12 = ace) covered at least ``k + 1`` times.

    >>> len(_window_covers(1)), _window_covers(1)[0] == ((1 << 12) | 0b111,)  # A-2-3-4
    (11, True)
    """
    out = []
    for windows in combinations_with_replacement(run_windows(), n):
        cover = [0] * 13
        for window in windows:
            for position in window:
                cover[rank_at(position) - 2] += 1
        out.append(tuple(sum(1 << i for i in range(13) if cover[i] > k) for k in range(n)))
    return tuple(out)


def _layers(key: int) -> list[int]:
    """Rank masks of a suit's counts: layer ``k`` holds the ranks held more than ``k`` times."""
    layers: list[int] = []
    k = 0
    while True:
        mask = 0
        for i in range(13):
            if (key >> (_BITS * i)) & _RANK_FIELD > k:
                mask |= 1 << i
        if not mask:
            return layers
        layers.append(mask)
        k += 1


@functools.cache
def _cover_rows(runs: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The window multisets of :func:`_window_covers` for ``n`` = 1..runs as one array (a row per
    multiset, ``runs`` layers, the layers past ``n`` empty), where each ``n`` starts, and each
    row's ``n - 1``.
    """
    rows: list[list[int]] = []
    starts: list[int] = []
    for n in range(1, runs + 1):
        starts.append(len(rows))
        rows.extend([*cover, *([0] * (runs - n))] for cover in _window_covers(n))
    first = np.array(starts)
    group = np.repeat(np.arange(runs), np.diff(np.append(first, len(rows))))
    return np.array(rows, dtype=np.int64), first, group


@functools.lru_cache(maxsize=1 << 16)
def _suit_table(key: int, runs: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For ``n`` = 0..runs windows in one suit: most naturals covered, out ranks, free ranks.

    ``out[n]`` has the ranks whose extra copy would raise ``value[n]``; ``free[n]`` the held
    ranks one copy of which can go without lowering it. Every multiset of exactly ``n``
    windows is tried (a spare window anywhere is how an empty run shows all ranks as outs), all
    at once: a multiset covers ``sum(popcount(held[k] & cover[k]))`` naturals, its outs are the
    ranks it covers more often than they are held, its free ranks those held more often than
    covered.
    """
    held = _layers(key)
    covers, starts, group = _cover_rows(runs)
    layers = np.zeros(runs, dtype=np.int64)
    layers[:min(len(held), runs)] = held[:runs]
    values = np.bitwise_count(covers & layers).sum(axis=1)
    best = np.maximum.reduceat(values, starts)
    tight = values == best[group]
    outs_ = np.bitwise_or.reduceat(np.where(tight, np.bitwise_or.reduce(covers & ~layers, axis=1), 0), starts)
    frees = np.bitwise_or.reduceat(np.where(tight, np.bitwise_or.reduce(layers & ~covers, axis=1), 0), starts)
    deeper = held[runs] if len(held) > runs else 0  # copies no run could take
    return ((0, *best.tolist()), (0, *(outs_ & _ALL_RANKS).tolist()),
            (held[0] if held else 0, *(frees | deeper).tolist()))


@functools.cache
def _compositions(runs: int) -> tuple[tuple[int, int, int, int], ...]:
    """The ways to split ``runs`` windows over the four suits."""
    return tuple(c for c in product(range(runs + 1), repeat=4) if sum(c) == runs)


@functools.lru_cache(maxsize=1 << 16)
def _knapsack(keys: tuple[int, ...], runs: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """Most naturals ``runs`` windows cover over four suits, with per-suit out and free ranks.

    Out/free ranks are those of the suit tables at every split that reaches the best value.
    """
    tables = [_suit_table(k, runs) for k in keys]
    v0, v1, v2, v3 = (t[0] for t in tables)
    best = -1
    tight: list[tuple[int, int, int, int]] = []
    for comp in _compositions(runs):
        a, b, c, d = comp
        value = v0[a] + v1[b] + v2[c] + v3[d]
        if value > best:
            best, tight = value, [comp]
        elif value == best:
            tight.append(comp)
    out = [0, 0, 0, 0]
    free = [0, 0, 0, 0]
    for comp in tight:
        for s in range(4):
            table = tables[s]
            out[s] |= table[1][comp[s]]
            free[s] |= table[2][comp[s]]
    return best, tuple(out), tuple(free)


@functools.lru_cache(maxsize=1 << 16)
def _knapsack_value(keys: tuple[int, ...], runs: int) -> int:
    """Just the value of :func:`_knapsack`."""
    if runs == 1:
        return max(_suit_table(k, 1)[0][1] for k in keys)
    tables = [_suit_table(k, runs)[0] for k in keys]
    if runs == 2:
        ones = sorted(t[1] for t in tables)
        return max(ones[2] + ones[3], *(t[2] for t in tables))
    v0, v1, v2, v3 = tables
    return max(v0[a] + v1[b] + v2[c] + v3[d] for a, b, c, d in _compositions(runs))


# ---------------------------------------------------------------------------------------------
# Trios: choices of trio ranks and the suit counts they leave the runs.

Choice = tuple[tuple[int, int], ...]
"""Trio ranks and how many trios each: ``((rank, trios), ...)``."""
Knapsack = tuple[int, tuple[int, ...], tuple[int, ...]]
"""What :func:`_knapsack` finds: the most naturals, and each suit's out and free ranks."""


def _trio_choices(rank_counts: Sequence[int], trios: int) -> Iterator[tuple[Choice, int]]:
    """Multisets of trio ranks worth considering, as ``((rank, trios), ...)`` and the naturals used.

    A rank is given at most as many trios as it can feed (``ceil(count / 3)``); unassigned
    trios are empty (no natural yet).
    """
    items = [(r, k) for r in range(13) for k in range(1, min(trios, -(-rank_counts[r] // 3)) + 1)]

    following = [next((j for j in range(i, len(items)) if items[j][0] != items[i][0]), len(items))
                 for i in range(len(items))]

    def rec(start: int, left: int, chosen: tuple[tuple[int, int], ...],
            used: int) -> Iterator[tuple[tuple[tuple[int, int], ...], int]]:
        yield chosen, used
        if left == 0:
            return
        for i in range(start, len(items)):
            r, k = items[i]
            if k <= left:
                yield from rec(following[i], left - k, (*chosen, (r, k)), used + min(rank_counts[r], 3 * k))

    yield from rec(0, trios, (), 0)


@functools.lru_cache(maxsize=1 << 16)
def _rank_counts(key: int) -> tuple[int, ...]:
    """The 13 counts of an encoded suit."""
    return tuple((key >> (_BITS * r)) & _RANK_FIELD for r in range(13))


def _ordered_choices(rank_counts: Sequence[int], trios: int,
                     floor: Callable[[], int]) -> Iterator[tuple[tuple[tuple[int, int], ...], int]]:
    """:func:`_trio_choices`, most naturals first; for 1-2 trios without the generator.

    With 2 trios, pairs of ranks come after every single rank, and only pairs whose trio
    naturals reach ``floor()`` (asked after the singles) are listed.
    """
    if trios > 2:
        yield from sorted(_trio_choices(rank_counts, trios), key=lambda cu: -cu[1])
        return
    singles = [(((r, 1),), min(c, 3)) for r, c in enumerate(rank_counts) if c]
    if trios == 2:
        singles += [(((r, 2),), min(c, 6)) for r, c in enumerate(rank_counts) if c > 3]
    singles.append(((), 0))
    singles.sort(key=lambda cu: -cu[1])
    yield from singles
    if trios == 2:
        least = floor()
        ones = [(item[0], u) for item, u in singles if item and item[0][1] == 1]
        pairs = [((a, b), ua + ub) for i, (a, ua) in enumerate(ones) for b, ub in ones[i + 1:]
                 if ua + ub >= least]
        pairs.sort(key=lambda cu: -cu[1])
        yield from pairs


def _configs(keys: tuple[int, ...], rank_counts: Sequence[int], choice: tuple[tuple[int, int], ...],
             runs: int) -> list[tuple[int, ...]]:
    """The suit counts the runs may use once the trios of ``choice`` took their naturals.

    A trio rank with budget ``b = count - 3k`` lets the runs take at most ``b`` of its
    naturals; when that binds, every way to pick ``b`` of them over the suits is a config.
    """
    configs: list[tuple[int, ...]] = [keys]
    for r, k in choice:
        count = rank_counts[r]
        budget = count - 3 * k
        if budget >= runs or budget >= count:
            continue
        shift = _BITS * r
        field = _RANK_FIELD << shift
        if budget <= 0:
            configs = [(a & ~field, b & ~field, c & ~field, d & ~field) for a, b, c, d in configs]
            continue
        new: list[tuple[int, ...]] = []
        for cfg in configs:
            held = [(key >> shift) & _RANK_FIELD for key in cfg]
            cleared = [key & ~field for key in cfg]
            for cap in product(*(range(h + 1) for h in held)):
                if sum(cap) == budget:
                    new.append(tuple(cleared[s] | (cap[s] << shift) for s in range(4)))
        configs = new
    return configs


def _choice_value(keys: Sequence[int], rank_counts: Sequence[int], choice: tuple[tuple[int, int], ...],
                  runs: int) -> int:
    """Most naturals the contract uses with the trio ranks of ``choice``."""
    trio = sum(min(rank_counts[r], 3 * k) for r, k in choice)
    if runs == 0:
        return trio
    return trio + max(_knapsack_value(cfg, runs) for cfg in _configs(keys, rank_counts, choice, runs))


# ---------------------------------------------------------------------------------------------
# The analysis of one hand.

def clear_caches() -> None:
    """Forget every cached table and analysis (for cold timings and to free memory).

    >>> clear_caches()
    """
    for cached in (_suit_table, _knapsack, _knapsack_value, _rank_counts, _trio_analysis, analyse):
        cached.cache_clear()


class HandAnalysis:
    """``naturals`` (most naturals the melds use), ``out`` and ``free`` masks over types 0-51.

    ``out`` has bit ``t`` when one more card of type ``t`` raises ``naturals``; ``free`` when a
    held card of type ``t`` can go without lowering it.
    """

    __slots__ = ("free", "naturals", "out")

    def __init__(self, naturals: int, out: int, free: int) -> None:
        self.naturals = naturals
        self.out = out
        self.free = free

    def __repr__(self) -> str:
        return f"HandAnalysis(naturals={self.naturals}, out={self.out:#x}, free={self.free:#x})"


def _spread(masks: Sequence[int]) -> int:
    """Per-suit rank masks to one mask over types ``rank * 4 + suit``."""
    out = 0
    for s, mask in enumerate(masks):
        out |= _SPREAD[mask] << s
    return out


def _spread_table() -> list[int]:
    table = [0] * (1 << 13)
    for mask in range(1, 1 << 13):
        low = mask & -mask
        table[mask] = table[mask ^ low] | (1 << (4 * (low.bit_length() - 1)))
    return table


_SPREAD = _spread_table()


@functools.lru_cache(maxsize=1 << 16)
def analyse(key: int, trios: int, runs: int) -> HandAnalysis:
    """The most naturals the contract's melds use in an encoded hand, and its out/free cards.

    >>> from rulesets.cards import parse_cards
    >>> from solver.continental.cardtypes import counts_of
    >>> a = analyse(encode(counts_of(parse_cards("7c 7d 8h"))), 2, 0)
    >>> a.naturals, bin(a.out).count("1")
    (3, 8)
    """
    keys = ((key & _SUIT_FIELD), (key >> _SUIT_SHIFT) & _SUIT_FIELD,
            (key >> (2 * _SUIT_SHIFT)) & _SUIT_FIELD, (key >> (3 * _SUIT_SHIFT)) & _SUIT_FIELD)
    if trios == 0:
        value, out, free = _knapsack(keys, runs)
        return HandAnalysis(value, _spread(out), _spread(free))
    rank_counts = [a + b + c + d for a, b, c, d in zip(*map(_rank_counts, keys), strict=True)]
    if runs == 0:
        return _trio_analysis(tuple(rank_counts), trios)
    base, base_out, base_free = _knapsack(keys, runs)
    # The runs left by one trio rank alone bound every choice holding it (fewer naturals only
    # shrink the runs' knapsack): value(choice) <= used + min over its ranks of that.
    solved: dict[Choice, list[tuple[tuple[int, ...], Knapsack]]] = {}

    def knapsacks(choice: Choice) -> list[tuple[tuple[int, ...], Knapsack]]:
        """The runs' configs of ``choice`` and their knapsacks, worked out once."""
        found = solved.get(choice)
        if found is None:
            found = [(cfg, _knapsack(cfg, runs) if cfg != keys else (base, base_out, base_free))
                     for cfg in _configs(keys, rank_counts, choice, runs)]
            solved[choice] = found
        return found

    alone: dict[tuple[int, int], int] = {}

    def runs_alone(item: tuple[int, int]) -> int:
        """The runs' naturals once ``item``'s trio took its own (with one trio, the knapsacks
        the outs need later; with more, only the value: most such bounds are never tight).
        """
        if trios == 1:
            return max(solution[0] for _, solution in knapsacks((item,)))
        found = alone.get(item)
        if found is None:
            found = max(_knapsack_value(cfg, runs) for cfg in _configs(keys, rank_counts, (item,), runs))
            alone[item] = found
        return found

    best = -1
    tight: list[tuple[Choice, int]] = []

    def floor() -> int:
        return best - base

    for choice, used in _ordered_choices(rank_counts, trios, floor):
        if used + base < best:
            if len(choice) < 2 and trios == 2:
                continue  # the pairs come next, in their own order
            break
        if not choice:
            value = base
        else:
            value = used + min(runs_alone(item) for item in choice)
            if value < best:
                continue
            if len(choice) > 1:
                value = _choice_value(keys, rank_counts, choice, runs)
        if value > best:
            best, tight = value, [(choice, used)]
        elif value == best:
            tight.append((choice, used))
    out_masks = [0, 0, 0, 0]
    free_masks = [0, 0, 0, 0]
    every_out = False
    direct_out = 0
    direct_free = 0
    for choice, used in tight:
        if sum(k for _, k in choice) < trios:
            every_out = True
        trio_ranks = 0
        for r, _ in choice:
            trio_ranks |= 1 << r
        keep = ~trio_ranks
        target = best - used
        # the tight configs, each with its knapsack's outs and frees
        tight_configs: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []
        for cfg, (value, out, free) in knapsacks(choice):
            if value != target:
                continue
            tight_configs.append((cfg, out, free))
            for s in range(4):
                out_masks[s] |= out[s] & keep
                free_masks[s] |= free[s] & keep
        for r, k in choice:
            shift = _BITS * r
            for s in range(4):
                t = 4 * r + s
                held = (keys[s] >> shift) & _RANK_FIELD
                short = rank_counts[r] < 3 * k
                if short or (not (direct_out >> t) & 1 and _raises(tight_configs, keys, r, s)):
                    direct_out |= 1 << t
                if not held or rank_counts[r] <= 3 * k or (direct_free >> t) & 1:
                    continue  # a card of a trio without one over is never free: the trio needs it
                if rank_counts[r] - 3 * k != runs:
                    if _keeps(tight_configs, keys, r, s):
                        direct_free |= 1 << t
                else:
                    # The runs may take every card of the rank the trio leaves, but one fewer
                    # caps them: the configs say nothing of that, so count again.
                    fewer = list(keys)
                    fewer[s] -= 1 << shift
                    fewer = tuple(fewer)
                    counts_fewer = list(rank_counts)
                    counts_fewer[r] -= 1
                    if _choice_value(fewer, counts_fewer, choice, runs) == best:
                        direct_free |= 1 << t
    out_all = _NATURALS if every_out else _spread(out_masks) | direct_out
    return HandAnalysis(best, out_all, _spread(free_masks) | direct_free)


def _raises(tight: Sequence[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]],
            keys: Sequence[int], r: int, s: int) -> bool:
    """Whether one more card of trio rank ``r`` (the trio full without it) in suit ``s`` raises
    the runs of a choice whose tight configs are ``tight`` (config, knapsack outs, knapsack frees).

    The runs' share of the rank grows by one (from none, for a trio with no card over): a new
    config is a tight one with one more card of the rank in a suit ``s2`` that holds more than
    the config gives the runs, or in ``s`` (the new card), and a card raises a knapsack by one at
    most, exactly when it is one of its outs.
    """
    return any((out[s] >> r) & 1 or any((out[s2] >> r) & 1 and _beyond(cfg, keys, r, s2) for s2 in range(4))
               for cfg, out, _ in tight)


def _keeps(tight: Sequence[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]],
           keys: Sequence[int], r: int, s: int) -> bool:
    """Whether the runs keep their naturals when a held card of trio rank ``r`` leaves suit
    ``s`` (the trio full without it, and the runs' share of the rank capped before and after, or
    uncapped both times): a tight config less one card of the rank in a suit ``s2`` where the
    card is free (:func:`_raises`, the other way), the config then within the hand less that
    card (``s2`` is ``s``, or the config gives the runs fewer of the rank in ``s`` than held).
    """
    return any((free[s] >> r) & 1
               or (_beyond(cfg, keys, r, s) and any((free[s2] >> r) & 1 for s2 in range(4)))
               for cfg, _, free in tight)


def _beyond(cfg: Sequence[int], keys: Sequence[int], r: int, s: int) -> bool:
    """Whether the hand (``keys``) holds more cards of rank ``r`` in suit ``s`` than the runs'
    config ``cfg`` gives them.
    """
    shift = _BITS * r
    return (cfg[s] >> shift) & _RANK_FIELD < (keys[s] >> shift) & _RANK_FIELD


def _chunks(count: int) -> tuple[int, int, int]:
    """How a rank's naturals feed trios: (full trios, trios short of 1, trios short of 2)."""
    return count // 3, int(count % 3 == 2), int(count % 3 == 1)


def _best_trios(trios: int, threes: int, twos: int, ones: int) -> int:
    """Most naturals ``trios`` trios take, given the rank chunks (the fullest chunks first)."""
    a = min(trios, threes)
    b = min(trios - a, twos)
    return 3 * a + 2 * b + min(trios - a - b, ones)


def _trio_masks(trios: int, left: Sequence[int], totals: tuple[int, int, int],
                base: int) -> tuple[int, int]:
    """Ranks (13-bit masks) whose one more / one fewer natural left for the trios raises / keeps
    their best, given the counts ``left`` to them and their chunk ``totals``.
    """
    t3, t2, t1 = totals
    raise_mask = keep_mask = 0
    for r, c in enumerate(left):
        a3, a2, a1 = _chunks(c)
        b3, b2, b1 = _chunks(c + 1)
        if _best_trios(trios, t3 - a3 + b3, t2 - a2 + b2, t1 - a1 + b1) > base:
            raise_mask |= 1 << r
        if c:
            b3, b2, b1 = _chunks(c - 1)
            if _best_trios(trios, t3 - a3 + b3, t2 - a2 + b2, t1 - a1 + b1) == base:
                keep_mask |= 1 << r
    return raise_mask, keep_mask


def _chunk_totals(counts: Sequence[int]) -> tuple[int, int, int]:
    t3 = t2 = t1 = 0
    for c in counts:
        t3 += c // 3
        r = c % 3
        if r == 2:
            t2 += 1
        elif r == 1:
            t1 += 1
    return t3, t2, t1


@functools.lru_cache(maxsize=1 << 16)
def _trio_analysis(rank_counts: tuple[int, ...], trios: int) -> HandAnalysis:
    """:func:`analyse` for trios only: suits do not matter, so work rank by rank (and hands
    that differ only by suits share one analysis).
    """
    totals = _chunk_totals(rank_counts)
    best = _best_trios(trios, *totals)
    raise_mask, keep_mask = _trio_masks(trios, rank_counts, totals, best)
    return HandAnalysis(best, _spread([raise_mask] * 4), _spread([keep_mask] * 4))


# ---------------------------------------------------------------------------------------------
# Public API on 53-count tuples.

WHAT = "working out how far the hand is from its contract"
"""What the distance search tells a player it was doing when its budget ran out."""

ASK_LESS = "send fewer cards in the hand or table, or ask again with a longer budget"
"""How a player asks the Continental advisor for less work."""


def analysis_of(key: int, trios: int, runs: int, deadline: Deadline | None = None) -> HandAnalysis:
    """:func:`analyse` of an encoded hand, its jokers left out (they change nothing there), so
    hands that differ only by jokers share one analysis. One analysis takes milliseconds at
    most; past ``deadline`` none is started (:class:`~solver.budget.BudgetExceededError`).

    >>> analysis_of(DELTA[0] + DELTA[52], 2, 0) is analysis_of(DELTA[0], 2, 0)
    True
    """
    if deadline is not None:
        deadline.check(WHAT, ASK_LESS)
    return analyse(key & _NATURAL_KEY, trios, runs)


def distance_of(key: int, size: int, jokers: int, trios: int, runs: int, spare: int, *,
                deadline: Deadline | None = None) -> int:
    """:func:`distance` of an encoded hand of ``size`` cards holding ``jokers`` jokers.

    >>> distance_of(0, 0, 0, 2, 0, 1)
    7
    """
    slots = drop_size(trios, runs)
    need = max(trios + runs, slots - jokers) - analysis_of(key, trios, runs, deadline).naturals
    return max(slots + spare - size, need, 0)


def outs_mask(key: int, size: int, jokers: int, trios: int, runs: int, spare: int, *,
              deadline: Deadline | None = None) -> tuple[int, int]:
    """The distance of an encoded hand and its outs as a mask over types 0-52.

    >>> d, mask = outs_mask(0, 0, 0, 2, 0, 1)
    >>> d, mask == (1 << 53) - 1
    (7, True)
    """
    slots = drop_size(trios, runs)
    melds = trios + runs
    info = analysis_of(key, trios, runs, deadline)
    short = slots + spare - size
    need = max(melds, slots - jokers) - info.naturals
    dist = max(short, need, 0)
    if dist == 0:
        return 0, 0
    if need < dist:
        return dist, ALL_TYPES
    mask = info.out
    if slots - jokers > melds:
        mask |= 1 << JOKER_TYPE
    return dist, mask


def distance(counts: Sequence[int], contract: Contract, *, spare: int = 1,
             deadline: Deadline | None = None) -> int:
    """Fewest cards to add so the hand holds its contract plus ``spare`` more cards.

    Past ``deadline`` it raises :class:`~solver.budget.BudgetExceededError`.

    >>> from rulesets.continental.contracts import CONTRACTS
    >>> from rulesets.cards import parse_cards
    >>> from solver.continental.cardtypes import counts_of
    >>> distance(counts_of(parse_cards("7c 7d 7h 9s 9s Jk Kd", decks=2, jokers=True)), CONTRACTS[1])
    0
    >>> distance(counts_of(parse_cards("7c 7d 7h 9s 9s Jk", decks=2, jokers=True)), CONTRACTS[1])
    1
    """
    trios, runs = contract.trios, contract.runs
    return distance_of(encode(counts), sum(counts), counts[JOKER_TYPE], trios, runs, spare,
                       deadline=deadline_or_none(deadline))


def outs(counts: Sequence[int], contract: Contract, *, spare: int = 1,
         deadline: Deadline | None = None) -> tuple[int, ...]:
    """The card types (0-52, sorted) whose draw lowers the hand's distance; none at distance 0.

    Past ``deadline`` it raises :class:`~solver.budget.BudgetExceededError`.

    >>> from rulesets.continental.contracts import CONTRACTS
    >>> from rulesets.cards import parse_cards
    >>> from solver.continental.cardtypes import counts_of
    >>> hand = counts_of(parse_cards("7c 7d 9s 9h Kd Ks 2c", decks=2))
    >>> [t // 4 + 2 for t in outs(hand, CONTRACTS[1])]  # a 7, a 9 or a king, or a joker
    [7, 7, 7, 7, 9, 9, 9, 9, 13, 13, 13, 13, 15]
    """
    trios, runs = contract.trios, contract.runs
    _, mask = outs_mask(encode(counts), sum(counts), counts[JOKER_TYPE], trios, runs, spare,
                        deadline=deadline_or_none(deadline))
    return tuple(t for t in range(53) if (mask >> t) & 1)
