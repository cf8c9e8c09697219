"""Continental advice over HTTP: POST /v1/continental/advice."""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest
from flask.testing import FlaskClient

from rulesets.cards import full_deck, parse_cards
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.melds import make_run, make_trio

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

URL = "/v1/continental/advice"


QUICK = os.environ.get("RAMCHI_QUICK") == "1"
"""``make check`` (the fast tier) tries fewer sizes and random requests; ``make test`` all."""

def post(client: FlaskClient, **body: Any) -> Any:
    return client.post(URL, json=body)


def advice(client: FlaskClient, **body: Any) -> dict[str, Any]:
    response = post(client, **body)
    assert response.status_code == 200, response.json
    return response.json


def refusal(client: FlaskClient, **body: Any) -> dict[str, Any]:
    response = post(client, **body)
    assert response.status_code == 422, response.json
    assert response.mimetype == "application/problem+json"
    return response.json


def without(body: dict[str, Any], *keys: str) -> dict[str, Any]:
    """An advice answer without ``keys`` and the solver's time."""
    return {key: value for key, value in body.items() if key not in {*keys, "solve_ms"}}


def assert_legal(body: dict[str, Any]) -> None:
    """Every meld is what its cards make under the rules; the turn uses only cards of the hand."""
    for meld in [*body["drop"], *(x["result"] for x in body["lay_offs"])]:
        cards = parse_cards(meld["cards"], jokers=True, decks=4)
        rebuilt = make_trio(cards) if meld["kind"] == "trio" else make_run(cards, ordered=True)
        if meld["kind"] == "run":
            assert meld["text"] == rebuilt.text
        assert len(meld["jokers"]) == meld["cards"].count("Jk")
    used = Counter(card for meld in body["drop"] for card in meld["cards"])
    used += Counter(x["card"] for x in body["lay_offs"])
    used += Counter([body["discard"]] if body["discard"] else [])
    assert not used - Counter(body["hand"])


# -- happy paths -------------------------------------------------------------------------------------

def test_hand_1_drops_two_trios_and_discards_the_dearest_card_left(client: FlaskClient) -> None:
    body = advice(client, hand=["7c", "7d", "7h", "Kc", "Kd", "Jk", "9s", "9s"], hand_number=1)
    assert body["contract"] == {"hand": 1, "trios": 2, "runs": 0, "name": "2 trios"}
    assert body["can_drop"] is True and body["distance"] == 0
    assert [m["text"] for m in body["drop"]] == ["7♣ 7♦ 7♥", "K♣ K♦ Jk(K)"]
    assert body["drop"][1]["jokers"] == [{"card": "Jk", "position": 2, "stands_for": "K"}]
    assert body["discard"] == "9s" and body["points_left"] == 5 and body["goes_out"] is False
    assert body["take_discard"] is None and body["buy"] is None
    assert "drop the contract now" in body["explanation"] and body["solve_ms"] >= 0
    assert_legal(body)


def test_a_joker_in_a_run_is_shown_with_the_card_it_stands_for(client: FlaskClient) -> None:
    body = advice(client, hand=["4h", "Jk", "6h", "7h", "Kc", "Kd", "Ks", "2c", "9d"], hand_number=2)
    run = next(m for m in body["drop"] if m["kind"] == "run")
    assert run == {"kind": "run", "cards": ["4h", "Jk", "6h", "7h"], "text": "4♥ Jk(5♥) 6♥ 7♥",
                   "rank": None, "suit": "h",
                   "jokers": [{"card": "Jk", "position": 1, "stands_for": "5h"}]}
    assert_legal(body)


def test_hand_3_two_runs_go_out_with_the_discard(client: FlaskClient) -> None:
    body = advice(client, hand=["2c", "3c", "4c", "5c", "9d", "Td", "Jd", "Qd", "Kh", "Jk"],
                  hand_number=3)
    assert body["can_drop"] is True and [m["kind"] for m in body["drop"]] == ["run", "run"]
    assert body["discard"] == "Kh" and body["goes_out"] is True and body["points_left"] == 0
    assert_legal(body)


