"""An in-process cache of rebuilt games, so a request replays only the actions it has not seen.

The database stays the truth: a cached game is used only up to the version it was
built at, and brought up to date from the stored actions after it. A request
*takes* a game out of the cache and puts it back when done, so two concurrent
requests never share one mutable game (the second simply rebuilds).

>>> cache = GameCache(size=1)
>>> cache.put("a", 3, "game-a"); cache.put("b", 1, "game-b")
>>> cache.take("a"), cache.take("b"), cache.take("b")
(None, (1, 'game-b'), None)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

G = TypeVar("G")

GAMES = "ramchi.games"
"""The key of the app's game cache in ``app.extensions``."""


class GameCache(Generic[G]):
    """At most ``size`` games, least recently used evicted first; thread-safe."""

    def __init__(self, size: int = 256) -> None:
        self._size = size
        self._items: OrderedDict[str, tuple[int, G]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, game_id: str) -> tuple[int, G] | None:
        """Remove and return ``(version, game)`` for ``game_id``, if cached."""
        with self._lock:
            return self._items.pop(game_id, None)

    def put(self, game_id: str, version: int, game: G) -> None:
        """Keep ``game`` as the state of ``game_id`` at ``version``."""
        with self._lock:
            self._items[game_id] = (version, game)
            self._items.move_to_end(game_id)
            while len(self._items) > self._size:
                self._items.popitem(last=False)
