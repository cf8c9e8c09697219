"""A Continental log told in words: one sentence per record, as a person at the table says it.

:func:`tell` takes a record and what the table shows around it (:class:`Told`: the melds on
the table and the top discard before the record, the card a stock draw took when the log
shows it, the penalty card or new stock a redaction hid) and says what happened. Cards are
named as players write them (``7♣``, ``Joker``), melds in words (:func:`meld_in_words`: "a
trio of Sevens", "a run 5♠–8♠ with a joker for 6♠"). Every record class of
:data:`~rulesets.continental.records.CONTINENTAL_RECORDS` has its teller (:data:`TELLERS`).

>>> from rulesets.cards import parse_card
>>> tell(Discard(seat=1, card=parse_card("7c")))
'Seat 1 discards the 7♣'
>>> tell(Draw(seat=0, source="discard"), Told(top_discard=parse_card("Kh")))
'Seat 0 takes the discard, the K♥'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulesets.cards import Card
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.melds import Meld, Run, Trio, lay_off, rank_at, read_meld
from rulesets.continental.records import (
    HAND_END_REASONS,
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
from rulesets.continental.values import DrawSource, RunEnd
from rulesets.errors import RulesError
from rulesets.seating import ReplaceByBot, tell_handover

__all__ = ["TELLERS", "Told", "cards_in_words", "joker_moved_to", "meld_in_words", "meld_of", "tell"]


@dataclass(frozen=True, slots=True)
class Told:
    """What the table shows around a record, before it is taken.

    ``table``: the melds on the table, each with its owner; ``top_discard``: the face-up card
    of the discard pile; ``drawn``: the card a stock draw took, when the log shows it (``None``:
    not shown, or the stock was empty); ``hidden``: the record's private part is hidden (a
    deal's deck, another seat's penalty card, a new stock); ``up_card``: the card a redacted
    deal shows face up; ``stock_size``: the size of a hidden new stock; ``cards_dealt``: the
    cards each seat is dealt in the hand.
    """

    table: Sequence[tuple[int, Meld]] = field(default_factory=tuple)
    top_discard: Card | None = None
    drawn: Card | None = None
    hidden: bool = False
    up_card: Card | None = None
    stock_size: int | None = None
    cards_dealt: int | None = None


def cards_in_words(cards: Sequence[Card]) -> str:
    """Cards as players write them, separated by spaces.

    >>> from rulesets.cards import parse_cards
    >>> cards_in_words(parse_cards("Ts Jk", jokers=True))
    '10♠ Joker'
    """
    return " ".join(card.pretty for card in cards)


def _count(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {plural or word + 's'}"


def meld_in_words(meld: Meld) -> str:
    """A meld in words: its kind, its ranks, and what each joker stands for.

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.melds import read_meld
    >>> meld_in_words(read_meld(parse_cards("7c 7d Jk", jokers=True)))
    'a trio of Sevens with a joker'
    >>> meld_in_words(read_meld(parse_cards("5s Jk 7s 8s", jokers=True)))
    'a run 5♠–8♠ with a joker for 6♠'
    >>> meld_in_words(read_meld(parse_cards("Qd Kd Ad Jk Jk", jokers=True, decks=2)))
    'a run 10♦–A♦ with jokers for 10♦ and J♦'
    """
    if isinstance(meld, Trio):
        jokers = {0: "", 1: " with a joker"}.get(meld.jokers, f" with {meld.jokers} jokers")
        return f"a trio of {meld.rank.plural}{jokers}"
    symbol = meld.suit.symbol
    first, last = rank_at(meld.start).label, rank_at(meld.end).label
    stands = [f"{rank.label}{symbol}" for _, rank in meld.joker_ranks]
    jokers = ""
    if len(stands) == 1:
        jokers = f" with a joker for {stands[0]}"
    elif stands:
        jokers = f" with jokers for {', '.join(stands[:-1])} and {stands[-1]}"
    return f"a run {first}{symbol}–{last}{symbol}{jokers}"


def meld_of(cards: Sequence[Card]) -> Meld | None:
    """The meld some played cards form (:func:`~rulesets.continental.melds.read_meld`, the one
    reading of a played meld), or ``None`` when they form none (a refused drop).

    >>> from rulesets.cards import parse_cards
    >>> meld_of(parse_cards("Kh Kc Jk", jokers=True)).text, meld_of(parse_cards("Kh 2c"))
    ('K♥ K♣ Jk(K)', None)
    """
    try:
        return read_meld(cards)
    except RulesError:
        return None


def _meld_named(told: Told, index: int) -> str:
    """Table meld ``index`` in words, with its owner (or its number when there is no such meld)."""
    if 0 <= index < len(told.table):
        owner, meld = told.table[index]
        return f"seat {owner}'s {meld_in_words(meld).removeprefix('a ')} ({meld.text})"
    return f"meld {index} (no such meld on the table)"


def _dealer_drawn(record: DealerDrawn, told: Told) -> str:
    draws = "; ".join(f"seat {seat} draws the {card.pretty}" for seat, card in record.draws)
    return f"The players draw for the first deal: {draws}; seat {record.dealer} deals, with the lowest card"


def _hand_dealt(record: HandDealt, told: Told) -> str:
    contract = CONTRACTS.get(record.hand)
    named = f" ({contract.name})" if contract is not None else ""
    each = f" {_count(contract.cards_dealt, 'card')} each" if contract is not None else ""
    up = told.up_card
    shown = f"; the up-card is the {up.pretty}" if up is not None else ""
    return f"Hand {record.hand}{named}: seat {record.dealer} deals{each}{shown}"


def _draw(record: Draw, told: Told) -> str:
    if record.source == DrawSource.DISCARD:
        top = f", the {told.top_discard.pretty}" if told.top_discard is not None else ""
        return f"Seat {record.seat} takes the discard{top}"
    card = f": the {told.drawn.pretty}" if told.drawn is not None else ""
    empty = ", which is empty" if told.stock_size == 0 else ""
    return f"Seat {record.seat} draws from the stock{empty}{card}"


def _offered(told: Told) -> str:
    return f"the {told.top_discard.pretty}" if told.top_discard is not None else "the discard"


def _buy(record: Buy, told: Told) -> str:
    return f"Seat {record.seat} asks to buy {_offered(told)}"


def _pass(record: Pass, told: Told) -> str:
    return f"Seat {record.seat} passes on {_offered(told)}"


def _card_bought(record: CardBought, told: Told) -> str:
    bought = f"Seat {record.seat} buys the {record.card.pretty}"
    if told.hidden:
        return f"{bought} and takes a penalty card from the stock (hidden)"
    if record.penalty is None:
        return f"{bought}; the stock has no penalty card left, so the hand ends"
    return f"{bought} and takes the {record.penalty.pretty} from the stock as the penalty card"


def _stock_reshuffled(record: StockReshuffled, told: Told) -> str:
    size = told.stock_size if told.hidden else len(record.stock)
    cards = f" of {_count(size, 'card')}" if size is not None else ""
    return (f"The stock has run out: the discard pile but its top card is shuffled into a new "
            f"stock{cards}")


def _drop(record: Drop, told: Told) -> str:
    named = []
    for cards in record.melds:
        meld = meld_of(cards)
        named.append(f"{meld_in_words(meld)} ({meld.text})" if meld is not None
                     else f"{cards_in_words(cards)} (no meld)")
    listed = "; ".join(named) if named else "no meld"
    return f"Seat {record.seat} drops: {listed}"


def joker_moved_to(meld: Meld, card: Card, end: str | None = None) -> str | None:
    """The end (``high`` or ``low``) the joker moves to when ``card`` laid off on ``meld`` takes
    the place of the joker standing for it (:func:`~rulesets.continental.melds.lay_off`), else
    ``None`` (the card extends the meld, or cannot go on it).

    >>> from rulesets.cards import parse_cards
    >>> run = read_meld(parse_cards("Ah 2h 3h Jk 5h", jokers=True))
    >>> joker_moved_to(run, parse_cards("4h")[0]), joker_moved_to(run, parse_cards("6h")[0])
    ('high', None)
    """
    if not isinstance(meld, Run) or card.is_joker:
        return None
    try:
        after = lay_off(meld, card, end)
    except RulesError:
        return None
    if not isinstance(after, Run):
        return None
    at = after.start + after.cards.index(card) - meld.start
    if not 0 <= at < len(meld.cards) or not meld.cards[at].is_joker:
        return None
    return RunEnd.HIGH if after.cards[-1] == meld.cards[at] else RunEnd.LOW


def _joker_moves(told: Told, index: int, card: Card, end: str | None) -> str | None:
    if not 0 <= index < len(told.table):
        return None
    return joker_moved_to(told.table[index][1], card, end)


def _lay_off(record: LayOff, told: Told) -> str:
    moved = _joker_moves(told, record.meld, record.card, record.end)
    place = f", in place of the joker, which moves to the {moved} end" if moved else ""
    return (f"Seat {record.seat} lays off the {record.card.pretty} on "
            f"{_meld_named(told, record.meld)}{place}")


def _swap_joker(record: SwapJoker, told: Told) -> str:
    moved = _joker_moves(told, record.meld, record.card, record.end) or record.end
    end = f"; the joker moves to the {moved} end" if moved else "; the joker moves to an end of the run"
    return (f"Seat {record.seat} puts the {record.card.pretty} in place of the joker standing for "
            f"it in {_meld_named(told, record.meld)}{end}")


def _move_joker(record: MoveJoker, told: Told) -> str:
    where = f" at its {record.to_end} end" if record.to_end is not None else ""
    return (f"Seat {record.seat} moves the joker at the {record.end} end of "
            f"{_meld_named(told, record.meld)} to {_meld_named(told, record.to)}{where}")


def _discard(record: Discard, told: Told) -> str:
    return f"Seat {record.seat} discards the {record.card.pretty}"


def _went_out(record: WentOut, told: Told) -> str:
    same = ", in the turn of the drop" if record.same_turn else ""
    return f"Seat {record.seat} has no card left and goes out{same}"


def _points(values: Sequence[int]) -> str:
    return ", ".join(f"seat {seat} {value}" for seat, value in enumerate(values))


def _hand_ended(record: HandEnded, told: Told) -> str:
    why = HAND_END_REASONS.get(record.reason, record.reason)
    return (f"Hand {record.hand} ends ({why}): points {_points(record.scores)}; "
            f"totals {_points(record.totals)}")


def _game_ended(record: GameEnded, told: Told) -> str:
    who = " and ".join(f"seat {seat}" for seat in record.winners) or "nobody"
    verb = "wins" if len(record.winners) == 1 else "share the win"
    return f"The game ends: totals {_points(record.totals)}; {who} {verb} with the fewest points"


TELLERS: dict[type, Callable[[Any, Told], str]] = {
    DealerDrawn: _dealer_drawn,
    HandDealt: _hand_dealt,
    Draw: _draw,
    Buy: _buy,
    Pass: _pass,
    CardBought: _card_bought,
    StockReshuffled: _stock_reshuffled,
    Drop: _drop,
    LayOff: _lay_off,
    SwapJoker: _swap_joker,
    MoveJoker: _move_joker,
    Discard: _discard,
    WentOut: _went_out,
    HandEnded: _hand_ended,
    GameEnded: _game_ended,
    ReplaceByBot: tell_handover,
}
"""The teller of each Continental record class (a seat handed to a bot is told as in every game)."""


def tell(record: Any, told: Told | None = None) -> str:
    """``record`` told in words, with what the table shows around it (``told``).

    >>> tell(GameEnded(totals=(35, 20), winners=(1,)))
    'The game ends: totals seat 0 35, seat 1 20; seat 1 wins with the fewest points'
    """
    return TELLERS[type(record)](record, told or Told())
