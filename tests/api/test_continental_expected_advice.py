"""Continental advice by objective over HTTP: ``objective``, ``samples``, ``seed`` and the
``expected_points`` answer of ``POST /v1/continental/advice`` and ``GET /v1/games/{id}/advice``."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from api.continental.answers import advice_json
from rulesets.cards import parse_cards
from rulesets.continental.contracts import CONTRACTS
from solver.continental.advice import advise
from solver.continental.expected_advice import NO_OTHERS

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

URL = "/v1/continental/advice"

NEW_FIELDS = ("objective", "objective_note", "expected_points")
"""The answer's fields of the objective (the others are the exact advice's)."""

KINDS = {"take", "stock", "buy", "pass", "drop", "hold", "discard", "shed"}
VERDICTS = {"best", "inaccuracy", "mistake", "blunder"}

OVERRULED = {"hand": ["2c", "3d", "Jh", "Tc", "9s", "Js", "Kd#2", "Qd", "Kh", "9c"], "hand_number": 3,
             "discards": ["Jd", "Td", "Qs"], "other_players": [{"hand_size": 9}, {"hand_size": 9}],
             "samples": 24, "seed": 3, "objective": "expected_points"}
"""A hand after its draw whose exact advice discards the 2♣ and whose expected points, on these
24 samples, advise the K♦ (held as its second copy) instead."""

BEFORE_DRAW = {"hand": ["2c", "5c", "6c", "8c", "Kd", "Kh", "9s", "4d"], "hand_number": 2,
               "discard_top": "7c", "discards": ["Qs", "Kc", "7c"],
               "other_players": [{"hand_size": 8, "picked_up": ["Ks"]}, {"hand_size": 10, "bought": ["3c"]}],
               "samples": 8, "seed": 1, "objective": "expected_points"}
"""A hand before its draw, the 7♣ on top of the pile."""


ABOUT_TO_END = {"hand": ["Jh", "Qh", "Kh", "Ah", "Js", "Qs", "Ks", "As", "2c", "3c", "9c", "4h", "7s", "6d"],
                "hand_number": 7,
                "table": [["5c", "6c", "7c", "8c"], ["7d", "8d", "9d", "Td"], ["5h", "6h", "7h", "8h"],
                          ["Tc", "Th", "Ts"], ["3s", "3d", "3h"]],
                "discards": ["2s", "Qc"], "other_players": [{"hand_size": 1, "dropped": True}],
                "samples": 24, "seed": 1, "objective": "expected_points"}
"""Hand 7 after the draw, two cards from the three runs with both aces held; the only other
player has dropped and holds one card: the hand is about to end."""


def advice(client: FlaskClient, **body: Any) -> dict[str, Any]:
    response = client.post(URL, json=body)
    assert response.status_code == 200, response.json
    return response.json


def timeless(body: dict[str, Any]) -> dict[str, Any]:
    """An answer without the solver's times (the advice's and the rollouts')."""
    priced = body["expected_points"]
    return {k: v for k, v in body.items() if k != "solve_ms"} | {
        "expected_points": priced and {k: v for k, v in priced.items() if k != "solve_ms"}}


def exact(body: dict[str, Any], *also: str) -> dict[str, Any]:
    """The exact advice's fields of an answer (the discard ranking without its priced figures)."""
    left = {*NEW_FIELDS, "solve_ms", *also}
    return {k: v for k, v in body.items() if k not in left} | {"discard_ranking": [
        {k: v for k, v in entry.items() if k not in ("expected_points", "danger")}
        for entry in body["discard_ranking"]]}


def test_distance_is_the_exact_advice_as_before(client: FlaskClient) -> None:
    body = advice(client, **OVERRULED | {"objective": "distance"})
    hand = parse_cards([card.split("#")[0] for card in OVERRULED["hand"]], decks=2)
    before = advice_json(advise(hand, CONTRACTS[3], discards=parse_cards(OVERRULED["discards"]),
                                others=()), hand, written=OVERRULED["hand"])
    assert exact(body) == {k: v for k, v in before.items() if k != "solve_ms"}
    assert body["objective"] == "distance" and body["objective_note"] is None
    assert body["expected_points"] is None
    assert all(entry["expected_points"] is None and entry["danger"] is None
               for entry in body["discard_ranking"])
    assert body["action"] == {"type": "discard", "card": "2c"}


def test_expected_points_answer_shape(client: FlaskClient) -> None:
    body = advice(client, **OVERRULED)
    priced = body["expected_points"]
    assert body["objective"] == "expected_points" and body["objective_note"] is None
    assert {k: priced[k] for k in ("step", "samples", "seed", "complete")} == {
        "step": "play", "samples": 24, "seed": 3, "complete": True}
    alternatives = priced["alternatives"]
    assert [a["advised"] for a in alternatives] == [True] + [False] * (len(alternatives) - 1)
    assert sum(a["distance_choice"] for a in alternatives) == 1
    for option in alternatives:
        assert option["kind"] in KINDS and option["verdict"] in VERDICTS and option["why"]
        assert option["action"] == option["actions"][0]
        assert option["action"] == {"type": "discard", "card": option["card"]} or option["card"] == "Kd"
        assert 0 <= option["danger"] <= 1 and option["standard_error"] >= 0
    assert alternatives[0]["points_lost"] == 0
    points = [a["expected_points"] for a in alternatives[1:]]
    assert points == sorted(points)
    # the exact advice is unchanged by the objective
    distance = advice(client, **OVERRULED | {"objective": "distance"})
    assert exact(body, "action", "explanation") == exact(distance, "action", "explanation")
    # the words follow the action: the exact advice's, then what expected points play instead
    assert body["explanation"].startswith(distance["explanation"] + " By expected points, play "
                                          "otherwise: keep the 2♣")


