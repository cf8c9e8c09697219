"""Schema migrations: an empty database, one made by the releases before migrations (old
``create_all``), upgrading twice, the ``ramchi db`` commands, ``create_app`` refusing a database
that is not up to date, and two processes upgrading at once; on SQLite and PostgreSQL."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    insert,
    inspect,
    select,
    text,
)
from sqlalchemy.exc import IntegrityError

from api import create_app
from api.cli import main
from api.game_store import actions
from api.migrate import (
    BASELINE,
    SchemaNotCurrent,
    current_revision,
    downgrade,
    head_revision,
    is_up_to_date,
    upgrade,
)
from api.store import open_store

HEAD = head_revision()
NOW = datetime(2026, 1, 2, tzinfo=UTC)


def old_tables() -> MetaData:
    """The tables exactly as the releases before migrations made them with ``create_all``."""
    old = MetaData()
    Table("games", old,
          Column("id", String(36), primary_key=True),
          Column("kind", String(20), nullable=False),
          Column("settings", JSON, nullable=False),
          Column("version", Integer, nullable=False, default=0),
          Column("created_at", DateTime(timezone=True), nullable=False),
          Column("updated_at", DateTime(timezone=True), nullable=False))
    Table("seats", old,
          Column("game_id", String(36), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
          Column("seat", Integer, primary_key=True),
          Column("name", String(100), nullable=False),
          Column("token_hash", String(64), nullable=False, unique=True))
    Table("actions", old,
          Column("game_id", String(36), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
          Column("seq", Integer, primary_key=True),
          Column("action_id", String(64), nullable=False),
          Column("seat", Integer, nullable=False),
          Column("body", JSON, nullable=False),
          Column("response", JSON, nullable=False),
          Column("created_at", DateTime(timezone=True), nullable=False),
          UniqueConstraint("game_id", "action_id", name="uq_actions_game_action_id"))
    return old


OLD_ACTIONS = [  # (seq, action_id, seat): a client's id, a client id that only looks invented,
    (1, "client-1", 1),  # and an id the old code invented for an action sent without one
    (2, "auto-7", 0),
    (3, "auto-3", 2),
]


def make_old_database(url: str) -> None:
    """A database as an old release left it: its tables, one game, three actions."""
    old = old_tables()
    engine = open_store(url)
    try:
        old.create_all(engine)
        with engine.begin() as connection:
            connection.execute(insert(old.tables["games"]).values(
                id="g1", kind="ramchi", settings={"seed": 5}, version=3, created_at=NOW, updated_at=NOW))
            connection.execute(insert(old.tables["seats"]), [
                {"game_id": "g1", "seat": seat, "name": f"p{seat}", "token_hash": f"{seat:064d}"}
                for seat in range(3)])
            connection.execute(insert(old.tables["actions"]), [
                {"game_id": "g1", "seq": seq, "action_id": action_id, "seat": seat,
                 "body": {"type": "keep"}, "response": {"version": seq}, "created_at": NOW}
                for seq, action_id, seat in OLD_ACTIONS])
    finally:
        engine.dispose()


def add_action(engine: Engine, seq: int, seat: int, action_id: str | None) -> None:
    with engine.begin() as connection:
        connection.execute(insert(actions).values(
            game_id="g1", seq=seq, action_id=action_id, seat=seat, body={}, response={},
            created_at=NOW))


def action_ids(engine: Engine) -> dict[int, str | None]:
    with engine.connect() as connection:
        return dict(connection.execute(select(actions.c.seq, actions.c.action_id)).all())


def assert_head_schema(engine: Engine) -> None:
    schema = inspect(engine)
    assert {"games", "seats", "actions", "alembic_version"} <= set(schema.get_table_names())
    unique = {c["name"]: c["column_names"] for c in schema.get_unique_constraints("actions")}
    assert unique == {"uq_actions_game_seat_action_id": ["game_id", "seat", "action_id"]}
    assert {c["name"]: c["nullable"] for c in schema.get_columns("actions")}["action_id"] is True
    assert current_revision(engine) == HEAD and is_up_to_date(engine)


def check_upgrade_of_old_database(url: str) -> None:
    make_old_database(url)
    assert current_revision(url) is None
    assert upgrade(url) == (None, HEAD)
    engine = open_store(url)
    try:
        assert_head_schema(engine)
        assert action_ids(engine) == {1: "client-1", 2: "auto-7", 3: None}
        add_action(engine, 4, 2, "client-1")  # the same id from another seat: its own key
        with pytest.raises(IntegrityError):
            add_action(engine, 5, 1, "client-1")  # twice from one seat: refused
        add_action(engine, 5, 2, None)  # without an id, as often as wanted
        add_action(engine, 6, 2, None)
        assert action_ids(engine)[6] is None
    finally:
        engine.dispose()


def check_upgrade_twice_is_a_no_op(url: str) -> None:
    assert upgrade(url) == (None, HEAD)
    assert upgrade(url) == (HEAD, HEAD)
    engine = open_store(url)
    try:
        with engine.connect() as connection:
            assert connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all() \
                == [HEAD]
        assert_head_schema(engine)
    finally:
        engine.dispose()


def check_create_app_refuses_a_database_not_up_to_date(url: str) -> None:
    with pytest.raises(SchemaNotCurrent, match=r"is empty; .*run `ramchi db upgrade`"):
        create_app({"DATABASE_URL": url})
    upgrade(url, BASELINE)
    with pytest.raises(SchemaNotCurrent, match=f"at revision {BASELINE}; .*revision {HEAD}"):
        create_app({"DATABASE_URL": url})
    upgrade(url)
    served = create_app({"DATABASE_URL": url, "SOLVER_PROCESSES": 0})  # no solver to start
    assert served.test_client().get("/health").status_code == 200


RACER = textwrap.dedent("""
    import sys
    from api.migrate import upgrade
    print("ready", flush=True)
    sys.stdin.readline()
    print(upgrade(sys.argv[1]), flush=True)
