"""Continental disputes (:mod:`rulesets.continental.disputes`): random games judged, then tampered with."""

from __future__ import annotations

import functools
import json
import random
from dataclasses import replace
from typing import Any

import pytest

from rulesets.cards import parse_card
from rulesets.continental.config import GameConfig
from rulesets.continental.disputes import (
    RECORDS_PER_HAND,
    check_log_size,
    hidden_record,
    max_log_length,
    rule_of,
    settle,
)
from rulesets.continental.game import REFUSALS, ContinentalGame
from rulesets.continental.records import (
    CardBought,
    Discard,
    Draw,
    GameEnded,
    HandDealt,
    HandEnded,
    StockReshuffled,
)
from rulesets.continental.views import redacted_log, stock_draws
from rulesets.differences import card_words
from rulesets.errors import CardError, RulesError
from rulesets.jsonable import jsonable
from rulesets.log import (
    MAX_LOG_RECORDS,
    LogError,
    LogMismatchError,
    Record,
    record_to_dict,
    split_actions,
)
from solver.continental.random_player import random_action

LONGEST_HAND_MEASURED = 1_782
"""The longest hand measured with random players (see ``RECORDS_PER_HAND``)."""
LONGEST_GAME_MEASURED = 4_886
"""The longest 7-hand game of the same measurement (2 players, skill 0.6)."""


def play(seed: int, players: int, hands: int, skill: float = 0.9, dealer: int | None = 0,
         stop: Any = None) -> ContinentalGame:
    """A game of random legal players, to its end or until ``stop(game)`` holds."""
    rng = random.Random(seed)
    config = GameConfig.create(players=players, hands=hands, seed=rng.randrange(2**32), dealer=dealer)
    game = ContinentalGame(config)
    while not game.is_over and not (stop is not None and stop(game)):
        seat = rng.choice(game.awaited())
        game.apply(random_action(game, seat, rng, skill))  # type: ignore[arg-type]
    return game


@functools.cache
def finished_game(seed: int) -> ContinentalGame:
    """A finished game of 2 to 6 players, 1 to 3 hands (the first dealer drawn for odd seeds)."""
    return play(seed, players=2 + seed % 5, hands=1 + seed % 3, skill=0.8,
                dealer=None if seed % 2 else seed % 2)


def dicts(records: list[Record]) -> list[dict[str, Any]]:
    return [record_to_dict(record) for record in records]


def state_before(game: ContinentalGame, index: int) -> ContinentalGame:
    """The game just before its log record ``index`` (an action) was applied."""
    return ContinentalGame.from_actions(game.config, split_actions(game.log[:index]))  # type: ignore[arg-type]


def first_index(game: ContinentalGame, kind: type[Record], after: int = 0) -> int:
    return next(i for i, record in enumerate(game.log) if isinstance(record, kind) and i >= after)


SEEDS = range(6)


# -- legal games ------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_the_events_of_a_whole_log_follow_from_its_actions(seed: int) -> None:
    game = finished_game(seed)
    verdict = settle(game.config, dicts(game.log))
    assert verdict["legal"] is True
    assert verdict["finished"] is True
    assert verdict["totals"] == list(game.totals)
    assert verdict["scores"] == [list(r.scores) for r in game.log if isinstance(r, HandEnded)]
    assert len(verdict["scores"]) == game.config.hands
    assert verdict["winners"] == list(next(r.winners for r in game.log if isinstance(r, GameEnded)))
    assert verdict["hand_number"] == game.config.hands
    assert verdict["log"] == dicts(game.log)
    assert verdict["events"] == [record_to_dict(r) for r in game.log if not r.is_action]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_actions_alone_settle_the_same_as_the_whole_log(seed: int) -> None:
    game = finished_game(seed)
    whole = settle(game.config, dicts(game.log))
    standings = whole.pop("standings_after")
    for verdict in (settle(game.config, dicts(split_actions(game.log))),
                    settle(game.config.to_dict(), list(split_actions(game.log))),  # records, dict config
                    settle(game.config, list(game.log))):
        told = verdict.pop("standings_after")  # counted in records: the actions alone are fewer
        assert verdict == whole
        assert {k: told[k] for k in ("totals", "scores", "hands_finished")} == \
            {k: standings[k] for k in ("totals", "scores", "hands_finished")}


