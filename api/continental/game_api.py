"""Continental Rummy over HTTP, registered for the platform: its bodies, card reading and routes.

>>> CONTINENTAL_API.read_action({"type": "discard", "card": "10h"})
{'type': 'discard', 'card': 'Th'}
"""

from __future__ import annotations

from api.continental import advice_routes, real_table_routes
from api.continental.advice_schemas import (
    CONTINENTAL_REQUEST_CONSTRAINTS,
    ContinentalAdviceRequestSchema,
    ContinentalAdviceSchema,
)
from api.continental.cards import read_settings
from api.continental.problems import CONTINENTAL_PROBLEMS
from api.continental.real_table_schemas import REAL_TABLE_CONSTRAINTS
from api.continental.schemas import (
    CONTINENTAL_ACTIONS,
    ContinentalDisputeRequestSchema,
    ContinentalGameCreatedSchema,
    ContinentalGameCreateSchema,
    ContinentalGameSettingsSchema,
    ContinentalGameViewSchema,
    ContinentalVerdictSchema,
)
from api.game_api import GameApi, SeatAdvice, register_game_api
from rulesets.continental.config import FIELDS
from rulesets.continental.kind import CONTINENTAL
from rulesets.continental.knowledge import advice_request

__all__ = ["CONTINENTAL_API", "CONTINENTAL_EXAMPLES"]

