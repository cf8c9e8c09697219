"""Whole Continental games played by bots, and what each seat scored.

:func:`simulate` plays ``games`` games with one bot per seat (names from
:func:`solver.bots.bots_of`), every action through the referee, and reports per
seat the mean points per hand with a 95% confidence interval, the games won
(a shared win counts as a share) and the total. Same arguments, same result.

>>> result = simulate(["random", "random"], games=2, hands=1, seed=3)
>>> result.games, result.hands, [seat.bot for seat in result.seats]
(2, 2, ['random', 'random'])
>>> sum(seat.wins for seat in result.seats)
2.0
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rulesets.continental.config import GameConfig, hand_seed
from rulesets.continental.contracts import HANDS
from rulesets.continental.game import ContinentalGame
from rulesets.continental.kind import CONTINENTAL
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.records import GameEnded, HandEnded
from solver.bots import bot, play_bots
from solver.stats import mean_ci

__all__ = ["SeatResult", "Simulation", "play_game", "simulate"]


@dataclass(frozen=True, slots=True)
class SeatResult:
    """What one seat's bot scored over the games: points per hand (lower is better) and wins."""

    seat: int
    bot: str
    points_per_hand: float
    ci95: float | None
    wins: float
    total_points: int


@dataclass(frozen=True, slots=True)
class Simulation:
    """The result of :func:`simulate`."""

    games: int
    hands: int
    actions: int
    seconds: float
    seats: tuple[SeatResult, ...]
    points: tuple[tuple[int, ...], ...] = field(repr=False, default=())
    """Every hand's points, one tuple per hand (seat order)."""

    def to_dict(self) -> dict[str, object]:
        """The JSON-ready form (without the per-hand points)."""
        return {"games": self.games, "hands": self.hands, "actions": self.actions,
                "seconds": round(self.seconds, 3),
                "seats": [{"seat": s.seat, "bot": s.bot, "points_per_hand": s.points_per_hand,
                           "ci95": s.ci95, "wins": s.wins, "total_points": s.total_points}
                          for s in self.seats]}


def play_game(bots: Sequence[str], *, hands: int = HANDS, seed: int = 0,
              options: ContinentalOptions | None = None, ruleset: str = "continental") -> ContinentalGame:
    """One whole game of bots (``bots[seat]`` names each seat's bot), from ``seed``.

    >>> game = play_game(["random", "advisor"], hands=1, seed=1)
    >>> game.is_over, len(game.totals)
    (True, 2)
    """
    for name in bots:
        bot(CONTINENTAL.name, name)  # an unknown bot fails before the game starts
    config = GameConfig.create(players=len(bots), hands=hands, seed=seed, options=options,
                               ruleset=ruleset)
    game = ContinentalGame(config)
    play_bots(CONTINENTAL, game, list(bots), secret=hand_seed(seed, 0))
    return game


def simulate(bots: Sequence[str], games: int, *, hands: int = HANDS, seed: int = 0,
             options: ContinentalOptions | None = None, ruleset: str = "continental",
             progress: Callable[[int], None] | None = None) -> Simulation:
    """Play ``games`` games (game ``g`` from seed ``seed + g``); ``progress(g)`` after each."""
    started = time.perf_counter()
    points: list[tuple[int, ...]] = []
    wins = [0.0] * len(bots)
    actions = 0
    for number in range(games):
        game = play_game(bots, hands=hands, seed=seed + number, options=options, ruleset=ruleset)
        actions += sum(record.is_action for record in game.log)
        points.extend(record.scores for record in game.log if isinstance(record, HandEnded))
        ended = next(record for record in game.log if isinstance(record, GameEnded))
        for seat in ended.winners:
            wins[seat] += 1 / len(ended.winners)
        if progress is not None:
            progress(number + 1)
    seats = []
    for seat, name in enumerate(bots):
        column = [hand[seat] for hand in points]
        mean, half = mean_ci(column) if column else (0.0, None)
        seats.append(SeatResult(seat, name, mean, half, round(wins[seat], 4), sum(column)))
    return Simulation(games, len(points), actions, time.perf_counter() - started, tuple(seats),
                      tuple(points))
