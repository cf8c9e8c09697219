"""Who a request comes from: the client address every per-client limit counts by.

Without a proxy it is the address of the connection. Behind a reverse proxy every connection
comes from the proxy, so the address must come from a header the proxy sets, and only from the
one header the operator names in ``RAMCHI_CLIENT_ADDRESS_HEADER`` (e.g. ``X-Forwarded-For`` or
``X-Real-IP``): a header a client could send itself is never read unless it is configured. When
the header holds a list (``X-Forwarded-For: client, proxy1``), the last entry is taken: the one
the trusted proxy appended; anything before it came from the client and may be forged.

>>> from flask import Flask
>>> app = Flask(__name__)
>>> with app.test_request_context(environ_base={"REMOTE_ADDR": "10.0.0.9"},
...                               headers={"X-Forwarded-For": "1.2.3.4"}):
...     client_address(None), client_address("X-Forwarded-For")
('10.0.0.9', '1.2.3.4')
"""

from __future__ import annotations

import os

from flask import current_app, has_app_context, request

__all__ = ["CLIENT_HEADER_SETTING", "client_address", "configured_header"]

CLIENT_HEADER_SETTING = "RAMCHI_CLIENT_ADDRESS_HEADER"
"""The environment variable (and app setting ``CLIENT_ADDRESS_HEADER``) naming the trusted header."""


def configured_header() -> str | None:
    """The trusted header of the app's settings, else of the environment (``None``: no proxy)."""
    name = current_app.config.get("CLIENT_ADDRESS_HEADER") if has_app_context() else None
    name = name if name is not None else os.environ.get(CLIENT_HEADER_SETTING, "")
    return name.strip() or None


def client_address(header: str | None = "") -> str:
    """The address of the client of the current request.

    ``header`` is the trusted header (``""``: the configured one; ``None``: none, the
    connection's address). A request through the proxy that lacks the header counts as the
    proxy's own address.
    """
    if header == "":
        header = configured_header()
    remote = request.remote_addr or "unknown"
    if header is None:
        return remote
    value = request.headers.get(header, "")
    last = value.split(",")[-1].strip()
    return last[:64] if last else remote
