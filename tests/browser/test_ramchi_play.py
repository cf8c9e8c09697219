"""Play Ramchi, clicked through as a person would: a 2-hand game against two greedy bots."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.browser.a11y import accessibility_violations
from tests.browser.conftest import screenshot
from tests.browser.test_continental_play import open_in_the_referee_tab
from tests.browser.test_ramchi_trainer import _stub_missing_tools, combinations

RANKS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def name(code: str) -> str:
    """The end of a hand card button's accessible name ("K♠: King of spades")."""
    return f": {RANKS.get(code[0], code[0])} of {SUITS[code[1]]}"


def settle(page: Any) -> None:
    page.wait_for_function("() => !document.getElementById('ramchi-play').hasAttribute('aria-busy')")


SEEDS = {16: 2, 7: 1}
"""Deals (the page sends no seed: the test adds one to the creating request) where you hold the
2♦ in hand 1, and the number of hands you arrange: with seed 7, hand 2 ends at once on a bot's
four of a kind."""


def open_tool(page: Any, seed: int) -> Any:
    def seeded(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        body = json.loads(route.request.post_data)
        route.continue_(post_data=json.dumps({**body, "seed": seed}))

    page.route("**/web/*.js", _stub_missing_tools)
    page.route("**/v1/games", seeded)
    page.goto("/#ramchi-play")
    panel = page.get_by_role("tabpanel", name="Play Ramchi")
    panel.get_by_role("heading", name="Play Ramchi").wait_for()
    return panel


@pytest.mark.parametrize("seed", list(SEEDS))
def test_play_a_two_hand_game_against_greedy_bots(page: Any, seed: int) -> None:
    panel = open_tool(page, seed)
    panel.get_by_label("Your name").fill("Asha")
    panel.get_by_label("Bot 1").select_option("greedy")
    panel.get_by_label("Bot 2").select_option("greedy")
    panel.get_by_label("Hands (1–10)").fill("2")
    with page.expect_response(lambda r: r.url.endswith("/v1/games") and r.request.method == "POST") as made:
        panel.get_by_role("button", name="Start game").click()
    game_id = made.value.json()["id"]

    exchange = panel.get_by_role("button", name="Exchange", exact=True)
    play = panel.get_by_role("button", name="Play", exact=True)
    next_round = panel.get_by_role("button", name="Next round")
    carry_on = panel.get_by_role("button", name=re.compile("^(Continue|See the game review)$"))
    review = panel.get_by_role("table", name="Your decisions")
    played = rounds_seen = reviews_seen = exchanged = fours = 0
    for _ in range(40):
        exchange.or_(play).or_(next_round).or_(carry_on).or_(review).first.wait_for()
        settle(page)
        if review.is_visible():
            break
        if exchange.is_visible():
            assert panel.get_by_role("button", name="Keep").is_visible()
            exchange.click()  # take the up-card for the 2♦
            exchanged += 1
        elif play.is_visible():
            assert "Up-card" in panel.locator("#ramchi-play-up").inner_text()
            assert f"Game id: {game_id}" in panel.locator("#ramchi-play-game-id").inner_text()
            hand_group = panel.get_by_role("group", name="Your hand", exact=True)
            hand = [b.get_attribute("data-card") for b in hand_group.get_by_role("button").all()]
            assert len(hand) == 17
            for combo in combinations(hand, 5):
                for code in combo:
                    hand_group.get_by_role("button", name=name(code)).click()
            assert panel.get_by_role("group", name="Round 1 cards").get_by_role("button").count() == 3
            play.click()
            played += 1
        elif next_round.is_visible():
            next_round.click()
            rounds_seen += 1
        else:
            result = panel.locator("#ramchi-play-result")
            assert "Chips this hand" in result.inner_text()
            fours += "holds four of a kind" in result.inner_text()
            hindsight = result.locator("#ramchi-play-hindsight")
            if hindsight.count():
                hindsight.get_by_role("list", name="Best lineup in hindsight").wait_for()
                assert "Hindsight review" in hindsight.inner_text()
                assert result.locator("#ramchi-play-verdict").inner_text().startswith("Your verdict:")
                reviews_seen += 1
                if reviews_seen == 1:
                    assert not accessibility_violations(page, context="#ramchi-play")
                    screenshot(page, f"ramchi-play-hand-{seed}")
            carry_on.click()
    assert review.is_visible(), "the game ended with a review"
    arranged = SEEDS[seed]
    assert (exchanged, played, rounds_seen, reviews_seen) == (1, arranged, 5 * arranged, arranged)
    assert fours == 2 - arranged
    rows = review.get_by_role("row").all()
    assert len(rows) == 2 + 3  # header, one row per hand (a four of a kind's too), average, total
    average = panel.locator("#ramchi-play-total-lost").inner_text()
    assert re.match(r"^\d+\.\d\d$", average)
    # the average row is the mean of the hands' chips lost, the total has a row of its own
    lost = [float(text) for text in review.locator("tr td:nth-child(4)").all_inner_texts()
            if re.match(r"^\d+\.\d\d$", text)]
    assert len(lost) == arranged
    assert abs(float(average) - sum(lost) / len(lost)) < 0.006
    assert abs(float(panel.locator("#ramchi-play-all-lost").inner_text()) - sum(lost)) < 0.006
    assert "Chips lost in all" in review.inner_text()
    assert any(word in review.inner_text() for word in ("Best", "Inaccuracy", "Mistake", "Blunder"))
    assert panel.get_by_role("table", name="Chips").is_visible()
    assert not accessibility_violations(page, context="#ramchi-play")
    if seed == 16:
        screenshot(page, "ramchi-review")

    page.set_viewport_size({"width": 390, "height": 844})
    width = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], width
    # at game over the game's id is shown, and its button judges the game in the Referee tab
    open_in_the_referee_tab(page, panel, game_id)