def test_hand_5_two_trios_and_a_run(client: FlaskClient) -> None:
    hand = ["3c", "3d", "3h", "8s", "8c", "Jk", "9h", "Th", "Jh", "Qh", "Kd", "As"]
    body = advice(client, hand=hand, hand_number=5)
    assert body["contract"]["name"] == "2 trios + 1 run"
    assert body["can_drop"] is True
    assert sorted(m["kind"] for m in body["drop"]) == ["run", "trio", "trio"]
    assert body["discard"] == "As" and body["points_left"] == 10
    assert_legal(body)


def test_hand_7_far_from_three_runs_ranks_its_discards(client: FlaskClient) -> None:
    hand = ["2c", "3c", "4c", "7d", "8d", "9d", "Jh", "Qh", "Kh", "Jk", "5s", "9s", "Ac", "6h"]
    body = advice(client, hand=hand, hand_number=7, seen=["5c", "5c"])
    assert body["can_drop"] is False and body["drop"] == [] and body["distance"] > 0
    assert body["outs"] and body["outs_total"] == sum(o["unseen"] for o in body["outs"])
    assert all(o["unseen"] == 0 for o in body["outs"] if o["card"] == "5c")
    ranking = body["discard_ranking"]
    keys = [(o["distance"], -o["outs_total"], -o["next_outs"], o["points"]) for o in ranking]
    assert keys == sorted(keys)
    assert body["discard"] == ranking[0]["card"]
    assert len({o["card"] for o in ranking}) == len(ranking)
    for option in ranking:
        assert option["outs_total"] == sum(o["unseen"] for o in option["outs"])
    assert "cannot drop yet" in body["explanation"]


def test_going_out_scores_the_hand_as_the_rules_do(client: FlaskClient) -> None:
    """The turn's ``hand_score``: -10 for dropping and going out in one turn, 0 for going out
    after an earlier drop, the points left otherwise (the rules' scoring, not ``points_left``)."""
    out = advice(client, hand=["2c", "3c", "4c", "5c", "9d", "Td", "Jd", "Qd", "Kh", "Jk"],
                 hand_number=3)
    assert out["goes_out"] is True and out["points_left"] == 0 and out["hand_score"] == -10
    later = advice(client, hand=["9h", "Kd"], hand_number=3, dropped=True, table=[["5h", "6h", "7h", "8h"]])
    assert later["goes_out"] is True and later["hand_score"] == 0
    bonus = advice(client, hand=["2c", "3c", "4c", "5c", "9d", "Td", "Jd", "Qd", "Kh", "Jk"],
                   hand_number=3, options={"same_turn_bonus": -20})
    assert bonus["hand_score"] == -20
    kept = advice(client, hand=["7c", "7d", "7h", "Kc", "Kd", "Jk", "9s", "9s"], hand_number=1)
    assert kept["goes_out"] is False and kept["hand_score"] == kept["points_left"] == 5


def test_a_contract_given_as_trios_and_runs(client: FlaskClient) -> None:
    body = advice(client, hand=["5s", "6s", "7s", "8s", "Kd"], contract={"trios": 0, "runs": 1})
    assert body["contract"] == {"hand": None, "trios": 0, "runs": 1, "name": "1 run"}
    assert body["can_drop"] is True and body["discard"] == "Kd" and body["goes_out"] is True


# -- the table, lay-offs, dropped ----------------------------------------------------------------------

def test_once_dropped_cards_are_laid_off_on_table_melds(client: FlaskClient) -> None:
    body = advice(client, hand=["9h", "Th", "Kd"], hand_number=3, dropped=True,
                  table=[["5h", "6h", "7h", "8h"]])
    assert body["dropped"] is True and body["can_drop"] is False and body["drop"] == []
    assert [(x["card"], x["target"], x["meld"]) for x in body["lay_offs"]] == [
        ("9h", "table", 0), ("Th", "table", 0)]
    assert body["lay_offs"][-1]["result"]["text"] == "5♥ 6♥ 7♥ 8♥ 9♥ 10♥"
    assert body["discard"] == "Kd" and body["goes_out"] is True and body["points_left"] == 0
    assert body["distance"] == 0 and body["outs"] == [] and body["outs_total"] == 0
    assert_legal(body)


