"""Ramchi games over HTTP: tokens, views, actions (409 for rule breaks), idempotency,
optimistic concurrency, the log and disputes; on SQLite and, for several instances, PostgreSQL."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from rulesets.cards import DECK

SEED_GAME = {"players": ["Asha", "Bo", "Chen"], "hands": 1, "seed": 5, "dealer": 0}


def create(client: FlaskClient, **extra: Any) -> tuple[str, list[str], dict[str, Any]]:
    response = client.post("/v1/games", json=SEED_GAME | extra)
    assert response.status_code == 201, response.json
    body = response.json
    assert response.headers["Location"] == f"/v1/games/{body['id']}"
    return body["id"], [seat["token"] for seat in body["seats"]], body


def act(client: FlaskClient, game_id: str, token: str | None, **body: Any):  # type: ignore[no-untyped-def]
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(f"/v1/games/{game_id}/actions", json=body, headers=headers)


def holder_of_two(client: FlaskClient, game_id: str) -> int:
    return client.get(f"/v1/games/{game_id}").json["two_of_diamonds_holder"]


def test_create_gives_one_token_per_seat_and_a_public_view(client: FlaskClient) -> None:
    game_id, tokens, body = create(client)
    assert len(set(tokens)) == 3
    assert body["version"] == 0 and body["phase"] == "exchange" and body["chips"] == [0, 0, 0]
    public = client.get(f"/v1/games/{game_id}").json
    assert "hand" not in public and "seats" not in public


def test_seat_view_shows_only_own_hand(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    views = [client.get(f"/v1/games/{game_id}", headers={"Authorization": f"Bearer {t}"}).json
             for t in tokens]
    hands = [set(v["hand"]) for v in views]
    assert [len(h) for h in hands] == [17, 17, 17]
    assert not (hands[0] & hands[1]) and not (hands[1] & hands[2])
    assert [v["seat"] for v in views] == [0, 1, 2]


def test_explicit_deck_is_dealt_as_specified(client: FlaskClient) -> None:
    deck = [card.code for card in DECK]
    game_id, tokens, body = create(client, deck=deck, seed=None, dealer=2)
    assert body["up_card"] == deck[51]
    seat0 = client.get(f"/v1/games/{game_id}", headers={"Authorization": f"Bearer {tokens[0]}"}).json
    assert seat0["hand"][:2] == [deck[0], deck[3]]  # card j goes to seat (dealer + 1 + j) mod 3


def test_bad_deck_is_422_naming_the_card(client: FlaskClient) -> None:
    deck = [card.code for card in DECK]
    deck[10] = deck[0]
    response = client.post("/v1/games", json=SEED_GAME | {"deck": deck})
    assert response.status_code == 422 and response.json["code"] == "duplicate_card"
    assert response.json["errors"][0]["pointer"] == "/deck/10"


def test_bad_ruleset_option_is_422(client: FlaskClient) -> None:
    response = client.post("/v1/games", json=SEED_GAME | {"options": {"tie_goes_to": "middle"}})
    assert response.status_code == 422 and response.json["code"] == "invalid_ruleset"


def test_tokens_are_checked(client: FlaskClient) -> None:
    game_id, _tokens, _ = create(client)
    _other_id, other_tokens, _ = create(client)
    assert act(client, game_id, None, type="keep").status_code == 401
    assert act(client, game_id, "not-a-token", type="keep").status_code == 403
    assert act(client, game_id, other_tokens[0], type="keep").status_code == 403
    assert client.get(f"/v1/games/{game_id}", headers={"Authorization": "Basic abc"}).status_code == 401
    assert client.get("/v1/games/nope").json["code"] == "game_not_found"


def test_illegal_action_is_409_naming_the_rule(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    holder = holder_of_two(client, game_id)
    other = (holder + 1) % 3
    response = act(client, game_id, tokens[other], type="exchange")
    assert response.status_code == 409 and response.json["code"] == "wrong_seat"
    assert "2♦" in response.json["rule"]
    response = act(client, game_id, tokens[other], type="arrange", combinations=[])
    assert response.status_code == 409 and response.json["code"] == "wrong_phase"


def test_unreadable_card_in_an_action_is_422(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    act(client, game_id, tokens[holder_of_two(client, game_id)], type="keep")
    response = act(client, game_id, tokens[0], type="arrange", combinations=[["As", "Ax", "Ah"]])
    assert response.status_code == 422 and response.json["code"] == "invalid_card"
    assert response.json["errors"][0]["pointer"] == "/combinations/0/1"


def test_stale_expected_version_is_409(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    holder = holder_of_two(client, game_id)
    assert act(client, game_id, tokens[holder], type="keep", expected_version=0).status_code == 200
    response = act(client, game_id, tokens[0], type="arrange", combinations=[], expected_version=0)
    assert response.status_code == 409 and response.json["code"] == "stale_version"


def test_repeated_action_id_returns_the_first_answer_without_applying_twice(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    act(client, game_id, tokens[holder_of_two(client, game_id)], type="keep")
    first = act(client, game_id, tokens[0], type="arrange", combinations=[], action_id="a-1")
    again = act(client, game_id, tokens[0], type="arrange", combinations=[], action_id="a-1")
    assert first.status_code == again.status_code == 200
    assert first.json == again.json
    assert client.get(f"/v1/games/{game_id}").json["version"] == 2
    different = act(client, game_id, tokens[0], type="keep", action_id="a-1")
    assert different.status_code == 409 and different.json["code"] == "action_id_reused"


def play_to_the_end(client: FlaskClient, game_id: str, tokens: list[str]) -> None:
    act(client, game_id, tokens[holder_of_two(client, game_id)], type="keep")
    for seat in range(3):
        hand = client.get(f"/v1/games/{game_id}", headers={"Authorization": f"Bearer {tokens[seat]}"}).json
        combos = simple_combinations(hand["hand"])
        response = act(client, game_id, tokens[seat], type="arrange", combinations=combos)
        assert response.status_code == 200, response.json


def simple_combinations(hand: list[str]) -> list[list[str]]:
    """Up to five flushes or unrelated triples, found greedily (any legal arrangement will do)."""
    from itertools import combinations

    from rulesets.cards import parse_cards
    from rulesets.ramchi.combinations import classify

    left = list(parse_cards(hand))
    chosen: list[list[str]] = []
    while len(chosen) < 5:
        found = next((c for c in combinations(left, 3) if classify(c).is_combination), None)
        if found is None:
            break
        chosen.append([card.code for card in found])
        left = [card for card in left if card not in found]
    return chosen


def test_log_is_redacted_while_the_hand_runs_and_full_after(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    running = client.get(f"/v1/games/{game_id}/log").json
    assert running["complete"] is False and "seed" not in running["config"]
    assert running["log"][0]["deck"] is None
    play_to_the_end(client, game_id, tokens)
    full = client.get(f"/v1/games/{game_id}/log").json
    assert full["complete"] is True and full["config"]["seed"] == 5
    assert len(full["log"][0]["deck"]) == 52
    kinds = [record["kind"] for record in full["log"]]
    assert "round_played" in kinds and kinds[-1] == "game_ended"
    state = client.get(f"/v1/games/{game_id}").json
    assert sum(state["chips"]) == 0 and state["is_over"]


def test_dispute_confirms_a_real_log_and_finds_a_tampered_one(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client)
    play_to_the_end(client, game_id, tokens)
    full = client.get(f"/v1/games/{game_id}/log").json
    verdict = client.post("/v1/disputes", json={"config": full["config"], "log": full["log"]}).json
    assert verdict["legal"] is True
    assert verdict["chips"] == client.get(f"/v1/games/{game_id}").json["chips"]
    tampered = [dict(r) for r in full["log"]]
    arrange = next(i for i, r in enumerate(tampered) if r["kind"] == "arrange")
    tampered[arrange]["combinations"] = [["As", "Ad", "Ah"]]
    verdict = client.post("/v1/disputes", json={"config": full["config"], "log": tampered}).json
    assert verdict["legal"] is False and verdict["index"] == arrange and verdict["rule"]


def race(apps: tuple[Flask, Flask], game_id: str, tokens: list[str], version: int) -> list[int]:
    """Seats 0 and 1 arrange at the same moment (through ``apps[0]`` and ``apps[1]``) against the
    same version; returns the sorted statuses."""
    statuses: list[int] = []
    barrier = threading.Barrier(2)

    def one(seat: int) -> None:
        client = apps[seat].test_client()
        barrier.wait()
        statuses.append(act(client, game_id, tokens[seat], type="arrange", combinations=[],
                            expected_version=version).status_code)

    threads = [threading.Thread(target=one, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(statuses)


def test_two_concurrent_actions_never_both_apply_sqlite(app: Flask) -> None:
    client = app.test_client()
    for _ in range(5):
        game_id, tokens, _ = create(client)
        act(client, game_id, tokens[holder_of_two(client, game_id)], type="keep")
        assert race((app, app), game_id, tokens, version=1) == [200, 409]
        assert client.get(f"/v1/games/{game_id}").json["version"] == 2


@pytest.mark.postgres
def test_postgres_two_instances_share_games_and_serialise_actions(
    postgres_apps: tuple[Flask, Flask],
) -> None:
    first, second = postgres_apps
    for _ in range(5):
        game_id, tokens, _ = create(first.test_client())
        assert second.test_client().get(f"/v1/games/{game_id}").json["id"] == game_id
        holder = holder_of_two(second.test_client(), game_id)
        assert act(second.test_client(), game_id, tokens[holder], type="keep").status_code == 200
        assert race(postgres_apps, game_id, tokens, version=1) == [200, 409]
        assert first.test_client().get(f"/v1/games/{game_id}").json["version"] == 2


def test_rounds_played_so_far_are_public_across_hands(client: FlaskClient) -> None:
    game_id, tokens, _ = create(client, hands=2)
    play_to_the_end(client, game_id, tokens)
    state = client.get(f"/v1/games/{game_id}").json
    assert state["hand_number"] == 2 and state["phase"] in ("exchange", "arrange")
    assert state["rounds"] and {r["hand"] for r in state["rounds"]} == {1}
    assert state["last_hand"]["hand"] == 1


def test_two_instances_on_one_database_never_serve_a_stale_cached_game(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    first = create_app({"AUTO_MIGRATE": True, "DATABASE_URL": url, "SOLVER_PROCESSES": 0}).test_client()
    second = create_app({"AUTO_MIGRATE": True, "DATABASE_URL": url, "SOLVER_PROCESSES": 0}).test_client()
    game_id, tokens, _ = create(first)
    assert second.get(f"/v1/games/{game_id}").json["version"] == 0  # second instance caches v0
    act(first, game_id, tokens[holder_of_two(first, game_id)], type="keep")
    assert second.get(f"/v1/games/{game_id}").json["version"] == 1
    response = act(second, game_id, tokens[0], type="arrange", combinations=[], expected_version=1)
    assert response.status_code == 200
    assert first.get(f"/v1/games/{game_id}").json["arranged"] == [True, False, False]


def test_games_dispatch_through_the_registry_by_the_stored_kind(client: FlaskClient) -> None:
    document = client.get("/openapi.json").json["components"]["schemas"]
    assert document["RamchiGameCreate"]["properties"]["game"]["enum"] == ["ramchi"]
    assert document["ContinentalGameCreate"]["properties"]["game"]["enum"] == ["continental"]
    assert [v["properties"]["type"]["enum"] for v in document["RamchiActionRequest"]["oneOf"]] \
        == [["exchange"], ["keep"], ["arrange"], ["replace_by_bot"]]
    unknown = client.post("/v1/games", json=SEED_GAME | {"game": "chess"})
    assert unknown.status_code == 422 and unknown.json["errors"] == [
        {"pointer": "/game", "detail": "Must be one of: ramchi, continental."}]
    game_id, tokens, body = create(client, game="ramchi")
    assert body["game"] == "ramchi"
    holder = holder_of_two(client, game_id)
    answer = act(client, game_id, tokens[holder], type="keep")
    assert answer.status_code == 200 and answer.json["state"]["game"] == "ramchi"
    assert client.get(f"/v1/games/{game_id}/log").json["game"] == "ramchi"
