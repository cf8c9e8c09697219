"""Continental Rummy over the game routes: creation, a whole game against bots, bots at the table,
refusals, idempotency, the log and disputes (and Ramchi, still served by the same routes)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from flask.testing import FlaskClient

from rulesets.cards import parse_cards
from rulesets.continental.config import GameConfig
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.deck import Deck
from rulesets.continental.game import REFUSALS, ContinentalGame
from solver.continental.advice import advise
from tests.api.test_continental_no_leaks import ACTION_KINDS, Truth, physical

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

PEOPLE_AND_BOTS = {"game": "continental", "players": ["Ann", "B1", "B2"], "bots": [None, "advisor", "random"]}

VIEW_FIELDS = {"id", "game", "version", "players", "bots", "host", "ruleset", "hands", "hand_number",
               "contract", "dealer", "current", "step", "is_over", "awaiting", "buy_window", "table",
               "discard_top", "discard_size", "stock_size", "hand_sizes", "dropped", "scores", "totals",
               "winners"}
"""Every field of the documented view (``ContinentalGameView``)."""


def create(client: FlaskClient, **body: Any) -> tuple[str, list[str], dict[str, Any]]:
    response = client.post("/v1/games", json={"game": "continental"} | body)
    assert response.status_code == 201, response.json
    created = response.json
    assert response.headers["Location"] == f"/v1/games/{created['id']}"
    return created["id"], [seat["token"] for seat in created["seats"]], created


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def act(client: FlaskClient, game_id: str, token: str, **body: Any) -> Any:
    return client.post(f"/v1/games/{game_id}/actions", json=body, headers=auth(token))


def view(client: FlaskClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/v1/games/{game_id}", headers=auth(token))
    assert response.status_code == 200, response.json
    return response.json


def cards_on_the_table(state: dict[str, Any]) -> int:
    return (sum(state["hand_sizes"]) + state["stock_size"] + state["discard_size"]
            + sum(len(meld["cards"]) for meld in state["table"]))


# -- creation --------------------------------------------------------------------------------------

def test_create_answers_every_documented_field_and_one_token_per_seat(client: FlaskClient) -> None:
    game_id, tokens, created = create(client, **PEOPLE_AND_BOTS, seed=5, hands=1)
    assert set(created) == VIEW_FIELDS | {"seats"}
    assert created["game"] == "continental" and created["players"] == ["Ann", "B1", "B2"]
    assert created["bots"] == [None, "advisor", "random"]
    assert created["contract"] == {"name": "2 trios", "trios": 2, "runs": 0, "cards_dealt": 7}
    assert created["hand_number"] == 1 and created["hands"] == 1 and created["ruleset"] == "continental"
    assert [seat["seat"] for seat in created["seats"]] == [0, 1, 2] and len(set(tokens)) == 3
    assert [seat["name"] for seat in created["seats"]] == ["Ann", "B1", "B2"]
    assert "hand" not in created and "legal_actions" not in created
    assert cards_on_the_table(created) == 106
    public = view(client, game_id)
    assert set(public) == VIEW_FIELDS and public["version"] == created["version"]
    own = view(client, game_id, tokens[0])
    assert set(own) == VIEW_FIELDS | {"seat", "hand", "legal_actions", "table_actions"} and own["seat"] == 0
    assert own["host"] == 0 and {"type": "replace_by_bot", "player": 0, "bot": "random"} not in \
        own["table_actions"]  # seat 0 is the one person: its seat is never handed over
    assert set(view(client, game_id, tokens[1])) == set(own) - {"table_actions"}
    assert len(own["hand"]) == own["hand_sizes"][0]


@pytest.mark.parametrize("players", [2, 6])
def test_two_to_six_players_are_seated_with_two_decks(client: FlaskClient, players: int) -> None:
    _, tokens, created = create(client, players=[f"P{i}" for i in range(players)], seed=1, hands=1)
    assert len(tokens) == players and created["version"] == 0 and created["bots"] == [None] * players
    assert created["hand_sizes"] == [7] * players
    assert created["stock_size"] == 106 - 7 * players - 1 and created["discard_size"] == 1


@pytest.mark.parametrize("players", [7, 8])
def test_seven_or_eight_players_only_with_max_players_8(client: FlaskClient, players: int) -> None:
    names = [f"P{i}" for i in range(players)]
    refused = client.post("/v1/games", json={"game": "continental", "players": names, "seed": 1})
    assert refused.status_code == 422 and refused.json["code"] == "invalid_game_config"
    assert "max_players" in refused.json["detail"]
    _, tokens, created = create(client, players=names, seed=1, options={"max_players": 8})
    assert len(tokens) == players
    assert cards_on_the_table(created) == Deck.for_players(8).size == 160  # a third deck, 2 more jokers


def _deck_codes() -> list[str]:
    return [card.code for card in Deck().cards()]  # each code twice: the two copies in turn


def _bad_card_deck() -> list[str]:
    deck = _deck_codes()
    deck[5] = "7x"
    return deck


def _third_copy_deck() -> list[str]:
    deck = _deck_codes()
    assert deck.index("2c") == 0 and deck.index("2c", 1) == 52
    deck[60] = "2c"
    return deck


@pytest.mark.parametrize(("extra", "code", "pointer"), [
    ({"players": ["Ann"]}, "invalid_request", "/players"),
    ({"players": [f"P{i}" for i in range(13)]}, "invalid_request", "/players"),
    ({"hands": 8}, "invalid_request", "/hands"),
    ({"deck": _bad_card_deck()}, "invalid_card", "/deck/5"),
    ({"deck": _third_copy_deck()}, "duplicate_card", "/deck/60"),
    ({"bots": [None, "advisor"]}, "invalid_game_config", "/bots"),
    ({"bots": ["advisor", "random", "random"]}, "invalid_game_config", "/bots"),
    ({"bots": [None, "shark", "random"]}, "invalid_request", "/bots/1"),
    ({"options": {"exchange": False}}, "invalid_ruleset", "/options/exchange"),  # a Ramchi option
    ({"combinations": []}, "invalid_request", "/combinations"),  # a Ramchi action's field
    ({"colour": "red"}, "invalid_request", "/colour"),
])
def test_create_refusals_point_at_the_field(client: FlaskClient, extra: dict[str, Any], code: str,
                                           pointer: str) -> None:
    body = {"game": "continental", "players": ["Ann", "Bo", "Chen"], "seed": 3} | extra
    response = client.post("/v1/games", json=body)
    assert response.status_code == 422, response.json
    assert response.mimetype == "application/problem+json"
    assert response.json["code"] == code
    assert pointer in [error["pointer"] for error in response.json["errors"]], response.json


def test_a_deck_of_the_wrong_size_is_an_invalid_game_config(client: FlaskClient) -> None:
    response = client.post("/v1/games", json={"game": "continental", "players": ["Ann", "Bo"],
                                              "deck": _deck_codes()[:-1]})
    assert response.status_code == 422 and response.json["code"] == "invalid_game_config"
    assert "expected 106 cards, got 105" in response.json["detail"]


# -- a whole game, only through HTTP ---------------------------------------------------------------

def person_request(state: dict[str, Any]) -> dict[str, Any]:
    """What the person sends, from its own view only: the advisor's advice, else a legal action."""
    legal = state["legal_actions"]
    types = [request["type"] for request in legal]
    seat = state["seat"]
    hand = parse_cards(state["hand"], jokers=True, decks=2)
    table = [parse_cards(meld["cards"], jokers=True, decks=2) for meld in state["table"]]
    top = parse_cards([state["discard_top"]], jokers=True, decks=2)[0] if state["discard_top"] else None
    contract = CONTRACTS[state["hand_number"]]
    dropped = state["dropped"][seat]
    if "pass" in types:  # a buy offer (never in one's own turn)
        advice = advise(hand, contract, dropped=dropped, table=table, discard_top=top, drawn=False)
        wants = advice.buy is not None and advice.buy.advised and "buy" in types
        return {"type": "buy" if wants else "pass"}
    if "draw" in types:
        advice = advise(hand, contract, dropped=dropped, table=table, discard_top=top, drawn=False)
        take = advice.take_discard is not None and advice.take_discard.advised
        source = "discard" if take and {"type": "draw", "source": "discard"} in legal else "stock"
        return {"type": "draw", "source": source}
    advice = advise(hand, contract, dropped=dropped, table=table, drawn=True)
    if "drop" in types and advice.can_drop:
        return {"type": "drop", "melds": [[physical(card.id) for card in meld.cards] for meld in advice.drop]}
    for request in legal:
        if request["type"] in ("lay_off", "swap_joker"):
            return request
    discards = [request for request in legal if request["type"] == "discard"]
    advised = {"type": "discard", "card": physical(advice.discard.id)} if advice.discard else None
    return advised if advised in discards else discards[0]


