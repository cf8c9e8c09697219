"""How many cards another player's hand can hold, by the rules, from what is public about it.

Spec, "The seven hands" and "A turn": each player is dealt the contract's cards; a draw adds
one card and the discard that ends the turn takes one away; a buy adds two (the discard and
the penalty card) and discards none. So a player who has not dropped holds the cards dealt
plus two per buy, and one more between its draw and its discard. The drop and the lay-offs
take cards away, so a player who has dropped may hold fewer, but at least one card: a player
with none has gone out and the hand is over.

>>> from rulesets.continental.contracts import CONTRACTS
>>> hand_size_problem(7, CONTRACTS[1], dropped=False, held=0, bought=0) is None
True
>>> hand_size_problem(8, CONTRACTS[1], dropped=False, held=1, bought=1)
'a player who has not dropped holds the 7 cards dealt plus two per buy (1 card bought): at least 9, not 8'
"""

from __future__ import annotations

from rulesets.continental.contracts import Contract

__all__ = ["HAND_SIZE_RULE", "hand_size_problem", "least_hand_size"]

HAND_SIZE_RULE = ("each player is dealt the contract's cards; a draw adds one card and the discard "
                  "takes one, a buy adds two; a player holds cards until going out")
"""The rule a hand size out of its bounds breaks, in words."""


def _cards(n: int) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} card{'' if n == 1 else 's'}"


def least_hand_size(contract: Contract, *, dropped: bool, held: int, bought: int) -> int:
    """The fewest cards a hand can hold: at least the ``held`` cards known in it, at least one,
    and, before its drop, the cards dealt plus two for each of the ``bought`` cards it still holds
    (a contract that is none of the seven hands' deals no known number).

    >>> from rulesets.continental.contracts import CONTRACTS
    >>> least_hand_size(CONTRACTS[7], dropped=False, held=2, bought=1)
    15
    >>> least_hand_size(CONTRACTS[7], dropped=True, held=2, bought=1)
    2
    """
    least = max(1, held)
    if not dropped and contract.hand:
        least = max(least, contract.cards_dealt + 2 * bought)
    return least


def hand_size_problem(hand_size: int, contract: Contract, *, dropped: bool, held: int,
                      bought: int) -> str | None:
    """Why a hand of ``hand_size`` cards cannot be, in a player's words (``None``: it can be).

    ``held`` is the number of cards known to be in the hand (picked up from the discard pile or
    bought, not played since), ``bought`` how many of them were bought.

    >>> from rulesets.continental.contracts import CONTRACTS
    >>> hand_size_problem(1, CONTRACTS[3], dropped=True, held=2, bought=0)
    'the hand holds the 2 cards known in it: at least 2 cards, not 1'
    >>> hand_size_problem(0, CONTRACTS[3], dropped=True, held=0, bought=0)
    'a player holds cards until going out, and the hand ends when one goes out: at least 1 card, not 0'
    """
    least = least_hand_size(contract, dropped=dropped, held=held, bought=bought)
    if hand_size >= least:
        return None
    if not dropped and contract.hand and least == contract.cards_dealt + 2 * bought and least > held:
        why = (f"a player who has not dropped holds the {contract.cards_dealt} cards dealt plus two "
               f"per buy ({_cards(bought)} bought)")
        return f"{why}: at least {least}, not {hand_size}"
    if held > 1 and least == held:
        return f"the hand holds the {_cards(held)} known in it: at least {_cards(least)}, not {hand_size}"
    return ("a player holds cards until going out, and the hand ends when one goes out: "
            f"at least {_cards(least)}, not {hand_size}")
