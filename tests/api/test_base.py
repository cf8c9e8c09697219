"""API base: classify, compare, problem details, OpenAPI, docs, health, rulesets."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

PROBLEM = "application/problem+json"


def assert_problem(response, status: int, code: str) -> dict:  # type: ignore[no-untyped-def]
    assert response.status_code == status, response.json
    assert response.mimetype == PROBLEM
    body = response.json
    assert {"type", "title", "status", "detail", "code"} <= set(body)
    assert body["status"] == status and body["code"] == code
    assert body["type"] == f"/problems/{code}"
    return body


def test_classify_straight_flush(client: FlaskClient) -> None:
    response = client.post("/v1/ramchi/classify", json={"cards": ["As", "2s", "3s"]})
    assert response.status_code == 200
    body = response.json
    assert body["cards"] == ["As", "2s", "3s"]
    assert body["category"] == "straight_flush"
    assert body["name"] == "Straight flush A-2-3"
    assert isinstance(body["strength"], int)


def test_classify_echoes_canonical_codes(client: FlaskClient) -> None:
    body = client.post("/v1/ramchi/classify", json={"cards": ["10h", "jH", "q♥"]}).json
    assert body["cards"] == ["Qh", "Jh", "Th"]


def test_classify_no_combination_has_reason(client: FlaskClient) -> None:
    body = client.post("/v1/ramchi/classify", json={"cards": ["7h", "7c", "Kd"]}).json
    assert body["category"] is None
    assert body["strength"] == 0
    assert "pair" in body["reason"]


def test_strength_is_comparable_across_categories(client: FlaskClient) -> None:
    def strength(cards: list[str]) -> int:
        return client.post("/v1/ramchi/classify", json={"cards": cards}).json["strength"]

    assert strength(["2c", "2d", "2h"]) > strength(["As", "2s", "3s"]) > strength(["Ah", "2d", "3c"])


@pytest.mark.parametrize(
    ("a", "b", "winner"),
    [(["As", "2s", "3s"], ["Kd", "Kh", "Kc"], "b"),
     (["Ah", "2d", "3c"], ["As", "2h", "3d"], "tie"),
     (["2h", "3d", "5c"], ["Ac", "Kd", "Qh"], "a")],
)
def test_compare(client: FlaskClient, a: list[str], b: list[str], winner: str) -> None:
    response = client.post("/v1/ramchi/compare", json={"a": a, "b": b})
    assert response.status_code == 200
    assert response.json["winner"] == winner
    assert response.json["explanation"]


@pytest.mark.parametrize(
    ("body", "code", "pointer", "words"),
    [({"cards": ["As", "2s", "3x"]}, "invalid_card", "/cards/2", "'x' is not a suit"),
     ({"cards": ["As", "As", "3s"]}, "duplicate_card", "/cards/1", "only one As"),
     ({"cards": ["As", "2s"]}, "wrong_card_count", "/cards", "expected 3 cards, got 2"),
     ({"cards": ["As", "2s", "3s", "4s"]}, "wrong_card_count", "/cards", "got 4"),
     ({"cards": ["As", "2s", "Jk"]}, "invalid_card", "/cards/2", "no jokers"),
     ({"cards": "As 2s 3s"}, "invalid_request", "/cards", "Not a valid list"),
     ({"cards": [1, 2, 3]}, "invalid_request", "/cards/0", "Not a valid string"),
     ({}, "invalid_request", "/cards", "Missing data"),
     ({"cards": ["As", "2s", "3s"], "extra": 1}, "invalid_request", "/extra", "Unknown field")],
)
def test_classify_bad_input_is_a_problem_that_says_what_to_fix(
    client: FlaskClient, body: dict, code: str, pointer: str, words: str
) -> None:
    problem = assert_problem(client.post("/v1/ramchi/classify", json=body), 422, code)
    assert words in problem["detail"]
    assert pointer in [e["pointer"] for e in problem["errors"]]


def test_malformed_json_is_400(client: FlaskClient) -> None:
    response = client.post("/v1/ramchi/classify", data="{oops", content_type="application/json")
    assert_problem(response, 400, "malformed_json")


def test_compare_refuses_non_combination_and_shared_card(client: FlaskClient) -> None:
    response = client.post("/v1/ramchi/compare", json={"a": ["As", "2s", "3s"], "b": ["Ks", "9s", "4h"]})
    assert "b: " in assert_problem(response, 422, "not_a_combination")["detail"]
    response = client.post("/v1/ramchi/compare", json={"a": ["As", "2s", "3s"], "b": ["As", "Kh", "Qd"]})
    assert "only one As" in assert_problem(response, 422, "duplicate_card")["detail"]


def test_unknown_path_and_method(client: FlaskClient) -> None:
    assert_problem(client.get("/v1/nothing"), 404, "not_found")
    response = client.get("/v1/ramchi/classify")
    assert_problem(response, 405, "method_not_allowed")
    assert "POST" in response.headers["Allow"]


def test_problem_types_are_documented(client: FlaskClient) -> None:
    body = client.get("/problems/invalid_card").json
    assert body["code"] == "invalid_card" and body["status"] == 422
    assert_problem(client.get("/problems/nope"), 404, "not_found")


def test_health(client: FlaskClient) -> None:
    body = client.get("/health").json
    assert body["status"] == "ok" and body["database"] == "ok"


def test_rulesets_list_every_option(client: FlaskClient) -> None:
    rulesets = {r["name"]: r for r in client.get("/v1/rulesets").json["rulesets"]}
    assert {"ramchi", "continental"} <= set(rulesets)
    options = {o["name"]: o for o in rulesets["ramchi"]["options"]}
    assert options["tie_goes_to"]["choices"] == ["first", "last"]
    assert client.get("/v1/rulesets/ramchi").json["game"] == "ramchi"
    assert_problem(client.get("/v1/rulesets/poker"), 404, "unknown_ruleset")


def test_openapi_document(client: FlaskClient) -> None:
    spec = client.get("/openapi.json").json
    assert spec["openapi"].startswith("3.")
    assert "/v1/ramchi/classify" in spec["paths"]
    assert "/v1/rulesets" in spec["paths"]


def test_docs_are_served_without_a_cdn(client: FlaskClient) -> None:
    page = client.get("/docs/").get_data(as_text=True)
    assert "swagger-ui" in page
    assert "https://" not in page.split("<body")[0] or "cdn" not in page.lower()
    assert "openapi.json" in client.get("/docs/swagger-initializer.js").get_data(as_text=True) \
        or "openapi.json" in page
    bundle = client.get("/docs/swagger-ui-bundle.js")
    assert bundle.status_code == 200 and len(bundle.data) > 100_000