def test_shedding_is_priced_once_another_player_has_dropped(client: FlaskClient) -> None:
    body = advice(client, **ABOUT_TO_END)
    alternatives = body["expected_points"]["alternatives"]
    shed = [a for a in alternatives if a["kind"] == "shed"]
    assert len(shed) == 1 and shed[0]["card"] in ("Ah", "As")
    assert shed[0]["advised"] and body["action"] == {"type": "discard", "card": shed[0]["card"]}
    assert "another player has dropped" in shed[0]["why"]
    building = next(a for a in alternatives if a["distance_choice"])
    assert building["kind"] == "discard" and building["points_lost"] > 10
    # nobody down yet: no shedding priced
    waiting = advice(client, **ABOUT_TO_END | {"other_players": [{"hand_size": 13}]})
    assert "shed" not in {a["kind"] for a in waiting["expected_points"]["alternatives"]}


def test_the_action_is_the_advised_alternatives(client: FlaskClient) -> None:
    body = advice(client, **OVERRULED)
    first = body["expected_points"]["alternatives"][0]
    assert first["card"] == "Kd" and not first["distance_choice"] and body["discard"] == "2c"
    assert body["action"] == first["action"] == {"type": "discard", "card": "Kd#2"}  # the copy held
    distance = next(a for a in body["expected_points"]["alternatives"] if a["distance_choice"])
    assert distance["card"] == "2c" and distance["points_lost"] > 2 * distance["difference_error"]


def test_the_discard_ranking_shows_the_priced_discards(client: FlaskClient) -> None:
    body = advice(client, **OVERRULED)
    priced = {a["card"]: a for a in body["expected_points"]["alternatives"]}
    for entry in body["discard_ranking"]:
        option = priced.get(entry["card"])
        assert entry["expected_points"] == (None if option is None else option["expected_points"])
        assert entry["danger"] == (None if option is None else option["danger"])
    assert sum(entry["expected_points"] is not None for entry in body["discard_ranking"]) == len(priced)


def test_the_same_seed_and_samples_give_the_same_answer(client: FlaskClient) -> None:
    first, again = advice(client, **BEFORE_DRAW), advice(client, **BEFORE_DRAW)
    assert timeless(first) == timeless(again)
    other = advice(client, **BEFORE_DRAW | {"seed": 2})
    assert other["expected_points"]["seed"] == 2
    assert exact(other) == exact(first)


def test_before_the_draw_take_and_stock_are_priced(client: FlaskClient) -> None:
    body = advice(client, **BEFORE_DRAW)
    priced = body["expected_points"]
    assert priced["step"] == "draw"
    assert {(a["kind"], a["card"]) for a in priced["alternatives"]} == {("take", "7c"), ("stock", None)}
    sources = {"take": "discard", "stock": "stock"}
    for option in priced["alternatives"]:
        assert option["action"] == {"type": "draw", "source": sources[option["kind"]]}
        assert option["danger"] is None
    assert body["action"] == priced["alternatives"][0]["action"]


def test_a_buy_offer_prices_the_buy_and_the_pass(client: FlaskClient) -> None:
    body = advice(client, **BEFORE_DRAW | {"offer": "buy"})
    priced = body["expected_points"]
    assert priced["step"] == "buy"
    assert {a["kind"] for a in priced["alternatives"]} == {"buy", "pass"}
    buy = next(a for a in priced["alternatives"] if a["kind"] == "buy")
    assert buy["card"] == "7c" and buy["action"] == {"type": "buy"}
    assert body["action"] == body["buy_action"] == priced["alternatives"][0]["action"]


def test_without_the_other_players_the_answer_is_the_distance_advice(client: FlaskClient) -> None:
    body = advice(client, **{k: v for k, v in OVERRULED.items() if k != "other_players"})
    assert body["objective"] == "distance" and body["objective_note"] == NO_OTHERS
    assert body["expected_points"] is None
    assert body["action"] == {"type": "discard", "card": "2c"}


def test_no_objective_asked_is_expected_points_with_the_others_and_distance_without(
        client: FlaskClient) -> None:
    """The default objective: the expected points when the request gives the other players (the
    stronger in the play-off), else the exact advice, with no note (nothing was asked that the
    answer does not give)."""
    asked = {k: v for k, v in OVERRULED.items() if k != "objective"}
    assert timeless(advice(client, **asked)) == timeless(advice(client, **OVERRULED))
    alone = {k: v for k, v in asked.items() if k != "other_players"}
    body = advice(client, **alone)
    assert (body["objective"], body["objective_note"], body["expected_points"]) == ("distance", None, None)
    assert exact(body) == exact(advice(client, **alone | {"objective": "distance"}))
    noted = advice(client, **alone | {"objective": "expected_points"})
    assert noted["objective"] == "distance" and "other_players" in noted["objective_note"]


