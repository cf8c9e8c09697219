"""Shared fixtures: an app on a private SQLite file, its test client, and service detection."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def require_service(available: bool, what: str) -> None:
    """Skip (outside CI) or fail (in CI) when a service a test needs is missing."""
    if available:
        return
    if IN_CI:
        pytest.fail(f"{what} is required in CI (CI=true) but is not available")
    pytest.skip(f"{what} is not available here; CI runs this test")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    yield create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.db'}"})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
