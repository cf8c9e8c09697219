"""Ramchi over HTTP, registered for the platform: its bodies, card reading and routes.

>>> RAMCHI_API.read_action({"type": "arrange", "combinations": [["10h", "JH", "qh"]]})
{'type': 'arrange', 'combinations': [['Th', 'Jh', 'Qh']]}
>>> RAMCHI_API.history_fields
('rounds',)
"""

from __future__ import annotations

from api.game_api import GameApi, SeatAdvice, register_game_api
from api.ramchi import advice_routes, combination_routes, score_routes, trainer_check
from api.ramchi.advice_schemas import AdviceRequestSchema, AdviceSchema
from api.ramchi.cards import read_settings
from api.ramchi.problems import RAMCHI_PROBLEMS
from api.ramchi.schemas import (
    RAMCHI_ACTIONS,
    RamchiDisputeRequestSchema,
    RamchiGameCreatedSchema,
    RamchiGameCreateSchema,
    RamchiGameSettingsSchema,
    RamchiGameViewSchema,
    RamchiVerdictSchema,
)
from rulesets.ramchi.config import FIELDS
from rulesets.ramchi.kind import RAMCHI
from rulesets.ramchi.knowledge import advice_request

__all__ = ["RAMCHI_API", "RAMCHI_EXAMPLES"]

_SEED_GAME = {"game": RAMCHI.name, "players": ["Asha", "Bo", "Chen"], "hands": 1, "seed": 5, "dealer": 0}

