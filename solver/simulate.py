"""Whole games played by bots, and what each seat scored: for every refereed game with bots.

:func:`simulate` plays ``games`` games with one bot per seat (names from
:func:`solver.bots.bots_of`), every action through the referee, and reports per seat the mean
score per hand with a 95% confidence interval, the games won (a shared win counts as a share)
and the total. Each game has its :class:`Scoring`: Continental counts points (lower is better),
Ramchi chips (higher is better). Same arguments, same result.

>>> result = simulate("continental", ["random", "random"], games=2, config={"hands": 1}, seed=3)
>>> result.games, result.hands, [seat.bot for seat in result.seats], result.unit
(2, 2, ['random', 'random'], 'points')
>>> sum(seat.wins for seat in result.seats)
2.0
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulesets.continental import records as continental
from rulesets.game import GameKind, game_kind
from rulesets.log import Record
from rulesets.ramchi import records as ramchi
from solver.bots import bot, play_bots
from solver.stats import mean_ci

__all__ = ["SCORINGS", "Scoring", "SeatResult", "Simulation", "play_game", "simulate"]


@dataclass(frozen=True, slots=True)
class Scoring:
    """How a game's log is scored: per hand, per seat, and who won; ``unit`` and which way is better."""

    unit: str
    better: str
    per_hand: Callable[[Sequence[Record]], list[tuple[int, ...]]]
    winners: Callable[[Sequence[Record]], tuple[int, ...]]


def _best(values: Sequence[int], higher: bool) -> tuple[int, ...]:
    best = max(values) if higher else min(values)
    return tuple(seat for seat, value in enumerate(values) if value == best)


SCORINGS: dict[str, Scoring] = {
    "continental": Scoring(
        "points", "lower",
        lambda log: [r.scores for r in log if isinstance(r, continental.HandEnded)],
        lambda log: next(r.winners for r in log if isinstance(r, continental.GameEnded))),
    "ramchi": Scoring(
        "chips", "higher",
        lambda log: [r.chips for r in log if isinstance(r, ramchi.HandEnded)],
        lambda log: _best(next(r.chips for r in log if isinstance(r, ramchi.GameEnded)), True)),
}
"""The scoring of each game that has bots."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """What one seat's bot scored over the games: its score per hand and its wins."""

    seat: int
    bot: str
    per_hand: float
    ci95: float | None
    wins: float
    total: int


@dataclass(frozen=True, slots=True)
class Simulation:
    """The result of :func:`simulate`: ``unit`` is what a score counts, ``better`` which way."""

    game: str
    unit: str
    better: str
    games: int
    hands: int
    actions: int
    seconds: float
    seats: tuple[SeatResult, ...]
    scores: tuple[tuple[int, ...], ...] = field(repr=False, default=())
    """Every hand's scores, one tuple per hand (seat order)."""

    def to_dict(self) -> dict[str, object]:
        """The JSON-ready form (without the per-hand scores)."""
        return {"game": self.game, "unit": self.unit, "better": self.better, "games": self.games,
                "hands": self.hands, "actions": self.actions, "seconds": round(self.seconds, 3),
                "seats": [{"seat": s.seat, "bot": s.bot, f"{self.unit}_per_hand": s.per_hand,
                           "ci95": s.ci95, "wins": s.wins, f"total_{self.unit}": s.total}
                          for s in self.seats]}


HAND_ENDED = "hand_ended"
"""The kind of the record that ends a hand, in every game with hands."""


def play_game(game: str, bots: Sequence[str], *, config: Mapping[str, Any] | None = None,
              seed: int = 0, on_hand: Callable[[], None] | None = None) -> Any:
    """One whole game of bots (``bots[seat]`` names each seat's bot) from ``seed``; ``config``
    holds the game's other settings (e.g. ``hands``, ``options``; Continental's ``players``
    is the number of bots). ``on_hand()`` is called as each hand ends.
    """
    kind: GameKind = game_kind(game)
    for name in bots:
        bot(game, name)  # an unknown bot fails before the game starts
    settings = dict(config or {}) | {"seed": seed}
    if kind.players_of is not None:
        settings.setdefault("players", len(bots))
    state = kind.new_game(kind.config_from_dict(settings))
    seen = [len(state.log)]

    def watch(seat: int, action: Record) -> None:
        if on_hand is not None:
            for record in state.log[seen[0]:]:
                if record.kind == HAND_ENDED:
                    on_hand()
        seen[0] = len(state.log)

    play_bots(kind, state, list(bots), on_action=watch)  # the bots draw from the game's seed
    return state


def simulate(game: str, bots: Sequence[str], games: int, *, config: Mapping[str, Any] | None = None,
             seed: int = 0, progress: Callable[[int], None] | None = None) -> Simulation:
    """Play ``games`` games (game ``g`` from seed ``seed + g``); ``progress(h)`` after each hand,
    ``h`` counting the hands played so far.
    """
    scoring = SCORINGS[game]
    started = time.perf_counter()
    scores: list[tuple[int, ...]] = []
    wins = [0.0] * len(bots)
    actions = 0
    played = [0]

    def hand_over() -> None:
        played[0] += 1
        if progress is not None:
            progress(played[0])

    for number in range(games):
        state = play_game(game, bots, config=config, seed=seed + number, on_hand=hand_over)
        actions += sum(record.is_action for record in state.log)
        scores.extend(tuple(hand) for hand in scoring.per_hand(state.log))
        winners = scoring.winners(state.log)
        for seat in winners:
            wins[seat] += 1 / len(winners)
    seats = []
    for seat, name in enumerate(bots):
        column = [hand[seat] for hand in scores]
        mean, half = mean_ci(column) if column else (0.0, None)
        seats.append(SeatResult(seat, name, mean, half, round(wins[seat], 4), sum(column)))
    return Simulation(game, scoring.unit, scoring.better, games, len(scores), actions,
                      time.perf_counter() - started, tuple(seats), tuple(scores))
