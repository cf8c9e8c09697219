"""What a Continental seat knows now, written as the advice request it would send.

:func:`advice_request` reads only what the seat receives from the service: its view
(:func:`rulesets.continental.views.seat_view`) and its log answer (the redacted log,
:func:`rulesets.continental.views.redacted_log`, with the configuration it may see), so the
request it builds can hold no card the seat may not know. The request is the body of
``POST /v1/continental/advice``: the seat's hand, the hand number, whether it has dropped, the
table's melds, and as ``seen`` the cards it knows are not in the stock (:func:`known_cards`):
the discard pile as it lies now, and the cards other seats took from it (a draw from the pile,
a buy) and still hold. Before the seat's draw, and when a buy is offered to it, the top discard
is ``discard_top`` (the take and buy advice), the pile below it ``seen``; after its draw the
whole pile is ``seen``.

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> from rulesets.continental.views import redacted_log, seat_view
>>> game = ContinentalGame(GameConfig.create(players=3, hands=1, seed=5, dealer=0))
>>> game.do_draw(1, "discard")
>>> game.do_discard(1, game.hands[1][0])
>>> log = {"config": game.config.to_dict(), "log": redacted_log(game, 2)}
>>> request = advice_request(seat_view(game, 2), log)
>>> request["drawn"], request["discard_top"] == game.top_discard.id, request["seen"]
(False, True, ['4d#2'])
>>> advice_request(seat_view(game, 0), {"config": game.config.to_dict(), "log": redacted_log(game, 0)})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["advice_request", "known_cards"]

BEFORE_THE_DRAW = frozenset({"draw", "buy", "pass"})
"""The action types of a seat whose hand holds no card drawn this turn: its draw, a buy offer."""

PLAYED_FROM_HAND = frozenset({"lay_off", "swap_joker", "discard"})
"""The records whose ``card`` leaves the hand of the seat that plays it."""


def _hand_records(log: Sequence[Mapping[str, Any]]) -> Sequence[Mapping[str, Any]]:
    """The records of the running hand (from its ``hand_dealt`` on)."""
    starts = [i for i, record in enumerate(log) if record.get("kind") == "hand_dealt"]
    return log[starts[-1]:] if starts else ()


def known_cards(log: Sequence[Mapping[str, Any]], seat: int) -> tuple[list[str], list[str]]:
    """The discard pile of the running hand as ``seat``'s redacted ``log`` tells it (bottom first),
    and the cards other seats took from it and still hold (not since laid on the table or
    discarded), as the log names them (``7c#2``: a physical card).

    The pile starts with the up-card; a discard goes on top; a draw from the pile and a buy take
    the top card; a reshuffle turns the pile but its top card into the stock. The records are
    followed in the order the cards moved (:func:`as_the_cards_moved`).

    >>> log = [{"kind": "hand_dealt", "hand": 1, "up_card": "9s"},
    ...        {"kind": "draw", "seat": 1, "source": "discard"},
    ...        {"kind": "discard", "seat": 1, "card": "Kd#2"},
    ...        {"kind": "draw", "seat": 2, "source": "stock"},
    ...        {"kind": "discard", "seat": 2, "card": "4c"}]
    >>> known_cards(log, 0)
    (['Kd#2', '4c'], ['9s'])
    >>> known_cards(log, 1)
    (['Kd#2', '4c'], [])
    """
    pile: list[str] = []
    held: dict[str, int] = {}
    for record in as_the_cards_moved(_hand_records(log)):
        kind, who = record.get("kind"), record.get("seat")
        if kind == "hand_dealt":
            pile = [record["up_card"]]
        elif kind == "card_bought" or (kind == "draw" and record.get("source") == "discard"):
            _take(pile.pop(), who, seat, held)
        elif kind == "stock_reshuffled":
            pile = pile[-1:]
        elif kind in PLAYED_FROM_HAND:
            held.pop(record["card"], None)
            if kind == "discard":
                pile.append(record["card"])
        elif kind == "drop":
            for meld in record["melds"]:
                for card in meld:
                    held.pop(card, None)
    return pile, list(held)


def as_the_cards_moved(records: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """``records`` in the order their cards moved. A buy is logged after the records that let it
    happen, but its card moved first: a ``card_bought`` goes before the reshuffle logged just
    before it (the reshuffle gave the penalty card, after the bought card left the pile), and
    both before the discard that closed the buy window (the buy is settled before the discard
    lands on the pile).

    >>> [r["kind"] for r in as_the_cards_moved([{"kind": "buy"}, {"kind": "discard"},
    ...     {"kind": "stock_reshuffled"}, {"kind": "card_bought"}, {"kind": "draw"}])]
    ['buy', 'card_bought', 'stock_reshuffled', 'discard', 'draw']
    """
    ordered: list[Mapping[str, Any]] = []
    for record in records:
        if record.get("kind") != "card_bought":
            ordered.append(record)
            continue
        after = [record]
        for kind in ("stock_reshuffled", "discard"):
            if ordered and ordered[-1].get("kind") == kind:
                after.append(ordered.pop())
        ordered.extend(after)
    return ordered


def _take(card: str, taker: int | None, seat: int, held: dict[str, int]) -> None:
    """Note that ``taker`` took ``card`` from the pile (``seat``'s own cards are in its hand)."""
    if taker != seat and taker is not None:
        held[card] = taker


def advice_request(view: Mapping[str, Any], log: Mapping[str, Any]) -> dict[str, Any] | None:
    """The body of ``POST /v1/continental/advice`` for what the seat of ``view`` decides now, from
    its ``view`` and its ``log`` answer (``log``: its redacted log, ``config``: the configuration
    it may see); ``None`` when the seat has nothing to decide (module text).
    """
    decisions = {action["type"] for action in view["legal_actions"]}
    if not decisions:
        return None
    seat = view["seat"]
    drawn = not decisions & BEFORE_THE_DRAW
    pile, held = known_cards(log["log"], seat)
    top = None if drawn else view["discard_top"]
    request: dict[str, Any] = {
        "hand": list(view["hand"]), "hand_number": view["hand_number"],
        "dropped": view["dropped"][seat], "drawn": drawn,
        "table": [list(meld["cards"]) for meld in view["table"]]}
    if top is not None:
        request["discard_top"] = top
    request["seen"] = (pile[:-1] if top is not None else pile) + held
    return request | {"ruleset": view["ruleset"], "options": dict(log["config"].get("options") or {})}
