"""The Ramchi solver's answers as JSON: the work of each advice route, as plain functions a
solver process can run (:mod:`api.pool`).

Each takes the checked, parsed input of its route and a ``deadline`` (:mod:`solver.budget`)
and returns the answer as JSON-ready data (:func:`api.answers.answer`: the result's fields,
cards as codes), so that only plain data crosses between the serving process and the solver
process. Reading the request (cards, rulesets, limits) happens before, in the route.

>>> from rulesets.cards import parse_cards
>>> from solver.budget import NO_LIMIT
>>> hand = parse_cards("As Ad Ah Kc Kd Kh 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Qh")
>>> advice(hand, None, deadline=NO_LIMIT, objective="maximin")["combinations"][0]["name"]
'Three Aces'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from api.answers import answer
from rulesets.cards import Card
from solver.budget import Deadline
from solver.ramchi.advice import advise
from solver.ramchi.hindsight import hindsight
from solver.ramchi.trainer import score_lineup

__all__ = ["advice", "hindsight_review", "trainer_score"]


def advice(hand: Sequence[Card], up_card: Card | None, *, deadline: Deadline,
           **settings: Any) -> dict[str, Any]:
    """:func:`solver.ramchi.advice.advise` by ``deadline``, as JSON."""
    result: dict[str, Any] = answer(advise(hand, up_card, deadline=deadline, **settings))
    return result


def hindsight_review(hand: Sequence[Card], seat: int, dealer: int, *, deadline: Deadline,
                     **settings: Any) -> dict[str, Any]:
    """:func:`solver.ramchi.hindsight.hindsight` by ``deadline``, as JSON."""
    result: dict[str, Any] = answer(hindsight(hand, seat, dealer, deadline=deadline, **settings))
    return result


def trainer_score(hand: Sequence[Card], up_card: Card | None, lineup: Sequence[Sequence[Card]], *,
                  deadline: Deadline, **settings: Any) -> dict[str, Any]:
    """:func:`solver.ramchi.trainer.score_lineup` by ``deadline``, as JSON."""
    result: dict[str, Any] = answer(score_lineup(hand, up_card, lineup, deadline=deadline, **settings))
    return result
