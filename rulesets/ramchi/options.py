"""The options of a Ramchi ruleset (every *variant* of the spec, and table settings).

>>> RamchiOptions().tie_goes_to
'first'
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesets.options import option


@dataclass(frozen=True, slots=True)
class RamchiOptions:
    """Ramchi house-rule switches; the defaults are the project's reading of the rules."""

    four_of_a_kind: bool = option(
        True,
        "After the exchange, a player holding four of a kind wins the hand outright "
        "(the highest four of a kind if several). Off: four of a kind is not special.",
        spec="Four of a kind",
    )
    four_of_a_kind_chips: int = option(
        4,
        "Chips the four-of-a-kind winner takes from each opponent.",
        minimum=0,
        maximum=1000,
        spec="Four of a kind",
    )
    tie_goes_to: str = option(
        "first",
        "When equal combinations meet in a round, the one played first wins ('first'), "
        "or the one played last ('last').",
        choices=("first", "last"),
        spec="Play and scoring",
    )
    out_players_pay: bool = option(
        True,
        "A player who has run out of combinations still pays the winner of each later round. "
        "Off: only players still holding combinations pay.",
        spec="Play and scoring",
    )
    exchange: bool = option(
        True,
        "The holder of the 2♦ may swap it for the up-card once, before play. "
        "Off: no exchange (a house rule; the spec always allows it).",
        spec="Deal and exchange",
    )
