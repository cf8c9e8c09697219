"""Whether a hand can lay down its contract now, and one way to: an exact search.

"At the drop, each contract meld is exactly its minimum (trio 3 cards, run 4
cards)." A trio is three cards of one rank, at least one of them natural; a run
is four consecutive positions of one suit (the ace low or high), jokers standing
for missing cards. The referee reads a meld as a trio first
(:func:`rulesets.continental.melds.read_meld`), so four cards holding a single
natural card are a trio of four, never a run of the contract: a run of the drop
holds two natural cards or more.

Identical cards of different decks are interchangeable and so are jokers, so
the search runs over card codes: each run of the contract is a window of four
positions with the naturals it takes from the hand, the trios come last from what
is left, rank by rank.

>>> from rulesets.cards import parse_cards
>>> from rulesets.continental.contracts import CONTRACTS
>>> hand = parse_cards("3c 3d 3h 9s Ts Jk Kd 4c Jk", jokers=True, decks=2)
>>> [" ".join(card.code for card in meld) for meld in find_drop(hand, CONTRACTS[2])]
['Jk Jk 9s Ts', '3c 3d 3h']
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence

from rulesets.cards import Card, Suit
from rulesets.continental.contracts import Contract, drop_size
from rulesets.continental.melds import RUN_MINIMUM, TRIO_MINIMUM, rank_at, run_windows

__all__ = ["can_drop", "find_drop"]

_JOKER = "Jk"

Meld = tuple[str, ...]
"""A meld as card codes, jokers as ``Jk``, a run lowest first."""


_WINDOWS: tuple[tuple[str, ...], ...] = tuple(
    tuple(rank_at(position).char + suit.char for position in window)
    for suit in Suit for window in run_windows())
"""The card codes of every window of a run of the drop (:func:`~rulesets.continental.melds.run_windows`),
in each suit."""


def _run_options(counts: Counter[str]) -> tuple[tuple[Meld, Counter[str]], ...]:
    """Every way a run of the drop can use the hand's cards: the run as written and the cards it
    takes (two naturals or more), one per distinct use of the hand.
    """
    jokers = counts[_JOKER]
    options: dict[tuple[tuple[str, ...], int], tuple[Meld, Counter[str]]] = {}
    for codes in _WINDOWS:
        held = [i for i, code in enumerate(codes) if code in counts]
        if len(held) < 2:
            continue
        for mask in range(1, 1 << len(held)):
            naturals = [held[j] for j in range(len(held)) if mask >> j & 1]
            wild = RUN_MINIMUM - len(naturals)
            if len(naturals) < 2 or wild > jokers:
                continue
            use = (tuple(sorted(codes[i] for i in naturals)), wild)  # the cards it takes
            if use not in options:
                meld = tuple(code if i in naturals else _JOKER for i, code in enumerate(codes))
                options[use] = (meld, Counter(meld))
    return tuple(options.values())


def _trios(left: Counter[str], trios: int, ranks: Sequence[str], first: int = 0) -> list[Meld] | None:
    """``trios`` trios from the cards ``left`` (ranks tried from ``ranks[first]`` on), or None."""
    if trios == 0:
        return []
    for index in range(first, len(ranks)):
        naturals = [code for code in sorted(left) if code[0] == ranks[index] and code != _JOKER
                    for _ in range(left[code])]
        for count in range(min(TRIO_MINIMUM, len(naturals)), 0, -1):
            if TRIO_MINIMUM - count > left[_JOKER]:
                break
            meld = (*naturals[:count], *[_JOKER] * (TRIO_MINIMUM - count))
            rest = left - Counter(meld)
            found = _trios(rest, trios - 1, ranks, index)
            if found is not None:
                return [meld, *found]
    return None


@functools.lru_cache(maxsize=4096)
def _find(codes: tuple[str, ...], trios: int, runs: int) -> tuple[Meld, ...] | None:
    counts = Counter(codes)
    if len(codes) < drop_size(trios, runs):
        return None
    options = _run_options(counts) if runs else ()
    ranks = sorted({code[0] for code in counts if code != _JOKER})

    def search(left: Counter[str], needed: int, first: int) -> list[Meld] | None:
        if needed == 0:
            return _trios(left, trios, ranks)
        for index in range(first, len(options)):
            meld, used = options[index]
            if all(left[code] >= n for code, n in used.items()):
                found = search(left - used, needed - 1, index)
                if found is not None:
                    return [meld, *found]
        return None

    found = search(counts, runs, 0)
    return tuple(found) if found is not None else None


def find_drop(hand: Sequence[Card], contract: Contract) -> tuple[tuple[Card, ...], ...] | None:
    """One way to lay down ``contract`` from ``hand`` (runs first, each lowest first), or ``None``
    when the hand cannot make it. Whether the seat keeps a card to discard is the referee's check.

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> find_drop(parse_cards("3c 3d 7h 8h Jk Kd 4c", jokers=True), CONTRACTS[1]) is None
    True
    >>> find_drop(parse_cards("3c 3d 7h 7d Jk Kd 4c 3s", jokers=True), CONTRACTS[1])
    ((Card('3c'), Card('3d'), Card('3s')), (Card('7d'), Card('7h'), Card('Jk')))
    """
    found = _find(tuple(sorted(card.code for card in hand)), contract.trios, contract.runs)
    if found is None:
        return None
    pools: dict[str, list[Card]] = {}
    for card in hand:
        pools.setdefault(card.code, []).append(card)
    return tuple(tuple(pools[code].pop(0) for code in meld) for meld in found)


def can_drop(hand: Sequence[Card], contract: Contract) -> bool:
    """Whether ``hand`` holds the contract's melds (:func:`find_drop`).

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> can_drop(parse_cards("3c 3d 3h 4c 4d Jk 9h", jokers=True), CONTRACTS[1])
    True
    """
    return find_drop(hand, contract) is not None
