"""What each seat (and the public) may see of a Continental game, as JSON-ready dicts.

Hands and the stock are private; the table and the discard pile are face up.
:func:`public_view` and :func:`seat_view` describe the current state;
:func:`redacted_log` hides what is not yet public in the log. As in Ramchi, a
hand's records are shown in full once that hand is over (its deck, reshuffles,
penalty cards and the card of every stock draw then tell nothing about the hands to come).

>>> from rulesets.continental.config import GameConfig
>>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
>>> view = seat_view(game, 1)
>>> view["step"], view["current"], len(view["hand"]), "hand" in public_view(game)
('draw', 1, 7, False)
>>> redacted_log(game)[0]["deck"] is None
True
"""

from __future__ import annotations

from typing import Any

from rulesets.cards import Card
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.game import ContinentalGame
from rulesets.continental.melds import Meld, Trio
from rulesets.continental.records import (
    CardBought,
    Draw,
    GameEnded,
    HandDealt,
    HandEnded,
    StockReshuffled,
)
from rulesets.continental.values import DrawSource
from rulesets.jsonable import jsonable
from rulesets.legal_actions import legal_action_dicts, request_body
from rulesets.log import Record, record_to_dict

__all__ = ["HIDDEN", "as_request", "legal_requests", "public_view", "redacted_log", "seat_view",
           "sorted_hand"]

HIDDEN = "hidden"
"""What a redacted log writes for a card it hides from the seat reading it (another seat's penalty
card while the hand runs): never ``None``, which would read as "no card"."""


def sorted_hand(cards: tuple[Card, ...] | list[Card]) -> list[Card]:
    """The cards sorted for display: by suit (clubs, diamonds, hearts, spades), then rank, jokers last.

    >>> from rulesets.cards import parse_cards
    >>> [c.code for c in sorted_hand(parse_cards("Jk As 2s Kc", jokers=True))]
    ['Kc', '2s', 'As', 'Jk']
    """
    return sorted(cards, key=lambda c: (c.is_joker, c.suit or 0, c.rank or 0, c.copy))


def _meld_view(index: int, owner: int, meld: Meld) -> dict[str, Any]:
    """One table meld: owner, kind, cards, and the rank every card (joker or not) stands for.

    ``ranks`` holds rank characters (``T`` for ten), never card codes; a run's
    ``suit`` is a suit character (``h``).
    """
    if isinstance(meld, Trio):
        return {"index": index, "owner": owner, "kind": "trio", "rank": meld.rank.char, "suit": None,
                "cards": jsonable(meld.cards), "ranks": [meld.rank.char] * len(meld),
                "text": meld.text}
    return {"index": index, "owner": owner, "kind": "run", "rank": None, "suit": meld.suit.char,
            "cards": jsonable(meld.cards), "ranks": [rank.char for rank in meld.ranks],
            "text": meld.text}


def public_view(game: ContinentalGame) -> dict[str, Any]:
    """Describe what everyone at the table sees; never a card of a hand or of the stock.

    Keys: ``ruleset hands hand_number contract dealer current step is_over
    awaiting buy_window table discard_top discard_size stock_size hand_sizes dropped
    scores totals winners``. ``step`` is ``draw``, ``play`` or ``game_over``;
    ``buy_window`` is ``None`` or the offered ``card`` and the seats that ``may_answer``;
    ``scores`` lists the scores of each hand that is over.

    >>> from rulesets.continental.config import GameConfig
    >>> game = ContinentalGame(GameConfig.create(players=3, hands=1, seed=5, dealer=0))
    >>> game.do_draw(1, "stock")
    >>> view = public_view(game)
    >>> view["contract"]["name"], view["step"], view["buy_window"]["may_answer"], view["hand_sizes"]
    ('2 trios', 'play', [2, 0], [7, 8, 7])
    """
    contract = CONTRACTS[game.hand_number]
    ends = [r for r in game.log if isinstance(r, HandEnded)]
    winners = [r.winners for r in game.log if isinstance(r, GameEnded)]
    top = game.top_discard
    window = None
    if game.window:
        window = {"card": jsonable(top), "may_answer": list(game.buyers_to_answer()),
                  "answers": list(game.answers)}
    return {
        "ruleset": game.config.ruleset,
        "hands": game.config.hands,
        "hand_number": game.hand_number,
        "contract": {"name": contract.name, "trios": contract.trios, "runs": contract.runs,
                     "cards_dealt": contract.cards_dealt},
        "dealer": game.dealer,
        "current": None if game.is_over else game.current,
        "step": game.phase.value,
        "is_over": game.is_over,
        "awaiting": list(game.awaited()),
        "buy_window": window,
        "table": [_meld_view(i, owner, meld)
                  for i, (owner, meld) in enumerate(zip(game.owners, game.table, strict=True))],
        "discard_top": jsonable(top),
        "discard_size": len(game.discards),
        "stock_size": len(game.stock),
        "hand_sizes": [len(hand) for hand in game.hands],
        "dropped": list(game.dropped),
        "scores": [list(r.scores) for r in ends],
        "totals": list(game.totals),
        "winners": list(winners[0]) if winners else None,
    }


