"""The scores of a finished Continental hand, the new totals and who leads, told in words.

Spec, "Going out and scoring": "The others score the cards left in their hands ... The player
who went out scores 0, or -10 if they dropped the contract and went out in the same turn";
"After seven hands the lowest total wins; equal totals share the win." The referee scores
every hand with :func:`hand_scores` and names the winners with :func:`leaders`; a hand
played at a real table is scored by the same functions (:func:`score_hand`).

>>> from rulesets.cards import parse_cards
>>> hands = [parse_cards("Ks Jk 7d", jokers=True), (), parse_cards("2c 9h")]
>>> hand_scores(hands, went_out=1, same_turn=True)
(65, -10, 10)
>>> leaders((40, 25, 25))
(1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulesets.cards import Card
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.points import card_points, hand_points
from rulesets.continental.refusals import REFUSALS
from rulesets.errors import IllegalActionError, InvalidInputError

__all__ = ["HAND_END_RULE", "HandScore", "check_hand_end", "explain_score", "hand_scores", "leaders",
           "score_hand", "seat_score"]

HAND_END_RULE = ("a hand ends when a player goes out, with no card left (the others score the cards "
                 "in their hands), or when the stock runs out and cannot be refilled (everyone "
                 "scores); only the player who went out holds no card, and only they can have "
                 "dropped and gone out in the same turn")
"""The rule a hand's end given for scoring breaks when it cannot happen."""

_DEFAULTS = ContinentalOptions()


def hand_scores(hands: Sequence[Sequence[Card]], went_out: int | None, same_turn: bool,
                options: ContinentalOptions = _DEFAULTS) -> tuple[int, ...]:
    """Each seat's points for the hand: the cards left in hand (``options.card_values``), and
    for the seat that went out 0, or ``options.same_turn_bonus`` (-10) when it dropped the
    contract in the turn it went out. ``went_out`` is None when the stock ran out.

    >>> from rulesets.cards import parse_cards
    >>> hand_scores([parse_cards("Ah Td"), ()], went_out=1, same_turn=False)
    (30, 0)
    >>> hand_scores([parse_cards("9c"), parse_cards("9c")], None, False,
    ...             ContinentalOptions(card_values="face_value"))
    (9, 9)
    """
    scores = [seat_score(hand_points(hand, options.card_values), seat == went_out, same_turn, options)
              for seat, hand in enumerate(hands)]
    return tuple(scores)


def seat_score(points_in_hand: int, went_out: bool, same_turn: bool,
               options: ContinentalOptions = _DEFAULTS) -> int:
    """One seat's points for the hand: ``points_in_hand`` (its cards left, by
    ``options.card_values``), or for the seat that went out 0, or ``options.same_turn_bonus``
    (-10) when it dropped the contract in the turn it went out (``same_turn``).

    >>> seat_score(0, went_out=True, same_turn=True), seat_score(0, True, False), seat_score(25, False, False)
    (-10, 0, 25)
    """
    if went_out:
        return options.same_turn_bonus if same_turn else 0
    return points_in_hand


