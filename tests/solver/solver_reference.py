"""Independent exhaustive references for the solver tests (no solver internals imported).

Both work on plain data: a hand is a list of 52-bit card masks; a combination
is (strength, mask). Search is a plain recursion over cards: the lowest card
still in hand is either discarded (while the discard budget lasts) or used in
one of the combinations that contain it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, pairwise

from rulesets.cards import Card
from rulesets.ramchi.combinations import strength_table

Combo = tuple[int, int]  # (strength, mask)


def combos_of(hand: Sequence[Card]) -> list[Combo]:
    table = strength_table()
    bits = [1 << c.index for c in hand]
    return [(table[a | b | c], a | b | c) for a, b, c in combinations(bits, 3)
            if a | b | c in table]


def packing_exists(hand_mask: int, combos: Sequence[Combo], n: int,
                   boxes: Sequence[tuple[int, int]]) -> bool:
    """Is there a lineup of exactly ``n`` disjoint combos whose k-th strongest lies in
    ``boxes[k]`` = [low, high) for every k?

    Sorted-slot boxes are checked as counts: the k-th strongest is >= low iff at
    least k+1 chosen are >= low; it is < high iff at most k chosen are >= high.
    """
    by_low: dict[int, list[Combo]] = {}
    for strength, mask in combos:
        by_low.setdefault(mask & -mask, []).append((strength, mask))
    lows = sorted({low for low, _ in boxes}, reverse=True)
    highs = sorted({high for _, high in boxes})
    need = {t: max(k + 1 for k, (low, _) in enumerate(boxes) if low == t) for t in lows}
    cap = {t: min(k for k, (_, high) in enumerate(boxes) if high == t) for t in highs}
    discards = bin(hand_mask).count("1") - 3 * n
    thresholds = sorted(set(need) | set(cap))
    memo: dict[tuple[int, tuple[int, ...], int, int], bool] = {}

    def rec(mask: int, counts: tuple[int, ...], picked: int, budget: int) -> bool:
        """``counts[i]``: chosen so far with strength >= thresholds[i] (memoised on it)."""
        left = n - picked
        by_t = dict(zip(thresholds, counts, strict=True))
        if any(by_t[t] > k for t, k in cap.items()):
            return False
        if any(by_t[t] + left < k for t, k in need.items()):
            return False
        if left == 0:
            return True
        if bin(mask).count("1") < 3 * left:
            return False
        key = (mask, counts, picked, budget)
        if key in memo:
            return memo[key]
        low = mask & -mask
        found = False
        for strength, combo in by_low.get(low, ()):
            if combo & mask == combo:
                bumped = tuple(c + (strength >= t) for c, t in zip(counts, thresholds, strict=True))
                if rec(mask & ~combo, bumped, picked + 1, budget):
                    found = True
                    break
        if not found and budget > 0:
            found = rec(mask & ~low, counts, picked, budget - 1)
        memo[key] = found
        return found

    return rec(hand_mask, tuple(0 for _ in thresholds), 0, discards)


def max_count(hand_mask: int, combos: Sequence[Combo]) -> int:
    for n in range(5, 0, -1):
        if packing_exists(hand_mask, combos, n, [(1, 10**6)] * n):
            return n
    return 0


def maximin_strengths(hand: Sequence[Card]) -> list[int]:
    """The lexicographic maximin lineup's strengths, strongest first, by threshold search:
    the weakest slot as high as possible, then the next, each by trying every strength."""
    combos = combos_of(hand)
    mask = 0
    for card in hand:
        mask |= 1 << card.index
    n = max_count(mask, combos)
    values = sorted({s for s, _ in combos}, reverse=True)
    boxes = [(1, 10**6)] * n
    values = values[::-1]  # ascending
    for k in range(n - 1, -1, -1):
        floor = boxes[k + 1][0] if k + 1 < n else 1
        low, high = values.index(floor) if floor in values else 0, len(values) - 1
        while low < high:  # feasibility is monotone in the threshold
            middle = (low + high + 1) // 2
            trial = list(boxes)
            trial[k] = (values[middle], 10**6)
            if packing_exists(mask, combos, n, trial):
                low = middle
            else:
                high = middle - 1
        boxes[k] = (values[low], 10**6)
    return [low for low, _ in boxes]


def slots_fillable(combos: Sequence[Combo], boxes: Sequence[tuple[int, int]]) -> bool:
    """Can ``len(boxes)`` disjoint combos be chosen so that the k-th strongest lies in
    ``boxes[k]`` = [low, high)? A plain depth-first search over the combos, strongest first:
    slot k takes a combo after slot k-1's in that order (so the lineup comes out sorted)."""
    ordered = sorted(combos, key=lambda combo: -combo[0])
    dead: set[tuple[int, int, int]] = set()

    def fill(k: int, used: int, start: int) -> bool:
        if k == len(boxes):
            return True
        if (k, used, start) in dead:
            return False
        low, high = boxes[k]
        for i in range(start, len(ordered)):
            strength, mask = ordered[i]
            if strength < low:
                break
            if strength < high and not mask & used and fill(k + 1, used | mask, i + 1):
                return True
        dead.add((k, used, start))
        return False

    return fill(0, 0, 0)


def most_disjoint_at_least(combos: Sequence[Combo], threshold: int) -> int:
    """The most disjoint combos of strength >= ``threshold`` (at most 5)."""
    strong = [combo for combo in combos if combo[0] >= threshold]
    for n in range(5, 0, -1):
        if slots_fillable(strong, [(threshold, 10**6)] * n):
            return n
    return 0


def hindsight_best_chips(hand: Sequence[Card], seat: int, dealer: int,
                         others: Sequence[Sequence[int]], options) -> int:
    """Best chips for ``seat``: each of my slots only matters through how it compares with
    the others' strengths in that round, so every slot takes one of a few intervals; each
    interval assignment is played out with the rules and checked for a packing."""
    from itertools import product

    from rulesets.ramchi.scoring import play_out

    combos = combos_of(hand)
    most: dict[int, int] = {}

    def counts_possible(boxes: Sequence[tuple[int, int]]) -> bool:
        """A quick necessary condition: slot k's floor needs k+1 disjoint combos that strong."""
        for k, (low, _) in enumerate(boxes):
            if low not in most:
                most[low] = most_disjoint_at_least(combos, low)
            if most[low] < k + 1:
                return False
        return True

    best = None
    for n in range(6):
        choices = []
        for k in range(n):
            points = {1}
            for s in range(3):
                if s != seat and len(others[s]) > k:
                    points |= {others[s][k], others[s][k] + 1}
            cuts = [*sorted(p for p in points if p <= 585), 586]
            choices.append([(a, b) for a, b in pairwise(cuts)])
        scored = []
        for boxes in product(*choices):
            realised, floor = [], 0
            for low, high in reversed(boxes):
                floor = max(floor, low)
                if floor >= high:
                    break
                realised.append(floor)
            else:
                lineups = [list(realised[::-1]) if s == seat else list(others[s]) for s in range(3)]
                scored.append((play_out(lineups, dealer, options).chips[seat], boxes))
        scored.sort(key=lambda item: -item[0])
        for chips, boxes in scored:
            if best is not None and chips <= best:
                break
            if not counts_possible(boxes) or not slots_fillable(combos, boxes):
                continue
            best = chips
            break
    assert best is not None
    return best
