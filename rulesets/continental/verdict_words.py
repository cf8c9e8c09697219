"""How a Continental verdict words its records: where one stands, the points so far, the piles.

:func:`verdict_words` gives what :func:`rulesets.continental.disputes.settle` words its
verdicts with, for a number of players: where a record stands (its hand and turn,
:func:`place`), the points after the records judged (:func:`standings`), the fields of its
records in words (:data:`WORDING`: the piles by name, a dealer draw as "seat 0: 5♥") and the
other reading of a changed action (:func:`alternatives`: a buy for a pass and the reverse; a
draw's other pile is tried as every choice field is, :func:`rulesets.verdicts.field_alternatives`).

>>> from rulesets.differences import record_differences
>>> WORDING.sentence(Draw(1, DrawSource.DISCARD), Draw(1, DrawSource.STOCK),
...                  record_differences(Draw(1, DrawSource.DISCARD), Draw(1, DrawSource.STOCK)))
'the log says seat 1 drew from the discard pile; by the rules from the stock'
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any

from rulesets.continental.records import (
    HAND_END_REASONS,
    Buy,
    DealerDrawn,
    Draw,
    GameEnded,
    HandDealt,
    HandEnded,
    Pass,
)
from rulesets.continental.values import DrawSource
from rulesets.differences import Clause, Difference, Wording, card_words
from rulesets.log import Record
from rulesets.verdicts import VerdictWords

__all__ = ["WORDING", "alternatives", "place", "standings", "verdict_words"]

PILES = {DrawSource.STOCK.value: "the stock", DrawSource.DISCARD.value: "the discard pile"}


def _source_words(value: Any, wording: Wording) -> str:
    return PILES.get(str(value.value if isinstance(value, DrawSource) else value), str(value))


def _draws_words(value: Any, wording: Wording) -> str:
    """The draws for the first dealer (or one of them), as "seat 0: 5♥"."""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):
        return f"seat {value[0]}: {card_words(value[1])}"
    if isinstance(value, tuple):
        return ", ".join(_draws_words(draw, wording) for draw in value) or "none"
    return str(value)


def _source_clause(log: Any, rules: Any, difference: Difference, wording: Wording) -> str:
    seat = getattr(log, "seat", None)
    return (f"the log says seat {seat} drew from {_source_words(difference.log, wording)}; "
            f"by the rules from {_source_words(difference.rules, wording)}")


def _played_clause(verb: str) -> Clause:
    """The sentence for the card of a discard or a lay-off: "the log says seat 0 discarded Q♥"."""
    def clause(log: Any, rules: Any, difference: Difference, wording: Wording) -> str:
        seat = getattr(log, "seat", None)
        return (f"the log says seat {seat} {verb} {wording.value('card', difference.log)}; by the "
                f"rules it {verb} {wording.value('card', difference.rules)}")
    return clause


def _reason_words(value: Any, wording: Wording) -> str:
    """Why a hand ended, in words ("the stock ran out")."""
    return HAND_END_REASONS.get(str(value), str(value))


def _reason_clause(log: Any, rules: Any, difference: Difference, wording: Wording) -> str:
    return (f"the log says the hand ended because {_reason_words(difference.log, wording)}; by the "
            f"rules it ended because {_reason_words(difference.rules, wording)}")


def _answer_clause(log: Any, rules: Any, difference: Difference, wording: Wording) -> str:
    """A buy logged for a pass or the reverse: what the log says, and what the records after it
    show (a card bought follows a buy).
    """
    seat = getattr(log, "seat", None)
    said = "bought the discard" if isinstance(log, Buy) else "passed"
    shown = "bought the discard (a card bought comes after it)" if isinstance(rules, Buy) else \
        "passed (no card bought comes after it)"
    return f"the log says seat {seat} {said}; by the rules the records after it show seat {seat} {shown}"


def _went_out_clause(log: Any, rules: Any, difference: Difference, wording: Wording) -> str:
    return f"the log says seat {difference.log} went out; by the rules seat {difference.rules} did"


def _winners_clause(log: Any, rules: Any, difference: Difference, wording: Wording) -> str:
    return (f"the log says {wording.value('winners', difference.log)} won the game; by the rules "
            f"{wording.value('winners', difference.rules)}")


def _why(log: Any, rules: Any, difference: Difference) -> str | None:
    """Why a hand's scores or a game's winners are what the rules give."""
    if isinstance(rules, HandEnded) and difference.field in ("scores", "totals"):
        return "each seat scores the points of the cards left in its hand (the seat that went out 0)"
    if isinstance(rules, GameEnded) and difference.field == "winners":
        return "the lowest total wins"
    return None


WORDING = Wording(
    labels={"same_turn": "going out in the turn it dropped", "to_end": "end it joins",
            "to": "run it joins", "penalty": "penalty card", "source": "pile drawn from",
            "stock": "new stock", "draws": "draws for the first dealer"},
    items={"deck": "card {n} of the deck", "stock": "card {n} of the new stock", "melds": "meld {n}",
           "draws": "draw {n}"},
    values={"source": _source_words, "draws": _draws_words, "reason": _reason_words},
    kinds={"dealer_drawn": "the draw for the first dealer", "hand_dealt": "the deal",
           "card_bought": "a card bought", "stock_reshuffled": "a reshuffle of the discard pile",
           "went_out": "a seat going out", "hand_ended": "the end of a hand",
           "game_ended": "the end of the game", "draw": "a draw", "buy": "a buy", "pass": "a pass",
           "drop": "a drop", "lay_off": "a lay-off", "swap_joker": "a joker swap",
           "move_joker": "a joker move", "discard": "a discard",
           "replace_by_bot": "a seat handed to a bot"},
    clauses={("draw", "source"): _source_clause, ("went_out", "seat"): _went_out_clause,
             ("discard", "card"): _played_clause("discarded"),
             ("buy", "kind"): _answer_clause, ("pass", "kind"): _answer_clause,
             ("hand_ended", "reason"): _reason_clause,
             ("lay_off", "card"): _played_clause("laid off"),
             ("game_ended", "winners"): _winners_clause},
    why=_why,
    names={"hand_dealt": lambda r: f"the deal of hand {r.hand}",
           "hand_ended": lambda r: f"the end of hand {r.hand}",
           "card_bought": lambda r: f"seat {r.seat}'s buy of {card_words(r.card)}",
           "went_out": lambda r: f"seat {r.seat} going out",
           "stock_reshuffled": lambda r: f"reshuffle {r.number} of hand {r.hand}",
           "game_ended": lambda r: "the end of the game"},
)
"""Continental's records in words."""


