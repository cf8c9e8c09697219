"""Scoring a Ramchi hand played at a real table, from the three lineups as they were shown.

Players who played with real cards give each seat's lineup (its combinations strongest first,
as the rules play them) and the dealer, and optionally each seat's 17 cards (after the
exchange). :func:`score_table` checks the lineups could have been played, listing every
problem at once (:func:`table_problems`), then plays the hand out with the referee's own
play-out (:func:`rulesets.ramchi.rounds.play_combinations`): each round's plays, winner and why
in words, each seat's chips and the next dealer. With the hands it also derives the discards
and applies the four-of-a-kind rule.

>>> from rulesets.cards import parse_cards
>>> lineups = [[parse_cards("7s 7d 7h")], [parse_cards("As Ad Ah"), parse_cards("4c 5d 6h")], []]
>>> score = score_table(lineups, dealer=2)
>>> [(r.number, r.winner) for r in score.rounds], score.chips, score.next_dealer
([(1, 1), (2, 1)], (-3, 6, -3), 1)
>>> score.rounds[0].why
"seat 1 wins: Three Aces beats seat 0's Three Sevens; seat 2 has no combination left and pays"
>>> [p.message for p in table_problems([[parse_cards("4c 5d 6h"), parse_cards("As Ad Ah")], [], []])]
['seat 0: combination 2, Three Aces, is stronger than combination 1, Straight 6-5-4, which is \
played before it; a lineup is played strongest first']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulesets.cards import Card, parse_cards  # noqa: F401  (doctests)
from rulesets.errors import IllegalActionError, InvalidInputError
from rulesets.ramchi.arrangement import (
    ArrangementProblem,
    cards_not_in_hand,
    non_combinations,
    repeated_cards,
    too_many_combinations,
    wrong_sizes,
)
from rulesets.ramchi.combinations import COMBINATION_SIZE, Classification, NotACombinationError, classify
from rulesets.ramchi.deal import (
    HAND_SIZE,
    find_four_of_a_kind,
    four_of_a_kind_cards,
    four_of_a_kind_chips,
    four_of_a_kind_rank,
)
from rulesets.ramchi.narration import chips_in_words
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.records import RoundPlayed, ShownCombination
from rulesets.ramchi.rounds import explain_round, play_combinations
from rulesets.ramchi.scoring import SEATS, check_seat

__all__ = [
    "FourOfAKindWin",
    "TableProblem",
    "TableRound",
    "TableScore",
    "TableScoreError",
    "score_table",
    "table_problems",
]

Chips = tuple[int, int, int]
Path = tuple[str | int, ...]
Lineups = Sequence[Sequence[Sequence[Card]]]

_DEFAULT = RamchiOptions()

STRONGEST_FIRST = ("combinations are played strongest first: a player may never play a "
                   "combination stronger than the one they played in the previous round")
ONE_DECK = "Ramchi is played with one 52-card deck: each card is held by one player, once"
ONE_HOLDER = "each card is held by one player"
DEALT = "17 cards to each player"


class TableProblem(IllegalActionError):
    """One reason the lineups (or hands) cannot have been played: the seat, and where it is.

    ``path`` locates the fault in the input, counting from 0: ``("lineups", 1, 2)`` is seat
    1's third combination, ``("lineups", 1, 2, 0)`` its first card, ``("hands", 0, 4)`` the
    fifth card of seat 0's hand. The message starts with the seat.
    """

    def __init__(self, seat: int, path: Path, message: str, *, rule: str, code: str) -> None:
        super().__init__(f"seat {seat}: {message}", rule=rule, code=code)
        self.seat = seat
        self.path = path


class TableScoreError(IllegalActionError):
    """Lineups that cannot have been played as given; ``problems`` lists every reason."""

    code = "illegal_lineups"

    def __init__(self, problems: Sequence[TableProblem]) -> None:
        count = "1 problem" if len(problems) == 1 else f"{len(problems)} problems"
        rules = list(dict.fromkeys(p.rule for p in problems if p.rule))
        super().__init__(f"{count}: " + "; ".join(p.message for p in problems),
                         rule="; ".join(rules), code=self.code)
        self.problems = list(problems)


@dataclass(frozen=True, slots=True)
class TableRound:
    """One round as played: its number (also its chips from each payer), who led, the plays in
    play order, the winner and why in words, each seat's chips, and the seats that had run out.
    """

    number: int
    leader: int
    plays: tuple[ShownCombination, ...]
    winner: int
    why: str
    chips: Chips
    out: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FourOfAKindWin:
    """A four of a kind that won the hand outright before any round: who, which rank (its
    code: A, K, …, T, 9, … 2), the four cards, what it paid, and why in words.
    """

    seat: int
    rank: str
    cards: tuple[Card, ...]
    chips: Chips
    why: str


@dataclass(frozen=True, slots=True)
class TableScore:
    """A hand scored: its rounds (none when a four of a kind won it), each seat's chips, the
    next dealer and why, the four of a kind that won (if any) and each seat's discards (when
    the hands are given).
    """

    rounds: tuple[TableRound, ...]
    chips: Chips
    next_dealer: int
    summary: str
    four_of_a_kind: FourOfAKindWin | None
    discards: tuple[tuple[Card, ...], ...] | None


# -- the problems -------------------------------------------------------------------------------


def _located(seat: int, problem: ArrangementProblem | NotACombinationError) -> TableProblem:
    """A problem of one seat's lineup (:mod:`rulesets.ramchi.arrangement`) with its seat and path."""
    path: Path = ("lineups", seat)
    message = problem.message
    if problem.combination is not None:
        path += (problem.combination - 1,)
        if problem.card is not None:
            path += (problem.card - 1,)
        if isinstance(problem, NotACombinationError):
            shown = problem.classification
            message = (f"combination {problem.combination} ({' '.join(shown.codes)}) is not a "
                       f"combination: {shown.reason}")
    return TableProblem(seat, path, message, rule=problem.rule or "", code=problem.code)


