"""Local search for the lineup with the most expected chips, every step scored exactly.

Starting from a few lineups (the CP-SAT estimate's best, maximin, greedy, …), each step looks
at every *neighbour* of the current lineups: one combination replaced by another made from its
cards and the discards, one added or dropped, or two combinations re-made from their six cards
and the discards. Lineups are compared by their strength *profile* (two lineups with the same
strengths score the same in every deal), the neighbours are ranked by the linear estimate, and
the most promising are played out exactly on every sampled deal at once
(:func:`~solver.ramchi.batch_scoring.lineup_chips`). A lineup moves to its best neighbour while
that gains chips. Every lineup scored is kept, so the runners-up come for free.

>>> import numpy as np
>>> from rulesets.cards import parse_cards
>>> from solver.ramchi.candidates import hand_candidates
>>> hand = parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh")
>>> candidates = hand_candidates(hand)
>>> profile(candidates[:1])
(585, 0, 0, 0, 0)
>>> len(list(neighbours(candidates[:1], candidates, hand)))  > 10
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from rulesets.cards import Card
from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from solver.budget import NO_LIMIT, Deadline
from solver.ramchi.arrays import (
    POSITION_TRIPLES,
    hand_array,
    packed_triples,
    threshold_keys,
)
from solver.ramchi.candidates import Candidate, hand_mask

__all__ = ["ScoredPool", "beam_lineups", "improve", "neighbours", "packing_starts", "profile"]

Profile = tuple[int, ...]

EXACT_PER_STEP = 48
"""Neighbours of each lineup played out exactly per step (the best by the linear estimate)."""

MAX_STEPS = 8
"""Steps of the local search at most (it stops earlier when no neighbour gains)."""

CLIMBERS = 3
"""The local search climbs from this many of the best distinct starting lineups."""


def profile(lineup: Sequence[Candidate]) -> Profile:
    """The strengths of a lineup, strongest first, padded with 0 to five."""
    strengths = sorted((c.strength for c in lineup), reverse=True)
    return tuple(strengths + [0] * (MAX_COMBINATIONS - len(strengths)))


def packing_starts(hand: Sequence[Card]) -> list[list[Candidate]]:
    """The lineups of :func:`~solver.ramchi.arrays.threshold_keys`' packings of ``hand``.

    >>> from rulesets.cards import parse_cards
    >>> starts = packing_starts(parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh"))
    >>> len(starts), [c.strength for c in starts[0]][:2]
    (11, [585, 584])
    """
    hands = hand_array([hand])
    keys, strengths = threshold_keys(hands)
    starts = []
    for row in packed_triples(keys[:, 0, :]):
        lineup = [Candidate(int(strengths[0, triple]),
                            sum(1 << int(card) for card in hands[0, POSITION_TRIPLES[triple]]))
                  for triple in row[row >= 0]]
        starts.append(sorted(lineup, reverse=True))
    return starts


BEAM_WIDTH = 256
"""Partial lineups the beam search keeps after each round."""

BEAM_KEEP = 64
"""Complete lineups the beam search hands on to be played out exactly."""


def beam_lineups(candidates: Sequence[Candidate], table: np.ndarray,
                 width: int = BEAM_WIDTH, keep: int = BEAM_KEEP) -> list[list[Candidate]]:
    """The lineups a round table values most, by a beam search over the rounds.

    Round by round it extends every kept partial lineup by each combination no stronger than
    its last that shares no card with it (so every lineup is built once, strongest first), and
    keeps the ``width`` partial lineups with the highest value so far plus the most the later
    rounds could add with combinations no stronger (the table's running maximum). Every lineup
    met, stopped after any round, competes for the ``keep`` best by the table.

    >>> from rulesets.cards import parse_cards
    >>> from solver.ramchi.candidates import hand_candidates
    >>> table = np.tile(np.arange(586), (5, 1))
    >>> best = beam_lineups(hand_candidates(parse_cards("As Ad Ah Ks Qs Js 2c 3c 5c")), table)[0]
    >>> [c.strength for c in best]
    [585, 571, 569]
    """
    if not candidates:
        return [[]]
    masks = np.array([c.mask for c in candidates], dtype=np.int64)
    strengths = np.array([c.strength for c in candidates], dtype=np.int64)
    rounds = len(table)
    out = np.array([table[k, 0] for k in range(rounds)], dtype=np.int64)
    out_after = np.concatenate((np.cumsum(out[::-1])[::-1], [0]))  # rounds k.. all out
    ceiling = np.maximum.accumulate(table, axis=1)
    later_best = np.zeros((rounds + 1, table.shape[1]), dtype=np.int64)
    for k in range(rounds - 1, -1, -1):
        later_best[k] = later_best[k + 1] + np.maximum(ceiling[k], out[k])
    used = np.zeros(1, dtype=np.int64)
    last = np.full(1, -1, dtype=np.int64)
    value = np.zeros(1, dtype=np.int64)
    picks = np.zeros((1, 0), dtype=np.int64)
    finished: list[tuple[int, tuple[int, ...]]] = [(int(out_after[0]), ())]
    order = np.arange(len(candidates))
    for k in range(rounds):
        fits = (order[None, :] > last[:, None]) & ((masks[None, :] & used[:, None]) == 0)
        state, choice = np.nonzero(fits)
        if not len(state):
            break
        gained = value[state] + table[k, strengths[choice]]
        bound = gained + later_best[k + 1, strengths[choice]]
        done = gained + out_after[k + 1]
        for row in np.argsort(-done, kind="stable")[:keep]:
            finished.append((int(done[row]), (*tuple(picks[state[row]]), int(choice[row]))))
        best = np.argsort(-bound, kind="stable")[:width]
        state, choice = state[best], choice[best]
        used = used[state] | masks[choice]
        last = choice
        value = gained[best]
        picks = np.column_stack((picks[state], choice))
    finished.sort(key=lambda item: -item[0])
    return [[candidates[i] for i in chosen] for _, chosen in finished[:keep]]


def _inside(candidates: Sequence[Candidate], free: int) -> list[Candidate]:
    return [c for c in candidates if c.mask & free == c.mask]


def neighbours(lineup: Sequence[Candidate], candidates: Sequence[Candidate],
               hand: Sequence[Card]) -> Iterator[list[Candidate]]:
    """Every lineup one move away (see the module text); may repeat profiles."""
    everything = hand_mask(hand)
    used = 0
    for c in lineup:
        used |= c.mask
    spare = everything & ~used
    lineup = list(lineup)
    for index, old in enumerate(lineup):
        rest = lineup[:index] + lineup[index + 1:]
        yield rest
        for new in _inside(candidates, spare | old.mask):
            if new != old:
                yield [*rest, new]
    if len(lineup) < MAX_COMBINATIONS:
        for new in _inside(candidates, spare):
            yield [*lineup, new]
    for first, second in combinations(range(len(lineup)), 2):
        rest = [c for k, c in enumerate(lineup) if k not in (first, second)]
        inside = _inside(candidates, spare | lineup[first].mask | lineup[second].mask)
        for a, b in combinations(inside, 2):
            if a.mask & b.mask == 0:
                yield [*rest, a, b]


@dataclass
class ScoredPool:
    """Every lineup scored so far, one per profile, with its chips in every sampled deal."""

    score: Callable[[np.ndarray], np.ndarray]
    """Chips ``(L, N)`` of lineups given as ``(L, 5)`` strength profiles."""
    lineups: dict[Profile, list[Candidate]] = field(default_factory=dict)
    chips: dict[Profile, np.ndarray] = field(default_factory=dict)
    means: dict[Profile, float] = field(default_factory=dict)

    def add(self, lineups: Sequence[Sequence[Candidate]]) -> None:
        """Score every lineup whose profile is new (in one batch)."""
        fresh: dict[Profile, list[Candidate]] = {}
        for lineup in lineups:
            key = profile(lineup)
            if key not in self.lineups and key not in fresh:
                fresh[key] = sorted(lineup, reverse=True)
        if not fresh:
            return
        chips = self.score(np.array(list(fresh), dtype=np.int64))
        for row, (key, lineup) in enumerate(fresh.items()):
            self.lineups[key] = lineup
            self.chips[key] = chips[row]
        for key, mean in zip(fresh, chips.mean(axis=1).tolist(), strict=True):
            self.means[key] = mean

    def mean(self, key: Profile) -> float:
        """The mean chips of a scored profile."""
        return self.means[key]

    def ranked(self) -> list[Profile]:
        """Every scored profile, the most mean chips first (ties: the stronger profile)."""
        return sorted(self.lineups, key=lambda k: (-self.mean(k), tuple(-s for s in k)))


def improve(pool: ScoredPool, starts: Sequence[Sequence[Candidate]],
            candidates: Sequence[Candidate], hand: Sequence[Card],
            estimate: Callable[[np.ndarray], np.ndarray], deadline: Deadline = NO_LIMIT) -> bool:
    """Score ``starts``, then climb from each to a lineup no neighbour beats; ``estimate``
    gives the linear estimate of ``(L, 5)`` profiles (to pick the neighbours worth scoring).

    Returns whether the climb ended by itself; ``False`` when ``deadline`` stopped it first
    (the pool then holds every lineup scored so far).
    """
    pool.add(starts)
    current = set(sorted({profile(s) for s in starts}, key=lambda k: -pool.means[k])[:CLIMBERS])
    for _ in range(MAX_STEPS):
        moved = set()
        for key in current:
            if deadline.expired():
                return False
            options: dict[Profile, list[Candidate]] = {}
            for lineup in neighbours(pool.lineups[key], candidates, hand):
                options.setdefault(profile(lineup), lineup)
            keys = [k for k in options if k not in pool.lineups]
            if keys:
                values = estimate(np.array(keys, dtype=np.int64))
                best = np.argsort(-values, kind="stable")[:EXACT_PER_STEP]
                pool.add([options[keys[i]] for i in best])
            top = max(options, key=lambda k: pool.means.get(k, -np.inf))
            if top in pool.means and pool.mean(top) > pool.mean(key) + 1e-9:
                moved.add(top)
        if not moved:
            return True
        current = moved
    return True
