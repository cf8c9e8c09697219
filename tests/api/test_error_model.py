"""One error model: an exception class per kind of refusal, each mapped to its one HTTP status,
and a page at /problems/<code> for every problem code the service can return."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from flask import Flask

from api import create_app
from api.errors import PROBLEMS, STATUS_BY_KIND, status_of
from rulesets.errors import (
    CardParseError,
    DuplicateCardError,
    IllegalActionError,
    InvalidInputError,
    LimitExceededError,
    NotFoundError,
    RulesError,
    RulesetError,
    UnknownRulesetError,
)
from rulesets.log import LogError, LogMismatchError
from rulesets.ramchi.config import ConfigError
from solver.errors import InfeasibleModelError, SolverTimeoutError

ROOT = Path(__file__).resolve().parents[2]

KINDS: list[tuple[Exception, int]] = [
    (InvalidInputError("the up-card is in the hand", code="up_card_in_hand"), 422),
    (LimitExceededError("too many samples", field="samples"), 422),
    (CardParseError("Xs", 1, "'X' is not a rank"), 422),
    (DuplicateCardError("As", (1, 2)), 422),
    (ConfigError(["hands must be 1 to 1000"]), 422),
    (LogError("record 0: unknown kind"), 422),
    (LogMismatchError(3, "differs"), 422),
    (RulesetError("house", ["option 'x' is unknown"]), 422),
    (IllegalActionError("not your turn", rule="turn order", code="wrong_phase"), 409),
    (NotFoundError("no game called 'go'"), 404),
    (UnknownRulesetError("nope", ["no ruleset is called 'nope'"]), 404),
    (SolverTimeoutError(5.0), 503),
    (InfeasibleModelError("the packing model"), 500),
    (RulesError("a refusal of no kind"), 500),
    (ValueError("a bug"), 500),
]


def _name(value: object) -> str:
    return type(value).__name__ if isinstance(value, Exception) else str(value)


@pytest.mark.parametrize(("error", "status"), KINDS, ids=_name)
def test_each_kind_of_refusal_maps_to_its_one_status(error: Exception, status: int) -> None:
    assert status_of(error) == status


def test_the_status_table_names_each_kind_once() -> None:
    kinds = [kind for kind, _ in STATUS_BY_KIND]
    assert len(kinds) == len(set(kinds))


@pytest.fixture
def raising_app(tmp_path: Path) -> Flask:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'e.db'}",
                      "PROPAGATE_EXCEPTIONS": False})

    def boom(index: int) -> None:
        raise KINDS[index][0]

    app.add_url_rule("/boom/<int:index>", view_func=boom)
    return app


@pytest.mark.parametrize("index", range(len(KINDS)))
def test_each_kind_of_refusal_is_answered_as_a_problem_with_its_status(raising_app: Flask,
                                                                        index: int) -> None:
    error, status = KINDS[index]
    response = raising_app.test_client().get(f"/boom/{index}")
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"
    body = response.json
    if status == 500:
        assert body["code"] == "internal_error" and "bug" not in body["detail"]
    else:
        assert body["code"] == error.code and body["code"] in PROBLEMS


def test_an_infeasible_model_is_a_500_with_a_log_line(client, monkeypatch: pytest.MonkeyPatch,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    def infeasible(*_args: object, **_kwargs: object) -> None:
        raise InfeasibleModelError("the packing model")

    monkeypatch.setattr("api.ramchi.answers.advise", infeasible)
    hand = ["As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d",
            "2c", "6h", "2d"]
    with caplog.at_level(logging.ERROR):
        response = client.post("/v1/ramchi/advice", json={"hand": hand, "objective": "maximin"})
    assert response.status_code == 500 and response.json["code"] == "internal_error"
    assert any("the packing model" in (r.exc_text or "") or r.exc_info for r in caplog.records)


# -- every code has a page -------------------------------------------------------------------------

_RAISED = [
    re.compile(r"\bcode\s*=\s*\"([a-z_]+)\""),  # class attributes and code="..." arguments
    re.compile(r"ApiProblem\(\s*\"([a-z_]+)\""),
    re.compile(r"problem_response\(\s*\"([a-z_]+)\""),
    re.compile(r"problem_bytes\(\s*\d+,\s*\"([a-z_]+)\""),
]
_CODE_TABLES = re.compile(r"^_(?:HTTP_)?CODES\s*=\s*\{(.*?)\}", re.S | re.M)


def codes_in_the_source() -> dict[str, set[str]]:
    """Every problem code written in rulesets/, solver/ and api/, with the files writing it."""
    found: dict[str, set[str]] = {}
    for package in ("rulesets", "solver", "api"):
        for path in (ROOT / package).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            codes = {m.group(1) for pattern in _RAISED for m in pattern.finditer(text)}
            for table in _CODE_TABLES.finditer(text):
                codes.update(re.findall(r":\s*\"([a-z_]+)\"", table.group(1)))
            for code in codes:
                found.setdefault(code, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_problem_code_written_anywhere_has_a_page(client) -> None:
    found = codes_in_the_source()
    assert {"wrong_phase", "duplicate_card", "limit_exceeded", "request_timeout"} <= set(found)
    missing = {code: sorted(files) for code, files in found.items() if code not in PROBLEMS}
    assert not missing, f"problem codes without a page: {missing}"
    for code in found:
        page = client.get(f"/problems/{code}")
        assert page.status_code == 200 and page.json["code"] == code and page.json["detail"]


def test_every_refusal_of_the_continental_referee_has_a_page_with_its_status(client) -> None:
    # the app (client) has registered every game's API, and so its problem pages
    from rulesets.continental.game import REFUSALS
    from rulesets.errors import IllegalActionError, InvalidInputError

    missing = sorted(code for code in REFUSALS if code not in PROBLEMS)
    assert not missing, f"Continental refusals without a page: {missing}"
    source = (ROOT / "rulesets" / "continental" / "game.py").read_text(encoding="utf-8")
    for code in REFUSALS:
        kinds = {IllegalActionError if m.group(1) == "_refuse" else InvalidInputError
                 for m in re.finditer(rf"(_refuse|_malformed)\(\s*\"{code}\"", source)}
        shared = {"card_not_in_hand", "not_a_meld"}  # also the advice's input refusals
        if code not in shared:
            assert {status_of(kind("x", rule="r")) for kind in kinds} <= {PROBLEMS[code].status}, code


def test_one_code_per_refusal_across_referee_and_solver() -> None:
    found = codes_in_the_source()
    for retired in ("card_reused", "invalid_seat", "not_in_play_order"):
        assert retired not in found, f"{retired} is written in {found[retired]}"
