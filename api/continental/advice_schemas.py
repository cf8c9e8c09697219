"""Continental's advice request and answer (``POST /v1/continental/advice``)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.continental.cards import MOST_PLAYERS, continental_card_code, continental_card_codes
from api.continental.schemas import ContinentalOptionsSchema
from api.schemas import MAX_CARDS, BoundedList, Int, StrictBoolean, Text
from rulesets.continental.config import MAX_SEED
from rulesets.continental.contracts import HANDS
from rulesets.continental.deck import Deck
from rulesets.continental.values import RunEnd
from solver.continental.alternatives import Kind
from solver.continental.expected import DEFAULT_SAMPLES, KEEP_BARS, MIN_OVERRULE, VERDICTS
from solver.continental.expected_advice import Objective
from solver.continental.position import Step
from solver.limits import (
    CONTINENTAL_MAX_CONTRACT_MELDS,
    CONTINENTAL_MAX_HAND_CARDS,
    CONTINENTAL_MAX_SAMPLES,
    CONTINENTAL_MAX_TABLE_MELDS,
    CONTINENTAL_MAX_TURNS_TOLD,
)

OFFER_BUY = "buy"
"""The ``offer`` of a request advising a seat offered the top discard for sale."""

CONTINENTAL_MAX_SEEN = Deck.for_players(MOST_PLAYERS).size
"""The most cards ``seen`` may list: every card of the largest table's deck."""


class ContinentalContractSchema(Schema):
    """A contract given as its melds: one to three melds, trios and runs (as in the seven hands)."""

    trios = Int(required=True, validate=validate.Range(min=0, max=3))
    runs = Int(required=True, validate=validate.Range(min=0, max=3))


