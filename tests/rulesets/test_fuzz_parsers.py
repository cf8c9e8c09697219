"""Property tests: whatever a client sends, the parsers answer with cards, records or a
documented refusal (a :class:`~rulesets.errors.RulesError`), never another exception.

(a) the card parser, (b) the log reader, (c) :func:`~rulesets.ramchi.disputes.settle`.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesets.cards import DECK, Card, parse_card, parse_cards
from rulesets.errors import CardCountError, CardError, CardParseError, DuplicateCardError, RulesError
from rulesets.log import LogError, record_to_dict
from rulesets.ramchi.config import GameConfig
from rulesets.ramchi.disputes import settle
from rulesets.ramchi.records import RAMCHI_RECORDS, action_from_dict

FUZZ = settings(max_examples=60 if os.environ.get("RAMCHI_QUICK") == "1" else 250, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
"""250 examples a parser in make test and CI; 60 in the fast tier."""

# -- (a) cards ------------------------------------------------------------------------------------

CARD_ALPHABET = "AaKkQqJjTt1023456789cdhsCDHSxXoOkK#♠♥♦♣♤♡♢♧🃏🃟\ufe0f ,;\t\n\u00a0сѕ⑩ｓ\ud800\x00"
card_like = st.one_of(
    st.text(alphabet=CARD_ALPHABET, max_size=8),
    st.text(max_size=8),
    st.sampled_from([c.code for c in DECK] + ["Jk", "joker", "10h", "a♠", "7c#2", "Jk#3", "As#0",
                                              "As#" + "9" * 50, "As#" + "9" * 5000, "x" * 200,
                                              "x" * 5000]),
)
card_text = st.lists(card_like, max_size=8).map(" ".join)
decks_arg = st.integers(1, 4)


def reparses(cards: tuple[Card, ...], jokers: bool, decks: int) -> None:
    """Canonical ids (and, with one deck, plain codes) read back as the same cards."""
    assert parse_cards([c.id for c in cards], jokers=jokers, decks=decks) == cards
    if decks == 1:
        assert parse_cards(" ".join(c.code for c in cards), jokers=jokers) == cards


def assert_card_refusal(err: CardError, positions: bool) -> None:
    """A documented card error; parse errors and duplicates say which card (if positions)."""
    assert type(err) in (CardParseError, DuplicateCardError, CardCountError, CardError)
    assert "\ud800" not in err.message  # printable: odd characters come out escaped
    err.message.encode("utf-8")
    if positions and isinstance(err, CardParseError | DuplicateCardError):
        assert re.match(r"card \d+ ", err.message), err.message


@FUZZ
@given(card_like, st.booleans(), decks_arg, st.one_of(st.none(), st.integers(1, 60)))
def test_parse_card_returns_a_card_or_a_card_error(token: str, jokers: bool, decks: int,
                                                     position: int | None) -> None:
    try:
        card = parse_card(token, position, jokers=jokers, decks=decks)
    except CardError as err:
        assert isinstance(err, CardParseError)
        assert_card_refusal(err, positions=position is not None)
        assert len(err.message) < 400
        return
    assert parse_card(card.id, jokers=jokers, decks=max(decks, card.copy)) == card


@FUZZ
@given(st.one_of(card_text, st.lists(st.one_of(card_like, st.integers(), st.none()), max_size=8)),
       st.booleans(), decks_arg, st.one_of(st.none(), st.integers(0, 6)))
def test_parse_cards_returns_cards_that_reparse_or_a_card_error(
    value: Any, jokers: bool, decks: int, count: int | None
) -> None:
    try:
        cards = parse_cards(value, jokers=jokers, decks=decks, count=count)
    except CardError as err:
        assert_card_refusal(err, positions=True)
        return
    reparses(cards, jokers, decks)


@FUZZ
@given(st.lists(st.sampled_from(DECK), max_size=20), st.booleans())
def test_canonical_codes_of_real_cards_reparse(cards: list[Card], jokers: bool) -> None:
    try:
        parsed = parse_cards([c.code for c in cards], jokers=jokers)
    except DuplicateCardError as err:
        assert_card_refusal(err, positions=True)
        return
    assert parsed == tuple(cards)
    reparses(parsed, jokers, 1)


# -- (b) the log reader -----------------------------------------------------------------------------

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False), st.text(max_size=10),
    st.sampled_from(["keep", "exchange", "arrange", "hand_dealt", "game_ended", "As", "1h", ""]),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.text(max_size=8), inner, max_size=5)),
    max_leaves=20,
)

VALID_RECORDS: list[dict[str, Any]] = [
    {"kind": "keep", "seat": 1},
    {"kind": "exchange", "seat": 0},
    {"kind": "arrange", "seat": 2, "combinations": [["As", "Ad", "Ah"], ["2c", "3c", "4c"]]},
    {"kind": "hand_dealt", "hand": 1, "dealer": 0, "deck": [c.code for c in DECK]},
    {"kind": "exchange_skipped", "hand": 1, "reason": "the up-card is the 2♦"},
    {"kind": "four_of_a_kind_won", "hand": 1, "seat": 0, "cards": ["2c", "2d", "2h", "2s"],
     "chips": [8, -4, -4]},
    {"kind": "round_played", "hand": 1, "number": 1, "leader": 1, "winner": 1, "chips": [-1, 2, -1],
     "plays": [{"seat": 1, "cards": ["As", "Ad", "Ah"], "strength": 585, "name": "Three Aces"}]},
    {"kind": "hand_ended", "hand": 1, "chips": [0, 0, 0], "totals": [0, 0, 0], "next_dealer": 1},
    {"kind": "game_ended", "hands": 1, "chips": [0, 0, 0]},
]


@st.composite
def near_valid_records(draw: st.DrawFn) -> Any:
    """A valid record with one field (or one nested item) replaced, removed or added."""
    record = json.loads(json.dumps(draw(st.sampled_from(VALID_RECORDS))))
    key = draw(st.sampled_from(sorted(record)))
    how = draw(st.sampled_from(["replace", "remove", "add", "nested"]))
    if how == "replace":
        record[key] = draw(json_values)
    elif how == "remove":
        del record[key]
    elif how == "add":
        record[draw(st.text(max_size=8))] = draw(json_values)
    elif isinstance(record[key], list) and record[key]:
        index = draw(st.integers(0, len(record[key]) - 1))
        record[key][index] = draw(json_values)
    return record


log_items = st.one_of(json_values, near_valid_records(), st.sampled_from(VALID_RECORDS))


def assert_log_refusal(err: LogError) -> None:
    assert isinstance(err, LogError) and err.code == "invalid_log"
    err.message.encode("utf-8")
    assert len(err.message) < 1000, err.message


@FUZZ
@given(log_items)
def test_record_reader_returns_a_round_tripping_record_or_a_log_error(data: Any) -> None:
    try:
        record = RAMCHI_RECORDS.from_dict(data)
    except LogError as err:
        assert_log_refusal(err)
        return
    assert RAMCHI_RECORDS.from_dict(json.loads(json.dumps(record_to_dict(record)))) == record


@FUZZ
@given(log_items)
def test_action_reader_returns_an_action_or_a_log_error(data: Any) -> None:
    try:
        action = action_from_dict(data)
    except LogError as err:
        assert_log_refusal(err)
        return
    assert action.is_action and action_from_dict(record_to_dict(action)) == action


@FUZZ
@given(st.one_of(st.lists(log_items, max_size=5), json_values))
def test_log_reader_returns_records_or_a_log_error(items: Any) -> None:
    try:
        records = RAMCHI_RECORDS.log_from_dicts(items)
    except LogError as err:
        assert_log_refusal(err)
        return
    assert RAMCHI_RECORDS.log_from_dicts([record_to_dict(r) for r in records]) == records


# -- (c) disputes ---------------------------------------------------------------------------------

config_values = st.one_of(
    json_values,
    st.fixed_dictionaries({}, optional={
        "hands": st.one_of(st.integers(-2, 3), json_scalars),
        "dealer": st.one_of(st.integers(-1, 3), json_scalars),
        "seed": st.one_of(st.integers(-1, 10), st.just(2**63), json_scalars),
        "deck": st.one_of(json_values, st.permutations([c.code for c in DECK])),
        "decks": st.one_of(json_values, st.lists(st.permutations([c.code for c in DECK]), max_size=2)),
        "ruleset": st.one_of(st.sampled_from(["ramchi", "continental", "../ramchi", "\ud800", ""]),
                             json_scalars),
        "options": st.one_of(json_values, st.fixed_dictionaries({}, optional={
            "tie_goes_to": json_scalars, "four_of_a_kind_chips": json_scalars,
            "exchange": json_scalars})),
        "colour": json_scalars,
    }),
)
dispute_logs = st.one_of(st.lists(log_items, max_size=6), json_values)


@FUZZ
@given(config_values, dispute_logs)
def test_settle_returns_a_verdict_or_a_rules_error(config: Any, log: Any) -> None:
    try:
        verdict = settle(config, log)
    except RulesError as err:
        err.message.encode("utf-8")
        assert len(err.message) < 2000, err.message
        return
    assert verdict["legal"] in (True, False)
    json.dumps(verdict)  # the verdict can always be sent back


@FUZZ
@given(st.integers(0, 50), st.integers(0, 2), dispute_logs)
def test_settle_on_a_valid_config_judges_any_log(seed: int, dealer: int, log: Any) -> None:
    config = GameConfig.create(hands=1, seed=seed, dealer=dealer)
    try:
        verdict = settle(config.to_dict(), log)
    except LogError as err:  # only a log that is not a list, or too long, is refused outright
        assert_log_refusal(err)
        return
    if not verdict["legal"]:
        assert verdict["rule"] and verdict["message"] and verdict["code"]
    json.dumps(verdict)
