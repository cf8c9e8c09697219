"""Continental Rummy's game bodies: settings, create, view, created, action, dispute and verdict.

>>> [variant["required"] for variant in CONTINENTAL_ACTIONS.variants][:2]
[['type', 'source'], ['type']]
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.actions import ActionRequests
from api.continental.cards import (
    CONTINENTAL_CARDS,
    MOST_CARDS,
    MOST_PLAYERS,
    continental_card_codes,
)
from api.game_api import RegisteredGame, created_schema
from api.schemas import (
    BoundedList,
    GameViewBase,
    Int,
    StrictBoolean,
    Text,
    host_field,
    options_schema,
    standings_schema,
    verdict_schema,
    where_schema,
)
from rulesets.continental.config import MAX_SEED
from rulesets.continental.contracts import HANDS
from rulesets.continental.kind import CONTINENTAL
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.records import ACTIONS
from rulesets.log import MAX_LOG_RECORDS
from solver.bots import bots_of

__all__ = [
    "CONTINENTAL_ACTIONS",
    "ContinentalActionRequestSchema",
    "ContinentalDisputeRequestSchema",
    "ContinentalGameCreateSchema",
    "ContinentalGameCreatedSchema",
    "ContinentalGameSettingsSchema",
    "ContinentalGameViewSchema",
    "ContinentalOptionsSchema",
    "ContinentalVerdictSchema",
]

ContinentalOptionsSchema = options_schema(ContinentalOptions, "ContinentalOptions")

SEAT = validate.Range(min=0, max=MOST_PLAYERS - 1)


class ContinentalGameSettingsSchema(Schema):
    """How a Continental game is set up: players, hands, decks or seed, first dealer, ruleset, options."""

    players = Int(allow_none=True, validate=validate.Range(min=2, max=MOST_PLAYERS),
                  metadata={"description": "the number of players (a created game's log shows it)"})
    hands = Int(load_default=HANDS, validate=validate.Range(min=1, max=HANDS),
                metadata={"description": "hands to play, 1-7; hand k's contract is contract k"})
    deck = continental_card_codes(max_items=MOST_CARDS, allow_none=True, metadata={
        "description": "hand 1's deck order (106 codes up to 6 players; identical codes are the "
                       "two copies): card j is dealt to seat (dealer + 1 + j) mod n, then the "
                       "next card is turned up, the rest is the stock, top first"})
    decks = BoundedList(continental_card_codes(max_items=MOST_CARDS), max_items=HANDS, allow_none=True,
                        metadata={"description": "one deck order per hand, from hand 1 "
                                                 "(give deck or decks, not both)"})
    seed = Int(allow_none=True, validate=validate.Range(min=0, max=MAX_SEED),
               metadata={"description": "shuffles hands without an explicit deck"})
    dealer = Int(allow_none=True, validate=SEAT,
                 metadata={"description": "first dealer; drawn (lowest card, ace low) if absent"})
    ruleset = Text(load_default="continental", validate=validate.Length(min=1, max=100))
    options = fields.Nested(ContinentalOptionsSchema, load_default=dict,
                            metadata={"description": "option overrides, see GET /v1/rulesets"})


class ContinentalGameCreateSchema(ContinentalGameSettingsSchema):
    """A new Continental game: ``game`` is ``continental``; 2-6 players (more with ``max_players``)."""

    game = fields.String(required=True, validate=RegisteredGame(only=CONTINENTAL.name),
                         metadata={"description": "the game to referee: continental"})
    players = BoundedList(Text(validate=validate.Length(min=1, max=100)), max_items=MOST_PLAYERS,
                          required=True,
                          validate=validate.Length(min=2, max=MOST_PLAYERS),
                          metadata={"description": "the players' names, seats 0, 1, … clockwise "
                                                   "(2-6; up to max_players)",
                                    "example": ["Asha", "Bo", "Chen"]})
    bots = BoundedList(fields.String(allow_none=True,
                                     validate=validate.OneOf(list(bots_of(CONTINENTAL.name)))),
                       max_items=MOST_PLAYERS, allow_none=True, metadata={
                           "description": "per seat, null for a person or the bot that plays it "
                                          "(random, advisor); at least one seat is a person. "
                                          "Bots act on their own.",
                           "example": [None, "advisor", "random"]})
    host = host_field(MOST_PLAYERS)


class ContinentalTableMeldSchema(Schema):
    """A meld on the table, with the rank every card (joker or not) stands for."""

    index = Int(required=True, metadata={"description": "0-based, in the order melds reached the table"})
    owner = Int(required=True, metadata={"description": "the seat that dropped it"})
    kind = fields.String(required=True, validate=validate.OneOf(["trio", "run"]))
    rank = fields.String(required=True, allow_none=True, metadata={"description": "a trio's rank"})
    suit = fields.String(required=True, allow_none=True, metadata={"description": "a run's suit"})
    cards = fields.List(fields.String(), required=True, metadata={"description": "a run lowest first"})
    ranks = fields.List(fields.String(), required=True,
                        metadata={"description": "what each card stands for (jokers included)"})
    text = fields.String(required=True, metadata={"example": "4♥ Jk(5♥) 6♥ 7♥"})


class ContinentalContractViewSchema(Schema):
    """The contract of the hand being played."""

    name = fields.String(required=True, metadata={"example": "2 trios"})
    trios = Int(required=True)
    runs = Int(required=True)
    cards_dealt = Int(required=True)


class ContinentalBuyWindowSchema(Schema):
    """An open offer of the top discard to the other players."""

    card = fields.String(required=True)
    may_answer = fields.List(Int(), required=True,
                             metadata={"description": "seats yet to answer, nearest first"})
    answers = fields.List(fields.Boolean(allow_none=True), required=True,
                          metadata={"description": "per seat: true bought, false passed, null not yet"})


class ContinentalGameViewSchema(GameViewBase):
    """A Continental game as the public or one seat sees it."""

    ruleset = fields.String(required=True)
    hands = Int(required=True)
    hand_number = Int(required=True)
    contract = fields.Nested(ContinentalContractViewSchema, required=True)
    dealer = Int(required=True)
    current = Int(required=True, allow_none=True, metadata={"description": "whose turn it is"})
    step = fields.String(required=True, validate=validate.OneOf(["draw", "play", "game_over"]),
                         metadata={"description": "draw, or play (drop, lay off, move jokers, "
                                                  "discard); a buy offer is open when buy_window is set"})
    is_over = fields.Boolean(required=True)
    awaiting = fields.List(Int(), required=True)
    buy_window = fields.Nested(ContinentalBuyWindowSchema, required=True, allow_none=True)
    table = fields.List(fields.Nested(ContinentalTableMeldSchema), required=True)
    discard_top = fields.String(required=True, allow_none=True)
    discard_size = Int(required=True)
    stock_size = Int(required=True)
    hand_sizes = fields.List(Int(), required=True, metadata={"description": "cards held, per seat"})
    dropped = fields.List(fields.Boolean(), required=True)
    scores = fields.List(fields.List(Int()), required=True,
                         metadata={"description": "one list per finished hand: each seat's points"})
    totals = fields.List(Int(), required=True)
    winners = fields.List(Int(), required=True, allow_none=True,
                          metadata={"description": "the lowest totals, once the game is over"})
    seat = Int(metadata={"description": "seat views only"})
    hand = fields.List(fields.String(), metadata={"description": "seat views only: your cards"})
    legal_actions = fields.List(fields.Dict(), metadata={
        "description": "seat views only: every action you may send now, as its request body; a "
                       "drop is listed once, only when your hand can make the contract: its melds "
                       "are one drop, its 'choose' says what you may choose instead (send the "
                       "body without 'choose')"})


ContinentalGameCreatedSchema = created_schema(ContinentalGameViewSchema)
"""A created Continental game: its public view and every seat's token."""

