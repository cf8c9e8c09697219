"""Ramchi's game bodies: settings, create, view, created, action, dispute and verdict.

>>> sorted(RamchiVerdictSchema().dump({"legal": True, "chips": [1, 0, -1], "phase": "game_over"}))
['chips', 'legal']
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.actions import ActionRequests
from api.game_api import RegisteredGame, created_schema
from api.ramchi.cards import RAMCHI_CARDS
from api.schemas import (
    BoundedList,
    GameViewBase,
    Int,
    StrictBoolean,
    Text,
    card_codes,
    host_field,
    options_schema,
    standings_schema,
    verdict_schema,
    where_schema,
)
from rulesets.game import DEFAULT_GAME
from rulesets.log import MAX_LOG_RECORDS
from rulesets.ramchi.config import MAX_HANDS
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.records import ACTIONS
from rulesets.ramchi.scoring import SEATS
from solver.bots import bots_of

__all__ = [
    "RAMCHI_ACTIONS",
    "SEAT_RANGE",
    "RamchiActionRequestSchema",
    "RamchiDisputeRequestSchema",
    "RamchiGameCreateSchema",
    "RamchiGameCreatedSchema",
    "RamchiGameSettingsSchema",
    "RamchiGameViewSchema",
    "RamchiOptionsSchema",
    "RamchiVerdictSchema",
]

SEAT_RANGE = validate.Range(min=0, max=SEATS - 1)
"""A seat number: 0 to 2 in play order."""

RamchiOptionsSchema = options_schema(RamchiOptions, "RamchiOptions")


class RamchiGameSettingsSchema(Schema):
    """How a Ramchi game is set up: hands, decks or seed, first dealer, ruleset and options."""

    hands = Int(load_default=1, validate=validate.Range(min=1, max=MAX_HANDS))
    deck = card_codes(allow_none=True,
                      metadata={"description": "hand 1's deck order (52 codes): card j < 51 goes to "
                                               "seat (dealer + 1 + j) mod 3, card 51 is the up-card"})
    decks = BoundedList(card_codes(), max_items=MAX_HANDS, allow_none=True,
                        metadata={"description": "one deck order per hand, from hand 1 "
                                                 "(give deck or decks, not both)"})
    seed = Int(allow_none=True, validate=validate.Range(min=0, max=2**63 - 1),
               metadata={"description": "shuffles hands without an explicit deck"})
    dealer = Int(allow_none=True, validate=SEAT_RANGE,
                 metadata={"description": "first dealer; drawn from the seed if absent"})
    ruleset = Text(load_default="ramchi", validate=validate.Length(min=1, max=100))
    options = fields.Nested(RamchiOptionsSchema, load_default=dict,
                            metadata={"description": "option overrides, see GET /v1/rulesets"})


class RamchiGameCreateSchema(RamchiGameSettingsSchema):
    """A new Ramchi game (``game`` may be left out: Ramchi is the default game)."""

    game = fields.String(load_default=DEFAULT_GAME, validate=RegisteredGame(only=DEFAULT_GAME),
                         metadata={"description": "the game to referee"})
    players = BoundedList(Text(validate=validate.Length(min=1, max=100)), max_items=3, required=True,
                          validate=validate.Length(equal=3),
                          metadata={"description": "three names, seats 0, 1, 2 in play order",
                                    "example": ["Asha", "Bo", "Chen"]})
    bots = BoundedList(fields.String(allow_none=True, validate=validate.OneOf(list(bots_of(DEFAULT_GAME)))),
                       max_items=SEATS, allow_none=True, metadata={
                           "description": "per seat, null for a person or the bot that plays it "
                                          "(greedy, maximin, ev); at least one seat is a person. "
                                          "Bots act on their own.",
                           "example": [None, "ev", "greedy"]})
    host = host_field(SEATS)


class RamchiGameViewSchema(GameViewBase):
    """A Ramchi game as the public or one seat sees it."""

    ruleset = fields.String(required=True)
    phase = fields.String(required=True, validate=validate.OneOf(["exchange", "arrange", "game_over"]))
    is_over = fields.Boolean(required=True)
    hand_number = Int(required=True)
    hands = Int(required=True)
    dealer = Int(required=True)
    chips = fields.List(Int(), required=True, metadata={"description": "per seat, this game"})
    up_card = fields.String(required=True)
    face_up = fields.List(fields.String(), required=True)
    exchanged = fields.Boolean(allow_none=True, metadata={"description": "null until decided"})
    two_of_diamonds_holder = Int(allow_none=True, metadata={
        "description": "the seat holding the 2♦ when it has the exchange to decide; null when the "
                       "exchange is off (then who holds it is hidden) or the 2♦ is the up-card"})
    awaiting = fields.List(Int(), required=True)
    arranged = fields.List(fields.Boolean(), required=True)
    rounds = fields.List(fields.Dict(), metadata={
        "description": "every round played so far in this game (GET only; an action's answer "
                       "lists the rounds it caused under 'events')"})
    last_hand = fields.Dict(allow_none=True)
    seat = Int(metadata={"description": "seat views only"})
    hand = fields.List(fields.String(), metadata={"description": "seat views only"})
    arrangement = fields.List(fields.List(fields.String()), allow_none=True)
    discards = fields.List(fields.String())
    legal_actions = fields.List(fields.Dict(), metadata={
        "description": "seat views only: every action you may send now, as its request body; "
                       "arrange is listed once, its 'choose' saying what to choose (send the body "
                       "without 'choose', with your combinations)",
        "example": [{"type": "exchange"}, {"type": "keep"}]})


RamchiGameCreatedSchema = created_schema(RamchiGameViewSchema)
"""A created Ramchi game: its public view and every seat's token."""


