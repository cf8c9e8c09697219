"""The versions of recently polled games, kept in memory for the served worker's event loop.

A table's page polls its game about once a second, and nearly every poll finds it unmoved
(:mod:`api.view_polling`). :class:`PollVersions` lets the served worker (:mod:`api.worker`)
answer such a poll ``304`` in its event loop, with no thread and no database read, from what it
knows of the game:

- **The game's version, at most** :attr:`PollVersions.max_age` **old.** One background thread
  reads the version of every game polled in the last :attr:`PollVersions.idle_after` seconds
  with one query (:func:`api.game_store.versions_of`) every :attr:`PollVersions.period`
  seconds, and stops (its thread ends) when no game is polled any more. Each version is kept
  with the moment its read *started*: a version read longer than ``max_age`` ago answers
  nothing, so a move made through another process or another server is seen by this process
  within ``max_age`` (:data:`DEFAULT_MAX_AGE_S`), and when the reads fail (the database is
  down) every poll soon goes the normal way (a thread, then Flask) again.
- **A move made through this process is known at once:** every committed action
  (:func:`api.game_store.locked_game`) tells its game's new version (:meth:`PollVersions.moved`).
- **The seat of each token, once the database said it.** A seat token never changes seat, so a
  token found once (:meth:`PollVersions.learn`, by the poll fast path's read,
  :mod:`api.poll_fast_path`) is known as long as its game is polled; a token of no seat is never
  kept, so it is always read again (and refused by Flask). A game the database no longer has is
  known as gone (its polls go to Flask: ``404``).

What is known of a game is a pair (*version*, *as of*): the game was at *version* at some moment
at or after *as of*. Versions only grow, so two such pairs merge into (the larger version, the
later moment), whatever order they come in: a read that started before a move and ends after it
cannot bring the older version back.

>>> clock = FakeClock()
>>> cache = PollVersions(lambda ids: {"g1": 4}, max_age=0.1, clock=clock, refresher=False)
>>> cache.lookup("g1", "t0") is None  # nothing known yet
True
>>> cache.learn("g1", "t0", version=3, seat=0, as_of=clock())  # the fast path's read
>>> cache.lookup("g1", "t0"), cache.lookup("g1", None), cache.lookup("g1", "another-token")
((3, 0), (3, None), None)
>>> cache.moved("g1", 4); cache.lookup("g1", "t0")  # a move committed through this process
(4, 0)
>>> clock.advance(0.2); cache.lookup("g1", "t0") is None  # not read again for too long
True
>>> cache.refresh(); cache.lookup("g1", "t0")  # the refresher's read (one query for all games)
True
(4, 0)
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from api.game_store import hash_token

__all__ = ["DEFAULT_IDLE_AFTER_S", "DEFAULT_MAX_AGE_S", "GONE", "MAX_AGE_SETTING", "POLL_CACHE",
           "FakeClock", "PollVersions", "max_age_setting"]

POLL_CACHE = "ramchi.poll_cache"
"""The key of the app's :class:`PollVersions` in ``app.extensions`` (``None``: turned off)."""

MAX_AGE_SETTING = "RAMCHI_POLL_CACHE_S"
"""The environment variable (and config key ``POLL_CACHE_S``) of :attr:`PollVersions.max_age`;
``0`` turns the event loop's answers off."""

DEFAULT_MAX_AGE_S = 0.1
"""How old a version may be when it answers a poll: a move made elsewhere is seen this late at
most (refreshed every half of it)."""

DEFAULT_IDLE_AFTER_S = 5.0
"""A game not polled this long is forgotten (and no longer read)."""

DEFAULT_SIZE = 10_000
"""The most games known at once: past it, new games' polls go the normal way."""

GONE = -1
"""The version of a game the database no longer has (larger than any other when merged)."""

_log = logging.getLogger(__name__)

ReadVersions = Callable[[list[str]], Mapping[str, int]]
"""Reads the stored version of each of these games (those missing are gone)."""


