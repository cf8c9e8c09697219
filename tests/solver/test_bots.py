"""Bots on the platform: the registry, reproducible choices, and who may act when."""

from __future__ import annotations

import pytest

from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame
from rulesets.continental.kind import CONTINENTAL, bot_seat
from rulesets.game import first_awaited_bot, game_kind
from solver.bots import BotLimitError, bot, bot_rng, bots_of, next_bot_action, play_bots


def new_game(players: int = 3, seed: int = 5) -> ContinentalGame:
    return ContinentalGame(GameConfig.create(players=players, hands=1, seed=seed, dealer=0))


def test_each_game_lists_its_own_bots() -> None:
    assert list(bots_of("continental")) == ["random", "advisor", "ev"]
    assert bots_of("chess") == {}
    with pytest.raises(KeyError, match="bots: advisor, ev, random"):
        bot("continental", "shark")


def test_the_same_game_and_version_give_the_same_choice() -> None:
    bots = ["random", "random", "random"]
    first = next_bot_action(CONTINENTAL, new_game(), bots, secret=9, version=0)
    again = next_bot_action(CONTINENTAL, new_game(), bots, secret=9, version=0)
    assert first == again and first is not None and first[0] == 1
    assert bot_rng(9, 0).random() != bot_rng(9, 1).random() != bot_rng(10, 0).random()


def test_bots_stop_where_a_person_must_act() -> None:
    game = new_game()
    taken = play_bots(CONTINENTAL, game, [None, "random", "random"], secret=1)
    assert not game.is_over
    assert game.current == 0 or 0 in game.buyers_to_answer()
    assert taken == sum(record.is_action for record in game.log)


def test_a_game_of_bots_is_played_to_its_end_and_replays() -> None:
    game = new_game(players=4, seed=8)
    play_bots(CONTINENTAL, game, ["advisor", "random", "advisor", "random"], secret=3)
    assert game.is_over
    assert ContinentalGame.replay(game.config, game.log) == game


def test_bots_that_never_need_a_person_are_stopped_at_the_limit() -> None:
    with pytest.raises(BotLimitError):
        play_bots(CONTINENTAL, new_game(), ["random"] * 3, secret=1, limit=5)


def test_bots_answer_a_buy_offer_at_once_nearest_first() -> None:
    game = new_game(players=4)
    game.do_draw(1, "stock")  # seats 2, 3, 0 may buy the discard
    assert bot_seat(game, [None, None, "random", "random"]) == 2
    assert bot_seat(game, ["random", None, None, "random"]) == 3


def test_a_bot_whose_turn_it_is_waits_while_a_person_may_still_buy() -> None:
    game = new_game(players=3)
    game.do_draw(1, "stock")  # seat 1 (a bot) plays; seats 2 and 0 may buy
    bots = ["random", "random", None]
    assert bot_seat(game, bots) == 0  # the bot buyer answers
    game.do_pass(0)
    assert bot_seat(game, bots) is None  # seat 2, a person, may still buy: the bot waits
    game.do_pass(2)
    assert bot_seat(game, bots) == 1


def test_by_default_a_bot_acts_for_the_first_awaited_seat_it_plays() -> None:
    ramchi = game_kind("ramchi")
    game = ramchi.new_game(ramchi.config_from_dict({"hands": 1, "seed": 5, "dealer": 0}))
    assert first_awaited_bot(game, [None, "x", "x"]) == game.awaited()[0]
    assert first_awaited_bot(game, [None, None, None]) is None