class Watched:
    """A game followed by the test: a copy of it (from its public log) to judge every answer."""

    def __init__(self, client: FlaskClient, game_id: str, config: GameConfig) -> None:
        self.client, self.id = client, game_id
        self.truth = Truth(ContinentalGame(config))
        self.sync()

    def sync(self) -> None:
        self.truth.sync(self.client.get(f"/v1/games/{self.id}/log").json["log"])


@pytest.mark.skipif(os.environ.get("RAMCHI_QUICK") == "1",
                    reason="a whole seven-hand game over HTTP runs in make test and CI")
def test_a_person_plays_seven_hands_against_an_advisor_and_a_random_bot(client: FlaskClient) -> None:
    game_id, tokens, created = create(client, **PEOPLE_AND_BOTS, seed=11, hands=7)
    watched = Watched(client, game_id, GameConfig.create(players=3, hands=7, seed=11))
    version = created["version"]
    assert version == sum(record.is_action for record in watched.truth.game.log)
    state = view(client, game_id, tokens[0])
    kinds: set[str] = set()
    answers = 0
    while not state["is_over"]:
        assert 0 in state["awaiting"] and state["legal_actions"], state
        hand_before = state["hand_number"]
        request = person_request(state)
        response = act(client, game_id, tokens[0], **request)
        assert response.status_code == 200, (request, response.json)
        answer = response.json
        answers += 1
        bot_actions = sum(event["kind"] in ACTION_KINDS for event in answer["events"])
        assert answer["version"] == version + 1 + bot_actions
        assert answer["action"]["kind"] == request["type"] and answer["action"]["seat"] == 0
        version = answer["version"]
        state = answer["state"]
        assert state["version"] == version and cards_on_the_table(state) == 106
        watched.sync()
        watched.truth.check(answer, 0, f"the answer to {request}", hand=hand_before)
        kinds |= {event["kind"] for event in answer["events"]} | {request["type"]}
        assert answers < 2000, "a game that never ends"
    assert {"drop", "discard", "draw", "hand_ended", "game_ended"} <= kinds, kinds
    final = view(client, game_id)
    assert final["version"] == version and final["step"] == "game_over" and final["current"] is None
    scores, totals = final["scores"], final["totals"]
    assert len(scores) == 7 and all(len(row) == 3 for row in scores)
    assert totals == [sum(row[seat] for row in scores) for seat in range(3)]
    assert final["winners"] == [seat for seat in range(3) if totals[seat] == min(totals)]

    full = client.get(f"/v1/games/{game_id}/log").json
    assert full["complete"] is True and full["config"]["seed"] == 11
    verdict = client.post("/v1/disputes", json=full)
    assert verdict.status_code == 200, verdict.json
    assert verdict.json["legal"] is True
    assert verdict.json["totals"] == totals and verdict.json["scores"] == scores
    assert verdict.json["winners"] == final["winners"]

    tampered = [dict(record) for record in full["log"]]
    index = next(i for i, record in enumerate(tampered) if record["kind"] == "draw" and i > 10)
    tampered[index]["seat"] = (tampered[index]["seat"] + 1) % 3
    verdict = client.post("/v1/disputes", json=full | {"log": tampered})
    assert verdict.status_code == 200, verdict.json
    assert verdict.json["legal"] is False and verdict.json["index"] == index
    assert verdict.json["code"] == "not_your_turn" and verdict.json["rule"] == REFUSALS["not_your_turn"]


