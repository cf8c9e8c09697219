"""A Ramchi log told in words: one sentence (or a few) per record, as a person at the table says it.

:func:`tell` takes a record and what the log shows beside it (:class:`Told`: the up-card of a
hand whose deck a redaction hid, whether an arrangement is still hidden) and says what
happened, naming cards as players write them (``A♠``, ``10♥``) and combinations by their
names (:func:`rulesets.ramchi.combinations.classify`). Every record class of
:data:`~rulesets.ramchi.records.RAMCHI_RECORDS` has its teller (:data:`TELLERS`).

>>> from rulesets.cards import parse_cards
>>> tell(Keep(seat=1))
'Seat 1 keeps the 2♦ (no exchange)'
>>> tell(Arrange(seat=0, combinations=(tuple(parse_cards("As Ah Ad")),)))
'Seat 0 arranges 1 combination: Three Aces (A♠ A♥ A♦); the other 14 cards are discarded'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rulesets.cards import Card
from rulesets.errors import RulesError
from rulesets.ramchi.combinations import classify
from rulesets.ramchi.deal import TWO_OF_DIAMONDS
from rulesets.ramchi.records import (
    Arrange,
    Exchange,
    ExchangeSkipped,
    FourOfAKindWon,
    GameEnded,
    HandDealt,
    HandEnded,
    Keep,
    RoundPlayed,
    ShownCombination,
)
from rulesets.seating import ReplaceByBot, tell_handover

__all__ = ["TELLERS", "Told", "cards_in_words", "chips_in_words", "combination_in_words", "combination_name",
           "tell"]

HAND_SIZE = 17
"""The cards each seat is dealt."""

UP_CARD = 51
"""The position of the up-card in a hand's deck."""


@dataclass(frozen=True, slots=True)
class Told:
    """What the log shows beside a record: ``up_card``, the hand's up-card before the record
    (a redacted deal shows it without its deck); ``hidden``, the record's private part is
    hidden (a deal's deck, another seat's arrangement while the hand runs).
    """

    up_card: Card | None = None
    hidden: bool = False


def cards_in_words(cards: Sequence[Card]) -> str:
    """Cards as players write them, separated by spaces.

    >>> from rulesets.cards import parse_cards
    >>> cards_in_words(parse_cards("Ts 2d"))
    '10♠ 2♦'
    """
    return " ".join(card.pretty for card in cards)


def combination_in_words(cards: Sequence[Card], name: str | None = None) -> str:
    """A combination by its name and its cards, e.g. ``Three Aces (A♠ A♥ A♦)``.

    >>> from rulesets.cards import parse_cards
    >>> combination_in_words(parse_cards("Kh 9h 3h"))
    'Flush K-9-3 (K♥ 9♥ 3♥)'
    """
    return f"{name or combination_name(cards)} ({cards_in_words(cards)})"


def combination_name(cards: Sequence[Card]) -> str:
    """The combination's name; cards that cannot be one (a refused arrangement) are none.

    >>> from rulesets.cards import parse_cards
    >>> combination_name(parse_cards("As Ad Ah")), combination_name(parse_cards("As Ad"))
    ('Three Aces', 'no combination')
    """
    try:
        return classify(cards).name
    except RulesError:
        return "no combination"


def chips_in_words(chips: Sequence[int]) -> str:
    """Chips per seat, signed, e.g. ``seat 0 +2, seat 1 −1, seat 2 −1``.

    >>> chips_in_words((2, -1, -1))
    'seat 0 +2, seat 1 −1, seat 2 −1'
    """
    return ", ".join(f"seat {seat} {_signed(value)}" for seat, value in enumerate(chips))


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


