"""What a Ramchi seat may do now: the exchange or keep, or its arrangement.

The holder of the 2♦ decides the exchange (``exchange`` or ``keep``); then each
seat that has not arranged may ``arrange``, listed once: which combinations to
make is the player's choice (:data:`ARRANGE_CHOICE`), and the listed body (no
combinations: every card discarded) is only the one arrangement always legal.

>>> from rulesets.ramchi.config import GameConfig
>>> from rulesets.ramchi.game import RamchiGame
>>> game = RamchiGame(GameConfig.create(hands=1, seed=5, dealer=0))
>>> game.do_keep(1)
>>> [legal.to_dict()["type"] for legal in legal_actions(game, 0)]
['arrange']
>>> legal_actions(game, 0)[0].body
{'type': 'arrange', 'combinations': []}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesets.legal_actions import CardChoice, CardGroup, LegalAction
from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.combinations import COMBINATION_SIZE
from rulesets.ramchi.phase import Phase
from rulesets.ramchi.records import Arrange, Exchange, Keep

if TYPE_CHECKING:
    from rulesets.ramchi.game import RamchiGame

__all__ = ["ARRANGE_CHOICE", "legal_actions"]

ARRANGE_CHOICE = CardChoice(
    "combinations",
    (CardGroup("combination", COMBINATION_SIZE, 0, MAX_COMBINATIONS),),
    f"up to {MAX_COMBINATIONS} disjoint combinations of {COMBINATION_SIZE} cards from your hand, "
    "in any order (they are played strongest first); every other card is discarded face down, "
    "all of them with no combination",
)
"""What an arrangement chooses: "Each player forms up to five disjoint combinations and discards
the other cards face down"."""


def legal_actions(game: RamchiGame, seat: int) -> list[LegalAction]:
    """The actions ``seat`` may take now: none unless the game waits for it; the exchange or
    keep for the 2♦ holder; otherwise one ``arrange`` with :data:`ARRANGE_CHOICE`.
    """
    if seat not in game.awaited():
        return []
    if game.phase is Phase.EXCHANGE:
        return [LegalAction(Exchange(seat)), LegalAction(Keep(seat))]
    return [LegalAction(Arrange(seat, ()), ARRANGE_CHOICE)]
