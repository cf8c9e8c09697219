"""Continental views and log redaction: no seat (nor the public) sees a card it may not know."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from rulesets.cards import Card
from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame
from rulesets.continental.records import CardBought, Draw, HandDealt, StockReshuffled
from rulesets.continental.views import public_view, redacted_log, seat_view, stock_draws
from rulesets.jsonable import jsonable
from rulesets.log import Record, record_to_dict
from solver.continental.random_player import random_action

QUICK = os.environ.get("RAMCHI_QUICK") == "1"
"""``make check`` (the fast tier) plays fewer games; ``make test`` and CI play them all."""

GAMES = 30
"""Random games checked after every action (the check redacts the whole log each time: slow)."""

COVERAGE_GAMES = 10
"""The first games, whose record kinds must cover buying, drawing, dropping and discarding."""

full_tier = pytest.mark.skipif(QUICK, reason="the random leak invariant runs in make test and CI")


def strings(value: Any) -> list[str]:
    """Every string value (not key) of a JSON-ready value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in strings(item)]
    return []


def codes(cards: Any) -> set[str]:
    return {jsonable(card) for card in cards}


def current_hand_start(game: ContinentalGame) -> int:
    return max(i for i, r in enumerate(game.log) if isinstance(r, HandDealt))


def check_no_leak(game: ContinentalGame, known: dict[int | None, set[str]], every: set[str]) -> None:
    """Views and the running hand's redacted log name only cards the viewer legitimately saw."""
    start = current_hand_start(game)
    for seat in [None, *range(game.players)]:
        view = public_view(game) if seat is None else seat_view(game, seat)
        log = redacted_log(game, seat, start=start)
        json.dumps([view, log])  # JSON-ready
        shown = {s for s in strings([view, log]) if s in every}
        assert shown <= known[seat], (seat, shown - known[seat])
        assert view["hand_sizes"] == [len(hand) for hand in game.hands]
        assert view["stock_size"] == len(game.stock)
        if seat is not None:
            assert view["hand"] == jsonable(sorted(game.hands[seat], key=lambda c: (
                c.is_joker, c.suit or 0, c.rank or 0, c.copy)))
        for data, record in zip(log, game.log[start:], strict=True):
            assert data["kind"] == record.kind
            if isinstance(record, HandDealt):
                assert data["deck"] is None
            elif isinstance(record, StockReshuffled):
                assert data["stock"] is None and data["size"] == len(record.stock)
            elif isinstance(record, CardBought) and record.seat != seat:
                assert data["penalty"] == "hidden"  # a card there is, hidden: never null ("none")
            elif isinstance(record, Draw) and record.seat != seat:
                assert "card" not in data
        if len(game.log) % 40 == 0:  # start keeps the whole log's redaction (sampled: quadratic)
            assert redacted_log(game, seat)[start:] == log


def play(seed: int) -> ContinentalGame:
    rng = random.Random(seed)
    players = 2 + seed % 5
    config = GameConfig.create(players=players, hands=rng.randint(1, 2), seed=rng.randrange(2**32),
                               dealer=rng.choice([None, rng.randrange(players)]))
    game = ContinentalGame(config)
    every = codes(config.deck.cards())
    known: dict[int | None, set[str]] = {}
    hand = 0

    def look() -> None:
        nonlocal hand
        if game.hand_number != hand:  # a new hand: what was known of the old one is moot
            hand = game.hand_number
            for seat in [None, *range(players)]:
                known[seat] = set()
        public = codes(c for meld in game.table for c in meld.cards) | codes(game.discards)
        for seat in [None, *range(players)]:
            known[seat] |= public | (codes(game.hands[seat]) if seat is not None else set())

    look()
    check_no_leak(game, known, every)
    while not game.is_over:
        seat = rng.choice(game.awaited())
        action = random_action(game, seat, rng, 0.8)
        before = len(game.log)
        game.apply(action)  # type: ignore[arg-type]
        if isinstance(action, Draw) and action.source == "stock" and game.hand_number == hand \
                and game.hands[seat]:
            drawn = redacted_log(game, seat, start=before)[0]
            assert drawn["card"] == jsonable(game.hands[seat][-1])  # the seat's own draw, named
        if game.is_over:
            break
        look()
        check_no_leak(game, known, every)
    return game


