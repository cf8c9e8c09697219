"""The ev advice's opponent models and margins over HTTP: /v1/ramchi/advice and the trainer.

Every answer says which opponents it assumed (``assumptions``: the model, its description and,
for a mixture, its normalised weights), how clear its choice is (``margin``: the lead over the
runner-up on the same samples) and how far each alternative is behind. Bad mixtures are problems
with the code ``unknown_opponent_model`` and a JSON pointer to the weight at fault.
"""

from __future__ import annotations

import math

import pytest
from flask.testing import FlaskClient

from solver.ramchi.opponents import DEFAULT_MIXTURE, MODELS

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

HAND = ["As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c", "6h", "2d"]
"""A hand holding the 2♦, so that with an up-card the exchange is weighed too."""
OTHER_HAND = "Th As Ah Kc Qc Jc 2d 3d 5d 9s 9h 9c 7h 8h 6h 4s 4c".split()  # noqa: SIM905
"""A hand whose alternatives are behind the advice by different amounts."""
ADVICE = "/v1/ramchi/advice"
TRAINER = "/v1/ramchi/trainer/score"
PROBLEM = "application/problem+json"
SAMPLES = 40
"""Small enough for a fast request; ``opponents: "solver"`` uses fewer (a solve per hand)."""


def _advise(client: FlaskClient, **extra: object) -> dict:
    response = client.post(ADVICE, json={"hand": HAND, "samples": SAMPLES, "seed": 7} | extra)
    assert response.status_code == 200, response.json
    return response.json


def _normalised(weights: dict[str, float]) -> dict[str, float]:
    total = sum(weights.values())
    return {name: weight / total for name, weight in weights.items() if weight > 0}


def _assert_weights(shown: dict[str, float], expected: dict[str, float]) -> None:
    assert set(shown) == set(expected), shown
    for name, weight in expected.items():
        assert shown[name] == pytest.approx(weight, abs=1e-9)
    assert math.isclose(sum(shown.values()), 1.0, abs_tol=1e-9)


def _assert_unknown_opponent_model(response, pointer: str) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == 422, response.json
    assert response.mimetype == PROBLEM
    problem = response.json
    assert problem["code"] == "unknown_opponent_model"
    assert problem["type"] == "/problems/unknown_opponent_model"
    assert problem["status"] == 422 and problem["detail"]
    assert [error["pointer"] for error in problem["errors"]] == [pointer], problem


# -- which opponents are assumed ------------------------------------------------------------------

def test_the_default_opponents_are_the_mixture_and_its_weights_are_shown(client: FlaskClient
                                                                        ) -> None:
    assumptions = _advise(client)["assumptions"]
    assert assumptions["opponents"] == "mixture"
    assert assumptions["opponent_model"] == MODELS["mixture"].description
    _assert_weights(assumptions["mixture"], _normalised(dict(DEFAULT_MIXTURE)))
    assert assumptions["seat"] == 0 and assumptions["dealer"] == "unknown (rotated)"


@pytest.mark.parametrize(("opponents", "samples"),
                         [("greedy", SAMPLES), ("solver", 8), ("ev", SAMPLES), ("mixture", SAMPLES)])
def test_every_opponent_model_is_echoed_in_the_assumptions(client: FlaskClient, opponents: str,
                                                           samples: int) -> None:
    advice = _advise(client, opponents=opponents, samples=samples, seat=2, dealer=1)
    assumptions = advice["assumptions"]
    assert assumptions["opponents"] == opponents
    assert assumptions["opponent_model"] == MODELS[opponents].description
    assert assumptions["seat"] == 2 and assumptions["dealer"] == 1
    # Only a mixture has weights to show.
    assert ("mixture" in assumptions) == (opponents == "mixture")
    assert advice["samples"] == samples


@pytest.mark.parametrize(("mixture", "expected"), [
    ({"greedy": 1, "ev": 3}, {"greedy": 0.25, "ev": 0.75}),
    ({"greedy": 2, "solver": 0, "ev": 2}, {"greedy": 0.5, "ev": 0.5}),
    ({"ev": 1000}, {"ev": 1.0}),
])
def test_a_custom_mixture_is_echoed_normalised_without_its_zero_weights(
        client: FlaskClient, mixture: dict[str, float], expected: dict[str, float]) -> None:
    assumptions = _advise(client, opponents="mixture", mixture=mixture)["assumptions"]
    assert assumptions["opponents"] == "mixture"
    assert assumptions["opponent_model"] == MODELS["mixture"].description
    _assert_weights(assumptions["mixture"], expected)


def test_a_mixture_is_taken_without_naming_the_mixture_opponents(client: FlaskClient) -> None:
    assumptions = _advise(client, mixture={"greedy": 3, "ev": 1})["assumptions"]
    assert assumptions["opponents"] == "mixture"
    _assert_weights(assumptions["mixture"], {"greedy": 0.75, "ev": 0.25})


# -- bad mixtures ---------------------------------------------------------------------------------

BAD_MIXTURES = [
    pytest.param({"mixture": {"foo": 1}}, "/mixture/foo", id="unknown-name"),
    pytest.param({"mixture": {"greedy": 1, "ev": -1}}, "/mixture/ev", id="negative-weight"),
    pytest.param({"mixture": {"ev": 1001}}, "/mixture/ev", id="weight-above-1000"),
    pytest.param({"mixture": {"greedy": 0, "ev": 0}}, "/mixture", id="all-zero"),
    pytest.param({"mixture": {}}, "/mixture", id="empty"),
    pytest.param({"opponents": "greedy", "mixture": {"ev": 1}}, "/mixture",
                 id="mixture-with-greedy-opponents"),
    pytest.param({"opponents": "solver", "samples": 5, "mixture": {"solver": 1}}, "/mixture",
                 id="mixture-with-solver-opponents"),
]


