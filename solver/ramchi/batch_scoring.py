"""Chips of many lineups over many sampled deals at once: the rules' play-out as array steps.

The rules score one hand at a time (:func:`rulesets.ramchi.scoring.play_out`); ``ev`` advice
needs the chips of hundreds of lineups in each of hundreds of deals. :func:`lineup_chips` plays
every (lineup, deal) pair round by round with numpy, by the same rules: round 1 is led by the
seat after the dealer, later rounds by the previous winner (or the next seat still holding a
combination), equal strengths go to the first played (or the last, by option), round ``k`` pays
``k`` chips from each other seat that pays, and a four of a kind ends the deal before play. The
tests compare it with ``play_out`` on many random lineups and options.

>>> import numpy as np
>>> from rulesets.ramchi.options import RamchiOptions
>>> deals = Deals(np.array([[[0, 0, 0, 0, 0], [400, 300, 0, 0, 0], [450, 0, 0, 0, 0]]]),
...               np.zeros((1, 3), dtype=int), np.array([2]))
>>> lineup_chips(np.array([[500, 10, 0, 0, 0]]), deals, 0, 0, RamchiOptions()).tolist()
[[0]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS

__all__ = ["DealScorer", "Deals", "lineup_chips", "round_wins"]


@dataclass(frozen=True)
class Deals:
    """Sampled deals with every other seat arranged, as arrays over ``N`` deals.

    ``strengths[n, s]`` is seat ``s``'s lineup (five strengths, strongest first, 0 past its
    end; the advised seat's row is ignored), ``fours[n, s]`` the rank of the four of a kind seat
    ``s`` holds (0: none; ignored for the advised seat), ``dealer[n]`` the dealer.
    """

    strengths: np.ndarray
    fours: np.ndarray
    dealer: np.ndarray

    def __len__(self) -> int:
        return len(self.dealer)

    def take(self, rows: np.ndarray) -> Deals:
        """The deals at ``rows`` (a boolean mask or indices)."""
        return Deals(self.strengths[rows], self.fours[rows], self.dealer[rows])

    @staticmethod
    def joined(parts: Sequence[Deals]) -> Deals:
        """The deals of every part, in order (at least one part)."""
        if len(parts) == 1:
            return parts[0]
        return Deals(np.concatenate([p.strengths for p in parts]),
                     np.concatenate([p.fours for p in parts]),
                     np.concatenate([p.dealer for p in parts]))


def _four_chips(deals: Deals, seat: int, my_four: int, options: RamchiOptions
                ) -> tuple[np.ndarray, np.ndarray]:
    """Per deal: whether a four of a kind ends it before play, and my chips if so."""
    if not options.four_of_a_kind:
        return np.zeros(len(deals), dtype=bool), np.zeros(len(deals), dtype=np.int64)
    fours = deals.fours.copy()
    fours[:, seat] = my_four
    ended = fours.max(axis=1) > 0
    mine = fours.argmax(axis=1) == seat
    each = options.four_of_a_kind_chips
    return ended, np.where(mine, each * (SEATS - 1), -each)


class DealScorer:
    """Scores lineups of one seat on a fixed set of deals; the other seats are known, so what
    decides each round is precomputed once per deal, round, leader-to-be and whether I still
    hold a combination (see :meth:`_round_facts`), and each lineup is then a few array look-ups
    per round.
    """

    def __init__(self, deals: Deals, seat: int, my_four: int, options: RamchiOptions) -> None:
        self.deals, self.seat, self.options = deals, seat, options
        self.ended, self.four_chips = _four_chips(deals, seat, my_four, options)
        self.facts = [self._round_facts(index) for index in range(MAX_COMBINATIONS)]

    def _round_facts(self, index: int) -> tuple[np.ndarray, ...]:
        """For round ``index + 1``, arrays ``(N, 6)`` over (start seat ``w``, I am active ``a``)
        at column ``2 * w + a``: whether the round is played, the best other strength (-1: no
        other plays), whether I win a tie with it, the seat that wins if I do not, and how many
        pay me if I win.
        """
        seat, count = self.seat, len(self.deals)
        strengths = self.deals.strengths[:, :, index].copy()
        strengths[:, seat] = 0
        seats = np.arange(SEATS)
        played = np.zeros((count, 6), dtype=bool)
        best = np.full((count, 6), -1, dtype=np.int64)
        tie = np.zeros((count, 6), dtype=bool)
        other_winner = np.zeros((count, 6), dtype=np.int64)
        payers = np.zeros((count, 6), dtype=np.int64)
        for start in range(SEATS):
            for me_active in (0, 1):
                column = 2 * start + me_active
                active = strengths > 0
                active[:, seat] = bool(me_active)
                leader = np.full(count, start)
                for _ in range(SEATS - 1):
                    leader = np.where(active[np.arange(count), leader], leader, (leader + 1) % SEATS)
                position = (seats[None, :] - leader[:, None]) % SEATS
                priority = position if self.options.tie_goes_to == "last" else SEATS - 1 - position
                others = active.copy()
                others[:, seat] = False
                key = np.where(others, strengths * SEATS + priority, -1)
                winner = key.argmax(axis=1)
                anyone = others.any(axis=1)
                rows = np.arange(count)
                played[:, column] = active.any(axis=1)
                best[:, column] = np.where(anyone, strengths[rows, winner], -1)
                tie[:, column] = priority[:, seat] > priority[rows, winner]
                other_winner[:, column] = winner
                payers[:, column] = (SEATS - 1 if self.options.out_players_pay
                                     else others.sum(axis=1))
        return played, best, tie, other_winner, payers

    def _play(self, mine: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """My chips ``(L, N)`` and whether I win each round ``(L, N, 5)``, ignoring fours."""
        count = len(self.deals)
        shape = (len(mine), count)
        chips = np.zeros(shape, dtype=np.int64)
        wins = np.zeros((*shape, MAX_COMBINATIONS), dtype=bool)
        start = np.broadcast_to((self.deals.dealer + 1) % SEATS, shape)
        base = (np.arange(count) * 6)[None, :]
        out_pay = self.options.out_players_pay
        for index, (played, best, tie, other_winner, payers) in enumerate(self.facts):
            number = index + 1
            strength = mine[:, index][:, None]
            active = strength > 0
            flat = base + 2 * start + active
            is_played = played.ravel()[flat]
            best_other = best.ravel()[flat]
            win = active & ((strength > best_other) | ((strength == best_other) & tie.ravel()[flat]))
            gain = np.where(win, number * payers.ravel()[flat],
                            -number if out_pay else np.where(active, -number, 0))
            chips += np.where(is_played, gain, 0)
            wins[..., index] = is_played & win
            start = np.where(is_played, np.where(win, self.seat, other_winner.ravel()[flat]), start)
        return chips, wins

    def chips(self, mine: np.ndarray) -> np.ndarray:
        """My chips ``(L, N)`` for each lineup of ``mine`` (``(L, 5)``) in each deal."""
        chips, _ = self._play(np.asarray(mine))
        return np.where(self.ended[None, :], self.four_chips[None, :], chips)

    def round_wins(self, lineup: np.ndarray) -> np.ndarray:
        """For each of my combinations, the share of played-out deals in which it wins its
        round: ``(5,)``.
        """
        _, wins = self._play(np.asarray(lineup)[None, :])
        played = ~self.ended
        if not played.any():
            return np.zeros(MAX_COMBINATIONS)
        return wins[0, played].mean(axis=0)


def lineup_chips(mine: np.ndarray, deals: Deals, seat: int, my_four: int,
                 options: RamchiOptions) -> np.ndarray:
    """My chips ``(L, N)`` when I (``seat``) play each of the ``L`` lineups ``mine`` (``(L, 5)``
    strengths, strongest first, 0 past the end) in each of the ``N`` deals; ``my_four`` is the
    rank of my four of a kind (0: none, or not counted).
    """
    return DealScorer(deals, seat, my_four, options).chips(mine)


def round_wins(lineup: np.ndarray, deals: Deals, seat: int, my_four: int,
               options: RamchiOptions) -> np.ndarray:
    """For each of my combinations, the share of played-out deals (no four of a kind) in which
    it wins its round: ``(5,)``.
    """
    return DealScorer(deals, seat, my_four, options).round_wins(lineup)
