"""Ramchi as a :class:`~rulesets.game.GameKind`, registered under ``"ramchi"``.

Everything here forwards to the Ramchi rules (:mod:`rulesets.ramchi.game`,
``records``, ``views``, ``disputes``); a seat's request is read by the fields its
record declares (:mod:`rulesets.actions`), another action's field ignored.

>>> RAMCHI.action_from_request(0, {"type": "arrange", "combinations": [["As", "Ad", "Ah"]]})
Arrange(seat=0, combinations=((Card('As'), Card('Ad'), Card('Ah')),))
>>> RAMCHI.action_from_request(0, {"type": "fold"})
Traceback (most recent call last):
...
rulesets.log.LogError: action: unknown kind 'fold' (known: arrange, exchange, keep, replace_by_bot)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulesets.actions import action_from_request as read_request
from rulesets.game import GameKind, register_game
from rulesets.log import RecordTypes
from rulesets.ramchi.config import GameConfig
from rulesets.ramchi.disputes import check_log_size, hidden_record, rule_of, settle
from rulesets.ramchi.game import RamchiGame
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.records import ACTIONS, RAMCHI_RECORDS, Arrange, Exchange, Keep, ReplaceByBot
from rulesets.ramchi.replay import RamchiTable
from rulesets.ramchi.scoring import SEATS
from rulesets.ramchi.views import public_view, redacted_log, seat_view

__all__ = ["RAMCHI", "action_from_request", "hidden_record"]

_REQUESTED = RecordTypes(ACTIONS, jokers=False, decks=1)
"""The records a seat may ask for (its actions; events are derived by the rules)."""


def action_from_request(seat: int, body: Mapping[str, Any]) -> Exchange | Keep | Arrange | ReplaceByBot:
    """The action ``seat`` asks for: ``{"type": "exchange" | "keep" | "arrange" |
    "replace_by_bot", ...}``.

    An ``arrange`` carries ``combinations`` (lists of card codes), a ``replace_by_bot`` the
    ``player`` (seat) handed over and the ``bot``; the others carry nothing more (another
    action's field is ignored: see :mod:`rulesets.ramchi.records`). A malformed request raises
    :class:`~rulesets.log.LogError`.

    >>> action_from_request(2, {"type": "keep", "combinations": None})
    Keep(seat=2)
    >>> action_from_request(0, {"type": "replace_by_bot", "player": 1, "bot": "greedy"})
    ReplaceByBot(seat=0, player=1, bot='greedy')
    >>> action_from_request(2, {"type": "arrange"})
    Traceback (most recent call last):
    ...
    rulesets.log.LogError: an 'arrange' action needs 'combinations' (a list of up to five lists of \
three cards; [] to discard all)
    """
    return read_request(_REQUESTED, seat, body, ignore_other_fields=True)  # type: ignore[return-value]


RAMCHI = register_game(GameKind(
    name="ramchi",
    title="Ramchi",
    seats=range(SEATS, SEATS + 1),
    options=RamchiOptions,
    records=RAMCHI_RECORDS,
    actions=ACTIONS,
    config_from_dict=GameConfig.from_dict,
    new_game=RamchiGame,
    replay=RamchiGame.replay,
    action_from_request=action_from_request,
    seat_view=seat_view,
    public_view=public_view,
    redacted_log=redacted_log,
    settle=settle,
    check_log_size=check_log_size,
    rule_of=rule_of,
    hidden_record=hidden_record,
    secret_config=("seed", "decks"),
    replay_table=RamchiTable,
))
"""The Ramchi referee, as the platform sees it."""
