"""The gunicorn worker that serves the API: threads, buffered requests, problem+json errors.

:class:`BufferedThreadWorker` is gunicorn's threaded worker (``gthread``) with three changes:

- **Requests are buffered in the event loop.** A connection gets a worker
  thread only once its whole request (request line, headers and a body, of
  ``Content-Length`` or chunked, up to :data:`BUFFER_LIMIT`) has arrived. Until then the
  worker's main loop collects the bytes without blocking, so idle, slowloris
  and slow-body clients cost a socket each, never a thread.
- **Every request has a deadline.** It must have arrived completely within
  ``RAMCHI_READ_TIMEOUT`` seconds (default 10) of the connection being
  accepted, or of its first byte on a kept-alive connection. A request still
  incomplete at the deadline is answered ``408 request_timeout`` and the
  connection closed; a connection that sent nothing is closed silently. What
  a thread still reads itself (a body after ``Expect: 100-continue``, or one
  larger than the buffer limit) is read under the same deadline.
- **gunicorn's own errors are problems.** A malformed request line, an
  over-long URI, too many or too large headers, a malformed chunked body or a
  timeout are answered as ``application/problem+json`` with a ``code`` from
  :data:`api.errors.PROBLEMS`, like every other error of the API, instead of
  gunicorn's HTML page.

The request body is read completely before the application sees it (at most
``RAMCHI_MAX_BODY_BYTES`` bytes, default 4 MiB, as the app; more is ``413 request_too_large``),
so a body that times out or is malformed ends the request with a problem
answer from the worker, never with an application error.

Written against gunicorn 27's ``gthread`` worker (``TConn``, ``enqueue_req``,
``handle``, ``murder_pending``, ``handle_error``).
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import re
import selectors
import time
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

import gunicorn
from gunicorn.http import errors as http_errors
from gunicorn.http.unreader import SocketUnreader
from gunicorn.workers.gthread import TConn, ThreadWorker

from api.errors import PROBLEM_MEDIA_TYPE, PROBLEMS
from api.limits import DEFAULT_MAX_BODY_BYTES, max_body_bytes

if int(gunicorn.__version__.split(".")[0]) < 27:
    raise ImportError(f"api.worker needs gunicorn 27 or newer, not {gunicorn.__version__}")

__all__ = ["BUFFER_LIMIT", "BufferedThreadWorker", "RequestTimeout", "RequestTooLarge", "problem_bytes"]

BUFFER_LIMIT = 256 * 1024
"""Most bytes of one request collected in the event loop before a thread takes over."""

HEADER_LIMIT = 64 * 1024
"""Request line and headers longer than this go to a thread at once (gunicorn rejects them)."""

DEFAULT_READ_TIMEOUT = 10.0

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

_REASONS = {400: "Bad Request", 403: "Forbidden", 408: "Request Timeout", 413: "Content Too Large",
            414: "URI Too Long", 417: "Expectation Failed", 431: "Request Header Fields Too Large",
            500: "Internal Server Error", 501: "Not Implemented"}
_CODES = {400: "bad_request", 403: "request_forbidden", 408: "request_timeout",
          413: "request_too_large", 414: "uri_too_long", 417: "expectation_failed",
          431: "headers_too_large", 500: "internal_error", 501: "unsupported_transfer_coding"}
_CHUNK_ERRORS = (http_errors.InvalidChunkSize, http_errors.ChunkMissingTerminator,
                 http_errors.InvalidChunkExtension)


class RequestTimeout(Exception):
    """The request did not arrive completely before its deadline."""


class RequestTooLarge(Exception):
    """The request body is larger than ``RAMCHI_MAX_BODY_BYTES``."""


def _setting(name: str, default: float) -> float:
    """A positive number from the environment, or ``default``."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    value = float(raw)
    if value <= 0:
        raise ValueError(f"{name} must be positive, not {raw!r}")
    return value


