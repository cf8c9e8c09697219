"""The value types of Continental actions: the end of a run, the pile a draw takes from.

Each is a :class:`~enum.StrEnum`: a member is equal to its text, so JSON bodies, logs and
callers that write ``"high"`` or ``"stock"`` keep working, and it is written as its text
(``repr`` too, so that a record reads as it is posted).

>>> RunEnd.HIGH == "high", DrawSource("discard") is DrawSource.DISCARD
(True, True)
>>> repr(DrawSource.STOCK), [str(end) for end in RunEnd]
("'stock'", ['high', 'low'])
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["DrawSource", "RunEnd"]


class _Text(StrEnum):
    """A value written as its text everywhere, ``repr`` included."""

    def __repr__(self) -> str:
        """The text, quoted (a record's ``repr`` reads as its JSON)."""
        return repr(self.value)


class RunEnd(_Text):
    """An end of a run: where a joker goes or leaves from (the high end holds the higher ranks)."""

    HIGH = "high"
    LOW = "low"


class DrawSource(_Text):
    """The pile a turn's draw takes its card from."""

    STOCK = "stock"
    DISCARD = "discard"
