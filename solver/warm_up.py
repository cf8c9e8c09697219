"""Warm every game's solver up before the first request: one call the server makes per process.

Each game's solver that builds lookup tables on first use names its warm-up here, so that the
API (which names no game) starts its solver processes and workers with :func:`warm_up` alone.

>>> WARM_UPS
('solver.ramchi.advice',)
"""

from __future__ import annotations

import importlib

__all__ = ["WARM_UPS", "warm_up"]

WARM_UPS: tuple[str, ...] = ("solver.ramchi.advice",)
"""Modules with a ``warm_up()`` building what their first answer would otherwise build while a
client waits (Ramchi's ``ev`` tables, about half a second; Continental builds nothing ahead)."""


def warm_up() -> None:
    """Call every game's solver warm-up, once per process."""
    for name in WARM_UPS:
        importlib.import_module(name).warm_up()