def problem_bytes(status: int, code: str, detail: str) -> bytes:
    r"""A complete HTTP/1.1 answer (closing the connection) carrying a problem for ``code``.

    >>> problem_bytes(408, "request_timeout", "too slow").split(b"\r\n")[0]
    b'HTTP/1.1 408 Request Timeout'
    """
    kind = PROBLEMS.get(code)
    body = json.dumps({"type": f"/problems/{code}", "title": kind.title if kind else code,
                       "status": status, "detail": detail, "code": code}).encode()
    head = (f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}\r\nConnection: close\r\n"
            f"Content-Type: {PROBLEM_MEDIA_TYPE}\r\nX-Content-Type-Options: nosniff\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body


def request_complete(buf: bytes | bytearray, limit: int = BUFFER_LIMIT) -> bool:
    r"""Whether a thread should take the request in ``buf`` now.

    True once the headers and the body (``Content-Length`` or chunked) are all
    there, and also as soon as the rest is for gunicorn to read or refuse: an
    ``Expect: 100-continue`` (the client waits for gunicorn's interim answer), a
    body over ``limit``, malformed framing, or headers over :data:`HEADER_LIMIT`.

    >>> request_complete(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
    True
    >>> request_complete(b"POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\nabcd")
    False
    >>> chunked = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n"
    >>> request_complete(chunked), request_complete(chunked + b"0\r\n\r\n")
    (False, True)
    """
    end = buf.find(b"\r\n\r\n")
    if end < 0:
        return len(buf) > HEADER_LIMIT
    length: int | None = None
    chunked = False
    for line in bytes(buf[:end]).split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"expect":  # gunicorn answers "100 Continue" itself
            return True
        if name == b"transfer-encoding":
            if chunked or value.lower().split(b",")[-1].strip() != b"chunked":
                return True  # not chunked last: gunicorn refuses it
            chunked = True
        if name == b"content-length":
            if length is not None or not value.strip().isdigit():
                return True
            length = int(value.strip())
    if chunked:
        return length is not None or _chunked_complete(buf, end + 4, limit)
    return length is None or length > limit or len(buf) >= end + 4 + length


_CHUNK_SIZE = re.compile(rb"[0-9A-Fa-f]{1,16}")


def _chunked_complete(buf: bytes | bytearray, pos: int, limit: int) -> bool:
    """Whether the chunked body from ``pos`` is complete (or malformed, or over ``limit``)."""
    start = pos
    while len(buf) - start <= limit:
        eol = buf.find(b"\r\n", pos)
        if eol < 0:
            return len(buf) - pos > 1024  # an endless chunk-size line: gunicorn refuses it
        size_text = bytes(buf[pos:eol]).split(b";", 1)[0].strip()
        if not _CHUNK_SIZE.fullmatch(size_text):
            return True
        size = int(size_text, 16)
        pos = eol + 2
        if size == 0:  # the last chunk, then an empty line or trailers and an empty line
            return buf[pos:pos + 2] == b"\r\n" or buf.find(b"\r\n\r\n", pos) >= 0
        pos += size + 2
        if len(buf) < pos:
            return False
    return True


class _DeadlineUnreader(SocketUnreader):  # type: ignore[misc]
    """Reads the socket only until the request's deadline (``None``: no deadline)."""

    deadline: float | None = None

    def chunk(self, size_hint: int | None = None) -> bytes:
        if self.deadline is None:
            return bytes(super().chunk(size_hint))
        prior = self.sock.gettimeout()
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            # A caller with its own timeout (gunicorn draining an unread body) gets a plain one.
            raise TimeoutError() if prior is not None else RequestTimeout()
        self.sock.settimeout(remaining if prior is None else min(prior, remaining))
        try:
            return bytes(super().chunk(size_hint))
        except TimeoutError:
            if prior is not None and prior < remaining:
                raise
            raise RequestTimeout() from None
        finally:
            self.sock.settimeout(prior)