def as_request(action: Record) -> dict[str, Any]:
    """An action record as the request body that asks for it (``type`` and fields, no seat):
    :func:`rulesets.legal_actions.request_body`.

    >>> from rulesets.continental.records import Draw
    >>> as_request(Draw(1, "stock"))
    {'type': 'draw', 'source': 'stock'}
    """
    return request_body(action)


def legal_requests(game: ContinentalGame, seat: int) -> list[dict[str, Any]]:
    """Every action ``seat`` may take now, as request bodies (:mod:`rulesets.continental.legal`).

    Each draw, buy, pass, lay-off, joker swap, joker move and discard is listed
    (a discard once per card held). A drop is listed once, first, when the seat's
    hand can lay the contract down now: its ``melds`` are one drop the hand can
    make, and its ``choose`` says what the player may choose instead (the advisor
    finds the best).

    >>> from rulesets.continental.config import GameConfig
    >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
    >>> legal_requests(game, 1), legal_requests(game, 0)
    ([{'type': 'draw', 'source': 'stock'}, {'type': 'draw', 'source': 'discard'}], [])
    """
    return legal_action_dicts(game.legal_actions(seat))


def seat_view(game: ContinentalGame, seat: int) -> dict[str, Any]:
    """Describe what ``seat`` sees: the public view plus ``seat``, its own ``hand`` (sorted) and
    its ``legal_actions`` now (:func:`legal_requests`).

    >>> from rulesets.continental.config import GameConfig
    >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
    >>> seat_view(game, 0)["hand"]
    ['2c#2', '5c', 'Qc#2', '2h', '4h', '7h#2', 'Qh']
    """
    return public_view(game) | {"seat": seat, "hand": jsonable(sorted_hand(game.hands[seat])),
                                "legal_actions": legal_requests(game, seat)}


def _hand_blocks(log: list[Record]) -> list[tuple[bool, list[tuple[int, Record]]]]:
    """Split the log into blocks, each with whether it is over and its indexed records.

    Records before the first ``HandDealt`` (the public draw for the dealer) form a
    block that counts as over; every other block starts with its ``HandDealt``.
    """
    blocks: list[tuple[bool, list[tuple[int, Record]]]] = [(True, [])]
    for index, record in enumerate(log):
        if isinstance(record, HandDealt):
            blocks.append((False, []))
        blocks[-1][1].append((index, record))
    return [(over or any(isinstance(r, HandEnded) for _, r in records), records)
            for over, records in blocks if records]