@pytest.mark.parametrize(("extra", "pointer"), BAD_MIXTURES)
def test_a_bad_mixture_is_an_unknown_opponent_model_problem_with_a_pointer(
        client: FlaskClient, extra: dict, pointer: str) -> None:
    response = client.post(ADVICE, json={"hand": HAND, "samples": SAMPLES} | extra)
    _assert_unknown_opponent_model(response, pointer)


@pytest.mark.parametrize(("extra", "pointer"), BAD_MIXTURES[:4])
def test_the_trainer_refuses_the_same_bad_mixtures(client: FlaskClient, extra: dict,
                                                   pointer: str) -> None:
    response = client.post(TRAINER, json={"hand": HAND, "lineup": [["As", "Ad", "Ah"]],
                                          "samples": SAMPLES} | extra)
    _assert_unknown_opponent_model(response, pointer)


def test_the_unknown_opponent_model_problem_has_a_page(client: FlaskClient) -> None:
    assert client.get("/problems/unknown_opponent_model").status_code == 200


# -- how clear the choice is ----------------------------------------------------------------------

@pytest.mark.parametrize("opponents", ["greedy", "ev", "mixture"])
@pytest.mark.parametrize(("hand", "up_card"), [(HAND, "Ks"), (OTHER_HAND, None)])
def test_the_margin_is_the_lead_over_the_runner_up_and_each_alternative_is_behind_by_its_gap(
        client: FlaskClient, opponents: str, hand: list[str], up_card: str | None) -> None:
    advice = _advise(client, hand=hand, up_card=up_card, opponents=opponents)
    alternatives = advice["alternatives"]
    assert alternatives, advice
    margin = advice["margin"]
    runner_up = alternatives[0]
    assert margin["chips"] == runner_up["chips_behind"]
    assert margin["standard_error"] == runner_up["behind_standard_error"]
    # Clear: a lead of at least two standard errors (and a lead at all).
    lead_is_clear = margin["chips"] >= 2 * margin["standard_error"] and margin["chips"] > 0
    assert margin["clear"] is lead_is_clear
    # Every alternative is behind the advice by the difference of their means on the same samples;
    # the runner-up is the closest.
    for alternative in alternatives:
        assert alternative["chips_behind"] >= 0 and alternative["behind_standard_error"] >= 0
        assert alternative["expected_chips"] == pytest.approx(
            advice["expected_chips"] - alternative["chips_behind"], abs=1e-6)
    behind = [alternative["chips_behind"] for alternative in alternatives]
    assert behind == sorted(behind)


def test_a_clear_choice_needs_a_lead_of_two_standard_errors(client: FlaskClient) -> None:
    advice = _advise(client, hand=OTHER_HAND, opponents="greedy")
    margin = advice["margin"]
    assert margin["chips"] > 0 and margin["standard_error"] > 0
    assert margin["clear"] is (margin["chips"] >= 2 * margin["standard_error"])


def test_the_exchange_gives_the_standard_error_of_its_difference(client: FlaskClient) -> None:
    exchange = _advise(client, up_card="Ks")["exchange"]
    assert exchange["possible"] is True
    assert exchange["difference_standard_error"] >= 0
    assert _advise(client)["exchange"]["difference_standard_error"] is None  # no up-card


def test_maximin_has_no_runner_up_so_no_margin(client: FlaskClient) -> None:
    advice = _advise(client, objective="maximin")
    assert advice["margin"] is None and advice["alternatives"] == []


# -- reproducibility ------------------------------------------------------------------------------

@pytest.mark.parametrize("extra", [
    pytest.param({}, id="default-mixture"),
    pytest.param({"mixture": {"greedy": 1, "ev": 3}}, id="custom-mixture"),
    pytest.param({"opponents": "ev", "up_card": "Ks"}, id="ev-with-exchange"),
    pytest.param({"opponents": "solver", "samples": 6}, id="solver"),
])
def test_the_same_request_gives_the_same_answer(client: FlaskClient, extra: dict) -> None:
    first = _advise(client, hand=OTHER_HAND, **extra)
    again = _advise(client, hand=OTHER_HAND, **extra)
    first.pop("solve_ms")
    again.pop("solve_ms")
    assert first == again


# -- the trainer ----------------------------------------------------------------------------------

def test_the_trainer_accepts_a_mixture_and_echoes_it(client: FlaskClient) -> None:
    mixture = {"greedy": 3, "ev": 1}
    request = {"hand": HAND, "up_card": "Ks", "samples": SAMPLES, "seed": 7, "mixture": mixture}
    response = client.post(TRAINER, json=request | {"lineup": [["As", "Ad", "Ah"]]})
    assert response.status_code == 200, response.json
    assumptions = response.json["assumptions"]
    assert assumptions["opponents"] == "mixture"
    assert assumptions["opponent_model"] == MODELS["mixture"].description
    _assert_weights(assumptions["mixture"], {"greedy": 0.75, "ev": 0.25})
    # The trainer's best lineup is the advice's under the same mixture, samples and seed.
    advice = _advise(client, up_card="Ks", mixture=mixture)
    assert response.json["best"]["expected_chips"] == pytest.approx(advice["expected_chips"],
                                                                     abs=1e-9)


def test_the_trainer_echoes_a_named_opponent_model(client: FlaskClient) -> None:
    response = client.post(TRAINER, json={"hand": HAND, "lineup": [["As", "Ad", "Ah"]],
                                          "samples": SAMPLES, "opponents": "ev"})
    assert response.status_code == 200, response.json
    assumptions = response.json["assumptions"]
    assert assumptions["opponents"] == "ev" and "mixture" not in assumptions
    assert assumptions["opponent_model"] == MODELS["ev"].description
