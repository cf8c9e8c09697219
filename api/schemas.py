"""Marshmallow schemas of request and response bodies (they also feed the OpenAPI document).

Card lists are validated as lists of strings here and read by
:func:`api.cardinput.read_cards`, so that a bad card gets its own problem code.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sized
from typing import Any

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate

from api.cardinput import CARD_CODE_PATTERN, CONTINENTAL_CARD_CODE_PATTERN
from api.errors import ApiProblem
from api.game_schemas import ByGame, RegisteredGame, action_types, api_game_names, game_in_request
from rulesets.continental.contracts import HANDS
from rulesets.continental.deck import Deck
from rulesets.continental.options import ContinentalOptions
from rulesets.game import DEFAULT_GAME, game_kind
from rulesets.log import MAX_LOG_RECORDS
from rulesets.ramchi.combinations import COMBINATION_SIZE
from rulesets.ramchi.config import MAX_HANDS
from rulesets.ramchi.deal import HAND_SIZE
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS
from solver.bots import bots_of
from solver.limits import (
    CONTINENTAL_MAX_CONTRACT_MELDS,
    CONTINENTAL_MAX_HAND_CARDS,
    CONTINENTAL_MAX_TABLE_MELDS,
)
from solver.ramchi.opponents import DEFAULT_OPPONENTS, OPPONENT_MODELS

CARD_EXAMPLE = ["As", "2s", "3s"]

MAX_CARD_TOKEN = 16
"""The longest card token read (``10♠️`` with spaces fits); longer is refused unread."""
MAX_CARDS = 128
"""The most cards any one list of a request may hold (a deck is 52)."""


SEAT_RANGE = validate.Range(min=0, max=SEATS - 1)
"""A seat number: 0 to 2 in play order."""


class Text(fields.String):
    r"""A string that is real Unicode text: a lone surrogate (``"\ud800"``) is refused.

    >>> Text().deserialize("Asha")
    'Asha'
    >>> Text().deserialize("\ud800")
    Traceback (most recent call last):
    ...
    marshmallow.exceptions.ValidationError: Not valid Unicode text: a lone surrogate at position 1.
    """

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as err:
            raise ValidationError(f"Not valid Unicode text: a lone surrogate at position "
                                  f"{err.start + 1}.") from None
        return text


class BoundedList(fields.List):
    """A list whose length is checked before any item is read (documented as ``maxItems``).

    >>> BoundedList(fields.Integer(), max_items=2).deserialize([1, 2, 3])
    Traceback (most recent call last):
    ...
    marshmallow.exceptions.ValidationError: Longer than the maximum of 2 items (got 3).
    """

    def __init__(self, inner: fields.Field, *, max_items: int, **kwargs: Any) -> None:
        metadata = {"maxItems": max_items, **kwargs.pop("metadata", {})}
        super().__init__(inner, metadata=metadata, **kwargs)
        self.max_items = max_items

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, Sized) and not isinstance(value, str | bytes | dict) \
                and len(value) > self.max_items:
            raise ValidationError(f"Longer than the maximum of {self.max_items} items "
                                  f"(got {len(value)}).")
        return super()._deserialize(value, attr, data, **kwargs)


class StrictBoolean(fields.Boolean):
    """``true`` or ``false`` only (not ``"true"``, ``1`` or ``"yes"``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, bool):
            raise ValidationError("Not a boolean: write true or false.")
        return value


def _option_field(option: dataclasses.Field[Any]) -> fields.Field:
    """The request field of one ruleset option, from its declaration (type, limits, text)."""
    meta = option.metadata
    described = {"description": meta["description"]}
    if isinstance(option.default, bool):
        return StrictBoolean(metadata=described)
    if isinstance(option.default, int):
        return Int(validate=validate.Range(min=meta["minimum"], max=meta["maximum"]), metadata=described)
    choices = validate.OneOf(meta["choices"]) if meta["choices"] else validate.Length(max=100)
    return Text(validate=choices, metadata=described)


def options_schema(options: type, name: str) -> type[Schema]:
    """A request schema of option overrides made from a game's options dataclass.

    Every option is optional and typed as declared; an unknown option is refused.

    >>> from rulesets.ramchi.options import RamchiOptions
    >>> schema = options_schema(RamchiOptions, "Example")()
    >>> schema.load({"tie_goes_to": "last"})
    {'tie_goes_to': 'last'}
    >>> sorted(schema.validate({"tie_goes_to": "middle", "jokers": True}))
    ['jokers', 'tie_goes_to']
    """
    declared = {field.name: _option_field(field) for field in dataclasses.fields(options)}
    return Schema.from_dict(declared, name=name)