def test_a_joker_laid_off_on_a_run_says_which_end_and_what_it_stands_for(client: FlaskClient) -> None:
    body = advice(client, hand=["Jk", "Kd", "2c"], hand_number=3, dropped=True,
                  table=[["Kc", "Ks", "Kh"], ["5h", "6h", "7h", "8h"]])
    laid = {x["card"]: x for x in body["lay_offs"]}
    assert set(laid) == {"Jk", "Kd"} and body["discard"] == "2c" and body["goes_out"] is True
    joker = laid["Jk"]
    assert joker["end"] in (("high", "low") if joker["meld"] == 1 else (None,))  # a trio has no ends
    if joker["target"] == "table" and joker["meld"] == 1:
        stands = {"high": "9h", "low": "4h"}[joker["end"]]
        assert joker["result"]["jokers"][0]["stands_for"] == stands
    assert_legal(body)


def test_a_table_run_written_lowest_first_keeps_its_jokers_where_written(client: FlaskClient) -> None:
    body = advice(client, hand=["4h", "Qs", "2c"], hand_number=3, dropped=True,
                  table=[["Jk", "5h", "6h", "7h"]])
    # The joker stands for the 4♥, which takes its place; the joker moves to an end.
    laid = body["lay_offs"]
    assert [x["card"] for x in laid] == ["4h"]
    assert laid[0]["end"] in ("high", "low") and "4♥ 5♥ 6♥ 7♥" in laid[0]["result"]["text"]
    assert_legal(body)


def test_the_drop_and_lay_offs_on_the_table_in_one_turn(client: FlaskClient) -> None:
    body = advice(client, hand=["7c", "7d", "7h", "Kc", "Kd", "Ks", "9h", "2c"], hand_number=1,
                  table=[["9c", "9d", "9s"]])
    assert body["can_drop"] is True and len(body["drop"]) == 2
    assert [(x["card"], x["target"], x["meld"]) for x in body["lay_offs"]] == [("9h", "table", 0)]
    assert body["discard"] == "2c" and body["goes_out"] is True
    assert_legal(body)


# -- take and buy ------------------------------------------------------------------------------------

def test_take_and_buy_a_discard_that_brings_the_hand_closer(client: FlaskClient) -> None:
    hand = ["2c", "5c", "6c", "8c", "Kd", "Kh", "9s"]
    body = advice(client, hand=hand, hand_number=2, discard_top="7c")
    assert body["distance"] == 2
    assert body["take_discard"]["advised"] is True and "7♣" in body["take_discard"]["reason"]
    assert body["buy"]["advised"] is True
    off = advice(client, hand=hand, hand_number=2, discard_top="7c", options={"buying": False})
    assert off["buy"] == {"advised": False, "reason": "buying is off in this ruleset"}
    useless = advice(client, hand=hand, hand_number=2, discard_top="3s")
    assert useless["take_discard"]["advised"] is False and useless["buy"]["advised"] is False


def test_a_buy_offer_is_answered_with_the_buy_or_the_pass(client: FlaskClient) -> None:
    """A buy is offered out of turn, before the seat's draw: with ``offer: "buy"`` the advised
    ``action`` is the answer to the offer (``buy_action``), never the seat's own draw."""
    hand = ["2c", "5c", "6c", "8c", "Kd", "Kh", "9s"]
    turn = advice(client, hand=hand, hand_number=2, discard_top="7c", drawn=False)
    assert turn["action"] == {"type": "draw", "source": "discard"}
    wanted = advice(client, hand=hand, hand_number=2, discard_top="7c", offer="buy")
    assert wanted["action"] == wanted["buy_action"] == {"type": "buy"}
    assert without(wanted, "action") == without(turn, "action")
    useless = advice(client, hand=hand, hand_number=2, discard_top="3s", offer="buy")
    assert useless["action"] == {"type": "pass"} and useless["buy"]["advised"] is False
    off = advice(client, hand=hand, hand_number=2, discard_top="7c", offer="buy", options={"buying": False})
    assert off["action"] == {"type": "pass"}
    assert advice(client, hand=hand, hand_number=2, discard_top="7c", drawn=False,
                  offer=None)["action"] == turn["action"]


