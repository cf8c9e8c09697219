"""A player who leaves is replaced by a bot, from the creator's link (``replace_by_bot``): only the
table's host sends it, naming a bot of the game and a seat a person plays; the bot then plays the
seat at once (the answer's events show it), the replaced player's token still reads but no longer
acts, and the log, its dispute and its replay hold the handover."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from api.bot_runner import bots_done
from rulesets.game import game_kind
from rulesets.seating import BOT_PLAYS_RULE, HOST_RULE, ONCE_RULE, ReplaceByBot

RAMCHI = {"game": "ramchi", "players": ["Asha", "Ben", "Chen"], "hands": 1, "seed": 5, "dealer": 0}
"""Seat 1 (Ben) holds the 2♦: the game waits for its exchange first."""

CONTINENTAL = {"game": "continental", "players": ["Asha", "Ben", "Chen"], "hands": 1, "seed": 5,
               "dealer": 0, "bots": [None, None, "random"]}
"""Seat 1 (Ben), after the dealer, plays first."""


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: FlaskClient, body: dict[str, Any]) -> tuple[str, list[str], dict[str, Any]]:
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.json
    return response.json["id"], [seat["token"] for seat in response.json["seats"]], response.json


def act(client: FlaskClient, game_id: str, token: str, **body: Any) -> Any:
    return client.post(f"/v1/games/{game_id}/actions", json=body, headers=bearer(token))


def hand_over(client: FlaskClient, game_id: str, token: str, player: int, bot: str, **more: Any) -> Any:
    return act(client, game_id, token, type="replace_by_bot", player=player, bot=bot, **more)


def test_the_host_replaces_the_player_whose_turn_it_is_and_the_bot_acts_at_once(
        client: FlaskClient) -> None:
    game_id, tokens, created = create(client, RAMCHI)
    assert created["host"] == 0 and created["awaiting"] == [1] and created["version"] == 0
    answer = hand_over(client, game_id, tokens[0], 1, "greedy", expected_version=0)
    assert answer.status_code == 200, answer.json
    assert answer.json["action"] == {"kind": "replace_by_bot", "seat": 0, "player": 1, "bot": "greedy"}
    bot_moves = [event for event in answer.json["events"] if event.get("seat") == 1]
    assert [event["kind"] for event in bot_moves][-1] == "arrange"  # it decided the exchange, arranged
    assert bot_moves[0]["kind"] in ("exchange", "keep")
    assert answer.json["version"] == 1 + len(bot_moves)
    state = answer.json["state"]
    assert state["bots"] == [None, "greedy", None] and state["arranged"] == [False, True, False]
    assert state["awaiting"] == [0, 2]
    public = client.get(f"/v1/games/{game_id}").json
    assert public["bots"] == [None, "greedy", None] and public["version"] == answer.json["version"]


def test_only_the_host_may_replace_a_player_by_a_bot(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client, RAMCHI)
    refused = hand_over(client, game_id, tokens[2], 1, "greedy")
    assert refused.status_code == 409 and refused.json["code"] == "not_the_host"
    assert refused.json["rule"] == HOST_RULE
    assert refused.json["detail"] == "seat 2 did not create this table (seat 0 created it)"
    assert client.get(f"/v1/games/{game_id}").json["version"] == 0


def test_the_host_is_named_at_creation_a_person_by_default_the_first(client: FlaskClient) -> None:
    _, tokens, named = create(client, RAMCHI | {"host": 2})
    assert named["host"] == 2
    game_id, tokens, created = create(client, RAMCHI | {"bots": ["ev", None, None]})
    assert created["host"] == 1
    assert hand_over(client, game_id, tokens[1], 2, "greedy").status_code == 200
    for host, pointer in ((0, "/host"), (5, "/host")):
        refused = client.post("/v1/games", json=RAMCHI | {"bots": ["ev", None, None], "host": host})
        assert refused.status_code == 422 and refused.json["errors"][0]["pointer"] == pointer, refused.json


def test_an_unknown_bot_is_refused_with_the_known_names(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client, RAMCHI)
    refused = hand_over(client, game_id, tokens[0], 1, "shark")
    assert refused.status_code == 422 and refused.json["code"] == "unknown_bot"
    assert refused.json["detail"] == "'shark' is none of this game's bots: they are greedy, maximin, ev"
    continental_id, continental_tokens, _ = create(client, CONTINENTAL)
    refused = hand_over(client, continental_id, continental_tokens[0], 1, "greedy")
    assert refused.status_code == 422 and refused.json["detail"].endswith("they are random, advisor, ev")


def test_a_seat_already_played_by_a_bot_is_not_handed_over(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client, RAMCHI | {"bots": [None, None, "ev"]})
    from_the_start = hand_over(client, game_id, tokens[0], 2, "greedy")
    assert from_the_start.status_code == 409 and from_the_start.json["code"] == "already_a_bot"
    assert from_the_start.json["rule"] == ONCE_RULE
    assert hand_over(client, game_id, tokens[0], 1, "greedy").status_code == 200
    again = hand_over(client, game_id, tokens[0], 1, "maximin")
    assert again.status_code == 409 and again.json["code"] == "already_a_bot"
    last = hand_over(client, game_id, tokens[0], 0, "greedy")  # the host is the last person
    assert last.status_code == 409 and last.json["code"] == "no_person_left"


def test_the_replaced_player_may_watch_but_not_act(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client, RAMCHI | {"hands": 2})
    assert hand_over(client, game_id, tokens[0], 2, "greedy").status_code == 200
    watched = client.get(f"/v1/games/{game_id}", headers=bearer(tokens[2]))
    assert watched.status_code == 200 and watched.json["seat"] == 2 and len(watched.json["hand"]) == 17
    assert "table_actions" not in watched.json and watched.json["legal_actions"] == []
    assert client.get(f"/v1/games/{game_id}/log", headers=bearer(tokens[2])).status_code == 200
    refused = act(client, game_id, tokens[2], type="arrange", combinations=[])
    assert refused.status_code == 409 and refused.json["code"] == "seat_played_by_bot"
    assert refused.json["rule"] == BOT_PLAYS_RULE
    assert refused.json["rule"].startswith("this seat is now played by a bot")


def test_a_repeated_action_id_hands_the_seat_over_once(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client, RAMCHI)
    first = hand_over(client, game_id, tokens[0], 1, "greedy", action_id="leave-1")
    again = hand_over(client, game_id, tokens[0], 1, "greedy", action_id="leave-1")
    assert first.status_code == again.status_code == 200 and again.json == first.json
    log = client.get(f"/v1/games/{game_id}/log").json
    assert [item["kind"] for item in log["log"]].count("replace_by_bot") == 1
    assert log["version"] == first.json["version"]


def test_the_host_view_lists_the_handovers_it_may_send(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client, RAMCHI | {"bots": [None, None, "ev"]})
    host_view = client.get(f"/v1/games/{game_id}", headers=bearer(tokens[0])).json
    listed = host_view["table_actions"]
    assert {body["player"] for body in listed} == {0, 1}  # seat 2 is a bot's already
    assert {body["bot"] for body in listed} == {"greedy", "maximin", "ev"} and len(listed) == 6
    assert all(legal["type"] != "replace_by_bot" for legal in host_view["legal_actions"])
    assert "table_actions" not in client.get(f"/v1/games/{game_id}", headers=bearer(tokens[1])).json
    assert hand_over(client, game_id, tokens[0], **{k: v for k, v in listed[-1].items()
                                                    if k != "type"}).status_code == 200


def test_a_poll_after_a_handover_finds_the_bot_has_acted(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client, RAMCHI)
    polled = client.get(f"/v1/games/{game_id}", headers=bearer(tokens[2]))
    etag = polled.headers["ETag"]
    assert client.get(f"/v1/games/{game_id}", headers=bearer(tokens[2]) | {"If-None-Match": etag}
                      ).status_code == 304  # waiting for a person: quiet
    answer = hand_over(client, game_id, tokens[0], 1, "greedy")
    after = client.get(f"/v1/games/{game_id}", headers=bearer(tokens[2]) | {"If-None-Match": etag})
    assert after.status_code == 200 and after.json["version"] == answer.json["version"] > 1
    assert after.json["arranged"][1] is True


def test_a_handover_in_the_log_makes_the_bot_due() -> None:
    kind = game_kind("ramchi")
    game = kind.new_game(kind.config_from_dict({"hands": 1, "seed": 5, "dealer": 0}))
    assert bots_done(kind, game, {"host": 0})
    kind.apply(game, ReplaceByBot(0, 1, "greedy"))  # seat 1 decides the exchange now: its bot is due
    assert not bots_done(kind, game, {"host": 0})


def test_the_log_holds_the_handover_and_its_dispute_is_clean(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client, RAMCHI)
    assert hand_over(client, game_id, tokens[0], 1, "greedy").status_code == 200
    assert hand_over(client, game_id, tokens[0], 2, "ev").status_code == 200
    ended = act(client, game_id, tokens[0], type="arrange", combinations=[])
    assert ended.status_code == 200 and ended.json["state"]["is_over"]
    log = client.get(f"/v1/games/{game_id}/log").json
    handovers = [item for item in log["log"] if item["kind"] == "replace_by_bot"]
    assert handovers == [{"kind": "replace_by_bot", "seat": 0, "player": 1, "bot": "greedy"},
                         {"kind": "replace_by_bot", "seat": 0, "player": 2, "bot": "ev"}]
    verdict = client.post("/v1/disputes", json=log)
    assert verdict.status_code == 200 and verdict.json["legal"] is True and verdict.json["finished"]
    replay = client.post("/v1/replays", json=log).json
    told = [step["text"] for step in replay["steps"] if step["kind"] == "replace_by_bot"]
    assert told == ["Seat 0 hands seat 1 to a bot (greedy), which plays it from now on",
                    "Seat 0 hands seat 2 to a bot (ev), which plays it from now on"]


def _simple_move(view: dict[str, Any]) -> dict[str, Any]:
    """A person's plain move: pass on a buy, draw from the stock, discard the first card listed."""
    legal = [action for action in view["legal_actions"] if "choose" not in action]
    for kind in ("pass", "draw", "discard"):
        found = [action for action in legal if action["type"] == kind
                 and action.get("source", "stock") == "stock"]
        if found:
            return found[0]
    return legal[0]