def _combination(cards: Sequence[Card]) -> Classification | None:
    """The classification of three distinct cards that form a combination, else ``None``."""
    if len(cards) != COMBINATION_SIZE or len(set(cards)) != COMBINATION_SIZE:
        return None
    result = classify(cards)
    return result if result.is_combination else None


def not_strongest_first(seat: int, lineup: Sequence[Sequence[Card]]) -> list[TableProblem]:
    """Check the order: "a player may never play a combination stronger than the one they
    played in the previous round" (equal combinations may come in either order).

    >>> not_strongest_first(0, [parse_cards("Ah 2d 3c"), parse_cards("As 2h 3d")])
    []
    >>> [p.path for p in not_strongest_first(2, [parse_cards("4c 5d 6h"), parse_cards("As Ad Ah")])]
    [('lineups', 2, 1)]
    """
    problems = []
    before: tuple[int, Classification] | None = None  # the last combination, and its place
    for i, cards in enumerate(lineup):
        this = _combination(cards)
        if this is None:
            continue  # no combination: reported as such
        if before is not None and this.strength > before[1].strength:
            problems.append(TableProblem(
                seat, ("lineups", seat, i),
                f"combination {i + 1}, {this.name}, is stronger than combination {before[0] + 1}, "
                f"{before[1].name}, which is played before it; a lineup is played strongest first",
                rule=STRONGEST_FIRST, code="not_strongest_first"))
        before = (i, this)
    return problems


def _lineup_problems(seat: int, lineup: Sequence[Sequence[Card]], hand: Sequence[Card] | None
                     ) -> list[TableProblem]:
    """Every problem of one seat's lineup on its own (and against its hand, if given)."""
    found: list[ArrangementProblem | NotACombinationError] = [
        *too_many_combinations(lineup), *wrong_sizes(lineup), *repeated_cards(lineup),
        *non_combinations(lineup)]
    if hand is not None:
        found += cards_not_in_hand(hand, lineup, whose="their")
    return [*(_located(seat, problem) for problem in found), *not_strongest_first(seat, lineup)]


