"""Continental melds as pure rules: trios, runs, the drop and laying off.

A run's cards sit on *positions* 1 to 14: position 1 is the ace low, 2 to 13
the ranks two to king, 14 the ace high. A run is a window of consecutive
positions, so it can hold the ace at either end but never wraps around it, and
the ace is high or low, never both: a run covers at most 13 positions (A to K
or 2 to A).

>>> make_trio(parse_cards("Th Jk Jk", jokers=True, decks=2)).rank
<Rank.TEN: 10>
>>> make_run(parse_cards("5s Jk 3s 2s", jokers=True)).text
'2♠ 3♠ Jk(4♠) 5♠'
>>> run_problems(parse_cards("Qc Kc Ac 2c"))
['Q-K-A-2 goes around the corner: the ace is high or low, never both in one sequence']

Choices where the spec is silent (see docs/rules/continental.md):

- A run needs at least one natural card (it gives the run its suit).
- Jokers given with a run in any order: they first fill the gaps between the
  natural cards, then extend the high end, then (when the high end would pass
  the ace) the low end. In other words, the highest window that holds the
  natural cards. Given with ``ordered=True``, the cards are taken as written,
  lowest first.
- A joker laid off on a run goes to the high end, or to the low end when the
  run already ends with the ace high. A natural card laid off on a run extends
  an end when it can, and otherwise takes the place of the joker standing for
  it (the joker then moves to the high end, or the low end if the high end is
  the ace).
- A joker may be laid off on a trio.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesets.cards import Card, Rank, Suit, card_named, parse_cards  # noqa: F401  (doctests)
from rulesets.continental.values import RunEnd
from rulesets.errors import InvalidInputError

if TYPE_CHECKING:  # contracts name their drop size from the meld minimums here
    from rulesets.continental.contracts import Contract

__all__ = [
    "ACE_HIGH",
    "ACE_LOW",
    "RUN_MAXIMUM",
    "RUN_MINIMUM",
    "RUN_POSITIONS",
    "TRIO_MINIMUM",
    "Meld",
    "Run",
    "Trio",
    "can_lay_off",
    "can_take_end_joker",
    "drop_problems",
    "free_ends",
    "lay_off",
    "make_run",
    "make_trio",
    "rank_at",
    "read_meld",
    "run_problems",
    "run_windows",
    "take_end_joker",
    "trio_problems",
]

TRIO_MINIMUM = 3
"""A trio is three or more cards (exactly three at the drop)."""

RUN_MINIMUM = 4
"""A run is four or more cards (exactly four at the drop)."""

ACE_LOW = 1
"""The position of the ace below the two."""

ACE_HIGH = 14
"""The position of the ace above the king."""

RUN_POSITIONS = range(ACE_LOW, ACE_HIGH + 1)
"""Every position a run card may stand on: 1 (ace low), 2 to 13 (two to king), 14 (ace high)."""

RUN_MAXIMUM = ACE_HIGH - ACE_LOW
"""A run is at most 13 cards: the ace is high or low, never both (A to K, or 2 to A)."""

TRIO_RULE = ("a trio is three or more cards of one rank, suits may repeat; jokers are wild "
             "but at least one natural card gives the rank")
RUN_RULE = ("a run is four or more consecutive cards of one suit, ace high or low but never "
            "around the corner; jokers stand for missing cards")
LAY_OFF_RULE = ("lay off by rank on a trio, at either end of a run (never past the ace, and the ace "
                "is high or low, never both: a run holds at most 13 cards), or in place of the joker "
                "standing for the card (the joker moving to an end)")
DROP_RULE = "at the drop, lay down exactly the contract's melds, each at its minimum (trio 3, run 4)"


def rank_at(position: int) -> Rank:
    """The rank standing at a run position (1 and 14 are both the ace).

    >>> rank_at(ACE_LOW), rank_at(7), rank_at(ACE_HIGH)
    (<Rank.ACE: 14>, <Rank.SEVEN: 7>, <Rank.ACE: 14>)
    """
    return Rank.ACE if position == ACE_LOW else Rank(position)


def run_windows(length: int | None = RUN_MINIMUM) -> tuple[range, ...]:
    """Every window of ``length`` consecutive positions a run may cover, lowest first; with
    ``length=None`` every window a run may cover (four positions or more), by first position,
    then length.

    Spec, "Run": "four or more consecutive cards of one suit. Ace high (J-Q-K-A) or low
    (A-2-3-4), never around the corner": a window lies within positions 1 to 14. Four
    long (a run at the drop), there are eleven, from A-2-3-4 to J-Q-K-A. The ace is high or
    low, never both, so no window is longer than :data:`RUN_MAXIMUM` (13).

    >>> windows = run_windows()
    >>> len(windows), windows[0], windows[-1]
    (11, range(1, 5), range(11, 15))
    >>> [rank_at(p).char for p in windows[-1]], run_windows(RUN_MAXIMUM), run_windows(ACE_HIGH)
    (['J', 'Q', 'K', 'A'], (range(1, 14), range(2, 15)), ())
    >>> every = run_windows(None)
    >>> len(every), every[:2]
    (65, (range(1, 5), range(1, 6)))
    """
    if length is not None and length > RUN_MAXIMUM:
        return ()
    if length is None:
        lengths = range(RUN_MINIMUM, RUN_MAXIMUM + 1)
        return tuple(sorted((w for n in lengths for w in run_windows(n)), key=lambda w: (w.start, w.stop)))
    return tuple(range(first, first + length) for first in range(ACE_LOW, ACE_HIGH - length + 2))


def _label(card: Card) -> str:
    return card.pretty if not card.is_joker else "Jk"


def _duplicates(cards: Sequence[Card]) -> list[str]:
    """Problems for physical cards given more than once."""
    return [f"{card_named(card, cards)} is given {n} times (each physical card once)"
            for card, n in Counter(cards).items() if n > 1]


@dataclass(frozen=True, slots=True)
class Trio:
    """A valid trio: its ``rank`` and its ``cards`` (naturals of that rank and jokers).

    >>> t = make_trio(parse_cards("3c 3c 3h", decks=2))
    >>> t.rank.label, t.jokers, len(t)
    ('3', 0, 3)
    """

    rank: Rank
    cards: tuple[Card, ...]

    def __len__(self) -> int:
        """The number of cards in the trio."""
        return len(self.cards)

    @property
    def jokers(self) -> int:
        """How many jokers the trio holds."""
        return sum(card.is_joker for card in self.cards)

    @property
    def text(self) -> str:
        """The cards as a player writes them, each joker followed by the rank it stands for.

        >>> make_trio(parse_cards("Kc Kd Jk", jokers=True)).text
        'K♣ K♦ Jk(K)'
        """
        return " ".join(f"Jk({self.rank.label})" if card.is_joker else card.pretty
                        for card in self.cards)


@dataclass(frozen=True, slots=True)
class Run:
    """A valid run: its ``suit``, its ``cards`` lowest first, and the position of the first.

    ``start`` is 1 for a run beginning with the ace low, up to 11 (J-Q-K-A).
    Every joker stands for the rank of its position (:attr:`joker_ranks`).

    >>> r = make_run(parse_cards("Jk Qd Kd Ad", jokers=True))
    >>> r.start, r.end, r.joker_ranks
    (11, 14, ((Card('Jk'), <Rank.JACK: 11>),))
    """

    suit: Suit
    cards: tuple[Card, ...]
    start: int

    def __len__(self) -> int:
        """The number of cards in the run."""
        return len(self.cards)

    @property
    def end(self) -> int:
        """The position of the last card (14 is the ace high)."""
        return self.start + len(self.cards) - 1

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The rank each card stands for, jokers included, lowest first."""
        return tuple(rank_at(self.start + i) for i in range(len(self.cards)))

    @property
    def joker_ranks(self) -> tuple[tuple[Card, Rank], ...]:
        """Each joker with the rank it stands for, lowest first."""
        return tuple((card, rank) for card, rank in zip(self.cards, self.ranks, strict=True)
                     if card.is_joker)

    @property
    def text(self) -> str:
        """The cards lowest first, each joker followed by what it stands for.

        >>> make_run(parse_cards("4h Jk Jk 7h", jokers=True, decks=2)).text
        '4♥ Jk(5♥) Jk(6♥) 7♥'
        """
        parts = []
        for card, rank in zip(self.cards, self.ranks, strict=True):
            parts.append(f"Jk({rank.label}{self.suit.symbol})" if card.is_joker else card.pretty)
        return " ".join(parts)


