"""The versions cache of polled games (``api/poll_cache.py``): what it answers and for how long, what
it forgets, what a failing database leaves of it; and, in an app, that its answers are the fast
path's and Flask's (``api/poll_fast_path.py``), that a move through the app is known at once and
one made elsewhere (another app on the same database) within the bound."""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, delete
from werkzeug.test import Client

from api import bot_runner, create_app, game_store
from api.migrate import upgrade
from api.poll_cache import GONE, POLL_CACHE, FakeClock, PollVersions, max_age_setting
from api.poll_fast_path import PollFastPath

GAME = {"players": ["Asha", "Bo", "Chen"], "hands": 1, "seed": 5, "dealer": 0}
WITH_BOTS = GAME | {"bots": [None, "greedy", "greedy"]}
SLACK_S = 2.0
"""Generous room on top of a staleness bound for a slow, shared machine (never a speed check)."""


class Versions:
    """A database stand-in for the cache: versions by game, reads counted, failures on demand."""

    def __init__(self, **versions: int) -> None:
        self.versions = dict(versions)
        self.reads: list[list[str]] = []
        self.failing = False
        self.closed = 0

    def __call__(self, ids: list[str]) -> dict[str, int]:
        self.reads.append(list(ids))
        if self.failing:
            raise ConnectionError("the database is down")
        return {game_id: self.versions[game_id] for game_id in ids if game_id in self.versions}

    def close(self) -> None:
        """What a reader keeps (a connection) is given back: the refresher stopped."""
        self.closed += 1


def cache_of(versions: Versions, clock: FakeClock, **options: Any) -> PollVersions:
    return PollVersions(versions, clock=clock, refresher=False, **options)


# --- the cache alone, on a clock that stands still ---------------------------------------------


def test_a_version_answers_for_max_age_after_its_read_started_then_nothing_until_read_again() -> None:
    clock, versions = FakeClock(), Versions(g=3)
    cache = cache_of(versions, clock, max_age=0.1)
    started = clock()
    clock.advance(0.04)  # the read took this long: its age counts from its start
    cache.learn("g", "token", 3, 1, as_of=started)
    assert cache.lookup("g", "token") == (3, 1) and cache.lookup("g", None) == (3, None)
    clock.advance(0.06)
    assert cache.lookup("g", "token") == (3, 1)  # exactly max_age old
    clock.advance(0.001)
    assert cache.lookup("g", "token") is None and cache.lookup("g", None) is None
    versions.versions["g"] = 4  # a move made elsewhere
    assert cache.refresh() is True and versions.reads == [["g"]]
    assert cache.lookup("g", "token") == (4, 1)  # the refresh knows it


def test_a_move_made_elsewhere_is_seen_after_the_next_refresh() -> None:
    clock, versions = FakeClock(), Versions(g=3)
    cache = cache_of(versions, clock, max_age=0.1)
    cache.learn("g", None, 3, None, as_of=clock())
    versions.versions["g"] = 4
    assert cache.lookup("g", None) == (3, None)  # stale, within the bound
    clock.advance(0.05)
    cache.refresh()
    assert cache.lookup("g", None) == (4, None)


def test_a_move_through_this_process_is_known_at_once_and_an_older_read_cannot_undo_it() -> None:
    clock, versions = FakeClock(), Versions(g=3)
    cache = cache_of(versions, clock)
    cache.learn("g", "token", 3, 0, as_of=clock())
    read_started = clock()  # a read starts before the move commits, and ends after it
    clock.advance(0.01)
    cache.moved("g", 4)
    assert cache.lookup("g", "token") == (4, 0)
    cache.learn("g", "token", 3, 0, as_of=read_started)
    assert cache.lookup("g", "token") == (4, 0)
    clock.advance(0.01)
    cache.learn("g", "token", 3, 0, as_of=clock())  # even a later read of the older version
    assert cache.lookup("g", "token") == (4, 0)
    cache.moved("unknown", 1)  # nothing is learnt of a game not known
    assert cache.lookup("unknown", None) is None and cache.known_games() == 1