@full_tier
def test_random_games_leak_no_card_and_cover_the_record_kinds() -> None:
    kinds: set[str] = set()
    for seed in range(COVERAGE_GAMES):
        game = play(seed)
        kinds |= {record.kind for record in game.log}
    assert {"draw", "buy", "card_bought", "discard", "drop"} <= kinds


@full_tier
@pytest.mark.parametrize("chunk", range(2))
def test_random_games_leak_no_card(chunk: int) -> None:
    count = GAMES - COVERAGE_GAMES
    for seed in range(COVERAGE_GAMES + chunk * count // 2, COVERAGE_GAMES + (chunk + 1) * count // 2):
        play(seed)


def test_seat_view_shows_only_its_own_hand() -> None:
    game = ContinentalGame(GameConfig.create(players=3, hands=1, seed=11, dealer=0))
    public = public_view(game)
    assert "hand" not in public
    for seat in range(3):
        view = seat_view(game, seat)
        assert sorted(view["hand"]) == sorted(jsonable(game.hands[seat]))
        assert view["seat"] == seat
        assert {k: v for k, v in view.items() if k not in ("hand", "seat", "legal_actions")} == public
        assert view["legal_actions"] == ([{"type": "draw", "source": "stock"},
                                          {"type": "draw", "source": "discard"}] if seat == 1 else [])
        others = {c for s in range(3) if s != seat for c in codes(game.hands[s])} | codes(game.stock)
        assert not others & set(strings(view))
        dealt = redacted_log(game, seat)[0]
        assert dealt["deck"] is None and sorted(dealt["cards"]) == sorted(jsonable(game.hands[seat]))
        assert dealt["up_card"] == jsonable(game.top_discard)
    assert "cards" not in redacted_log(game)[0]


def in_full(log: list[Record], players: int) -> list[dict[str, Any]]:
    """Every record as it is, each stock draw with the card it took: a hand that is over."""
    records = [record_to_dict(record) for record in log]
    for index, card in stock_draws(log, players).items():
        if index < len(records):
            records[index]["card"] = jsonable(card)
    return records


def test_finished_game_log_is_shown_in_full() -> None:
    game = play(3)
    full = in_full(game.log, game.players)
    assert any("card" in record for record in full if record["kind"] == "draw")
    for seat in [None, *range(game.players)]:
        assert redacted_log(game, seat) == full


def test_finished_hand_is_shown_but_the_running_one_hidden() -> None:
    game = ContinentalGame(GameConfig.create(players=2, hands=2, seed=4, dealer=0))
    rng = random.Random(1)
    while game.hand_number == 1:
        game.apply(random_action(game, rng.choice(game.awaited()), rng, 0.9))  # type: ignore[arg-type]
    start = current_hand_start(game)
    log = redacted_log(game, 0)
    assert log[:start] == in_full(game.log, game.players)[:start]
    assert log[start]["deck"] is None and log[0]["deck"] is not None


@pytest.mark.slow  # 8 whole games, dozens of reshuffles: test_finished_game_log_is_shown_in_full is fast
def test_stock_draws_follow_penalties_and_reshuffles() -> None:
    for seed in range(8):
        rng = random.Random(seed)
        game = ContinentalGame(GameConfig.create(players=2 + seed % 3, hands=2, seed=seed))
        expected: dict[int, Card] = {}
        while not game.is_over:
            seat = rng.choice(game.awaited())
            action = random_action(game, seat, rng, 0.5)
            index, hand = len(game.log), game.hand_number
            game.apply(action)  # type: ignore[arg-type]
            if isinstance(action, Draw) and action.source == "stock" and game.hand_number == hand \
                    and not game.is_over and len(game.hands[seat]) and game.phase.value == "play":
                expected[index] = game.hands[seat][-1]
        draws = stock_draws(game.log, game.players)
        assert {i: draws[i] for i in expected} == expected
