"""Each rule lives once, in rulesets/: the referee, the solver, the API and the CLI call it."""

from __future__ import annotations

import ast
import functools
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

import api
import api.encode
import rulesets
import rulesets.log
import solver
from api.cli import main
from rulesets.cards import DECK, Card, full_deck, parse_card_groups, parse_cards
from rulesets.continental import contracts, melds
from rulesets.continental.config import ConfigError as ContinentalConfigError
from rulesets.continental.config import GameConfig as ContinentalConfig
from rulesets.continental.contracts import CONTRACTS, drop_size
from rulesets.continental.deck import Deck
from rulesets.continental.options import ContinentalOptions
from rulesets.errors import CardGroupError, InvalidInputError, RulesError, TooManyCopiesError
from rulesets.jsonable import jsonable
from rulesets.ramchi import arrangement, combinations, deal, scoring
from rulesets.ramchi.config import ConfigError as RamchiConfigError
from rulesets.ramchi.config import GameConfig
from rulesets.ramchi.game import RamchiGame
from rulesets.ruleset import load_ruleset
from solver import advise, hindsight
from solver.continental import advice as continental_advice
from solver.continental import distance as continental_distance
from solver.continental import drop as continental_drop
from solver.continental.cardtypes import TYPES, card_of_type, counts_of
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


# == Continental ================================================================================

PACKAGES = tuple(Path(package.__file__).parent for package in (rulesets, solver, api))
"""The code a rule may not be re-derived in (the tests keep independent references on purpose)."""


def _sources(*packages: Path) -> Iterator[tuple[str, tuple[ast.AST, ...]]]:
    """Every Python file under ``packages`` (default: rulesets/, solver/, api/) with its code nodes."""
    for package in packages or PACKAGES:
        for path in sorted(package.rglob("*.py")):
            yield f"{package.name}/{path.relative_to(package)}", _code_nodes(path)