def test_an_unknown_game_or_token_is_never_answered() -> None:
    clock = FakeClock()
    cache = cache_of(Versions(g=3), clock)
    cache.learn("g", "seat-token", 3, 2, as_of=clock())
    assert cache.lookup("other", None) is None and cache.lookup("other", "seat-token") is None
    assert cache.lookup("g", "not-a-seat-token") is None  # only tokens the database confirmed
    assert cache.lookup("g", "seat-token") == (3, 2)


def test_a_game_the_database_no_longer_has_is_known_as_gone() -> None:
    clock, versions = FakeClock(), Versions(g=3, h=1)
    cache = cache_of(versions, clock)
    cache.learn("g", "token", 3, 0, as_of=clock())
    cache.learn("h", None, 1, None, as_of=clock())
    del versions.versions["g"]  # deleted (retention) by another process
    clock.advance(0.05)
    cache.refresh()
    assert cache.lookup("g", "token") is None and cache.lookup("g", None) is None
    read_before = clock() - 0.04  # a read that started before the deletion cannot bring it back
    cache.learn("g", "token", 3, 0, as_of=read_before)
    assert cache.lookup("g", "token") is None
    clock.advance(0.05)
    cache.refresh()
    assert versions.reads[-1] == ["h"]  # a gone game is not read again


def test_games_not_polled_are_forgotten_and_not_read() -> None:
    clock, versions = FakeClock(), Versions(a=1, b=1)
    cache = cache_of(versions, clock, idle_after=5.0)
    cache.learn("a", None, 1, None, as_of=clock())
    cache.learn("b", None, 1, None, as_of=clock())
    for _ in range(4):  # only a is polled from now on
        clock.advance(2.0)
        cache.refresh()
        cache.lookup("a", None)
    assert versions.reads[-1] == ["a"] and cache.known_games() == 1
    reads = len(versions.reads)
    clock.advance(5.1)
    assert cache.refresh() is False  # nothing polled: nothing read
    assert len(versions.reads) == reads and cache.known_games() == 0


def test_the_cache_holds_at_most_size_games() -> None:
    clock = FakeClock()
    cache = cache_of(Versions(), clock, size=3, idle_after=5.0)
    for name in "abc":
        cache.learn(name, None, 1, None, as_of=clock())
    cache.learn("d", None, 1, None, as_of=clock())
    assert cache.known_games() == 3 and cache.lookup("d", None) is None  # d goes the normal way
    clock.advance(6.0)  # the others fall idle: room again
    cache.learn("d", None, 1, None, as_of=clock())
    assert cache.lookup("d", None) == (1, None) and cache.known_games() == 1


def test_when_the_database_fails_the_cache_answers_nothing_past_the_bound(
        caplog: pytest.LogCaptureFixture) -> None:
    clock, versions = FakeClock(), Versions(g=3)
    cache = cache_of(versions, clock, max_age=0.1)
    cache.learn("g", "token", 3, 0, as_of=clock())
    versions.failing = True
    with caplog.at_level(logging.WARNING, logger="api.poll_cache"):
        for _ in range(5):
            clock.advance(0.05)
            assert cache.refresh() is True
    assert cache.lookup("g", "token") is None and cache.failures == 5
    warnings = [r for r in caplog.records if "could not be read" in r.getMessage()]
    assert len(warnings) == 1  # once per run of failures
    versions.failing = False
    clock.advance(0.05)
    cache.refresh()
    assert cache.lookup("g", "token") == (3, 0)  # back as soon as a read succeeds


def test_the_max_age_setting() -> None:
    assert max_age_setting({}) == 0.1
    assert max_age_setting({"POLL_CACHE_S": "0.25"}) == 0.25 and max_age_setting({"POLL_CACHE_S": 0}) == 0
    with pytest.raises(ValueError, match="RAMCHI_POLL_CACHE_S"):
        max_age_setting({"POLL_CACHE_S": "-1"})
    with pytest.raises(ValueError, match="positive"):
        PollVersions(Versions(), max_age=0)


