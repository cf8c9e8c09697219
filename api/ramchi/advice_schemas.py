"""Ramchi's solver requests and answers: classify, compare, advice and hindsight.

(The trainer's are in :mod:`api.ramchi.trainer_schemas`.)
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.ramchi.schemas import SEAT_RANGE, RamchiOptionsSchema
from api.schemas import BoundedList, Int, Text, card_code, card_codes, card_list
from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.combinations import COMBINATION_SIZE
from rulesets.ramchi.deal import HAND_SIZE
from solver.ramchi.opponents import DEFAULT_OPPONENTS, OPPONENT_MODELS

CATEGORIES = ["three_of_a_kind", "straight_flush", "straight", "flush", "unrelated"]

class ClassifyRequestSchema(Schema):
    """Three cards to classify."""

    cards = card_list(COMBINATION_SIZE, description="exactly three cards")


class ClassificationSchema(Schema):
    """What three cards are in Ramchi."""

    cards = fields.List(fields.String(), required=True, metadata={"example": ["As", "2s", "3s"]})
    category = fields.String(
        required=True, allow_none=True, validate=validate.OneOf(CATEGORIES),
        metadata={"description": "null when the cards are no combination"},
    )
    name = fields.String(required=True, metadata={"example": "Straight flush A-2-3"})
    strength = Int(
        required=True,
        metadata={"description": "1 (weakest) to 585 (A-A-A); larger is stronger, equal ties; "
                                 "0 when no combination"},
    )
    reason = fields.String(allow_none=True, metadata={"description": "why it is no combination"})


class CompareRequestSchema(Schema):
    """Two combinations to compare."""

    a = card_list(COMBINATION_SIZE, description="three cards")
    b = card_list(COMBINATION_SIZE, description="three cards", example=["Kd", "Kh", "Kc"])


class CompareResponseSchema(Schema):
    """Which of two combinations wins a round between them."""

    winner = fields.String(required=True, validate=validate.OneOf(["a", "b", "tie"]))
    a = fields.Nested(ClassificationSchema, required=True)
    b = fields.Nested(ClassificationSchema, required=True)
    explanation = fields.String(required=True)


class PlannedCombinationSchema(Schema):
    """One combination of a lineup, with the round it is played in."""

    cards = fields.List(fields.String(), required=True)
    category = fields.String(required=True, validate=validate.OneOf(CATEGORIES))
    strength = Int(required=True)
    name = fields.String(required=True)
    round = Int(required=True, metadata={"description": "1-5; round k pays k chips"})
    win_probability = fields.Float(allow_none=True,
                                   metadata={"description": "estimated chance to win its round (ev)"})
    stake = Int(metadata={"description": "the chips this round pays its winner from each other "
                                         "player who pays (from the ruleset)", "example": 3})


class ExchangeAdviceSchema(Schema):
    """The 2♦ exchange: possible, recommended, and the expected chips of each choice."""

    possible = fields.Boolean(required=True)
    recommended = fields.Boolean(required=True)
    expected_chips_if_kept = fields.Float(allow_none=True)
    expected_chips_if_exchanged = fields.Float(allow_none=True)
    difference_standard_error = fields.Float(allow_none=True, metadata={
        "description": "standard error of exchanged minus kept on the same samples (ev)"})


class FourOfAKindSchema(Schema):
    """A four of a kind that ends the hand before play."""

    holder = fields.String(required=True, validate=validate.OneOf(["me", "opponent"]))
    rank = fields.String(required=True)
    wins_outright = fields.Boolean(required=True)
    probability_beaten = fields.Float(required=True)
    note = fields.String(required=True)


class AlternativeSchema(Schema):
    """A runner-up lineup, its expected chips, and how far it is behind the advice."""

    combinations = fields.List(fields.Nested(PlannedCombinationSchema), required=True)
    discards = fields.List(fields.String(), required=True)
    expected_chips = fields.Float(allow_none=True)
    standard_error = fields.Float(allow_none=True)
    chips_behind = fields.Float(metadata={
        "description": "the advice's mean chips minus this lineup's, on the same samples"})
    behind_standard_error = fields.Float(metadata={
        "description": "standard error of that difference (common random numbers)"})


class ChoiceMarginSchema(Schema):
    """How clear the choice is: the lead over the runner-up lineup on the same samples."""

    chips = fields.Float(required=True, metadata={
        "description": "the advised lineup's mean chips minus the runner-up's"})
    standard_error = fields.Float(required=True, metadata={
        "description": "standard error of that difference (common random numbers)"})
    clear = fields.Boolean(required=True, metadata={
        "description": "the lead is at least twice its standard error"})


class SampledDealSchema(Schema):
    """Where a Ramchi hand is played and how its opponents are sampled: the fields shared by the
    advice and the trainer's score.
    """

    seed = Int(load_default=1, validate=validate.Range(min=0, max=2**63 - 1))
    samples = Int(allow_none=True, validate=validate.Range(min=1), metadata={
        "description": "opponent splits sampled (ev; the same for every lineup compared); "
                       "default 200 (40 with opponents=solver); limits apply"})
    opponents = fields.String(load_default=DEFAULT_OPPONENTS, validate=validate.OneOf(OPPONENT_MODELS),
                              metadata={"description": "how the opponents arrange: greedy, solver "
                                        "(maximin), ev (expected chips against greedy players) or "
                                        "mixture (default: a blend, echoed in assumptions)"})
    mixture = fields.Dict(keys=fields.String(),
                          values=fields.Float(allow_nan=False), allow_none=True, metadata={
                              "description": "with opponents=mixture: the weight of each model "
                                             "(greedy, solver, ev), e.g. {\"greedy\": 1, "
                                             "\"ev\": 3}; default: the blend in assumptions"})
    seat = Int(load_default=0, validate=SEAT_RANGE,
               metadata={"description": "your seat, 0-2 in play order"})
    dealer = Int(allow_none=True, validate=SEAT_RANGE,
                 metadata={"description": "the dealer's seat; null: unknown"})
    ruleset = Text(load_default="ramchi", validate=validate.Length(min=1, max=100))
    options = fields.Nested(RamchiOptionsSchema, load_default=dict,
                            metadata={"description": "option overrides, see GET /v1/rulesets"})


class KnownCardsSchema(Schema):
    """Cards known to be in one opponent's hand."""

    seat = Int(required=True, validate=SEAT_RANGE, metadata={
        "description": "the opponent's seat, 0-2 in play order (not yours)", "example": 1})
    cards = card_codes(max_items=HAND_SIZE, copies=True, required=True, metadata={
        "description": "cards that seat is known to hold (after it exchanged the 2♦ for the "
                       "up-card: the former up-card); every sample deals them to it",
        "example": ["Jd"]})


