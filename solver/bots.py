"""Bots: computer players that take a seat of a refereed game and act on their own.

A :class:`Bot` is a game's name, the bot's name, a description and a function
choosing the action of a seat from the game state. Bots use only what their
seat may see (each bot's own module says how). The platform (the API, the
``simulate`` command) asks the game's kind which seat a bot should act for now
(:attr:`rulesets.game.GameKind.bot_seat`) and plays it with :func:`next_bot_action`.

Every choice is reproducible: a bot draws its random numbers from its seat's stream,
seeded by the game's seed (:func:`bot_secret`), the seat and the game's version
(:func:`bot_rng`), so that the same seed and the same actions give the same game,
whatever the bots.

>>> sorted(bots_of("continental"))
['advisor', 'ev', 'random']
>>> bot("continental", "random").description[:32]
'Plays legal moves at random, but'
>>> bot("continental", "shark")
Traceback (most recent call last):
...
KeyError: "no bot 'shark' for continental (bots: advisor, ev, random)"
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rulesets.game import GameKind
from rulesets.log import Record
from rulesets.registry import Registry
from solver.budget import Deadline

__all__ = [
    "BUILTIN_BOTS",
    "MAX_BOT_ACTIONS",
    "Bot",
    "BotLimitError",
    "bot",
    "bot_rng",
    "bot_secret",
    "bots_of",
    "decide",
    "next_bot",
    "next_bot_action",
    "play_bots",
    "register_bot",
]

BUILTIN_BOTS: tuple[str, ...] = ("solver.ramchi.bots", "solver.continental.bots",
                                  "solver.continental.ev_bot")
"""Modules registering the bots of this package (imported on first lookup)."""

MAX_BOT_ACTIONS = 100_000
"""The most actions :func:`play_bots` takes in one call (a safeguard against a game that never ends)."""


Choose = Callable[[Any, int, random.Random, Deadline | None], Record]
"""``choose(game, seat, rng, deadline)``: the action a bot takes now, decided by ``deadline``
(``None``: no limit). A bot answers by its deadline with whatever it can decide by then (a
simpler legal move when its solver runs out of time): it never stalls its game."""


@dataclass(frozen=True, slots=True)
class Bot:
    """A computer player of one game: ``choose(game, seat, rng, deadline)`` is the action it takes now.

    ``costly`` bots run a solver for each decision: the service decides for them in its solver
    processes, off the threads that serve games; the others decide in a few milliseconds.
    """

    game: str
    name: str
    description: str
    choose: Choose
    costly: bool = False


class BotLimitError(RuntimeError):
    """Bots took more actions than allowed without the game needing a person."""


_BOTS = Registry[Bot]("bot", BUILTIN_BOTS)
"""Every bot, as ``game/name``."""


def register_bot(new: Bot) -> Bot:
    """Register ``new`` among its game's bots (the same name again replaces it); return it."""
    return _BOTS.register(f"{new.game}/{new.name}", new)


def bots_of(game: str) -> dict[str, Bot]:
    """The bots of ``game`` by name, in order of registration (empty if it has none)."""
    prefix = f"{game}/"
    return {key.removeprefix(prefix): _BOTS.get(key) for key in _BOTS.names() if key.startswith(prefix)}


def bot(game: str, name: str) -> Bot:
    """The bot ``name`` of ``game``; ``KeyError`` naming the known ones if there is none."""
    found = bots_of(game)
    if name not in found:
        known = ", ".join(sorted(found)) or "none"
        raise KeyError(f"no bot {name!r} for {game} (bots: {known})")
    return found[name]


