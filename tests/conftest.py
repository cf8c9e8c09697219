"""Shared fixtures: an app on a private SQLite file, its test client, and service detection."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from api.migrate import upgrade

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def require_service(available: bool, what: str) -> None:
    """Skip (outside CI) or fail (in CI) when a service a test needs is missing."""
    if available:
        return
    if IN_CI:
        pytest.fail(f"{what} is required in CI (CI=true) but is not available")
    pytest.skip(f"{what} is not available here; CI runs this test")


def new_app(folder: Path) -> Flask:
    """The app of the tests: TESTING, on a private SQLite file in ``folder``."""
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder / 'test.db'}"})


@pytest.fixture(scope="module")
def module_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """One app for all the tests of a module marked ``shared_app`` (building one costs a tenth of a
    second of CPU: the OpenAPI document of every route, the schema migrations)."""
    return new_app(tmp_path_factory.mktemp("shared_app"))


@pytest.fixture
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Flask:
    """A new app for each test; in a module marked ``shared_app`` (its tests ask questions that
    store nothing, or only what no other test of the module reads), the module's app."""
    if request.node.get_closest_marker("shared_app") is not None:
        return request.getfixturevalue("module_app")
    return new_app(tmp_path)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A temporary SQLite file for one test."""
    return f"sqlite:///{tmp_path / 'ramchi.db'}"


def _admin_connection(url: str) -> Any:
    import psycopg

    return psycopg.connect(url, autocommit=True, connect_timeout=5)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test (on the TEST_DATABASE_URL server), dropped
    afterwards; skipped outside CI, failed in CI, when that server does not answer."""
    base = os.environ.get("TEST_DATABASE_URL", "").replace("postgresql+psycopg://", "postgresql://", 1)
    available = False
    if base:
        try:
            _admin_connection(base).close()
            available = True
        except Exception:
            available = False
    require_service(available, "PostgreSQL at TEST_DATABASE_URL")
    from sqlalchemy import make_url

    name = f"ramchi_t_{secrets.token_hex(6)}"
    with _admin_connection(base) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with _admin_connection(base) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def postgres_apps(postgres_url: str) -> tuple[Flask, Flask]:
    """Two app instances on one fresh PostgreSQL database (upgraded), as two servers would be."""
    upgrade(postgres_url)
    config = {"DATABASE_URL": postgres_url, "SOLVER_PROCESSES": 0}  # no solver to start
    return create_app(config), create_app(config)
