"""The trainer's live check while a hand is arranged: ``POST /v1/ramchi/trainer/check``.

Cheap (no sampling, no solver pool): the page asks it after every card placed, so that each
round names its combination in the rules' words and a hand holding four of a kind is told at
the deal, not after the score. The rules' work is :func:`rulesets.ramchi.arranging.check_rounds`.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from api.blueprint import Blueprint
from api.cardinput import read_cards
from api.ramchi.advice_schemas import CATEGORIES
from api.ramchi.schemas import RamchiOptionsSchema
from api.ruleset_input import ruleset_options
from api.schemas import PROBLEM, BoundedList, Int, StrictBoolean, Text, card_code, card_codes, card_list
from rulesets.jsonable import jsonable
from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.arranging import ArrangingCheck, RoundCheck, check_rounds
from rulesets.ramchi.combinations import COMBINATION_SIZE
from rulesets.ramchi.deal import HAND_SIZE
from rulesets.ramchi.kind import RAMCHI

__all__ = ["TrainerCheckRequestSchema", "TrainerCheckSchema", "blp"]

EXAMPLE_HAND = ["As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c",
                "6h", "2d"]

blp = Blueprint("trainer", __name__, url_prefix="/v1/ramchi",
                description="The trainer: each round of a lineup being arranged, in the rules' words.")


class TrainerCheckRequestSchema(Schema):
    """A dealt hand and the rounds filled so far (each 0 to 3 cards)."""

    hand = card_list(HAND_SIZE, description="your 17 cards (as dealt, before any exchange)",
                     example=EXAMPLE_HAND)
    up_card = card_code(allow_none=True, metadata={"description": "the face-up 52nd card",
                                                   "example": "Ks"})
    exchange = StrictBoolean(load_default=False, metadata={
        "description": "you exchanged the 2♦ for the up-card"})
    # The sizes are documented (maxItems) but checked by the rules, so that a wrong size gets the
    # rules' own code (wrong_card_count, too_many_combinations), as the trainer's score does.
    rounds = BoundedList(card_codes(max_items=HAND_SIZE, metadata={"maxItems": COMBINATION_SIZE}),
                         load_default=list, max_items=HAND_SIZE,
                         metadata={"maxItems": MAX_COMBINATIONS, "description": (
                             f"the rounds as you fill them (at most {MAX_COMBINATIONS}), round 1 "
                             f"first, each 0 to {COMBINATION_SIZE} cards; an empty round is fine")})
    ruleset = Text(load_default="ramchi")
    options = fields.Nested(RamchiOptionsSchema, load_default=dict,
                            metadata={"description": "option overrides, see GET /v1/rulesets"})


class RoundCheckSchema(Schema):
    """One round as filled so far."""

    round = Int(required=True, metadata={"description": "the round you put the cards in, from 1"})
    cards = fields.List(fields.String(), required=True,
                        metadata={"description": "as given while filling; in the rules' order once whole"})
    complete = fields.Boolean(required=True, metadata={"description": "the round holds three cards"})
    is_combination = fields.Boolean(required=True)
    category = fields.String(allow_none=True, required=True, metadata={
        "description": f"one of {', '.join(CATEGORIES[:-1])}, unrelated; null while filling or "
                       "when no combination"})
    name = fields.String(allow_none=True, required=True, metadata={
        "description": "the rules' name (\"Flush K-5-3\", \"Ramchi (2-3-5)\"), \"No combination\", "
                       "or null while the round holds fewer than three cards",
        "example": "Flush K-5-3"})
    strength = Int(allow_none=True, required=True)
    reason = fields.String(allow_none=True, required=True,
                           metadata={"description": "why the three cards are no combination"})
    plays_in_round = Int(allow_none=True, required=True, metadata={
        "description": "the round the rules play this combination in (strongest first); null "
                       "when the round is no whole combination"})


class FourOfAKindHeldSchema(Schema):
    """Four of a kind in the hand as arranged: the hand is not played."""

    rank = fields.String(required=True, metadata={"example": "Q"})
    name = fields.String(required=True, metadata={"example": "Four Queens"})
    cards = fields.List(fields.String(), required=True)


class TrainerCheckSchema(Schema):
    """Each round in the rules' words, the playing order, and a four of a kind if held."""

    hand = fields.List(fields.String(), required=True,
                       metadata={"description": "the cards you arrange (after any exchange)"})
    rounds = fields.List(fields.Nested(RoundCheckSchema), required=True)
    playing_order = fields.List(Int(), required=True, metadata={
        "description": "the rounds holding a combination, in the order the rules play them"})
    ready = fields.Boolean(required=True, metadata={
        "description": "every round is empty or a whole combination"})
    four_of_a_kind = fields.Nested(FourOfAKindHeldSchema, allow_none=True, required=True, metadata={
        "description": "the four of a kind your hand holds when the rules count it: the hand is "
                       "not played, so every lineup scores the same; null: none"})


def _round(checked: RoundCheck) -> dict[str, Any]:
    c = checked.classification
    return {"round": checked.round, "cards": jsonable(c.cards if c else checked.cards),
            "complete": checked.complete, "is_combination": checked.is_combination,
            "category": jsonable(c.category) if c and c.category is not None else None,
            "name": checked.name, "strength": c.strength if c and c.is_combination else None,
            "reason": checked.reason, "plays_in_round": checked.plays_in_round}


def check_answer(check: ArrangingCheck) -> dict[str, Any]:
    """The check as the JSON of :class:`TrainerCheckSchema`."""
    four = check.four_of_a_kind
    return {"hand": jsonable(check.hand), "rounds": [_round(r) for r in check.rounds],
            "playing_order": list(check.playing_order), "ready": check.ready,
            "four_of_a_kind": None if four is None else {
                "rank": four.rank.char, "name": four.name, "cards": jsonable(four.cards)}}


@blp.route("/trainer/check", methods=["POST"])
@blp.arguments(TrainerCheckRequestSchema, examples={"filling": {
    "summary": "Three Aces in round 2, a flush being filled in round 1",
    "value": {"hand": EXAMPLE_HAND, "up_card": "Ks", "rounds": [["9s", "8s"], ["As", "Ad", "Ah"]]}}})
@blp.response(200, TrainerCheckSchema)
@blp.alt_response(422, description="Unreadable cards, a hand that is not 17 distinct cards, more "
                  "than five rounds, a round of more than three cards, a card not in the hand or "
                  "used twice (pointing at the round), or an exchange without the 2♦ or the "
                  "up-card (invalid_cards).", **PROBLEM)
def trainer_check(body: dict[str, Any]) -> dict[str, Any]:
    """Check the rounds of a lineup being arranged, card by card.

    Each round says whether it is whole, the combination its three cards make
    in the rules' words (or why they make none) and the round the rules play
    it in (strongest first, whatever round it was put in). ``four_of_a_kind``
    says at the deal that the hand is not played. No sampling: cheap enough to
    ask after every card.
    """
    hand = read_cards(body["hand"], "/hand", count=HAND_SIZE, what="hand")
    up_card = None
    if body.get("up_card") is not None:
        up_card = read_cards([body["up_card"]], "/up_card", what="up_card")[0]
    rounds = [read_cards(cards, f"/rounds/{i}", what=f"round {i + 1}")
              for i, cards in enumerate(body["rounds"])]
    options = ruleset_options(body, RAMCHI.name, RAMCHI.title)
    return check_answer(check_rounds(hand, up_card, body["exchange"], rounds, options))