def test_the_action_names_the_copies_the_hand_names_and_a_copy_zero_as_the_card(client: FlaskClient) -> None:
    body = advice(client, hand=["7c#2", "7d", "7h", "Kc", "Kd", "Jk#0", "9s", "9s#2"], hand_number=1)
    assert body["action"] == {"type": "drop", "melds": [["7c#2", "7d", "7h"], ["Kc", "Kd", "Jk"]]}


def test_a_buy_offer_needs_the_card_offered_and_a_hand_before_its_draw(client: FlaskClient) -> None:
    hand = ["2c", "5c", "6c", "8c", "Kd", "Kh", "9s"]
    for body in ({"offer": "buy"}, {"offer": "buy", "discard_top": "7c", "drawn": True}):
        refused = refusal(client, hand=hand, hand_number=2, **body)
        assert refused["code"] == "invalid_input" and "offer" in refused["detail"]
    sell = refusal(client, hand=hand, hand_number=2, discard_top="7c", offer="sell")
    assert sell["code"] == "invalid_request"


def test_once_dropped_take_a_discard_that_can_be_laid_off(client: FlaskClient) -> None:
    body = advice(client, hand=["2c", "Kd"], hand_number=3, dropped=True,
                  table=[["5h", "6h", "7h", "8h"]], discard_top="9h")
    assert body["take_discard"]["advised"] is True and body["buy"]["advised"] is False


# -- options -----------------------------------------------------------------------------------------

def test_face_value_card_values_change_the_points_left(client: FlaskClient) -> None:
    hand = ["7c", "7d", "7h", "Kc", "Kd", "Ks", "2s", "3s"]
    standard = advice(client, hand=hand, hand_number=1)
    face = advice(client, hand=hand, hand_number=1, options={"card_values": "face_value"})
    assert standard["discard"] in ("2s", "3s") and face["discard"] == "3s"  # 5 points each, or 2 and 3
    assert (standard["points_left"], face["points_left"]) == (5, 2)


def test_go_out_without_discard(client: FlaskClient) -> None:
    hand = ["2c", "3c", "4c", "5c", "9d", "Td", "Jd", "Qd"]
    body = advice(client, hand=hand, hand_number=3, options={"go_out_without_discard": True})
    assert body["goes_out"] is True and body["discard"] is None and body["points_left"] == 0
    assert refusal(client, hand=hand, hand_number=3, options={"go_out_without_discard": "yes"})[
        "code"] == "invalid_ruleset"


def test_more_players_more_copies(client: FlaskClient) -> None:
    options = {"max_players": 8}  # three decks and four jokers
    body = advice(client, hand=["7c", "7c", "Jk", "Jk", "Jk", "2d"], hand_number=1,
                  seen=["7c", "Jk"], options=options)
    assert body["can_drop"] is False
    problem = refusal(client, hand=["7c", "7c"], seen=["7c", "7c"], hand_number=1, options=options)
    assert problem["code"] == "duplicate_card"
    assert problem["errors"][0]["pointer"] == "/seen/1" and "fourth 7c" in problem["detail"]
    problem = refusal(client, hand=["Jk", "Jk", "Jk"], seen=["Jk", "Jk"], hand_number=1,
                      options=options)
    assert problem["errors"][0]["pointer"] == "/seen/1" and "only 4 copies" in problem["detail"]


# -- hand sizes --------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", range(7, 31, 4) if QUICK else range(7, 31))
def test_every_hand_size_the_game_can_produce(client: FlaskClient, size: int) -> None:
    rnd = random.Random(size)
    hand = [*rnd.sample([card.code for card in full_deck(2)], size - 1), "Jk"]
    number = min(7, max(1, size - 6))
    body = advice(client, hand=hand, hand_number=number, discard_top="Jk")
    assert sorted(body["hand"]) == sorted(hand)
    # the cards dealt plus two per buy is before the draw; one more is after it
    assert body["drawn"] is ((size - CONTRACTS[number].cards_dealt) % 2 == 1)
    assert body["discard"] in hand if body["drawn"] else body["discard"] is None
    assert_legal(body)


