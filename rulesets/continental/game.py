"""The Continental Rummy referee: a state machine driven by player actions, recording every step.

Each action has ``verify_X`` (raises the precise :class:`~rulesets.errors.RulesError`),
``can_X`` (a bool) and ``do_X`` (verify, then record and apply); :meth:`ContinentalGame.apply`
takes an action record. Automatic steps (the draw for the dealer, the deal, a
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
a key of :data:`REFUSALS`, the rule in words.

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
from enum import StrEnum

from rulesets.cards import Card
from rulesets.continental import melds
from rulesets.continental.config import GameConfig, draw_for_dealer, reshuffle_seed
from rulesets.continental.contracts import CONTRACTS, Contract
from rulesets.continental.melds import (
    Meld,
    Run,
    Trio,
    can_lay_off,
    can_take_end_joker,
    drop_problems,
    lay_off,
    take_end_joker,
)
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.points import hand_points
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
from rulesets.errors import IllegalActionError, InvalidInputError, RulesError
from rulesets.log import Record, check_same_log, split_actions

__all__ = ["REFUSALS", "ContinentalGame", "Phase"]


class Phase(StrEnum):
    """What the current player does next."""

    DRAW = "draw"
    PLAY = "play"
    GAME_OVER = "game_over"


REFUSALS: dict[str, str] = {
    "game_over": "the game is over after its last hand; no more actions",
    "no_such_seat": "the seats are numbered from 0, one per player",
    "not_your_turn": "only the player whose turn it is may draw, drop, lay off, move jokers or "
                     "discard; play starts left of the dealer and goes clockwise",
    "already_drew": "a turn starts with one draw, from the stock or the discard pile",
    "draw_first": "draw a card (from the stock or the discard pile) before anything else in your turn",
    "unknown_source": "draw from the 'stock' or the 'discard' pile",
    "discard_pile_empty": "the discard pile is empty: draw from the stock",
    "buying_off": "nobody may buy the discard in this ruleset (buying = false)",
    "current_player_cannot_buy": "the player whose turn it is takes the discard by drawing it; "
                                 "only the other players may buy it",
    "no_buy_window": "a discard may be bought only after the player whose turn it is drew from the "
                     "stock instead of taking it, until they discard",
    "already_answered": "each player answers a buy offer once (buy or pass)",
    "already_dropped": "the contract is dropped once per hand; after dropping you may not start "
                       "a new meld, only lay off",
    "card_not_in_hand": "you may only play cards from your own hand, each card once",
    "not_a_meld": "a trio is three or more cards of one rank; a run four or more consecutive cards "
                  "of one suit; jokers are wild",
    "wrong_contract": "at the drop, lay down exactly the contract's melds, each at its minimum "
                      "(trio 3 cards, run 4 cards)",
    "must_keep_a_discard": "keep a card to discard: you go out by discarding your last card",
    "not_dropped": "you may lay off or move jokers only after dropping your contract",
    "no_such_meld": "melds on the table are numbered from 0 in the order they were laid down",
    "invalid_end": "a joker goes to the 'high' or the 'low' end of a run",
    "cannot_lay_off": "lay off by rank on a trio, at either end of a run (never past the ace), or in "
                      "place of the joker standing for the card (the joker moving to an end)",
    "not_a_joker_swap": "a joker swap puts into a run the natural card a joker there stands for",
    "joker_in_trio": "jokers in trios never move",
    "no_joker_at_end": "only a joker at the high or low end of a run may move to another run",
    "run_too_short": "a joker may leave a run only if the run keeps at least four cards",
    "not_a_run": "a joker moves from one run to another run, never to a trio or the same run",
}
"""Every refusal code of the referee and the rule it enforces, in words."""


def _refuse(code: str, message: str) -> IllegalActionError:
    return IllegalActionError(message, rule=REFUSALS[code], code=code)


def _malformed(code: str, message: str) -> InvalidInputError:
    return InvalidInputError(message, rule=REFUSALS[code], code=code)


def _played_meld(cards: Sequence[Card]) -> Meld:
    """The meld some cards form (:func:`rulesets.continental.melds.read_meld`), refused as
    :class:`IllegalActionError` ``not_a_meld`` when they form none.

    >>> from rulesets.cards import parse_cards
    >>> _played_meld(parse_cards("Kh Kc Jk", jokers=True)).text
    'K♥ K♣ Jk(K)'
    """
    try:
        return melds.read_meld(cards)
    except InvalidInputError as err:
        raise _refuse("not_a_meld", err.message) from None


def _take(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """The hand without ``cards`` (each present once)."""
    gone = set(cards)
    return tuple(card for card in hand if card not in gone)


class ContinentalGame:
    """The state of a Continental game of ``config.hands`` hands, and its log."""

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

    def __eq__(self, other: object) -> bool:
        """Two games are equal when their configuration, log and every part of the state are."""
        return isinstance(other, ContinentalGame) and self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

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

    def _refill_stock(self) -> bool:
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

    def _resolve_buy(self, closing: bool) -> bool:
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
        if self._refill_stock():
            penalty, self.stock = self.stock[0], self.stock[1:]
            self.hands[seat] = (*self.hands[seat], penalty)
        self.log.append(CardBought(self.hand_number, seat, card, penalty))
        if penalty is None:
            self._end_hand(None)
            return True
        return False

    def _go_out(self, seat: int) -> None:
        """``seat`` has no card left: "the hand ends at once"."""
        self.window = False
        self.log.append(WentOut(self.hand_number, seat, self.dropped_this_turn))
        self._end_hand(seat)

    def _end_hand(self, out: int | None) -> None:
        """Score the hand, pass the deal to the left, and end the game after its last hand.

        "The others score the cards left in their hands ... The player who went out scores 0,
        or -10 if they dropped the contract and went out in the same turn."
        """
        scores = [hand_points(hand, self.options.card_values) for hand in self.hands]
        if out is not None:
            scores[out] = self.options.same_turn_bonus if self.dropped_this_turn else 0
        self.totals = tuple(t + s for t, s in zip(self.totals, scores, strict=True))
        reason = "went_out" if out is not None else "stock_exhausted"
        self.log.append(HandEnded(self.hand_number, tuple(scores), self.totals, reason))
        self.window = False
        if self.hand_number >= self.config.hands:
            low = min(self.totals)
            self.log.append(GameEnded(self.totals, tuple(s for s, t in enumerate(self.totals) if t == low)))
            self.phase = Phase.GAME_OVER
        else:
            self.dealer = (self.dealer + 1) % self.players
            self._deal_hand(self.hand_number + 1)

    # -- checks shared by the actions -----------------------------------------------------------

    def _seat_problem(self, seat: int) -> RulesError | None:
        if self.is_over:
            return _refuse("game_over", f"the game is over ({self.config.hands} hand(s) played)")
        if type(seat) is not int or seat not in range(self.players):
            return _malformed("no_such_seat", f"there is no seat {seat!r}; the seats are 0 to "
                                           f"{self.players - 1}")
        return None

    def _turn_problem(self, seat: int, phase: Phase = Phase.PLAY) -> RulesError | None:
        """The seat must be the current player, in ``phase``."""
        problem = self._seat_problem(seat)
        if problem is not None:
            return problem
        if seat != self.current:
            return _refuse("not_your_turn", f"it is seat {self.current}'s turn, not seat {seat}'s")
        if phase is Phase.PLAY and self.phase is Phase.DRAW:
            return _refuse("draw_first", f"seat {seat} must draw first")
        if phase is Phase.DRAW and self.phase is Phase.PLAY:
            return _refuse("already_drew", f"seat {seat} has already drawn this turn")
        return None

    def _card_problem(self, seat: int, cards: Sequence[Card]) -> RulesError | None:
        hand = set(self.hands[seat])
        for card in cards:
            if not isinstance(card, Card):
                return _malformed("card_not_in_hand", f"{card!r} is not a card")
            if card not in hand:
                return _refuse("card_not_in_hand", f"{card.id} is not in seat {seat}'s hand")
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                return _refuse("card_not_in_hand", f"{card.id} is given twice")
            seen.add(card)
        return None

    def _meld_problem(self, index: int) -> RulesError | None:
        if type(index) is not int or index not in range(len(self.table)):
            return _refuse("no_such_meld", f"there is no meld {index!r} on the table "
                                           f"({len(self.table)} meld(s), numbered from 0)")
        return None

    @staticmethod
    def _end_problem(end: str | None, allow_none: bool = True) -> RulesError | None:
        if end in ("high", "low") or (allow_none and end is None):
            return None
        return _malformed("invalid_end", f"end must be 'high' or 'low', got {end!r}")

    def _after_drop_problem(self, seat: int) -> RulesError | None:
        problem = self._turn_problem(seat)
        if problem is None and not self.dropped[seat]:
            problem = _refuse("not_dropped", f"seat {seat} has not dropped the contract yet")
        return problem

    def _last_card_problem(self, seat: int, used: int) -> RulesError | None:
        """"A player may not lay off their last card when they need it to discard"."""
        if len(self.hands[seat]) - used < 1 and not self.options.go_out_without_discard:
            return _refuse("must_keep_a_discard", f"seat {seat} would have no card left to discard")
        return None

    @staticmethod
    def _raise(problem: RulesError | None) -> None:
        if problem is not None:
            raise problem

    def _after_meld(self, seat: int) -> None:
        """Going out without a discard (option): the hand ends when the hand is empty."""
        if not self.hands[seat]:
            self._go_out(seat)

    # -- draw -----------------------------------------------------------------------------------

    def _draw_problem(self, seat: int, source: str) -> RulesError | None:
        problem = self._turn_problem(seat, Phase.DRAW)
        if problem is not None:
            return problem
        if source not in ("stock", "discard"):
            return _malformed("unknown_source", f"source must be 'stock' or 'discard', got {source!r}")
        if source == "discard" and not self.discards:
            return _refuse("discard_pile_empty", "there is no discard to take")
        return None

    def verify_draw(self, seat: int, source: str) -> None:
        """Raise unless ``seat`` may draw from ``source`` now."""
        self._raise(self._draw_problem(seat, source))

    def can_draw(self, seat: int, source: str) -> bool:
        """Whether ``seat`` may draw from ``source`` now."""
        return self._draw_problem(seat, source) is None

    def do_draw(self, seat: int, source: str) -> None:
        """Draw the top discard or the top stock card; a stock draw opens the buy window.

        An empty stock is refilled from the discard pile; if it cannot be, the hand ends
        and everyone scores their hand.
        """
        self.verify_draw(seat, source)
        self.log.append(Draw(seat, source))
        self.dropped_this_turn = False
        if source == "discard":
            card, self.discards = self.discards[-1], self.discards[:-1]
        else:
            if not self._refill_stock():
                self._end_hand(None)
                return
            card, self.stock = self.stock[0], self.stock[1:]
            if self.options.buying and self.discards:
                self.window = True
                self.answers = [None] * self.players
        self.hands[seat] = (*self.hands[seat], card)
        self.phase = Phase.PLAY

    # -- buy and pass ---------------------------------------------------------------------------

    def _answer_problem(self, seat: int, buying: bool) -> RulesError | None:
        problem = self._seat_problem(seat)
        if problem is not None:
            return problem
        if buying and not self.options.buying:
            return _refuse("buying_off", "buying is switched off")
        if seat == self.current:
            return _refuse("current_player_cannot_buy",
                           f"seat {seat} is the player whose turn it is")
        if not self.window:
            return _refuse("no_buy_window", "no discard is offered for sale now")
        if self.answers[seat] is not None:
            return _refuse("already_answered", f"seat {seat} has already answered this offer")
        return None

    def verify_buy(self, seat: int) -> None:
        """Raise unless ``seat`` may ask to buy the top discard now."""
        self._raise(self._answer_problem(seat, True))

    def can_buy(self, seat: int) -> bool:
        """Whether ``seat`` may ask to buy the top discard now."""
        return self._answer_problem(seat, True) is None

    def do_buy(self, seat: int) -> None:
        """Ask to buy the top discard; the nearest buyer after the current player gets it, with the
        top stock card as a penalty, as soon as every nearer seat has passed.
        """
        self.verify_buy(seat)
        self.log.append(Buy(seat))
        self.answers[seat] = True
        self._resolve_buy(closing=False)

    def verify_pass(self, seat: int) -> None:
        """Raise unless ``seat`` may decline the offered discard now."""
        self._raise(self._answer_problem(seat, False))

    def can_pass(self, seat: int) -> bool:
        """Whether ``seat`` may decline the offered discard now."""
        return self._answer_problem(seat, False) is None

    def do_pass(self, seat: int) -> None:
        """Decline the offered discard (which may settle the buy for a farther seat)."""
        self.verify_pass(seat)
        self.log.append(Pass(seat))
        self.answers[seat] = False
        self._resolve_buy(closing=False)

    # -- drop -----------------------------------------------------------------------------------

    def drop_problem(self, seat: int, melds: Sequence[Sequence[Card]]) -> RulesError | None:
        """The first problem with ``seat`` dropping ``melds`` now (None: legal)."""
        problem = self._turn_problem(seat)
        if problem is not None:
            return problem
        if self.dropped[seat]:
            return _refuse("already_dropped", f"seat {seat} has already dropped this hand")
        cards = [card for meld in melds for card in meld]
        problem = self._card_problem(seat, cards)
        if problem is not None:
            return problem
        try:
            made = [_played_meld(meld) for meld in melds]
        except RulesError as err:
            return err
        wrong = drop_problems(made, self.contract)
        if wrong:
            return _refuse("wrong_contract", f"not the contract ({self.contract.name}): {'; '.join(wrong)}")
        return self._last_card_problem(seat, len(cards))

    def verify_drop(self, seat: int, melds: Sequence[Sequence[Card]]) -> None:
        """Raise unless ``seat`` may drop ``melds`` now."""
        self._raise(self.drop_problem(seat, melds))

    def can_drop(self, seat: int, melds: Sequence[Sequence[Card]]) -> bool:
        """Whether ``seat`` may drop ``melds`` now."""
        return self.drop_problem(seat, melds) is None

    def do_drop(self, seat: int, melds: Sequence[Sequence[Card]]) -> None:
        """Lay down the contract: each meld goes on the table, numbered after those already there."""
        self.verify_drop(seat, melds)
        given = tuple(tuple(meld) for meld in melds)
        self.log.append(Drop(seat, given))
        for meld in given:
            self.table.append(_played_meld(meld))
            self.owners.append(seat)
        self.hands[seat] = _take(self.hands[seat], [card for meld in given for card in meld])
        self.dropped[seat] = True
        self.dropped_this_turn = True
        self._after_meld(seat)

    # -- lay off and jokers ---------------------------------------------------------------------

    def _lay_off_result(self, seat: int, card: Card, meld: int, end: str | None
                        ) -> tuple[Meld | None, RulesError | None]:
        problem = (self._after_drop_problem(seat) or self._card_problem(seat, [card])
                   or self._meld_problem(meld) or self._end_problem(end)
                   or self._last_card_problem(seat, 1))
        if problem is not None:
            return None, problem
        if not can_lay_off(self.table[meld], card, end):
            return None, _refuse("cannot_lay_off", f"{card.id} cannot be laid off on meld {meld}")
        return lay_off(self.table[meld], card, end), None

    def verify_lay_off(self, seat: int, card: Card, meld: int, end: str | None = None) -> None:
        """Raise unless ``seat`` may lay ``card`` off on table meld ``meld`` now."""
        self._raise(self._lay_off_result(seat, card, meld, end)[1])

    def can_lay_off(self, seat: int, card: Card, meld: int, end: str | None = None) -> bool:
        """Whether ``seat`` may lay ``card`` off on table meld ``meld`` now."""
        return self._lay_off_result(seat, card, meld, end)[1] is None

    def do_lay_off(self, seat: int, card: Card, meld: int, end: str | None = None) -> None:
        """Lay ``card`` off on any table meld (only after dropping, never the card needed to discard)."""
        result, problem = self._lay_off_result(seat, card, meld, end)
        self._raise(problem)
        assert result is not None
        self.log.append(LayOff(seat, card, meld, end))
        self._place(seat, card, meld, result)

    def _place(self, seat: int, card: Card, meld: int, result: Meld) -> None:
        self.table[meld] = result
        self.hands[seat] = _take(self.hands[seat], [card])
        self._after_meld(seat)

    def _swap_result(self, seat: int, card: Card, meld: int, end: str | None
                     ) -> tuple[Meld | None, RulesError | None]:
        result, problem = self._lay_off_result(seat, card, meld, end)
        if problem is not None and problem.code != "cannot_lay_off":
            return None, problem
        old = self.table[meld]
        if (result is None or not isinstance(old, Run) or not isinstance(result, Run)
                or result.cards in ((card, *old.cards), (*old.cards, card))):
            return None, _refuse("not_a_joker_swap", f"no joker of meld {meld} stands for {card.id}")
        return result, None

    def verify_swap_joker(self, seat: int, card: Card, meld: int, end: str | None = None) -> None:
        """Raise unless ``card`` may take the place of the joker standing for it in run ``meld``."""
        self._raise(self._swap_result(seat, card, meld, end)[1])

    def can_swap_joker(self, seat: int, card: Card, meld: int, end: str | None = None) -> bool:
        """Whether ``card`` may take the place of the joker standing for it in run ``meld``."""
        return self._swap_result(seat, card, meld, end)[1] is None

    def do_swap_joker(self, seat: int, card: Card, meld: int, end: str | None = None) -> None:
        """Put the natural card a joker stands for into its run; the joker moves to ``end``.

        "A,2,3,Jk,5 + 4 → A,2,3,4,5,Jk."
        """
        result, problem = self._swap_result(seat, card, meld, end)
        self._raise(problem)
        assert result is not None
        self.log.append(SwapJoker(seat, card, meld, end))
        self._place(seat, card, meld, result)

    def _move_result(self, seat: int, meld: int, end: str, to: int, to_end: str | None
                     ) -> tuple[tuple[Run, Meld] | None, RulesError | None]:
        problem = (self._after_drop_problem(seat) or self._meld_problem(meld) or self._meld_problem(to)
                   or self._end_problem(end, allow_none=False) or self._end_problem(to_end))
        if problem is not None:
            return None, problem
        source, target = self.table[meld], self.table[to]
        if isinstance(source, Trio):
            return None, _refuse("joker_in_trio", f"meld {meld} is a trio")
        held = source.cards[-1] if end == "high" else source.cards[0]
        if not held.is_joker:
            return None, _refuse("no_joker_at_end", f"the {end} end of meld {meld} is not a joker")
        if to == meld or not isinstance(target, Run):
            return None, _refuse("not_a_run", f"meld {to} is {'the same run' if to == meld else 'a trio'}")
        if not can_take_end_joker(source):
            return None, _refuse("run_too_short", f"meld {meld} has only {len(source)} cards")
        left, joker = take_end_joker(source, end)
        if not can_lay_off(target, joker, to_end):
            return None, _refuse("cannot_lay_off", f"the joker cannot go on the {to_end or 'free'} end "
                                                   f"of meld {to}")
        return (left, lay_off(target, joker, to_end)), None

    def verify_move_joker(self, seat: int, meld: int, end: str, to: int, to_end: str | None = None) -> None:
        """Raise unless the joker at ``end`` of run ``meld`` may move to run ``to`` now."""
        self._raise(self._move_result(seat, meld, end, to, to_end)[1])

    def can_move_joker(self, seat: int, meld: int, end: str, to: int, to_end: str | None = None) -> bool:
        """Whether the joker at ``end`` of run ``meld`` may move to run ``to`` now."""
        return self._move_result(seat, meld, end, to, to_end)[1] is None

    def do_move_joker(self, seat: int, meld: int, end: str, to: int, to_end: str | None = None) -> None:
        """Move an end joker of a run (keeping at least four cards) to another run."""
        result, problem = self._move_result(seat, meld, end, to, to_end)
        self._raise(problem)
        assert result is not None
        self.log.append(MoveJoker(seat, meld, end, to, to_end))
        self.table[meld], self.table[to] = result

    # -- discard --------------------------------------------------------------------------------

    def _discard_problem(self, seat: int, card: Card) -> RulesError | None:
        return self._turn_problem(seat) or self._card_problem(seat, [card])

    def verify_discard(self, seat: int, card: Card) -> None:
        """Raise unless ``seat`` may discard ``card`` now."""
        self._raise(self._discard_problem(seat, card))

    def can_discard(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` may discard ``card`` now."""
        return self._discard_problem(seat, card) is None

    def do_discard(self, seat: int, card: Card) -> None:
        """Discard ``card``: the buy window closes (the nearest buyer gets the card passed up),
        the turn ends, and a player with no card left goes out.
        """
        self.verify_discard(seat, card)
        self.log.append(Discard(seat, card))
        if self._resolve_buy(closing=True):
            return
        self.hands[seat] = _take(self.hands[seat], [card])
        self.discards = (*self.discards, card)
        if not self.hands[seat]:
            self._go_out(seat)
            return
        self.current = (self.current + 1) % self.players
        self.phase = Phase.DRAW
        self.dropped_this_turn = False

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

    # -- generic --------------------------------------------------------------------------------

    def verify(self, action: Action) -> None:
        """Raise unless ``action`` is legal now."""
        self._dispatch(action, "verify")

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.verify(action)
        except RulesError:
            return False
        return True

    def apply(self, action: Action) -> None:
        """Verify ``action``, then record and apply it (and every automatic step it triggers)."""
        self._dispatch(action, "do")

    def _dispatch(self, action: Action, how: str) -> None:
        if isinstance(action, Draw):
            getattr(self, f"{how}_draw")(action.seat, action.source)
        elif isinstance(action, Buy):
            getattr(self, f"{how}_buy")(action.seat)
        elif isinstance(action, Pass):
            getattr(self, f"{how}_pass")(action.seat)
        elif isinstance(action, Drop):
            getattr(self, f"{how}_drop")(action.seat, action.melds)
        elif isinstance(action, LayOff):
            getattr(self, f"{how}_lay_off")(action.seat, action.card, action.meld, action.end)
        elif isinstance(action, SwapJoker):
            getattr(self, f"{how}_swap_joker")(action.seat, action.card, action.meld, action.end)
        elif isinstance(action, MoveJoker):
            getattr(self, f"{how}_move_joker")(action.seat, action.meld, action.end, action.to,
                                               action.to_end)
        elif isinstance(action, Discard):
            getattr(self, f"{how}_discard")(action.seat, action.card)
        else:
            raise TypeError(f"not a Continental action: {action!r}")

    @classmethod
    def from_actions(cls, config: GameConfig, actions: Sequence[Action]) -> ContinentalGame:
        """Start a game from ``config`` and apply ``actions`` in order."""
        game = cls(config)
        for action in actions:
            game.apply(action)
        return game

    @classmethod
    def replay(cls, config: GameConfig, log: Sequence[Record]) -> ContinentalGame:
        """Rebuild the game from its log; raise :class:`~rulesets.log.LogMismatchError` at the
        first record where the log's events differ from what the rules derive.
        """
        game = cls.from_actions(config, split_actions(log))  # type: ignore[arg-type]
        check_same_log(log, game.log)
        return game
