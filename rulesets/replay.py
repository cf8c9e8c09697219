"""A game log replayed step by step, as a person would tell it: what every game's replay shares.

:func:`replay_log` takes a game's kind, its configuration and a posted log (the body of a
dispute: player actions, or a whole log as ``GET /v1/games/{id}/log`` gives it) and returns
the verdict on the log (the kind's :meth:`~rulesets.game.GameKind.judge`) with one *step*
per record: its place in the game (hand, round or turn), the record told in words, and the
table after it (only what the log makes public).

- A whole log is told record by record as posted; a log of only actions is told as the
  rules derive it (its events between the actions), each step naming the ``posted`` index of
  the action it tells (``None`` for an event).
- When the verdict refuses a record, the steps stop at it (included); the table after a
  refused record is the table before it (the rules did not take it).
- The log of a game still running hides its running hand (a deal without its deck, another
  seat's penalty card); it cannot be judged (the verdict is ``None``) and is told as it is:
  a hidden card is never shown, hands the log hides are ``None``.

Each game gives its own :class:`ReplayTable` (the public table, moved record by record, and
the narration of its records) through ``GameKind.replay_table``.

>>> from rulesets.game import game_kind
>>> kind = game_kind("ramchi")
>>> answer = replay_log(kind, kind.config_from_dict({"hands": 1, "seed": 5, "dealer": 0}),
...                     [{"kind": "keep", "seat": 1}])
>>> answer["finished"], answer["verdict"]["legal"], [step["kind"] for step in answer["steps"]]
(False, True, ['hand_dealt', 'keep'])
>>> answer["steps"][1]["text"]
'Seat 1 keeps the 2♦ (no exchange)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from rulesets.game import PostedRecordError
from rulesets.log import LogError, Record

if TYPE_CHECKING:
    from rulesets.game import GameKind

__all__ = ["CHECK_EVERY", "Page", "ReplayTable", "Step", "check_replayable", "is_running_log", "replay_log",
           "steps_of"]

Step = dict[str, Any]
"""One step: ``index kind seat hand round turn text state posted``."""

CHECK_EVERY = 64
"""Steps walked between two calls of a walk's ``check`` (a budget's deadline)."""


@dataclass(frozen=True, slots=True)
class Page:
    """The steps asked for: ``limit`` steps (``None``: all) from step ``start`` (from 0).

    >>> Page(10, 5).end(12), Page(10, 5).end(100), Page().end(100)
    (12, 15, 100)
    """

    start: int = 0
    limit: int | None = None

    def end(self, total: int) -> int:
        """The index after the page's last step, of ``total`` steps."""
        return total if self.limit is None else min(total, self.start + self.limit)


class ReplayTable(Protocol):
    """A game's public table during a replay, moved record by record.

    ``read(item, where)`` reads a posted item as a record, a part a redaction hid
    included (raises :class:`~rulesets.log.LogError`); ``tell(record, item)`` says the
    record in words, with what the posted ``item`` shows beside it, before it is taken;
    ``take(record, item)`` moves the table; ``place(record)`` is where the record
    belongs (``{"hand", "round", "turn"}``) and ``state()`` the public table now.
    """

    def read(self, item: Any, where: str) -> Record:
        """The posted item as a record."""
        ...

    def tell(self, record: Record, item: Any) -> str:
        """The record in words (told before it is taken)."""
        ...

    def take(self, record: Record, item: Any) -> None:
        """Move the table by the record."""
        ...

    def place(self, record: Record) -> dict[str, int | None]:
        """The hand, round (Ramchi) and turn (Continental) the record belongs to."""
        ...

    def state(self) -> dict[str, Any]:
        """The public table now, JSON-ready."""
        ...


def is_running_log(kind: GameKind, items: Sequence[Any]) -> bool:
    """Whether a posted log is of a game still running: a record of it is hidden by the
    redaction of a running hand (:attr:`~rulesets.game.GameKind.hidden_record`).

    >>> from rulesets.game import game_kind
    >>> is_running_log(game_kind("ramchi"), [{"kind": "hand_dealt", "hand": 1, "dealer": 0, "deck": None}])
    True
    """
    return any(kind.hidden_record(item) is not None for item in items)


def _is_whole(records: Sequence[Record]) -> bool:
    return any(not record.is_action for record in records)


