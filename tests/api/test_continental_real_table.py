"""A Continental hand at a real table over HTTP: POST /v1/continental/score and /v1/continental/check,
cross-checked against the referee (:class:`ContinentalGame`) playing random games.

The score of every hand of a random game, posted as the cards left in each hand, is the hand's
``HandEnded`` record; every play checked on the table of a random game, as a real table would
write it (card codes, no copies), is judged as the referee judges the same action in that game
(the same legality, the same refusal code, the same melds after it).
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from rulesets.cards import Card
from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame
from rulesets.continental.melds import Meld, Run
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.phase import Phase
from rulesets.continental.records import (
    Drop,
    GameEnded,
    HandEnded,
    LayOff,
    MoveJoker,
    SwapJoker,
    WentOut,
)
from rulesets.continental.values import RunEnd
from rulesets.log import Record
from solver.continental.random_player import candidate_drops, random_action

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

SCORE = "/v1/continental/score"
CHECK = "/v1/continental/check"

FAST_GAMES = 3
"""Random games of the fast tier (each check and hand through HTTP)."""

SLOW_GAMES = 60
"""Random games of the slow tier."""


def codes(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    """Cards as a real table writes them: codes, without copy numbers."""
    return [card.code for card in cards]


def random_config(seed: int) -> GameConfig:
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    options = ContinentalOptions(card_values=rng.choice(["standard", "face_value"]),
                                 same_turn_bonus=rng.choice([-10, -10, 0, -25]),
                                 go_out_without_discard=rng.random() < 0.2)
    if seed % 10 == 9:
        players, options = 7, dataclasses.replace(options, max_players=8)
    return GameConfig.create(players=players, hands=rng.randint(1, 7), seed=rng.randrange(2**32),
                             dealer=rng.randrange(players), options=options)


def options_body(options: ContinentalOptions) -> dict[str, Any]:
    return {"card_values": options.card_values, "same_turn_bonus": options.same_turn_bonus,
            "max_players": options.max_players, "go_out_without_discard": options.go_out_without_discard}


class ScoredGame(ContinentalGame):
    """A game that notes the cards left in every hand as each hand ends, before it is scored."""

    def __init__(self, config: GameConfig) -> None:
        self.left: list[list[tuple[Card, ...]]] = []
        super().__init__(config)

    def _end_hand(self, out: int | None) -> None:
        self.left.append(list(self.hands))
        super()._end_hand(out)


def play(game: ContinentalGame, rng: random.Random) -> None:
    """One random legal action of a seat the game waits for."""
    game.apply(random_action(game, rng.choice(game.awaited()), rng, 0.9))  # type: ignore[arg-type]


# -- /score against the referee's HandEnded records ---------------------------------------------

def check_scores_of_a_game(client: FlaskClient, seed: int) -> int:
    """Post every hand of a random game; returns the number of hands checked."""
    rng = random.Random(seed)
    game = ScoredGame(random_config(seed))
    while not game.is_over:
        play(game, rng)
    ends = [record for record in game.log if isinstance(record, HandEnded)]
    outs = {record.hand: record for record in game.log if isinstance(record, WentOut)}
    totals = [0] * game.players
    for ended, left in zip(ends, game.left, strict=True):
        out = outs.get(ended.hand)
        body = {"hand_number": ended.hand, "hands": [codes(hand) for hand in left],
                "went_out": out.seat if out else None,
                "dropped_and_went_out_same_turn": out.same_turn if out else False,
                "totals": totals, "options": options_body(game.options)}
        response = client.post(SCORE, json=body)
        assert response.status_code == 200, (body, response.json)
        answer = response.json
        assert answer["scores"] == list(ended.scores), body
        assert answer["totals"] == list(ended.totals), body
        assert len(answer["explanation"]) == game.players
        for seat, text in enumerate(answer["explanation"]):
            assert text.startswith(f"seat {seat}"), text
            assert text.endswith(str(abs(ended.scores[seat]))), text
        totals = answer["totals"]
    final = game.log[-1]
    assert isinstance(final, GameEnded)
    assert answer["leaders"] == list(final.winners)
    return len(ends)


def test_score_is_the_referees_on_random_games(client: FlaskClient) -> None:
    assert sum(check_scores_of_a_game(client, seed) for seed in range(FAST_GAMES)) >= FAST_GAMES


@pytest.mark.slow
def test_score_is_the_referees_on_many_random_games(client: FlaskClient) -> None:
    hands = sum(check_scores_of_a_game(client, seed) for seed in range(FAST_GAMES, SLOW_GAMES))
    assert hands > SLOW_GAMES


# -- /check against the referee's verdict on the same action ------------------------------------

def play_body(action: Record) -> dict[str, Any]:
    """The play of ``action`` as the check takes it (the action's fields, without type and seat)."""
    if isinstance(action, Drop):
        return {"drop": [codes(list(meld)) for meld in action.melds]}
    if isinstance(action, MoveJoker):
        return {"move_joker": {"meld": action.meld, "end": action.end, "to": action.to,
                               "to_end": action.to_end}}
    assert isinstance(action, LayOff | SwapJoker)
    return {action.kind: {"card": action.card.code, "meld": action.meld, "end": action.end}}


def random_plays(game: ContinentalGame, rng: random.Random) -> list[Record]:
    """Plays of the current seat: the legal ones the rules list and random ones, most illegal."""
    seat = game.current
    hand = game.hands[seat]
    ends = [None, RunEnd.HIGH, RunEnd.LOW]
    plays: list[Record] = [legal.action for legal in game.legal_actions(seat)
                           if isinstance(legal.action, LayOff | SwapJoker | MoveJoker)]
    melds = range(len(game.table) + 1)  # one index past the table: no such meld
    for _ in range(4):
        card = rng.choice(hand)
        plays.append(LayOff(seat, card, rng.choice(melds), rng.choice(ends)))
        plays.append(SwapJoker(seat, card, rng.choice(melds), rng.choice(ends)))
    if game.table:
        for _ in range(2):
            plays.append(MoveJoker(seat, rng.choice(melds), rng.choice(list(RunEnd)), rng.choice(melds),
                                   rng.choice(ends)))
    drops = candidate_drops(game, seat, rng)
    plays += [Drop(seat, drop) for drop in drops[:2]]
    if len(hand) >= 6:
        cards = rng.sample(hand, 6)
        plays.append(Drop(seat, (tuple(cards[:3]), tuple(cards[3:]))))
    return plays


def melds_json(melds: list[tuple[int, Meld]]) -> list[dict[str, Any]]:
    """What the check answers of each meld: its index, kind, cards (codes) and jokers' meanings."""
    found = []
    for index, meld in melds:
        if isinstance(meld, Run):
            stands = [f"{rank.char}{meld.suit.char}" for rank in meld.ranks]
        else:
            stands = [meld.rank.char] * len(meld)
        found.append({"index": index, "kind": "run" if isinstance(meld, Run) else "trio",
                      "cards": codes(list(meld.cards)),
                      "jokers": [stands[i] for i, card in enumerate(meld.cards) if card.is_joker]})
    return found


def answered_melds(answer: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"index": meld["index"], "kind": meld["kind"], "cards": meld["cards"],
             "jokers": [joker["stands_for"] for joker in meld["jokers"]]} for meld in answer["melds"]]