def _number(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _hand_dealt(record: HandDealt, told: Told) -> str:
    up = record.deck[UP_CARD] if len(record.deck) > UP_CARD else told.up_card
    shown = f"; the up-card is {up.pretty}" if up is not None else ""
    return f"Hand {record.hand}: seat {record.dealer} deals {HAND_SIZE} cards each{shown}"


def _exchange(record: Exchange, told: Told) -> str:
    taken = f" {told.up_card.pretty}" if told.up_card is not None else ""
    return (f"Seat {record.seat} exchanges the {TWO_OF_DIAMONDS.pretty} for the up-card{taken}; "
            f"the {TWO_OF_DIAMONDS.pretty} lies face up, out of play")


def _keep(record: Keep, told: Told) -> str:
    return f"Seat {record.seat} keeps the {TWO_OF_DIAMONDS.pretty} (no exchange)"


def _arrange(record: Arrange, told: Told) -> str:
    if told.hidden:
        return f"Seat {record.seat} arranges (the combinations stay hidden until they are played)"
    combos = record.combinations
    if not combos:
        return f"Seat {record.seat} arranges no combination and discards all {HAND_SIZE} cards"
    named = ", ".join(combination_in_words(cards) for cards in combos)
    kept = sum(len(cards) for cards in combos)
    rest = HAND_SIZE - kept
    discarded = f"; the other {_plural(rest, 'card')} are discarded" if rest > 0 else ""
    return f"Seat {record.seat} arranges {_plural(len(combos), 'combination')}: {named}{discarded}"


def _exchange_skipped(record: ExchangeSkipped, told: Told) -> str:
    return f"No exchange in hand {record.hand}: {record.reason}"


def _four_of_a_kind(record: FourOfAKindWon, told: Told) -> str:
    return (f"Seat {record.seat} holds four of a kind ({cards_in_words(record.cards)}) and wins "
            f"hand {record.hand} outright: {chips_in_words(record.chips)} chips")


def _play(play: ShownCombination) -> str:
    return combination_in_words(play.cards, play.name)


def _round_played(record: RoundPlayed, told: Told) -> str:
    plays = list(record.plays)
    lead = next((p for p in plays if p.seat == record.leader), None)
    others = [p for p in plays if p is not lead]
    if lead is not None:
        parts = [f"Seat {record.leader} leads round {record.number} with {_play(lead)}"]
    else:
        parts = [f"Round {record.number}, seat {record.leader} to lead"]
    parts += [f"seat {p.seat} plays {_play(p)}" for p in others]
    won = record.chips[record.winner] if 0 <= record.winner < len(record.chips) else 0
    paid = ", ".join(f"seat {seat} {_signed(chips)}" for seat, chips in enumerate(record.chips)
                     if seat != record.winner)
    parts.append(f"seat {record.winner} wins and takes {_plural(won, 'chip')} ({paid})")
    return "; ".join(parts)


def _hand_ended(record: HandEnded, told: Told) -> str:
    return (f"Hand {record.hand} ends: {chips_in_words(record.chips)} chips; game totals "
            f"{', '.join(_number(total) for total in record.totals)}; seat {record.next_dealer} "
            f"deals next")


def _game_ended(record: GameEnded, told: Told) -> str:
    best = max(record.chips) if record.chips else 0
    winners = [seat for seat, chips in enumerate(record.chips) if chips == best]
    who = " and ".join(f"seat {seat}" for seat in winners)
    verb = "wins" if len(winners) == 1 else "share the lead"
    return (f"The game ends after {_plural(record.hands, 'hand')}: "
            f"{chips_in_words(record.chips)} chips; {who} {verb}")


TELLERS: dict[type, Callable[[Any, Told], str]] = {
    HandDealt: _hand_dealt,
    ExchangeSkipped: _exchange_skipped,
    Exchange: _exchange,
    Keep: _keep,
    FourOfAKindWon: _four_of_a_kind,
    Arrange: _arrange,
    RoundPlayed: _round_played,
    HandEnded: _hand_ended,
    GameEnded: _game_ended,
    ReplaceByBot: tell_handover,
}
"""The teller of each Ramchi record class (a seat handed to a bot is told as in every game)."""

def tell(record: Any, told: Told | None = None) -> str:
    """``record`` told in words, with what the log shows beside it (``told``).

    >>> from rulesets.cards import DECK
    >>> tell(HandDealt(hand=1, dealer=0, deck=DECK))
    'Hand 1: seat 0 deals 17 cards each; the up-card is A♠'
    >>> tell(GameEnded(hands=2, chips=(3, -1, -2)))
    'The game ends after 2 hands: seat 0 +3, seat 1 −1, seat 2 −2 chips; seat 0 wins'
    """
    return TELLERS[type(record)](record, told or Told())