def card_code(**kwargs: Any) -> Text:
    """One card code as a request field (lenient; at most :data:`MAX_CARD_TOKEN` characters)."""
    metadata = {"description": "a card code such as As, Td, 10h or a♠", "pattern": CARD_CODE_PATTERN,
                **kwargs.pop("metadata", {})}
    return Text(validate=validate.Length(max=MAX_CARD_TOKEN), metadata=metadata, **kwargs)


def card_codes(max_items: int = MAX_CARDS, **kwargs: Any) -> BoundedList:
    """A list of card codes in a request."""
    return BoundedList(card_code(), max_items=max_items, **kwargs)


class Int(fields.Integer):
    """An integer field that refuses floats and numeric strings (``1.5``, ``"2"``)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(strict=True, **kwargs)  # type: ignore[arg-type]


CATEGORIES = ["three_of_a_kind", "straight_flush", "straight", "flush", "unrelated"]


def card_list(count: int | None = None, **kwargs: object) -> BoundedList:
    """A list of card codes (lenient: ``10h``, ``AS``, ``a♠`` are accepted).

    ``count`` is documented (minItems/maxItems) but checked by the rules, so a
    wrong count gets its own problem code, ``wrong_card_count``.
    """
    sizes = {"minItems": count, "maxItems": count} if count is not None else {}
    return card_codes(required=True, metadata={"example": CARD_EXAMPLE, **sizes, **kwargs})


class ProblemSchema(Schema):
    """RFC 9457 problem details, with a stable ``code`` (extension members may be added)."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, metadata={"example": "/problems/invalid_card"})
    title = fields.String(required=True)
    status = Int(required=True)
    detail = fields.String(required=True)
    code = fields.String(required=True, metadata={"example": "invalid_card"})
    errors = fields.List(fields.Dict(keys=fields.String(), values=fields.String()))
    rule = fields.String(metadata={"description": "the rule that was broken (409 only)"})
    problems = fields.List(fields.String(), metadata={"description": "each ruleset problem"})


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


class OptionSchema(Schema):
    """One option of a ruleset."""

    name = fields.String(required=True)
    value = fields.Raw(required=True)
    default = fields.Raw(required=True)
    type = fields.String(required=True, validate=validate.OneOf(["boolean", "integer", "string"]))
    choices = fields.List(fields.String(), allow_none=True)
    minimum = Int(allow_none=True)
    maximum = Int(allow_none=True)
    description = fields.String(required=True)
    spec = fields.String(required=True, metadata={"description": "section of the rules"})


class RulesetSchema(Schema):
    """A ruleset and every option it sets."""

    name = fields.String(required=True)
    game = fields.String(required=True, validate=validate.OneOf(["ramchi", "continental"]))
    title = fields.String(required=True)
    description = fields.String(required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)


class RulesetListSchema(Schema):
    """Every installed ruleset."""

    rulesets = fields.List(fields.Nested(RulesetSchema), required=True)
    invalid = fields.List(
        fields.Dict(keys=fields.String(), values=fields.Raw()),
        metadata={"description": "ruleset files that do not load: name and problems"},
    )


class HealthSchema(Schema):
    """Service health."""

    status = fields.String(required=True, validate=validate.OneOf(["ok", "degraded"]))
    version = fields.String(required=True)
    database = fields.String(required=True, validate=validate.OneOf(["ok", "unavailable"]),
                             metadata={"description": "ok, or unavailable (the cause is logged)"})


RamchiOptionsSchema = options_schema(RamchiOptions, "RamchiOptions")


class GameSettingsSchema(Schema):
    """How a game is set up: hands, decks or seed, first dealer, ruleset and options."""

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


class RamchiGameCreateSchema(GameSettingsSchema):
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


class SeatTokenSchema(Schema):
    """A seat and its secret token (shown once, at creation)."""

    seat = Int(required=True)
    name = fields.String(required=True)
    token = fields.String(required=True)