def changed_melds(game: ContinentalGame, action: Record) -> list[tuple[int, Meld]]:
    """The melds of the table the referee changes or adds applying ``action`` (to a copy)."""
    after = copy.deepcopy(game)
    before = list(game.table)
    after.apply(action)
    if isinstance(action, Drop):
        return [(i, after.table[i]) for i in range(len(before), len(before) + len(action.melds))]
    if isinstance(action, MoveJoker):
        return [(action.meld, after.table[action.meld]), (action.to, after.table[action.to])]
    assert isinstance(action, LayOff | SwapJoker)
    return [(action.meld, after.table[action.meld])]


def check_plays_of_a_game(client: FlaskClient, seed: int, most: int) -> dict[str, int]:
    """Check plays on the tables of a random game against the referee; counts by verdict kind."""
    rng = random.Random(seed)
    game = ContinentalGame(random_config(seed))
    seen: dict[str, int] = {}
    checked = 0
    while not game.is_over and checked < most:
        seat = game.current
        playing = game.phase is Phase.PLAY and seat in game.awaited()
        # most plays need a seat that has dropped, or that can drop now
        ready = playing and (game.dropped[seat] or candidate_drops(game, seat, random.Random(seed)))
        if playing and rng.random() < (0.8 if ready else 0.05):
            for action in random_plays(game, rng):
                problems = game.problems(action)
                if problems and problems[0].code == "must_keep_a_discard":
                    continue  # the hand is the game's: the check knows only the table
                body = {"table": [codes(list(meld.cards)) for meld in game.table],
                        "dropped": game.dropped[seat], "hand_number": game.hand_number,
                        "play": play_body(action), "options": options_body(game.options)}
                response = client.post(CHECK, json=body)
                assert response.status_code == 200, (body, response.json)
                answer = response.json
                assert answer["legal"] == (not problems), (body, answer, problems)
                if problems:
                    assert answer["code"] == problems[0].code, (body, answer, problems)
                    assert answer["melds"] == [] and answer["rule"] and answer["message"]
                    seen["refused " + answer["code"]] = seen.get("refused " + answer["code"], 0) + 1
                else:
                    assert answered_melds(answer) == melds_json(changed_melds(game, action)), body
                    seen[action.kind] = seen.get(action.kind, 0) + 1
                checked += 1
        play(game, rng)
    return seen


