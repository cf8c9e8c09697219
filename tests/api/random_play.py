"""Random Ramchi games played over HTTP by random players, for invariant tests.

:func:`play_and_watch` plays one game through any client (the Flask test client or a real
server) and, after every action, asks every seat and the public for the view and the log,
handing every answer (and every refusal) to a checker.
"""

from __future__ import annotations

import itertools
import random
import uuid
from collections.abc import Callable
from typing import Any

from rulesets.cards import parse_cards
from rulesets.ramchi.combinations import classify
from tests.api.leak_check import Table

Send = Callable[[str, str, "str | None", "dict[str, Any] | None"], tuple[int, Any]]
"""``send(method, path, token, body) -> (status, json)``."""

RANKS = "23456789TJQKA"


def random_deck(rng: random.Random) -> list[str]:
    deck = [rank + suit for rank in RANKS for suit in "cdhs"]
    rng.shuffle(deck)
    return deck


def random_arrangement(hand: list[str], rng: random.Random) -> list[list[str]]:
    """Up to five random combinations of the hand (maybe fewer, maybe none)."""
    cards = list(hand)
    rng.shuffle(cards)
    chosen: list[list[str]] = []
    wanted = rng.choice([0, 1, 3, 5, 5])
    for triple in itertools.combinations(cards, 3):
        if len(chosen) == wanted:
            break
        used = {c for combo in chosen for c in combo}
        if used & set(triple) or not classify(parse_cards(triple)).is_combination:
            continue
        chosen.append(list(triple))
    return chosen


def play_and_watch(send: Send, rng: random.Random, *, max_hands: int = 3,
                   advice: float = 0.0) -> dict[str, int]:
    """Play one random game to its end, checking every answer for leaks; returns counts.

    Before an action, with the chance ``advice``, every seat asks for its advice in the game
    (``GET /v1/games/{id}/advice``): each answer (an advice, or a 409 for a seat with nothing to
    decide) is checked too.
    """
    hands = rng.randint(1, max_hands)
    exchange_on = rng.random() < 0.8
    options = {"exchange": exchange_on, "four_of_a_kind": rng.random() < 0.8}
    decks = [random_deck(rng) for _ in range(hands)]
    status, created = send("POST", "/v1/games", None, {
        "players": ["Asha", "Bo", "Chen"], "hands": hands, "decks": decks,
        "dealer": rng.randrange(3), "options": options})
    assert status == 201, created
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    table = Table(decks=decks, exchange_on=exchange_on)
    table.follow(created)
    table.check({k: v for k, v in created.items() if k != "seats"}, None, "the creation answer")
    counts = {"actions": 0, "refusals": 0, "replays": 0, "answers": 1, "advice": 0}

    def watch() -> dict[str, Any]:
        status, public = send("GET", f"/v1/games/{game_id}", None, None)
        assert status == 200, public
        table.follow(public)
        for seat in (None, 0, 1, 2):
            token = None if seat is None else tokens[seat]
            for path in (f"/v1/games/{game_id}", f"/v1/games/{game_id}/log"):
                status, answer = send("GET", path, token, None)
                assert status == 200, answer
                table.check(answer, seat, f"GET {path}")
                counts["answers"] += 1
        return public

    public = watch()
    for _ in range(40 * hands):
        if public["is_over"]:
            break
        if rng.random() < 0.3:
            seat, body = _illegal(public, rng, lambda s: send(
                "GET", f"/v1/games/{game_id}", tokens[s], None)[1]["hand"])
            status, refusal = send("POST", f"/v1/games/{game_id}/actions", tokens[seat], body)
            assert status in (409, 422), (status, refusal)
            table.check(refusal, seat, f"the refusal of {body}")
            counts["refusals"] += 1
        if advice and rng.random() < advice:
            for asking in range(3):
                status, answer = send("GET", f"/v1/games/{game_id}/advice", tokens[asking], None)
                assert status in (200, 409), answer
                table.check(answer, asking, "the advice in the game")
                counts["advice"] += status == 200
        seat = rng.choice(public["awaiting"])
        status, view = send("GET", f"/v1/games/{game_id}", tokens[seat], None)
        if public["phase"] == "exchange":
            body = {"type": rng.choice(["keep", "exchange"])}
        else:
            body = {"type": "arrange", "combinations": random_arrangement(view["hand"], rng)}
        if rng.random() < 0.7:
            body["action_id"] = str(uuid.uuid4())
        if rng.random() < 0.5:
            body["expected_version"] = public["version"]
        before = table.hand
        status, answer = send("POST", f"/v1/games/{game_id}/actions", tokens[seat], body)
        assert status == 200, (body, answer)
        counts["actions"] += 1
        public = watch()
        table.check(answer, seat, f"the answer to {body['type']}", hand=before)
        if "action_id" in body and rng.random() < 0.3:
            status, again = send("POST", f"/v1/games/{game_id}/actions", tokens[seat], body)
            assert status == 200 and again == answer, "a retried action_id must get the first answer"
            other = (seat + 1) % 3  # sends the same action_id with what it knows itself
            borrowed = {"type": body["type"], "action_id": body["action_id"]}
            if body["type"] == "arrange":
                borrowed["combinations"] = []
            status, stranger = send("POST", f"/v1/games/{game_id}/actions", tokens[other], borrowed)
            assert stranger != answer, "another seat must never get a stored answer"
            if status == 200:
                counts["actions"] += 1
                public = watch()
            table.check(stranger, other, "another seat reusing an action_id", hand=table.hand)
            counts["replays"] += 1
    assert public["is_over"], "the game did not end"
    assert sum(public["chips"]) == 0
    return counts


def _illegal(public: dict[str, Any], rng: random.Random,
             hand_of: Callable[[int], list[str]]) -> tuple[int, dict[str, Any]]:
    """An action that breaks a rule now, by a random seat, using only cards that seat knows."""
    waiting = public["awaiting"]
    idle = [s for s in range(3) if s not in waiting]
    choice = rng.randrange(3)
    if choice == 0 and idle:  # acting out of turn or in the wrong phase
        return rng.choice(idle), {"type": rng.choice(["keep", "exchange", "arrange"]),
                                  "combinations": []}
    seat = rng.choice(waiting)
    if choice == 1 and public["phase"] == "arrange":  # a card in no hand: the one lying face up
        own = hand_of(seat)
        return seat, {"type": "arrange", "combinations": [[public["face_up"][0], *own[:2]]]}
    if public["phase"] == "exchange":
        return seat, {"type": "arrange", "combinations": []}
    return seat, {"type": "exchange"}
