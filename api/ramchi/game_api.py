"""Ramchi over HTTP, registered for the platform: its bodies, card reading and routes.

>>> RAMCHI_API.read_action({"type": "arrange", "combinations": [["10h", "JH", "qh"]]})
{'type': 'arrange', 'combinations': [['Th', 'Jh', 'Qh']]}
>>> RAMCHI_API.history_fields
('rounds',)
"""

from __future__ import annotations

from api.game_api import GameApi, SeatAdvice, register_game_api
from api.ramchi import advice_routes, combination_routes, score_routes
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
        "x-game": "seeded", "x-seat": 1}},
    "dispute": {"short": {
        "summary": "A whole one-hand game: seat 1 keeps, every seat arranges nothing",
        "description": "Only the actions of the game of seed 5, dealer 0: judged legal.",
        "value": {"game": RAMCHI.name, "config": {"hands": 1, "seed": 5, "dealer": 0},
                  "log": [{"kind": "keep", "seat": 1},
                          *({"kind": "arrange", "seat": seat, "combinations": []} for seat in range(3))]}}},
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
    blueprints=(combination_routes.blp, score_routes.blp, advice_routes.blp),
    problems=RAMCHI_PROBLEMS,
    examples=RAMCHI_EXAMPLES,
    seat_advice=SeatAdvice(path="/v1/ramchi/advice", request_of=advice_request,
                           request=AdviceRequestSchema, answer=AdviceSchema,
                           advise=advice_routes.advise),
))
"""Ramchi's bodies and routes, as the platform sees them."""
