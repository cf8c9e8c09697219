"""``ramchi dispute FILE``: the verdict in words; exit 0 legal, 1 illegal, 2 bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.cli import main
from tests.rulesets.tampering import continental_log, ramchi_log, reprs_in


def write(path: Path, body: Any) -> str:
    path.write_text(json.dumps(body), encoding="utf-8")
    return str(path)


def finished_ramchi() -> dict[str, Any]:
    """A finished game's log as ``GET /v1/games/{id}/log`` answers it."""
    config, log = ramchi_log(0)
    return {"id": "g", "game": "ramchi", "version": 9, "complete": True, "config": config, "log": list(log)}


def test_a_legal_log_is_told_legal_and_finished(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dispute", write(tmp_path / "log.json", finished_ramchi())]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Legal: every record follows from the rules."
    assert out[1] == "Finished: the records judged end the game."
    assert out[2].startswith("Standings: chips won or lost by each seat in the 2 hands finished")
    assert out[3].startswith("  seat 0: ")


def test_a_tampered_log_is_told_where_and_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = finished_ramchi()
    index = next(i for i, item in enumerate(body["log"]) if item["kind"] == "round_played")
    body["log"][index] = body["log"][index] | {"winner": (body["log"][index]["winner"] + 1) % 3}
    assert main(["dispute", write(tmp_path / "log.json", body)]) == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    hand = body["log"][index]["hand"]
    assert lines[0].startswith(f"Illegal: record {index}, hand {hand}, round 1: the log says seat ")
    assert lines[1].startswith("  winner: the log says seat ")
    assert lines[2] == "Rule: the events of a game follow from its actions by the rules"
    assert "Not finished" in out and "Standings: " in out
    assert not [line for line in lines if reprs_in({"line": line})]


def test_json_prints_the_raw_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config, log = continental_log(7, 3, 2)
    cut = {"game": "continental", "config": config, "log": list(log[:20])}
    assert main(["dispute", write(tmp_path / "log.json", cut), "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert (verdict["legal"], verdict["finished"]) == (True, False)
    assert verdict["standings_after"]["through_record"] == 19
    assert "events" not in verdict and "log" not in verdict


def test_standard_input_is_read_for_a_dash(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(finished_ramchi())))
    assert main(["dispute", "-"]) == 0
    assert capsys.readouterr().out.startswith("Legal:")


@pytest.mark.parametrize(("body", "said"), [
    ("{", "not a readable JSON file"),
    ([], "expected an object with a config and a log"),
    ({"config": {"hands": 1}}, "expected an object with a config and a log"),
    ({"game": "chess", "config": {}, "log": []}, "no game 'chess'"),
    ({"config": {"hands": 0}, "log": []}, "hands"),
    ({"config": {"hands": 1, "seed": 5}, "log": [{"kind": "dance"}]}, "unknown kind"),
    ({"config": {"hands": 1, "seed": 5}, "log": [], "complete": False}, "still running"),
    ("", "not a readable JSON file (it is not JSON from line 1, column 1 on)"),
    ({"config": {"hands": 1, "seed": 5}, "log": [{"kind": "arrange", "seat": 0, "combinations": None}]},
     "record 0.combinations: expected a list, got null"),
    ({"config": {"hands": 1, "seed": 5}, "log": [{"kind": "keep", "seat": "1"}]},
     'record 0.seat: expected a whole number, got the text "1"'),
    ({"config": {"hands": 1, "dealer": 0}, "log": []}, "the configuration fixes no deal: give seed"),
])
def test_bad_input_exits_2_with_the_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           body: Any, said: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(body if isinstance(body, str) else json.dumps(body), encoding="utf-8")
    assert main(["dispute", str(path)]) == 2
    assert said in capsys.readouterr().err


def test_a_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dispute", str(tmp_path / "none.json")]) == 2
    assert "not a readable JSON file (No such file or directory)" in capsys.readouterr().err


@pytest.mark.parametrize("cut", [3, 7, None])
def test_json_is_exactly_the_api_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         client: FlaskClient, cut: int | None) -> None:
    """``--json`` prints what POST /v1/disputes answers: no field the API does not give (phase,
    action, hand_number), none the API gives left out; a log cut after a round is not finished."""
    body = finished_ramchi()
    body["log"] = body["log"][:cut]
    tampered = finished_ramchi()
    ended = next(i for i, item in enumerate(tampered["log"]) if item["kind"] == "hand_ended")
    tampered["log"][ended] = tampered["log"][ended] | {"chips": [0, 0, 0]}
    config, log = continental_log(7, 3, 2)
    for posted in (body, tampered, {"game": "continental", "config": config, "log": list(log[:30])}):
        main(["dispute", write(tmp_path / "log.json", posted), "--json"])
        printed = json.loads(capsys.readouterr().out)
        answered = client.post("/v1/disputes", json=posted).json
        assert printed == answered
        assert "phase" not in printed and "hand_number" not in printed
