"""What each seat (and the public) may see of a Ramchi game, as JSON-ready dicts.

Hands and arrangements are private until played; a hand's deck order is
revealed once the hand is over. :func:`public_view` and :func:`seat_view`
describe the current state; :func:`redacted_log` hides what is not yet public
in the log (everything is shown for hands that are over).

>>> from rulesets.ramchi.config import GameConfig
>>> game = RamchiGame(GameConfig.create(seed=5, dealer=0))
>>> view = seat_view(game, 1)
>>> view["phase"], view["awaiting"], len(view["hand"]), "hand" in public_view(game)
('exchange', [1], 17, False)
>>> redacted_log(game)[0]["deck"] is None
True
"""

from __future__ import annotations

from typing import Any

from rulesets.jsonable import jsonable
from rulesets.legal_actions import legal_action_dicts
from rulesets.log import Record, record_to_dict
from rulesets.ramchi.deal import deal
from rulesets.ramchi.game import RamchiGame
from rulesets.ramchi.records import Arrange, HandDealt, HandEnded, RoundPlayed

__all__ = ["public_view", "redacted_log", "seat_view"]


def _hand_blocks(log: list[Record]) -> list[tuple[int, list[Record]]]:
    """Split the log into hands: each block starts with its ``HandDealt``."""
    blocks: list[tuple[int, list[Record]]] = []
    for record in log:
        if isinstance(record, HandDealt):
            blocks.append((record.hand, []))
        blocks[-1][1].append(record)
    return blocks


def _last_hand(game: RamchiGame) -> dict[str, Any] | None:
    """The events of the latest hand that is over (all public), or ``None``."""
    for number, records in reversed(_hand_blocks(game.log)):
        if any(isinstance(r, HandEnded) for r in records):
            events = [record_to_dict(r) for r in records if not r.is_action]
            return {"hand": number, "events": events}
    return None


def _known_two_of_diamonds_holder(game: RamchiGame) -> int | None:
    """Who holds the 2♦, when the table knows it: only when there is an exchange to decide.

    The holder's decision (exchange or keep) is made in the open; with the
    exchange off, who holds the 2♦ is as hidden as any other card in a hand.
    """
    return game.two_of_diamonds_holder if game.options.exchange else None


def public_view(game: RamchiGame) -> dict[str, Any]:
    """Describe what everyone at the table sees.

    Keys: ``phase hand_number hands dealer chips up_card face_up exchanged
    two_of_diamonds_holder awaiting arranged rounds last_hand is_over ruleset``.
    ``rounds`` lists every round played so far in the game (each names its hand);
    they are public once played.
    """
    rounds = [r for r in game.log if isinstance(r, RoundPlayed)]
    return {
        "ruleset": game.config.ruleset,
        "phase": game.phase.value,
        "is_over": game.is_over,
        "hand_number": game.hand_number,
        "hands": game.config.hands,
        "dealer": game.dealer,
        "chips": list(game.chips),
        "up_card": game.up_card.code,
        "face_up": jsonable(game.face_up),
        "exchanged": game.exchanged,
        "two_of_diamonds_holder": _known_two_of_diamonds_holder(game),
        "awaiting": list(game.awaited()),
        "arranged": [a is not None for a in game.arrangements],
        "rounds": [record_to_dict(r) for r in rounds],
        "last_hand": _last_hand(game),
    }


def seat_view(game: RamchiGame, seat: int) -> dict[str, Any]:
    """Describe what ``seat`` sees: the public view plus its own cards and arrangement, and what
    it may do now.

    Extra keys: ``seat hand arrangement discards legal_actions`` (``arrangement`` is
    ``None`` until the seat has arranged; ``hand`` is empty afterwards). ``legal_actions``
    lists the requests the seat may send now (:func:`rulesets.ramchi.legal.legal_actions`):
    the exchange and keep for the 2♦ holder, or one ``arrange`` whose ``choose`` says
    which combinations to give; empty while the game does not wait for the seat.

    >>> from rulesets.ramchi.config import GameConfig
    >>> game = RamchiGame(GameConfig.create(seed=5, dealer=0))
    >>> seat_view(game, 1)["legal_actions"], seat_view(game, 0)["legal_actions"]
    ([{'type': 'exchange'}, {'type': 'keep'}], [])
    """
    arrangement = game.arrangements[seat]
    return public_view(game) | {
        "seat": seat,
        "hand": jsonable(game.hands[seat]),
        "arrangement": jsonable(arrangement.cards) if arrangement is not None else None,
        "discards": jsonable(game.discards[seat]),
        "legal_actions": legal_action_dicts(game.legal_actions(seat)),
    }


def _redact(record: Record, seat: int | None) -> dict[str, Any]:
    """Hide the private part of one record of a hand still running."""
    data = record_to_dict(record)
    if isinstance(record, HandDealt):
        dealt = deal(record.deck, record.dealer)
        data["deck"] = None
        data["up_card"] = dealt.up_card.code
        if seat is not None:
            data["cards"] = jsonable(dealt.hands[seat])
    elif isinstance(record, Arrange) and record.seat != seat:
        data["combinations"] = None
    return data


def redacted_log(game: RamchiGame, seat: int | None = None, start: int = 0) -> list[dict[str, Any]]:
    """Return the log from record ``start`` on as dicts, hiding what ``seat`` may not see yet.

    ``seat`` ``None`` is the public. This is the one redaction every log, action
    answer and event list sent to a seat goes through: while a hand runs its
    deck is hidden (a seat gets its own dealt ``cards`` and the ``up_card``
    instead) and other seats' ``arrange`` records show ``combinations: None``.
    Hands that are over are shown in full. ``start`` keeps the redaction of the
    whole log (a hand's records are judged by whether that hand is over now).

    >>> from rulesets.ramchi.config import GameConfig
    >>> game = RamchiGame(GameConfig.create(hands=2, seed=5, dealer=0))
    >>> game.do_keep(1)
    >>> for seat in range(3):
    ...     game.do_arrange(seat, [])
    >>> [r["kind"] for r in redacted_log(game, 0, start=4)]
    ['arrange', 'hand_ended', 'hand_dealt']
    >>> new_hand = redacted_log(game, 0, start=6)[0]
    >>> new_hand["deck"], len(new_hand["cards"])
    (None, 17)
    """
    out: list[dict[str, Any]] = []
    index = 0
    for _, records in _hand_blocks(game.log):
        over = any(isinstance(r, HandEnded) for r in records)
        for record in records:
            if index >= start:
                out.append(record_to_dict(record) if over else _redact(record, seat))
            index += 1
    return out