class AdviceRequestSchema(SampledDealSchema):
    """A 17-card Ramchi hand to arrange."""

    hand = card_list(HAND_SIZE, copies=True, description="your 17 cards", example=[
        "As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c",
        "6h", "2d"])
    up_card = card_code(copies=True, allow_none=True,
                        metadata={"description": "the face-up 52nd card", "example": "Ks"})
    objective = fields.String(load_default="ev", validate=validate.OneOf(["ev", "maximin"]))
    known = BoundedList(fields.Nested(KnownCardsSchema), max_items=2, load_default=list, metadata={
        "description": "cards known to be in an opponent's hand, one entry per opponent: the "
                       "samples (ev) deal them there and nowhere else. A card in your hand, the "
                       "up-card or two entries, a seat given twice or your own are refused (422, "
                       "pointing at it)"})


class AdviceSchema(Schema):
    """How to arrange the hand, what it is worth, and why."""

    objective = fields.String(required=True)
    hand = fields.List(fields.String(), required=True)
    combinations = fields.List(fields.Nested(PlannedCombinationSchema), required=True,
                               metadata={"description": "in play order, round 1 first"})
    discards = fields.List(fields.String(), required=True)
    expected_chips = fields.Float(allow_none=True)
    standard_error = fields.Float(allow_none=True)
    exchange = fields.Nested(ExchangeAdviceSchema, required=True)
    four_of_a_kind = fields.Nested(FourOfAKindSchema, allow_none=True)
    alternatives = fields.List(fields.Nested(AlternativeSchema), required=True)
    explanation = fields.String(required=True)
    solve_ms = fields.Float(required=True)
    samples = Int(required=True)
    seed = Int(allow_none=True)
    assumptions = fields.Dict(required=True, metadata={
        "description": "seat, dealer, the opponent model and its description (a mixture's "
                       "weights)"})
    margin = fields.Nested(ChoiceMarginSchema, allow_none=True, metadata={
        "description": "the lead over the runner-up lineup (ev; null without a runner-up)"})
    samples_used = Int(required=True, metadata={
        "description": "the samples the answer rests on: `samples` unless the solver budget ran "
                       "out first (0 for maximin, which samples nothing)"})
    complete = fields.Boolean(required=True, metadata={
        "description": "false when the solver budget ran out before every sample was used or "
                       "the search ended: the answer is the best found in the budget, its "
                       "margins and errors computed on `samples_used`"})
    budget_note = fields.String(allow_none=True, required=True, metadata={
        "description": "what the budget cut short, in words (null when complete)"})


def _lineup(description: str = "the seat's combinations in play order", **kwargs: Any) -> BoundedList:
    """A lineup as played: at most five combinations of three cards.

    The sizes are documented (minItems/maxItems) but checked by the rules, so that a wrong size
    gets the rules' own code (``wrong_card_count``, ``too_many_combinations``), as
    :func:`api.schemas.card_list` does.
    """
    combination = card_codes(max_items=HAND_SIZE, metadata={"minItems": COMBINATION_SIZE,
                                                            "maxItems": COMBINATION_SIZE})
    return BoundedList(combination, max_items=HAND_SIZE, **kwargs,
                       metadata={"maxItems": MAX_COMBINATIONS, "description": description})


LineupsSchema = Schema.from_dict({str(seat): _lineup() for seat in range(3)}, name="Lineups")


class HindsightRequestSchema(Schema):
    """A seat's hand, the other seats' lineups as played, the dealer; optionally its own lineup."""

    hand = card_list(HAND_SIZE, description="the seat's 17 cards (after any exchange)")
    seat = Int(required=True, validate=SEAT_RANGE)
    dealer = Int(required=True, validate=SEAT_RANGE)
    lineups = fields.Nested(LineupsSchema, required=True, metadata={
        "description": "each other seat's combinations in play order, by seat",
        "example": {"1": [["Kd", "Kh", "Ks"]], "2": [["9c", "8c", "7c"]]}})
    played = _lineup("the seat's own lineup as played", allow_none=True)
    ruleset = Text(load_default="ramchi", validate=validate.Length(min=1, max=100))
    options = fields.Nested(RamchiOptionsSchema, load_default=dict,
                            metadata={"description": "option overrides, see GET /v1/rulesets"})


class HindsightSchema(Schema):
    """The lineup that would have won the most chips."""

    seat = Int(required=True)
    combinations = fields.List(fields.Nested(PlannedCombinationSchema), required=True)
    discards = fields.List(fields.String(), required=True)
    chips = Int(required=True)
    played_chips = Int(allow_none=True)
    difference = Int(allow_none=True)
    solve_ms = fields.Float(required=True)


# -- Continental Rummy advice ---------------------------------------------------------------------
