"""Fast pure-Python arrangements: the greedy player model and a bottleneck heuristic.

The *greedy player* takes the strongest combination left in hand, again and
again, up to five. The *bottleneck heuristic* looks for the highest strength
``t`` such that a greedy packing of combinations of strength ``t`` or more
still reaches the most combinations greedy finds; it only gives the exact
maximin solver a good starting point and a floor.

>>> from rulesets.cards import parse_cards
>>> from solver.ramchi.candidates import hand_candidates
>>> [c.strength for c in greedy_lineup(hand_candidates(parse_cards("As Ad Ah Ks Qs Js")))]
[585, 569]
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from solver.ramchi.candidates import Candidate

__all__ = ["bottleneck_lineup", "greedy_lineup"]


def _pack(ordered: Sequence[Candidate]) -> list[Candidate]:
    """Take candidates in the given order whenever they fit, up to five."""
    used = 0
    lineup: list[Candidate] = []
    for candidate in ordered:
        if candidate.mask & used == 0:
            used |= candidate.mask
            lineup.append(candidate)
            if len(lineup) == MAX_COMBINATIONS:
                break
    return lineup


def greedy_lineup(candidates: Sequence[Candidate]) -> list[Candidate]:
    """The greedy player's lineup: strongest combination first, repeatedly (play order).

    ``candidates`` must be strongest first, as :func:`hand_candidates` returns them.
    """
    return _pack(candidates)


def bottleneck_lineup(candidates: Sequence[Candidate]) -> list[Candidate]:
    """A heuristic lineup with a high weakest combination (strongest first).

    Tries thresholds from the strongest strength down and keeps the first whose
    combinations, packed strongest-first or weakest-first, reach as many
    combinations as the plain greedy packing of the whole hand.

    >>> from rulesets.cards import parse_cards
    >>> from solver.ramchi.candidates import hand_candidates
    >>> cands = hand_candidates(parse_cards("As Ad Ah Kc Qd Jh Ks Qs Js"))
    >>> [c.strength for c in greedy_lineup(cands)], [c.strength for c in bottleneck_lineup(cands)]
    ([585, 569, 556], [585, 569, 556])
    """
    best = _pack(candidates)
    target = len(best)
    values = sorted({c.strength for c in candidates}, reverse=True)
    for value in values:
        strong = [c for c in candidates if c.strength >= value]
        if len(strong) < target:
            continue
        trial = max(_pack(strong), _pack(strong[::-1]), key=len)
        if len(trial) >= target:
            return sorted(trial, reverse=True)
    return sorted(best, reverse=True)