class RamchiGameViewSchema(Schema):
    """A Ramchi game as the public or one seat sees it."""

    class Meta:
        unknown = INCLUDE

    id = fields.String(required=True)
    game = fields.String(required=True)
    version = Int(required=True, metadata={"description": "number of accepted actions"})
    players = fields.List(fields.String(), required=True)
    bots = fields.List(fields.String(allow_none=True), required=True,
                       metadata={"description": "per seat, the bot playing it (null: a person)"})
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


class RamchiGameCreatedSchema(RamchiGameViewSchema):
    """A created Ramchi game: its public view and every seat's token."""

    seats = fields.List(fields.Nested(SeatTokenSchema), required=True)


class RamchiActionRequestSchema(Schema):
    """One Ramchi action; the seat is the one the bearer token belongs to."""

    type = fields.String(required=True, validate=validate.OneOf(["exchange", "keep", "arrange"]))
    combinations = BoundedList(card_codes(max_items=HAND_SIZE), max_items=HAND_SIZE, allow_none=True,
                               metadata={"description": "arrange only: up to five lists of three cards",
                                         "example": [["As", "Ah", "Ad"], ["Kc", "Qc", "Jc"]]})
    expected_version = Int(allow_none=True,
                                      metadata={"description": "apply only if the game is at this version"})
    action_id = Text(allow_none=True, validate=validate.Length(min=1, max=64),
                              metadata={"description": "idempotency key, e.g. a UUID"})


class GameCreateSchema(ByGame):
    """A new game: the body of the game named by ``game`` (Ramchi when left out)."""

    game_part = "create"


class GameViewSchema(ByGame):
    """A game as the public or one seat sees it: the view of its game."""

    game_part = "view"


class GameCreatedSchema(ByGame):
    """A created game: its game's public view and every seat's token."""

    game_part = "created"


class ActionRequestSchema(ByGame):
    """One player action, of the game of the path; the seat is the one the bearer token belongs to.

    An action ``type`` of another game is refused as ``wrong_game`` (409): the request is
    well formed, but this game has no such action.
    """

    game_part = "action"
    choose_game = staticmethod(game_in_request)

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None,
             unknown: str | None = None) -> Any:
        """Load ``data`` with its game's schema, after checking its type is one of that game's."""
        if isinstance(data, dict) and isinstance(data.get("type"), str):
            game = game_in_request(data)
            kinds = action_types(game)
            others = {kind for name in api_game_names() for kind in action_types(name)}
            if data["type"] not in kinds and data["type"] in others:
                raise ApiProblem("wrong_game", f"{data['type']!r} is no action of {game_kind(game).title}: "
                                 f"its actions are {', '.join(kinds)}",
                                 extra={"rule": f"each game has its own actions; a {game_kind(game).title} "
                                                f"game takes {', '.join(kinds)}"})
        return super().load(data, many=many, partial=partial, unknown=unknown)


class ActionResponseSchema(Schema):
    """An accepted action: the new version, the record, the events it caused, the seat's view."""

    version = Int(required=True)
    action = fields.Dict(required=True)
    events = fields.List(fields.Dict(), required=True)
    state = fields.Nested(GameViewSchema, required=True)


class GameLogSchema(Schema):
    """A game's log, postable to /v1/disputes once the game is over."""

    id = fields.String(required=True)
    game = fields.String(required=True)
    version = Int(required=True)
    complete = fields.Boolean(required=True)
    config = fields.Dict(required=True)
    log = fields.List(fields.Dict(), required=True)


class RamchiDisputeRequestSchema(Schema):
    """A Ramchi game configuration and the log (or only the actions) to judge."""

    config = fields.Nested(GameSettingsSchema, required=True, metadata={
        "description": "hands, dealer, seed, deck or decks, ruleset, options",
        "example": {"hands": 1, "dealer": 0, "seed": 5}})
    log = BoundedList(fields.Raw(allow_none=True), max_items=MAX_LOG_RECORDS, required=True, metadata={
        "description": "records as in GET /v1/games/{id}/log, or only the actions",
        "example": [{"kind": "keep", "seat": 1}]})
    # The other fields of GET /v1/games/{id}/log, so that its answer can be posted as it is:
    id = Text(validate=validate.Length(max=64), metadata={"description": "ignored (the game's id)"})
    game = fields.String(validate=RegisteredGame(only=DEFAULT_GAME),
                         metadata={"description": "the game (default ramchi)"})
    version = Int(validate=validate.Range(min=0), metadata={"description": "ignored"})
    complete = fields.Boolean(metadata={
        "description": "false for the log of a game still running, which cannot be judged"})


