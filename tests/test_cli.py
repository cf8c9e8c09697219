"""The ``ramchi`` command line."""

from __future__ import annotations

import json

import pytest

from api.cli import main

HAND = ["As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c", "6h", "2d"]


def test_classify(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classify", "As", "2s", "3s"]) == 0
    assert "Straight flush A-2-3" in capsys.readouterr().out


def test_classify_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classify", "7h", "7c", "Kd", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["category"] is None and "pair" in body["reason"]


def test_bad_card_exits_2_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classify", "As", "2s", "3x"]) == 2
    assert "'x' is not a suit" in capsys.readouterr().err


def test_compare(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "2h", "3d", "5c", "Ah", "Kd", "Qc"]) == 0
    assert capsys.readouterr().out.startswith("a wins: Ramchi (2-3-5)")


def test_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulesets"]) == 0
    assert "tie_goes_to" in capsys.readouterr().out


def test_advise_maximin(capsys: pytest.CaptureFixture[str]) -> None:
    hand = HAND
    assert main(["advise", *hand, "--objective", "maximin"]) == 0
    out = capsys.readouterr().out
    assert "round 5:" in out and "discard:" in out


def test_advise_json(capsys: pytest.CaptureFixture[str]) -> None:
    hand = HAND
    assert main(["advise", *hand, "--up-card", "Ks", "--samples", "30", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["exchange"]["possible"] is True and len(body["combinations"]) == 5


def test_advise_refuses_a_short_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "As", "Kd"]) == 2
    assert "expected 17 cards" in capsys.readouterr().err


def test_advise_assumes_the_solvers_default_opponents_and_shows_the_margin(
        capsys: pytest.CaptureFixture[str]) -> None:
    from solver.ramchi.opponents import DEFAULT_OPPONENTS

    assert main(["advise", *HAND, "--samples", "30", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["assumptions"]["opponents"] == DEFAULT_OPPONENTS
    assert main(["advise", *HAND, "--samples", "30", "--opponents", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "Lead over the runner-up:" in out and "Against greedy opponents" in out


def test_advise_refuses_an_unknown_opponent_model(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", *HAND, "--opponents", "nobody"]) == 2
    assert "opponents must be one of greedy, solver, ev, mixture" in capsys.readouterr().err


def test_advise_with_a_budget_says_what_the_budget_cut_short(capsys: pytest.CaptureFixture[str]) -> None:
    hand = HAND
    assert main(["advise", *hand, "--samples", "5000", "--budget", "0.01", "--json"]) == 0
    advice = json.loads(capsys.readouterr().out)
    assert advice["complete"] is False and advice["samples_used"] < 5000
    assert main(["advise", *hand, "--samples", "5000", "--budget", "0.01"]) == 0
    assert "The time budget ran out" in capsys.readouterr().out


def test_a_budget_must_be_a_positive_number(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["advise", "As", "--budget", "soon"])
    assert "expected seconds" in capsys.readouterr().err
