"""The discard ranking as it was before its pruning: every out, every discard after it, analysed.

Kept as the reference the pruned :func:`solver.continental.ranking.rank_discards` must match
exactly (same options, same order, same numbers): it asks the outs of every hand the definition
names (the hand less a discard, plus an out, less a second discard) and prunes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesets.continental.contracts import Contract
from rulesets.continental.points import card_points
from solver.continental.cardtypes import JOKER, TYPES, card_of_type
from solver.continental.distance import DELTA, analyse, encode, outs_mask
from solver.continental.results import DiscardOption, Out

__all__ = ["slow_rank_discards"]


def _bits(mask: int) -> list[int]:
    return [t for t in range(mask.bit_length()) if (mask >> t) & 1]


def slow_rank_discards(counts: Sequence[int], contract: Contract, unseen: Sequence[int], *,
                       spare: int = 1, card_values: str = "standard") -> tuple[DiscardOption, ...]:
    """Every distinct discard with its distance, outs and next outs, best first (no pruning)."""
    trios, runs = contract.trios, contract.runs
    slots = 3 * trios + 4 * runs
    melds = trios + runs
    key = encode(counts)
    size = sum(counts)
    jokers = counts[JOKER]
    held = [t for t in range(TYPES) if counts[t]]
    all_points = sum(card_points(card_of_type(t), card_values) * counts[t] for t in held)

    def outs_of(k: int, sz: int, j: int) -> tuple[int, int]:
        return outs_mask(k, sz, j, trios, runs, spare)

    def total_of(mask: int) -> int:
        return sum(unseen[x] for x in _bits(mask))

    cnt = list(counts)
    options = []
    short3 = slots + spare - (size - 1)
    for d in held:
        k1 = key - DELTA[d]
        j1 = jokers - (d == JOKER)
        cnt[d] -= 1
        dist1, mask1 = outs_of(k1, size - 1, j1)
        outs1 = _bits(mask1)
        weight = acc = 0
        for x in outs1:
            w = unseen[x]
            if w <= 0:
                continue
            k2 = k1 + DELTA[x]
            j2 = j1 + (x == JOKER)
            cnt[x] += 1
            info = analyse(k2, trios, runs)
            need_n = max(melds, slots - j2) - info.naturals
            need_j = max(melds, slots - j2 + 1) - info.naturals
            best_dist = 1 << 30
            choices: list[int] = []
            for d2 in range(TYPES):
                if not cnt[d2]:
                    continue
                dd = need_j if d2 == JOKER else need_n if (info.free >> d2) & 1 else need_n + 1
                dd = max(short3, dd, 0)
                if dd < best_dist:
                    best_dist, choices = dd, [d2]
                elif dd == best_dist:
                    choices.append(d2)
            best_total = 0
            for d2 in choices:
                _, mask3 = outs_of(k2 - DELTA[d2], size - 1, j2 - (d2 == JOKER))
                best_total = max(best_total, total_of(mask3) - ((mask3 >> x) & 1))
            acc += w * best_total
            weight += w
            cnt[x] -= 1
        cnt[d] += 1
        options.append((dist1, -total_of(mask1), -(acc / weight if weight else 0.0),
                        all_points - card_points(card_of_type(d), card_values), d, outs1))
    options.sort()
    return tuple(
        DiscardOption(card_of_type(d), dist, tuple(Out(card_of_type(x), unseen[x]) for x in outs1),
                      -neg_total, -neg_next, points)
        for dist, neg_total, neg_next, points, d, outs1 in options)