# -- bots at the table -----------------------------------------------------------------------------

def test_bots_act_at_creation_when_the_first_turn_is_theirs(client: FlaskClient) -> None:
    game_id, tokens, created = create(client, players=["Ann", "B1"], bots=[None, "advisor"], seed=5,
                                      hands=1, dealer=0)  # seat 1 (the bot) plays first
    assert created["version"] >= 2 and created["current"] == 0 and created["step"] == "draw"
    log = client.get(f"/v1/games/{game_id}/log", headers=auth(tokens[0])).json["log"]
    actions = [record for record in log if record["kind"] in ACTION_KINDS]
    assert len(actions) == created["version"] and actions[0]["seat"] == 1 and actions[0]["kind"] == "draw"
    assert actions[-1] == {"kind": "discard", "seat": 1, "card": created["discard_top"]}
    assert view(client, game_id, tokens[0])["legal_actions"][0] == {"type": "draw", "source": "stock"}


def _bot_waiting_for_people(client: FlaskClient) -> tuple[str, list[str], dict[str, Any]]:
    """A game where the bot of seat 1 drew from the stock and two people (seats 2 and 0) may buy."""
    for seed in range(60):
        game_id, tokens, created = create(client, players=["Ann", "B1", "Chen"], bots=[None, "advisor", None],
                                          seed=seed, hands=1, dealer=0)
        if created["buy_window"] is not None:
            return game_id, tokens, created
    raise AssertionError("the advisor never drew from the stock at its first turn")


