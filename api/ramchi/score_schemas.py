"""Request and answer bodies of real-table scoring (``POST /v1/ramchi/score``).

Sizes the rules check (three cards a combination, at most five combinations, 17 cards a hand)
are documented (minItems/maxItems) but accepted up to a hand's worth, so that a wrong size is
refused by the rules with every other problem, as a 409 naming the seat and the rule.

>>> sorted(TableScoreRequestSchema().load({"lineups": [[], [], []], "dealer": 0}))
['dealer', 'hands', 'lineups', 'options', 'ruleset']
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.ramchi.schemas import SEAT_RANGE, RamchiOptionsSchema
from api.schemas import BoundedList, Int, ProblemSchema, Text, card_codes
from rulesets.cards import DECK
from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.combinations import COMBINATION_SIZE
from rulesets.ramchi.deal import HAND_SIZE
from rulesets.ramchi.scoring import SEATS

__all__ = ["TableScoreProblemSchema", "TableScoreRequestSchema", "TableScoreSchema"]

_THREE_SEATS = {"minItems": SEATS, "maxItems": SEATS}

def _lineup() -> BoundedList:
    combination = card_codes(max_items=HAND_SIZE, metadata={
        "minItems": COMBINATION_SIZE, "maxItems": COMBINATION_SIZE,
        "description": "a combination: three card codes"})
    return BoundedList(combination, max_items=HAND_SIZE, metadata={
        "maxItems": MAX_COMBINATIONS,
        "description": f"one seat's combinations as played, strongest first (0 to "
                       f"{MAX_COMBINATIONS})"})


class TableScoreRequestSchema(Schema):
    """The lineups shown at a real table, the dealer, and optionally each seat's hand."""

    lineups = BoundedList(_lineup(), max_items=SEATS, required=True,
                          validate=validate.Length(equal=SEATS), metadata={
        **_THREE_SEATS,
        "description": "each seat's lineup, seats 0, 1, 2 in play order (counterclockwise: the "
                       "seat after seat i is i + 1, after 2 comes 0); a lineup is the "
                       "combinations in the order they were played, strongest first",
        "example": [[["7s", "7d", "7h"]], [["As", "Ad", "Ah"], ["4c", "5d", "6h"]], []]})
    dealer = Int(required=True, validate=SEAT_RANGE, metadata={
        "description": "the dealer's seat: round 1 is led by the seat after it", "example": 2})
    hands = BoundedList(
        card_codes(max_items=len(DECK), metadata={
            "minItems": HAND_SIZE, "maxItems": HAND_SIZE,
            "description": f"the seat's {HAND_SIZE} cards after the exchange"}),
        max_items=SEATS, allow_none=True, load_default=None, validate=validate.Length(equal=SEATS),
        metadata={**_THREE_SEATS, "description": "optional: each seat's 17 cards after the "
                  "exchange, to check every lineup is in its hand, give the discards and apply "
                  "the four-of-a-kind rule"})
    ruleset = Text(load_default="ramchi", validate=validate.Length(min=1, max=100))
    options = fields.Nested(RamchiOptionsSchema, load_default=dict,
                            metadata={"description": "option overrides, see GET /v1/rulesets"})


class TablePlaySchema(Schema):
    """One combination shown in a round."""

    seat = Int(required=True)
    cards = fields.List(fields.String(), required=True, metadata={"example": ["As", "Ah", "Ad"]})
    name = fields.String(required=True, metadata={"example": "Three Aces"})
    strength = Int(required=True, metadata={
        "description": "1 (weakest) to 585 (A-A-A); larger is stronger, equal ties"})


class TableRoundSchema(Schema):
    """One round: who led, what was shown, who won it and why, and the chips."""

    number = Int(required=True, metadata={"description": "1-5; round k pays k chips"})
    leader = Int(required=True, metadata={
        "description": "round 1: the seat after the dealer; later: the previous round's winner "
                       "(or the next seat still holding a combination)"})
    plays = fields.List(fields.Nested(TablePlaySchema), required=True,
                        metadata={"description": "in play order, from the leader"})
    winner = Int(required=True)
    why = fields.String(required=True, metadata={
        "example": "seat 1 wins: Three Aces beats seat 0's Three Sevens; seat 2 has no "
                   "combination left and pays"})
    chips = fields.List(Int(), required=True,
                        metadata={"description": "each seat's chips in this round (negative: paid)"})
    out = fields.List(Int(), required=True, metadata={
        "description": "the seats that had run out of combinations (they pay, unless "
                       "out_players_pay is off)"})


class TableFourOfAKindSchema(Schema):
    """A four of a kind that won the hand outright: no round was played."""

    seat = Int(required=True)
    rank = fields.String(required=True, metadata={"description": "A, K, Q, J, T, 9 … 2"})
    cards = fields.List(fields.String(), required=True)
    chips = fields.List(Int(), required=True)
    why = fields.String(required=True)


class TableScoreSchema(Schema):
    """The hand scored as the rules play it out."""

    rounds = fields.List(fields.Nested(TableRoundSchema), required=True, metadata={
        "description": "round 1 first; none when a four of a kind won the hand or nobody held a "
                       "combination"})
    chips = fields.List(Int(), required=True,
                        metadata={"description": "each seat's chips for the hand (they sum to 0)"})
    next_dealer = Int(required=True, metadata={
        "description": "the winner of the last round (of the four of a kind); with no round, "
                       "the seat after the dealer"})
    summary = fields.String(required=True, metadata={"description": "the chips and the next "
                                                     "dealer in words"})
    four_of_a_kind = fields.Nested(TableFourOfAKindSchema, required=True, allow_none=True,
                                   metadata={"description": "null: no hands given, none held, "
                                             "or the four_of_a_kind option is off"})
    discards = fields.List(fields.List(fields.String()), required=True, allow_none=True,
                           metadata={"description": "each seat's cards in no combination; null "
                                     "without hands"})


class TableProblemItemSchema(Schema):
    """One problem with the lineups: where, which seat, which rule."""

    pointer = fields.String(required=True, metadata={"example": "/lineups/1/2"})
    detail = fields.String(required=True)
    seat = Int(required=True)
    code = fields.String(required=True, metadata={
        "description": "too_many_combinations, wrong_card_count, duplicate_card, "
                       "lineups_overlap, not_a_combination, not_strongest_first or "
                       "card_not_in_hand"})
    rule = fields.String(required=True)


class TableScoreProblemSchema(ProblemSchema):
    """Lineups that cannot have been played (``illegal_lineups``): every problem in ``errors``."""

    errors = fields.List(fields.Nested(TableProblemItemSchema), required=True)
