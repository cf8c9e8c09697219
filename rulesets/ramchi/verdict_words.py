"""How a Ramchi verdict words its records: where one stands, its standings, why a round went so.

:data:`RAMCHI_VERDICT_WORDS` is what :func:`rulesets.ramchi.disputes.settle` words its
verdicts with: where a record stands (its hand and round, :func:`place`), the chips after the
records judged (:func:`standings`), the fields of its records in words (:data:`WORDING`, with
a round's winner told as a player says it, and why the rules give another), and the other
readings of a changed action (:func:`alternatives`: a keep for an exchange, an arrangement
as the log's rounds show it).

>>> from rulesets.cards import parse_cards
>>> from rulesets.differences import record_differences
>>> sevens = ShownCombination(2, tuple(parse_cards("7s 7d 7c")), 578, "Three Sevens")
>>> aces = ShownCombination(1, tuple(parse_cards("As Ad Ac")), 585, "Three Aces")
>>> logged = RoundPlayed(1, 1, 2, (sevens, aces), 2, (4, -2, -2))
>>> derived = RoundPlayed(1, 1, 2, (sevens, aces), 1, (-1, 2, -1))
>>> WORDING.sentence(logged, derived, record_differences(logged, derived))[:82]
'the log says seat 2 won; by the rules seat 1 won it, Three Aces beats Three Sevens'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rulesets.differences import Difference, Wording, card_words
from rulesets.log import Record
from rulesets.ramchi.records import (
    Arrange,
    Exchange,
    FourOfAKindWon,
    HandDealt,
    HandEnded,
    Keep,
    RoundPlayed,
    ShownCombination,
)
from rulesets.ramchi.scoring import SEATS
from rulesets.verdicts import VerdictWords

__all__ = ["RAMCHI_VERDICT_WORDS", "WORDING", "alternatives", "place", "standings"]


def _play_words(value: Any, wording: Wording) -> str:
    """A play of a round (or every play of one), as "seat 1: Three Aces (A♠ A♦ A♣)"."""
    if isinstance(value, ShownCombination):
        return f"seat {value.seat}: {value.name} ({' '.join(card_words(c) for c in value.cards)})"
    if isinstance(value, tuple) and all(isinstance(play, ShownCombination) for play in value):
        return "; ".join(_play_words(play, wording) for play in value) or "none"
    return wording.value("", value)


def _winner_clause(log: Any, rules: Any, difference: Difference, wording: Wording) -> str:
    return (f"the log says seat {difference.log} won; by the rules seat {difference.rules} won it")


def _dealer_clause(log: Any, rules: Any, difference: Difference, wording: Wording) -> str:
    return (f"the log says seat {difference.log} deals next; by the rules seat "
            f"{difference.rules} does")


def _why(log: Any, rules: Any, difference: Difference) -> str | None:
    """Why the rules give a round another winner (the combinations, as the round shows them),
    or other chips (what a round is worth), or an arrangement in another order.
    """
    if isinstance(rules, Arrange) and isinstance(log, Arrange):
        return _order_why(log, rules, difference)
    if not isinstance(rules, RoundPlayed) or not isinstance(log, RoundPlayed):
        return None
    if difference.field == "winner":
        plays = {play.seat: play for play in rules.plays}
        best, claimed = plays.get(rules.winner), plays.get(log.winner)
        if best is None:
            return None
        if claimed is None:
            return f"seat {log.winner} plays no combination in this round"
        if best.strength > claimed.strength:
            return f"{best.name} beats {claimed.name}"
        return f"{best.name} ties {claimed.name}, and the rules give the tie to seat {rules.winner}"
    if difference.field == "chips":
        return (f"the winner of round {rules.number} takes {rules.number} chip(s) from each "
                "other seat that pays")
    return None


ORDER = "the log holds a seat's combinations in the order the rules play them (strongest first)"


def _order_why(log: Arrange, rules: Arrange, difference: Difference) -> str | None:
    """Why an arrangement holding the rules' cards in another order differs (said once)."""
    def cards(arrange: Arrange) -> list[Any]:
        return sorted(card for combination in arrange.combinations for card in combination)

    if cards(log) != cards(rules):
        return None
    first = next((i for i, (a, b) in enumerate(zip(log.combinations, rules.combinations, strict=False))
                  if a != b), None)
    return ORDER if difference.field in ("combinations", f"combinations[{first}]") else None