RAMCHI_ACTIONS = ActionRequests(
    "RamchiActionRequest", ACTIONS, RAMCHI_CARDS, ignore_other_fields=True,
    examples={"combinations": [["As", "Ah", "Ad"], ["Kc", "Qc", "Jc"]], "player": 1, "bot": "greedy"})
"""Ramchi's action requests, from its records: ``exchange``, ``keep``, ``arrange`` with its
``combinations``, and the table's ``replace_by_bot`` with its ``player`` and ``bot`` (another
action's field is ignored, as it always was)."""

RamchiActionRequestSchema = RAMCHI_ACTIONS.schema


class RamchiDisputeRequestSchema(Schema):
    """A Ramchi game configuration and the log (or only the actions) to judge."""

    config = fields.Nested(RamchiGameSettingsSchema, required=True, metadata={
        "description": "hands, dealer, seed, deck or decks, ruleset, options; it must fix the deal "
                       "the log was played with: the seed, or a deck for every hand and the dealer "
                       "(else 422 invalid_game_config; a running game's log needs none)",
        "example": {"hands": 1, "dealer": 0, "seed": 5}})
    log = BoundedList(fields.Raw(allow_none=True), max_items=MAX_LOG_RECORDS, required=True, metadata={
        "description": "records as in GET /v1/games/{id}/log, or only the actions",
        "example": [{"kind": "keep", "seat": 1}]})
    # The other fields of GET /v1/games/{id}/log, so that its answer can be posted as it is:
    id = Text(validate=validate.Length(max=64), metadata={"description": "ignored (the game's id)"})
    game = fields.String(validate=RegisteredGame(only=DEFAULT_GAME),
                         metadata={"description": "the game (default ramchi)"})
    version = Int(validate=validate.Range(min=0), metadata={"description": "ignored"})
    complete = StrictBoolean(metadata={
        "description": "false for the log of a game still running, which cannot be judged"})


RamchiWhereSchema = where_schema(
    "RamchiWhere",
    hand=Int(allow_none=True, metadata={"description": "the hand it belongs to (null: before any)"}),
    round=Int(allow_none=True, metadata={"description": "the round, for a round's record (else null)"}))
"""Where a refused Ramchi record stands: its index, hand and round."""

RamchiStandingsSchema = standings_schema(
    "RamchiStandings", chips=fields.List(Int(), required=True, metadata={
        "description": "each seat's chips won or lost in the hands finished", "example": [2, -1, -1]}))
"""The chips after the records judged."""

RamchiVerdictSchema = verdict_schema(
    "RamchiVerdict", RamchiWhereSchema, RamchiStandingsSchema,
    chips=fields.List(Int(), metadata={
        "description": "each seat's chips won or lost in the hands finished in the records judged: "
                       "the same as standings_after.chips (before the refused record, for an "
                       "illegal log)"}))
"""The verdict on a posted Ramchi log: legal or not, and each seat's chips."""