def cards_in_two_lineups(lineups: Lineups) -> list[TableProblem]:
    """Check that no two seats show the same card: "one 52-card deck".

    (A card repeated in one seat's lineup is :func:`rulesets.ramchi.arrangement.repeated_cards`'.)

    >>> [p.message for p in cards_in_two_lineups([[parse_cards("As Ad Ah")], [], [parse_cards("Ks Qs As")]])]
    ["seat 2: As in combination 1 is also in seat 0's combination 1; there is only one As in the deck"]
    """
    first: dict[Card, tuple[int, int]] = {}
    problems: list[TableProblem] = []
    for seat, lineup in enumerate(lineups):
        for i, cards in enumerate(lineup):
            for j, card in enumerate(cards):
                held = first.setdefault(card, (seat, i))
                if held[0] != seat:
                    problems.append(TableProblem(
                        seat, ("lineups", seat, i, j),
                        f"{card.code} in combination {i + 1} is also in seat {held[0]}'s "
                        f"combination {held[1] + 1}; there is only one {card.code} in the deck",
                        rule=ONE_HOLDER, code="lineups_overlap"))
    return problems


def hand_problems(hands: Sequence[Sequence[Card]]) -> list[TableProblem]:
    """Check the hands: "17 cards to each player" from one deck, so no card is held twice.

    >>> hands = [parse_cards("As Kd"), [], parse_cards("Kd")]
    >>> [p.message for p in hand_problems(hands)]  # doctest: +NORMALIZE_WHITESPACE
    ['seat 0: the hand has 2 cards; each player is dealt 17', 'seat 1: the hand has 0 cards; \
each player is dealt 17', 'seat 2: the hand has 1 card; each player is dealt 17', "seat 2: Kd \
(card 1 of the hand) is also in seat 0's hand; there is only one Kd in the deck"]
    """
    problems: list[TableProblem] = []
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            cards = "1 card" if len(hand) == 1 else f"{len(hand)} cards"
            problems.append(TableProblem(
                seat, ("hands", seat), f"the hand has {cards}; each player is dealt {HAND_SIZE}",
                rule=DEALT, code="wrong_card_count"))
    holder: dict[Card, int] = {}
    for seat, hand in enumerate(hands):
        for j, card in enumerate(hand):
            held = holder.setdefault(card, seat)
            if held != seat or hand.index(card) != j:
                whose = "the same hand" if held == seat else f"seat {held}'s hand"
                problems.append(TableProblem(
                    seat, ("hands", seat, j), f"{card.code} (card {j + 1} of the hand) is also "
                    f"in {whose}; there is only one {card.code} in the deck",
                    rule=ONE_DECK, code="duplicate_card"))
    return problems


def table_problems(lineups: Lineups, hands: Sequence[Sequence[Card]] | None = None) -> list[TableProblem]:
    """List every reason the lineups (and hands) cannot have been played (empty: they can).

    Seat by seat: at most five combinations, three cards each, no card twice, each a
    combination, (with ``hands``) each card in the seat's hand, strongest first, and no card
    in an earlier seat's lineup; then the hands themselves (17 cards each, no card twice).

    >>> table_problems([[parse_cards("As Ad Ah")], [parse_cards("Ks Qs Js")], []])
    []
    >>> [p.code for p in table_problems([[parse_cards("As Ad Ah"), parse_cards("7h 7c Kd")], [], []])]
    ['not_a_combination']
    """
    if len(lineups) != SEATS:
        raise InvalidInputError(f"give the lineups of the {SEATS} seats, got {len(lineups)}",
                                rule="Ramchi is played by three players", code="wrong_seats")
    if hands is not None and len(hands) != SEATS:
        raise InvalidInputError(f"give the hands of the {SEATS} seats, got {len(hands)}",
                                rule="Ramchi is played by three players", code="wrong_seats")
    problems: list[TableProblem] = []
    for seat, lineup in enumerate(lineups):
        problems += _lineup_problems(seat, lineup, hands[seat] if hands is not None else None)
    problems += cards_in_two_lineups(lineups)
    problems.sort(key=lambda problem: problem.seat)  # stable: each seat's in the order above
    if hands is not None:
        problems += hand_problems(hands)
    return problems


