"""Random games by random legal players: invariants after every action."""

from __future__ import annotations

import os
import random
from collections.abc import Callable

import pytest

from rulesets.cards import DECK
from rulesets.errors import RulesError
from rulesets.log import record_to_dict
from rulesets.ramchi.config import GameConfig
from rulesets.ramchi.game import RamchiGame
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.records import RAMCHI_RECORDS, Arrange, GameEnded, HandEnded

GAMES = 1000


def random_options(rng: random.Random) -> RamchiOptions:
    if rng.random() < 0.5:
        return RamchiOptions()
    return RamchiOptions(
        four_of_a_kind=rng.random() < 0.8,
        four_of_a_kind_chips=rng.choice([0, 4, 7]),
        tie_goes_to=rng.choice(["first", "last"]),
        out_players_pay=rng.random() < 0.5,
        exchange=rng.random() < 0.8,
    )


def check_invariants(game: RamchiGame) -> None:
    places = game.card_places()
    cards = [card for place in places.values() for card in place]
    assert sorted(cards) == sorted(DECK), places
    assert sum(game.chips) == 0
    assert RamchiGame.replay(game.config, game.log) == game


def check_round_trip(game: RamchiGame) -> None:
    dicts = [record_to_dict(record) for record in game.log]
    assert RAMCHI_RECORDS.log_from_dicts(dicts) == game.log


def check_rejected(game: RamchiGame, action: Arrange) -> None:
    """An illegal action raises and leaves the state untouched."""
    before = RamchiGame.replay(game.config, game.log)
    assert not game.can(action)
    with pytest.raises(RulesError):
        game.apply(action)
    assert game == before


def play_random_game(seed: int, players: dict[str, Callable[..., object]]) -> RamchiGame:
    rng = random.Random(seed)
    config = GameConfig.create(hands=rng.randint(1, 3), seed=rng.randrange(2**32),
                               options=random_options(rng))
    game = RamchiGame(config)
    check_invariants(game)
    while not game.is_over:
        action = players["action"](game, rng)
        if rng.random() < 0.05:
            check_rejected(game, Arrange(action.seat, ((DECK[0], DECK[0], DECK[1]),) * 6))
        game.apply(action)
        check_invariants(game)
    check_round_trip(game)
    ends = [r for r in game.log if isinstance(r, HandEnded)]
    assert len(ends) == config.hands
    assert game.log[-1] == GameEnded(config.hands, game.chips)
    assert tuple(map(sum, zip(*(e.chips for e in ends), strict=True))) == game.chips
    return game


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_random_games_keep_every_invariant(chunk: int, players) -> None:
    for seed in range(chunk * GAMES // 10, (chunk + 1) * GAMES // 10):
        play_random_game(seed, players)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("RAMCHI_SLOW"), reason="set RAMCHI_SLOW=1 for 5,000 more games")
def test_many_more_random_games(players) -> None:
    for seed in range(GAMES, 6 * GAMES):
        play_random_game(seed, players)