WORDING = Wording(
    labels={"next_dealer": "next dealer", "chips": "chips", "totals": "game totals",
            "plays": "plays", "combinations": "combinations"},
    items={"plays": "play {n}", "deck": "card {n} of the deck", "combinations": "combination {n}",
           "cards": "card {n}"},
    signed_fields=frozenset({"chips", "totals"}),
    values={"plays": _play_words},
    kinds={"hand_dealt": "the deal", "exchange_skipped": "no exchange", "four_of_a_kind_won":
           "a four of a kind winning the hand", "round_played": "a round", "hand_ended":
           "the end of a hand", "game_ended": "the end of the game", "keep": "a keep",
           "exchange": "an exchange", "arrange": "an arrangement",
           "replace_by_bot": "a seat handed to a bot"},
    clauses={("round_played", "winner"): _winner_clause, ("hand_ended", "next_dealer"): _dealer_clause},
    why=_why,
    names={"round_played": lambda r: f"round {r.number} of hand {r.hand}",
           "hand_dealt": lambda r: f"the deal of hand {r.hand}",
           "hand_ended": lambda r: f"the end of hand {r.hand}",
           "exchange_skipped": lambda r: f"the exchange skipped in hand {r.hand}",
           "four_of_a_kind_won": lambda r: f"seat {r.seat}'s four of a kind winning hand {r.hand}",
           "game_ended": lambda r: "the end of the game"},
)
"""Ramchi's records in words."""


def place(context: Sequence[Record], record: Record | None) -> dict[str, int | None]:
    """The hand and round a record belongs to (``context``: the derived records before it).

    >>> place([HandDealt(1, 0, ())], Keep(1))
    {'hand': 1, 'round': None}
    """
    hand = getattr(record, "hand", None)
    if not isinstance(hand, int):
        hand = next((r.hand for r in reversed(context) if isinstance(r, HandDealt)), None)
    number = record.number if isinstance(record, RoundPlayed) else None
    return {"hand": hand, "round": number}


def standings(context: Sequence[Record], through: int) -> dict[str, Any]:
    """The chips after the derived records ``context`` (``through``: the last record judged).

    >>> standings([HandEnded(1, (2, -1, -1), (2, -1, -1), 1)], 4)["counts"]
    'chips won or lost by each seat in the 1 hand finished in records 0 to 4'
    """
    ended = [r for r in context if isinstance(r, HandEnded)]
    hands = len(ended)
    judged = f"in records 0 to {through}" if through >= 0 else "(no record judged)"
    return {"through_record": through, "hands_finished": hands,
            "counts": f"chips won or lost by each seat in the {hands} hand{'' if hands == 1 else 's'} "
                      f"finished {judged}",
            "chips": list(ended[-1].totals) if ended else [0] * SEATS}


def _shown_combinations(seat: int, after: Sequence[Record]) -> tuple[tuple[Any, ...], ...]:
    """The combinations ``seat`` plays in the rounds of the log after its arrangement."""
    shown = []
    for record in after:
        if isinstance(record, HandEnded | HandDealt | FourOfAKindWon):
            break
        if isinstance(record, RoundPlayed):
            shown += [play.cards for play in record.plays if play.seat == seat]
    return tuple(shown)


def alternatives(index: int, records: Sequence[Record]) -> Iterator[Record]:
    """Other readings of the action at ``index``: a keep for an exchange and the reverse, and an
    arrangement as the log's rounds after it show the seat playing.

    >>> list(alternatives(0, [Keep(1)]))
    [Exchange(seat=1)]
    """
    record = records[index]
    if isinstance(record, Keep):
        yield Exchange(record.seat)
    elif isinstance(record, Exchange):
        yield Keep(record.seat)
    elif isinstance(record, Arrange):
        shown = _shown_combinations(record.seat, records[index + 1:])
        if shown:
            yield Arrange(record.seat, shown)


RAMCHI_VERDICT_WORDS = VerdictWords(WORDING, place, standings, alternatives)
"""How Ramchi's verdicts are worded."""
