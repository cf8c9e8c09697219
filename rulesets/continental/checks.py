"""The checks every Continental action shares: the seat, the turn, the cards, the meld, the end.

Each returns the problems it finds (:data:`~rulesets.referee.Problems`: empty when
the check passes, else the one refusal), so that an action's rule chains them with
``or`` and stops at the first that fails.

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> game = ContinentalGame(GameConfig.create(players=3, hands=1, seed=5, dealer=0))
>>> game.do_draw(1, "stock")
>>> print(turn_problems(game, 2, Phase.DRAW)[0].message)
it is seat 1's turn, not seat 2's; a buy offer of the 4♦ is open (seat 1 drew from the stock \
instead of taking it): seats 2 and 0 may buy it or pass
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulesets.cards import Card, card_named
from rulesets.continental.melds import Meld
from rulesets.continental.phase import Phase
from rulesets.continental.refusals import malformed, refuse
from rulesets.continental.values import RunEnd
from rulesets.referee import Problems

if TYPE_CHECKING:
    from rulesets.continental.game import ContinentalGame

__all__ = [
    "END_NAMES",
    "after_drop_problems",
    "buy_offer_note",
    "card_problems",
    "end_problems",
    "last_card_problems",
    "meld_problems",
    "seat_problems",
    "table_meld_problems",
    "turn_problems",
]

END_NAMES = tuple(RunEnd)
"""The ends of a run a joker may go to or leave from."""


def seat_problems(game: ContinentalGame, seat: int) -> Problems:
    """The game must not be over and the seat must be one of its seats."""
    if game.is_over:
        return [refuse("game_over", f"the game is over ({game.config.hands} hand(s) played)")]
    if type(seat) is not int or seat not in range(game.players):
        return [malformed("no_such_seat", f"there is no seat {seat!r}; the seats are 0 to "
                                          f"{game.players - 1}")]
    return []


def _seats(seats: Sequence[int]) -> str:
    """``seat 2`` or ``seats 2 and 0`` or ``seats 2, 3 and 0``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(seat) for seat in seats[:-1]) + f" and {seats[-1]}"


def buy_offer_note(game: ContinentalGame) -> str:
    """What a refusal adds while a buy offer waits: the card offered and who may answer it
    ("" when no offer is open).
    """
    buyers = game.buyers_to_answer()
    top = game.top_discard
    if not buyers or top is None:
        return ""
    return (f"; a buy offer of the {top.pretty} is open (seat {game.current} drew from the stock "
            f"instead of taking it): {_seats(buyers)} may buy it or pass")


def turn_problems(game: ContinentalGame, seat: int, phase: Phase = Phase.PLAY) -> Problems:
    """The seat must be the current player, in ``phase``; while a buy offer waits, the refusal
    says so (:func:`buy_offer_note`).
    """
    problems = seat_problems(game, seat)
    if problems:
        return problems
    if seat != game.current:
        return [refuse("not_your_turn", f"it is seat {game.current}'s turn, not seat {seat}'s"
                                        + buy_offer_note(game))]
    if phase is Phase.PLAY and game.phase is Phase.DRAW:
        return [refuse("draw_first", f"seat {seat} must draw first")]
    if phase is Phase.DRAW and game.phase is Phase.PLAY:
        return [refuse("already_drew", f"seat {seat} has already drawn this turn" + buy_offer_note(game))]
    return []


def card_problems(game: ContinentalGame, seat: int, cards: Sequence[Card]) -> Problems:
    """Every card must be a card of the seat's hand, each given once."""
    hand = set(game.hands[seat])
    for card in cards:
        if not isinstance(card, Card):
            return [malformed("card_not_in_hand", f"{card!r} is not a card")]
        if card not in hand:
            return [refuse("card_not_in_hand", f"{card_named(card, hand)} is not in seat {seat}'s hand")]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return [refuse("card_not_in_hand", f"{card_named(card, cards)} is given twice")]
        seen.add(card)
    return []


def meld_problems(game: ContinentalGame, index: int) -> Problems:
    """The index must name a meld on the game's table (:func:`table_meld_problems`)."""
    return table_meld_problems(game.table, index)


def table_meld_problems(table: Sequence[Meld], index: int) -> Problems:
    """The index must name a meld of ``table``.

    >>> print(table_meld_problems([], 0)[0].message)
    there is no meld 0 on the table (0 meld(s), numbered from 0)
    """
    if type(index) is not int or index not in range(len(table)):
        return [refuse("no_such_meld", f"there is no meld {index!r} on the table "
                                       f"({len(table)} meld(s), numbered from 0)")]
    return []


def end_problems(end: str | None, allow_none: bool = True) -> Problems:
    """The end must be ``high`` or ``low`` (or left out, where it may be)."""
    if end in END_NAMES or (allow_none and end is None):
        return []
    return [malformed("invalid_end", f"end must be 'high' or 'low', got {end!r}")]


def after_drop_problems(game: ContinentalGame, seat: int) -> Problems:
    """The seat must play its turn, having dropped the contract."""
    problems = turn_problems(game, seat)
    if not problems and not game.dropped[seat]:
        problems = [refuse("not_dropped", f"seat {seat} has not dropped the contract yet")]
    return problems


def last_card_problems(game: ContinentalGame, seat: int, used: int) -> Problems:
    """"A player may not lay off their last card when they need it to discard"."""
    if len(game.hands[seat]) - used < 1 and not game.options.go_out_without_discard:
        return [refuse("must_keep_a_discard", f"seat {seat} would have no card left to discard")]
    return []
