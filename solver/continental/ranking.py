"""Ranking the discards of a Continental hand by distance, outs and outs after advancing.

For every distinct card type held, the hand without it is scored by (see
:class:`~solver.continental.results.DiscardOption`): its distance to the contract;
``outs_total``, the unseen copies of its outs; ``next_outs``, the average over those
outs (weighted by unseen copies) of the best ``outs_total`` reachable by drawing the
out and then discarding a card that keeps the distance lowest (the drawn copy is no
longer unseen); and the penalty points of the cards kept. Best first by distance,
then most outs, most next outs, fewest points, then type index.

The next outs are the costly part: a hand of ``h`` kinds has up to ``h × 53 × h`` hands
"less a discard, plus an out, less a second discard". Most need no analysis of their own
(each step below is exact; ``slow_ranking.py`` in the tests is the unpruned ranking it must
match):

- the naturals the melds use after the draw are those before it, plus one when the drawn card
  is an out of the hand before it; when more naturals are held than used, some natural is left
  out of the best melds and can go, so a hand at distance 0 after the draw keeps 0 (no outs
  to count) without being analysed;
- the second discard's distance comes from the free cards of the hand after the draw (a free
  card can go without lowering the naturals, any other card lowers them by one);
- a second discard leaving the hand short of cards rather than of melds leaves every card an
  out, and discarding a joker leaves the outs of the hand after the draw (jokers do not enter
  the analysis, which is keyed without them);
- the outs of the hand after the draw less a free card are among the outs of the hand after
  the draw (a card raising the naturals of the smaller hand raises them in the larger), so
  the second discards are analysed only until one reaches that bound.

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
from solver.budget import Deadline, deadline_or_none
from solver.continental.cardtypes import JOKER, TYPES, card_of_type
from solver.continental.distance import (
    ALL_TYPES,
    ASK_LESS,
    DELTA,
    HandAnalysis,
    analysis_of,
    encode,
    outs_mask,
)
from solver.continental.results import DiscardOption, Out

__all__ = ["outs_with_unseen", "rank_discards"]

WHAT = "ranking the discards of the hand (its distance, outs and outs after the next draw)"
"""What :func:`rank_discards` tells a player it was doing when its budget ran out."""

_JOKER_BIT = 1 << JOKER


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
    if min(unseen) < 0:
        raise ValueError("unseen copies cannot be negative")


def outs_with_unseen(counts: Sequence[int], contract: Contract, unseen: Sequence[int], *,
                     spare: int = 1, deadline: Deadline | None = None) -> tuple[tuple[Out, ...], int]:
    """The hand's outs (type order) with their unseen copies, and the sum of those copies.

    Past ``deadline`` it raises :class:`~solver.budget.BudgetExceededError`.

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> from solver.continental.cardtypes import counts_of
    >>> hand = counts_of(parse_cards("7c 7d 9s 9h Kd Ks 2c", decks=2))
    >>> found, total = outs_with_unseen(hand, CONTRACTS[1], (1,) * 53)
    >>> len(found), total
    (13, 13)
    """
    _check(counts, unseen)
    _, mask = outs_mask(encode(counts), sum(counts), counts[JOKER], contract.trios, contract.runs, spare,
                        deadline=deadline_or_none(deadline))
    found = tuple(Out(card_of_type(x), unseen[x]) for x in _bits(mask))
    return found, sum(o.unseen for o in found)


def rank_discards(counts: Sequence[int], contract: Contract, unseen: Sequence[int], *,
                  spare: int = 1, card_values: str = "standard",
                  deadline: Deadline | None = None) -> tuple[DiscardOption, ...]:
    """Every distinct discard of the hand with what it leaves, best first.

    ``unseen`` holds, per type, the copies the player has not seen (stock and other hands).
    Past ``deadline`` it raises :class:`~solver.budget.BudgetExceededError`.

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> from solver.continental.cardtypes import counts_of
    >>> hand = counts_of(parse_cards("2c 3c 4c 9d Kh", decks=2))
    >>> [(o.card.code, o.distance, o.outs_total) for o in
    ...  rank_discards(hand, Contract(0, 0, 1, 4), (1,) * 52 + (0,))][:2]
    [('Kh', 1, 2), ('9d', 1, 2)]
    """
    _check(counts, unseen)
    deadline = deadline_or_none(deadline)
    trios, runs = contract.trios, contract.runs
    slots = contract.drop_size
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
            deadline.check(WHAT, ASK_LESS)
            found = outs_memo[k] = outs_mask(k, sz, j, trios, runs, spare)
        return found

    def total_of(mask: int) -> int:
        found = total_memo.get(mask)
        if found is None:
            found = total_memo[mask] = sum(unseen[x] for x in _bits(mask))
        return found

    after_draw: dict[int, HandAnalysis] = {}  # the hands less a discard plus a draw, by key

    def best_after(d: int, k2: int, j2: int, x: int, info: HandAnalysis, dist3: int,
                   choices: list[tuple[int, int]]) -> int:
        """The most unseen outs (the drawn ``x`` no longer unseen) among the second discards
        ``choices`` (each with what the hand is then short of, ``need``) from the hand ``k2``
        (the hand less ``d`` plus ``x``), all leaving the distance ``dist3`` > 0.

        Most need no analysis: a discard leaving the hand short of cards rather than of melds
        has every card for an out, and the hand without a joker has the outs of ``k2``. The
        others are analysed, the highest bound first, until none can beat the best found. The
        outs of a hand less a card that keeps its naturals are among the outs of that hand (a
        card raising the naturals of the smaller hand raises them in the larger), and the hand
        less ``d`` and ``d2`` is both ``k2`` less ``d2`` and (the hand less ``d2`` plus ``x``)
        less ``d``: each of the two whose naturals it keeps bounds its outs.
        """
        every = total_of(ALL_TYPES) - 1
        best = 0
        pending: list[tuple[int, int]] = []
        joker_bit = _JOKER_BIT if slots - j2 > melds else 0  # the joker, an out after d2
        for d2, need in choices:
            if need < dist3:
                total = every
            elif d2 == JOKER:
                mask = info.out | (_JOKER_BIT if slots - j2 + 1 > melds else 0)
                total = total_of(mask) - ((mask >> x) & 1)
            else:
                found = outs_memo.get(k2 - DELTA[d2])
                if found is None:
                    within = ALL_TYPES
                    if (info.free >> d2) & 1:
                        within = info.out | joker_bit
                    other = after_draw.get(key - DELTA[d2] + DELTA[x])
                    if other is not None and (d == JOKER or (other.free >> d) & 1):
                        within &= other.out | joker_bit
                    bound = total_of(within) - ((within >> x) & 1)
                    if bound > best:
                        pending.append((-bound, d2))
                    continue
                total = total_of(found[1]) - ((found[1] >> x) & 1)
            if total > best:
                best = total
        pending.sort()  # the highest bound first
        for neg_bound, d2 in pending:
            if best >= -neg_bound:
                break
            _, mask3 = outs_of(k2 - DELTA[d2], size - 1, j2)
            total = total_of(mask3) - ((mask3 >> x) & 1)
            if total > best:
                best = total
        return best

    cnt = list(counts)
    rows: list[tuple[int, int, list[int], int, int]] = []  # distance, outs, their list, weight, d
    accs = [0] * len(held)  # per discard: the next outs, each weighted by its unseen copies
    later: list[tuple[int, int, int, int, int, int, HandAnalysis, int, list[tuple[int, int]]]] = []
    short3 = slots + spare - (size - 1)  # the hand after drawing and discarding again
    for i, d in enumerate(held):
        k1 = key - DELTA[d]
        j1 = jokers - (d == JOKER)
        cnt[d] -= 1
        dist1, mask1 = outs_of(k1, size - 1, j1)
        info1 = analysis_of(k1, trios, runs)
        outs1 = _bits(mask1)
        weight = 0
        for x in outs1:
            w = unseen[x]
            if w <= 0:
                continue
            deadline.check(WHAT, ASK_LESS)
            j2 = j1 + (x == JOKER)
            weight += w
            # The naturals the melds use after the draw, from the outs of the hand before it.
            naturals2 = info1.naturals + (x != JOKER and (info1.out >> x) & 1)
            if size - j2 > naturals2 and max(short3, max(melds, slots - j2) - naturals2) <= 0:
                # A natural is left out of some best melds: discarding it keeps distance 0.
                continue
            k2 = k1 + DELTA[x]
            cnt[x] += 1
            info = after_draw[k2] = analysis_of(k2, trios, runs)
            need_n = max(melds, slots - j2) - info.naturals
            need_j = max(melds, slots - j2 + 1) - info.naturals
            free = info.free
            best_dist = 1 << 30
            choices: list[tuple[int, int]] = []  # the discards keeping the distance lowest
            for d2 in held if x in held_set else [*held, x]:
                if not cnt[d2]:
                    continue
                need = need_j if d2 == JOKER else need_n if (free >> d2) & 1 else need_n + 1
                dd = max(short3, need, 0)
                if dd < best_dist:
                    best_dist, choices = dd, [(d2, need)]
                elif dd == best_dist:
                    choices.append((d2, need))
            if best_dist:  # at distance 0 the hand has no outs to count
                later.append((i, w, d, x, k2, j2, info, best_dist, choices))
            cnt[x] -= 1
        cnt[d] += 1
        rows.append((dist1, mask1, outs1, weight, d))
    # The second discards once every hand after a draw is analysed (each bounds the others).
    for i, w, d, x, k2, j2, info, best_dist, choices in later:
        deadline.check(WHAT, ASK_LESS)
        accs[i] += w * best_after(d, k2, j2, x, info, best_dist, choices)
    options = [(dist1, -total_of(mask1), -(acc / weight if weight else 0.0),
                all_points - card_points(card_of_type(d), card_values), d, outs1)
               for (dist1, mask1, outs1, weight, d), acc in zip(rows, accs, strict=True)]
    options.sort()
    return tuple(
        DiscardOption(card_of_type(d), dist, tuple(Out(card_of_type(x), unseen[x]) for x in outs1),
                      -neg_total, -neg_next, points)
        for dist, neg_total, neg_next, points, d, outs1 in options)
