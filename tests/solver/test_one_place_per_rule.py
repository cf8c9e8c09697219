"""Each rule lives once, in rulesets/: the referee, the solver, the API and the CLI call it."""

from __future__ import annotations

import json
import random

import pytest
from flask.testing import FlaskClient

import api.encode
import rulesets.log
from api.cli import main
from rulesets.cards import DECK, parse_cards
from rulesets.errors import InvalidInputError, RulesError
from rulesets.jsonable import jsonable
from rulesets.ramchi import arrangement, combinations, deal, scoring
from rulesets.ramchi.config import GameConfig
from rulesets.ramchi.game import RamchiGame
from solver import advise, hindsight
from solver.ramchi import (
    arrays,
    baseline,
    batch_scoring,
    greedy,
    maximin,
    packing,
    round_tables,
    sampling,
    validation,
)

HAND = ["As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c", "6h", "2d"]
REUSED = [["As", "Ad", "Ah"], ["Ah", "Kc", "Qc"]]  # Ah twice; both are combinations
OTHERS = {1: [parse_cards("Kd Kh Ks")], 2: [parse_cards("9c 8c 7c")]}


def _code(call, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError) as caught:
        call(*args, **kwargs)
    return caught.value.code


# -- the arrangement checks ---------------------------------------------------------------------

def test_a_reused_card_is_duplicate_card_in_the_referee_the_solver_and_the_api(client: FlaskClient) -> None:
    hand = parse_cards(HAND)
    played = [parse_cards(c) for c in REUSED]
    referee = arrangement.arrangement_problems(hand, played)
    assert [p.code for p in referee] == ["duplicate_card"]
    solver_code = _code(hindsight, hand, 0, 2, OTHERS, played=played)
    assert solver_code == referee[0].code == _code(arrangement.check_arrangement, hand, played)
    response = client.post("/v1/ramchi/hindsight", json={
        "hand": HAND, "seat": 0, "dealer": 2, "played": REUSED,
        "lineups": {"1": [["Kd", "Kh", "Ks"]], "2": [["9c", "8c", "7c"]]}})
    assert response.status_code == 422 and response.json["code"] == "duplicate_card"
    assert response.json["rule"] == referee[0].rule


def test_a_reused_card_in_another_seats_lineup_is_duplicate_card_too() -> None:
    others = {1: [parse_cards("Kd Kh Ks"), parse_cards("Kd Qd Jd")], 2: []}
    assert _code(hindsight, parse_cards(HAND), 0, 2, others) == "duplicate_card"


@pytest.mark.parametrize("played", [
    [["As", "Ad", "Ah"], ["Ks", "Qc", "Jc"]],  # Ks is not in the hand
    [["9s", "9d", "3c"]],  # a pair: no combination
    [["As", "Ad"]],  # two cards
    [[]] * 6,  # six combinations (empty: the count is checked first)
])
def test_the_solver_refuses_a_played_lineup_with_the_referees_first_problem(played: list) -> None:
    hand = parse_cards(HAND)
    lineup = [parse_cards(c) if c else () for c in played]
    expected = arrangement.arrangement_problems(hand, lineup)[0]
    with pytest.raises(InvalidInputError) as caught:  # the referee's refusal, as bad input here
        validation.check_lineup(lineup, hand, "seat 0's played lineup")
    assert (caught.value.code, caught.value.rule) == (expected.code, expected.rule)
    assert caught.value.message == f"seat 0's played lineup: {expected.message}"


def test_a_lineup_in_any_order_is_played_strongest_first_as_the_referee_plays_it() -> None:
    hand = parse_cards(HAND)
    lineup = [parse_cards("Kc Qc Jc"), parse_cards("As Ad Ah")]
    expected = arrangement.check_arrangement(hand, lineup).strengths
    assert validation.check_lineup(lineup, hand, "mine") == expected


def test_a_bad_seat_is_no_such_seat_in_the_referee_and_the_solver() -> None:
    game = RamchiGame(GameConfig.create(seed=5, dealer=0))
    referee = game.arrangement_problems(5, [])[0]
    rules = scoring.seat_problems(5)[0]
    assert (referee.code, referee.rule, referee.message) == (rules.code, rules.rule, rules.message)
    hand = parse_cards(HAND)
    assert _code(advise, hand, None, objective="maximin", seat=5) == "no_such_seat"
    assert _code(advise, hand, None, objective="maximin", dealer=-1) == "no_such_seat"
    assert _code(hindsight, hand, 3, 0, OTHERS) == "no_such_seat"


def test_the_hand_is_checked_by_the_rules() -> None:
    assert advise.__globals__["check_hand"] is deal.check_hand
    assert hindsight.__globals__["check_hand"] is deal.check_hand
    referee = _code(deal.check_hand, DECK[:17], DECK[3])
    assert _code(advise, DECK[:17], DECK[3]) == referee == "up_card_in_hand"


