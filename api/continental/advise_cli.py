r"""The pieces of ``ramchi continental advise`` that read the table and print the expected points.

``--other-player SPEC`` tells one other player, in play order after you (repeat it for each):
its hand size, then, after colons, ``dropped`` once it has laid its contract down, ``picked=``
the cards it drew from the discard pile and still holds, ``bought=`` those it bought (cards
separated by commas), ``turns=`` the turns it has played in the hand, ``discarded=`` the cards it
threw on the pile this hand and ``passed=`` the top discards it left when it drew from the stock.

>>> other_player_arg("8:dropped:picked=Kd,7c")
OtherPlayerArg(hand_size=8, dropped=True, picked_up=('Kd', '7c'), bought=(), turns=0, discarded=(), passed=())
>>> other_player_arg("9:turns=4").turns
4
>>> other_player_arg("9:turns=4:discarded=3h,Kc:passed=Qc").discarded
('3h', 'Kc')
>>> print("\n".join(expected_lines({"objective": "expected_points", "objective_note": None,
...     "expected_points": {"samples": 8, "seed": 1, "complete": True, "alternatives": [
...         {"kind": "discard", "card": "9s", "expected_points": 7.5, "standard_error": 1.9,
...          "danger": 0.25, "verdict": "best", "why": "discard the 9♠"}]}})))
Expected points (8 samples, seed 1; lower is better):
  play       card  points ± SE      danger  verdict     why
  discard    9s      7.50 ± 1.90       25%  best        discard the 9♠
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

from api.continental.cards import parse_card_kinds
from rulesets.cards import Card
from solver.continental.expected_advice import NO_OTHERS
from solver.limits import CONTINENTAL_MAX_TURNS_TOLD

__all__ = ["OtherPlayerArg", "expected_lines", "other_player_arg", "turned_down"]


@dataclass(frozen=True, slots=True)
class OtherPlayerArg:
    """One ``--other-player``: its hand size, its drop, the cards it took from the pile (as typed)."""

    hand_size: int
    dropped: bool = False
    picked_up: tuple[str, ...] = ()
    bought: tuple[str, ...] = ()
    turns: int = 0
    discarded: tuple[str, ...] = ()
    passed: tuple[str, ...] = ()


def other_player_arg(text: str) -> OtherPlayerArg:
    """``--other-player SIZE[:dropped][:picked=CARDS][:bought=CARDS][:turns=N][:discarded=CARDS]
    [:passed=CARDS]`` (module text).
    """
    size, *parts = text.split(":")
    try:
        hand_size = int(size)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected the hand size first (8, 8:dropped, "
                                         f"8:picked=Kd,7c), got {text!r}") from None
    dropped = False
    turns = 0
    cards: dict[str, tuple[str, ...]] = {"picked": (), "bought": (), "discarded": (), "passed": ()}
    for part in parts:
        name, equals, value = part.partition("=")
        if part == "dropped":
            dropped = True
        elif equals and name == "turns":
            if not value.isdigit() or int(value) > CONTINENTAL_MAX_TURNS_TOLD:
                raise argparse.ArgumentTypeError(f"{part!r}: turns= takes a whole number of turns, 0 to "
                                                 f"{CONTINENTAL_MAX_TURNS_TOLD} (turns=4)")
            turns = int(value)
        elif equals and name in cards:
            cards[name] = tuple(card for card in value.split(",") if card)
        else:
            raise argparse.ArgumentTypeError(f"{part!r}: expected dropped, picked=CARDS, bought=CARDS, "
                                             f"discarded=CARDS, passed=CARDS (cards separated by "
                                             f"commas) or turns=N")
    return OtherPlayerArg(hand_size, dropped, cards["picked"], cards["bought"], turns, cards["discarded"],
                          cards["passed"])


def turned_down(index: int, other: OtherPlayerArg) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Other player ``index``'s (from 0) discarded and passed cards: kinds of card, not places
    (a card may come round again after a reshuffle), so each list may repeat any card
    (:func:`~api.continental.cards.parse_card_kinds`). A bad card raises
    :class:`~rulesets.errors.CardGroupError` naming the player and the list.

    >>> discarded, passed = turned_down(0, other_player_arg("8:discarded=Kc,Kc,Kc:passed=Kc"))
    >>> [card.id for card in discarded], [card.id for card in passed]
    (['Kc#1', 'Kc#1', 'Kc#1'], ['Kc#1'])
    """
    return (parse_card_kinds(other.discarded, f"other player {index + 1} discarded"),
            parse_card_kinds(other.passed, f"other player {index + 1} passed"))


NO_OTHERS_HERE = ("expected points need the other players (--other-player SIZE for each, in play "
                  "order after you); this is the distance advice")
"""The command line's words for :data:`~solver.continental.expected_advice.NO_OTHERS`."""


def expected_lines(body: dict[str, Any]) -> list[str]:
    """The objective answered and the priced alternatives as a small table (from the API's JSON)."""
    lines = []
    if body["objective_note"]:
        note = NO_OTHERS_HERE if body["objective_note"] == NO_OTHERS else body["objective_note"]
        lines.append(f"Objective {body['objective']}: {note}")
    priced = body["expected_points"]
    if priced is None:
        return lines
    cut = "" if priced["complete"] else ", cut short by the budget"
    lines.append(f"Expected points ({priced['samples']} samples, seed {priced['seed']}{cut}; "
                 f"lower is better):")
    lines.append(f"  {'play':<9}  {'card':<4}  {'points ± SE':<15}  {'danger':>6}  "
                 f"{'verdict':<10}  why")
    for option in priced["alternatives"]:
        points = ("-" if option["expected_points"] is None else
                  f"{option['expected_points']:6.2f} ± {_number(option['standard_error'])}")
        danger = "" if option["danger"] is None else f"{option['danger']:.0%}"
        lines.append(f"  {option['kind']:<9}  {option['card'] or '-':<4}  {points:<15}  "
                     f"{danger:>6}  {option['verdict'] or '-':<10}  {option['why']}")
    return lines


def _number(value: float | None) -> str:
    return "?" if value is None else f"{value:.2f}"
