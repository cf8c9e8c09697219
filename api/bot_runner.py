"""Bots at the table: after every change to a game, the seats played by bots act on their own.

A game created with ``bots`` keeps, in its stored settings, the bot of each seat; a seat its
host hands to a bot later (a ``replace_by_bot`` action, :mod:`rulesets.seating`) is in its
log. The bots of a game now are both together (:func:`bots_in`), and every part of the
service reads them there: the bots that act here, :func:`bots_done`, the views' ``bots``.
The bots draw their random numbers from the game's seed, one stream per seat
(:func:`solver.bots.bot_secret`, :func:`solver.bots.bot_rng`): a game created twice
with the same settings and sent the same actions plays the same, whatever its bots.
A game stored before that keeps the ``bot_secret`` it was created with, and its bots
go on drawing from it.
:func:`run_bots` lets them act until the game needs a person (or is over), each
action checked by the referee and stored like a person's (seat, body; no
``action_id``), one short transaction per action, so that a person acting at
the same time is never lost: the bots then catch up and decide again.

A costly bot (one that runs a solver, :attr:`solver.bots.Bot.costly`) decides in the app's
solver processes (:mod:`api.pool`) within its own budget (``RAMCHI_BOT_BUDGET_S``, 1 s by
default), ahead of waiting solver requests; the others decide here in milliseconds. When no
solver process comes free in time, the bots stop for now and the game waits for its next
action or read, which lets them act again: a bot never holds a thread for long.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine

from api import game_store
from api.errors import ApiProblem
from api.pool import Job, SolverPool
from rulesets.game import GameKind, GameState
from rulesets.log import Record, record_to_dict
from rulesets.seating import default_host, seated_bots
from solver.bots import BotLimitError, bots_of, decide, next_bot
from solver.budget import Deadline

__all__ = ["MAX_BOT_ACTIONS_PER_REQUEST", "bot_names", "bot_settings", "bots_done", "bots_in",
           "created_bots", "host_of", "run_bots"]

MAX_BOT_ACTIONS_PER_REQUEST = 5_000
"""The most bot actions one request lets happen (a game always comes back to a person sooner)."""


def bot_settings(bots: list[str | None]) -> dict[str, Any]:
    """What a new game stores about its bots: none, or the bot of each seat (they draw their
    chance from the game's seed, which the stored configuration holds).

    >>> bot_settings([None, "random"]), bot_settings([None, None])
    ({'bots': [None, 'random']}, {})
    """
    if all(bot is None for bot in bots):
        return {}
    return {"bots": bots}


def created_bots(settings: dict[str, Any], players: int) -> list[str | None]:
    """The bot of each seat of a stored game as it was created (``None``: a person)."""
    bots = settings.get("bots")
    return list(bots) if bots else [None] * players


def bots_in(settings: dict[str, Any], players: int, game: GameState) -> list[str | None]:
    """The bot of each seat of a stored game now (``None``: a person): those it was created with,
    and the seats its log hands to bots (:func:`rulesets.seating.seated_bots`).

    >>> from rulesets.game import game_kind
    >>> from rulesets.seating import ReplaceByBot
    >>> kind = game_kind("ramchi")
    >>> game = kind.new_game(kind.config_from_dict({"hands": 1, "seed": 5, "dealer": 0}))
    >>> kind.apply(game, ReplaceByBot(seat=0, player=2, bot="ev"))
    >>> bots_in({"bots": [None, "greedy", None]}, 3, game)
    [None, 'greedy', 'ev']
    """
    return seated_bots(created_bots(settings, players), game.log)


def host_of(settings: dict[str, Any], players: int) -> int | None:
    """The seat that created a stored game (its host); a game stored before hosts were stored
    is hosted by its first seat a person played (:func:`rulesets.seating.default_host`).

    >>> host_of({"host": 2}, 3), host_of({"bots": ["ev", None, None]}, 3), host_of({}, 3)
    (2, 1, 0)
    """
    if "host" in settings:
        host = settings["host"]
        return host if type(host) is int else None
    return default_host(created_bots(settings, players))


def bot_names(kind: GameKind) -> list[str]:
    """The names of the bots of the game ``kind`` (those ``bots`` takes at creation).

    >>> from rulesets.game import game_kind
    >>> bot_names(game_kind("ramchi"))
    ['greedy', 'maximin', 'ev']
    """
    return list(bots_of(kind.name))


def bots_done(kind: GameKind, game: GameState, settings: dict[str, Any]) -> bool:
    """Whether no bot has to act in ``game`` now (it waits for a person, or is over), its bots
    being those of its ``settings`` and the seats its log hands to bots (:func:`bots_in`).

    >>> from rulesets.game import game_kind
    >>> kind = game_kind("ramchi")
    >>> game = kind.new_game(kind.config_from_dict({"hands": 1, "seed": 5, "dealer": 0}))
    >>> game.awaited()  # seat 1 holds the 2♦: its exchange comes first
    (1,)
    >>> bots_done(kind, game, {}), bots_done(kind, game, {"bots": [None, "greedy", None]})
    (True, False)
    """
    bots = bots_in(settings, kind.seat_count(game.config), game)
    return all(bot is None for bot in bots) or next_bot(kind, game, bots) is None


def _decision(pool: SolverPool | None, kind: GameKind, game: GameState, seat: int, name: str,
              costly: bool, secret: int | None, version: int, budget_s: float) -> Record | None:
    """The bot's action, decided here or (costly) in a solver process; ``None`` when no solver
    process came free in time (the bots then wait for the game's next request).
    """
    if not costly or pool is None:
        return decide(kind, game, seat, name, secret, version, Deadline.after(budget_s))
    job = Job(decide, (kind.name, game, seat, name, secret, version), budget_s=budget_s,
              what=f"the {name} bot's decision")
    try:
        action: Record = pool.run(job, client=None, priority=True)
    except ApiProblem as err:
        if err.code != "busy":
            raise
        return None
    return action


def run_bots(engine: Engine, game_id: str, kind: GameKind, game: GameState, version: int,
             settings: dict[str, Any],
             catch_up: Callable[[GameState, list[game_store.StoredAction]], GameState],
             pool: SolverPool | None = None, budget_s: float = 1.0) -> tuple[GameState, int]:
    """Let the bots of ``game`` (at ``version``) act until it needs a person; return it and its version.

    ``catch_up(game, actions)`` applies actions stored by others meanwhile. Costly bots decide
    in ``pool`` (``None``: here) within ``budget_s`` each; when the pool has no process free for
    them, they stop early and the game waits for its next request.
    Raises if the bots act :data:`MAX_BOT_ACTIONS_PER_REQUEST` times (a bug: logged as a 500),
    and lets a storage error through (the caller then drops its copy of ``game``).
    """
    players = kind.seat_count(game.config)
    secret = settings.get("bot_secret")  # a game stored before bots drew from the seed
    for _ in range(MAX_BOT_ACTIONS_PER_REQUEST):
        bots = bots_in(settings, players, game)  # a seat handed to a bot meanwhile plays at once
        if all(bot is None for bot in bots):
            return game, version
        found = next_bot(kind, game, bots)
        if found is None:
            return game, version
        seat, player = found
        action = _decision(pool, kind, game, seat, player.name, player.costly, secret, version,
                           budget_s)
        if action is None:
            return game, version
        with game_store.locked_game(engine, game_id) as locked:
            if locked is None:
                raise ApiProblem("game_not_found", f"no game has the id {game_id!r}")
            if locked.version != version:  # a person acted meanwhile: catch up, decide again
                game = catch_up(game, locked.actions_after(version))
                version = locked.version
                continue
            kind.apply(game, action)
            locked.append(game_store.StoredAction(
                seq=version + 1, action_id=None, seat=seat, body=record_to_dict(action),
                response={"bot": bots[seat]}))
        version += 1
    raise BotLimitError(f"bots took {MAX_BOT_ACTIONS_PER_REQUEST} actions in game {game_id} "
                        "without it needing a person")
