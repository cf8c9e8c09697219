"""Ramchi advice over HTTP: arrange a hand (ev or maximin), post-game hindsight, and the trainer."""

from __future__ import annotations

from typing import Any

from api.blueprint import Blueprint
from api.cardinput import read_cards, without_copies, without_copy
from api.pool import solve
from api.ramchi import answers
from api.ramchi.advice_schemas import (
    AdviceRequestSchema,
    AdviceSchema,
    HindsightRequestSchema,
    HindsightSchema,
)
from api.ramchi.trainer_schemas import TrainerScoreRequestSchema, TrainerScoreSchema
from api.ruleset_input import ruleset_options
from api.schemas import PROBLEM
from rulesets.ramchi.deal import HAND_SIZE
from rulesets.ramchi.kind import RAMCHI
from rulesets.ramchi.options import RamchiOptions
from solver.limits import DEFAULT_TIME_LIMIT_S

blp = Blueprint("advice", __name__, url_prefix="/v1/ramchi",
                description="The solver: how to arrange a hand, and what would have won.")

EXAMPLE_HAND = ["As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c",
                "6h", "2d"]
"""The 17 cards of the example requests."""


def _options(body: dict[str, Any]) -> RamchiOptions:
    options: RamchiOptions = ruleset_options(body, RAMCHI.name, RAMCHI.title)
    return options


@blp.route("/advice", methods=["POST"])
@blp.arguments(AdviceRequestSchema, examples={"maximin": {
    "summary": "The best lineup against every deal (maximin, no sampling)",
    "value": {"hand": EXAMPLE_HAND, "objective": "maximin"}}})
@blp.response(200, AdviceSchema)
@blp.alt_response(422, description="Unreadable cards, a hand that is not 17 distinct cards, an "
                  "up-card in the hand, known cards that cannot be (in your hand, the up-card, "
                  "twice, or of your seat), a mixture with no weight above 0 or naming no opponent "
                  "model (unknown_opponent_model), or a limit exceeded.", **PROBLEM)
@blp.solver_problems()
def advice(body: dict[str, Any]) -> dict[str, Any]:
    """Arrange 17 cards into up to five combinations in play order, with the discards.

    ``ev`` (default) maximises the expected chips against sampled splits of the
    unseen cards (34) between two opponents (``greedy``, ``solver``, ``ev`` or ``mixture``), seeded
    and reproducible; ``maximin`` makes as many combinations as possible, then
    the weakest as strong as possible. With the 2♦ in hand and ``up_card``
    given, keeping and exchanging are compared. A card may carry a copy number (``7c#2``, as
    the views of a game write copies): it is read as the card (``7c``).
    """
    return advise(body)


def advise(body: dict[str, Any]) -> dict[str, Any]:
    """The answer of ``POST /v1/ramchi/advice`` to a loaded ``body``, worked out in the solver pool
    (:func:`api.pool.solve`): the route's work, also the advice of a seat in a game
    (``GET /v1/games/{id}/advice``). Copy numbers are read as the card (``7c#2`` is ``7c``).
    """
    hand = read_cards(without_copies(body["hand"]), "/hand", count=HAND_SIZE, what="hand")
    up_card = None
    if body.get("up_card") is not None:
        up_card = read_cards([without_copy(body["up_card"])], "/up_card", what="up_card")[0]
    known = [(entry["seat"], read_cards(without_copies(entry["cards"]), f"/known/{i}/cards",
                                        what=f"seat {entry['seat']}'s known cards"))
             for i, entry in enumerate(body["known"])]
    answer: dict[str, Any] = solve(
        answers.advice, hand, up_card, what="the Ramchi advice", objective=body["objective"],
        seed=body["seed"], samples=body.get("samples"), opponents=body["opponents"],
        mixture=body.get("mixture"), seat=body["seat"], dealer=body.get("dealer"),
        options=_options(body), time_limit=DEFAULT_TIME_LIMIT_S, known=known)
    return answer


