"""Random games by random legal players (:mod:`solver.continental.random_player`): invariants
after every action."""

from __future__ import annotations

import dataclasses
import functools
import os
import random
from collections import Counter

import pytest

from rulesets.cards import Card
from rulesets.continental.config import GameConfig
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.game import ContinentalGame
from rulesets.continental.melds import Meld, Run, Trio, make_run, make_trio
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.points import hand_points
from rulesets.continental.records import (
    CONTINENTAL_RECORDS,
    Buy,
    CardBought,
    Discard,
    Draw,
    Drop,
    GameEnded,
    HandDealt,
    HandEnded,
    LayOff,
    SwapJoker,
    WentOut,
)
from rulesets.errors import RulesError
from rulesets.log import record_to_dict, split_actions
from solver.continental.random_player import random_action

QUICK = os.environ.get("RAMCHI_QUICK") == "1"
"""``make check`` (the fast tier) plays fewer games; ``make test`` and CI play them all."""

COVERAGE_GAMES = 4 if QUICK else 20
"""The first games, played in the coverage test."""

GAMES = 12 if QUICK else 520
"""Random games in the default run (2 to 8 players, 1 to 7 hands), coverage games included:
500 after the coverage games."""

CHUNKS = 20
"""The default run's games are split in this many tests (seeds interleaved) for ``pytest -n``."""

FULL_REPLAYS = 250
"""In the games asked to, the whole log is replayed after each of its first records (quadratic)."""

EXTRA_GAMES = int(os.environ.get("RAMCHI_EXTRA_GAMES", "0"))
"""More random games, in the slow tier, when asked for (``RAMCHI_EXTRA_GAMES=2000``)."""


class WatchedGame(ContinentalGame):
    """A game that keeps the deck of the hand being played, and where every card was at the end
    of each hand (to check the scores)."""

    def __init__(self, config: GameConfig) -> None:
        self.snapshots: list[tuple[dict[str, tuple[Card, ...]], list[tuple[Card, ...]]]] = []
        super().__init__(config)

    def _deal_hand(self, number: int) -> None:
        super()._deal_hand(number)
        dealt = self.log[-1]
        assert isinstance(dealt, HandDealt) and dealt.hand == number
        self.dealt = dealt.deck
        self.dealt_ids = {id(c) for c in dealt.deck}
        deck = full_deck(self.config)  # the hand's deck: every card of the decks, once
        assert len(self.dealt) == len(self.dealt_ids) == len(deck) and set(self.dealt) == deck

    def _end_hand(self, out: int | None) -> None:
        self.snapshots.append((self.card_places(), list(self.hands)))
        super()._end_hand(out)


def random_options(rng: random.Random) -> ContinentalOptions:
    if rng.random() < 0.5:
        return ContinentalOptions()
    return ContinentalOptions(
        go_out_without_discard=rng.random() < 0.5,
        card_values=rng.choice(["standard", "face_value"]),
        same_turn_bonus=rng.choice([-10, 0, -25]),
        buying=rng.random() < 0.8,
    )


@functools.cache
def full_deck(config: GameConfig) -> frozenset[Card]:
    return frozenset(config.deck.cards())


class HandSizes:
    """Hand sizes followed from the log: dealt, drawn, bought, melded, laid off, discarded."""

    def __init__(self) -> None:
        self.sizes: list[int] = []
        self.read = 0

    def update(self, game: ContinentalGame) -> list[int]:
        for record in game.log[self.read:]:
            if isinstance(record, HandDealt):
                self.sizes = [CONTRACTS[record.hand].cards_dealt] * game.players
            elif isinstance(record, Draw | Discard):
                self.sizes[record.seat] += 1 if isinstance(record, Draw) else -1
            elif isinstance(record, CardBought):
                self.sizes[record.seat] += 1 + (record.penalty is not None)
            elif isinstance(record, Drop):
                self.sizes[record.seat] -= sum(len(meld) for meld in record.melds)
            elif isinstance(record, LayOff | SwapJoker):
                self.sizes[record.seat] -= 1
        self.read = len(game.log)
        return self.sizes


class MeldsChecked:
    """The table melds already found legal: melds are immutable, so an unchanged one (the same
    object) stays legal and is not rebuilt after every action."""

    def __init__(self) -> None:
        self.checked: dict[int, Meld] = {}

    def check(self, table: list[Meld]) -> None:
        checked = {}
        for meld in table:
            if self.checked.get(id(meld)) is not meld:
                if isinstance(meld, Trio):
                    assert make_trio(meld.cards) == meld
                else:
                    assert isinstance(meld, Run) and make_run(meld.cards, ordered=True) == meld
            checked[id(meld)] = meld
        self.checked = checked


def check_cards(game: WatchedGame) -> None:
    """Each physical card of the decks in exactly one place (stock, discards, hands, melds)."""
    placed = [c for place in game.card_places().values() for c in place]
    # Fast: the very card objects dealt, each once (ids hash in C); else compare by value.
    if len(placed) == len(game.dealt_ids) and {id(c) for c in placed} == game.dealt_ids:
        return
    deck = full_deck(game.config)
    assert len(placed) == len(deck) and set(placed) == deck


