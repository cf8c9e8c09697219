"""Nothing a client sends crashes the rules: each finding of the outside review, refused precisely.

Inputs reach the rules through ``POST /v1/disputes`` (:func:`settle`) and game creation
(:meth:`GameConfig.from_dict`); every bad one must raise a documented
:class:`~rulesets.errors.RulesError` naming the field and what is wrong.
"""

from __future__ import annotations

import itertools
import json
import random
import time
from typing import Any

import pytest

from rulesets import cards as cards_module
from rulesets.cards import DECK, MAX_CARDS, parse_card, parse_cards
from rulesets.errors import (
    CardCountError,
    CardParseError,
    RulesError,
    RulesetError,
    UnknownRulesetError,
    echo,
)
from rulesets.log import LogError, LogMismatchError, check_same_log, record_to_dict
from rulesets.ramchi import config as config_module
from rulesets.ramchi.combinations import classify
from rulesets.ramchi.config import MAX_SEED, ConfigError, GameConfig
from rulesets.ramchi.disputes import max_log_length, settle
from rulesets.ramchi.game import RamchiGame
from rulesets.ramchi.records import RAMCHI_RECORDS, Keep, action_from_dict
from rulesets.ruleset import load_ruleset
from rulesets.seating import ReplaceByBot

CODES = [card.code for card in DECK]
GOOD = {"hands": 1, "seed": 5, "dealer": 0}


def refusal(config: Any, log: Any = ()) -> RulesError:
    """The error ``settle`` raises for ``config`` and ``log`` (a documented one, readable)."""
    with pytest.raises(RulesError) as info:
        settle(config, list(log) if isinstance(log, tuple) else log)
    info.value.message.encode("utf-8")  # always printable, never a UnicodeEncodeError later
    return info.value


def verdict_for(item: Any) -> dict[str, Any]:
    """The dispute verdict on a one-item log (a refused item is a verdict, not a crash)."""
    verdict = settle(GOOD, [item])
    json.dumps(verdict)
    verdict["message"].encode("utf-8")
    return verdict


# -- 1. malformed log records ---------------------------------------------------------------------


def test_log_entry_with_list_kind_is_refused_as_invalid_log() -> None:
    verdict = verdict_for({"kind": ["keep"], "seat": 1})
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, 0, "invalid_log")
    assert verdict["message"] == ("record 0: 'kind' must be text naming the record, e.g. \"keep\"; "
                                  "got a list of 1 item")
    with pytest.raises(LogError, match="'kind' must be text"):
        RAMCHI_RECORDS.from_dict({"kind": ["keep"], "seat": 1})


@pytest.mark.parametrize("kind", [{"a": 1}, {}, 5, 1.5, True, None, [[]]])
def test_log_entry_with_dict_or_non_text_kind_is_refused_as_invalid_log(kind: Any) -> None:
    verdict = verdict_for({"kind": kind, "seat": 1})
    assert verdict["code"] == "invalid_log" and "'kind' must be text" in verdict["message"]


def test_log_entry_without_kind_is_refused() -> None:
    assert "missing field(s) kind" in verdict_for({"seat": 1})["message"]


@pytest.mark.parametrize(("item", "text"), [
    (5, "record 0: expected an object, got the number 5"),
    ([["keep"]], "record 0: expected an object, got a list of 1 item"),
    ({"kind": "keep", "seat": 1.0}, "record 0.seat: expected a whole number, got the number 1.0"),
    ({"kind": "keep", "seat": True}, "record 0.seat: expected a whole number, got true"),
    ({"kind": "keep", "seat": "1"}, "record 0.seat: expected a whole number, got the text \"1\""),
    ({"kind": "arrange", "seat": 0, "combinations": None},
     "record 0.combinations: expected a list, got null"),
    ({"kind": "arrange", "seat": 0, "combinations": 5}, "record 0.combinations: expected a list"),
    ({"kind": "arrange", "seat": 0, "combinations": [5]}, "record 0.combinations[0]: expected a list"),
    ({"kind": "arrange", "seat": 0, "combinations": [[["As"]]]},
     "record 0.combinations[0][0]: expected a card code"),
    ({"kind": "round_played", "hand": 1, "number": 1, "leader": 0, "plays": [5], "winner": 0,
      "chips": [0, 0, 0]}, "record 0.plays[0]: expected an object, got the number 5"),
    ({"kind": "hand_ended", "hand": 1, "chips": [0, 0], "totals": [0, 0, 0], "next_dealer": 0},
     "record 0.chips: expected 3 items, got 2"),
    ({"kind": "keep", "seat": 1, 5: "x", "y" * 100: 1}, "record 0: unknown field(s) "),
])
def test_malformed_record_shapes_are_refused_as_invalid_log(item: Any, text: str) -> None:
    verdict = verdict_for(item)
    assert verdict["code"] == "invalid_log"
    assert verdict["message"].startswith(text), verdict["message"]