def bot_secret(game: str, config: Any) -> int:
    """The secret the bots of a game draw their chance from: its configuration's seed (the whole
    configuration for one without a seed), so that a game created twice alike plays alike.

    >>> from rulesets.game import game_kind
    >>> config = game_kind("ramchi").config_from_dict({"hands": 1, "seed": 5, "dealer": 0})
    >>> bot_secret("ramchi", config) == bot_secret("ramchi", config) != bot_secret("continental", config)
    True
    """
    seed = getattr(config, "seed", None)
    source = f"seed {seed}" if type(seed) is int else json.dumps(config.to_dict(), sort_keys=True)
    digest = hashlib.sha256(f"bots/{game}/{source}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def bot_rng(secret: int, version: int, seat: int = 0) -> random.Random:
    """The random numbers of the bot of ``seat`` acting at ``version`` of a game whose bots draw
    from ``secret`` (:func:`bot_secret`): each seat has its own stream.

    >>> bot_rng(7, 3).random() == bot_rng(7, 3).random() != bot_rng(7, 4).random()
    True
    >>> bot_rng(7, 3, seat=1).random() != bot_rng(7, 3, seat=2).random()
    True
    """
    digest = hashlib.sha256(f"bots/{secret}/seat {seat}/{version}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def _secret_of(game_name: str, game: Any, secret: int | None) -> int:
    return bot_secret(game_name, game.config) if secret is None else secret


def next_bot(kind: GameKind, game: Any, bots: Sequence[str | None]) -> tuple[int, Bot] | None:
    """The seat a bot acts for now and its bot, or ``None`` when only people may act.

    >>> from rulesets.game import game_kind
    >>> kind = game_kind("ramchi")
    >>> game = kind.new_game(kind.config_from_dict({"hands": 1, "seed": 5, "dealer": 0}))
    >>> next_bot(kind, game, [None, None, None]) is None
    True
    """
    seat = kind.bot_seat(game, bots)
    if seat is None:
        return None
    name = bots[seat]
    assert name is not None
    return seat, bot(kind.name, name)


def decide(kind: GameKind | str, game: Any, seat: int, name: str, secret: int | None, version: int,
           deadline: Deadline | None = None) -> Record:
    """The action the bot ``name`` of ``seat`` takes at ``version`` of ``game``, by ``deadline``.

    ``secret`` is what the bots draw their chance from; ``None`` (every game created since
    bots draw from the seed): :func:`bot_secret` of the game's configuration. ``kind`` may
    be the game's name: then every argument pickles, and the service calls this in a solver
    process.
    """
    game_name = kind if isinstance(kind, str) else kind.name
    rng = bot_rng(_secret_of(game_name, game, secret), version, seat)
    return bot(game_name, name).choose(game, seat, rng, deadline)


def next_bot_action(kind: GameKind, game: Any, bots: Sequence[str | None], secret: int | None = None,
                    version: int = 0, deadline: Deadline | None = None) -> tuple[int, Record] | None:
    """The seat a bot acts for now and the action it takes, or ``None`` when only people may act.

    ``bots[seat]`` names the bot of each seat (``None``: a person); ``version``
    is the number of actions so far (it seeds the bot's random numbers, with the seat and
    ``secret``: by default the game's seed, :func:`bot_secret`). The action is what the bot
    chose by ``deadline``; the caller applies it.
    """
    found = next_bot(kind, game, bots)
    if found is None:
        return None
    seat, chosen = found
    return seat, decide(kind, game, seat, chosen.name, secret, version, deadline)


def play_bots(kind: GameKind, game: Any, bots: Sequence[str | None], secret: int | None = None,
              version: int = 0, limit: int = MAX_BOT_ACTIONS,
              on_action: Callable[[int, Record], None] | None = None) -> int:
    """Let the bots act until only people may act (or the game is over); return how many acted.

    ``version`` is the number of actions already taken (``0``: a game just started); ``secret``
    is what the bots draw from (by default the game's seed, :func:`bot_secret`).
    ``on_action(seat, action)`` is called after each action is applied.
    Raises :class:`BotLimitError` after ``limit`` actions.

    >>> from rulesets.game import game_kind
    >>> kind = game_kind("continental")
    >>> def new():
    ...     return kind.new_game(kind.config_from_dict({"players": 3, "hands": 1, "seed": 4}))
    >>> one, two = new(), new()
    >>> play_bots(kind, one, ["random"] * 3) == play_bots(kind, two, ["random"] * 3)
    True
    >>> one.log == two.log and one.is_over
    True
    """
    taken = 0
    secret = _secret_of(kind.name, game, secret)
    while (chosen := next_bot_action(kind, game, bots, secret, version + taken)) is not None:
        if taken >= limit:
            raise BotLimitError(f"bots took {limit} actions without the game needing a person")
        seat, action = chosen
        kind.apply(game, action)
        taken += 1
        if on_action is not None:
            on_action(seat, action)
    return taken
