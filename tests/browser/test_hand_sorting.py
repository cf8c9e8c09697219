"""A hand sorts as the player likes (issue 22, phone: "the hand sortable"): by suit or by rank, in
the Ramchi trainer, Play Ramchi's arranging and Play Continental; the order is only how the
cards are shown (the same cards, the same buttons), and the keyboard focus stays on the button
pressed."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.test_continental_play import start_game
from tests.browser.test_trainer_for_players import HAND, kept, open_with

RANKS = "AKQJT98765432"
SUITS = "shdc"
"""The orders a player reads a hand in: aces first; spades, hearts, diamonds, clubs."""


def _shown(group: Any) -> list[str]:
    """The hand's card codes as its buttons stand, left to right (a copy number dropped)."""
    codes = group.locator("button[data-card]").evaluate_all("(nodes) => nodes.map((n) => n.dataset.card)")
    return [code.split("#")[0] for code in codes]


def _by_rank(code: str) -> tuple[int, int]:
    return (99, 99) if code == "Jk" else (RANKS.index(code[0]), SUITS.index(code[1]))


def _by_suit(code: str) -> tuple[int, int]:
    return (99, 99) if code == "Jk" else (SUITS.index(code[1]), RANKS.index(code[0]))


def _check_sorting(page: Any, controls: Any, group: Any) -> None:
    before = _shown(group)
    assert len(before) >= 7 and before == sorted(before, key=_by_suit), before  # by suit at first
    by_rank = controls.get_by_role("button", name="By rank")
    by_rank.focus()
    page.keyboard.press("Enter")
    after = _shown(group)
    assert after == sorted(after, key=_by_rank), after
    assert sorted(after) == sorted(before)  # the same cards, only in another order
    assert by_rank.get_attribute("aria-pressed") == "true"
    assert controls.get_by_role("button", name="By suit").get_attribute("aria-pressed") == "false"
    assert page.evaluate("() => document.activeElement.textContent") == "By rank"
    controls.get_by_role("button", name="By suit").click()
    assert _shown(group) == before


def test_the_trainers_hand_sorts_by_rank_or_suit(page: Any) -> None:
    panel = open_with(page, kept(HAND))
    group = panel.get_by_role("group", name="Your hand", exact=True)
    group.get_by_role("button").first.wait_for()
    _check_sorting(page, panel.get_by_role("group", name="Sort the cards"), group)
    # a card placed in a round stays placed whatever the order
    group.get_by_role("button", name=re.compile(": Ace of spades")).click()
    panel.get_by_role("button", name="By rank").click()
    assert group.get_by_role("button", name=re.compile(": Ace of spades")).is_disabled()


def test_the_continental_hand_sorts_by_rank_or_suit(page: Any) -> None:
    panel = start_game(page)
    group = panel.get_by_role("list", name="Your hand: select cards")
    group.get_by_role("button").first.wait_for()
    _check_sorting(page, panel.get_by_role("group", name="Sort the cards"), group)