@pytest.mark.parametrize("seat", [2**63, -(2**63), 10**5000], ids=["2**63", "-2**63", "10**5000"])
def test_huge_numbers_in_a_log_are_refused_not_printed(seat: int) -> None:
    verdict = verdict_for({"kind": "keep", "seat": seat})
    assert verdict["code"] == "invalid_log" and "out of range" in verdict["message"]
    assert len(verdict["message"]) < 200
    json.dumps(verdict)  # the echoed action is cut short too: a 5000-digit int cannot be sent


def test_ramchi_log_cards_are_those_of_one_deck() -> None:
    for card, reason in [("Jk", "no jokers"), ("As#2", "copy #2 does not exist")]:
        with pytest.raises(LogError, match=reason):
            action_from_dict({"kind": "arrange", "seat": 0, "combinations": [[card, "Ad", "Ah"]]})


def test_overlong_lists_and_texts_in_a_record_are_refused_before_reading() -> None:
    with pytest.raises(LogError, match="a list of 100000 items is too long"):
        action_from_dict({"kind": "arrange", "seat": 0, "combinations": [["Xx"]] * 100_000})
    with pytest.raises(LogError, match="text of 100000 characters is too long"):
        RAMCHI_RECORDS.from_dict({"kind": "exchange_skipped", "hand": 1, "reason": "r" * 100_000})


# -- 2. the dispute configuration -----------------------------------------------------------------


@pytest.mark.parametrize("config", [None, 5, "hands=1", [GOOD], True])
def test_dispute_config_that_is_not_an_object_is_refused(config: Any) -> None:
    error = refusal(config)
    assert isinstance(error, ConfigError) and error.code == "invalid_game_config"
    assert error.message.startswith("the configuration must be an object")


@pytest.mark.parametrize("options", ["tie_goes_to=last", 5, [["tie_goes_to", "last"]], None, True])
def test_dispute_options_that_are_not_an_object_are_refused(options: Any) -> None:
    error = refusal(GOOD | {"options": options})
    assert isinstance(error, ConfigError)
    assert error.message.startswith("options must be an object of option names and values")


@pytest.mark.parametrize(("options", "text"), [
    ({"tie_goes_to": 1}, "option 'tie_goes_to' must be text; got 1"),
    ({"four_of_a_kind_chips": "4"}, "option 'four_of_a_kind_chips' must be a whole number; got '4'"),
    ({"four_of_a_kind_chips": True}, "must be a whole number; got True"),
    ({"four_of_a_kind_chips": 10**5000}, "must be at most 1000; got a number of 5001 digits"),
    ({"exchange": "yes"}, "option 'exchange' must be true or false; got 'yes'"),
    ({"exchange": None}, "option 'exchange' must be true or false; got None"),
    ({"shoes": 2}, "unknown option 'shoes'"),
])
def test_option_values_of_the_wrong_type_are_refused(options: dict[str, Any], text: str) -> None:
    error = refusal(GOOD | {"options": options})
    assert isinstance(error, RulesetError) and error.code == "invalid_ruleset"
    assert text in error.message