class DisputeRequestSchema(ByGame):
    """A game configuration and the log (or only the actions) to judge, of the game named by ``game``."""

    game_part = "dispute"


class VerdictSchema(Schema):
    """The verdict on a posted log."""

    class Meta:
        unknown = INCLUDE

    legal = fields.Boolean(required=True)
    chips = fields.List(Int(), metadata={"description": "Ramchi: each seat's chips"})
    scores = fields.List(fields.List(Int()), metadata={
        "description": "Continental: each finished hand's points, per seat"})
    totals = fields.List(Int(), metadata={"description": "Continental: each seat's total points"})
    winners = fields.List(Int(), allow_none=True, metadata={
        "description": "Continental: the seats with the lowest total once the game is over"})
    index = Int(metadata={"description": "illegal only: the refused entry"})
    rule = fields.String(metadata={"description": "illegal only: the rule it breaks"})
    code = fields.String()
    message = fields.String()


class PlannedCombinationSchema(Schema):
    """One combination of a lineup, with the round it is played in."""

    cards = fields.List(fields.String(), required=True)
    category = fields.String(required=True, validate=validate.OneOf(CATEGORIES))
    strength = Int(required=True)
    name = fields.String(required=True)
    round = Int(required=True, metadata={"description": "1-5; round k pays k chips"})
    win_probability = fields.Float(allow_none=True,
                                   metadata={"description": "estimated chance to win its round (ev)"})


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


class AdviceRequestSchema(SampledDealSchema):
    """A 17-card Ramchi hand to arrange."""

    hand = card_list(HAND_SIZE, description="your 17 cards", example=[
        "As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c",
        "6h", "2d"])
    up_card = card_code(allow_none=True, metadata={"description": "the face-up 52nd card",
                                                       "example": "Ks"})
    objective = fields.String(load_default="ev", validate=validate.OneOf(["ev", "maximin"]))


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


def _lineup() -> BoundedList:
    return BoundedList(card_codes(max_items=HAND_SIZE), max_items=HAND_SIZE,
                       metadata={"description": "the seat's combinations in play order"})


LineupsSchema = Schema.from_dict({str(seat): _lineup() for seat in range(3)}, name="Lineups")


class HindsightRequestSchema(Schema):
    """A seat's hand, the other seats' lineups as played, the dealer; optionally its own lineup."""

    hand = card_list(HAND_SIZE, description="the seat's 17 cards (after any exchange)")
    seat = Int(required=True, validate=SEAT_RANGE)
    dealer = Int(required=True, validate=SEAT_RANGE)
    lineups = fields.Nested(LineupsSchema, required=True, metadata={
        "description": "each other seat's combinations in play order, by seat",
        "example": {"1": [["Kd", "Kh", "Ks"]], "2": [["9c", "8c", "7c"]]}})
    played = BoundedList(card_codes(max_items=HAND_SIZE), max_items=HAND_SIZE, allow_none=True,
                         metadata={"description": "the seat's own lineup as played"})
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

ContinentalOptionsSchema = options_schema(ContinentalOptions, "ContinentalOptions")

CONTINENTAL_MOST_PLAYERS = next(f.metadata["maximum"] for f in dataclasses.fields(ContinentalOptions)
                                if f.name == "max_players")
CONTINENTAL_MAX_SEEN = Deck.for_players(CONTINENTAL_MOST_PLAYERS).size
"""The most cards ``seen`` may list: every card of the largest table's deck."""


def continental_card_code(**kwargs: Any) -> Text:
    """One Continental card code in a request: a card as in Ramchi, or a joker (``Jk``)."""
    metadata = {"description": "a card code such as As, Td, 10h or a♠, or Jk for a joker",
                "pattern": CONTINENTAL_CARD_CODE_PATTERN, **kwargs.pop("metadata", {})}
    return Text(validate=validate.Length(max=MAX_CARD_TOKEN), metadata=metadata, **kwargs)


def continental_card_codes(max_items: int = MAX_CARDS, **kwargs: Any) -> BoundedList:
    """A list of Continental card codes in a request."""
    return BoundedList(continental_card_code(), max_items=max_items, **kwargs)


class ContinentalContractSchema(Schema):
    """A contract given as its melds: one to three melds, trios and runs (as in the seven hands)."""

    trios = Int(required=True, validate=validate.Range(min=0, max=3))
    runs = Int(required=True, validate=validate.Range(min=0, max=3))