def test_a_bot_never_closes_a_buy_offer_a_person_may_still_answer(client: FlaskClient) -> None:
    game_id, tokens, created = _bot_waiting_for_people(client)
    assert created["version"] == 1 and created["current"] == 1 and created["step"] == "play"
    assert created["buy_window"]["may_answer"] == [2, 0] and created["awaiting"] == [0, 1, 2]
    assert view(client, game_id)["version"] == 1  # looking does not let the bot play on
    passed = act(client, game_id, tokens[0], type="pass")
    assert passed.status_code == 200 and passed.json["version"] == 2 and passed.json["events"] == []
    assert passed.json["state"]["buy_window"]["may_answer"] == [2]  # the bot still waits for seat 2
    assert passed.json["state"]["current"] == 1
    last = act(client, game_id, tokens[2], type="pass")
    assert last.status_code == 200, last.json
    events = last.json["events"]
    assert [event["kind"] for event in events] == ["discard"] and events[0]["seat"] == 1
    state = last.json["state"]
    assert last.json["version"] == 4 and state["current"] == 2 and state["step"] == "draw"
    assert state["buy_window"] is None


def test_a_person_buying_from_a_waiting_bot_gets_the_card_and_a_penalty(client: FlaskClient) -> None:
    game_id, tokens, created = _bot_waiting_for_people(client)
    offered = created["buy_window"]["card"]
    assert act(client, game_id, tokens[2], type="pass").status_code == 200
    bought = act(client, game_id, tokens[0], type="buy")
    assert bought.status_code == 200, bought.json
    kinds = [event["kind"] for event in bought.json["events"]]
    assert bought.json["events"][0]["kind"] == "card_bought" and bought.json["events"][0]["card"] == offered
    penalty = bought.json["events"][0]["penalty"]
    assert penalty is not None and kinds[1:2] == ["discard"]  # then the bot plays on
    state = bought.json["state"]
    assert offered in state["hand"] and penalty in state["hand"] and state["hand_sizes"][0] == 9
    other = client.get(f"/v1/games/{game_id}/log", headers=auth(tokens[2])).json["log"]
    assert [r["penalty"] for r in other if r["kind"] == "card_bought"] == ["hidden"]  # not null: "none"


