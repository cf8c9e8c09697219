"""Issue 18, item 5 on a real server: a token sent in the query string is refused, and neither it
nor any other query string reaches the server's output (gunicorn's access log); the headers of
item 4 come through gunicorn too. Polls answered 304 are left out of the access log unless
RAMCHI_LOG_POLLS is on; every other request is logged."""

from __future__ import annotations

import time

import pytest

from tests.server.client import http, parse_raw, raw_exchange
from tests.server.conftest import Server, ServerFactory

LOG_BOUND = 10.0
"""Seconds the access log may take to show a request."""


def test_query_strings_never_reach_the_access_log(start_server: ServerFactory, sqlite_url: str) -> None:
    server = start_server(sqlite_url, "--workers", "1")
    refused = http("GET", f"{server.url}/health?token=secret123")
    assert refused.status == 400 and refused.json()["code"] == "token_in_query"
    assert refused.headers["x-content-type-options"] == "nosniff"
    created = http("POST", f"{server.url}/v1/games?access_token=secret456",
                   {"players": ["Asha", "Bo", "Chen"], "seed": 1})
    assert created.status == 400
    assert http("GET", f"{server.url}/v1/rulesets?marker=innocent789").status == 200
    expected = ('"GET /health HTTP/1.1" 400', '"POST /v1/games HTTP/1.1" 400',
                '"GET /v1/rulesets HTTP/1.1" 200')
    deadline = time.monotonic() + LOG_BOUND
    while time.monotonic() < deadline and not all(line in server.log(tail=500) for line in expected):
        time.sleep(0.1)
    output = server.log(tail=500)
    assert '"GET /health HTTP/1.1" 400' in output, output  # the request is logged, its path alone
    assert '"POST /v1/games HTTP/1.1" 400' in output and '"GET /v1/rulesets HTTP/1.1" 200' in output
    for secret in ("secret123", "secret456", "innocent789", "token=", "access_token"):
        assert secret not in output, f"{secret!r} in the server's output:\n{output}"


def test_the_servers_own_problems_answer_nosniff_and_log_no_query(
        start_server: ServerFactory, sqlite_url: str) -> None:
    server = start_server(sqlite_url, "--workers", "1")
    status, headers, _body = parse_raw(raw_exchange(server.address, b"THIS IS NOT HTTP\r\n\r\n"))
    assert status == 400 and headers["x-content-type-options"] == "nosniff"
    refused = b"GET /health?token=secret321\r\n\r\n"  # no HTTP version: a bad request line
    status, _headers, _body = parse_raw(raw_exchange(server.address, refused))
    assert status == 400
    deadline = time.monotonic() + LOG_BOUND
    while time.monotonic() < deadline and "query hidden" not in server.log(tail=500):
        time.sleep(0.1)
    output = server.log(tail=500)
    assert "query hidden" in output and "secret321" not in output, output


def _polled(server: Server) -> tuple[str, str]:
    """Poll a new game: its view (200), three unchanged polls (304), a wrong token (403), then a
    marker request; return the game's path and the log once the marker shows.
    """
    created = http("POST", f"{server.url}/v1/games", {"players": ["Asha", "Bo", "Chen"], "seed": 1})
    assert created.status == 201
    path, token = f"/v1/games/{created.json()['id']}", created.json()["seats"][0]["token"]
    view = http("GET", f"{server.url}{path}", token=token)
    assert view.status == 200
    for _ in range(3):
        unchanged = http("GET", f"{server.url}{path}", token=token,
                         headers={"If-None-Match": view.headers["etag"]})
        assert unchanged.status == 304 and unchanged.headers["cache-control"] == "no-store"
    wrong = http("GET", f"{server.url}{path}", token="not-a-seat-token",
                 headers={"If-None-Match": view.headers["etag"]})
    assert wrong.status == 403
    assert http("GET", f"{server.url}/v1/rulesets").status == 200
    # Each request is logged by its thread after its answer is sent: the marker's line may come
    # before the 403's, so wait for both.
    expected = ("/v1/rulesets", f'"GET {path} HTTP/1.1" 403')
    deadline = time.monotonic() + LOG_BOUND
    while time.monotonic() < deadline and not all(line in server.log(tail=500) for line in expected):
        time.sleep(0.1)
    return path, server.log(tail=500)


@pytest.mark.parametrize("setting", [None, "0", "1"])
def test_polls_answered_304_are_logged_only_with_ramchi_log_polls(
        start_server: ServerFactory, sqlite_url: str, setting: str | None) -> None:
    env = {} if setting is None else {"RAMCHI_LOG_POLLS": setting}
    path, output = _polled(start_server(sqlite_url, "--workers", "1", env=env))
    assert '"POST /v1/games HTTP/1.1" 201' in output and f'"GET {path} HTTP/1.1" 200' in output, output
    assert f'"GET {path} HTTP/1.1" 403' in output  # a refused poll is always logged
    assert output.count(f'"GET {path} HTTP/1.1" 304') == (3 if setting == "1" else 0), output
