"""A second game on the platform with no change to ``api/``: "high card", written here.

Three seats are each dealt one card face down; each ``reveal``s it once, in any
order; once all are shown the highest card (rank, then suit) wins. The game has
its own config, records, views (another seat's card is hidden until revealed),
log redaction and disputes; it is registered with the rules' registry and its
schemas with the API's, played end to end over HTTP, and unregistered after.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from marshmallow import Schema, fields, validate

from api import create_app
from api.actions import ActionRequests, CardFields
from api.cardinput import read_cards
from api.errors import ProblemType
from api.game_api import GameApi, RegisteredGame, created_schema, register_game_api, unregister_game_api
from api.schemas import BoundedList, Int, Text, card_code, card_codes, verdict_schema
from rulesets.cards import DECK, Card
from rulesets.errors import IllegalActionError, RulesError
from rulesets.game import GameKind, register_game, unregister_game
from rulesets.log import LogError, Record, RecordTypes, check_same_log, record_to_dict

SEATS = 3

# -- the rules ------------------------------------------------------------------------------------


class HighCardConfigError(RulesError):
    code = "invalid_game_config"


@dataclass(frozen=True, slots=True)
class HighCardConfig:
    """The seed and the card dealt to each seat (drawn from the seed when not given)."""

    seed: int
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "cards": [card.code for card in self.cards]}


def config_from_dict(data: Mapping[str, Any]) -> HighCardConfig:
    seed = data.get("seed", 0)
    if type(seed) is not int or seed < 0:
        raise HighCardConfigError(f"seed must be a whole number from 0, got {seed!r}")
    codes = data.get("cards")
    if codes is None:
        return HighCardConfig(seed, tuple(random.Random(seed).sample(DECK, SEATS)))
    cards = tuple(card for code in codes for card in DECK if card.code == code)
    if len(cards) != SEATS or len(set(cards)) != SEATS:
        raise HighCardConfigError(f"cards must be {SEATS} different cards, got {codes!r}")
    return HighCardConfig(seed, cards)


@dataclass(frozen=True, slots=True)
class Dealt(Record):
    kind = "dealt"
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Reveal(Record):
    kind = "reveal"
    is_action = True
    seat: int


@dataclass(frozen=True, slots=True)
class Won(Record):
    kind = "won"
    seat: int
    card: Card


RECORDS = RecordTypes([Dealt, Reveal, Won], jokers=False, decks=1)


class HighCardGame:
    """The referee: verify / can / apply on action records, the log is the game."""

    def __init__(self, config: HighCardConfig) -> None:
        self.config = config
        self.log: list[Record] = [Dealt(config.cards)]
        self.revealed = [False] * SEATS

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HighCardGame) and (self.config, self.log, self.revealed) == (
            other.config, other.log, other.revealed)

    __hash__ = None  # type: ignore[assignment]

    @property
    def is_over(self) -> bool:
        return all(self.revealed)

    def awaited(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(SEATS) if not self.revealed[seat])

    def verify(self, action: Any) -> None:
        if not isinstance(action, Reveal) or type(action.seat) is not int \
                or action.seat not in range(SEATS):
            raise IllegalActionError(f"no such action {action!r}", rule="each seat reveals its card",
                                     code="no_such_seat")
        if self.revealed[action.seat]:
            raise IllegalActionError(f"seat {action.seat} has already revealed its card",
                                     rule="each seat reveals its card once", code="already_revealed")

    def can(self, action: Any) -> bool:
        try:
            self.verify(action)
        except RulesError:
            return False
        return True

    def apply(self, action: Any) -> None:
        self.verify(action)
        self.log.append(action)
        self.revealed[action.seat] = True
        if self.is_over:
            winner = max(range(SEATS), key=lambda seat: self.config.cards[seat])
            self.log.append(Won(winner, self.config.cards[winner]))

    @classmethod
    def replay(cls, config: HighCardConfig, log: Sequence[Record]) -> HighCardGame:
        game = cls(config)
        for record in log:
            if record.is_action:
                game.apply(record)
        check_same_log(log, game.log)
        return game


def public_view(game: HighCardGame) -> dict[str, Any]:
    won = next((r for r in game.log if isinstance(r, Won)), None)
    return {"phase": "over" if game.is_over else "reveal", "is_over": game.is_over,
            "awaiting": list(game.awaited()),
            "revealed": [card.code if shown else None
                         for card, shown in zip(game.config.cards, game.revealed, strict=True)],
            "winner": None if won is None else won.seat}


def seat_view(game: HighCardGame, seat: int) -> dict[str, Any]:
    return public_view(game) | {"seat": seat, "card": game.config.cards[seat].code}


def redacted_log(game: HighCardGame, seat: int | None = None, start: int = 0) -> list[dict[str, Any]]:
    out = [record_to_dict(record) for record in game.log[start:]]
    if not game.is_over:
        for data in out:
            if data["kind"] == "dealt":
                data["cards"] = None
                if seat is not None:
                    data["card"] = game.config.cards[seat].code
    return out


def action_from_request(seat: int, body: Mapping[str, Any]) -> Record:
    if body.get("type") != "reveal":
        raise LogError(f"no action {body.get('type')!r} in high card (only reveal)")
    return Reveal(seat)


def settle(config: HighCardConfig | Mapping[str, Any], posted: Sequence[Record]) -> dict[str, Any]:
    if not isinstance(config, HighCardConfig):
        config = config_from_dict(config)
    game = HighCardGame(config)
    for index, record in enumerate(posted):
        if record.is_action:
            try:
                game.apply(record)
            except IllegalActionError as err:
                return {"legal": False, "index": index, "code": err.code, "rule": err.rule,
                        "message": err.message, "chips": []}
    won = next((r for r in game.log if isinstance(r, Won)), None)
    chips = [1 if won is not None and seat == won.seat else 0 for seat in range(SEATS)]
    return {"legal": True, "chips": chips}


def hidden_record(item: Any) -> str | None:
    if isinstance(item, Mapping) and item.get("kind") == "dealt" and item.get("cards") is None:
        return "is a deal whose cards are hidden: post the log once the game is over"
    return None


HIGH_CARD = GameKind(
    name="high_card", title="High card", seats=range(SEATS, SEATS + 1), options=dict, records=RECORDS,
    actions=(Reveal,), config_from_dict=config_from_dict, new_game=HighCardGame,
    replay=HighCardGame.replay, action_from_request=action_from_request, seat_view=seat_view,
    public_view=public_view, redacted_log=redacted_log, settle=settle,
    hidden_record=hidden_record, secret_config=("seed", "cards"))

# -- its bodies over HTTP ---------------------------------------------------------------------------


class HighCardSettingsSchema(Schema):
    seed = Int(allow_none=True, validate=validate.Range(min=0))
    cards = card_codes(max_items=SEATS, allow_none=True)


class HighCardCreateSchema(HighCardSettingsSchema):
    game = fields.String(required=True, validate=RegisteredGame())
    players = BoundedList(Text(validate=validate.Length(min=1, max=100)), max_items=SEATS,
                          required=True, validate=validate.Length(equal=SEATS))


HIGH_CARD_ACTIONS = ActionRequests("HighCardAction", (Reveal,), CardFields(card_code))
HighCardVerdictSchema = verdict_schema("HighCardVerdict", chips=fields.List(Int()))


class HighCardViewSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    version = Int(required=True)
    players = fields.List(fields.String(), required=True)
    phase = fields.String(required=True)
    is_over = fields.Boolean(required=True)
    awaiting = fields.List(Int(), required=True)
    revealed = fields.List(fields.String(allow_none=True), required=True)
    winner = Int(allow_none=True)
    seat = Int()
    card = fields.String()


class HighCardDisputeSchema(Schema):
    game = fields.String(required=True, validate=RegisteredGame())
    config = fields.Nested(HighCardSettingsSchema, required=True)
    log = BoundedList(fields.Raw(allow_none=True), max_items=100, required=True)
    id = Text()
    version = Int()
    complete = fields.Boolean()


def read_settings(body: dict[str, Any], pointer: str) -> dict[str, Any]:
    data = {key: value for key, value in body.items() if value is not None}
    if "cards" in data:
        data["cards"] = [card.code for card in read_cards(data["cards"], f"{pointer}/cards")]
    return data


HIGH_CARD_API = GameApi(
    name="high_card", create=HighCardCreateSchema, settings=HighCardSettingsSchema,
    dispute=HighCardDisputeSchema, action=HIGH_CARD_ACTIONS.schema, view=HighCardViewSchema,
    created=created_schema(HighCardViewSchema), verdict=HighCardVerdictSchema,
    action_variants=HIGH_CARD_ACTIONS.variants, read_action=HIGH_CARD_ACTIONS.read,
    read_settings=read_settings, settings_fields=("seed", "cards"),
    problems={"already_revealed": ProblemType(409, "Already revealed", "Each seat reveals its card once.")})

# -- the platform, end to end ----------------------------------------------------------------------


@pytest.fixture
def high_card_app(tmp_path: Path) -> Iterator[Flask]:
    register_game(HIGH_CARD)
    register_game_api(HIGH_CARD_API)
    try:
        yield create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'toy.db'}"})
    finally:
        unregister_game_api("high_card")
        unregister_game("high_card")


@pytest.fixture
def toy(high_card_app: Flask) -> FlaskClient:
    return high_card_app.test_client()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_high_card_is_played_end_to_end_through_the_generic_routes(toy: FlaskClient) -> None:
    created = toy.post("/v1/games", json={"game": "high_card", "players": ["Ann", "Ben", "Cy"],
                                          "cards": ["2c", "Kh", "9s"]})
    assert created.status_code == 201, created.json
    game_id, tokens = created.json["id"], [seat["token"] for seat in created.json["seats"]]
    assert created.json["game"] == "high_card"
    assert created.json["revealed"] == [None, None, None] and "card" not in created.json

    mine = toy.get(f"/v1/games/{game_id}", headers=bearer(tokens[1])).json
    assert mine["card"] == "Kh" and mine["revealed"] == [None, None, None] and mine["seat"] == 1
    running_log = toy.get(f"/v1/games/{game_id}/log", headers=bearer(tokens[0])).json
    assert running_log["complete"] is False and "cards" not in running_log["config"]
    assert running_log["log"] == [{"kind": "dealt", "cards": None, "card": "2c"}]

    answer = toy.post(f"/v1/games/{game_id}/actions", headers=bearer(tokens[0]),
                      json={"type": "reveal", "expected_version": 0, "action_id": "a"})
    assert answer.status_code == 200, answer.json
    assert answer.json["action"] == {"kind": "reveal", "seat": 0}
    assert answer.json["state"]["revealed"] == ["2c", None, None]
    assert answer.json["state"]["card"] == "2c"
    assert toy.get(f"/v1/games/{game_id}", headers=bearer(tokens[2])).json["revealed"] \
        == ["2c", None, None]

    again = toy.post(f"/v1/games/{game_id}/actions", headers=bearer(tokens[0]), json={"type": "reveal"})
    assert again.status_code == 409
    assert again.json["code"] == "already_revealed"
    assert again.json["rule"] == "each seat reveals its card once"
    assert again.json["title"] == "Already revealed" and again.json["type"] == "/problems/already_revealed"
    assert toy.get("/problems/already_revealed").json["detail"] == "Each seat reveals its card once."
    wrong = toy.post(f"/v1/games/{game_id}/actions", headers=bearer(tokens[1]), json={"type": "arrange"})
    assert wrong.status_code == 409 and wrong.json["code"] == "wrong_game"
    assert wrong.json["detail"] == "'arrange' is no action of High card: its actions are reveal"
    unknown = toy.post(f"/v1/games/{game_id}/actions", headers=bearer(tokens[1]), json={"type": "fold"})
    assert unknown.status_code == 422 and unknown.json["errors"][0]["pointer"] == "/type"

    for seat in (2, 1):
        assert toy.post(f"/v1/games/{game_id}/actions", headers=bearer(tokens[seat]),
                        json={"type": "reveal"}).status_code == 200
    final = toy.get(f"/v1/games/{game_id}").json
    assert final["is_over"] is True and final["winner"] == 1 and final["version"] == 3

    log = toy.get(f"/v1/games/{game_id}/log").json
    assert log["complete"] is True and log["config"]["cards"] == ["2c", "Kh", "9s"]
    assert log["log"][0] == {"kind": "dealt", "cards": ["2c", "Kh", "9s"]}
    assert log["log"][-1] == {"kind": "won", "seat": 1, "card": "Kh"}
    verdict = toy.post("/v1/disputes", json=log)
    assert verdict.status_code == 200, verdict.json
    assert verdict.json == {"legal": True, "chips": [0, 1, 0]}

    tampered = toy.post("/v1/disputes", json={"game": "high_card", "config": log["config"],
                                              "log": [*log["log"][:2], {"kind": "reveal", "seat": 0}]})
    assert tampered.json["legal"] is False and tampered.json["index"] == 2
    assert tampered.json["code"] == "already_revealed"
    hidden = toy.post("/v1/disputes", json={"game": "high_card", "config": {"seed": 1},
                                            "log": running_log["log"]})
    assert hidden.status_code == 422 and hidden.json["errors"][0]["pointer"] == "/log/0"
    untold = toy.post("/v1/replays", json=log)  # a game that gives no replay table
    assert untold.status_code == 422 and untold.json["errors"][0]["pointer"] == "/game"


def test_a_game_without_an_advisor_gives_no_advice_in_the_game(toy: FlaskClient) -> None:
    created = toy.post("/v1/games", json={"game": "high_card", "players": ["Ann", "Ben", "Cy"],
                                          "cards": ["2c", "Kh", "9s"]}).json
    asked = toy.get(f"/v1/games/{created['id']}/advice", headers=bearer(created["seats"][0]["token"]))
    assert asked.status_code == 409 and asked.json["code"] == "nothing_to_advise"
    assert asked.json["detail"] == "no advice is given in High card games"


def test_high_card_bodies_are_checked_by_its_own_schemas(toy: FlaskClient) -> None:
    bad_card = toy.post("/v1/games", json={"game": "high_card", "players": ["A", "B", "C"],
                                           "cards": ["2c", "Kx", "9s"]})
    assert bad_card.status_code == 422 and bad_card.json["code"] == "invalid_card"
    assert bad_card.json["errors"][0]["pointer"] == "/cards/1"
    ramchi_field = toy.post("/v1/games", json={"game": "high_card", "players": ["A", "B", "C"],
                                               "hands": 2})
    assert ramchi_field.status_code == 422 and ramchi_field.json["errors"][0]["pointer"] == "/hands"
    ramchi = toy.post("/v1/games", json={"players": ["A", "B", "C"], "hands": 1, "seed": 5})
    assert ramchi.status_code == 201 and ramchi.json["game"] == "ramchi"


def test_the_document_lists_the_registered_games_and_their_actions(toy: FlaskClient) -> None:
    schemas = toy.get("/openapi.json").json["components"]["schemas"]
    games = ["RamchiGameCreate", "ContinentalGameCreate", "HighCardCreate"]
    assert schemas["GameCreate"]["oneOf"] == [{"$ref": f"#/components/schemas/{name}"} for name in games]
    assert schemas["HighCardCreate"]["properties"]["game"]["enum"] == ["ramchi", "continental", "high_card"]
    actions = [ref["$ref"].rsplit("/", 1)[1] for ref in schemas["ActionRequest"]["oneOf"]]
    assert actions == ["RamchiActionRequest", "ContinentalActionRequest", "HighCardAction"]
    types = [[variant["properties"]["type"]["enum"] for variant in schemas[name]["oneOf"]]
             for name in actions]
    assert types == [[["exchange"], ["keep"], ["arrange"], ["replace_by_bot"]],
                     [["draw"], ["buy"], ["pass"], ["drop"], ["lay_off"], ["swap_joker"],
                      ["move_joker"], ["discard"], ["replace_by_bot"]],
                     [["reveal"]]]
    for shell, part in (("GameView", "View"), ("GameCreated", "Created"), ("Verdict", "Verdict"),
                        ("DisputeRequest", "Dispute")):
        assert schemas[shell]["oneOf"][-1] == {"$ref": f"#/components/schemas/HighCard{part}"}, shell
    assert list(schemas["HighCardVerdict"]["properties"]) == [
        "legal", "finished", "standings_after", "chips", "index", "where", "rule", "code", "message",
        "differences"]


def test_the_toy_game_is_gone_after_its_test(client: FlaskClient) -> None:
    refused = client.post("/v1/games", json={"game": "high_card", "players": ["A", "B", "C"]})
    assert refused.status_code == 422 and refused.json["errors"][0]["pointer"] == "/game"
    assert client.get("/problems/already_revealed").status_code == 404
