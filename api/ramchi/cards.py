"""How Ramchi reads the cards of a request: one 52-card deck, no jokers, every card written as
:data:`api.cardinput.CARD_CODE_PATTERN`.

>>> read_settings({"hands": 1, "deck": None, "seed": 5}, "")
{'hands': 1, 'seed': 5}
>>> read_settings({"decks": [["As", "Ax"]]}, "/config")
Traceback (most recent call last):
...
api.errors.ApiProblem: config.decks.0: card 2 'Ax': 'x' is not a suit (suits: c d h s or ♣ ♦ ♥ ♠)
"""

from __future__ import annotations

from typing import Any

from api.actions import CardFields
from api.cardinput import read_cards
from api.schemas import card_code
from rulesets.ramchi.deal import HAND_SIZE

__all__ = ["RAMCHI_CARDS", "read_settings"]

RAMCHI_CARDS = CardFields(card_code, most_cards=HAND_SIZE, most_lists=HAND_SIZE)
"""The cards of an action request: a hand's worth in a list, as many lists."""


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
