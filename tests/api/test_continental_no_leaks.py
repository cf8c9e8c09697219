"""No Continental answer shows a seat (or the public) a card it may not know: random API games.

The truth is a copy of each game kept by the test: the same configuration (the test posts
the seed), every action of the server's public log applied to it in order. From it the test
follows, hand by hand, what each observer may know, from the rules alone (not from
:mod:`rulesets.continental.views`):

- everyone: the up-card, every card that has lain on the discard pile or on the table
  during the hand (a card taken back from the pile was seen taking it);
- a seat: also every card that has been in its own hand during the hand (its deal, its
  stock draws, the card it bought and its penalty card);
- a hand that is over is public in full (its deck, reshuffles, penalty cards and the card each
  stock draw took: the public log shows them, and the test checks each against its own copy).

Nobody may see another seat's cards, the stock, the running hand's deck, another seat's stock
draws or penalty cards, nor the order of a reshuffled stock. Cards are compared by physical card:
``7c`` and ``7c#2`` are two cards. After every action the test scans every seat's view and log,
the public view and log, and the acting seat's answer, and now and then a person's advice in
the game (``GET /v1/games/{id}/advice``; the advice names kinds of card, ``7c`` for either copy,
so its cards are checked by kind).
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from flask.testing import FlaskClient

from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame
from rulesets.continental.records import ACTIONS, CONTINENTAL_RECORDS
from rulesets.continental.views import as_request
from rulesets.log import record_to_dict
from solver.continental.random_player import candidate_drops, random_action
from tests.api import leak_check

QUICK = os.environ.get("RAMCHI_QUICK") == "1"
GAMES = 3 if QUICK else 12
"""Random games played over HTTP (``RAMCHI_QUICK=1``, the fast tier: 3)."""

WISHES = frozenset({"outs", "stands_for"})
"""Keys of an advice that name kinds of card the seat wishes for, not cards anyone holds: the
``outs`` (kinds that would bring the hand closer, with their unseen copies) and what a joker
``stands_for`` in a run."""

ADVICE = 0.02 if QUICK else 0.1
"""The chance, before a person's action, that a person asks for advice in the game (and the test
checks the answer; the fast tier asks less, an advice costing a solve)."""

NAMES = ["Asha", "Bo", "Chen", "Dee", "Eli", "Fay"]
ACTION_KINDS = frozenset(cls.kind for cls in ACTIONS)

CARD = re.compile(r"^(?:[2-9TJQKA][cdhs]|Jk)(?:#\d+)?$")
CARD_IN_TEXT = re.compile(r"(?<![A-Za-z0-9#])((?:[2-9TJQKA][cdhs]|Jk)(?:#\d+)?)(?![A-Za-z0-9#])")
SKIPPED_KEYS = frozenset({"id", "token", "seats", "text"})
"""Keys never scanned: ids and tokens (random text), and a meld's ``text`` (pretty suits, and
``Jk`` without its copy: the meld's ``cards`` name the same cards exactly)."""


def physical(code: str) -> str:
    """One name per physical card: ``7c#1`` and ``7c`` are the same card, ``7c#2`` another."""
    return code.removesuffix("#1")


def kind_of(code: str) -> str:
    """The kind of a physical card (``7c#2`` → ``7c``): what an advice names."""
    return code.split("#")[0]


def drew_stock(record: dict[str, Any]) -> bool:
    """Whether a log record is a draw from the stock (which may show the card it took)."""
    return record.get("kind") == "draw" and record.get("source") == "stock"


def ids(cards: Any) -> set[str]:
    return {physical(card.id) for card in cards}


def cards_in(value: Any, hand: int) -> Iterator[tuple[int, str]]:
    """Every physical card named in ``value`` with the hand it belongs to
    (:func:`tests.api.leak_check.cards_in` with Continental's codes: jokers and copies).
    ``hand`` is the hand of what names none (0: before the first deal).
    """
    return leak_check.cards_in(value, hand, card=CARD, in_text=CARD_IN_TEXT, name=physical,
                               skipped=SKIPPED_KEYS)


