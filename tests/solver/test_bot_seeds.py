"""The bots draw their chance from the game's seed: the same seed and the same actions give the
same game, whatever the bots (every mix of each game's bots and people, seat by seat).

A person here always sends the last of its ``legal_actions``, so that two games fed alike are sent
the same actions; ``RAMCHI_SLOW=1`` plays every mix of Ramchi's costly bots too.
"""

from __future__ import annotations

import itertools
import os
from typing import Any

import pytest

from rulesets.game import game_kind, game_names
from solver.bots import bot_rng, bot_secret, bots_of, play_bots

SLOW = bool(os.environ.get("RAMCHI_SLOW"))
SEEDS = (3,) if os.environ.get("RAMCHI_QUICK") == "1" else (3, 8)
"""The deals each mix plays (one in the fast tier, ``make check``)."""
SEATS = 3


SLOW_BOTS = ("ramchi",)
"""Games whose bots take a noticeable time a decision (Ramchi's ev and maximin: tenths of a second)."""


def mixes(name: str) -> list[tuple[str | None, ...]]:
    """Every way to seat the game's bots and people (not all people); for a game of
    :data:`SLOW_BOTS`, outside the slow tier, each bot at every seat (alone, and with the others)."""
    bots = list(bots_of(name))
    if SLOW or name not in SLOW_BOTS:
        every = itertools.product([*bots, None], repeat=SEATS)
        return [mix for mix in every if any(seat is not None for seat in mix)]
    rotations = [tuple(bots[(start + i) % len(bots)] for i in range(SEATS)) for start in range(len(bots))]
    alone = [tuple(bot if seat == at else None for seat in range(SEATS))
             for bot in bots for at in range(SEATS)]
    return rotations + alone


def play(name: str, bots: tuple[str | None, ...], seed: int) -> Any:
    """One hand from ``seed``: the bots act on their own, a person sends its last legal action."""
    kind = game_kind(name)
    settings: dict[str, Any] = {"seed": seed, "hands": 1}
    if kind.players_of is not None:
        settings["players"] = SEATS
    game = kind.new_game(kind.config_from_dict(settings))
    while not kind.is_over(game):
        play_bots(kind, game, list(bots), version=sum(record.is_action for record in game.log))
        if kind.is_over(game):
            break
        seat = next(seat for seat in kind.awaited(game) if bots[seat] is None)
        body = kind.legal_actions(game, seat)[-1].body
        kind.apply(game, kind.action_from_request(seat, body))
    return game


@pytest.mark.parametrize("name", game_names())
def test_the_same_seed_and_actions_give_the_same_game_whatever_the_bots(name: str) -> None:
    for bots in mixes(name):
        for seed in SEEDS:
            first, again = play(name, bots, seed), play(name, bots, seed)
            assert first.log == again.log, (bots, seed)


def test_a_random_bot_plays_by_the_seed_not_by_chance() -> None:
    bots = ("random", "random", None)
    logs = {seed: play("continental", bots, seed).log for seed in (3, 4)}
    assert logs[3] != logs[4]
    assert play("continental", bots, 3).log == logs[3]


def test_each_seat_has_its_own_stream_from_the_seed() -> None:
    kind = game_kind("continental")
    config = kind.config_from_dict({"players": 3, "hands": 1, "seed": 5})
    same = kind.config_from_dict({"players": 3, "hands": 1, "seed": 5})
    other = kind.config_from_dict({"players": 3, "hands": 1, "seed": 6})
    assert bot_secret("continental", config) == bot_secret("continental", same)
    assert bot_secret("continental", config) != bot_secret("continental", other)
    secret = bot_secret("continental", config)
    draws = {seat: bot_rng(secret, 4, seat).random() for seat in range(3)}
    assert len(set(draws.values())) == 3
