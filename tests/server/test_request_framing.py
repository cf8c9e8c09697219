"""When the served worker (api/worker.py) hands a request to a thread: only once it is complete,
or once the rest is for gunicorn to read or refuse."""

from __future__ import annotations

import pytest

from api.worker import HEADER_LIMIT, problem_bytes, request_complete
from tests.server.client import parse_raw

HEAD = b"POST /v1/games HTTP/1.1\r\nHost: t\r\n"
CHUNKED = HEAD + b"Transfer-Encoding: chunked\r\n\r\n"


@pytest.mark.parametrize(("data", "complete"), [
    (b"", False),
    (b"GET /health HTTP/1.1\r\nHost: t\r\n", False),  # headers still arriving
    (b"GET /health HTTP/1.1\r\nHost: t\r\n\r\n", True),
    (HEAD + b"Content-Length: 10\r\n\r\n", False),
    (HEAD + b"Content-Length: 10\r\n\r\n0123456789", True),
    (HEAD + b"content-length: 3\r\n\r\nabcGET /next", True),  # pipelined bytes may follow
    (HEAD + b"Content-Length: 10000000\r\n\r\n", True),  # over the buffer: a thread reads it
    (HEAD + b"Content-Length: ten\r\n\r\n", True),  # gunicorn refuses it
    (HEAD + b"Content-Length: 1\r\nContent-Length: 2\r\n\r\n", True),
    (HEAD + b"Expect: 100-continue\r\nContent-Length: 5\r\n\r\n", True),  # gunicorn says 100
    (HEAD + b"Transfer-Encoding: gzip\r\n\r\n", True),
    (CHUNKED, False),
    (HEAD + b"Transfer-Encoding: gzip, chunked\r\n\r\n4\r\nabcd\r\n", False),
    (CHUNKED + b"4\r\n{\"a\"", False),
    (CHUNKED + b"4\r\n{\"a\"\r\n", False),
    (CHUNKED + b"4;ext=1\r\n{\"a\"\r\n0\r\n", False),  # the empty line after the last chunk
    (CHUNKED + b"4\r\n{\"a\"\r\n0\r\n\r\n", True),
    (CHUNKED + b"4\r\n{\"a\"\r\n0\r\nX-Trailer: 1\r\n", False),
    (CHUNKED + b"4\r\n{\"a\"\r\n0\r\nX-Trailer: 1\r\n\r\n", True),
    (CHUNKED + b"zz\r\nab\r\n", True),  # malformed: gunicorn answers 400
    (CHUNKED + b"0x4\r\nabcd\r\n", True),
    (b"GET / HTTP/1.1\r\nX: " + b"a" * (HEADER_LIMIT + 1), True),  # gunicorn answers 431
])
def test_request_complete(data: bytes, complete: bool) -> None:
    assert request_complete(data) is complete


def test_problem_bytes_is_a_closing_problem_answer() -> None:
    status, headers, body = parse_raw(problem_bytes(408, "request_timeout", "too slow"))
    assert status == 408 and headers["connection"] == "close"
    assert headers["content-type"] == "application/problem+json"
    assert int(headers["content-length"]) == len(body) and b'"code": "request_timeout"' in body
