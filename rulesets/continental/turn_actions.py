"""The actions of a Continental turn and of a buy offer: draw, buy, pass, drop and discard.

For each action, ``<action>_problems(game, action)`` lists why it is refused now
(empty: legal) and ``take_<action>(game, action)`` records and applies it once legal;
:data:`rulesets.continental.game.RULES` pairs them by action class.

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
>>> [p.code for p in draw_problems(game, Draw(0, "stock"))], draw_problems(game, Draw(1, "stock"))
(['not_your_turn'], [])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulesets.cards import Card
from rulesets.continental.checks import card_problems, last_card_problems, seat_problems, turn_problems
from rulesets.continental.contracts import Contract
from rulesets.continental.melds import Meld
from rulesets.continental.melds import drop_problems as contract_problems
from rulesets.continental.phase import Phase
from rulesets.continental.records import Buy, Discard, Draw, Drop, Pass
from rulesets.continental.refusals import malformed, played_meld, refuse
from rulesets.continental.values import DrawSource
from rulesets.errors import RulesError
from rulesets.referee import Problems

if TYPE_CHECKING:
    from rulesets.continental.game import ContinentalGame

__all__ = [
    "DRAW_SOURCES",
    "answer_problems",
    "buy_problems",
    "contract_drop",
    "discard_problems",
    "draw_problems",
    "drop_problems",
    "pass_problems",
    "take_buy",
    "take_discard",
    "take_draw",
    "take_drop",
    "take_pass",
]

DRAW_SOURCES = tuple(DrawSource)
"""Where a turn's draw comes from."""


# -- draw ---------------------------------------------------------------------------------------

def draw_problems(game: ContinentalGame, action: Draw) -> Problems:
    """The current player draws once, at the start of the turn, from the stock or a discard pile
    holding a card.
    """
    problems = turn_problems(game, action.seat, Phase.DRAW)
    if problems:
        return problems
    if action.source not in DRAW_SOURCES:
        return [malformed("unknown_source", f"source must be 'stock' or 'discard', got {action.source!r}")]
    if action.source == DrawSource.DISCARD and not game.discards:
        return [refuse("discard_pile_empty", "there is no discard to take")]
    return []


def take_draw(game: ContinentalGame, action: Draw) -> None:
    """Draw the top discard or the top stock card; a stock draw opens the buy window.

    An empty stock is refilled from the discard pile; if it cannot be, the hand ends
    and everyone scores their hand.
    """
    seat = action.seat
    game.log.append(action)
    game.dropped_this_turn = False
    if action.source == DrawSource.DISCARD:
        card, game.discards = game.discards[-1], game.discards[:-1]
    else:
        if not game.refill_stock():
            game.stock_ran_out()
            return
        card = game.take_stock_card(seat)
        if game.options.buying and game.discards:
            game.window = True
            game.answers = [None] * game.players
    game.hands[seat] = (*game.hands[seat], card)
    game.phase = Phase.PLAY


# -- buy and pass -------------------------------------------------------------------------------

def answer_problems(game: ContinentalGame, seat: int, buying: bool) -> Problems:
    """Another player than the current one answers an open buy offer, once."""
    problems = seat_problems(game, seat)
    if problems:
        return problems
    if buying and not game.options.buying:
        return [refuse("buying_off", "buying is switched off")]
    if seat == game.current:
        return [refuse("current_player_cannot_buy", f"seat {seat} is the player whose turn it is")]
    if not game.window and game.phase is Phase.DRAW:
        return [refuse("no_buy_window", f"seat {game.current} must draw first: no discard is offered "
                                        "for sale before the stock draw of the player whose turn it is")]
    if not game.window:
        return [refuse("no_buy_window", "no discard is offered for sale now")]
    if game.answers[seat] is not None:
        return [refuse("already_answered", f"seat {seat} has already answered this offer")]
    return []


