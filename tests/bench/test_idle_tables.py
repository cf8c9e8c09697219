"""``bench/idle_tables.py``: a tiny real run (two served instances, three tables, a second a phase):
conditional polls are all answered 304, in the event loop, a thread or Flask, the baseline's never,
and moves are seen."""

from __future__ import annotations

import pytest

from tests.bench.scripts import load_script

idle_tables = load_script("idle_tables")


def test_a_tiny_run_polls_with_304_against_full_views_and_sees_the_moves(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = idle_tables.parse_args(["--tables", "3", "--seconds", "1.5", "--interval", "0.25",
                                   "--clients", "2", "--move-every", "0.2"])
    rows, settings, _ = idle_tables.measure(args)
    tallies = {name: tally for name, tally, _, _ in rows}
    assert list(tallies) == ["floor", "flask", "thread", "conditional", "full", "moves"]
    assert all(tally.errors == 0 for tally in tallies.values()), [t.first_error for t in tallies.values()]
    conditional, full, moves = tallies["conditional"], tallies["full"], tallies["moves"]
    assert conditional.not_modified > 0 and conditional.full == 0
    assert tallies["flask"].not_modified > 0 and tallies["flask"].full == 0
    assert tallies["thread"].not_modified > 0 and tallies["thread"].full == 0
    assert full.full > 0 and full.not_modified == 0
    assert moves.moves > 0 and 0 < len(moves.delays) <= moves.moves  # moves made, and seen
    assert "ramchi serve" in settings
    idle_tables.print_table(rows, args)
    assert "| conditional |" in capsys.readouterr().out