def records_in(value: Any, hand: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every log record (a dict with a ``kind``) in ``value``, with its hand (as :func:`cards_in`)."""
    if isinstance(value, dict):
        hand = leak_check.hand_named(value, hand)
        if isinstance(value.get("kind"), str):
            yield hand, value
        for item in value.values():
            yield from records_in(item, hand)
    elif isinstance(value, list):
        running = hand
        for item in value:
            if isinstance(item, dict) and isinstance(item.get("hand"), int):
                running = item["hand"]
            yield from records_in(item, running)


@dataclass
class Truth:
    """A copy of one game, and what each observer (a seat, ``None`` the public) knows of each hand."""

    game: ContinentalGame
    known: dict[int, dict[int | None, set[str]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.look()

    @property
    def observers(self) -> list[int | None]:
        return [None, *range(self.game.players)]

    def look(self) -> None:
        """Add what is in sight now: the table and the pile to everyone, each hand to its seat."""
        game = self.game
        known = self.known.setdefault(game.hand_number, {o: set() for o in self.observers})
        public = ids(c for meld in game.table for c in meld.cards) | ids(game.discards)
        for observer in self.observers:
            known[observer] |= public
            if observer is not None:
                known[observer] |= ids(game.hands[observer])

    def sync(self, public_log: list[dict[str, Any]]) -> None:
        """Apply the actions of the public log the copy does not have yet (looking after each)."""
        game = self.game
        while len(game.log) < len(public_log):
            index = len(game.log)
            record = public_log[index]
            assert record["kind"] in ACTION_KINDS, (
                f"record {index} of the log is {record!r}; the rules derive {len(game.log)} records")
            action = {key: value for key, value in record.items() if key != "card" or not drew_stock(record)}
            seat = record.get("seat")
            held = ids(game.hands[seat]) if drew_stock(record) else set()
            game.apply(CONTINENTAL_RECORDS.from_dict(action, f"record {index}"))  # type: ignore[arg-type]
            assert record_to_dict(game.log[index]) == action
            if "card" in record and drew_stock(record):  # a finished hand's draw: the card it took
                assert {physical(record["card"])} == ids(game.hands[seat]) - held, (index, record)
            self.look()
        assert len(game.log) == len(public_log)

    def leaks(self, answer: Any, observer: int | None, hand: int) -> list[str]:
        """Every card (and hidden part of a record) in ``answer`` that ``observer`` may not know.

        ``hand`` is the hand of what names none (the hand an action was taken in).
        """
        game = self.game
        running = game.hand_number
        found = []
        for about, card in cards_in(answer, hand):
            if game.is_over or about < running:
                continue
            if about > running or card not in self.known[running][observer]:
                found.append(f"{card} of hand {about} (running hand {running})")
        for about, record in records_in(answer, hand):
            if game.is_over or about != running:
                continue
            kind = record["kind"]
            if kind == "hand_dealt" and record.get("deck") is not None:
                found.append(f"the deck of the running hand {about}")
            if kind == "stock_reshuffled" and record.get("stock") is not None:
                found.append(f"the reshuffled stock of the running hand {about}")
            if kind == "card_bought" and record.get("seat") != observer \
                    and record.get("penalty") not in (None, "hidden"):
                found.append(f"seat {record['seat']}'s penalty card")
            if kind == "draw" and record.get("seat") != observer and "card" in record:
                found.append(f"seat {record['seat']}'s draw")
        return found

    def check(self, answer: Any, observer: int | None, what: str, hand: int | None = None) -> None:
        leaks = self.leaks(answer, observer, self.game.hand_number if hand is None else hand)
        who = "the public" if observer is None else f"seat {observer}"
        assert not leaks, f"{what} shows {who} what it may not know: {', '.join(leaks[:6])}"

    def check_kinds(self, answer: Any, observer: int, what: str) -> None:
        """Fail if ``answer``, which names kinds of card (an advice: ``7c`` for either copy),
        names a kind of which ``observer`` knows no card in the running hand, outside the kinds it
        names as wishes (:data:`WISHES`)."""
        running = self.game.hand_number
        known = {kind_of(card) for card in self.known[running][observer]}
        named = leak_check.cards_in(answer, running, card=CARD, in_text=CARD_IN_TEXT, name=physical,
                                    skipped=SKIPPED_KEYS | WISHES)
        leaks = [card for about, card in named if about == running and kind_of(card) not in known]
        assert not leaks, f"{what} names to seat {observer} cards it may not know: {', '.join(leaks[:6])}"


class Table:
    """One API game of Continental: its client, tokens, the test's copy, and the checks."""

    def __init__(self, client: FlaskClient, body: dict[str, Any]) -> None:
        self.client = client
        response = client.post("/v1/games", json=body)
        assert response.status_code == 201, response.json
        created = response.json
        self.id = created["id"]
        self.tokens = [seat["token"] for seat in created["seats"]]
        self.bots = list(body.get("bots") or [None] * len(body["players"]))
        options = body.get("options")
        config = GameConfig.from_dict({"players": len(body["players"]), "hands": body.get("hands", 7),
                                       "seed": body["seed"], "dealer": body.get("dealer")}
                                      | ({"options": options} if options else {}))
        self.truth = Truth(ContinentalGame(config))
        self.version = created["version"]
        self.truth.sync(self.log(None)["log"])
        assert created["version"] == self.actions()
        self.truth.check({k: v for k, v in created.items() if k != "seats"}, None, "the creation answer")

    def headers(self, seat: int | None) -> dict[str, str]:
        return {} if seat is None else {"Authorization": f"Bearer {self.tokens[seat]}"}

    def view(self, seat: int | None) -> dict[str, Any]:
        response = self.client.get(f"/v1/games/{self.id}", headers=self.headers(seat))
        assert response.status_code == 200, response.json
        return response.json

    def log(self, seat: int | None) -> dict[str, Any]:
        response = self.client.get(f"/v1/games/{self.id}/log", headers=self.headers(seat))
        assert response.status_code == 200, response.json
        return response.json

    def act(self, seat: int, body: dict[str, Any]) -> Any:
        return self.client.post(f"/v1/games/{self.id}/actions", json=body, headers=self.headers(seat))

    def actions(self) -> int:
        return sum(record.is_action for record in self.truth.game.log)

    def persons(self) -> list[int]:
        return [seat for seat, bot in enumerate(self.bots) if bot is None]

    def watch(self, public_log: dict[str, Any] | None = None) -> dict[int, dict[str, Any]]:
        """Scan every view and log (``public_log``: the public log just read); return the views."""
        if public_log is None:
            public_log = self.log(None)
            self.truth.sync(public_log["log"])
        assert public_log["version"] == self.version == self.actions()
        self.truth.check(public_log, None, "the public log", hand=0)
        self.truth.check(self.view(None), None, "the public view")
        views = {}
        for seat in range(len(self.tokens)):
            view = self.view(seat)
            assert view["version"] == self.version
            assert sorted(view["hand"]) == sorted(ids(self.truth.game.hands[seat]))
            self.truth.check(view, seat, "the seat view")
            self.truth.check(self.log(seat), seat, "the seat's log", hand=0)
            views[seat] = view
        return views

    def ask_advice(self, seat: int) -> bool:
        """Ask ``seat``'s advice in the game and check it: its ``request`` names physical cards
        (as the seat's view does), its ``advice`` kinds of card. Returns whether it was advised
        (else the seat had nothing to decide: a 409)."""
        response = self.client.get(f"/v1/games/{self.id}/advice", headers=self.headers(seat))
        answer = response.json
        if response.status_code == 409:
            assert answer["code"] == "nothing_to_advise", answer
            self.truth.check(answer, seat, "the refused advice")
            return False
        assert response.status_code == 200, answer
        self.truth.check({key: value for key, value in answer.items() if key != "advice"}, seat,
                         "the advice request")
        self.truth.check_kinds(answer["advice"], seat, "the advice")
        return True

    def answer(self, seat: int, body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """Send ``seat``'s action; check the answer once the copy has caught up.

        Returns the answer and the public log read to catch up.
        """
        hand = self.truth.game.hand_number
        response = self.act(seat, body)
        assert response.status_code == 200, (body, response.json)
        answer = response.json
        public_log = self.log(None)
        self.truth.sync(public_log["log"])
        assert answer["version"] == self.actions() > self.version
        self.version = answer["version"]
        self.truth.check(answer, seat, f"the answer to {body}", hand=hand)
        return answer, public_log


def person_request(table: Table, seat: int, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A person's next action: random among ``legal_actions``, or sensible, or a drop when found."""
    legal = view["legal_actions"]
    assert legal, f"seat {seat} is awaited ({view['awaiting']}) but may do nothing"
    game = table.truth.game
    if any(request["type"] == "drop" for request in legal) and rng.random() < 0.9:
        drops = candidate_drops(game, seat, rng)
        if drops:
            return {"type": "drop", "melds": [[physical(c.id) for c in meld] for meld in rng.choice(drops)]}
    choices = [request for request in legal if request["type"] != "drop"]
    if rng.random() < 0.9:  # a sensible move: keeps the hands short
        chosen = as_request(random_action(game, seat, rng, skill=1.0))
        if chosen["type"] != "drop":
            assert chosen in choices, (chosen, choices)
            return chosen
    if any(request["type"] == "buy" for request in choices) and rng.random() < 0.7:
        return {"type": "pass"}
    return rng.choice(choices)


def play_and_watch(client: FlaskClient, rng: random.Random, number: int) -> tuple[int, set[str], int]:
    """Play game ``number`` to its end through the API, scanning every answer; return the persons'
    actions, the kinds of record of its log and the advice answers checked."""
    players = 2 + number % 4
    bots: list[str | None] = [rng.choice([None, "random", "advisor", "advisor"]) for _ in range(players)]
    if all(bots):
        bots[rng.randrange(players)] = None
    body = {"game": "continental", "players": NAMES[:players], "bots": bots,
            "hands": 2 if number % 3 == 0 else 1, "seed": rng.randrange(2**31)}
    if rng.random() < 0.5:
        body["dealer"] = rng.randrange(players)
    table = Table(client, body)
    counts = {"actions": 0, "advice": 0}
    views = table.watch()
    asking = random.Random(number)  # apart from rng: asking for advice changes nothing in the game
    while not table.truth.game.is_over:
        awaited = [seat for seat in table.truth.game.awaited() if bots[seat] is None]
        assert awaited, "the bots stopped while no person is awaited"
        if asking.random() < ADVICE:
            counts["advice"] += table.ask_advice(asking.choice(table.persons()))
        seat = rng.choice(awaited)
        request = person_request(table, seat, views[seat], rng)
        _answer, public_log = table.answer(seat, request)
        counts["actions"] += 1
        views = table.watch(public_log)
        assert counts["actions"] < 3000, "a game that never ends"
    assert all(view["is_over"] for view in views.values())
    return counts["actions"], {record.kind for record in table.truth.game.log}, counts["advice"]


def test_random_api_games_never_show_a_seat_a_card_it_may_not_know(client: FlaskClient) -> None:
    actions, kinds, advised = 0, set(), 0
    for number in range(GAMES):
        acted, seen, asked = play_and_watch(client, random.Random(number), number)
        actions, kinds, advised = actions + acted, kinds | seen, advised + asked
    assert actions >= 10 * GAMES and advised > 0
    assert {"draw", "buy", "pass", "card_bought", "drop", "lay_off", "discard", "went_out",
            "hand_ended"} <= kinds, kinds


# -- the scanner itself ------------------------------------------------------------------------

def _twins() -> tuple[Truth, str, str]:
    """A game where seat 0 holds one copy of a card and seat 2 the other: both ids."""
    for seed in range(100):
        truth = Truth(ContinentalGame(GameConfig.create(players=3, hands=2, seed=seed, dealer=0)))
        hands = truth.game.hands
        for card in hands[2]:
            twin = next((c for c in hands[0] if c.code == card.code and not c.is_joker), None)
            if twin is not None:
                return truth, physical(twin.id), physical(card.id)
    raise AssertionError("no deal with twins in seats 0 and 2")


def test_the_scanner_tells_the_two_copies_of_a_card_apart() -> None:
    truth, mine, theirs = _twins()
    assert mine != theirs and mine.split("#")[0] == theirs.split("#")[0]
    assert truth.leaks({"hand_number": 1, "hand": [mine]}, 0, 1) == []
    assert truth.leaks({"hand_number": 1, "hand": [theirs]}, 0, 1) == [f"{theirs} of hand 1 (running hand 1)"]
    assert truth.leaks({"hand_number": 1, "hand": [mine]}, None, 1) != []
    assert truth.leaks({"detail": f"seat 2 holds {theirs}, a card"}, 0, 1) != []
    up = physical(truth.game.discards[-1].id)
    assert truth.leaks({"hand_number": 1, "discard_top": up}, None, 1) == []


def test_the_scanner_shows_a_hand_that_is_over_and_hides_the_running_one() -> None:
    truth, _mine, _theirs = _twins()
    stock = physical(truth.game.stock[0].id)
    assert truth.leaks([{"kind": "dealer_drawn", "draws": [stock]}], None, 0) == []
    assert truth.leaks([{"kind": "hand_dealt", "hand": 2, "deck": None, "up_card": stock}], 0, 1) != []
    assert truth.leaks([{"kind": "hand_dealt", "hand": 1, "deck": [stock]}], 0, 1) == [
        f"{stock} of hand 1 (running hand 1)", "the deck of the running hand 1"]
    assert truth.leaks([{"kind": "stock_reshuffled", "hand": 1, "stock": []}], 0, 1) == [
        "the reshuffled stock of the running hand 1"]
    assert truth.leaks([{"kind": "draw", "seat": 1, "source": "stock", "card": stock}], 0, 1) == [
        f"{stock} of hand 1 (running hand 1)", "seat 1's draw"]
    assert truth.leaks([{"kind": "draw", "seat": 0, "source": "stock", "card": stock}], 0, 1) == [
        f"{stock} of hand 1 (running hand 1)"]  # only the card it drew, not the next one


def test_a_finished_hands_stock_draws_show_their_cards_to_everyone(client: FlaskClient) -> None:
    """Once hand 1 is over, every seat's log and the public log show the card each of its stock
    draws took (issue 18, item 6): the same record the drawing seat read during the hand."""
    rng = random.Random(7)
    table = Table(client, {"game": "continental", "players": NAMES[:3], "bots": [None, "advisor", None],
                           "hands": 2, "seed": 11, "dealer": 0})
    views = table.watch()
    seen_during: dict[int, dict[str, Any]] = {}
    while table.truth.game.hand_number == 1:
        seat = rng.choice([s for s in table.truth.game.awaited() if table.bots[s] is None])
        _answer, public_log = table.answer(seat, person_request(table, seat, views[seat], rng))
        for person in table.persons():
            for index, record in enumerate(table.log(person)["log"]):
                if drew_stock(record) and record["seat"] == person and "card" in record:
                    seen_during.setdefault(index, record)
        views = table.watch(public_log)
    game = table.truth.game
    hand_two = max(i for i, record in enumerate(game.log) if record.kind == "hand_dealt")
    draws = [i for i, record in enumerate(game.log[:hand_two])
             if record.kind == "draw" and record.source == "stock"]  # type: ignore[attr-defined]
    assert draws and seen_during
    for observer in table.truth.observers:
        log = table.log(observer)["log"]
        assert all("card" in log[i] for i in draws), observer
        assert all(log[i] == record for i, record in seen_during.items() if i < hand_two), observer