def buy_problems(game: ContinentalGame, action: Buy) -> Problems:
    """Why ``action.seat`` may not ask to buy the top discard now."""
    return answer_problems(game, action.seat, True)


def take_buy(game: ContinentalGame, action: Buy) -> None:
    """Ask to buy the top discard; the nearest buyer after the current player gets it, with the
    top stock card as a penalty, as soon as every nearer seat has passed.
    """
    game.log.append(action)
    game.answers[action.seat] = True
    game.resolve_buy(closing=False)


def pass_problems(game: ContinentalGame, action: Pass) -> Problems:
    """Why ``action.seat`` may not decline the offered discard now."""
    return answer_problems(game, action.seat, False)


def take_pass(game: ContinentalGame, action: Pass) -> None:
    """Decline the offered discard (which may settle the buy for a farther seat)."""
    game.log.append(action)
    game.answers[action.seat] = False
    game.resolve_buy(closing=False)


# -- drop ---------------------------------------------------------------------------------------

def drop_problems(game: ContinentalGame, action: Drop) -> Problems:
    """The current player lays down exactly the contract, once per hand, keeping a card to discard."""
    seat, given = action.seat, action.melds
    problems = turn_problems(game, seat)
    if problems:
        return problems
    if game.dropped[seat]:
        return [refuse("already_dropped", f"seat {seat} has already dropped this hand")]
    cards = [card for meld in given for card in meld]
    problems = card_problems(game, seat, cards) or contract_drop(given, game.contract)[1]
    if problems:
        return problems
    return last_card_problems(game, seat, len(cards))


def contract_drop(given: Sequence[Sequence[Card]], contract: Contract) -> tuple[list[Meld], Problems]:
    """The melds a drop lays down when they are exactly ``contract``, or the problems that refuse
    it: the part of the drop's rule the cards alone decide, whoever plays them.

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> [meld.text for meld in contract_drop([parse_cards("3c 3d 3h"), parse_cards("Kc Kd Jk",
    ...  jokers=True)], CONTRACTS[1])[0]]
    ['3♣ 3♦ 3♥', 'K♣ K♦ Jk(K)']
    >>> print(contract_drop([parse_cards("3c 3d 3h")], CONTRACTS[1])[1][0].message)
    not the contract (2 trios): the contract (2 trios) asks for 2 trios, got 1
    """
    try:
        made = [played_meld(meld) for meld in given]
    except RulesError as err:
        return [], [err]
    wrong = contract_problems(made, contract)
    if wrong:
        return [], [refuse("wrong_contract", f"not the contract ({contract.name}): {'; '.join(wrong)}")]
    return made, []


def take_drop(game: ContinentalGame, action: Drop) -> None:
    """Lay down the contract: each meld goes on the table, numbered after those already there."""
    seat = action.seat
    given = tuple(tuple(meld) for meld in action.melds)
    game.log.append(Drop(seat, given))
    for meld in given:
        game.table.append(played_meld(meld))
        game.owners.append(seat)
    game.remove_from_hand(seat, [card for meld in given for card in meld])
    game.dropped[seat] = True
    game.dropped_this_turn = True
    game.after_meld(seat)


# -- discard ------------------------------------------------------------------------------------

def discard_problems(game: ContinentalGame, action: Discard) -> Problems:
    """The current player, having drawn, discards a card of their hand."""
    return turn_problems(game, action.seat) or card_problems(game, action.seat, [action.card])


def take_discard(game: ContinentalGame, action: Discard) -> None:
    """Discard the card: the buy window closes (the nearest buyer gets the card passed up),
    the turn ends, and a player with no card left goes out.
    """
    seat = action.seat
    game.log.append(action)
    if game.resolve_buy(closing=True):
        return
    game.remove_from_hand(seat, [action.card])
    game.discards = (*game.discards, action.card)
    if not game.hands[seat]:
        game.go_out(seat)
        return
    game.current = (game.current + 1) % game.players
    game.phase = Phase.DRAW
    game.dropped_this_turn = False
