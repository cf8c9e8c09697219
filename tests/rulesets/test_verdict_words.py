"""Verdicts in words (issue 20): the differences of two records field by field, their values as a
player writes them, where a record stands, the standings, and the changed action found."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from rulesets.cards import DECK, parse_card, parse_cards
from rulesets.continental.records import DealerDrawn, Draw, HandEnded, Pass
from rulesets.continental.values import DrawSource
from rulesets.continental.verdict_words import WORDING as CONTINENTAL_WORDING
from rulesets.continental.verdict_words import place as continental_place
from rulesets.differences import KIND, RECORD, WORDS, Difference, record_differences
from rulesets.game import game_kind
from rulesets.log import first_mismatch
from rulesets.ramchi.records import HandDealt, Keep, RoundPlayed, ShownCombination
from rulesets.ramchi.verdict_words import WORDING as RAMCHI_WORDING
from rulesets.ramchi.verdict_words import place as ramchi_place
from rulesets.verdicts import where_in_words
from tests.rulesets.tampering import continental_log, ramchi_log, reprs_in, without_shown_card

SEVENS = ShownCombination(2, tuple(parse_cards("7s 7d 7c")), 578, "Three Sevens")
ACES = ShownCombination(1, tuple(parse_cards("As Ad Ac")), 585, "Three Aces")


def test_the_issues_example_reads_as_the_issue_writes_it() -> None:
    logged = RoundPlayed(1, 1, 2, (SEVENS, ACES), 2, (-1, -1, 2))
    derived = replace(logged, winner=1)
    differences = record_differences(logged, derived)
    assert differences == [Difference("winner", 2, 1)]
    where = where_in_words({"index": 5, **ramchi_place([HandDealt(1, 0, ())], derived)})
    assert f"{where}: {RAMCHI_WORDING.sentence(logged, derived, differences)}" == (
        "record 5, hand 1, round 1: the log says seat 2 won; by the rules seat 1 won it, "
        "Three Aces beats Three Sevens")
    assert RAMCHI_WORDING.as_dict(differences[0]) == {"field": "winner", "log": "seat 2", "rules": "seat 1"}


def test_a_tie_says_who_the_rules_give_it_to() -> None:
    other = replace(ACES, cards=tuple(parse_cards("Ah Ac Ad")))
    logged = RoundPlayed(1, 1, 1, (ACES, replace(other, seat=2)), 2, (-1, 2, -1))
    derived = replace(logged, winner=1)
    assert RAMCHI_WORDING.sentence(logged, derived, record_differences(logged, derived)).endswith(
        "Three Aces ties Three Aces, and the rules give the tie to seat 1")


def test_nested_fields_are_named_by_their_path() -> None:
    logged = RoundPlayed(1, 1, 2, (SEVENS, ACES), 1, (-1, 2, -1))
    derived = replace(logged, plays=(SEVENS, replace(ACES, name="Three Kings")))
    differences = record_differences(logged, derived)
    assert differences == [Difference("plays[1].name", "Three Aces", "Three Kings")]
    assert RAMCHI_WORDING.field("plays[1].name") == "the name of play 2"


def test_a_long_list_of_cards_differs_card_by_card_until_too_many_differ() -> None:
    deck = tuple(parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc"))
    swapped = (deck[1], deck[0], *deck[2:])
    found = record_differences(HandDealt(1, 0, swapped), HandDealt(1, 0, deck))
    assert [d.field for d in found] == ["deck[0]", "deck[1]"]
    assert RAMCHI_WORDING.as_dict(found[0]) == {"field": "deck[0]", "log": "3♣", "rules": "2♣"}
    assert RAMCHI_WORDING.field("deck[0]") == "card 1 of the deck"
    rotated = deck[1:] + deck[:1]
    assert [d.field for d in record_differences(HandDealt(1, 0, rotated), HandDealt(1, 0, deck))] == ["deck"]


def test_records_missing_extra_or_of_another_kind() -> None:
    assert record_differences(None, Keep(1)) == [Difference(RECORD, None, Keep(1))]
    assert record_differences(Keep(1), None) == [Difference(RECORD, Keep(1), None)]
    drawn = Draw(1, DrawSource.STOCK)
    assert record_differences(Pass(1), drawn) == [Difference(KIND, Pass(1), drawn)]
    told = CONTINENTAL_WORDING.sentence(Pass(1), drawn, record_differences(Pass(1), drawn))
    assert told == ("the log has a pass (seat 1); by the rules a draw (seat 1, pile drawn from the "
                    "stock) comes here")
    mismatch = first_mismatch([Keep(1)], [], RAMCHI_WORDING)
    assert mismatch is not None
    assert mismatch.body == "the log has a keep (seat 1); by the rules nothing comes here"
    assert first_mismatch([], [Keep(1)], RAMCHI_WORDING, cut_ok=True) is None


def test_values_are_written_as_a_player_writes_them() -> None:
    assert WORDS.value("card", parse_card("Td")) == "10♦"
    assert WORDS.value("card", parse_card("7c#2", decks=2)) == "7♣#2"
    assert WORDS.value("card", parse_card("Jk", jokers=True)) == "Joker"
    assert RAMCHI_WORDING.value("chips", (3, 0, -3)) == "seat 0: +3, seat 1: 0, seat 2: -3"
    assert CONTINENTAL_WORDING.value("totals", (0, 60)) == "seat 0: 0, seat 1: 60"
    assert WORDS.value("winners", (2,)) == "seat 2"
    assert CONTINENTAL_WORDING.value("source", "discard") == "the discard pile"
    drawn = DealerDrawn(((0, parse_card("5h")), (1, parse_card("Kd"))), 0)
    assert CONTINENTAL_WORDING.value("draws", drawn.draws) == "seat 0: 5♥, seat 1: K♦"
    assert RAMCHI_WORDING.value("plays", (ACES,)) == "seat 1: Three Aces (A♠ A♦ A♣)"
    assert WORDS.value("reason", "x" * 1000).endswith("(1000 characters)")


def test_a_continental_turn_starts_with_its_draw() -> None:
    from rulesets.continental.records import HandDealt as Dealt

    context = [Dealt(1, 0, ()), Draw(1, DrawSource.STOCK), Pass(0)]
    assert continental_place(context, Pass(0)) == {"hand": 1, "turn": 1}
    assert continental_place(context, Draw(0, DrawSource.STOCK)) == {"hand": 1, "turn": 2}
    assert continental_place([], DealerDrawn((), 0)) == {"hand": None, "turn": None}
    ended = HandEnded(1, (0, 5), (0, 5), "went_out")
    assert continental_place(context, ended) == {"hand": 1, "turn": 1}


def test_standings_name_what_they_count() -> None:
    config, log = ramchi_log(0)
    kind = game_kind("ramchi")
    ended = next(i for i, item in enumerate(log) if item["kind"] == "hand_ended")
    verdict = kind.judge(kind.config_from_dict(config), list(log[:ended + 1]))
    standings = verdict["standings_after"]
    assert standings["hands_finished"] == 1 and standings["chips"] == log[ended]["totals"]
    assert standings["counts"] == ("chips won or lost by each seat in the 1 hand finished in "
                                   f"records 0 to {ended}")
    config, log = continental_log(7, 3, 2)
    kind = game_kind("continental")
    verdict = kind.judge(kind.config_from_dict(config), list(log))
    totals = next(item for item in log if item["kind"] == "game_ended")["totals"]
    assert verdict["standings_after"]["totals"] == totals
    assert verdict["standings_after"]["hands_finished"] == 2


def test_a_changed_arrangement_is_refused_at_the_arrangement() -> None:
    """A seat's arrangement cut short (still legal) shows in the rounds: it is refused where it stands."""
    config, log = ramchi_log(2)
    kind = game_kind("ramchi")
    index = next(i for i, item in enumerate(log)
                 if item["kind"] == "arrange" and len(item["combinations"]) > 1)
    changed = log[index] | {"combinations": log[index]["combinations"][:1]}
    verdict = kind.judge(kind.config_from_dict(config), [*log[:index], changed, *log[index + 1:]])
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, index, "log_mismatch")
    assert [d["field"] for d in verdict["differences"]] == ["combinations"]
    assert "the records after it follow from that" in verdict["message"] and not reprs_in(verdict)


