"""No card a seat may not know yet is ever shown to it: an invariant over random games.

After every action of 500 random games (1-3 hands, exchange on or off, four of a kind on or off,
random refusals, retried and borrowed action_ids) every answer, view and log that each seat and
the public receives is scanned with :mod:`tests.api.leak_check`, and now and then every seat's
advice in the game (``GET /v1/games/{id}/advice``) too. Then one test per leak found by
the outsider's review, named after it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.leak_check import Table, cards_in
from tests.api.random_play import play_and_watch, random_deck

GAMES = 500
CHUNKS = 10
ADVICE = 0.05
"""The chance, before an action of the slow tier's games, that every seat asks for advice."""


def sender(client: FlaskClient):  # type: ignore[no-untyped-def]
    def send(method: str, path: str, token: str | None, body: dict[str, Any] | None) -> tuple[int, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = client.open(path, method=method, json=body, headers=headers)
        return response.status_code, response.json

    return send


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_never_show_a_seat_a_card_it_may_not_know(client: FlaskClient, chunk: int) -> None:
    send = sender(client)
    totals = {"actions": 0, "refusals": 0, "replays": 0, "answers": 0}
    for game in range(chunk, GAMES, CHUNKS):
        counts = play_and_watch(send, random.Random(game), advice=ADVICE)
        for key, value in counts.items():
            totals[key] = totals.get(key, 0) + value
    assert totals["actions"] >= 4 * GAMES // CHUNKS and totals["refusals"] > 0 and totals["replays"] > 0
    assert totals["advice"] > 0


def test_a_few_random_games_in_the_fast_tier(client: FlaskClient) -> None:
    send = sender(client)
    advised = 0
    for game in range(5):
        advised += play_and_watch(send, random.Random(10_000 + game),
                                  advice=0.3 if game < 2 else 0.0)["advice"]
    assert advised > 0


def test_the_scanner_finds_a_running_hands_deck() -> None:
    deck = random_deck(random.Random(1))
    table = Table(decks=[deck, deck], exchange_on=True, hand=2)
    leaked = {"events": [{"kind": "hand_ended", "hand": 1},
                         {"kind": "hand_dealt", "hand": 2, "dealer": 0, "deck": deck}]}
    assert len(table.leaks(leaked, seat=0, hand=1)) == 52 - len(table.known(0)) >= 33
    assert table.leaks({"events": [{"kind": "hand_dealt", "hand": 1, "deck": deck}]}, 0) == []
    assert table.leaks({"detail": f"seat 2 holds {deck[1]}"}, 0) == [f"{deck[1]} of hand 2 (running hand 2)"]
    assert list(cards_in({"hand_number": 3, "hand": ["As"]}, None)) == [(3, "As")]


# -- one test per finding ------------------------------------------------------------------------

def _new_game(client: FlaskClient, **extra: Any) -> tuple[str, list[str], dict[str, Any]]:
    body = {"players": ["Asha", "Bo", "Chen"], "hands": 2, "seed": 5, "dealer": 0} | extra
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.json
    return response.json["id"], [s["token"] for s in response.json["seats"]], response.json


def _post(client: FlaskClient, game_id: str, token: str, **body: Any) -> Any:
    return client.post(f"/v1/games/{game_id}/actions", json=body,
                       headers={"Authorization": f"Bearer {token}"})


def test_finding_1_the_answer_that_ends_a_hand_does_not_show_the_next_deck(client: FlaskClient) -> None:
    game_id, tokens, created = _new_game(client)
    holder = created["two_of_diamonds_holder"]
    assert _post(client, game_id, tokens[holder], type="keep").status_code == 200
    for seat in range(3):
        answer = _post(client, game_id, tokens[seat], type="arrange", combinations=[]).json
    dealt = [e for e in answer["events"] if e["kind"] == "hand_dealt"]
    assert [e["hand"] for e in dealt] == [2]
    assert dealt[0]["deck"] is None and len(dealt[0]["cards"]) == 17
    own = client.get(f"/v1/games/{game_id}", headers={"Authorization": f"Bearer {tokens[2]}"}).json
    assert sorted(dealt[0]["cards"]) == sorted(own["hand"])
    hand_one = [e for e in answer["events"] if e.get("hand") == 1 and e["kind"] == "hand_ended"]
    assert hand_one, "the hand that ended is shown in full"


def test_finding_2_a_stored_answer_is_never_served_to_another_seat(client: FlaskClient) -> None:
    game_id, tokens, created = _new_game(client)
    holder = created["two_of_diamonds_holder"]
    first = _post(client, game_id, tokens[holder], type="keep", action_id="mine")
    assert first.status_code == 200
    other = (holder + 1) % 3
    borrowed = _post(client, game_id, tokens[other], type="keep", action_id="mine")
    assert borrowed.status_code == 409 and borrowed.json["code"] == "wrong_phase"
    assert "state" not in borrowed.json


def test_finding_2_an_action_without_action_id_is_never_replayable(client: FlaskClient) -> None:
    game_id, tokens, created = _new_game(client)
    holder = created["two_of_diamonds_holder"]
    assert _post(client, game_id, tokens[holder], type="keep").status_code == 200
    for guess in ("auto-1", "auto-0", "1", ""):
        response = _post(client, game_id, tokens[(holder + 1) % 3], type="keep", action_id=guess)
        assert response.status_code in (409, 422) and "state" not in response.json, guess
    again = _post(client, game_id, tokens[holder], type="keep", action_id="auto-1")
    assert again.status_code == 409 and again.json["code"] == "wrong_phase"


def test_the_two_of_diamonds_holder_is_hidden_when_the_exchange_is_off(client: FlaskClient) -> None:
    game_id, _tokens, created = _new_game(client, options={"exchange": False})
    assert created["two_of_diamonds_holder"] is None
    assert client.get(f"/v1/games/{game_id}").json["two_of_diamonds_holder"] is None
