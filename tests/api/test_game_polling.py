"""Polling a game's view with ``If-None-Match``: an ETag per version and reader, ``304`` with no
body while nothing moved, a new view as soon as anyone (a seat, a bot, another server) acts; on
SQLite and, with two app instances on one database, PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import bot_runner, game_store

GAME = {"players": ["Asha", "Bo", "Chen"], "hands": 1, "seed": 5, "dealer": 0}
WITH_BOTS = GAME | {"bots": [None, "greedy", "greedy"]}


def create(client: FlaskClient, body: dict[str, Any] = GAME) -> tuple[str, list[str], dict[str, Any]]:
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.json
    return response.json["id"], [seat["token"] for seat in response.json["seats"]], response.json


def headers(token: str | None = None, etag: str | None = None) -> dict[str, str]:
    sent = {"Authorization": f"Bearer {token}"} if token else {}
    return sent | ({"If-None-Match": etag} if etag is not None else {})


def view(client: FlaskClient, game_id: str, token: str | None = None, etag: str | None = None) -> Any:
    return client.get(f"/v1/games/{game_id}", headers=headers(token, etag))


def keep(client: FlaskClient, game_id: str, tokens: list[str], holder: int) -> None:
    answer = client.post(f"/v1/games/{game_id}/actions", headers=headers(tokens[holder]),
                         json={"type": "keep"})
    assert answer.status_code == 200, answer.json


def test_every_reader_gets_its_own_etag_and_vary_authorization(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    answers = [view(client, game_id, token) for token in [*tokens, None]]
    assert all(a.status_code == 200 and a.json["version"] == 0 for a in answers)
    etags = [a.headers["ETag"] for a in answers]
    assert all(etags) and len(set(etags)) == 4  # three seats and the public, all different
    assert all(a.headers["Vary"] == "Authorization" for a in answers)
    assert all(a.headers["Cache-Control"] == "no-store" for a in answers[:3])
    assert all(token not in etag for token in tokens for etag in etags)


def test_a_matching_etag_is_answered_304_without_a_body(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    for token in [tokens[1], None]:
        first = view(client, game_id, token)
        again = view(client, game_id, token, first.headers["ETag"])
        assert again.status_code == 304 and again.data == b""
        assert again.headers["ETag"] == first.headers["ETag"]
        assert again.headers["Vary"] == "Authorization"
        assert "Content-Type" not in again.headers and "Content-Length" not in again.headers
        assert again.headers.get("Cache-Control") == first.headers.get("Cache-Control")
        assert again.headers["X-Content-Type-Options"] == "nosniff"


def test_the_304_of_a_waiting_game_rebuilds_nothing(client: FlaskClient,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, tokens, _ = create(client)
    etag = view(client, game_id, tokens[0]).headers["ETag"]

    def no_rebuild(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("an unchanged view was rebuilt")

    monkeypatch.setattr(game_store, "load_game", no_rebuild)
    assert view(client, game_id, tokens[0], etag).status_code == 304


def test_an_etag_of_another_reader_never_matches(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    seat0 = view(client, game_id, tokens[0]).headers["ETag"]
    public = view(client, game_id).headers["ETag"]
    assert public != seat0
    for token, etag in [(None, seat0), (tokens[0], public), (tokens[1], seat0)]:
        answer = view(client, game_id, token, etag)
        assert answer.status_code == 200 and answer.headers["ETag"] != etag
        assert "hand" not in answer.json if token is None else answer.json["seat"] == tokens.index(token)
    assert view(client, game_id, None, f"{public}, {seat0}").status_code == 304  # a list of tags


def test_any_seats_action_changes_every_etag(client: FlaskClient) -> None:
    game_id, tokens, created = create(client)
    readers = [*tokens, None]
    before = [view(client, game_id, token).headers["ETag"] for token in readers]
    keep(client, game_id, tokens, created["two_of_diamonds_holder"])
    after = [view(client, game_id, token, etag) for token, etag in zip(readers, before, strict=True)]
    assert [a.status_code for a in after] == [200] * 4
    assert all(a.json["version"] == 1 for a in after)
    assert not {a.headers["ETag"] for a in after} & set(before)
    assert all(view(client, game_id, token, a.headers["ETag"]).status_code == 304
               for token, a in zip(readers, after, strict=True))


def test_a_person_seeing_bots_act_gets_a_new_etag(client: FlaskClient) -> None:
    game_id, tokens, created = create(client, WITH_BOTS | {"hands": 2})
    assert created["awaiting"] == [0]  # the bots did their part on creation
    first = view(client, game_id, tokens[0])
    assert view(client, game_id, tokens[0], first.headers["ETag"]).status_code == 304
    arranged = client.post(f"/v1/games/{game_id}/actions", headers=headers(tokens[0]),
                           json={"type": "arrange", "combinations": []})
    assert arranged.status_code == 200, arranged.json
    polled = view(client, game_id, None, view(client, game_id).headers["ETag"])
    assert polled.status_code == 304
    seat = view(client, game_id, tokens[0], first.headers["ETag"])
    assert seat.status_code == 200 and seat.json["version"] == arranged.json["version"]
    assert seat.json["version"] > created["version"] + 1  # the bots acted in the next hand
    assert seat.headers["ETag"] != first.headers["ETag"]


def test_a_poll_lets_the_bots_act_when_it_is_their_turn(client: FlaskClient,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as busy:  # no solver free: the bots wait for the next request
        busy.setattr(bot_runner, "_decision", lambda *args, **kwargs: None)
        game_id, tokens, created = create(client, WITH_BOTS)
        assert created["version"] == 0
        waiting = view(client, game_id, tokens[0])
        assert waiting.json["version"] == 0
        assert view(client, game_id, tokens[0], waiting.headers["ETag"]).status_code == 304
    polled = view(client, game_id, tokens[0], waiting.headers["ETag"])  # the bots may act again
    assert polled.status_code == 200 and polled.json["version"] == 3
    assert polled.json["awaiting"] == [0] and polled.headers["ETag"] != waiting.headers["ETag"]
    assert view(client, game_id, tokens[0], polled.headers["ETag"]).status_code == 304


@pytest.mark.parametrize("garbage", ["garbage", '"v0.seat0', "W/", ",,,", '"v999.public"',
                                     'W/"v-1.seat0"', "x" * 5000, '""', "W/\"v0.seat0\"x"])
def test_an_unreadable_or_unknown_if_none_match_gets_the_view(client: FlaskClient, garbage: str) -> None:
    game_id, tokens, _ = create(client)
    answer = view(client, game_id, tokens[0], garbage)
    assert answer.status_code == 200 and answer.json["seat"] == 0 and answer.headers["ETag"]


def test_the_token_is_checked_before_any_304(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    etag = view(client, game_id, tokens[0]).headers["ETag"]
    wrong = view(client, game_id, "not-a-seat-token", etag)
    assert wrong.status_code == 403 and "ETag" not in wrong.headers
    assert view(client, "no-such-game", tokens[0], etag).status_code == 404
    assert view(client, "no-such-game", None, '"v0.public"').status_code == 404


def test_continental_views_are_polled_alike(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client, {"game": "continental", "players": ["Ann", "Bo"], "seed": 3})
    first = view(client, game_id, tokens[1])
    assert view(client, game_id, tokens[1], first.headers["ETag"]).status_code == 304
    assert first.headers["ETag"] != view(client, game_id, tokens[0]).headers["ETag"]


@pytest.mark.postgres
def test_postgres_a_move_through_one_instance_changes_the_etag_seen_through_the_other(
    postgres_apps: tuple[Flask, Flask],
) -> None:
    first, second = (app.test_client() for app in postgres_apps)
    game_id, tokens, created = create(first)
    readers = [*tokens, None]
    seen = [view(second, game_id, token) for token in readers]
    etags = [answer.headers["ETag"] for answer in seen]
    assert all(view(second, game_id, t, e).status_code == 304 for t, e in zip(readers, etags, strict=True))
    keep(first, game_id, tokens, created["two_of_diamonds_holder"])
    after = [view(second, game_id, t, e) for t, e in zip(readers, etags, strict=True)]
    assert [a.status_code for a in after] == [200] * 4 and all(a.json["version"] == 1 for a in after)
    assert not {a.headers["ETag"] for a in after} & set(etags)
    for token, answer in zip(readers, after, strict=True):  # and the first instance agrees
        assert view(first, game_id, token, answer.headers["ETag"]).status_code == 304


@pytest.mark.postgres
def test_postgres_the_other_instances_fast_path_sees_a_move_at_once(
    postgres_apps: tuple[Flask, Flask], monkeypatch: pytest.MonkeyPatch,
) -> None:
    first, second = postgres_apps
    one, two = first.test_client(), second.test_client()
    game_id, tokens, created = create(one)
    readers = [*tokens, None]
    etags = [view(two, game_id, token).headers["ETag"] for token in readers]
    reached: list[str] = []
    flask = second.wsgi_app.wrapped  # type: ignore[attr-defined]  # api.poll_fast_path.PollFastPath

    def noting(environ: dict[str, Any], start_response: Any) -> Any:
        reached.append(environ["PATH_INFO"])
        return flask(environ, start_response)

    monkeypatch.setattr(second.wsgi_app, "wrapped", noting)
    assert all(view(two, game_id, t, e).status_code == 304 for t, e in zip(readers, etags, strict=True))
    assert reached == []  # the second instance's fast path answered every unchanged poll
    keep(one, game_id, tokens, created["two_of_diamonds_holder"])
    after = [view(two, game_id, t, e) for t, e in zip(readers, etags, strict=True)]
    assert [a.status_code for a in after] == [200] * 4 and len(reached) == 4  # seen, through Flask
    assert all(view(two, game_id, t, a.headers["ETag"]).status_code == 304
               for t, a in zip(readers, after, strict=True))
    assert len(reached) == 4  # and quiet again at the new version: the fast path's 304s


@pytest.mark.postgres
def test_postgres_polls_go_on_when_the_database_drops_every_connection(
    postgres_apps: tuple[Flask, Flask], postgres_url: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import psycopg

    app = postgres_apps[0]
    client = app.test_client()
    game_id, tokens, _ = create(client)
    etag = view(client, game_id, tokens[0]).headers["ETag"]
    assert view(client, game_id, tokens[0], etag).status_code == 304  # the poll reader holds one now
    with psycopg.connect(postgres_url.replace("postgresql+psycopg://", "postgresql://"),
                         autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    reached: list[str] = []
    flask = app.wsgi_app.wrapped  # type: ignore[attr-defined]  # api.poll_fast_path.PollFastPath

    def noting(environ: dict[str, Any], start_response: Any) -> Any:
        reached.append(environ["PATH_INFO"])
        return flask(environ, start_response)

    monkeypatch.setattr(app.wsgi_app, "wrapped", noting)
    answers = [view(client, game_id, tokens[0], etag) for _ in range(3)]
    assert [a.status_code for a in answers] == [304] * 3  # the dropped connections are replaced
    assert all(a.headers["Cache-Control"] == "no-store" for a in answers)
    assert len(reached) <= 1  # at most the first went to Flask: the poll reader has a new connection
