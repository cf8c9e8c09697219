"""The bodies of refereeing a Continental hand played with real cards: ``POST /v1/continental/score``
(a hand's scores) and ``POST /v1/continental/check`` (is this play legal on this table?).

A play is written as the game's action of the same name, without ``type`` and ``seat``: its
fields and what each holds come from the action records (:mod:`rulesets.continental.records`),
so a player who knows the game's actions knows them.

>>> ContinentalPlaySchema().load({"lay_off": {"card": "9h", "meld": 0}})
{'lay_off': {'card': '9h', 'meld': 0, 'end': None}}
>>> sorted(ContinentalPlaySchema().validate({"meld": ["7c"], "drop": [["7c"]]}))
['_schema']
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.actions import MAX_INDEX
from api.continental.advice_schemas import ContinentalMeldSchema
from api.continental.cards import MOST_PLAYERS, continental_card_code, continental_card_codes
from api.continental.schemas import ContinentalOptionsSchema
from api.schemas import MAX_CARDS, BoundedList, Int, StrictBoolean, Text
from rulesets.actions import request_fields
from rulesets.continental.contracts import HANDS
from rulesets.continental.records import Drop, LayOff, MoveJoker, SwapJoker
from rulesets.continental.values import RunEnd
from rulesets.log import Record
from solver.limits import CONTINENTAL_MAX_CONTRACT_MELDS, CONTINENTAL_MAX_TABLE_MELDS

__all__ = [
    "PLAYS",
    "REAL_TABLE_CONSTRAINTS",
    "ContinentalCheckRequestSchema",
    "ContinentalCheckSchema",
    "ContinentalPlaySchema",
    "ContinentalScoreRequestSchema",
    "ContinentalScoreSchema",
]

MOST_TOTAL = 100_000
"""The largest total (either sign) a score request may carry: far beyond any game."""

SEAT = validate.Range(min=0, max=MOST_PLAYERS - 1)


def _doc(record: type[Record], name: str) -> str:
    """What field ``name`` of action ``record`` holds, as the record declares it."""
    return next(field.doc for field in request_fields(record) if field.name == name)


def _end(record: type[Record], name: str, required: bool = False) -> fields.Field:
    described = {"description": f"high or low: {_doc(record, name)}"}
    choice = validate.OneOf(list(RunEnd))
    if required:
        return fields.String(required=True, validate=choice, metadata=described)
    return fields.String(allow_none=True, load_default=None, validate=choice, metadata=described)


def _meld_index(record: type[Record], name: str = "meld") -> Int:
    return Int(required=True, validate=validate.Range(min=0, max=MAX_INDEX), metadata={
        "description": f"{_doc(record, name)}: its index in table, from 0"})


def _card(record: type[Record]) -> fields.Field:
    return continental_card_code(required=True, metadata={"description": _doc(record, "card")})


class ContinentalLayOffPlaySchema(Schema):
    """A lay-off (the ``lay_off`` action): a card added to a table meld."""

    card = _card(LayOff)
    meld = _meld_index(LayOff)
    end = _end(LayOff, "end")


class ContinentalSwapJokerPlaySchema(Schema):
    """A joker swap (the ``swap_joker`` action): the natural card a joker of a run stands for
    takes its place, and the joker moves to an end of the same run.
    """

    card = _card(SwapJoker)
    meld = _meld_index(SwapJoker)
    end = _end(SwapJoker, "end")


class ContinentalMoveJokerPlaySchema(Schema):
    """A joker move (the ``move_joker`` action): the joker at an end of one run moves to another run."""

    meld = _meld_index(MoveJoker)
    end = _end(MoveJoker, "end", required=True)
    to = _meld_index(MoveJoker, "to")
    to_end = _end(MoveJoker, "to_end")


SOME_CARDS = validate.Length(min=1, error="a meld has cards: give at least one")
"""An empty meld is no play to check (422, not a verdict on no cards)."""

PLAYS = ("meld", "lay_off", "swap_joker", "move_joker", "drop")
"""The plays a check takes, one per request."""


class ContinentalPlaySchema(Schema):
    """The play to check: exactly one of a new meld, a lay-off, a joker swap, a joker move or a drop."""

    meld = continental_card_codes(validate=SOME_CARDS, metadata={
        "description": "cards to put down as a new meld (a trio, or a run lowest first): is it "
                       "one?", "example": ["Th", "Jk", "Jk"]})
    lay_off = fields.Nested(ContinentalLayOffPlaySchema)
    swap_joker = fields.Nested(ContinentalSwapJokerPlaySchema)
    move_joker = fields.Nested(ContinentalMoveJokerPlaySchema)
    drop = BoundedList(continental_card_codes(validate=SOME_CARDS), max_items=CONTINENTAL_MAX_CONTRACT_MELDS,
                       validate=validate.Length(min=1, error="a drop lays down at least one meld"), metadata={
        "description": f"{_doc(Drop, 'melds')}: the contract of hand_number"})

    @validates_schema
    def _one_play(self, data: dict[str, Any], **_: Any) -> None:
        given = [name for name in PLAYS if name in data]
        if len(given) != 1:
            raise ValidationError(f"give exactly one play of {', '.join(PLAYS)}; got "
                                  f"{', '.join(given) if given else 'none'}")


class ContinentalCheckRequestSchema(Schema):
    """A table of real cards and one play on it, to check by the rules."""

    table = BoundedList(
        continental_card_codes(), max_items=CONTINENTAL_MAX_TABLE_MELDS, load_default=list, metadata={
            "description": "the melds on the table, in the order they were laid down (melds are "
                           "numbered from 0): a trio, or a run lowest first, so that each joker "
                           "stands where it lies", "example": [["Ah", "2h", "3h", "Jk", "5h"]]})
    dropped = StrictBoolean(load_default=False, metadata={
        "description": "whether the player has dropped the contract this hand: only a player who "
                       "has may lay off, swap or move jokers, and after the drop no new meld"})
    hand_number = Int(validate=validate.Range(min=1, max=HANDS), metadata={
        "description": "the hand being played, 1-7 (its contract); needed for a drop"})
    play = fields.Nested(ContinentalPlaySchema, required=True)
    ruleset = Text(load_default="continental", validate=validate.Length(min=1, max=100))
    options = fields.Nested(ContinentalOptionsSchema, load_default=dict,
                            metadata={"description": "option overrides (max_players: the decks)"})

    @validates_schema
    def _drop_names_its_hand(self, data: dict[str, Any], **_: Any) -> None:
        if "drop" in data.get("play", {}) and data.get("hand_number") is None:
            raise ValidationError("a drop is checked against the contract of hand_number: give it",
                                  field_name="hand_number")


class ContinentalCheckMeldSchema(ContinentalMeldSchema):
    """A meld the play makes, with what each joker stands for."""

    index = Int(required=True, allow_none=True, metadata={
        "description": "its index on the table after the play (null: a meld checked on its own)"})


class ContinentalCheckSchema(Schema):
    """Whether the play is legal: the melds it makes, or the rule it breaks, in words."""

    legal = fields.Boolean(required=True)
    melds = fields.List(fields.Nested(ContinentalCheckMeldSchema), required=True, metadata={
        "description": "legal: the meld(s) the play makes (a joker move: the run it leaves, then "
                       "the run it joins; a drop: each meld); refused: none"})
    message = fields.String(required=True, metadata={
        "description": "the verdict in words",
        "example": "4♥ takes the place of the joker standing for it in meld 0; the joker moves "
                   "to an end: a run of ♥ from A to 6: A♥ 2♥ 3♥ 4♥ 5♥ Jk(6♥)"})
    code = fields.String(metadata={"description": "refused: the rule broken (its page is "
                                                  "/problems/<code>)", "example": "not_dropped"})
    rule = fields.String(metadata={"description": "refused: the rule broken, in words"})


class ContinentalScoreRequestSchema(Schema):
    """A finished hand of real cards: what each seat holds, who went out, and the totals before."""

    hand_number = Int(required=True, validate=validate.Range(min=1, max=HANDS), metadata={
        "description": "the hand played, 1-7", "example": 1})
    hands = BoundedList(continental_card_codes(max_items=MAX_CARDS), max_items=MOST_PLAYERS,
                        required=True, validate=validate.Length(min=2, max=MOST_PLAYERS), metadata={
                            "description": "the cards left in each seat's hand, seats in play "
                                           "order ([] for the seat that went out); a card "
                                           "written twice is its two copies",
                            "example": [["Ks", "Jk", "7d"], [], ["2c", "9h"]]})
    went_out = Int(allow_none=True, load_default=None, validate=SEAT, metadata={
        "description": "the seat that went out; null when the stock ran out", "example": 1})
    dropped_and_went_out_same_turn = StrictBoolean(load_default=False, metadata={
        "description": "the seat that went out dropped its contract in the same turn (it scores "
                       "the same_turn_bonus, -10, instead of 0)"})
    totals = BoundedList(Int(validate=validate.Range(min=-MOST_TOTAL, max=MOST_TOTAL)),
                         max_items=MOST_PLAYERS, allow_none=True, load_default=None, metadata={
                             "description": "each seat's total before this hand: the answer "
                                            "adds the hand and says who leads"})
    ruleset = Text(load_default="continental", validate=validate.Length(min=1, max=100))
    options = fields.Nested(ContinentalOptionsSchema, load_default=dict, metadata={
        "description": "option overrides (card_values, same_turn_bonus, max_players)"})


class ContinentalScoreSchema(Schema):
    """A hand's points per seat, explained; with the totals before, the new totals and who leads."""

    scores = fields.List(Int(), required=True, metadata={"example": [65, -10, 10]})
    explanation = fields.List(fields.String(), required=True, metadata={
        "description": "each seat's points in words", "example": ["seat 0: K♠ 10, Jk 50, 7♦ 5 = 65"]})
    totals = fields.List(Int(), metadata={"description": "given the totals before: the new totals"})
    leaders = fields.List(Int(), metadata={
        "description": "given the totals before: the seats with the lowest total (who leads)"})


REAL_TABLE_CONSTRAINTS: dict[str, dict[str, Any]] = {
    "ContinentalPlay": {"oneOf": [{"required": [name]} for name in PLAYS]},
    "ContinentalCheckRequest": {"anyOf": [
        {"required": ["hand_number"]},
        {"properties": {"play": {"not": {"required": ["drop"]}}}}]},
}
"""What the check request requires beyond its fields: exactly one play, and hand_number with a
drop (JSON Schema keywords, added through :attr:`api.game_api.GameApi.schema_constraints`)."""