# --- the refresher thread, on the real clock ---------------------------------------------------


def wait_for(condition: Any, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return bool(condition())


def test_the_refresher_reads_while_games_are_polled_then_stops_and_starts_again() -> None:
    versions = Versions(g=1)
    cache = PollVersions(versions, max_age=0.1, idle_after=0.3)
    try:
        assert not cache.running()
        cache.learn("g", None, 1, None, as_of=cache.now())
        assert cache.running() and wait_for(lambda: len(versions.reads) >= 3, SLACK_S)
        assert wait_for(lambda: not cache.running(), 0.3 + SLACK_S)  # nobody polls g any more
        assert versions.closed == 1  # its connection given back
        reads = len(versions.reads)
        time.sleep(0.2)
        assert len(versions.reads) == reads and cache.known_games() == 0
        cache.learn("g", None, 1, None, as_of=cache.now())
        assert cache.running() and wait_for(lambda: len(versions.reads) > reads, SLACK_S)
    finally:
        cache.close()
    assert not cache.running()


def test_a_move_made_elsewhere_is_seen_within_the_bound_by_the_refresher() -> None:
    versions = Versions(g=1)
    cache = PollVersions(versions, max_age=0.1)
    try:
        cache.learn("g", None, 1, None, as_of=cache.now())
        versions.versions["g"] = 2
        moved = time.monotonic()
        assert wait_for(lambda: cache.lookup("g", None) != (1, None), 0.1 + SLACK_S)
        assert time.monotonic() - moved <= 0.1 + SLACK_S  # the old version answered no longer
        assert wait_for(lambda: cache.lookup("g", None) == (2, None), SLACK_S)
    finally:
        cache.close()


def test_a_failing_database_leaves_nothing_answered_after_the_bound() -> None:
    versions = Versions(g=1)
    cache = PollVersions(versions, max_age=0.1)
    try:
        cache.learn("g", None, 1, None, as_of=cache.now())
        assert wait_for(lambda: cache.refreshes >= 1, SLACK_S)
        versions.failing = True
        failed_from = time.monotonic()
        assert wait_for(lambda: cache.lookup("g", None) is None, 0.1 + SLACK_S)
        assert time.monotonic() - failed_from <= 0.1 + SLACK_S and cache.running()
        time.sleep(0.15)
        assert cache.lookup("g", None) is None
        versions.failing = False
        assert wait_for(lambda: cache.lookup("g", None) == (1, None), SLACK_S)
    finally:
        cache.close()


# --- the database reads ------------------------------------------------------------------------


def test_the_version_reader_reads_many_games_and_skips_the_query_when_nothing_was_committed(
        tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'versions.db'}"
    app = create_app({"TESTING": True, "DATABASE_URL": url})
    client = app.test_client()
    ids = [client.post("/v1/games", json=GAME | {"seed": n}).json["id"] for n in range(3)]
    reader = game_store.VersionReader(create_engine(url, isolation_level="AUTOCOMMIT"))
    many = [*ids, *(f"absent-{n}" for n in range(600))]  # two queries: 500, then 103 (padded)
    assert reader(many) == dict.fromkeys(ids, 0) and reader.queries == 2
    assert reader(ids) == dict.fromkeys(ids, 0) and reader.queries == 2  # nothing committed
    with sqlite3.connect(tmp_path / "versions.db") as other:  # another connection commits
        other.execute("UPDATE games SET version = 7 WHERE id = ?", (ids[1],))
    assert reader(ids) == {ids[0]: 0, ids[1]: 7, ids[2]: 0} and reader.queries == 3
    assert reader([*ids, "new"]) == {ids[0]: 0, ids[1]: 7, ids[2]: 0} and reader.queries == 4
    reader.close()


def test_the_version_reader_raises_the_databases_error_and_reconnects(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'later.db'}"
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    reader = game_store.VersionReader(engine)
    with pytest.raises(Exception, match="no such table"):
        reader(["g"])
    upgrade(url)
    assert reader(["g"]) == {}


# --- in an app: the cache's answers are the fast path's and Flask's ----------------------------


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    """An app whose cache answers from versions read up to 30 s ago: a slow machine's pause
    between a poll and a look-up changes nothing here (the bound has tests of its own)."""
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.db'}",
                       "POLL_CACHE_S": 30})