@pytest.mark.parametrize(("field", "text"), [
    ({"deck": 5}, "deck of hand 1: a deck is a list of 52 card codes"),
    ({"deck": "As"}, "deck of hand 1: a deck is a list of 52 card codes such as [\"As\", \"Kd\", …]; "
                     "got 'As'"),
    ({"deck": {"As": 1}}, "deck of hand 1: a deck is a list of 52 card codes"),
    ({"decks": 5}, "decks must be a list of decks, one per hand"),
    ({"decks": "As Kd"}, "decks must be a list of decks, one per hand"),
    ({"decks": [None]}, "deck of hand 1: a deck is a list of 52 card codes"),
    ({"decks": [5]}, "deck of hand 1: a deck is a list of 52 card codes"),
    ({"decks": [[5] * 52]}, "deck of hand 1: card 1 5: a card must be given as text"),
    ({"deck": [*CODES[:51], "Jk"]}, "deck of hand 1: card 52 'Jk': there are no jokers"),
    ({"deck": [*CODES[:51], "Ks"]}, "deck of hand 1: card 52 'Ks' repeats card 48"),
])
def test_decks_of_the_wrong_shape_are_refused(field: dict[str, Any], text: str) -> None:
    error = refusal(GOOD | field)
    assert isinstance(error, ConfigError)
    assert text in error.message, error.message


def test_deck_and_decks_together_are_refused() -> None:
    for config in [GOOD | {"deck": CODES, "decks": [CODES]}, GOOD | {"deck": CODES, "decks": []}]:
        error = refusal(config)
        assert isinstance(error, ConfigError)
        assert "give deck (hand 1's deck) or decks (one per hand), not both" in error.problems
    with pytest.raises(ConfigError, match="not both"):
        GameConfig.create(seed=1, deck=DECK, decks=[DECK])
    # null stands for "not given", as at game creation
    assert settle(GOOD | {"deck": CODES, "decks": None}, [])["legal"] is True


@pytest.mark.parametrize(("field", "text"), [
    ({"hands": "2"}, "hands must be 1 to 1000, got '2'"),
    ({"hands": True}, "hands must be 1 to 1000, got True"),
    ({"hands": None}, "hands must be 1 to 1000, got None"),
    ({"hands": 1001}, "hands must be 1 to 1000, got 1001"),
    ({"hands": 2.0}, "hands must be 1 to 1000, got 2.0"),
    ({"seed": -1}, "seed must be a whole number from 0 to 2**63-1, got -1"),
    ({"seed": 2**63}, "seed must be a whole number from 0 to 2**63-1, got 9223372036854775808"),
    ({"seed": 10**5000}, "seed must be a whole number from 0 to 2**63-1, got a number of 5001 digits"),
    ({"seed": "5"}, "seed must be a whole number from 0 to 2**63-1, got '5'"),
    ({"seed": False}, "seed must be a whole number from 0 to 2**63-1, got False"),
    ({"dealer": 7}, "dealer must be a seat 0-2, got 7"),
    ({"dealer": True}, "dealer must be a seat 0-2, got True"),
    ({"ruleset": 5}, "ruleset must be text naming a ruleset, e.g. \"ramchi\"; got 5"),
    ({"ruleset": None}, "ruleset must be text naming a ruleset, e.g. \"ramchi\"; got None"),
    ({"ruleset": "continental"}, "ruleset 'continental' is for continental, not ramchi"),
    ({"colour": "red"}, "unknown field(s) colour (known: hands, dealer, seed, deck, decks, ruleset, "
                        "options)"),
])
def test_numbers_ruleset_and_unknown_fields_are_checked(field: dict[str, Any], text: str) -> None:
    error = refusal(GOOD | field)
    assert isinstance(error, ConfigError)
    assert text in error.problems, error.problems


def test_every_config_problem_is_listed_at_once() -> None:
    error = refusal({"hands": 0, "dealer": 9, "seed": -1, "deck": "As", "ruleset": 5, "options": [],
                     "colour": 1})
    assert isinstance(error, ConfigError)
    assert [p.split(" ")[0] for p in error.problems] == [
        "unknown", "hands", "dealer", "seed", "deck", "options", "ruleset"]


