"""Every refusal of the Continental referee: its code, the rule it enforces in words, and the
errors that carry them.

Every refusal is an :class:`~rulesets.errors.IllegalActionError` (or, for a
malformed value, an :class:`~rulesets.errors.InvalidInputError`) whose ``code`` is
a key of :data:`REFUSALS`, the rule in words.

>>> refuse("discard_pile_empty", "there is no discard to take").rule
'the discard pile is empty: draw from the stock'
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesets.cards import Card
from rulesets.continental import melds
from rulesets.continental.melds import Meld
from rulesets.errors import IllegalActionError, InvalidInputError

__all__ = ["REFUSALS", "malformed", "played_meld", "refuse"]

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
    "cannot_lay_off": melds.LAY_OFF_RULE,
    "not_a_joker_swap": "a joker swap puts into a run the natural card a joker there stands for",
    "joker_in_trio": "jokers in trios never move",
    "no_room_for_joker": "a joker moved to another run goes on a free end of it (never past the ace; "
                         "the ace is high or low, never both, so a run holds at most 13 cards)",
    "no_joker_at_end": "only a joker at the high or low end of a run may move to another run",
    "run_too_short": "a joker may leave a run only if the run keeps at least four cards",
    "not_a_run": "a joker moves from one run to another run, never to a trio or the same run",
}
"""Every refusal code of the referee and the rule it enforces, in words."""


def refuse(code: str, message: str) -> IllegalActionError:
    """The refusal ``code`` of an action breaking a rule now, saying why in ``message``."""
    return IllegalActionError(message, rule=REFUSALS[code], code=code)


def malformed(code: str, message: str) -> InvalidInputError:
    """The refusal ``code`` of an action naming no such thing (a seat, a source, an end, a card).

    >>> malformed("invalid_end", "end must be 'high' or 'low', got 'up'").code
    'invalid_end'
    """
    return InvalidInputError(message, rule=REFUSALS[code], code=code)


def played_meld(cards: Sequence[Card]) -> Meld:
    """The meld some cards played form (:func:`rulesets.continental.melds.read_meld`, the one
    reading of a meld), refused as :class:`IllegalActionError` ``not_a_meld`` when they form none.

    >>> from rulesets.cards import parse_cards
    >>> played_meld(parse_cards("Kh Kc Jk", jokers=True)).text
    'K♥ K♣ Jk(K)'
    """
    try:
        return melds.read_meld(cards)
    except InvalidInputError as err:
        raise refuse("not_a_meld", err.message) from None