def leaders(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats sharing the lowest total (who leads; the winners once the game is over).

    >>> leaders([12, 5, 30])
    (1,)
    """
    low = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == low)


def _points_text(points: int) -> str:
    """A score as a player writes it, with a real minus sign (``−10``)."""
    return f"−{-points}" if points < 0 else str(points)


def explain_score(seat: int, hand: Sequence[Card], score: int, went_out: bool, same_turn: bool,
                  options: ContinentalOptions = _DEFAULTS) -> str:
    """One seat's score in words: each card left with its points, and the sum.

    >>> from rulesets.cards import parse_cards
    >>> explain_score(2, parse_cards("Ks Jk 7d", jokers=True), 65, False, False)
    'seat 2: K♠ 10, Jk 50, 7♦ 5 = 65'
    >>> explain_score(0, (), -10, True, True)
    'seat 0 dropped the contract and went out in the same turn: −10'
    """
    if went_out:
        how = "dropped the contract and went out in the same turn" if same_turn else "went out"
        return f"seat {seat} {how}: {_points_text(score)}"
    cards = ", ".join(f"{'Jk' if card.is_joker else card.pretty} {card_points(card, options.card_values)}"
                      for card in hand)
    return f"seat {seat}: {cards} = {_points_text(score)}"


@dataclass(frozen=True, slots=True)
class HandScore:
    """A scored hand: each seat's ``scores`` and ``explanation``, and, when the totals before it
    were given, the new ``totals`` and the ``leaders`` (the seats with the lowest total).
    """

    scores: tuple[int, ...]
    explanation: tuple[str, ...]
    totals: tuple[int, ...] | None = None
    leaders: tuple[int, ...] | None = None


def check_hand_end(hands: Sequence[Sequence[Card]], went_out: int | None, same_turn: bool,
                   totals: Sequence[int] | None = None) -> None:
    """Refuse a hand's end that names no seat or cannot happen.

    ``went_out`` must be a seat and ``totals`` hold one number per seat
    (:class:`~rulesets.errors.InvalidInputError`, naming the field); the seat that went out holds
    no card and every other seat holds one at least (a player who plays their last card goes out),
    and only a seat that went out can have dropped in the same turn
    (:class:`~rulesets.errors.IllegalActionError` ``impossible_hand_end``).

    >>> from rulesets.cards import parse_cards
    >>> try:
    ...     check_hand_end([parse_cards("Ac"), parse_cards("3d")], 1, False)
    ... except IllegalActionError as err:
    ...     print(err.code, "|", err.message)
    impossible_hand_end | seat 1 went out, so it holds no card; the hand lists 1 card for it (3♦)
    >>> try:
    ...     check_hand_end([(), (), parse_cards("Th")], 1, False)
    ... except IllegalActionError as err:
    ...     print(err.message)
    seat 0 holds no card but did not go out: a player who plays their last card goes out
    """
    seats = len(hands)
    if went_out is not None and (type(went_out) is not int or went_out not in range(seats)):
        raise InvalidInputError(f"went_out names seat {went_out}, but hands give {seats} seats "
                                f"(0 to {seats - 1})", rule=REFUSALS["no_such_seat"],
                                code="no_such_seat", field="went_out")
    if totals is not None and len(totals) != seats:
        numbers = "number" if len(totals) == 1 else "numbers"
        raise InvalidInputError(f"totals give {len(totals)} {numbers} for {seats} seats: one per seat, "
                                "in the order of hands", rule="one total per seat, seats in play order",
                                code="wrong_seat_count", field="totals")
    if went_out is not None and hands[went_out]:
        left = hands[went_out]
        shown = " ".join("Jk" if card.is_joker else card.pretty for card in left)
        raise IllegalActionError(f"seat {went_out} went out, so it holds no card; the hand lists "
                                 f"{len(left)} card{'s' if len(left) != 1 else ''} for it ({shown})",
                                 rule=HAND_END_RULE, code="impossible_hand_end")
    empty = [seat for seat, hand in enumerate(hands) if not hand and seat != went_out]
    if empty:
        raise IllegalActionError(f"seat {empty[0]} holds no card but did not go out: a player who "
                                 "plays their last card goes out", rule=HAND_END_RULE,
                                 code="impossible_hand_end")
    if went_out is None and same_turn:
        raise IllegalActionError("dropped_and_went_out_same_turn is true but nobody went out "
                                 "(went_out is null): only the player who went out can have dropped "
                                 "in the same turn", rule=HAND_END_RULE, code="impossible_hand_end")


def score_hand(hands: Sequence[Sequence[Card]], went_out: int | None, same_turn: bool,
               totals: Sequence[int] | None = None,
               options: ContinentalOptions = _DEFAULTS) -> HandScore:
    """Score a finished hand (:func:`hand_scores`), explain each seat's points, and add them to
    ``totals`` when given; a hand's end that cannot happen is refused (:func:`check_hand_end`).

    >>> from rulesets.cards import parse_cards
    >>> scored = score_hand([parse_cards("Ac 3d"), ()], 1, False, totals=(10, 40))
    >>> scored.scores, scored.totals, scored.leaders
    ((25, 0), (35, 40), (0,))
    >>> scored.explanation
    ('seat 0: A♣ 20, 3♦ 5 = 25', 'seat 1 went out: 0')
    """
    check_hand_end(hands, went_out, same_turn, totals)
    scores = hand_scores(hands, went_out, same_turn, options)
    explanation = tuple(explain_score(seat, hand, score, seat == went_out, same_turn, options)
                        for seat, (hand, score) in enumerate(zip(hands, scores, strict=True)))
    if totals is None:
        return HandScore(scores, explanation)
    new = tuple(total + score for total, score in zip(totals, scores, strict=True))
    return HandScore(scores, explanation, new, leaders(new))