def test_a_continental_hand_with_a_handover_is_played_out_by_the_bots(client: FlaskClient) -> None:
    game_id, tokens, created = create(client, CONTINENTAL)
    assert created["host"] == 0 and created["current"] == 1 and created["version"] == 0
    answer = hand_over(client, game_id, tokens[0], 1, "random")
    assert answer.status_code == 200, answer.json
    assert any(event.get("seat") == 1 and event["kind"] == "draw" for event in answer.json["events"])
    watched = client.get(f"/v1/games/{game_id}", headers=bearer(tokens[1])).json
    assert watched["bots"][1] == "random" and watched["legal_actions"] == []
    for _ in range(1000):
        view = client.get(f"/v1/games/{game_id}", headers=bearer(tokens[0])).json
        if view["is_over"]:
            break
        assert 0 in view["awaiting"], view["awaiting"]  # the bots never wait for seat 1's person
        moved = act(client, game_id, tokens[0], **_simple_move(view))
        assert moved.status_code == 200, moved.json
    assert view["is_over"] and view["bots"] == [None, "random", "random"]
    log = client.get(f"/v1/games/{game_id}/log").json
    assert sum(item["kind"] == "discard" and item["seat"] == 1 for item in log["log"]) > 0
    verdict = client.post("/v1/disputes", json=log).json
    assert verdict["legal"] is True and verdict["finished"] is True
