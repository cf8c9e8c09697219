"""What a Ramchi seat knows now, written as the advice request it would send.

:func:`advice_request` reads only what the seat receives from the service: its view
(:func:`rulesets.ramchi.views.seat_view`) and its log answer (the redacted log with the
configuration it may see), so the request it builds can hold no card the seat may not know.
The request is the body of ``POST /v1/ramchi/advice``:

- while the 2♦ holder decides the exchange: its 17 cards and the up-card (the advice compares
  keeping and exchanging);
- while a seat arranges: its hand (after any exchange) and the card lying face up, with
  ``exchange`` off in the options, the exchange being over for every seat (the advice does not
  compare an exchange that can no longer be made, nor lets a sampled opponent make one);
- otherwise ``None``: the seat has nothing to decide now.

Both give the seat, the dealer, the ruleset and the game's options, and, after another seat
exchanged the 2♦, ``known``: that seat holds the former up-card (:func:`known_cards`), so the
advice never deals it elsewhere (the 2♦ is the card lying face up, out of play).

>>> from rulesets.ramchi.config import GameConfig
>>> from rulesets.ramchi.game import RamchiGame
>>> from rulesets.ramchi.views import seat_view
>>> game = RamchiGame(GameConfig.create(seed=5, dealer=0))
>>> config = {"options": game.config.to_dict()["options"]}
>>> request = advice_request(seat_view(game, 1), {"config": config})
>>> len(request["hand"]), request["up_card"] == game.up_card.code, request["seat"], request["dealer"]
(17, True, 1, 0)
>>> advice_request(seat_view(game, 0), {"config": config}) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["advice_request", "known_cards"]

EXCHANGE_DECISIONS = frozenset({"exchange", "keep"})
"""The action types of the 2♦ holder's decision."""

ARRANGING = "arrange"


def advice_request(view: Mapping[str, Any], log: Mapping[str, Any]) -> dict[str, Any] | None:
    """The body of ``POST /v1/ramchi/advice`` for what the seat of ``view`` decides now, from its
    ``view`` and its ``log`` answer (``config``: the configuration it may see); ``None`` when the
    seat has nothing to decide (module text).
    """
    decisions = {action["type"] for action in view["legal_actions"]}
    options = dict(log["config"].get("options") or {})
    if decisions & EXCHANGE_DECISIONS:
        up_card = view["up_card"]
    elif ARRANGING in decisions:
        up_card = view["face_up"][0]
        options["exchange"] = False
    else:
        return None
    request = {"hand": list(view["hand"]), "up_card": up_card, "seat": view["seat"],
               "dealer": view["dealer"], "ruleset": view["ruleset"], "options": options}
    return request | known_cards(view)


def known_cards(view: Mapping[str, Any]) -> dict[str, Any]:
    """What the seat of ``view`` knows of another seat's hand, as the request's ``known``: after
    another seat exchanged the 2♦, that seat holds the former up-card (everyone saw it taken).

    >>> known_cards({"seat": 0, "exchanged": True, "two_of_diamonds_holder": 2, "up_card": "Jd"})
    {'known': [{'seat': 2, 'cards': ['Jd']}]}
    >>> known_cards({"seat": 2, "exchanged": True, "two_of_diamonds_holder": 2, "up_card": "Jd"})
    {}
    """
    holder = view["two_of_diamonds_holder"]
    if not view["exchanged"] or holder is None or holder == view["seat"]:
        return {}
    return {"known": [{"seat": holder, "cards": [view["up_card"]]}]}