def place(context: Sequence[Record], record: Record | None) -> dict[str, int | None]:
    """The hand and turn a record belongs to (``context``: the derived records before it); a
    turn starts with its draw, and counts from 1 in each hand.

    >>> place([HandDealt(1, 0, ()), Draw(1, DrawSource.STOCK)], Pass(0))
    {'hand': 1, 'turn': 1}
    >>> place([HandDealt(1, 0, ()), Draw(1, DrawSource.STOCK)], Draw(0, DrawSource.STOCK))
    {'hand': 1, 'turn': 2}
    """
    draws, hand = 0, None
    for earlier in reversed(context):
        if isinstance(earlier, HandDealt):
            hand = earlier.hand
            break
        draws += isinstance(earlier, Draw)
    own = getattr(record, "hand", None)
    if isinstance(record, HandDealt | DealerDrawn) or (isinstance(own, int) and own != hand):
        return {"hand": own if isinstance(own, int) else None, "turn": None}
    turn = draws + isinstance(record, Draw)
    return {"hand": hand, "turn": turn or None}


def standings(players: int, context: Sequence[Record], through: int) -> dict[str, Any]:
    """The points after the derived records ``context`` (``through``: the last record judged).

    >>> standings(2, [], -1)["counts"]
    'points (the lowest total wins) of each seat in the 0 hands finished (no record judged)'
    """
    ended = [r for r in context if isinstance(r, HandEnded)]
    hands = len(ended)
    judged = f"in records 0 to {through}" if through >= 0 else "(no record judged)"
    return {"through_record": through, "hands_finished": hands,
            "counts": f"points (the lowest total wins) of each seat in the {hands} "
                      f"hand{'' if hands == 1 else 's'} finished {judged}",
            "totals": list(ended[-1].totals) if ended else [0] * players,
            "scores": [list(r.scores) for r in ended]}


def alternatives(index: int, records: Sequence[Record]) -> Iterator[Record]:
    """Other readings of the action at ``index``: a buy for a pass, and the reverse.

    >>> list(alternatives(0, [Pass(2)]))
    [Buy(seat=2)]
    """
    record = records[index]
    if isinstance(record, Pass):
        yield Buy(record.seat)
    elif isinstance(record, Buy):
        yield Pass(record.seat)


@functools.cache
def verdict_words(players: int) -> VerdictWords:
    """How Continental's verdicts are worded, for a game of ``players`` players."""
    return VerdictWords(WORDING, place, functools.partial(standings, players), alternatives)