def test_before_the_draw_only_distance_outs_take_and_buy(client: FlaskClient) -> None:
    hand = ["7c", "7d", "7h", "9s", "9d", "Kc", "Qd"]  # hand 1 deals 7: this is before the draw
    body = advice(client, hand=hand, hand_number=1, discard_top="9h")
    assert body["drawn"] is False and body["can_drop"] is False and body["discard"] is None
    assert body["discard_ranking"] == [] and body["distance"] == 1
    assert {o["card"] for o in body["outs"]} >= {"9c", "9h", "Jk"}
    assert body["take_discard"]["advised"] is True and "before your draw" in body["explanation"]
    after = advice(client, hand=hand, hand_number=1, discard_top="9h", drawn=True)
    assert after["drawn"] is True and after["discard_ranking"]


def test_a_hand_of_31_cards_is_a_limit(client: FlaskClient) -> None:
    hand = [card.code for card in full_deck(2)][:31]
    problem = refusal(client, hand=hand, hand_number=7)
    assert problem["code"] == "limit_exceeded" and problem["errors"][0]["pointer"] == "/hand"


def test_more_than_36_table_melds_is_a_limit(client: FlaskClient) -> None:
    problem = refusal(client, hand=["2c"], hand_number=1, table=[["3c", "3d", "3h"]] * 37)
    assert problem["code"] == "limit_exceeded" and problem["errors"][0]["pointer"] == "/table"


# -- refusals, each pointing at what to fix ----------------------------------------------------------

HAND = ["7c", "7d", "7h", "Kc", "Kd", "Jk", "9s", "9s"]


@pytest.mark.parametrize(("body", "code", "pointer"), [
    ({"hand": ["7c", "7x"]}, "invalid_card", "/hand/1"),
    ({"hand": ["7c", "7c#"]}, "invalid_card", "/hand/1"),  # a copy number, but none given
    ({"hand": ["7c", "joker", "Jk", "1h"]}, "invalid_card", "/hand/3"),
    ({"table": [["5h", "6h", "7h", "8h"], ["3c", "3d", "3q"]]}, "invalid_card", "/table/1/2"),
    ({"discard_top": "Zz"}, "invalid_card", "/discard_top"),
    ({"seen": ["2c", "3c", " "]}, "invalid_card", "/seen/2"),
    ({"seen": ["2c", "9s", "7c"]}, "duplicate_card", "/seen/1"),  # 9s: the hand holds both
    ({"seen": ["2c", "Jk", "Jk"]}, "duplicate_card", "/seen/2"),  # a third joker
    ({"table": [["Kc", "Kh", "Ks"], ["9s", "9d", "9h"]]}, "duplicate_card", "/table/1/0"),
    ({"table": [["Jk", "5h", "6h", "7h"], ["Jk", "Kh", "Ks"]]}, "duplicate_card", "/table/1/0"),
    ({"discard_top": "9s"}, "duplicate_card", "/discard_top"),
    ({"table": [["5h", "6h", "7h", "8h"], ["5d", "9c", "7s"]]}, "not_a_meld", "/table/1"),
    ({"table": [["Jk", "Jk", "9c"], ["2s", "3s"]]}, "duplicate_card", "/table/0/1"),
    ({"table": [["5d", "Jk", "9c"], ["2s", "3s"]]}, "not_a_meld", "/table/0"),
    ({"table": [[]]}, "not_a_meld", "/table/0"),
    ({"hand": []}, "invalid_input", "/hand"),
    ({"hand_number": 8}, "invalid_request", "/hand_number"),
    ({"contract": {"trios": 1, "runs": 1}}, "invalid_input", "/contract"),  # and hand_number
    ({"hand_number": None}, "invalid_request", "/hand_number"),
    ({"dropped": "yes"}, "invalid_request", "/dropped"),
    ({"options": {"card_values": "double"}}, "invalid_ruleset", "/options/card_values"),
])
def test_refusals_point_at_the_item(client: FlaskClient, body: dict[str, Any], code: str,
                                    pointer: str) -> None:
    request = {"hand": HAND, "hand_number": 1} | body
    problem = refusal(client, **request)
    assert problem["code"] == code, problem
    assert problem["errors"][0]["pointer"] == pointer, problem
    assert problem["detail"]


