"""The ``ramchi continental advise`` command line."""

from __future__ import annotations

import json

import pytest

from api.cli import main


def test_continental_advise_reads_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["continental", "advise", "7c", "7d", "7h", "Kc", "Kd", "Jk", "9s", "9s",
                 "--hand-number", "1", "--discard-top", "Ks"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Hand 1: 2 trios; 8 cards")
    assert "Drop: 7♣ 7♦ 7♥ | K♣ K♦ Jk(K)" in out and "Discard 9s: 5 points left" in out
    # ready to drop, and the K♠ would leave as many points (5) as without it
    assert "Take the discard: no" in out and "Buy: no" in out


def test_continental_advise_json_is_the_api_answer(client, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    hand = ["2c", "5c", "6c", "8c", "Kd", "Kh", "9s", "Jk"]
    assert main(["continental", "advise", *hand, "--contract", "1,1", "--seen", "7c", "4c",
                 "--discard-top", "7c", "--table", "9h 9d 9s", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    api = client.post("/v1/continental/advice", json={
        "hand": hand, "contract": {"trios": 1, "runs": 1}, "seen": ["7c", "4c"],
        "discard_top": "7c", "table": [["9h", "9d", "9s"]]}).json
    assert {k: v for k, v in body.items() if k != "solve_ms"} == \
        {k: v for k, v in api.items() if k != "solve_ms"}
    assert body["contract"] == {"hand": 2, "trios": 1, "runs": 1, "name": "1 trio + 1 run"}


def test_continental_advise_lays_off_once_dropped(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["continental", "advise", "9h", "Th", "Kd", "--hand-number", "3", "--dropped",
                 "--table", "5h 6h 7h 8h"]) == 0
    out = capsys.readouterr().out
    assert "Lay off 9h on table meld 1: 5♥ 6♥ 7♥ 8♥ 9♥" in out and "Go out by discarding Kd" in out


def test_continental_advise_options(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["7c", "7d", "7h", "Kc", "Kd", "Ks", "2s", "3s", "--hand-number", "1", "--json"]
    assert main(["continental", "advise", *hand, "--option", "card_values=face_value"]) == 0
    assert json.loads(capsys.readouterr().out)["points_left"] == 2


@pytest.mark.parametrize(("argv", "message"), [
    (["7c", "7c", "--seen", "7c", "--hand-number", "1"], "seen: card 1 '7c' is a third 7c"),
    (["Jk", "--seen", "Jk", "Jk", "--hand-number", "1"], "seen: card 2 'Jk' is a third Jk"),
    (["7c", "7x", "--hand-number", "1"], "hand: card 2 '7x': 'x' is not a suit"),
    (["7c", "--table", "5h 9c 7h", "--hand-number", "1"], "table meld 1: 5♥ 9♣ 7♥ is neither"),
    (["7c"], "give hand_number (1-7) or contract"),
    (["7c", "--hand-number", "1", "--contract", "2,0"], "not both"),
    (["7c", "--hand-number", "9"], "hand_number must be 1 to 7"),
    (["7c", "--hand-number", "1", "--ruleset", "ramchi"], "is for ramchi, not Continental"),
    (["7c", "--hand-number", "1", "--option", "card_values=double"], "card_values"),
    (["7c", "--hand-number", "1", "--other-player", "8", "--other-player", "8:passed=Kc,1x"],
     "other player 2 passed: card 2 '1x'"),
])
def test_continental_advise_refusals_exit_2_with_the_reason(
        capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert main(["continental", "advise", *argv]) == 2
    assert message in capsys.readouterr().err


def _timeless(body: dict) -> dict:  # type: ignore[type-arg]
    """An advice answer without the solver's times."""
    priced = body["expected_points"]
    return {k: v for k, v in body.items() if k != "solve_ms"} | {
        "expected_points": priced and {k: v for k, v in priced.items() if k != "solve_ms"}}


def test_continental_advise_expected_points_is_the_api_answer(  # type: ignore[no-untyped-def]
        client, capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["2c", "5c", "6c", "8c", "Kd", "Kh", "9s", "4d"]
    assert main(["continental", "advise", *hand, "--hand-number", "2", "--discards", "Qs", "Kc", "7c",
                 "--discard-top", "7c", "--other-player", "8:picked=Ks:turns=2:discarded=Kc,Qs:passed=Qs",
                 "--other-player", "10:bought=3c", "--samples", "8", "--seed", "3", "--objective",
                 "expected_points", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    api = client.post("/v1/continental/advice", json={
        "hand": hand, "hand_number": 2, "discard_top": "7c", "discards": ["Qs", "Kc", "7c"],
        "other_players": [{"hand_size": 8, "picked_up": ["Ks"], "turns": 2, "discarded": ["Kc", "Qs"],
                           "passed": ["Qs"]},
                          {"hand_size": 10, "bought": ["3c"]}],
        "samples": 8, "seed": 3, "objective": "expected_points"}).json
    assert body["objective"] == "expected_points" and body["expected_points"]["samples"] == 8
    assert _timeless(body) == _timeless(api)


def test_continental_advise_prints_the_priced_alternatives(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["continental", "advise", "2c", "5c", "6c", "8c", "Kd", "Kh", "9s", "4d", "7c",
                 "--hand-number", "2", "--discards", "Qs", "Kc", "--other-player", "8",
                 "--other-player", "8:dropped", "--samples", "8", "--objective", "expected_points"]) == 0
    out = capsys.readouterr().out
    assert "Expected points (8 samples, seed 0; lower is better):" in out
    rows = [line.split() for line in out.splitlines() if line.startswith("  discard ")]
    assert len(rows) >= 2 and all("±" in row for row in rows)
    assert "points expected at the end of the hand" in out


def test_continental_advise_distance_says_so_without_the_others(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["2c", "5c", "6c", "8c", "Kd", "Kh", "9s", "4d", "7c", "--hand-number", "2"]
    assert main(["continental", "advise", *hand]) == 0
    assert "Objective" not in capsys.readouterr().out  # distance, the default without the others
    assert main(["continental", "advise", *hand, "--objective", "expected_points"]) == 0
    assert "Objective distance: expected points need the other players (--other-player SIZE" \
        in capsys.readouterr().out
    assert main(["continental", "advise", *hand, "--objective", "distance", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["objective"] == "distance" and body["objective_note"] is None
    assert body["expected_points"] is None


@pytest.mark.parametrize(("argv", "message"), [
    (["--other-player", "8:foo"], "expected dropped, picked=CARDS, bought=CARDS, discarded=CARDS, "
                                  "passed=CARDS (cards separated by commas) or turns=N"),
    (["--other-player", "8:turns=x"], "turns= takes a whole number of turns"),
    (["--other-player", "8:turns=10001"], "0 to 10000"),
    (["--other-player", "many"], "expected the hand size first"),
    (["--samples", "0"], "expected 1 to 200 samples"),
    (["--seed", "-1"], "expected a whole number from 0"),
    (["--objective", "luck"], "invalid choice"),
])
def test_continental_advise_expected_points_arguments(
        capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["continental", "advise", "7c", "--hand-number", "1", *argv])
    assert stopped.value.code == 2 and message in capsys.readouterr().err


def test_continental_advise_refuses_a_pile_not_ending_with_the_top(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["continental", "advise", "2c", "5c", "--hand-number", "2", "--discards", "Qs",
                 "--discard-top", "7c", "--other-player", "8"]) == 2
    assert "the last card of --discards must be --discard-top" in capsys.readouterr().err


def test_continental_advise_prices_by_default_when_the_others_are_given(
        capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["2c", "5c", "6c", "8c", "Kd", "Kh", "9s", "4d", "7c", "--hand-number", "2",
            "--other-player", "8", "--other-player", "8:dropped", "--samples", "8", "--json"]
    assert main(["continental", "advise", *hand]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["objective"] == "expected_points" and body["expected_points"]["samples"] == 8
    assert main(["continental", "advise", *hand, "--objective", "expected_points"]) == 0
    assert _timeless(json.loads(capsys.readouterr().out)) == _timeless(body)
