"""Advice for my seat in a running game (``GET /v1/games/{id}/advice``, issue 20 item 3).

The proof: over random games of both games, at random points, for each awaited seat, the
in-game advice is the answer of ``POST /v1/<game>/advice`` to a request the test rebuilds on
its own, from the rules and what the seat was shown (its view and its log; for Continental the
cards others took from the discard pile are followed on the test's own copy of the game), and
the in-game ``request`` is that request. The advised action is always one the seat may take
(Continental: read as the action route reads it, a buy or a pass on a buy offer; Ramchi: the
advised decision and lineup, played). Then the refusals (401, 403, 404, 409), and the advice
endpoints reading copy codes (``7c#2`` as ``7c``).
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from api.continental.game_api import CONTINENTAL_API
from rulesets.continental.kind import CONTINENTAL
from rulesets.continental.records import Discard, Draw, HandDealt
from rulesets.jsonable import jsonable
from tests.api.random_play import random_arrangement
from tests.api.test_continental_no_leaks import ACTION_KINDS, NAMES, Table, person_request, physical

QUICK = os.environ.get("RAMCHI_QUICK") == "1"
ASKED = 0.5
"""The chance that the test asks an awaited seat for advice at a point of the game."""


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """An app whose solver budget never cuts an advice short: answers compared must be complete
    (an anytime answer cut by the clock would differ from one run to the next)."""
    yield create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.db'}",
                      "SOLVE_BUDGET_S": 120})


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def without_timing(advice: dict[str, Any]) -> dict[str, Any]:
    """An advice answer without the solver's times (the only fields that differ between runs:
    the advice's and, for Continental's expected points, the rollouts')."""
    priced = advice.get("expected_points")
    timeless = {key: value for key, value in advice.items() if key != "solve_ms"}
    if isinstance(priced, dict):
        timeless["expected_points"] = {key: value for key, value in priced.items() if key != "solve_ms"}
    return timeless


def same_advice(client: FlaskClient, game: str, got: dict[str, Any], request: dict[str, Any]) -> None:
    """``got`` (an in-game advice answer) is the advice endpoint's answer to ``request``."""
    posted = client.post(f"/v1/{game}/advice", json=request)
    assert posted.status_code == 200, posted.json
    assert without_timing(got["advice"]) == without_timing(posted.json)


# -- Ramchi ---------------------------------------------------------------------------------------

def ramchi_request(view: dict[str, Any], config: dict[str, Any],
                   exchange: tuple[int, str] | None = None) -> dict[str, Any] | None:
    """What the seat of ``view`` would ask the advice now, by the rules: the 2♦ holder before the
    exchange asks with the up-card; a seat that has not arranged asks with the card lying face up
    and no exchange to weigh (it is over for everyone), and knows that a seat that exchanged
    (``exchange``: the seat and the card it took, followed by the test) holds the card it took;
    anyone else has nothing to decide."""
    seat = view["seat"]
    base = {"hand": view["hand"], "seat": seat, "dealer": view["dealer"], "ruleset": config["ruleset"]}
    if view["phase"] == "exchange" and seat in view["awaiting"]:
        return base | {"up_card": view["up_card"], "options": config["options"]}
    if view["phase"] == "arrange" and not view["arranged"][seat]:
        lying = "2d" if view["exchanged"] else view["up_card"]
        request = base | {"up_card": lying, "options": config["options"] | {"exchange": False}}
        if exchange is not None and exchange[0] != seat:
            request["known"] = [{"seat": exchange[0], "cards": [exchange[1]]}]
        return request
    return None