Meld = Trio | Run
"""A trio or a run on the table."""


def trio_problems(cards: Sequence[Card]) -> list[str]:
    """Every reason the cards are not a trio (an empty list for a trio).

    >>> trio_problems(parse_cards("Jk Jk", jokers=True, decks=2))
    ['a trio needs at least 3 cards, got 2', 'a trio needs one natural card (jokers only)']
    >>> trio_problems(parse_cards("3c 4c Jk", jokers=True))
    ['natural cards of more than one rank (3, 4): a trio is one rank']
    """
    problems = []
    if len(cards) < TRIO_MINIMUM:
        problems.append(f"a trio needs at least {TRIO_MINIMUM} cards, got {len(cards)}")
    problems += _duplicates(cards)
    ranks = sorted({card.rank for card in cards if card.rank is not None})
    if not ranks:
        problems.append("a trio needs one natural card (jokers only)")
    elif len(ranks) > 1:
        problems.append(f"natural cards of more than one rank ({', '.join(r.label for r in ranks)}): "
                        "a trio is one rank")
    return problems


def make_trio(cards: Sequence[Card]) -> Trio:
    """The trio the cards form; :class:`InvalidInputError` (``not_a_meld``) listing every problem.

    >>> try:
    ...     make_trio(parse_cards("Kc Qc Jk", jokers=True))
    ... except InvalidInputError as err:
    ...     print(err.code, "|", err.message)
    not_a_meld | K♣ Q♣ Jk is not a trio: natural cards of more than one rank (Q, K): a trio is one rank
    """
    problems = trio_problems(cards)
    if problems:
        raise _not_a_meld(cards, "trio", problems, TRIO_RULE)
    rank = next(card.rank for card in cards if card.rank is not None)
    return Trio(rank, tuple(cards))


