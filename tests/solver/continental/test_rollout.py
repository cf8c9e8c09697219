"""The fast rollout policy's shortcuts (:mod:`solver.continental.rollout`) against the rules and the
exact distance they stand for: the lay-off masks of table melds against
:func:`~rulesets.continental.melds.can_lay_off`, type by type, the one-analysis discard
distances against :func:`~solver.continental.distance.distance` of each hand less each card, and
the outs a discard leaves against the distance of that hand plus each of the 53 card types.
"""

from __future__ import annotations

import random

import pytest

from rulesets.cards import Card, Rank, Suit
from rulesets.continental.config import GameConfig
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.deck import Deck
from rulesets.continental.game import ContinentalGame
from rulesets.continental.melds import can_lay_off
from rulesets.continental.points import card_points
from rulesets.continental.records import Buy, Discard
from solver.continental.cardtypes import TYPES, add, counts_of, remove, type_of
from solver.continental.distance import distance
from solver.continental.rollout import (
    FastPolicy,
    Plan,
    RolloutGame,
    accepts,
    answer_offer,
    card_facts,
    discard_distances,
    hand_key,
    most_outs,
    outs_left,
    play_out,
    shed_card,
)

PROBES = [Card(None, None, 9), *(Card(rank, suit, 9) for rank in Rank for suit in Suit)]
"""One card of every type, of a copy no deck holds (so never a card already in a meld)."""


@pytest.mark.parametrize("hand", range(1, 8))
def test_the_lay_off_mask_of_every_meld_a_hand_ends_with_is_the_rules_lay_off(hand: int) -> None:
    checked = 0
    for seed in range(12):
        game = ContinentalGame(GameConfig.create(players=4, hands=7, seed=seed, dealer=0))
        while game.hand_number < hand:
            game.stock_ran_out()
        rollout = RolloutGame.copy_of(game, seed)
        play_out(rollout)
        for meld in rollout.table:
            mask = accepts(meld)
            for probe in PROBES:
                assert bool(mask >> type_of(probe) & 1) == can_lay_off(meld, probe), (meld.text, probe)
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("hand", range(1, 8))
def test_a_discard_s_distance_from_one_analysis_is_the_exact_distance(hand: int) -> None:
    contract = CONTRACTS[hand]
    deck = list(Deck.for_players(4).cards())
    rng = random.Random(hand)
    for _ in range(60):
        cards = rng.sample(deck, contract.cards_dealt + 1 + rng.choice((0, 0, 2, 4)))
        far = discard_distances(cards, contract)
        for card in cards:
            assert far[type_of(card)] == distance(remove(counts_of(cards), type_of(card)), contract)


@pytest.mark.parametrize("hand", range(1, 8))
def test_the_outs_a_discard_leaves_are_the_card_types_that_bring_the_hand_closer(hand: int) -> None:
    contract = CONTRACTS[hand]
    deck = list(Deck.for_players(4).cards())
    rng = random.Random(100 + hand)
    for _ in range(12):
        cards = rng.sample(deck, contract.cards_dealt + 1)
        key, jokers = hand_key(cards)
        for card in {type_of(c): c for c in cards}.values():
            left = remove(counts_of(cards), type_of(card))
            now = distance(left, contract)
            closer = sum(distance(add(left, t), contract) < now for t in range(TYPES)) if now else 0
            assert outs_left(contract, key, len(cards), jokers, card) == closer, (cards, card)


def test_the_rollout_policy_keeps_the_discard_that_leaves_the_most_outs_among_the_closest() -> None:
    for seed in range(40):
        game = ContinentalGame(GameConfig.create(players=4, hands=7, seed=seed, dealer=0))
        rollout = RolloutGame.copy_of(game, seed)
        seat = rollout.current
        rollout.take(FastPolicy().draw(rollout, seat))
        hand = rollout.hands[seat]
        record = FastPolicy().play(rollout, seat)
        if type(record).__name__ != "Discard":
            continue
        far = discard_distances(hand, rollout.contract)
        key, jokers = hand_key(hand)
        closest = [c for c in hand if far[type_of(c)] == min(far.values())]
        most = max(outs_left(rollout.contract, key, len(hand), jokers, c) for c in closest)
        assert far[type_of(record.card)] == min(far.values())
        assert outs_left(rollout.contract, key, len(hand), jokers, record.card) == most