@functools.cache
def _code_nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the code of a file, not of its documentation (parsed once for every test)."""
    tree = ast.parse(path.read_text("utf-8"))
    docs = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}
    return tuple(node for node in ast.walk(tree) if id(node) not in docs)


def _found(test: Callable[[ast.AST], bool], *packages: Path) -> list[str]:
    """``file:line`` of every node of the code (not its documentation) for which ``test`` holds."""
    return [f"{name}:{node.lineno}" for name, nodes in _sources(*packages) for node in nodes if test(node)]


def _text_in(node: ast.AST, fragment: str) -> bool:
    """Whether a string literal (or the literal parts of an f-string) holds ``fragment``."""
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and fragment in node.value


CARDS = Deck(4, 8).cards()
"""Enough physical copies for any test hand."""


def _cards(text: str) -> list[Card]:
    return list(parse_cards(text, jokers=True, decks=8))


# -- a contract's drop size ------------------------------------------------------------------------

def test_a_drop_lays_down_each_meld_at_its_minimum_as_the_rules_count_it() -> None:
    assert [c.drop_size for c in CONTRACTS.values()] == [6, 7, 8, 9, 10, 11, 12]
    assert contracts.TRIO_MINIMUM is melds.TRIO_MINIMUM and contracts.RUN_MINIMUM is melds.RUN_MINIMUM
    # The distance tables are built for trios of 3 and runs of 4 (its trio arithmetic writes 3).
    assert (melds.TRIO_MINIMUM, melds.RUN_MINIMUM) == (3, 4)
    for module in (continental_advice, continental_distance):
        assert module.drop_size is drop_size
    for trios in range(4):
        for runs in range(4 - trios):
            if not trios + runs:
                continue
            contract = continental_advice.contract_for(trios=trios, runs=runs)
            assert contract.drop_size == drop_size(trios, runs) == melds.TRIO_MINIMUM * trios \
                + melds.RUN_MINIMUM * runs
            for spare in (0, 1):  # an empty hand needs the whole drop (and the spare card)
                assert continental_distance.distance(counts_of([]), contract, spare=spare) \
                    == contract.drop_size + spare


def test_a_contract_out_of_range_is_refused_with_the_rules_list_of_the_seven_hands() -> None:
    for hand, trios, runs in ((8, None, None), (None, 4, 0)):
        with pytest.raises(InvalidInputError) as refused:
            continental_advice.contract_for(hand, trios, runs)
        assert refused.value.rule == contracts.CONTRACTS_RULE
    assert all(f"{c.hand} = {c.name}" in contracts.CONTRACTS_RULE for c in CONTRACTS.values())


def test_no_drop_size_is_written_as_literals_outside_the_rules() -> None:
    def literal_size(node: ast.AST) -> bool:
        if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
            return False
        sides = (node.left, node.right)
        numbers = [side.value for side in sides if isinstance(side, ast.Constant)]
        names = [ast.unparse(side) for side in sides if not isinstance(side, ast.Constant)]
        return numbers in ([3], [4]) and any("trio" in n or "run" in n for n in names)

    assert _found(literal_size) == []


# -- the run windows -------------------------------------------------------------------------------

def test_run_windows_are_the_rules_in_the_distance_and_the_turn_model() -> None:
    windows = melds.run_windows()
    assert continental_distance.run_windows is continental_drop.run_windows is melds.run_windows
    assert continental_drop.POSITIONS is melds.RUN_POSITIONS
    masks = {sum(1 << (melds.rank_at(p) - 2) for p in window) for window in windows}
    assert {cover[0] for cover in continental_distance._window_covers(1)} == masks
    every = set(melds.run_windows(None))
    assert len(every) == len(melds.run_windows(None))
    rng = random.Random(19)
    for _ in range(40):
        hand = rng.sample(CARDS, rng.randrange(4, 16))
        model = continental_drop._TurnModel(counts_of(hand), CONTRACTS[7], False, (), ContinentalOptions())
        for _suit, first, last in model._run_windows():
            assert range(first, last + 1) in every


def test_no_run_window_is_counted_outside_the_rules() -> None:
    def window_count(node: ast.AST) -> bool:  # range(11): the eleven windows of four
        return (isinstance(node, ast.Call) and ast.unparse(node.func) == "range"
                and [ast.unparse(a) for a in node.args] == ["11"])

    assert _found(window_count) == []


# -- the copies a deck holds -----------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 6, 7, 9, 12])
def test_the_advisor_counts_the_copies_the_rules_deck_holds(players: int) -> None:
    deck = Deck.for_players(players)
    unseen = continental_advice.unseen_counts([], deck)
    assert list(unseen) == [deck.copies(card_of_type(t)) for t in range(TYPES)]
    assert sum(unseen) == deck.size == len(full_deck(deck.decks, deck.jokers))


def test_no_deck_size_is_read_outside_the_rules() -> None:
    solver_and_api = PACKAGES[1:]

    def deck_field(node: ast.AST) -> bool:  # deck.decks / deck.jokers: Deck.copies says it
        return isinstance(node, ast.Attribute) and node.attr in ("decks", "jokers") \
            and isinstance(node.ctx, ast.Load)

    assert _found(deck_field, *solver_and_api) == []


def test_a_card_beyond_the_decks_is_one_refusal_in_the_reader_the_api_and_the_advisor(
        client: FlaskClient) -> None:
    deck = Deck()
    with pytest.raises(CardGroupError) as read:  # the card reader of every game
        parse_card_groups({"hand": "7c 7c", "seen": "7c"}, jokers=True, decks=2)
    assert isinstance(read.value.cause, TooManyCopiesError)
    hand = _cards("7c 7c 7c Kd Kh Ks 2c")  # three 7♣ where the advisor's deck holds two
    with pytest.raises(TooManyCopiesError) as advised:
        continental_advice.advise(hand, CONTRACTS[1])
    seven = hand[0]
    expected = deck.too_many(seven, "between the hand, the table and the cards seen", given=3)
    assert (advised.value.code, advised.value.message, advised.value.rule) \
        == (expected.code, expected.message, expected.rule)
    response = client.post("/v1/continental/advice", json={  # the API's reader, two decks
        "hand": ["7c", "Kd", "Kh", "Ks", "2c", "3c", "4c"], "seen": ["7c", "7c"], "hand_number": 1})
    assert response.status_code == 422 and response.json["code"] == TooManyCopiesError.code
    assert response.json["errors"][0]["detail"] == deck.too_many(
        seven, "hand card 1, seen card 1", position=2).message
    more = Deck.for_players(7)  # three decks, four jokers: a fifth joker is one too many
    response = client.post("/v1/continental/advice", json={
        "hand": ["Jk", "Jk", "Kh", "Ks", "2c", "3c", "4c"], "seen": ["Jk", "Jk", "Jk"], "hand_number": 1,
        "options": {"max_players": 7}})
    assert response.status_code == 422 and response.json["code"] == TooManyCopiesError.code
    assert response.json["errors"][0]["detail"] == more.too_many(
        Card(None, None), "hand card 1, hand card 2, seen card 1, seen card 2", position=3).message


def test_the_copies_refusal_is_worded_once() -> None:
    wording = _found(lambda node: _text_in(node, "copies in play"))
    assert [where.split(":")[0] for where in wording] == ["rulesets/errors.py"]


# -- a ruleset of another game ---------------------------------------------------------------------

def test_a_ruleset_of_another_game_is_refused_in_one_wording(
        client: FlaskClient, capsys: pytest.CaptureFixture[str]) -> None:
    ramchi, continental = load_ruleset("ramchi"), load_ruleset("continental")
    with pytest.raises(RamchiConfigError) as ramchi_config:
        GameConfig.from_dict({"ruleset": "continental"})
    assert continental.game_problem("ramchi") in ramchi_config.value.message
    with pytest.raises(ContinentalConfigError) as continental_config:
        ContinentalConfig.from_dict({"players": 3, "ruleset": "ramchi"})
    assert ramchi.game_problem("continental") in continental_config.value.message
    assert main(["continental", "advise", "7c", "--hand-number", "1", "--ruleset", "ramchi"]) == 2
    assert ramchi.game_problem("continental", "Continental") in capsys.readouterr().err
    assert main(["simulate", "ramchi", "--ruleset", "continental", "--bots", "greedy,greedy,greedy"]) == 2
    assert continental.game_problem("ramchi") in capsys.readouterr().err
    response = client.post("/v1/continental/advice", json={"hand": ["7c"], "hand_number": 1,
                                                           "ruleset": "ramchi"})
    assert response.status_code == 422 and response.json["code"] == "invalid_ruleset"
    assert response.json["detail"] == ramchi.game_problem("continental", "Continental")
    with pytest.raises(InvalidInputError) as refused:
        ramchi.for_game("continental")
    assert (refused.value.code, refused.value.message) \
        == ("invalid_ruleset", ramchi.game_problem("continental"))


def test_the_other_game_refusal_is_worded_once() -> None:
    def wording(node: ast.AST) -> bool:  # f"ruleset ... is for {game}, not {other}"
        return isinstance(node, ast.JoinedStr) and any(_text_in(part, " is for ") for part in node.values)

    assert [where.split(":")[0] for where in _found(wording)] == ["rulesets/ruleset.py"]


# -- one name, one thing ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["read_meld", "Bot", "LayOff", "Decision"])
def test_a_rule_or_value_type_has_one_definition_of_its_name(name: str) -> None:
    def defines(node: ast.AST) -> bool:
        return isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name == name

    assert len(_found(defines)) <= 1, _found(defines)


def test_the_advisor_reads_a_table_meld_as_the_referee_reads_a_drop() -> None:
    assert continental_advice.read_meld is melds.read_meld
    bad = _cards("5h 9c 7h")
    with pytest.raises(InvalidInputError) as read:
        melds.read_meld(bad)
    with pytest.raises(InvalidInputError) as table:
        continental_advice.table_meld(bad, 0)
    assert table.value.message == f"table meld 1: {read.value.message}"
    assert (table.value.code, table.value.rule) == (read.value.code, read.value.rule)
