"""Expected-points advice (:mod:`solver.continental.expected`): rollouts follow the rules, the
pricing is deterministic, and on hand-built positions where one alternative is clearly better by
the rules' own play-out, the advice chooses it.

Rollouts are checked by the referee itself: a ``checked`` rollout applies every move of every
seat through :meth:`~rulesets.continental.game.ContinentalGame.apply`, which verifies it, so a
move the rules refuse fails the test; the cards of the hand are the same cards, card for card,
before and after.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter

import numpy as np
import pytest

from rulesets.cards import Card, parse_card, parse_cards
from rulesets.continental.config import GameConfig
from rulesets.continental.contracts import CONTRACTS, Contract
from rulesets.continental.game import ContinentalGame
from rulesets.continental.melds import Meld, make_run, make_trio
from rulesets.continental.options import ContinentalOptions
from solver.continental.advice import advise
from solver.continental.alternatives import Alternative, Kind, alternatives
from solver.continental.bots import seat_advice
from solver.continental.cardtypes import type_of
from solver.continental.expected import (
    CLEAR_Z,
    EXTEND_Z,
    KEEP_BARS,
    MIN_OVERRULE,
    NARROW_FROM,
    KeepBars,
    _chosen,
    _clear,
    _close_call,
    _trailing,
    price,
    verdict,
)
from solver.continental.position import Position, Step
from solver.continental.public import OtherPlayer
from solver.continental.random_player import random_action
from solver.continental.rollout import FastPolicy, RolloutGame, play_out
from solver.continental.sampler import Sampler


def _cards_of(game: ContinentalGame) -> Counter[Card]:
    cards = Counter(game.stock) + Counter(game.discards)
    for hand in game.hands:
        cards.update(hand)
    for meld in game.table:
        cards.update(meld.cards)
    return cards


def _positions(count: int, seed: int) -> list[tuple[ContinentalGame, int]]:
    """Random points of random games (2-6 players, every hand), played by purposeful random bots."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        players = rng.randint(2, 6)
        game = ContinentalGame(GameConfig.create(players=players, hands=7, seed=rng.randrange(10**6),
                                                 dealer=0))
        for _ in range(rng.randrange(1, 200)):
            if game.is_over:
                break
            seat = game.awaited()[0]
            game.apply(random_action(game, seat, rng, skill=0.9))
        if not game.is_over:
            found.append((game, rng.choice(game.awaited())))
    return found


@pytest.mark.parametrize("seed", range(4))
def test_every_rollout_move_is_legal_and_keeps_every_card(seed: int) -> None:
    for game, seat in _positions(6, seed):
        position = Position.of_game(game, seat)
        sampler = Sampler(position.knowledge)
        for i, deal in enumerate(sampler.deals(2, seed)):
            rollout = position.rollout(deal, i, checked=True)
            before = _cards_of(rollout)
            assert sum(before.values()) == len(game.config.deck.cards())
            scores = play_out(rollout, FastPolicy(card_values=game.options.card_values))
            assert scores is not None and len(scores) == game.players
            assert _cards_of(rollout) == before
            assert rollout.ended


def test_a_rollout_from_the_real_cards_is_the_rules_own_play_out() -> None:
    game = ContinentalGame(GameConfig.create(players=4, hands=7, seed=9, dealer=0))
    rollout = RolloutGame.copy_of(game, seed=0, checked=True)
    scores = play_out(rollout)
    assert scores is not None
    out = rollout.went_out
    assert out is not None and scores[out] in (0, -10)
    assert all(s > 0 for i, s in enumerate(scores) if i != out)


@pytest.mark.parametrize("seed", range(3))
def test_every_alternative_of_random_positions_is_priced_through_the_rules(seed: int) -> None:
    for game, seat in _positions(3, 100 + seed):
        position = Position.of_game(game, seat)
        drawn = position.step is Step.PLAY
        advice = seat_advice(game, seat, drawn=drawn)
        priced = price(position, advice, samples=3, seed=seed, checked=True)
        assert priced.alternatives[0].advised
        for option in priced.alternatives:
            first = option.alternative.action
            assert game.can(dataclasses.replace(first, seat=seat))  # type: ignore[type-var]


