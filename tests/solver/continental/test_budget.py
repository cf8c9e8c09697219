"""The Continental advisor within a deadline: it raises once the deadline has passed (the advice
is not anytime), answers as before without one, and the bot falls back on a legal action."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rulesets.cards import Card, parse_cards
from rulesets.continental.config import GameConfig
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.game import ContinentalGame
from solver.budget import NO_LIMIT, BudgetExceededError, Deadline
from solver.continental import bots as advisor_bot
from solver.continental.advice import advise
from solver.continental.bots import advisor_choice
from solver.continental.cardtypes import counts_of
from solver.continental.distance import clear_caches, distance, outs
from solver.continental.drop import best_turn
from solver.continental.ranking import outs_with_unseen, rank_discards

PAIRS = " ".join(["2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac Jk"] * 2) + " 2h 5h"
"""Thirty cards, two of each of fourteen: the hand 5 input that took seconds before the pruning."""


def cards(text: str) -> list[Card]:
    return parse_cards(text, jokers=True, decks=2)


class ChecksLeft:
    """A deadline that passes after ``n`` checks (the solver's loops ask it; no clock involved)."""

    seconds = 2.0

    def __init__(self, n: int) -> None:
        self.left = n
        self.checks = 0

    def expired(self) -> bool:
        self.checks += 1
        self.left -= 1
        return self.left < 0

    def check(self, what: str, ask_less: str = "") -> None:
        if self.expired():
            raise BudgetExceededError(self.seconds, what, ask_less)

    def remaining(self) -> float:
        return 0.0 if self.left < 0 else 60.0

    def cpsat_limit(self, cap: float) -> float:
        return min(cap, 60.0)


def test_an_expired_deadline_stops_the_advice_with_a_message_a_player_reads() -> None:
    clear_caches()  # nothing cached: the advice must search
    with pytest.raises(BudgetExceededError) as caught:
        advise(cards(PAIRS), CONTRACTS[5], deadline=Deadline.after(0))
    err = caught.value
    assert err.code == "budget_exceeded"
    assert str(err).startswith("the solver's budget of 0 s ran out while ")
    assert "the hand" in err.what and "fewer cards" in err.ask_less


@pytest.mark.parametrize("checks", [0, 1, 5, 40, 200])
def test_the_ranking_checks_its_deadline_inside_its_loops(checks: int) -> None:
    counts = counts_of(cards(PAIRS))
    unseen = tuple(2 - c for c in counts)
    clear_caches()
    deadline = ChecksLeft(checks)
    with pytest.raises(BudgetExceededError, match="ranking the discards"):
        rank_discards(counts, CONTRACTS[5], unseen, deadline=deadline)  # type: ignore[arg-type]
    assert deadline.checks == checks + 1  # it stopped at the first check past the deadline


def test_every_entry_point_raises_past_its_deadline() -> None:
    hand = cards("7c 7d 7h Kc Kd Jk 9s 9s")
    counts = counts_of(hand)
    unseen = tuple(2 - c for c in counts)
    spent = Deadline.after(0)
    clear_caches()
    for call in (lambda: distance(counts, CONTRACTS[1], deadline=spent),
                 lambda: outs(counts, CONTRACTS[1], deadline=spent),
                 lambda: outs_with_unseen(counts, CONTRACTS[1], unseen, deadline=spent),
                 lambda: rank_discards(counts, CONTRACTS[1], unseen, deadline=spent),
                 lambda: best_turn(hand, CONTRACTS[1], deadline=spent)):
        with pytest.raises(BudgetExceededError, match="ran out while"):
            call()


def test_a_drop_search_cut_short_raises_rather_than_advise_a_worse_turn() -> None:
    hand = cards("7c 7d 7h Kc Kd Jk 9s 9s Ah")
    deadline = ChecksLeft(1)  # the distance check passes, the turn model's first one does not
    with pytest.raises(BudgetExceededError, match="drop, lay-offs and discard"):
        best_turn(hand, CONTRACTS[1], deadline=deadline)  # type: ignore[arg-type]


def _without_timing(advice: object) -> object:
    return dataclasses.replace(advice, solve_ms=0.0)  # type: ignore[type-var]


@pytest.mark.parametrize(("text", "hand_number", "top"), [
    (PAIRS, 5, "Kd"),
    ("7c 7d 7h Kc Kd Jk 9s 9s Ah", 1, "9d"),
    ("2c 5c 6c 8c Kd Kh 9s 3h", 2, "7c"),
    ("2c 3c 4c 5c 7d 8d 9d Td Jh Qh Kh 2s 3s 4s", 7, None),
])
def test_no_limit_answers_what_no_deadline_does(text: str, hand_number: int, top: str | None) -> None:
    hand = cards(text)
    discard_top = None if top is None else cards(top)[0]
    plain = advise(hand, CONTRACTS[hand_number], discard_top=discard_top)
    for deadline in (None, NO_LIMIT, Deadline.after(600)):
        again = advise(hand, CONTRACTS[hand_number], discard_top=discard_top, deadline=deadline)
        assert _without_timing(again) == _without_timing(plain)


def test_the_bot_falls_back_on_a_legal_action_when_its_budget_is_spent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advisor_bot, "FALLBACKS", advisor_bot.FALLBACKS)  # restored afterwards
    monkeypatch.setattr(advisor_bot, "BUDGET_FALLBACKS", advisor_bot.BUDGET_FALLBACKS)
    game = ContinentalGame(GameConfig.create(players=3, hands=2, seed=11, dealer=0))
    rng = random.Random(3)
    before, bugs = advisor_bot.BUDGET_FALLBACKS, advisor_bot.FALLBACKS
    played = fallbacks = 0
    while not game.is_over and played < 150:
        seat = game.awaited()[0]
        action, fell_back = advisor_choice(game, seat, rng, deadline=Deadline.after(0))
        assert game.can(action)
        game.apply(action)
        played += 1
        fallbacks += fell_back
    # Every step that asks the advice falls back (a draw with no discard offered asks none).
    assert fallbacks > played / 2 and before + fallbacks == advisor_bot.BUDGET_FALLBACKS
    assert bugs == advisor_bot.FALLBACKS  # running out of time is no bug


def test_the_bot_with_time_to_spare_follows_the_advice() -> None:
    game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
    rng = random.Random(0)
    for _ in range(6):
        seat = game.awaited()[0]
        action, fell_back = advisor_choice(game, seat, rng, deadline=Deadline.after(600))
        assert not fell_back and game.can(action)
        assert action == advisor_choice(game, seat, random.Random(0))[0]
        game.apply(action)