def test_a_pass_logged_for_a_buy_is_refused_at_the_pass() -> None:
    config, log = continental_log(7, 3, 2)
    kind = game_kind("continental")
    index = next(i for i, item in enumerate(log) if item["kind"] == "buy")
    passed = {"kind": "pass", "seat": log[index]["seat"]}
    verdict = kind.judge(kind.config_from_dict(config), [*log[:index], passed, *log[index + 1:]])
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, index, "log_mismatch")
    assert verdict["differences"][0]["field"] == "kind"
    assert verdict["where"]["turn"] is not None and verdict["where"]["hand"] == 1


def test_an_arrangement_in_another_order_says_the_rules_order() -> None:
    from rulesets.ramchi.records import Arrange

    aces, sevens = tuple(parse_cards("As Ah Ad")), tuple(parse_cards("7s 7h 7d"))
    logged, derived = Arrange(0, (sevens, aces)), Arrange(0, (aces, sevens))
    told = RAMCHI_WORDING.sentence(logged, derived, record_differences(logged, derived))
    assert told.count("in the order the rules play them (strongest first)") == 1
    assert told.startswith("the log gives combination 1 as 7♠ 7♥ 7♦; the rules give A♠ A♥ A♦")


CODE = re.compile(r"\b(?:[2-9TJQKA][cdhs]|Jk)(?:#\d)?\b|#1\b")
"""A card written as a code (``Js``, ``Qh#1``), not in a player's words (``J♠``, ``Q♥``)."""
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""An internal value (``stock_exhausted``, ``went_out``) in a sentence."""


def test_a_card_not_in_a_ramchi_hand_names_the_seat_and_the_card_in_words() -> None:
    config, log = ramchi_log(2)
    kind = game_kind("ramchi")
    index = next(i for i, item in enumerate(log) if item["kind"] == "arrange" and item["combinations"])
    seat = log[index]["seat"]
    hand = {card.code for card in _ramchi_hand(config, log, index, seat)}
    stranger = next(card.code for card in DECK if card.code not in hand)
    combination = [stranger, *log[index]["combinations"][0][1:]]
    changed = log[index] | {"combinations": [combination, *log[index]["combinations"][1:]]}
    verdict = kind.judge(kind.config_from_dict(config), [*log[:index], changed, *log[index + 1:]])
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, index, "card_not_in_hand")
    told = f"{parse_card(stranger).pretty} in combination 1 is not in seat {seat}'s hand"
    assert told in verdict["message"]
    assert "your" not in verdict["message"] and not CODE.search(verdict["message"])


def _ramchi_hand(config: dict[str, Any], log: tuple[dict[str, Any], ...], index: int, seat: int) -> list[Any]:
    kind = game_kind("ramchi")
    game = kind.new_game(kind.config_from_dict(config))
    for item in log[:index]:
        record = kind.records.from_dict(item)
        if record.is_action:
            kind.apply(game, record)
    return list(game.hands[seat])


def test_a_continental_card_not_in_hand_or_given_twice_is_said_in_words() -> None:
    config, log = continental_log(7, 3, 2)
    kind = game_kind("continental")
    index = next(i for i, item in enumerate(log) if item["kind"] == "discard")
    state = kind.new_game(kind.config_from_dict(config))
    for item in log[:index]:
        record = kind.records.from_dict(without_shown_card(item))
        if record.is_action:
            kind.apply(state, record)
    seat = log[index]["seat"]
    held = {card.code for card in state.hands[seat] if card.copy == 1}
    stranger = next(card.code for card in DECK if card.code not in held)
    changed = log[index] | {"card": stranger}
    verdict = kind.judge(kind.config_from_dict(config), [*log[:index], changed, *log[index + 1:]])
    assert (verdict["index"], verdict["code"]) == (index, "card_not_in_hand")
    assert verdict["message"].endswith(f"{parse_card(stranger).pretty} is not in seat {seat}'s hand")
    assert not CODE.search(verdict["message"])


def test_a_hand_ends_reason_is_said_in_words() -> None:
    config, log = continental_log(7, 3, 2)
    kind = game_kind("continental")
    index = next(i for i, item in enumerate(log) if item["kind"] == "hand_ended")
    other = "stock_exhausted" if log[index]["reason"] == "went_out" else "went_out"
    verdict = kind.judge(kind.config_from_dict(config), [*log[:index], log[index] | {"reason": other},
                                                         *log[index + 1:]])
    assert (verdict["index"], verdict["code"]) == (index, "log_mismatch")
    assert not INTERNAL.search(verdict["message"]), verdict["message"]
    assert not any(INTERNAL.search(d["log"] + d["rules"]) for d in verdict["differences"])
    assert "the log says the hand ended because" in verdict["message"]


def test_a_record_missing_from_the_log_is_said_missing() -> None:
    config, log = ramchi_log(2)
    kind = game_kind("ramchi")
    index = next(i for i, item in enumerate(log) if item["kind"] == "round_played")
    verdict = kind.judge(kind.config_from_dict(config), [*log[:index], *log[index + 1:]])
    assert (verdict["index"], verdict["code"]) == (index, "log_mismatch")
    hand = log[index]["hand"]
    assert verdict["message"] == (f"record {index}, hand {hand}, round 1: round 1 of hand {hand} is missing: "
                                  "the log has no record for it here")
    assert [d["field"] for d in verdict["differences"]] == ["record"]
    assert verdict["differences"][0]["log"] == "nothing"


def test_a_deck_short_of_a_card_names_the_card() -> None:
    config, log = ramchi_log(2)
    kind = game_kind("ramchi")
    deck = log[0]["deck"]
    short = [card for card in deck if card != deck[20]]
    verdict = kind.judge(kind.config_from_dict(config), [log[0] | {"deck": short}, *log[1:]])
    told = parse_card(deck[20]).pretty
    assert (verdict["index"], verdict["code"]) == (0, "log_mismatch")
    assert verdict["message"].endswith(f"the log gives the deck as 51 cards, the rules 52: {told} is missing")
    assert verdict["differences"] == [
        {"field": "deck", "log": f"51 cards, without {told}", "rules": "52 cards"}]


def test_a_combinations_cards_in_another_order_are_the_same_combination() -> None:
    """A combination is its cards: a log listing them in another order than the rules write them
    is no departure from the rules."""
    config, log = ramchi_log(2)
    kind = game_kind("ramchi")
    index = next(i for i, item in enumerate(log) if item["kind"] == "arrange" and item["combinations"])
    combinations = [combination[::-1] for combination in log[index]["combinations"]]
    verdict = kind.judge(kind.config_from_dict(config),
                         [*log[:index], log[index] | {"combinations": combinations}, *log[index + 1:]])
    assert verdict["legal"] is True and verdict["finished"] is True


def test_a_buy_logged_as_a_pass_says_what_the_records_after_it_show() -> None:
    config, log = continental_log(7, 3, 2)
    kind = game_kind("continental")
    index = next(i for i, item in enumerate(log) if item["kind"] == "buy")
    seat = log[index]["seat"]
    verdict = kind.judge(kind.config_from_dict(config),
                         [*log[:index], {"kind": "pass", "seat": seat}, *log[index + 1:]])
    assert verdict["index"] == index
    assert f"the log says seat {seat} passed; by the rules the records after it show seat {seat} bought " \
        "the discard" in verdict["message"]
    passed = next(i for i, item in enumerate(log) if item["kind"] == "pass")
    seat = log[passed]["seat"]
    verdict = kind.judge(kind.config_from_dict(config),
                         [*log[:passed], {"kind": "buy", "seat": seat}, *log[passed + 1:]])
    if not verdict["legal"] and verdict["index"] == passed:
        assert verdict["message"].startswith(f"record {passed}")
        assert "a pass comes here" not in verdict["message"]


def test_a_deleted_draw_says_the_player_must_draw_first() -> None:
    config, log = continental_log(7, 3, 2)
    kind = game_kind("continental")
    index = next(i for i, item in enumerate(log) if item["kind"] == "draw" and item["source"] == "stock"
                 and log[i + 1]["kind"] == "pass")
    verdict = kind.judge(kind.config_from_dict(config), [*log[:index], *log[index + 1:]])
    assert (verdict["legal"], verdict["index"]) == (False, index)
    assert f"seat {log[index]['seat']} must draw first" in verdict["message"]
