"""Request limits of the served API, one place for the app and the HTTP worker.

>>> DEFAULT_MAX_BODY_BYTES
4194304
"""

from __future__ import annotations

import os

__all__ = ["DEFAULT_MAX_BODY_BYTES", "max_body_bytes"]

DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024
"""The largest request body read (``413 request_too_large`` above it). The largest request the
API needs is a dispute over a 1,000-hand game's full log: about 2.3 MB of JSON."""


def max_body_bytes() -> int:
    """The body limit: ``RAMCHI_MAX_BODY_BYTES`` from the environment, else the default.

    >>> max_body_bytes() > 0
    True
    """
    raw = os.environ.get("RAMCHI_MAX_BODY_BYTES", "").strip()
    value = int(raw) if raw else DEFAULT_MAX_BODY_BYTES
    if value <= 0:
        raise ValueError(f"RAMCHI_MAX_BODY_BYTES must be positive, not {raw!r}")
    return value
