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
from rulesets.continental.hand_scores import seat_score
from rulesets.continental.melds import Meld, Run, Trio
from rulesets.continental.options import ContinentalOptions
from rulesets.log import Record
from solver.budget import Deadline
from solver.continental.advice import table_meld
from solver.continental.advised_action import advised_request, record_request
from solver.continental.alternatives import Kind
from solver.continental.expected import ExpectedPoints, PricedAlternative
from solver.continental.expected_advice import ObjectiveAdvice, advise_by_objective
from solver.continental.results import ContinentalAdvice

__all__ = ["advice", "advice_json", "contract_json", "expected_json", "meld_json", "objective_json"]


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


def named_copies(hand: Sequence[Card], written: Sequence[str]) -> dict[Card, Card]:
    """The copy each card of ``hand`` is named by in an action body: the copy ``written`` (the
    hand as the request wrote it) gives it (``7c#2``); none written, or ``#0``: the first copy.

    >>> from rulesets.cards import parse_cards
    >>> hand = parse_cards("7c 7c", decks=2)
    >>> [card.id for card in named_copies(hand, ["7c#2", "7c"]).values()]
    ['7c#2', '7c#1']
    """
    return {card: dataclasses.replace(card, copy=copy_number(token))
            for card, token in zip(hand, written, strict=False)  # none written: first copies
            if copy_number(token) >= 1}  # "#0" names no copy: the first is named


def hand_score(advice: ContinentalAdvice, options: ContinentalOptions | None = None) -> int:
    """The points the advised turn scores should the hand end with it, by the rules' own
    scoring (:func:`rulesets.continental.hand_scores.seat_score`): the points left in hand, or
    for going out 0, or the same-turn bonus (-10) when the turn also drops the contract.
    """
    same_turn = advice.goes_out and not advice.dropped and bool(advice.drop)
    return seat_score(advice.points_left, advice.goes_out, same_turn, options or ContinentalOptions())


def advice_json(advice: ContinentalAdvice, hand: Sequence[Card],
                table: Sequence[Sequence[Card]] = (), *, offer: bool = False,
                written: Sequence[str] = (), options: ContinentalOptions | None = None) -> dict[str, Any]:
    """The whole advice as the API answers it: ``hand`` is echoed as codes, after the contract;
    the advised step is given as action bodies (``action``, ``buy_action``) from the advisor
    bot's own mapping, ``table`` (the table melds advised on) telling a joker swap from a lay-off.
    With ``offer`` (the top discard is offered for sale to the seat out of its turn) the
    ``action`` is the buy or the pass advised: the decision the seat faces. ``written`` is the
    hand as the request wrote it: an action names each card of the hand as written there (``7c#2``,
    the copy a game's seat holds), so that the seat can send it as it is. ``hand_score`` follows
    ``goes_out``: the turn's score should the hand end with it (:func:`hand_score`, by ``options``).
    """
    body: dict[str, Any] = answer(advice, forms=FORMS, digits=DIGITS)
    score = hand_score(advice, options)
    body = {key: value for field, item in body.items()
            for key, value in ((field, item), *((("hand_score", score),) if field == "goes_out" else ()))}
    melds = [table_meld(cards, i) for i, cards in enumerate(table)]
    named = named_copies(hand, written)
    buy_action = None if advice.buy is None else advised_request(advice, melds, offer=True)
    advised = {"action": buy_action if offer else advised_request(advice, melds, named=named),
               "buy_action": buy_action}
    last = {key: body.pop(key) for key in ("explanation", "solve_ms")}
    return {"contract": body.pop("contract"), "hand": [card.code for card in hand]} | body | advised | last


PRICED_KINDS = frozenset({Kind.DISCARD, Kind.DROP})
"""The alternatives a discard ranking entry stands for: the discard of the turn as the ranking
plays it (before the drop a discard alone, with the drop the discard after it)."""


def objective_json(told: ObjectiveAdvice, hand: Sequence[Card],
                   table: Sequence[Sequence[Card]] = (), *, offer: bool = False,
                   written: Sequence[str] = (), options: ContinentalOptions | None = None) -> dict[str, Any]:
    """The advice of an objective as the API answers it: the exact advice's fields
    (:func:`advice_json`), the ``objective`` answered (and its ``objective_note`` when it is
    not the one asked), the priced alternatives (``expected_points``, null for ``distance``),
    and each discard ranking entry's ``expected_points`` and ``danger`` when its card was priced.
    With expected points the ``action`` (and on a buy offer ``buy_action``) is the advised
    alternative's.
    """
    body = advice_json(told.advice, hand, table, offer=offer, written=written, options=options)
    named = named_copies(hand, written)
    priced = told.expected
    extra: dict[str, Any] = {"objective": told.objective.value, "objective_note": told.note,
                             "expected_points": None if priced is None else expected_json(priced, named)}
    if priced is not None:
        action = record_request(priced.choice.alternative.action, named)
        body["action"] = action
        if offer:
            body["buy_action"] = action
    by_card: dict[str, PricedAlternative] = {}
    for option in () if priced is None else priced.alternatives:
        card = option.alternative.card
        if card is not None and option.alternative.kind in PRICED_KINDS:
            by_card.setdefault(card.code, option)
    body["discard_ranking"] = [
        entry | {"expected_points": None if (p := by_card.get(entry["card"])) is None else p.expected_points,
                 "danger": None if p is None else p.danger}
        for entry in body["discard_ranking"]]
    body["explanation"] = told.explanation
    last = {key: body.pop(key) for key in ("explanation", "solve_ms")}
    return body | extra | last


def expected_json(priced: ExpectedPoints, named: dict[Card, Card] | None = None) -> dict[str, Any]:
    """The priced decision as JSON: its step, samples, seed, completeness and time, and each
    alternative, the advised one first, its actions as request bodies (cards as ``named``).
    """
    return {"step": priced.step.value, "samples": priced.samples, "seed": priced.seed,
            "turns": priced.turns, "complete": priced.complete, "solve_ms": priced.solve_ms,
            "alternatives": [_alternative_json(option, named or {}) for option in priced.alternatives]}


def _alternative_json(option: PricedAlternative, named: dict[Card, Card]) -> dict[str, Any]:
    alternative = option.alternative
    actions: list[Record] = list(alternative.records)
    return {"kind": alternative.kind.value,
            "card": None if alternative.card is None else alternative.card.code,
            "action": record_request(alternative.action, named),
            "actions": [record_request(record, named) for record in actions],
            "expected_points": option.expected_points, "standard_error": option.standard_error,
            "points_lost": option.points_lost, "difference_error": option.difference_error,
            "danger": option.danger, "danger_error": option.danger_error,
            "samples": option.samples, "verdict": option.verdict, "why": option.why,
            "advised": option.advised, "distance_choice": alternative.distance_choice}


def advice(hand: Sequence[Card], *, deadline: Deadline, offer: bool = False,
           written: Sequence[str] = (), **settings: Any) -> dict[str, Any]:
    """:func:`solver.continental.expected_advice.advise_by_objective` by ``deadline``, as JSON
    (``offer``: the seat answers a buy offer; ``written``: the hand as the request wrote it; the
    settings are that function's: ``objective``, ``samples``, ``seed``, the table, the others;
    see :func:`objective_json`).
    """
    told = advise_by_objective(hand, deadline=deadline, offer=offer, **settings)
    return objective_json(told, hand, settings.get("table", ()), offer=offer, written=written,
                          options=settings.get("options"))
