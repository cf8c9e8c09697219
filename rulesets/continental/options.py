"""The options of a Continental Rummy ruleset (every *variant* of the spec).

>>> ContinentalOptions().card_values
'standard'
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesets.options import option


@dataclass(frozen=True, slots=True)
class ContinentalOptions:
    """Continental house-rule switches; the defaults are the project's reading of the rules."""

    max_players: int = option(
        6,
        "Most players at the table. Above 6, one more deck and 2 more jokers are added "
        "for every 2 extra players (7-8 players: 3 decks and 4 jokers).",
        minimum=2,
        maximum=12,
        spec="Table",
    )
    go_out_without_discard: bool = option(
        False,
        "Also allow going out by melding or laying off the last card, with no discard.",
        spec="Going out and scoring",
    )
    card_values: str = option(
        "standard",
        "Penalty points of cards left in hand: 'standard' is 2-9 = 5, 10/J/Q/K = 10, A = 20, "
        "Joker = 50; 'face_value' scores 2-10 at face value (J/Q/K = 10, A = 20, Joker = 50).",
        choices=("standard", "face_value"),
        spec="Going out and scoring",
    )
    same_turn_bonus: int = option(
        -10,
        "Score of a player who drops the contract and goes out in the same turn.",
        minimum=-1000,
        maximum=0,
        spec="Going out and scoring",
    )
    buying: bool = option(
        True,
        "Other players may buy the top discard (taking a penalty card from the stock). "
        "Off: no buying (a house rule; the spec always allows it).",
        spec="A turn",
    )
