"""The fast path of a poll (``api/poll_fast_path.py``) answers exactly as the Flask route does:
the same status, headers and (no) body for a seat and the public; everything it does not answer
itself (a wrong or malformed token, an unknown game, a game whose bots must act, a stale tag,
a query string, a database error) reaches Flask unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine
from sqlalchemy.exc import OperationalError
from werkzeug.test import Client, TestResponse

from api import bot_runner, game_store
from api.poll_fast_path import PollFastPath

GAME = {"players": ["Asha", "Bo", "Chen"], "hands": 1, "seed": 5, "dealer": 0}
WITH_BOTS = GAME | {"bots": [None, "greedy", "greedy"]}
COMPARED = ("ETag", "Vary", "Cache-Control", "X-Content-Type-Options", "Content-Type", "Content-Length")
"""The headers the answers must agree on (the test clients add no others)."""


def fast_path(app: Flask) -> PollFastPath:
    middleware = app.wsgi_app
    assert isinstance(middleware, PollFastPath)
    return middleware


def flask_only(app: Flask) -> Client:
    """A client of the Flask app without the fast path in front of it."""
    return Client(fast_path(app).wrapped)


def create(client: FlaskClient, body: dict[str, Any] = GAME) -> tuple[str, list[str], dict[str, Any]]:
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.json
    return response.json["id"], [seat["token"] for seat in response.json["seats"]], response.json


def poll_headers(token: str | None, etag: str | None, authorization: str | None = None) -> dict[str, str]:
    sent = {"Authorization": authorization or f"Bearer {token}"} if token or authorization else {}
    return sent | ({"If-None-Match": etag} if etag is not None else {})


def same_answer(app: Flask, path: str, headers: dict[str, str]) -> TestResponse:
    """The answer through the fast path, after checking Flask alone answers the same."""
    through = Client(app).get(path, headers=headers)
    alone = flask_only(app).get(path, headers=headers)
    assert through.status == alone.status
    assert {h: through.headers.get(h) for h in COMPARED} == {h: alone.headers.get(h) for h in COMPARED}
    assert through.data == alone.data
    return through


def note_flask(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, the path of every request that reaches Flask, in order."""
    reached: list[str] = []
    flask = fast_path(app).wrapped

    def noting(environ: dict[str, Any], start_response: Any) -> Any:
        reached.append(environ["PATH_INFO"])
        return flask(environ, start_response)

    monkeypatch.setattr(fast_path(app), "wrapped", noting)
    return reached


