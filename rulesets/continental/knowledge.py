"""What a Continental seat knows now, written as the advice request it would send.

:func:`advice_request` reads only what the seat receives from the service: its view
(:func:`rulesets.continental.views.seat_view`) and its log answer (the redacted log,
:func:`rulesets.continental.views.redacted_log`, with the configuration it may see), so the
request it builds can hold no card the seat may not know. The request is the body of
``POST /v1/continental/advice``: the seat's hand, the hand number, whether it has dropped, the
table's melds, and what it knows of the cards not in the stock (:func:`known_cards`):
``discards``, the discard pile as it lies now (bottom first), and ``other_players``, the other
seats in play order after it with their hand sizes, their drops and the cards each took from
the pile (``picked_up``: a draw from the pile, ``bought``: a buy) and still holds, the
``turns`` each has played in the hand (:func:`turns_played`) and the cards each turned down
(``discarded`` and ``passed``: :func:`refused_cards`). Before the
seat's draw, and when a buy is offered to it, the top discard is also ``discard_top`` (the take
and buy advice); ``seen`` stays empty (the advice request keeps it for other clients).
On a buy offer the request also says ``offer: "buy"``: the decision the seat faces is the
buy, not its draw.

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> from rulesets.continental.views import redacted_log, seat_view
>>> game = ContinentalGame(GameConfig.create(players=3, hands=1, seed=5, dealer=0))
>>> game.do_draw(1, "discard")
>>> game.do_discard(1, game.hands[1][0])
>>> log = {"config": game.config.to_dict(), "log": redacted_log(game, 2)}
>>> request = advice_request(seat_view(game, 2), log)
>>> request["drawn"], request["discard_top"] == game.top_discard.id, request["discards"]
(False, True, ['Qd#2'])
>>> [(other["hand_size"], other["picked_up"]) for other in request["other_players"]]
[(7, []), (7, ['4d#2'])]
>>> advice_request(seat_view(game, 0), {"config": game.config.to_dict(), "log": redacted_log(game, 0)})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulesets.cards import Card
from rulesets.continental.config import GameConfig
from rulesets.continental.records import CardBought, Discard, Draw, Drop, LayOff, SwapJoker
from rulesets.continental.replay import ContinentalTable
from rulesets.continental.values import DrawSource
from rulesets.jsonable import jsonable

__all__ = ["advice_request", "known_cards", "refused_cards", "turns_played"]

BEFORE_THE_DRAW = frozenset({"draw", "buy", "pass"})
"""The action types of a seat whose hand holds no card drawn this turn: its draw, a buy offer."""


OFFERED = "buy"
"""The action type of a seat offered the top discard for sale; its request says ``offer: "buy"``
(the advice's ``action`` is then the buy or the pass)."""


def _hand_records(log: Sequence[Mapping[str, Any]]) -> Sequence[Mapping[str, Any]]:
    """The records of the running hand (from its ``hand_dealt`` on)."""
    starts = [i for i, record in enumerate(log) if record.get("kind") == "hand_dealt"]
    return log[starts[-1]:] if starts else ()


def known_cards(log: Sequence[Mapping[str, Any]], seat: int,
                config: GameConfig) -> tuple[list[str], dict[int, dict[str, list[str]]]]:
    """The discard pile of the running hand as ``seat``'s redacted ``log`` tells it (bottom first),
    and for each other seat the cards it took from the pile and still holds (not since laid on
    the table or discarded), as the log names them (``7c#2``: a physical card): ``picked_up``
    (drawn from the pile) and ``bought``.

    The pile is the public table's (:class:`rulesets.continental.replay.ContinentalTable`, which
    moves the cards as the referee does: buys, reshuffles, the discard that closes a buy); a
    draw from the pile takes its top card, a buy the card it names.

    >>> config = GameConfig.create(players=3, hands=1, seed=1)
    >>> log = [{"kind": "hand_dealt", "hand": 1, "dealer": 0, "deck": None, "up_card": "9s"},
    ...        {"kind": "draw", "seat": 1, "source": "discard"},
    ...        {"kind": "discard", "seat": 1, "card": "Kd#2"},
    ...        {"kind": "draw", "seat": 2, "source": "stock"},
    ...        {"kind": "discard", "seat": 2, "card": "4c"}]
    >>> known_cards(log, 0, config)
    (['Kd#2', '4c'], {1: {'picked_up': ['9s'], 'bought': []}})
    >>> known_cards(log, 1, config)
    (['Kd#2', '4c'], {})
    """
    table = ContinentalTable(config)
    held: dict[Card, tuple[int, str]] = {}
    for index, item in enumerate(_hand_records(log)):
        record = table.read(item, f"record {index}")
        taken = _taken(record, table.discards)
        if taken is not None and taken[1] != seat:
            held[taken[0]] = taken[1], "bought" if isinstance(record, CardBought) else "picked_up"
        for card in _played(record):
            held.pop(card, None)
        table.take(record, item)
    by_seat: dict[int, dict[str, list[str]]] = {}
    for card, (holder, how) in held.items():
        by_seat.setdefault(holder, {"picked_up": [], "bought": []})[how].append(jsonable(card))
    return table.state()["discard_pile"], by_seat


def refused_cards(log: Sequence[Mapping[str, Any]],
                  config: GameConfig) -> dict[int, dict[str, list[str]]]:
    """For each seat, the cards of the running hand it turned down, as a (redacted) ``log`` tells
    them (public: every seat sees them): ``discarded``, the cards it threw on the pile, and
    ``passed``, the top discard each time it drew from the stock instead (the card it was offered
    and left). A player keeps what brings its hand closer to its contract, so its hand now seldom
    needs either: the expected-points samples use them
    (:class:`~solver.continental.played_sampler.PlayedSampler`).

    >>> config = GameConfig.create(players=3, hands=1, seed=1)
    >>> log = [{"kind": "hand_dealt", "hand": 1, "dealer": 0, "deck": None, "up_card": "9s"},
    ...        {"kind": "draw", "seat": 1, "source": "stock"},
    ...        {"kind": "discard", "seat": 1, "card": "Kd#2"},
    ...        {"kind": "draw", "seat": 2, "source": "discard"},
    ...        {"kind": "discard", "seat": 2, "card": "4c"}]
    >>> refused_cards(log, config)
    {1: {'discarded': ['Kd#2'], 'passed': ['9s']}, 2: {'discarded': ['4c'], 'passed': []}}
    """
    table = ContinentalTable(config)
    refused: dict[int, dict[str, list[str]]] = {}
    for index, item in enumerate(_hand_records(log)):
        record = table.read(item, f"record {index}")
        turned_down = None
        if isinstance(record, Discard):
            turned_down = "discarded", record.card
        elif isinstance(record, Draw) and record.source == DrawSource.STOCK and table.discards:
            turned_down = "passed", table.discards[-1]
        if turned_down is not None:
            how, card = turned_down
            refused.setdefault(record.seat, {"discarded": [], "passed": []})[how].append(jsonable(card))
        table.take(record, item)
    return refused


def _taken(record: Any, pile: Sequence[Card]) -> tuple[Card, int] | None:
    """The card ``record`` takes from the ``pile`` and the seat taking it (``None``: none)."""
    if isinstance(record, Draw) and record.source == DrawSource.DISCARD and pile:
        return pile[-1], record.seat
    if isinstance(record, CardBought):
        return record.card, record.seat
    return None


def _played(record: Any) -> tuple[Card, ...]:
    """The cards ``record`` takes out of its seat's hand onto the table or the pile."""
    if isinstance(record, LayOff | SwapJoker | Discard):
        return (record.card,)
    if isinstance(record, Drop):
        return tuple(card for meld in record.melds for card in meld)
    return ()


def _after(seat: int, players: int) -> list[int]:
    """The other seats in play order after ``seat``.

    >>> _after(2, 4)
    [3, 0, 1]
    """
    return [(seat + step) % players for step in range(1, players)]


def turns_played(log: Sequence[Mapping[str, Any]]) -> dict[int, int]:
    """How many turns each seat has played in the running hand of a (redacted) ``log``: its
    draws, from the stock or the pile (public: every seat sees who drew, if not always what).

    >>> turns_played([{"kind": "hand_dealt"}, {"kind": "draw", "seat": 1, "source": "stock"},
    ...               {"kind": "discard", "seat": 1, "card": "4c"}, {"kind": "draw", "seat": 2}])
    {1: 1, 2: 1}
    """
    turns: dict[int, int] = {}
    for record in _hand_records(log):
        if record.get("kind") == "draw":
            turns[record["seat"]] = turns.get(record["seat"], 0) + 1
    return turns


def _other_player(view: Mapping[str, Any], other: int, held: Mapping[str, list[str]],
                  turns: int, refused: Mapping[str, list[str]]) -> dict[str, Any]:
    """What the request tells of seat ``other``: its hand size and drop from the view, the cards
    it is known to hold, the turns it has played and the cards it turned down from the log.
    """
    return {"hand_size": view["hand_sizes"][other], "dropped": view["dropped"][other],
            "picked_up": list(held.get("picked_up", [])), "bought": list(held.get("bought", [])),
            "turns": turns, "discarded": list(refused.get("discarded", [])),
            "passed": list(refused.get("passed", []))}


def advice_request(view: Mapping[str, Any], log: Mapping[str, Any]) -> dict[str, Any] | None:
    """The body of ``POST /v1/continental/advice`` for what the seat of ``view`` decides now, from
    its ``view`` and its ``log`` answer (``log``: its redacted log, ``config``: the configuration
    it may see); ``None`` when the seat has nothing to decide (module text). The seat's advice
    in a game is a coach's: it asks for expected points (``objective``), so that each move can be
    priced against the advised one.
    """
    decisions = {action["type"] for action in view["legal_actions"]}
    if not decisions:
        return None
    seat = view["seat"]
    drawn = not decisions & BEFORE_THE_DRAW
    pile, held = known_cards(log["log"], seat, GameConfig.from_dict(log["config"]))
    top = None if drawn else view["discard_top"]
    request: dict[str, Any] = {
        "hand": list(view["hand"]), "hand_number": view["hand_number"],
        "dropped": view["dropped"][seat], "drawn": drawn,
        "table": [list(meld["cards"]) for meld in view["table"]]}
    if top is not None:
        request["discard_top"] = top
    request["discards"] = pile
    turns = turns_played(log["log"])
    refused = refused_cards(log["log"], GameConfig.from_dict(log["config"]))
    request["other_players"] = [_other_player(view, other, held.get(other, {}), turns.get(other, 0),
                                              refused.get(other, {}))
                                for other in _after(seat, len(view["hand_sizes"]))]
    if OFFERED in decisions:
        request["offer"] = OFFERED
    request["objective"] = "expected_points"
    return request | {"ruleset": view["ruleset"], "options": dict(log["config"].get("options") or {})}