def _not_a_meld(cards: Sequence[Card], what: str, problems: list[str], rule: str) -> InvalidInputError:
    shown = " ".join(_label(card) for card in cards) or "no cards"
    return InvalidInputError(f"{shown} is not a {what}: {'; '.join(problems)}", rule=rule,
                             code="not_a_meld")


def _fits(card: Card, position: int) -> bool:
    """Whether a card may stand at a run position (a joker may stand anywhere)."""
    if card.rank is None:
        return True
    if card.rank is Rank.ACE:
        return position in (ACE_LOW, ACE_HIGH)
    return int(card.rank) == position


def _window_holds(naturals: Sequence[Card], start: int, size: int) -> bool:
    """Whether the naturals can take distinct positions in the window ``start .. start+size-1``."""
    end = start + size - 1
    ranks = Counter(card.rank for card in naturals)
    aces = ranks.pop(Rank.ACE, 0)
    ace_places = (start == ACE_LOW) + (end == ACE_HIGH)
    return aces <= ace_places and all(start <= int(rank) <= end for rank in ranks)


def _place_naturals(naturals: Sequence[Card], start: int, size: int) -> dict[int, Card]:
    """Put each natural card on its position in a window that holds them."""
    placed: dict[int, Card] = {}
    for card in sorted(naturals, key=lambda c: (c.rank, c.copy)):
        if card.rank is Rank.ACE:
            position = ACE_LOW if start == ACE_LOW and ACE_LOW not in placed else ACE_HIGH
        else:
            position = int(card.rank)
        placed[position] = card
    return placed


