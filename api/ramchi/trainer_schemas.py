"""Request and response bodies of the Ramchi trainer (``POST /v1/ramchi/trainer/score``).

A module of its own so that it can grow without touching :mod:`api.ramchi.advice_schemas`;
it reuses that module's nested schemas and the shared fields of :mod:`api.schemas`.
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.ramchi.advice_schemas import PlannedCombinationSchema, SampledDealSchema
from api.schemas import BoundedList, Int, StrictBoolean, card_code, card_codes, card_list
from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.combinations import COMBINATION_SIZE
from rulesets.ramchi.deal import HAND_SIZE
from solver.ramchi.trainer import VERDICTS

__all__ = ["TrainerLineupSchema", "TrainerScoreRequestSchema", "TrainerScoreSchema"]

THRESHOLDS = ", ".join(f"{name} (lost at most {most:g})" for name, most in VERDICTS)
VERDICT_HELP = (f"by chips lost per hand: {THRESHOLDS}, blunder (more than {VERDICTS[-1][1]:g}); "
                "see docs/solver.md")


class TrainerScoreRequestSchema(SampledDealSchema):
    """A dealt hand and the player's own lineup, to score against the ev advice."""

    hand = card_list(HAND_SIZE, description="your 17 cards (as dealt, before any exchange)", example=[
        "As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c",
        "6h", "2d"])
    up_card = card_code(allow_none=True, metadata={"description": "the face-up 52nd card",
                                                   "example": "Ks"})
    # The sizes are documented (minItems/maxItems) but checked by the rules, so that a wrong
    # size gets the rules' own code (wrong_card_count, too_many_combinations), as card_list does.
    lineup = BoundedList(
        card_codes(max_items=HAND_SIZE, metadata={"minItems": COMBINATION_SIZE,
                                                  "maxItems": COMBINATION_SIZE}),
        required=True, max_items=HAND_SIZE, metadata={
            "maxItems": MAX_COMBINATIONS,
            "description": f"your combinations (at most {MAX_COMBINATIONS}, three cards each) in "
                           "round order; any order is accepted, the rules play them strongest "
                           "first; the other cards are discarded",
            "example": [["As", "Ad", "Ah"], ["9s", "8s", "7s"], ["Qc", "Jc", "Kc"]]})
    exchange = StrictBoolean(allow_none=True, load_default=None, metadata={
        "description": "you exchanged the 2♦ for the up-card; null: when the lineup uses the "
                       "up-card"})


class TrainerLineupSchema(Schema):
    """A lineup as scored on the samples."""

    combinations = fields.List(fields.Nested(PlannedCombinationSchema), required=True,
                               metadata={"description": "in play order, round 1 first"})
    discards = fields.List(fields.String(), required=True)
    exchanged = fields.Boolean(required=True,
                               metadata={"description": "the 2♦ was exchanged for the up-card"})
    expected_chips = fields.Float(required=True,
                                  metadata={"description": "mean chips per hand on the samples"})
    standard_error = fields.Float(required=True)


class TrainerScoreSchema(Schema):
    """The player's lineup against the advised one, on the same samples."""

    player = fields.Nested(TrainerLineupSchema, required=True)
    best = fields.Nested(TrainerLineupSchema, required=True, metadata={
        "description": "the ev advice's lineup (as POST /v1/ramchi/advice gives it)"})
    chips_lost = fields.Float(required=True, metadata={
        "description": "best minus player expected chips per hand; 0 when the player's lineup "
                       "scores at least as well"})
    difference_error = fields.Float(required=True, metadata={
        "description": "standard error of the per-sample difference (common random numbers)"})
    verdict = fields.String(required=True, validate=validate.OneOf(
        [name for name, _ in VERDICTS] + ["blunder"]), metadata={"description": VERDICT_HELP})
    beat_advice = fields.Boolean(required=True, metadata={
        "description": "the player's lineup scored strictly more than the advice's"})
    four_of_a_kind = fields.String(allow_none=True, required=True, metadata={
        "description": "the rank of the four of a kind your hand holds (the hand is not played: "
                       "every lineup scores the same); null: none, or the option is off"})
    samples = Int(required=True)
    seed = Int(required=True)
    solve_ms = fields.Float(required=True)
    assumptions = fields.Dict(required=True)
    samples_used = Int(required=True, metadata={
        "description": "the samples both lineups were scored on: `samples` unless the solver "
                       "budget ran out first"})
    complete = fields.Boolean(required=True, metadata={
        "description": "false when the solver budget ran out first (see budget_note)"})
    budget_note = fields.String(allow_none=True, required=True, metadata={
        "description": "what the budget cut short, in words (null when complete)"})
    why = fields.List(fields.String(), required=True, metadata={
        "description": "what the best lineup does differently from yours, one sentence each in a "
                       "player's words (the 2♦ exchange, the combinations made, the round whose win "
                       "chance differs most); empty when both lineups are the same",
        "example": ["You made 4 combinations; Q♠ 9♠ 7♠ (Flush Q-9-7) was a fifth."]})
