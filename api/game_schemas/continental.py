"""Continental Rummy over HTTP: its bodies (create, view, action, dispute) and how their cards are
read, registered for the game routes.

>>> read_settings({"players": ["Ann", "Ben"], "hands": 2, "seed": 5, "deck": None}, "")
{'hands': 2, 'seed': 5, 'players': 2}
>>> read_action({"type": "discard", "card": "10h"})
{'type': 'discard', 'card': 'Th'}
"""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, Schema, fields, validate

from api.cardinput import read_cards
from api.errors import ApiProblem
from api.game_schemas import GameApi, RegisteredGame, bots_of_request, register_game_api
from api.schemas import (
    CONTINENTAL_MOST_PLAYERS,
    BoundedList,
    ContinentalOptionsSchema,
    Int,
    SeatTokenSchema,
    Text,
    continental_card_code,
    continental_card_codes,
)
from rulesets.continental.config import FIELDS, MAX_SEED
from rulesets.continental.contracts import HANDS
from rulesets.continental.deck import Deck
from rulesets.continental.kind import CONTINENTAL
from rulesets.log import MAX_LOG_RECORDS
from solver.bots import bots_of

__all__ = ["CONTINENTAL_API", "read_action", "read_settings"]

MOST_CARDS = Deck.for_players(CONTINENTAL_MOST_PLAYERS).size
"""The most cards a deck order may hold (the deck of the largest table)."""

MOST_COPIES = Deck.for_players(CONTINENTAL_MOST_PLAYERS).copy_limit
"""The most copies of a card any table has (a higher copy number is no card of any game)."""

SEAT = validate.Range(min=0, max=CONTINENTAL_MOST_PLAYERS - 1)
END = validate.OneOf(["high", "low"])
ACTION_TYPES = ("draw", "buy", "pass", "drop", "lay_off", "swap_joker", "move_joker", "discard")


