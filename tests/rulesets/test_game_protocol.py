"""Ramchi satisfies the game protocol: random games driven only through its GameKind."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulesets.errors import RulesError
from rulesets.game import (
    DEFAULT_GAME,
    GameConfigLike,
    GameKind,
    GameState,
    game_kind,
    game_names,
    register_game,
    unregister_game,
)
from rulesets.log import LogError, record_to_dict

RAMCHI = game_kind("ramchi")


def random_request(rng: random.Random, view: dict[str, Any]) -> dict[str, Any]:
    """A request a seat might send, legal or not, from what its view shows."""
    choice = rng.random()
    if choice < 0.15:
        return {"type": "exchange"}
    if choice < 0.3:
        return {"type": "keep"}
    hand = list(view["hand"])
    rng.shuffle(hand)
    groups = rng.randint(0, 5)
    return {"type": "arrange", "combinations": [hand[3 * i:3 * i + 3] for i in range(groups)
                                                if len(hand[3 * i:3 * i + 3]) == 3]}


def play(kind: GameKind, seed: int) -> GameState:
    """A random game to its end, through the protocol's methods only."""
    rng = random.Random(seed)
    config = kind.config_from_dict({"hands": rng.randint(1, 2), "seed": seed})
    assert isinstance(config, GameConfigLike)
    assert kind.config_from_dict(config.to_dict()) == config
    game = kind.new_game(config)
    assert isinstance(game, GameState)
    for _ in range(2000):
        if kind.is_over(game):
            break
        awaited = kind.awaited(game)
        assert awaited, "a running game waits for someone"
        seat = rng.choice(awaited)
        action = kind.action_from_request(seat, random_request(rng, kind.seat_view(game, seat)))
        if kind.can(game, action):
            before = len(game.log)
            kind.apply(game, action)
            assert kind.redacted_log(game, seat, start=before)[0] == record_to_dict(action) \
                or action.kind == "arrange"  # a hand that ends shows in full
        else:
            with pytest.raises(RulesError):
                kind.verify(game, action)
            with pytest.raises(RulesError):
                kind.apply(game, action)
        assert kind.replay(game.config, game.log) == game
        public = kind.public_view(game)
        assert public["awaiting"] == list(kind.awaited(game))
        assert len(kind.redacted_log(game, None)) == len(game.log)
    assert kind.is_over(game)
    return game


@pytest.mark.parametrize("seed", range(12))
def test_a_random_game_through_the_protocol_replays_equal_and_settles_legal(seed: int) -> None:
    game = play(RAMCHI, seed)
    full = RAMCHI.full_log(game)
    assert RAMCHI.redacted_log(game, 0) == full  # a game that is over hides nothing
    assert RAMCHI.records.log_from_dicts(full) == game.log
    verdict = RAMCHI.settle(game.config.to_dict(), RAMCHI.read_posted(full))
    assert verdict["legal"] is True and verdict["log"] == full
    action_kinds = {cls.kind for cls in RAMCHI.actions}
    actions = [RAMCHI.action_from_dict(record) for record in full if record["kind"] in action_kinds]
    assert RAMCHI.settle(game.config, actions)["legal"] is True


def test_an_action_request_names_its_type_and_an_event_is_no_request() -> None:
    assert RAMCHI.action_from_request(1, {"type": "keep"}) == RAMCHI.actions[1](seat=1)
    with pytest.raises(LogError):
        RAMCHI.action_from_request(0, {"type": "game_ended"})
    with pytest.raises(LogError):
        RAMCHI.action_from_request(0, {"type": "arrange"})
    with pytest.raises(LogError):
        RAMCHI.action_from_dict({"kind": "game_ended", "hands": 1, "chips": [0, 0, 0]})


def test_secret_configuration_is_shown_only_once_the_game_is_over() -> None:
    config = RAMCHI.config_from_dict({"hands": 1, "seed": 5, "dealer": 0}).to_dict()
    assert "seed" not in RAMCHI.shown_config(config, over=False)
    assert RAMCHI.shown_config(config, over=True) == config


def test_the_registry_finds_games_by_name_and_forgets_them() -> None:
    assert game_names()[0] == DEFAULT_GAME == "ramchi"
    other = register_game(GameKind(**{**{f: getattr(RAMCHI, f) for f in RAMCHI.__slots__},
                                      "name": "ramchi_copy"}))
    try:
        assert game_kind("ramchi_copy") is other
        assert game_names() == ("ramchi", "continental", "ramchi_copy")
    finally:
        unregister_game("ramchi_copy")
    with pytest.raises(KeyError, match="no game 'ramchi_copy'"):
        game_kind("ramchi_copy")
