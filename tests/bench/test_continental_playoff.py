"""``bench/continental_playoff.py``: its seatings, its paired statistics on hand-made games, and
tiny real runs (one deal of one hand)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tests.bench.scripts import load_script

playoff = load_script("continental_playoff")
GameResult = playoff.GameResult


def test_six_seatings_each_with_two_of_each_bot() -> None:
    seatings = playoff.seatings()
    assert len(seatings) == len(set(seatings)) == 6
    for seating in seatings:
        assert len(seating) == 4 and seating.count("A") == 2 and seating.count("B") == 2
    # every seat holds each bot in half of the seatings
    for seat in range(4):
        assert sum(s[seat] == "A" for s in seatings) == 3


def _game(deal: int, seating: str, hand1: tuple[int, ...], went_out: tuple[int | None, ...] = (None, None),
          same_turn: tuple[bool, ...] = (False, False), buys: tuple[tuple[int, ...], ...] = ((0,) * 4,) * 2,
          decisions: tuple[tuple[int, str, float], ...] = ()) -> GameResult:
    """A two-hand game whose second hand scores twice the first."""
    return GameResult("x:y", deal, seating, (hand1, tuple(2 * p for p in hand1)), went_out, same_turn,
                      buys, decisions)


GAMES = [
    _game(1, "AABB", (10, 20, 30, 40), went_out=(0, None), same_turn=(True, False),
          buys=((0, 0, 1, 0), (2, 0, 0, 0))),
    _game(1, "ABAB", (0, 50, 10, 20), went_out=(1, 2), buys=((0, 1, 0, 0), (0, 0, 0, 1))),
    _game(2, "ABBA", (30, 10, 10, 10), went_out=(None, 3), same_turn=(False, True)),
]
"""Deal 1: A scores 10 and B 35 in hand 1 (means over its seats and games), twice that in hand 2;
deal 2: A 20 and B 10, then twice that."""


def test_paired_difference_is_over_deals() -> None:
    summary = playoff.summarize_line(GAMES)
    assert summary.line == "x:y" and summary.games == 3
    overall = summary.overall
    # per deal (mean over both hands): A 15 and 30, B 52.5 and 15; A − B: −37.5 and +15
    assert (overall.deals, overall.a, overall.b, overall.diff, overall.a_lower) == (2, 22.5, 33.75, -11.25, 1)
    # sample sd of (−37.5, 15) is 52.5 / √2; half-width 1.96 · sd / √2 = 1.96 · 26.25
    assert overall.ci95 == pytest.approx(1.96 * 26.25, abs=1e-4)
    first, second = summary.by_hand[1], summary.by_hand[2]
    assert (first.a, first.b, first.diff) == (15.0, 22.5, -7.5)
    assert first.ci95 == pytest.approx(1.96 * 17.5, abs=1e-4)
    assert (second.a, second.b, second.diff) == (30.0, 45.0, -15.0)
    assert sorted(summary.by_hand) == [1, 2]


def test_one_deal_has_no_interval_and_no_gain_is_claimed() -> None:
    overall = playoff.summarize_line(GAMES[:2]).overall
    assert overall.ci95 is None and overall.diff == -37.5
    assert not playoff.meets_gain(overall, 3)


def test_rates_per_seat_and_hand() -> None:
    rates = playoff.summarize_line(GAMES).rates
    # A: 3 games × 2 seats × 2 hands; out at seat 0 (one turn), seat 2 of ABAB, seat 3 of ABBA (one turn)
    assert rates["A"].seat_hands == 12
    assert rates["A"].out == pytest.approx(3 / 12, abs=1e-4)
    assert rates["A"].one_turn == pytest.approx(2 / 12, abs=1e-4)
    assert rates["A"].buys == pytest.approx(2 / 12, abs=1e-4)  # seat 0 of AABB, hand 2
    assert rates["B"].out == pytest.approx(1 / 12, abs=1e-4) and rates["B"].one_turn == 0
    assert rates["B"].buys == pytest.approx(3 / 12, abs=1e-4)  # seat 2 of AABB, seats 1 and 3 of ABAB


def test_timings_by_bot_and_kind() -> None:
    decisions = ((0, "draw", 1.0), (1, "buy", 3.0), (0, "play", 5.0), (0, "play", 7.0), (3, "play", 2.0))
    game = GameResult("ev:advisor", 1, "ABAB", ((0, 0, 0, 0),), (None,), (False,), ((0,) * 4,), decisions)
    found = {(t.bot, t.kind): t for t in playoff.timings([game], budget_ms=4.0)}
    assert set(found) == {("ev", "draw"), ("ev", "play"), ("ev", "all"), ("advisor", "buy"),
                          ("advisor", "play"), ("advisor", "all")}
    ev = found["ev", "all"]
    assert (ev.count, ev.p50, ev.max, ev.over) == (3, 5.0, 7.0, 2)
    assert found["ev", "play"].p95 == 7.0 and found["advisor", "all"].over == 0
    assert playoff.timings([game])[0].over is None


def test_deals_and_lines_arguments() -> None:
    assert playoff.parse_deals("5") == (5, {})
    assert playoff.parse_deals("ev:advisor=20, 4") == (4, {"ev:advisor": 20})
    with pytest.raises(Exception, match="deals"):
        playoff.parse_deals("ev:advisor=0")
    with pytest.raises(Exception, match="A:B"):
        playoff.parse_lines("ev")


def test_a_game_is_scored_from_its_log() -> None:
    game = playoff.play("advisor:random", 3, "ABBA", hands=2)
    assert game.bots == ("advisor", "random", "random", "advisor")
    assert len(game.scores) == len(game.went_out) == len(game.buys) == 2
    for scores, out, same in zip(game.scores, game.went_out, game.same_turn, strict=True):
        if out is None:
            assert not same and min(scores) >= 0
        else:
            assert scores[out] == (-10 if same else 0)
    kinds = {(game.bots[seat], what) for seat, what, _ in game.decisions}
    assert {("advisor", "draw"), ("advisor", "play"), ("random", "draw"), ("random", "play")} <= kinds
    assert all(ms >= 0 for _, _, ms in game.decisions)
    assert game.fallbacks == (0, 0)


def test_a_hand_that_goes_on_too_long_is_scored_as_if_the_stock_ran_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert playoff.play("random:random", 3, "ABBA", hands=2).stalled == 0
    monkeypatch.setattr(playoff, "MAX_HAND_ACTIONS", 12)
    game = playoff.play("random:random", 3, "ABBA", hands=2)
    assert game.stalled == 2 and game.went_out == (None, None)
    assert all(min(scores) > 0 for scores in game.scores)  # everyone scores the cards in hand


def test_a_spent_budget_is_counted() -> None:
    game = playoff.play("advisor:random", 3, "ABBA", hands=1, budget_ms=0)
    assert game.fallbacks[0] > 0 and game.fallbacks[1] == 0  # the advisor ran out of time, no bug
    advisor = next(t for t in playoff.timings([game], budget_ms=0) if t.bot == "advisor" and t.kind == "all")
    assert advisor.over == advisor.count


def test_quick_run_prints_tables_and_skips_unknown_bots(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    out_file = tmp_path / "games.json"
    playoff.main(["--lines", "random:random,nosuch:random", "--deals", "1", "--hands", "1",
                  "--json", str(out_file), "--target", "random:random"])
    out = capsys.readouterr().out
    assert "(skipped line nosuch:random: no continental bot nosuch" in out
    assert "| random vs random | 1 | 6 |" in out  # one deal, six games
    assert "| random vs random | 1 | 2 trios |" in out
    assert "NOT met" in out  # two alike bots gain nothing on each other
    games = json.loads(out_file.read_text())["games"]
    assert sorted(g["seating"] for g in games) == playoff.seatings()
    # the same bot at every seat: the six seatings are the same game, so the difference is exactly 0
    assert len({json.dumps(g["scores"]) for g in games}) == 1
    assert "| random vs random | 1 | 6 | " in out and "| +0.00 |  | 0 |" in out  # one deal: no interval


def test_runs_of_other_seeds_merge_into_one_table_and_the_same_deal_twice_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    files = [tmp_path / "first.json", tmp_path / "second.json"]
    for seed, path in zip((7, 8), files, strict=True):
        playoff.main(["--lines", "random:advisor", "--deals", "1", "--hands", "1", "--seed", str(seed),
                      "--json", str(path), "--target", "random:advisor"])
    capsys.readouterr()
    playoff.main(["--merge", *map(str, files), "--target", "random:advisor"])
    out = capsys.readouterr().out
    assert "deals (seeds) 7 to 8, 12 games from 2 file(s)" in out
    assert "| random vs advisor | 2 | 12 |" in out
    hands, budget, runs = playoff.load_runs(files)
    assert (hands, budget, len(runs)) == (1, None, 12)
    again = playoff.play(runs[0].line, runs[0].deal, runs[0].seating, 1)  # the bots are seeded
    assert runs[0] == dataclasses.replace(again, decisions=runs[0].decisions)  # read back as played
    with pytest.raises(SystemExit):
        playoff.main(["--merge", str(files[0]), str(files[0])])
    assert "a game is in two of the files" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        playoff.main(["--merge", str(tmp_path / "missing.json")])
    assert "--merge:" in capsys.readouterr().err