def test_the_same_seed_gives_the_same_answer_and_the_samples_asked() -> None:
    game, seat = _positions(1, 7)[0]
    position = Position.of_game(game, seat)
    advice = seat_advice(game, seat, drawn=position.step is Step.PLAY)
    first = price(position, advice, samples=10, seed=4)
    assert first == price(position, advice, samples=10, seed=4)
    assert first.samples in (0, 10) or len(first.alternatives) == 1


def _dropped_next_player_position(seven: Card) -> tuple[Position, object]:
    """Hand 1: seat 0 holds a trio, two pairs and the 7♠ (its exact advice: discard it); the
    player on its left has dropped and holds one card, and the 8♠-A♠ run is on the table: a 7♠
    discard lets that player lay it off and go out at once.
    """
    hand = (*parse_cards("4c 4d 4h 9c 9d Kc Kd"), seven)
    table = [make_run(parse_cards("8s 9s Ts Js Qs Ks As")), make_trio(parse_cards("5c 5d 5h")),
             make_trio(parse_cards("6c 6d 6h"))]
    others = [OtherPlayer(1, dropped=True), OtherPlayer(7), OtherPlayer(7)]
    return _after_the_draw(hand, CONTRACTS[1], table, others, tuple(parse_cards("3c Qh")))


def _after_the_draw(hand: tuple[Card, ...], contract: Contract, table: list[Meld],
                    others: list[OtherPlayer], discards: tuple[Card, ...]) -> tuple[Position, object]:
    """Seat 0's play after its draw (not dropped), as a player tells it: the position and its
    exact advice."""
    options = ContinentalOptions()
    advice = advise(hand, contract, table=[m.cards for m in table], drawn=True, others=others,
                    discards=discards, options=options)
    position = Position.of_request(hand, contract, options, table=table, dropped=False,
                                   discards=discards, others=others, step=Step.PLAY)
    return position, advice


def test_ev_keeps_a_card_that_lets_the_dropped_next_player_go_out() -> None:
    seven = parse_card("7s")
    position, advice = _dropped_next_player_position(seven)
    priced = price(position, advice, samples=24, seed=1)
    by_card = {p.alternative.card: p for p in priced.alternatives}
    assert seven in by_card, "the 7♠ discard is among the priced alternatives"
    feeding = by_card[seven]
    assert feeding.danger is not None and feeding.danger > 0.8
    assert priced.choice.alternative.card != seven
    assert feeding.points_lost is not None and feeding.points_lost > 5
    assert verdict(feeding.points_lost) in ("mistake", "blunder")
    assert "7♠" in priced.choice.why and "meld 1" in priced.choice.why


def _hold_position(bonus: int) -> tuple[Position, object]:
    """Hand 7 (three runs), early: seat 0 holds the three runs and two spare cards after its draw;
    the others hold 13 cards each and are far from dropping. Dropping now scores 0 at best;
    holding until a drawn card fits goes out in one turn for ``bonus``."""
    hand = tuple(parse_cards("4c 5c 6c 7c 8d 9d Td Jd 5h 6h 7h 8h 2s Ks"))
    others = [OtherPlayer(13), OtherPlayer(13), OtherPlayer(13)]
    discards = tuple(parse_cards("3d"))
    contract = CONTRACTS[7]
    options = ContinentalOptions(same_turn_bonus=bonus)
    advice = advise(hand, contract, drawn=True, others=others, discards=discards, options=options)
    position = Position.of_request(hand, contract, options, table=(), dropped=False,
                                   discards=discards, others=others, step=Step.PLAY)
    return position, advice


def test_ev_holds_the_contract_to_go_out_in_one_turn_when_it_pays() -> None:
    position, advice = _hold_position(-10)
    assert advice.can_drop and not advice.goes_out
    kinds = [a.kind for a in alternatives(position, advice)]
    assert Kind.DROP in kinds and Kind.HOLD in kinds
    priced = price(position, advice, samples=32, seed=2)
    assert priced.choice.alternative.kind is Kind.HOLD
    assert "hold the contract" in priced.choice.why