# -- the highest four of a kind wins ------------------------------------------------------------

def test_four_of_a_kind_is_decided_by_the_rules_everywhere() -> None:
    assert baseline.four_of_a_kind_rank is deal.four_of_a_kind_rank
    assert baseline.four_of_a_kind_winner is deal.four_of_a_kind_winner
    rng = random.Random(7)
    for _ in range(300):  # the array version (ev advice) agrees with the rules
        cards = list(DECK)
        rng.shuffle(cards)
        hands = [cards[:17], cards[17:34], cards[34:51]]
        found = deal.find_four_of_a_kind(hands)
        ranks = arrays.four_ranks(arrays.hand_array(hands)).tolist()
        assert ranks == [deal.four_of_a_kind_rank(h) or 0 for h in hands]
        solver_winner = ranks.index(max(ranks)) if max(ranks) else None
        assert (found.seat if found else None) == solver_winner


def test_a_held_four_of_a_kind_is_beaten_exactly_when_the_rules_say_so() -> None:
    hand = parse_cards("9c 9d 9h 9s 3c 4d 5h 6s 7c 8d Th Tc Jd Qh Ks 3s 4h")
    advice = advise(hand, None, samples=60, seed=2)
    assert advice.four_of_a_kind is not None
    drawn = sampling.draw_samples(hand, None, samples=60, seed=2, dealer=None, seat=0)
    beaten = [deal.find_four_of_a_kind(s.hands).seat != 0 for s in drawn]
    assert advice.four_of_a_kind.probability_beaten == pytest.approx(sum(beaten) / len(beaten))


# -- comparing two combinations -----------------------------------------------------------------

@pytest.mark.parametrize(("a", "b"), [(["As", "2s", "3s"], ["Kd", "Kh", "Kc"]),
                                      (["Ah", "2d", "3c"], ["As", "2h", "3d"]),
                                      (["2h", "3d", "5c"], ["Ac", "Kd", "Qh"])])
def test_the_api_and_the_cli_compare_with_the_rules_function(
        client: FlaskClient, capsys: pytest.CaptureFixture[str], a: list[str], b: list[str]) -> None:
    rules = jsonable(combinations.compare_combinations(parse_cards(a), parse_cards(b)))
    response = client.post("/v1/ramchi/compare", json={"a": a, "b": b})
    assert response.status_code == 200 and response.json == rules
    assert main(["compare", *a, *b, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == rules
    assert main(["compare", *a, *b]) == 0
    assert rules["explanation"] in capsys.readouterr().out


# -- the JSON form of cards and records ---------------------------------------------------------

def test_one_encoder() -> None:
    assert api.encode.jsonable is jsonable
    value = (parse_cards("As 10h"), {"n": (1, None)})
    assert rulesets.log.encode_value(value) == jsonable(value) == [["As", "Th"], {"n": [1, None]}]


def test_the_api_and_the_cli_give_the_same_advice_json(
        client: FlaskClient, capsys: pytest.CaptureFixture[str]) -> None:
    api_answer = client.post("/v1/ramchi/advice", json={"hand": HAND, "objective": "maximin"}).json
    assert main(["advise", *HAND, "--objective", "maximin", "--json"]) == 0
    cli_answer = json.loads(capsys.readouterr().out)
    direct = jsonable(advise(parse_cards(HAND), None, objective="maximin"))
    for answer in (api_answer, cli_answer, direct):
        answer.pop("solve_ms")
    assert api_answer == cli_answer == direct


def test_classification_json_is_the_encoders(client: FlaskClient, capsys: pytest.CaptureFixture[str]) -> None:
    cards = ["7h", "7c", "Kd"]
    rules = jsonable(combinations.classify(parse_cards(cards)))
    assert client.post("/v1/ramchi/classify", json={"cards": cards}).json == rules
    assert main(["classify", *cards, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == rules


# -- constants ----------------------------------------------------------------------------------

def test_constants_are_the_rules() -> None:
    for module in (baseline, greedy, maximin, arrays, batch_scoring, round_tables):
        assert module.MAX_COMBINATIONS is arrangement.MAX_COMBINATIONS
    assert packing.MAX_COMBINATIONS is arrangement.MAX_COMBINATIONS
    assert batch_scoring.SEATS is scoring.SEATS and arrays.HAND_SIZE is deal.HAND_SIZE
    assert round_tables.STRONGEST == combinations.STRONGEST == max(combinations.strength_table().values())
    assert deal.UNSEEN_CARDS == 34 and deal.HAND_SIZE == 17 and scoring.SEATS == 3
    sample = sampling.draw_samples(DECK[:17], DECK[17], samples=1, seed=1, dealer=None, seat=0)[0]
    assert sum(len(h) for h in sample.hands[1:]) == deal.UNSEEN_CARDS
