"""The game protocol: what every refereed game provides, and the registry of games by name.

A game is two things. Its *state* (:class:`GameState`) is a referee object that
takes player actions as frozen :class:`~rulesets.log.Record` values, with
``verify`` (raise the precise :class:`~rulesets.errors.RulesError`), ``can``
(a bool) and ``apply`` (verify, record, apply and run every automatic step),
and keeps its whole history in ``log``. Its *kind* (:class:`GameKind`) is a
small descriptor holding the functions around the state: the configuration
from a dict, the record types, the action a seat's request asks for, the actions
a seat may take now (:meth:`GameKind.legal_actions`, each with the request body
that asks for it), the views and the one redaction of the log, replay, and the
dispute check. The platform
(the API) only ever talks to a game through its kind, found by name with
:func:`game_kind`.

>>> kind = game_kind("ramchi")
>>> kind.name, kind.seats, DEFAULT_GAME in game_names()
('ramchi', range(3, 4), True)
>>> game = kind.new_game(kind.config_from_dict({"hands": 1, "seed": 5, "dealer": 0}))
>>> game.awaited()
(1,)
>>> [legal.body for legal in kind.legal_actions(game, 1)]
[{'type': 'exchange'}, {'type': 'keep'}]
>>> action = kind.action_from_request(1, {"type": "keep"})
>>> game.can(action), kind.can(game, action)
(True, True)
>>> kind.apply(game, action)
>>> kind.replay(game.config, game.log) == game
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from rulesets.errors import RulesError
from rulesets.legal_actions import LegalAction
from rulesets.log import LogError, Record, RecordTypes, record_to_dict
from rulesets.registry import Registry

if TYPE_CHECKING:
    from rulesets.replay import Page

__all__ = [
    "BUILTIN_GAMES",
    "DEFAULT_GAME",
    "GameConfigLike",
    "GameKind",
    "GameState",
    "LegalAction",
    "PostedRecordError",
    "first_awaited_bot",
    "game_kind",
    "game_names",
    "register_game",
    "unregister_game",
]

DEFAULT_GAME = "ramchi"
"""The game a request means when it names none (requests written before there were two)."""

BUILTIN_GAMES: tuple[str, ...] = ("rulesets.ramchi.kind", "rulesets.continental.kind")
"""Modules that register the games of this package when imported (loaded on first lookup)."""


@runtime_checkable
class GameConfigLike(Protocol):
    """A game's configuration: everything needed to start (and so to replay) a game."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form, read back by the kind's ``config_from_dict``."""
        ...


@runtime_checkable
class GameState(Protocol):
    """A game in progress: the referee of one game, driven by action records.

    ``log`` holds every record so far (actions and the events the rules derived);
    replaying its actions on a new game from ``config`` gives an equal game.
    """

    config: Any
    log: list[Record]

    @property
    def is_over(self) -> bool:
        """True once no more actions can be taken."""
        ...

    def awaited(self) -> tuple[int, ...]:
        """The seats whose action the game waits for now, in seat order."""
        ...

    def verify(self, action: Any) -> None:
        """Raise the precise :class:`~rulesets.errors.RulesError` unless ``action`` is legal now."""
        ...

    def can(self, action: Any) -> bool:
        """Whether ``action`` is legal now."""
        ...

    def apply(self, action: Any) -> None:
        """Verify ``action``, then record and apply it with every automatic step it triggers."""
        ...

    def legal_actions(self, seat: int) -> list[LegalAction]:
        """The actions ``seat`` may take now (empty when the game does not wait for it), each
        legal as it is; an action whose every form cannot be listed is listed once, with what
        the player chooses (:class:`~rulesets.legal_actions.LegalAction`).
        """
        ...


class PostedRecordError(LogError):
    """A posted log record that cannot be judged, at ``index`` of the posted list."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


def _no_hidden_records(item: Any) -> str | None:
    return None


def first_awaited_bot(game: Any, bots: Sequence[str | None]) -> int | None:
    """The first seat the game waits for that a bot plays (``bots[seat]`` names it), or ``None``.

    The default order in which bots act; a game whose bots must wait for people
    (e.g. a buy window a person may still answer) gives its own ``bot_seat``.
    """
    return next((seat for seat in game.awaited() if bots[seat] is not None), None)