class ContinentalAdviceRequestSchema(Schema):
    """A Continental hand to advise, with what is known of the table (give hand_number or contract)."""

    hand = continental_card_codes(required=True, metadata={
        "description": f"your cards (1 to {CONTINENTAL_MAX_HAND_CARDS}: 13 dealt, the draw and "
                       f"eight buys); more is refused as limit_exceeded",
        "minItems": 1, "maxItems": CONTINENTAL_MAX_HAND_CARDS,
        "example": ["7c", "7d", "7h", "Kc", "Kd", "Jk", "9s", "9s"]})
    hand_number = Int(validate=validate.Range(min=1, max=HANDS), metadata={
        "description": "the hand being played, 1-7; its contract is the one played (give this or "
                       "contract)", "example": 1})
    contract = fields.Nested(ContinentalContractSchema, metadata={
        "description": "any contract as trios and runs (give this or hand_number)"})
    dropped = StrictBoolean(load_default=False, metadata={
        "description": "true once you have laid your contract down: only lay-offs are advised"})
    drawn = StrictBoolean(allow_none=True, load_default=None, metadata={
        "description": "whether the hand holds this turn's drawn card; by default read from its "
                       "size (the cards dealt plus two per buy is before the draw, one more is "
                       "after). Before the draw the answer is the distance, the outs and whether "
                       "to take or buy the top discard"})
    table = BoundedList(continental_card_codes(), max_items=MAX_CARDS, load_default=list, metadata={
        "description": "the melds on the table (yours included once dropped): a trio, or a run "
                       "lowest first", "maxItems": CONTINENTAL_MAX_TABLE_MELDS,
        "example": [["5h", "6h", "7h", "8h"]]})
    discard_top = continental_card_code(allow_none=True, metadata={
        "description": "the top card of the discard pile, for the take and buy advice; it counts "
                       "as seen (listing it in seen too counts a second copy)", "example": "Ks"})
    seen = continental_card_codes(max_items=CONTINENTAL_MAX_SEEN, load_default=list, metadata={
        "description": "other cards known not to be in the stock: the discard pile below the top, "
                       "cards seen in other hands"})
    ruleset = Text(load_default="continental", validate=validate.Length(min=1, max=100))
    options = fields.Nested(ContinentalOptionsSchema, load_default=dict,
                            metadata={"description": "option overrides, see GET /v1/rulesets"})


CONTINENTAL_REQUEST_CONSTRAINTS: dict[str, dict[str, Any]] = {
    "ContinentalAdviceRequest": {"oneOf": [{"required": ["hand_number"]}, {"required": ["contract"]}]},
    "ContinentalContract": {"anyOf": [
        {"properties": {"trios": {"enum": [trios]}, "runs": {"enum": list(
            range(max(0, 1 - trios), CONTINENTAL_MAX_CONTRACT_MELDS - trios + 1))}}}
        for trios in range(CONTINENTAL_MAX_CONTRACT_MELDS + 1)]},
}
"""What the Continental request requires beyond its fields: hand_number or contract (not both),
and a contract of one to three melds (JSON Schema keywords, added by :mod:`api.openapi`)."""


class ContinentalJokerSchema(Schema):
    """A joker in a meld and what it stands for."""

    card = fields.String(required=True, metadata={"example": "Jk"})
    position = Int(required=True, metadata={"description": "its index in the meld's cards"})
    stands_for = fields.String(required=True, metadata={
        "description": "in a run the card (5h), in a trio the rank (K, any suit)", "example": "5h"})


class ContinentalMeldSchema(Schema):
    """A trio or a run."""

    kind = fields.String(required=True, validate=validate.OneOf(["trio", "run"]))
    cards = fields.List(fields.String(), required=True,
                        metadata={"description": "a run lowest first", "example": ["4h", "Jk", "6h", "7h"]})
    text = fields.String(required=True, metadata={"example": "4♥ Jk(5♥) 6♥ 7♥"})
    rank = fields.String(required=True, allow_none=True, metadata={"description": "a trio's rank"})
    suit = fields.String(required=True, allow_none=True, metadata={"description": "a run's suit"})
    jokers = fields.List(fields.Nested(ContinentalJokerSchema), required=True)


