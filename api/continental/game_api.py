"""Continental Rummy over HTTP, registered for the platform: its bodies, card reading and routes.

>>> CONTINENTAL_API.read_action({"type": "discard", "card": "10h"})
{'type': 'discard', 'card': 'Th'}
"""

from __future__ import annotations

from api.continental import advice_routes
from api.continental.advice_schemas import CONTINENTAL_REQUEST_CONSTRAINTS
from api.continental.cards import read_settings
from api.continental.problems import CONTINENTAL_PROBLEMS
from api.continental.schemas import (
    CONTINENTAL_ACTIONS,
    ContinentalDisputeRequestSchema,
    ContinentalGameCreatedSchema,
    ContinentalGameCreateSchema,
    ContinentalGameSettingsSchema,
    ContinentalGameViewSchema,
    ContinentalVerdictSchema,
)
from api.game_api import GameApi, register_game_api
from rulesets.continental.config import FIELDS
from rulesets.continental.kind import CONTINENTAL

__all__ = ["CONTINENTAL_API"]

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
    blueprints=(advice_routes.blp,),
    schema_constraints=CONTINENTAL_REQUEST_CONSTRAINTS,
    problems=CONTINENTAL_PROBLEMS,
))
"""Continental's bodies and routes, as the platform sees them."""