def _end_of_hand_position(dropped: bool) -> tuple[Position, object]:
    """Hand 7 (three runs), two players: seat 0 holds two full runs with both aces and is two
    cards from its contract; the other player, when ``dropped``, has dropped and holds one card
    (every discard the exact advice ranks first, a 5-point card, it can lay off and go out), else
    holds the 13 cards dealt."""
    hand = tuple(parse_cards("Jh Qh Kh Ah Js Qs Ks As 2c 3c 9c 4h 7s 6d", decks=2))
    table = [make_run(parse_cards("5c 6c 7c 8c")), make_run(parse_cards("7d 8d 9d Td")),
             make_run(parse_cards("5h 6h 7h 8h")), make_trio(parse_cards("Tc Th Ts")),
             make_trio(parse_cards("3s 3d 3h"))]
    others = [OtherPlayer(1, dropped=True) if dropped else OtherPlayer(13)]
    return _after_the_draw(hand, CONTRACTS[7], table, others, tuple(parse_cards("2s Qc")))


def test_ev_sheds_its_aces_when_the_hand_is_about_to_end_before_it_can_drop() -> None:
    position, advice = _end_of_hand_position(dropped=True)
    options = alternatives(position, advice)
    assert [a.kind for a in options].count(Kind.SHED) == 1
    priced = price(position, advice, samples=24, seed=1, checked=True)
    choice = priced.choice
    assert choice.alternative.kind is Kind.SHED and choice.alternative.card is not None
    assert choice.alternative.card.rank is not None and choice.alternative.card.rank.name == "ACE"
    building = next(p for p in priced.alternatives if p.alternative.distance_choice)
    assert building.points_lost is not None and building.points_lost > 10
    assert "another player has dropped" in choice.why and "shed the A" in choice.why


def test_shedding_is_priced_only_once_another_player_has_dropped_and_never_by_the_bot() -> None:
    position, advice = _end_of_hand_position(dropped=False)
    assert Kind.SHED not in [a.kind for a in alternatives(position, advice)]
    position, advice = _end_of_hand_position(dropped=True)
    assert Kind.SHED not in [a.kind for a in alternatives(position, advice, shed=False)]


def test_the_distance_choice_comes_first_among_the_alternatives() -> None:
    position, advice = _dropped_next_player_position(parse_card("7s"))
    options = alternatives(position, advice)
    assert options[0].distance_choice and sum(a.distance_choice for a in options) == 1
    assert len({a.card for a in options}) == len(options)


@pytest.mark.parametrize("codes", ["3h 4h 5h 6h 9c Tc Jc Qc Kd Kd#2 2s",
                                   "3h 4h 5h 6h 9c Tc Jc Qc Kd#2 Kd 2s",
                                   "3h 4h 5h 6h 9c Tc Jc Kd Kd#2 2s 8d",
                                   "3h 4h 5h 6h 9c Tc Jc Kd#2 Kd 2s 8d"])
def test_the_exact_advice_is_one_alternative_whichever_copy_of_its_discard_the_hand_holds(codes: str) -> None:
    """Hand 3 (two runs) holding both copies of the K♦, which the exact advice discards (after
    dropping, or not yet able to): the alternatives keep one copy of each kind, and that copy is
    the exact advice's all the same. (An earlier version compared copies: no alternative was the
    exact advice's, and the pricing chose the best mean without the overrule bar.)"""
    hand = tuple(parse_cards(codes, decks=2))
    others = [OtherPlayer(11), OtherPlayer(11), OtherPlayer(11)]
    position, advice = _after_the_draw(hand, CONTRACTS[3], [], others, tuple(parse_cards("3c Qh")))
    assert type_of(advice.discard) == type_of(parse_card("Kd"))  # type: ignore[attr-defined]
    for closest in (False, True):
        options = alternatives(position, advice, discards=3, closest=closest, shed=False)  # type: ignore[arg-type]
        assert options[0].distance_choice and sum(a.distance_choice for a in options) == 1, options
        assert options[0].card is not None and type_of(options[0].card) == type_of(parse_card("Kd"))