class _ReadWholeBody:
    """WSGI middleware: read the body completely (bounded) before the application runs."""

    def __init__(self, app: WSGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        length = environ.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked or (length.isdigit() and int(length) > 0):
            if length.isdigit() and int(length) > self.max_body:
                raise RequestTooLarge(f"the body has {length} bytes; at most {self.max_body} are read")
            data = environ["wsgi.input"].read(self.max_body + 1)
            if len(data) > self.max_body:
                raise RequestTooLarge(f"the body is longer than {self.max_body} bytes")
            environ["wsgi.input"] = io.BytesIO(data)
            environ["CONTENT_LENGTH"] = str(len(data))
        return self.app(environ, start_response)


class _Capture:
    """Stands in for a client socket to learn which status gunicorn would answer."""

    def __init__(self) -> None:
        self.data = b""

    def gettimeout(self) -> float:
        return 0.0

    def setblocking(self, _flag: bool) -> None:
        return None

    def sendall(self, data: bytes) -> None:
        self.data += data

    def status(self) -> int:
        try:
            return int(self.data.split(b" ", 2)[1])
        except (IndexError, ValueError):
            return 500


_QUERY = re.compile(r"\?[^\s'\"]+")


class HideQueries(logging.Filter):
    r"""Hide the query strings in log messages: gunicorn's warnings quote a refused request line,
    and its query may carry a secret (the access log never shows one: api/serve.py).

    >>> record = logging.LogRecord("g", logging.WARNING, "", 0, "bad line 'GET /x?token=s3 HTTP/1.1'",
    ...                            None, None)
    >>> HideQueries().filter(record), record.getMessage()
    (True, "bad line 'GET /x?(query hidden) HTTP/1.1'")
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite ``record``'s message without query strings; never drop it."""
        message = record.getMessage()
        hidden = _QUERY.sub("?(query hidden)", message)
        if hidden != message:
            record.msg, record.args = hidden, None
        return True


_HIDE_QUERIES = HideQueries()


class BufferedThreadWorker(ThreadWorker):  # type: ignore[misc]
    """gthread worker that buffers requests in its event loop and answers errors as problems."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.log.error_log.addFilter(_HIDE_QUERIES)
        self.read_timeout = DEFAULT_READ_TIMEOUT
        self.max_body = DEFAULT_MAX_BODY_BYTES
        self.buffering: dict[TConn, float] = {}

    def load_wsgi(self) -> None:
        """Read the settings (the worker's environment is set by now) and load the application
        behind the body-reading middleware.
        """
        self.read_timeout = _setting("RAMCHI_READ_TIMEOUT", DEFAULT_READ_TIMEOUT)
        self.max_body = max_body_bytes()
        super().load_wsgi()
        self.wsgi = _ReadWholeBody(self.wsgi, self.max_body)

    # --- the event loop: collect each request before a thread takes it ---------------------

    def enqueue_req(self, conn: TConn) -> None:
        """Hand a buffered request to a thread; otherwise start buffering the next one.

        With TLS terminated by gunicorn itself (``certfile``) the bytes on the socket are
        encrypted, so requests are not buffered: plain ``gthread`` behaviour. Terminate TLS at
        the proxy instead (docs/deployment.md).
        """
        if getattr(conn, "ramchi_pending", None) is not None or self.cfg.is_ssl:
            super().enqueue_req(conn)
            return
        buf = bytearray()
        if conn.parser is not None and not conn.is_http2:
            buf += conn.parser.unreader.take_buffered()  # pipelined bytes read ahead
        conn.ramchi_buf = buf
        conn.sock.setblocking(False)
        deadline = time.monotonic() + self.read_timeout
        if request_complete(buf, BUFFER_LIMIT):
            self._dispatch(conn, deadline)
            return
        self.buffering[conn] = deadline
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._on_readable, conn))

    def _on_readable(self, conn: TConn, _fileobj: Any) -> None:
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:  # the client closed (or reset) before finishing its request
            self._drop(conn)
            return
        conn.ramchi_buf += data
        if request_complete(conn.ramchi_buf, BUFFER_LIMIT):
            deadline = self.buffering.pop(conn)
            self.poller.unregister(conn.sock)
            self._dispatch(conn, deadline)

    def _dispatch(self, conn: TConn, deadline: float) -> None:
        conn.ramchi_pending = bytes(conn.ramchi_buf)
        conn.ramchi_buf = bytearray()
        conn.ramchi_deadline = deadline
        super().enqueue_req(conn)

    def _drop(self, conn: TConn, answer: bytes = b"") -> None:
        """Stop buffering ``conn``: send ``answer`` if any (best effort) and close it."""
        self.buffering.pop(conn, None)
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)
        if answer:
            with contextlib.suppress(OSError):
                conn.sock.send(answer)
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self) -> None:
        """Also close connections whose request did not arrive in time.

        When the worker stops, connections that sent nothing are closed at once; a request
        already arriving keeps its deadline (well within gunicorn's graceful timeout).
        """
        super().murder_pending()
        now = time.monotonic()
        for conn, deadline in list(self.buffering.items()):
            if not conn.ramchi_buf and (deadline <= now or not self.alive):
                self._drop(conn)
                continue
            if deadline > now:
                continue
            self.log.warning("Request from ip=%s did not arrive within %ss", conn.client[0]
                             if isinstance(conn.client, tuple) else conn.client, self.read_timeout)
            self._drop(conn, problem_bytes(408, "request_timeout", self._timeout_detail()))

    def _timeout_detail(self) -> str:
        return (f"the request did not arrive completely within {self.read_timeout:g} s; "
                "send it at once")

    # --- the worker thread ------------------------------------------------------------------

    def handle(self, conn: TConn) -> Any:
        """Serve a buffered request: its bytes go first, further reads are under its deadline."""
        pending = getattr(conn, "ramchi_pending", None)
        if pending is not None:
            conn.ramchi_pending = None
            conn.data_ready = True
            try:
                conn.init()
            except Exception as err:  # e.g. a TLS handshake that failed
                self.log.debug("Connection setup failed: %s", err)
                return False
            if conn.parser is not None and not conn.is_http2:
                unreader = conn.parser.unreader
                if not isinstance(unreader, _DeadlineUnreader):
                    timed = _DeadlineUnreader(conn.sock)
                    timed.unread(unreader.take_buffered())
                    conn.parser.unreader = unreader = timed
                unreader.unread(pending)
                unreader.deadline = conn.ramchi_deadline
        return super().handle(conn)

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        """Answer a request gunicorn (or this worker) refuses with a problem, then close."""
        if isinstance(exc, RequestTimeout):
            self.log.warning("Request from ip=%s did not arrive within %ss",
                             (addr or ("",))[0], self.read_timeout)
            status, code, detail = 408, "request_timeout", self._timeout_detail()
        elif isinstance(exc, RequestTooLarge):
            self.log.warning("Request from ip=%s refused: %s", (addr or ("",))[0], exc)
            status, code, detail = 413, "request_too_large", str(exc)
        else:
            capture = _Capture()  # gunicorn logs the error and chooses the status
            super().handle_error(req, capture, addr, exc)
            status = capture.status()
            code = _CODES.get(status, "http_error")
            if isinstance(exc, _CHUNK_ERRORS):
                code = "malformed_chunked_body"
            detail = str(exc) if status != 500 else PROBLEMS["internal_error"].help
            detail = detail or PROBLEMS[code].help
        try:
            client.sendall(problem_bytes(status, code, detail))
        except OSError as err:
            self.log.debug("Failed to send error answer: %s", err)


RamchiWorker = BufferedThreadWorker
"""The worker's name before it served two games, kept for command lines that still name it
(``--worker-class api.worker.RamchiWorker``)."""
