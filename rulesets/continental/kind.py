"""Continental Rummy as a :class:`~rulesets.game.GameKind`, registered under ``"continental"``.

Everything here forwards to the Continental rules (:mod:`rulesets.continental.game`,
``records``, ``views``, ``disputes``); a seat's request is read by the fields its record
declares (:mod:`rulesets.actions`); only the order in which bots may act is written here.

>>> CONTINENTAL.action_from_request(1, {"type": "draw", "source": "stock"})
Draw(seat=1, source='stock')
>>> CONTINENTAL.action_from_request(0, {"type": "lay_off", "card": "Jk#2", "meld": 0})
LayOff(seat=0, card=Card('Jk#2'), meld=0, end=None)
>>> CONTINENTAL.action_from_request(0, {"type": "arrange"})
Traceback (most recent call last):
...
rulesets.log.LogError: action: unknown kind 'arrange' (known: buy, discard, draw, drop, lay_off, \
move_joker, pass, replace_by_bot, swap_joker)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulesets.actions import action_from_request as read_request
from rulesets.continental.config import GameConfig
from rulesets.continental.deck import Deck
from rulesets.continental.disputes import check_log_size, hidden_record, posted_record, rule_of, settle
from rulesets.continental.game import ContinentalGame
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.records import ACTIONS, CONTINENTAL_RECORDS, Action
from rulesets.continental.replay import ContinentalTable
from rulesets.continental.views import public_view, redacted_log, seat_view
from rulesets.game import GameKind, register_game
from rulesets.log import RecordTypes

__all__ = ["CONTINENTAL", "action_from_request", "bot_seat"]

MOST_SEATS = ContinentalOptions.__dataclass_fields__["max_players"].metadata["maximum"]
"""The most seats any ruleset allows (the ``max_players`` option's bound)."""

_REQUESTED = RecordTypes(ACTIONS, jokers=True, decks=Deck.for_players(MOST_SEATS).copy_limit)
"""The records a seat may ask for (its actions; events are derived by the rules)."""


def action_from_request(seat: int, body: Mapping[str, Any]) -> Action:
    """The action ``seat`` asks for: ``{"type": kind, ...the record's fields}``, cards as codes.

    ``type`` is one of ``draw buy pass drop lay_off swap_joker move_joker
    discard`` or the table's ``replace_by_bot``; the other fields are those the record declares (see
    :mod:`rulesets.continental.records`), a field of another action refused. A
    malformed request raises :class:`~rulesets.log.LogError`.

    >>> action_from_request(2, {"type": "drop", "melds": [["7c", "7d", "Jk"]]})
    Drop(seat=2, melds=((Card('7c'), Card('7d'), Card('Jk')),))
    >>> action_from_request(2, {"type": "move_joker", "meld": 0, "to": 1})
    Traceback (most recent call last):
    ...
    rulesets.log.LogError: a 'move_joker' action needs 'end' (the end of the run the joker leaves)
    """
    return read_request(_REQUESTED, seat, body)  # type: ignore[return-value]


def bot_seat(game: ContinentalGame, bots: Sequence[str | None]) -> int | None:
    """The seat a bot acts for now, or ``None`` while only people may act.

    Bots answer a buy offer at once, nearest seat first (the nearest buyer wins
    whoever answers first, so answering early changes nothing). A bot whose turn
    it is waits, while a person may still answer the buy offer, before it plays:
    its discard would close the offer before that person could answer.

    >>> from rulesets.continental.config import GameConfig
    >>> game = ContinentalGame(GameConfig.create(players=3, hands=1, seed=5, dealer=0))
    >>> game.do_draw(1, "stock")
    >>> bot_seat(game, [None, "random", None]) is None, bot_seat(game, ["random", "random", None])
    (True, 0)
    """
    buyers = game.buyers_to_answer()
    for seat in buyers:
        if bots[seat] is not None:
            return seat
    if game.is_over or bots[game.current] is None:
        return None
    if any(bots[seat] is None for seat in buyers):
        return None
    return game.current


CONTINENTAL = register_game(GameKind(
    name="continental",
    title="Continental Rummy",
    seats=range(2, MOST_SEATS + 1),
    options=ContinentalOptions,
    records=CONTINENTAL_RECORDS,
    actions=ACTIONS,
    config_from_dict=GameConfig.from_dict,
    new_game=ContinentalGame,
    replay=ContinentalGame.replay,
    action_from_request=action_from_request,
    seat_view=seat_view,
    public_view=public_view,
    redacted_log=redacted_log,
    settle=settle,
    check_log_size=check_log_size,
    rule_of=rule_of,
    hidden_record=hidden_record,
    read_posted_item=posted_record,
    secret_config=("seed", "decks"),
    players_of=lambda config: config.players,
    bot_seat=bot_seat,
    as_meant=lambda game, action: game.as_meant(action),
    replay_table=ContinentalTable,
))
"""The Continental referee, as the platform sees it."""