def _two_discards(lead: float, noise: float, samples: int) -> tuple[np.ndarray, tuple[Alternative, ...]]:
    """Points of the exact advice's discard (row 0) and another (row 1) that scores exactly
    ``lead`` fewer on average, the paired differences ``lead ± noise`` by turns."""
    advised = np.random.default_rng(5).normal(30, 10, samples)
    other = advised - lead + noise * np.resize([1.0, -1.0], samples)
    options = (Alternative(Kind.DISCARD, (), distance_choice=True), Alternative(Kind.DISCARD, ()))
    return np.vstack([advised, other]), options


@pytest.mark.parametrize(("lead", "close"), [(0.0, False), (-5.0, False), (3.0, True), (12.0, False)])
def test_a_close_call_is_another_alternative_leading_by_more_than_noise_and_not_clearly(
        lead: float, close: bool) -> None:
    """:data:`EXTEND_Z` to :data:`CLEAR_Z` standard errors of the paired difference: more samples
    could settle it either way; no lead, the advice ahead, or a clear lead is no close call."""
    points, options = _two_discards(lead, 8.0, 24)
    difference = points[0] - points[1]
    z = difference.mean() / (difference.std(ddof=1) / np.sqrt(24))
    assert (EXTEND_Z <= z < CLEAR_Z) == close
    assert _close_call(points, options) == close


def test_extra_work_goes_to_a_close_call_only_and_the_same_seed_gives_the_same_answer() -> None:
    """Priced with a small ``work``, a decision whose figures at the end of it are a close call
    (the best alternative leads the exact advice's by EXTEND_Z to CLEAR_Z standard errors) gets
    more samples from ``extra_work``; any other is priced exactly as without it."""
    extended = kept = 0
    for game, seat in _positions(30, 11):
        position = Position.of_game(game, seat)
        advice = seat_advice(game, seat, drawn=position.step is Step.PLAY)
        base = price(position, advice, samples=64, seed=3, work=120)
        if len(base.alternatives) < 2 or base.complete:
            continue
        more = price(position, advice, samples=64, seed=3, work=120, extra_work=600)
        assert more == price(position, advice, samples=64, seed=3, work=120, extra_work=600)
        first = next(p for p in base.alternatives if p.alternative.distance_choice)
        best = min(base.alternatives, key=lambda p: p.expected_points or 0.0)
        close = surely_close = False
        if first.advised and best is not first and best.difference_error is not None:
            lead = -(best.points_lost or 0.0)  # figures rounded to 0.01
            z = lead / best.difference_error if best.difference_error else math.inf if lead > 0 else 0.0
            close = z >= EXTEND_Z - 0.02 and (base.samples < 12 or z < CLEAR_Z + 0.02)
            surely_close = z >= EXTEND_Z + 0.02 and (base.samples < 12 or z < CLEAR_Z - 0.02)
        if surely_close:
            assert more.samples > base.samples, (base, more)
        if more.samples > base.samples:
            extended += 1
            assert close or not first.advised, (base, more)
        else:
            kept += 1
            assert more == dataclasses.replace(base, solve_ms=more.solve_ms)
    assert extended and kept


def test_narrowing_drops_only_an_alternative_trailing_the_best_clearly_never_the_exact_advice() -> None:
    """Row 0 is the exact advice's; row 1 leads it a little, row 2 trails row 1 by far more than
    :data:`NARROW_Z` standard errors, row 3 by less."""
    rng = np.random.default_rng(3)
    advised = rng.normal(30, 10, 12)
    noise = np.resize([1.0, -1.0], 12)
    points = np.vstack([advised, advised - 1 + 4 * noise, advised + 15 + 2 * noise, advised + noise])
    options = (Alternative(Kind.DISCARD, (), distance_choice=True), *(Alternative(Kind.DISCARD, ()),) * 3)
    assert _trailing(points, options).tolist() == [False, False, True, False]
    # the exact advice's alternative is never dropped, however far behind
    points = np.vstack([advised + 40, advised, advised + 40])
    assert _trailing(points, options[:3]).tolist() == [False, False, True]
    # a dropped alternative (no figures from now on) is settled: it holds no choice back
    points = np.vstack([advised, advised + 30, advised + 30 + 8 * noise])
    points[2, 8:] = np.nan
    assert _clear(points, 0) and not _clear(np.nan_to_num(points), 0)