def test_a_game_still_running_settles_with_no_winners_yet() -> None:
    game = play(1, players=3, hands=2, stop=lambda g: sum(isinstance(r, HandEnded) for r in g.log) == 1)
    verdict = settle(game.config, dicts(game.log))
    assert verdict["legal"] is True
    assert (verdict["finished"], verdict["winners"], verdict["hand_number"]) == (False, None, 2)
    assert len(verdict["scores"]) == 1 and verdict["totals"] == list(game.totals)


# -- refused actions --------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_only_cards_from_your_own_hand_may_be_discarded(seed: int) -> None:
    game = finished_game(seed)
    index = first_index(game, Discard, after=len(game.log) // 3)
    action = game.log[index]
    assert isinstance(action, Discard)
    before = state_before(game, index)
    held = {card.code for card in before.hands[action.seat]}
    foreign = next(card for card in game.config.deck.cards() if card.code not in held)  # no copy held
    tampered = list(game.log)
    tampered[index] = replace(action, card=foreign)
    verdict = settle(game.config, dicts(tampered))
    assert verdict["legal"] is False
    assert (verdict["index"], verdict["code"]) == (index, "card_not_in_hand")
    assert verdict["rule"] == REFUSALS["card_not_in_hand"]
    assert card_words(foreign) in verdict["message"]  # in words: 2♥, not 2h#1
    assert verdict["action"] == record_to_dict(tampered[index])
    assert verdict["log"] == dicts(game.log[:index])  # the state just before the refused action
    actions = split_actions(tampered)
    only = settle(game.config, dicts(actions))
    assert (only["index"], only["code"]) == (actions.index(tampered[index]), "card_not_in_hand")


@pytest.mark.parametrize("seed", SEEDS)
def test_only_the_player_whose_turn_it_is_may_draw(seed: int) -> None:
    game = finished_game(seed)
    index = first_index(game, Draw, after=len(game.log) // 2)
    action = game.log[index]
    assert isinstance(action, Draw)
    other = (action.seat + 1) % game.players
    tampered = list(game.log)
    tampered[index] = replace(action, seat=other)
    verdict = settle(game.config, dicts(tampered))
    assert verdict["legal"] is False
    assert (verdict["index"], verdict["code"]) == (index, "not_your_turn")
    assert verdict["rule"] == REFUSALS["not_your_turn"]
    assert f"seat {action.seat}'s turn" in verdict["message"]


def test_no_action_after_the_game_is_over() -> None:
    game = finished_game(0)
    extra = {"kind": "draw", "seat": 0, "source": "stock"}
    verdict = settle(game.config, [*dicts(split_actions(game.log)), extra])
    assert (verdict["legal"], verdict["code"], verdict["rule"]) == (False, "game_over", REFUSALS["game_over"])
    assert verdict["index"] == len(split_actions(game.log))
    assert verdict["finished"] is True and verdict["winners"] is not None


def test_a_record_that_cannot_be_read_is_refused_where_it_stands() -> None:
    game = finished_game(2)
    posted: list[Any] = dicts(game.log[:5])
    posted.append({"kind": "discard", "seat": 0, "card": "1z"})
    verdict = settle(game.config, posted)
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, 5, "invalid_log")
    assert verdict["rule"] == rule_of(LogError("x"))
    assert "record 5.card" in verdict["message"]
    for item in ({"kind": ["hand_dealt"]}, {"kind": {}}, [], None, "draw"):
        odd = settle(game.config, [*posted[:5], item])
        assert (odd["legal"], odd["index"], odd["code"]) == (False, 5, "invalid_log")


# -- events that do not follow from the actions --------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_a_hand_scores_what_the_rules_score(seed: int) -> None:
    game = finished_game(seed)
    index = first_index(game, HandEnded)
    ended = game.log[index]
    assert isinstance(ended, HandEnded)
    tampered = list(game.log)
    tampered[index] = replace(ended, scores=(ended.scores[0] - 1, *ended.scores[1:]))
    verdict = settle(game.config, dicts(tampered))
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, index, "log_mismatch")
    assert verdict["rule"] == "the events of a game follow from its actions by the rules"
    assert verdict["action"] == record_to_dict(tampered[index])
    assert verdict["message"].startswith(f"record {index}, hand {ended.hand}, turn ")
    assert verdict["differences"][0]["field"] == "scores"


