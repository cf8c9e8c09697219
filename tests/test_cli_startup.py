"""The ``ramchi`` command line starts light: its help, every option's help, ``--version``.

Import cost is checked by what gets imported, never by timing: parsing ``--help`` (of the
program or of any sub-command) must load neither the solver (OR-Tools, NumPy) nor the API stack
(Flask, SQLAlchemy, marshmallow, gunicorn); a light command such as ``classify`` loads the rules
only. ``bench/cli_startup.py`` measures the time against a bare Python start.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path

import pytest

from api.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
"""The source tree whose ``api`` package these tests import (run from it, it is imported first)."""

HEAVY = ("ortools", "numpy", "pandas", "flask", "flask_smorest", "sqlalchemy", "marshmallow", "gunicorn",
         "alembic", "solver")
"""Top-level packages a parse must not import."""

PROBE = """
import json, sys
from api.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""
"""Runs the command line on its arguments, then prints (on stderr) every module imported."""


def _modules_after(*argv: str) -> set[str]:
    """The modules imported by a fresh interpreter that ran ``ramchi *argv``."""
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=True)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def _heavy(modules: set[str]) -> list[str]:
    return sorted(name for name in modules if name.split(".")[0] in HEAVY)


def _parsers(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[
        tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every parser of the command line with the words that reach it (``("db", "prune")``)."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, (*path, name))


COMMANDS = [path for path, _ in _parsers(build_parser())]


def test_the_probe_sees_a_heavy_import_when_there_is_one() -> None:
    done = subprocess.run([sys.executable, "-c", "import numpy, json, sys; "
                           "print(json.dumps(sorted(sys.modules)), file=sys.stderr)"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    assert "numpy" in _heavy(set(json.loads(done.stderr.splitlines()[-1])))


@pytest.mark.parametrize("path", COMMANDS, ids=lambda path: " ".join(path) or "ramchi")
def test_help_imports_neither_the_solver_nor_the_api_stack(path: tuple[str, ...]) -> None:
    modules = _modules_after(*path, "--help")
    assert "api.cli" in modules
    assert _heavy(modules) == []
    assert not {name for name in modules if name.startswith("rulesets")}, "help needs no rules"


def test_an_argument_error_imports_nothing_heavy() -> None:
    assert _heavy(_modules_after("advise", "--seat", "7", "As")) == []


def test_classify_loads_the_rules_only() -> None:
    modules = _modules_after("classify", "As", "2s", "3s")
    assert "rulesets.ramchi.combinations" in modules
    assert _heavy(modules) == []


def test_every_option_of_every_command_has_help_text() -> None:
    missing = [f"{' '.join(('ramchi', *path))} {action.option_strings or action.dest}"
               for path, parser in _parsers(build_parser()) for action in parser._actions
               if not isinstance(action, argparse._SubParsersAction) and not (action.help or "").strip()]
    assert missing == []


def test_defaults_are_shown(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--help"])
    assert exited.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "the address to listen on (default: 127.0.0.1)" in text
    assert "the port to listen on (default: 8000)" in text
    with pytest.raises(SystemExit):
        main(["advise", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "(default: 1)" in text and "(default: mixture)" in text
    assert "(default: None)" not in text and "(default: False)" not in text


def test_version_is_the_installed_packages(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out == f"ramchi {version('ramchi-referee')}\n"


@pytest.mark.parametrize(("argv", "message"), [
    (["advise", "--seat", "3", "As"], "argument --seat: there is no seat 3; the seats are 0, 1 and 2"),
    (["advise", "--dealer", "-1", "As"], "argument --dealer: dealer -1 is no seat"),
    (["advise", "--seat", "x", "As"], "argument --seat: expected a seat number, got 'x'"),
])
def test_a_seat_that_is_none_is_a_usage_error(capsys: pytest.CaptureFixture[str], argv: list[str],
                                              message: str) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    assert message in capsys.readouterr().err
