"""Play Ramchi as a player reads it (issue 22): every hand's result is shown, four of a kind in
words; "you" is addressed as "you"; the bots are named by how they play; each hand's review says
why a lineup cost chips; any finished hand can be replayed round by round.
"""

from __future__ import annotations

import re
from typing import Any

from tests.browser.a11y import accessibility_violations, describe
from tests.browser.conftest import screenshot
from tests.browser.test_ramchi_play import SEEDS, name, open_tool, settle
from tests.browser.test_ramchi_trainer import combinations

FOURS_AT_ONCE = 38
"""A seed whose two hands both end at once on a bot's four of a kind (greedy bots; your seat 0
holds no 2♦): Bot 2's four Sixes (hand 1), then Bot 1's four of a kind (hand 2). The game is over
before you act."""

ARRANGED = 16
"""A seed (from test_ramchi_play) where you exchange the 2♦ in hand 1 and arrange both hands."""

JARGON = ("±", "standard error", "runner-up", "objective", "mixture", "Seat 0", "(you)",
          "You deals", "You holds", "You wins", "greedy /", "EV lost")
"""What the tab must never show by default (statisticians' words, code names, bad grammar)."""


def start(panel: Any, bots: tuple[str, str] = ("greedy", "greedy"), hands: int = 2) -> None:
    """Start a game with the default name ("You") against the given bots."""
    panel.get_by_label("Bot 1").select_option(bots[0])
    panel.get_by_label("Bot 2").select_option(bots[1])
    panel.get_by_label("Hands (1–10)").fill(str(hands))
    panel.get_by_role("button", name="Start game").click()


def shown_text(panel: Any) -> str:
    """What a player reads of the tab now (closed <details> keep their details out of it)."""
    return panel.inner_text()


def assert_plain(panel: Any) -> None:
    text = shown_text(panel)
    found = [word for word in JARGON if word.lower() in text.lower()]
    assert not found, f"the tab shows {found}: {text}"


def carry_on(panel: Any) -> Any:
    return panel.get_by_role("button", name=re.compile("^(Continue|See the game review)$"))


def test_a_game_over_at_once_on_four_of_a_kind_shows_each_hand_and_reviews_both(page: Any) -> None:
    panel = open_tool(page, FOURS_AT_ONCE)
    start(panel)
    result = panel.locator("#ramchi-play-result")
    heading = panel.get_by_role("heading", name=re.compile(r"^Hand 1: "))
    heading.wait_for()
    settle(page)
    assert heading.inner_text() == "Hand 1: Bot 2 has four of a kind"
    text = result.inner_text()
    assert re.search(r"Bot 2 holds four of a kind \((6[♠♥♦♣] ?){4}\)", text), text
    assert "The hand is not played: Bot 2 takes 4 chips from you and 4 from Bot 1." in text
    assert "Chips this hand: you −4, Bot 1 −4, Bot 2 +8." in text
    assert "Game started against two greedy players." in panel.inner_text()
    assert_plain(panel)
    assert not accessibility_violations(page, context="#ramchi-play")
    carry_on(panel).click()

    second = panel.get_by_role("heading", name=re.compile(r"^Hand 2: "))
    second.wait_for()
    assert second.inner_text() == "Hand 2: Bot 1 has four of a kind"
    assert "Totals: you −8, Bot 1 +4, Bot 2 +4." in result.inner_text()
    panel.get_by_role("button", name="See the game review").click()

    review = panel.get_by_role("table", name="Your decisions")
    review.wait_for()
    rows = review.get_by_role("row").all()
    assert len(rows) == 2 + 3  # header, one row per hand, the average, the total
    assert "Bot 2 had four of a kind" in rows[1].inner_text()
    assert "Bot 1 had four of a kind" in rows[2].inner_text()
    assert "−4" in rows[1].inner_text() and "−4" in rows[2].inner_text()
    assert_plain(panel)
    assert not (violations := accessibility_violations(page, context="#ramchi-play")), describe(violations)
    screenshot(page, "ramchi-play-fours-at-once")


