"""One decision of a Continental seat as the expected-points advice sees it: a :class:`Position`.

A position is what the advised seat knows (:class:`~solver.continental.sampler.SeatKnowledge`),
the contract and options, the melds on the table, who has dropped, and where the turn stands
(:class:`Step`: its own draw, its own play after the draw, or a buy offer out of turn). Seats are
counted from the advised one: seat 0 is the advised seat, seat ``k`` the ``k``-th player after
it in play order (the order of :attr:`SeatKnowledge.others`).

:meth:`Position.rollout` turns a position and one sampled deal of the unknown cards into a
:class:`~solver.continental.rollout.RolloutGame` ready to be played out.

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> game = ContinentalGame(GameConfig.create(players=4, hands=7, seed=3, dealer=0))
>>> position = Position.of_game(game, 1)
>>> position.step, position.players, position.current
(<Step.DRAW: 'draw'>, 4, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from rulesets.cards import Card
from rulesets.continental.config import GameConfig
from rulesets.continental.contracts import Contract
from rulesets.continental.deck import Deck
from rulesets.continental.game import ContinentalGame
from rulesets.continental.melds import Meld
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.phase import Phase
from rulesets.errors import InvalidInputError
from solver.continental.public import OtherPlayer
from solver.continental.rollout import RolloutGame
from solver.continental.sampler import Deal, SeatKnowledge, knowledge_of_seat

__all__ = ["Position", "Step"]


class Step(StrEnum):
    """Where the advised seat's decision stands."""

    DRAW = "draw"
    """Its own turn, before the draw: take the top discard or draw from the stock."""
    PLAY = "play"
    """Its own turn, after the draw: drop or hold, lay off, discard."""
    BUY = "buy"
    """Another player's turn, the top discard offered: buy it or pass."""


@dataclass(frozen=True)
class Position:
    """A decision of seat 0 (module text). ``current`` is the seat whose turn it is (0 unless a buy
    offer), ``window`` whether a buy offer is open, ``answers`` each seat's answer to an open buy
    offer (None: not yet), ``dropped`` each seat's drop.
    """

    knowledge: SeatKnowledge
    contract: Contract
    options: ContinentalOptions
    table: tuple[Meld, ...]
    dropped: tuple[bool, ...]
    step: Step
    current: int = 0
    window: bool = False
    answers: tuple[bool | None, ...] = ()
    dropped_this_turn: bool = False

    @property
    def players(self) -> int:
        """Players at the table."""
        return 1 + len(self.knowledge.others)

    @cached_property
    def config(self) -> GameConfig:
        """The configuration the rollouts run under (players and options; the cards come from
        the knowledge and the deal).
        """
        return GameConfig(players=self.players, hands=7, dealer=0, seed=0, options=self.options)

    @classmethod
    def of_game(cls, game: ContinentalGame, seat: int) -> Position:
        """The decision ``seat`` faces now in ``game``, from what that seat may see only.

        Refuses (``ValueError``) a seat the game does not wait for.
        """
        if seat not in game.awaited():
            raise ValueError(f"seat {seat} has no decision to make now")
        n = game.players
        order = [(seat + k) % n for k in range(n)]
        step = Step.BUY if seat != game.current else Step.DRAW if game.phase is Phase.DRAW else Step.PLAY
        return cls(knowledge_of_seat(game, seat), game.contract, game.options, tuple(game.table),
                   tuple(game.dropped[s] for s in order), step, current=(game.current - seat) % n,
                   window=game.window,
                   answers=tuple(game.answers[s] for s in order) if game.window else (),
                   dropped_this_turn=game.dropped_this_turn and step is Step.PLAY)

    @classmethod
    def of_request(cls, hand: Sequence[Card], contract: Contract, options: ContinentalOptions, *,
                   table: Sequence[Meld], dropped: bool, discards: Sequence[Card],
                   others: Sequence[OtherPlayer], step: Step, deck: Deck | None = None,
                   elsewhere: Sequence[Card] = ()) -> Position:
        """A position told by a player (the advice request): the hand, the table, the pile (bottom
        first), the other players in play order after the player, the step, and the cards
        known to be out of play elsewhere (seen: in no hand, not in the stock).

        A buy offer is taken as made by the player just before the advised one (the nearest
        buyer is then the advised player). Refuses (:class:`~rulesets.errors.InvalidInputError`)
        a table without other players.
        """
        if not others:
            raise InvalidInputError("expected points need the other players: give other_players "
                                    "(each one's hand size, in play order after you)",
                                    code="invalid_input", field="other_players")
        knowledge = SeatKnowledge(tuple(hand), tuple(c for meld in table for c in meld.cards),
                                  tuple(discards), tuple(others),
                                  deck or Deck.for_players(options.max_players), tuple(elsewhere))
        n = 1 + len(others)
        current = n - 1 if step is Step.BUY else 0
        answers = (None,) * n if step is Step.BUY else ()
        return cls(knowledge, contract, options, tuple(table),
                   (dropped, *(o.dropped for o in others)), step, current=current,
                   window=step is Step.BUY, answers=answers)

    def rollout(self, deal: Deal, seed: int, *, checked: bool = False) -> RolloutGame:
        """The hand as it stands with the unknown cards placed as ``deal`` places them."""
        game = RolloutGame(self.config, self.contract, seed, checked=checked)
        game.hands = [self.knowledge.hand, *deal.hands]
        game.stock = deal.stock
        game.discards = self.knowledge.discards
        game.table = list(self.table)
        game.owners = [0] * len(self.table)
        game.dropped = list(self.dropped)
        game.current = self.current
        game.phase = Phase.DRAW if self.step is Step.DRAW else Phase.PLAY
        game.window = self.window
        game.answers = list(self.answers) if self.answers else [None] * self.players
        game.dropped_this_turn = self.dropped_this_turn
        return game
