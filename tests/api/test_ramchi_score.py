"""POST /v1/ramchi/score: the answer for a hand played at a real table, and each refusal.

Refusals are one 409 ``illegal_lineups`` problem listing every problem (seat, pointer, code,
rule); each test is named after the rule it refuses. Malformed bodies are 422.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from rulesets.cards import DECK

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

SCORE = "/v1/ramchi/score"

AACES, SEVENS, KQJ_SPADES = ["As", "Ad", "Ah"], ["7s", "7d", "7h"], ["Ks", "Qs", "Js"]


def post(client: FlaskClient, lineups: list[list[list[str]]], dealer: int = 0, **more: Any) -> Any:
    return client.post(SCORE, json={"lineups": lineups, "dealer": dealer, **more})


def refused(client: FlaskClient, lineups: list[list[list[str]]], **more: Any) -> list[dict[str, Any]]:
    """The problems of a refused request (and check it is the one 409 problem it should be)."""
    response = post(client, lineups, **more)
    assert response.status_code == 409, response.json
    assert response.mimetype == "application/problem+json"
    problem = response.json
    assert problem["code"] == "illegal_lineups" and problem["type"] == "/problems/illegal_lineups"
    for error in problem["errors"]:
        assert error["detail"].startswith(f"seat {error['seat']}: ")
        assert error["detail"] in problem["detail"] and error["rule"] in problem["rule"]
        assert error["pointer"].startswith(("/lineups/", "/hands/"))
        assert "Card(" not in problem["detail"] and "Name(" not in problem["detail"]
    errors: list[dict[str, Any]] = problem["errors"]
    return errors


def where(errors: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(e["code"], e["pointer"]) for e in errors]


# -- the answer ---------------------------------------------------------------------------------


def test_rounds_say_who_won_and_why_and_the_chips(client: FlaskClient) -> None:
    answer = post(client, [[SEVENS], [AACES, ["4c", "5d", "6h"]], []], dealer=2).json
    first, second = answer["rounds"]
    assert (first["number"], first["leader"], first["winner"]) == (1, 0, 1)
    assert [(p["seat"], p["name"]) for p in first["plays"]] == [(0, "Three Sevens"), (1, "Three Aces")]
    assert first["why"] == ("seat 1 wins: Three Aces beats seat 0's Three Sevens; seat 2 has no "
                            "combination left and pays")
    assert second["why"] == ("seat 1 wins: the only seat still holding a combination (Straight "
                             "6-5-4); seats 0 and 2 have no combination left and pay")
    assert (first["out"], second["out"]) == ([2], [0, 2])
    assert answer["chips"] == [-3, 6, -3] and answer["next_dealer"] == 1
    assert answer["summary"] == ("chips: seat 0 −3, seat 1 +6, seat 2 −3; seat 1 won the last "
                                 "round (round 2) and deals next")


def test_a_tie_goes_to_the_combination_played_first_and_says_so(client: FlaskClient) -> None:
    lineups = [[["Ah", "2d", "3c"]], [["As", "2h", "3d"]], [["Kc", "Qd", "Jh"]]]
    first = post(client, lineups, dealer=0).json["rounds"][0]  # seat 1 leads, seat 0 plays last
    assert first["winner"] == 1
    assert "ties seat 0's Straight A-2-3, and a tie goes to the combination played first" in first["why"]
    last = post(client, lineups, dealer=0, options={"tie_goes_to": "last"}).json["rounds"][0]
    assert last["winner"] == 0 and "a tie goes to the combination played last" in last["why"]


def test_players_who_ran_out_do_not_pay_under_the_variant(client: FlaskClient) -> None:
    answer = post(client, [[AACES, SEVENS], [KQJ_SPADES], []], dealer=2,
                  options={"out_players_pay": False}).json
    assert answer["rounds"][1]["chips"] == [0, 0, 0]
    assert "seats 1 and 2 have no combination left and do not pay" in answer["rounds"][1]["why"]


def test_nobody_holding_a_combination_passes_the_deal(client: FlaskClient) -> None:
    answer = post(client, [[], [], []], dealer=2).json
    assert (answer["rounds"], answer["chips"], answer["next_dealer"]) == ([], [0, 0, 0], 0)


def _hands(*given: list[str]) -> list[list[str]]:
    """Three 17-card hands starting with the given cards, filled from the rest of the deck in
    deck order, each seat taking its turn (so no unwanted four of a kind)."""
    hands = [list(cards) for cards in given]
    taken = {card for cards in hands for card in cards}
    free = [card.code for card in DECK if card.code not in taken]
    seat = 0
    for card in free:
        if all(len(hand) >= 17 for hand in hands):
            break  # the last card is the up-card
        while len(hands[seat]) >= 17:
            seat = (seat + 1) % 3
        hands[seat].append(card)
        seat = (seat + 1) % 3
    return hands


def test_hands_give_the_discards(client: FlaskClient) -> None:
    hands = _hands(AACES, SEVENS, KQJ_SPADES)
    answer = post(client, [[AACES], [SEVENS], [KQJ_SPADES]], hands=hands).json
    assert answer["four_of_a_kind"] is None and answer["rounds"][0]["winner"] == 0
    assert answer["discards"] == [hand[3:] for hand in hands]


def test_four_of_a_kind_wins_the_hand_outright(client: FlaskClient) -> None:
    hands = _hands(["As", "Ad", "Ah", "Ac"], ["Ks", "Kd", "Kh", "Kc"], ["Qs", "Js", "Ts"])
    answer = post(client, [[AACES], [], [["Qs", "Js", "Ts"]]], dealer=1, hands=hands)
    assert answer.status_code == 200, answer.json
    scored = answer.json
    assert scored["rounds"] == [] and scored["chips"] == [8, -4, -4] and scored["next_dealer"] == 0
    four = scored["four_of_a_kind"]
    assert (four["seat"], four["rank"], four["cards"]) == (0, "A", ["Ac", "Ad", "Ah", "As"])
    assert four["why"].startswith("seat 0 holds four Aces (it beats seat 1's four Kings): the hand "
                                  "is not played")
    off = post(client, [[AACES], [], [["Qs", "Js", "Ts"]]], dealer=1, hands=hands,
               options={"four_of_a_kind": False}).json
    assert off["four_of_a_kind"] is None and off["rounds"][0]["winner"] == 0


def test_cards_are_read_leniently(client: FlaskClient) -> None:
    answer = post(client, [[["a♠", "AD", "ah"]], [["10h", "jh", "QH"]], []])
    assert answer.status_code == 200, answer.json
    plays = {play["seat"]: play["cards"] for play in answer.json["rounds"][0]["plays"]}
    assert plays == {0: ["As", "Ah", "Ad"], 1: ["Qh", "Jh", "Th"]}


# -- refusals, one per rule ---------------------------------------------------------------------


def test_a_lineup_not_played_strongest_first_is_refused(client: FlaskClient) -> None:
    errors = refused(client, [[], [["4c", "5d", "6h"], AACES], []])
    assert where(errors) == [("not_strongest_first", "/lineups/1/1")]
    assert errors[0]["detail"] == ("seat 1: combination 2, Three Aces, is stronger than "
                                   "combination 1, Straight 6-5-4, which is played before it; a "
                                   "lineup is played strongest first")
    assert "strongest first" in errors[0]["rule"]


def test_equal_combinations_may_come_in_either_order(client: FlaskClient) -> None:
    assert post(client, [[["Ah", "2d", "3c"], ["As", "2h", "3s"]], [], []]).status_code == 200


def test_a_card_in_two_lineups_is_refused(client: FlaskClient) -> None:
    errors = refused(client, [[AACES], [], [["Ks", "Qs", "As"]]])
    assert where(errors) == [("lineups_overlap", "/lineups/2/0/2")]
    assert errors[0]["detail"] == ("seat 2: As in combination 1 is also in seat 0's combination 1; "
                                   "there is only one As in the deck")


def test_a_card_twice_in_one_lineup_is_refused(client: FlaskClient) -> None:
    errors = refused(client, [[AACES, ["As", "Ks", "Qs"]], [], []])
    assert where(errors) == [("duplicate_card", "/lineups/0/1/0")]
    errors = refused(client, [[["As", "as", "Ad"]], [], []])
    assert ("duplicate_card", "/lineups/0/0/1") in where(errors)


def test_a_combination_of_other_than_three_cards_is_refused(client: FlaskClient) -> None:
    errors = refused(client, [[["As", "Ad"]], [["Ks", "Kd", "Kh", "Kc"]], []])
    assert where(errors) == [("wrong_card_count", "/lineups/0/0"), ("wrong_card_count", "/lineups/1/0")]
    assert errors[0]["detail"] == "seat 0: combination 1 has 2 cards; a combination is exactly 3 cards"


def test_three_cards_that_are_no_combination_are_refused(client: FlaskClient) -> None:
    errors = refused(client, [[], [], [KQJ_SPADES, ["7h", "7c", "Kd"]]])
    assert where(errors) == [("not_a_combination", "/lineups/2/1")]
    assert errors[0]["detail"] == ("seat 2: combination 2 (Kd 7h 7c) is not a combination: K-7-7 "
                                   "has a pair (two Sevens): no combination holds a pair")


def test_more_than_five_combinations_are_refused(client: FlaskClient) -> None:
    six = [["2c", "3c", "5c"], ["6d", "7d", "8d"], ["9h", "Th", "Jh"], ["Qs", "Ks", "As"],
           ["2d", "3d", "5d"], ["6h", "7h", "8h"]]
    six.sort(key=lambda combo: combo[0])  # any order: only the count is looked at here
    errors = refused(client, [[], six, []])
    assert ("too_many_combinations", "/lineups/1") in where(errors)


def test_a_card_not_in_the_seats_hand_is_refused(client: FlaskClient) -> None:
    hands = _hands(AACES, SEVENS, [])
    errors = refused(client, [[AACES], [["Ks", "Qs", "Js"]], []], hands=hands)
    missing = [e for e in errors if e["code"] == "card_not_in_hand"]
    assert {e["pointer"] for e in missing} <= {"/lineups/1/0/0", "/lineups/1/0/1", "/lineups/1/0/2"}
    assert missing and all(" is not in their hand" in e["detail"] for e in missing)


def test_hands_of_other_than_17_cards_or_sharing_a_card_are_refused(client: FlaskClient) -> None:
    hands = _hands([], [], [])
    hands[0] = hands[0][:16]
    hands[2][0] = hands[1][0]
    errors = refused(client, [[], [], []], hands=hands)
    assert where(errors) == [("wrong_card_count", "/hands/0"), ("duplicate_card", "/hands/2/0")]


def test_every_problem_is_reported_at_once(client: FlaskClient) -> None:
    errors = refused(client, [[["4c", "5d", "6h"], AACES], [["As", "Kd"]], [["7h", "7c", "Kd"]]])
    assert where(errors) == [
        ("not_strongest_first", "/lineups/0/1"), ("wrong_card_count", "/lineups/1/0"),
        ("lineups_overlap", "/lineups/1/0/0"), ("not_a_combination", "/lineups/2/0"),
        ("lineups_overlap", "/lineups/2/0/2")]
    assert {e["seat"] for e in errors} == {0, 1, 2}


def test_the_problem_pages_exist(client: FlaskClient) -> None:
    for code in ("illegal_lineups", "not_strongest_first"):
        page = client.get(f"/problems/{code}")
        assert page.status_code == 200 and page.json["status"] == 409


# -- malformed bodies ---------------------------------------------------------------------------


def test_malformed_bodies_are_422_with_pointers(client: FlaskClient) -> None:
    cases = [
        ({"lineups": [[], []], "dealer": 0}, "invalid_request", "/lineups"),
        ({"lineups": [[], [], []], "dealer": 3}, "invalid_request", "/dealer"),
        ({"lineups": [[], [], []]}, "invalid_request", "/dealer"),
        ({"lineups": [[["As", "Ad", "Ax"]], [], []], "dealer": 0}, "invalid_card", "/lineups/0/0/2"),
        ({"lineups": [[], [], []], "dealer": 0, "hands": [["As", "Jk"], [], []]}, "invalid_card",
         "/hands/0/1"),
        ({"lineups": [[], [], []], "dealer": 0, "options": {"tie_goes_to": "middle"}},
         "invalid_ruleset", "/options/tie_goes_to"),
        ({"lineups": [[], [], []], "dealer": 0, "ruleset": "continental"}, "invalid_ruleset", None),
    ]
    for sent, code, pointer in cases:
        response = client.post(SCORE, json=sent)
        assert response.status_code == 422, (sent, response.json)
        assert response.json["code"] == code, (sent, response.json)
        if pointer is not None:
            assert pointer in [e["pointer"] for e in response.json["errors"]], response.json