def play_ramchi(client: FlaskClient, rng: random.Random, hands: int) -> int:
    """One random Ramchi game of ``hands`` hands; at random points each seat asks for advice.
    Returns the advice answers compared."""
    options = {"exchange": rng.random() < 0.8, "four_of_a_kind": rng.random() < 0.8}
    created = client.post("/v1/games", json={"players": ["Asha", "Bo", "Chen"], "hands": hands,
                                              "seed": rng.randrange(2**31), "options": options})
    assert created.status_code == 201, created.json
    game_id, tokens = created.json["id"], [seat["token"] for seat in created.json["seats"]]
    compared = 0
    exchanged: tuple[int, str] | None = None  # the seat that exchanged this hand, and the card it took
    hand_number = 0
    for _ in range(8 * hands):
        public = client.get(f"/v1/games/{game_id}").json
        if public["is_over"]:
            break
        if public["hand_number"] != hand_number:
            hand_number, exchanged = public["hand_number"], None
        for seat in range(3):
            view = client.get(f"/v1/games/{game_id}", headers=bearer(tokens[seat])).json
            config = client.get(f"/v1/games/{game_id}/log", headers=bearer(tokens[seat])).json["config"]
            expected = ramchi_request(view, config, exchanged)
            if expected is not None and rng.random() > ASKED:
                continue
            got = client.get(f"/v1/games/{game_id}/advice", headers=bearer(tokens[seat]))
            if expected is None:
                assert got.status_code == 409 and got.json["code"] == "nothing_to_advise", got.json
                continue
            assert got.status_code == 200, got.json
            assert (got.json["game"], got.json["seat"]) == ("ramchi", seat)
            assert got.json["version"] == view["version"]
            assert got.json["request"] == expected
            same_advice(client, "ramchi", got.json, expected)
            compared += 1
        seat = rng.choice(public["awaiting"])
        view = client.get(f"/v1/games/{game_id}", headers=bearer(tokens[seat])).json
        body = ({"type": rng.choice(["keep", "exchange"])} if public["phase"] == "exchange"
                else {"type": "arrange", "combinations": random_arrangement(view["hand"], rng)})
        acted = client.post(f"/v1/games/{game_id}/actions", json=body, headers=bearer(tokens[seat]))
        assert acted.status_code == 200, acted.json
        if body["type"] == "exchange":
            exchanged = seat, public["up_card"]
    return compared


def test_ramchi_in_game_advice_is_the_advice_of_what_the_seat_knows(client: FlaskClient) -> None:
    assert play_ramchi(client, random.Random(3), hands=1) >= 2


def follow_ramchi_advice(client: FlaskClient, rng: random.Random) -> int:
    """One random Ramchi hand in which every awaited seat asks for advice and plays it: the 2♦
    holder's advised decision (exchange when recommended, else keep) is one of its legal actions,
    and every advised lineup is an arrangement the game accepts. Returns the advice followed."""
    created = client.post("/v1/games", json={"players": ["Asha", "Bo", "Chen"], "hands": 1,
                                              "seed": rng.randrange(2**31),
                                              "options": {"exchange": rng.random() < 0.8,
                                                          "four_of_a_kind": rng.random() < 0.3}})
    assert created.status_code == 201, created.json
    game_id, tokens = created.json["id"], [seat["token"] for seat in created.json["seats"]]
    followed = 0
    while not (public := client.get(f"/v1/games/{game_id}").json)["is_over"]:
        seat = rng.choice(public["awaiting"])
        view = client.get(f"/v1/games/{game_id}", headers=bearer(tokens[seat])).json
        got = client.get(f"/v1/games/{game_id}/advice", headers=bearer(tokens[seat]))
        assert got.status_code == 200, got.json
        advice = got.json["advice"]
        if view["phase"] == "exchange":
            body = {"type": "exchange" if advice["exchange"]["recommended"] else "keep"}
            assert body in view["legal_actions"], (body, view["legal_actions"])
        else:
            body = {"type": "arrange", "combinations": [c["cards"] for c in advice["combinations"]]}
        acted = client.post(f"/v1/games/{game_id}/actions", json=body, headers=bearer(tokens[seat]))
        assert acted.status_code == 200, (body, acted.json)
        followed += 1
    return followed


def test_ramchi_advice_followed_is_always_legal(client: FlaskClient) -> None:
    games = 1 if QUICK else 2
    assert sum(follow_ramchi_advice(client, random.Random(40 + game)) for game in range(games)) >= 3 * games


