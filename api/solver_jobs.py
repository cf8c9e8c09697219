"""The solver work of each API route, as plain functions a solver process can run.

Each takes the checked, parsed input of its route and a ``deadline`` (:mod:`solver.budget`)
and returns the answer as JSON-ready data, so that only plain data crosses between the
serving process and the solver process (:mod:`api.pool`). Reading the request (cards,
rulesets, limits) happens before, in the route; the rules and solvers are called here.

>>> from rulesets.cards import parse_cards
>>> from solver.budget import NO_LIMIT
>>> hand = parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh")
>>> ramchi_advice(hand, None, deadline=NO_LIMIT, objective="maximin")["combinations"][0]["name"]
'Three Aces'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from api.continental import advice_json
from rulesets.cards import Card
from rulesets.jsonable import jsonable
from solver.budget import Deadline
from solver.continental.advice import advise as continental_advise
from solver.ramchi.advice import advise
from solver.ramchi.hindsight import hindsight
from solver.ramchi.trainer import score_lineup

__all__ = ["continental_advice", "ramchi_advice", "ramchi_hindsight", "ramchi_trainer"]


def _timed(result: Any) -> dict[str, Any]:
    answer: dict[str, Any] = jsonable(result) | {"solve_ms": round(result.solve_ms, 1)}
    return answer


def ramchi_advice(hand: Sequence[Card], up_card: Card | None, *, deadline: Deadline,
                  **settings: Any) -> dict[str, Any]:
    """:func:`solver.ramchi.advice.advise` by ``deadline``, as JSON."""
    return _timed(advise(hand, up_card, deadline=deadline, **settings))


def ramchi_hindsight(hand: Sequence[Card], seat: int, dealer: int, *, deadline: Deadline,
                     **settings: Any) -> dict[str, Any]:
    """:func:`solver.ramchi.hindsight.hindsight` by ``deadline``, as JSON."""
    return _timed(hindsight(hand, seat, dealer, deadline=deadline, **settings))


def ramchi_trainer(hand: Sequence[Card], up_card: Card | None, lineup: Sequence[Sequence[Card]], *,
                   deadline: Deadline, **settings: Any) -> dict[str, Any]:
    """:func:`solver.ramchi.trainer.score_lineup` by ``deadline``, as JSON."""
    return _timed(score_lineup(hand, up_card, lineup, deadline=deadline, **settings))


def continental_advice(hand: Sequence[Card], *, deadline: Deadline, **settings: Any) -> dict[str, Any]:
    """:func:`solver.continental.advice.advise` by ``deadline``, as JSON."""
    return advice_json(continental_advise(hand, deadline=deadline, **settings), hand,
                       settings.get("table", ()))