def check_invariants(game: WatchedGame, shadow: ContinentalGame, sizes: HandSizes, melds: MeldsChecked,
                     full_replay: bool) -> None:
    check_cards(game)
    if not game.is_over:
        assert [len(h) for h in game.hands] == sizes.update(game)
    melds.check(game.table)
    known = len(shadow.log)
    for action in split_actions(game.log[known:]):
        shadow.apply(action)  # type: ignore[arg-type]
    # the log replayed so far gives the same state (the older records were compared already)
    assert shadow.log[known:] == game.log[known:] and len(shadow.log) == len(game.log)
    # every attribute of the replayed game (the log compared above, not copied again)
    assert all(getattr(game, name) == value for name, value in vars(shadow).items() if name != "log")
    if full_replay:
        assert ContinentalGame.replay(game.config, game.log) == game


def check_hand_scores(game: WatchedGame) -> None:
    ends = [r for r in game.log if isinstance(r, HandEnded)]
    outs = {r.hand: r for r in game.log if isinstance(r, WentOut)}
    assert len(ends) == len(game.snapshots)
    deck = Counter(game.config.deck.cards())
    for ended, (places, hands) in zip(ends, game.snapshots, strict=True):
        assert Counter(c for place in places.values() for c in place) == deck
        out = outs.get(ended.hand)
        assert (ended.reason == "went_out") == (out is not None)
        for seat, hand in enumerate(hands):
            if out is not None and seat == out.seat:
                assert hand == ()
                bonus = game.options.same_turn_bonus if out.same_turn else 0
                assert ended.scores[seat] == bonus
            else:
                assert ended.scores[seat] == hand_points(hand, game.options.card_values)


def check_refused(game: ContinentalGame, rng: random.Random) -> None:
    """An illegal action raises and leaves the state untouched."""
    before = game._state()
    others = [s for s in range(game.players) if s != game.current]
    action = rng.choice([Buy(game.current), Draw(rng.choice(others), "stock"),
                         Discard(rng.choice(others), game.hands[game.current][0])])
    assert not game.can(action)
    with pytest.raises(RulesError):
        game.apply(action)
    assert game._state() == before


def play_random_game(seed: int, full_replay: bool = False) -> WatchedGame:
    rng = random.Random(seed)
    options = random_options(rng)
    players = 2 + seed % 5
    if seed % 25 == 24:  # the more-players variant: 7 or 8 players, 3 decks and 4 jokers
        players = rng.choice([7, 8])
        options = dataclasses.replace(options, max_players=8)
    config = GameConfig.create(players=players, hands=rng.randint(1, 7), seed=rng.randrange(2**32),
                               dealer=rng.choice([None, rng.randrange(players)]),
                               options=options)
    game = WatchedGame(config)
    shadow = ContinentalGame(config)
    skill = rng.choice([0.6, 0.8, 0.9])
    sizes, melds = HandSizes(), MeldsChecked()
    check_invariants(game, shadow, sizes, melds, True)
    while not game.is_over:
        if rng.random() < 0.01:
            check_refused(game, rng)
        seat = rng.choice(game.awaited())
        game.apply(random_action(game, seat, rng, skill))  # type: ignore[arg-type]
        ended = isinstance(game.log[-1], HandDealt | GameEnded)
        check_invariants(game, shadow, sizes, melds, (full_replay and len(game.log) < FULL_REPLAYS) or ended)
    check_hand_scores(game)
    dicts = [record_to_dict(record) for record in game.log]
    assert CONTINENTAL_RECORDS.log_from_dicts(dicts) == game.log
    ends = [r for r in game.log if isinstance(r, HandEnded)]
    assert [e.hand for e in ends] == list(range(1, config.hands + 1))
    totals = tuple(map(sum, zip(*(e.scores for e in ends), strict=True)))
    low = min(totals)
    assert game.log[-1] == GameEnded(totals, tuple(s for s, t in enumerate(totals) if t == low))
    return game


def test_random_games_cover_the_rules() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(COVERAGE_GAMES):
        game = play_random_game(seed, full_replay=seed < 2)
        kinds.update(record.kind for record in game.log)
    for kind in ("draw", "buy", "pass", "drop", "lay_off", "discard", "card_bought", "went_out"):
        assert kinds[kind] > 0, kind


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    for seed in range(COVERAGE_GAMES + chunk, GAMES, CHUNKS):
        play_random_game(seed)


@pytest.mark.slow
@pytest.mark.skipif(EXTRA_GAMES == 0, reason="set RAMCHI_EXTRA_GAMES=N to play N more random games")
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_many_more_random_games_keep_every_invariant(chunk: int) -> None:
    for seed in range(GAMES + chunk, GAMES + EXTRA_GAMES, CHUNKS):
        play_random_game(seed)
