"""POST /v1/ramchi/score against the referee's own play-out, on random lineup triples.

Each case draws three disjoint lineups (0 to 5 combinations a seat, at least one in all, ties
made on purpose, players running out), a dealer and options. The same hand is then played
through the referee (:class:`rulesets.ramchi.game.RamchiGame`): a deck dealing each seat its
lineup's cards (and random others), the exchange declined, each seat arranging its lineup.
The endpoint's rounds, winners, chips and next dealer must be the referee's, and a reference
play-out written here, from the spec's words, must agree with both. With the hands posted,
four of a kind (about 30% of such deals) and the discards are compared too.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from flask.testing import FlaskClient

from rulesets.cards import DECK, Card
from rulesets.ramchi.combinations import classify
from rulesets.ramchi.config import GameConfig
from rulesets.ramchi.game import Phase, RamchiGame
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.records import FourOfAKindWon, HandEnded, RoundPlayed

SCORE = "/v1/ramchi/score"

Lineup = list[tuple[Card, ...]]


@dataclass
class Case:
    """A random hand: each seat's lineup (strongest first) and 17 cards, the up-card, the
    dealer and the options."""

    lineups: list[Lineup]
    hands: list[list[Card]]
    up_card: Card
    dealer: int
    options: RamchiOptions


def _strength(cards: Sequence[Card]) -> int:
    return classify(cards).strength


def _random_combination(free: list[Card], rng: random.Random) -> tuple[Card, ...]:
    while True:
        cards = tuple(rng.sample(free, 3))
        if classify(cards).is_combination:
            return cards


def _equal_combination(like: Sequence[Card], free: Sequence[Card]) -> tuple[Card, ...] | None:
    """A combination of free cards as strong as ``like`` (a tie), if the free cards hold one."""
    by_rank = [[c for c in free if c.rank == card.rank] for card in like]
    for cards in itertools.product(*by_rank):
        if len(set(cards)) == 3 and _strength(cards) == _strength(like):
            return cards
    return None


def random_case(rng: random.Random) -> Case:
    sizes = [rng.randint(0, 5) for _ in range(3)]
    if max(sizes) == 0:
        sizes[rng.randrange(3)] = rng.randint(1, 5)
    free = list(DECK)
    lineups: list[Lineup] = [[], [], []]
    for position in range(5):
        for seat in rng.sample(range(3), 3):
            if sizes[seat] <= position:
                continue
            others = [lineups[s][position] for s in range(3) if s != seat and len(lineups[s]) > position]
            combo = _equal_combination(rng.choice(others), free) if others and rng.random() < 0.4 else None
            combo = combo or _random_combination(free, rng)
            lineups[seat].append(combo)
            free = [c for c in free if c not in combo]
    for lineup in lineups:
        lineup.sort(key=_strength, reverse=True)  # stable: equal combinations keep their order
    rng.shuffle(free)
    hands = [[c for combo in lineup for c in combo] for lineup in lineups]
    for hand in hands:
        while len(hand) < 17:
            hand.append(free.pop())
        rng.shuffle(hand)
    options = RamchiOptions(tie_goes_to=rng.choice(["first", "first", "last"]),
                            out_players_pay=rng.random() < 0.75,
                            four_of_a_kind_chips=rng.choice([4, 4, 1, 7]))
    return Case(lineups, hands, free.pop(), rng.randrange(3), options)


def referee(case: Case, four_of_a_kind: bool) -> RamchiGame:
    """The hand of ``case`` played by the referee: dealt, the exchange declined, arranged."""
    deck = [case.hands[(case.dealer + 1 + j) % 3][j // 3] for j in range(51)]
    options = RamchiOptions(tie_goes_to=case.options.tie_goes_to,
                            out_players_pay=case.options.out_players_pay,
                            four_of_a_kind=four_of_a_kind,
                            four_of_a_kind_chips=case.options.four_of_a_kind_chips)
    game = RamchiGame(GameConfig.create(hands=1, seed=1, dealer=case.dealer,
                                        deck=[*deck, case.up_card], options=options))
    if game.phase is Phase.EXCHANGE:
        game.do_keep(game.awaited()[0])
    if game.phase is Phase.ARRANGE:
        for seat in range(3):
            game.do_arrange(seat, case.lineups[seat])
    assert game.is_over
    return game


def reference(strengths: Sequence[Sequence[int]], dealer: int, options: RamchiOptions
              ) -> tuple[list[tuple[int, list[int], int, list[int]]], list[int], int]:
    """The spec's play section, as written: (leader, seats in play order, winner, chips) of each
    round, the hand's chips and the next dealer.
    """
    rounds = []
    totals = [0, 0, 0]
    winner: int | None = None
    for number in range(1, 6):
        active = [s for s in range(3) if len(strengths[s]) >= number]
        if not active:
            break
        leader = (dealer + 1) % 3 if winner is None else winner  # round 1: dealer's right
        while leader not in active:  # a leader who ran out passes the lead on
            leader = (leader + 1) % 3
        order = [(leader + k) % 3 for k in range(3) if (leader + k) % 3 in active]
        best = order[0]
        for seat in order[1:]:
            mine, theirs = strengths[seat][number - 1], strengths[best][number - 1]
            if mine > theirs or (mine == theirs and options.tie_goes_to == "last"):
                best = seat
        winner = best
        chips = [0, 0, 0]
        for seat in range(3):
            if seat != best and (seat in active or options.out_players_pay):
                chips[seat] -= number
                chips[best] += number
        totals = [t + c for t, c in zip(totals, chips, strict=True)]
        rounds.append((leader, order, best, chips))
    return rounds, totals, (dealer + 1) % 3 if winner is None else winner


def body(case: Case, with_hands: bool) -> dict[str, Any]:
    options = {"tie_goes_to": case.options.tie_goes_to,
               "out_players_pay": case.options.out_players_pay,
               "four_of_a_kind_chips": case.options.four_of_a_kind_chips}
    sent: dict[str, Any] = {"lineups": [[[c.code for c in combo] for combo in lineup]
                                        for lineup in case.lineups],
                            "dealer": case.dealer, "options": options}
    if with_hands:
        sent["hands"] = [[c.code for c in hand] for hand in case.hands]
    return sent


def check_case(client: FlaskClient, case: Case, tally: dict[str, int]) -> None:
    """The endpoint (without hands, then with them) against the referee and the reference."""
    answer = client.post(SCORE, json=body(case, with_hands=False))
    assert answer.status_code == 200, answer.json
    scored = answer.json
    game = referee(case, four_of_a_kind=False)
    played = [r for r in game.log if isinstance(r, RoundPlayed)]
    ended = next(r for r in game.log if isinstance(r, HandEnded))
    assert [(r["number"], r["leader"], r["winner"], r["chips"]) for r in scored["rounds"]] == \
        [(r.number, r.leader, r.winner, list(r.chips)) for r in played]
    assert [[(p["seat"], p["cards"], p["name"], p["strength"]) for p in r["plays"]]
            for r in scored["rounds"]] == \
        [[(p.seat, [c.code for c in p.cards], p.name, p.strength) for p in r.plays] for r in played]
    assert (scored["chips"], scored["next_dealer"]) == (list(ended.chips), ended.next_dealer)
    assert scored["four_of_a_kind"] is None and scored["discards"] is None

    strengths = [[_strength(combo) for combo in lineup] for lineup in case.lineups]
    rounds, chips, next_dealer = reference(strengths, case.dealer, case.options)
    assert [(r["leader"], [p["seat"] for p in r["plays"]], r["winner"], r["chips"])
            for r in scored["rounds"]] == rounds
    assert (scored["chips"], scored["next_dealer"]) == (chips, next_dealer)
    for r in scored["rounds"]:
        assert r["why"].startswith(f"seat {r['winner']} wins: ")
        playing = {p["seat"] for p in r["plays"]}
        assert r["out"] == [s for s in range(3) if s not in playing]
        for seat in r["out"]:
            assert f"{seat}" in r["why"].split(";")[-1] and "no combination left" in r["why"]
        top = max(p["strength"] for p in r["plays"])
        if sum(p["strength"] == top for p in r["plays"]) > 1:
            tally["tied rounds"] += 1
            assert f"a tie goes to the combination played {case.options.tie_goes_to}" in r["why"]
        tally["rounds with a seat out"] += bool(r["out"])
    tally["rounds"] += len(scored["rounds"])

    with_hands = client.post(SCORE, json=body(case, with_hands=True))
    assert with_hands.status_code == 200, with_hands.json
    full = with_hands.json
    game = referee(case, four_of_a_kind=True)
    won = next((r for r in game.log if isinstance(r, FourOfAKindWon)), None)
    ended = next(r for r in game.log if isinstance(r, HandEnded))
    assert (full["chips"], full["next_dealer"]) == (list(ended.chips), ended.next_dealer)
    if won is None:
        assert full["four_of_a_kind"] is None and full["rounds"] == scored["rounds"]
    else:
        tally["four of a kind"] += 1
        four = full["four_of_a_kind"]
        assert (four["seat"], four["cards"], four["chips"]) == \
            (won.seat, [c.code for c in won.cards], list(won.chips))
        assert full["rounds"] == [] and four["why"].startswith(f"seat {won.seat} holds four ")
    used = [{c for combo in lineup for c in combo} for lineup in case.lineups]
    assert full["discards"] == [[c.code for c in hand if c not in used[s]]
                                for s, hand in enumerate(case.hands)]


def run(client: FlaskClient, cases: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    tally = dict.fromkeys(["rounds", "tied rounds", "rounds with a seat out", "four of a kind"], 0)
    dealers = set()
    for _ in range(cases):
        case = random_case(rng)
        dealers.add(case.dealer)
        check_case(client, case, tally)
    assert dealers == {0, 1, 2}
    return tally


def test_score_equals_the_referee_on_50_random_hands(client: FlaskClient) -> None:
    tally = run(client, 50, seed=20)
    assert tally["tied rounds"] >= 5 and tally["rounds with a seat out"] >= 10
    assert tally["four of a kind"] >= 5


@pytest.mark.slow
def test_score_equals_the_referee_on_1000_random_hands(client: FlaskClient) -> None:
    tally = run(client, 1000, seed=2020)
    assert tally["tied rounds"] >= 100 and tally["rounds with a seat out"] >= 200
    assert tally["four of a kind"] >= 100