class ContinentalGameSettingsSchema(Schema):
    """How a Continental game is set up: players, hands, decks or seed, first dealer, ruleset, options."""

    players = Int(allow_none=True, validate=validate.Range(min=2, max=CONTINENTAL_MOST_PLAYERS),
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

    game = fields.String(required=True, validate=RegisteredGame(only="continental"),
                         metadata={"description": "the game to referee: continental"})
    players = BoundedList(Text(validate=validate.Length(min=1, max=100)), max_items=CONTINENTAL_MOST_PLAYERS,
                          required=True,
                          validate=validate.Length(min=2, max=CONTINENTAL_MOST_PLAYERS),
                          metadata={"description": "the players' names, seats 0, 1, … clockwise "
                                                   "(2-6; up to max_players)",
                                    "example": ["Asha", "Bo", "Chen"]})
    bots = BoundedList(fields.String(allow_none=True, validate=validate.OneOf(list(bots_of("continental")))),
                       max_items=CONTINENTAL_MOST_PLAYERS, allow_none=True, metadata={
                           "description": "per seat, null for a person or the bot that plays it "
                                          "(random, advisor); at least one seat is a person. "
                                          "Bots act on their own.",
                           "example": [None, "advisor", "random"]})


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


class ContinentalGameViewSchema(Schema):
    """A Continental game as the public or one seat sees it."""

    class Meta:
        unknown = INCLUDE

    id = fields.String(required=True)
    game = fields.String(required=True)
    version = Int(required=True, metadata={"description": "number of accepted actions (bots' too)"})
    players = fields.List(fields.String(), required=True)
    bots = fields.List(fields.String(allow_none=True), required=True,
                       metadata={"description": "per seat, the bot playing it (null: a person)"})
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


class ContinentalGameCreatedSchema(ContinentalGameViewSchema):
    """A created Continental game: its public view and every seat's token."""

    seats = fields.List(fields.Nested(SeatTokenSchema), required=True)


class ContinentalActionRequestSchema(Schema):
    """One Continental action; the seat is the one the bearer token belongs to."""

    type = fields.String(required=True, validate=validate.OneOf(ACTION_TYPES))
    source = fields.String(validate=validate.OneOf(["stock", "discard"]),
                           metadata={"description": "draw: where from"})
    melds = BoundedList(continental_card_codes(max_items=MOST_CARDS), max_items=6, metadata={
        "description": "drop: exactly the contract's melds (a run lowest first)",
        "example": [["7c", "7d", "Jk"], ["Kc", "Kd", "Kh"]]})
    card = continental_card_code(metadata={
        "description": "lay_off, swap_joker, discard: the card (its code alone names any copy you "
                       "hold)"})
    meld = Int(validate=validate.Range(min=0, max=1000), metadata={
        "description": "lay_off, swap_joker: the table meld; move_joker: the run the joker leaves"})
    end = fields.String(allow_none=True, validate=END, metadata={
        "description": "lay_off/swap_joker: where a joker goes when it could go at either end; "
                       "move_joker: the end of the run the joker leaves"})
    to = Int(validate=validate.Range(min=0, max=1000), metadata={
        "description": "move_joker: the run the joker joins"})
    to_end = fields.String(allow_none=True, validate=END, metadata={
        "description": "move_joker: where it joins, when either end could take it"})
    expected_version = Int(allow_none=True,
                           metadata={"description": "apply only if the game is at this version"})
    action_id = Text(allow_none=True, validate=validate.Length(min=1, max=64),
                     metadata={"description": "idempotency key, e.g. a UUID"})


class ContinentalDisputeRequestSchema(Schema):
    """A Continental game configuration and the log (or only the actions) to judge."""

    game = fields.String(required=True, validate=RegisteredGame(only="continental"),
                         metadata={"description": "continental"})
    config = fields.Nested(ContinentalGameSettingsSchema, required=True, metadata={
        "description": "players, hands, dealer, seed, deck or decks, ruleset, options",
        "example": {"players": 3, "hands": 1, "dealer": 0, "seed": 5}})
    log = BoundedList(fields.Raw(allow_none=True), max_items=MAX_LOG_RECORDS, required=True, metadata={
        "description": "records as in GET /v1/games/{id}/log, or only the actions",
        "example": [{"kind": "draw", "seat": 1, "source": "stock"}]})
    id = Text(validate=validate.Length(max=64), metadata={"description": "ignored (the game's id)"})
    version = Int(validate=validate.Range(min=0), metadata={"description": "ignored"})
    complete = fields.Boolean(metadata={
        "description": "false for the log of a game still running, which cannot be judged"})


def _deck_codes(tokens: list[str], pointer: str, players: int | None) -> list[str]:
    """A deck order's codes, read leniently; identical codes become the copies in turn."""
    deck = Deck.for_players(players if players is not None and 2 <= players <= CONTINENTAL_MOST_PLAYERS
                            else CONTINENTAL_MOST_PLAYERS)
    cards = read_cards(tokens, pointer, jokers=True, decks=deck.copy_limit, what="deck")
    return [card.code if card.copy == 1 else card.id for card in cards]


def read_settings(body: dict[str, Any], pointer: str) -> dict[str, Any]:
    """The configuration dict of the rules from loaded settings (cards read with pointers).

    ``players`` is a count in a dispute's config and the list of names when a game is created.
    """
    data: dict[str, Any] = {key: body[key] for key in FIELDS
                            if body.get(key) is not None and key not in ("players", "deck", "decks")}
    players = body.get("players")
    if isinstance(players, list):
        players = len(players)
    if players is not None:
        data["players"] = players
    if body.get("deck") is not None:
        data["deck"] = _deck_codes(body["deck"], f"{pointer}/deck", players)
    if body.get("decks") is not None:
        data["decks"] = [_deck_codes(deck, f"{pointer}/decks/{i}", players)
                         for i, deck in enumerate(body["decks"])]
    return data


_FIELDS_OF = {
    "draw": ("source",), "buy": (), "pass": (), "drop": ("melds",), "lay_off": ("card", "meld", "end"),
    "swap_joker": ("card", "meld", "end"), "move_joker": ("meld", "end", "to", "to_end"),
    "discard": ("card",),
}
_REQUIRED = {"draw": ("source",), "drop": ("melds",), "lay_off": ("card", "meld"),
             "swap_joker": ("card", "meld"), "move_joker": ("meld", "end", "to"), "discard": ("card",)}


def _one_card(token: str) -> str:
    """One card of an action, read leniently (a bad one is a 422 pointing at ``/card``).

    >>> _one_card("10♥")
    'Th'
    >>> _one_card("Tx")
    Traceback (most recent call last):
    ...
    api.errors.ApiProblem: card 1 'Tx': 'x' is not a suit (suits: c d h s or ♣ ♦ ♥ ♠)
    """
    try:
        (card,) = read_cards([token], "/card", jokers=True, decks=MOST_COPIES, what="card")
    except ApiProblem as problem:
        problem.errors = [{**error, "pointer": "/card"} for error in problem.errors]
        raise
    return card.code if card.copy == 1 else card.id


def read_action(body: dict[str, Any]) -> dict[str, Any]:
    """An action request with its cards read (a bad card is a problem pointing at it); a field
    another action type uses, or a missing one, is a 422 pointing at it.
    """
    kind = body["type"]
    allowed = _FIELDS_OF[kind]
    for key in body:
        if key not in (*allowed, "type"):
            raise ApiProblem("invalid_request", f"a {kind!r} action takes no {key!r}", status=422,
                             errors=[{"pointer": f"/{key}", "detail": f"not a field of {kind}"}])
    for key in _REQUIRED.get(kind, ()):
        if body.get(key) is None:
            raise ApiProblem("invalid_request", f"a {kind!r} action needs {key!r}", status=422,
                             errors=[{"pointer": f"/{key}", "detail": "required"}])
    out: dict[str, Any] = {"type": kind} | {key: body[key] for key in allowed if key in body}
    if "card" in out:
        out["card"] = _one_card(out["card"])
    if "melds" in out:
        out["melds"] = [[card.code if card.copy == 1 else card.id
                         for card in read_cards(meld, f"/melds/{i}", jokers=True, decks=MOST_COPIES)]
                        for i, meld in enumerate(out["melds"])]
    return out


def _variant(kind: str) -> dict[str, Any]:
    """The JSON Schema of one action type: its ``type``, its required fields (not null), no other
    action's field.
    """
    others = sorted({key for keys in _FIELDS_OF.values() for key in keys} - set(_FIELDS_OF[kind]))
    properties: dict[str, Any] = {"type": {"type": "string", "enum": [kind]}}
    properties |= {key: {"not": {}} for key in others}
    if "end" in _REQUIRED.get(kind, ()):
        properties["end"] = {"type": "string", "enum": ["high", "low"]}
    return {"properties": properties, "required": ["type", *_REQUIRED.get(kind, ())]}


CONTINENTAL_API = register_game_api(GameApi(
    name=CONTINENTAL.name,
    create=ContinentalGameCreateSchema,
    settings=ContinentalGameSettingsSchema,
    dispute=ContinentalDisputeRequestSchema,
    action=ContinentalActionRequestSchema,
    view=ContinentalGameViewSchema,
    created=ContinentalGameCreatedSchema,
    action_variants=tuple(_variant(kind) for kind in ACTION_TYPES),
    read_settings=read_settings,
    read_action=read_action,
    settings_fields=FIELDS,
    bots_of=bots_of_request,
))
"""Continental's bodies, as the game routes see them."""
