"""The ``ramchi simulate`` command line: whole games between bots (Continental and Ramchi)."""

from __future__ import annotations

import json

import pytest

from api.cli import main

ARGS = ["simulate", "continental", "--games", "2", "--hands", "2", "--bots", "advisor,random,random"]


def test_simulate_prints_a_table_with_one_row_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(ARGS) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("2 game(s), 4 hands, ") and "(seed 0; points: lower is better)" in lines[0]
    assert lines[1].split() == ["seat", "bot", "points/hand", "95%", "CI", "wins", "total"]
    rows = [line.split() for line in lines[2:]]
    assert [row[:2] for row in rows] == [["0", "advisor"], ["1", "random"], ["2", "random"]]
    wins = [float(row[-2]) for row in rows]
    assert sum(wins) == pytest.approx(2.0)
    for row in rows:
        assert float(row[2]) == pytest.approx(int(row[-1]) / 4, abs=0.05)  # points per hand, total
        assert row[3].startswith("±")


def test_simulate_json_has_every_field(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ARGS, "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert set(body) == {"game", "unit", "better", "games", "hands", "actions", "seconds", "seats"}
    assert (body["game"], body["unit"], body["better"]) == ("continental", "points", "lower")
    assert body["games"] == 2 and body["hands"] == 4 and body["actions"] > 0 and body["seconds"] >= 0
    assert [seat["bot"] for seat in body["seats"]] == ["advisor", "random", "random"]
    for number, seat in enumerate(body["seats"]):
        assert set(seat) == {"seat", "bot", "points_per_hand", "ci95", "wins", "total_points"}
        assert seat["seat"] == number
        assert seat["points_per_hand"] == pytest.approx(seat["total_points"] / body["hands"])
    assert sum(seat["wins"] for seat in body["seats"]) == pytest.approx(2.0)


def test_the_same_seed_gives_the_same_result(capsys: pytest.CaptureFixture[str]) -> None:
    results = []
    for _ in range(2):
        assert main([*ARGS, "--json", "--seed", "7"]) == 0
        body = json.loads(capsys.readouterr().out)
        del body["seconds"]
        results.append(body)
    assert results[0] == results[1]
    assert main([*ARGS, "--json", "--seed", "8"]) == 0
    other = json.loads(capsys.readouterr().out)
    del other["seconds"]
    assert other != results[0]


def test_an_unknown_bot_exits_2_naming_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "continental", "--games", "1", "--bots", "advisor,shark"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "no bot 'shark'" in captured.err and "advisor" in captured.err and "random" in captured.err


def test_too_few_bots_is_an_argparse_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["simulate", "continental", "--bots", "advisor"])
    assert exited.value.code == 2
    assert "name one bot per seat" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "message"), [
    (["--bots", ",".join(["random"] * 7)], "7 bots named"),
    (["--bots", "random,random", "--hands", "8"], "Continental: 1 to 7"),
    (["--bots", "random,random", "--games", "0"], "at least one game"),
    (["--bots", "random,random", "--ruleset", "ramchi"], "not continental"),
])
def test_other_refused_settings_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                       message: str) -> None:
    assert main(["simulate", "continental", *argv]) == 2
    assert message in capsys.readouterr().err


def test_simulate_ramchi_reports_chips_per_hand_of_three_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "ramchi", "--hands", "4", "--bots", "greedy,maximin,greedy", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert (body["game"], body["unit"], body["better"], body["hands"]) == ("ramchi", "chips", "higher", 4)
    assert [seat["bot"] for seat in body["seats"]] == ["greedy", "maximin", "greedy"]
    assert sum(seat["total_chips"] for seat in body["seats"]) == 0  # chips are zero-sum
    for seat in body["seats"]:
        assert seat["chips_per_hand"] == pytest.approx(seat["total_chips"] / 4)


def test_simulate_ramchi_needs_exactly_three_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "ramchi", "--hands", "2", "--bots", "greedy,greedy"]) == 2
    assert "exactly 3 players" in capsys.readouterr().err
