"""Ramchi over HTTP, registered for the platform: its bodies, card reading and routes.

>>> RAMCHI_API.read_action({"type": "arrange", "combinations": [["10h", "JH", "qh"]]})
{'type': 'arrange', 'combinations': [['Th', 'Jh', 'Qh']]}
>>> RAMCHI_API.history_fields
('rounds',)
"""

from __future__ import annotations

from api.game_api import GameApi, register_game_api
from api.ramchi import advice_routes, combination_routes
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

__all__ = ["RAMCHI_API"]

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
    blueprints=(combination_routes.blp, advice_routes.blp),
    problems=RAMCHI_PROBLEMS,
))
"""Ramchi's bodies and routes, as the platform sees them."""
