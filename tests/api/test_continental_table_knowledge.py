"""``POST /v1/continental/advice`` told what is public about the table: ``discards`` (the pile)
and ``other_players`` (hand sizes, drops, cards picked up or bought and still held).

The proof: those cards are not in the stock exactly as ``seen`` counts them (random splits of
the same cards between ``seen``, ``discards`` and the other players give the same advice, and
the outs lose the copies listed, counted by the test on its own); then each refusal with its
pointer: a pile whose top is not ``discard_top``, a card given more often than the decks hold
it, a hand size the rules cannot produce, more players than the table seats.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

HAND = ["2c", "5c", "6c", "8c", "Kd", "Kh", "9s", "4d"]
BASE: dict[str, Any] = {"hand": HAND, "hand_number": 2}
"""Hand 2 (a trio and a run) before the draw, two cards away: 7c, a King or a joker bring it closer."""


def advise(client: FlaskClient, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post("/v1/continental/advice", json=body)
    assert answer.status_code == 200, answer.json
    timeless = {key: value for key, value in answer.json.items() if key != "solve_ms"}
    if timeless["expected_points"] is not None:  # the rollouts' time too
        timeless["expected_points"] = {key: value for key, value in timeless["expected_points"].items()
                                       if key != "solve_ms"}
    return timeless


def refusal(client: FlaskClient, body: dict[str, Any]) -> tuple[str, str, str]:
    """The code, the first pointer and its detail of a 422 answer to ``body``."""
    answer = client.post("/v1/continental/advice", json=body)
    assert answer.status_code == 422, answer.json
    assert answer.content_type == "application/problem+json"
    error = answer.json["errors"][0]
    return answer.json["code"], error["pointer"], error["detail"]


def unseen_of(advice: dict[str, Any], card: str) -> int:
    return next((out["unseen"] for out in advice["outs"] if out["card"] == card), 0)


def test_cards_in_the_pile_and_held_by_others_are_not_outs(client: FlaskClient) -> None:
    plain = advise(client, BASE)
    told = advise(client, BASE | {"discards": ["Kc", "Ks"], "other_players": [
        {"hand_size": 9, "picked_up": ["7c"]}, {"hand_size": 10, "bought": ["Ks"]}]})
    assert unseen_of(plain, "Kc") == unseen_of(told, "Kc") + 1
    assert unseen_of(plain, "7c") == unseen_of(told, "7c") + 1
    assert unseen_of(plain, "Ks") == 2 and unseen_of(told, "Ks") == 0
    assert plain["outs_total"] == told["outs_total"] + 4


def test_discards_and_other_players_count_as_seen_counts(client: FlaskClient) -> None:
    """Random splits of known cards between seen, discards and the others' held cards: the advice
    is the advice with every one of them in seen (the exact advice: without the others there are
    no expected points to compare)."""
    rng = random.Random(21)
    deck = [f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "cdhs" for _ in range(2)] + ["Jk"] * 2
    for case in range(12):
        pool = list(deck)
        for card in HAND:
            pool.remove(card)
        known = rng.sample(pool, rng.randrange(1, 25))
        places = [rng.choice(["seen", "discards", "held0", "held1"]) for _ in known]
        kept = {place: [c for c, p in zip(known, places, strict=True) if p == place]
                for place in ("seen", "discards", "held0", "held1")}
        top = kept["discards"][-1] if kept["discards"] and case % 2 else None
        held0 = kept["held0"]
        others = [{"hand_size": 8 + len(held0), "picked_up": held0},
                  {"hand_size": 8 + 2 * len(kept["held1"]), "bought": kept["held1"]}]
        body = BASE | {"seen": kept["seen"], "discards": kept["discards"], "other_players": others,
                       "objective": "distance"}
        reference = BASE | {"seen": known, "objective": "distance"}
        if top is not None:
            body["discard_top"] = top
            reference = reference | {"discard_top": top, "seen": [c for c in known if c != top]
                                     + [c for c in known if c == top][1:]}
        assert advise(client, body) == advise(client, reference), (case, body)


def test_the_in_game_copy_codes_are_read_as_the_cards(client: FlaskClient) -> None:
    codes = BASE | {"discard_top": "Ks#2", "discards": ["3c#2", "Ks"],
                    "other_players": [{"hand_size": 9, "picked_up": ["7c#2"]}]}
    plain = BASE | {"discard_top": "Ks", "discards": ["3c", "Ks"],
                    "other_players": [{"hand_size": 9, "picked_up": ["7c"]}]}
    assert advise(client, codes) == advise(client, plain)


def test_the_top_of_the_pile_is_discard_top(client: FlaskClient) -> None:
    code, pointer, detail = refusal(client, BASE | {"discard_top": "7c", "discards": ["Qs", "7d"]})
    assert (code, pointer) == ("top_not_on_pile", "/discards/1")
    assert "7♦" in detail and "7♣" in detail
    empty = refusal(client, BASE | {"discard_top": "7c", "discards": []})
    assert empty[:2] == ("top_not_on_pile", "/discards")


def test_the_top_given_twice_is_counted_once(client: FlaskClient) -> None:
    both = advise(client, BASE | {"discard_top": "Ks", "discards": ["Ks"], "seen": ["Ks"]})
    assert unseen_of(both, "Ks") == 0
    three = refusal(client, BASE | {"discard_top": "Ks", "discards": ["Ks"], "seen": ["Ks", "Ks"]})
    assert three[:2] == ("duplicate_card", "/seen/1")


@pytest.mark.parametrize(("extra", "pointer"), [
    ({"discards": ["Kd", "Kd"]}, "/discards/1"),
    ({"other_players": [{"hand_size": 9, "picked_up": ["Kh", "Kh"]}]}, "/other_players/0/picked_up/1"),
    ({"discards": ["9s"], "other_players": [{"hand_size": 10, "bought": ["9s"]}]},
     "/other_players/0/bought/0"),
    ({"other_players": [{"hand_size": 9, "picked_up": ["Jk"]}, {"hand_size": 10, "bought": ["Jk"]}],
      "seen": ["Jk"]}, "/seen/0"),
])
def test_no_card_more_often_than_the_decks_hold_it(client: FlaskClient, extra: dict[str, Any],
                                                   pointer: str) -> None:
    code, got, _detail = refusal(client, BASE | extra)
    assert (code, got) == ("duplicate_card", pointer)


@pytest.mark.parametrize(("other", "words"), [
    ({"hand_size": 7}, "8 cards dealt"),
    ({"hand_size": 9, "bought": ["Qs"]}, "at least 10, not 9"),
    ({"hand_size": 1, "dropped": True, "picked_up": ["Qs", "Qd"]}, "2 cards known"),
    ({"hand_size": 0, "dropped": True}, "until going out"),
])
def test_a_hand_size_the_rules_cannot_produce_is_refused(client: FlaskClient, other: dict[str, Any],
                                                         words: str) -> None:
    body = BASE | {"other_players": [{"hand_size": 8}, other]}
    code, pointer, detail = refusal(client, body)
    assert (code, pointer) == ("impossible_hand_size", "/other_players/1/hand_size")
    assert words in detail and "other player 2" in detail


def test_a_hand_size_is_plausible_after_the_drop_and_the_buys(client: FlaskClient) -> None:
    advise(client, BASE | {"other_players": [{"hand_size": 12, "bought": ["Qs", "Qd"]},
                                             {"hand_size": 1, "dropped": True}, {"hand_size": 9}]})
    advise(client, {"hand": HAND, "contract": {"trios": 1, "runs": 0},
                    "other_players": [{"hand_size": 2, "bought": ["Qs"]}]})


def test_the_hands_fit_in_the_decks(client: FlaskClient) -> None:
    body = BASE | {"discards": ["Qs"], "other_players": [{"hand_size": 30}] * 3 + [{"hand_size": 8}]}
    code, pointer, detail = refusal(client, body)
    assert (code, pointer) == ("impossible_hand_size", "/other_players/3/hand_size")
    assert "106" in detail
    untold = {key: value for key, value in body.items() if key != "discards"}
    advise(client, untold)  # the pile untold: the hands alone may not be too many


def test_no_more_other_players_than_the_table_seats(client: FlaskClient) -> None:
    five = [{"hand_size": 8}] * 5
    advise(client, BASE | {"other_players": five})
    assert refusal(client, BASE | {"other_players": [*five, {"hand_size": 8}]})[:2] == \
        ("too_many_players", "/other_players")
    advise(client, BASE | {"other_players": [*five, {"hand_size": 8}], "options": {"max_players": 7}})


def test_the_request_documents_the_new_fields(client: FlaskClient) -> None:
    schemas = client.get("/openapi.json").json["components"]["schemas"]
    request = schemas["ContinentalAdviceRequest"]["properties"]
    assert {"discards", "other_players", "seen"} <= set(request)
    other = schemas["ContinentalOtherPlayer"]
    assert other["required"] == ["hand_size"]
    assert "compatibility" in request["seen"]["description"]
