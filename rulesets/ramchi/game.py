"""The Ramchi referee: a state machine driven by player actions, recording every step.

The referee is a :class:`~rulesets.referee.Referee`: each action record class has its
rule (the problems that refuse it now, and how it is taken), so :meth:`RamchiGame.apply`,
``verify``, ``can`` and ``problems`` take any action record; ``do_X``, ``verify_X`` and
``can_X`` are the same by the action's fields. The table's handover of a seat to a bot
(:class:`~rulesets.seating.ReplaceByBot`) is refereed by the rule every game shares.
Automatic steps (deal, four of a kind, rounds, hand end, game end) are recorded as events.
The record list :attr:`RamchiGame.log` is the whole game: :meth:`RamchiGame.replay` rebuilds
an equal state from it.

>>> game = RamchiGame(GameConfig.create(hands=1, seed=5, dealer=0))
>>> game.phase, game.awaited()
(<Phase.EXCHANGE: 'exchange'>, (1,))
>>> game.do_keep(1)
>>> for seat in range(3):
...     game.do_arrange(seat, [])
>>> game.phase, game.chips, game.log[-1]
(<Phase.GAME_OVER: 'game_over'>, (0, 0, 0), GameEnded(hands=1, chips=(0, 0, 0)))
>>> RamchiGame.replay(game.config, game.log) == game
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rulesets.cards import Card
from rulesets.errors import IllegalActionError
from rulesets.legal_actions import LegalAction
from rulesets.log import Record
from rulesets.ramchi.arrangement import Arrangement, arrangement_problems, check_arrangement
from rulesets.ramchi.config import GameConfig
from rulesets.ramchi.deal import (
    TWO_OF_DIAMONDS,
    FourOfAKind,
    deal,
    exchange,
    find_four_of_a_kind,
    four_of_a_kind_cards,
    four_of_a_kind_chips,
    two_of_diamonds_holder,
)
from rulesets.ramchi.legal import legal_actions
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.phase import Phase
from rulesets.ramchi.records import (
    Arrange,
    Exchange,
    ExchangeSkipped,
    FourOfAKindWon,
    GameEnded,
    HandDealt,
    HandEnded,
    Keep,
)
from rulesets.ramchi.rounds import play_combinations
from rulesets.ramchi.scoring import SEATS, seat_problems
from rulesets.referee import ActionRule, Referee
from rulesets.seating import TABLE_RULES, ReplaceByBot

__all__ = ["Action", "Phase", "RamchiGame"]

Action = Exchange | Keep | Arrange | ReplaceByBot
Chips = tuple[int, int, int]


_PHASE_RULES = {
    Phase.EXCHANGE: "the 2♦ holder may swap it for the up-card once, after the deal and before arranging",
    Phase.ARRANGE: "players arrange their combinations after the exchange, once per hand",
}


def _chips(values: Sequence[int]) -> Chips:
    return (values[0], values[1], values[2])


class RamchiGame(Referee):
    """The state of a Ramchi game of a fixed number of hands, and its log."""

    title = "Ramchi"

    def __init__(self, config: GameConfig) -> None:
        config.check()
        self.config = config
        self.log: list[Record] = []
        self.chips: Chips = (0, 0, 0)
        self.dealer = config.dealer
        self.hand_number = 0
        self._deal_hand(1)

    # -- state --------------------------------------------------------------------------------

    def _reset_hand(self, number: int, hands: Sequence[tuple[Card, ...]], up_card: Card) -> None:
        self.hand_number = number
        self.hands: list[tuple[Card, ...]] = list(hands)
        self.up_card = up_card
        self.face_up: tuple[Card, ...] = (up_card,)
        self.exchanged: bool | None = None
        self.two_of_diamonds_holder = two_of_diamonds_holder(hands)
        self.arrangements: list[Arrangement | None] = [None] * SEATS
        self.arranged: list[tuple[tuple[Card, ...], ...]] = [()] * SEATS
        self.discards: list[tuple[Card, ...]] = [()] * SEATS
        self.played: list[tuple[tuple[Card, ...], ...]] = [()] * SEATS
        self.phase = Phase.ARRANGE

    def _state(self) -> tuple[object, ...]:
        """Everything that makes up the state (for equality)."""
        return (
            self.config, tuple(self.log), self.chips, self.dealer, self.hand_number,
            tuple(self.hands), self.up_card, self.face_up, self.exchanged,
            self.two_of_diamonds_holder, tuple(self.arrangements), tuple(self.arranged),
            tuple(self.discards), tuple(self.played), self.phase,
        )

    def __repr__(self) -> str:
        """Summarise hand, phase and chips."""
        return (f"<RamchiGame hand {self.hand_number}/{self.config.hands} {self.phase.value} "
                f"chips={self.chips}>")

    @property
    def options(self) -> RamchiOptions:
        """The ruleset options of this game."""
        return self.config.options

    @property
    def is_over(self) -> bool:
        """True once the fixed number of hands has been played."""
        return self.phase is Phase.GAME_OVER

    @property
    def seat_count(self) -> int:
        """The number of seats: Ramchi is played by three."""
        return SEATS

    def awaited(self) -> tuple[int, ...]:
        """Return the seats whose action the game waits for (in seat order)."""
        if self.phase is Phase.EXCHANGE:
            return (self.two_of_diamonds_holder,) if self.two_of_diamonds_holder is not None else ()
        if self.phase is Phase.ARRANGE:
            return tuple(s for s in range(SEATS) if self.arrangements[s] is None)
        return ()

    def card_places(self) -> dict[str, tuple[Card, ...]]:
        """Return where every card of the current hand is: each card is in exactly one place.

        >>> places = RamchiGame(GameConfig.create(seed=1, dealer=0)).card_places()
        >>> sum(len(cards) for cards in places.values())
        52
        """
        places: dict[str, tuple[Card, ...]] = {"face_up": self.face_up}
        for seat in range(SEATS):
            places[f"hand {seat}"] = self.hands[seat]
            places[f"arranged {seat}"] = tuple(c for combo in self.arranged[seat] for c in combo)
            places[f"discards {seat}"] = self.discards[seat]
            places[f"played {seat}"] = tuple(c for combo in self.played[seat] for c in combo)
        return places

    # -- automatic steps ------------------------------------------------------------------------

    def _deal_hand(self, number: int) -> None:
        """Deal hand ``number`` from its deck and open the exchange.

        "17 cards to each player, one at a time. The 52nd card is placed face up (the *up-card*)."
        """
        deck = self.config.deck_for(number)
        dealt = deal(deck, self.dealer)
        self._reset_hand(number, dealt.hands, dealt.up_card)
        self.log.append(HandDealt(number, self.dealer, tuple(deck)))
        self._open_exchange()

    def _exchange_skip_reason(self) -> str | None:
        """Say why there is no exchange, or ``None`` when there is one.

        "If the up-card is the 2♦ itself, there is no exchange" (or the exchange option is off).
        """
        if not self.options.exchange:
            return "the exchange is off in this ruleset"
        if self.two_of_diamonds_holder is None:
            return "the up-card is the 2♦"
        return None

    def _open_exchange(self) -> None:
        """Wait for the 2♦ holder, or record why there is no exchange and go on."""
        reason = self._exchange_skip_reason()
        if reason is None:
            self.phase = Phase.EXCHANGE
            return
        self.log.append(ExchangeSkipped(self.hand_number, reason))
        self._after_exchange()

    def _after_exchange(self) -> None:
        """Settle a four of a kind if there is one, otherwise let the players arrange."""
        found = find_four_of_a_kind(self.hands) if self.options.four_of_a_kind else None
        if found is None:
            self.phase = Phase.ARRANGE
        else:
            self._settle_four_of_a_kind(found)

    def _settle_four_of_a_kind(self, found: FourOfAKind) -> None:
        """Pay the four-of-a-kind winner and end the hand.

        "After the exchange, if any player holds four of a kind, the hand is not played: the
        highest four of a kind (A high … 2 low) wins the hand outright." "The winner of such a
        hand deals the next one."
        """
        chips = four_of_a_kind_chips(found.seat, self.options)
        cards = four_of_a_kind_cards(self.hands[found.seat], found.rank)
        self.log.append(FourOfAKindWon(self.hand_number, found.seat, cards, chips))
        self._end_hand(chips, found.seat)

    def _play_hand(self) -> None:
        """Play every round from the arrangements, then end the hand.

        "The arrangement fixes the whole play of the hand" (the hand is played out by
        :func:`rulesets.ramchi.rounds.play_combinations`, as a hand scored at a real table is).
        """
        lineups = [a.combinations if a is not None else () for a in self.arrangements]
        played = play_combinations(lineups, self.dealer, self.options, hand=self.hand_number)
        for played_round in played.rounds:
            for play in played_round.plays:
                self.played[play.seat] = (*self.played[play.seat], play.cards)
                self.arranged[play.seat] = self.arranged[play.seat][1:]
            self.log.append(played_round)
        self._end_hand(played.chips, played.next_dealer)

    def _end_hand(self, chips: Chips, next_dealer: int) -> None:
        """Pay the hand's chips, pass the deal, and end the game after its last hand.

        "A game is a sequence of hands; how many is set when the game is created."
        """
        self.chips = _chips([total + won for total, won in zip(self.chips, chips, strict=True)])
        self.log.append(HandEnded(self.hand_number, chips, self.chips, next_dealer))
        self.dealer = next_dealer
        if self.hand_number >= self.config.hands:
            self.log.append(GameEnded(self.config.hands, self.chips))
            self.phase = Phase.GAME_OVER
        else:
            self._deal_hand(self.hand_number + 1)

    # -- checks shared by the actions -----------------------------------------------------------

    def _phase_problems(self, expected: Phase, action: str) -> list[IllegalActionError]:
        if self.phase is expected:
            return []
        if self.phase is Phase.GAME_OVER:
            return [IllegalActionError(
                f"the game is over ({self.config.hands} hand(s) played); no more {action}",
                rule="a game is the number of hands set when it was created", code="game_over")]
        return [IllegalActionError(
            f"the game is in the {self.phase.value} phase; {action} belongs to the "
            f"{expected.value} phase", rule=_PHASE_RULES[expected], code="wrong_phase")]

    # -- exchange and keep ----------------------------------------------------------------------

    def _decision_problems(self, seat: int, action: str) -> list[IllegalActionError]:
        """List problems with ``seat`` deciding the exchange now.

        "The holder of the 2♦ may, once, swap the 2♦ for the up-card (optional)."
        """
        problems = seat_problems(seat) or self._phase_problems(Phase.EXCHANGE, action)
        if not problems and seat != self.two_of_diamonds_holder:
            problems.append(IllegalActionError(
                f"seat {seat} does not hold the 2♦; seat {self.two_of_diamonds_holder} decides "
                "the exchange", rule="only the holder of the 2♦ may exchange it for the up-card",
                code="wrong_seat"))
        return problems

    def _exchange_problems(self, action: Exchange) -> list[IllegalActionError]:
        return self._decision_problems(action.seat, "the exchange")

    def _take_exchange(self, action: Exchange) -> None:
        """Swap the 2♦ for the up-card: "The 2♦ then lies face up, out of play"."""
        self.log.append(action)
        self.hands[action.seat] = exchange(self.hands[action.seat], self.up_card)
        self.face_up = (TWO_OF_DIAMONDS,)
        self.exchanged = True
        self._after_exchange()

    def _keep_problems(self, action: Keep) -> list[IllegalActionError]:
        return self._decision_problems(action.seat, "keeping")

    def _take_keep(self, action: Keep) -> None:
        """Decline the exchange (it is optional); the up-card stays face up."""
        self.log.append(action)
        self.exchanged = False
        self._after_exchange()

    # -- arrange --------------------------------------------------------------------------------

    def _turn_problems(self, seat: int) -> list[IllegalActionError]:
        """Problems with ``seat`` arranging now: each seat arranges once, in any order."""
        problems = seat_problems(seat) or self._phase_problems(Phase.ARRANGE, "arranging")
        if not problems and self.arrangements[seat] is not None:
            problems.append(IllegalActionError(
                f"seat {seat} has already arranged this hand",
                rule="each player arranges once per hand", code="already_arranged"))
        return problems

    def arrangement_problems(
        self, seat: int, combinations: Sequence[Sequence[Card]]
    ) -> list[IllegalActionError]:
        """List every problem with ``seat`` arranging ``combinations`` now (empty: legal).

        >>> game = RamchiGame(GameConfig.create(seed=5, dealer=0))
        >>> [p.code for p in game.arrangement_problems(0, [game.hands[1][:2]] * 6)]
        ['wrong_phase']
        """
        problems = self._turn_problems(seat)
        if problems:
            return problems
        return arrangement_problems(self.hands[seat], combinations, f"seat {seat}'s")

    def _arrange_problems(self, action: Arrange) -> list[IllegalActionError]:
        return self.arrangement_problems(action.seat, action.combinations)

    def _take_arrange(self, action: Arrange) -> None:
        """Arrange the seat's hand; the other cards are discarded face down. The log records the
        combinations in play order. Once all three have arranged the hand is played out.
        """
        seat = action.seat
        arrangement = check_arrangement(self.hands[seat], action.combinations)
        self.log.append(Arrange(seat, arrangement.cards))
        self.arrangements[seat] = arrangement
        self.arranged[seat] = arrangement.cards
        self.discards[seat] = arrangement.discards
        self.hands[seat] = ()
        if all(a is not None for a in self.arrangements):
            self._play_hand()

    rules: ClassVar[Mapping[type, ActionRule[RamchiGame, Any]]] = {
        Exchange: ActionRule(_exchange_problems, _take_exchange),
        Keep: ActionRule(_keep_problems, _take_keep),
        Arrange: ActionRule(_arrange_problems, _take_arrange),
        **TABLE_RULES,  # a seat handed to a bot (rulesets.seating), as in every game
    }

    # -- what a seat may do ---------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[LegalAction]:
        """The actions ``seat`` may take now (:func:`rulesets.ramchi.legal.legal_actions`): the
        moves of the game, never the table's handover to a bot (:mod:`rulesets.seating`).

        >>> game = RamchiGame(GameConfig.create(seed=5, dealer=0))
        >>> [legal.body for legal in game.legal_actions(1)], game.legal_actions(0)
        ([{'type': 'exchange'}, {'type': 'keep'}], [])
        """
        return legal_actions(self, seat)

    # -- shorthands: each action by its fields --------------------------------------------------

    def verify_exchange(self, seat: int) -> None:
        """Raise unless ``seat`` may swap the 2♦ for the up-card now."""
        self.verify(Exchange(seat))

    def can_exchange(self, seat: int) -> bool:
        """Return whether ``seat`` may swap the 2♦ for the up-card now."""
        return self.can(Exchange(seat))

    def do_exchange(self, seat: int) -> None:
        """Swap the 2♦ for the up-card (``apply(Exchange(seat))``)."""
        self.apply(Exchange(seat))

    def verify_keep(self, seat: int) -> None:
        """Raise unless ``seat`` may decline the exchange now."""
        self.verify(Keep(seat))

    def can_keep(self, seat: int) -> bool:
        """Return whether ``seat`` may decline the exchange now."""
        return self.can(Keep(seat))

    def do_keep(self, seat: int) -> None:
        """Decline the exchange (``apply(Keep(seat))``)."""
        self.apply(Keep(seat))

    def verify_arrange(self, seat: int, combinations: Sequence[Sequence[Card]]) -> None:
        """Raise the first problem with ``seat`` arranging ``combinations`` now."""
        self.verify(Arrange(seat, _as_tuples(combinations)))

    def can_arrange(self, seat: int, combinations: Sequence[Sequence[Card]]) -> bool:
        """Return whether ``seat`` may arrange ``combinations`` now."""
        return self.can(Arrange(seat, _as_tuples(combinations)))

    def do_arrange(self, seat: int, combinations: Sequence[Sequence[Card]]) -> None:
        """Arrange ``seat``'s hand as ``combinations`` (``apply(Arrange(...))``)."""
        self.apply(Arrange(seat, _as_tuples(combinations)))


def _as_tuples(combinations: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(cards) for cards in combinations)