def test_the_first_departure_from_the_rules_is_the_one_refused() -> None:
    """A changed deck is refused at the deal, not at the first action its cards make illegal."""
    game = finished_game(1)
    index = first_index(game, HandDealt)
    dealt = game.log[index]
    assert isinstance(dealt, HandDealt)
    deck = list(dealt.deck)
    deck[0], deck[-1] = deck[-1], deck[0]
    tampered = list(game.log)
    tampered[index] = replace(dealt, deck=tuple(deck))
    verdict = settle(game.config, dicts(tampered))
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, index, "log_mismatch")


def test_a_whole_log_holds_every_event_in_its_place() -> None:
    game = finished_game(3)
    log = dicts(game.log)
    cut = settle(game.config, log[:-1])  # the game's end left out: a log cut short, legal
    assert (cut["legal"], cut["finished"]) == (True, False)
    assert cut["standings_after"]["through_record"] == len(log) - 2
    extra = settle(game.config, [*log, log[-1]])
    assert (extra["legal"], extra["index"], extra["code"]) == (False, len(log), "log_mismatch")
    index = first_index(game, HandEnded)
    dropped = settle(game.config, log[:index] + log[index + 1:])  # an event left out mid-game
    assert (dropped["legal"], dropped["index"], dropped["code"]) == (False, index, "log_mismatch")


# -- redacted logs ------------------------------------------------------------------------------

def test_a_running_hand_hidden_by_the_redaction_cannot_be_judged() -> None:
    game = play(4, players=3, hands=2, stop=lambda g: len(g.log) > 40)
    assert not any(isinstance(r, HandEnded) for r in game.log)
    for seat in (None, 0):
        posted = redacted_log(game, seat)
        hidden = [i for i, item in enumerate(posted) if hidden_record(item) is not None]
        assert hidden and hidden[0] == first_index(game, HandDealt)
        assert hidden_record(posted[hidden[0]]).startswith("is the deal of a hand")  # type: ignore[union-attr]


def test_a_reshuffled_stock_hidden_by_the_redaction_cannot_be_judged() -> None:
    def reshuffled(game: ContinentalGame) -> bool:
        return isinstance(game.log[-1], StockReshuffled)

    game = next(g for seed in range(40)
                if reshuffled(g := play(seed, players=2, hands=1, skill=0.5, stop=reshuffled)))
    item = redacted_log(game)[-1]
    assert item["kind"] == "stock_reshuffled" and item["stock"] is None
    assert hidden_record(item).startswith("is a reshuffle")  # type: ignore[union-attr]


def shown_in_full(game: ContinentalGame) -> list[dict[str, Any]]:
    """The whole log as everyone may read it once its hands are over: every record, and every
    stock draw with the card it took."""
    records = dicts(game.log)
    for index, card in stock_draws(game.log, game.players).items():
        records[index]["card"] = jsonable(card)
    return records


def test_the_records_of_a_finished_game_are_all_judgeable() -> None:
    for seed in SEEDS:
        game = finished_game(seed)
        assert redacted_log(game) == shown_in_full(game)
        assert all(hidden_record(item) is None for item in redacted_log(game))
        assert settle(game.config, redacted_log(game, 0))["legal"] is True