def max_age_setting(config: Mapping[str, object] | None = None) -> float:
    """:attr:`PollVersions.max_age` from ``config["POLL_CACHE_S"]``, else ``RAMCHI_POLL_CACHE_S``,
    else :data:`DEFAULT_MAX_AGE_S`; ``0`` turns the cache off.

    >>> max_age_setting({"POLL_CACHE_S": 0.25}), max_age_setting({"POLL_CACHE_S": "0"})
    (0.25, 0.0)
    """
    raw = (config or {}).get("POLL_CACHE_S")
    if raw is None:
        raw = os.environ.get(MAX_AGE_SETTING, "").strip() or DEFAULT_MAX_AGE_S
    value = float(raw)  # type: ignore[arg-type]
    if value < 0 or value != value:
        raise ValueError(f"{MAX_AGE_SETTING} must be 0 (off) or a number of seconds, not {raw!r}")
    return value


class FakeClock:
    """A clock for tests and examples: stands still until :meth:`advance`.

    >>> clock = FakeClock(); clock.advance(1.5); clock()
    1001.5
    """

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass(slots=True)
class _Game:
    """What is known of one game: (version, as of) and the seats of the tokens found."""

    known: tuple[int, float]
    """The version and a moment at or before which it was read: replaced whole, never changed."""
    polled: float
    seats: dict[str, int] = field(default_factory=dict)
    """Token hash -> seat, for tokens the database confirmed."""


def _merge(known: tuple[int, float], version: int, as_of: float) -> tuple[int, float]:
    """Both facts at once: the larger version (:data:`GONE` the largest), the later moment.

    >>> _merge((3, 10.0), 4, 5.0), _merge((3, 10.0), 2, 12.0), _merge((3, 10.0), GONE, 11.0)
    ((4, 10.0), (3, 12.0), (-1, 11.0))
    """
    old, old_as_of = known
    newest = GONE if GONE in (old, version) else max(old, version)
    return newest, max(old_as_of, as_of)