@pytest.mark.parametrize(("field", "value"), [
    ("objective", "luck"), ("objective", None), ("samples", 0), ("samples", 201), ("samples", 2.5),
    ("seed", -1), ("seed", "7")])
def test_a_bad_objective_samples_or_seed_is_refused(client: FlaskClient, field: str, value: Any) -> None:
    response = client.post(URL, json=OVERRULED | {field: value})
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    assert response.json["code"] == "invalid_request"
    assert [error["pointer"] for error in response.json["errors"]] == [f"/{field}"]


def test_the_turns_the_others_played_deal_them_played_hands(client: FlaskClient) -> None:
    """``turns`` changes the deals (the others' hidden cards played forward), not the exact advice;
    the same request gives the same answer; a count that is no whole number from 0 is refused."""
    played = OVERRULED | {"other_players": [{"hand_size": 9, "turns": 3}, {"hand_size": 9, "turns": 3}]}
    first = advice(client, **played)
    assert timeless(first) == timeless(advice(client, **played))
    unplayed = advice(client, **OVERRULED)
    assert exact(first, "action", "explanation") == exact(unplayed, "action", "explanation")
    assert first["expected_points"] != unplayed["expected_points"]
    for turns in (-1, 2.5, "3", 10_001):
        response = client.post(URL, json=OVERRULED | {"other_players": [{"hand_size": 9, "turns": turns}]})
        assert response.status_code == 422 and response.mimetype == "application/problem+json"
        assert [error["pointer"] for error in response.json["errors"]] == ["/other_players/0/turns"]


def test_the_cards_the_others_turned_down_change_the_deals_not_the_exact_advice(client: FlaskClient) -> None:
    """``discarded`` and ``passed`` deal the others hands that seldom need them: the deals change,
    the exact advice does not. They say where no card is, so they may name cards of the pile, a
    card more often than the decks hold it (it may come round again after a reshuffle), or a card
    another list holds; a bad code is refused where it stands."""
    others = [{"hand_size": 9, "turns": 3}, {"hand_size": 9, "turns": 3}]
    told = [others[0] | {"discarded": ["Jd", "Qs", "4c", "8h"], "passed": ["Td", "Jd"]},
            others[1] | {"discarded": ["Td", "Kd", "Kd", "Kd", "kd#2"], "passed": ["Qs"]}]
    first = advice(client, **OVERRULED | {"other_players": told})
    assert timeless(first) == timeless(advice(client, **OVERRULED | {"other_players": told}))
    blind = advice(client, **OVERRULED | {"other_players": others})
    assert exact(first, "action", "explanation") == exact(blind, "action", "explanation")
    assert first["expected_points"] != blind["expected_points"]
    for field in ("discarded", "passed"):
        bad = [{"hand_size": 9, field: ["Jd", "1x"]}]
        response = client.post(URL, json=OVERRULED | {"other_players": bad})
        assert response.status_code == 422 and response.mimetype == "application/problem+json"
        assert [error["pointer"] for error in response.json["errors"]] == [f"/other_players/0/{field}/1"]


def test_the_request_fields_are_documented(client: FlaskClient) -> None:
    schemas = client.get("/openapi.json").json["components"]["schemas"]
    request = schemas["ContinentalAdviceRequest"]["properties"]
    assert request["objective"]["enum"] == ["expected_points", "distance"]
    assert "default" not in request["objective"]
    described = request["objective"]["description"]
    assert "Absent: expected_points when the request gives other_players" in described
    assert (request["samples"]["minimum"], request["samples"]["maximum"]) == (1, 200)
    assert request["seed"]["minimum"] == 0
    priced = schemas["ContinentalPricedAlternative"]["properties"]
    assert "end of the hand" in priced["expected_points"]["description"]
    assert "-10" in priced["expected_points"]["description"]
    assert "before the next discard" in priced["danger"]["description"]
    other = schemas["ContinentalOtherPlayer"]["properties"]
    assert "threw on the discard pile" in other["discarded"]["description"]
    assert "drew from the stock instead" in other["passed"]["description"]


def test_in_game_advice_prices_the_decision(client: FlaskClient) -> None:
    created = client.post("/v1/games", json={"game": "continental", "players": ["Ann", "Bo", "Cy"],
                                             "hands": 1, "seed": 5, "dealer": 0}).json
    token = created["seats"][1]["token"]
    got = client.get(f"/v1/games/{created['id']}/advice", headers={"Authorization": f"Bearer {token}"})
    assert got.status_code == 200, got.json
    answer = got.json["advice"]
    assert answer["objective"] == "expected_points" and answer["expected_points"]["step"] == "draw"
    assert answer["action"] == answer["expected_points"]["alternatives"][0]["action"]
    posted = advice(client, **got.json["request"])
    assert timeless(posted) == timeless(answer)