@pytest.mark.parametrize("hand", range(1, 8))
@pytest.mark.parametrize("spare", [0, 1])
def test_the_discard_leaving_the_most_outs_found_with_fewer_analyses_is_the_one_every_analysis_finds(
        hand: int, spare: int) -> None:
    """:func:`most_outs` skips analyses it can prove useless; its choice is that of
    :func:`outs_left` tried on every type (then the most points, then the lowest type)."""
    contract = CONTRACTS[hand]
    deck = list(Deck.for_players(4).cards())
    rng = random.Random(200 + 2 * hand + spare)
    for _ in range(80):
        cards = rng.sample(deck, contract.cards_dealt + 1 + rng.choice((0, 0, 0, 2, 4, -3)))
        key, jokers = hand_key(cards)
        held = {type_of(c): c for c in cards}
        types = rng.sample(sorted(held), rng.randint(1, len(held)))
        worth = {t: card_facts(held[t], "standard")[1] for t in types}
        every = max(types, key=lambda t: (outs_left(contract, key, len(cards), jokers, held[t], spare),
                                          worth[t], -t))
        assert most_outs(contract, key, len(cards), jokers, worth, spare) == every, (cards, types)


def test_a_free_card_leaves_no_out_the_whole_hand_lacks() -> None:
    """The bound :func:`most_outs` prunes with: without a card the melds do not need, a hand has
    no out the whole hand does not have."""
    deck = list(Deck.for_players(4).cards())
    rng = random.Random(7)
    checked = 0
    for hand in range(1, 8):
        contract = CONTRACTS[hand]
        for _ in range(30):
            cards = rng.sample(deck, contract.cards_dealt + 1)
            counts = counts_of(cards)
            now = distance(counts, contract, spare=0)
            whole = {t for t in range(TYPES) if distance(add(counts, t), contract, spare=0) < now}
            for card in {type_of(c): c for c in cards if c.rank is not None}.values():
                left = remove(counts, type_of(card))
                if distance(left, contract, spare=0) != now or not now:
                    continue  # not free, or the hand is ready
                outs = {t for t in range(TYPES) if distance(add(left, t), contract, spare=0) < now}
                assert outs <= whole, (cards, card)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("hand", range(1, 8))
def test_a_shedding_seat_discards_its_heaviest_natural_the_closest_of_them(hand: int) -> None:
    """:func:`shed_card`: the most points of the naturals, of those the one leaving the hand
    closest to its contract by the exact distance; never a joker while a natural is held."""
    contract = CONTRACTS[hand]
    deck = list(Deck.for_players(4).cards())
    rng = random.Random(300 + hand)
    for _ in range(60):
        cards = rng.sample(deck, contract.cards_dealt + 1)
        card = shed_card(cards, contract)
        naturals = [c for c in cards if c.rank is not None]
        assert card.rank is not None and card in cards
        most = max(card_points(c) for c in naturals)
        assert card_points(card) == most
        counts = counts_of(cards)
        closest = min(distance(remove(counts, type_of(c)), contract) for c in naturals
                      if card_points(c) == most)
        assert distance(remove(counts, type_of(card)), contract) == closest


def test_a_shedding_seat_plays_legal_moves_buys_nothing_and_sheds_until_it_can_drop() -> None:
    """A rollout with seat 0 playing :attr:`Plan.SHED`, checked by the rules move by move."""
    policy = FastPolicy(plans=(Plan.SHED,))
    shed = 0
    for seed in range(12):
        game = ContinentalGame(GameConfig.create(players=4, hands=7, seed=seed, dealer=0))
        while game.hand_number < 1 + seed % 7:
            game.stock_ran_out()
        rollout = RolloutGame.copy_of(game, seed, checked=True)
        while not rollout.ended and rollout.turns < 60:
            if rollout.window:
                if 0 in rollout.buyers_to_answer():
                    assert not policy.buys(rollout, 0)
                answer_offer(rollout, policy)
                continue
            seat = rollout.current
            if rollout.phase.value == "draw":
                rollout.take(policy.draw(rollout, seat))
                continue
            hand = rollout.hands[seat]
            record = policy.play(rollout, seat)
            if seat == 0 and isinstance(record, Discard) and not rollout.dropped[0]:
                assert record.card == shed_card(hand, rollout.contract)
                shed += 1
            rollout.take(record)
            if isinstance(record, Discard):
                rollout.turns += 1
        assert all(not isinstance(r, Buy) or r.seat != 0 for r in rollout.log)
    assert shed > 50
