"""Ramchi over HTTP: its bodies (the documented game schemas of :mod:`api.schemas`) and how
their cards are read, registered for the game routes.

>>> read_settings({"hands": 1, "deck": None, "seed": 5}, "")
{'hands': 1, 'seed': 5}
>>> read_action({"type": "arrange", "combinations": [["10h", "JH", "qh"]]})["combinations"]
[['Th', 'Jh', 'Qh']]
"""

from __future__ import annotations

from typing import Any

from api.cardinput import read_cards
from api.errors import ApiProblem
from api.game_schemas import GameApi, register_game_api
from api.schemas import (
    GameSettingsSchema,
    RamchiActionRequestSchema,
    RamchiDisputeRequestSchema,
    RamchiGameCreatedSchema,
    RamchiGameCreateSchema,
    RamchiGameViewSchema,
)
from rulesets.ramchi.config import FIELDS
from rulesets.ramchi.kind import RAMCHI

__all__ = ["RAMCHI_API", "read_action", "read_settings"]


def read_settings(body: dict[str, Any], pointer: str) -> dict[str, Any]:
    """The configuration dict of the rules from loaded game settings (cards read with pointers).

    ``pointer`` is where the settings are in the body (``/config`` in a dispute).
    """
    data: dict[str, Any] = {key: body[key] for key in ("hands", "dealer", "seed", "ruleset", "options")
                            if body.get(key) is not None}
    if body.get("deck") is not None:
        data["deck"] = [c.code for c in read_cards(body["deck"], f"{pointer}/deck", what="deck")]
    if body.get("decks") is not None:
        data["decks"] = [[c.code for c in read_cards(deck, f"{pointer}/decks/{i}", what=f"decks[{i}]")]
                         for i, deck in enumerate(body["decks"])]
    return data


def read_action(body: dict[str, Any]) -> dict[str, Any]:
    """An action request with its cards read (a bad card is a problem pointing at it)."""
    if body["type"] != "arrange":
        return {"type": body["type"]}
    combinations = body.get("combinations")
    if combinations is None:
        raise ApiProblem("invalid_request", "an 'arrange' action needs 'combinations' "
                         "(a list of up to five lists of three cards; [] to discard all)",
                         status=422, errors=[{"pointer": "/combinations", "detail": "required"}])
    cards = [read_cards(combo, f"/combinations/{i}") for i, combo in enumerate(combinations)]
    return {"type": "arrange", "combinations": [[card.code for card in combo] for combo in cards]}


RAMCHI_API = register_game_api(GameApi(
    name=RAMCHI.name,
    create=RamchiGameCreateSchema,
    settings=GameSettingsSchema,
    dispute=RamchiDisputeRequestSchema,
    action=RamchiActionRequestSchema,
    view=RamchiGameViewSchema,
    created=RamchiGameCreatedSchema,
    # An 'arrange' needs its combinations ([] discards the hand); 'exchange' and 'keep' take none.
    action_variants=(
        {"properties": {"type": {"type": "string", "enum": ["exchange", "keep"]}}},
        {"properties": {"type": {"type": "string", "enum": ["arrange"]},
                        "combinations": {"type": "array"}},
         "required": ["combinations"]},
    ),
    read_settings=read_settings,
    read_action=read_action,
    settings_fields=FIELDS,
))
"""Ramchi's bodies, as the game routes see them."""
