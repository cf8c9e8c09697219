"""A lineup while it is being arranged: what each round holds so far, in the rules' words.

A player fills up to five rounds of three cards one card at a time. :func:`check_rounds` says,
for every round, whether it is still being filled, which combination its three cards make
(the rules' own name: "Flush K-5-3", "Ramchi (2-3-5)"), or why they make none; in which round
the rules play each combination ("combinations are played strongest first", whatever round the
player put them in); and whether the hand holds four of a kind, so that it is not played at all.

>>> hand = parse_cards("As Ad Ah Kc Qc Jc 9s 8s 7s 5h 4d 3c Td 9d 2c 6h 2d")
>>> check = check_rounds(hand, None, False, [parse_cards("9s 8s 7s"), parse_cards("As 5h"),
...                                          parse_cards("As Ad Ah")][::2], RamchiOptions())
>>> [(r.name, r.plays_in_round) for r in check.rounds]
[('Straight flush 9-8-7', 2), ('Three Aces', 1)]
>>> check.ready, check.four_of_a_kind is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulesets.cards import Card, Rank, parse_cards  # noqa: F401  (doctests)
from rulesets.errors import IllegalActionError, InvalidInputError
from rulesets.ramchi.arrangement import (
    ArrangementProblem,
    cards_not_in_hand,
    repeated_cards,
    too_many_combinations,
)
from rulesets.ramchi.combinations import COMBINATION_SIZE, Classification, classify
from rulesets.ramchi.deal import check_hand, exchange, four_of_a_kind_cards, four_of_a_kind_rank
from rulesets.ramchi.options import RamchiOptions

__all__ = ["ArrangingCheck", "FourOfAKindHeld", "RoundCheck", "check_rounds"]


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """One round as the player has filled it so far.

    ``classification`` is ``None`` while the round holds fewer than three cards;
    ``plays_in_round`` is the round the rules play its combination in (``None``: the round is
    not a whole combination yet, or its cards are no combination).
    """

    round: int
    cards: tuple[Card, ...]
    classification: Classification | None
    plays_in_round: int | None

    @property
    def complete(self) -> bool:
        """The round holds its three cards."""
        return len(self.cards) == COMBINATION_SIZE

    @property
    def is_combination(self) -> bool:
        """The round's three cards form a combination."""
        return self.classification is not None and self.classification.is_combination

    @property
    def name(self) -> str | None:
        """The combination's name ("Flush K-5-3"), "No combination", or ``None`` while filling."""
        return None if self.classification is None else self.classification.name

    @property
    def reason(self) -> str | None:
        """Why the three cards are no combination, in words (``None`` otherwise)."""
        return None if self.classification is None else self.classification.reason


@dataclass(frozen=True, slots=True)
class FourOfAKindHeld:
    """Four cards of one rank in the hand as arranged: the hand is not played."""

    rank: Rank
    cards: tuple[Card, ...]

    @property
    def name(self) -> str:
        """In words: "Four Queens"."""
        return f"Four {self.rank.plural}"


@dataclass(frozen=True, slots=True)
class ArrangingCheck:
    """Every round checked, the hand they are arranged from, and its four of a kind (if any)."""

    hand: tuple[Card, ...]
    rounds: tuple[RoundCheck, ...]
    four_of_a_kind: FourOfAKindHeld | None

    @property
    def ready(self) -> bool:
        """Every round is empty or a whole combination: the lineup can be played as it is."""
        return all(not r.cards or r.is_combination for r in self.rounds)

    @property
    def playing_order(self) -> tuple[int, ...]:
        """The rounds holding a combination, in the order the rules play them."""
        ordered = sorted((r for r in self.rounds if r.plays_in_round is not None),
                         key=lambda r: r.plays_in_round or 0)
        return tuple(r.round for r in ordered)


def _arranged_hand(hand: Sequence[Card], up_card: Card | None, exchanged: bool,
                   options: RamchiOptions) -> tuple[Card, ...]:
    """The cards the player arranges: the dealt hand, with the up-card for the 2♦ when exchanged."""
    check_hand(hand, up_card)
    if not exchanged:
        return tuple(hand)
    if up_card is None:
        raise InvalidInputError("the exchange needs the up-card: give up_card",
                                rule="the 2♦ exchange", code="invalid_cards", field="up_card")
    if not options.exchange:
        raise InvalidInputError("the exchange option is off in this ruleset",
                                rule="the 2♦ exchange", code="invalid_cards", field="exchange")
    try:
        return exchange(hand, up_card)
    except IllegalActionError as err:  # no 2♦ in hand
        raise InvalidInputError(err.message, rule=err.rule, code="invalid_cards",
                                field="exchange") from None


def _round_problems(hand: Sequence[Card], rounds: Sequence[Sequence[Card]]) -> None:
    """Refuse rounds that can never be played: too many, over three cards, cards not held or
    used twice (the rules' own problems), pointing at the round.
    """
    too_big = [ArrangementProblem(
        f"round {i} holds {len(cards)} cards; a combination is exactly {COMBINATION_SIZE} cards",
        rule="a combination is three cards", code="wrong_card_count", combination=i)
        for i, cards in enumerate(rounds, start=1) if len(cards) > COMBINATION_SIZE]
    problems = [*too_many_combinations(rounds), *too_big, *cards_not_in_hand(hand, rounds),
                *repeated_cards(rounds)]
    if problems:
        err = problems[0]
        where = "" if err.combination is None else f"/{err.combination - 1}"
        raise InvalidInputError(err.message, rule=err.rule, code=err.code, field=f"rounds{where}")


def check_rounds(hand: Sequence[Card], up_card: Card | None, exchanged: bool,
                 rounds: Sequence[Sequence[Card]], options: RamchiOptions) -> ArrangingCheck:
    """Check rounds being filled from ``hand`` (17 cards as dealt; ``exchanged``: the 2♦ was
    swapped for ``up_card``): each round's combination or why it is none, the round the rules
    play it in, and the hand's four of a kind when the rules count one.

    >>> hand = parse_cards("Qs Qh Qd Qc 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Kh As Td")
    >>> check = check_rounds(hand, None, False, [parse_cards("As 5s Qh")], RamchiOptions())
    >>> check.four_of_a_kind.name, check.rounds[0].name, check.ready
    ('Four Queens', 'No combination', False)
    """
    mine = _arranged_hand(hand, up_card, exchanged, options)
    _round_problems(mine, rounds)
    classified = [classify(cards) if len(cards) == COMBINATION_SIZE else None for cards in rounds]
    playable = sorted((i for i, c in enumerate(classified) if c is not None and c.is_combination),
                      key=lambda i: -(classified[i].strength if classified[i] else 0))
    plays = {index: place for place, index in enumerate(playable, start=1)}
    checked = tuple(RoundCheck(i + 1, tuple(cards), classified[i], plays.get(i))
                    for i, cards in enumerate(rounds))
    rank = four_of_a_kind_rank(mine) if options.four_of_a_kind else None
    four = None if rank is None else FourOfAKindHeld(rank, four_of_a_kind_cards(mine, rank))
    return ArrangingCheck(mine, checked, four)
