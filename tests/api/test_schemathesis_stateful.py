"""Stateful schemathesis runs: scenarios that follow the OpenAPI links between the game operations.

A scenario creates a game (``POST /v1/games``), then follows the document's links: view the game,
act in it, read its log and get a seat's advice with a seat's token (each link sends ``Authorization: Bearer
{$response.body#/seats/N/token}``); after an action, view, act and read the log with the token it
was sent with (``$request.header.Authorization``); post a log to ``POST /v1/disputes``. Every
check runs on every step, with the custom check and exclusions of the stateless run
(:mod:`tests.api.test_schemathesis`).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.generation.stateful.state_machine import StepInput, StepOutput
from schemathesis.specs.openapi.checks import positive_data_acceptance
from schemathesis.specs.openapi.definitions import OPENAPI_30_VALIDATOR

import rulesets.ramchi.config as config_module
from api import create_app
from api.openapi import ACTIONS, ADVICE, DISPUTES, GAME, GAMES, LOG
from tests.api.test_schemathesis import schema_valid_requests_pass_the_schema

# Valid data must be accepted however many games the examples create: the per-address creation
# limit (a 429 to valid data) is off here and tested on its own (test_storage_limits.py).
app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://", "GAMES_PER_HOUR": 0})
schema = schemathesis.openapi.from_wsgi("/openapi.json", app).include(path_regex="^/v1/(games|disputes)")
"""The game operations and disputes: the stateless run covers the rest."""

LINKED = Counter[tuple[str, str, int]]()
"""Steps taken through a link: (method, path template, status) -> how many."""


class GameWorkflow(schema.as_state_machine()):  # type: ignore[misc]
    """The schema's state machine, validating every step like the stateless run and counting links."""

    def step(self, input: StepInput) -> StepOutput:
        """Take the step; count it when it followed a link."""
        output = super().step(input)
        if input.transition is not None:
            operation = input.case.operation
            LINKED[(operation.method.upper(), operation.path, output.response.status_code)] += 1
        return output

    def validate_response(self, response: Any, case: schemathesis.Case,
                          additional_checks: list[Any] | None = None, **kwargs: Any) -> None:
        """Run every check but ``positive_data_acceptance``, plus the stateless run's own check."""
        case.validate_response(response, excluded_checks=[positive_data_acceptance],
                               additional_checks=[schema_valid_requests_pass_the_schema,
                                                  *(additional_checks or [])],
                               transport_kwargs=kwargs or None, recorder=getattr(self, "recorder", None))


def test_the_links_are_in_the_document() -> None:
    """The document is valid OpenAPI 3.0 and declares the links, the token sent as a bearer header."""
    document = app.test_client().get("/openapi.json").json
    assert [str(error) for error in OPENAPI_30_VALIDATOR.iter_errors(document)] == []
    assert document["components"]["securitySchemes"]["seatToken"]["scheme"] == "bearer"
    paths = document["paths"]
    created = paths[GAMES]["post"]["responses"]["201"]["links"]
    assert created["Act"]["parameters"]["header.Authorization"] == "Bearer {$response.body#/seats/0/token}"
    after_action = paths[ACTIONS]["post"]["responses"]["200"]["links"]
    assert set(after_action) == {"ViewGame", "Act", "ReadLog", "GetAdvice"}
    assert after_action["GetAdvice"]["operationRef"] == f"#/paths/{ADVICE.replace('/', '~1')}/get"
    assert after_action["Act"]["parameters"]["header.Authorization"] == "$request.header.Authorization"
    dispute = paths[LOG]["get"]["responses"]["200"]["links"]["Dispute"]
    assert dispute["operationRef"] == f"#/paths/{DISPUTES.replace('/', '~1')}/post"


def test_game_scenarios_follow_the_links(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scenarios of linked calls pass every check, and linked actions reach the referee: with the
    linked seat token they are judged by the rules (accepted, or refused as illegal now).

    Hypothesis replays scenarios and requires the same draws to lead to the same steps, so two
    sources of chance outside its control are pinned for the run: schemathesis' coin choosing
    which link values to use (``st.randoms(use_true_random=True)``) draws from hypothesis instead,
    and a game created without a seed gets seed 0 instead of one from the system (so who holds
    the 2♦, and so which linked action is legal, is the same on every replay).
    """
    true_randoms = st.randoms
    monkeypatch.setattr(st, "randoms", lambda **_kwargs: true_randoms(use_true_random=False))
    monkeypatch.setattr(config_module.random, "SystemRandom", lambda: random.Random(0))
    LINKED.clear()
    examples = 15 if os.environ.get("RAMCHI_QUICK") == "1" else 40  # the fast tier runs fewer
    GameWorkflow.run(settings=settings(max_examples=examples, stateful_step_count=8, deadline=None,
                                       derandomize=True, database=None,
                                       suppress_health_check=list(HealthCheck)))
    judged = LINKED[("POST", ACTIONS, 200)] + LINKED[("POST", ACTIONS, 409)]
    assert judged > 0, f"no linked action reached the referee (200 or 409): {dict(LINKED)}"
    assert LINKED[("GET", GAME, 200)] > 0, f"no linked view of a game: {dict(LINKED)}"
