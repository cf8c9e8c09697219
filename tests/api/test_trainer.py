"""The Ramchi trainer over HTTP: POST /v1/ramchi/trainer/score."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

HAND = ["As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c", "6h", "2d"]
URL = "/v1/ramchi/trainer/score"


def _score(client: FlaskClient, lineup: list[list[str]], **extra: object) -> dict:
    response = client.post(URL, json={"hand": HAND, "up_card": "Ks", "lineup": lineup,
                                      "samples": 40, "seed": 5, "dealer": 1} | extra)
    assert response.status_code == 200, response.json
    return response.json


def _advice(client: FlaskClient) -> dict:
    response = client.post("/v1/ramchi/advice", json={"hand": HAND, "up_card": "Ks", "samples": 40,
                                                       "seed": 5, "dealer": 1})
    assert response.status_code == 200, response.json
    return response.json


def test_the_advised_lineup_is_best_with_nothing_lost(client: FlaskClient) -> None:
    advice = _advice(client)
    lineup = [c["cards"] for c in advice["combinations"]]
    body = _score(client, lineup, exchange=advice["exchange"]["recommended"])
    assert body["verdict"] == "best" and body["chips_lost"] == 0
    assert body["difference_error"] == 0 and body["beat_advice"] is False
    assert body["best"]["combinations"] == advice["combinations"]
    assert body["best"]["expected_chips"] == advice["expected_chips"]
    assert body["player"]["expected_chips"] == body["best"]["expected_chips"]


def test_same_strengths_in_any_order_score_the_same(client: FlaskClient) -> None:
    advice = _advice(client)
    lineup = [c["cards"] for c in advice["combinations"]][::-1]
    body = _score(client, lineup, exchange=advice["exchange"]["recommended"])
    assert body["chips_lost"] == 0 and body["verdict"] == "best"
    assert [c["round"] for c in body["player"]["combinations"]] == list(range(1, len(lineup) + 1))


def test_a_bad_lineup_loses_chips(client: FlaskClient) -> None:
    everything_discarded = _score(client, [])
    assert everything_discarded["chips_lost"] > 3 and everything_discarded["verdict"] == "blunder"
    assert everything_discarded["player"]["discards"] == HAND
    assert everything_discarded["player"]["combinations"] == []
    weak = _score(client, [["5h", "4d", "3c"]])
    assert weak["chips_lost"] > 0 and weak["verdict"] != "best"
    assert weak["chips_lost"] > weak["difference_error"]
    assert weak["best"] == everything_discarded["best"]


def test_same_seed_same_numbers(client: FlaskClient) -> None:
    lineup = [["As", "Ad", "Ah"], ["9s", "8s", "7s"]]
    first, again = _score(client, lineup), _score(client, lineup)
    for key in ("chips_lost", "difference_error", "verdict", "player", "best"):
        assert first[key] == again[key]
    other = _score(client, lineup, seed=6)
    assert other["player"]["expected_chips"] != first["player"]["expected_chips"] or \
        other["best"]["expected_chips"] != first["best"]["expected_chips"]


def test_playing_the_up_card_means_exchanging(client: FlaskClient) -> None:
    body = _score(client, [["Ks", "Qc", "Jc"]])
    assert body["player"]["exchanged"] is True
    assert "Ks" not in body["player"]["discards"] and "2d" not in body["player"]["discards"]


def test_illegal_lineups_are_refused_with_a_pointer_and_the_rule(client: FlaskClient) -> None:
    cases = [
        ([["As", "Ad", "Ah"], ["Kd", "Qc", "Jc"]], "card_not_in_hand", "/lineup/1"),
        ([["As", "Ad", "Ah"], ["As", "Qc", "Jc"]], "duplicate_card", "/lineup/1"),
        ([["As", "Ad", "Ah"], ["9s", "9d", "5h"]], "not_a_combination", "/lineup/1"),
        ([["As", "Ad"]], "wrong_card_count", "/lineup/0"),
    ]
    five = client.post("/v1/ramchi/advice", json={"hand": HAND, "objective": "maximin"}).json
    assert len(five["combinations"]) == 5
    six = [c["cards"] for c in five["combinations"]] + [five["discards"] + ["As"]]
    cases.append((six, "too_many_combinations", "/lineup/5"))
    for lineup, code, pointer in cases:
        response = client.post(URL, json={"hand": HAND, "lineup": lineup, "samples": 10})
        assert response.status_code == 422, (code, response.json)
        problem = response.json
        assert problem["code"] == code, problem
        assert problem["errors"][0]["pointer"] == pointer, problem
        assert problem["rule"] and problem["detail"].startswith("your lineup")
    response = client.post(URL, json={"hand": HAND, "lineup": [["Ax", "Ad", "Ah"]]})
    assert response.status_code == 422 and response.json["code"] == "invalid_card"
    assert response.json["errors"][0]["pointer"] == "/lineup/0/0"
    response = client.post(URL, json={"hand": HAND, "lineup": [], "samples": 10**6})
    assert response.status_code == 422 and response.json["code"] == "limit_exceeded"
    response = client.post(URL, json={"hand": HAND, "lineup": [], "exchange": True})
    assert response.status_code == 422 and response.json["errors"][0]["pointer"] == "/up_card"
    assert response.json["code"] == "invalid_cards"


def test_an_impossible_exchange_is_refused(client: FlaskClient) -> None:
    no_two = [card for card in HAND if card != "2d"] + ["3d"]
    response = client.post(URL, json={"hand": no_two, "up_card": "Ks", "lineup": [],
                                      "exchange": True, "samples": 10})
    assert response.status_code == 422 and response.json["code"] == "invalid_cards"
    assert response.json["rule"] == "the 2♦ exchange"
    assert response.json["errors"][0]["pointer"] == "/exchange"


def test_four_of_a_kind_makes_every_lineup_equal(client: FlaskClient) -> None:
    hand = ["Qs", "Qh", "Qd", "Qc", "2s", "3s", "5s", "7c", "8d", "9h", "4c", "4d", "6h", "Jc", "Kh",
            "As", "Td"]
    response = client.post(URL, json={"hand": hand, "lineup": [], "samples": 20})
    assert response.status_code == 200, response.json
    assert response.json["four_of_a_kind"] == "Q" and response.json["chips_lost"] == 0