# -- the score ----------------------------------------------------------------------------------


def _four_of_a_kind(hands: Sequence[Sequence[Card]], options: RamchiOptions) -> FourOfAKindWin | None:
    """The four of a kind that wins the hand, if any.

    "After the exchange, if any player holds four of a kind, the hand is not played: the
    highest four of a kind (A high … 2 low) wins the hand outright."
    """
    found = find_four_of_a_kind(hands) if options.four_of_a_kind else None
    if found is None:
        return None
    chips = four_of_a_kind_chips(found.seat, options)
    lower = [f"seat {seat}'s four {rank.plural}" for seat, hand in enumerate(hands)
             if seat != found.seat and (rank := four_of_a_kind_rank(hand)) is not None]
    beats = f" (it beats {' and '.join(lower)})" if lower else ""
    why = (f"seat {found.seat} holds four {found.rank.plural}{beats}: the hand is not played, the "
           f"highest four of a kind wins it outright, and seat {found.seat} takes "
           f"{options.four_of_a_kind_chips} chips from each opponent and deals next")
    return FourOfAKindWin(found.seat, found.rank.char, four_of_a_kind_cards(hands[found.seat], found.rank),
                          chips, why)


def _round(played: RoundPlayed, options: RamchiOptions) -> TableRound:
    """A round of the play-out, told: why it was won, and who had run out."""
    playing = {play.seat for play in played.plays}
    return TableRound(played.number, played.leader, played.plays, played.winner,
                      explain_round(played, options), played.chips,
                      tuple(seat for seat in range(SEATS) if seat not in playing))


def score_table(
    lineups: Lineups,
    dealer: int,
    hands: Sequence[Sequence[Card]] | None = None,
    options: RamchiOptions = _DEFAULT,
) -> TableScore:
    """Score a hand played at a real table from each seat's lineup (strongest first).

    Raises :class:`TableScoreError` listing every problem of :func:`table_problems`. With
    ``hands`` (each seat's 17 cards after the exchange), each seat's discards are the cards of
    its hand in no combination, and a four of a kind wins the hand outright (no round is
    played). Otherwise the hand is played out as the referee plays it.

    >>> nothing = score_table([[], [], []], dealer=0)
    >>> nothing.rounds, nothing.chips, nothing.summary
    ((), (0, 0, 0), 'no round is played: nobody holds a combination; the deal passes to seat 1')
    >>> score_table([[parse_cards("As Ad Ah"), parse_cards("As Ks Qs")], [], []], dealer=3)
    Traceback (most recent call last):
    ...
    rulesets.errors.IllegalActionError: dealer 3 is no seat; the seats are 0, 1 and 2
    """
    check_seat(dealer, "dealer")
    problems = table_problems(lineups, hands)
    if problems:
        raise TableScoreError(problems)
    discards = None
    if hands is not None:
        used = [{card for cards in lineup for card in cards} for lineup in lineups]
        discards = tuple(tuple(card for card in hand if card not in used[seat])
                         for seat, hand in enumerate(hands))
        won = _four_of_a_kind(hands, options)
        if won is not None:
            return TableScore((), won.chips, won.seat, f"chips: {chips_in_words(won.chips)}; {won.why}",
                              won, discards)
    classified = [[classify(cards) for cards in lineup] for lineup in lineups]
    played = play_combinations(classified, dealer, options)
    rounds = tuple(_round(r, options) for r in played.rounds)
    if not rounds:
        summary = (f"no round is played: nobody holds a combination; the deal passes to seat "
                   f"{played.next_dealer}")
    else:
        summary = (f"chips: {chips_in_words(played.chips)}; seat {played.next_dealer} won the last "
                   f"round (round {rounds[-1].number}) and deals next")
    return TableScore(rounds, played.chips, played.next_dealer, summary, None, discards)