CONTINENTAL_ACTIONS = ActionRequests("ContinentalActionRequest", ACTIONS, CONTINENTAL_CARDS, examples={
    "melds": [["7c", "7d", "Jk"], ["Kc", "Kd", "Kh"]], "player": 1, "bot": "random"})
"""Continental's action requests, from its records, the table's ``replace_by_bot`` too (another
action's field is refused)."""

ContinentalActionRequestSchema = CONTINENTAL_ACTIONS.schema


class ContinentalDisputeRequestSchema(Schema):
    """A Continental game configuration and the log (or only the actions) to judge."""

    game = fields.String(required=True, validate=RegisteredGame(only=CONTINENTAL.name),
                         metadata={"description": "continental"})
    config = fields.Nested(ContinentalGameSettingsSchema, required=True, metadata={
        "description": "players, hands, dealer, seed, deck or decks, ruleset, options; it must give "
                       "the seed the log was played with (it also draws the first dealer and "
                       "reshuffles the discard pile; else 422 invalid_game_config; a running game's "
                       "log needs none)",
        "example": {"players": 3, "hands": 1, "dealer": 0, "seed": 5}})
    log = BoundedList(fields.Raw(allow_none=True), max_items=MAX_LOG_RECORDS, required=True, metadata={
        "description": "records as in GET /v1/games/{id}/log, or only the actions",
        "example": [{"kind": "draw", "seat": 1, "source": "stock"}]})
    id = Text(validate=validate.Length(max=64), metadata={"description": "ignored (the game's id)"})
    version = Int(validate=validate.Range(min=0), metadata={"description": "ignored"})
    complete = StrictBoolean(metadata={
        "description": "false for the log of a game still running, which cannot be judged"})


ContinentalWhereSchema = where_schema(
    "ContinentalWhere",
    hand=Int(allow_none=True, metadata={"description": "the hand it belongs to (null: before any)"}),
    turn=Int(allow_none=True, metadata={"description": "the turn of the hand, from 1 (a turn starts "
                                                       "with its draw; null: before the first)"}))
"""Where a refused Continental record stands: its index, hand and turn."""

ContinentalStandingsSchema = standings_schema(
    "ContinentalStandings",
    totals=fields.List(Int(), required=True, metadata={"description": "each seat's total points",
                                                       "example": [0, 60, 60]}),
    scores=fields.List(fields.List(Int()), required=True, metadata={
        "description": "each finished hand's points, per seat"}))
"""The points after the records judged."""

ContinentalVerdictSchema = verdict_schema(
    "ContinentalVerdict", ContinentalWhereSchema, ContinentalStandingsSchema,
    scores=fields.List(fields.List(Int()), metadata={
        "description": "each hand's points per seat, for the hands finished in the records judged "
                       "(before the refused record, for an illegal log): the same as "
                       "standings_after.scores"}),
    totals=fields.List(Int(), metadata={
        "description": "each seat's total points after the records judged: the same as "
                       "standings_after.totals"}),
    winners=fields.List(Int(), allow_none=True, metadata={
        "description": "the seats with the lowest total when the records judged end the game "
                       "(finished); null otherwise"}))
"""The verdict on a posted Continental log: legal or not, the points of each hand and seat."""
