"""``GET /v1/games/<id>/log?from=<n>``: the records a live page has not read yet."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient


def _create(client: FlaskClient) -> dict[str, Any]:
    answer = client.post("/v1/games", json={"game": "continental", "players": ["Ann", "Ben", "Cy"],
                                            "bots": [None, None, "random"], "hands": 1, "seed": 11})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_log_read_from_an_index_gives_the_records_from_there_and_the_total(client: FlaskClient) -> None:
    created = _create(client)
    token = created["seats"][0]["token"]
    whole = client.get(f"/v1/games/{created['id']}/log", headers=_bearer(token)).get_json()
    assert "total" not in whole and "from" not in whole  # the whole log, postable as it is
    part = client.get(f"/v1/games/{created['id']}/log?from=1", headers=_bearer(token)).get_json()
    assert part["from"] == 1 and part["total"] == len(whole["log"])
    assert part["log"] == whole["log"][1:]


def test_a_log_read_from_its_end_is_empty_and_beyond_it_too(client: FlaskClient) -> None:
    created = _create(client)
    whole = client.get(f"/v1/games/{created['id']}/log").get_json()
    total = len(whole["log"])
    for start in (total, total + 50):
        part = client.get(f"/v1/games/{created['id']}/log?from={start}").get_json()
        assert part["log"] == [] and part["total"] == total


def test_a_log_read_from_an_index_redacts_as_the_whole_log_does(client: FlaskClient) -> None:
    created = _create(client)
    seat_1 = created["seats"][1]["token"]
    whole = client.get(f"/v1/games/{created['id']}/log", headers=_bearer(seat_1)).get_json()
    public = client.get(f"/v1/games/{created['id']}/log?from=0").get_json()
    mine = client.get(f"/v1/games/{created['id']}/log?from=0", headers=_bearer(seat_1)).get_json()
    assert mine["log"] == whole["log"]
    assert public["log"] != mine["log"]  # seat 1 sees its own dealt cards; the public does not


def test_a_negative_or_unreadable_from_is_refused_with_the_field_named(client: FlaskClient) -> None:
    created = _create(client)
    for bad in ("-1", "two"):
        answer = client.get(f"/v1/games/{created['id']}/log?from={bad}")
        assert answer.status_code == 422, answer.get_json()
        assert answer.content_type.startswith("application/problem+json")
        assert "from" in str(answer.get_json())