# -- a finished hand is public: its stock draws show their cards (issue 18, item 6) ---------------

def test_once_a_hand_is_over_every_seat_and_the_public_see_each_stock_draws_card() -> None:
    """Rule: once a hand is over everything in it is public, the cards drawn from the stock too."""
    game = play(3, players=3, hands=2, stop=lambda g: g.hand_number == 2)
    hand_two = first_index(game, HandDealt, after=first_index(game, HandEnded))
    drawn = stock_draws(game.log, game.players)
    draws = [i for i in drawn if i < hand_two]
    assert len({game.log[i].seat for i in draws}) == 3  # type: ignore[attr-defined]
    for seat in (None, 0, 1, 2):
        log = redacted_log(game, seat)
        for index in draws:
            assert log[index]["card"] == jsonable(drawn[index]), (seat, index)


def test_a_stock_draw_keeps_one_shape_from_the_running_hand_to_the_finished_one() -> None:
    """The record the drawing seat read while the hand ran is the record everyone reads after."""
    game = play(3, players=3, hands=2, stop=lambda g: g.hand_number == 2)
    hand_two = first_index(game, HandDealt, after=first_index(game, HandEnded))
    for index in (i for i in stock_draws(game.log, game.players) if i < hand_two):
        seat = game.log[index].seat  # type: ignore[attr-defined]
        during = redacted_log(state_before(game, index + 1), seat, start=index)[0]
        assert "card" in during
        assert all(redacted_log(game, viewer)[index] == during for viewer in (None, 0, 1, 2))


def test_while_a_hand_runs_only_the_drawing_seat_sees_its_stock_draw() -> None:
    """Rule: the stock is face down; a seat's draw from it is seen by that seat alone."""
    game = play(3, players=3, hands=2, stop=lambda g: g.hand_number == 2 and any(
        isinstance(r, Draw) and r.source == "stock" for r in g.log[first_index(g, HandEnded):]))
    index = max(stock_draws(game.log, game.players))
    seat = game.log[index].seat  # type: ignore[attr-defined]
    assert "card" in redacted_log(game, seat)[index]
    for viewer in {None, 0, 1, 2} - {seat}:
        assert "card" not in redacted_log(game, viewer)[index]


def test_a_posted_stock_draw_naming_another_card_is_a_log_mismatch() -> None:
    game = finished_game(SEEDS[0])
    posted = redacted_log(game)
    index = min(stock_draws(game.log, game.players))
    wrong = next(jsonable(c) for c in game.config.deck.cards() if jsonable(c) != posted[index]["card"])
    posted[index] = posted[index] | {"card": wrong}
    verdict = settle(game.config, posted)
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, index, "log_mismatch")
    told = card_words(parse_card(wrong, jokers=True, decks=2))
    assert f"taking {told} from the stock" in verdict["message"]
    assert [d["field"] for d in verdict["differences"]] == ["card"]


def test_a_stock_draw_logged_as_a_discard_draw_is_refused_at_the_draw() -> None:
    """The card a logged draw shows is the stock's top card: the draw was from the stock."""
    game = finished_game(SEEDS[0])
    posted = redacted_log(game)
    index = min(stock_draws(game.log, game.players))
    posted[index] = posted[index] | {"source": "discard"}
    verdict = settle(game.config, posted)
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, index, "log_mismatch")
    assert verdict["differences"] == [{"field": "source", "log": "the discard pile", "rules": "the stock"}]
    assert "drew from the discard pile; by the rules from the stock" in verdict["message"]


