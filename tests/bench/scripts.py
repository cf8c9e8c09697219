"""Load a script of ``bench/`` as a module for its tests.

The scripts are not a package: each test loads its script by path, under the script's own name
in :data:`sys.modules` (dataclasses and pickling look a class's module up there).

>>> load_script("continental_rollout_speed").__name__
'continental_rollout_speed'
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from solver import bots as bots_module

BENCH = Path(__file__).resolve().parents[2] / "bench"
"""The folder of the benchmark scripts."""


def load_script(name: str) -> ModuleType:
    """``bench/<name>.py``, run as module ``name``."""
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def tiny_run(script: ModuleType, argv: list[str], monkeypatch: pytest.MonkeyPatch,
             capsys: pytest.CaptureFixture[str]) -> str:
    """What ``script.main(argv)`` prints, the bots it registers forgotten after the test."""
    registry = bots_module._BOTS
    monkeypatch.setattr(registry, "_items", dict(registry._items))
    script.main(argv)
    return capsys.readouterr().out
