"""The seven Continental contracts and how many cards each hand deals.

Spec, "The seven hands": hand 1 is 2 trios with 7 cards dealt, up to hand 7,
3 runs with 13 cards.

>>> CONTRACTS[5].name, CONTRACTS[5].cards_dealt, CONTRACTS[5].drop_size
('2 trios + 1 run', 11, 10)
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesets.continental.melds import RUN_MINIMUM, TRIO_MINIMUM

__all__ = ["CONTRACTS", "CONTRACTS_RULE", "HANDS", "Contract", "drop_size"]


def drop_size(trios: int, runs: int) -> int:
    """How many cards a drop of ``trios`` trios and ``runs`` runs lays down.

    Spec, "Melds": "At the drop, each contract meld is exactly its minimum (trio 3
    cards, run 4 cards)."

    >>> drop_size(2, 0), drop_size(1, 1), drop_size(0, 3)
    (6, 7, 12)
    """
    return trios * TRIO_MINIMUM + runs * RUN_MINIMUM


@dataclass(frozen=True, slots=True)
class Contract:
    """What one hand asks for: ``trios`` trios and ``runs`` runs, ``cards_dealt`` cards each.

    >>> Contract(2, 1, 1, 8).meld_count
    2
    """

    hand: int
    trios: int
    runs: int
    cards_dealt: int

    @property
    def meld_count(self) -> int:
        """How many melds the drop lays down."""
        return self.trios + self.runs

    @property
    def drop_size(self) -> int:
        """How many cards the drop lays down (:func:`drop_size`).

        >>> [c.drop_size for c in CONTRACTS.values()]
        [6, 7, 8, 9, 10, 11, 12]
        """
        return drop_size(self.trios, self.runs)

    @property
    def name(self) -> str:
        """The contract in words, e.g. ``1 trio + 2 runs``.

        >>> CONTRACTS[3].name
        '2 runs'
        """
        parts = []
        if self.trios:
            parts.append(f"{self.trios} trio{'s' if self.trios > 1 else ''}")
        if self.runs:
            parts.append(f"{self.runs} run{'s' if self.runs > 1 else ''}")
        return " + ".join(parts)


CONTRACTS: dict[int, Contract] = {
    hand: Contract(hand, trios, runs, dealt)
    for hand, trios, runs, dealt in (
        (1, 2, 0, 7),
        (2, 1, 1, 8),
        (3, 0, 2, 9),
        (4, 3, 0, 10),
        (5, 2, 1, 11),
        (6, 1, 2, 12),
        (7, 0, 3, 13),
    )
}
"""Hand number (1-7) to its contract, from the spec's table.

>>> [(c.trios, c.runs, c.cards_dealt) for c in CONTRACTS.values()][:2]
[(2, 0, 7), (1, 1, 8)]
"""

HANDS = len(CONTRACTS)
"""A game is seven hands."""

CONTRACTS_RULE = "the seven hands: " + ", ".join(f"{c.hand} = {c.name}" for c in CONTRACTS.values())
"""The seven contracts in words, the rule a contract that is none of them breaks.

>>> CONTRACTS_RULE[:52]
'the seven hands: 1 = 2 trios, 2 = 1 trio + 1 run, 3 ='
"""