CONTINENTAL_EXAMPLES = {
    "create": {"seeded": {
        "summary": "Two players, one hand, seed 5, dealer 0",
        "description": "Hand 1 (two trios) is shuffled from seed 5; seat 1, after the dealer, "
                       "draws first.",
        "value": {"game": CONTINENTAL.name, "players": ["Ann", "Bo"], "hands": 1, "seed": 5,
                  "dealer": 0}}},
    "action": {"draw": {
        "summary": "Seat 1 draws from the stock (seed 5, dealer 0: seat 1 plays first)",
        "description": "Sent with seat 1's token in the game of the `continental-seeded` create "
                       "example.",
        "value": {"type": "draw", "source": "stock", "expected_version": 0},
        "x-game": "seeded", "x-seat": 1},
        "replace-by-bot": {
            "summary": "Seat 0, the host, hands seat 1 to the random bot",
            "description": "Sent with seat 0's token (it created the table: the view's host) in the "
                           "game of the `continental-seeded` create example: from now on the random "
                           "bot plays seat 1, whose turn it is, so it plays at once (the answer's "
                           "events show its turn). Seat 1's token still reads its view.",
            "value": {"type": "replace_by_bot", "player": 1, "bot": "random", "expected_version": 0},
            "x-game": "seeded", "x-seat": 0}},
    "dispute": {"short": {
        "summary": "The first draw of a two-player game (seed 5, dealer 0)",
        "description": "Only the actions so far: seat 1 draws from the stock, judged legal.",
        "value": {"game": CONTINENTAL.name, "config": {"players": 2, "hands": 1, "seed": 5, "dealer": 0},
                  "log": [{"kind": "draw", "seat": 1, "source": "stock"}]}},
        "changed-draw": {
            "summary": "A draw from the discard pile followed by a buy answer",
            "description": "Seat 1 is logged drawing from the discard pile, then seat 0 passes on "
                           "the discard, which only follows a draw from the stock: refused at the "
                           "draw (legal: false, index 0).",
            "value": {"game": CONTINENTAL.name, "config": {"players": 2, "hands": 1, "seed": 5, "dealer": 0},
                      "log": [{"kind": "draw", "seat": 1, "source": "discard"},
                              {"kind": "pass", "seat": 0}]}}},
    "verdict": {"changed-draw": {
        "summary": "The verdict on the changed draw",
        "description": "The answer to the continental-changed-draw dispute (events and log left out).",
        "value": {
            "legal": False, "finished": False, "scores": [], "totals": [0, 0], "winners": None,
            "index": 0, "where": {"index": 0, "hand": 1, "turn": 1}, "code": "log_mismatch",
            "rule": "a log's records follow from its actions by the rules: what follows an action "
                    "shows what it was",
            "message": "record 0, hand 1, turn 1: the log says seat 1 drew from the discard pile; by "
                       "the rules from the stock: the records after it follow from that, not from "
                       "what the log says (as the log has it, record 1 is refused: no discard is "
                       "offered for sale now)",
            "differences": [{"field": "source", "log": "the discard pile", "rules": "the stock"}],
            "standings_after": {"through_record": -1, "hands_finished": 0, "counts":
                                "points (the lowest total wins) of each seat in the 0 hands "
                                "finished (no record judged)", "totals": [0, 0], "scores": []}}}},
    "replay": {"short": {
        "summary": "The first draw told step by step",
        "description": "The answer to the continental-short replay: the deal, then seat 1's draw, "
                       "each with the table after it (the verdict left out here).",
        "value": {"game": CONTINENTAL.name, "finished": False, "steps": [
            {"index": 0, "posted": None, "kind": "hand_dealt", "seat": None, "hand": 1, "round": None,
             "turn": None, "text": "Hand 1 (2 trios): seat 0 deals 7 cards each; the up-card is the 10♣",
             "state": {"hand": 1, "dealer": 0, "totals": [0, 0],
                       "hands": [["5c", "Qc#2", "7h#2", "2h", "4h", "Qh", "2c#2"],
                                 ["Qd#2", "9d#2", "3d#2", "9s", "Jh#2", "Th#2", "Td"]],
                       "hand_sizes": [7, 7], "table": [], "discard_pile": ["Tc#2"], "stock_size": 91,
                       "dropped": [False, False]}},
            {"index": 1, "posted": 0, "kind": "draw", "seat": 1, "hand": 1, "round": None, "turn": 1,
             "text": "Seat 1 draws from the stock: the 8♠",
             "state": {"hand": 1, "dealer": 0, "totals": [0, 0],
                       "hands": [["5c", "Qc#2", "7h#2", "2h", "4h", "Qh", "2c#2"],
                                 ["Qd#2", "9d#2", "3d#2", "9s", "Jh#2", "Th#2", "Td", "8s"]],
                       "hand_sizes": [7, 8], "table": [], "discard_pile": ["Tc#2"], "stock_size": 90,
                       "dropped": [False, False]}}]}}},
    "log": {"seat-1": {
        "summary": "Seat 1's log of a new game: its own seven cards, the up-card",
        "description": "The log of the continental-seeded game read with seat 1's token (the "
                       "options left out here); the game's id is its own.",
        "value": {"id": "0b6f8e1c-5d2a-4c3e-9f7a-2e4d6c8b1a09", "game": CONTINENTAL.name, "version": 0,
                  "complete": False, "config": {"players": 2, "hands": 1, "dealer": 0,
                                                "ruleset": "continental"},
                  "log": [{"kind": "hand_dealt", "hand": 1, "dealer": 0, "deck": None, "up_card": "Tc#2",
                           "cards": ["Qd#2", "9d#2", "3d#2", "9s", "Jh#2", "Th#2", "Td"]}]},
        "x-game": "seeded", "x-seat": 1, "x-varies": ["id"]}},
    "seat_advice": {"seat-1": {
        "summary": "Seat 1, before its first draw: take the 10♣ (or buy it if offered)",
        "description": "The advice for seat 1 in the continental-seeded game; most of the request "
                       "and of the advice are left out here. The request names no objective: the "
                       "advice is by expected points (the default), with the default samples and "
                       "seed 0.",
        "value": {"game": CONTINENTAL.name, "seat": 1, "version": 0,
                  "request": {"hand": ["3d#2", "9d#2", "Td", "Qd#2", "Th#2", "Jh#2", "9s"],
                              "hand_number": 1, "drawn": False, "discard_top": "Tc#2"},
                  "advice": {"distance": 2, "objective": "expected_points", "take_discard": {
                      "advised": True, "reason": "take the 10♣: it brings the hand one card closer "
                                                 "to the contract (distance 2 → 1)"},
                             "action": {"type": "draw", "source": "discard"},
                             "buy_action": {"type": "buy"}}},
        "x-game": "seeded", "x-seat": 1}},
}
"""Continental's whole example requests of the shared routes (``GameApi.examples``), and example
answers (a verdict, a replay, a log, a seat's advice)."""

CONTINENTAL_API = register_game_api(GameApi(
    name=CONTINENTAL.name,
    create=ContinentalGameCreateSchema,
    settings=ContinentalGameSettingsSchema,
    dispute=ContinentalDisputeRequestSchema,
    action=CONTINENTAL_ACTIONS.schema,
    view=ContinentalGameViewSchema,
    created=ContinentalGameCreatedSchema,
    verdict=ContinentalVerdictSchema,
    action_variants=CONTINENTAL_ACTIONS.variants,
    read_settings=read_settings,
    read_action=CONTINENTAL_ACTIONS.read,
    settings_fields=FIELDS,
    blueprints=(advice_routes.blp, real_table_routes.blp),
    schema_constraints=CONTINENTAL_REQUEST_CONSTRAINTS | REAL_TABLE_CONSTRAINTS,
    problems=CONTINENTAL_PROBLEMS,
    examples=CONTINENTAL_EXAMPLES,
    seat_advice=SeatAdvice(path="/v1/continental/advice", request_of=advice_request,
                           request=ContinentalAdviceRequestSchema, answer=ContinentalAdviceSchema,
                           advise=advice_routes.advise),
))
"""Continental's bodies and routes, as the platform sees them."""