# -- refusals -----------------------------------------------------------------------------------

def two_people(client: FlaskClient) -> tuple[str, list[str]]:
    """Seed 5, dealer 0: seat 1 plays first; seat 0 holds 5c Qc#2 7h#2 2h 4h Qh 2c#2."""
    game_id, tokens, _ = create(client, players=["Ann", "Bo"], seed=5, hands=1, dealer=0)
    return game_id, tokens


def test_acting_out_of_turn_is_409_not_your_turn_with_the_rule(client: FlaskClient) -> None:
    game_id, tokens = two_people(client)
    response = act(client, game_id, tokens[0], type="draw", source="stock")
    assert response.status_code == 409 and response.json["code"] == "not_your_turn"
    assert response.json["rule"] == REFUSALS["not_your_turn"] and "turn" in response.json["rule"]
    assert view(client, game_id)["version"] == 0


@pytest.mark.parametrize("body", [{"type": "discard", "card": "Td"},
                                  {"type": "drop", "melds": [["Td", "Th#2", "Jk"], ["9d#2", "9s", "Jk#2"]]},
                                  {"type": "lay_off", "card": "Td", "meld": 0}])
def test_playing_before_drawing_is_409_draw_first(client: FlaskClient, body: dict[str, Any]) -> None:
    game_id, tokens = two_people(client)
    response = act(client, game_id, tokens[1], **body)
    assert response.status_code == 409 and response.json["code"] == "draw_first", response.json
    assert response.json["rule"] == REFUSALS["draw_first"]


def test_drawing_twice_is_409_already_drew(client: FlaskClient) -> None:
    game_id, tokens = two_people(client)
    assert act(client, game_id, tokens[1], type="draw", source="stock").status_code == 200
    response = act(client, game_id, tokens[1], type="draw", source="discard")
    assert response.status_code == 409 and response.json["code"] == "already_drew"


def test_an_action_of_another_game_is_409_wrong_game(client: FlaskClient) -> None:
    game_id, tokens = two_people(client)
    response = act(client, game_id, tokens[1], type="keep")
    assert response.status_code == 409 and response.json["code"] == "wrong_game", response.json


@pytest.mark.parametrize(("body", "pointer"), [
    ({"type": "draw"}, "/source"),
    ({"type": "draw", "source": "stock", "card": "Td"}, "/card"),
    ({"type": "discard", "card": "Td", "source": "stock"}, "/source"),
    ({"type": "discard", "card": "Tx"}, "/card"),
    ({"type": "drop", "melds": [["Td", "Tq", "Jk"]]}, "/melds/0/1"),
])
def test_a_malformed_action_is_422_pointing_at_the_field(client: FlaskClient, body: dict[str, Any],
                                                        pointer: str) -> None:
    game_id, tokens = two_people(client)
    response = act(client, game_id, tokens[1], **body)
    assert response.status_code == 422, response.json
    assert pointer in [error["pointer"] for error in response.json["errors"]], response.json


def test_a_card_named_by_its_code_alone_is_the_copy_the_seat_holds(client: FlaskClient) -> None:
    game_id, tokens = two_people(client)
    assert act(client, game_id, tokens[1], type="draw", source="stock").status_code == 200
    assert act(client, game_id, tokens[0], type="pass").status_code == 200
    assert act(client, game_id, tokens[1], type="discard", card="Td").status_code == 200
    assert act(client, game_id, tokens[0], type="draw", source="stock").status_code == 200
    answer = act(client, game_id, tokens[0], type="discard", card="Qc")  # seat 0 holds Qc#2 only
    assert answer.status_code == 200, answer.json
    assert answer.json["action"] == {"kind": "discard", "seat": 0, "card": "Qc#2"}
    assert answer.json["state"]["discard_top"] == "Qc#2" and "Qc#2" not in answer.json["state"]["hand"]
    log = client.get(f"/v1/games/{game_id}/log").json["log"]
    assert log[-1] == {"kind": "discard", "seat": 0, "card": "Qc#2"}