class ContinentalOtherPlayerSchema(Schema):
    """What is public about another player: its hand size, its drop, the cards it took from the
    discard pile and still holds, the turns it has played, the cards it turned down.
    """

    hand_size = Int(required=True, validate=validate.Range(min=0, max=CONTINENTAL_MAX_HAND_CARDS),
                    metadata={"description": "the cards the player holds now; before its drop at "
                                             "least the cards dealt plus two per card bought",
                              "example": 8})
    dropped = StrictBoolean(load_default=False, metadata={
        "description": "true once the player has laid its contract down"})
    picked_up = continental_card_codes(max_items=CONTINENTAL_MAX_HAND_CARDS, load_default=list, metadata={
        "description": "cards the player drew from the discard pile this hand and still holds "
                       "(not laid on the table or discarded since)", "example": ["Kd"]})
    bought = continental_card_codes(max_items=CONTINENTAL_MAX_HAND_CARDS, load_default=list, metadata={
        "description": "cards the player bought this hand and still holds (the penalty cards are "
                       "unknown: they count only in hand_size)", "example": []})
    turns = Int(load_default=0, validate=validate.Range(min=0, max=CONTINENTAL_MAX_TURNS_TOLD), metadata={
        "description": "the turns the player has played in this hand (its draws, from the stock "
                       "or the pile); the expected points deal it a hand that has kept the cards "
                       "bringing it closer to its contract for that many turns (0, the default: "
                       "a hand dealt at random)", "example": 4})
    discarded = continental_card_codes(max_items=CONTINENTAL_MAX_TURNS_TOLD, load_default=list, metadata={
        "description": "the cards the player threw on the discard pile this hand, wherever they "
                       "lie now (they may be in the pile or taken since), at most one a turn; the "
                       "expected points deal it hands that seldom need them", "example": ["3h"]})
    passed = continental_card_codes(max_items=CONTINENTAL_MAX_TURNS_TOLD, load_default=list, metadata={
        "description": "the top discards the player left on the pile this hand when it drew from "
                       "the stock instead; read like discarded", "example": ["Qc"]})


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
                       "as seen (listing it in seen too counts a second copy; with discards it "
                       "must be their last card, counted once)", "example": "Ks"})
    discards = continental_card_codes(max_items=CONTINENTAL_MAX_SEEN, load_default=None, metadata={
        "description": "the discard pile so far, bottom first; with discard_top its last card is "
                       "discard_top (written in both, counted once). Its cards are not in the "
                       "stock. Absent: the pile is not told (seen may list it, as before)",
        "example": ["9d", "4c", "Ks"]})
    other_players = BoundedList(fields.Nested(ContinentalOtherPlayerSchema),
                                max_items=MOST_PLAYERS - 1, load_default=list, metadata={
        "description": "the other players in play order after you (the next player first): "
                       "the cards they picked up or bought and still hold are not in the stock; "
                       "at most max_players - 1 of them"})
    offer = fields.String(allow_none=True, load_default=None, validate=validate.OneOf([OFFER_BUY]),
                          metadata={
        "description": "\"buy\" when discard_top is offered for sale to you out of your turn (a buy "
                       "offer: you may buy it or pass); the answer's action is then the buy or the "
                       "pass advised (needs discard_top, and the hand before its draw). Absent or "
                       "null: the decision is your own turn's", "example": OFFER_BUY})
    seen = continental_card_codes(max_items=CONTINENTAL_MAX_SEEN, load_default=list, metadata={
        "description": "other cards known not to be in the stock and listed neither in discards "
                       "nor in other_players (kept for compatibility: the discard pile below the "
                       "top and cards seen in other hands, for a client that does not send "
                       "discards and other_players)"})
    objective = fields.String(validate=validate.OneOf([o.value for o in Objective]), metadata={
        "description": "what the advice aims at. \"expected_points\": the play "
                       "that leaves you the fewest points at the end of the hand on average, "
                       "found by playing the hand out many times from here with the unknown cards "
                       "dealt at random (it needs other_players; without them the answer is the "
                       "distance advice and says so in objective_note). \"distance\": the exact "
                       "advice alone, closest to the contract, then fewest points in hand (quicker). "
                       "Absent: expected_points when the request gives other_players (it scored "
                       "fewer points than the exact advice in the README's play-off), else "
                       "distance (and no objective_note)",
        "example": Objective.EXPECTED_POINTS.value})
    samples = Int(load_default=DEFAULT_SAMPLES,
                  validate=validate.Range(min=1, max=CONTINENTAL_MAX_SAMPLES), metadata={
        "description": f"expected_points: how many random deals of the unknown cards each play "
                       f"is played out on (1-{CONTINENTAL_MAX_SAMPLES}, default "
                       f"{DEFAULT_SAMPLES}); more is steadier and slower. The sampling may stop "
                       f"sooner once the best play is clear, or at the solver budget",
        "example": DEFAULT_SAMPLES})
    seed = Int(load_default=0, validate=validate.Range(min=0, max=MAX_SEED), metadata={
        "description": "expected_points: the seed of the random deals; the same seed and samples "
                       "give the same answer (default 0)", "example": 0})
    ruleset = Text(load_default="continental", validate=validate.Length(min=1, max=100))
    options = fields.Nested(ContinentalOptionsSchema, load_default=dict,
                            metadata={"description": "option overrides, see GET /v1/rulesets"})