def _corner_text(cards: Sequence[Card]) -> str | None:
    """``Q-K-A-2`` when the cards would be a run if ranks went around the corner, else None.

    Ranks are put on a circle (two .. king, ace, two ...), in the order given
    (``ordered``) or the best order; None when even the circle does not fit.
    """
    naturals = [card for card in cards if card.rank is not None]
    if not naturals or Rank.ACE not in {card.rank for card in naturals}:
        return None
    circle = [int(card.rank) - 2 for card in naturals]  # 0 = two ... 12 = ace
    if len(set(circle)) != len(circle):
        return None
    size = len(cards)
    for first in [*sorted(set(circle)), *range(13)]:  # a natural card first, jokers last, if it can
        offsets = [(value - first) % 13 for value in circle]
        if max(offsets) < size:
            slots = ["Jk"] * size
            for offset, card in zip(offsets, naturals, strict=True):
                slots[offset] = Rank(card.rank).label if card.rank else "Jk"
            return "-".join(slots)
    return None


def _ordered_corner_text(cards: Sequence[Card]) -> str | None:
    """``Q-K-A-2`` when cards written in order only fit by going around the corner."""
    naturals = [(i, int(card.rank) - 2) for i, card in enumerate(cards) if card.rank is not None]
    if not naturals or all(cards[i].rank is not Rank.ACE for i, _ in naturals):
        return None
    if len({(value - i) % 13 for i, value in naturals}) != 1:
        return None
    return "-".join(_label(card) if card.rank is None else card.rank.label for card in cards)


def _fewest_gaps(naturals: Sequence[Card]) -> int:
    """How many missing cards the natural cards (at most one ace) leave at best, ace low or high."""
    others = [int(card.rank) for card in naturals if card.rank is not None and card.rank is not Rank.ACE]
    aces = len(naturals) - len(others)
    choices = {(ACE_LOW,) * aces, (ACE_HIGH,) * aces}
    spans = []
    for ace_positions in choices:
        positions = [*others, *ace_positions]
        if len(ace_positions) == aces and len(set(positions)) == len(positions):
            spans.append(max(positions) - min(positions) + 1 - len(positions))
    return min(spans)


def _run_layout(cards: Sequence[Card], ordered: bool) -> tuple[list[str], Run | None]:
    """The problems of the cards as a run, and the run itself when there are none."""
    problems = []
    size = len(cards)
    if size < RUN_MINIMUM:
        problems.append(f"a run needs at least {RUN_MINIMUM} cards, got {size}")
    if size > RUN_MAXIMUM:
        problems.append(f"a run holds at most {RUN_MAXIMUM} cards (the ace is high or low, never "
                        f"both), got {size}")
    problems += _duplicates(cards)
    naturals = [card for card in cards if card.suit is not None]
    suits = sorted({card.suit for card in naturals if card.suit is not None})
    if not naturals:
        problems.append("a run needs one natural card, which gives its suit (jokers only)")
    elif len(suits) > 1:
        problems.append(f"cards of more than one suit ({' '.join(s.symbol for s in suits)}): "
                        "a run is one suit")
    if not ordered:
        counts = Counter(card.rank for card in naturals)
        repeated = sorted(r for r, n in counts.items() if n > 1)
        for rank in repeated:
            problems.append(f"{counts[rank]} natural {rank.plural.lower()}: a run holds each rank once"
                            + (" (the ace is high or low, never both)" if rank is Rank.ACE else ""))
    if problems:
        return problems, None
    suit = suits[0]
    if ordered:
        starts = [s for s in range(1, ACE_HIGH - size + 2)
                  if all(_fits(card, s + i) for i, card in enumerate(cards))]
        if starts:
            return [], Run(suit, tuple(cards), starts[0])
        corner = _ordered_corner_text(cards)
        if corner:
            return [f"{corner} goes around the corner: the ace is high or low, never both in one "
                    "sequence"], None
        written = " ".join(_label(card) for card in cards)
        return [f"{written} are not consecutive in the order given (lowest first, jokers standing "
                "for missing cards)"], None
    for start in range(ACE_HIGH - size + 1, 0, -1):  # the highest window first
        if _window_holds(naturals, start, size):
            placed = _place_naturals(naturals, start, size)
            jokers = iter(card for card in cards if card.is_joker)
            run_cards = tuple(placed.get(p) or next(jokers) for p in range(start, start + size))
            return [], Run(suit, run_cards, start)
    corner = _corner_text(cards)
    if corner:
        return [f"{corner} goes around the corner: the ace is high or low, never both in one "
                "sequence"], None
    jokers = size - len(naturals)
    gaps = _fewest_gaps(naturals)
    return [f"the natural cards leave {gaps} missing card{'s' if gaps != 1 else ''} and only "
            f"{jokers} joker{'s' if jokers != 1 else ''} to stand for them"], None