RAMCHI_EXAMPLES = {
    "create": {"seeded": {
        "summary": "Three players, one hand, seed 5, dealer 0",
        "description": "Hand 1 is shuffled from seed 5; seat 1 holds the 2♦, so it decides the "
                       "exchange first.",
        "value": _SEED_GAME}},
    "action": {"keep": {
        "summary": "Seat 1 keeps (seed 5, dealer 0: seat 1 holds the 2♦)",
        "description": "Sent with seat 1's token in the game of the `ramchi-seeded` create "
                       "example: the 2♦'s holder keeps its hand instead of exchanging.",
        "value": {"type": "keep", "expected_version": 0},
        "x-game": "seeded", "x-seat": 1},
        "replace-by-bot": {
            "summary": "Seat 0, the host, hands seat 1 to the greedy bot",
            "description": "Sent with seat 0's token (it created the table: the view's host) in the "
                           "game of the `ramchi-seeded` create example: from now on the greedy bot "
                           "plays seat 1, and as seat 1 decides the exchange it acts at once (the "
                           "answer's events show its decision). Seat 1's token still reads its view.",
            "value": {"type": "replace_by_bot", "player": 1, "bot": "greedy", "expected_version": 0},
            "x-game": "seeded", "x-seat": 0}},
    "dispute": {"short": {
        "summary": "A whole one-hand game: seat 1 keeps, every seat arranges nothing",
        "description": "Only the actions of the game of seed 5, dealer 0: judged legal.",
        "value": {"game": RAMCHI.name, "config": {"hands": 1, "seed": 5, "dealer": 0},
                  "log": [{"kind": "keep", "seat": 1},
                          *({"kind": "arrange", "seat": seat, "combinations": []} for seat in range(3))]}},
        "handover": {
            "summary": "A log where the host hands seat 2 to a bot before it arranges",
            "description": "Seed 5, dealer 0: seat 1 keeps, seat 0 (the host) hands seat 2 to "
                           "the greedy bot out of turn, then every seat arranges nothing: judged "
                           "legal (a handover changes nothing else in the game).",
            "value": {"game": RAMCHI.name, "config": {"hands": 1, "seed": 5, "dealer": 0},
                      "log": [{"kind": "keep", "seat": 1},
                              {"kind": "replace_by_bot", "seat": 0, "player": 2, "bot": "greedy"},
                              *({"kind": "arrange", "seat": seat, "combinations": []}
                                for seat in range(3))]}},
        "refused": {
            "summary": "An exchange by a seat that does not hold the 2♦",
            "description": "Seed 5, dealer 0: seat 1 holds the 2♦, so seat 0's exchange is "
                           "refused (legal: false, at record 0, in words).",
            "value": {"game": RAMCHI.name, "config": {"hands": 1, "seed": 5, "dealer": 0},
                      "log": [{"kind": "exchange", "seat": 0}]}}},
    "verdict": {"changed-winner": {
        "summary": "A finished log whose round 1 winner was changed",
        "description": "The log of a finished game (seed 5, dealer 0), its record 5 (round 1) "
                       "changed to say seat 0 won; the events and log fields are left out here.",
        "value": {
            "legal": False, "finished": False, "chips": [0, 0, 0], "index": 5,
            "where": {"index": 5, "hand": 1, "round": 1}, "code": "log_mismatch",
            "rule": "the events of a game follow from its actions by the rules",
            "message": "record 5, hand 1, round 1: the log says seat 0 won; by the rules seat 1 "
                       "won it, Three Kings beats Three Sixes",
            "differences": [{"field": "winner", "log": "seat 0", "rules": "seat 1"}],
            "standings_after": {"through_record": 4, "hands_finished": 0, "counts":
                                "chips won or lost by each seat in the 0 hands finished in "
                                "records 0 to 4", "chips": [0, 0, 0]}}}},
    "replay": {"refused": {
        "summary": "The refused exchange, told with its verdict",
        "description": "The answer to the ramchi-refused replay (its steps left out here).",
        "value": {"game": RAMCHI.name, "finished": False, "verdict": {
            "legal": False, "finished": False, "index": 0, "code": "wrong_seat",
            "where": {"index": 0, "hand": 1, "round": None},
            "rule": "only the holder of the 2♦ may exchange it for the up-card",
            "message": "record 0, hand 1: seat 0 does not hold the 2♦; seat 1 decides the exchange"}}}},
    "log": {"public": {
        "summary": "The public log of a new game: the deal, the up-card J♦",
        "description": "The log of the ramchi-seeded game without a token (the options left out "
                       "here); the game's id is its own.",
        "value": {"id": "0b6f8e1c-5d2a-4c3e-9f7a-2e4d6c8b1a09", "game": RAMCHI.name, "version": 0,
                  "complete": False, "config": {"hands": 1, "dealer": 0, "ruleset": "ramchi"},
                  "log": [{"kind": "hand_dealt", "hand": 1, "dealer": 0, "deck": None, "up_card": "Jd"}]},
        "x-game": "seeded", "x-seat": None, "x-varies": ["id"]}},
    "seat_advice": {"seat-1": {
        "summary": "Seat 1, the 2♦ holder, advised on the exchange with the up-card",
        "description": "The advice for seat 1 in the ramchi-seeded game: the request is its 17 "
                       "cards and the up-card; most of the advice is left out here.",
        "value": {"game": RAMCHI.name, "seat": 1, "version": 0,
                  "request": {"hand": ["Kh", "5s", "Qh", "2d", "4c", "8s", "Ac", "Ad", "Js", "9d", "Kd",
                                       "8d", "Kc", "7c", "2h", "4s", "3h"],
                              "up_card": "Jd", "seat": 1, "dealer": 0},
                  "advice": {"objective": "ev", "exchange": {"possible": True}}},
        "x-game": "seeded", "x-seat": 1}},
}
"""Ramchi's whole example requests of the shared routes (``GameApi.examples``)."""

RAMCHI_API = register_game_api(GameApi(
    name=RAMCHI.name,
    create=RamchiGameCreateSchema,
    settings=RamchiGameSettingsSchema,
    dispute=RamchiDisputeRequestSchema,
    action=RAMCHI_ACTIONS.schema,
    view=RamchiGameViewSchema,
    created=RamchiGameCreatedSchema,
    verdict=RamchiVerdictSchema,
    action_variants=RAMCHI_ACTIONS.variants,
    read_settings=read_settings,
    read_action=RAMCHI_ACTIONS.read,
    settings_fields=FIELDS,
    history_fields=("rounds",),
    blueprints=(combination_routes.blp, score_routes.blp, advice_routes.blp, trainer_check.blp),
    problems=RAMCHI_PROBLEMS,
    examples=RAMCHI_EXAMPLES,
    seat_advice=SeatAdvice(path="/v1/ramchi/advice", request_of=advice_request,
                           request=AdviceRequestSchema, answer=AdviceSchema,
                           advise=advice_routes.advise),
))
"""Ramchi's bodies and routes, as the platform sees them."""
