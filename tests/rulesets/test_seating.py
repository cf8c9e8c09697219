"""A seat handed to a bot (``replace_by_bot``, :mod:`rulesets.seating`), in every game: legal at
any moment of a running game, out of turn too, and changing nothing else; refused when the game is
over, for no seat, for a seat handed over before, or for no bot; replayed, judged and told like
any action; and the platform's rules (the host, known bots, a person left) given what it knows."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.game import GameKind, game_kind
from rulesets.log import record_to_dict, split_actions
from rulesets.seating import (
    HOST_RULE,
    ReplaceByBot,
    default_host,
    handed_over,
    host_problems,
    open_handovers,
    seated_bots,
    table_problems,
)
from solver.bots import next_bot_action

CONFIGS = {"ramchi": {"hands": 1, "seed": 5, "dealer": 0},
           "continental": {"players": 3, "hands": 1, "seed": 5, "dealer": 0}}
"""One configuration of each game (Ramchi: seat 1 holds the 2♦; Continental: seat 1 plays first)."""

BOT = {"ramchi": "greedy", "continental": "random"}


def new_game(name: str) -> tuple[GameKind, Any]:
    kind = game_kind(name)
    return kind, kind.new_game(kind.config_from_dict(CONFIGS[name]))


def not_awaited(kind: GameKind, game: Any) -> int:
    """A seat the game does not wait for now."""
    return next(seat for seat in range(kind.seat_count(game.config)) if seat not in kind.awaited(game))


def finished(name: str, handovers: dict[int, int]) -> tuple[GameKind, Any]:
    """A game played to its end by bots, seat 0 handing seats over on the way (``handovers``:
    the seat handed over → the number of actions, handovers included, taken before it)."""
    kind, game = new_game(name)
    bots: list[str | None] = [BOT[name]] * kind.seat_count(game.config)
    while not kind.is_over(game):
        taken = len(split_actions(game.log))
        for seat, before in handovers.items():
            if before == taken and seat not in handed_over(game.log):
                kind.apply(game, ReplaceByBot(0, seat, BOT[name]))
        chosen = next_bot_action(kind, game, bots, version=len(split_actions(game.log)))
        assert chosen is not None
        kind.apply(game, chosen[1])
    return kind, game


# -- the referee -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", CONFIGS)
def test_a_seat_may_be_handed_to_a_bot_at_any_moment_out_of_turn(name: str) -> None:
    kind, game = new_game(name)
    seat = not_awaited(kind, game)
    before = (kind.awaited(game), [kind.legal_actions(game, s) for s in range(3)], len(game.log))
    action = ReplaceByBot(seat=seat, player=1, bot=BOT[name])
    assert kind.can(game, action)
    kind.apply(game, action)
    assert game.log[-1] == action and len(game.log) == before[2] + 1
    assert (kind.awaited(game), [kind.legal_actions(game, s) for s in range(3)]) == before[:2]
    kind.apply(game, ReplaceByBot(seat=1, player=2, bot=BOT[name]))  # whoever acts: the referee
    assert handed_over(game.log) == {1: BOT[name], 2: BOT[name]}     # does not know the host


@pytest.mark.parametrize("name", CONFIGS)
def test_a_game_moves_never_list_the_handover(name: str) -> None:
    kind, game = new_game(name)
    for seat in range(3):
        assert all(legal.body["type"] != "replace_by_bot" for legal in kind.legal_actions(game, seat))


@pytest.mark.parametrize("name", CONFIGS)
def test_a_seat_is_not_handed_to_a_bot_once_the_game_is_over(name: str) -> None:
    _, game = finished(name, {})
    problems = game.problems(ReplaceByBot(0, 1, BOT[name]))
    assert [problem.code for problem in problems] == ["game_over"]
    assert "over" in problems[0].message and problems[0].rule


@pytest.mark.parametrize("name", CONFIGS)
@pytest.mark.parametrize("player", [3, -1, 99])
def test_a_seat_handed_to_a_bot_is_a_seat_of_the_game(name: str, player: int) -> None:
    _, game = new_game(name)
    problems = game.problems(ReplaceByBot(0, player, BOT[name]))
    assert [problem.code for problem in problems] == ["no_such_seat"]
    assert "the seats are 0 to 2" in problems[0].message
    assert [p.code for p in game.problems(ReplaceByBot(player, 1, BOT[name]))] == ["no_such_seat"]


@pytest.mark.parametrize("name", CONFIGS)
def test_a_seat_is_handed_to_a_bot_once(name: str) -> None:
    kind, game = new_game(name)
    kind.apply(game, ReplaceByBot(0, 2, BOT[name]))
    problems = game.problems(ReplaceByBot(0, 2, "ev"))
    assert [problem.code for problem in problems] == ["already_a_bot"]
    assert problems[0].message == f"seat 2 was already handed to a bot ({BOT[name]})"


@pytest.mark.parametrize("name", CONFIGS)
@pytest.mark.parametrize("bot", ["", "   "])
def test_a_seat_is_handed_to_a_bot_named(name: str, bot: str) -> None:
    _, game = new_game(name)
    assert [problem.code for problem in game.problems(ReplaceByBot(0, 1, bot))] == ["unknown_bot"]


@pytest.mark.parametrize("name", CONFIGS)
def test_each_game_reads_a_handover_request_and_record(name: str) -> None:
    kind = game_kind(name)
    assert kind.action_from_request(0, {"type": "replace_by_bot", "player": 2, "bot": "ev"}) \
        == ReplaceByBot(0, 2, "ev")
    record = {"kind": "replace_by_bot", "seat": 0, "player": 2, "bot": "ev"}
    assert kind.action_from_dict(record) == ReplaceByBot(0, 2, "ev")
    assert record_to_dict(ReplaceByBot(0, 2, "ev")) == record


# -- replays and disputes of a log holding handovers -----------------------------------------------

@pytest.mark.parametrize("name", CONFIGS)
def test_a_log_with_handovers_replays_to_the_same_game(name: str) -> None:
    kind, game = finished(name, {1: 0, 2: 3})
    assert [record.player for record in game.log if isinstance(record, ReplaceByBot)] == [1, 2]
    assert kind.replay(game.config, game.log) == game


@pytest.mark.parametrize("name", CONFIGS)
def test_a_dispute_of_a_log_with_handovers_gives_a_clean_verdict(name: str) -> None:
    kind, game = finished(name, {1: 0, 2: 3})
    whole = kind.redacted_log(game, None)
    for posted in (whole, [item for item in whole if kind.records.classes[item["kind"]].is_action]):
        verdict = kind.judge(game.config, posted)
        assert (verdict["legal"], verdict["finished"]) == (True, True), verdict.get("message")
    actions = [item for item in whole if kind.records.classes[item["kind"]].is_action]
    twice = [*actions[:1], actions[0], *actions[1:]]  # the first handover posted twice
    assert actions[0]["kind"] == "replace_by_bot"
    verdict = kind.judge(game.config, twice)
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, 1, "already_a_bot")
    assert verdict["message"].startswith("record 1") and verdict["rule"]


@pytest.mark.parametrize("name", CONFIGS)
def test_a_replay_tells_the_handover_in_words(name: str) -> None:
    kind, game = finished(name, {1: 0})
    answer = kind.replay_log(game.config, kind.redacted_log(game, None))
    told = [step for step in answer["steps"] if step["kind"] == "replace_by_bot"]
    assert answer["verdict"]["legal"] is True and len(told) == 1
    assert told[0]["text"] == f"Seat 0 hands seat 1 to a bot ({BOT[name]}), which plays it from now on"
    assert told[0]["seat"] == 0 and told[0]["hand"] == 1


# -- what the platform checks with what it knows ---------------------------------------------------

def test_only_the_host_may_replace_a_player_by_a_bot() -> None:
    bots: list[str | None] = [None, None, None]
    refused = table_problems(ReplaceByBot(1, 2, "ev"), bots=bots, host=0, known_bots=["ev"])
    assert [(problem.code, problem.rule) for problem in refused] == [("not_the_host", HOST_RULE)]
    assert refused[0].message == "seat 1 did not create this table (seat 0 created it)"
    assert table_problems(ReplaceByBot(0, 2, "ev"), bots=bots, host=0, known_bots=["ev"]) == []
    nobody = table_problems(ReplaceByBot(0, 2, "ev"), bots=bots, host=None, known_bots=["ev"])
    assert [problem.code for problem in nobody] == ["not_the_host"]


def test_a_seat_is_handed_to_one_of_the_games_bots() -> None:
    refused = table_problems(ReplaceByBot(0, 2, "shark"), bots=[None, None, None], host=0,
                             known_bots=["greedy", "maximin", "ev"])
    assert [problem.code for problem in refused] == ["unknown_bot"]
    assert refused[0].message == "'shark' is none of this game's bots: they are greedy, maximin, ev"


def test_a_seat_a_bot_plays_is_not_handed_over_again() -> None:
    refused = table_problems(ReplaceByBot(0, 1, "ev"), bots=[None, "greedy", None], host=0,
                             known_bots=["greedy", "ev"])
    assert [problem.code for problem in refused] == ["already_a_bot"]


def test_at_least_one_seat_stays_a_persons() -> None:
    refused = table_problems(ReplaceByBot(0, 0, "ev"), bots=[None, "ev", "ev"], host=0, known_bots=["ev"])
    assert [problem.code for problem in refused] == ["no_person_left"]
    assert table_problems(ReplaceByBot(0, 0, "ev"), bots=[None, None, "ev"], host=0, known_bots=["ev"]) == []


def test_a_seat_a_bot_plays_takes_no_action_by_token() -> None:
    from rulesets.ramchi.records import Keep

    refused = table_problems(Keep(1), bots=[None, "greedy", None], host=0, known_bots=["greedy"])
    assert [problem.code for problem in refused] == ["seat_played_by_bot"]
    assert "now played by a bot" in refused[0].rule
    assert table_problems(Keep(2), bots=[None, "greedy", None], host=0, known_bots=["greedy"]) == []


def test_the_bots_of_a_game_are_its_created_bots_and_its_handovers() -> None:
    log = [ReplaceByBot(0, 1, "ev"), ReplaceByBot(0, 1, "greedy")]
    assert seated_bots([None, None, "maximin"], log) == [None, "ev", "maximin"]
    assert seated_bots([None, None], [ReplaceByBot(0, 5, "ev")]) == [None, None]


def test_the_host_is_a_person_at_the_table_the_first_by_default() -> None:
    assert default_host([None, None]) == 0 and default_host(["ev", None]) == 1
    assert default_host(["ev", "ev"]) is None
    assert host_problems(0, [None, None]) == []
    assert host_problems(0, ["ev", None]) \
        == ["seat 0 is played by a bot (ev): the host is a person at the table"]
    assert host_problems(2, [None, None]) == ["2 is no seat; the seats are 0 to 1"]


@pytest.mark.parametrize("name", CONFIGS)
def test_the_host_may_send_every_handover_the_rules_take(name: str) -> None:
    kind, game = new_game(name)
    open_now = open_handovers(game, bots=[None, None, "ev"], host=0, known_bots=["ev", "greedy"])
    assert [(action.seat, action.player, action.bot) for action in open_now] \
        == [(0, 0, "ev"), (0, 0, "greedy"), (0, 1, "ev"), (0, 1, "greedy")]
    assert all(kind.can(game, action) for action in open_now)
    _, over = finished(name, {})
    assert open_handovers(over, bots=[None, None, None], host=0, known_bots=["ev"]) == []
