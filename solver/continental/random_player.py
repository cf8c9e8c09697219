"""Random legal players for Continental games (tests and demos).

The legal actions of a seat are the rules' (:mod:`rulesets.continental.legal`),
grouped by kind here; a random player's drop is one of a bounded, random sample of
the drops found in the hand (:func:`candidate_drops`: trios by rank, runs as
windows of four positions, jokers filling in). :func:`random_action` picks a kind
uniformly, then an action of that kind uniformly, so that a turn
with many lay-offs does not drown the discard. With ``skill`` above 0 it
sometimes plays with purpose instead (drop and lay off when it can, keep the
cards that build melds), so that random games finish in reasonable time.

>>> from rulesets.continental.config import GameConfig
>>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=3, dealer=0))
>>> sorted(actions_by_kind(game, 1, random.Random(0)))
['draw']
>>> game.can(random_action(game, 1, random.Random(1)))
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

from rulesets.cards import Card, Rank
from rulesets.continental import legal
from rulesets.continental.contracts import Contract
from rulesets.continental.game import ContinentalGame, Phase
from rulesets.continental.melds import ACE_HIGH, ACE_LOW
from rulesets.continental.records import Discard, Draw, Drop
from rulesets.continental.values import DrawSource
from rulesets.log import Record

__all__ = ["actions_by_kind", "candidate_drops", "random_action", "stalling_action"]

MAX_DROPS = 12
"""The most drops :func:`candidate_drops` returns."""

MAX_CANDIDATES = 40
"""The most trio and run candidates of each kind tried by :func:`candidate_drops`."""


def _trio_candidates(hand: Sequence[Card], rng: random.Random) -> list[tuple[Card, ...]]:
    jokers = [card for card in hand if card.is_joker]
    by_rank: dict[Rank, list[Card]] = {}
    for card in hand:
        if card.rank is not None:
            by_rank.setdefault(card.rank, []).append(card)
    found = []
    for naturals in by_rank.values():
        for combo in combinations(naturals + jokers[:2], 3):
            if any(not card.is_joker for card in combo):
                found.append(combo)
    rng.shuffle(found)
    return found[:MAX_CANDIDATES]


def _run_candidates(hand: Sequence[Card], rng: random.Random) -> list[tuple[Card, ...]]:
    jokers = [card for card in hand if card.is_joker]
    found = []
    for suit in {card.suit for card in hand if card.suit is not None}:
        at: dict[int, Card] = {}
        for card in hand:
            if card.suit is suit and card.rank is not None:
                positions = (ACE_LOW, ACE_HIGH) if card.rank is Rank.ACE else (int(card.rank),)
                for position in positions:
                    at.setdefault(position, card)
        for start in range(ACE_LOW, ACE_HIGH - 2):
            window = range(start, start + 4)
            naturals = [at.get(p) for p in window]
            missing = naturals.count(None)
            if missing == 4 or missing > len(jokers) or len({c for c in naturals if c}) < 4 - missing:
                continue
            spare = iter(jokers)
            found.append(tuple(card if card is not None else next(spare) for card in naturals))
    rng.shuffle(found)
    return found[:MAX_CANDIDATES]


def candidate_drops(game: ContinentalGame, seat: int, rng: random.Random,
                    limit: int = MAX_DROPS) -> list[tuple[tuple[Card, ...], ...]]:
    """Up to ``limit`` legal drops of the contract from ``seat``'s hand (a bounded search).

    >>> from rulesets.continental.config import GameConfig
    >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=3, dealer=0))
    >>> candidate_drops(game, 0, random.Random(0))  # not seat 0's turn
    []
    """
    if game.is_over or seat != game.current or game.phase is not Phase.PLAY or game.dropped[seat]:
        return []
    hand = game.hands[seat]
    contract = game.contract
    trios = _trio_candidates(hand, rng) if contract.trios else []
    runs = _run_candidates(hand, rng) if contract.runs else []
    needs = ["trio"] * contract.trios + ["run"] * contract.runs
    found: list[tuple[tuple[Card, ...], ...]] = []
    budget = [2000]

    def search(i: int, used: frozenset[Card], chosen: tuple[tuple[Card, ...], ...]) -> Iterator[
            tuple[tuple[Card, ...], ...]]:
        if i == len(needs):
            yield chosen
            return
        pool = trios if needs[i] == "trio" else runs
        for meld in pool:
            budget[0] -= 1
            if budget[0] < 0:
                return
            if used.isdisjoint(meld):
                yield from search(i + 1, used | set(meld), (*chosen, meld))

    for drop in search(0, frozenset(), ()):
        if game.can(Drop(seat, drop)):
            found.append(drop)
            if len(found) >= limit:
                break
    return found


def actions_by_kind(game: ContinentalGame, seat: int, rng: random.Random,
                    drops: bool = True) -> dict[str, list[Record]]:
    """The legal actions of ``seat`` now (:mod:`rulesets.continental.legal`), by kind (only kinds
    with at least one action); drops are a random, bounded sample (:func:`candidate_drops`),
    ``drops=False`` leaves them out.
    """
    listed = (*legal.draws(game, seat), *legal.answers(game, seat), *legal.lay_offs(game, seat),
              *legal.joker_swaps(game, seat), *legal.joker_moves(game, seat), *legal.discards(game, seat))
    found: dict[str, list[Record]] = {}
    for action in listed:
        found.setdefault(action.kind, []).append(action)
    sample = candidate_drops(game, seat, rng) if drops else []
    if sample:
        found["drop"] = [Drop(seat, drop) for drop in sample]
    return found


def _keep_score(card: Card, hand: Sequence[Card], contract: Contract) -> int:
    """How much a card helps build the contract's melds: jokers most, then cards with partners
    (same rank for trios, same suit and near in rank for runs).
    """
    if card.is_joker:
        return 100
    score = 0
    for other in hand:
        if other is card or other.is_joker:
            continue
        if other.rank is card.rank:
            score += 3 if contract.trios else 0
        elif contract.runs and other.suit is card.suit:
            gap = abs(int(other.rank or 0) - int(card.rank or 0))
            score += max(0, 4 - gap)
    return score


def _purposeful(game: ContinentalGame, seat: int, found: dict[str, list[Record]],
                rng: random.Random) -> Record | None:
    """A sensible action, if the situation calls for one."""
    for kind in ("drop", "lay_off", "swap_joker"):
        if kind in found:
            return rng.choice(found[kind])
    if "pass" in found and "draw" not in found and "discard" not in found:
        return found["pass"][0]
    hand = game.hands[seat]
    if "draw" in found:
        top = game.top_discard
        wanted = (top is not None and not game.dropped[seat]
                  and _keep_score(top, hand, game.contract) >= 3
                  and Draw(seat, DrawSource.DISCARD) in found["draw"])
        return Draw(seat, DrawSource.DISCARD if wanted else DrawSource.STOCK)
    if "discard" in found:
        scores = {card: _keep_score(card, hand, game.contract) for card in hand}
        low = min(scores.values())
        return rng.choice([a for a in found["discard"] if isinstance(a, Discard) and scores[a.card] == low])
    return None


def random_action(game: ContinentalGame, seat: int, rng: random.Random, skill: float = 0.0) -> Record:
    """A legal action of ``seat``: a kind chosen uniformly, then an action of it uniformly.

    With probability ``skill`` the action is purposeful instead (see the module doc).
    Raises ``ValueError`` when the seat has no legal action.
    """
    found = actions_by_kind(game, seat, rng)
    if not found:
        raise ValueError(f"seat {seat} has no legal action now")
    if skill and rng.random() < skill:
        action = _purposeful(game, seat, found, rng)
        if action is not None:
            return action
    kind = rng.choice(sorted(found))
    return rng.choice(found[kind])


def stalling_action(game: ContinentalGame, seat: int, rng: random.Random, drops: bool = False) -> Record:
    """A legal action of a player who makes the game last: draw from the stock, pass every buy,
    discard at random; with ``drops`` it drops its contract when it can (the
    table then holds melds, and a player left one card after its drop goes out), without
    ``drops`` it never does. Such players play a hand on through reshuffle after reshuffle:
    the longest legal logs (the benchmark of posted logs).

    >>> from rulesets.continental.config import GameConfig
    >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=3, dealer=0))
    >>> seat = game.awaited()[0]
    >>> stalling_action(game, seat, random.Random(0)) == Draw(seat, DrawSource.STOCK)
    True
    """
    if legal.draws(game, seat):
        return Draw(seat, DrawSource.STOCK)
    answers = [action for action in legal.answers(game, seat) if action.kind == "pass"]
    if answers:
        return answers[0]
    sample = candidate_drops(game, seat, rng, limit=1) if drops else []
    if sample:
        return Drop(seat, sample[0])
    return rng.choice(legal.discards(game, seat))