def run_problems(cards: Sequence[Card], *, ordered: bool = False) -> list[str]:
    """Every reason the cards are not a run (an empty list for a run).

    With ``ordered=True`` the cards are read in run order, lowest first.

    >>> run_problems(parse_cards("2c 3d Jk", jokers=True))
    ['a run needs at least 4 cards, got 3', 'cards of more than one suit (♣ ♦): a run is one suit']
    >>> run_problems(parse_cards("2c 3c 7c Jk", jokers=True))
    ['the natural cards leave 3 missing cards and only 1 joker to stand for them']
    >>> run_problems(parse_cards("3c 2c 4c 5c"), ordered=True)
    ['3♣ 2♣ 4♣ 5♣ are not consecutive in the order given (lowest first, jokers standing for missing cards)']
    """
    return _run_layout(cards, ordered)[0]


def make_run(cards: Sequence[Card], *, ordered: bool = False) -> Run:
    """The run the cards form; :class:`InvalidInputError` (``not_a_meld``) listing every problem.

    Given in any order, jokers fill the gaps, then extend the high end, then
    the low end; ``ordered=True`` takes the cards as written, lowest first.

    >>> make_run(parse_cards("Kh Jk Jk Qh", jokers=True, decks=2)).text
    'Jk(J♥) Q♥ K♥ Jk(A♥)'
    >>> make_run(parse_cards("Jk Jk Qh Kh", jokers=True, decks=2), ordered=True).text
    'Jk(10♥) Jk(J♥) Q♥ K♥'
    """
    problems, run = _run_layout(cards, ordered)
    if run is None:
        raise _not_a_meld(cards, "run", problems, RUN_RULE)
    return run


MELD_RULE = ("melds are trios (3 or more cards of one rank) or runs (4 or more consecutive cards "
             "of one suit)")


def read_meld(cards: Sequence[Card]) -> Meld:
    """The meld some cards form: a trio if they are one, else a run as written (lowest first),
    else a run in any order; :class:`InvalidInputError` ``not_a_meld`` with both reasons.

    This is how a meld written by a player (a drop, a meld on the table) is read.

    >>> read_meld(parse_cards("Jk 5h 6h 7h", jokers=True)).text
    'Jk(4♥) 5♥ 6♥ 7♥'
    >>> try:
    ...     read_meld(parse_cards("5h 9c 7h"))
    ... except InvalidInputError as err:
    ...     print(err.code, "|", err.message[:60])
    not_a_meld | 5♥ 9♣ 7♥ is neither a trio (natural cards of more than one r
    """
    trio = trio_problems(cards)
    if not trio:
        return make_trio(cards)
    if not run_problems(cards, ordered=True):
        return make_run(cards, ordered=True)
    run = run_problems(cards)
    if not run:
        return make_run(cards)
    shown = " ".join(_label(card) for card in cards) or "no cards"
    raise InvalidInputError(f"{shown} is neither a trio ({'; '.join(trio)}) nor a run "
                            f"({'; '.join(run)})", rule=MELD_RULE, code="not_a_meld")