# -- idempotency ----------------------------------------------------------------------------------

def test_the_same_action_id_twice_gives_the_same_answer_and_applies_once(client: FlaskClient) -> None:
    game_id, tokens, created = create(client, players=["Ann", "B1"], bots=[None, "random"], seed=5,
                                      hands=1, dealer=1)  # the person plays first
    assert created["version"] == 0 and created["current"] == 0
    first = act(client, game_id, tokens[0], type="draw", source="stock", action_id="a-1")
    assert first.status_code == 200
    hand = first.json["state"]["hand"]
    discard = act(client, game_id, tokens[0], type="discard", card=hand[0], action_id="a-2")
    assert discard.status_code == 200
    bots = [event for event in discard.json["events"] if event["kind"] in ACTION_KINDS]
    assert bots and all(event["seat"] == 1 for event in bots)  # the bot's turn is in the answer
    again = act(client, game_id, tokens[0], type="discard", card=hand[0], action_id="a-2")
    assert again.status_code == 200 and again.json == discard.json
    version = discard.json["version"]
    assert version == first.json["version"] + 1 + len(bots) == view(client, game_id)["version"]
    reused = act(client, game_id, tokens[0], type="pass", action_id="a-2")
    assert reused.status_code == 409 and reused.json["code"] == "action_id_reused"


# -- Ramchi still served ---------------------------------------------------------------------------

def test_ramchi_games_still_work_on_the_same_routes(client: FlaskClient) -> None:
    response = client.post("/v1/games", json={"players": ["Asha", "Bo", "Chen"], "hands": 1, "seed": 5,
                                              "dealer": 0})
    assert response.status_code == 201 and response.json["game"] == "ramchi"
    game_id, tokens = response.json["id"], [seat["token"] for seat in response.json["seats"]]
    holder = response.json["two_of_diamonds_holder"]
    kept = act(client, game_id, tokens[holder], type="keep")
    assert kept.status_code == 200 and kept.json["state"]["phase"] == "arrange"
    drawn = act(client, game_id, tokens[0], type="draw", source="stock")
    assert drawn.status_code == 409 and drawn.json["code"] == "wrong_game"
    for seat in range(3):
        assert act(client, game_id, tokens[seat], type="arrange", combinations=[]).status_code == 200
    assert view(client, game_id)["is_over"] is True


def test_a_finished_log_posted_as_it_is_is_judged_with_the_cards_its_stock_draws_show(
        client: FlaskClient) -> None:
    game_id, tokens, _ = create(client, **PEOPLE_AND_BOTS, seed=12, hands=1)
    for _ in range(2000):
        state = view(client, game_id, tokens[0])
        if state["is_over"]:
            break
        answer = act(client, game_id, tokens[0], **person_request(state))
        assert answer.status_code == 200, answer.json
    full = client.get(f"/v1/games/{game_id}/log").json
    assert full["complete"] is True
    verdict = client.post("/v1/disputes", json=full)
    assert verdict.status_code == 200 and verdict.json["legal"] is True, verdict.json
    shown = [i for i, r in enumerate(full["log"]) if r["kind"] == "draw" and "card" in r]
    assert shown, "a finished hand's stock draws show their cards"
    index = shown[0]
    other = next(r["card"] for r in full["log"][index + 1:] if r["kind"] == "draw" and "card" in r)
    full["log"][index]["card"] = other
    tampered = client.post("/v1/disputes", json=full)
    assert tampered.status_code == 200 and tampered.json["legal"] is False, tampered.json
    assert tampered.json["code"] == "log_mismatch" and tampered.json["index"] == index
