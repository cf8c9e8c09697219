"""Ranking the discards of a Continental hand by distance, outs and outs after advancing.

For every distinct card type held, the hand without it is scored by (see
:class:`~solver.continental.results.DiscardOption`): its distance to the contract;
``outs_total``, the unseen copies of its outs; ``next_outs``, the average over those
outs (weighted by unseen copies) of the best ``outs_total`` reachable by drawing the
out and then discarding a card that keeps the distance lowest (the drawn copy is no
longer unseen); and the penalty points of the cards kept. Best first by distance,
then most outs, most next outs, fewest points, then type index.

>>> from rulesets.cards import parse_cards
>>> from rulesets.continental.contracts import CONTRACTS
>>> from solver.continental.cardtypes import counts_of
>>> hand = counts_of(parse_cards("7c 7d 7h 9s 9h 2c Kd Qs", decks=2))
>>> best = rank_discards(hand, CONTRACTS[1], (2,) * 52 + (2,))[0]
>>> best.card.code, best.distance
('Qs', 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesets.continental.contracts import Contract
from rulesets.continental.points import card_points
from solver.continental.cardtypes import JOKER, TYPES, card_of_type
from solver.continental.distance import DELTA, analyse, encode, outs_mask
from solver.continental.results import DiscardOption, Out

__all__ = ["outs_with_unseen", "rank_discards"]


def _bits(mask: int) -> list[int]:
    """The set bits of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _check(counts: Sequence[int], unseen: Sequence[int]) -> None:
    if len(counts) != TYPES or len(unseen) != TYPES:
        raise ValueError(f"counts and unseen must each hold {TYPES} numbers")


def outs_with_unseen(counts: Sequence[int], contract: Contract, unseen: Sequence[int], *,
                     spare: int = 1) -> tuple[tuple[Out, ...], int]:
    """The hand's outs (type order) with their unseen copies, and the sum of those copies.

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> from solver.continental.cardtypes import counts_of
    >>> hand = counts_of(parse_cards("7c 7d 9s 9h Kd Ks 2c", decks=2))
    >>> found, total = outs_with_unseen(hand, CONTRACTS[1], (1,) * 53)
    >>> len(found), total
    (13, 13)
    """
    _check(counts, unseen)
    _, mask = outs_mask(encode(counts), sum(counts), counts[JOKER], contract.trios, contract.runs, spare)
    found = tuple(Out(card_of_type(x), unseen[x]) for x in _bits(mask))
    return found, sum(o.unseen for o in found)


def rank_discards(counts: Sequence[int], contract: Contract, unseen: Sequence[int], *,
                  spare: int = 1, card_values: str = "standard") -> tuple[DiscardOption, ...]:
    """Every distinct discard of the hand with what it leaves, best first.

    ``unseen`` holds, per type, the copies the player has not seen (stock and other hands).

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> from solver.continental.cardtypes import counts_of
    >>> hand = counts_of(parse_cards("2c 3c 4c 9d Kh", decks=2))
    >>> [(o.card.code, o.distance, o.outs_total) for o in
    ...  rank_discards(hand, Contract(0, 0, 1, 4), (1,) * 52 + (0,))][:2]
    [('Kh', 1, 2), ('9d', 1, 2)]
    """
    _check(counts, unseen)
    trios, runs = contract.trios, contract.runs
    slots = 3 * trios + 4 * runs
    melds = trios + runs
    key = encode(counts)
    size = sum(counts)
    jokers = counts[JOKER]
    held = [t for t in range(TYPES) if counts[t]]
    held_set = set(held)
    all_points = sum(card_points(card_of_type(t), card_values) * counts[t] for t in held)
    unseen = list(unseen)

    outs_memo: dict[int, tuple[int, int]] = {}
    total_memo: dict[int, int] = {}

    def outs_of(k: int, sz: int, j: int) -> tuple[int, int]:
        found = outs_memo.get(k)
        if found is None:
            found = outs_memo[k] = outs_mask(k, sz, j, trios, runs, spare)
        return found

    def total_of(mask: int) -> int:
        found = total_memo.get(mask)
        if found is None:
            found = total_memo[mask] = sum(unseen[x] for x in _bits(mask))
        return found

    cnt = list(counts)
    options = []
    short3 = slots + spare - (size - 1)  # the hand after drawing and discarding again
    for d in held:
        k1 = key - DELTA[d]
        j1 = jokers - (d == JOKER)
        cnt[d] -= 1
        dist1, mask1 = outs_of(k1, size - 1, j1)
        outs1 = _bits(mask1)
        weight = 0
        acc = 0
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
            free = info.free
            best_dist = 1 << 30
            choices: list[int] = []
            for d2 in held if x in held_set else [*held, x]:
                if not cnt[d2]:
                    continue
                dd = need_j if d2 == JOKER else need_n if (free >> d2) & 1 else need_n + 1
                dd = max(short3, dd, 0)
                if dd < best_dist:
                    best_dist, choices = dd, [d2]
                elif dd == best_dist:
                    choices.append(d2)
            best_total = 0
            for d2 in choices:
                _, mask3 = outs_of(k2 - DELTA[d2], size - 1, j2 - (d2 == JOKER))
                total = total_of(mask3) - ((mask3 >> x) & 1)
                if total > best_total:
                    best_total = total
            acc += w * best_total
            weight += w
            cnt[x] -= 1
        cnt[d] += 1
        options.append((
            dist1, -total_of(mask1), -(acc / weight if weight else 0.0),
            all_points - card_points(card_of_type(d), card_values), d, outs1))
    options.sort()
    return tuple(
        DiscardOption(card_of_type(d), dist, tuple(Out(card_of_type(x), unseen[x]) for x in outs1),
                      -neg_total, -neg_next, points)
        for dist, neg_total, neg_next, points, d, outs1 in options)
