"""Ramchi seats played by bots over HTTP: they act on their own, and a seat sees none of their cards."""

from __future__ import annotations

from flask.testing import FlaskClient

PEOPLE_AND_BOTS = {"players": ["Ann", "Greedy", "Ev"], "bots": [None, "greedy", "ev"], "seed": 5,
                   "dealer": 0}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_bots_arrange_at_once_and_the_person_is_awaited(client: FlaskClient) -> None:
    created = client.post("/v1/games", json=PEOPLE_AND_BOTS | {"hands": 2})
    assert created.status_code == 201, created.json
    assert created.json["bots"] == [None, "greedy", "ev"]
    assert created.json["awaiting"] == [0] and created.json["arranged"] == [False, True, True]
    assert created.json["version"] == 3  # the 2♦ holder's decision and two arrangements


def test_a_person_plays_a_whole_game_against_ramchi_bots(client: FlaskClient) -> None:
    created = client.post("/v1/games", json=PEOPLE_AND_BOTS | {"hands": 3}).json
    game_id, token = created["id"], created["seats"][0]["token"]
    for _ in range(3):
        view = client.get(f"/v1/games/{game_id}", headers=bearer(token)).json
        assert view["awaiting"] == [0]
        answer = client.post(f"/v1/games/{game_id}/actions", headers=bearer(token),
                             json={"type": "arrange", "combinations": []})
        assert answer.status_code == 200, answer.json
        running = [e for e in answer.json["events"] if e["kind"] == "arrange" and e["seat"] != 0]
        assert all(e["combinations"] is None for e in running)  # the next hand's arrangements
    final = client.get(f"/v1/games/{game_id}").json
    assert final["is_over"] and sum(final["chips"]) == 0
    log = client.get(f"/v1/games/{game_id}/log").json
    verdict = client.post("/v1/disputes", json=log).json
    assert verdict["legal"] is True and verdict["chips"] == final["chips"]


def test_ramchi_bots_are_refused_by_name_and_count(client: FlaskClient) -> None:
    unknown = client.post("/v1/games", json=PEOPLE_AND_BOTS | {"bots": [None, "shark", "ev"]})
    assert unknown.status_code == 422 and unknown.json["errors"][0]["pointer"] == "/bots/1"
    all_bots = client.post("/v1/games", json=PEOPLE_AND_BOTS | {"bots": ["ev", "ev", "greedy"]})
    assert all_bots.status_code == 422 and all_bots.json["code"] == "invalid_game_config"
    assert all_bots.json["errors"][0]["pointer"] == "/bots"
    too_short = client.post("/v1/games", json=PEOPLE_AND_BOTS | {"bots": [None, "ev"]})
    assert too_short.status_code == 422 and too_short.json["errors"][0]["pointer"] == "/bots"