@pytest.mark.parametrize("seed", range(2))
def test_narrowed_pricing_plays_every_alternative_but_the_clearly_trailing_on_every_deal(seed: int) -> None:
    """Narrowing (the default) an alternative is played out on fewer deals only when it
    trailed the best by :data:`NARROW_Z` standard errors at a look; the exact advice's on all of
    them; the figures of each rest on its own deals; the same seed gives the same answer, and
    with ``narrow_z=None`` every alternative is played out on every deal."""
    narrowed = 0
    for game, seat in _positions(14, 40 + seed):
        position = Position.of_game(game, seat)
        advice = seat_advice(game, seat, drawn=position.step is Step.PLAY)
        priced = price(position, advice, samples=32, seed=seed)
        assert priced == price(position, advice, samples=32, seed=seed)
        plain = price(position, advice, samples=32, seed=seed, narrow_z=None)
        assert all(p.samples == plain.samples for p in plain.alternatives)
        if len(priced.alternatives) < 2:
            continue
        exact = next(p for p in priced.alternatives if p.alternative.distance_choice)
        assert exact.samples == priced.samples
        for option in priced.alternatives:
            assert NARROW_FROM <= option.samples <= priced.samples
            if option.samples < priced.samples:
                narrowed += 1
                assert option.points_lost is not None and option.points_lost > 0
                assert not option.advised
    assert narrowed


@pytest.mark.parametrize(("bar", "overruled"), [(1.0, True), (2.0, False)])
def test_another_alternative_overrules_the_exact_advice_only_past_the_bar(bar: float,
                                                                          overruled: bool) -> None:
    """A lead of about 1.5 standard errors of the paired difference overrules the exact advice's
    discard with a bar of 1, not with a bar of 2."""
    points, options = _two_discards(3.0, 10.0, 24)
    difference = points[0] - points[1]
    z = difference.mean() / (difference.std(ddof=1) / np.sqrt(24))
    assert 1.2 < z < 1.8
    assert _chosen(points, options, bar) == (1 if overruled else 0)
    assert _chosen(points[:, :MIN_OVERRULE - 1], options, 0.0) == 0  # too few samples to overrule


def test_each_decision_kind_has_its_own_bar() -> None:
    take = Alternative(Kind.TAKE, ())
    drop, discard = Alternative(Kind.DROP, ()), Alternative(Kind.DISCARD, ())
    assert KeepBars.kind_of(Step.DRAW, (take,)) == "draw"
    assert KeepBars.kind_of(Step.BUY, (take,)) == "buy"
    assert KeepBars.kind_of(Step.PLAY, (discard, drop)) == "drop_or_hold"
    assert KeepBars.kind_of(Step.PLAY, (discard, discard)) == "discard"
    assert {kind: KEEP_BARS.bar(kind) for kind in KeepBars.KINDS} == {
        "draw": 1.0, "buy": 2.0, "drop_or_hold": 2.0, "discard": 1.0}
    with pytest.raises(ValueError, match="no decision kind 'stock'"):
        KEEP_BARS.bar("stock")


def test_the_bars_given_decide_the_advice_and_nothing_else() -> None:
    """With no bar the best mean is advised, with an endless one the exact advice's play; the
    figures are the same (the same samples), only which alternative is advised changes."""
    overruled = 0
    for game, seat in _positions(12, 21):
        position = Position.of_game(game, seat)
        advice = seat_advice(game, seat, drawn=position.step is Step.PLAY)
        bold = price(position, advice, samples=16, seed=2, bars=KeepBars.uniform(0.0))
        careful = price(position, advice, samples=16, seed=2, bars=KeepBars.uniform(math.inf))
        if len(careful.alternatives) < 2:
            continue
        assert careful.choice.alternative.distance_choice
        figures = {(p.alternative.kind, p.alternative.card): p.expected_points for p in bold.alternatives}
        assert figures == {(p.alternative.kind, p.alternative.card): p.expected_points
                           for p in careful.alternatives}
        if bold.samples >= MIN_OVERRULE:
            assert bold.choice.expected_points == min(figures.values())
        overruled += not bold.choice.alternative.distance_choice
    assert overruled
