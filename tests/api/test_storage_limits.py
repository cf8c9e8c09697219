"""Issue 18, item 7: storage is bounded too. One address creates at most ``GAMES_PER_HOUR`` games
in any hour (``429 too_many_requests`` with ``Retry-After``), counted from the games table by a
keyed hash of the address; games idle past their retention are removed by ``ramchi db prune``
(and at the start of ``ramchi serve``): finished ones after 30 days, abandoned ones after 7.
On SQLite and, marked ``postgres``, on PostgreSQL."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import Engine, func, select, text, update

from api import create_app
from api.cli import main
from api.game_store import ENGINE, actions, games, mark_finished, seats
from api.migrate import downgrade, upgrade
from api.retention import Retention, prune, prune_at_start
from api.store import open_store

GAME = {"players": ["Asha", "Bo", "Chen"], "hands": 1, "seed": 5, "dealer": 0}
NOW = datetime.now(UTC)


def limited_app(url: str, **config: Any) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": url} | config)


@pytest.fixture
def small_limit(tmp_path: Path) -> Iterator[Flask]:
    yield limited_app(f"sqlite:///{tmp_path / 'limit.db'}", GAMES_PER_HOUR=3)


def create(client: FlaskClient, address: str = "10.0.0.1", **headers: str) -> Any:
    return client.post("/v1/games", json=GAME, environ_base={"REMOTE_ADDR": address}, headers=headers)


def engine_of(app: Flask) -> Engine:
    return app.extensions[ENGINE]


# -- the creation limit ---------------------------------------------------------------------------

def test_an_address_over_its_games_per_hour_gets_429_with_retry_after(small_limit: Flask) -> None:
    client = small_limit.test_client()
    assert [create(client).status_code for _ in range(3)] == [201, 201, 201]
    refused = create(client)
    assert refused.status_code == 429 and refused.mimetype == "application/problem+json"
    problem = refused.json
    assert problem["code"] == "too_many_requests" and problem["type"] == "/problems/too_many_requests"
    assert "3 games in the last hour" in problem["detail"] and "RAMCHI_GAMES_PER_HOUR" in problem["detail"]
    seconds = int(refused.headers["Retry-After"])
    assert 0 < seconds <= 3600 and problem["retry_after"] == seconds and problem["limit"] == 3
    with engine_of(small_limit).connect() as connection:
        assert connection.execute(select(func.count()).select_from(games)).scalar_one() == 3


def test_other_addresses_keep_their_own_count(small_limit: Flask) -> None:
    client = small_limit.test_client()
    for _ in range(3):
        create(client, "10.0.0.1")
    assert create(client, "10.0.0.1").status_code == 429
    assert create(client, "10.0.0.2").status_code == 201


def test_behind_a_proxy_the_trusted_header_names_the_client(tmp_path: Path) -> None:
    app = limited_app(f"sqlite:///{tmp_path / 'proxy.db'}", GAMES_PER_HOUR=1,
                      CLIENT_ADDRESS_HEADER="X-Forwarded-For")
    client = app.test_client()
    assert create(client, "10.9.9.9", **{"X-Forwarded-For": "1.1.1.1"}).status_code == 201
    assert create(client, "10.9.9.9", **{"X-Forwarded-For": "1.1.1.1"}).status_code == 429
    assert create(client, "10.9.9.9", **{"X-Forwarded-For": "2.2.2.2"}).status_code == 201


def test_games_older_than_an_hour_no_longer_count(small_limit: Flask) -> None:
    client = small_limit.test_client()
    for _ in range(3):
        create(client)
    assert create(client).status_code == 429
    with engine_of(small_limit).begin() as connection:
        oldest = connection.execute(select(games.c.id).order_by(games.c.created_at).limit(1)).scalar_one()
        connection.execute(update(games).where(games.c.id == oldest)
                           .values(created_at=NOW - timedelta(minutes=61)))
    assert create(client).status_code == 201
    assert create(client).status_code == 429


def test_games_store_a_keyed_hash_of_the_address_never_the_address(small_limit: Flask) -> None:
    client = small_limit.test_client()
    create(client, "10.0.0.1")
    create(client, "10.0.0.1")
    create(client, "10.0.0.2")
    with engine_of(small_limit).connect() as connection:
        hashes = list(connection.execute(select(games.c.client_hash).order_by(games.c.created_at)).scalars())
        key = connection.execute(text("SELECT value FROM service_keys WHERE name = 'client_address'")
                                 ).scalar()
    assert hashes[0] == hashes[1] != hashes[2] and all(len(h) == 64 for h in hashes)
    assert key and len(key) == 64
    assert hashes[0] != hashlib.sha256(b"10.0.0.1").hexdigest()  # keyed: not the plain hash either


def test_a_limit_of_0_turns_the_limit_off(tmp_path: Path) -> None:
    client = limited_app(f"sqlite:///{tmp_path / 'off.db'}", GAMES_PER_HOUR=0).test_client()
    assert {create(client).status_code for _ in range(5)} == {201}


def test_the_limit_comes_from_the_environment_and_a_bad_value_stops_the_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAMCHI_GAMES_PER_HOUR", "1")
    client = limited_app(f"sqlite:///{tmp_path / 'env.db'}").test_client()
    assert [create(client).status_code for _ in range(2)] == [201, 429]
    monkeypatch.setenv("RAMCHI_GAMES_PER_HOUR", "lots")
    with pytest.raises(ValueError, match="RAMCHI_GAMES_PER_HOUR must be a whole number"):
        limited_app(f"sqlite:///{tmp_path / 'bad.db'}")


def test_the_too_many_requests_page_covers_solver_requests_and_games(client: FlaskClient) -> None:
    page = client.get("/problems/too_many_requests").json
    assert page["status"] == 429 and "solver" in page["detail"] and "games" in page["detail"]
    assert "Retry-After" in page["detail"]


def test_the_document_states_the_429_of_creation(client: FlaskClient) -> None:
    operation = client.get("/openapi.json").json["paths"]["/v1/games"]["post"]
    assert "429" in operation["responses"] and "Retry-After" in operation["responses"]["429"]["headers"]


# -- finished games are recorded as such ---------------------------------------------------------

def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play_to_the_end(client: FlaskClient) -> str:
    """A one-hand Ramchi game played to its end (every seat discards its whole hand)."""
    body = client.post("/v1/games", json=GAME).json
    game_id, tokens = body["id"], [seat["token"] for seat in body["seats"]]
    holder = client.get(f"/v1/games/{game_id}").json["two_of_diamonds_holder"]
    assert client.post(f"/v1/games/{game_id}/actions", json={"type": "keep"},
                       headers=bearer(tokens[holder])).status_code == 200
    for seat in range(3):
        answer = client.post(f"/v1/games/{game_id}/actions", json={"type": "arrange", "combinations": []},
                             headers=bearer(tokens[seat]))
        assert answer.status_code == 200, answer.json
    assert client.get(f"/v1/games/{game_id}").json["is_over"]
    return game_id


def finished_at(app: Flask, game_id: str) -> Any:
    with engine_of(app).connect() as connection:
        return connection.execute(select(games.c.finished_at).where(games.c.id == game_id)).scalar()


def test_a_game_is_recorded_finished_by_the_action_that_ends_it(app: Flask, client: FlaskClient) -> None:
    running = client.post("/v1/games", json=GAME).json["id"]
    over = play_to_the_end(client)
    assert finished_at(app, over) is not None and finished_at(app, running) is None


# -- retention ------------------------------------------------------------------------------------

def stored_game(engine: Engine, idle_days: float, *, finished: bool,
                created_days: float | None = None) -> str:
    """A game stored through the API's store, made idle for ``idle_days`` (finished or not)."""
    from api.game_store import create_game

    game_id, _ = create_game(engine, "ramchi", {"config": {}}, ["Asha", "Bo", "Chen"])
    if finished:
        mark_finished(engine, game_id)
    with engine.begin() as connection:
        connection.execute(update(games).where(games.c.id == game_id).values(
            updated_at=NOW - timedelta(days=idle_days),
            created_at=NOW - timedelta(days=created_days if created_days is not None else idle_days)))
    return game_id


