"""POST /v1/replays: a posted log told step by step, the same body and refusals as a dispute."""

from __future__ import annotations

import copy
import functools
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from rulesets.game import game_kind
from solver.simulate import play_game

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

REPR = re.compile(r"Card\('|\(seat=|\w+\(\w+=")

PLAYERS = {"ramchi": ["Asha", "Bo", "Chen"], "continental": ["Asha", "Bo"]}
BOTS = {"ramchi": "greedy", "continental": "random"}


def finished_log(game: str) -> dict[str, Any]:
    """A game its bots played to the end, as ``GET /v1/games/{id}/log`` answers once it is over."""
    return copy.deepcopy(_finished_log(game))


@functools.cache
def _finished_log(game: str) -> dict[str, Any]:
    """:func:`finished_log`, played once per game kind (a test may change its copy)."""
    played = play_game(game, [BOTS[game]] * len(PLAYERS[game]), config={"hands": 1}, seed=7)
    kind = game_kind(game)
    return {"id": "g", "game": game, "version": 1, "complete": True, "config": played.config.to_dict(),
            "log": kind.redacted_log(played, None)}


def all_steps(client: FlaskClient, log: dict[str, Any], limit: int | None = None) -> dict[str, Any]:
    """The replay of ``log`` with the steps of every page, followed by ``next_from``."""
    query = {} if limit is None else {"limit": limit}
    body = client.post("/v1/replays", json=log, query_string=query).json
    steps = list(body["steps"])
    while body["next_from"] is not None:
        body = client.post("/v1/replays", json=log, query_string=query | {"from": body["next_from"]}).json
        steps.extend(body["steps"])
    return body | {"steps": steps}


@pytest.mark.parametrize("game", ["ramchi", "continental"])
def test_a_finished_game_is_told_record_by_record(client: FlaskClient, game: str) -> None:
    log = finished_log(game)
    answer = client.post("/v1/replays", json=log)
    assert answer.status_code == 200, answer.json
    body = all_steps(client, log)
    assert body["game"] == game and body["finished"] is True
    assert body["verdict"] == client.post("/v1/disputes", json=log).json
    assert body["total_steps"] == len(body["steps"])
    assert [step["kind"] for step in body["steps"]] == [record["kind"] for record in log["log"]]
    assert [step["index"] for step in body["steps"]] == list(range(len(log["log"])))
    for step in body["steps"]:
        assert set(step) >= {"index", "posted", "kind", "seat", "hand", "round", "turn", "text", "state"}
        assert step["text"] and not REPR.search(step["text"])
    final = body["steps"][-1]["state"]
    standing = "chips" if game == "ramchi" else "totals"
    assert final[standing] == body["verdict"][standing]


@pytest.mark.parametrize("game", ["ramchi", "continental"])
def test_a_running_game_is_told_without_its_hidden_cards(client: FlaskClient, game: str) -> None:
    seats = PLAYERS[game]
    created = client.post("/v1/games", json={"game": game, "hands": 1, "seed": 7, "players": seats})
    log = client.get(f"/v1/games/{created.json['id']}/log").json
    assert log["complete"] is False
    answer = client.post("/v1/replays", json=log)
    assert answer.status_code == 200, answer.json
    body = answer.json
    assert body["verdict"] is None and body["finished"] is False
    assert len(body["steps"]) == len(log["log"])
    state = body["steps"][-1]["state"]
    assert state["hands"] in (None, [None] * len(seats))
    # the dispute of the same log is refused: a running game cannot be judged
    assert client.post("/v1/disputes", json=log).status_code == 422


def test_an_illegal_log_stops_at_the_refused_record(client: FlaskClient) -> None:
    body = {"config": {"hands": 1, "seed": 5, "dealer": 0},
            "log": [{"kind": "keep", "seat": 1}, {"kind": "exchange", "seat": 1}]}
    answer = client.post("/v1/replays", json=body).json
    assert answer["verdict"]["legal"] is False and answer["verdict"]["index"] == 1
    assert [step["kind"] for step in answer["steps"]] == ["hand_dealt", "keep", "exchange"]
    assert [step["posted"] for step in answer["steps"]] == [None, 0, 1]
    assert answer["steps"][-1]["state"] == answer["steps"][-2]["state"]


@pytest.mark.parametrize(("body", "pointer"), [
    ({"config": {"hands": 1, "seed": 5}, "log": [{"kind": "fold", "seat": 0}]}, "/log/0"),
    ({"config": {"hands": 1, "seed": 5}, "log": [{"kind": "keep", "seat": 1}] * 13}, "/log"),
    ({"config": {"hands": 0, "seed": 5}, "log": []}, None),
    ({"game": "continental", "config": {"players": 2, "hands": 1, "seed": 5},
      "log": [{"kind": "draw", "seat": 1, "source": "sky"}]}, None),
])
def test_the_refusals_are_those_of_a_dispute(client: FlaskClient, body: dict[str, Any],
                                             pointer: str | None) -> None:
    replayed = client.post("/v1/replays", json=body)
    disputed = client.post("/v1/disputes", json=body)
    assert replayed.status_code == disputed.status_code
    if replayed.status_code == 422:
        assert replayed.json["code"] == disputed.json["code"]
        assert replayed.json["errors"] == disputed.json["errors"]
        if pointer is not None:
            assert replayed.json["errors"][0]["pointer"] == pointer
    else:
        assert replayed.json["verdict"] == disputed.json


