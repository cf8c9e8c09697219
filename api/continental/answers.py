"""The Continental advisor's answers as JSON: the one form the API and
``ramchi continental advise --json`` give, and the advice route's work as a plain function a
solver process can run (:mod:`api.pool`).

The answer is the result's fields (:func:`api.answers.answer`), with Continental's forms:
cards are written as codes without copy numbers (``7c``, ``Jk``), the advice being about kinds
of card (a request names no copies either); every meld lists its jokers with what each stands
for, a card in a run (``5h``), a rank in a trio (``K``, any suit); a contract its hand (null
for one given as trios and runs) and its name.

>>> from rulesets.cards import parse_cards
>>> from rulesets.continental.melds import make_run, make_trio
>>> meld_json(make_run(parse_cards("4h Jk 6h 7h", jokers=True)))["jokers"]
[{'card': 'Jk', 'position': 1, 'stands_for': '5h'}]
>>> meld_json(make_trio(parse_cards("Kc Kd Jk", jokers=True)))["text"]
'K♣ K♦ Jk(K)'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from api.answers import SOLVE_MS, Forms, answer
from api.cardinput import copy_number
from rulesets.cards import Card
from rulesets.continental.contracts import Contract
from rulesets.continental.melds import Meld, Run, Trio
from solver.budget import Deadline
from solver.continental.advice import advise, table_meld
from solver.continental.advised_action import advised_request
from solver.continental.results import ContinentalAdvice

__all__ = ["advice", "advice_json", "contract_json", "meld_json"]


def meld_json(meld: Meld) -> dict[str, Any]:
    """A trio or a run: its kind, cards (a run lowest first), text, rank or suit, and jokers."""
    cards = [card.code for card in meld.cards]
    if isinstance(meld, Run):
        stands = [f"{rank.char}{meld.suit.char}" for rank in meld.ranks]
        return {"kind": "run", "cards": cards, "text": meld.text, "rank": None,
                "suit": meld.suit.char, "jokers": _jokers(meld.cards, stands)}
    rank = meld.rank.char
    text = " ".join(f"Jk({meld.rank.label})" if card.is_joker else card.pretty for card in meld.cards)
    return {"kind": "trio", "cards": cards, "text": text, "rank": rank, "suit": None,
            "jokers": _jokers(meld.cards, [rank] * len(meld.cards))}


def _jokers(cards: tuple[Card, ...], stands: list[str]) -> list[dict[str, Any]]:
    return [{"card": "Jk", "position": i, "stands_for": stands[i]}
            for i, card in enumerate(cards) if card.is_joker]


def contract_json(contract: Contract) -> dict[str, Any]:
    """The contract: its hand (1-7, null for a contract given as trios and runs) and melds."""
    return {"hand": contract.hand or None, "trios": contract.trios, "runs": contract.runs,
            "name": contract.name}


FORMS: Forms = {Card: lambda card: card.code, Trio | Run: meld_json, Contract: contract_json}
"""How the advice writes what is not a plain field: cards, melds, the contract."""

DIGITS = {**SOLVE_MS, "next_outs": 3}
"""The rounding of the advice: the solver's time, and the outs after the next draw."""


def advice_json(advice: ContinentalAdvice, hand: Sequence[Card],
                table: Sequence[Sequence[Card]] = (), *, offer: bool = False,
                written: Sequence[str] = ()) -> dict[str, Any]:
    """The whole advice as the API answers it: ``hand`` is echoed as codes, after the contract;
    the advised step is given as action bodies (``action``, ``buy_action``) from the advisor
    bot's own mapping, ``table`` (the table melds advised on) telling a joker swap from a lay-off.
    With ``offer`` (the top discard is offered for sale to the seat out of its turn) the
    ``action`` is the buy or the pass advised: the decision the seat faces. ``written`` is the
    hand as the request wrote it: an action names each card of the hand as written there (``7c#2``,
    the copy a game's seat holds), so that the seat can send it as it is.
    """
    body: dict[str, Any] = answer(advice, forms=FORMS, digits=DIGITS)
    melds = [table_meld(cards, i) for i, cards in enumerate(table)]
    named = {card: dataclasses.replace(card, copy=copy_number(token))
             for card, token in zip(hand, written, strict=False)  # none written: first copies
             if copy_number(token) >= 1}  # "#0" names no copy: the first is named
    buy_action = None if advice.buy is None else advised_request(advice, melds, offer=True)
    advised = {"action": buy_action if offer else advised_request(advice, melds, named=named),
               "buy_action": buy_action}
    last = {key: body.pop(key) for key in ("explanation", "solve_ms")}
    return {"contract": body.pop("contract"), "hand": [card.code for card in hand]} | body | advised | last


def advice(hand: Sequence[Card], *, deadline: Deadline, offer: bool = False,
           written: Sequence[str] = (), **settings: Any) -> dict[str, Any]:
    """:func:`solver.continental.advice.advise` by ``deadline``, as JSON (``offer``: the seat
    answers a buy offer; ``written``: the hand as the request wrote it; see :func:`advice_json`).
    """
    return advice_json(advise(hand, deadline=deadline, **settings), hand, settings.get("table", ()),
                       offer=offer, written=written)