def test_a_third_copy_across_hand_and_seen_names_both_places(client: FlaskClient) -> None:
    problem = refusal(client, hand=["7c", "7c", "2d"], seen=["9d", "2c", "7c"], hand_number=1)
    assert problem["code"] == "duplicate_card"
    assert problem["errors"] == [{"pointer": "/seen/2", "detail": problem["errors"][0]["detail"]}]
    assert "third 7c" in problem["detail"] and "hand card 1, hand card 2" in problem["detail"]


def test_a_third_joker(client: FlaskClient) -> None:
    problem = refusal(client, hand=["Jk", "2d", "3d"], table=[["5h", "Jk", "7h", "8h"]],
                      seen=["Jk"], hand_number=1)
    assert problem["code"] == "duplicate_card" and problem["errors"][0]["pointer"] == "/seen/0"
    assert "third Jk" in problem["detail"]


def test_hand_number_and_contract_both_or_neither(client: FlaskClient) -> None:
    both = refusal(client, hand=HAND, hand_number=1, contract={"trios": 2, "runs": 0})
    neither = refusal(client, hand=HAND)
    empty = refusal(client, hand=HAND, contract={"trios": 0, "runs": 0})
    assert both["code"] == neither["code"] == empty["code"] == "invalid_input"
    assert "not both" in both["detail"] and "rule" in neither


def test_rulesets_of_another_game_or_unknown(client: FlaskClient) -> None:
    assert refusal(client, hand=HAND, hand_number=1, ruleset="ramchi")["code"] == "invalid_ruleset"
    response = post(client, hand=HAND, hand_number=1, ruleset="house-rules")
    assert response.status_code == 404 and response.json["code"] == "unknown_ruleset"


# -- nothing a client sends is a server error -----------------------------------------------------------

NO_JOKER_RUNS = ["6d", "7h", "5s", "As", "Qs", "Ks", "9c", "6h", "Qc", "Ah", "5c", "Js", "5d", "Ac",
                 "7d", "8d", "6c", "4c"]


def test_two_runs_from_a_hand_without_jokers(client: FlaskClient) -> None:
    body = advice(client, hand=NO_JOKER_RUNS, hand_number=3, discard_top="Kh")
    assert body["can_drop"] is True
    assert all(not meld["jokers"] for meld in body["drop"])
    assert_legal(body)


def _random_request(rnd: random.Random) -> dict[str, Any]:
    deck = [card.code for card in full_deck(2)] + ["Jk", "Jk"]
    rnd.shuffle(deck)
    size = rnd.randint(1, 30)
    table = []
    for _ in range(rnd.randint(0, 4)):
        if rnd.random() < 0.5:
            rank = rnd.choice("23456789TJQKA")
            meld = [rank + rnd.choice("cdhs") for _ in range(rnd.randint(3, 5))]
        else:
            suit, start = rnd.choice("cdhs"), rnd.randint(0, 10)
            meld = ["A23456789TJQKA"[start + i] + suit for i in range(rnd.randint(4, 14 - start))]
        table.append(["Jk" if rnd.random() < 0.15 else card for card in meld])
    body: dict[str, Any] = {"hand": deck[:size], "table": table, "dropped": rnd.random() < 0.3,
                            "seen": deck[size:size + rnd.randint(0, 20)], "discard_top": deck[-1]}
    if rnd.random() < 0.8:
        body["hand_number"] = rnd.randint(1, 7)
    else:
        trios = rnd.randint(0, 2)
        body["contract"] = {"trios": trios, "runs": rnd.randint(1, 3 - trios)}
    body["options"] = rnd.choice([{}, {"go_out_without_discard": True}, {"card_values": "face_value"}])
    return body