def test_check_is_the_referees_on_random_tables(client: FlaskClient) -> None:
    seen: dict[str, int] = {}
    for seed in range(FAST_GAMES):
        for kind, count in check_plays_of_a_game(client, seed, 150).items():
            seen[kind] = seen.get(kind, 0) + count
    print(seen)
    assert seen.get("lay_off", 0) and seen.get("drop", 0), seen
    assert sum(count for kind, count in seen.items() if kind.startswith("refused")) > 10, seen


@pytest.mark.slow
def test_check_is_the_referees_on_many_random_tables(client: FlaskClient) -> None:
    seen: dict[str, int] = {}
    for seed in range(FAST_GAMES, SLOW_GAMES):
        for kind, count in check_plays_of_a_game(client, seed, 400).items():
            seen[kind] = seen.get(kind, 0) + count
    for kind in ("lay_off", "drop", "swap_joker", "move_joker", "refused cannot_lay_off",
                 "refused not_dropped", "refused no_such_meld", "refused wrong_contract"):
        assert seen.get(kind, 0) > 0, (kind, seen)


# -- the answers' shapes, refusals and pointers -------------------------------------------------

def post_ok(client: FlaskClient, url: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(url, json=body)
    assert response.status_code == 200, response.json
    return response.json


def problem(client: FlaskClient, url: str, body: dict[str, Any], status: int, code: str) -> dict[str, Any]:
    response = client.post(url, json=body)
    assert (response.status_code, response.json["code"]) == (status, code), response.json
    assert response.mimetype == "application/problem+json"
    return response.json


def test_score_explains_each_seat_and_leaves_totals_out_when_not_given(client: FlaskClient) -> None:
    answer = post_ok(client, SCORE, {"hand_number": 3, "hands": [["Ks", "Jk", "7d"], [], ["2c", "9h"]],
                                     "went_out": 1, "dropped_and_went_out_same_turn": True})
    assert answer == {"scores": [65, -10, 10], "explanation": [
        "seat 0: K♠ 10, Jk 50, 7♦ 5 = 65", "seat 1 dropped the contract and went out in the same turn: −10",
        "seat 2: 2♣ 5, 9♥ 5 = 10"]}


def test_score_under_the_face_value_ruleset_option(client: FlaskClient) -> None:
    answer = post_ok(client, SCORE, {"hand_number": 1, "hands": [["7d", "10h"], []], "went_out": 1,
                                     "totals": [5, 5], "options": {"card_values": "face_value"}})
    assert (answer["scores"], answer["totals"], answer["leaders"]) == ([17, 0], [22, 5], [1])


def test_score_refuses_a_hand_end_that_cannot_happen(client: FlaskClient) -> None:
    refusal = problem(client, SCORE, {"hand_number": 1, "hands": [["Ks"], ["2c"]], "went_out": 1},
                      409, "impossible_hand_end")
    assert "seat 1 went out" in refusal["detail"] and refusal["rule"]
    problem(client, SCORE, {"hand_number": 1, "hands": [["Ks"], ["2c"]], "went_out": None,
                            "dropped_and_went_out_same_turn": True}, 409, "impossible_hand_end")
    empty = problem(client, SCORE, {"hand_number": 1, "hands": [[], [], ["Th"]], "went_out": 1}, 409,
                    "impossible_hand_end")
    assert empty["detail"].startswith("seat 0 holds no card but did not go out")


def test_score_points_at_a_seat_or_card_that_is_not_there(client: FlaskClient) -> None:
    seat = problem(client, SCORE, {"hand_number": 1, "hands": [["Ks"], []], "went_out": 2},
                   422, "no_such_seat")
    assert seat["errors"][0]["pointer"] == "/went_out"
    totals = problem(client, SCORE, {"hand_number": 1, "hands": [["Ks"], []], "went_out": 1, "totals": [0]},
                     422, "wrong_seat_count")
    assert totals["errors"][0]["pointer"] == "/totals"
    card = problem(client, SCORE, {"hand_number": 1, "hands": [["Ks"], ["Kx"]]}, 422, "invalid_card")
    assert card["errors"][0]["pointer"] == "/hands/1/0"
    third = problem(client, SCORE, {"hand_number": 1, "hands": [["Ks", "Ks"], ["Ks"]]}, 422, "duplicate_card")
    assert third["errors"][0]["pointer"] == "/hands/1/0"
    for typed in ("7c#3", "7c#9", "7c#0"):  # two decks: copies #1 and #2, the card quoted as typed
        copy = problem(client, SCORE, {"hand_number": 1, "hands": [["Ks"], ["2d", typed]], "went_out": None},
                       422, "invalid_card")
        assert copy["errors"][0]["pointer"] == "/hands/1/1"
        assert copy["errors"][0]["detail"] == (f"card 2 '{typed}': copy #{typed[3:]} does not exist: there "
                                               "are only 2 decks, so copies #1 and #2")
    first = problem(client, SCORE, {"hand_number": 1, "hands": [["7c#5", "7c#7", "7c#9"], ["2d"]]}, 422,
                    "invalid_card")
    assert "'7c#5'" in first["errors"][0]["detail"] and first["errors"][0]["pointer"] == "/hands/0/0"
    assert post_ok(client, SCORE, {"hand_number": 1, "hands": [["7c#2"], ["Jk#2"]]})["scores"] == [5, 50]
    bad = problem(client, SCORE, {"hand_number": 8, "hands": [["Ks"]]}, 422, "invalid_request")
    assert {error["pointer"] for error in bad["errors"]} == {"/hand_number", "/hands"}


def test_a_refused_play_is_an_answer_naming_the_rule(client: FlaskClient) -> None:
    answer = post_ok(client, CHECK, {"table": [["5h", "6h", "7h", "8h"]], "dropped": False,
                                     "play": {"lay_off": {"card": "9h", "meld": 0}}})
    assert answer == {"legal": False, "melds": [], "code": "not_dropped",
                      "rule": "you may lay off or move jokers only after dropping your contract",
                      "message": "only a player who has dropped the contract may lay off"}


def test_check_says_what_each_joker_stands_for(client: FlaskClient) -> None:
    answer = post_ok(client, CHECK, {"table": [["Jk", "5h", "6h", "7h", "Jk"]], "dropped": True,
                                     "play": {"swap_joker": {"card": "4h", "meld": 0}}})
    assert answer["legal"] and [meld["text"] for meld in answer["melds"]] == ["4♥ 5♥ 6♥ 7♥ Jk(8♥) Jk(9♥)"]
    assert answer["melds"][0]["jokers"] == [{"card": "Jk", "position": 4, "stands_for": "8h"},
                                            {"card": "Jk", "position": 5, "stands_for": "9h"}]
    trio = post_ok(client, CHECK, {"play": {"meld": ["10h", "joker", "Jk"]}})
    assert trio["melds"][0]["jokers"][0]["stands_for"] == "T" and trio["melds"][0]["index"] is None


def test_check_points_at_what_it_cannot_read(client: FlaskClient) -> None:
    meld = problem(client, CHECK, {"table": [["5h", "6h", "7h", "8h"], ["5h", "9c", "Kd"]],
                                   "play": {"meld": ["7c", "7d", "7h"]}}, 422, "not_a_meld")
    assert meld["errors"][0]["pointer"] == "/table/1"
    card = problem(client, CHECK, {"table": [], "dropped": True,
                                   "play": {"lay_off": {"card": "Zz", "meld": 0}}}, 422, "invalid_card")
    assert card["errors"][0]["pointer"] == "/play/lay_off/card"
    third = problem(client, CHECK, {"table": [["7c", "7c", "Jk"]], "play": {"drop": [["7c", "7d", "7h"]]},
                                    "hand_number": 1}, 422, "duplicate_card")
    assert third["errors"][0]["pointer"] == "/play/drop/0/0"
    two = problem(client, CHECK, {"play": {"meld": ["7c"], "drop": [["7c"]]}}, 422, "invalid_request")
    assert two["errors"][0]["pointer"] == "/play"
    drop = problem(client, CHECK, {"play": {"drop": [["7c", "7d", "7h"]]}}, 422, "invalid_request")
    assert drop["errors"][0]["pointer"] == "/hand_number"
    end = problem(client, CHECK, {"play": {"move_joker": {"meld": 0, "end": "up", "to": 1}}}, 422,
                  "invalid_request")
    assert end["errors"][0]["pointer"] == "/play/move_joker/end"


def test_an_empty_play_is_unreadable_input_with_a_pointer(client: FlaskClient) -> None:
    meld = problem(client, CHECK, {"play": {"meld": []}}, 422, "invalid_request")
    assert meld["errors"][0]["pointer"] == "/play/meld"
    drop = problem(client, CHECK, {"play": {"drop": []}, "hand_number": 1}, 422, "invalid_request")
    assert drop["errors"][0]["pointer"] == "/play/drop"
    inner = problem(client, CHECK, {"play": {"drop": [["7c", "7d", "7h"], []]}, "hand_number": 1}, 422,
                    "invalid_request")
    assert inner["errors"][0]["pointer"] == "/play/drop/1"


# "never around the corner": the ace is high or low, never both, in the check as in the referee
def test_check_refuses_a_joker_laid_off_past_the_ace_of_a_run_from_the_ace_to_the_king(
        client: FlaskClient) -> None:
    run = ["Ac", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc"]
    answer = post_ok(client, CHECK, {"table": [run], "dropped": True,
                                     "play": {"lay_off": {"card": "Jk", "meld": 0}}})
    assert (answer["legal"], answer["code"]) == (False, "cannot_lay_off")
    move = {"meld": 0, "end": "low", "to": 1, "to_end": "high"}
    moved = post_ok(client, CHECK, {"table": [["Jk", "4d", "5d", "6d", "7d"], ["Jc", "Qc", "Kc", "Ac"]],
                                    "dropped": True, "play": {"move_joker": move}})
    assert (moved["legal"], moved["code"]) == (False, "no_room_for_joker")
