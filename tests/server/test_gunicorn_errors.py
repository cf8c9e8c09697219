"""Requests gunicorn itself refuses (before the API sees them) are answered as problem+json."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.client import http, parse_raw, raw_exchange
from tests.server.conftest import Server

JSON_HEADERS = b"Host: test\r\nContent-Type: application/json\r\n"

BAD_REQUESTS = {
    "bad_request_line": (b"THIS IS NOT HTTP\r\n\r\n", 400, "bad_request"),
    "bad_header_name": (b"GET /health HTTP/1.1\r\nHost: test\r\nBad Name: x\r\n\r\n", 400, "bad_request"),
    "long_uri": (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: test\r\n\r\n", 414, "uri_too_long"),
    "long_header": (b"GET /health HTTP/1.1\r\nHost: test\r\nX-Big: " + b"b" * 20000 + b"\r\n\r\n",
                    431, "headers_too_large"),
    "many_headers": (b"GET /health HTTP/1.1\r\nHost: test\r\n"
                     + b"".join(b"X-H%d: v\r\n" % i for i in range(150)) + b"\r\n",
                     431, "headers_too_large"),
    "bad_chunk_size": (b"POST /v1/ramchi/classify HTTP/1.1\r\n" + JSON_HEADERS
                       + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
                       400, "malformed_chunked_body"),
    "missing_chunk_terminator": (b"POST /v1/ramchi/classify HTTP/1.1\r\n" + JSON_HEADERS
                                 + b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}XX0\r\n\r\n",
                                 400, "malformed_chunked_body"),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("errors")
    running = Server(f"sqlite:///{folder / 'ramchi.db'}", folder / "server.log")
    try:
        yield running.start()
    finally:
        running.stop()


@pytest.mark.parametrize("name", sorted(BAD_REQUESTS))
def test_gunicorn_refusal_is_a_problem(server: Server, name: str) -> None:
    request, status, code = BAD_REQUESTS[name]
    got_status, headers, body = parse_raw(raw_exchange(server.address, request))
    assert got_status == status, body
    assert headers["content-type"] == "application/problem+json"
    problem = http_json(body)
    assert problem["status"] == status and problem["code"] == code
    assert problem["type"] == f"/problems/{code}" and problem["title"] and problem["detail"]
    page = http("GET", f"{server.url}/problems/{code}")
    assert page.status == 200 and page.json()["code"] == code and page.json()["status"] == status
    assert http("GET", f"{server.url}/health").status == 200  # the server is unharmed


def test_well_formed_chunked_body_still_reaches_the_api(server: Server) -> None:
    body = b'{"cards": ["2s", "3s", "5s"]}'
    request = (b"POST /v1/ramchi/classify HTTP/1.1\r\n" + JSON_HEADERS
               + b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
               + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n")
    status, _headers, answer = parse_raw(raw_exchange(server.address, request))
    assert status == 200 and http_json(answer)["category"] == "straight_flush"


def http_json(body: bytes):  # type: ignore[no-untyped-def]
    import json

    return json.loads(body)
