"""Ramchi at a real table over HTTP: score a hand from the lineups shown (``POST /v1/ramchi/score``).

The rules are :func:`rulesets.ramchi.table_score.score_table`; this module reads the cards
(each card as given: a card given twice is the rules' to refuse, with every other problem) and
writes a refusal as one ``409 illegal_lineups`` problem whose ``errors`` point at each fault.

>>> pointer(("lineups", 1, 2, 0))
'/lineups/1/2/0'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from api.blueprint import Blueprint
from api.cardinput import read_cards_as_given
from api.errors import PROBLEM_MEDIA_TYPE, ApiProblem
from api.ramchi.score_schemas import TableScoreProblemSchema, TableScoreRequestSchema, TableScoreSchema
from api.ruleset_input import ruleset_options
from api.schemas import PROBLEM
from rulesets.cards import Card
from rulesets.jsonable import jsonable
from rulesets.ramchi.kind import RAMCHI
from rulesets.ramchi.table_score import TableScoreError, score_table

__all__ = ["blp", "pointer"]

blp = Blueprint("ramchi_score", __name__, url_prefix="/v1/ramchi",
                description="Ramchi played with real cards: score a hand from the lineups shown.")

EXAMPLES = {
    "three_rounds": {
        "summary": "Three seats, dealer 2: seat 0 leads round 1; seat 2 runs out after round 2",
        "value": {"lineups": [[["7s", "7d", "7h"], ["Kc", "9c", "4c"]],
                              [["Ah", "Ad", "Ac"], ["4s", "5d", "6h"], ["Qd", "8c", "3h"]],
                              [["Ks", "Qs", "Js"]]],
                  "dealer": 2}},
    "tie": {
        "summary": "Equal straights A-2-3: seat 0 leads and wins, a tie going to the one played first",
        "value": {"lineups": [[["Ah", "2d", "3c"]], [["As", "2h", "3d"]], [["Kc", "Qd", "Jh"]]],
                  "dealer": 2}},
}
"""The example requests (every one is answered 200)."""


def pointer(path: Sequence[str | int]) -> str:
    """The JSON pointer of a place in the request (``("lineups", 1, 2)`` is ``/lineups/1/2``)."""
    return "".join(f"/{part}" for part in path)


def _refusal(err: TableScoreError) -> ApiProblem:
    """Every problem of the lineups in one 409, each pointing at its place in the request."""
    errors = [{"pointer": pointer(problem.path), "detail": problem.message, "seat": problem.seat,
               "code": problem.code, "rule": problem.rule or ""} for problem in err.problems]
    return ApiProblem(err.code, err.message, status=409, errors=errors,  # type: ignore[arg-type]  # seat: an int
                      extra={"rule": err.rule})


def _read(lists: Sequence[Sequence[str]], where: str) -> list[tuple[Card, ...]]:
    return [read_cards_as_given(tokens, f"{where}/{i}") for i, tokens in enumerate(lists)]


ANSWERS = {"tie": {
    "summary": "The tie: seat 0 played first and wins the round",
    "value": {
        "rounds": [{"number": 1, "leader": 0, "plays": [
            {"seat": 0, "cards": ["Ah", "2d", "3c"], "name": "Straight A-2-3", "strength": 559},
            {"seat": 1, "cards": ["As", "2h", "3d"], "name": "Straight A-2-3", "strength": 559},
            {"seat": 2, "cards": ["Kc", "Qd", "Jh"], "name": "Straight K-Q-J", "strength": 556}],
            "winner": 0,
            "why": "seat 0 wins: Straight A-2-3 ties seat 1's Straight A-2-3, and a tie goes to the "
                   "combination played first; it beats seat 2's Straight K-Q-J",
            "chips": [2, -1, -1], "out": []}],
        "chips": [2, -1, -1], "next_dealer": 0,
        "summary": "chips: seat 0 +2, seat 1 −1, seat 2 −1; seat 0 won the last round (round 1) and "
                   "deals next",
        "four_of_a_kind": None, "discards": None}}}
"""The answer to the example request of the same name (``tests/api/test_openapi_examples.py``)."""


@blp.route("/score", methods=["POST"])
@blp.arguments(TableScoreRequestSchema, examples=EXAMPLES)
@blp.response(200, TableScoreSchema, examples=ANSWERS)
@blp.alt_response(409, schema=TableScoreProblemSchema, content_type=PROBLEM_MEDIA_TYPE,
                  description="The lineups (or hands) cannot have been played (illegal_lineups): "
                  "every problem is in `errors`, each with its seat, its place (`pointer`), its "
                  "code and the rule: more than five combinations, a combination that is not "
                  "three cards or no combination, a card twice or in two lineups, a lineup not "
                  "strongest first, a card not in the seat's hand, a hand not of 17 cards.")
@blp.alt_response(422, description="A malformed body: not three lineups (or hands), a "
                  "dealer that is no seat, an unreadable card, an unknown ruleset option.",
                  **PROBLEM)
def score(body: dict[str, Any]) -> dict[str, Any]:
    """Score a hand played at a real table: the rounds, each seat's chips and the next dealer.

    Give each seat's lineup as it was played (its combinations strongest first) and the dealer;
    the rules play the hand out as the referee does: round 1 is led by the seat after the
    dealer, each later round by the previous winner; the strongest combination wins (a tie goes
    to the one played first, or last under `tie_goes_to`), and round k pays k chips from each
    other seat (players who have run out pay too, unless `out_players_pay` is off). With
    `hands`, the discards are derived, and a four of a kind wins the hand outright.
    """
    lineups = [_read(lineup, f"/lineups/{seat}") for seat, lineup in enumerate(body["lineups"])]
    hands = _read(body["hands"], "/hands") if body.get("hands") is not None else None
    options = ruleset_options(body, RAMCHI.name, RAMCHI.title)
    try:
        scored = score_table(lineups, body["dealer"], hands=hands, options=options)
    except TableScoreError as err:
        raise _refusal(err) from None
    result: dict[str, Any] = jsonable(scored)
    return result