def drop_problems(melds: Sequence[Meld], contract: Contract) -> list[str]:
    """Every reason the melds are not a valid drop of the contract (empty when valid).

    "At the drop, each contract meld is exactly its minimum (trio 3 cards, run 4 cards)."

    >>> from rulesets.continental.contracts import CONTRACTS
    >>> trio = make_trio(parse_cards("3c 3d 3h"))
    >>> drop_problems([trio, make_trio(parse_cards("Kc Kd Kh Ks"))], CONTRACTS[1])
    ['trio 2 (K♣ K♦ K♥ K♠) has 4 cards: at the drop a trio is exactly 3']
    >>> drop_problems([trio], CONTRACTS[2])
    ['the contract (1 trio + 1 run) asks for 1 run, got 0']
    """
    problems = []
    trios = [meld for meld in melds if isinstance(meld, Trio)]
    runs = [meld for meld in melds if isinstance(meld, Run)]
    for kind, got, wanted in (("trio", trios, contract.trios), ("run", runs, contract.runs)):
        if len(got) != wanted:
            plural = kind if wanted == 1 else f"{kind}s"
            problems.append(f"the contract ({contract.name}) asks for {wanted} {plural}, got {len(got)}")
        minimum = TRIO_MINIMUM if kind == "trio" else RUN_MINIMUM
        for number, meld in enumerate(got, start=1):
            if len(meld) != minimum:
                problems.append(f"{kind} {number} ({meld.text}) has {len(meld)} cards: at the drop a "
                                f"{kind} is exactly {minimum}")
    used = Counter(card for meld in melds for card in meld.cards)
    problems += [f"{card_named(card, used)} is used in {n} melds (each physical card once)"
                 for card, n in used.items() if n > 1]
    return problems


def free_ends(run: Run) -> tuple[bool, bool]:
    """Whether the run may still grow at its low end and at its high end.

    A run grows at an end up to the ace (never past it, never around the corner), and to at
    most :data:`RUN_MAXIMUM` cards: the ace is high or low, never both.

    >>> free_ends(make_run(parse_cards("Jc Qc Kc Ac"))), free_ends(make_run(parse_cards("Ac 2c 3c 4c")))
    ((True, False), (False, True))
    >>> free_ends(make_run(parse_cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc")))
    (False, False)
    """
    room = len(run) < RUN_MAXIMUM
    return room and run.start > ACE_LOW, room and run.end < ACE_HIGH


def _natural_lay_off(run: Run, card: Card, end: str | None) -> Run | None:
    """The run with a natural card laid off at an end (the one ``end`` names, if it names one) or
    in a joker's place (the joker moving to ``end``); None if it cannot go.
    """
    if card.suit is not run.suit or card in run.cards:
        return None
    low_free, high_free = free_ends(run)
    if low_free and _fits(card, run.start - 1):
        return Run(run.suit, (card, *run.cards), run.start - 1) if end != RunEnd.HIGH else None
    if high_free and _fits(card, run.end + 1):
        if end == RunEnd.LOW:
            return None
        return Run(run.suit, (*run.cards, card), run.start)
    for i, held in enumerate(run.cards):
        if held.is_joker and _fits(card, run.start + i):
            cards = list(run.cards)
            cards[i] = card
            return _add_joker(Run(run.suit, tuple(cards), run.start), held, end)
    return None


def _add_joker(run: Run, joker: Card, end: str | None) -> Run | None:
    """The run with a joker at ``end``; by default the high end, or the low end past the ace high."""
    low_free, high_free = free_ends(run)
    if end == RunEnd.HIGH or (end is None and high_free):
        return Run(run.suit, (*run.cards, joker), run.start) if high_free else None
    return Run(run.suit, (joker, *run.cards), run.start - 1) if low_free else None


def _lay_off(meld: Meld, card: Card, end: str | None = None) -> Meld | None:
    if card in meld.cards:
        return None
    if isinstance(meld, Trio):
        if card.is_joker or card.rank is meld.rank:
            return Trio(meld.rank, (*meld.cards, card))
        return None
    if card.is_joker:
        return _add_joker(meld, card, end)
    return _natural_lay_off(meld, card, end)


def _check_end(end: str | None) -> None:
    if end is not None and end not in tuple(RunEnd):
        raise InvalidInputError(f"end must be 'high' or 'low', got {end!r}", code="invalid_input")


