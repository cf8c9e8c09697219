"""Requests gunicorn itself refuses (before the API sees them) are answered as problem+json; and
the served worker (api/worker.py) still speaks ordinary HTTP/1.1: keep-alive, pipelining,
``Expect: 100-continue``, chunked bodies."""

from __future__ import annotations

import http.client as httplib
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.client import http, parse_raw, raw_exchange
from tests.server.conftest import Server

MAX_BODY = 200_000
"""The server's ``RAMCHI_MAX_BODY_BYTES`` here: larger bodies are refused with 413."""

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
    "bad_expect": (b"POST /v1/ramchi/classify HTTP/1.1\r\n" + JSON_HEADERS
                   + b"Expect: something-else\r\nContent-Length: 2\r\n\r\n{}", 417, "expectation_failed"),
    "unknown_transfer_coding": (b"POST /v1/ramchi/classify HTTP/1.1\r\n" + JSON_HEADERS
                                + b"Transfer-Encoding: snappy\r\n\r\n",
                                501, "unsupported_transfer_coding"),
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
    running = Server(f"sqlite:///{folder / 'ramchi.db'}", folder / "server.log",
                     env={"RAMCHI_MAX_BODY_BYTES": str(MAX_BODY)})
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


def test_too_large_body_is_413(server: Server) -> None:
    body = b'{"cards": ["' + b"x" * MAX_BODY + b'"]}'
    request = (b"POST /v1/ramchi/classify HTTP/1.1\r\n" + JSON_HEADERS
               + b"Content-Length: %d\r\n\r\n" % len(body) + body)
    status, headers, answer = parse_raw(raw_exchange(server.address, request))
    assert status == 413 and headers["content-type"] == "application/problem+json"
    assert http_json(answer)["code"] == "request_too_large"
    assert http("GET", f"{server.url}/problems/request_too_large").status == 200


def test_keep_alive_and_pipelined_requests_are_all_answered(server: Server) -> None:
    body = b'{"cards": ["2s", "3s", "5s"]}'
    post = (b"POST /v1/ramchi/classify HTTP/1.1\r\n" + JSON_HEADERS
            + b"Content-Length: %d\r\n\r\n" % len(body) + body)
    last = b"GET /health HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n"
    answer = raw_exchange(server.address, post + post + last)  # three requests in one send
    assert answer.count(b"HTTP/1.1 200 OK") == 3, answer[:500]
    assert answer.count(b"straight_flush") == 2

    connection = httplib.HTTPConnection(*server.address, timeout=10)  # one connection, kept alive
    try:
        for _ in range(3):
            connection.request("POST", "/v1/ramchi/classify", body=body,
                               headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            assert response.status == 200 and b"straight_flush" in response.read()
    finally:
        connection.close()


def test_expect_100_continue_gets_the_interim_answer(server: Server) -> None:
    body = b'{"cards": ["2s", "3s", "5s"]}'
    with socket.create_connection(server.address, timeout=10) as sock:
        sock.sendall(b"POST /v1/ramchi/classify HTTP/1.1\r\n" + JSON_HEADERS
                     + b"Expect: 100-continue\r\nConnection: close\r\n"
                     + b"Content-Length: %d\r\n\r\n" % len(body))
        assert sock.recv(100).startswith(b"HTTP/1.1 100 Continue")
        sock.sendall(body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    status, _headers, payload = parse_raw(answer)
    assert status == 200 and http_json(payload)["category"] == "straight_flush"


def http_json(body: bytes) -> Any:
    return json.loads(body)