CONTINENTAL_REQUEST_CONSTRAINTS: dict[str, dict[str, Any]] = {
    "ContinentalAdviceRequest": {
        "oneOf": [{"required": ["hand_number"]}, {"required": ["contract"]}],
        "anyOf": [{"not": {"required": ["offer"], "properties": {"offer": {"enum": [OFFER_BUY]}}}},
                  {"required": ["discard_top"], "properties": {"discard_top": {"type": "string"}},
                   "not": {"required": ["drawn"], "properties": {"drawn": {"enum": [True]}}}}]},
    "ContinentalContract": {"anyOf": [
        {"properties": {"trios": {"enum": [trios]}, "runs": {"enum": list(
            range(max(0, 1 - trios), CONTINENTAL_MAX_CONTRACT_MELDS - trios + 1))}}}
        for trios in range(CONTINENTAL_MAX_CONTRACT_MELDS + 1)]},
}
"""What the Continental request requires beyond its fields: hand_number or contract (not both),
a buy offer with the card offered and a hand before its draw (``offer: "buy"`` needs
``discard_top`` and no ``drawn: true``),
and a contract of one to three melds (JSON Schema keywords, added by :mod:`api.openapi` through
the game's :attr:`api.game_api.GameApi.schema_constraints`)."""


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
    end = fields.String(required=True, allow_none=True, validate=validate.OneOf(list(RunEnd)),
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
    expected_points = fields.Float(required=True, allow_none=True, metadata={
        "description": "expected_points: the points you are expected to score at the end of the "
                       "hand discarding this card (see ContinentalPricedAlternative); null when "
                       "this discard was not priced"})
    danger = fields.Float(required=True, allow_none=True, metadata={
        "description": "expected_points: how often this discard is taken by another player and "
                       "ends on the table in their meld or lay-off (0 to 1); null when not priced"})


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


VERDICT_WORDS = ", ".join(f"{name} (at most {most:g} lost)" for name, most in VERDICTS)
"""The verdicts in words, with the points lost each allows."""


class ContinentalPricedAlternativeSchema(Schema):
    """One way to play the decision, played out on the samples."""

    kind = fields.String(required=True, validate=validate.OneOf([k.value for k in Kind]), metadata={
        "description": "take: draw the top discard; stock: draw from the stock; buy or pass: "
                       "answer the buy offer; drop: lay the contract down (then lay off and "
                       "discard card); hold: keep the contract in hand and discard card, to go out "
                       "all at once later; discard: discard card (not dropping); shed: once another "
                       "player has dropped, discard card, your heaviest, and go on shedding your "
                       "heaviest cards (buying none) rather than building your contract: fewer "
                       "points in hand should the hand end before you can drop",
        "example": "discard"})
    card = fields.String(required=True, allow_none=True, metadata={
        "description": "the card taken, bought or discarded (null: the stock, a pass, or going "
                       "out without a discard)", "example": "Kd"})
    action = fields.Dict(required=True, metadata={
        "description": "what you do now this way, as the body of POST /v1/games/{id}/actions "
                       "(cards named as hand names them)", "example": {"type": "discard", "card": "Kd"}})
    actions = fields.List(fields.Dict(), required=True, metadata={
        "description": "every action of your turn this way, in order (the drop, the lay-offs, "
                       "the discard), as action bodies"})
    expected_points = fields.Float(required=True, allow_none=True, metadata={
        "description": "the points you are expected to score at the end of the hand playing "
                       "this way: the mean over the samples of your penalty points when the hand "
                       "ends (lower is better; -10 when you go out in one turn, 0 when you go out). "
                       "Null when no sample was played", "example": 7.5})
    standard_error = fields.Float(required=True, allow_none=True, metadata={
        "description": "the standard error of expected_points (the sampling noise: the true mean "
                       "is within about two of them)"})
    points_lost = fields.Float(required=True, allow_none=True, metadata={
        "description": "how many more points than the advised play this way scores on average, "
                       "on the same deals (0 for the advised one)"})
    difference_error = fields.Float(required=True, allow_none=True, metadata={
        "description": "the standard error of points_lost"})
    danger = fields.Float(required=True, allow_none=True, metadata={
        "description": "the share of the samples (0 to 1) where the card you discard is taken by "
                       "another player before the next discard (drawn from the pile or bought) "
                       "and ends on the table in their meld or lay-off: it helped them. Null when "
                       "this way discards nothing now", "example": 0.125})
    danger_error = fields.Float(required=True, allow_none=True, metadata={
        "description": "the standard error of danger"})
    samples = Int(required=True, metadata={
        "description": "the deals this way was played out on: the decision's samples, or fewer "
                       "when it trailed the best way so clearly that the samples still to come went "
                       "to the closer ones (never the exact advice's way)", "example": 24})
    verdict = fields.String(required=True, allow_none=True, metadata={
        "description": f"points_lost in words: {VERDICT_WORDS}, else blunder", "example": "best"})
    why = fields.String(required=True, metadata={"description": "why, in a sentence"})
    advised = fields.Boolean(required=True, metadata={
        "description": f"the play advised: the exact advice's unless another is better by more "
                       f"than a bar of standard errors of the difference (difference_error): "
                       f"{KEEP_BARS.describe()}; and only after {MIN_OVERRULE} samples at least"})
    distance_choice = fields.Boolean(required=True, metadata={
        "description": "the exact (distance) advice plays it"})


class ContinentalExpectedPointsSchema(Schema):
    """The decision priced by playing the hand out on random deals of the unknown cards."""

    step = fields.String(required=True, validate=validate.OneOf([s.value for s in Step]), metadata={
        "description": "draw: before your draw (take or stock); play: after it (drop, hold, "
                       "discard, shed); buy: a buy offer out of your turn (buy or pass)"})
    samples = Int(required=True, metadata={
        "description": "the deals dealt, each played out with every alternative still in the "
                       "running (fewer than asked when the choice was clear sooner, or the solver "
                       "budget ran out; 0 when there is a single way to play: nothing to compare, "
                       "its figures are null)"})
    seed = Int(required=True)
    turns = Int(required=True, metadata={
        "description": "the rollout turns played in all, every alternative and sample: the work "
                       "the answer rests on", "example": 1480})
    complete = fields.Boolean(required=True, metadata={
        "description": "false when the solver budget stopped the sampling early (the figures "
                       "rest on fewer samples than asked and may differ from run to run)"})
    solve_ms = fields.Float(required=True, metadata={"description": "time spent playing out"})
    alternatives = fields.List(fields.Nested(ContinentalPricedAlternativeSchema), required=True,
                               metadata={"description": "the advised one first, then by expected "
                                                        "points"})


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
    hand_score = Int(required=True, metadata={
        "description": "the points the advised turn scores should the hand end with it, as the "
                       "rules score a hand: points_left, or for going out 0, or the same_turn_bonus "
                       "(-10) when the turn also drops the contract",
        "example": -10})
    distance = Int(required=True, metadata={
        "description": "fewest cards to add to hold the contract at minimum size plus a card to "
                       "discard (0 once dropped)"})
    outs = fields.List(fields.Nested(ContinentalOutSchema), required=True)
    outs_total = Int(required=True)
    discard_ranking = fields.List(fields.Nested(ContinentalDiscardSchema), required=True)
    take_discard = fields.Nested(ContinentalDecisionSchema, required=True, allow_none=True)
    buy = fields.Nested(ContinentalDecisionSchema, required=True, allow_none=True)
    action = fields.Dict(required=True, allow_none=True, metadata={
        "description": "the advised next action of your turn (with expected_points, the advised "
                       "alternative's action), as the body of POST "
                       "/v1/games/{id}/actions: on a buy offer (offer: buy) the buy or the pass; "
                       "before the draw the draw (from the discard pile "
                       "when taking it is advised); after it the drop, else the first lay-off "
                       "(swap_joker when the card takes a joker's place), else the discard; null "
                       "when there is none. Its cards are named as hand names them (7c#2: the "
                       "copy a game's seat holds), so a seat sends it as it is. One step: ask "
                       "again after it",
        "example": {"type": "drop", "melds": [["Kc", "Kd", "Ks"], ["4h", "Jk", "6h", "7h"]]}})
    buy_action = fields.Dict(required=True, allow_none=True, metadata={
        "description": "the answer to a buy offer of discard_top out of your turn, as an action "
                       "body: buy or pass (null without discard_top; on a buy offer with "
                       "expected_points, the advised alternative's)", "example": {"type": "pass"}})
    objective = fields.String(required=True, validate=validate.OneOf([o.value for o in Objective]),
                              metadata={"description": "the objective answered: the one asked, or "
                                                       "distance when expected points cannot be "
                                                       "worked out (see objective_note)",
                                        "example": Objective.EXPECTED_POINTS.value})
    objective_note = fields.String(required=True, allow_none=True, metadata={
        "description": "why the objective answered is not the one asked (null when it is)"})
    expected_points = fields.Nested(ContinentalExpectedPointsSchema, required=True, allow_none=True,
                                    metadata={"description": "the priced alternatives (null for "
                                                             "distance)"})
    explanation = fields.String(required=True)
    solve_ms = fields.Float(required=True)
