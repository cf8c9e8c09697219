"""What a seat knows of the discard pile, read from its redacted log alone
(:func:`rulesets.continental.knowledge.known_cards`), is what the referee holds: over random
games, at random points, the pile is the referee's discard pile card for card, and every card it
says another seat took from the pile and still holds is in that seat's hand; and the cards it
says each seat turned down (:func:`~rulesets.continental.knowledge.refused_cards`) are the ones
the referee saw it discard and the top discards it left when it drew from the stock. Random players
buy a lot, so buys settled by a discard and reshuffles are frequent; the slow tier asserts a buy
whose penalty card needed a reshuffle was among them.
"""

from __future__ import annotations

import itertools
import random

import pytest

from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame
from rulesets.continental.knowledge import known_cards, refused_cards
from rulesets.continental.records import Discard, Draw
from rulesets.continental.values import DrawSource
from rulesets.continental.views import redacted_log
from rulesets.jsonable import jsonable
from solver.continental.random_player import random_action


def play_and_check(number: int) -> tuple[int, list[str]]:
    """Play random game ``number`` (one hand, 2-6 players), checking the seat knowledge now and
    then; returns the checks made and the kinds of its records."""
    rng = random.Random(number)
    players = 2 + number % 5
    game = ContinentalGame(GameConfig.create(players=players, hands=1, seed=number, dealer=0))
    checks = 0
    for _ in range(3000):
        if game.is_over:
            break
        game.apply(random_action(game, rng.choice(game.awaited()), rng, skill=rng.random() * 0.5))
        if game.is_over or rng.random() > 0.2:
            continue
        seat = rng.randrange(players)
        pile, held = known_cards(redacted_log(game, seat), seat, game.config)
        assert pile == jsonable(game.discards)
        hands = [jsonable(hand) for hand in game.hands]
        assert seat not in held
        assert all(card in hands[other] for other, cards in held.items()
                   for how in ("picked_up", "bought") for card in cards[how]), (held, hands)
        checks += 1
    return checks, [record.kind for record in game.log]


def _reshuffled_for_a_buy(kinds: list[str]) -> int:
    return sum(1 for pair in itertools.pairwise(kinds) if pair == ("stock_reshuffled", "card_bought"))


def test_the_pile_a_seat_reads_from_its_log_is_the_referees() -> None:
    checks, kinds = 0, []
    for number in range(6):
        done, seen = play_and_check(number)
        checks, kinds = checks + done, kinds + seen
    assert checks > 100 and "stock_reshuffled" in kinds and "card_bought" in kinds


@pytest.mark.slow
def test_the_pile_over_many_random_games() -> None:
    checks, reshuffled = 0, 0
    for number in range(100, 140):
        done, kinds = play_and_check(number)
        checks, reshuffled = checks + done, reshuffled + _reshuffled_for_a_buy(kinds)
    assert checks > 1000 and reshuffled > 0


def test_a_buy_the_discard_settles_takes_its_card_before_the_discard_lands() -> None:
    config = GameConfig.create(players=3, hands=1, seed=1)
    log = [{"kind": "hand_dealt", "hand": 1, "dealer": 0, "deck": None, "up_card": "9s"},
           {"kind": "discard", "seat": 0, "card": "7h"}, {"kind": "discard", "seat": 1, "card": "Qs"},
           {"kind": "buy", "seat": 0}, {"kind": "discard", "seat": 2, "card": "4s"},
           {"kind": "card_bought", "hand": 1, "seat": 0, "card": "Qs", "penalty": "hidden"}]
    assert known_cards(log, 1, config) == (["9s", "7h", "4s"], {0: {"picked_up": [], "bought": ["Qs"]}})
    assert known_cards(log, 0, config) == (["9s", "7h", "4s"], {})


def test_the_cards_each_seat_turned_down_are_its_discards_and_the_discards_it_passed() -> None:
    checks = 0
    for number in range(6):
        rng = random.Random(number)
        players = 2 + number % 5
        game = ContinentalGame(GameConfig.create(players=players, hands=1, seed=number, dealer=0))
        threw: dict[int, list[str]] = {}
        left: dict[int, list[str]] = {}
        for _ in range(3000):
            if game.is_over:
                break
            action = random_action(game, rng.choice(game.awaited()), rng, skill=rng.random() * 0.5)
            offered = jsonable(game.discards[-1]) if game.discards else None
            game.apply(action)
            if isinstance(action, Discard):
                threw.setdefault(action.seat, []).append(jsonable(action.card))
            if isinstance(action, Draw) and action.source is DrawSource.STOCK and offered is not None:
                left.setdefault(action.seat, []).append(offered)
            if game.is_over or rng.random() > 0.2:
                continue
            seat = rng.randrange(players)
            told = refused_cards(redacted_log(game, seat), game.config)
            assert {s: cards["discarded"] for s, cards in told.items() if cards["discarded"]} == threw
            assert {s: cards["passed"] for s, cards in told.items() if cards["passed"]} == left
            checks += 1
    assert checks > 100