def _as_given(game: Any, action: Record) -> Record:
    return action


def _default_rule_of(error: RulesError) -> str:
    rule = getattr(error, "rule", None)
    return rule if isinstance(rule, str) else "the rules of the game"


@dataclass(frozen=True, slots=True, eq=False)
class GameKind:
    """Everything the platform needs to referee one game, by name.

    The callables are the game's own rules functions; the methods here only
    forward to them (or to the game state), so that a caller never needs to
    know which game it holds.

    - ``config_from_dict(data)``: the configuration from its dict form (raises a
      :class:`~rulesets.errors.RulesError` listing what is wrong); ``config.to_dict()``
      gives the dict back.
    - ``new_game(config)``: a fresh :class:`GameState`; ``replay(config, log)``
      rebuilds one from a log and checks its events.
    - ``action_from_request(seat, body)``: the action record ``seat`` asks for with a
      request body (``{"type": …, …}``, cards as codes), or a precise rules error.
    - ``seat_view(game, seat)``, ``public_view(game)``, ``redacted_log(game, seat, start=0)``:
      what a seat (``None``: the public) may see; the redaction is the only one.
    - ``settle(config, posted)``: the verdict on posted records (see the game's disputes);
      ``check_log_size(config, posted)`` refuses a log too long for the game first.
    - ``rule_of(error)``: the rule a refusal enforces, in words.
    - ``hidden_record(item)``: why a posted record (a dict) cannot be judged because
      a redaction hid part of it, or ``None``.
    - ``read_posted_item(item, where)``: a posted record (a dict) as ``settle`` reads it, when a
      log shows more than the record holds (Continental: the card a stock draw took); by
      default the record types' own reading. A game that gives one has a ``settle`` that reads
      the posted items itself (:meth:`judge`).
    - ``secret_config``: the configuration keys kept hidden until the game is over.
    - ``seats``: the numbers of seats a game may have (the configuration checks the
      exact number against its options).
    - ``players_of(config)``: the number of seats of a configured game.
    - ``as_meant(game, action)``: the action a request means in the current state (e.g.
      a card named by its code alone resolved to the copy the seat holds).
    - ``bot_seat(game, bots)``: the seat a bot should act for now (``bots[seat]``
      is the bot's name, ``None`` for a person), or ``None`` when only people may act.
    - ``replay_table(config)``: the public table a replay of a log moves record by record and
      tells in words (:class:`rulesets.replay.ReplayTable`); :meth:`replay_log` uses it.
    """

    name: str
    title: str
    seats: range
    options: type
    records: RecordTypes
    actions: tuple[type[Record], ...]
    config_from_dict: Callable[[Mapping[str, Any]], Any]
    new_game: Callable[[Any], Any]
    replay: Callable[[Any, Sequence[Record]], Any]
    action_from_request: Callable[[int, Mapping[str, Any]], Record]
    seat_view: Callable[[Any, int], dict[str, Any]]
    public_view: Callable[[Any], dict[str, Any]]
    redacted_log: Callable[..., list[dict[str, Any]]]
    settle: Callable[[Any, Sequence[Any]], dict[str, Any]]
    check_log_size: Callable[[Any, Any], None] = lambda config, posted: None
    rule_of: Callable[[RulesError], str] = _default_rule_of
    hidden_record: Callable[[Any], str | None] = _no_hidden_records
    read_posted_item: Callable[[Any, str], Record] | None = None
    secret_config: tuple[str, ...] = ()
    players_of: Callable[[Any], int] | None = None
    bot_seat: Callable[[Any, Sequence[str | None]], int | None] = first_awaited_bot
    as_meant: Callable[[Any, Record], Record] = _as_given
    replay_table: Callable[[Any], Any] | None = None

    def __repr__(self) -> str:
        """Name the game."""
        return f"<GameKind {self.name}>"

    # -- the state, through the protocol --------------------------------------------------------

    def apply(self, game: GameState, action: Record) -> None:
        """Verify ``action``, then record and apply it."""
        game.apply(action)

    def verify(self, game: GameState, action: Record) -> None:
        """Raise unless ``action`` is legal now."""
        game.verify(action)

    def can(self, game: GameState, action: Record) -> bool:
        """Whether ``action`` is legal now."""
        return game.can(action)

    def awaited(self, game: GameState) -> tuple[int, ...]:
        """The seats the game waits for now."""
        return game.awaited()

    def legal_actions(self, game: GameState, seat: int) -> list[LegalAction]:
        """What ``seat`` may do now: each :class:`~rulesets.legal_actions.LegalAction`'s ``body``
        is a request ``action_from_request(seat, body)`` reads as a legal action; one listed
        once (its every form cannot be listed) says in ``choice`` what the player chooses.
        """
        return game.legal_actions(seat)

    def is_over(self, game: GameState) -> bool:
        """Whether the game is over."""
        return game.is_over

    def view(self, game: GameState, seat: int | None) -> dict[str, Any]:
        """The seat's view, or the public view for ``None``."""
        return self.public_view(game) if seat is None else self.seat_view(game, seat)

    def seat_count(self, config: Any) -> int:
        """The number of seats of a game configured as ``config``."""
        return self.players_of(config) if self.players_of is not None else self.seats.stop - 1

    def full_log(self, game: GameState) -> list[dict[str, Any]]:
        """The whole log, nothing hidden (for a judge, never for a seat while the game runs)."""
        return [record_to_dict(record) for record in game.log]

    def action_from_dict(self, data: Any, where: str = "action") -> Record:
        """Read a stored or posted player action; an event or a malformed dict raises ``LogError``."""
        record = self.records.from_dict(data, where)
        if not record.is_action:
            raise LogError(f"{where}: {record.kind!r} is an event of the rules, not a player action")
        return record

    def read_posted(self, items: Sequence[Any]) -> list[Record]:
        """Read a posted log; the first record that cannot be read raises :class:`PostedRecordError`."""
        records = []
        for index, item in enumerate(items):
            hidden = self.hidden_record(item)
            if hidden is not None:
                raise PostedRecordError(index, f"record {index} {hidden}")
            try:
                read = self.read_posted_item or self.records.from_dict
                records.append(read(item, f"record {index}"))
            except LogError as err:
                raise PostedRecordError(index, err.message) from None
        return records

    def judge(self, config: Any, items: Sequence[Any]) -> dict[str, Any]:
        """The verdict on a posted log: every record read first (:class:`PostedRecordError` on
        the first that cannot be), then settled. A game with its own reading of posted records
        (``read_posted_item``) settles the items as posted, so that what a log shows beyond its
        records (Continental: the card a stock draw took) is judged too; others settle the records.
        """
        records = self.read_posted(items)
        return self.settle(config, items if self.read_posted_item else records)

    def replay_log(self, config: Any, items: Sequence[Any], page: Page | None = None,
                   check: Callable[[], None] | None = None) -> dict[str, Any]:
        """The verdict on a posted log and the game told step by step, all of it or one ``page``
        of its steps (:func:`rulesets.replay.replay_log`): ``{"game", "finished", "verdict",
        "total_steps", "from", "next_from", "steps"}``.
        """
        from rulesets.replay import replay_log  # the replay builds on this module

        return replay_log(self, config, items, page, check)

    def shown_config(self, config: Mapping[str, Any], over: bool) -> dict[str, Any]:
        """The stored configuration as a log shows it: secrets only once the game is over."""
        return dict(config) if over else {k: v for k, v in config.items() if k not in self.secret_config}


_GAMES = Registry[GameKind]("game", BUILTIN_GAMES, default=DEFAULT_GAME)


def register_game(kind: GameKind) -> GameKind:
    """Register ``kind`` under its name (registering the same name again replaces it); return it."""
    return _GAMES.register(kind.name, kind)


def unregister_game(name: str) -> None:
    """Forget the game ``name`` (tests register toy games and remove them afterwards)."""
    _GAMES.unregister(name)


def game_kind(name: str) -> GameKind:
    """The game registered as ``name``; ``KeyError`` if there is none.

    >>> game_kind("chess")
    Traceback (most recent call last):
    ...
    KeyError: "no game 'chess' (games: ramchi, continental)"
    """
    return _GAMES.get(name)


def game_names() -> tuple[str, ...]:
    """The names of the registered games, the default first, then in order of registration.

    >>> game_names()[0]
    'ramchi'
    """
    return _GAMES.names()