def _entries(kind: GameKind, table: ReplayTable, items: Sequence[Any],
             verdict: Mapping[str, Any] | None) -> list[tuple[int | None, Record, Any]]:
    """The records to tell: ``(posted index or None, record, item as posted)``."""
    posted: list[Record] = []
    for index, item in enumerate(items):
        try:
            posted.append(table.read(item, f"record {index}"))
        except LogError as err:
            raise PostedRecordError(index, err.message) from None
    last = len(posted) - 1
    if verdict is not None and not verdict.get("legal", True):
        last = min(last, int(verdict.get("index", last)))
    if verdict is None or _is_whole(posted):
        return [(index, posted[index], items[index]) for index in range(last + 1)]
    refused = not verdict.get("legal", True)
    actions = iter(range(len(posted)))
    told: list[tuple[int | None, Record, Any]] = []
    for data in verdict.get("log", []):
        record = kind.records.from_dict(data)
        at = next(actions, None) if record.is_action else None
        if record.is_action and (at is None or (refused and at >= last)):
            break
        told.append((at, record, items[at] if at is not None else record))
    if refused and last >= 0:
        told.append((last, posted[last], items[last]))
    return told


def check_replayable(kind: GameKind) -> None:
    """Raise :class:`LogError` if ``kind`` gives no replay table: its logs cannot be told.

    >>> from rulesets.game import game_kind
    >>> check_replayable(game_kind("continental"))
    """
    if kind.replay_table is None:
        raise LogError(f"{kind.title} logs cannot be told step by step: the game has no replay")


def _table(kind: GameKind, config: Any) -> ReplayTable:
    """The game's replay table; a game that gives none cannot be replayed (:class:`LogError`)."""
    check_replayable(kind)
    assert kind.replay_table is not None
    table: ReplayTable = kind.replay_table(config)
    return table


def steps_of(kind: GameKind, config: Any, items: Sequence[Any],
             verdict: Mapping[str, Any] | None, page: Page | None = None,
             check: Callable[[], None] | None = None) -> list[Step]:
    """The steps of a posted log judged as ``verdict`` (``None``: a running game's log, not judged).

    A record the verdict refuses is told, and leaves the table as it was. With a ``page``
    only its steps are told (the steps before it only move the table, and the walk stops
    after its last); ``check()``, when given, is called between steps (it raises to stop a
    walk past its budget).
    """
    table = _table(kind, config)
    return _walk(table, _entries(kind, table, items, verdict), _refused(verdict), page or Page(), check)


def _refused(verdict: Mapping[str, Any] | None) -> int | None:
    """The posted index of the record the verdict refuses (``None``: none refused)."""
    return None if verdict is None or verdict.get("legal", True) else verdict.get("index")


def _walk(table: ReplayTable, entries: Sequence[tuple[int | None, Record, Any]], refused: int | None,
          page: Page, check: Callable[[], None] | None) -> list[Step]:
    """Move ``table`` through ``entries`` up to the page's last step, telling the page's steps."""
    steps: list[Step] = []
    for number, (at, record, item) in enumerate(entries[:page.end(len(entries))]):
        if check is not None and number % CHECK_EVERY == 0:
            check()
        told = number >= page.start
        if told:
            text, place = table.tell(record, item), table.place(record)
        if at is None or at != refused or number != len(entries) - 1:
            table.take(record, item)
        if told:
            steps.append({"index": number, "posted": at, "kind": record.kind,
                          "seat": getattr(record, "seat", None), **place, "text": text,
                          "state": table.state()})
    return steps


def replay_log(kind: GameKind, config: Any, items: Sequence[Any], page: Page | None = None,
               check: Callable[[], None] | None = None) -> dict[str, Any]:
    """The verdict on a posted log and its steps: ``{"game", "finished", "verdict", "steps",
    "total_steps", "from", "next_from"}``; with a ``page``, only its steps (``next_from``: the
    first step after them, ``None`` when none is left). ``check()`` as in :func:`steps_of`,
    also called once the log is judged.

    A record that cannot be read raises :class:`~rulesets.game.PostedRecordError` (as
    judging it does), a game without a replay :class:`~rulesets.log.LogError`; the log of a
    running game is told without a verdict.
    """
    table = _table(kind, config)  # a game without a replay is refused before its log is judged
    page = page or Page()
    running = is_running_log(kind, items)
    verdict = None if running else kind.judge(config, items)
    if check is not None:
        check()
    entries = _entries(kind, table, items, verdict)
    steps = _walk(table, entries, _refused(verdict), page, check)
    end = page.end(len(entries))
    return {"game": kind.name, "finished": bool(verdict and verdict.get("finished")),
            "verdict": verdict, "total_steps": len(entries), "from": page.start,
            "next_from": end if end < len(entries) else None, "steps": steps}
