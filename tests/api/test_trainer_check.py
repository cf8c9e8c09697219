"""The trainer's live check over HTTP: POST /v1/ramchi/trainer/check (each round in the rules'
words while a hand is arranged, and a four of a kind told at the deal)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

HAND = ["As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c", "6h", "2d"]
FOUR_QUEENS = ["Qs", "Qh", "Qd", "Qc", "2s", "3s", "5s", "7c", "8d", "9h", "4c", "4d", "6h", "Jc", "Kh",
               "As", "Td"]
URL = "/v1/ramchi/trainer/check"


def _check(client: FlaskClient, rounds: list[list[str]], **extra: object) -> dict:
    response = client.post(URL, json={"hand": HAND, "up_card": "Ks", "rounds": rounds} | extra)
    assert response.status_code == 200, response.json
    return response.json


def test_each_round_is_named_by_the_rules_and_ordered_for_play(client: FlaskClient) -> None:
    body = _check(client, [["9s", "8s"], ["Ad", "Ah", "As"], ["2c", "3c", "5h"], [], ["Kc", "Qc", "7s"]])
    filling, aces, ramchi, empty, bad = body["rounds"]
    assert filling["complete"] is False and filling["name"] is None and filling["plays_in_round"] is None
    assert aces["name"] == "Three Aces" and aces["plays_in_round"] == 1
    assert ramchi["name"] == "Ramchi (2-3-5)" and ramchi["plays_in_round"] == 2
    assert empty["cards"] == [] and empty["complete"] is False
    assert bad["is_combination"] is False and bad["name"] == "No combination"
    assert "neither a straight nor a flush" in bad["reason"] and bad["plays_in_round"] is None
    assert body["playing_order"] == [2, 3] and body["ready"] is False
    assert body["four_of_a_kind"] is None


def test_a_flush_is_named_and_a_whole_lineup_is_ready(client: FlaskClient) -> None:
    body = _check(client, [["3c", "Kc", "Jc"], ["9s", "8s", "7s"]])
    assert [r["name"] for r in body["rounds"]] == ["Flush K-J-3", "Straight flush 9-8-7"]
    assert body["rounds"][0]["cards"] == ["Kc", "Jc", "3c"]
    assert body["playing_order"] == [2, 1] and body["ready"] is True


def test_four_of_a_kind_is_told_before_any_card_is_placed(client: FlaskClient) -> None:
    response = client.post(URL, json={"hand": FOUR_QUEENS})
    assert response.status_code == 200, response.json
    assert response.json["four_of_a_kind"] == {"rank": "Q", "name": "Four Queens",
                                               "cards": ["Qc", "Qd", "Qh", "Qs"]}
    off = client.post(URL, json={"hand": FOUR_QUEENS, "options": {"four_of_a_kind": False}})
    assert off.status_code == 200 and off.json["four_of_a_kind"] is None


def test_the_exchange_changes_the_cards_arranged(client: FlaskClient) -> None:
    body = _check(client, [["Ks", "Qc", "Jc"]], exchange=True)
    assert "Ks" in body["hand"] and "2d" not in body["hand"]
    assert body["rounds"][0]["name"] == "Straight K-Q-J"
    refused = client.post(URL, json={"hand": HAND, "rounds": [["Ks", "Qc", "Jc"]]})
    assert refused.status_code == 422 and refused.json["code"] == "card_not_in_hand"
    assert refused.json["errors"][0]["pointer"] == "/rounds/0"


def test_impossible_rounds_are_refused_pointing_at_the_round(client: FlaskClient) -> None:
    cases = [
        ([["As", "Ad", "Ah", "Kc"]], "wrong_card_count", "/rounds/0"),
        ([["As"], ["As", "Kc"]], "duplicate_card", "/rounds/1"),
        ([[], [], [], [], [], []], "too_many_combinations", "/rounds"),
    ]
    for rounds, code, pointer in cases:
        response = client.post(URL, json={"hand": HAND, "rounds": rounds})
        assert response.status_code == 422, (code, response.json)
        assert response.json["code"] == code and response.json["errors"][0]["pointer"] == pointer
    no_two = [card for card in HAND if card != "2d"] + ["3d"]
    response = client.post(URL, json={"hand": no_two, "up_card": "Ks", "exchange": True})
    assert response.status_code == 422 and response.json["errors"][0]["pointer"] == "/exchange"
