"""Playing a hand's rounds from the seats' combinations, and saying who won each and why.

:func:`play_combinations` is the one play-out of a hand from classified combinations: it plays
the strengths with :func:`rulesets.ramchi.scoring.play_out` and tells each round as the log
records it (:class:`~rulesets.ramchi.records.RoundPlayed`, the combinations shown with their
names). The referee (:class:`rulesets.ramchi.game.RamchiGame`) logs its rounds, and a hand
played at a real table is scored (:mod:`rulesets.ramchi.table_score`), with it.
:func:`explain_round` says in words who won a round and why.

>>> from rulesets.cards import parse_cards
>>> from rulesets.ramchi.combinations import combination
>>> aces, sevens = combination(parse_cards("As Ad Ah")), combination(parse_cards("7s 7d 7h"))
>>> hand = play_combinations([[sevens], [aces], []], dealer=0)
>>> [(r.number, r.leader, r.winner) for r in hand.rounds], hand.chips, hand.next_dealer
([(1, 1, 1)], (-1, 2, -1), 1)
>>> explain_round(hand.rounds[0])
"seat 1 wins: Three Aces beats seat 0's Three Sevens; seat 2 has no combination left and pays"
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulesets.ramchi.combinations import Classification
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.records import RoundPlayed, ShownCombination
from rulesets.ramchi.scoring import SEATS, play_out

__all__ = ["PlayedHand", "explain_round", "play_combinations"]

Chips = tuple[int, int, int]

_DEFAULT = RamchiOptions()


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A hand played out: its rounds as the log records them, each seat's chips, the next dealer."""

    rounds: tuple[RoundPlayed, ...]
    chips: Chips
    next_dealer: int


def play_combinations(
    lineups: Sequence[Sequence[Classification]],
    dealer: int,
    options: RamchiOptions = _DEFAULT,
    hand: int = 1,
) -> PlayedHand:
    """Play a hand out from each seat's combinations in play order (strongest first).

    "Each player still holding a combination shows their strongest remaining one, in play
    order"; the rounds are scored by :func:`rulesets.ramchi.scoring.play_out`. ``hand`` is the
    hand's number in its game (recorded in each round).

    >>> play_combinations([[], [], []], dealer=2)
    PlayedHand(rounds=(), chips=(0, 0, 0), next_dealer=0)
    """
    score = play_out([[c.strength for c in lineup] for lineup in lineups], dealer, options)
    rounds = tuple(
        RoundPlayed(hand, result.number, result.leader, tuple(
            ShownCombination(play.seat, shown.cards, shown.strength, shown.name)
            for play in result.plays
            for shown in (lineups[play.seat][play.index],)
        ), result.winner, result.chips)
        for result in score.rounds
    )
    return PlayedHand(rounds, score.chips, score.next_dealer)


def _seats(seats: Sequence[int]) -> str:
    """Name seats in words: ``seat 1``, ``seats 0 and 2``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


def _named(plays: Sequence[ShownCombination]) -> str:
    """The combinations of ``plays`` with their seats: ``seat 0's Three Sevens and seat 2's …``."""
    names = [f"seat {play.seat}'s {play.name}" for play in plays]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def explain_round(played: RoundPlayed, options: RamchiOptions = _DEFAULT) -> str:
    """Say who won a round and why: what beat what, how a tie was decided, who had run out.

    "The strongest combination wins the round. Ties: the one played first wins (*variant*:
    last wins)." "If only one player still has a combination, they win that round
    automatically." Players out of combinations "still pay (*variant*: they don't pay)".

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.ramchi.combinations import combination
    >>> low, high = combination(parse_cards("Ah 2d 3c")), combination(parse_cards("As 2h 3d"))
    >>> explain_round(play_combinations([[low], [high], []], dealer=2).rounds[0])
    "seat 0 wins: Straight A-2-3 ties seat 1's Straight A-2-3, and a tie goes to the \
combination played first; seat 2 has no combination left and pays"
    >>> explain_round(play_combinations([[low], [], []], dealer=2).rounds[0])
    'seat 0 wins: the only seat still holding a combination (Straight A-2-3); seats 1 and 2 \
have no combination left and pay'
    """
    winner = next(play for play in played.plays if play.seat == played.winner)
    others = [play for play in played.plays if play.seat != played.winner]
    tied = [play for play in others if play.strength == winner.strength]
    beaten = [play for play in others if play.strength < winner.strength]
    if not others:
        why = f"the only seat still holding a combination ({winner.name})"
    else:
        parts = []
        if tied:
            order = "first" if options.tie_goes_to == "first" else "last"
            parts.append(f"{winner.name} ties {_named(tied)}, and a tie goes to the combination "
                         f"played {order}")
        if beaten:
            subject = f"{winner.name} beats" if not tied else "it beats"
            parts.append(f"{subject} {_named(beaten)}")
        why = "; ".join(parts)
    out = [seat for seat in range(SEATS) if seat not in {play.seat for play in played.plays}]
    text = f"seat {played.winner} wins: {why}"
    if out:
        has = "has" if len(out) == 1 else "have"
        pays = "pays" if len(out) == 1 else "pay"
        paying = pays if options.out_players_pay else f"{'does' if len(out) == 1 else 'do'} not pay"
        text += f"; {_seats(out)} {has} no combination left and {paying}"
    return text