def fast_path(app: Flask) -> PollFastPath:
    middleware = app.wsgi_app
    assert isinstance(middleware, PollFastPath)
    return middleware


def create(client: FlaskClient, body: dict[str, Any] = GAME) -> tuple[str, list[str], dict[str, Any]]:
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.json
    return response.json["id"], [seat["token"] for seat in response.json["seats"]], response.json


def environ(game_id: str, token: str | None, etag: str) -> dict[str, Any]:
    sent = {"REQUEST_METHOD": "GET", "PATH_INFO": f"/v1/games/{game_id}", "QUERY_STRING": "",
            "HTTP_IF_NONE_MATCH": etag}
    return sent | ({"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {})


def poll(app: Flask, game_id: str, token: str | None, etag: str) -> Any:
    headers = {"If-None-Match": etag} | ({"Authorization": f"Bearer {token}"} if token else {})
    return Client(app).get(f"/v1/games/{game_id}", headers=headers)


def etag_of(client: FlaskClient, game_id: str, token: str | None) -> str:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.get(f"/v1/games/{game_id}", headers=headers).headers["ETag"]


def test_after_one_poll_the_cache_answers_as_the_fast_path_and_flask_do(app: Flask,
                                                                         client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    middleware = fast_path(app)
    for token in (tokens[0], tokens[2], None):
        etag = etag_of(client, game_id, token)
        if token is not None:  # the seat is not known before its first poll (the public is, then)
            assert middleware.cached_not_modified(environ(game_id, token, etag)) is None
        through = poll(app, game_id, token, etag)  # the fast path reads, and the cache learns
        flask = Client(middleware.wrapped).get(f"/v1/games/{game_id}?via=flask", headers={
            "If-None-Match": etag} | ({"Authorization": f"Bearer {token}"} if token else {}))
        cached = middleware.cached_not_modified(environ(game_id, token, etag))
        assert through.status_code == flask.status_code == 304
        assert cached == list(through.headers.items()) == list(flask.headers.items())
        assert cached == middleware.not_modified(environ(game_id, token, etag))


def test_the_cache_answers_nothing_the_fast_path_would_not(app: Flask, client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    etag = etag_of(client, game_id, tokens[0])
    public = etag_of(client, game_id, None)
    assert poll(app, game_id, tokens[0], etag).status_code == 304
    middleware = fast_path(app)
    assert middleware.cached_not_modified(environ(game_id, tokens[0], etag)) is not None
    refused = [
        environ(game_id, "not-a-seat-token", etag),  # Flask's 403
        environ(game_id, tokens[1], etag),  # another seat: not learnt, and another reader's tag
        environ("no-such-game", tokens[0], etag),  # Flask's 404
        environ(game_id, tokens[0], public),  # another reader's tag: the view
        environ(game_id, tokens[0], "garbage"),
        environ(game_id, tokens[0], etag) | {"QUERY_STRING": "page=2"},
        environ(game_id, tokens[0], etag) | {"HTTP_AUTHORIZATION": "Basic eA=="},  # Flask's 401
        environ(game_id, tokens[0], etag) | {"PATH_INFO": f"/v1/games/{game_id}/log"},
        environ(game_id, tokens[0], etag) | {"REQUEST_METHOD": "POST"},
    ]
    assert [middleware.cached_not_modified(sent) for sent in refused] == [None] * len(refused)
    for token, code in (("not-a-seat-token", 403),):
        assert poll(app, game_id, token, etag).status_code == code
    assert poll(app, "no-such-game", tokens[0], etag).status_code == 404


def test_a_move_through_the_app_is_known_to_the_cache_at_once(app: Flask, client: FlaskClient) -> None:
    game_id, tokens, created = create(client)
    readers = [*tokens, None]
    etags = [etag_of(client, game_id, token) for token in readers]
    assert all(poll(app, game_id, t, e).status_code == 304 for t, e in zip(readers, etags, strict=True))
    middleware = fast_path(app)
    assert all(middleware.cached_not_modified(environ(game_id, t, e)) is not None
               for t, e in zip(readers, etags, strict=True))
    kept = client.post(f"/v1/games/{game_id}/actions", json={"type": "keep"},
                       headers={"Authorization": f"Bearer {tokens[created['two_of_diamonds_holder']]}"})
    assert kept.status_code == 200
    cache = app.extensions[POLL_CACHE]
    assert cache.lookup(game_id, None) == (1, None)  # no refresh needed
    assert all(middleware.cached_not_modified(environ(game_id, t, e)) is None
               for t, e in zip(readers, etags, strict=True))
    after = [poll(app, game_id, t, e) for t, e in zip(readers, etags, strict=True)]
    assert [a.status_code for a in after] == [200] * 4
    assert all(middleware.cached_not_modified(environ(game_id, t, a.headers["ETag"])) is not None
               for t, a in zip(readers, after, strict=True))


def test_a_game_whose_bots_must_act_is_not_answered_by_the_cache(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as busy:  # no solver free: the bots wait for the next request
        busy.setattr(bot_runner, "_decision", lambda *args, **kwargs: None)
        game_id, tokens, _ = create(client, WITH_BOTS)
        etag = etag_of(client, game_id, tokens[0])
        assert poll(app, game_id, tokens[0], etag).status_code == 304  # Flask's: not quiet
        assert app.extensions[POLL_CACHE].lookup(game_id, tokens[0]) == (0, 0)  # known, but
        assert fast_path(app).cached_not_modified(environ(game_id, tokens[0], etag)) is None
    polled = poll(app, game_id, tokens[0], etag)  # the bots act on the poll Flask answers
    assert polled.status_code == 200 and polled.json["version"] == 3


def test_a_game_deleted_elsewhere_is_not_answered_after_the_next_refresh(app: Flask,
                                                                          client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    etag = etag_of(client, game_id, tokens[0])
    assert poll(app, game_id, tokens[0], etag).status_code == 304
    cache: PollVersions = app.extensions[POLL_CACHE]
    with app.extensions[game_store.ENGINE].begin() as connection:  # as retention deletes it
        connection.execute(delete(game_store.games).where(game_store.games.c.id == game_id))
    cache.refresh()
    assert cache.lookup(game_id, tokens[0]) is None and cache._games[game_id].known[0] == GONE
    assert fast_path(app).cached_not_modified(environ(game_id, tokens[0], etag)) is None
    assert poll(app, game_id, tokens[0], etag).status_code == 404


def test_with_the_setting_at_0_there_is_no_cache(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'off.db'}", "POLL_CACHE_S": 0})
    client = app.test_client()
    game_id, tokens, _ = create(client)
    etag = etag_of(client, game_id, tokens[0])
    assert poll(app, game_id, tokens[0], etag).status_code == 304  # the fast path reads as before
    assert app.extensions[POLL_CACHE] is None
    assert fast_path(app).cached_not_modified(environ(game_id, tokens[0], etag)) is None


class Noting:
    """A listener of :func:`api.game_store.on_moved` that notes what it is told."""

    def __init__(self) -> None:
        self.told: list[tuple[str, int]] = []

    def moved(self, game_id: str, version: int) -> None:
        self.told.append((game_id, version))


def test_every_version_the_app_commits_is_told_its_bots_too(app: Flask, client: FlaskClient) -> None:
    noting = Noting()
    game_store.on_moved(app.extensions[game_store.ENGINE], noting.moved)
    game_id, tokens, created = create(client, WITH_BOTS | {"hands": 2})
    assert created["version"] == 3 and noting.told == [(game_id, 1), (game_id, 2), (game_id, 3)]
    arranged = client.post(f"/v1/games/{game_id}/actions", json={"type": "arrange", "combinations": []},
                           headers={"Authorization": f"Bearer {tokens[0]}"})
    assert arranged.status_code == 200 and noting.told[-1] == (game_id, arranged.json["version"])
    assert app.extensions[POLL_CACHE].lookup(game_id, None) is None  # never polled: not learnt
    refused = client.post(f"/v1/games/{game_id}/actions", json={"type": "keep"},
                          headers={"Authorization": f"Bearer {tokens[0]}"})
    assert refused.status_code >= 400 and noting.told[-1] == (game_id, arranged.json["version"])


# --- two instances on one PostgreSQL database --------------------------------------------------


@pytest.mark.postgres
def test_postgres_a_move_through_one_instance_is_seen_by_the_others_cache_within_the_bound(
        postgres_apps: tuple[Flask, Flask]) -> None:
    first, second = postgres_apps
    one = first.test_client()
    game_id, tokens, created = create(one)
    etag = etag_of(second.test_client(), game_id, tokens[0])
    assert poll(second, game_id, tokens[0], etag).status_code == 304  # the second one's cache learns
    cached = fast_path(second).cached_not_modified
    cache: PollVersions = second.extensions[POLL_CACHE]
    assert wait_for(lambda: cache.refreshes >= 2, SLACK_S)  # its refresher reads PostgreSQL
    assert wait_for(lambda: cached(environ(game_id, tokens[0], etag)) is not None, SLACK_S)
    kept = one.post(f"/v1/games/{game_id}/actions", json={"type": "keep"},
                    headers={"Authorization": f"Bearer {tokens[created['two_of_diamonds_holder']]}"})
    assert kept.status_code == 200
    moved = time.monotonic()
    assert wait_for(lambda: cached(environ(game_id, tokens[0], etag)) is None, cache.max_age + SLACK_S)
    assert time.monotonic() - moved <= cache.max_age + SLACK_S
    assert wait_for(lambda: cache.lookup(game_id, tokens[0]) == (1, 0), SLACK_S)
    assert poll(second, game_id, tokens[0], etag).status_code == 200


@pytest.mark.postgres
def test_postgres_a_dropped_connection_is_replaced_by_the_refresher(
        postgres_apps: tuple[Flask, Flask], postgres_url: str) -> None:
    import psycopg

    app = postgres_apps[0]
    client = app.test_client()
    game_id, tokens, _ = create(client)
    etag = etag_of(client, game_id, tokens[0])
    assert poll(app, game_id, tokens[0], etag).status_code == 304
    cache: PollVersions = app.extensions[POLL_CACHE]
    assert wait_for(lambda: cache.refreshes >= 1, SLACK_S)
    with psycopg.connect(postgres_url.replace("postgresql+psycopg://", "postgresql://"),
                         autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    refreshed = cache.refreshes
    assert wait_for(lambda: cache.refreshes > refreshed + 1, SLACK_S)  # after at most one failure
    assert wait_for(lambda: fast_path(app).cached_not_modified(environ(game_id, tokens[0], etag))
                    is not None, SLACK_S)


def test_lookups_on_the_event_loop_never_wait_for_a_read() -> None:
    release = threading.Event()
    reading = threading.Event()

    def slow(ids: list[str]) -> dict[str, int]:
        reading.set()
        release.wait(SLACK_S)
        return dict.fromkeys(ids, 1)

    cache = PollVersions(slow, max_age=0.1)
    try:
        cache.learn("g", None, 1, None, as_of=cache.now())
        assert reading.wait(SLACK_S)
        started = time.monotonic()
        cache.lookup("g", None)  # while the refresher's read hangs
        cache.learn("h", None, 1, None, as_of=cache.now())
        assert time.monotonic() - started < SLACK_S / 2
    finally:
        release.set()
        cache.close()
