"""Over HTTP, a game created twice with the same seed and bots, and sent the same actions, plays the
same: its bots draw their chance from the seed (:mod:`api.bot_runner`), not from a fresh secret."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from sqlalchemy import select, update

from api import game_store

GAMES = {
    "continental": {"game": "continental", "players": ["Ann", "Rand", "Adv"],
                    "bots": [None, "random", "advisor"], "seed": 5, "hands": 1},
    "ramchi": {"players": ["Ann", "Greedy", "Maximin"], "bots": [None, "greedy", "maximin"], "seed": 5,
               "hands": 2},
}


def create(client: FlaskClient, body: dict[str, Any]) -> tuple[str, str]:
    created = client.post("/v1/games", json=body)
    assert created.status_code == 201, created.json
    return created.json["id"], created.json["seats"][0]["token"]


def log(client: FlaskClient, game_id: str, token: str) -> list[dict[str, Any]]:
    return client.get(f"/v1/games/{game_id}/log", headers={"Authorization": f"Bearer {token}"}).json["log"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_created_twice_with_the_same_seed_plays_the_same_with_its_bots(client: FlaskClient,
                                                                               name: str) -> None:
    games = [create(client, GAMES[name]) for _ in range(2)]
    assert log(client, *games[0]) == log(client, *games[1])  # the bots' first actions alike
    logs = play_on(client, games, 60)
    assert logs[0] == logs[1]
    assert any(record.get("kind") in ("discard", "arrange") and record.get("seat") != 0 for record in logs[0])


def play_on(client: FlaskClient, games: list[tuple[str, str]], steps: int) -> list[list[dict[str, Any]]]:
    """Let seat 0 of each game send the last of its legal actions, ``steps`` times (games alike
    are sent the same actions); return their logs."""
    for game_id, token in games:
        headers = {"Authorization": f"Bearer {token}"}
        for _ in range(steps):
            state = client.get(f"/v1/games/{game_id}", headers=headers).json
            if state["is_over"]:
                break
            body = {key: value for key, value in state["legal_actions"][-1].items() if key != "choose"}
            sent = client.post(f"/v1/games/{game_id}/actions", json=body, headers=headers)
            assert sent.status_code == 200, (body, sent.json)
    return [log(client, game_id, token) for game_id, token in games]


def store_bot_secret(app: Any, game_id: str, secret: int) -> None:
    """Make the game one stored before the bots drew from the seed: settings with a ``bot_secret``."""
    engine = app.extensions[game_store.ENGINE]
    with engine.begin() as connection:
        settings = connection.execute(select(game_store.games.c.settings)
                                      .where(game_store.games.c.id == game_id)).scalar_one()
        connection.execute(update(game_store.games).where(game_store.games.c.id == game_id)
                           .values(settings=settings | {"bot_secret": secret}))


def test_a_game_stored_with_a_bot_secret_keeps_drawing_from_it(app: Any, client: FlaskClient) -> None:
    body = GAMES["continental"] | {"bots": [None, "random", "random"]}
    games = [create(client, body) for _ in range(3)]
    for (game_id, _), secret in zip(games, (11, 11, 12), strict=True):
        store_bot_secret(app, game_id, secret)
    logs = play_on(client, games, 25)
    assert logs[0] == logs[1]  # the same stored secret: the same game
    assert logs[0] != logs[2]  # another one: its random bots play otherwise