""")


def check_two_processes_upgrade_at_once(url: str, tmp_path: Path) -> None:
    script = tmp_path / "racer.py"
    script.write_text(RACER)
    racers = [subprocess.Popen([sys.executable, str(script), url], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
              for _ in range(2)]
    for racer in racers:  # both imported everything: start them together
        assert racer.stdout is not None and racer.stdout.readline() == "ready\n", racer.stderr
    for racer in racers:
        assert racer.stdin is not None
        racer.stdin.write("go\n")
        racer.stdin.flush()
    results = [racer.communicate(timeout=120) for racer in racers]
    assert [racer.returncode for racer in racers] == [0, 0], [err for _, err in results]
    assert sorted(out.strip() for out, _ in results) == sorted(
        [f"(None, {HEAD!r})", f"({HEAD!r}, {HEAD!r})"])
    engine = open_store(url)
    try:
        assert_head_schema(engine)
    finally:
        engine.dispose()


# SQLite ------------------------------------------------------------------------------------

@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'ramchi.db'}"


def test_empty_database_is_upgraded_to_head(sqlite_url: str) -> None:
    assert current_revision(sqlite_url) is None
    assert upgrade(sqlite_url) == (None, HEAD)
    engine = open_store(sqlite_url)
    try:
        assert_head_schema(engine)
    finally:
        engine.dispose()


def test_old_database_is_stamped_upgraded_and_keeps_its_data(sqlite_url: str) -> None:
    check_upgrade_of_old_database(sqlite_url)


def test_upgrade_twice_is_a_no_op(sqlite_url: str) -> None:
    check_upgrade_twice_is_a_no_op(sqlite_url)


def test_downgrade_to_baseline_gives_invented_ids_back(sqlite_url: str) -> None:
    make_old_database(sqlite_url)
    upgrade(sqlite_url)
    assert downgrade(sqlite_url, BASELINE) == (HEAD, BASELINE)
    engine = open_store(sqlite_url)
    try:
        unique = {c["name"] for c in inspect(engine).get_unique_constraints("actions")}
        assert unique == {"uq_actions_game_action_id"}
        with engine.connect() as connection:
            ids = dict(connection.execute(text("SELECT seq, action_id FROM actions")).all())
        assert ids == {1: "client-1", 2: "auto-7", 3: "auto-3"}
    finally:
        engine.dispose()
    assert upgrade(sqlite_url) == (BASELINE, HEAD)
    assert downgrade(sqlite_url, "base") == (HEAD, None)


def test_some_but_not_all_old_tables_is_refused(sqlite_url: str) -> None:
    engine = open_store(sqlite_url)
    try:
        old_tables().tables["games"].create(engine)
    finally:
        engine.dispose()
    with pytest.raises(SchemaNotCurrent, match="only some of the tables"):
        upgrade(sqlite_url)


def test_ramchi_db_upgrade_and_current(sqlite_url: str, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    make_old_database(sqlite_url)
    monkeypatch.setenv("DATABASE_URL", sqlite_url)
    assert main(["db", "current"]) == 0
    assert "made before schema migrations existed" in capsys.readouterr().out
    assert main(["db", "upgrade"]) == 0
    assert f"upgraded from nothing to revision {HEAD} (head)" in capsys.readouterr().out
    assert main(["db", "upgrade", "--url", sqlite_url]) == 0
    assert f"already at revision {HEAD} (head)" in capsys.readouterr().out
    assert main(["db", "current"]) == 0
    assert capsys.readouterr().out.strip().endswith(f"revision {HEAD} (head)")
    engine = open_store(sqlite_url)
    try:
        assert action_ids(engine)[3] is None
    finally:
        engine.dispose()


def test_ramchi_db_reports_an_unreachable_database(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'no' / 'such' / 'folder.db'}"
    assert main(["db", "upgrade", "--url", url]) == 1
    assert capsys.readouterr().err.startswith("ramchi: sqlite:///")


def test_create_app_refuses_a_database_not_up_to_date(sqlite_url: str) -> None:
    check_create_app_refuses_a_database_not_up_to_date(sqlite_url)


def test_create_app_refuses_an_old_database(sqlite_url: str) -> None:
    make_old_database(sqlite_url)
    with pytest.raises(SchemaNotCurrent, match="made before schema migrations existed"):
        create_app({"DATABASE_URL": sqlite_url})
    assert current_revision(sqlite_url) is None  # it did not touch the database


def test_create_app_upgrades_when_testing_or_asked(sqlite_url: str, tmp_path: Path) -> None:
    with pytest.raises(SchemaNotCurrent):
        create_app({"TESTING": True, "AUTO_MIGRATE": False, "DATABASE_URL": sqlite_url})
    create_app({"TESTING": True, "DATABASE_URL": sqlite_url})
    assert current_revision(sqlite_url) == HEAD
    other = f"sqlite:///{tmp_path / 'other.db'}"
    create_app({"AUTO_MIGRATE": True, "DATABASE_URL": other, "SOLVER_PROCESSES": 0})
    assert current_revision(other) == HEAD


def test_in_memory_database_keeps_its_schema_across_connections_and_threads() -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})
    game = {"players": ["Asha", "Bo", "Chen"], "hands": 1, "seed": 5, "dealer": 0}
    created = app.test_client().post("/v1/games", json=game)
    assert created.status_code == 201, created.json
    engine: Engine = app.extensions["ramchi.engine"]
    seen: list[Any] = []

    def read() -> None:
        with engine.connect() as connection:
            seen.append(connection.execute(text("SELECT count(*) FROM games")).scalar())

    thread = threading.Thread(target=read)
    thread.start()
    thread.join()
    assert seen == [1]


def test_two_processes_upgrade_one_sqlite_file_at_once(sqlite_url: str, tmp_path: Path) -> None:
    check_two_processes_upgrade_at_once(sqlite_url, tmp_path)


# PostgreSQL --------------------------------------------------------------------------------

@pytest.mark.postgres
def test_postgres_empty_database_is_upgraded_to_head(postgres_url: str) -> None:
    check_upgrade_twice_is_a_no_op(postgres_url)


@pytest.mark.postgres
def test_postgres_old_database_is_stamped_upgraded_and_keeps_its_data(postgres_url: str) -> None:
    check_upgrade_of_old_database(postgres_url)


@pytest.mark.postgres
def test_postgres_create_app_refuses_a_database_not_up_to_date(postgres_url: str) -> None:
    check_create_app_refuses_a_database_not_up_to_date(postgres_url)


@pytest.mark.postgres
def test_postgres_ramchi_db_upgrade(postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "upgrade", "--url", postgres_url]) == 0
    assert f"upgraded from nothing to revision {HEAD} (head)" in capsys.readouterr().out
    assert main(["db", "current", "--url", postgres_url]) == 0
    assert capsys.readouterr().out.strip().endswith(f"revision {HEAD} (head)")


@pytest.mark.postgres
def test_postgres_two_processes_upgrade_at_once(postgres_url: str, tmp_path: Path) -> None:
    check_two_processes_upgrade_at_once(postgres_url, tmp_path)
