"""The Continental Rummy referee: a state machine driven by player actions, recording every step.

The referee is a :class:`~rulesets.referee.Referee`: :data:`RULES` gives each action record
class its rule, from :mod:`~rulesets.continental.turn_actions` (draw, buy, pass, drop,
discard) and :mod:`~rulesets.continental.table_actions` (lay off, swap and move jokers), so
:meth:`ContinentalGame.apply`, ``verify``, ``can`` and ``problems`` take any action record
(``do_X`` is the same by the action's fields); the table's handover of a seat to a bot
(:class:`~rulesets.seating.ReplaceByBot`) by the rule every game shares. This module holds the state and the
automatic steps. Automatic steps (the draw for the dealer, the deal, a
resolved buy, a reshuffle, going out, the end of a hand and of the game) are
recorded as events, so the log is the whole game and :meth:`ContinentalGame.replay`
rebuilds an equal state from it.

>>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
>>> game.current, game.awaited(), [len(hand) for hand in game.hands]
(1, (1,), [7, 7])
>>> game.do_draw(1, "stock")
>>> game.awaited()
(0, 1)
>>> game.do_pass(0)
>>> game.do_discard(1, game.hands[1][0])
>>> game.current
0
>>> ContinentalGame.replay(game.config, game.log) == game
True

Every refusal is an :class:`~rulesets.errors.IllegalActionError` (or, for a
malformed value, an :class:`~rulesets.errors.InvalidInputError`) whose ``code`` is
a key of :data:`~rulesets.continental.refusals.REFUSALS`, the rule in words.

Choices where the rules are silent (see docs/rules/continental.md):

- Any player but the current one may buy, dropped or not, any number of times.
  "A buyer may not meld or lay off until their own next turn" holds by itself:
  melding and laying off happen only in one's own turn.
- A natural card laid off on a run where a joker stands for it takes the
  joker's place (as :func:`~rulesets.continental.melds.lay_off` does), so
  ``LayOff`` may swap a joker too; ``SwapJoker`` is refused unless it swaps.
- When nobody has bought yet and the current player goes out without a
  discard (option ``go_out_without_discard``), the buy window just closes.
- A buy needing a penalty card from an empty stock reshuffles the discard pile
  (but its top card); if that gives no card the hand ends, the buyer keeping
  the bought card.
- A joker or a card that could be laid off may be discarded.
- The number of decks follows the number of players seated
  (:meth:`~rulesets.continental.deck.Deck.for_players`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from rulesets.cards import Card
from rulesets.continental.config import GameConfig, draw_for_dealer, reshuffle_seed
from rulesets.continental.contracts import CONTRACTS, Contract
from rulesets.continental.hand_scores import hand_scores, leaders
from rulesets.continental.legal import legal_actions
from rulesets.continental.melds import Meld
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.phase import Phase
from rulesets.continental.records import (
    Action,
    Buy,
    CardBought,
    DealerDrawn,
    Discard,
    Draw,
    Drop,
    GameEnded,
    HandDealt,
    HandEnded,
    LayOff,
    MoveJoker,
    Pass,
    StockReshuffled,
    SwapJoker,
    WentOut,
)
from rulesets.continental.refusals import REFUSALS
from rulesets.continental.table_actions import (
    lay_off_problems,
    move_joker_problems,
    swap_joker_problems,
    take_lay_off,
    take_move_joker,
    take_swap_joker,
)
from rulesets.continental.turn_actions import (
    buy_problems,
    discard_problems,
    draw_problems,
    drop_problems,
    pass_problems,
    take_buy,
    take_discard,
    take_draw,
    take_drop,
    take_pass,
)
from rulesets.legal_actions import LegalAction
from rulesets.log import Record
from rulesets.referee import ActionRule, Referee
from rulesets.seating import TABLE_RULES

__all__ = ["REFUSALS", "RULES", "ContinentalGame", "Phase"]

RULES: dict[type, ActionRule[ContinentalGame, Action]] = {
    Draw: ActionRule(draw_problems, take_draw),
    Buy: ActionRule(buy_problems, take_buy),
    Pass: ActionRule(pass_problems, take_pass),
    Drop: ActionRule(drop_problems, take_drop),
    LayOff: ActionRule(lay_off_problems, take_lay_off),
    SwapJoker: ActionRule(swap_joker_problems, take_swap_joker),
    MoveJoker: ActionRule(move_joker_problems, take_move_joker),
    Discard: ActionRule(discard_problems, take_discard),
    **TABLE_RULES,  # a seat handed to a bot (rulesets.seating), as in every game
}
"""The rule of each action: why it is refused now, and how it is taken."""


def _take(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """The hand without ``cards`` (each present once).

    >>> from rulesets.cards import parse_cards
    >>> hand = parse_cards("7c 8d 9h Ts")
    >>> _take(hand, parse_cards("8d")), _take(hand, parse_cards("Ts 7c"))
    ((Card('7c'), Card('9h'), Card('Ts')), (Card('8d'), Card('9h')))
    """
    if len(cards) == 1:  # a discard or a lay-off: most moves
        at = hand.index(cards[0])
        return hand[:at] + hand[at + 1:]
    gone = set(cards)
    return tuple(card for card in hand if card not in gone)


class ContinentalGame(Referee):
    """The state of a Continental game of ``config.hands`` hands, and its log."""

    title = "Continental"
    rules = RULES

    def __init__(self, config: GameConfig) -> None:
        config.check()
        self.config = config
        self.log: list[Record] = []
        self.players = config.players
        self.totals: tuple[int, ...] = (0,) * self.players
        self.hand_number = 0
        if config.dealer is None:
            dealer, draws = draw_for_dealer(config.seed, config.players)
            self.log.append(DealerDrawn(draws, dealer))
        else:
            dealer = config.dealer
        self.dealer = dealer
        self._deal_hand(1)

    # -- state --------------------------------------------------------------------------------

    def _reset_hand(self, number: int) -> None:
        self.hand_number = number
        self.hands: list[tuple[Card, ...]] = [()] * self.players
        self.stock: tuple[Card, ...] = ()
        self.discards: tuple[Card, ...] = ()
        self.table: list[Meld] = []
        self.owners: list[int] = []
        self.dropped: list[bool] = [False] * self.players
        self.dropped_this_turn = False
        self.reshuffles = 0
        self.current = (self.dealer + 1) % self.players
        self.phase = Phase.DRAW
        self.window = False
        self.answers: list[bool | None] = [None] * self.players

    def _state(self) -> tuple[object, ...]:
        """Everything that makes up the state (for equality)."""
        return (
            self.config, tuple(self.log), self.totals, self.dealer, self.hand_number,
            tuple(self.hands), self.stock, self.discards, tuple(self.table), tuple(self.owners),
            tuple(self.dropped), self.dropped_this_turn, self.reshuffles, self.current, self.phase,
            self.window, tuple(self.answers),
        )

    def __repr__(self) -> str:
        """Summarise hand, turn and totals."""
        return (f"<ContinentalGame hand {self.hand_number}/{self.config.hands} seat {self.current} "
                f"{self.phase.value} totals={self.totals}>")

    @property
    def options(self) -> ContinentalOptions:
        """The ruleset options of this game."""
        return self.config.options

    @property
    def contract(self) -> Contract:
        """The contract of the hand being played (hand k is always contract k)."""
        return CONTRACTS[self.hand_number]

    @property
    def is_over(self) -> bool:
        """True once every hand has been played."""
        return self.phase is Phase.GAME_OVER

    @property
    def seat_count(self) -> int:
        """The number of seats: one per player."""
        return self.players

    @property
    def top_discard(self) -> Card | None:
        """The face-up card on top of the discard pile, if any."""
        return self.discards[-1] if self.discards else None

    def buyers_to_answer(self) -> tuple[int, ...]:
        """The seats that may still answer the open buy offer, nearest after the current first."""
        if not self.window:
            return ()
        order = [(self.current + k) % self.players for k in range(1, self.players)]
        return tuple(seat for seat in order if self.answers[seat] is None)

    def awaited(self) -> tuple[int, ...]:
        """The seats whose action the game waits for: the current player and open buyers."""
        if self.is_over:
            return ()
        return tuple(sorted({self.current, *self.buyers_to_answer()}))

    def card_places(self) -> dict[str, tuple[Card, ...]]:
        """Where every card of the current hand is: each physical card in exactly one place.

        >>> places = ContinentalGame(GameConfig.create(players=3, seed=1, dealer=0)).card_places()
        >>> sum(len(cards) for cards in places.values())
        106
        """
        places: dict[str, tuple[Card, ...]] = {"stock": self.stock, "discards": self.discards}
        for seat in range(self.players):
            places[f"hand {seat}"] = self.hands[seat]
        for index, meld in enumerate(self.table):
            places[f"meld {index}"] = meld.cards
        return places

    # -- automatic steps ------------------------------------------------------------------------

    def _deal_hand(self, number: int) -> None:
        """Deal hand ``number``: "seat (dealer + 1 + j) mod n receives deck card j" until each
        has the contract's cards; the next card starts the discard pile, the rest is the stock.
        """
        deck = self.config.deck_for(number)
        self._reset_hand(number)
        size = self.contract.cards_dealt
        dealt = self.players * size
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        for j in range(dealt):
            hands[(self.dealer + 1 + j) % self.players].append(deck[j])
        self.hands = [tuple(hand) for hand in hands]
        self.discards = (deck[dealt],)
        self.stock = tuple(deck[dealt + 1:])
        self.log.append(HandDealt(number, self.dealer, tuple(deck)))

    def refill_stock(self) -> bool:
        """When the stock is empty, shuffle the discard pile but its top card into a new stock.

        Returns whether the stock now holds a card.
        """
        if self.stock:
            return True
        if len(self.discards) <= 1:
            return False
        self.reshuffles += 1
        cards = list(self.discards[:-1])
        random.Random(reshuffle_seed(self.config.seed, self.hand_number, self.reshuffles)).shuffle(cards)
        self.stock = tuple(cards)
        self.discards = self.discards[-1:]
        self.log.append(StockReshuffled(self.hand_number, self.reshuffles, self.stock))
        return True

    def take_stock_card(self, seat: int) -> Card:
        """Take the top card of the (non-empty) stock for ``seat``: a draw or a penalty card.

        >>> game = ContinentalGame(GameConfig.create(players=3, hands=1, seed=2, dealer=0))
        >>> top = game.stock[0]
        >>> game.take_stock_card(1) == top, len(game.stock)
        (True, 83)
        """
        card, self.stock = self.stock[0], self.stock[1:]
        return card

    def resolve_buy(self, closing: bool) -> bool:
        """Give the discard to the nearest buyer once certain; return whether the hand ended.

        "If several want it, the one nearest after the current player in turn order gets it."
        With ``closing`` (the current player discards) unanswered seats count as passes.
        """
        if not self.window:
            return False
        for k in range(1, self.players):
            seat = (self.current + k) % self.players
            answer = self.answers[seat]
            if answer is None and not closing:
                return False
            if answer:
                return self._buy(seat)
        self.window = False
        return False

    def _buy(self, seat: int) -> bool:
        """``seat`` takes the top discard and a penalty card; True if the stock ran out for good."""
        self.window = False
        card = self.discards[-1]
        self.discards = self.discards[:-1]
        self.hands[seat] = (*self.hands[seat], card)
        penalty = None
        if self.refill_stock():
            penalty = self.take_stock_card(seat)
            self.hands[seat] = (*self.hands[seat], penalty)
        self.log.append(CardBought(self.hand_number, seat, card, penalty))
        if penalty is None:
            self._end_hand(None)
            return True
        return False

    def go_out(self, seat: int) -> None:
        """``seat`` has no card left: "the hand ends at once"."""
        self.window = False
        self.log.append(WentOut(self.hand_number, seat, self.dropped_this_turn))
        self._end_hand(seat)

    def stock_ran_out(self) -> None:
        """The stock is empty and cannot be refilled: the hand ends, everyone scoring their hand."""
        self._end_hand(None)

    def _end_hand(self, out: int | None) -> None:
        """Score the hand, pass the deal to the left, and end the game after its last hand.

        "The others score the cards left in their hands ... The player who went out scores 0,
        or -10 if they dropped the contract and went out in the same turn."
        """
        scores = hand_scores(self.hands, out, self.dropped_this_turn, self.options)
        self.totals = tuple(t + s for t, s in zip(self.totals, scores, strict=True))
        reason = "went_out" if out is not None else "stock_exhausted"
        self.log.append(HandEnded(self.hand_number, tuple(scores), self.totals, reason))
        self.window = False
        if self.hand_number >= self.config.hands:
            self.log.append(GameEnded(self.totals, leaders(self.totals)))
            self.phase = Phase.GAME_OVER
        else:
            self.dealer = (self.dealer + 1) % self.players
            self._deal_hand(self.hand_number + 1)

    def after_meld(self, seat: int) -> None:
        """Going out without a discard (option): the hand ends when the hand is empty."""
        if not self.hands[seat]:
            self.go_out(seat)

    def remove_from_hand(self, seat: int, cards: Sequence[Card]) -> None:
        """``cards`` leave ``seat``'s hand (each held once)."""
        self.hands[seat] = _take(self.hands[seat], cards)

    # -- what a seat may do ---------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[LegalAction]:
        """The actions ``seat`` may take now (:func:`rulesets.continental.legal.legal_actions`): the
        moves of the game, never the table's handover to a bot (:mod:`rulesets.seating`).

        >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
        >>> [legal.body for legal in game.legal_actions(1)], game.legal_actions(0)
        ([{'type': 'draw', 'source': 'stock'}, {'type': 'draw', 'source': 'discard'}], [])
        """
        return legal_actions(self, seat)

    # -- shorthands: each action by its fields --------------------------------------------------

    def do_draw(self, seat: int, source: str) -> None:
        """``apply(Draw(seat, source))``: draw from the ``stock`` or the ``discard`` pile."""
        self.apply(Draw(seat, source))

    def do_buy(self, seat: int) -> None:
        """``apply(Buy(seat))``: ask to buy the top discard."""
        self.apply(Buy(seat))

    def do_pass(self, seat: int) -> None:
        """``apply(Pass(seat))``: decline the offered discard."""
        self.apply(Pass(seat))

    def do_drop(self, seat: int, melds: Sequence[Sequence[Card]]) -> None:
        """``apply(Drop(seat, melds))``: lay down the contract."""
        self.apply(Drop(seat, tuple(tuple(meld) for meld in melds)))

    def do_lay_off(self, seat: int, card: Card, meld: int, end: str | None = None) -> None:
        """``apply(LayOff(seat, card, meld, end))``: lay a card off on a table meld."""
        self.apply(LayOff(seat, card, meld, end))

    def do_swap_joker(self, seat: int, card: Card, meld: int, end: str | None = None) -> None:
        """``apply(SwapJoker(seat, card, meld, end))``: put a card in place of a joker of a run."""
        self.apply(SwapJoker(seat, card, meld, end))

    def do_move_joker(self, seat: int, meld: int, end: str, to: int, to_end: str | None = None) -> None:
        """``apply(MoveJoker(seat, meld, end, to, to_end))``: move an end joker to another run."""
        self.apply(MoveJoker(seat, meld, end, to, to_end))

    def do_discard(self, seat: int, card: Card) -> None:
        """``apply(Discard(seat, card))``: discard a card, ending the turn."""
        self.apply(Discard(seat, card))

    # -- cards as the player names them -----------------------------------------------------

    def held_copies(self, seat: int, cards: Sequence[Card]) -> tuple[Card, ...]:
        """``cards`` as the physical cards of ``seat``'s hand they name.

        Identical cards of different decks are interchangeable, so a player may
        name a card by its code alone (``7c``): a card held as given is kept, and
        one not held becomes a held copy of the same card not already named.
        Anything else (not held, not a card) is kept, for the rules to refuse.

        >>> from rulesets.continental.config import GameConfig
        >>> from rulesets.cards import parse_cards
        >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
        >>> game.hands[0][:3]
        (Card('5c'), Card('Qc#2'), Card('7h#2'))
        >>> game.held_copies(0, parse_cards("Qc 5c Ad", decks=2))
        (Card('Qc#2'), Card('5c'), Card('Ad'))
        >>> game.held_copies(0, [parse_cards("7h")[0]] * 2)
        (Card('7h#2'), Card('7h'))
        """
        hand = self.hands[seat] if type(seat) is int and seat in range(self.players) else ()
        named = {card for card in cards if isinstance(card, Card)}
        free = [card for card in hand if card not in named]
        taken: set[Card] = set()
        resolved: list[Card] = []
        for card in cards:
            if not isinstance(card, Card) or (card in hand and card not in taken):
                resolved.append(card)
                taken.add(card)
                continue
            twin = next((c for c in free if c.code == card.code), None)
            if twin is not None:
                free.remove(twin)
                card = twin
            resolved.append(card)
            taken.add(card)
        return tuple(resolved)

    def as_meant(self, action: Action) -> Action:
        """``action`` with the cards it names resolved to the acting seat's copies (:meth:`held_copies`).

        >>> from rulesets.continental.config import GameConfig
        >>> from rulesets.continental.records import Discard
        >>> from rulesets.cards import parse_card
        >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
        >>> game.as_meant(Discard(0, parse_card("Qc")))
        Discard(seat=0, card=Card('Qc#2'))
        """
        if isinstance(action, Drop) and isinstance(action.melds, tuple) \
                and all(isinstance(meld, tuple) for meld in action.melds):
            flat = self.held_copies(action.seat, [card for meld in action.melds for card in meld])
            melds, at = [], 0
            for meld in action.melds:
                melds.append(flat[at:at + len(meld)])
                at += len(meld)
            return Drop(action.seat, tuple(melds))
        if isinstance(action, LayOff | SwapJoker | Discard):
            (card,) = self.held_copies(action.seat, [action.card])
            return dataclasses.replace(action, card=card)
        return action