def remaining(engine: Engine) -> set[str]:
    with engine.connect() as connection:
        return set(connection.execute(select(games.c.id)).scalars())


def check_prune_removes_exactly_the_idle_games(engine: Engine) -> None:
    old_finished = stored_game(engine, 31, finished=True)
    recent_finished = stored_game(engine, 29, finished=True)
    old_abandoned = stored_game(engine, 8, finished=False)
    recent_abandoned = stored_game(engine, 6, finished=False)
    old_but_played_lately = stored_game(engine, 1, finished=False, created_days=60)
    assert prune(engine, Retention(30, 7), now=NOW, dry_run=True).total == 2
    assert len(remaining(engine)) == 5  # a dry run removes nothing
    pruned = prune(engine, Retention(30, 7), now=NOW)
    assert (pruned.finished, pruned.abandoned) == (1, 1)
    assert remaining(engine) == {recent_finished, recent_abandoned, old_but_played_lately}
    with engine.connect() as connection:  # their seats went with them
        owners = set(connection.execute(select(seats.c.game_id)).scalars())
    assert old_finished not in owners and old_abandoned not in owners and recent_finished in owners
    assert prune(engine, Retention(30, 7), now=NOW).total == 0


def test_prune_removes_exactly_the_finished_and_abandoned_games_idle_too_long(sqlite_url: str) -> None:
    engine = open_store(sqlite_url)
    try:
        upgrade(engine)
        check_prune_removes_exactly_the_idle_games(engine)
    finally:
        engine.dispose()