def test_a_discard_draw_may_show_only_the_top_discard() -> None:
    game = finished_game(SEEDS[0])
    posted = redacted_log(game)
    index = next(i for i, r in enumerate(posted) if r["kind"] == "draw" and r["source"] == "discard")
    top = state_before(game, index).discards[-1]
    shown = [*posted[:index], posted[index] | {"card": top.id}, *posted[index + 1:]]
    assert settle(game.config, shown)["legal"]
    other = next(c for c in game.config.deck.cards() if c != top)
    posted[index] = posted[index] | {"card": other.id}
    verdict = settle(game.config, posted)
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, index, "log_mismatch")
    assert verdict["differences"][0]["log"] == card_words(other)
    posted[index] = posted[index] | {"card": "not a card"}
    assert settle(game.config, posted)["code"] == "invalid_log"


def test_a_buy_without_a_penalty_card_is_judged_not_hidden() -> None:
    """``penalty: None`` is also what the rules record when the stock ran out for good."""
    game = play(4, players=3, hands=1, stop=lambda g: any(isinstance(r, CardBought) for r in g.log))
    index = first_index(game, CardBought)
    bought = record_to_dict(game.log[index]) | {"penalty": None}
    assert hidden_record(bought) is None
    posted = dicts(game.log)
    posted[index] = bought
    verdict = settle(game.config, posted)
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, index, "log_mismatch")


def test_hidden_record_reads_anything_posted() -> None:
    for item in (None, 3, "hand_dealt", [], {}, {"kind": None}, {"kind": "hand_dealt"},
                 {"kind": "hand_dealt", "deck": []}):
        assert hidden_record(item) is None


# -- the size of a posted log ---------------------------------------------------------------------

def test_a_log_longer_than_any_game_is_refused_before_it_is_read() -> None:
    config = GameConfig.create(players=4, hands=2, seed=1)
    most = max_log_length(config)
    check_log_size(config, [None] * most)
    with pytest.raises(LogError, match=f"{most + 1} records given"):
        check_log_size(config, [None] * (most + 1))
    with pytest.raises(LogError, match="at most"):
        settle(config, [{"kind": "draw"}] * (most + 1))
    with pytest.raises(LogError, match="expected a list"):
        check_log_size(config.to_dict(), {"kind": "draw"})


def test_the_size_bound_is_generous_and_within_the_api_limit() -> None:
    assert RECORDS_PER_HAND >= 10 * LONGEST_HAND_MEASURED
    assert MAX_LOG_RECORDS >= 10 * LONGEST_GAME_MEASURED
    for players in range(2, 7):
        for hands in range(1, 8):
            config = GameConfig.create(players=players, hands=hands, seed=1)
            assert max_log_length(config) <= MAX_LOG_RECORDS
    for seed in SEEDS:
        game = finished_game(seed)
        assert 10 * len(game.log) <= max_log_length(game.config)


# -- the verdict ---------------------------------------------------------------------------------

def test_a_verdict_is_json_ready() -> None:
    game = finished_game(5)
    legal = settle(game.config, dicts(game.log))
    assert json.loads(json.dumps(legal)) == legal
    wild = {"kind": "discard", "seat": 10**30, "card": "x" * 600, "deep": [[[[[[[1]]]]]]]}
    refused = settle(game.config, [wild])
    assert (refused["legal"], refused["code"]) == (False, "invalid_log")
    assert json.loads(json.dumps(refused)) == refused
    assert refused["action"]["seat"] == "a number of 31 digits"
    assert len(refused["action"]["card"]) < 100


def test_rule_of_names_the_rule_of_every_refusal() -> None:
    assert rule_of(LogMismatchError(0, "x")) == "the events of a game follow from its actions by the rules"
    assert rule_of(LogError("x")).startswith("an action is an object")
    assert rule_of(CardError("x")).startswith("cards are written rank then suit")
    assert rule_of(RulesError("x")) == "the rules of Continental Rummy"
    game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
    with pytest.raises(RulesError) as refused:
        game.apply(Discard(0, game.hands[0][0]))  # seat 1 plays first
    assert refused.value.code == "not_your_turn"
    assert rule_of(refused.value) == REFUSALS["not_your_turn"]