def refuse_flask(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, a request that reaches Flask fails the test."""
    def unreachable(environ: dict[str, Any], start_response: Any) -> Any:
        raise AssertionError(f"Flask was asked for {environ['PATH_INFO']}")

    monkeypatch.setattr(fast_path(app), "wrapped", unreachable)


def test_a_seats_and_the_publics_unchanged_view_get_flasks_304_from_the_fast_path(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, tokens, _ = create(client)
    path = f"/v1/games/{game_id}"
    answers = []
    for token in [tokens[0], tokens[2], None]:
        etag = client.get(path, headers=poll_headers(token, None)).headers["ETag"]
        answer = same_answer(app, path, poll_headers(token, etag))
        assert answer.status_code == 304 and answer.data == b"" and answer.headers["ETag"] == etag
        answers.append((token, etag, answer))
    assert answers[0][2].headers["Cache-Control"] == "no-store"  # a seat's answer
    assert "Cache-Control" not in answers[2][2].headers  # the public's
    assert all(a.headers["Vary"] == "Authorization" for _, _, a in answers)
    assert all(a.headers["X-Content-Type-Options"] == "nosniff" for _, _, a in answers)
    assert all(a.status == "304 NOT MODIFIED" for _, _, a in answers)
    refuse_flask(app, monkeypatch)  # and these are the fast path's own answers
    for token, etag, answer in answers:
        again = Client(app).get(path, headers=poll_headers(token, etag))
        assert again.status == answer.status and list(again.headers) == list(answer.headers)
    listed = Client(app).get(path, headers=poll_headers(None, f'W/"v9.public", {answers[2][1]}'))
    assert listed.status_code == 304  # a list of tags naming the reader's
    lowercase = Client(app).get(path, headers=poll_headers(None, answers[0][1],
                                                           authorization=f"bearer  {tokens[0]} "))
    assert lowercase.status_code == 304  # the token read as the route reads it


@pytest.mark.parametrize("case", ["wrong token", "malformed authorization", "unknown game",
                                  "another reader's tag", "no tag", "garbage tag", "token in query",
                                  "other query", "log"])
def test_what_the_fast_path_does_not_answer_gets_flasks_answer(
        app: Flask, client: FlaskClient, case: str) -> None:
    game_id, tokens, _ = create(client)
    path = f"/v1/games/{game_id}"
    seat0 = client.get(path, headers=poll_headers(tokens[0], None)).headers["ETag"]
    public = client.get(path).headers["ETag"]
    sent, expected = {
        "wrong token": ((path, poll_headers("not-a-seat-token", seat0)), 403),
        "malformed authorization": ((path, poll_headers(None, seat0, authorization="Basic eA==")), 401),
        "unknown game": (("/v1/games/no-such-game", poll_headers(tokens[0], seat0)), 404),
        "another reader's tag": ((path, poll_headers(tokens[1], seat0)), 200),
        "no tag": ((path, poll_headers(None, None)), 200),
        "garbage tag": ((path, poll_headers(None, "garbage")), 200),
        "token in query": ((f"{path}?token={tokens[0]}", poll_headers(None, public)), 400),
        "other query": ((f"{path}?page=2", poll_headers(None, public)), 304),
        "log": ((f"{path}/log", poll_headers(None, public)), 200),
    }[case]
    answer = same_answer(app, *sent)
    assert answer.status_code == expected
    if expected >= 400:
        assert answer.headers["Content-Type"] == "application/problem+json" and "ETag" not in answer.headers


def test_a_poll_of_a_game_whose_bots_must_act_goes_to_flask_and_the_bots_act(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as busy:  # no solver free: the bots wait for the next request
        busy.setattr(bot_runner, "_decision", lambda *args, **kwargs: None)
        game_id, tokens, created = create(client, WITH_BOTS)
        waiting = client.get(f"/v1/games/{game_id}", headers=poll_headers(tokens[0], None))
        assert created["version"] == 0 and waiting.json["version"] == 0
        stalled = Client(app).get(f"/v1/games/{game_id}",
                                  headers=poll_headers(tokens[0], waiting.headers["ETag"]))
        assert stalled.status_code == 304  # Flask's: the bots could not act
    reached = note_flask(app, monkeypatch)
    polled = client.get(f"/v1/games/{game_id}", headers=poll_headers(tokens[0], waiting.headers["ETag"]))
    assert reached == [f"/v1/games/{game_id}"]  # not quiet at version 0: Flask let the bots act
    assert polled.status_code == 200 and polled.json["version"] == 3 and polled.json["awaiting"] == [0]
    again = client.get(f"/v1/games/{game_id}", headers=poll_headers(tokens[0], polled.headers["ETag"]))
    assert again.status_code == 304 and reached == [f"/v1/games/{game_id}"]  # quiet now: fast


def test_a_move_invalidates_the_fast_paths_304(app: Flask, client: FlaskClient) -> None:
    game_id, tokens, created = create(client)
    path = f"/v1/games/{game_id}"
    readers = [*tokens, None]
    etags = [client.get(path, headers=poll_headers(token, None)).headers["ETag"] for token in readers]
    assert all(same_answer(app, path, poll_headers(t, e)).status_code == 304
               for t, e in zip(readers, etags, strict=True))
    holder = created["two_of_diamonds_holder"]
    kept = client.post(f"{path}/actions", headers=poll_headers(tokens[holder], None), json={"type": "keep"})
    assert kept.status_code == 200, kept.json
    after = [same_answer(app, path, poll_headers(t, e)) for t, e in zip(readers, etags, strict=True)]
    assert [a.status_code for a in after] == [200] * 4 and all(a.json["version"] == 1 for a in after)
    assert not {a.headers["ETag"] for a in after} & set(etags)


def test_a_database_error_in_the_lookup_is_answered_by_flask_as_every_error(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, tokens, _ = create(client)
    etag = client.get(f"/v1/games/{game_id}", headers=poll_headers(tokens[0], None)).headers["ETag"]

    def unavailable(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("SELECT version", {}, Exception("the database is gone"))

    monkeypatch.setattr(game_store, "version_for", unavailable)
    answer = same_answer(app, f"/v1/games/{game_id}", poll_headers(tokens[0], etag))
    assert answer.status_code == 503 and answer.headers["Content-Type"] == "application/problem+json"


def test_when_the_poll_reader_fails_flask_answers_through_the_apps_engine(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    game_id, tokens, _ = create(client)
    etag = client.get(f"/v1/games/{game_id}", headers=poll_headers(tokens[0], None)).headers["ETag"]
    gone = create_engine(f"sqlite:///{tmp_path / 'no-such-folder' / 'gone.db'}")  # cannot be opened
    monkeypatch.setattr(fast_path(app), "engine", gone)
    reached = note_flask(app, monkeypatch)
    answer = Client(app).get(f"/v1/games/{game_id}", headers=poll_headers(tokens[0], etag))
    assert answer.status_code == 304 and answer.headers["Cache-Control"] == "no-store"
    assert reached == [f"/v1/games/{game_id}"]


def test_a_poll_when_the_database_cannot_be_opened_is_a_503_problem(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    game_id, tokens, _ = create(client)
    etag = client.get(f"/v1/games/{game_id}", headers=poll_headers(tokens[0], None)).headers["ETag"]
    gone = create_engine(f"sqlite:///{tmp_path / 'no-such-folder' / 'gone.db'}")
    monkeypatch.setitem(app.extensions, game_store.ENGINE, gone)
    monkeypatch.setattr(fast_path(app), "engine", gone)
    for token in (tokens[0], None):
        answer = same_answer(app, f"/v1/games/{game_id}", poll_headers(token, etag))
        assert answer.status_code == 503 and answer.json["code"] == "database_unavailable"


def test_the_version_lookup_raises_the_databases_errors_as_sqlalchemy_does(tmp_path: Path) -> None:
    empty = create_engine(f"sqlite:///{tmp_path / 'empty.db'}")  # no tables
    with pytest.raises(OperationalError, match="no such table"):
        game_store.version_for(empty, "some-game", None)
    with pytest.raises(OperationalError, match="unable to open"):
        game_store.version_for(create_engine(f"sqlite:///{tmp_path / 'nowhere' / 'x.db'}"), "g", "t")
