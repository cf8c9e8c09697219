"""Who plays each seat: the table's host, seats handed to bots, and the action that hands one over.

A person may leave a table while the game goes on. The player who created the table (the
*host*) then hands their seat to a bot with a :class:`ReplaceByBot` action: ``seat`` is the
seat acting (the host), ``player`` the seat handed over and ``bot`` the bot's name. It is an
action like any other, recorded in the log and refereed, the same way in every game: each
game's rule table includes :data:`TABLE_RULES`, and its record types read
:class:`ReplaceByBot`, so a posted log holding one is judged and replayed too.

The referee checks what the log alone decides (:func:`replace_by_bot_problems`): the game is
not over, ``player`` is a seat of the game, the seat was not handed to a bot earlier in the
log, and ``bot`` names a bot. A handover changes nothing else in the game (whose turn it is,
the cards): it is legal at any moment, out of turn too, since it is a table action and not a
move of the game. For that reason a game's ``legal_actions(seat)`` never lists it: those are
the moves of the game the seat may make now.

What only the platform knows (who created the table, which seats bots played from the start,
which bots exist) is checked with the functions here as well, given that knowledge:
:func:`table_problems` (only the host hands a seat over, to a known bot, a seat not already a
bot's, and at least one person stays; a seat played by a bot takes no action by token), and
:func:`host_problems` (the host named at creation). The bots of a game are those it was
created with, overlaid with the handovers of its log (:func:`seated_bots`).

>>> log = [ReplaceByBot(seat=0, player=2, bot="greedy")]
>>> seated_bots([None, None, "ev"], log)
[None, None, 'greedy']
>>> seated_bots([None, "ev", None], log)
[None, 'ev', 'greedy']
>>> [problem.code for problem in table_problems(ReplaceByBot(1, 2, "ev"), bots=[None, None, None],
...                                             host=0, known_bots=["greedy", "ev"])]
['not_the_host']
>>> tell_handover(ReplaceByBot(seat=0, player=2, bot="greedy"))
'Seat 0 hands seat 2 to a bot (greedy), which plays it from now on'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rulesets.actions import described
from rulesets.errors import IllegalActionError, InvalidInputError, RulesError, echo
from rulesets.log import Record
from rulesets.referee import ActionRule, Problems

__all__ = [
    "BOT_NAME_RULE",
    "BOT_PLAYS_RULE",
    "HOST_RULE",
    "ONCE_RULE",
    "OVER_RULE",
    "PERSON_RULE",
    "SEAT_RULE",
    "TABLE_RULES",
    "ReplaceByBot",
    "Seated",
    "default_host",
    "handed_over",
    "host_problems",
    "open_handovers",
    "replace_by_bot_problems",
    "seated_bots",
    "table_problems",
    "take_replace_by_bot",
    "tell_handover",
]

HOST_RULE = "only the player who created the table may hand a seat to a bot"
"""Who may send a handover."""

BOT_PLAYS_RULE = ("this seat is now played by a bot: a seat handed to a bot is played by it from "
                  "then on, and its player may still watch")
"""Why a seat played by a bot takes no action by token."""

ONCE_RULE = "a seat is handed to a bot once: from then on that bot plays it"
"""Why a seat already played by a bot is not handed over again."""

PERSON_RULE = ("at least one seat is played by a person: a game of bots only is played with the "
               "command line, `ramchi simulate`")
"""Why the last seat a person plays is not handed over."""

BOT_NAME_RULE = "a seat is handed to one of the game's bots, named as the game's creation names them"
"""What names a bot."""

OVER_RULE = "a seat is handed to a bot while the game runs; once it is over nobody plays on"
"""Why a finished game takes no handover."""

SEAT_RULE = "the seats are numbered from 0 in play order, one per player"
"""What a seat number is."""


@dataclass(frozen=True, slots=True)
class ReplaceByBot(Record):
    """``seat`` (the table's host) hands seat ``player`` to the bot ``bot``, which plays it from now on."""

    kind = "replace_by_bot"
    is_action = True
    seat: int
    player: int = field(metadata=described("the seat to hand over to a bot (from 0)"))
    bot: str = field(metadata=described(
        "the bot that plays the seat from now on, by name (one of the names `bots` takes when a "
        "game of this kind is created)"))


class Seated(Protocol):
    """What the handover rule reads of a game: its log, whether it is over, its number of seats."""

    log: list[Record]

    @property
    def is_over(self) -> bool:
        """True once no more actions can be taken."""
        ...

    @property
    def seat_count(self) -> int:
        """The number of seats of the game."""
        ...


def _is_seat(value: object, seats: int) -> bool:
    return type(value) is int and 0 <= value < seats


def _no_seat(value: object, seats: int, what: str) -> InvalidInputError:
    return InvalidInputError(f"{what} {echo(value)} is no seat; the seats are 0 to {seats - 1}",
                             rule=SEAT_RULE, code="no_such_seat")


def handed_over(log: Iterable[Record]) -> dict[int, str]:
    """The seats the log hands to bots, each with its bot (the first handover of a seat).

    >>> handed_over([ReplaceByBot(0, 1, "ev"), ReplaceByBot(0, 2, "greedy")])
    {1: 'ev', 2: 'greedy'}
    """
    seats: dict[int, str] = {}
    for record in log:
        if isinstance(record, ReplaceByBot):
            seats.setdefault(record.player, record.bot)
    return seats


def seated_bots(created: Sequence[str | None], log: Iterable[Record]) -> list[str | None]:
    """The bot of each seat now (``None``: a person): the bots the game was created with
    (``created``, one entry per seat), overlaid with the handovers of its ``log``.

    >>> seated_bots([None, None], [])
    [None, None]
    """
    bots = list(created)
    for seat, bot in handed_over(log).items():
        if 0 <= seat < len(bots):
            bots[seat] = bot
    return bots


def replace_by_bot_problems(game: Seated, action: ReplaceByBot) -> Problems:
    """Why the referee refuses the handover now (empty: it is legal): the acting seat or
    ``player`` is no seat, the game is over, the seat was handed to a bot before, or ``bot``
    names none. Whose turn it is does not matter.
    """
    seats = game.seat_count
    if not _is_seat(action.seat, seats):
        return [_no_seat(action.seat, seats, "seat")]
    if game.is_over:
        return [IllegalActionError("the game is over: there is no seat left to hand to a bot",
                                   rule=OVER_RULE, code="game_over")]
    if not _is_seat(action.player, seats):
        return [_no_seat(action.player, seats, "player")]
    earlier = handed_over(game.log).get(action.player)
    if earlier is not None:
        return [IllegalActionError(f"seat {action.player} was already handed to a bot ({earlier})",
                                   rule=ONCE_RULE, code="already_a_bot")]
    if not isinstance(action.bot, str) or not action.bot.strip():
        return [InvalidInputError(f"bot {echo(action.bot)} names no bot", rule=BOT_NAME_RULE,
                                  code="unknown_bot")]
    return []


def take_replace_by_bot(game: Seated, action: ReplaceByBot) -> None:
    """Record the handover; nothing else in the game changes."""
    game.log.append(action)


TABLE_RULES: Mapping[type, ActionRule[Any, Any]] = {
    ReplaceByBot: ActionRule(replace_by_bot_problems, take_replace_by_bot),
}
"""The rules of the table actions, the same in every game (each game's rule table includes them)."""


# -- what the platform checks, with what it knows ------------------------------------------------

def default_host(bots: Sequence[str | None]) -> int | None:
    """The host of a table created without one: the first seat a person plays (``None``: none).

    >>> default_host(["ev", None, None]), default_host(["ev", "ev"])
    (1, None)
    """
    return next((seat for seat, bot in enumerate(bots) if bot is None), None)


def host_problems(host: object, bots: Sequence[str | None]) -> list[str]:
    """Why ``host`` cannot host a table whose seats are played by ``bots``, in words (empty: it
    can): the host is one of its seats, played by a person.

    >>> host_problems(1, [None, "ev", None])
    ['seat 1 is played by a bot (ev): the host is a person at the table']
    >>> host_problems(3, [None, "ev", None]), host_problems(2, [None, "ev", None])
    (['3 is no seat; the seats are 0 to 2'], [])
    """
    if not _is_seat(host, len(bots)):
        return [f"{echo(host)} is no seat; the seats are 0 to {len(bots) - 1}"]
    assert isinstance(host, int)
    if bots[host] is not None:
        return [f"seat {host} is played by a bot ({bots[host]}): the host is a person at the table"]
    return []


def table_problems(action: Record, *, bots: Sequence[str | None], host: int | None,
                   known_bots: Sequence[str]) -> list[RulesError]:
    """Why the platform refuses ``action``, sent with the token of its seat (empty: it goes on
    to the referee): ``bots`` are the game's bots now (:func:`seated_bots`), ``host`` the seat
    that created the table (``None``: none) and ``known_bots`` the names of the game's bots.

    A seat played by a bot takes no action by token. A handover is sent by the host only, names
    one of the game's bots, hands over a seat a person plays, and leaves a person at the table.

    >>> bots = [None, "ev", None]
    >>> [problem.code for problem in table_problems(ReplaceByBot(1, 0, "ev"), bots=bots, host=0,
    ...                                             known_bots=["ev"])]
    ['seat_played_by_bot']
    >>> [problem.message for problem in table_problems(ReplaceByBot(0, 2, "shark"), bots=bots,
    ...                                                host=0, known_bots=["greedy", "ev"])]
    ["'shark' is none of this game's bots: they are greedy, ev"]
    >>> [problem.code for problem in table_problems(ReplaceByBot(0, 1, "ev"), bots=bots, host=0,
    ...                                             known_bots=["ev"])]
    ['already_a_bot']
    """
    seat = getattr(action, "seat", None)
    if _is_seat(seat, len(bots)) and bots[seat] is not None:  # type: ignore[index]
        return [IllegalActionError(f"seat {seat} is now played by a bot ({bots[seat]}): its "  # type: ignore[index]
                                   "token may read the game but no longer act", rule=BOT_PLAYS_RULE,
                                   code="seat_played_by_bot")]
    if not isinstance(action, ReplaceByBot):
        return []
    if seat != host:
        who = f"seat {host} created it" if host is not None else "this table has no host"
        return [IllegalActionError(f"seat {seat} did not create this table ({who})", rule=HOST_RULE,
                                   code="not_the_host")]
    if action.bot not in known_bots:
        return [InvalidInputError(f"{echo(action.bot)} is none of this game's bots: they are "
                                  f"{', '.join(known_bots) or 'none'}", rule=BOT_NAME_RULE,
                                  code="unknown_bot", field="bot")]
    if not _is_seat(action.player, len(bots)):
        return []  # the referee says there is no such seat
    if bots[action.player] is not None:
        return [IllegalActionError(f"seat {action.player} is already played by a bot "
                                   f"({bots[action.player]})", rule=ONCE_RULE, code="already_a_bot")]
    if all(bot is not None for other, bot in enumerate(bots) if other != action.player):
        return [IllegalActionError(f"seat {action.player} is the last seat a person plays",
                                   rule=PERSON_RULE, code="no_person_left")]
    return []


def open_handovers(game: Seated, *, bots: Sequence[str | None], host: int | None,
                   known_bots: Sequence[str]) -> list[ReplaceByBot]:
    """Every handover the host may send now, by seat then bot: each one that neither the
    platform (:func:`table_problems`) nor the referee (:func:`replace_by_bot_problems`) refuses.

    >>> from rulesets.game import game_kind
    >>> kind = game_kind("ramchi")
    >>> game = kind.new_game(kind.config_from_dict({"hands": 1, "seed": 5, "dealer": 0}))
    >>> [(action.player, action.bot) for action in open_handovers(
    ...     game, bots=[None, "ev", None], host=0, known_bots=["greedy", "ev"])]
    [(0, 'greedy'), (0, 'ev'), (2, 'greedy'), (2, 'ev')]
    """
    if host is None or game.is_over:
        return []
    found = []
    for player in range(game.seat_count):
        for bot in known_bots:
            action = ReplaceByBot(host, player, bot)
            if not table_problems(action, bots=bots, host=host, known_bots=known_bots) \
                    and not replace_by_bot_problems(game, action):
                found.append(action)
    return found


def tell_handover(record: ReplaceByBot, told: Any = None) -> str:
    """A handover in words, as a person at the table says it (``told`` is not needed: a
    handover shows everything it holds).

    >>> tell_handover(ReplaceByBot(seat=1, player=1, bot="random"))
    'Seat 1 hands its own seat to a bot (random), which plays it from now on'
    """
    whose = "its own seat" if record.player == record.seat else f"seat {record.player}"
    return f"Seat {record.seat} hands {whose} to a bot ({record.bot}), which plays it from now on"