@pytest.mark.postgres
def test_postgres_prune_removes_exactly_the_idle_games(postgres_url: str) -> None:
    engine = open_store(postgres_url)
    try:
        upgrade(engine)
        check_prune_removes_exactly_the_idle_games(engine)
    finally:
        engine.dispose()


def test_prune_removes_a_played_games_actions_too(app: Flask, client: FlaskClient) -> None:
    game_id = play_to_the_end(client)
    engine = engine_of(app)
    with engine.begin() as connection:
        connection.execute(update(games).values(updated_at=NOW - timedelta(days=31)))
    assert prune(engine, Retention(30, 7), now=NOW).finished == 1
    with engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(actions)).scalar_one() == 0
    assert client.get(f"/v1/games/{game_id}").status_code == 404


def test_a_retention_of_0_keeps_that_kind_forever(sqlite_url: str) -> None:
    engine = open_store(sqlite_url)
    try:
        upgrade(engine)
        finished = stored_game(engine, 400, finished=True)
        stored_game(engine, 400, finished=False)
        assert prune(engine, Retention(0, 7), now=NOW).abandoned == 1
        assert remaining(engine) == {finished}
    finally:
        engine.dispose()


def test_retention_settings_are_read_and_checked() -> None:
    assert Retention.from_settings({}) == Retention(30, 7)
    assert Retention.from_settings({"RAMCHI_ABANDONED_RETENTION_DAYS": "0.5"}).abandoned_days == 0.5
    for bad in ("-1", "soon", "nan", "inf"):
        with pytest.raises(ValueError, match="RAMCHI_FINISHED_RETENTION_DAYS must be a number of days"):
            Retention.from_settings({"RAMCHI_FINISHED_RETENTION_DAYS": bad})


def test_ramchi_db_prune_prints_what_it_removed(sqlite_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    upgrade(sqlite_url)
    engine = open_store(sqlite_url)
    try:
        stored_game(engine, 40, finished=True)
        stored_game(engine, 10, finished=False)
        stored_game(engine, 3, finished=False)
    finally:
        engine.dispose()
    assert main(["db", "prune", "--url", sqlite_url, "--dry-run"]) == 0
    assert "would remove 2 games: 1 finished, idle over 30 days; 1 abandoned" in capsys.readouterr().out
    assert main(["db", "prune", "--url", sqlite_url, "--abandoned-days", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("sqlite:///") and out.rstrip().endswith(
        "removed 3 games: 1 finished, idle over 30 days; 2 abandoned (not finished), idle over 2 days")
    assert main(["db", "prune", "--url", sqlite_url]) == 0
    assert "removed 0 games" in capsys.readouterr().out


def test_ramchi_db_prune_refuses_bad_days_and_an_old_schema(
        sqlite_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    upgrade(sqlite_url)
    assert main(["db", "prune", "--url", sqlite_url, "--finished-days", "-3"]) == 2
    assert "0 or more" in capsys.readouterr().err
    downgrade(sqlite_url, "0002")
    assert main(["db", "prune", "--url", sqlite_url]) == 1
    assert "ramchi db upgrade" in capsys.readouterr().err


def test_serve_prunes_at_start_and_says_so(sqlite_url: str, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    upgrade(sqlite_url)
    engine = open_store(sqlite_url)
    try:
        stored_game(engine, 8, finished=False)
    finally:
        engine.dispose()
    monkeypatch.setenv("RAMCHI_ABANDONED_RETENTION_DAYS", "7")
    assert prune_at_start(sqlite_url).abandoned == 1
    assert "removed 1 game: 0 finished" in capsys.readouterr().out


# -- the migration --------------------------------------------------------------------------------

def test_migration_0003_keeps_every_game_seat_and_action_both_ways(app: Flask, client: FlaskClient) -> None:
    play_to_the_end(client)
    engine = engine_of(app)

    def counts() -> tuple[int, int, int]:
        with engine.connect() as connection:
            return tuple(connection.execute(select(func.count()).select_from(table)).scalar_one()
                         for table in (games, seats, actions))  # type: ignore[return-value]

    before = counts()
    assert before[2] == 4
    downgrade(engine, "0002")
    assert counts() == before
    upgrade(engine)
    assert counts() == before
