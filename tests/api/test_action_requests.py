"""Each action's request fields are declared once, on its record, and everything else follows:
the required and optional fields, the request schema, the OpenAPI variants, the reading of a
request (in the API and in the rules) and the request an action record is written as.
"""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from api.continental.schemas import CONTINENTAL_ACTIONS
from api.errors import ApiProblem
from api.ramchi.schemas import RAMCHI_ACTIONS
from rulesets.actions import request_fields
from rulesets.continental.kind import CONTINENTAL
from rulesets.continental.records import ACTIONS as CONTINENTAL_RECORD_CLASSES
from rulesets.continental.records import Draw, LayOff, MoveJoker
from rulesets.continental.values import DrawSource, RunEnd
from rulesets.legal_actions import request_body
from rulesets.log import LogError
from rulesets.ramchi.kind import RAMCHI

CONTINENTAL_REQUIRED = {
    "draw": ["source"], "buy": [], "pass": [], "drop": ["melds"], "lay_off": ["card", "meld"],
    "swap_joker": ["card", "meld"], "move_joker": ["meld", "end", "to"], "discard": ["card"],
    "replace_by_bot": ["player", "bot"],
}
"""What each Continental action must name (the spec's moves; ``end``/``to_end`` of a joker
placed where either end could take it are choices left out)."""


def test_the_required_fields_are_those_of_the_records() -> None:
    required = {variant["properties"]["type"]["enum"][0]: variant["required"][1:]
                for variant in CONTINENTAL_ACTIONS.variants}
    assert required == CONTINENTAL_REQUIRED
    optional = {action.kind: [f.name for f in request_fields(action) if f.optional]
                for action in CONTINENTAL_RECORD_CLASSES}
    assert optional == {"draw": [], "buy": [], "pass": [], "drop": [], "lay_off": ["end"],
                        "swap_joker": ["end"], "move_joker": ["to_end"], "discard": [],
                        "replace_by_bot": []}
    assert [variant["required"] for variant in RAMCHI_ACTIONS.variants] \
        == [["type"], ["type"], ["type", "combinations"], ["type", "player", "bot"]]


def test_a_continental_variant_refuses_the_fields_of_other_actions() -> None:
    draw = CONTINENTAL_ACTIONS.variants[0]["properties"]
    assert draw["type"] == {"type": "string", "enum": ["draw"]}
    assert {name for name, keywords in draw.items() if keywords == {"not": {}}} \
        == {"melds", "card", "meld", "end", "to", "to_end", "player", "bot"}
    move = CONTINENTAL_ACTIONS.variants[6]["properties"]
    assert move["end"] == {"type": "string", "enum": ["high", "low"]}  # required: not null


def test_the_missing_field_message_is_the_same_in_the_api_and_the_rules() -> None:
    with pytest.raises(ApiProblem) as api_refusal:
        RAMCHI_ACTIONS.read({"type": "arrange"})
    with pytest.raises(LogError) as rules_refusal:
        RAMCHI.action_from_request(0, {"type": "arrange"})
    assert api_refusal.value.detail == rules_refusal.value.message \
        == ("an 'arrange' action needs 'combinations' (a list of up to five lists of three cards; "
            "[] to discard all)")
    assert api_refusal.value.errors == [{"pointer": "/combinations", "detail": "required"}]
    with pytest.raises(ApiProblem) as api_refusal:
        CONTINENTAL_ACTIONS.read({"type": "move_joker", "meld": 0, "to": 1})
    with pytest.raises(LogError) as rules_refusal:
        CONTINENTAL.action_from_request(0, {"type": "move_joker", "meld": 0, "to": 1})
    assert api_refusal.value.detail == rules_refusal.value.message


def test_another_actions_field_is_refused_in_continental_and_ignored_in_ramchi() -> None:
    with pytest.raises(ApiProblem) as refusal:
        CONTINENTAL_ACTIONS.read({"type": "draw", "source": "stock", "card": "7c"})
    assert refusal.value.detail == "a 'draw' action takes no 'card'"
    assert refusal.value.errors == [{"pointer": "/card", "detail": "not a field of draw"}]
    with pytest.raises(LogError):
        CONTINENTAL.action_from_request(0, {"type": "draw", "source": "stock", "card": "7c"})
    assert RAMCHI_ACTIONS.read({"type": "keep", "combinations": [["As", "Ad", "Ah"]]}) == {"type": "keep"}


def test_an_action_is_written_as_the_request_that_asks_for_it() -> None:
    for action in (Draw(1, DrawSource.DISCARD), MoveJoker(0, 2, RunEnd.LOW, 3, None)):
        request = request_body(action)
        assert CONTINENTAL.action_from_request(action.seat, request) == action
    read = CONTINENTAL.action_from_request(0, CONTINENTAL_ACTIONS.read(
        {"type": "lay_off", "card": "Jk", "meld": 0}))
    assert read == LayOff(0, read.card, 0, None) and read.card.is_joker


def test_run_ends_and_draw_sources_are_enums_equal_to_their_text() -> None:
    draw = CONTINENTAL.records.from_dict({"kind": "draw", "seat": 1, "source": "stock"})
    assert draw.source is DrawSource.STOCK and draw.source == "stock"
    assert repr(draw) == "Draw(seat=1, source='stock')"
    odd = CONTINENTAL.records.from_dict({"kind": "draw", "seat": 1, "source": "sideboard"})
    assert odd.source == "sideboard"  # kept as text: the referee refuses it in its own words
    game = CONTINENTAL.new_game(CONTINENTAL.config_from_dict({"players": 2, "hands": 1, "seed": 5,
                                                              "dealer": 0}))
    assert not CONTINENTAL.can(game, odd) and CONTINENTAL.can(game, draw)


def test_a_posted_log_with_an_unknown_source_is_judged(client: FlaskClient) -> None:
    verdict = client.post("/v1/disputes", json={
        "game": "continental", "config": {"players": 2, "hands": 1, "seed": 5, "dealer": 0},
        "log": [{"kind": "draw", "seat": 1, "source": "sideboard"}]})
    assert verdict.status_code == 200
    assert verdict.json["legal"] is False and verdict.json["code"] == "unknown_source"
    assert list(verdict.json) == ["legal", "finished", "standings_after", "scores", "totals", "winners",
                                  "index", "where", "rule", "code", "message"]
