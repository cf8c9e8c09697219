"""The ``ramchi replay FILE`` command line: a game log told step by step, and its verdict."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from api.cli import main
from rulesets.log import record_to_dict
from rulesets.ramchi.config import GameConfig
from rulesets.ramchi.game import RamchiGame


def ramchi_log() -> dict[str, object]:
    game = RamchiGame(GameConfig.create(hands=1, seed=5, dealer=0))
    game.do_keep(1)
    for seat in range(3):
        game.do_arrange(seat, [])
    return {"game": "ramchi", "config": game.config.to_dict(),
            "log": [record_to_dict(record) for record in game.log]}


def test_replay_prints_one_numbered_line_per_record(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "log.json"
    body = ramchi_log()
    path.write_text(json.dumps(body))
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(body["log"]) + 1  # type: ignore[arg-type]
    assert lines[0].startswith("   0  hand 1") and "Hand 1: seat 0 deals 17 cards each" in lines[0]
    assert "Seat 1 keeps the 2♦" in lines[1]
    assert lines[-1] == "legal: every record follows the rules; the game is over"


def test_replay_reads_stdin_and_prints_json(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(ramchi_log())))
    assert main(["replay", "-", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["finished"] is True and answer["verdict"]["legal"] is True
    assert [step["kind"] for step in answer["steps"]][:2] == ["hand_dealt", "keep"]


def test_replay_of_an_illegal_log_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "log.json"
    path.write_text(json.dumps({"config": {"hands": 1, "seed": 5, "dealer": 0},
                                "log": [{"kind": "exchange", "seat": 0}]}))
    assert main(["replay", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert "Seat 0 exchanges the 2♦" in lines[-2] and lines[-2].endswith("(posted record 0)")
    assert lines[-1].startswith("refused at step 1: record 0, hand 1: seat 0 does not hold the 2♦")


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "not a readable JSON file"),
    ('{"config": {"hands": 1}}', "expected an object with a config and a log"),
    ('{"game": "chess", "config": {}, "log": []}', "no game 'chess'"),
    ('{"config": {"hands": 1, "seed": 5}, "log": [{"kind": "fold", "seat": 0}]}', "unknown kind 'fold'"),
])
def test_replay_refuses_bad_input_with_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              text: str, message: str) -> None:
    path = tmp_path / "log.json"
    path.write_text(text)
    assert main(["replay", str(path)]) == 2
    assert message in capsys.readouterr().err


def test_replay_of_a_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "none.json")]) == 2
    assert "not a readable JSON file" in capsys.readouterr().err


def test_an_actions_only_log_is_numbered_one_way_with_the_posted_index_where_it_differs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The steps are numbered in order; a step telling a posted action names its posted index
    when it is another number, an event the rules derived says so; the refusal names its step."""
    path = tmp_path / "log.json"
    path.write_text(json.dumps({"config": {"hands": 1, "seed": 14, "dealer": 0}, "log": [
        {"kind": "keep", "seat": 1}, {"kind": "arrange", "seat": 0, "combinations": []}]}))
    main(["replay", str(path), "--json"])
    steps = json.loads(capsys.readouterr().out)["steps"]
    assert main(["replay", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert [int(line.split()[0]) for line in lines[:-1]] == list(range(len(steps)))
    for step, line in zip(steps, lines, strict=False):
        if step["posted"] is None:
            assert line.endswith("(derived by the rules)")
        elif step["posted"] != step["index"]:
            assert line.endswith(f"(posted record {step['posted']})")
    refused = next(step for step in steps if step["posted"] == 1)
    assert lines[-1].startswith(f"refused at step {refused['index']}: record 1, hand 1: the game is over")