@pytest.mark.slow
def test_ramchi_in_game_advice_over_many_random_games(client: FlaskClient) -> None:
    compared = sum(play_ramchi(client, random.Random(100 + game), hands=1 + game % 3)
                   for game in range(12))
    assert compared >= 30


# -- Continental ----------------------------------------------------------------------------------

State = tuple[set[str], list[set[str]]]
"""The top discard (none or one card) and every hand, before an action."""


class PickUps:
    """The cards each seat took from the discard pile during the running hand and still holds,
    followed on the test's own copy of the game, one action at a time: a card taken from the
    pile is the top discard before the action, found in a hand after it (a penalty card or a
    draw from a reshuffled stock comes from under the top: no one saw it taken); a hand that
    grew by two cards bought it (the card and the penalty), by one drew it. Also the cards each
    seat turned down: those it discarded, and the top discard each time it drew from the stock."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.hand = 0
        self.taken: dict[int, dict[str, str]] = {}
        self.refused: dict[int, dict[str, list[str]]] = {}

    def before(self) -> State:
        game = self.table.truth.game
        top = {physical(game.discards[-1].id)} if game.discards else set()
        return top, [{physical(c.id) for c in hand} for hand in game.hands]

    def after(self, state: State) -> None:
        top, hands = state
        game = self.table.truth.game
        if game.hand_number != self.hand:
            self.hand, self.taken, self.refused = game.hand_number, {}, {}
            return
        action = next(record for record in reversed(game.log) if record.is_action)
        turned_down = None
        if isinstance(action, Discard):
            turned_down = "discarded", [physical(action.card.id)]
        elif isinstance(action, Draw) and action.source.value == "stock":
            turned_down = "passed", sorted(top)
        if turned_down is not None:
            how, cards = turned_down
            self.refused.setdefault(action.seat, {"discarded": [], "passed": []})[how] += cards
        for seat, hand in enumerate(game.hands):
            now = {physical(c.id) for c in hand}
            how = "bought" if len(now) - len(hands[seat]) == 2 else "picked_up"
            kept = {card: was for card, was in self.taken.get(seat, {}).items() if card in now}
            self.taken[seat] = kept | {card: how for card in (now - hands[seat]) & top}

    def held(self, seat: int, how: str) -> list[str]:
        """The cards ``seat`` holds that it took from the pile ``how`` (picked_up, bought)."""
        return [card for card, was in self.taken.get(seat, {}).items() if was == how]


def continental_request(view: dict[str, Any], table: Table, pick_ups: PickUps) -> dict[str, Any] | None:
    """What the seat of ``view`` would ask the advice now, from the rules and the test's copy: its
    hand, the table, the whole pile as discards (its top also discard_top before the draw or on a
    buy offer), and the other seats in play order after it: their hand sizes, drops and what
    they took from the pile and hold, the turns they played and the cards they turned down; on a
    buy offer ``offer: "buy"``; and, a coach's advice, by
    expected points."""
    seat, game = view["seat"], table.truth.game
    offered = game.window and seat in game.buyers_to_answer()
    if game.is_over or not (offered or seat == game.current):
        return None
    before_draw = offered or game.phase.value == "draw"
    request: dict[str, Any] = {
        "hand": view["hand"], "hand_number": game.hand_number, "dropped": game.dropped[seat],
        "drawn": not before_draw, "table": [jsonable(meld.cards) for meld in game.table]}
    if before_draw and game.discards:
        request["discard_top"] = jsonable(game.discards[-1])
    if offered:
        request["offer"] = "buy"
    request["discards"] = [physical(c.id) for c in game.discards]
    others = [(seat + step) % game.players for step in range(1, game.players)]
    dealt = max(i for i, record in enumerate(game.log) if isinstance(record, HandDealt))
    turns = Counter(record.seat for record in game.log[dealt:] if isinstance(record, Draw))
    request["other_players"] = [
        {"hand_size": len(game.hands[other]), "dropped": game.dropped[other],
         "picked_up": pick_ups.held(other, "picked_up"), "bought": pick_ups.held(other, "bought"),
         "turns": turns[other], "discarded": pick_ups.refused.get(other, {}).get("discarded", []),
         "passed": pick_ups.refused.get(other, {}).get("passed", [])}
        for other in others]
    request["objective"] = "expected_points"
    return request | {"ruleset": game.config.ruleset, "options": game.config.to_dict()["options"]}


def as_compared(request: dict[str, Any]) -> dict[str, Any]:
    """A request with its physical cards named one way, the cards each other player holds as a
    multiset (their order is no knowledge; the pile's order is)."""
    return request | {
        "discards": [physical(card) for card in request["discards"]],
        "other_players": [other | {key: Counter(physical(card) for card in other[key])
                                   for key in ("picked_up", "bought", "discarded", "passed")}
                          for other in request["other_players"]]}


def play_continental(client: FlaskClient, rng: random.Random, number: int) -> int:
    """One random Continental game through the API; at random points each person asks for
    advice. Returns the advice answers compared."""
    players = 2 + number % 3
    bots: list[str | None] = [rng.choice([None, None, "random", "advisor"]) for _ in range(players)]
    bots[0] = None  # seat 0, left of the dealer, plays first: no bot acts before the test follows
    table = Table(client, {"game": "continental", "players": NAMES[:players], "bots": bots,
                           "hands": 1, "seed": rng.randrange(2**31), "dealer": players - 1})
    pick_ups = PickUps(table)
    pick_ups.after(pick_ups.before())
    compared = 0
    while not table.truth.game.is_over:
        for seat in table.persons():
            view = table.view(seat)
            expected = continental_request(view, table, pick_ups)
            if rng.random() > ASKED / 3:
                continue
            got = client.get(f"/v1/games/{table.id}/advice", headers=table.headers(seat))
            if expected is None:
                assert got.status_code == 409 and got.json["code"] == "nothing_to_advise", got.json
                continue
            assert got.status_code == 200, (expected, got.json)
            assert as_compared(got.json["request"]) == as_compared(expected)
            same_advice(client, "continental", got.json, expected)
            compared += 1
        awaited = [seat for seat in table.truth.game.awaited() if bots[seat] is None]
        seat = rng.choice(awaited)
        request = person_request(table, seat, table.view(seat), rng)
        state = pick_ups.before()
        response = table.act(seat, request)
        assert response.status_code == 200, (request, response.json)
        table.version = response.json["version"]
        _follow(table, pick_ups, state)
    return compared


def _follow(table: Table, pick_ups: PickUps, state: State) -> None:
    """Bring the test's copy up to date one action at a time, following the pick-ups."""
    game = table.truth.game
    log = table.log(None)["log"]
    while len(game.log) < len(log):
        before = len(game.log)
        table.truth.sync(log[:before + 1 + _events_after(log, before)])
        pick_ups.after(state)
        state = pick_ups.before()


def _events_after(log: list[dict[str, Any]], index: int) -> int:
    """How many records after the action at ``index`` are its events (up to the next action)."""
    count = 0
    while index + 1 + count < len(log) and log[index + 1 + count]["kind"] not in ACTION_KINDS:
        count += 1
    return count


def test_continental_in_game_advice_is_the_advice_of_what_the_seat_knows(client: FlaskClient) -> None:
    games = 1 if QUICK else 2  # the fast tier plays one game
    compared = sum(play_continental(client, random.Random(game), game) for game in range(games))
    assert compared >= 2 * games


@pytest.mark.slow
def test_continental_in_game_advice_over_many_random_games(client: FlaskClient) -> None:
    compared = sum(play_continental(client, random.Random(50 + game), game) for game in range(10))
    assert compared >= 100


def advised_is_legal(client: FlaskClient, rng: random.Random, number: int) -> tuple[int, int]:
    """One random Continental game of persons through the API. At every buy offer, and at random
    other points, the awaited seat asks for advice: its ``action`` must be one the rules allow
    that seat now (read as the action route reads it, checked on the test's copy), and on a buy
    offer a buy or a pass. Sometimes the seat follows the advice. Returns the advice answers
    checked and the buy offers among them."""
    players = 2 + number % 3
    table = Table(client, {"game": "continental", "players": NAMES[:players], "hands": 1,
                           "seed": rng.randrange(2**31), "dealer": players - 1})
    game = table.truth.game
    checked = offers = 0
    while not game.is_over:
        advised: dict[int, dict[str, Any]] = {}
        for seat in game.awaited():
            offered = "buy" in {action["type"] for action in table.view(seat)["legal_actions"]}
            if not offered and rng.random() > ASKED / 2:
                continue
            got = client.get(f"/v1/games/{table.id}/advice", headers=table.headers(seat))
            assert got.status_code == 200, got.json
            action = got.json["advice"]["action"]
            assert action is not None, got.json
            record = CONTINENTAL.action_from_request(seat, CONTINENTAL_API.read_action(action))
            assert game.can(record), (seat, action, got.json["request"])
            if offered:
                assert action["type"] in {"buy", "pass"}, (seat, action)
                offers += 1
            advised[seat] = action
            checked += 1
        seat = rng.choice(game.awaited())
        follow = seat in advised and rng.random() < 0.5
        request = advised[seat] if follow else person_request(table, seat, table.view(seat), rng)
        response = table.act(seat, request)
        assert response.status_code == 200, (request, response.json)
        table.truth.sync(table.log(None)["log"])
    return checked, offers


def test_the_advised_action_is_one_the_seat_may_take_even_on_a_buy_offer(client: FlaskClient) -> None:
    games = 1 if QUICK else 3
    counts = [advised_is_legal(client, random.Random(70 + game), game) for game in range(games)]
    assert sum(checked for checked, _ in counts) >= 10 * games
    assert sum(offers for _, offers in counts) >= 1


# -- refusals -------------------------------------------------------------------------------------

def _game(client: FlaskClient, **body: Any) -> tuple[str, list[str], dict[str, Any]]:
    created = client.post("/v1/games", json={"players": ["Asha", "Bo", "Chen"], "hands": 1,
                                              "seed": 5, "dealer": 0} | body)
    assert created.status_code == 201, created.json
    return created.json["id"], [seat["token"] for seat in created.json["seats"]], created.json


def test_advice_needs_a_seat_token_like_the_seat_views(client: FlaskClient) -> None:
    game_id, _tokens, _created = _game(client)
    path = f"/v1/games/{game_id}/advice"
    missing = client.get(path)
    assert missing.status_code == 401 and missing.json["code"] == "unauthorized"
    assert "token" in missing.json["detail"]
    malformed = client.get(path, headers={"Authorization": "Basic abc"})
    view_malformed = client.get(f"/v1/games/{game_id}", headers={"Authorization": "Basic abc"})
    assert malformed.status_code == view_malformed.status_code == 401
    assert malformed.json["code"] == view_malformed.json["code"] == "unauthorized"
    stranger = client.get(path, headers=bearer("not-a-seat"))
    view_stranger = client.get(f"/v1/games/{game_id}", headers=bearer("not-a-seat"))
    assert stranger.status_code == view_stranger.status_code == 403
    assert stranger.json["code"] == view_stranger.json["code"] == "forbidden"
    other_game, other_tokens, _ = _game(client)
    assert client.get(path, headers=bearer(other_tokens[1])).status_code == 403
    assert other_game != game_id


def test_a_seat_with_nothing_to_decide_gets_409_nothing_to_advise(client: FlaskClient) -> None:
    game_id, tokens, created = _game(client)
    holder = created["two_of_diamonds_holder"]
    idle = (holder + 1) % 3
    refused = client.get(f"/v1/games/{game_id}/advice", headers=bearer(tokens[idle]))
    assert refused.status_code == 409 and refused.json["code"] == "nothing_to_advise"
    assert refused.json["awaiting"] == [holder] and f"seat {holder}" in refused.json["detail"]
    assert client.get(refused.json["type"]).status_code == 200  # the code has its page
    client.post(f"/v1/games/{game_id}/actions", json={"type": "keep"}, headers=bearer(tokens[holder]))
    client.post(f"/v1/games/{game_id}/actions", json={"type": "arrange", "combinations": []},
                headers=bearer(tokens[idle]))
    arranged = client.get(f"/v1/games/{game_id}/advice", headers=bearer(tokens[idle]))
    assert arranged.status_code == 409 and arranged.json["code"] == "nothing_to_advise"
    waiting = client.get(f"/v1/games/{game_id}/advice", headers=bearer(tokens[holder]))
    assert waiting.status_code == 200 and waiting.json["request"]["options"]["exchange"] is False


def test_a_finished_game_gets_409_game_over(client: FlaskClient) -> None:
    game_id, tokens, created = _game(client)
    holder = created["two_of_diamonds_holder"]
    client.post(f"/v1/games/{game_id}/actions", json={"type": "keep"}, headers=bearer(tokens[holder]))
    for seat in range(3):
        client.post(f"/v1/games/{game_id}/actions", json={"type": "arrange", "combinations": []},
                    headers=bearer(tokens[seat]))
    assert client.get(f"/v1/games/{game_id}").json["is_over"]
    over = client.get(f"/v1/games/{game_id}/advice", headers=bearer(tokens[0]))
    assert over.status_code == 409 and over.json["code"] == "game_over"


def test_an_unknown_game_is_404_like_its_view_whatever_the_token(client: FlaskClient) -> None:
    """No game has the id: 404 game_not_found, as the OpenAPI document says, with any token (a
    token cannot belong to a seat of no game) and for every route of a game."""
    _game_id, tokens, _created = _game(client)
    unknown = "/v1/games/0b6f8e1c-5d2a-4c3e-9f7a-2e4d6c8b1a09"
    for token in ("x", tokens[0]):
        for path in (f"{unknown}/advice", unknown, f"{unknown}/log"):
            missing = client.get(path, headers=bearer(token))
            assert missing.status_code == 404, (path, missing.json)
            assert missing.json["code"] == "game_not_found"
        acted = client.post(f"{unknown}/actions", json={"type": "keep"}, headers=bearer(token))
        assert acted.status_code == 404 and acted.json["code"] == "game_not_found"
    documented = client.get("/openapi.json").json["paths"]["/v1/games/{game_id}/advice"]["get"]
    assert "404" in documented["responses"]


def test_the_2d_holder_is_advised_on_the_exchange_with_the_up_card(client: FlaskClient) -> None:
    game_id, tokens, created = _game(client)
    holder = created["two_of_diamonds_holder"]
    got = client.get(f"/v1/games/{game_id}/advice", headers=bearer(tokens[holder])).json
    assert got["request"]["up_card"] == created["up_card"] and "2d" in got["request"]["hand"]
    assert got["advice"]["exchange"]["possible"] is True
    assert got["request"]["options"]["exchange"] is True


def test_after_an_exchange_everyone_knows_who_holds_the_former_up_card(client: FlaskClient) -> None:
    game_id, tokens, created = _game(client, options={"four_of_a_kind": False})
    holder, up_card = created["two_of_diamonds_holder"], created["up_card"]
    assert up_card != "2d"
    acted = client.post(f"/v1/games/{game_id}/actions", json={"type": "exchange"},
                        headers=bearer(tokens[holder]))
    assert acted.status_code == 200, acted.json
    for seat in range(3):
        got = client.get(f"/v1/games/{game_id}/advice", headers=bearer(tokens[seat]))
        assert got.status_code == 200, got.json
        request = got.json["request"]
        assert request["up_card"] == "2d"  # the 2♦ lies face up, out of play
        if seat == holder:
            assert "known" not in request and up_card in request["hand"] and "2d" not in request["hand"]
        else:
            assert request["known"] == [{"seat": holder, "cards": [up_card]}]
        same_advice(client, "ramchi", got.json, request)


def test_continental_advice_before_the_draw_says_whether_to_take_the_top(client: FlaskClient) -> None:
    game_id, tokens, created = _game(client, game="continental", players=["Asha", "Bo"])
    first = created["current"]
    got = client.get(f"/v1/games/{game_id}/advice", headers=bearer(tokens[first]))
    assert got.status_code == 200, got.json
    assert got.json["request"]["discard_top"] == created["discard_top"]
    assert got.json["request"]["drawn"] is False and "seen" not in got.json["request"]
    assert got.json["request"]["discards"] == [created["discard_top"]]
    assert [other["hand_size"] for other in got.json["request"]["other_players"]] == [7]
    assert got.json["advice"]["take_discard"] is not None
    assert got.json["advice"]["action"]["type"] == "draw"


def test_the_seat_advice_answer_is_documented_as_its_games_advice_answer(client: FlaskClient) -> None:
    schemas = client.get("/openapi.json").json["components"]["schemas"]
    advice = schemas["SeatAdvice"]["properties"]["advice"]
    refs = [choice["$ref"] for choice in advice["oneOf"]]
    assert refs == ["#/components/schemas/Advice", "#/components/schemas/ContinentalAdvice"]
    assert all(ref.rsplit("/", 1)[1] in schemas for ref in refs)
    assert "request" in schemas["SeatAdvice"]["properties"]  # the other fields are kept


# -- copy codes in the advice endpoints -----------------------------------------------------------

def test_the_continental_advice_reads_a_copy_code_as_the_card(client: FlaskClient) -> None:
    plain = {"hand": ["7c", "7d", "7h", "Kc", "Kd", "Jk", "9s", "9s"], "hand_number": 1,
             "seen": ["7c"], "discard_top": "Ks"}
    copies = plain | {"hand": ["7c#2", "7d", "7h#1", "Kc#2", "Kd", "Jk#2", "9s#2", "9s"],
                      "seen": ["7c#2"], "discard_top": "Ks#2"}
    a, b = (client.post("/v1/continental/advice", json=body) for body in (plain, copies))
    assert a.status_code == b.status_code == 200, b.json
    assert without_timing(a.json) | {"action": None} == without_timing(b.json) | {"action": None}
    assert a.json["action"] == {"type": "drop", "melds": [["7c", "7d", "7h"], ["Kc", "Kd", "Jk"]]}
    # the action names the copies the hand names, so that a seat of a game can send it as it is
    assert b.json["action"] == {"type": "drop", "melds": [["7c#2", "7d", "7h"], ["Kc#2", "Kd", "Jk#2"]]}
    three = client.post("/v1/continental/advice", json=plain | {"seen": ["7c#1", "7c#2"]})
    assert three.status_code == 422 and three.json["code"] == "duplicate_card"
    assert three.json["errors"][0]["pointer"] == "/seen/1"


def test_the_ramchi_advice_reads_a_copy_code_as_the_card(client: FlaskClient) -> None:
    hand = ["As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c",
            "6h", "2d"]
    plain = {"hand": hand, "up_card": "Ks", "objective": "maximin"}
    copies = plain | {"hand": [f"{card}#1" for card in hand[:8]] + hand[8:], "up_card": "Ks#2"}
    a, b = (client.post("/v1/ramchi/advice", json=body) for body in (plain, copies))
    assert a.status_code == b.status_code == 200, b.json
    assert without_timing(a.json) == without_timing(b.json)
    twice = client.post("/v1/ramchi/advice", json=plain | {"hand": [*hand[:16], "As#2"]})
    assert twice.status_code == 422 and twice.json["code"] == "duplicate_card"


def test_the_advice_requests_document_copy_codes(client: FlaskClient) -> None:
    schemas = client.get("/openapi.json").json["components"]["schemas"]

    ramchi = schemas["AdviceRequest"]["properties"]["hand"]["items"]["pattern"]
    continental = schemas["ContinentalAdviceRequest"]["properties"]["seen"]["items"]["pattern"]
    for pattern in (ramchi, continental):
        assert re.fullmatch(pattern, "7c#2") and re.fullmatch(pattern, "7c")
        assert not re.fullmatch(pattern, "7c#")
