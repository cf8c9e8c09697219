"""A lineup while it is arranged (rulesets.ramchi.arranging): each round in the rules' words."""

from __future__ import annotations

import pytest

from rulesets.cards import parse_cards
from rulesets.errors import InvalidInputError
from rulesets.ramchi.arranging import check_rounds
from rulesets.ramchi.options import RamchiOptions

HAND = parse_cards("As Ad Ah Kc Qc Jc 9s 8s 7s 5h 4d 3c Td 9d 2c 6h 2d")


def test_rounds_are_named_and_played_strongest_first() -> None:
    rounds = [parse_cards(text) for text in ("2c 3c 5h", "9s 8s", "As Ad Ah", "Kc Qc 7s")]
    check = check_rounds(HAND, None, False, rounds, RamchiOptions())
    assert [r.name for r in check.rounds] == ["Ramchi (2-3-5)", None, "Three Aces", "No combination"]
    assert [r.plays_in_round for r in check.rounds] == [2, None, 1, None]
    assert check.playing_order == (3, 1)
    assert not check.ready and "neither a straight nor a flush" in (check.rounds[3].reason or "")


def test_the_exchange_and_the_four_of_a_kind_follow_the_rules() -> None:
    fours = parse_cards("Qs Qh Qd Qc 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Kh As 2d")
    assert check_rounds(fours, None, False, [], RamchiOptions()).four_of_a_kind is not None
    off = RamchiOptions(four_of_a_kind=False)
    assert check_rounds(fours, None, False, [], off).four_of_a_kind is None
    # The up-card can complete a four of a kind: the check comes after the exchange.
    three = parse_cards("Qs Qh Qd Tc 2s 3s 5s 7c 8d 9h 4c 4d 6h Jc Kh As 2d")
    assert check_rounds(three, parse_cards("Qc")[0], False, [], RamchiOptions()).four_of_a_kind is None
    swapped = check_rounds(three, parse_cards("Qc")[0], True, [], RamchiOptions())
    assert swapped.four_of_a_kind is not None and swapped.four_of_a_kind.name == "Four Queens"
    with pytest.raises(InvalidInputError):
        check_rounds(HAND, None, True, [], RamchiOptions())