@blp.route("/hindsight", methods=["POST"])
@blp.arguments(HindsightRequestSchema, examples={"three_aces": {
    "summary": "Seat 0 played three Aces; seats 1 and 2 showed their lineups",
    "value": {"hand": EXAMPLE_HAND, "seat": 0, "dealer": 2,
              "lineups": {"1": [["Kd", "Kh", "Ks"]], "2": [["9c", "8c", "7c"]]},
              "played": [["As", "Ad", "Ah"]]}}})
@blp.response(200, HindsightSchema)
@blp.alt_response(422, description="Unreadable cards, overlapping lineups, or lineups that are "
                  "not combinations.", **PROBLEM)
@blp.solver_problems()
def hindsight_review(body: dict[str, Any]) -> dict[str, Any]:
    """The lineup a seat should have played against the others' lineups as actually played.

    With ``played`` (the seat's own lineup) the answer also gives the chips it
    won and the difference.
    """
    hand = read_cards(body["hand"], "/hand", count=HAND_SIZE, what="hand")
    others = {
        int(seat): [read_cards(combo, f"/lineups/{seat}/{i}", what=f"seat {seat} combination {i + 1}")
                    for i, combo in enumerate(lineup)]
        for seat, lineup in body["lineups"].items()
    }
    played = None
    if body.get("played") is not None:
        played = [read_cards(combo, f"/played/{i}", what=f"played combination {i + 1}")
                  for i, combo in enumerate(body["played"])]
    answer: dict[str, Any] = solve(
        answers.hindsight_review, hand, body["seat"], body["dealer"], what="the hindsight review",
        other_lineups=others, played=played, options=_options(body), time_limit=DEFAULT_TIME_LIMIT_S)
    return answer


@blp.route("/trainer/score", methods=["POST"])
@blp.arguments(TrainerScoreRequestSchema, examples={"three_aces": {
    "summary": "Score a lineup leading with three Aces (40 sampled deals, seed 5)",
    "value": {"hand": EXAMPLE_HAND, "up_card": "Ks", "lineup": [["As", "Ad", "Ah"]],
              "samples": 40, "seed": 5, "dealer": 1}}})
@blp.response(200, TrainerScoreSchema)
@blp.alt_response(422, description="Unreadable cards, a hand that is not 17 distinct cards, an "
                  "illegal lineup (a card not in the hand or used twice, not a combination, more "
                  "than five), an exchange without the 2♦ or the up-card (invalid_cards), a mixture "
                  "with no weight above 0 (unknown_opponent_model), or a limit exceeded.", **PROBLEM)
@blp.solver_problems()
def trainer_score(body: dict[str, Any]) -> dict[str, Any]:
    """Score your own lineup of a hand against the ev advice on the same samples.

    Both lineups are played out on the same seeded splits of the unseen cards
    against the same opponent model (common random numbers), so ``chips_lost``
    (best minus yours, never below 0) is precise: its standard error is
    ``difference_error``. The ``verdict`` grades the loss: best (at most 0.25
    chips), inaccuracy (at most 1), mistake (at most 3), blunder (more).
    """
    hand = read_cards(body["hand"], "/hand", count=HAND_SIZE, what="hand")
    up_card = None
    if body.get("up_card") is not None:
        up_card = read_cards([body["up_card"]], "/up_card", what="up_card")[0]
    lineup = [read_cards(combo, f"/lineup/{i}", what=f"combination {i + 1}")
              for i, combo in enumerate(body["lineup"])]
    answer: dict[str, Any] = solve(
        answers.trainer_score, hand, up_card, lineup, what="the trainer's score",
        exchanged=body.get("exchange"), seed=body["seed"], samples=body.get("samples"),
        opponents=body["opponents"], mixture=body.get("mixture"), seat=body["seat"],
        dealer=body.get("dealer"), options=_options(body), time_limit=DEFAULT_TIME_LIMIT_S)
    return answer