def play_through(page: Any, panel: Any, on_result: Any = None, made: int = 5) -> None:
    """Play the game to its review: exchange, arrange the strongest ``made`` combinations, reveal
    every round; ``on_result(result)`` is called on each hand's result once it is reviewed."""
    exchange = panel.get_by_role("button", name="Exchange", exact=True)
    play = panel.get_by_role("button", name="Play", exact=True)
    next_round = panel.get_by_role("button", name="Next round")
    review = panel.get_by_role("table", name="Your decisions")
    for _ in range(40):
        exchange.or_(play).or_(next_round).or_(carry_on(panel)).or_(review).first.wait_for()
        settle(page)
        if review.is_visible():
            return
        if exchange.is_visible():
            exchange.click()
        elif play.is_visible():
            hand_group = panel.get_by_role("group", name="Your hand", exact=True)
            hand = [b.get_attribute("data-card") for b in hand_group.get_by_role("button").all()]
            for combo in combinations(hand, 5)[:made]:
                for code in combo:
                    hand_group.get_by_role("button", name=name(code)).click()
            play.click()
        elif next_round.is_visible():
            next_round.click()
        else:
            result = panel.locator("#ramchi-play-result")
            if result.locator("#ramchi-play-hindsight").count():
                result.get_by_role("list", name="Best lineup in hindsight").wait_for()
                if on_result:
                    on_result(result)
            carry_on(panel).click()
    raise AssertionError("the game did not reach its review")


def test_playing_a_hand_reads_you_and_bots_in_words(page: Any) -> None:
    assert SEEDS[ARRANGED] == 2
    panel = open_tool(page, ARRANGED)
    start(panel, bots=("ev", "greedy"))
    panel.get_by_role("heading", name=re.compile(r"^Hand 1 of 2")).wait_for(timeout=60_000)
    settle(page)
    text = panel.inner_text()
    assert "Game started against an expected-chips player and a greedy player." in text
    chips = panel.get_by_role("table", name="Chips")
    assert chips.get_by_role("rowheader").all_inner_texts() == [
        "You", "Bot 1 (an expected-chips player)", "Bot 2 (a greedy player)"]
    assert re.search(r"(You deal|Bot [12] deals)\.", panel.locator("#ramchi-play-up").inner_text())
    assert [o.strip() for o in panel.get_by_label("Bot 1").locator("option").all_inner_texts()] == [
        "a greedy player", "a cautious player", "an expected-chips player"]
    assert_plain(panel)
    seen: list[str] = []
    play_through(page, panel, lambda result: seen.append(result.inner_text()))
    assert len(seen) == 2
    for text in seen:
        assert re.search(r"Round 1: (You win|Bot [12] wins)", text), text
        assert re.search(r"\bYou: ", text), text
        assert "Your verdict: " in text
    assert_plain(panel)


def test_a_hand_review_says_why_a_lineup_cost_chips_round_by_round(page: Any) -> None:
    panel = open_tool(page, ARRANGED)
    start(panel)
    reviews: list[dict[str, Any]] = []

    def read(result: Any) -> None:
        why = result.locator("#ramchi-play-why")
        chances = result.get_by_role("table", name="Win chances, round by round")
        details = result.locator("details", has_text="How sure is this?")
        reviews.append({"why": why.inner_text(), "rows": chances.get_by_role("row").all_inner_texts(),
                        "details_open": details.get_attribute("open"), "text": result.inner_text(),
                        "lost": result.get_by_role("list", name="The rounds you lost").count()})
        if len(reviews) == 1:
            violations = accessibility_violations(page, context="#ramchi-play")
            assert not violations, describe(violations)
            screenshot(page, "ramchi-play-why")

    play_through(page, panel, read, made=4)  # one combination short each hand
    assert len(reviews) == 2
    for review in reviews:
        assert "What the best lineup did differently" in review["why"], review["why"]
        assert re.search(r"You made 4 combinations; .+ was a fifth\.", review["why"]), review["why"]
        assert len(review["rows"]) == 1 + 5  # header, rounds 1-5
        assert re.search(r"\d+(\.\d)?%", review["rows"][1]), review["rows"]
        assert "no combination" in review["rows"][5]  # your round 5: none
        assert review["details_open"] is None  # the sampling's precision stays folded away
        text = review["text"]
        assert "standard error" not in text.lower() and "±" not in text
        if review["lost"]:
            assert re.search(r"Round \d: (your .+ lost to (Bot [12]'s) .+|you had no combination left; "
                             r"Bot [12] won with .+)\.", text), text
    assert any(review["lost"] for review in reviews)