def can_lay_off(meld: Meld, card: Card, end: str | None = None) -> bool:
    """Whether ``card`` may be laid off on ``meld``.

    Trios take natural cards of their rank and jokers; runs take the next card
    at either end (never past the ace, at most 13 cards), a joker, or the natural card a joker
    stands for. ``end`` (``"high"`` or ``"low"``) is where a joker laid off on
    a run, or the joker a natural card replaces, is to go; by default the high
    end, or the low end when the run ends with the ace high. A natural card that
    continues an end goes there: an ``end`` naming the other end refuses it.

    >>> run = make_run(parse_cards("Jc Qc Kc Ac"))
    >>> can_lay_off(run, parse_cards("Tc")[0]), can_lay_off(run, parse_cards("2c")[0])
    (True, False)
    >>> can_lay_off(run, parse_cards("Tc")[0], "low"), can_lay_off(run, parse_cards("Tc")[0], "high")
    (True, False)
    """
    _check_end(end)
    return _lay_off(meld, card, end) is not None


def lay_off(meld: Meld, card: Card, end: str | None = None) -> Meld:
    """The meld with ``card`` laid off; :class:`InvalidInputError` (``cannot_lay_off``) if it cannot go.

    A natural card that a joker in a run stands for takes the joker's place,
    and the joker moves to an end of the same run:

    >>> run = make_run(parse_cards("Ah 2h 3h Jk 5h", jokers=True), ordered=True)
    >>> lay_off(run, parse_cards("4h")[0]).text
    'A♥ 2♥ 3♥ 4♥ 5♥ Jk(6♥)'

    ``end`` chooses where a joker goes (see :func:`can_lay_off`):

    >>> lay_off(make_run(parse_cards("5h 6h 7h 8h")), Card(None, None), "low").text
    'Jk(4♥) 5♥ 6♥ 7♥ 8♥'
    """
    _check_end(end)
    result = _lay_off(meld, card, end)
    if result is None:
        raise InvalidInputError(
            f"{_label(card)} cannot be laid off on {meld.text}",
            rule=LAY_OFF_RULE, code="cannot_lay_off")
    return result


def can_take_end_joker(meld: Meld) -> bool:
    """Whether a joker at an end of ``meld`` may move to another run.

    Only runs give up jokers, only from an end, and only if the run keeps at
    least four cards. Jokers in trios never move.

    >>> can_take_end_joker(make_run(parse_cards("4d 5d 6d 7d Jk", jokers=True), ordered=True))
    True
    >>> can_take_end_joker(make_run(parse_cards("4d 5d 6d Jk", jokers=True), ordered=True))
    False
    """
    if not isinstance(meld, Run) or len(meld) <= RUN_MINIMUM:
        return False
    return meld.cards[0].is_joker or meld.cards[-1].is_joker


def take_end_joker(run: Run, end: str = RunEnd.HIGH) -> tuple[Run, Card]:
    """Take the joker at the ``high`` or ``low`` end of a run, to move it to another run.

    Returns the run left behind and the joker (lay it off with :func:`lay_off`).
    Raises :class:`InvalidInputError` (``cannot_move_joker``) when that end is
    not a joker or the run would keep fewer than four cards.

    >>> left, joker = take_end_joker(make_run(parse_cards("Jk 4d 5d 6d 7d", jokers=True), ordered=True),
    ...                              "low")
    >>> left.text, joker
    ('4♦ 5♦ 6♦ 7♦', Card('Jk'))
    """
    if end not in tuple(RunEnd):
        raise InvalidInputError(f"end must be 'high' or 'low', got {end!r}", code="invalid_input")
    held = run.cards[-1] if end == RunEnd.HIGH else run.cards[0]
    if not held.is_joker or len(run) <= RUN_MINIMUM:
        why = "is not a joker" if not held.is_joker else f"would leave fewer than {RUN_MINIMUM} cards"
        raise InvalidInputError(
            f"the {end} end of {run.text} {why}",
            rule="a joker at either end of a run may be moved to another run, but not if its run "
            "would be left with fewer than 4 cards", code="cannot_move_joker")
    if end == RunEnd.HIGH:
        return Run(run.suit, run.cards[:-1], run.start), held
    return Run(run.suit, run.cards[1:], run.start + 1), held