def stock_draws(log: list[Record], players: int) -> dict[int, Card]:
    """The card each stock ``Draw`` of ``log`` took, by the draw's index in the log.

    Follows the stock from each ``HandDealt`` deck, through penalty cards and
    reshuffles (a draw from an empty stock takes the top of the reshuffle logged
    after it; a draw that ends the hand takes nothing).

    >>> from rulesets.continental.config import GameConfig
    >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
    >>> game.do_draw(1, "stock")
    >>> stock_draws(game.log, 2) == {1: game.hands[1][-1]}
    True
    """
    drawn: dict[int, Card] = {}
    stock: list[Card] = []
    pending: int | None = None
    for index, record in enumerate(log):
        if isinstance(record, HandDealt):
            dealt = players * CONTRACTS[record.hand].cards_dealt
            stock, pending = list(record.deck[dealt + 1:]), None
        elif isinstance(record, Draw) and record.source == DrawSource.STOCK:
            if stock:
                drawn[index] = stock.pop(0)
            else:
                pending = index
        elif isinstance(record, StockReshuffled):
            stock = list(record.stock)
            if pending is not None and stock:
                drawn[pending] = stock.pop(0)
            pending = None
        elif isinstance(record, CardBought) and record.penalty is not None and stock:
            stock.pop(0)
    return drawn


def _record_for(record: Record, seat: int | None, players: int, drawn: Card | None, *,
                over: bool) -> dict[str, Any]:
    """One record as ``seat`` (``None``: the public) may see it: in full once its hand is over,
    else with the private part hidden.

    A stock ``draw`` has one shape: it names the card it took (``drawn``; none when the stock
    was empty and the hand ended) to whoever may know it: the drawing seat while the hand
    runs, everyone once the hand is over.
    """
    data = record_to_dict(record)
    if isinstance(record, Draw):
        if drawn is not None and (over or record.seat == seat):
            data["card"] = jsonable(drawn)
        return data
    if over:
        return data
    if isinstance(record, HandDealt):
        dealt = players * CONTRACTS[record.hand].cards_dealt
        data["deck"] = None
        data["up_card"] = jsonable(record.deck[dealt])
        if seat is not None:
            first = (seat - record.dealer - 1) % players
            data["cards"] = jsonable(record.deck[first:dealt:players])
    elif isinstance(record, CardBought):
        if record.seat != seat and record.penalty is not None:
            data["penalty"] = HIDDEN
    elif isinstance(record, StockReshuffled):
        data["stock"] = None
        data["size"] = len(record.stock)
    return data


def redacted_log(game: ContinentalGame, seat: int | None = None, start: int = 0) -> list[dict[str, Any]]:
    """Return the log from record ``start`` on as dicts, hiding what ``seat`` may not see yet.

    ``seat`` ``None`` is the public. This is the one redaction every log, action
    answer and event list sent to a seat goes through. While a hand runs:

    - ``hand_dealt`` shows ``deck: None``, the face-up ``up_card`` and, for a seat,
      its own dealt ``cards``;
    - a stock ``draw`` by ``seat`` itself names the ``card`` it drew (others' draws
      name no card);
    - ``card_bought`` shows ``penalty: "hidden"`` (:data:`HIDDEN`) to all but the buyer
      (the bought card itself was the face-up discard; ``None`` is only ever a penalty
      the stock could not give, and that ends the hand);
    - ``stock_reshuffled`` shows ``stock: None`` and the new stock's ``size``.

    Hands that are over are shown in full, to everyone: their decks, reshuffles and
    penalty cards, and every stock ``draw`` with the ``card`` it took (the same record the
    drawing seat saw while the hand ran). ``start`` keeps the redaction of the whole log
    (a hand's records are judged by whether that hand is over now).

    >>> from rulesets.continental.config import GameConfig
    >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
    >>> game.do_draw(1, "stock")
    >>> [sorted(r) for r in redacted_log(game, 1)]
    [['cards', 'dealer', 'deck', 'hand', 'kind', 'up_card'], ['card', 'kind', 'seat', 'source']]
    >>> redacted_log(game, 0, start=1)
    [{'kind': 'draw', 'seat': 1, 'source': 'stock'}]
    """
    draws = stock_draws(game.log, game.players)
    out: list[dict[str, Any]] = []
    for over, records in _hand_blocks(game.log):
        for index, record in records:
            if index >= start:
                out.append(_record_for(record, seat, game.players, draws.get(index), over=over))
    return out