class PollVersions:
    """See the module's docstring. Thread-safe: :meth:`lookup` (the event loop) takes no lock
    and does no I/O; the others take a short lock, never during a read.

    ``read_versions`` reads the stored version of each of a list of games (missing: gone);
    ``period`` defaults to half of ``max_age``; with ``refresher=False`` no thread is started
    (tests call :meth:`refresh` themselves).
    """

    def __init__(self, read_versions: ReadVersions, *, max_age: float = DEFAULT_MAX_AGE_S,
                 period: float | None = None, idle_after: float = DEFAULT_IDLE_AFTER_S,
                 size: int = DEFAULT_SIZE, clock: Callable[[], float] = time.monotonic,
                 refresher: bool = True) -> None:
        if max_age <= 0:
            raise ValueError("max_age must be positive")
        self.read_versions = read_versions
        self.max_age = max_age
        self.period = period if period is not None else max_age / 2
        self.idle_after = idle_after
        self.size = size
        self.clock = clock
        self.refreshes = 0
        """Reads made by :meth:`refresh` that succeeded."""
        self.failures = 0
        """Reads made by :meth:`refresh` that failed (the database's error)."""
        self._failing = False
        self._games: dict[str, _Game] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._pid = os.getpid()
        self._closed = threading.Event()
        if not refresher:
            self._closed.set()

    # --- the event loop -----------------------------------------------------------------------

    def lookup(self, game_id: str, token: str | None) -> tuple[int, int | None] | None:
        """The version of ``game_id`` and the seat of ``token`` (``None``: the public) if both are
        known and the version was read at most :attr:`max_age` ago; else ``None`` (the poll goes
        the normal way). Notes the poll: a game polled stays read.
        """
        game = self._games.get(game_id)
        if game is None:
            return None
        version, as_of = game.known
        if version == GONE:
            return None
        now = self.clock()
        game.polled = now
        if now - as_of > self.max_age:
            return None
        if token is None:
            return version, None
        seat = game.seats.get(hash_token(token))
        return None if seat is None else (version, seat)

    # --- what the process learns --------------------------------------------------------------

    def now(self) -> float:
        """The cache's clock: take it before a read whose result is given to :meth:`learn`."""
        return self.clock()

    def learn(self, game_id: str, token: str | None, version: int, seat: int | None,
              as_of: float) -> None:
        """The database said (by a read started at ``as_of``) that ``game_id`` is at ``version``
        and ``token`` (``None``: no token) is of ``seat``. Starts the refresher if it is not
        running.
        """
        now = self.clock()
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                if len(self._games) >= self.size:
                    self._forget_idle(now)
                    if len(self._games) >= self.size:
                        return
                game = self._games[game_id] = _Game((version, as_of), now)
            else:
                game.known = _merge(game.known, version, as_of)
                game.polled = now
            if token is not None and seat is not None:
                game.seats[hash_token(token)] = seat
            self._start_refresher()

    def moved(self, game_id: str, version: int) -> None:
        """A move through this process committed ``game_id`` at ``version``: polls of older
        versions are no longer answered here (nothing is learnt of a game not known).
        """
        with self._lock:
            game = self._games.get(game_id)
            if game is not None:
                game.known = _merge(game.known, version, float("-inf"))

    # --- the refresher ------------------------------------------------------------------------

    def refresh(self) -> bool:
        """Read the version of every game polled in the last :attr:`idle_after` seconds (one
        read for all) and forget the others; ``False`` when no game is known any more. A failed
        read is logged (once per run of failures) and changes nothing: the versions age.
        """
        now = self.clock()
        with self._lock:
            self._forget_idle(now)
            known = bool(self._games)
            ids = [game_id for game_id, game in self._games.items() if game.known[0] != GONE]
        if not ids:
            return known
        started = self.clock()
        try:
            versions = self.read_versions(ids)
        except Exception as err:
            self.failures += 1
            if not self._failing:
                _log.warning("The versions of %d polled games could not be read (their polls go "
                             "the normal way until they can): %s", len(ids), err)
            self._failing = True
            return True
        self._failing = False
        self.refreshes += 1
        with self._lock:
            for game_id in ids:
                game = self._games.get(game_id)
                if game is not None:
                    game.known = _merge(game.known, versions.get(game_id, GONE), started)
        return True

    def _forget_idle(self, now: float) -> None:
        """Forget the games not polled for :attr:`idle_after` seconds (the lock is held)."""
        idle = [game_id for game_id, game in self._games.items() if now - game.polled > self.idle_after]
        for game_id in idle:
            del self._games[game_id]

    def _start_refresher(self) -> None:
        """Start the refresher thread if none runs in this process (the lock is held)."""
        if self._closed.is_set():
            return
        if self._pid != os.getpid():  # forked: the parent's thread is not here
            self._pid, self._thread = os.getpid(), None
        if self._thread is None:
            self._thread = threading.Thread(target=self._refresh_while_polled, name="poll-versions",
                                            daemon=True)
            self._thread.start()

    def _refresh_while_polled(self) -> None:
        """The refresher thread: :meth:`refresh` every :attr:`period` seconds; ends when no game
        is known any more (the next :meth:`learn` starts another) or at :meth:`close`.
        """
        while not self._closed.is_set():
            started = time.monotonic()
            try:
                known = self.refresh()
            except Exception:  # never end the thread on a bug: log it, the versions age
                _log.exception("Refreshing the polled games' versions failed")
                known = True
            if not known:
                with self._lock:
                    if not self._games:
                        self._stopped()
                        return
            self._closed.wait(max(0.0, self.period - (time.monotonic() - started)))
        with self._lock:
            self._stopped()

    def _stopped(self) -> None:
        """The refresher thread ends (the lock is held, so no other starts meanwhile): the reader
        gives back what it keeps (a :class:`api.game_store.VersionReader`'s connection).
        """
        self._thread = None
        release = getattr(self.read_versions, "close", None)
        if release is not None:
            try:
                release()
            except Exception:
                _log.debug("Closing the versions reader failed", exc_info=True)

    def running(self) -> bool:
        """Whether the refresher thread runs now."""
        thread = self._thread
        return thread is not None and thread.is_alive()

    def known_games(self) -> int:
        """How many games are known now (polled in the last :attr:`idle_after` seconds)."""
        return len(self._games)

    def close(self) -> None:
        """Stop the refresher thread for good (a later :meth:`learn` starts none)."""
        self._closed.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)

