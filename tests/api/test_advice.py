"""The solver over HTTP: /v1/ramchi/advice and /v1/ramchi/hindsight."""

from __future__ import annotations

from flask.testing import FlaskClient

from rulesets.cards import full_deck, parse_cards
from rulesets.ramchi.combinations import classify
from rulesets.ramchi.scoring import round_stake

HAND = ["As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c", "6h", "2d"]


def assert_legal_answer(body: dict) -> None:
    used = [card for combo in body["combinations"] for card in combo["cards"]]
    assert sorted(used + body["discards"]) == sorted(HAND) or body["exchange"]["recommended"]
    strengths = [classify(parse_cards(c["cards"])).strength for c in body["combinations"]]
    assert strengths == sorted(strengths, reverse=True)
    assert [c["round"] for c in body["combinations"]] == list(range(1, len(strengths) + 1))


def test_maximin_advice(client: FlaskClient) -> None:
    response = client.post("/v1/ramchi/advice", json={"hand": HAND, "objective": "maximin"})
    assert response.status_code == 200, response.json
    body = response.json
    assert len(body["combinations"]) == 5 and len(body["discards"]) == 2
    assert body["expected_chips"] is None and body["exchange"]["possible"] is False
    assert_legal_answer(body)
    assert body["explanation"] and body["solve_ms"] >= 0


def test_ev_advice_is_reproducible_and_compares_the_exchange(client: FlaskClient) -> None:
    request = {"hand": HAND, "up_card": "Ks", "samples": 60, "seed": 3}
    first = client.post("/v1/ramchi/advice", json=request).json
    again = client.post("/v1/ramchi/advice", json=request).json
    assert first["combinations"] == again["combinations"]
    assert first["expected_chips"] == again["expected_chips"]
    assert first["standard_error"] > 0
    exchange = first["exchange"]
    assert exchange["possible"] is True
    assert exchange["expected_chips_if_kept"] is not None
    assert exchange["expected_chips_if_exchanged"] is not None
    assert all(0 <= c["win_probability"] <= 1 for c in first["combinations"])


def test_advice_refuses_bad_hands_and_limits(client: FlaskClient) -> None:
    response = client.post("/v1/ramchi/advice", json={"hand": HAND[:16]})
    assert response.status_code == 422 and response.json["code"] == "wrong_card_count"
    response = client.post("/v1/ramchi/advice", json={"hand": HAND, "up_card": "As"})
    assert response.status_code == 422
    response = client.post("/v1/ramchi/advice", json={"hand": HAND, "samples": 10**6})
    assert response.status_code == 422 and response.json["code"] == "limit_exceeded"
    response = client.post("/v1/ramchi/advice", json={"hand": HAND, "opponents": "solver",
                                                       "samples": 1000})
    assert response.status_code == 422 and response.json["code"] == "limit_exceeded"


def test_known_cards_are_dealt_to_their_seat_in_every_sample(client: FlaskClient) -> None:
    """With every unseen card known (17 in each opponent's hand) and the dealer given, every
    sample is the same deal: the advice has no sampling error, and equals the advice told the
    same hands in the other order of the entries."""
    others = [card.code for card in full_deck() if card.code not in HAND and card.code != "Ks"]
    known = [{"seat": 1, "cards": others[:17]}, {"seat": 2, "cards": others[17:]}]
    request = {"hand": HAND, "up_card": "Ks", "samples": 20, "opponents": "greedy", "dealer": 2,
               "options": {"exchange": False}}
    told = client.post("/v1/ramchi/advice", json=request | {"known": known})
    assert told.status_code == 200, told.json
    assert told.json["standard_error"] == 0.0
    assert all(c["win_probability"] in (0.0, 1.0) for c in told.json["combinations"])
    swapped = client.post("/v1/ramchi/advice", json=request | {"known": known[::-1]}).json
    assert swapped["expected_chips"] == told.json["expected_chips"]
    untold = client.post("/v1/ramchi/advice", json=request).json
    assert untold["standard_error"] > 0


def test_known_cards_that_cannot_be_are_422_pointing_at_them(client: FlaskClient) -> None:
    cases = [([{"seat": 0, "cards": ["Jh"]}], "/known/0/seat"),
             ([{"seat": 1, "cards": ["Jh", "As"]}], "/known/0/cards/1"),
             ([{"seat": 1, "cards": ["Ks"]}], "/known/0/cards/0"),
             ([{"seat": 1, "cards": ["Jh"]}, {"seat": 2, "cards": ["Jh"]}], "/known/1/cards/0"),
             ([{"seat": 1, "cards": ["Jh"]}, {"seat": 1, "cards": ["Qh"]}], "/known/1/seat"),
             ([{"seat": 1, "cards": ["Jx"]}], "/known/0/cards/0")]
    for known, pointer in cases:
        response = client.post("/v1/ramchi/advice", json={"hand": HAND, "up_card": "Ks",
                                                           "objective": "maximin", "known": known})
        assert response.status_code == 422, (known, response.json)
        assert response.json["errors"][0]["pointer"] == pointer, (known, response.json)
        assert "Card(" not in response.json["detail"]


def test_hindsight_finds_the_best_lineup_and_the_difference(client: FlaskClient) -> None:
    body = {"hand": HAND, "seat": 0, "dealer": 2,
            "lineups": {"1": [["Kd", "Kh", "Ks"]], "2": [["9c", "8c", "7c"]]},
            "played": [["As", "Ad", "Ah"]]}
    response = client.post("/v1/ramchi/hindsight", json=body)
    assert response.status_code == 200, response.json
    result = response.json
    # Three Aces win round 1; alone afterwards, four more combinations win rounds 2-5.
    assert result["chips"] == 2 * (1 + 2 + 3 + 4 + 5)
    assert result["played_chips"] == 2 and result["difference"] == 28


def test_hindsight_refuses_overlapping_lineups(client: FlaskClient) -> None:
    body = {"hand": HAND, "seat": 0, "dealer": 2, "lineups": {"1": [["As", "Kh", "Qs"]]}}
    response = client.post("/v1/ramchi/hindsight", json=body)
    assert response.status_code == 422


def test_each_planned_round_says_what_it_pays_from_the_ruleset(client: FlaskClient) -> None:
    body = client.post("/v1/ramchi/advice", json={"hand": HAND, "up_card": "Ks", "samples": 20}).json
    lineups = [body["combinations"], *(alternative["combinations"] for alternative in body["alternatives"])]
    assert len(lineups) > 1
    for lineup in lineups:
        assert [c["stake"] for c in lineup] == [round_stake(c["round"]) for c in lineup]
    assert [c["stake"] for c in body["combinations"]] == [1, 2, 3, 4, 5]