@pytest.mark.parametrize("seed", range(8 if QUICK else 40))
def test_random_tables_are_answered_or_refused_never_a_server_error(client: FlaskClient,
                                                                     seed: int) -> None:
    body = _random_request(random.Random(seed))
    response = post(client, **body)
    assert response.status_code in (200, 422), response.json
    if response.status_code == 200:
        assert_legal(response.json)
    else:
        assert response.json["code"] in ("not_a_meld", "duplicate_card"), response.json


# -- the advised action, as a request body --------------------------------------------------------

def test_the_contracts_are_listed_hand_by_hand(client: FlaskClient) -> None:
    response = client.get("/v1/continental/contracts")
    assert response.status_code == 200
    assert response.json["contracts"] == [
        {"hand": c.hand, "trios": c.trios, "runs": c.runs, "name": c.name} for c in CONTRACTS.values()]


def test_the_advised_action_is_the_request_body_of_the_step(client: FlaskClient) -> None:
    turn = advice(client, hand=["4h", "Jk", "6h", "7h", "Kc", "Kd", "Ks", "2c", "9d"], hand_number=2,
                  table=[["5s", "6s", "7s", "8s"]], discard_top="Kh", seen=["Ks"])
    assert turn["action"] == {"type": "drop", "melds": [m["cards"] for m in turn["drop"]]}
    assert turn["buy_action"] == {"type": "pass"}
    before = advice(client, hand=["7c", "7d", "9h", "9s", "Ks", "2c", "4d"], hand_number=1, drawn=False,
                    discard_top="7h")
    assert before["action"] == {"type": "draw", "source": "discard"} and before["take_discard"]["advised"]
    assert before["buy_action"] == {"type": "buy"}
    assert advice(client, hand=["7c", "7d", "9h", "9s", "Ks", "2c", "4d"], hand_number=1,
                  drawn=False)["buy_action"] is None
    swap = advice(client, hand=["5h", "9c"], hand_number=2, dropped=True, table=[["Jk", "6h", "7h", "8h"]])
    assert swap["action"] == {"type": "swap_joker", "card": "5h", "meld": 0, "end": "high"}
    laid = advice(client, hand=["9h", "9c"], hand_number=2, dropped=True, table=[["5h", "6h", "7h", "8h"]])
    assert laid["action"] == {"type": "lay_off", "card": "9h", "meld": 0, "end": None}


def test_a_seat_played_by_sending_the_advised_actions_as_they_are(client: FlaskClient) -> None:
    """The page's way: the seat view → the advice request → its action, sent unchanged; every one
    is accepted, and the hand is played to its end (against an advisor bot)."""
    created = client.post("/v1/games", json={"game": "continental", "players": ["Ann", "Bot"],
                                             "bots": [None, "advisor"], "hands": 1, "seed": 4})
    assert created.status_code == 201, created.json
    game, token = created.json["id"], created.json["seats"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    kinds = set()
    for _ in range(200):
        view = client.get(f"/v1/games/{game}", headers=headers).json
        if view["is_over"]:
            break
        legal = {action["type"] for action in view["legal_actions"]}
        if not legal:
            continue
        offer = bool(legal & {"buy", "pass"})
        body = {"hand": [code.split("#")[0] for code in view["hand"]], "hand_number": view["hand_number"],
                "table": [[code.split("#")[0] for code in meld["cards"]] for meld in view["table"]],
                "dropped": view["dropped"][0], "drawn": not offer and view["step"] == "play"}
        if view["discard_top"] and not body["drawn"]:
            body["discard_top"] = view["discard_top"].split("#")[0]
        answer = advice(client, **body)
        action = answer["buy_action"] if offer else answer["action"]
        response = client.post(f"/v1/games/{game}/actions", json=action, headers=headers)
        assert response.status_code == 200, (action, response.json)
        kinds.add(action["type"])
    assert view["is_over"], "the hand ended"
    assert {"draw", "discard"} <= kinds