class ContinentalLayOffSchema(Schema):
    """One card laid off, in play order."""

    card = fields.String(required=True)
    target = fields.String(required=True, validate=validate.OneOf(["drop", "table"]), metadata={
        "description": "a meld of the advised drop, or one of the table melds given"})
    meld = Int(required=True, metadata={"description": "0-based index in drop or table"})
    end = fields.String(required=True, allow_none=True, validate=validate.OneOf(["high", "low"]),
                        metadata={"description": "where the joker goes, when the card is a joker "
                                                 "or takes a joker's place in a run"})
    result = fields.Nested(ContinentalMeldSchema, required=True,
                           metadata={"description": "the meld once the card is on it"})


class ContinentalOutSchema(Schema):
    """A kind of card that brings the hand one card closer, and its unseen copies."""

    card = fields.String(required=True)
    unseen = Int(required=True)


class ContinentalDiscardSchema(Schema):
    """One possible discard and the hand it leaves."""

    card = fields.String(required=True)
    distance = Int(required=True)
    outs = fields.List(fields.Nested(ContinentalOutSchema), required=True)
    outs_total = Int(required=True)
    next_outs = fields.Float(required=True, metadata={
        "description": "unseen outs after drawing an out and discarding best, averaged over the "
                       "outs weighted by their unseen copies"})
    points = Int(required=True, metadata={"description": "penalty points of the cards kept"})


class ContinentalDecisionSchema(Schema):
    """Yes or no, and why."""

    advised = fields.Boolean(required=True)
    reason = fields.String(required=True)


class ContinentalContractAnswerSchema(Schema):
    """The contract advised for."""

    hand = Int(required=True, allow_none=True, metadata={"description": "1-7; null for a contract "
                                                                         "given as trios and runs"})
    trios = Int(required=True)
    runs = Int(required=True)
    name = fields.String(required=True, metadata={"example": "2 trios + 1 run"})


class ContinentalContractListSchema(Schema):
    """The contract of every hand, hand 1 first."""

    contracts = fields.List(fields.Nested(ContinentalContractAnswerSchema), required=True)


class ContinentalAdviceSchema(Schema):
    """The turn to play: drop, lay-offs, discard; how far the hand is; take and buy."""

    contract = fields.Nested(ContinentalContractAnswerSchema, required=True)
    hand = fields.List(fields.String(), required=True)
    dropped = fields.Boolean(required=True)
    drawn = fields.Boolean(required=True, metadata={
        "description": "the hand was read as holding this turn's draw (false: before the draw, "
                       "so no drop, discard or ranking yet)"})
    can_drop = fields.Boolean(required=True, metadata={"description": "the contract can go down now"})
    drop = fields.List(fields.Nested(ContinentalMeldSchema), required=True)
    lay_offs = fields.List(fields.Nested(ContinentalLayOffSchema), required=True)
    discard = fields.String(required=True, allow_none=True)
    points_left = Int(required=True, metadata={"description": "penalty points in hand after the turn"})
    goes_out = fields.Boolean(required=True)
    distance = Int(required=True, metadata={
        "description": "fewest cards to add to hold the contract at minimum size plus a card to "
                       "discard (0 once dropped)"})
    outs = fields.List(fields.Nested(ContinentalOutSchema), required=True)
    outs_total = Int(required=True)
    discard_ranking = fields.List(fields.Nested(ContinentalDiscardSchema), required=True)
    take_discard = fields.Nested(ContinentalDecisionSchema, required=True, allow_none=True)
    buy = fields.Nested(ContinentalDecisionSchema, required=True, allow_none=True)
    action = fields.Dict(required=True, allow_none=True, metadata={
        "description": "the advised next action of your turn, as the body of POST "
                       "/v1/games/{id}/actions: before the draw the draw (from the discard pile "
                       "when taking it is advised); after it the drop, else the first lay-off "
                       "(swap_joker when the card takes a joker's place), else the discard; null "
                       "when there is none. One step: ask again after it",
        "example": {"type": "drop", "melds": [["Kc", "Kd", "Ks"], ["4h", "Jk", "6h", "7h"]]}})
    buy_action = fields.Dict(required=True, allow_none=True, metadata={
        "description": "the answer to a buy offer of discard_top out of your turn, as an action "
                       "body: buy or pass (null without discard_top)", "example": {"type": "pass"}})
    explanation = fields.String(required=True)
    solve_ms = fields.Float(required=True)