def test_option_problems_join_the_other_problems() -> None:
    error = refusal(GOOD | {"hands": 0, "options": {"tie_goes_to": "middle"}})
    assert isinstance(error, ConfigError) and len(error.problems) == 2
    assert "tie_goes_to" in error.problems[1]


# What game creation (POST /v1/games) accepts: seed 0..2**63-1 or null, dealer 0..2 or null,
# hands 1..1000 (never null, never a boolean), deck/decks or null, a ruleset name, an options
# object, and no other field. The rules must accept exactly the same from a dispute.
CREATION_ACCEPTS: list[tuple[dict[str, Any], bool]] = [
    ({"seed": 0}, True), ({"seed": MAX_SEED}, True), ({"seed": None}, True),
    ({"seed": -1}, False), ({"seed": 2**63}, False), ({"seed": 1.0}, False), ({"seed": "1"}, False),
    ({"dealer": 0}, True), ({"dealer": 2}, True), ({"dealer": None}, True),
    ({"dealer": -1}, False), ({"dealer": 3}, False), ({"dealer": False}, False),
    ({"hands": 1}, True), ({"hands": 1000}, True), ({"hands": 0}, False), ({"hands": 1001}, False),
    ({"hands": None}, False), ({"hands": True}, False), ({"hands": "2"}, False),
    ({"deck": None}, True), ({"decks": None}, True), ({"decks": []}, True), ({"deck": CODES}, True),
    ({"decks": [CODES, CODES[::-1]], "hands": 2}, True), ({"deck": CODES, "decks": [CODES]}, False),
    ({"options": {}}, True), ({"options": {"tie_goes_to": "last"}}, True),
    ({"options": None}, False), ({"options": []}, False), ({"options": {"tie_goes_to": 1}}, False),
    ({"ruleset": "ramchi"}, True), ({"ruleset": None}, False), ({"ruleset": 5}, False),
    ({"colour": 1}, False), ({"players": ["A", "B", "C"]}, False),
    ({"seed": 7, "dealer": 1, "hands": 3, "ruleset": "ramchi"}, True),
]


@pytest.mark.parametrize(("config", "accepted"), CREATION_ACCEPTS)
def test_disputes_accept_what_game_creation_accepts(config: dict[str, Any], accepted: bool) -> None:
    # A dispute also needs a fixed deal (test_a_dispute_needs_a_fixed_deal): a seed stands in for
    # one the configuration leaves to chance.
    fixed = config | {"seed": 3} if config.get("seed") is None else config
    for read in (GameConfig.from_dict, lambda c: settle(fixed, [])):
        try:
            read(config)
        except RulesError as err:
            assert not accepted, err.message
        else:
            assert accepted, f"{config} was accepted"


def test_seed_out_of_range_and_unknown_fields_are_refused_by_name() -> None:
    with pytest.raises(ConfigError, match="seed must be a whole number from 0 to 2\\*\\*63-1, got -1"):
        GameConfig.from_dict({"seed": -1})
    with pytest.raises(ConfigError, match="unknown field\\(s\\) players"):
        settle({"seed": 1, "players": ["A", "B", "C"]}, [])


def test_game_config_problems_hold_for_configs_made_in_code() -> None:
    with pytest.raises(ConfigError, match="seed must be a whole number"):
        GameConfig.create(seed=-5)
    config = GameConfig(hands=1, dealer=0, seed=1, decks=((1, 2),))  # type: ignore[arg-type]
    assert config.problems() == ["deck of hand 1: every card must be a Card"]


# -- 3. count before reading ----------------------------------------------------------------------


