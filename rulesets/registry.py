"""A registry of named things (games, their API sides) filled by built-in modules on first use.

>>> colours = Registry[str]("colour", default="red")
>>> colours.register("blue", "#00f"), colours.register("red", "#f00")
('#00f', '#f00')
>>> colours.get("red"), colours.names()
('#f00', ('red', 'blue'))
>>> colours.get("green")
Traceback (most recent call last):
...
KeyError: "no colour 'green' (colours: red, blue)"
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Sequence
from typing import Generic, TypeVar

__all__ = ["Registry"]

T = TypeVar("T")


class Registry(Generic[T]):
    """Things by name; the modules named in ``builtins`` are imported (and register theirs) on
    first use. Thread-safe. ``default`` is listed first by :meth:`names`.
    """

    def __init__(self, what: str, builtins: Sequence[str] = (), default: str | None = None) -> None:
        self.what = what
        self._builtins = tuple(builtins)
        self._default = default
        self._items: dict[str, T] = {}
        self._lock = threading.Lock()
        self._loaded = False

    def _load_builtins(self) -> None:
        if self._loaded:
            return
        self._loaded = True  # first: the modules imported here register (and may look up) too
        for module in self._builtins:
            importlib.import_module(module)

    def register(self, name: str, item: T) -> T:
        """Register ``item`` as ``name`` (the same name again replaces it); return it."""
        with self._lock:
            self._items[name] = item
        return item

    def unregister(self, name: str) -> None:
        """Forget ``name`` (tests register toys and remove them afterwards)."""
        with self._lock:
            self._items.pop(name, None)

    def get(self, name: str) -> T:
        """The thing registered as ``name``; ``KeyError`` naming the known ones if there is none."""
        self._load_builtins()
        try:
            return self._items[name]
        except KeyError:
            known = ", ".join(self.names()) or "none"
            raise KeyError(f"no {self.what} {name!r} ({self.what}s: {known})") from None

    def __contains__(self, name: object) -> bool:
        """Whether ``name`` is registered."""
        self._load_builtins()
        return name in self._items

    def names(self) -> tuple[str, ...]:
        """The registered names, the default first, then in order of registration."""
        self._load_builtins()
        names = list(self._items)
        if self._default in names:
            names.remove(self._default)
            names.insert(0, self._default)
        return tuple(names)