def test_the_replay_is_documented_with_examples(client: FlaskClient) -> None:
    spec = client.get("/openapi.json").json
    operation = spec["paths"]["/v1/replays"]["post"]
    assert operation["requestBody"]["content"]["application/json"]["examples"]
    assert "Replay" in spec["components"]["schemas"]
    links = spec["paths"]["/v1/games/{game_id}/log"]["get"]["responses"]["200"]["links"]
    assert "Replay" in links


def continental_log() -> dict[str, Any]:
    """A finished one-hand Continental game: several pages of the default size."""
    return finished_log("continental")


@pytest.mark.parametrize(("game", "limit"), [
    ("ramchi", 1), ("ramchi", 7), ("continental", 200), ("continental", 1000),
    # a page per step of a 675-step game asks for 675 replays: the full tier
    pytest.param("continental", 1, marks=pytest.mark.slow),
    pytest.param("continental", 7, marks=pytest.mark.slow),
])
def test_the_pages_of_a_replay_are_its_steps_in_order(client: FlaskClient, game: str, limit: int) -> None:
    log = finished_log(game)
    kind = game_kind(game)
    whole = kind.replay_log(kind.config_from_dict(log["config"]), log["log"])  # one page: every step
    verdict = client.post("/v1/disputes", json=log).json
    start, told = 0, []
    while True:
        page = client.post("/v1/replays", json=log, query_string={"from": start, "limit": limit}).json
        assert page["from"] == start and page["total_steps"] == len(whole["steps"])
        assert len(page["steps"]) == min(limit, page["total_steps"] - start)
        assert page["verdict"] == verdict  # the whole game's on every page
        told.extend(page["steps"])
        if page["next_from"] is None:
            break
        assert page["next_from"] == start + limit
        start = page["next_from"]
    assert told == whole["steps"]


def test_a_replay_without_from_or_limit_is_its_first_200_steps(client: FlaskClient) -> None:
    log = continental_log()
    body = client.post("/v1/replays", json=log).json
    assert body["total_steps"] > 200 and body["from"] == 0 and body["next_from"] == 200
    assert [step["index"] for step in body["steps"]] == list(range(200))


def test_a_page_past_the_last_step_is_empty(client: FlaskClient) -> None:
    body = {"config": {"hands": 1, "seed": 5, "dealer": 0}, "log": [{"kind": "keep", "seat": 1}]}
    page = client.post("/v1/replays?from=2", json=body).json
    assert page["total_steps"] == 2 and page["steps"] == [] and page["next_from"] is None
    assert page["verdict"]["legal"] is True


def test_a_refused_record_is_the_last_step_of_the_last_page(client: FlaskClient) -> None:
    body = {"config": {"hands": 1, "seed": 5, "dealer": 0},
            "log": [{"kind": "keep", "seat": 1}, {"kind": "exchange", "seat": 1}]}
    page = client.post("/v1/replays?from=2&limit=1", json=body).json
    assert page["total_steps"] == 3 and page["next_from"] is None
    assert [(step["kind"], step["posted"]) for step in page["steps"]] == [("exchange", 1)]
    before = client.post("/v1/replays?from=1&limit=1", json=body).json["steps"][0]["state"]
    assert page["steps"][0]["state"] == before  # the refused record leaves the table as it was


@pytest.mark.parametrize(("query", "pointer"), [
    ("from=-1", "/from"), ("from=x", "/from"), ("limit=0", "/limit"), ("limit=1001", "/limit"),
    ("limit=2.5", "/limit"), ("from=1&limit=-3", "/limit"),
])
def test_a_page_out_of_range_is_422_pointing_at_it(client: FlaskClient, query: str, pointer: str) -> None:
    body = {"config": {"hands": 1, "seed": 5, "dealer": 0}, "log": [{"kind": "keep", "seat": 1}]}
    answer = client.post(f"/v1/replays?{query}", json=body)
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    assert [error["pointer"] for error in answer.json["errors"]] == [pointer]
    assert not REPR.search(answer.json["detail"])


def test_the_page_is_documented(client: FlaskClient) -> None:
    operation = client.get("/openapi.json").json["paths"]["/v1/replays"]["post"]
    parameters = {parameter["name"]: parameter for parameter in operation["parameters"]}
    assert parameters["from"]["in"] == parameters["limit"]["in"] == "query"
    assert parameters["limit"]["schema"]["maximum"] == 1000
    assert {"429", "503"} <= set(operation["responses"])