def test_decks_are_counted_before_cards_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_reading(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a card was read before the decks were counted")

    monkeypatch.setattr(config_module, "parse_cards", no_reading)
    monkeypatch.setattr(cards_module, "parse_card", no_reading)
    many = [CODES] * 60_000
    started = time.perf_counter()
    error = refusal(GOOD | {"hands": 2, "decks": many})
    assert time.perf_counter() - started < 2.0
    assert error.problems == ["60000 decks given for 2 hand(s); give at most one deck per hand"]
    error = refusal(GOOD | {"hands": "x", "decks": many})  # no usable hands: the limit is 1000
    assert "60000 decks given for 'x' hand(s)" in error.message
    error = refusal(GOOD | {"hands": 1, "decks": [CODES, CODES]})
    assert error.problems == ["2 decks given for 1 hand(s); give at most one deck per hand"]


def test_a_deck_is_counted_before_its_cards_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_reading(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a card was read before the deck was counted")

    monkeypatch.setattr(cards_module, "parse_card", no_reading)
    error = refusal(GOOD | {"deck": ["Xx"] * 3_000_000})
    assert error.message == "deck of hand 1: the deck: expected 52 cards, got 3000000"
    with pytest.raises(CardCountError, match=f"expected at most {MAX_CARDS} cards, got 3000000"):
        parse_cards(["Xx"] * 3_000_000)


def test_an_absurdly_long_log_is_refused_before_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_reading(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a record was read before the log was counted")

    monkeypatch.setattr(RAMCHI_RECORDS, "from_dict", no_reading)
    error = refusal(GOOD, [{"kind": ["x"]}] * 1_000_000)
    assert isinstance(error, LogError)
    assert error.message == "log: 1000000 records given; a game of 1 hand(s) has at most 15"
    with pytest.raises(LogError, match="at most 3 can be read"):
        RAMCHI_RECORDS.log_from_dicts([{}] * 4, limit=3)


@pytest.mark.parametrize("log", [None, 5, "keep", {"kind": "keep", "seat": 1}])
def test_a_log_that_is_not_a_list_is_refused(log: Any) -> None:
    error = refusal(GOOD, log)
    assert isinstance(error, LogError)
    assert error.message.startswith("log: expected a list of records")


def greedy_lineup(hand: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Up to five disjoint combinations from ``hand`` (the first found), for long logs."""
    lineup: list[tuple[Any, ...]] = []
    used: set[Any] = set()
    for trio in itertools.combinations(hand, 3):
        if len(lineup) < 5 and not used & set(trio) and classify(trio).category is not None:
            lineup.append(trio)
            used |= set(trio)
    return lineup


def test_a_finished_game_fits_the_log_limit() -> None:
    rng = random.Random(4)
    longest = 0
    for seed in range(20):
        game = RamchiGame(GameConfig.create(hands=2, seed=seed))
        for seat in range(3):  # every seat handed to a bot once, as the log may also hold
            game.apply(ReplaceByBot(seat=0, player=seat, bot="greedy"))
        while not game.is_over:
            seat = rng.choice(game.awaited())
            if game.phase.value == "exchange":
                game.do_keep(seat)
            else:
                game.do_arrange(seat, greedy_lineup(game.hands[seat]))
        assert len(game.log) <= max_log_length(2)
        assert settle(game.config.to_dict(), [record_to_dict(r) for r in game.log])["legal"] is True
        longest = max(longest, len(game.log))
    assert longest == max_log_length(2)  # the limit is reached: it is exact, not a guess


# -- 4. long client strings are echoed cut short --------------------------------------------------


def test_huge_bad_card_is_not_echoed_in_full() -> None:
    token = "Q" * 1_000_000
    for attempt in (lambda: parse_card(token, 1), lambda: parse_cards(["As", token])):
        with pytest.raises(CardParseError) as info:
            attempt()
        assert len(info.value.message) < 200
        assert f"{'Q' * 20!r}… (1000000 characters)" in info.value.message
    error = refusal(GOOD | {"deck": [token, *CODES[1:]]})
    assert len(error.message) < 300 and "(1000000 characters)" in error.message
    verdict = verdict_for({"kind": "arrange", "seat": 0, "combinations": [[token, "As", "Ad"]]})
    assert len(verdict["message"]) < 300 and "(1000000 characters)" in verdict["message"]
    assert len(json.dumps(verdict["action"])) < 1000  # the echoed action is cut short too


def test_short_bad_cards_keep_the_usual_message() -> None:
    with pytest.raises(CardParseError, match=r"^card 2 'Ax': 'x' is not a suit"):
        parse_cards("As Ax")
    with pytest.raises(CardParseError, match=r"^card 'ZZs': 'ZZ' is not a rank"):
        parse_card("ZZs")
    with pytest.raises(CardParseError, match=r"too long to be a card \(33 characters"):
        parse_card("Z" * 33)


def test_huge_copy_number_is_refused_cleanly() -> None:
    with pytest.raises(CardParseError, match="too long to be a card"):
        parse_card("As#" + "9" * 5000, decks=2)
    with pytest.raises(CardParseError, match="copy #99999 does not exist"):
        parse_card("As#99999", decks=2)


@pytest.mark.parametrize("value", ["x" * 100_000, list(range(100_000)), {str(i): i for i in range(10**4)},
                                   [[[[[[["deep"]]]]]]], 10**5000],
                         ids=["long-text", "long-list", "big-object", "deep-list", "huge-number"])
def test_huge_values_in_log_errors_are_cut_short(value: Any) -> None:
    for item in (value, {"kind": "keep", "seat": value},
                 {"kind": "arrange", "seat": 0, "combinations": [[value]]}):
        verdict = verdict_for(item)
        assert verdict["code"] == "invalid_log"
        assert len(verdict["message"]) < 200, verdict["message"]
        assert len(json.dumps(verdict["action"])) < 2000


def test_nested_values_are_echoed_without_recursion() -> None:
    deep: Any = ["x"]
    for _ in range(100_000):
        deep = [deep]
    assert echo(deep) == "[[[[…] (1 item)]]]"
    verdict = verdict_for({"kind": "keep", "seat": deep})
    assert "expected a whole number" in verdict["message"]
    json.dumps(verdict)


def test_huge_ruleset_option_and_field_names_are_cut_short() -> None:
    name = "r" * 100_000
    error = refusal(GOOD | {"ruleset": name})
    assert isinstance(error, UnknownRulesetError) and len(error.message) < 200
    error = refusal(GOOD | {"options": {name: 1}})
    assert isinstance(error, RulesetError) and len(error.message) < 300
    error = refusal(GOOD | {name: 1, **{f"f{i}": i for i in range(1000)}})
    assert len(error.message) < 300 and "and 996 more" in error.message
    verdict = verdict_for({"kind": "keep", "seat": 1, name: 1})
    assert len(verdict["message"]) < 200


def test_mismatch_messages_are_cut_short() -> None:
    long = RAMCHI_RECORDS.from_dict({"kind": "exchange_skipped", "hand": 1, "reason": "r" * 500})
    with pytest.raises(LogMismatchError) as info:
        check_same_log([long], [Keep(1)])
    assert len(info.value.message) < 500


# -- 5. odd unicode -------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["\ud800", "A\udfff", "\x00", "As\u202e", "\U0010ffff", "ß", "İ"])
def test_lone_surrogates_and_odd_unicode_are_refused_cleanly(text: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards(["As", text])
    info.value.message.encode("utf-8")
    verdict = verdict_for({"kind": text, "seat": 1})
    assert verdict["code"] == "invalid_log" and "unknown kind" in verdict["message"]
    verdict = verdict_for({"kind": "arrange", "seat": 0, "combinations": [[text, "As", "Ad"]]})
    assert verdict["code"] == "invalid_log"
    error = refusal(GOOD | {"ruleset": text})
    assert isinstance(error, UnknownRulesetError)
    error = refusal(GOOD | {"options": {text: 1}, text: 2})
    assert isinstance(error, ConfigError)
    for message in [verdict["message"], error.message]:
        message.encode("utf-8")


@pytest.mark.parametrize("name", ["../ramchi", "ramchi/../ramchi", "/etc/passwd", "ramchi\x00", "a" * 5000,
                                  ".", "", "ramchi.toml"])
def test_ruleset_names_never_reach_the_file_system(name: str) -> None:
    with pytest.raises(UnknownRulesetError) as info:
        load_ruleset(name)
    assert "no such ruleset" in info.value.message
    assert len(info.value.message) < 200
