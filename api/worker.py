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
- **A poll of an unmoved game is answered at once, in the event loop if it can be.** A
  buffered request that is one plain ``GET`` (:func:`plain_get`) is first looked up in the
  app's versions cache (:class:`api.poll_cache.PollVersions`, through
  :meth:`api.poll_fast_path.PollFastPath.cached_not_modified`: no I/O, the same rules as
  everywhere); when that answers ``304``, the event loop itself writes the answer gunicorn
  would write for it (:func:`not_modified_bytes`) and waits for the connection's next request,
  with no thread at all. Otherwise a thread gives it to the app's fast path
  (:meth:`~api.poll_fast_path.PollFastPath.not_modified`, which reads the game's version), and
  when that answers ``304`` the thread writes the same answer, without gunicorn's parser, WSGI
  call and response writer. Anything else (and every request while polls are logged,
  ``RAMCHI_LOG_POLLS``) is served as any other request.
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
from gunicorn import util as gunicorn_util
from gunicorn.http import errors as http_errors
from gunicorn.http.unreader import SocketUnreader
from gunicorn.workers.gthread import TConn, ThreadWorker

from api.access_log import UnchangedPollsUnlogged
from api.errors import PROBLEM_MEDIA_TYPE, PROBLEMS
from api.limits import DEFAULT_MAX_BODY_BYTES, max_body_bytes
from api.poll_fast_path import NOT_MODIFIED, PollFastPath

if int(gunicorn.__version__.split(".")[0]) < 27:
    raise ImportError(f"api.worker needs gunicorn 27 or newer, not {gunicorn.__version__}")

__all__ = ["BUFFER_LIMIT", "BufferedThreadWorker", "RequestTimeout", "RequestTooLarge", "http_date",
           "not_modified_bytes", "plain_get", "problem_bytes"]

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


_PLAIN_REQUEST_LINE = re.compile(rb"GET (/[!-~]*) HTTP/1\.1")
_PLAIN_NAME = re.compile(rb"[!#$%&'*+.^`|~0-9A-Za-z-]+")
"""A header name as plain as it gets: a token without ``_`` (gunicorn maps those by its own policy)."""
_PLAIN_VALUE = re.compile(rb"[ -~]*")
"""A header value as plain as it gets: visible ASCII characters and spaces (no tab, no control
character, no byte outside ASCII)."""

_NOT_PLAIN_HEADERS = frozenset({
    "content-length", "transfer-encoding", "expect", "upgrade", "connection", "te", "trailer",
    "keep-alive", "proxy-connection", "http2-settings"})
"""Headers about the message's framing or the connection: gunicorn reads a request with any."""

_GUNICORN_LINE_LIMIT = 8190
"""gunicorn's own bound of a request line and of a header field (``limit_request_line`` and
``limit_request_field_size`` at 0 or below, or above it)."""


def plain_get(request: bytes, line_limit: int = 4094, fields_limit: int = 100,
              field_limit: int = 8190, scheme_headers: Iterable[str] = ()) -> dict[str, str] | None:
    r"""What a WSGI app reads of ``request`` (``REQUEST_METHOD``, ``PATH_INFO``, ``QUERY_STRING``
    and each header as ``HTTP_<NAME>``), if it is exactly one plain HTTP/1.1 ``GET`` that gunicorn
    would pass on as it is; else ``None`` (gunicorn reads it, and refuses it if it must).

    Plain: the request line ``GET /path HTTP/1.1`` (no query, no fragment, nothing encoded),
    plain header lines (:data:`_PLAIN_NAME`, ``:``, :data:`_PLAIN_VALUE`), each name once, none
    about framing or the connection (:data:`_NOT_PLAIN_HEADERS`: such a request has a body, or
    asks something of the connection), at most one of gunicorn's ``scheme_headers`` (two may
    disagree), within gunicorn's limits (``limit_request_line``, ``limit_request_fields``,
    ``limit_request_field_size``, each read at its strictest), and nothing after the empty line.

    >>> environ = plain_get(b'GET /v1/games/a1 HTTP/1.1\r\nHost: x\r\nIf-None-Match: W/"v1.public"\r\n\r\n')
    >>> environ["PATH_INFO"], environ["QUERY_STRING"], environ["HTTP_HOST"], environ["HTTP_IF_NONE_MATCH"]
    ('/v1/games/a1', '', 'x', 'W/"v1.public"')
    >>> plain_get(b"GET /a HTTP/1.1\r\nConnection: keep-alive\r\n\r\n")["HTTP_CONNECTION"]
    'keep-alive'
    >>> [plain_get(r) for r in (b"GET /a?b=1 HTTP/1.1\r\n\r\n", b"GET /a HTTP/1.0\r\n\r\n",
    ...  b"GET /a HTTP/1.1\r\nConnection: close\r\n\r\n", b"GET /a HTTP/1.1\r\nA: 1\r\na: 2\r\n\r\n",
    ...  b"GET /a HTTP/1.1\r\n\r\nGET /b HTTP/1.1\r\n\r\n", b"GET /a HTTP/1.1\r\nX_Y: 1\r\n\r\n")]
    [None, None, None, None, None, None]
    """
    end = request.find(b"\r\n\r\n")
    if end < 0 or end + 4 != len(request):
        return None
    line, *header_lines = request[:end].split(b"\r\n")
    line_limit = line_limit if 0 < line_limit < _GUNICORN_LINE_LIMIT else _GUNICORN_LINE_LIMIT
    field_limit = field_limit if 0 < field_limit < _GUNICORN_LINE_LIMIT else _GUNICORN_LINE_LIMIT
    if len(line) + 2 > line_limit or len(header_lines) > (fields_limit if fields_limit > 0 else 100):
        return None
    target = _PLAIN_REQUEST_LINE.fullmatch(line)
    if target is None or any(mark in target.group(1) for mark in (b"?", b"#", b"%")):
        return None
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": target.group(1).decode("ascii"), "QUERY_STRING": ""}
    schemes = {f"HTTP_{name.upper().replace('-', '_')}" for name in scheme_headers}
    for header_line in header_lines:
        name, colon, value = header_line.partition(b":")
        if (not colon or len(header_line) + 2 > field_limit or not _PLAIN_NAME.fullmatch(name)
                or not _PLAIN_VALUE.fullmatch(value)):
            return None
        key = "HTTP_" + name.decode("ascii").upper().replace("-", "_")
        lowered = name.decode("ascii").lower()
        keeps_alive = lowered == "connection" and value.strip(b" ").lower() == b"keep-alive"
        # ``Connection: keep-alive`` says HTTP/1.1's default aloud (browsers send it): the
        # connection stays open either way, so it changes nothing gunicorn would do
        if (lowered in _NOT_PLAIN_HEADERS and not keeps_alive) or key in environ:
            return None
        environ[key] = value.decode("ascii").strip(" ")
    return environ if len(schemes & environ.keys()) <= 1 else None


_DATE: tuple[int, str] = (0, "")
"""The second and its ``Date`` header, as gunicorn writes it (kept for the second)."""


def http_date() -> str:
    """Now as gunicorn's ``Date`` header (:func:`gunicorn.util.http_date`), made once a second.

    >>> http_date() == gunicorn_util.http_date() or http_date() == gunicorn_util.http_date()
    True
    """
    global _DATE
    second = int(time.time())
    if _DATE[0] != second:
        _DATE = (second, gunicorn_util.http_date(second))
    return _DATE[1]


def not_modified_bytes(headers: Iterable[tuple[str, str]]) -> bytes:
    r"""The ``304`` gunicorn writes for a WSGI app's ``304`` with ``headers``, on a connection it
    keeps open: its status line, ``Server``, ``Date`` and ``Connection``, then the app's headers.

    >>> answer = not_modified_bytes([("ETag", 'W/"v1.public"')]).split(b"\r\n")
    >>> answer[:2]
    [b'HTTP/1.1 304 NOT MODIFIED', b'Server: gunicorn']
    >>> answer[2].startswith(b"Date: "), answer[3:]
    (True, [b'Connection: keep-alive', b'ETag: W/"v1.public"', b'', b''])
    """
    lines = [f"HTTP/1.1 {NOT_MODIFIED}", f"Server: {gunicorn.SERVER}", f"Date: {http_date()}",
             "Connection: keep-alive", *(f"{name}: {value}" for name, value in headers)]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


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
        self.polls: PollFastPath | None = None
        self.cached_polls: Callable[[dict[str, Any]], list[tuple[str, str]] | None] | None = None
        self.plain_limits: tuple[int, int, int, tuple[str, ...]] = (
            self.cfg.limit_request_line, self.cfg.limit_request_fields, self.cfg.limit_request_field_size,
            tuple(self.cfg.secure_scheme_headers))
        """gunicorn's limits of a request, as :func:`plain_get` takes them (read once)."""

    def load_wsgi(self) -> None:
        """Read the settings (the worker's environment is set by now) and load the application
        behind the body-reading middleware.
        """
        self.read_timeout = _setting("RAMCHI_READ_TIMEOUT", DEFAULT_READ_TIMEOUT)
        self.max_body = max_body_bytes()
        super().load_wsgi()
        self.polls = self._poll_answers(self.wsgi)
        self.cached_polls = self._cached_poll_answers(self.polls)
        self.wsgi = _ReadWholeBody(self.wsgi, self.max_body)

    def _poll_answers(self, app: Any) -> PollFastPath | None:
        """The app's poll fast path, if this worker may answer its ``304`` itself: the polls are
        left out of the access log (so nothing of gunicorn's is skipped but its debug line), the
        request hooks are gunicorn's own, and no ``SCRIPT_NAME`` moves the app's addresses.
        """
        polls = getattr(app, "wsgi_app", None)
        if not isinstance(polls, PollFastPath) or not isinstance(self.log, UnchangedPollsUnlogged):
            return None
        hooks = [self.cfg.settings[name] for name in ("pre_request", "post_request")]
        if any(hook.value is not hook.default for hook in hooks) or os.environ.get("SCRIPT_NAME"):
            return None
        return polls

    def _cached_poll_answers(self, polls: PollFastPath | None) -> Any:
        """The fast path's answers from its versions cache, for the event loop: if it has one,
        and no connection may be HTTP/2 with prior knowledge (whose first bytes gunicorn reads
        in a thread).
        """
        if polls is None or polls.cache is None:
            return None
        if self.cfg.http2_cleartext in ("prior-knowledge", "both"):
            return None
        return polls.cached_not_modified

    # --- the event loop: collect each request before a thread takes it ---------------------

    def enqueue_req(self, conn: TConn) -> None:
        """Hand a buffered request to a thread; otherwise start buffering the next one.

        With TLS terminated by gunicorn itself (``certfile``) the bytes on the socket are
        encrypted, so requests are not buffered: plain ``gthread`` behaviour. Terminate TLS at
        the proxy instead (docs/deployment.md).
        """
        if (getattr(conn, "ramchi_pending", None) is not None
                or getattr(conn, "ramchi_unsent", None) is not None or self.cfg.is_ssl):
            super().enqueue_req(conn)
            return
        self._buffer(conn, registered=False)

    def on_client_socket_readable(self, conn: TConn, client: Any) -> None:
        """A kept-alive connection's next request arrives: collect it on the poller's same
        registration (no change to tell the kernel), reading what is there at once.
        """
        if self.cfg.is_ssl:
            super().on_client_socket_readable(conn, client)
            return
        self.keepalived_conns.remove(conn)
        self._buffer(conn, registered=True)

    def _buffer(self, conn: TConn, *, registered: bool) -> None:
        """Collect ``conn``'s next request in the event loop (``registered``: its socket is on the
        poller already, and readable).
        """
        buf = bytearray()
        if conn.parser is not None and not conn.is_http2:
            buf += conn.parser.unreader.take_buffered()  # pipelined bytes read ahead
        conn.ramchi_buf = buf
        conn.sock.setblocking(False)
        deadline = time.monotonic() + self.read_timeout
        if request_complete(buf, BUFFER_LIMIT):
            if registered:
                self.poller.unregister(conn.sock)
            if not self._answer_from_cache(conn, registered=False):
                self._dispatch(conn, deadline)
            return
        self.buffering[conn] = deadline
        reader = partial(self._on_readable, conn)
        if registered:
            self.poller.modify(conn.sock, selectors.EVENT_READ, reader)
            self._on_readable(conn, conn.sock)
        else:
            self.poller.register(conn.sock, selectors.EVENT_READ, reader)

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
            if self._answer_from_cache(conn, registered=True):
                return
            self.poller.unregister(conn.sock)
            self._dispatch(conn, deadline)

    def _answer_from_cache(self, conn: TConn, *, registered: bool) -> bool:
        """Answer the request buffered on ``conn`` in the event loop if it is a plain poll the
        app's versions cache answers ``304`` (:meth:`api.poll_fast_path.PollFastPath.cached_not_modified`:
        no I/O), then wait for the connection's next request as gunicorn does (kept alive);
        whether it was answered (``False``: nothing was sent, a thread serves it).

        Served so only while gunicorn would keep the connection open after it (as
        :meth:`_answer_unchanged_poll`). The answer is sent without blocking; if the socket takes
        only part of it (a client that does not read), a thread sends the rest.
        """
        if (self.cached_polls is None or not self.alive or not self.cfg.keepalive or conn.is_http2
                or len(self.keepalived_conns) >= self.max_keepalived or self.nr + 1 >= self.max_requests):
            return False
        environ = plain_get(bytes(conn.ramchi_buf), *self.plain_limits)
        headers = None if environ is None else self.cached_polls(environ)
        if headers is None:
            return False
        self.nr += 1
        conn.ramchi_buf = bytearray()
        answer = not_modified_bytes(headers)
        try:
            sent = conn.sock.send(answer)
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError as err:  # the client went away
            self.log.debug("Failed to send a poll's answer: %s", err)
            if registered:
                self.poller.unregister(conn.sock)
            self.nr_conns -= 1
            conn.close()
            return True
        if sent < len(answer):
            if registered:
                self.poller.unregister(conn.sock)
            conn.ramchi_unsent = answer[sent:]
            super().enqueue_req(conn)
            return True
        conn.set_timeout()
        self.keepalived_conns.append(conn)
        waiting = partial(self.on_client_socket_readable, conn)
        if registered:
            self.poller.modify(conn.sock, selectors.EVENT_READ, waiting)
        else:
            self.poller.register(conn.sock, selectors.EVENT_READ, waiting)
        return True

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
        """Serve a buffered request: its bytes go first, further reads are under its deadline.

        Or send the rest of an answer the event loop began (:meth:`_answer_from_cache`).
        """
        unsent = getattr(conn, "ramchi_unsent", None)
        if unsent is not None:
            conn.ramchi_unsent = None
            return self._send_rest(conn, unsent)
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
                answered = self._answer_unchanged_poll(conn, pending)
                if answered is not None:
                    return answered
                unreader = conn.parser.unreader
                if not isinstance(unreader, _DeadlineUnreader):
                    timed = _DeadlineUnreader(conn.sock)
                    timed.unread(unreader.take_buffered())
                    conn.parser.unreader = unreader = timed
                unreader.unread(pending)
                unreader.deadline = conn.ramchi_deadline
        return super().handle(conn)

    def _answer_unchanged_poll(self, conn: TConn, request: bytes) -> bool | None:
        """Answer ``request`` if it is a plain poll the app's fast path answers ``304``: whether
        the connection stays open; ``None`` when gunicorn is to serve it (nothing was sent).

        Served so only while gunicorn would keep the connection open after it (the worker is
        not stopping nor at its ``max_requests``, keep-alive is on and not at its limit); the
        answer is gunicorn's for it: its status line, ``Server``, ``Date`` and ``Connection``,
        then the app's headers.
        """
        if (self.polls is None or not self.alive or not self.cfg.keepalive
                or len(self.keepalived_conns) >= self.max_keepalived or self.nr + 1 >= self.max_requests):
            return None
        environ = plain_get(request, *self.plain_limits)
        headers = None if environ is None else self.polls.not_modified(environ)
        if headers is None:
            return None
        self.nr += 1
        try:
            conn.sock.setblocking(True)
            gunicorn_util.write(conn.sock, not_modified_bytes(headers))
        except OSError as err:
            self.log.debug("Failed to send a poll's answer: %s", err)
            return False
        return True

    def _send_rest(self, conn: TConn, rest: bytes) -> bool:
        """Send the rest of a poll's answer (in a thread), within the read timeout; whether the
        connection stays open.
        """
        try:
            conn.init()  # gunicorn looks at the parser's buffer when the connection comes back
            conn.sock.settimeout(self.read_timeout)
            gunicorn_util.write(conn.sock, rest)
            conn.sock.settimeout(None)
        except Exception as err:  # gone, or not reading its answers at all
            self.log.debug("Failed to send the rest of a poll's answer: %s", err)
            return False
        return True

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
